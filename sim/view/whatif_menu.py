"""The what-if menu drawn in the window (key ``y``): the orders one aircraft could fly
instead in a game-turn, the cursor over them, and what is happening.

On the left, a list: the AI's choice, then the BFM library's maneuvers. On the right, the
legal plots the planner finds as a grid — a column per roll (left rolls to the left), a
row per what follows (straight, unload, sustained G to max G); a ``+`` marks a cell with a
legal plot. Below: the order under the cursor, the status (finding the plots, flying, an
error in amber) and what the shown replay is (the game as played, or the branch's change).

The panel stands over the middle of the view while it is open (it is modal) and is drawn
smaller to fit a small or narrow window.
"""

from __future__ import annotations

from panda3d.core import NodePath

from engine.whatif.plots import PULL_ROWS
from sim.view.hud.panels import AMBER, CAPTION, WHITE, Label, backing, clip, make_root
from sim.view.layer import ScreenBox, shown_box
from sim.view.toggleable import Toggleable
from sim.whatif_cursor import Area, MenuCursor, roll_heading

TEXT_SCALE = 0.05
"""The HUD's smallest text: 15 px a line on a 600 px high window at full size."""
ROW_STEP = 0.06
PAD = 0.04
LIST_X, LIST_WIDTH = PAD, 0.62
PULL_X = LIST_X + LIST_WIDTH + 0.08
"""The grid's row headings (straight … max G)."""
GRID_X = PULL_X + 0.40
CELL_WIDTH = 0.115
LIST_ROWS = 18
"""The AI's choice and the library's 17 maneuvers."""
HEAD_ROWS = 2
"""The title and the key hint."""
FOOT_ROWS = 3
"""The order under the cursor, the status, and what the replay shows."""
MOST_COLUMNS = 13
"""Rolls of six cells to either side and none (the menu's widest grid)."""
PANEL_WIDTH = GRID_X + CELL_WIDTH * MOST_COLUMNS + PAD
PANEL_HEIGHT = PAD + ROW_STEP * (HEAD_ROWS + 0.4 + LIST_ROWS + 0.4 + FOOT_ROWS) + PAD
BODY_TOP = -(PAD + ROW_STEP * (HEAD_ROWS + 0.4))
"""The top of the list and grid, in panel units."""
MARGIN = 0.05
"""Kept clear at the window's edges."""
CURSOR_RGBA = (0.95, 0.70, 0.15, 0.45)
MARK_RGBA = (0.60, 0.90, 0.60, 1.0)
"""A grid cell with a legal plot."""
HINT = "arrows move · enter or click flies · tab next aircraft · backspace parent · s saves · esc"
TITLE_CHARS, LINE_CHARS = 96, 120


def fitted_scale(half_width: float, half_height: float) -> float:
    """The scale the panel is drawn at in a window ``2 × half_width`` by ``2 ×
    half_height`` aspect2d units wide and high (at most 1)."""
    return min(
        1.0,
        (2 * half_width - 2 * MARGIN) / PANEL_WIDTH,
        (2 * half_height - 2 * MARGIN) / PANEL_HEIGHT,
    )


def _row_y(row: float) -> float:
    """A body row's text baseline, in panel units."""
    return BODY_TOP - ROW_STEP * (row + 0.75)


class WhatIfPanel(Toggleable):
    """The menu's panel, hidden until the menu opens."""

    def __init__(self, parent: NodePath) -> None:
        self.parent = parent
        self.root = make_root(parent, "what-if")
        self.root.setBin("fixed", 40)  # over the HUD and the lists, under nothing
        frame = backing(
            self.root, "backing", 0.0, -PANEL_HEIGHT, PANEL_WIDTH, 0.0, (0.02, 0.03, 0.05, 0.94)
        )
        frame.setBin("fixed", 38)  # its text at 40, the cursor's mark between
        self.cursor_mark = backing(
            self.root, "cursor", 0.0, -ROW_STEP, 1.0, 0.0, CURSOR_RGBA, radius=0.01
        )
        self.cursor_mark.setBin("fixed", 39)
        self.title = Label(self.root, "title", "", scale=TEXT_SCALE * 1.15, colour=WHITE)
        self.title.node.setPos(PAD, 0, -PAD - ROW_STEP * 0.8)
        self.hint = Label(self.root, "hint", HINT, scale=TEXT_SCALE * 0.9, colour=CAPTION)
        self.hint.node.setPos(PAD, 0, -PAD - ROW_STEP * 1.8)
        self.listed = [
            Label(self.root, f"list-{i}", "", scale=TEXT_SCALE, pos=(LIST_X + 0.02, _row_y(i)))
            for i in range(LIST_ROWS)
        ]
        self.pulls = [
            Label(self.root, f"pull-{i}", name, scale=TEXT_SCALE, colour=CAPTION)
            for i, name in enumerate(PULL_ROWS)
        ]
        for i, label in enumerate(self.pulls):
            label.node.setPos(PULL_X, 0, _row_y(i + 1))
        self.headings: list[Label] = []
        self.cells: list[list[Label]] = []
        foot = LIST_ROWS + 0.4
        self.under = Label(self.root, "under", "", scale=TEXT_SCALE, pos=(PAD, _row_y(foot)))
        self.status = Label(self.root, "status", "", scale=TEXT_SCALE, pos=(PAD, _row_y(foot + 1)))
        self.lineage = Label(
            self.root,
            "lineage",
            "",
            scale=TEXT_SCALE * 0.9,
            colour=CAPTION,
            pos=(PAD, _row_y(foot + 2)),
        )
        self.cursor: MenuCursor | None = None
        self._grid_left = GRID_X
        self.set_shown(False)

    # -- content -------------------------------------------------------------------------
    def set_title(self, text: str) -> None:
        self.title.set(clip(text, TITLE_CHARS))

    def set_status(self, text: str, warning: bool = False) -> None:
        self.status.set(clip(text, LINE_CHARS))
        self.status.set_colour(AMBER if warning else WHITE)

    def set_lineage(self, text: str) -> None:
        self.lineage.set(clip(text, LINE_CHARS))

    def set_cursor(self, cursor: MenuCursor | None) -> None:
        """Write the menu the cursor moves over (None: no menu yet) and mark the cursor."""
        if cursor is None or cursor is not self.cursor or cursor.menu is not self._menu():
            self._write_menu(cursor)
        self.cursor = cursor
        self.refresh()

    def _menu(self) -> object:
        return None if self.cursor is None else self.cursor.menu

    def _write_menu(self, cursor: MenuCursor | None) -> None:
        for label in [*self.headings, *(c for row in self.cells for c in row)]:
            label.node.removeNode()
        self.headings, self.cells = [], []
        if cursor is None:
            for label in self.listed:
                label.set("")
            return
        menu = cursor.menu
        for label, choice in zip(self.listed, [*menu.listed, *([None] * LIST_ROWS)], strict=False):
            label.set("" if choice is None else choice.label)
        left = GRID_X + CELL_WIDTH * (MOST_COLUMNS - len(cursor.columns)) / 2
        for c, roll in enumerate(cursor.columns):
            x = left + CELL_WIDTH * (c + 0.5)
            self.headings.append(
                Label(
                    self.root,
                    f"roll-{c}",
                    roll_heading(roll),
                    scale=TEXT_SCALE,
                    colour=CAPTION,
                    align="center",
                    pos=(x, _row_y(0)),
                )
            )
        self._grid_left = left
        for r, pull in enumerate(PULL_ROWS):
            row = []
            for c, roll in enumerate(cursor.columns):
                legal = menu.plot_at(roll, pull) is not None
                row.append(
                    Label(
                        self.root,
                        f"cell-{r}-{c}",
                        "+" if legal else ".",
                        scale=TEXT_SCALE,
                        colour=MARK_RGBA if legal else CAPTION,
                        align="center",
                        pos=(left + CELL_WIDTH * (c + 0.5), _row_y(r + 1)),
                    )
                )
            self.cells.append(row)

    def refresh(self) -> None:
        """Move the cursor's mark and say what is under it."""
        cursor = self.cursor
        if cursor is None:
            self.cursor_mark.hide()
            self.under.set("")
            return
        self.cursor_mark.show()
        if cursor.area == "list":
            x, width, row = LIST_X, LIST_WIDTH, cursor.row
        else:
            x, width = self._grid_left + CELL_WIDTH * cursor.column, CELL_WIDTH
            row = cursor.row + 1
        top = _row_y(row) + ROW_STEP * 0.75
        self.cursor_mark.setPos(x, 0, top)
        self.cursor_mark.setScale(width, 1, 1)
        for i, label in enumerate(self.listed):
            label.set_colour(AMBER if cursor.area == "list" and i == cursor.row else WHITE)
        for r, label in enumerate(self.pulls):
            label.set_colour(AMBER if cursor.area == "grid" and r == cursor.row else CAPTION)
        self.under.set(clip(f"under the cursor: {cursor.words()}", LINE_CHARS))

    # -- placing and clicking ------------------------------------------------------------
    def place(self, half_width: float, half_height: float) -> float:
        """Centre the panel in the window, drawn to fit; returns its scale."""
        scale = fitted_scale(half_width, half_height)
        self.root.setScale(scale)
        self.root.setPos(-PANEL_WIDTH * scale / 2, 0, PANEL_HEIGHT * scale / 2)
        return scale

    def hit(self, x: float, z: float, relative_to: NodePath) -> tuple[Area, int, int] | None:
        """The list line or grid cell at (``x``, ``z``) in ``relative_to``'s units: (area,
        row, column), or None off them."""
        if self.cursor is None or not self.visible:
            return None
        point = self.root.getRelativePoint(relative_to, (x, 0, z))
        row = int((BODY_TOP - point.z) // ROW_STEP)
        if LIST_X <= point.x < LIST_X + LIST_WIDTH and 0 <= row < len(self.cursor.menu.listed):
            return ("list", row, 0)
        column = int((point.x - self._grid_left) // CELL_WIDTH)
        if 0 <= column < len(self.cursor.columns) and 1 <= row <= len(PULL_ROWS):
            return ("grid", row - 1, column)
        return None

    def screen_box(self, relative_to: NodePath) -> ScreenBox | None:
        return shown_box(self.root, relative_to)

    def destroy(self) -> None:
        self.root.removeNode()
