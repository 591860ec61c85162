"""The shot log in the window: every gunshot and launch, its result and every kill, a click
jumps the replay to one with the camera on it.

Shown with ``o`` in the event list's place over the lower middle of the scene (the two take
turns: showing one hides the other). Up to :data:`ROWS` records, one line each — time,
shooter → target, weapon, range, outcome — the latest at or before the replay clock marked,
and under them the marked record's angles, table and dice. The rows follow the clock; the
mouse wheel over the panel scrolls them (until the marked record changes). The records are
the debrief's shot log (:func:`sim.debrief.shot_log.shot_log`), the same as ``furball shots``.
"""

from __future__ import annotations

import bisect
import math
import textwrap
from collections.abc import Mapping, Sequence

from panda3d.core import NodePath

from models.timeline import Timeline
from sim.debrief.shot_log import ShotRecord, shot_log
from sim.debrief.shot_outcomes import hits, shots
from sim.events import callsigns
from sim.snapshot import Snapshot
from sim.view.hud.panels import CAPTION, WHITE, Label, backing, make_root
from sim.view.layer import ScreenBox, shown_box
from sim.view.toggleable import Toggleable

ROWS = 8
"""Records listed at once."""
DETAIL_LINES = 3
"""Lines under the list for the marked record: angles and range, table, dice."""
ROW_CHARS = 80
NARROW_CHARS = 46
"""A row's characters where the gap beside the PHAD is too narrow for full ones (a tall
window): the range is left out and the rest shortened."""
CHAR_WIDTH = 0.0228
"""One character's width in the panel's units (its full width holds :data:`ROW_CHARS`)."""
TEXT_SCALE = 0.040
LINE_STEP = 0.048
PANEL_WIDTH = 1.90
"""As wide as the event list, whose place it takes."""
TOP_PAD = 0.09
"""From the panel's top to its first row (the title sits there)."""
CURRENT = (1.0, 0.85, 0.35, 1.0)
FUTURE = (0.70, 0.74, 0.80, 1.0)
DETAIL = (0.80, 0.88, 1.0, 1.0)
SAME_TIME_S = 1e-6
LEAD_S = 2.0
"""A click on a record plays from this long before it, so the shot is seen coming."""


def clock_text(t_s: float) -> str:
    """``1:05.4``: minutes and seconds of the replay."""
    minutes, seconds = divmod(max(0.0, t_s), 60.0)
    return f"{int(minutes)}:{seconds:04.1f}"


def row_text(record: ShotRecord, names: Mapping[str, str], chars: int = ROW_CHARS) -> str:
    """One record on one line: time, who at whom, with what, how far (when ``chars``
    leaves room), what came of it."""
    who = names.get(record.shooter, record.shooter) or "?"
    whom = names.get(record.target, record.target) or "?"
    if record.what == "kill":
        body = f"KILL {whom}" + (f" (by {who})" if record.shooter else "")
    else:
        weapon = record.weapon or record.what
        wide = chars >= ROW_CHARS
        distance = f" {record.range_ft:,.0f} ft" if wide and math.isfinite(record.range_ft) else ""
        body = f"{who} → {whom}  {weapon}{distance}: {record.outcome or record.what}"
    line = f"{clock_text(record.t_s):>7}  {body}"
    return line if len(line) <= chars else line[: chars - 1] + "…"


def detail_lines(record: ShotRecord, chars: int = ROW_CHARS) -> list[str]:
    """The marked record's geometry, table and dice, wrapped to at most three lines."""
    parts = []
    if math.isfinite(record.ata_deg) and math.isfinite(record.aa_deg):
        geometry = f"ATA {record.ata_deg:.0f}°, AA {record.aa_deg:.0f}°"
        if math.isfinite(record.range_ft):
            geometry += f" at {record.range_ft:,.0f} ft"
        if record.range_fp is not None:
            geometry += f" ({record.range_fp:g} FP)"
        parts.append(geometry)
    if record.table:
        parts.append(f"table: {record.table}")
    if record.dice:
        parts.append("dice: " + "; ".join(d.text() for d in record.dice))
    if not parts and record.detail:
        parts.append(record.detail)
    text = "  ·  ".join(parts) or record.what
    lines = textwrap.wrap(text, width=chars - 4, subsequent_indent="  ")
    if len(lines) > DETAIL_LINES:
        lines = [*lines[: DETAIL_LINES - 1], lines[DETAIL_LINES - 1][: chars - 6] + " …"]
    return lines


def title_text(records: Sequence[ShotRecord]) -> str:
    fired = len(shots(records))
    landed = len(hits(records))
    kills = sum(1 for r in records if r.what == "kill")
    return f"SHOT LOG  {fired} shots, {landed} hits, {kills} kills"


def first_row(current: int, count: int, scroll: int) -> int:
    """The first record listed: the marked one in view (a little below the top), moved by
    the wheel's ``scroll``, never past either end."""
    first = max(0, current - ROWS // 2 + 1) + scroll
    return max(0, min(first, max(0, count - ROWS)))


class ShotLogPanel(Toggleable):
    """The shot log overlay (hidden until toggled)."""

    def __init__(self, parent: NodePath, timeline: Timeline) -> None:
        self.root = make_root(parent, "shot-log")
        self.root.setBin("fixed", 25)
        self.records: list[ShotRecord] = []
        self.times_s: list[float] = []
        self.scroll = 0
        self.chars = ROW_CHARS
        """Characters a row holds: :data:`ROW_CHARS`, or :data:`NARROW_CHARS` when narrow."""
        self._current = -2
        self._key: tuple[int, ...] | None = None
        self._rows: list[Label] = []
        self._row_record: list[int] = []
        self._details: list[Label] = []
        self._backing: NodePath | None = None
        self.title = Label(
            self.root, "title", "SHOT LOG", scale=TEXT_SCALE, colour=CAPTION, pos=(0.04, -0.055)
        )
        self.set_timeline(timeline)
        self.set_shown(False)

    def set_timeline(self, timeline: Timeline) -> None:
        """Read the records again (a replay still being played grows)."""
        self.records = shot_log(timeline)
        self.times_s = [r.t_s for r in self.records]
        self.title.set(title_text(self.records))
        self._key = None

    def _on_change(self, shown: bool) -> None:
        if shown:
            self._key = None

    @property
    def width(self) -> float:
        """The panel's width in its own units."""
        return PANEL_WIDTH if self.chars >= ROW_CHARS else 0.08 + CHAR_WIDTH * self.chars

    def set_narrow(self, narrow: bool) -> None:
        """Short rows for a narrow gap, full ones otherwise."""
        chars = NARROW_CHARS if narrow else ROW_CHARS
        if chars != self.chars:
            self.chars, self._key = chars, None

    def current_at(self, t_s: float) -> int:
        """The latest record at or before ``t_s`` (-1 before the first)."""
        return bisect.bisect_right(self.times_s, t_s + SAME_TIME_S) - 1

    def scroll_by(self, rows: int) -> None:
        """Move the list by ``rows`` (the mouse wheel over the panel)."""
        self.scroll += rows
        self._key = None

    def place(self, x: float, bottom: float, scale: float) -> None:
        """Stand the panel on (``x`` its centre, ``bottom``) in its parent's units."""
        self._anchor = (x, bottom, scale)
        self.root.setScale(scale)
        self._fit()

    def _lines_shown(self) -> int:
        return max(1, len(self._row_record)) + len(
            [d for d in self._details if not d.node.isHidden()]
        )

    def _fit(self) -> None:
        x, bottom, scale = getattr(self, "_anchor", (0.0, -0.6, 1.0))
        height = TOP_PAD + LINE_STEP * self._lines_shown() + 0.03
        self.root.setPos(x - self.width * scale / 2, 0, bottom + height * scale)

    def update(self, snapshot: Snapshot) -> None:
        if not self.visible:
            return
        current = self.current_at(snapshot.t_s)
        if current != self._current:
            self._current, self.scroll = current, 0  # the wheel's scroll lasts until then
        first = first_row(current, len(self.records), self.scroll)
        self.scroll = first - first_row(current, len(self.records), 0)
        key = (first, current, len(self.records), self.scroll, self.chars)
        if key == self._key:
            return
        self._key = key
        self._draw(first, current, callsigns(snapshot.entities))

    def _draw(self, first: int, current: int, names: Mapping[str, str]) -> None:
        if self.records:
            rows = [
                (row_text(self.records[i], names, self.chars), i)
                for i in range(first, min(len(self.records), first + ROWS))
            ]
        else:
            rows = [("no gunshot, launch or kill in this fight"[: self.chars], -1)]
        while len(self._rows) < len(rows):
            y = -TOP_PAD - LINE_STEP * (len(self._rows) + 0.7)
            self._rows.append(Label(self.root, "shot", "", scale=TEXT_SCALE, pos=(0.04, y)))
        self._row_record = [index for _, index in rows]
        for label, (text, index) in zip(self._rows, rows, strict=False):
            label.set(text)
            colour = CURRENT if index == current else WHITE if index < current else FUTURE
            label.set_colour(colour)
            label.node.show()
        for label in self._rows[len(rows) :]:
            label.node.hide()
        details = detail_lines(self.records[current], self.chars) if current >= 0 else []
        while len(self._details) < DETAIL_LINES:
            self._details.append(
                Label(self.root, "detail", "", scale=TEXT_SCALE * 0.92, colour=DETAIL)
            )
        for number, label in enumerate(self._details):
            if number < len(details):
                label.set(details[number])
                y = -TOP_PAD - LINE_STEP * (len(rows) + number + 0.7)
                label.node.setPos(0.08, 0, y)
                label.node.show()
            else:
                label.node.hide()
        if self._backing is not None:
            self._backing.removeNode()
        height = TOP_PAD + LINE_STEP * (len(rows) + len(details)) + 0.03
        self._backing = backing(self.root, "backing", 0.0, -height, self.width, 0.0)
        self._backing.setBin("fixed", 0)
        self._fit()

    def _local(self, point_x: float, point_z: float, relative_to: NodePath) -> tuple[float, float]:
        local = self.root.getRelativePoint(relative_to, (point_x, 0.0, point_z))
        return local.x, local.z

    def contains(self, point_x: float, point_z: float, relative_to: NodePath) -> bool:
        """Whether a point (in ``relative_to``'s units) is over the shown panel."""
        if not self.visible:
            return False
        box = self.screen_box(relative_to)
        return box is not None and box[0] <= point_x <= box[1] and box[2] <= point_z <= box[3]

    def record_at(self, point_x: float, point_z: float, relative_to: NodePath) -> ShotRecord | None:
        """The record whose row is at a point, for a click."""
        if not self.visible or not self._row_record:
            return None
        x, z = self._local(point_x, point_z, relative_to)
        if not 0.0 <= x <= self.width:
            return None
        line = int((-z - TOP_PAD) // LINE_STEP)
        if not 0 <= line < len(self._row_record) or self._row_record[line] < 0:
            return None
        return self.records[self._row_record[line]]

    def screen_box(self, relative_to: NodePath) -> ScreenBox | None:
        return shown_box(self.root, relative_to)

    def destroy(self) -> None:
        self.root.removeNode()
        self._rows.clear()
        self._details.clear()
