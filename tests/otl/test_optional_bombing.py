"""§Bombing and Loaded Planes."""

from __future__ import annotations

from typing import Any

import pytest

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.optional.bombing import (
    bombing_modifier,
    check_bombing_run,
    drop_bombs,
    jettison,
    loaded_climb_ft,
    loaded_power,
)
from engine.otl.state import PlaneState
from models.otl.orders import OtlRound, parse_moves
from models.otl.scenario import OtlOptions
from tests.otl.test_optional_planes import plane, unit

BOMBING = OtlOptions(bombing=True)
DEPOT = unit("depot", "target", "central", size="large")


def bomber(**changes: Any) -> PlaneState:
    loaded = plane("dh4-1", alt_ft=2_500.0, speed=9, **changes)
    loaded.bombs = True
    return loaded


def run(moves: str) -> OtlRound:
    return OtlRound(moves=parse_moves(moves), bomb="depot")


def test_the_load_halves_positive_power_and_the_climb_rate() -> None:
    assert [loaded_power(v, True) for v in (4, 3, 1, 0, -1, -2)] == [2, 1, 0, 0, -1, -2]
    assert loaded_power(3, False) == 3
    assert loaded_climb_ft(75, True) == 25
    assert loaded_climb_ft(100, True) == 50
    assert loaded_climb_ft(25, True) == 25
    assert loaded_climb_ft(75, False) == 75


def test_a_straight_round_in_ue_at_level_or_in_a_dive_is_a_bombing_run() -> None:
    check_bombing_run(bomber(), run("9"), DEPOT, BOMBING, 4)
    check_bombing_run(bomber(pitch=-1), run("@100 9"), DEPOT, BOMBING, 4)


@pytest.mark.parametrize(
    ("changes", "moves", "blamed"),
    [
        ({"bank": 1}, "B1:9", "UE bank, not UR"),
        ({"pitch": -2}, "9", "Level or in a Dive, not VD"),
        ({"pitch": 1}, "9", "not C"),
        ({}, "4 R 5", "move 2 changes bank or pitch"),
        ({}, "slip:2 7", "move 1 is a slip"),
    ],
)
def test_a_run_flown_otherwise_is_illegal(changes: dict[str, int], moves: str, blamed: str) -> None:
    with pytest.raises(IllegalOrder, match=blamed) as error:
        check_bombing_run(bomber(**changes), run(moves), DEPOT, BOMBING, 4)
    assert "bomb:" in str(error.value) and "§Bombing" in str(error.value)
    assert error.value.turn == 4


def test_no_bombs_no_target_or_the_rule_off_is_illegal() -> None:
    empty = plane()
    with pytest.raises(IllegalOrder, match="carries no bombs"):
        check_bombing_run(empty, run("8"), DEPOT, BOMBING, 1)
    with pytest.raises(IllegalOrder, match="no ground unit 'depot'"):
        check_bombing_run(bomber(), run("9"), None, BOMBING, 1)
    with pytest.raises(IllegalOrder, match="not in play"):
        check_bombing_run(bomber(), run("9"), DEPOT, OtlOptions(), 1)


def test_the_bombing_table_counts_height_speed_and_size() -> None:
    assert bombing_modifier(2_500.0, 9, "large") == 2 + 1 - 1
    assert bombing_modifier(999.0, 4, "small") == 0 + 0 + 2
    assert bombing_modifier(3_000.0, 10, "huge") == 3 + 2 - 2


def test_a_drop_rolls_hits_on_1_to_4_and_clears_the_load() -> None:
    loaded = bomber()
    event = drop_bombs(loaded, DEPOT, Dice.seeded(0, [("d6", 2)]), speed=9, round_no=4)
    assert event.kind == "otl.bomb" and event.data["hit"]  # 2 + 2 = 4
    assert not loaded.bombs
    event = drop_bombs(bomber(), DEPOT, Dice.seeded(0, [("d6", 3)]), speed=9, round_no=4)
    assert not event.data["hit"]


def test_a_drop_far_from_the_target_falls_wide_without_a_roll() -> None:
    dice = Dice.seeded(0)
    event = drop_bombs(bomber(x_in=10.0), DEPOT, dice, speed=9, round_no=4)
    assert not event.data["hit"] and not dice.rolls
    assert not jettison(bomber(), 5).data["hit"]
