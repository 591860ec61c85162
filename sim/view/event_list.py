"""The event list: the replay's notable events in full, a click jumps the replay to one.

Shown with ``j`` over the lower middle of the scene: the events around the playback time
(the last few before it, the next few after), each with its time and its whole text wrapped
onto as many lines as it needs — where the ticker cuts a long line, this shows all of it.
The latest event at or before the playback time is marked.  ``.`` and ``,`` jump to the next
and previous notable moment whether the list shows or not (:func:`next_event_time`).

Which events are notable is the ticker's rule (:func:`sim.events.notable`).
"""

from __future__ import annotations

import bisect
import textwrap
from collections.abc import Iterable, Mapping, Sequence

from panda3d.core import NodePath

from models.timeline import Event
from sim.events import callsigns, event_words, notable
from sim.snapshot import Snapshot
from sim.view.hud.panels import CAPTION, WHITE, Label, backing, make_root
from sim.view.layer import ScreenBox, shown_box
from sim.view.toggleable import Toggleable

ROWS_BEFORE, ROWS_AFTER = 5, 4
"""Events listed before (and at) the playback time, and after it."""
WRAP_CHARS = 78
"""A line of the list holds this many characters before the text wraps."""
TEXT_SCALE = 0.040
LINE_STEP = 0.048
PANEL_WIDTH = 1.90
MAX_LINES = 22
"""The list never grows past this many lines (the oldest events give way)."""
CURRENT = (1.0, 0.85, 0.35, 1.0)
"""The latest event at or before the playback time."""
FUTURE = (0.70, 0.74, 0.80, 1.0)
"""Events still to come are dimmer."""
SAME_TIME_S = 1e-6


def notable_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """The notable events in time order."""
    return tuple(sorted((e for e in events if notable(e)), key=lambda e: e.t_s))


def event_moments(events: Sequence[Event]) -> list[float]:
    """The distinct times of ``events`` (each moment once, however many events share it)."""
    return sorted({float(e.t_s) for e in events})


def next_event_time(moments_s: Sequence[float], t_s: float, step: int) -> float | None:
    """The moment ``step`` moments after ``t_s`` (before it when negative), or None when
    there is none that way.  From exactly on a moment, the next is the one after it."""
    if step > 0:
        index = bisect.bisect_right(moments_s, t_s + SAME_TIME_S) + step - 1
    elif step < 0:
        index = bisect.bisect_left(moments_s, t_s - SAME_TIME_S) + step
    else:
        return None
    return float(moments_s[index]) if 0 <= index < len(moments_s) else None


def event_lines(
    event: Event, chars: int = WRAP_CHARS, names: Mapping[str, str] | None = None
) -> list[str]:
    """An event's time and whole text, wrapped to ``chars`` (continuation lines indented),
    the entities it names called by their callsigns in ``names``."""
    return textwrap.wrap(
        f"{event.t_s:6.1f} s  {event_words(event, names)}",
        width=chars,
        subsequent_indent=" " * 10,
        break_long_words=True,
    ) or [f"{event.t_s:6.1f} s"]


def window_around(events: Sequence[Event], t_s: float) -> tuple[int, int, int]:
    """Indices (first, current, end) of the events to list around ``t_s``: ``current`` is
    the latest at or before it (-1 when none)."""
    times = [e.t_s for e in events]
    current = bisect.bisect_right(times, t_s + SAME_TIME_S) - 1
    first = max(0, current - ROWS_BEFORE + 1)
    end = min(len(events), current + 1 + ROWS_AFTER)
    return first, current, end


class EventList(Toggleable):
    """The event list overlay (hidden until toggled)."""

    def __init__(self, parent: NodePath, events: Iterable[Event] = ()) -> None:
        self.root = make_root(parent, "event-list")
        self.root.setBin("fixed", 25)
        self.events = notable_events(events)
        self.moments_s = event_moments(self.events)
        self._window: tuple[int, int, int] | None = None
        self._lines: list[Label] = []
        self._line_event: list[int] = []
        """The event index of each shown line."""
        self._backing: NodePath | None = None
        self.title = Label(
            self.root, "title", "EVENTS", scale=TEXT_SCALE, colour=CAPTION, pos=(0.04, -0.055)
        )
        self.set_shown(False)

    def set_events(self, events: Iterable[Event]) -> None:
        """List a longer list of events (a replay still being played)."""
        self.events = notable_events(events)
        self.moments_s = event_moments(self.events)
        self._window = None

    def _on_change(self, shown: bool) -> None:
        if shown:
            self._window = None  # redraw on the next update

    def place(self, x: float, bottom: float, scale: float) -> None:
        """Stand the list on (``x`` its centre, ``bottom``) in its parent's units."""
        self._anchor = (x, bottom, scale)
        self.root.setScale(scale)
        self._fit()

    def _fit(self) -> None:
        x, bottom, scale = getattr(self, "_anchor", (0.0, -0.6, 1.0))
        height = 0.09 + LINE_STEP * max(1, len(self._line_event)) + 0.02
        self.root.setPos(x - PANEL_WIDTH * scale / 2, 0, bottom + height * scale)

    def update(self, snapshot: Snapshot) -> None:
        if not self.visible:
            return
        window = window_around(self.events, snapshot.t_s)
        if window == self._window:
            return
        self._window = window
        first, current, end = window
        names = callsigns(snapshot.entities)
        lines: list[tuple[str, int]] = []
        for index in range(first, end):
            words = event_lines(self.events[index], names=names)
            lines += [(text, index) for text in words]
        if len(lines) > MAX_LINES:  # the oldest give way, whole events at a time
            drop = len(lines) - MAX_LINES
            while drop > 0 and lines:
                head = lines[0][1]
                while lines and lines[0][1] == head:
                    lines.pop(0)
                    drop -= 1
        if not lines:
            lines = [("no events in this replay", -1)]
        self._show_lines(lines, current)

    def _show_lines(self, lines: list[tuple[str, int]], current: int) -> None:
        while len(self._lines) < len(lines):
            y = -0.09 - LINE_STEP * (len(self._lines) + 0.7)
            self._lines.append(Label(self.root, "event", "", scale=TEXT_SCALE, pos=(0.04, y)))
        self._line_event = [index for _, index in lines]
        for label, (text, index) in zip(self._lines, lines, strict=False):
            label.set(text)
            label.set_colour(CURRENT if index == current else WHITE if index < current else FUTURE)
            label.node.show()
        for label in self._lines[len(lines) :]:
            label.node.hide()
        if self._backing is not None:
            self._backing.removeNode()
        height = 0.09 + LINE_STEP * len(lines) + 0.02
        self._backing = backing(self.root, "backing", 0.0, -height, PANEL_WIDTH, 0.0)
        self._backing.setBin("fixed", 0)
        self._fit()

    def event_at(self, point_x: float, point_z: float, relative_to: NodePath) -> Event | None:
        """The event whose line is at a point (in ``relative_to``'s units), for a click."""
        if not self.visible or not self._line_event:
            return None
        local = self.root.getRelativePoint(relative_to, (point_x, 0.0, point_z))
        if not 0.0 <= local.x <= PANEL_WIDTH:
            return None
        line = int((-local.z - 0.09) // LINE_STEP)
        if not 0 <= line < len(self._line_event) or self._line_event[line] < 0:
            return None
        return self.events[self._line_event[line]]

    def screen_box(self, relative_to: NodePath) -> ScreenBox | None:
        return shown_box(self.root, relative_to)

    def destroy(self) -> None:
        self.root.removeNode()
        self._lines.clear()
