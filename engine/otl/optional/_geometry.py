"""The little table geometry the optional rules need (1 in = 50 ft, §Game Scale)."""

from __future__ import annotations

import math

from engine.otl.state import PlaneState

FT_PER_IN = 50.0
"""Table inches to feet, horizontally and for heights measured on the table."""

Xyz = tuple[float, float, float]
"""A point as (x_in east, y_in north, alt_ft)."""


def plane_xyz(plane: PlaneState) -> Xyz:
    return (plane.x_in, plane.y_in, plane.alt_ft)


def horizontal_in(a: Xyz, b: Xyz) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def distance_in(a: Xyz, b: Xyz) -> float:
    """Straight-line distance in inches, heights turned into inches at 50 ft each."""
    return math.hypot(b[0] - a[0], b[1] - a[1], (b[2] - a[2]) / FT_PER_IN)


def table_range_in(a: Xyz, b: Xyz) -> int:
    """Range as the Gunfire Chart counts it: whole inches, a fraction over ½ rounding up."""
    return max(0, math.ceil(distance_in(a, b) - 0.5))
