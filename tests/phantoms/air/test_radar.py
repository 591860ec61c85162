"""Radar lock and break lock (§7.1.1b–c)."""

from __future__ import annotations

import pytest

from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead
from engine.phantoms.quality import NotAllowed
from engine.phantoms.radar import break_lock, keep_locks, lock_attempt
from models.phantoms.common import Quality
from tests.phantoms.air.cards import (
    F_15,
    F_16,
    F_22,
    MIG_21,
    SU_30,
    TWO_LOCKS,
    card,
    dice,
    faces,
    plane,
)

ORIGIN = Hex(0, 0)


def test_example_4_f16_locks_the_su30() -> None:
    """Examples of Play 4: radar +6, range > 5 +2, target higher +1 = +9; roll 5 → 14
    against the SU-30's 7 + C/M 4 = 11: lock."""
    f16 = plane("f-16", F_16, ORIGIN, 0, 4)
    su30 = plane("su-30", SU_30, ahead(ORIGIN, 0, 20), 3, 5)
    d = dice(5, 7)
    result = lock_attempt(f16, su30, d, 2002)
    assert result.roll.attacker_modifiers == (
        ("radar value", 6),
        ("target higher", 1),
        ("range > 5", 2),
    )
    assert result.roll.target_modifiers == (("radar C/M", 4),)
    assert (result.roll.attacker_total, result.roll.target_total) == (14, 11)
    assert result.locked and f16.locks == ["su-30"]
    assert result.range == 21
    assert not d.recorded


def test_example_range_6_earns_the_long_range_bonus() -> None:
    """§7.1.1b's example: 3 hexes apart, levels 4 and 1 → range 6."""
    f15 = plane("f-15", F_15, ORIGIN, 0, 4)
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 3), 3, 1)
    result = lock_attempt(f15, mig, dice(1, 1), 1972)
    assert result.range == 6
    assert ("range > 5", 2) in result.roll.attacker_modifiers
    assert ("target lower", -1) in result.roll.attacker_modifiers


def test_range_5_earns_no_bonus_and_a_tie_fails() -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 3)
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 5), 3, 3)
    result = lock_attempt(f15, mig, dice(2, 7), 1970)  # 2 + 7 vs 7 + 2 (Russia C/M 1970)
    assert result.range == 5
    assert all(name != "range > 5" for name, _ in result.roll.attacker_modifiers)
    assert result.roll.attacker_total == result.roll.target_total
    assert not result.locked and f15.locks == []


@pytest.mark.parametrize(
    ("quality", "value"), [("ace", 2), ("experienced", 1), ("green", -2), ("average", 0)]
)
def test_pilot_quality_on_the_lock(quality: Quality, value: int) -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 3, quality=quality)
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 2), 3, 3)
    result = lock_attempt(f15, mig, dice(5, 5), 1970)
    assert result.roll.attacker_total == 5 + 7 + value


def test_target_on_the_deck() -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 0)
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 2), 3, 0)
    mods = lock_attempt(f15, mig, dice(5, 5), 1970).roll.attacker_modifiers
    assert mods == (("radar value", 7), ("target at level 0", -4))
    f15.level = 2
    mods = lock_attempt(f15, mig, dice(5, 5), 1970).roll.attacker_modifiers
    assert ("target lower", -1) in mods and ("target at level 0", -4) in mods


def test_stealth_target_adds_a_d6_before_the_d10s() -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 3)
    raptor = plane("f-22", F_22, ahead(ORIGIN, 0, 2), 3, 3)
    d = faces(("d6", 6), ("d10", 5), ("d10", 1))
    result = lock_attempt(f15, raptor, d, 2005, stealth_rule=True)
    assert ("stealth 1d6", 6) in result.roll.target_modifiers
    assert result.roll.target_total == 1 + 6 + 6  # US C/M 6 after 1990
    assert not result.locked


def test_ecm_pods_add_to_the_target() -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 3)
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 2), 3, 3)
    result = lock_attempt(f15, mig, dice(5, 5), 1970, ecm_pods=2)
    assert result.roll.target_modifiers == (("radar C/M", 4),)


def test_needs_a_radar_and_the_target_in_the_cone() -> None:
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 2), 3, 3)
    blind = plane("blind", card("blind"), ORIGIN, 0, 3)
    with pytest.raises(NotAllowed, match="no radar"):
        lock_attempt(blind, mig, dice(), 1970)
    f15 = plane("f-15", F_15, ORIGIN, 1, 3)  # facing 60°: the MiG due north is off the cone
    with pytest.raises(NotAllowed, match="radar cone"):
        lock_attempt(f15, mig, dice(), 1970)


def test_trying_another_target_loses_the_lock() -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 3)
    a = plane("a", MIG_21, ahead(ORIGIN, 0, 2), 3, 3)
    b = plane("b", MIG_21, ahead(ORIGIN, 0, 3), 3, 3)
    lock_attempt(f15, a, dice(10, 1), 1970)
    assert f15.locks == ["a"]
    result = lock_attempt(f15, b, dice(1, 10), 1970)
    assert result.dropped == ("a",) and f15.locks == []


def test_a_multi_lock_radar_keeps_several() -> None:
    f14 = plane("f-14", TWO_LOCKS, ORIGIN, 0, 3)
    a, b, c = (plane(n, MIG_21, ahead(ORIGIN, 0, i + 2), 3, 3) for i, n in enumerate("abc"))
    for target in (a, b):
        lock_attempt(f14, target, dice(10, 1), 1975)
    assert f14.locks == ["a", "b"]
    result = lock_attempt(f14, c, dice(10, 1), 1975)
    assert result.dropped == ("a",) and f14.locks == ["b", "c"]


def test_a_lock_holds_while_the_target_stays_in_the_cone() -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 3)
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 3), 3, 3)
    lock_attempt(f15, mig, dice(10, 1), 1970)
    planes = {"mig-21": mig}
    assert keep_locks(f15, planes) == [] and f15.locks == ["mig-21"]
    mig.hex = ahead(ORIGIN, 2, 3)
    assert keep_locks(f15, planes) == ["mig-21"] and f15.locks == []


def test_break_lock_is_the_same_roll_made_by_the_target() -> None:
    f15 = plane("f-15", F_15, ORIGIN, 0, 3)
    mig = plane("mig-21", MIG_21, ahead(ORIGIN, 0, 3), 3, 3)
    with pytest.raises(NotAllowed, match="no lock"):
        break_lock(mig, f15, dice(), 1970)
    lock_attempt(f15, mig, dice(10, 1), 1970)
    held = break_lock(mig, f15, dice(5, 5), 1970)  # 12 vs 6: holds
    assert held.locked and f15.locks == ["mig-21"]
    broken = break_lock(mig, f15, dice(1, 10), 1970)  # 8 vs 11
    assert not broken.locked and f15.locks == []
    assert broken.roll.attacker_total == 8
