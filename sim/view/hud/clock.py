"""The game clock ("TURN 7 ∙ TICK 3/10 ∙ 38.4 s") and the event ticker.

The ticker lists the snapshot's recent events, newest at the bottom, each line fading as it
ages.  Text is only regenerated when what it says changes; fading is a colour scale.
"""

from __future__ import annotations

import math

from panda3d.core import NodePath

from models.timeline import Event
from sim.events import notable
from sim.snapshot import Snapshot
from sim.view.hud.panels import (
    BACKING,
    TEXT_SMALL,
    TEXT_VALUE,
    Label,
    clip,
    make_root,
)

SEPARATOR = " \u2219 "
"""A bullet between the clock's fields (the default font has no middle dot)."""
FADE_S = 6.0
"""Age at which an event line reaches its faintest."""
FADE_MIN = 0.35
TICKER_CHARS = 66
TICKER_EM = 0.0237
"""Width of a ticker line per character (aspect2d units), the widest seen: over the 515
event lines of five shipped scenarios, 66 characters came to at most 1.56 units."""


def turn_and_tick(t_s: float, tick_s: float, ticks_per_turn: int) -> tuple[int, int]:
    """The game-turn (from 1) and the tick within it (1 to ``ticks_per_turn``) that a
    playback time falls in: tick k of turn n runs from the end of the tick before it up to
    and including its own end, ((n - 1) * ticks_per_turn + k) * tick_s, so a turn's
    boundary belongs to the turn it ends; the very first tick also holds t = 0 (see
    docs/rulings.md, "The replay's game clock")."""
    if tick_s <= 0 or ticks_per_turn <= 0:
        return (1, 1)
    ticks = max(math.ceil(round(t_s / tick_s, 6)), 1)  # the tick in progress, from 1
    turn, tick = divmod(ticks - 1, ticks_per_turn)
    return (turn + 1, tick + 1)


def clock_text(snapshot: Snapshot) -> str:
    turn, tick = turn_and_tick(snapshot.t_s, snapshot.tick_s, snapshot.ticks_per_turn)
    return (
        f"TURN {turn}{SEPARATOR}TICK {tick}/{snapshot.ticks_per_turn}"
        f"{SEPARATOR}{snapshot.t_s:.1f} s"
    )


def event_text(event: Event, chars: int = TICKER_CHARS) -> str:
    what = event.detail or f"{event.kind.replace('_', ' ')} {', '.join(event.entities)}"
    return clip(f"{event.t_s:.1f} s  {what.strip()}", chars)


def _with_card(label: Label) -> Label:
    label.text_node.setCardColor(*BACKING)
    label.text_node.setCardAsMargin(0.45, 0.45, 0.22, 0.12)
    label.text_node.setCardDecal(True)
    return label


class GameClock:
    """Game-turn, tick within the turn and playback time, centred on its origin."""

    def __init__(self, parent: NodePath) -> None:
        self.root = make_root(parent, "hud-clock")
        self.label = _with_card(Label(self.root, "clock", "", scale=TEXT_VALUE, align="center"))
        self._key: tuple[int, int, int, int] | None = None

    @property
    def text(self) -> str:
        return self.label.text

    def update(self, snapshot: Snapshot) -> None:
        turn, tick = turn_and_tick(snapshot.t_s, snapshot.tick_s, snapshot.ticks_per_turn)
        key = (turn, tick, snapshot.ticks_per_turn, round(snapshot.t_s * 10))
        if key != self._key:
            self._key = key
            self.label.set(clock_text(snapshot))

    def destroy(self) -> None:
        self.root.removeNode()


class EventTicker:
    """The last few events as lines above the origin (its bottom-left), newest lowest."""

    def __init__(
        self, parent: NodePath, lines: int = 4, align: str = "left", chars: int = TICKER_CHARS
    ) -> None:
        self.root = make_root(parent, "hud-ticker")
        self.chars = chars
        """Lines are cut to this many characters."""
        self.step = TEXT_SMALL * 1.45
        self.lines = [
            _with_card(Label(self.root, f"event-{i}", "", pos=(0.0, i * self.step), align=align))
            for i in range(lines)
        ]
        for line in self.lines:
            line.node.hide()
        self._events: tuple[Event, ...] | None = None
        self._alpha: list[float] = [1.0] * lines

    def set_chars(self, chars: int) -> None:
        """Cut lines to ``chars`` characters from the next update on."""
        if chars != self.chars:
            self.chars = chars
            self._events = None  # rewrite the lines

    @property
    def width(self) -> float:
        """The widest a line can be, in the ticker's own units."""
        return self.chars * TICKER_EM

    @property
    def texts(self) -> list[str]:
        """The visible lines, newest last."""
        shown = [line.text for line in self.lines if not line.node.isHidden()]
        return shown[::-1]

    def update(self, snapshot: Snapshot) -> None:
        shown = tuple(e for e in snapshot.recent_events if notable(e))
        events = shown[-len(self.lines) :]
        if events is not self._events and events != self._events:
            self._events = events
            newest_first = events[::-1]
            for i, line in enumerate(self.lines):
                if i < len(newest_first):
                    line.set(event_text(newest_first[i], self.chars))
                    line.node.show()
                else:
                    line.node.hide()
        count = len(events)
        for i in range(count):
            age = snapshot.t_s - events[count - 1 - i].t_s
            alpha = round(max(FADE_MIN, 1.0 - (1.0 - FADE_MIN) * age / FADE_S), 2)
            if alpha != self._alpha[i]:
                self._alpha[i] = alpha
                self.lines[i].node.setAlphaScale(alpha)

    def destroy(self) -> None:
        self.root.removeNode()
