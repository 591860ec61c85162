"""Where one mini sees another: the Clock Template, the five arcs, ranges and the gun arcs
(§Phase 1: Targeting, §Gun Arcs, §Phase 3: Gunfire).

The table is measured in inches, x east and y north; altitude is kept in feet and counts
1 in per 50 ft when a distance is measured in three dimensions.  A plane's frame is its
body axes (forward, right, up), turned from the compass by heading, then pitch, then roll
about the forward axis, so every arc is read relative to the plane's attitude: for an
inverted plane Up points at the ground.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal, Protocol

from engine.otl.state import BANK_STEP_DEG, PITCH_STEP_DEG, PlaneState

FT_PER_IN = 50.0
"""The table's scale (§Game Scale)."""
MINI_RADIUS_IN = 0.5
"""A 1/300 WWI mini spans about an inch; each is measured as a ball of this radius."""
LANE_HALF_WIDTH_IN = 1.0
"""A fixed gun's lane runs 1 in to each side of the line of flight (§Gun Arcs)."""
HOUR_DEG = 30.0
"""Each hour of the Clock Template is a 30° sector."""
EPSILON = 1e-9

Arc = Literal["front", "side", "rear", "up", "down"]
Vector = tuple[float, float, float]
FRONT_HOURS = frozenset({11, 12, 1})
REAR_HOURS = frozenset({5, 6, 7})


class Positioned(Protocol):
    """Anything with a place on the table and a height: a plane, a balloon."""

    @property
    def x_in(self) -> float: ...
    @property
    def y_in(self) -> float: ...
    @property
    def alt_ft(self) -> float: ...


def _dot(a: Vector, b: Vector) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def body_axes(plane: PlaneState) -> tuple[Vector, Vector, Vector]:
    """The plane's forward, right and up unit vectors in table axes (x east, y north,
    z up): heading turns the compass, pitch raises the nose, bank rolls about the nose
    (right wing down positive, 4 steps = inverted)."""
    heading = math.radians(plane.heading_deg)
    pitch = math.radians(plane.pitch * PITCH_STEP_DEG)
    roll = math.radians(plane.bank * BANK_STEP_DEG)
    sh, ch = math.sin(heading), math.cos(heading)
    sp, cp = math.sin(pitch), math.cos(pitch)
    forward = (sh * cp, ch * cp, sp)
    level_right = (ch, -sh, 0.0)
    level_up = (-sh * sp, -ch * sp, cp)
    sr, cr = math.sin(roll), math.cos(roll)
    right = tuple(r * cr - u * sr for r, u in zip(level_right, level_up, strict=True))
    up = tuple(u * cr + r * sr for r, u in zip(level_right, level_up, strict=True))
    return forward, right, up  # type: ignore[return-value]


def offset_in(a: Positioned, b: Positioned) -> Vector:
    """From ``a`` to ``b`` in table inches, the height difference at 50 ft per inch."""
    return (b.x_in - a.x_in, b.y_in - a.y_in, (b.alt_ft - a.alt_ft) / FT_PER_IN)


def offset_to(x_in: float, y_in: float, alt_ft: float, observer: PlaneState) -> Vector:
    return (x_in - observer.x_in, y_in - observer.y_in, (alt_ft - observer.alt_ft) / FT_PER_IN)


def body_components(observer: PlaneState, x_in: float, y_in: float, alt_ft: float) -> Vector:
    """The point's (forward, right, up) distance from the observer in its own frame."""
    offset = offset_to(x_in, y_in, alt_ft, observer)
    forward, right, up = body_axes(observer)
    return _dot(offset, forward), _dot(offset, right), _dot(offset, up)


def _hour_of_angle(angle_deg: float) -> int:
    """The hour of a bearing clockwise from the nose; a bearing on a boundary goes to the
    hour nearer 12 o'clock (so Front over Side over Rear, docs: OtL arc boundaries)."""
    sectors = (angle_deg % 360.0) / HOUR_DEG
    lower = math.floor(sectors)
    if abs(sectors - lower - 0.5) < EPSILON:
        candidates = (lower % 12, (lower + 1) % 12)
        hour = min(candidates, key=lambda h: min(h, 12 - h))
    else:
        hour = math.floor(sectors + 0.5) % 12
    return 12 if hour == 0 else hour


def clock_hour(observer: PlaneState, x_in: float, y_in: float, alt_ft: float) -> int:
    """The Clock Template hour (1–12, 12 dead ahead) of a point, in the observer's own
    frame: the point is projected on the plane of its wings (§Phase 1: Targeting).  A point
    straight above or below reads 12."""
    forward, right, _up = body_components(observer, x_in, y_in, alt_ft)
    if math.hypot(forward, right) < EPSILON:
        return 12
    return _hour_of_angle(math.degrees(math.atan2(right, forward)))


def arc_of_hour(hour: int) -> Arc:
    if hour in FRONT_HOURS:
        return "front"
    return "rear" if hour in REAR_HOURS else "side"


def arc_of(observer: PlaneState, target: Positioned) -> Arc:
    """Front, Side, Rear, Up or Down (§Phase 1: Targeting).

    Up is the Clock Template held on edge, its 11–1 sector about the observer's up axis:
    the target is Up when it lies further along the up axis than across it (within 45° of
    the up axis); Down likewise below.  On the 45° boundary the flat template's arc counts
    (Side for a target off a wing).
    """
    forward, right, up = body_components(observer, target.x_in, target.y_in, target.alt_ft)
    across = math.hypot(forward, right)
    if abs(up) > across + EPSILON:
        return "up" if up > 0 else "down"
    return arc_of_hour(clock_hour(observer, target.x_in, target.y_in, target.alt_ft))


def distance_in(a: Positioned, b: Positioned) -> float:
    """Centre to centre, in three dimensions, in inches."""
    return math.sqrt(_dot(offset_in(a, b), offset_in(a, b)))


def edge_distance_in(a: Positioned, b: Positioned) -> float:
    """Between the minis' nearest edges (each a ball of :data:`MINI_RADIUS_IN`), never
    less than 0."""
    return max(0.0, distance_in(a, b) - 2 * MINI_RADIUS_IN)


def round_range(distance: float) -> int:
    """Whole inches, a fraction above ½ rounding up and ½ or less down (Gunfire Chart)."""
    whole = math.floor(distance)
    return whole + 1 if distance - whole > 0.5 + EPSILON else whole


def range_in(a: Positioned, b: Positioned) -> int:
    """The range for the Gunfire Chart and Targeting: nearest edges, rounded (§Phase 3)."""
    return round_range(edge_distance_in(a, b))


def horizontal_range_in(a: Positioned, b: Positioned) -> float:
    """Centre to centre on the table, ignoring height."""
    return math.hypot(b.x_in - a.x_in, b.y_in - a.y_in)


def targeting_range_in(plane: PlaneState, arc: Arc, keeping: bool) -> float:
    """The chart's Targeting Range for ``arc``, doubled when the pilot keeps last round's
    target (§Phase 1) and halved by Engine Smoking (§Critical Hits)."""
    limit = float(getattr(plane.chart.targeting_in, arc))
    if keeping:
        limit *= 2
    if plane.has("engine_smoking"):
        limit /= 2
    return limit


def in_targeting_range(plane: PlaneState, target: Positioned, keeping: bool) -> bool:
    """May ``plane`` focus on ``target`` this round (§Phase 1: Targeting)?"""
    return range_in(plane, target) <= targeting_range_in(plane, arc_of(plane, target), keeping)


# --- gun arcs ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClockArc:
    """A flexible gun's arc: the hours it covers above and below the gunner's wings."""

    above: frozenset[int]
    below: frozenset[int]

    def covers(self, hour: int, up_in: float) -> bool:
        """Does the arc cover a target at ``hour`` lying ``up_in`` along the up axis?  A
        target level with the wings is in either half."""
        if up_in > EPSILON:
            return hour in self.above
        if up_in < -EPSILON:
            return hour in self.below
        return hour in self.above or hour in self.below


_HOURS_ITEM = re.compile(r"^(\d{1,2})(?:-(\d{1,2}))?$")


def _hours(item: str, text: str) -> set[int]:
    found = _HOURS_ITEM.match(item)
    if not found:
        raise ValueError(f"{text!r}: {item!r} is not an hour or a run of hours like 4-8")
    first = int(found.group(1))
    last = int(found.group(2) or first)
    if not (1 <= first <= 12 and 1 <= last <= 12):
        raise ValueError(f"{text!r}: clock hours run 1 to 12")
    hours = {first}
    hour = first
    while hour != last:
        hour = hour % 12 + 1
        hours.add(hour)
    return hours


def parse_clock_arc(text: str) -> ClockArc:
    """Read clock notation (§Gun Arcs): parts split by ``;``, each a list of hours or runs
    (``4-8``, wrapping past 12 as ``10-2``) followed by ``+`` (above) or ``-`` (below);
    ``4-8+; 4,5,7,8-`` is 4–8 o'clock above and 4, 5, 7, 8 below.  A part with no sign
    covers both halves."""
    above: set[int] = set()
    below: set[int] = set()
    parts = [part.strip() for part in text.split(";") if part.strip()]
    if not parts:
        raise ValueError(f"{text!r}: an arc names at least one hour")
    for part in parts:
        sign = part[-1] if part[-1] in "+-" else ""
        body = part[:-1] if sign else part
        hours: set[int] = set()
        for item in body.replace(" ", "").split(","):
            hours |= _hours(item, text)
        if sign != "-":
            above |= hours
        if sign != "+":
            below |= hours
    return ClockArc(frozenset(above), frozenset(below))


FOSTER_ARC = parse_clock_arc("12+")
"""The Foster mount's pivoted Lewis also reaches 12 o'clock above (§Gun Arcs)."""


def in_fixed_lane(firer: PlaneState, target: Positioned) -> bool:
    """Is the target's centre ahead of the firer in the 2 in wide lane along its line of
    flight on the table (§Gun Arcs)?  Height is the Vertical Firing Table's business."""
    heading = math.radians(firer.heading_deg)
    dx, dy = target.x_in - firer.x_in, target.y_in - firer.y_in
    along = dx * math.sin(heading) + dy * math.cos(heading)
    across = dx * math.cos(heading) - dy * math.sin(heading)
    return along > EPSILON and abs(across) <= LANE_HALF_WIDTH_IN + EPSILON


def in_clock_arc(firer: PlaneState, arc: ClockArc, target: Positioned) -> bool:
    """Is the target inside a flexible gun's clock arc, read in the gunner's frame?"""
    _forward, _right, up = body_components(firer, target.x_in, target.y_in, target.alt_ft)
    return arc.covers(clock_hour(firer, target.x_in, target.y_in, target.alt_ft), up)


VerticalVerdict = Literal["ok", "no firing", "target below", "target above", "too steep"]


def vertical_firing(firer: PlaneState, target: Positioned) -> VerticalVerdict:
    """The Vertical Firing Table (§Gun Arcs) for a forward-firing gun: none in a vertical
    pitch; in a Climb the target no lower, in a Dive no higher, and Level only when the
    horizontal range is at least the height difference (the table's 45° cone)."""
    if abs(firer.pitch) >= 2:
        return "no firing"
    if firer.pitch == 1:
        return "ok" if target.alt_ft >= firer.alt_ft else "target below"
    if firer.pitch == -1:
        return "ok" if target.alt_ft <= firer.alt_ft else "target above"
    difference_in = abs(target.alt_ft - firer.alt_ft) / FT_PER_IN
    if horizontal_range_in(firer, target) + EPSILON >= difference_in:
        return "ok"
    return "too steep"
