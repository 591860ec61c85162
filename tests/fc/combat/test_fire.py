"""Weapons fire's charts and the shot (§Weapons Fire), with the seed's worked examples."""

from __future__ import annotations

import pytest

from engine.fc.fire import (
    Modifier,
    Shot,
    altitude_modifier_ft,
    reach_modifiers,
    tape_ft,
    target_maneuver_modifier_ft,
)
from models.fc.sheet import control_sheets


def test_a_hard_roll_at_speed_four_takes_twelve_feet() -> None:
    """Worked example: a target in a Hard Roll at 4 yardsticks, −12 ft."""
    assert target_maneuver_modifier_ft("hard_roll", 4, "level", 4) == -12


def test_a_jink_at_two_troubles_only_the_shooter_at_the_jinker() -> None:
    """Worked example: −2 ft at the jinker at speed 2; the jinker's own fire is unmodified."""
    assert target_maneuver_modifier_ft("jink", 2, "level", 3) == -2
    assert target_maneuver_modifier_ft("level", 3, "jink", 2) == 0


def test_a_rolling_shooter_at_the_targets_speed_cancels_the_roll() -> None:
    """Worked example: both rolling at the same speed, no modifier for the roll."""
    assert target_maneuver_modifier_ft("barrel_roll", 3, "roll_out", 3) == 0
    assert target_maneuver_modifier_ft("hard_roll", 2, "hard_roll", 2) == 0


def test_rolls_at_different_speeds_leave_the_difference_as_the_speed() -> None:
    """Speeds 4 and 1: the difference, 3, read on the target's row (docs/rulings.md)."""
    assert target_maneuver_modifier_ft("roll_out", 4, "barrel_roll", 1) == -6
    assert target_maneuver_modifier_ft("hard_roll", 1, "barrel_roll", 4) == -9


def test_a_roll_does_not_offset_a_jink() -> None:
    assert target_maneuver_modifier_ft("jink", 3, "barrel_roll", 3) == -3


@pytest.mark.parametrize(
    ("group", "row"),
    [
        ("barrel_roll", (-1, -3, -6, -9, -12)),
        ("roll_out", (-1, -3, -6, -9, -12)),
        ("hard_roll", (-3, -6, -9, -12, -15)),
        ("jink", (-1, -2, -3, -4, -5)),
    ],
)
def test_the_target_maneuver_chart(group: str, row: tuple[int, ...]) -> None:
    assert tuple(target_maneuver_modifier_ft(group, s, "level", 3) for s in range(1, 6)) == row  # type: ignore[arg-type]


def test_other_maneuvers_give_no_modifier() -> None:
    for group in ("level", "turning", "hard_turn", "climb", "dive", "immelmann", "loop"):
        assert target_maneuver_modifier_ft(group, 3, "level", 3) == 0  # type: ignore[arg-type]


def test_the_altitude_chart() -> None:
    assert [altitude_modifier_ft(20, b) for b in (18, 19, 20, 21, 22)] == [-4, -2, 0, -2, -4]
    with pytest.raises(ValueError, match="3 bands away"):
        altitude_modifier_ft(20, 23)


def test_skill_and_sheet_notes_add_reach() -> None:
    hurricane = control_sheets()["hurricane-i"]
    mods = reach_modifiers(
        sheet=hurricane,
        skill="ace",
        shooter_band=10,
        shooter_group="level",
        shooter_speed=3,
        target_band=11,
        target_group="jink",
        target_speed=2,
    )
    whys = {m.why: m.feet for m in mods}
    assert whys["ace pilot"] == 2
    assert whys["target 1 band(s) higher"] == -2
    assert whys["target's jink at speed 2"] == -2
    bonus = [n.modifier for n in hurricane.handling if n.kind == "reach_bonus"]
    assert whys.get("the sheet's handling", 0) == sum(bonus)


def test_within_the_reach_is_a_hit() -> None:
    shot = Shot("a", "b", "brownings", ("l",), (3, 4, 2), (Modifier(-2, "x"),), 7.0)
    assert shot.reach_ft == 7 and shot.hit
    assert not Shot("a", "b", "g", ("l",), (3, 4, 2), (Modifier(-3, "x"),), 7.0).hit


def test_the_tape_runs_up_the_bands() -> None:
    assert tape_ft(4.0, 10, 13) == pytest.approx(5.0)
    assert tape_ft(4.0, 10, 10) == 4.0
