"""Initiative (§4.0) and break-off checks (§10.0), with recorded dice."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.breakoff import (
    break_off,
    break_off_modifier,
    can_try_break_off,
    track_modifier,
)
from engine.phantoms.hexgrid import behind
from engine.phantoms.initiative import initiative_modifier, roll_initiative

from .cards import plane


def test_initiative_modifiers() -> None:
    assert initiative_modifier([plane(quality="ace"), plane(quality="green")], False) == 2
    assert (
        initiative_modifier([plane(quality="green"), plane(quality="inexperienced")], False) == -2
    )
    assert initiative_modifier([plane(quality="average", loaded=True)], True) == -1
    assert initiative_modifier([plane(quality="average")], True) == 1


def test_initiative_highest_modified_roll_wins() -> None:
    sides = {"blue": [plane(quality="ace")], "red": [plane("red-1", "red", quality="green")]}
    # blue 3 + 2 = 5; red 7 − 2 = 5: tie, re-roll; blue 1 + 2 = 3, red 2 − 2 = 0.
    dice = Dice.seeded(0, recorded=[("d10", 3), ("d10", 7), ("d10", 1), ("d10", 2)])
    assert roll_initiative(sides, (), dice) == "blue"
    assert [r.purpose for r in dice.rolls][2] == "initiative, side blue, roll 2"


def test_initiative_controller_breaks_the_tie() -> None:
    sides = {"blue": [plane()], "red": [plane("red-1", "red")]}
    dice = Dice.seeded(0, recorded=[("d10", 6), ("d10", 6)])
    assert roll_initiative(sides, {"red"}, dice) == "red"


def test_initiative_a_rolled_10_is_ten() -> None:
    sides = {"blue": [plane()], "red": [plane("red-1", "red")]}
    assert roll_initiative(sides, (), Dice.seeded(0, recorded=[("d10", 9), ("d10", 0)])) == "red"


@pytest.mark.parametrize(
    ("turn", "modifier"),
    [(1, 1), (2, 1), (3, -2), (4, -2), (5, -2), (6, 2), (7, 4), (8, 4), (12, 4)],
)
def test_break_off_track_by_turn(turn: int, modifier: int) -> None:
    assert track_modifier(turn) == modifier


def test_break_off_pilot_and_spotting_modifiers() -> None:
    assert break_off_modifier(plane(quality="ace"), 1) == 2
    assert break_off_modifier(plane(quality="green"), 6) == 0
    assert break_off_modifier(plane(), 3, not_spotted=True) == 3


def test_a_tailed_aircraft_may_not_try() -> None:
    jet = plane(hex_=Hex(0, 0), facing=0)
    tailer = plane("red-1", "red", hex_=behind(Hex(0, 0), 0), facing=0)
    beside = plane("red-2", "red", hex_=Hex(3, 0), facing=0)
    assert not can_try_break_off(jet, [tailer, beside])
    assert can_try_break_off(jet, [beside])
    assert not can_try_break_off(plane(out_of_control=True), [beside])


def test_break_off_must_beat_the_enemy_roll() -> None:
    jet = plane()
    # Turn 3: 6 − 2 = 4 against 4 — the enemy's equal roll holds it.
    assert not break_off(jet, 3, Dice.seeded(0, recorded=[("d10", 6), ("d10", 4)]))
    assert not jet.broke_off
    # Turn 7: 1 + 4 = 5 against 4 — away.
    assert break_off(jet, 7, Dice.seeded(0, recorded=[("d10", 1), ("d10", 4)]))
    assert jet.broke_off and jet.cause == "broke off" and not jet.in_play
