"""Where the what-if menu's cursor is: on the list (the AI's choice, the library's
maneuvers) or on the roll × pull grid of legal plots, moved by the arrow keys.

The grid has a column per roll (left rolls to the left, none in the middle) and a row per
:data:`engine.whatif.plots.PULL_ROWS` entry: straight flight, an unload, then each Load Used
from sustained to max G (SoP 03: a plot rolls, then turns). A cell without a legal plot
can be visited — the menu says there is none — so the grid keeps its shape as the arrows
move across it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.whatif.plots import PULL_ROWS
from sim.whatif_session import MenuChoice, WhatIfMenu

Area = Literal["list", "grid"]


def roll_columns(menu: WhatIfMenu) -> tuple[int, ...]:
    """The grid's roll columns, left to right: every roll from the leftmost legal one to
    the rightmost, and no roll."""
    rolls = [c.alternative.roll_cells for c in menu.plots if c.alternative is not None]
    low, high = min([0, *rolls]), max([0, *rolls])
    return tuple(range(low, high + 1))


def roll_heading(cells: int) -> str:
    """A roll column's heading: ``L3``, ``0``, ``R2``."""
    if cells == 0:
        return "0"
    return f"{'R' if cells > 0 else 'L'}{abs(cells)}"


@dataclass
class MenuCursor:
    """The cursor over a :class:`WhatIfMenu`."""

    menu: WhatIfMenu
    area: Area = "list"
    row: int = 0
    """The list's line, or the grid's pull row."""
    column: int = 0
    """The grid's roll column."""

    def __post_init__(self) -> None:
        self.columns = roll_columns(self.menu)
        self.column = self.columns.index(0)

    def move(self, key: str) -> None:
        """Move for an arrow key (``up``, ``down``, ``left``, ``right``): within the list
        or the grid, and between them across the list's right edge."""
        if self.area == "list":
            count = len(self.menu.listed)
            if key in ("up", "down"):
                self.row = (self.row + (1 if key == "down" else -1)) % count
            elif key == "right":
                self.area, self.row, self.column = "grid", 0, 0
            return
        if key in ("up", "down"):
            self.row = (self.row + (1 if key == "down" else -1)) % len(PULL_ROWS)
        elif key == "right":
            self.column = min(self.column + 1, len(self.columns) - 1)
        elif key == "left":
            if self.column == 0:
                self.area, self.row = "list", 0
            else:
                self.column -= 1

    def put(self, area: Area, row: int, column: int = 0) -> None:
        """Put the cursor on a list line or a grid cell (a click)."""
        self.area, self.row, self.column = area, row, column

    @property
    def pull(self) -> str:
        return PULL_ROWS[self.row]

    @property
    def roll_cells(self) -> int:
        return self.columns[self.column]

    def choice(self) -> MenuChoice | None:
        """The order under the cursor (None on a grid cell with no legal plot)."""
        if self.area == "list":
            return self.menu.listed[self.row]
        return self.menu.plot_at(self.roll_cells, self.pull)

    def words(self) -> str:
        """What the cursor is on, in words."""
        chosen = self.choice()
        if chosen is not None:
            return chosen.label
        roll = roll_heading(self.roll_cells)
        then = self.pull if self.pull in ("straight", "unload") else f"a {self.pull} pull"
        return f"no legal plot rolls {roll} then flies {then}"
