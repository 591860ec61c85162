"""A timeline that grows while the engine plays: the replay starts before the game ends.

The engine runs far faster than real time, so ``furball play <scenario>`` need not wait for
the whole game: :func:`stream_scenario` plays it in a background thread and publishes the
timeline after every game-turn (the starting positions first) to a :class:`GrowingTimeline`.
The viewer stays passive: once a frame it asks :meth:`GrowingTimeline.latest` for what has
been published and hands anything newer to its playback (:meth:`sim.playback.Playback.extend`),
whose clock never runs past the published end.  Every published timeline is a prefix of the
final one, and the final one is the very timeline ``furball run`` writes (the engine builds
both with the same code, the rule set's ``Game.run``).

A failing game-turn in the background is kept as the one-line message the command line
shows for a bad scenario (naming the file and the rule); the window reads it and closes.
"""

from __future__ import annotations

import inspect
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from models.timeline import Timeline
from sim.main_thread_gc import hold_collection, release_collection, settle_collection


@dataclass(frozen=True)
class Published:
    """What the engine has published: the timeline so far and whether the game is over."""

    timeline: Timeline
    complete: bool
    version: int
    """Counts publications: a newer one has a higher version."""


class GrowingTimeline:
    """The timeline published so far, safe to read from one thread while another appends.

    Each publication is an immutable :class:`~models.timeline.Timeline`; the holder only
    swaps which one is the latest, so a reader never sees half a game-turn.
    """

    def __init__(self, timeline: Timeline | None = None, complete: bool = False) -> None:
        self._changed = threading.Condition()
        self._published: Published | None = None
        self._error: str | None = None
        if timeline is not None:
            self.publish(timeline, complete)

    def publish(self, timeline: Timeline, complete: bool = False) -> None:
        """Make ``timeline`` the latest (it must extend the one before)."""
        with self._changed:
            previous = self._published
            if previous is not None and previous.complete:
                raise ValueError("the timeline is complete: nothing more can be published")
            if previous is not None and timeline.ticks < previous.timeline.ticks:
                raise ValueError(
                    f"a published timeline only grows: {timeline.ticks} ticks after "
                    f"{previous.timeline.ticks}"
                )
            version = 1 if previous is None else previous.version + 1
            self._published = Published(timeline, complete, version)
            self._changed.notify_all()

    def finish(self, timeline: Timeline | None = None) -> None:
        """The game is over: ``timeline`` (or the latest) is the final one."""
        if timeline is None:
            latest = self.latest()
            if latest is None:
                raise ValueError("nothing was published")
            timeline = latest.timeline
        self.publish(timeline, complete=True)

    def fail(self, message: str) -> None:
        """The engine stopped with an error: ``message`` is what the user is told."""
        with self._changed:
            self._error = message
            self._changed.notify_all()

    def latest(self) -> Published | None:
        """The latest publication, or None before the first."""
        with self._changed:
            return self._published

    @property
    def error(self) -> str | None:
        """The engine's error message, once it has failed."""
        with self._changed:
            return self._error

    @property
    def complete(self) -> bool:
        latest = self.latest()
        return latest is not None and latest.complete

    def wait(self, timeout_s: float | None = None) -> bool:
        """Block until the game is over or has failed; False on timeout."""
        with self._changed:
            return self._changed.wait_for(
                lambda: (
                    self._error is not None
                    or (self._published is not None and self._published.complete)
                ),
                timeout_s,
            )

    def wait_for(self, min_ticks: int = 1, timeout_s: float | None = None) -> Published | None:
        """Block until a publication of ``min_ticks`` ticks or more (or the whole game) is
        out, or the engine fails, or the timeout: the latest publication then, or None."""

        def ready() -> bool:
            latest = self._published
            return self._error is not None or (
                latest is not None and (latest.complete or latest.timeline.ticks >= min_ticks)
            )

        with self._changed:
            self._changed.wait_for(ready, timeout_s)
            return self._published


class EngineThread:
    """Plays a game in a background thread, publishing every game-turn to ``growing``.

    The engine and the viewer share one interpreter lock, so an engine playing flat out
    halves the viewer's frame rate.  Two controls keep it out of the way:

    * ``hold_after``: once it has published that many ticks the engine waits for
      :meth:`resume` (the viewer builds its scene, a second of Python work, meanwhile);
    * :meth:`want_until`: the viewer says how far into the replay it wants the timeline;
      the engine plays on only while it has published less than that.  ``None`` (the
      default) lets it play flat out.
    """

    def __init__(
        self, path: Path, game: Any, turns: int | None = None, hold_after: int | None = None
    ) -> None:
        self.path = path
        self.game = game
        self.turns = turns
        self.hold_after = hold_after
        self.growing = GrowingTimeline()
        self._pace = threading.Condition()
        self._held = hold_after is not None
        self._want_s: float | None = None
        self._thread = threading.Thread(target=self._play, name="furball-engine", daemon=True)

    def start(self) -> EngineThread:
        hold_collection()
        try:
            self._thread.start()
        except BaseException:
            release_collection()
            raise
        return self

    def resume(self) -> None:
        """Let a held engine play on."""
        with self._pace:
            self._held = False
            self._pace.notify_all()

    def want_until(self, t_s: float | None) -> None:
        """Play on until the timeline reaches ``t_s`` (None: to the end, flat out)."""
        with self._pace:
            if t_s != self._want_s:
                self._want_s = t_s
                self._pace.notify_all()

    def join(self, timeout_s: float | None = None) -> None:
        self._thread.join(timeout_s)
        settle_collection()

    def _publish(self, timeline: Timeline) -> None:
        self.growing.publish(timeline)
        end_s = float(timeline.t_s[-1])
        held_now = self.hold_after is not None and timeline.ticks >= self.hold_after

        def may_play() -> bool:
            if self._held and held_now:
                return False
            return self._want_s is None or self._want_s > end_s

        with self._pace:
            self._pace.wait_for(may_play)

    def _play(self) -> None:
        try:
            self._play_game()
        finally:
            release_collection()

    def _play_game(self) -> None:
        growing = self.growing
        try:
            final = self.game.run(self.turns, published=self._publish)
        except ValueError as error:  # an illegal order, a rules check: the user's to fix
            growing.fail(f"{self.path}: {error}")
            return
        except Exception as error:  # any other failure: one line too, never a traceback
            growing.fail(f"{self.path}: the engine stopped: {type(error).__name__}: {error}")
            return
        growing.finish(final)


def stream_scenario(
    text: str, seed: int | None = None, turns: int | None = None, hold_after: int | None = None
) -> EngineThread | None:
    """Start playing a scenario in the background; None for a game log, or a rule set
    whose game cannot publish as it plays (those are played whole).

    The scenario is found, read and set up here, in the caller's thread, so a bad file is
    reported before any window opens, as ``furball run`` reports it."""
    from engine import Game
    from engine.errors import ScenarioError
    from engine.rulesets import load_scenario
    from scenarios import find_scenario
    from sim.cli.scenario_cmds import is_log, ticks_per_turn
    from sim.run_budget import check_run

    path = find_scenario(text)
    if is_log(path):
        return None
    scenario = load_scenario(path)
    try:
        game = Game(scenario, seed=seed)
    except ScenarioError as error:
        raise ValueError(f"{path}: {error}") from None
    if "published" not in inspect.signature(game.run).parameters:
        return None
    count = scenario.turns if turns is None else turns
    check_run(len(scenario.aircraft), count, ticks_per_turn(scenario), str(path))
    return EngineThread(path, game, turns, hold_after).start()
