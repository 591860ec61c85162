"""The 3D and 2D moves (Fm–Im)."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
def test_every_default_move_has_the_segments_slant_range(cell: Cell, fp: int) -> None:
    move = default_3d_move(fp, cell)
    assert slant_range_fp(move.h_hexes, abs(move.v_steps)) == fp
    climbing = move.v_steps > 0
    if cell.pitch_deg > 0:
        assert climbing
    if cell.pitch_deg < 0:
        assert move.v_steps < 0
    if fp >= 2 and abs(cell.pitch_deg) != 60:
        assert move in legal_3d_moves(fp, cell)


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
