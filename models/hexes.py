"""Hexes as data files write them (``Q,R``), and how far from the map's centre they may lie.

The rulebook's map has edges; furball's map is open, but a fight far larger than any
missile's reach only costs memory and time.  Every hex a file names lies within
:data:`MAP_RADIUS_HEXES` of hex ``0,0`` (docs/rulings.md, "Data limits").
"""

from __future__ import annotations

import re

MAP_RADIUS_HEXES = 1000
"""Hexes from ``0,0`` to the farthest hex a file may name: 400,000 ft (122 km, some 66 nm)
in every direction, so two aircraft may start three times the longest missile range on a
shipped card (the R-27R's 76.5 km) apart; the shipped scenarios stay within 160."""

HEX_TEXT = re.compile(r"^\s*(-?[0-9]{1,7})\s*,\s*(-?[0-9]{1,7})\s*$")
"""``Q,R`` with ASCII digits; seven of them are more than the map needs, so a longer number
is refused before it is read."""


def hex_distance_from_centre(q: int, r: int) -> int:
    """Hexes counted from ``0,0`` (axial coordinates, as ``engine.hexmap.Hex``)."""
    return (abs(q) + abs(r) + abs(q + r)) // 2


def check_hex_text(value: str) -> str:
    """``value`` if it is a hex on the map; a ``ValueError`` saying what would be valid."""
    match = HEX_TEXT.match(value)
    if match is None:
        shown = value if len(value) <= 40 else value[:40] + "…"
        raise ValueError(f"{shown!r} is not a hex; write Q,R with integers, e.g. 3,-2")
    q, r = int(match[1]), int(match[2])
    if hex_distance_from_centre(q, r) > MAP_RADIUS_HEXES:
        raise ValueError(
            f"hex {q},{r} is {hex_distance_from_centre(q, r):,} hexes from 0,0; the map "
            f"reaches {MAP_RADIUS_HEXES:,} hexes (400 ft each) from its centre"
        )
    return value
