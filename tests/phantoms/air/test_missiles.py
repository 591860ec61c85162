"""Missile launch and impact (§7.1)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead
from engine.phantoms.missile_fire import (
    RADAR_MISSILE_HEXES_PER_IMPULSE,
    MissileInFlight,
    break_missile_lock,
    can_launch,
    later,
    launch,
    launch_problem,
)
from engine.phantoms.missile_impact import (
    missile_criticals,
    resolve_missile,
    sees_missile,
)
from engine.phantoms.quality import NotAllowed, OpposedRoll
from engine.phantoms.state import PlaneState
from models.phantoms.missiles import MissileType
from tests.phantoms.air.cards import (
    AIM_7E,
    AIM_9B,
    AIM_9D,
    AIM_9L,
    AIM_9L_AS_EXAMPLE,
    AIM_54C,
    AIM_120,
    F_15,
    MIG_21,
    MIG_23,
    SEA_HARRIER,
    SKYHAWK,
    dice,
    plane,
)

ORIGIN = Hex(0, 0)


def harrier_and_skyhawk(missile_id: str = "aim-9l") -> tuple[PlaneState, PlaneState]:
    """Example 2's set-up: the Sea Harrier two hexes astern of a Skyhawk in a Hard Turn."""
    skyhawk = plane("skyhawk", SKYHAWK, ORIGIN, 0, 2, marker="LHT")
    harrier = plane("harrier", SEA_HARRIER, ahead(ORIGIN, 3, 2), 0, 2, missiles={missile_id: 2})
    return harrier, skyhawk


def test_example_2_as_printed() -> None:
    """Examples of Play 2 with the example's own figures: +7 against +5 (C/M 2, Hard Turn
    3; it leaves out the Average pilot's +1), rolls 5 and 4 → 12 against 9: 3 hits, the
    automatic critical and one for the 3 hits."""
    roll = OpposedRoll(5, (("AIM-9L", 7), ("position", 0)), 4, (("C/M", 2), ("Hard Turn", 3)))
    assert (roll.attacker_total, roll.target_total, roll.difference) == (12, 9, 3)
    assert missile_criticals(roll.difference, large_warhead=False) == 2


def test_example_2_through_the_rules_with_the_examples_hit_number() -> None:
    """The same shot resolved by the rules: the Skyhawk's Average pilot adds 1 (§7.1 and
    the p.16 summary), so the example's +7 AIM-9L wins by 2: 2 hits, 1 critical."""
    harrier, skyhawk = harrier_and_skyhawk()
    missile = launch(harrier, skyhawk, AIM_9L_AS_EXAMPLE, 3, 4)
    assert missile.position_modifier == 0 and missile.hit_number == 7
    assert (missile.impact_turn, missile.impact_impulse) == (3, 5)
    d = dice(5, 4, 2)
    result = resolve_missile(missile, AIM_9L_AS_EXAMPLE, harrier, skyhawk, d, 1982)
    assert result.roll is not None
    assert result.roll.target_modifiers == (
        ("IR C/M", 2),
        ("average pilot", 1),
        ("Hard Turn or Loop", 3),
    )
    assert (result.roll.attacker_total, result.roll.target_total) == (12, 10)
    assert result.hits == 2 and skyhawk.damage == 2
    assert result.criticals == ("minor",)
    assert not d.recorded


def test_example_2_with_the_charts_hit_number() -> None:
    """The missile chart's AIM-9L Hit # 9: 14 against 10, 4 hits, 2 criticals."""
    harrier, skyhawk = harrier_and_skyhawk()
    missile = launch(harrier, skyhawk, AIM_9L, 3, 4)
    result = resolve_missile(missile, AIM_9L, harrier, skyhawk, dice(5, 4, 1, 3), 1982)
    assert result.hits == 4 and len(result.criticals) == 2
    assert harrier.missiles["aim-9l"] == 1 and harrier.fired


def f15_and_mig23(hexes: int = 8) -> tuple[PlaneState, PlaneState]:
    """Example 3's set-up: an F-15 locked on a MiG-23 coming at it head-on."""
    f15 = plane("f-15", F_15, ORIGIN, 0, 4, quality="experienced", missiles={"aim-7e": 4})
    mig = plane("mig-23", MIG_23, ahead(ORIGIN, 0, hexes), 3, 4)
    f15.locks.append("mig-23")
    return f15, mig


def test_example_3_head_on_sparrow_misses() -> None:
    """Examples of Play 3: AIM-7 +7, front aspect −3 → +4 (the firer's Experienced rating
    adds nothing); the MiG-23 +1 pilot +3 C/M → +4; rolls 6 and 7 → 10 against 11: a miss."""
    f15, mig = f15_and_mig23()
    missile = launch(f15, mig, AIM_7E, 1, 9)
    assert missile.launch_aspect == "front" and missile.position_modifier == -3
    assert missile.impulses_to_impact == 2
    assert (missile.impact_turn, missile.impact_impulse) == (2, 1)
    assert missile.due(2, 1) and not missile.due(1, 10)
    result = resolve_missile(missile, AIM_7E, f15, mig, dice(6, 7), 1982)
    assert result.roll is not None
    assert result.roll.attacker_modifiers == (("aim-7e Hit #", 7), ("front aspect", -3))
    assert result.roll.target_modifiers == (("radar C/M", 3), ("average pilot", 1))
    assert (result.roll.attacker_total, result.roll.target_total) == (10, 11)
    assert not result.hit and mig.damage == 0 and missile.resolved


def test_radar_missile_flight_time_and_path() -> None:
    f15, mig = f15_and_mig23(11)
    missile = launch(f15, mig, AIM_7E, 1, 1)
    assert missile.impulses_to_impact == 3 == -(-11 // RADAR_MISSILE_HEXES_PER_IMPULSE)
    assert missile.path[-1] == mig.hex and len(missile.path) == 3
    assert missile.position(1, 1) == ORIGIN
    assert ORIGIN.distance_to(missile.position(1, 2)) in (3, 4)
    assert missile.position(1, 9) == mig.hex
    f15.missiles["aim-7e"] = 4
    f15.fired = False
    f15b, mig_near = f15_and_mig23(3)
    assert launch(f15b, mig_near, AIM_7E, 1, 1).impulses_to_impact == 1


def test_later_wraps_into_the_next_turn() -> None:
    assert later(1, 10, 1) == (2, 1)
    assert later(2, 4, 12) == (3, 6)


def test_radar_missile_needs_lock_and_range() -> None:
    f15, mig = f15_and_mig23()
    f15.locks.clear()
    assert "no lock" in (launch_problem(f15, mig, AIM_7E) or "")
    f15.locks.append("mig-23")
    assert can_launch(f15, mig, AIM_7E)
    _, too_far = f15_and_mig23(13)
    assert "outside 2–12" in (launch_problem(f15, too_far, AIM_7E) or "")
    _, too_near = f15_and_mig23(1)
    assert "outside" in (launch_problem(f15, too_near, AIM_7E) or "")


@pytest.mark.parametrize(
    ("firer_at", "missile", "allowed"),
    [
        (ahead(ORIGIN, 3, 2), AIM_9B, True),  # dead astern: every sub-type
        (ahead(ORIGIN, 2, 2), AIM_9B, False),  # rear quarter, 120° off the nose: not HN
        (ahead(ORIGIN, 2, 2), AIM_9D, True),  # but inside HW's rear 180°
        (ahead(ORIGIN, 1, 2), AIM_9D, False),  # 60° off the nose: front aspect
        (ahead(ORIGIN, 0, 2), AIM_9L, True),  # head-on: HA only
        (ahead(ORIGIN, 0, 2), AIM_9D, False),
        (ahead(ORIGIN, 3, 4), AIM_9D, False),  # 4: beyond the HW envelope
        (ahead(ORIGIN, 3, 4), AIM_9L, True),
        (ahead(ORIGIN, 3, 5), AIM_9L, False),
    ],
)
def test_heat_seeker_envelopes(firer_at: Hex, missile: MissileType, allowed: bool) -> None:
    target = plane("t", MIG_21, ORIGIN, 0, 3)
    firer = plane("f", F_15, firer_at, 0, 3, missiles={missile.id: 1})
    firer.facing = next(
        f for f in range(6) if ahead(firer_at, f, firer_at.distance_to(ORIGIN)) == ORIGIN
    )
    assert can_launch(firer, target, missile) is allowed


def test_heat_seeker_needs_the_firer_pointing_and_one_level() -> None:
    target = plane("t", MIG_21, ORIGIN, 0, 3)
    firer = plane("f", F_15, ahead(ORIGIN, 3, 2), 3, 3, missiles={"aim-9l": 1})
    assert "not pointing" in (launch_problem(firer, target, AIM_9L) or "")
    firer.facing = 0
    firer.level = 5
    assert "one level" in (launch_problem(firer, target, AIM_9L) or "")
    firer.level = 4
    assert can_launch(firer, target, AIM_9L)


def test_same_hex_rules() -> None:
    target = plane("t", MIG_21, ORIGIN, 0, 3)
    firer = plane("f", F_15, ORIGIN, 0, 3, missiles={"aim-9b": 1})
    assert "same hex and level" in (launch_problem(firer, target, AIM_9B) or "")
    firer.level = 4
    assert can_launch(firer, target, AIM_9B)
    firer.facing = 2
    assert not can_launch(firer, target, AIM_9B)


@pytest.mark.parametrize(
    ("field", "value", "target_level", "reason"),
    [
        ("out_of_control", True, 3, "out of control"),
        ("recovered_this_impulse", True, 3, "just recovered"),
        ("fired", True, 3, "already fired"),
        ("climbed", True, 2, "climbed"),
        ("dived", True, 4, "dived"),
    ],
)
def test_launch_restrictions(field: str, value: bool, target_level: int, reason: str) -> None:
    target = plane("t", MIG_21, ORIGIN, 0, target_level)
    firer = plane("f", F_15, ahead(ORIGIN, 3, 2), 0, 3, missiles={"aim-9l": 1})
    assert can_launch(firer, target, AIM_9L)
    setattr(firer, field, value)
    assert reason in (launch_problem(firer, target, AIM_9L) or "")
    with pytest.raises(NotAllowed, match=r"§7\.1"):
        launch(firer, target, AIM_9L, 1, 1)


def test_climbing_firer_may_still_shoot_level_or_higher() -> None:
    target = plane("t", MIG_21, ORIGIN, 0, 4)
    firer = plane("f", F_15, ahead(ORIGIN, 3, 2), 0, 3, missiles={"aim-9l": 1}, climbed=True)
    assert can_launch(firer, target, AIM_9L)


def test_no_missiles_left_and_one_per_segment() -> None:
    target = plane("t", MIG_21, ORIGIN, 0, 3)
    firer = plane("f", F_15, ahead(ORIGIN, 3, 2), 0, 3, missiles={"aim-9l": 2, "aim-9b": 1})
    launch(firer, target, AIM_9L, 1, 1)
    assert "already fired" in (launch_problem(firer, target, AIM_9B) or "")
    firer.fired = False
    firer.missiles["aim-9l"] = 0
    assert "no aim-9l left" in (launch_problem(firer, target, AIM_9L) or "")


def heat_shot(**target_fields: Any) -> tuple[PlaneState, PlaneState, MissileInFlight]:
    target = plane("t", MIG_21, ORIGIN, 0, 3, **target_fields)
    firer = plane("f", F_15, ahead(ORIGIN, 3, 2), 0, 3, missiles={"aim-9b": 1})
    return firer, target, launch(firer, target, AIM_9B, 1, 1)


def test_afterburner_helps_a_heat_seeker() -> None:
    firer, target, missile = heat_shot(used_ab=True)
    result = resolve_missile(missile, AIM_9B, firer, target, dice(1, 10), 1972)
    assert result.roll is not None
    assert ("target used afterburner", 4) in result.roll.attacker_modifiers


def test_defence_at_level_0_and_when_chased_after_breaking_off() -> None:
    firer, target, missile = heat_shot()
    target.level = 0
    firer.level = 1
    target.broke_off = True
    result = resolve_missile(missile, AIM_9B, firer, target, dice(1, 10), 1972)
    assert result.roll is not None
    assert ("at level 0", 2) in result.roll.target_modifiers
    assert ("broke off, chased", 3) in result.roll.target_modifiers


def test_unspotted_firer_bonus_and_loop_defence() -> None:
    firer, target, missile = heat_shot(finished="LOOP")
    result = resolve_missile(
        missile, AIM_9B, firer, target, dice(1, 10), 1972, firer_unspotted=True
    )
    assert result.roll is not None
    assert ("firer not spotted", 4) in result.roll.attacker_modifiers
    assert ("Hard Turn or Loop", 3) in result.roll.target_modifiers


def test_heat_seeker_still_hits_when_the_firer_is_gone() -> None:
    firer, target, missile = heat_shot()
    firer.destroyed = True
    result = resolve_missile(missile, AIM_9B, None, target, dice(10, 1, 1), 1972)
    assert result.hit


def test_side_aspect_radar_shot() -> None:
    f15, mig = f15_and_mig23()
    mig.facing = 1
    missile = launch(f15, mig, AIM_7E, 1, 1)
    assert missile.launch_aspect == "side" and missile.position_modifier == -2


@pytest.mark.parametrize("what", ["cone", "lock", "broke_off"])
def test_semi_active_missile_misses_without_a_roll(what: str) -> None:
    f15, mig = f15_and_mig23()
    missile = launch(f15, mig, AIM_7E, 1, 1)
    if what == "cone":
        f15.facing = 2
    elif what == "lock":
        f15.locks.clear()
    else:
        f15.broke_off = True
    d = dice()
    result = resolve_missile(missile, AIM_7E, f15, mig, d, 1982)
    assert result.roll is None and result.missed_because and not d.rolls


def test_active_homer_needs_no_lock_but_misses_when_its_seeker_is_broken() -> None:
    f15, mig = f15_and_mig23()
    f15.missiles["aim-120"] = 2
    missile = launch(f15, mig, AIM_120, 1, 1)
    f15.locks.clear()
    f15.facing = 3
    d = dice(10, 7, 1, 1)  # 10 + 8 - 3 (head-on) vs 7 + 3 + 1: 4 hits, 2 criticals
    result = resolve_missile(missile, AIM_120, f15, mig, d, 1995)
    assert result.hits == 4 and result.criticals == ("minor", "minor") and not d.recorded
    f15.facing = 0
    f15.fired = False
    f15.locks.append("mig-23")
    second = launch(f15, mig, AIM_120, 1, 2)
    broken = break_missile_lock(mig, f15, second, AIM_120, dice(1, 10), 1995)
    # seeker 1 + 7 + 2 (range 8; no pilot modifier for a missile), the MiG 10 + 3
    assert broken.roll.attacker_total == 10 and not broken.locked
    assert second.seeker_lost and f15.locks == ["mig-23"]
    assert resolve_missile(second, AIM_120, f15, mig, dice(), 1995).missed_because
    with pytest.raises(NotAllowed):
        break_missile_lock(mig, f15, second, AIM_7E, dice(), 1995)


def test_large_warhead_rolls_two_automatic_criticals() -> None:
    f15, mig = f15_and_mig23(10)
    f15.missiles["aim-54c"] = 1
    missile = launch(f15, mig, AIM_54C, 1, 1)
    d = dice(10, 8, 1, 2)  # 10 + 7 - 3 vs 8 + 3 (Warsaw Pact, 1995) + 1: 2 hits
    result = resolve_missile(missile, AIM_54C, f15, mig, d, 1995)
    assert result.hits == 2
    assert result.criticals == ("minor", "minor")  # both automatic
    assert not d.recorded
    assert missile_criticals(4, large_warhead=True) == 3


def test_a_kill_rolls_for_ejection() -> None:
    firer, target, missile = heat_shot()
    d = dice(10, 1, 10, 3)  # 16 vs 4: 12 hits; the first critical is Major; eject 3 - 2
    result = resolve_missile(missile, AIM_9B, firer, target, d, 1972)
    assert result.criticals == ("major",)
    assert target.destroyed and "shot down by f" in target.cause
    assert result.ejected is False


def test_emergency_maneuver_spot() -> None:
    _, target, missile = heat_shot()
    # range 2; spotter: average 0 + 3; 1 + 3 = 4 vs 1 + 2 = 3 → seen
    assert sees_missile(target, missile, dice(1, 1))
    assert not sees_missile(target, missile, dice(1, 2))
    target.out_of_control = True
    assert not sees_missile(target, missile, dice())
