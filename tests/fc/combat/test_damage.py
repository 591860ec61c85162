"""Damage from a hit and the skill test it makes due (§Damage, §Skill Test Due to Damage)."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.fc.condition import Condition
from engine.fc.damage import (
    blackout_course,
    chart_damage,
    gun_loss,
    resolve_hit,
)
from models.fc.sheet import control_sheets
from tests.fc.builders import plane


def dice(*faces: int) -> Dice:
    """Dice that roll ``faces`` in order, then fail loudly if asked for more."""
    return Dice.seeded(0, [("d6", f) for f in faces])


def hit(
    target_type: str,
    faces: tuple[int, ...],
    condition: Condition | None = None,
    *,
    skill: str = "veteran",
    turn: int = 1,
    shooter: str = "bf109e",
    groups: tuple[str, ...] | None = None,
):
    target = plane(target_type, skill=skill)  # type: ignore[arg-type]
    condition = condition or Condition.fresh(target.sheet)
    weapons = control_sheets()[shooter]
    forward = tuple(sorted({g.roll_group for g in weapons.guns if g.arc == "forward"}))
    chosen = groups or forward
    guns = sum(g.guns for g in weapons.guns if g.roll_group in chosen)
    rolled = dice(*faces)
    report = resolve_hit(
        rolled,
        target,
        condition,
        weapons=weapons,
        hit_groups=chosen,
        fired_guns=guns,
        group_guns=guns,
        turn=turn,
    )
    return report, condition, rolled


@pytest.mark.parametrize(
    ("die", "result"),
    [
        (1, "destroyed"),
        (2, "destroyed"),
        (3, "destroyed"),
        (4, "destroyed"),
        (5, "jammed"),
        (6, "jammed"),
    ],
)
def test_weapon_loss_table(die: int, result: str) -> None:
    """Worked example: 1–4 destroys the gun, 5–6 jams it."""
    assert gun_loss(die) == result


def test_guns_in_a_section_more_than_half_gone_roll_for_loss() -> None:
    """A Spitfire's left wing (16 hits) takes 9: its Brownings roll, a 5 jams them."""
    spit = control_sheets()["spitfire-ia"]
    condition = Condition.fresh(spit)
    condition.damage["left_wing"] = 6
    # location 2+3 (row 5: the left wing), damage 2D6 = 2+3 off the 109's chart, loss die 5,
    # then the damage test 6 (passes)
    report, condition, _ = hit("spitfire-ia", (2, 3, 2, 3, 5, 6), condition)
    assert spit.hit_location[5 - 2] == "left_wing"
    assert condition.damage["left_wing"] == 6 + control_sheets()["bf109e"].damage.all_sets[5 - 2]
    assert condition.guns["left_brownings"].state == "jammed"
    assert condition.guns["right_brownings"].state == "ready"
    assert "jammed" in report.text


def test_a_destroyed_section_passes_its_excess_inward_with_a_die_more() -> None:
    """Damage reaching the section's hits destroys it, the aircraft falls, and what is over
    goes along the arrow with 1D6 more."""
    spit = control_sheets()["spitfire-ia"]
    condition = Condition.fresh(spit)
    condition.damage["engine"] = spit.section("engine").hits - 2
    engine_row = spit.hit_location.index("engine") + 2
    a = min(engine_row - 1, 6)
    damage = control_sheets()["bf109e"].damage.all_sets[4 - 2]
    report, condition, _ = hit("spitfire-ia", (a, engine_row - a, 2, 2, 1), condition)
    assert report.falls
    assert "engine" in condition.destroyed
    inward = spit.section("engine").inward
    assert inward is not None
    assert condition.damage[inward] == damage - 2 + 1
    assert "pass inward to the fuel" in report.text


def test_a_later_wing_hit_may_go_on_the_other_wing() -> None:
    spit = control_sheets()["spitfire-ia"]
    condition = Condition.fresh(spit)
    condition.damage["left_wing"] = 5
    condition.wing_hit_turn = 1
    _report, condition, _ = hit("spitfire-ia", (2, 3, 1, 1, 6), condition, turn=2)
    assert condition.damage["left_wing"] == 5
    assert condition.damage["right_wing"] > 0


def test_the_same_turns_wing_hits_stay_where_they_land() -> None:
    spit = control_sheets()["spitfire-ia"]
    condition = Condition.fresh(spit)
    condition.damage["left_wing"] = 5
    condition.wing_hit_turn = 2
    _report, condition, _ = hit("spitfire-ia", (2, 3, 1, 1, 6), condition, turn=2)
    assert condition.damage["right_wing"] == 0


def test_only_one_weapon_hitting_uses_its_own_column() -> None:
    emil = control_sheets()["bf109e"]
    assert chart_damage(emil, 7, ("mg_17",), 2, 2) == emil.damage.one_set["mg_17"][5]
    assert chart_damage(emil, 7, ("mg_17", "mg_ff"), 4, 4) == emil.damage.all_sets[5]


def test_a_gun_set_that_did_not_fire_does_no_damage() -> None:
    """The Spitfire's left Brownings destroyed: the right set alone does half."""
    spit = control_sheets()["spitfire-ia"]
    full = spit.damage.all_sets[12 - 2]
    assert chart_damage(spit, 12, ("brownings",), 4, 8) == max(1, int(full / 2 + 0.5))


def test_three_damage_tests_then_he_must_leave() -> None:
    condition = None
    for turn in (1, 2, 3):
        # tail hit (row 7 or wherever), damage 1+1, test die 6 passes
        row = control_sheets()["spitfire-ia"].hit_location.index("tail") + 2
        a = min(row - 1, 6)
        report, condition, _ = hit("spitfire-ia", (a, row - a, 1, 1, 6), condition, turn=turn)
    assert condition is not None
    assert len(condition.damage_tests) == 3
    assert condition.must_leave
    assert "must leave" in report.text


def test_a_failed_cockpit_test_blacks_the_pilot_out() -> None:
    """First cockpit test failed: 1D6−2 turns (5 → 3), direction 2 dives left."""
    spit = control_sheets()["spitfire-ia"]
    row = spit.hit_location.index("cockpit") + 2
    a = min(row - 1, 6)
    _report, condition, _ = hit("spitfire-ia", (a, row - a, 1, 1, 1, 5, 2), skill="recruit")
    assert condition.blackout_turns == 3
    assert condition.out_of_control is not None
    assert condition.out_of_control.course == "dive_left"


@pytest.mark.parametrize(
    ("die", "course"),
    [
        (1, "climb_ahead"),
        (2, "dive_left"),
        (3, "dive_left"),
        (4, "dive_right"),
        (5, "dive_right"),
        (6, "dive_ahead"),
    ],
)
def test_the_blackout_direction(die: int, course: str) -> None:
    assert blackout_course(die) == course


def test_an_engine_hit_out_of_control_dives_and_may_catch_fire() -> None:
    """Engine, first test failed: it dives; avoid fire 2+, a 1 (recruit, no bonus) burns
    for 1D6 more on the engine."""
    spit = control_sheets()["spitfire-ia"]
    row = spit.hit_location.index("engine") + 2
    a = min(row - 1, 6)
    report, condition, _ = hit("spitfire-ia", (a, row - a, 1, 1, 2, 1, 3), skill="recruit")
    assert condition.out_of_control is not None
    assert condition.out_of_control.course == "dive_ahead"
    first = control_sheets()["bf109e"].damage.all_sets[0]
    assert condition.damage["engine"] == first + 3
    assert "on fire" in report.text


def test_the_tail_limits_turns_and_the_wing_spirals() -> None:
    spit = control_sheets()["spitfire-ia"]
    row = spit.hit_location.index("tail") + 2
    a = min(row - 1, 6)
    _r, tail, _ = hit("spitfire-ia", (a, row - a, 1, 1, 1), skill="recruit")
    assert tail.turn_limit_deg == 20
    _r, wing, _ = hit("spitfire-ia", (2, 3, 1, 1, 1, 5), skill="recruit")
    assert wing.out_of_control is not None and wing.out_of_control.course == "dive_right"


def test_later_tests_carry_the_charts_recovery_modifier() -> None:
    spit = control_sheets()["spitfire-ia"]
    condition = Condition.fresh(spit)
    condition.damage_tests = ["tail"]
    _r, condition, _ = hit("spitfire-ia", (6, 1, 1, 1, 1), condition, skill="recruit", turn=2)
    assert condition.out_of_control is not None
    assert condition.out_of_control.hit == 2
    assert condition.out_of_control.recovery_modifier == -1
