"""Tests for range and bearings ("Range" and "Bearings")."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.bearing import (
    HEADING_TOLERANCE_DEG,
    AmbiguousBearing,
    NoBearing,
    formula_pitch_ring_candidates,
    heading_candidates,
    horizontal_range_hexes,
    pitch_ring_candidates,
    shoot_bearing,
    slant_range_exact_fp,
    slant_range_fp,
    vertical_separation_steps,
)
from engine.hexmap import Hex, Position
from engine.phad.cells import Cell, InvalidCell

coords = st.integers(min_value=-12, max_value=12)
positions = st.builds(Position, st.builds(Hex, coords, coords), st.integers(0, 40))


def at(text: str) -> Position:
    return Position.parse(text)


def cells(*texts: str) -> tuple[Cell, ...]:
    return tuple(Cell.parse(t) for t in texts)


def _angle_gap_deg(a: float, b: float) -> float:
    gap = abs(a - b) % 360.0
    return min(gap, 360.0 - gap)


# --- range ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("h", "v", "exact", "rounded"),
    [
        (5, 3, 5.0, 5),  # V <= H: the horizontal range
        (2, 7, 4.5, 5),  # (2 + 7) / 2 = 4.5, a half rounds up
        (0, 4, 2.0, 2),  # straight up
        (3, 3, 3.0, 3),
        (1, 4, 2.5, 3),
        (4, 0, 4.0, 4),
        (0, 1, 0.5, 1),
    ],
)
def test_slant_range(h: int, v: int, exact: float, rounded: int) -> None:
    low, high = at("0,0,10"), at(f"0,{h},{10 + v}")
    for a, b in ((low, high), (high, low)):
        assert horizontal_range_hexes(a, b) == h
        assert vertical_separation_steps(a, b) == v
        assert slant_range_exact_fp(a, b) == exact
        assert slant_range_fp(a, b) == rounded


@given(positions, positions)
def test_slant_range_rounds_half_up_and_is_symmetric(a: Position, b: Position) -> None:
    exact = slant_range_exact_fp(a, b)
    assert slant_range_fp(a, b) == math.floor(exact + 0.5)
    assert slant_range_fp(a, b) == slant_range_fp(b, a)
    assert slant_range_fp(a, b) >= horizontal_range_hexes(a, b)


# --- pitch ring ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("h", "v", "rings"),
    [
        (1, 0, (0,)),
        (7, 0, (0,)),
        (5, 2, (0,)),  # H > 2V
        (4, 2, (0, 30)),  # H == 2V: border of 00 and 30
        (2, 1, (0, 30)),
        (3, 2, (30,)),
        (2, 3, (30,)),
        (3, 5, (30, 60)),  # 5H == 3V: border of 30 and 60
        (6, 10, (30, 60)),
        (1, 2, (60,)),
        (1, 6, (60,)),
        (1, 7, (60, 90)),  # 7H == V: border of 60 and 90
        (2, 14, (60, 90)),
        (1, 8, (90,)),
        (0, 1, (90,)),  # same hex, higher
        (4, -2, (0, -30)),
        (2, -1, (0, -30)),
        (3, -2, (-30,)),
        (3, -5, (-30, -60)),
        (1, -2, (-60,)),
        (1, -7, (-60, -90)),
        (0, -1, (-90,)),
    ],
)
def test_pitch_ring_formula_table(h: int, v: int, rings: tuple[int, ...]) -> None:
    """Bearing Pitch Ring, the formulas (which rule beyond the 3D Movement diagram)."""
    assert formula_pitch_ring_candidates(h, v) == rings


def test_pitch_ring_needs_a_separation() -> None:
    with pytest.raises(NoBearing, match="same hex at the same altitude"):
        pitch_ring_candidates(0, 0)


def test_pitch_ring_rejects_negative_range() -> None:
    with pytest.raises(ValueError, match="horizontal range cannot be negative"):
        pitch_ring_candidates(-1, 2)


@given(st.integers(0, 60), st.integers(-60, 60))
def test_pitch_ring_formula_is_ambiguous_exactly_on_an_equality(h: int, v: int) -> None:
    assume(h or v)
    rings = formula_pitch_ring_candidates(h, v)
    on_border = v != 0 and (h == 2 * abs(v) or 5 * h == 3 * abs(v) or 7 * h == abs(v))
    assert (len(rings) == 2) == on_border
    assert all(ring * v >= 0 for ring in rings)  # never against the climb or dive
    assert (rings[0] == 0) == (h >= 2 * abs(v))
    if len(rings) == 2:
        assert abs(rings[1]) == abs(rings[0]) + 30  # the neighbouring ring, steeper


@given(st.integers(0, 60), st.integers(1, 60))
def test_pitch_ring_never_falls_as_the_climb_grows(h: int, v: int) -> None:
    for rings in (pitch_ring_candidates, formula_pitch_ring_candidates):
        assert rings(h, v + 1)[0] >= rings(h, v)[0]
        assert rings(h, -v - 1)[0] <= rings(h, -v)[0]


# --- heading -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pitch", "theta", "headings"),
    [
        (0, 0.0, (345, 15)),  # due north sits on the 345/015 border
        (0, 360.0, (345, 15)),
        (0, 10.0, (15,)),
        (0, 30.0, (15, 45)),
        (0, 30.0 + 1e-12, (15, 45)),  # within the tolerance
        (0, 30.0 + 1e-6, (45,)),  # beyond it
        (0, -15.0, (345,)),
        (0, 200.0, (195,)),
        (30, 0.0, (0,)),
        (30, 352.0, (0,)),
        (30, 15.0, (0, 30)),
        (-30, 105.0, (90, 120)),
        (-30, 110.0, (120,)),
        (60, 0.0, (330, 30)),
        (60, 45.0, (30,)),
        (60, 60.0, (30, 90)),
        (-60, 200.0, (210,)),
        (-60, 180.0, (150, 210)),
        (90, None, (None,)),
        (-90, 123.0, (None,)),
    ],
)
def test_heading_candidates(pitch: int, theta: float | None, headings: tuple[int, ...]) -> None:
    assert heading_candidates(pitch, theta) == headings


def test_heading_candidates_need_a_map_heading_off_the_poles() -> None:
    with pytest.raises(ValueError, match="the 00 ring needs a finite map heading"):
        heading_candidates(0, None)
    with pytest.raises(ValueError, match="the -30 ring needs a finite map heading"):
        heading_candidates(-30, math.nan)


def test_heading_candidates_reject_unknown_rings() -> None:
    with pytest.raises(InvalidCell):
        heading_candidates(45, 0.0)


@given(
    st.sampled_from([-90, -60, -30, 0, 30, 60, 90]),
    st.floats(min_value=-720.0, max_value=720.0, allow_nan=False),
)
def test_heading_candidates_cover_the_direction(pitch: int, theta: float) -> None:
    headings = heading_candidates(pitch, theta)
    assert 1 <= len(headings) <= 2
    if abs(pitch) == 90:
        assert headings == (None,)
        return
    half_width = 30.0 if abs(pitch) == 60 else 15.0
    for heading in headings:
        assert heading is not None
        assert _angle_gap_deg(theta, heading) <= half_width + HEADING_TOLERANCE_DEG


# --- shooting bearings by hand -------------------------------------------------------------


def test_due_north_level_is_a_border_in_the_00_ring() -> None:
    bearing = shoot_bearing(at("0,0,10"), at("0,2,10"))
    assert bearing.h_hexes == 2
    assert bearing.v_steps == 0
    assert bearing.slant_range_fp == 2
    assert bearing.map_heading_deg == 0.0
    assert bearing.candidates == cells("345+00", "015+00")
    assert bearing.reciprocal_candidates == cells("165+00", "195+00")
    assert bearing.is_ambiguous


def test_ambiguous_bearing_has_no_single_cell() -> None:
    bearing = shoot_bearing(at("0,0,10"), at("0,2,10"))
    with pytest.raises(AmbiguousBearing) as excinfo:
        _ = bearing.cell
    assert str(excinfo.value) == (
        "the bearing from 0,0,10 to 0,2,10 lies on a cell border; "
        "pick one of the candidates: 345+00, 015+00"
    )
    assert isinstance(excinfo.value, ValueError)


def test_spine_at_030_is_a_border_in_the_00_ring() -> None:
    # 030 is the edge between the 015 and 045 wedges of the 00 ring.
    bearing = shoot_bearing(at("0,0,5"), at("1,1,5"))
    assert bearing.map_heading_deg == 30.0
    assert bearing.candidates == cells("015+00", "045+00")


def test_level_bearing_inside_a_wedge() -> None:
    bearing = shoot_bearing(at("0,0,5"), at("2,1,5"))  # about 040.9
    assert not bearing.is_ambiguous
    assert bearing.cell == Cell.parse("045+00")
    assert bearing.reciprocal_candidates == cells("225+00")


def test_climbing_north_in_the_30_ring() -> None:
    bearing = shoot_bearing(at("0,0,0"), at("0,3,2"))  # H 3, V 2
    assert bearing.cell == Cell.parse("000+30")
    assert bearing.reciprocal_candidates == cells("180-30")
    assert bearing.slant_range_fp == 3


def test_hexrow_at_060_in_the_30_ring_is_a_cell_centre() -> None:
    bearing = shoot_bearing(at("0,0,0"), at("3,0,2"))
    assert bearing.cell == Cell.parse("060+30")


def test_spine_at_090_in_the_60_ring_is_a_cell_centre() -> None:
    bearing = shoot_bearing(at("0,0,0"), at("2,-1,4"))  # H 2, V 4
    assert bearing.cell == Cell.parse("090+60")


def test_hexrow_at_060_in_the_60_ring_is_a_border() -> None:
    bearing = shoot_bearing(at("0,0,0"), at("1,0,3"))  # H 1, V 3
    assert bearing.candidates == cells("030+60", "090+60")


def test_ring_border_and_heading_border_together() -> None:
    # Beyond the diagram, H == 2V puts the line between the 00 and +30 rings; due north
    # splits the 00 ring's 345 and 015 cells but is the middle of the +30 ring's 000 cell.
    bearing = shoot_bearing(at("0,0,0"), at("0,10,5"))
    assert bearing.candidates == cells("345+00", "015+00", "000+30")
    assert bearing.reciprocal_candidates == cells("165+00", "195+00", "180-30")


def test_ring_border_and_heading_border_together_on_the_diagram() -> None:
    # Within 8 hexes the 3D Movement diagram decides: H 2, V 1 is in the +30 wedge, and
    # the 15-degree border still cuts its dot, so the 00 ring's two cells stay available.
    bearing = shoot_bearing(at("0,0,0"), at("0,2,1"))
    assert bearing.candidates == cells("000+30", "345+00", "015+00")
    assert bearing.reciprocal_candidates == cells("180-30", "165+00", "195+00")


def test_border_of_the_60_and_90_rings() -> None:
    bearing = shoot_bearing(at("0,0,0"), at("9,0,63"))  # 7H == V, due 060, off the diagram
    assert bearing.candidates == cells("030+60", "090+60", "All+90")
    assert bearing.slant_range_fp == 36


def test_border_of_the_60_and_90_rings_on_the_diagram() -> None:
    bearing = shoot_bearing(at("0,0,0"), at("1,0,7"))  # H 1, V 7, due 060
    assert bearing.candidates == cells("All+90", "030+60", "090+60")
    assert bearing.slant_range_fp == 4


def test_descending_on_the_30_60_border() -> None:
    bearing = shoot_bearing(at("0,0,20"), at("0,-3,15"))  # H 3, V -5, due 180
    assert bearing.v_steps == -5
    assert bearing.candidates == cells("180-30", "150-60", "210-60")


def test_straight_up_and_down() -> None:
    up = shoot_bearing(at("3,-2,10"), at("3,-2,13"))
    assert up.map_heading_deg is None
    assert up.h_hexes == 0
    assert up.cell == Cell.parse("All+90")
    assert up.reciprocal_candidates == cells("All-90")
    assert up.slant_range_fp == 2  # 3 / 2 rounds up
    down = shoot_bearing(at("3,-2,13"), at("3,-2,10"))
    assert down.cell == Cell.parse("All-90")


def test_rulebook_reciprocal_example() -> None:
    # "Look the other way": a target in 210-60 sees the shooter in 030+60.
    shooter, target = at("0,0,10"), at("-1,-1,4")  # H 2, 6 steps lower, due 210
    bearing = shoot_bearing(shooter, target)
    assert bearing.cell == Cell.parse("210-60")
    assert bearing.reciprocal_candidates == cells("030+60")
    assert shoot_bearing(target, shooter).cell == Cell.parse("030+60")


def test_no_bearing_between_identical_positions() -> None:
    with pytest.raises(NoBearing) as excinfo:
        shoot_bearing(at("3,-2,10"), at("3,-2,10"))
    assert str(excinfo.value) == (
        "no bearing from 3,-2,10 to 3,-2,10: both are in the same hex at the same altitude"
    )
    assert isinstance(excinfo.value, ValueError)


# --- properties ----------------------------------------------------------------------------


@given(positions, positions)
def test_reciprocals_are_the_antipodes(a: Position, b: Position) -> None:
    assume(a != b)
    bearing = shoot_bearing(a, b)
    assert bearing.reciprocal_candidates == tuple(c.antipode() for c in bearing.candidates)


@given(positions, positions)
def test_shooting_back_gives_the_antipodes(a: Position, b: Position) -> None:
    assume(a != b)
    forward = shoot_bearing(a, b)
    back = shoot_bearing(b, a)
    assert set(back.candidates) == {c.antipode() for c in forward.candidates}
    assert back.candidates == forward.reciprocal_candidates  # even in the same order


@given(positions, positions)
def test_candidates_follow_the_pitch_rings(a: Position, b: Position) -> None:
    assume(a != b)
    bearing = shoot_bearing(a, b)
    rings = pitch_ring_candidates(bearing.h_hexes, bearing.v_steps)
    assert bearing.candidates[0].pitch_deg == rings[0]
    assert {c.pitch_deg for c in bearing.candidates} == set(rings)
    assert len(set(bearing.candidates)) == len(bearing.candidates)
    assert bearing.is_ambiguous == (len(bearing.candidates) > 1)
    if not bearing.is_ambiguous:
        assert bearing.cell == bearing.candidates[0]


@given(positions, positions)
def test_hex_lines_meet_heading_borders_only_along_hexrows_and_spines(
    a: Position, b: Position
) -> None:
    # Wedge borders lie on multiples of 15 degrees; between hex centres only multiples of
    # 30 occur, so the +-30 rings never split by heading, the 00 ring splits along every
    # hexrow and spine, and the +-60 rings split along hexrows only.
    assume(a.hex != b.hex)
    theta = a.hex.heading_to_deg(b.hex)
    splits = {
        0: theta % 30.0 == 0.0,
        30: False,
        60: theta % 60.0 == 0.0,
        90: False,
    }
    for ring in (-90, -60, -30, 0, 30, 60, 90):
        assert (len(heading_candidates(ring, theta)) == 2) == splits[abs(ring)]
