"""The game clock ("TURN 7 ∙ TICK 3/10 ∙ 38.4 s", in the rules' own words for a turn
and its steps: "ROUND 3 ∙ TICK 4/10", "TURN 2 ∙ IMPULSE 7/10") and the event ticker.

The ticker lists the snapshot's recent events, newest at the bottom, each line fading as it
ages.  Text is only regenerated when what it says changes; fading is a colour scale.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from panda3d.core import NodePath

from models.timeline import Event, TimelineMeta
from sim.events import callsigns, event_words, notable
from sim.snapshot import Snapshot
from sim.view.hud.panels import (
    BACKING,
    TEXT_SMALL,
    TEXT_VALUE,
    Label,
    clip,
    hud_font,
    make_root,
)

SEPARATOR = " \u2219 "
"""A bullet between the clock's fields (the default font has no middle dot)."""
FADE_S = 6.0
"""Age at which an event line reaches its faintest."""
FADE_MIN = 0.35
TICKER_CHARS = 66
TICKER_ROWS = 6
"""The most rows the ticker's events take together: the longest event seen (142
characters) wraps onto three rows at 66 characters a row and onto five at 36."""
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


@dataclass(frozen=True, slots=True)
class ClockWords:
    """What the rules call a turn and one of its ticks (a timeline's ``turn_word`` and
    ``substep_word``), as the clock writes them."""

    turn: str = "turn"
    substep: str = "tick"

    @classmethod
    def of(cls, meta: TimelineMeta) -> ClockWords:
        return cls(meta.clock_turn_word or meta.turn_word or "turn", meta.substep_word or "tick")

    def widest(self, ticks_per_turn: int = 10) -> str:
        """The widest clock text of a replay of fewer than 100 turns and 1,000 s."""
        return self.text(88, ticks_per_turn, ticks_per_turn, 888.8)

    def text(self, turn: int, tick: int, ticks_per_turn: int, t_s: float) -> str:
        return (
            f"{self.turn.upper()} {turn}{SEPARATOR}{self.substep.upper()} {tick}/{ticks_per_turn}"
            f"{SEPARATOR}{t_s:.1f} s"
        )


def clock_text(snapshot: Snapshot, words: ClockWords | None = None) -> str:
    """The clock's text at the snapshot: the turn, the tick within it and the time."""
    turn, tick = turn_and_tick(snapshot.t_s, snapshot.tick_s, snapshot.ticks_per_turn)
    return (words or ClockWords()).text(turn, tick, snapshot.ticks_per_turn, snapshot.t_s)


def event_text(
    event: Event, chars: int | None = None, names: Mapping[str, str] | None = None
) -> str:
    """An event's ticker text: its time and what happened, whole (or cut to ``chars``),
    the entities it names called by their callsigns in ``names``."""
    text = f"{event.t_s:.1f} s  {event_words(event, names)}"
    return text if chars is None else clip(text, chars)


def _with_card(label: Label) -> Label:
    label.text_node.setCardColor(*BACKING)
    label.text_node.setCardAsMargin(0.45, 0.45, 0.22, 0.12)
    label.text_node.setCardDecal(True)
    return label


class GameClock:
    """Turn, tick within the turn and playback time, centred on its origin, in ``words``."""

    def __init__(self, parent: NodePath, words: ClockWords | None = None) -> None:
        self.words = words or ClockWords()
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
            self.label.set(clock_text(snapshot, self.words))

    def destroy(self) -> None:
        self.root.removeNode()


class EventTicker:
    """The last few events above the origin (its bottom-left), newest lowest.

    An event too long for the ticker's width wraps onto further rows at a space, so every
    fact is read whole; the ticker holds at most ``rows`` rows, the newest events first (an
    older event that no longer fits whole is left out, not cut).  Only an event longer than
    all the rows together loses its end, at a word, with an ellipsis.
    """

    def __init__(
        self,
        parent: NodePath,
        lines: int = 4,
        align: str = "left",
        chars: int = TICKER_CHARS,
        rows: int = TICKER_ROWS,
    ) -> None:
        self.root = make_root(parent, "hud-ticker")
        self.chars = chars
        """Rows wrap at this many of the widest characters (:attr:`width`)."""
        self.rows = rows
        """The most rows the events take together."""
        self.row_step = TEXT_SMALL * float(hud_font().getLineHeight())
        self.step = TEXT_SMALL * 1.45
        """From one event's last row to the next event's first."""
        self.lines = [
            _with_card(Label(self.root, f"event-{i}", "", align=align)) for i in range(lines)
        ]
        for line in self.lines:
            line.text_node.setWordwrap(self.width / TEXT_SMALL)
            line.node.hide()
        self._events: tuple[Event, ...] | None = None
        self._shown_events: tuple[Event, ...] = ()
        self._alpha: list[float] = [1.0] * lines
        self._names: dict[str, str] = {}
        """Callsigns by entity id, for the events' words."""

    def set_chars(self, chars: int) -> None:
        """Wrap rows at ``chars`` characters from the next update on."""
        if chars != self.chars:
            self.chars = chars
            for line in self.lines:
                line.text_node.setWordwrap(self.width / TEXT_SMALL)
            self._events = None  # lay the lines out again

    def set_rows(self, rows: int) -> None:
        """Let the events take at most ``rows`` rows from the next update on."""
        rows = max(rows, 1)
        if rows != self.rows:
            self.rows = rows
            self._events = None

    @property
    def width(self) -> float:
        """The widest a row can be, in the ticker's own units."""
        return self.chars * TICKER_EM

    @property
    def height(self) -> float:
        """The tallest the ticker can be (``rows`` rows and the gaps between events), in
        its own units, from its origin (the newest row's baseline) up, plus the descent."""
        return self.rows * self.row_step + (len(self.lines) - 1) * (self.step - self.row_step)

    @property
    def texts(self) -> list[str]:
        """The events shown, each whole, newest last."""
        shown = [line.text for line in self.lines if not line.node.isHidden()]
        return shown[::-1]

    def row_count(self, index: int) -> int:
        """How many rows the ``index``-th event shown (0 the newest) takes."""
        return int(self.lines[index].text_node.getNumRows())

    def update(self, snapshot: Snapshot) -> None:
        self._names = callsigns(snapshot.entities)
        shown = tuple(e for e in snapshot.recent_events if notable(e))
        events = shown[-len(self.lines) :]
        if events is not self._events and events != self._events:
            self._events = events
            self._lay_out(events[::-1])
        events = self._shown_events
        count = len(events)
        for i in range(count):
            age = snapshot.t_s - events[i].t_s
            alpha = round(max(FADE_MIN, 1.0 - (1.0 - FADE_MIN) * age / FADE_S), 2)
            if alpha != self._alpha[i]:
                self._alpha[i] = alpha
                self.lines[i].node.setAlphaScale(alpha)

    def _lay_out(self, newest_first: tuple[Event, ...]) -> None:
        """Write the events newest first from the bottom up while their rows fit."""
        used, z = 0, 0.0
        placed: list[Event] = []
        for line, event in zip(self.lines, newest_first, strict=False):
            text = event_text(event, names=self._names)
            line.set(text)
            rows = int(line.text_node.getNumRows())
            if used + rows > self.rows:
                if placed:
                    break  # an older event that does not fit whole is left out
                line.set(self._cut_to_rows(line, text))
                rows = int(line.text_node.getNumRows())
            # The origin is the first row's baseline; the rows run down from it.
            line.node.setPos(0.0, 0.0, z + (rows - 1) * self.row_step)
            line.node.show()
            z += (rows - 1) * self.row_step + self.step
            used += rows
            placed.append(event)
        for line in self.lines[len(placed) :]:
            line.node.hide()
        self._shown_events = tuple(placed)
        self._alpha = [-1.0] * len(self.lines)  # set every shown line's fade again

    def _cut_to_rows(self, line: Label, text: str) -> str:
        """``text`` cut at a word, with an ellipsis, to fit the ticker's rows."""
        words = text.split(" ")
        while len(words) > 1:
            words.pop()
            line.set(" ".join(words) + " …")
            if line.text_node.getNumRows() <= self.rows:
                return " ".join(words) + " …"
        return words[0]

    def destroy(self) -> None:
        self.root.removeNode()
