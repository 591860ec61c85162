"""The rebuilt 3D Movement diagram ("Bearing Pitch Ring", "Movement (Meta Steps Fm–Jm)")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import move_diagram as diagram
from engine.bearing import formula_pitch_ring_candidates, shoot_bearing, slant_range_fp
from engine.hexmap import Position
from engine.phad.cells import Cell

dots = st.tuples(st.integers(0, 8), st.integers(-16, 16)).filter(lambda hv: hv != (0, 0))


def at(text: str) -> Position:
    return Position.parse(text)


@given(dots)
def test_counting_cells_is_the_range_formula(dot: tuple[int, int]) -> None:
    """Range: the cell count to a cell centre is H, or (H + V) / 2 when V > H; an edge dot
    lies between cells one apart at most, the formula's half between them."""
    h, v = dot
    ranges = diagram.dot_ranges_fp(h, v)
    if diagram.is_cell_centre(h, v):
        assert ranges == (diagram.cell_range_fp(h, v),)
        assert ranges[0] == (h if abs(v) <= h else (h + abs(v)) // 2)
    else:
        assert max(ranges) - min(ranges) <= 1
        exact = h if abs(v) <= h else (h + abs(v)) / 2
        assert min(ranges) <= exact <= max(ranges)


@given(dots)
def test_colours_are_one_ring_or_two_neighbours_and_follow_the_climb(dot: tuple[int, int]) -> None:
    h, v = dot
    rings = diagram.dot_pitch_rings(h, v)
    assert 1 <= len(rings) <= 2
    assert all(ring * v >= 0 for ring in rings)
    if len(rings) == 2:
        assert abs(abs(rings[0]) - abs(rings[1])) == 30
    assert diagram.dot_pitch_rings(h, -v) == tuple(-r for r in rings)
    # where the drawing and the formulas differ, they still share a ring
    assert set(rings) & set(formula_pitch_ring_candidates(h, v))


@pytest.mark.parametrize(
    ("h", "v", "diagram_rings", "formula_rings"),
    [
        # the four formula ties nearest the centre touch a border as drawn too
        (2, 1, (30, 0), (0, 30)),
        (4, 2, (30, 0), (0, 30)),
        (3, 5, (30, 60), (30, 60)),
        (1, 7, (90, 60), (60, 90)),
        # farther ties are clear of the drawn borders
        (6, 3, (30,), (0, 30)),
        (8, 4, (30,), (0, 30)),
        (6, 10, (30,), (30, 60)),
        (2, 14, (90,), (60, 90)),
        # dots the formulas put in one ring that a drawn border cuts
        (1, 6, (60, 90), (60,)),
        (2, 13, (90, 60), (60,)),
        (4, 7, (60, 30), (60,)),
        (7, 12, (30, 60), (60,)),
        (8, 14, (60, 30), (60,)),
    ],
)
def test_where_the_diagram_and_the_formulas_differ(
    h: int, v: int, diagram_rings: tuple[int, ...], formula_rings: tuple[int, ...]
) -> None:
    """Bearing Pitch Ring: the diagram takes precedence over the formulas."""
    assert diagram.dot_pitch_rings(h, v) == diagram_rings
    assert formula_pitch_ring_candidates(h, v) == formula_rings


def test_the_diagram_differs_from_the_formulas_at_these_dots_only() -> None:
    differ = {
        (h, v)
        for h in range(9)
        for v in range(17)
        if (h, v) != (0, 0) and diagram.dot_pitch_rings(h, v) != formula_pitch_ring_candidates(h, v)
    }
    assert differ == {
        (1, 6), (1, 7), (2, 1), (2, 13), (2, 14), (4, 2),
        (4, 7), (6, 3), (6, 10), (7, 12), (8, 4), (8, 14),
    }  # fmt: skip


def test_bearings_use_the_diagram_within_8_hexes_and_16_steps() -> None:
    """Bearing Pitch Ring: H <= 8 and V <= 16 read the diagram; H 7, V 12 is a +30 dot cut
    by the 45-degree border, where the formulas give +60 alone."""
    bearing = shoot_bearing(at("0,0,0"), at("0,7,12"))
    assert bearing.h_hexes == 7 and bearing.v_steps == 12
    assert bearing.candidates == (Cell.parse("000+30"), Cell.parse("330+60"), Cell.parse("030+60"))
    assert bearing.slant_range_fp == slant_range_fp(at("0,0,0"), at("0,7,12")) == 10


@pytest.mark.parametrize(
    ("end", "rings"),
    [
        ("0,14,24", (60,)),  # H 14: beyond 8 hexes, 5H < 3V gives +60 only
        ("0,8,17", (60,)),  # V 17: beyond 16 steps
        ("0,12,6", (0, 30)),  # H == 2V beyond the diagram: the formula's border
    ],
)
def test_bearings_use_the_formulas_outside(end: str, rings: tuple[int, ...]) -> None:
    bearing = shoot_bearing(at("0,0,0"), at(end))
    assert not diagram.covers(bearing.h_hexes, bearing.v_steps)
    assert tuple(dict.fromkeys(c.pitch_deg for c in bearing.candidates)) == rings


def test_the_limits_are_inclusive() -> None:
    assert diagram.covers(8, 16) and diagram.covers(8, -16) and diagram.covers(0, 1)
    assert not diagram.covers(9, 0) and not diagram.covers(0, 17) and not diagram.covers(-1, 0)
    with pytest.raises(ValueError, match="off the 3D Movement diagram"):
        diagram.dot_pitch_rings(9, 0)
    with pytest.raises(ValueError, match="no cell is centred"):
        diagram.cell_range_fp(1, 0)
