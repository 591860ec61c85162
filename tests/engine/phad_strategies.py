"""Hypothesis strategies for PHAD cells and attitudes."""

from __future__ import annotations

from hypothesis import strategies as st

from engine.phad import ALL_CELLS, RINGS, Attitude, Cell

cells = st.sampled_from(ALL_CELLS)


def _all_attitudes() -> list[Attitude]:
    found = []
    for nose in ALL_CELLS:
        ring = RINGS[nose]
        for i, canopy in enumerate(ring):
            found.append(Attitude(nose=nose, canopy=canopy, wing=ring[(i + 3) % len(ring)]))
    return found


ALL_ATTITUDES: list[Attitude] = _all_attitudes()
attitudes = st.sampled_from(ALL_ATTITUDES)


def right_wing(nose: Cell, canopy: Cell) -> Cell:
    ring = RINGS[nose]
    return ring[(ring.index(canopy) + 3) % len(ring)]


def canopy_for(nose: Cell, wing: Cell) -> Cell:
    """The Canopy that makes a right-handed attitude with this Nose and Wing."""
    ring = RINGS[wing]
    return ring[(ring.index(nose) + 3) % len(ring)]
