"""Intruders' solitaire enemy (I-p.14): every row of the maneuver table, the break-off
roll, closing and the hidden-AAA check, each with recorded dice."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead
from engine.phantoms.intruders.solitaire import (
    Reveal,
    break_off_edge,
    break_off_level,
    break_off_modifier,
    closing_move,
    enemy_breaks_off,
    enemy_maneuver,
    enemy_situation,
    forward_hexes,
    reveal_hidden_aaa,
    within_maneuver_range,
)

HERE = Hex(0, 0)


def rolled(*values: int) -> Dice:
    """Dice that replay d10 readings 1–10 (a 10 is the face 0)."""
    return Dice.seeded(0, recorded=[("d10", value % 10) for value in values])


# The seed's columns, lost 5s restored (I-p.14); "slip" and "turn" take a second d10.
HEAD_ON = ["S", "S", "S", "LT", "turn", "RT", "slip", "LHT", "RHT", "LOOP"]
TAILED = ["S", "S", "LT", "RT", "slip", "LHT", "LHT", "RHT", "RHT", "LOOP"]
SIDE = ["S", "S", "S", "S", "LT", "RT", "slip", "slip", "LOOP", "LOOP"]
COLUMNS = {"head_on": HEAD_ON, "tailed": TAILED, "side": SIDE}
ROWS = [(situation, roll) for situation in COLUMNS for roll in range(1, 11)]


@pytest.mark.parametrize(("situation", "roll"), ROWS)
def test_every_row_of_the_maneuver_table(situation: str, roll: int) -> None:
    expected = COLUMNS[situation][roll - 1]
    if expected in ("slip", "turn"):
        left, right = ("LS", "RS") if expected == "slip" else ("LT", "RT")
        assert enemy_maneuver(situation, rolled(roll, 5)) == left  # type: ignore[arg-type]
        assert enemy_maneuver(situation, rolled(roll, 6)) == right  # type: ignore[arg-type]
        assert enemy_maneuver(situation, rolled(roll, 1)) == left  # type: ignore[arg-type]
        assert enemy_maneuver(situation, rolled(roll, 10)) == right  # type: ignore[arg-type]
    else:
        dice = rolled(roll)
        assert enemy_maneuver(situation, dice) == expected  # type: ignore[arg-type]
        assert len(dice.rolls) == 1


def test_the_roll_is_recorded_with_its_purpose() -> None:
    dice = rolled(7, 2)
    assert enemy_maneuver("head_on", dice, who="MiG-21 #1") == "LS"
    assert [roll.purpose for roll in dice.rolls] == [
        "solitaire maneuver, head-on, MiG-21 #1 (I-p.14)",
        "solitaire maneuver, left or right, MiG-21 #1 (I-p.14)",
    ]


def test_a_slow_enemy_turns_normally_instead_of_hard() -> None:
    assert enemy_maneuver("tailed", rolled(6), hard_turns=False) == "LT"
    assert enemy_maneuver("head_on", rolled(9), hard_turns=False) == "RT"
    assert enemy_maneuver("head_on", rolled(10), hard_turns=False) == "LOOP"


def test_a_tailing_enemy_does_not_roll() -> None:
    with pytest.raises(ValueError, match="best shot"):
        enemy_maneuver("tailing", rolled(1))  # type: ignore[arg-type]


def test_situations() -> None:
    # Enemy at HERE facing north (0).
    assert enemy_situation(HERE, 0, ahead(HERE, 0, 3), 3) == "head_on"
    assert enemy_situation(HERE, 0, ahead(HERE, 0, 3), 0) == "tailing"
    assert enemy_situation(HERE, 0, ahead(HERE, 3, 3), 0) == "tailed"
    assert enemy_situation(HERE, 0, ahead(HERE, 3, 2), 3) == "tailed"
    assert enemy_situation(HERE, 0, ahead(HERE, 2, 3), 0) == "side"
    # Target dead ahead, crossing its nose: side.
    assert enemy_situation(HERE, 0, ahead(HERE, 0, 3), 1) == "side"


def test_closing_range_is_five_hexes() -> None:
    assert within_maneuver_range(HERE, ahead(HERE, 0, 4))
    assert not within_maneuver_range(HERE, ahead(HERE, 0, 5))
    assert not within_maneuver_range(HERE, ahead(HERE, 0, 9))


def test_closing_head_on_flies_straight_at_the_target_and_matches_level() -> None:
    move = closing_move(HERE, 0, 2, 6, ahead(HERE, 0, 8), 3, 5, 4)
    assert move.maneuver == "S"
    assert move.aim_hex == ahead(HERE, 0, 8)
    assert move.level_change == 3
    assert move.full_speed


def test_closing_trailing_turns_toward_the_target() -> None:
    # The target is astern of the enemy, a little to the right: a hard turn right.
    target = ahead(ahead(HERE, 3, 6), 2, 1)
    assert enemy_situation(HERE, 0, target, 0) == "tailed"
    move = closing_move(HERE, 0, 4, 6, target, 0, 1, 4)
    assert move.aim_hex == target  # being tailed: straight at it, no lead
    assert move.maneuver == "RHT"
    assert move.level_change == -3


def test_closing_from_the_side_leads_the_target() -> None:
    # Target 8 hexes to the enemy's east-north-east flying north: the enemy aims ahead of it.
    target = ahead(HERE, 1, 8)
    move = closing_move(HERE, 0, 4, 8, target, 0, 4, 4)
    assert enemy_situation(HERE, 0, target, 0) == "side"
    assert move.aim_hex == ahead(target, 0, 4)
    assert move.maneuver == "RT"


@pytest.mark.parametrize(
    ("enemies", "friends", "modifier"),
    [(2, 2, 0), (2, 3, 0), (2, 4, 1), (2, 5, 1), (2, 6, 2), (2, 8, 3), (1, 9, 3)],
)
def test_break_off_modifiers(enemies: int, friends: int, modifier: int) -> None:
    assert break_off_modifier(enemies, friends) == modifier


@pytest.mark.parametrize(
    ("enemies", "friends", "roll", "breaks"),
    [
        (2, 3, 7, False),  # outnumbered but less than 2:1: +0, 7 holds
        (2, 3, 8, True),
        (2, 4, 7, True),  # 2:1, +1
        (2, 4, 6, False),
        (1, 3, 6, True),  # 3:1, +2
        (1, 3, 5, False),
        (1, 4, 5, True),  # 4:1, +3
        (1, 4, 4, False),
    ],
)
def test_break_off_roll(enemies: int, friends: int, roll: int, breaks: bool) -> None:
    dice = rolled(roll)
    assert enemy_breaks_off(enemies, friends, dice) is breaks
    assert len(dice.rolls) == 1


def test_no_break_off_roll_before_a_loss_or_when_not_outnumbered() -> None:
    dice = rolled(10)
    assert not enemy_breaks_off(2, 4, dice, lost_aircraft=False)
    assert not enemy_breaks_off(3, 3, dice)
    assert not enemy_breaks_off(4, 2, dice)
    assert dice.rolls == []


def test_break_off_runs_for_a_random_edge_diving_to_level_2() -> None:
    assert break_off_edge(rolled(7, 3)) == "south"  # the d4 re-throws the 7
    assert break_off_level(6) == 2
    assert break_off_level(1) == 1


def test_forward_hexes() -> None:
    assert forward_hexes(HERE, 0) == (ahead(HERE, 0), ahead(HERE, 5), ahead(HERE, 1))


def test_hidden_aaa_shows_on_a_10_in_a_forward_hex() -> None:
    dice = Dice.seeded(0, recorded=[("d10", 4), ("d10", 0), ("chit", 2), ("d10", 9)])
    reveals = reveal_hidden_aaa(HERE, 0, 3, dice)
    assert reveals == (Reveal(ahead(HERE, 5), 1),)
    assert [roll.kind for roll in dice.rolls] == ["d10", "d10", "chit", "d10"]


def test_no_check_once_every_hidden_gun_is_out() -> None:
    dice = Dice.seeded(0, recorded=[("d10", 0), ("chit", 1)])
    assert reveal_hidden_aaa(HERE, 0, 1, dice) == (Reveal(ahead(HERE, 0), 0),)
    assert len(dice.rolls) == 2
    assert reveal_hidden_aaa(HERE, 0, 0, rolled()) == ()
