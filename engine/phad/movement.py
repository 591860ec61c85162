"""Movement vectors: where a segment's Flight Points are written on the Plot PHAD.

Rulebook, "Movement Vector": the movement vector is "the center-most cell or edge between
two cells" on the Nose's path.  The Plot PHAD is the only place a mark may sit on a cell
edge, so a movement vector is either a :class:`~engine.phad.cells.Cell` or an :class:`Edge`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.phad.cells import Cell
from engine.phad.graph import adjacent


@dataclass(frozen=True, slots=True)
class Edge:
    """The border between two adjacent PHAD cells, written ``120-30/150-30``."""

    first: Cell
    second: Cell

    def __post_init__(self) -> None:
        if not adjacent(self.first, self.second):
            raise ValueError(f"{self.first} and {self.second} share no edge on the PHAD")

    def __str__(self) -> str:
        return f"{self.first}/{self.second}"

    @property
    def cells(self) -> tuple[Cell, Cell]:
        return (self.first, self.second)

    def unit_vector(self) -> tuple[float, float, float]:
        """Direction halfway between the two cells' centres."""
        a = self.first.unit_vector()
        b = self.second.unit_vector()
        summed = (a[0] + b[0], a[1] + b[1], a[2] + b[2])
        norm = math.sqrt(sum(v * v for v in summed))
        return (summed[0] / norm, summed[1] / norm, summed[2] / norm)


MovementVector = Cell | Edge
"""A cell, or the edge between two cells for a path of an odd number of steps."""


def centre_of_path(path: Sequence[Cell]) -> MovementVector:
    """The centre-most cell (even number of steps) or edge (odd) of a path of cells.

    ``path`` runs from the start cell to the end cell inclusive, so it has ``steps + 1``
    entries.
    """
    if not path:
        raise ValueError("an empty path has no centre")
    steps = len(path) - 1
    if steps % 2 == 0:
        return path[steps // 2]
    return Edge(path[steps // 2], path[steps // 2 + 1])
