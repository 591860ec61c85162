"""The demo loop's clock: which vignette, which part of it, and what game time to show.

A vignette plays as three phases of wall-clock time::

    title card  (title_s; the scene frozen at from_s behind the card)
    fight       (to_s - from_s; game time from_s..to_s at 1x)
    key moment  ((replay_to_s - replay_from_s) / replay_speed; that stretch again, slowed)

then the next vignette, round and round.  Any key or click hands control to the viewer: the
loop stops and the viewer drives the replay of the vignette on screen.  After ``idle_s``
without input the loop resumes at the next vignette's title card (a fresh story for whoever
walks up next).

:class:`DemoDirector` is a pure state machine stepped by wall-clock time; it never reads a
clock, so a recording made from it is the same every time.  No Panda3D here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from models.playlist import Vignette

Phase = Literal["title", "fight", "replay"]
Mode = Literal["attract", "viewer"]

DEFAULT_IDLE_S: Final = 30.0
"""Seconds without a key or click before the loop takes the screen back."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One phase of a vignette: its wall-clock length and the game time it shows."""

    phase: Phase
    length_s: float
    t_from_s: float
    """Game time at the start of the phase."""
    speed: float
    """Game seconds per wall-clock second (0: the title card's frozen frame)."""

    def t_at(self, elapsed_s: float) -> float:
        return self.t_from_s + self.speed * elapsed_s


def vignette_segments(vignette: Vignette) -> tuple[Segment, Segment, Segment]:
    """The title card, the fight and the key moment of a vignette, in order."""
    replay_s = (vignette.replay_to_s - vignette.replay_from_s) / vignette.replay_speed
    return (
        Segment("title", vignette.title_s, vignette.from_s, 0.0),
        Segment("fight", vignette.to_s - vignette.from_s, vignette.from_s, 1.0),
        Segment("replay", replay_s, vignette.replay_from_s, vignette.replay_speed),
    )


@dataclass(frozen=True, slots=True)
class Cue:
    """What the screen shows now: the director's answer for one frame."""

    mode: Mode
    vignette: int
    """Index into the playlist's vignettes."""
    phase: Phase
    phase_elapsed_s: float
    phase_length_s: float
    t_s: float
    """Game time to draw (in viewer mode: where the viewer took over)."""
    speed: float
    vignette_elapsed_s: float
    vignette_length_s: float
    resume_in_s: float = 0.0
    """Viewer mode: seconds left before the loop takes the screen back."""

    @property
    def vignette_fraction(self) -> float:
        """How much of the vignette has played, 0 to 1."""
        return min(1.0, self.vignette_elapsed_s / max(self.vignette_length_s, 1e-9))


class DemoDirector:
    """The attract loop over a playlist's vignettes, and the viewer's takeover.

    ``advance(dt)`` moves the loop on by wall-clock seconds and returns the :class:`Cue`
    for the frame; ``user_input()`` reports a key or click.  ``loops`` counts completed
    passes through the playlist and ``vignettes_started`` every vignette begun (both for
    the soak test and the recording's report).
    """

    def __init__(self, vignettes: Sequence[Vignette], idle_s: float = DEFAULT_IDLE_S) -> None:
        if not vignettes:
            raise ValueError("a demo needs at least one vignette")
        if not math.isfinite(idle_s) or idle_s <= 0:
            raise ValueError(f"the idle timeout must be a positive number of seconds, not {idle_s}")
        self.vignettes = tuple(vignettes)
        self.idle_s = float(idle_s)
        self._segments = tuple(vignette_segments(v) for v in self.vignettes)
        self.mode: Mode = "attract"
        self.vignette = 0
        self._phase = 0
        self._elapsed_s = 0.0
        self._idle_elapsed_s = 0.0
        self._viewer_t_s = 0.0
        self.loops = 0
        self.vignettes_started = 1

    # -- the loop ------------------------------------------------------------------------
    def advance(self, wall_dt_s: float) -> Cue:
        """Move on ``wall_dt_s`` seconds of wall-clock time; the cue for the new moment.

        A long step (a slow frame) carries over into the following phases, so the loop
        keeps time however unevenly it is stepped.
        """
        if not math.isfinite(wall_dt_s) or wall_dt_s < 0:
            raise ValueError(f"wall-clock steps are 0 or more seconds, not {wall_dt_s}")
        if self.mode == "viewer":
            self._idle_elapsed_s += wall_dt_s
            if self._idle_elapsed_s >= self.idle_s:
                self.resume()
            return self.cue
        self._elapsed_s += wall_dt_s
        while self._elapsed_s >= self._segment.length_s:
            self._elapsed_s -= self._segment.length_s
            self._next_phase()
        return self.cue

    def _next_phase(self) -> None:
        self._phase += 1
        if self._phase == len(self._segments[self.vignette]):
            self._start_vignette(self.vignette + 1)

    def _start_vignette(self, index: int) -> None:
        if index >= len(self.vignettes):
            self.loops += 1
        self.vignette = index % len(self.vignettes)
        self._phase = 0
        self.vignettes_started += 1

    @property
    def _segment(self) -> Segment:
        return self._segments[self.vignette][self._phase]

    # -- the viewer ----------------------------------------------------------------------
    def user_input(self) -> None:
        """A key or click: the viewer takes control (or keeps it, resetting the idle time)."""
        if self.mode == "attract":
            self._viewer_t_s = self.cue.t_s
            self.mode = "viewer"
        self._idle_elapsed_s = 0.0

    def resume(self) -> None:
        """Back to the loop, at the title card of the vignette after the viewer's."""
        self.mode = "attract"
        self._idle_elapsed_s = 0.0
        self._elapsed_s = 0.0
        self._start_vignette(self.vignette + 1)

    # -- reading -------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._segment.phase

    @property
    def cue(self) -> Cue:
        """The cue for the present moment."""
        segments = self._segments[self.vignette]
        segment = segments[self._phase]
        before = sum(s.length_s for s in segments[: self._phase])
        total = sum(s.length_s for s in segments)
        viewer = self.mode == "viewer"
        return Cue(
            mode=self.mode,
            vignette=self.vignette,
            phase=segment.phase,
            phase_elapsed_s=self._elapsed_s,
            phase_length_s=segment.length_s,
            t_s=self._viewer_t_s if viewer else segment.t_at(self._elapsed_s),
            speed=segment.speed,
            vignette_elapsed_s=before + self._elapsed_s,
            vignette_length_s=total,
            resume_in_s=self.idle_s - self._idle_elapsed_s if viewer else 0.0,
        )

    def segments(self, index: int) -> tuple[Segment, ...]:
        """The phases of vignette ``index``."""
        return self._segments[index]

    def loop_length_s(self) -> float:
        """One pass through the playlist, seconds."""
        return sum(s.length_s for segments in self._segments for s in segments)
