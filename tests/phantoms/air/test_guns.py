"""Gun attacks (§7.2)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.hexmap import Hex
from engine.phantoms.guns import gun_attack, gun_attack_modifiers, gun_problem
from engine.phantoms.hexgrid import ahead
from engine.phantoms.quality import NotAllowed, OpposedRoll
from engine.phantoms.state import PlaneState
from tests.phantoms.air.cards import F_4, MIG_21, dice, plane

ORIGIN = Hex(0, 0)


def example_1() -> tuple[PlaneState, PlaneState]:
    """A Green MiG-21 at level 5 meeting an Experienced F-4 at level 4 in the next hex."""
    mig = plane("mig-21", MIG_21, ORIGIN, 0, 5, quality="green", moved=True)
    f4 = plane("f-4", F_4, ahead(ORIGIN, 0, 1), 3, 4, quality="experienced")
    return mig, f4


def test_example_1_attacker_modifiers() -> None:
    """Examples of Play 1: cannon +6, gun angle −3, Green −2, different altitude −2 = −1."""
    mig, f4 = example_1()
    mods = gun_attack_modifiers(mig, f4)
    assert mods == [
        ("gun attack value", 6),
        ("gun position, front", -3),
        ("green pilot", -2),
        ("different altitude", -2),
    ]
    assert sum(v for _, v in mods) == -1


def test_example_1_as_printed() -> None:
    """The example's own defence, +4 and +2 for the Experienced pilot: 9 − 1 = 8 against
    1 + 6 = 7, a difference of 1 → the MiG-21's table gives 2 hits (no critical; one more
    hit would have meant one)."""
    roll = OpposedRoll(9, (("mods", -1),), 1, (("defence", 4), ("experienced", 2)))
    assert (roll.attacker_total, roll.target_total) == (8, 7)
    assert MIG_21.gun_hits(roll.difference) == 2
    assert MIG_21.gun_hits(roll.difference + 1) == 3


def test_example_1_by_the_rules() -> None:
    """The rules give the Experienced target +1, not the example's +2: 8 against 6, a
    difference of 2 → 3 hits and so one critical."""
    mig, f4 = example_1()
    d = dice(9, 1, 2)
    result = gun_attack(mig, f4, d)
    assert result.roll.target_modifiers == (("defence factor", 4), ("experienced pilot", 1))
    assert (result.roll.attacker_total, result.roll.target_total) == (8, 6)
    assert result.hits == 3 and f4.damage == 3
    assert result.criticals == ("minor",)
    assert mig.gun_bursts == 3 and mig.fired
    assert not d.recorded


def test_a_miss_spends_the_burst() -> None:
    mig, f4 = example_1()
    result = gun_attack(mig, f4, dice(1, 10))
    assert result.hits == 0 and f4.damage == 0 and mig.gun_bursts == 3


@pytest.mark.parametrize(
    ("setup", "modifier"),
    [
        ({"quality": "ace"}, ("ace pilot", 4)),
        ({"quality": "experienced"}, ("experienced pilot", 2)),
        ({"marker": "RHT"}, ("firer in hard turn", -3)),
        ({"finished": "LOOP"}, ("firer in loop", -3)),
        ({"marker": "LT"}, ("firer in turn", -2)),
        ({"marker": "RS"}, ("firer in sideslip", -2)),
        ({"pilot_wounded": True}, ("pilot wounded", -1)),
    ],
)
def test_firer_modifiers(setup: dict[str, Any], modifier: tuple[str, int]) -> None:
    firer = plane("f", MIG_21, ahead(ORIGIN, 3, 1), 0, 3, moved=True, **setup)
    target = plane("t", F_4, ORIGIN, 0, 3)
    mods = gun_attack_modifiers(firer, target)
    assert modifier in mods
    assert ("gun position, rear", 0) in mods


def test_target_and_spotting_modifiers() -> None:
    firer = plane("f", MIG_21, ahead(ORIGIN, 3, 1), 0, 3, moved=True)
    target = plane("t", F_4, ORIGIN, 0, 3, out_of_control=True, quality="ace")
    mods = gun_attack_modifiers(firer, target, firer_unspotted=True)
    assert ("target spinning", 2) in mods and ("firer not spotted", 4) in mods
    assert ("different altitude", -2) not in mods
    result = gun_attack(firer, target, dice(1, 1))
    assert ("ace pilot", 2) in result.roll.target_modifiers


def test_side_position() -> None:
    firer = plane("f", MIG_21, ahead(ORIGIN, 2, 1), 5, 3, moved=True)
    target = plane("t", F_4, ORIGIN, 0, 3)
    assert gun_problem(firer, target) is None
    assert ("gun position, side", -2) in gun_attack_modifiers(firer, target)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"moved": False}, "did not move"),
        ({"gun_bursts": 0}, "no bursts"),
        ({"fired": True}, "already fired"),
        ({"out_of_control": True}, "out of control"),
        ({"facing": 1}, "not pointing"),
        ({"level": 5}, "within one level"),
        ({"hex": ahead(ORIGIN, 3, 2)}, "2 hexes away"),
        ({"climbed": True, "level": 4}, "climbed"),
        ({"dived": True, "level": 2}, "dived"),
    ],
)
def test_gun_eligibility(change: dict[str, Any], reason: str) -> None:
    firer = plane("f", MIG_21, ahead(ORIGIN, 3, 1), 0, 3, moved=True)
    target = plane("t", F_4, ORIGIN, 0, 3)
    assert gun_problem(firer, target) is None
    for name, value in change.items():
        setattr(firer, name, value)
    assert reason in (gun_problem(firer, target) or "")
    with pytest.raises(NotAllowed, match=r"§7\.2"):
        gun_attack(firer, target, dice())


def test_no_gun() -> None:
    target = plane("t", MIG_21, ORIGIN, 0, 3)
    firer = plane("f", F_4, ahead(ORIGIN, 3, 1), 0, 3, moved=True)
    firer.card = firer.card.model_copy(update={"gun_attack": None, "gun_table": ()})
    assert "no gun" in (gun_problem(firer, target) or "")


def test_same_hex_above_or_below() -> None:
    firer = plane("f", MIG_21, ORIGIN, 2, 4, moved=True)
    target = plane("t", F_4, ORIGIN, 0, 3)
    assert gun_problem(firer, target) is None
    firer.level = 5
    assert "one level above or below" in (gun_problem(firer, target) or "")


def test_same_hex_and_level_needs_the_same_facing_and_the_last_in() -> None:
    firer = plane("f", MIG_21, ORIGIN, 0, 3, moved=True, speed=5)
    target = plane("t", F_4, ORIGIN, 1, 3, speed=7)
    assert "face the target's way" in (gun_problem(firer, target, {"f": 9, "t": 8}) or "")
    target.facing = 0
    with pytest.raises(ValueError, match="entered"):
        gun_problem(firer, target)
    assert gun_problem(firer, target, {"f": 9, "t": 8}) is None
    assert "after" in (gun_problem(firer, target, {"f": 8, "t": 9}) or "")
    assert gun_problem(firer, target, {"f": 9, "t": 9}) is None  # both now: the slower
    firer.speed = 7
    assert "slower" in (gun_problem(firer, target, {"f": 9, "t": 9}) or "")


def test_firing_guns_loses_other_visual_spots() -> None:
    mig, f4 = example_1()
    mig.visual_spots |= {"f-4", "f-4b"}
    gun_attack(mig, f4, dice(1, 10))
    assert mig.visual_spots == {"f-4"}


def test_a_gun_kill_rolls_for_ejection() -> None:
    firer = plane("f", MIG_21, ahead(ORIGIN, 3, 1), 0, 3, moved=True, quality="ace")
    target = plane("t", F_4, ORIGIN, 0, 3)
    d = dice(10, 1, 9, 5)  # 10 + 10 vs 1 + 4: 6 hits; first critical Major; eject 5 - 2
    result = gun_attack(firer, target, d)
    assert result.criticals == ("major",) and target.destroyed
    assert result.ejected is True and target.cause == "shot down by f (gun)"
