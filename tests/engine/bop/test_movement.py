"""The 3D and 2D moves (Fm–Im)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import move_diagram
from engine.bearing import pitch_ring_candidates
from engine.bop.movement import (
    Move3D,
    default_3d_move,
    default_end_hex,
    legal_3d_moves,
    legal_end_hexes,
    slant_range_fp,
)
from engine.hexmap import Hex
from engine.phad import ALL_CELLS, Cell, Edge

P = Cell.parse


@pytest.mark.parametrize(
    ("vector", "fp", "expected"),
    [
        ("015+00", 10, (10, 0)),
        ("030+30", 10, (9, 10)),
        ("030-30", 10, (9, -10)),
        ("030+60", 10, (4, 15)),
        ("All+90", 10, (0, 20)),
        ("All-90", 4, (0, -8)),
    ],
)
def test_default_3d_move_follows_the_true_climb_angle(
    vector: str, fp: int, expected: tuple[int, int]
) -> None:
    move = default_3d_move(fp, P(vector))
    assert (move.h_hexes, move.v_steps) == expected
    assert move in legal_3d_moves(fp, P(vector))


def test_an_edge_vector_may_use_either_ring() -> None:
    edge = Edge(P("030+60"), P("030+30"))
    rings = {
        r for m in legal_3d_moves(6, edge) for r in pitch_ring_candidates(m.h_hexes, m.v_steps)
    }
    assert {30, 60} <= rings
    move = default_3d_move(6, edge)
    angle = math.degrees(math.atan2(move.v_steps * 200, move.h_hexes * 400))
    assert 35 < angle < 55


@given(st.sampled_from(ALL_CELLS), st.integers(1, 25))
def test_every_default_move_counts_the_segments_fp(cell: Cell, fp: int) -> None:
    """Fm: n FP reach a dot of a cell n cells out on the 3D Movement diagram, and slant
    range n beyond it; every ring has such a dot, so the default is always legal."""
    move = default_3d_move(fp, cell)
    if move_diagram.covers(move.h_hexes, move.v_steps):
        assert fp in move_diagram.dot_ranges_fp(move.h_hexes, move.v_steps)
    else:
        assert slant_range_fp(move.h_hexes, abs(move.v_steps)) == fp
    climbing = move.v_steps > 0
    if cell.pitch_deg > 0:
        assert climbing
    if cell.pitch_deg < 0:
        assert move.v_steps < 0
    assert move in legal_3d_moves(fp, cell)


@pytest.mark.parametrize("vector", ["030+60", "150-60"])
def test_one_fp_in_a_60_ring_ends_on_the_edge_dot(vector: str) -> None:
    """Fm: a one-FP move in the ±60 ring has only the light dot on the cell's edge, never
    the cell's centre: on the rebuilt diagram that is H 1, V ±2, the top (or bottom) edge
    of the cell one FP out along the diagonal."""
    sign = 1 if P(vector).pitch_deg > 0 else -1
    assert legal_3d_moves(1, P(vector)) == (Move3D(1, 2 * sign),)
    assert not move_diagram.is_cell_centre(1, 2)
    assert move_diagram.cell_range_fp(1, sign) == 1  # the cell it touches, one FP out
    assert move_diagram.dot_pitch_rings(1, sign) == (30 * sign,)  # whose centre is ±30


def test_the_diagram_decides_moves_inside_its_limits_and_the_formulas_outside() -> None:
    """Bearing Pitch Ring / Fm: within 8 hexes and 16 steps the diagram's colours rule
    (H 7, V 12 is in the +30 wedge, cut by the 45-degree border, though the formulas say
    +60 alone); farther out the formulas do (H 14, V 24 is +60 alone)."""
    up30, up60 = P("030+30"), P("030+60")
    assert Move3D(7, 12) in legal_3d_moves(10, up30)  # the diagram: 30 (and 60)
    assert Move3D(7, 12) in legal_3d_moves(10, up60)
    assert pitch_ring_candidates(14, 24) == (60,)  # 5H < 3V, beyond the diagram
    assert Move3D(14, 24) not in legal_3d_moves(19, up30)
    assert Move3D(14, 24) in legal_3d_moves(19, up60)


def test_zero_fp_stays_put() -> None:
    assert default_3d_move(0, P("015+00")) == Move3D(0, 0)


def test_end_hexes_lie_in_the_headings_wedge() -> None:
    start = Hex(0, 0)
    assert {str(h) for h in legal_end_hexes(start, 3, P("015+00"))} == {"0,3", "1,2"}
    assert default_end_hex(start, 3, P("015+00")) == Hex(1, 2)
    # a ±60 cell's wedge is 60° wide
    assert len(legal_end_hexes(start, 3, P("030+60"))) == 4
    # straight up: any hex at the distance
    assert len(legal_end_hexes(start, 2, P("All+90"))) == 12


@given(st.sampled_from([c for c in ALL_CELLS if c.heading_deg is not None]), st.integers(1, 12))
def test_default_end_hex_is_at_the_distance_and_in_the_wedge(cell: Cell, h: int) -> None:
    start = Hex(2, -1)
    end = default_end_hex(start, h, cell)
    assert start.distance_to(end) == h
    assert end in legal_end_hexes(start, h, cell)
