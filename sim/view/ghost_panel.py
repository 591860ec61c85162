"""The "what changed" panel: the replay and its ghost side by side (key ``w``).

It draws a :class:`sim.ghost_compare.GhostComparison` as a table: the selected aircraft
against its target (range, ATA/AA, altitude, speed, specific energy) and each side's
shots/hits/kills, now and at the end, for the replay ("this") and the ghost.  A ghost
value that differs from the replay's is amber.  Every number is worked out in
:mod:`sim.ghost_compare`; the panel only writes it.

A replay of a what-if branch says under the title, in amber, what the branch changed (its
timeline records it: :func:`sim.ghost_compare.branch_change`).

It hangs where the aircraft list does (the scene places either, whichever shows), so it has
the list's width.
"""

from __future__ import annotations

from panda3d.core import NodePath

from sim.ghost_compare import GhostComparer, GhostComparison, Row, figure_rows, tally_rows
from sim.snapshot import Snapshot
from sim.view.aircraft_list import PANEL_WIDTH
from sim.view.hud.panels import AMBER, CAPTION, WHITE, Label, backing, clip, make_root
from sim.view.layer import ScreenBox, shown_box
from sim.view.toggleable import Toggleable

TEXT_SCALE = 0.058
"""Larger than the aircraft list's letters in the same width: the table has few columns,
and it is read while the replay runs."""
ROW_STEP = 0.072
TOP_PAD = 0.03
BOTTOM_PAD = 0.035
COLUMNS: tuple[tuple[float, str], ...] = (
    (0.04, "left"),
    (0.88, "right"),
    (1.14, "right"),
    (1.50, "right"),
    (1.76, "right"),
)
"""x of each column's anchor (what, this now, ghost now, this at the end, ghost at the
end) in panel units, and its alignment."""
HEAD_ROWS = 3
"""The title, the pair with the NOW and END headings, and the this / ghost headings."""
FIGURE_ROWS = 5
"""Range, ATA/AA, altitude, speed and specific energy (:func:`sim.ghost_compare.figure_rows`)."""
TITLE_CHARS = 52
"""The title line is cut to this many characters."""
CHANGE_CHARS = 64
"""The change line (smaller letters) is cut to this many."""
GHOST_RGBA = (0.80, 0.84, 0.90, 1.0)
"""A ghost value equal to the replay's: a little dimmer than the replay's white."""


def end_heading(comparison: GhostComparison) -> str:
    """``END 48.0 s``, or ``END 48.0/30.0 s`` when the ghost ends at another time;
    ``LATEST 36.0/48.0 s`` while the replay is still being played by the engine."""
    word = "END" if comparison.complete else "LATEST"
    if comparison.complete and abs(comparison.end_s - comparison.ghost_end_s) < 1e-6:
        return f"{word} {comparison.end_s:.1f} s"
    return f"{word} {comparison.end_s:.1f}/{comparison.ghost_end_s:.1f} s"


def pair_heading(comparison: GhostComparison) -> str:
    """``VIPER 1 > BANDIT 1``: the selected aircraft and its target."""
    if comparison.entity is None:
        return "no aircraft selected"
    own = comparison.callsign.upper()
    return f"{own} > {comparison.target_callsign.upper()}" if comparison.target_callsign else own


class WhatChangedPanel(Toggleable):
    """The comparison table, hidden until toggled."""

    def __init__(self, parent: NodePath, comparer: GhostComparer, change: str = "") -> None:
        self.comparer = comparer
        self.head_rows = HEAD_ROWS + (1 if change else 0)
        """With a change line (a what-if branch's, under the title) the heads take a row more."""
        self.root = make_root(parent, "what-changed")
        self.root.setBin("fixed", 25)  # over the HUD panels, under the help overlay
        self._backing: NodePath | None = None
        self._rows: list[list[Label]] = []
        self._key: tuple[object, ...] | None = None
        self.title = Label(self.root, "title", "", scale=TEXT_SCALE, colour=CAPTION)
        self.change = Label(
            self.root, "change", clip(change, CHANGE_CHARS), scale=TEXT_SCALE * 0.85, colour=AMBER
        )
        self.pair = Label(self.root, "pair", "", scale=TEXT_SCALE)
        self.now_heading, self.end_heading = (
            Label(self.root, name, "", scale=TEXT_SCALE, colour=CAPTION, align="center")
            for name in ("now", "end")
        )
        self.column_headings = [
            Label(self.root, f"heading-{i}", text, scale=TEXT_SCALE, colour=CAPTION, align=align)
            for i, ((_x, align), text) in enumerate(
                zip(COLUMNS[1:], ("this", "ghost", "this", "ghost"), strict=True)
            )
        ]
        self._place_heads()
        self.comparison: GhostComparison | None = None
        self.set_shown(False)

    @staticmethod
    def _row_y(row: int) -> float:
        return -TOP_PAD - ROW_STEP * (row + 0.75)

    def _place_heads(self) -> None:
        self.title.node.setPos(COLUMNS[0][0], 0, self._row_y(0))
        shift = self.head_rows - HEAD_ROWS
        self.change.node.setPos(COLUMNS[0][0], 0, self._row_y(1))
        pair_y = self._row_y(1 + shift)
        self.pair.node.setPos(COLUMNS[0][0], 0, pair_y)
        self.now_heading.node.setPos((COLUMNS[1][0] + COLUMNS[2][0]) / 2 - 0.08, 0, pair_y)
        self.end_heading.node.setPos((COLUMNS[3][0] + COLUMNS[4][0]) / 2 - 0.08, 0, pair_y)
        for label, (x, _align) in zip(self.column_headings, COLUMNS[1:], strict=True):
            label.node.setPos(x, 0, self._row_y(2 + shift))

    def height(self) -> float:
        """The panel's height at scale 1: its headings, the aircraft's rows and a row per
        side of either timeline."""
        rows = self.head_rows + FIGURE_ROWS + len(self.comparer.sides)
        return TOP_PAD + ROW_STEP * rows + BOTTOM_PAD

    def place(self, x: float, top: float, scale: float) -> None:
        """Hang the panel from (``x`` its centre, ``top``) in its parent's units."""
        self.root.setPos(x - PANEL_WIDTH * scale / 2, 0, top)
        self.root.setScale(scale)

    def _build_rows(self, count: int) -> None:
        for row in self._rows:
            for label in row:
                label.node.removeNode()
        self._rows = [
            [
                Label(self.root, f"row-{r}-{c}", "", scale=TEXT_SCALE, pos=(x, 0.0), align=align)
                for c, (x, align) in enumerate(COLUMNS)
            ]
            for r in range(count)
        ]
        for r, row in enumerate(self._rows):
            for label, (x, _align) in zip(row, COLUMNS, strict=True):
                label.node.setPos(x, 0, self._row_y(self.head_rows + r))
        if self._backing is not None:
            self._backing.removeNode()
        self._backing = backing(self.root, "backing", 0.0, -self.height(), PANEL_WIDTH, 0.0)
        self._backing.setBin("fixed", 0)

    def update(self, snapshot: Snapshot, ghost: Snapshot | None, picked: str | None = None) -> None:
        """Compare the replay's ``snapshot`` with the ghost drawn with it."""
        if not self.visible or ghost is None:
            return
        key = (snapshot.t_s, snapshot.selected, picked, ghost.t_s)
        if key == self._key:
            return
        self._key = key
        self.show_comparison(self.comparer.compare(snapshot, ghost, picked))

    def show_comparison(self, comparison: GhostComparison) -> None:
        """Write a comparison into the table."""
        self.comparison = comparison
        rows: list[Row] = [*figure_rows(comparison), *tally_rows(comparison)]
        if len(rows) != len(self._rows):
            self._build_rows(len(rows))
        self.title.set(clip(f"WHAT CHANGED  vs ghost: {comparison.label}", TITLE_CHARS))
        self.pair.set(pair_heading(comparison))
        self.now_heading.set(f"NOW {comparison.now_s:.1f} s")
        self.end_heading.set(end_heading(comparison))
        for labels, row in zip(self._rows, rows, strict=True):
            for label, text in zip(labels, row, strict=True):
                label.set(text)
            for this, ghost in ((1, 2), (3, 4)):
                labels[this].set_colour(WHITE)
                labels[ghost].set_colour(AMBER if row[ghost] != row[this] else GHOST_RGBA)

    def screen_box(self, relative_to: NodePath) -> ScreenBox | None:
        return shown_box(self.root, relative_to)

    def destroy(self) -> None:
        self.root.removeNode()
        self._rows.clear()
