"""Where on his flight line a pilot has his best shot (§Weapons Fire).

"Pilots may fire any or all weapons once from any point along their flight line.  Fire
arc is from 0 to 20 degrees."  furball reads the arc as 20° either side of the nose
(docs/rulings.md "The fire arc"); a rear gunner's arc is the same about the tail.  The
tape is then laid straight from that point to the target, so the best point is the one
nearest the target from which the target is inside the arc.  On a yardstick the target's
angle off the nose only grows as the stand moves up to it, so the best point is the last
one still inside the arc, or the yardstick's end.

The targets must be "in the same altitude band, or two altitude bands higher or lower".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.fc.state import heading_vector

FIRE_ARC_DEG = 20.0
"""Either side of the nose (ours: "from 0 to 20 degrees", §Weapons Fire)."""
FIRE_BANDS = 2
"""A target two bands higher or lower may be fired at, no further (§Weapons Fire)."""
_TAN_ARC = math.tan(math.radians(FIRE_ARC_DEG))

Arc = Literal["forward", "rear"]


@dataclass(frozen=True, slots=True)
class Sight:
    """The best point to fire from and the tape's length from there, lawn feet."""

    x_ft: float
    y_ft: float
    distance_ft: float
    off_deg: float
    """The target's angle off the nose (or the tail, for a rear gun)."""
    leg: int
    """Which yardstick of the line it is on (``-1``: the stand before moving; the number
    of yardsticks: the stand where the move ended)."""


def bands_apart_ok(shooter_band: int, target_band: int) -> bool:
    return abs(shooter_band - target_band) <= FIRE_BANDS


def _off_deg(x: float, y: float, heading_deg: float, tx: float, ty: float, arc: Arc) -> float:
    facing = heading_deg if arc == "forward" else heading_deg + 180.0
    fx, fy = heading_vector(facing)
    dx, dy = tx - x, ty - y
    along = dx * fx + dy * fy
    across = dx * fy - dy * fx
    return abs(math.degrees(math.atan2(across, along)))


def _on_leg(
    start: tuple[float, float], end: tuple[float, float], heading_deg: float,
    target: tuple[float, float], arc: Arc,
) -> float | None:  # fmt: skip
    """How far along the leg the best point is, or None when the target is never in arc."""
    fx, fy = heading_vector(heading_deg)
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    dx, dy = target[0] - start[0], target[1] - start[1]
    along = dx * fx + dy * fy
    across = abs(dx * fy - dy * fx)
    if arc == "forward":
        last = along - across / _TAN_ARC
        if last < 0.0:
            return None
        return min(length, last, max(along, 0.0))
    first = along + across / _TAN_ARC
    if first > length:
        return None
    return max(0.0, first)


def sight(
    line_ft: Sequence[tuple[float, float]],
    headings_deg: Sequence[float],
    start_heading_deg: float,
    end_heading_deg: float,
    target_xy: tuple[float, float],
    arc: Arc = "forward",
) -> Sight | None:
    """The nearest point of the flight line from which the target is in the arc, or None.

    ``line_ft`` is the move's line (start, each yardstick's end); ``headings_deg`` the
    heading along each yardstick.  A line with fewer headings than legs (an Immelmann's or
    a Loop's set-down) is sighted from its stands only: before the move along
    ``start_heading_deg`` and after it along ``end_heading_deg``."""
    tx, ty = target_xy
    best: Sight | None = None

    def consider(x: float, y: float, heading: float, leg: int) -> None:
        nonlocal best
        off = _off_deg(x, y, heading, tx, ty, arc)
        if off > FIRE_ARC_DEG + 1e-9:
            return
        distance = math.hypot(tx - x, ty - y)
        if best is None or distance < best.distance_ft - 1e-12:
            best = Sight(x, y, distance, off, leg)

    first = line_ft[0]
    consider(first[0], first[1], start_heading_deg, -1)
    legs = len(line_ft) - 1
    offset = legs - len(headings_deg)
    for index, heading in enumerate(headings_deg):
        start, end = line_ft[offset + index], line_ft[offset + index + 1]
        where = _on_leg(start, end, heading, target_xy, arc)
        if where is None:
            continue
        fx, fy = heading_vector(heading)
        consider(start[0] + fx * where, start[1] + fy * where, heading, index)
    last = line_ft[-1]
    consider(last[0], last[1], end_heading_deg, len(headings_deg))
    return best
