"""Tests for the hex map: coordinates, neighbours, distances, directions and positions."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexmap import (
    HEX_FT,
    NEIGHBOUR_HEADINGS_DEG,
    STEP_FT,
    Hex,
    InvalidCoordinate,
    Position,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
directions = st.sampled_from(NEIGHBOUR_HEADINGS_DEG)


def _angle_gap_deg(a: float, b: float) -> float:
    gap = abs(a - b) % 360.0
    return min(gap, 360.0 - gap)


# --- scale ---------------------------------------------------------------------------------


def test_scale_constants() -> None:
    assert HEX_FT == 400.0
    assert STEP_FT == 200.0


# --- parsing and printing ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3,-2", Hex(3, -2)),
        ("0,0", Hex(0, 0)),
        (" 3 , -2 ", Hex(3, -2)),
        ("+4,7", Hex(4, 7)),
        ("-5,\u22121", Hex(-5, -1)),  # Unicode minus sign
    ],
)
def test_hex_parse(text: str, expected: Hex) -> None:
    assert Hex.parse(text) == expected


@pytest.mark.parametrize("text", ["", "3", "3,", "3,x", "3,-2,1", "3.5,1", "a,b", "3;-2"])
def test_hex_parse_rejects_malformed_text(text: str) -> None:
    with pytest.raises(InvalidCoordinate) as excinfo:
        Hex.parse(text)
    assert str(excinfo.value) == f"{text!r} is not a hex: write Q,R with integers, e.g. 3,-2"


def test_invalid_coordinate_is_a_value_error() -> None:
    assert issubclass(InvalidCoordinate, ValueError)


def test_hex_rejects_non_integer_coordinates() -> None:
    with pytest.raises(InvalidCoordinate, match="q must be an integer"):
        Hex(1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidCoordinate, match="r must be an integer"):
        Hex(0, True)


@given(hexes)
def test_hex_str_round_trips(h: Hex) -> None:
    assert Hex.parse(str(h)) == h


def test_hex_str() -> None:
    assert str(Hex(3, -2)) == "3,-2"


# --- centres, neighbours and directions ----------------------------------------------------


def test_centres() -> None:
    assert Hex(0, 0).centre_ft() == (0.0, 0.0)
    assert Hex(0, 1).centre_ft() == (0.0, 400.0)
    x, y = Hex(1, 0).centre_ft()
    assert x == pytest.approx(200.0 * math.sqrt(3.0))
    assert y == 200.0
    x, y = Hex(2, -1).centre_ft()
    assert x == pytest.approx(400.0 * math.sqrt(3.0))
    assert y == 0.0


@pytest.mark.parametrize(
    ("heading", "step"),
    [(0, (0, 1)), (60, (1, 0)), (120, (1, -1)), (180, (0, -1)), (240, (-1, 0)), (300, (-1, 1))],
)
@pytest.mark.parametrize("origin", [Hex(0, 0), Hex(3, -2), Hex(-7, 11)])
def test_neighbours_lie_across_hexsides_at_exact_headings(
    origin: Hex, heading: int, step: tuple[int, int]
) -> None:
    neighbour = origin.neighbour(heading)
    assert neighbour == Hex(origin.q + step[0], origin.r + step[1])
    assert origin.heading_to_deg(neighbour) == float(heading)
    assert origin.distance_to(neighbour) == 1
    (x0, y0), (x1, y1) = origin.centre_ft(), neighbour.centre_ft()
    assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(HEX_FT)


def test_heading_360_is_north() -> None:
    assert Hex(0, 0).neighbour(360) == Hex(0, 1)


@pytest.mark.parametrize("heading", [30, 90, 45, -1, 61])
def test_neighbour_rejects_headings_between_hexsides(heading: int) -> None:
    with pytest.raises(InvalidCoordinate, match="use one of 000, 060, 120, 180, 240, 300"):
        Hex(0, 0).neighbour(heading)


@pytest.mark.parametrize(
    ("target", "heading"),
    [
        (Hex(1, 1), 30.0),
        (Hex(2, -1), 90.0),
        (Hex(1, -2), 150.0),
        (Hex(-1, -1), 210.0),
        (Hex(-2, 1), 270.0),
        (Hex(-1, 2), 330.0),
    ],
)
def test_spines_run_at_exact_odd_multiples_of_30(target: Hex, heading: float) -> None:
    origin = Hex(0, 0)
    assert origin.heading_to_deg(target) == heading
    assert origin.distance_to(target) == 2
    x, y = target.centre_ft()
    assert math.hypot(x, y) == pytest.approx(HEX_FT * math.sqrt(3.0))


@pytest.mark.parametrize(
    ("target", "heading"),
    [
        (Hex(2, 1), math.degrees(math.atan2(math.sqrt(3.0), 2.0))),  # about 040.9
        (Hex(1, 2), math.degrees(math.atan2(math.sqrt(3.0), 5.0))),  # about 019.1
        (Hex(-3, 2), 360.0 - math.degrees(math.atan2(3.0 * math.sqrt(3.0), 1.0))),  # about 280.9
        (Hex(-3, 1), 180.0 + math.degrees(math.atan2(3.0 * math.sqrt(3.0), 1.0))),  # about 259.1
    ],
)
def test_headings_off_the_hexrows(target: Hex, heading: float) -> None:
    assert Hex(0, 0).heading_to_deg(target) == pytest.approx(heading, abs=1e-12)


def test_no_heading_to_the_same_hex() -> None:
    with pytest.raises(ValueError, match="hex 3,-2 has no direction to itself"):
        Hex(3, -2).heading_to_deg(Hex(3, -2))


@given(hexes, hexes)
def test_heading_matches_the_centres(a: Hex, b: Hex) -> None:
    if a == b:
        return
    (xa, ya), (xb, yb) = a.centre_ft(), b.centre_ft()
    expected = math.degrees(math.atan2(xb - xa, yb - ya))
    heading = a.heading_to_deg(b)
    assert 0.0 <= heading < 360.0
    assert _angle_gap_deg(heading, expected) < 1e-9


@given(hexes, hexes)
def test_headings_are_reciprocal(a: Hex, b: Hex) -> None:
    if a == b:
        return
    assert _angle_gap_deg(a.heading_to_deg(b), b.heading_to_deg(a) + 180.0) < 1e-9


# --- distance ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "hexes_apart"),
    [
        (Hex(0, 0), Hex(0, 0), 0),
        (Hex(0, 0), Hex(3, -2), 3),
        (Hex(0, 0), Hex(2, 2), 4),
        (Hex(0, 0), Hex(-3, 5), 5),
        (Hex(1, -4), Hex(-2, -1), 3),
        (Hex(5, 5), Hex(-5, -5), 20),
        (Hex(-2, 7), Hex(4, 7), 6),
    ],
)
def test_distance_examples(a: Hex, b: Hex, hexes_apart: int) -> None:
    assert a.distance_to(b) == hexes_apart
    assert b.distance_to(a) == hexes_apart


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_for_the_same_hex(a: Hex, b: Hex) -> None:
    assert a.distance_to(b) == b.distance_to(a)
    assert a.distance_to(b) >= 0
    assert (a.distance_to(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance_to(c) <= a.distance_to(b) + b.distance_to(c)


@given(hexes, directions, st.integers(min_value=0, max_value=40))
def test_distance_along_a_hexrow_counts_the_steps(start: Hex, heading: int, steps: int) -> None:
    here = start
    for _ in range(steps):
        here = here.neighbour(heading)
    assert start.distance_to(here) == steps
    if steps:
        assert start.heading_to_deg(here) == float(heading)


@given(hexes, hexes)
def test_distance_is_the_shortest_walk(a: Hex, b: Hex) -> None:
    # Every step changes the distance by at most one, and away from the goal some step
    # gets one hex closer, so the distance is the length of the shortest walk.
    d = a.distance_to(b)
    after_one_step = [a.neighbour(h).distance_to(b) for h in NEIGHBOUR_HEADINGS_DEG]
    assert all(abs(step - d) <= 1 for step in after_one_step)
    if d:
        assert d - 1 in after_one_step


# --- positions -----------------------------------------------------------------------------


def test_position_parse_and_units() -> None:
    position = Position.parse("3,-2,25")
    assert position == Position(Hex(3, -2), 25)
    assert str(position) == "3,-2,25"
    assert position.alt_ft == 5000.0
    x, y, z = position.world_ft()
    assert (x, y) == Hex(3, -2).centre_ft()
    assert z == 5000.0


def test_position_parse_allows_spaces_and_ground_level() -> None:
    assert Position.parse(" 0 , 0 , 0 ") == Position(Hex(0, 0), 0)


@pytest.mark.parametrize("text", ["3,x,10", "3,-2", "3,-2,10,1", "3,-2,2.5", "", "3 -2 10"])
def test_position_parse_rejects_malformed_text(text: str) -> None:
    with pytest.raises(InvalidCoordinate) as excinfo:
        Position.parse(text)
    assert str(excinfo.value) == (
        f"{text!r} is not a position: write Q,R,ALT with integers, e.g. 3,-2,25"
    )


def test_position_parse_message_example() -> None:
    with pytest.raises(InvalidCoordinate) as excinfo:
        Position.parse("3,x,10")
    assert str(excinfo.value) == (
        "'3,x,10' is not a position: write Q,R,ALT with integers, e.g. 3,-2,25"
    )


def test_position_parse_rejects_negative_altitude() -> None:
    with pytest.raises(InvalidCoordinate) as excinfo:
        Position.parse("3,-2,-1")
    assert str(excinfo.value) == (
        "'3,-2,-1' is not a position: ALT is the altitude in 200 ft steps "
        "and must be 0 or more, got -1"
    )


def test_position_rejects_negative_or_fractional_altitude() -> None:
    with pytest.raises(InvalidCoordinate, match="altitude must be 0 or more steps of 200 ft"):
        Position(Hex(0, 0), -3)
    with pytest.raises(InvalidCoordinate, match="alt_steps must be an integer"):
        Position(Hex(0, 0), 2.5)  # type: ignore[arg-type]


@given(hexes, st.integers(min_value=0, max_value=300))
def test_position_str_round_trips(h: Hex, alt_steps: int) -> None:
    position = Position(h, alt_steps)
    assert Position.parse(str(position)) == position
    assert position.world_ft()[2] == alt_steps * STEP_FT
