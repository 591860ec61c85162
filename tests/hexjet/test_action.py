"""furball's Action Step (H7): speed hexes, the first move's turn, the turn allowance."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.hexjet.action import check_turns, plan, turn_points
from engine.hexjet.ticks import centre_ft, sample_move
from engine.hexmap import Hex


def test_an_ahead_move_runs_speed_hexes_along_the_facing() -> None:
    move = plan(Hex(0, 0), 0, 5, "ahead", 0, 8, 8)
    assert [s.hex for s in move.steps] == [Hex(0, r) for r in range(1, 6)]
    assert move.end_facing == 0 and move.hexsides_turned == 0


def test_a_right_cell_turns_before_the_first_hex() -> None:
    """§6.3.1: the first move must be the turn the cell names."""
    move = plan(Hex(0, 0), 0, 3, "right", 1, 8, 8)
    assert move.steps[0].turned == 1 and move.steps[0].facing == 1
    assert move.steps[0].hex == Hex(1, 0)
    assert [s.turned for s in move.steps[1:]] == [0, 0]


def test_turns_are_spread_evenly_over_the_move() -> None:
    assert turn_points(6, 3) == frozenset({0, 2, 4})
    move = plan(Hex(0, 0), 0, 6, "left", 3, 5, 5)
    assert [s.turned for s in move.steps] == [-1, 0, -1, 0, -1, 0]
    assert move.end_facing == 3


def test_turn_limits() -> None:
    with pytest.raises(IllegalOrder, match="Ahead cell makes no turn"):
        check_turns("ahead", 1, 6, 2, "a", seed_only=False)
    with pytest.raises(IllegalOrder, match="turn allowance at speed 6 is 2"):
        check_turns("right", 3, 6, 2, "a", seed_only=False)
    with pytest.raises(IllegalOrder, match="seed alone"):
        check_turns("right", 2, 6, 2, "a", seed_only=True)
    check_turns("right", 2, 6, 2, "a", seed_only=False)


def test_the_drawn_path_ends_on_the_rule_hex_and_flies_the_levels_evenly() -> None:
    move = plan(Hex(0, 0), 0, 4, "right", 2, 6, 8)
    samples = sample_move(move, 40, 4)
    x, y = centre_ft(move.end)
    assert samples.x_ft[-1] == pytest.approx(x) and samples.y_ft[-1] == pytest.approx(y)
    assert samples.z_ft[-1] == pytest.approx(8000.0)
    assert samples.z_ft[19] == pytest.approx(7000.0, abs=60.0)
    assert samples.heading_deg[-1] == pytest.approx(120.0)
    assert max(abs(samples.bank_deg)) > 30.0
