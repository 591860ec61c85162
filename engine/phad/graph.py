"""Adjacency and distance on the PHAD, as the cells are drawn on the display.

Adjacency (rulebook, "PHAD"; drawn as the issue's reading of the display):

* a pole touches the six cells of its ±60 ring;
* a ±60 cell touches its pole, its two ±60 neighbours and the three ±30 cells within its
  60° span (its centre heading and the headings 30° either side);
* a ±30 cell touches its two ring neighbours, the ±60 cell or cells over it, and the two
  00-ring cells 15° either side;
* a 00-ring cell touches its two ring neighbours and the ±30 cells 15° either side, above
  and below.

Distance is the shortest path counted in cells ("Angle Determination": count the
destination, not the origin).  No positive cell touches a negative one except through the 00
ring, so every shortest path between the hemispheres passes the 00 ring as the rulebook
requires.  All 50×50 distances are computed once at import.
"""

from __future__ import annotations

import math
from collections import deque
from typing import Final

from engine.phad.cells import ALL_CELLS, Cell, CellLike, as_cell

INDEX: Final[dict[Cell, int]] = {cell: i for i, cell in enumerate(ALL_CELLS)}


def _heading_gap_deg(a: int, b: int) -> int:
    gap = abs(a - b) % 360
    return min(gap, 360 - gap)


def _touches(a: Cell, b: Cell) -> bool:
    if a == b:
        return False
    ring_gap = abs(a.ring - b.ring)
    if ring_gap > 1:
        return False
    if a.heading_deg is None or b.heading_deg is None:
        return ring_gap == 1  # a pole and its ±60 ring
    gap = _heading_gap_deg(a.heading_deg, b.heading_deg)
    if ring_gap == 0:
        return gap == (60 if abs(a.pitch_deg) == 60 else 30)
    pitches = {abs(a.pitch_deg), abs(b.pitch_deg)}
    if pitches == {60, 30}:
        return gap <= 30  # the ±30 cells inside the 60° span
    return gap == 15  # a ±30 cell and the 00-ring cells either side of it


NEIGHBOURS: Final[dict[Cell, tuple[Cell, ...]]] = {
    cell: tuple(other for other in ALL_CELLS if _touches(cell, other)) for cell in ALL_CELLS
}


def _distance_table() -> tuple[tuple[int, ...], ...]:
    rows: list[tuple[int, ...]] = []
    for start in ALL_CELLS:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in NEIGHBOURS[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        rows.append(tuple(dist[cell] for cell in ALL_CELLS))
    return tuple(rows)


_DISTANCE: Final = _distance_table()


def distance(a: CellLike, b: CellLike) -> int:
    """PHAD distance: the fewest cells stepped from ``a`` to ``b`` (0 … 6).

    Accepts cells or their text (``distance("030+30", "090-30") == 3``).
    """
    return _DISTANCE[INDEX[as_cell(a)]][INDEX[as_cell(b)]]


def adjacent(a: Cell, b: Cell) -> bool:
    """True when the two cells share a border on the PHAD."""
    return distance(a, b) == 1


def cells_at(centre: Cell, cells: int) -> tuple[Cell, ...]:
    """All cells exactly ``cells`` away from ``centre``, in the canonical cell order."""
    row = _DISTANCE[INDEX[centre]]
    return tuple(cell for cell, d in zip(ALL_CELLS, row, strict=True) if d == cells)


def _cross(
    a: tuple[float, float, float], b: tuple[float, float, float]
) -> tuple[float, float, float]:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _ordered_ring(axis: Cell) -> tuple[Cell, ...]:
    """The cells three away from ``axis``, ordered by a right-handed turn about it."""
    a = axis.unit_vector()
    helper = (1.0, 0.0, 0.0) if abs(a[0]) < 0.9 else (0.0, 1.0, 0.0)
    e1 = _cross(helper, a)
    e2 = _cross(a, e1)
    members = cells_at(axis, 3)
    ordered = sorted(
        members,
        key=lambda c: math.atan2(_dot(c.unit_vector(), e2), _dot(c.unit_vector(), e1)),
    )
    for here, there in zip(ordered, ordered[1:] + ordered[:1], strict=True):
        if not adjacent(here, there):  # pragma: no cover - guarded by the tests
            raise AssertionError(f"the ring three cells from {axis} is not a closed path")
    return tuple(ordered)


RINGS: Final[dict[Cell, tuple[Cell, ...]]] = {cell: _ordered_ring(cell) for cell in ALL_CELLS}
"""For each cell, the closed path of cells three away from it ("the path three cells from
the Wing" of Movement Vector; the roll path around the Nose of Rolling).  Stepping +1 along
the tuple rotates right-handedly about the centre cell: about the Wing that pitches the Nose
toward the Canopy, about the Nose that rolls the Canopy toward the right Wing.  Twelve cells
long, or fourteen around a ±60 cell (Aspect: "the spherical path is fourteen cells")."""


def ring_three_from(axis: Cell) -> tuple[Cell, ...]:
    """The ordered ring of cells three away from ``axis`` (see :data:`RINGS`)."""
    return RINGS[axis]
