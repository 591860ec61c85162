"""Hemispheres and quadrants (определение полусферы и квадрантов, §4.9), on the hex map.

The aircraft faces a hexside (the counter's front is a hexside, not a corner, §4.9.2).

* §4.9.1: the front and rear hemispheres are split by the line through the two side
  corners of its hex, at 90° to the facing; its own hex is in both.
* §4.9.2: the quadrants run out from its hex along the hex edges: the front quadrant from
  the front hexside, the rear from the rear hexside, each side quadrant from that side's
  two hexsides.  So the front and rear quadrants are 60° wide (between the spines at ±30°
  of the facing) and the side quadrants 120°.  The aircraft's own hex is in none of them.

A hex whose centre lies exactly on a dividing line (a hex spine) belongs to both sides of
it, as the own hex does to both hemispheres (docs/rulings.md "Hexes on a dividing line").
Bearings come from :meth:`engine.hexmap.Hex.heading_to_deg`, exact along the spines.
"""

from __future__ import annotations

from typing import Literal

from engine.hexmap import Hex

Hemisphere = Literal["front", "rear"]
Quadrant = Literal["front", "right", "rear", "left"]
QUADRANT_HALF_DEG = 30.0
"""The front and rear quadrants reach 30° either side of the facing and of the tail."""
HEMISPHERE_HALF_DEG = 90.0
_EPS = 1e-9


def relative_bearing_deg(own: Hex, facing_deg: float, other: Hex) -> float:
    """The bearing of ``other`` off the nose, −180 … 180 (right positive)."""
    bearing = own.heading_to_deg(other) - facing_deg
    return (bearing + 180.0) % 360.0 - 180.0


def hemispheres(own: Hex, facing_deg: float, other: Hex) -> frozenset[Hemisphere]:
    """The hemispheres ``other`` is in (§4.9.1)."""
    if other == own:
        return frozenset({"front", "rear"})
    off = abs(relative_bearing_deg(own, facing_deg, other))
    found: set[Hemisphere] = set()
    if off <= HEMISPHERE_HALF_DEG + _EPS:
        found.add("front")
    if off >= HEMISPHERE_HALF_DEG - _EPS:
        found.add("rear")
    return frozenset(found)


def quadrants(own: Hex, facing_deg: float, other: Hex) -> frozenset[Quadrant]:
    """The quadrants ``other`` is in (§4.9.2); empty for the aircraft's own hex."""
    if other == own:
        return frozenset()
    bearing = relative_bearing_deg(own, facing_deg, other)
    off = abs(bearing)
    found: set[Quadrant] = set()
    if off <= QUADRANT_HALF_DEG + _EPS:
        found.add("front")
    if off >= 180.0 - QUADRANT_HALF_DEG - _EPS:
        found.add("rear")
    if QUADRANT_HALF_DEG - _EPS <= off <= 180.0 - QUADRANT_HALF_DEG + _EPS:
        found.add("right" if bearing > 0 else "left")
    return frozenset(found)
