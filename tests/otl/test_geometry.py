"""The Clock Template, the arcs, ranges and the gun arcs (§Phase 1: Targeting, §Gun Arcs)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from engine.otl.geometry import (
    arc_of,
    body_axes,
    clock_hour,
    edge_distance_in,
    in_clock_arc,
    in_fixed_lane,
    in_targeting_range,
    parse_clock_arc,
    range_in,
    round_range,
    vertical_firing,
)
from tests.otl.test_gunfire_planes import plane


@dataclass
class Point:
    x_in: float
    y_in: float
    alt_ft: float


def at_hour(hour: float, distance_in: float = 5.0, alt_ft: float = 5000.0) -> Point:
    """A point at ``hour`` o'clock of a plane at the origin heading north."""
    angle = math.radians(hour * 30)
    return Point(distance_in * math.sin(angle), distance_in * math.cos(angle), alt_ft)


def close(a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
    return all(math.isclose(p, q, abs_tol=1e-9) for p, q in zip(a, b, strict=True))


def test_body_axes_turn_by_heading_then_pitch_then_roll() -> None:
    forward, right, up = body_axes(plane())
    assert close(forward, (0, 1, 0)) and close(right, (1, 0, 0)) and close(up, (0, 0, 1))
    forward, right, up = body_axes(plane(heading_deg=90))
    assert close(forward, (1, 0, 0)) and close(right, (0, -1, 0))
    _forward, right, up = body_axes(plane(bank=2))  # knife-edge, right wing down
    assert close(right, (0, 0, -1)) and close(up, (1, 0, 0))
    forward, _right, up = body_axes(plane(pitch=1))
    s = math.sqrt(0.5)
    assert close(forward, (0, s, s)) and close(up, (0, -s, s))
    _forward, right, up = body_axes(plane(bank=4))
    assert close(up, (0, 0, -1)) and close(right, (-1, 0, 0))


@pytest.mark.parametrize("hour", range(1, 13))
def test_each_hour_of_the_clock(hour: int) -> None:
    point = at_hour(hour)
    assert clock_hour(plane(), point.x_in, point.y_in, point.alt_ft) == hour


@pytest.mark.parametrize(
    ("bearing_hours", "hour"),
    [(0.5, 12), (1.5, 1), (2.5, 2), (4.5, 4), (5.5, 5), (6.5, 7), (7.5, 8), (10.5, 11), (11.5, 12)],
)
def test_a_boundary_goes_to_the_hour_nearer_the_nose(bearing_hours: float, hour: int) -> None:
    point = at_hour(bearing_hours)
    assert clock_hour(plane(), point.x_in, point.y_in, point.alt_ft) == hour


def test_the_clock_turns_with_the_heading() -> None:
    east = plane(heading_deg=90)
    assert clock_hour(east, 5, 0, 5000) == 12
    assert clock_hour(east, 0, -5, 5000) == 3


@pytest.mark.parametrize(
    ("hour", "arc"),
    [
        *[(12, "front"), (1, "front"), (11, "front")],
        *[(2, "side"), (3, "side"), (4, "side"), (8, "side"), (10, "side")],
        *[(5, "rear"), (6, "rear"), (7, "rear")],
    ],
)
def test_front_side_and_rear_arcs(hour: int, arc: str) -> None:
    assert arc_of(plane(), at_hour(hour)) == arc


def test_up_and_down_are_further_along_the_up_axis_than_across_it() -> None:
    observer = plane()
    assert arc_of(observer, Point(0, 3, 5000 + 4 * 50)) == "up"
    assert arc_of(observer, Point(0, -3, 5000 - 4 * 50)) == "down"
    assert arc_of(observer, Point(0, 3, 5000 + 2 * 50)) == "front"
    assert arc_of(observer, Point(3.5, 2, 5000 + 4 * 50)) == "side"  # 4 up, 4.03 across


def test_a_diagonal_tie_goes_to_the_flat_arc() -> None:
    """Reference §6 #17: on the 45° diagonal off a wing the target is Side."""
    assert arc_of(plane(), Point(3, 0, 5000 + 3 * 50)) == "side"
    assert arc_of(plane(), Point(0, 3, 5000 + 3 * 50)) == "front"


def test_inverted_up_points_at_the_ground() -> None:
    inverted = plane(bank=4)
    assert arc_of(inverted, Point(0, 0, 4800)) == "up"
    assert arc_of(inverted, Point(0, 0, 5200)) == "down"
    assert clock_hour(inverted, 5, 0, 5000) == 9  # the right wing is now on the west
    knife_edge = plane(bank=2)
    assert arc_of(knife_edge, Point(4, 0, 5000)) == "up"


def test_range_is_between_nearest_edges_rounding_above_a_half_up() -> None:
    a = plane()
    assert range_in(a, Point(0, 10, 5000)) == 9
    assert range_in(a, Point(0, 10.5, 5000)) == 9  # 9.5: a half rounds down
    assert range_in(a, Point(0, 10.6, 5000)) == 10
    assert range_in(a, Point(0, 8, 5000 + 300)) == 9  # 300 ft is 6 in: 10 in apart
    assert edge_distance_in(a, Point(0, 0.5, 5000)) == 0.0
    assert [round_range(d) for d in (0.5, 0.51, 1.0, 2.49)] == [0, 1, 1, 2]


def test_targeting_range_doubles_for_the_kept_target_and_halves_when_smoking() -> None:
    hunter = plane()  # front 20, rear 8
    ahead_20, ahead_22 = Point(0, 21, 5000), Point(0, 23, 5000)
    assert in_targeting_range(hunter, ahead_20, keeping=False)
    assert not in_targeting_range(hunter, ahead_22, keeping=False)
    assert in_targeting_range(hunter, ahead_22, keeping=True)
    behind_9 = Point(0, -10, 5000)
    assert not in_targeting_range(hunter, behind_9, keeping=False)
    assert in_targeting_range(hunter, behind_9, keeping=True)
    hunter.crits.append("engine_smoking")
    assert not in_targeting_range(hunter, ahead_20, keeping=False)
    assert in_targeting_range(hunter, Point(0, 11, 5000), keeping=False)


def test_the_worked_flexible_arc() -> None:
    """§5 #10: 4-8+; 4,5,7,8- → above 4, 5, 6, 7, 8; below 4, 5, 7, 8."""
    arc = parse_clock_arc("4-8+; 4,5,7,8-")
    assert arc.above == {4, 5, 6, 7, 8}
    assert arc.below == {4, 5, 7, 8}


def test_other_clock_notations() -> None:
    assert parse_clock_arc("12+").above == {12} and not parse_clock_arc("12+").below
    assert parse_clock_arc("10-2+").above == {10, 11, 12, 1, 2}
    both = parse_clock_arc("3,9")
    assert both.above == both.below == {3, 9}
    for bad in ("", "13+", "4-x+", ";"):
        with pytest.raises(ValueError):
            parse_clock_arc(bad)


def test_a_flexible_arc_is_read_in_the_gunners_frame() -> None:
    arc = parse_clock_arc("4-8+; 4,5,7,8-")
    gunner = plane()
    assert in_clock_arc(gunner, arc, Point(0, -5, 5100))  # 6 o'clock above
    assert not in_clock_arc(gunner, arc, Point(0, -5, 4900))  # 6 o'clock below
    assert in_clock_arc(gunner, arc, at_hour(5, alt_ft=4900))
    assert in_clock_arc(gunner, arc, at_hour(6))  # level with the wings: either half
    assert not in_clock_arc(gunner, arc, at_hour(3, alt_ft=5100))
    inverted = plane(bank=4)
    assert in_clock_arc(inverted, arc, Point(0, -5, 4900))  # below the table is above it


def test_the_fixed_lane_is_two_inches_wide_ahead() -> None:
    firer = plane()
    assert in_fixed_lane(firer, Point(0.9, 8, 5000))
    assert in_fixed_lane(firer, Point(-1.0, 3, 5000))
    assert not in_fixed_lane(firer, Point(1.2, 8, 5000))
    assert not in_fixed_lane(firer, Point(0, -3, 5000))
    east = plane(heading_deg=90)
    assert in_fixed_lane(east, Point(8, 0.5, 5000)) and not in_fixed_lane(east, Point(0.5, 8, 5000))


@pytest.mark.parametrize(
    ("pitch", "target_alt_ft", "horizontal_in", "verdict"),
    [
        (2, 6000, 10, "no firing"),
        (-2, 4000, 10, "no firing"),
        (1, 5000, 10, "ok"),
        (1, 5400, 10, "ok"),
        (1, 4950, 10, "target below"),
        (-1, 5000, 10, "ok"),
        (-1, 4000, 10, "ok"),
        (-1, 5050, 10, "target above"),
        (0, 5500, 10, "ok"),  # 500 ft = 10 in: range equals the difference
        (0, 4500, 10, "ok"),
        (0, 5550, 10, "too steep"),
        (0, 4400, 10, "too steep"),
    ],
)
def test_the_vertical_firing_table(
    pitch: int, target_alt_ft: float, horizontal_in: float, verdict: str
) -> None:
    """The table, not the prose (reference §6 #4): Level needs horizontal range ≥ height
    difference."""
    assert vertical_firing(plane(pitch=pitch), Point(0, horizontal_in, target_alt_ft)) == verdict


def test_a_point_straight_above_reads_twelve_and_is_up() -> None:
    assert clock_hour(plane(), 0, 0, 5400) == 12
    assert arc_of(plane(), Point(0, 0, 5400)) == "up"
