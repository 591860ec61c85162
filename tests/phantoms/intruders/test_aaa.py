"""AAA (Intruders I-p.2–3) and Examples of Play 1–3 (I-p.15)."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.intruders import IntrudersRuleError, modifier_total
from engine.phantoms.intruders.aaa import (
    AaaSite,
    aaa_modifiers,
    engagement_problem,
    fire_aaa,
    fire_heavy_aaa,
    impulse_index,
    low_level_reach_hexes,
    may_fire,
)
from models.phantoms.ground import aaa_weapons
from tests.phantoms.intruders.cards import faces, plane


def site(weapon: str, hex_: str, **kwargs: object) -> AaaSite:
    return AaaSite(id=f"{weapon}-site", weapon=aaa_weapons()[weapon], hex=Hex.parse(hex_), **kwargs)  # type: ignore[arg-type]


def test_example_1_zpu4_radar_directed_one_level_above_optimum() -> None:
    """I-Examples 1: ZPU-4 flak 3, radar +2, level 2 is one above optimum (−2); it rolls
    6 for 9, the aircraft (defence 4) a modified 6: 3 over is 3 damage and a critical."""
    gun = site("zpu-4", "1,0")
    target = plane(level=2, defense=4, maneuver="S")
    dice = Dice.seeded(0, recorded=faces(6, 2))
    attack = fire_aaa(dice, gun, target, now=5, spotted=False, radar_locked=True)
    assert [m.value for m in attack.modifiers] == [3, 2, -2]
    assert attack.attack_total == 9
    assert attack.defence_total == 6
    assert attack.damage == 3
    assert attack.criticals == 1
    assert gun.last_fired == 5
    assert not dice.recorded  # exactly the two rolls the example makes


def test_example_2_zu23_front_and_jinking_leaves_out_the_flak_value() -> None:
    """I-Examples 2: ZU-23 spotted, straight at the front +1, the aircraft sideslipping at
    level 1 −1.  The example's "modified roll is still a 4" leaves the flak value out;
    the procedure (I-p.2) adds it, so furball's ZU-23 (flak 4) hits (ruling #9)."""
    gun = site("zu-23", "0,2")
    target = plane(level=1, defense=4, maneuver="LS", facing=0)
    modifiers = aaa_modifiers(gun, target, spotted=True, radar_locked=False)
    flak, *others = modifiers
    assert flak.value == 4
    assert sorted(m.value for m in others) == [-1, 1]
    assert 4 + modifier_total(tuple(others)) == 4  # the example's figure, without flak
    attack = fire_aaa(Dice.seeded(0, recorded=faces(4, 2)), gun, target, now=1, spotted=True)
    assert attack.attack_total == 8  # the procedure: flak 4 + 4 + 1 − 1
    assert attack.defence_total == 6
    assert attack.damage == aaa_weapons()["zu-23"].damage(2) == 2


def test_example_3_s60_barrage_two_levels_above_optimum() -> None:
    """I-Examples 3: S-60 2 hexes away, not spotted (−2), level 4 two above optimum (−4);
    it rolls 8 for the example's modified 2 (no flak value), the aircraft (defence 3) a
    modified 8: a miss.  With the flak value (5) the procedure's 7 misses too."""
    gun = site("s-60", "1,1")
    target = plane(level=4, defense=3, maneuver="S")
    modifiers = aaa_modifiers(gun, target, spotted=False, radar_locked=False)
    assert 8 + modifier_total(modifiers[1:]) == 2
    attack = fire_aaa(Dice.seeded(0, recorded=faces(8, 5)), gun, target, now=1, spotted=False)
    assert attack.attack_total == 7
    assert attack.defence_total == 8
    assert not attack.hit and attack.criticals == 0


def test_low_level_aircraft_are_reached_only_close_in() -> None:
    assert low_level_reach_hexes(0) == 1
    assert low_level_reach_hexes(1) == 2
    assert low_level_reach_hexes(2) is None
    gun = site("s-60", "0,0")
    assert engagement_problem(gun, plane(hex_="0,2", level=0), 1) is not None
    assert engagement_problem(gun, plane(hex_="0,1", level=0), 1) is None
    assert engagement_problem(gun, plane(hex_="0,3", level=1), 1) is not None
    assert engagement_problem(gun, plane(hex_="0,2", level=1), 1) is None
    assert engagement_problem(gun, plane(hex_="0,4", level=2), 1) is None
    assert engagement_problem(gun, plane(hex_="0,5", level=2), 1) is not None  # range 4


def test_altitude_band_and_small_arms_hex() -> None:
    assert "levels" in str(engagement_problem(site("zpu-4", "0,0"), plane(level=3), 1))
    assert engagement_problem(site("ks-19", "0,0"), plane(hex_="0,1", level=1), 1) is not None
    arms = site("small-arms", "0,0")
    assert engagement_problem(arms, plane(hex_="0,0", level=0), 1) is None
    assert engagement_problem(arms, plane(hex_="0,1", level=0), 1) is not None


def test_only_an_aircraft_that_moved_is_fired_at() -> None:
    gun = site("zpu-4", "1,0")
    with pytest.raises(IntrudersRuleError, match="did not move"):
        fire_aaa(Dice.seeded(0), gun, plane(moved=False), now=1, spotted=True)


def test_heavy_guns_fire_every_other_impulse() -> None:
    heavy = aaa_weapons()["ks-19"]
    light = aaa_weapons()["zpu-4"]
    assert may_fire(heavy, None, 3)
    assert not may_fire(heavy, 3, 4)
    assert may_fire(heavy, 3, 5)
    assert may_fire(light, 3, 4)
    assert not may_fire(light, 4, 4)
    assert impulse_index(2, 1) == 11


def test_heavy_aaa_attacks_every_aircraft_in_the_hex() -> None:
    gun = site("ks-19", "1,0")
    first = plane(id_="us-1", hex_="0,3", level=6)
    second = plane(id_="us-2", hex_="0,3", level=6)
    elsewhere = plane(id_="us-3", hex_="0,4", level=6)
    dice = Dice.seeded(0, recorded=faces(9, 1, 2, 9))
    attacks = fire_heavy_aaa(
        dice, gun, first, [first, second, elsewhere], now=4, spotted={"us-1", "us-2"}
    )
    assert [a.target_id for a in attacks] == ["us-1", "us-2"]
    assert attacks[0].attack_total == 6 + 9 and attacks[0].damage == 10  # won by 10
    assert not attacks[1].hit
    with pytest.raises(IntrudersRuleError, match="every other"):
        fire_heavy_aaa(Dice.seeded(0), gun, first, [first], now=5)
    with pytest.raises(IntrudersRuleError, match="Heavy"):
        fire_aaa(Dice.seeded(0), gun, first, now=9, spotted=True)


def test_every_modifier() -> None:
    gun = site("zpu-4", "0,-1", damaged=True)  # dead astern of a north-facing aircraft
    target = plane(level=1, maneuver="RT")
    values = {
        m.name: m.value for m in aaa_modifiers(gun, target, spotted=False, radar_locked=False)
    }
    assert values == {
        "ZPU-4 14.5 mm flak value": 3,
        "barrage fire (not spotted)": -2,
        "firing straight at the rear": 1,
        "flak unit damaged": -2,
        "jinking at level 1–2": -1,
    }
    high = plane(level=3, maneuver="RT")  # no jinking above level 2; 2 levels off optimum
    values = {m.name: m.value for m in aaa_modifiers(gun, high, spotted=True, radar_locked=False)}
    assert values["2 level(s) off optimum"] == -4
    assert "jinking at level 1–2" not in values


def test_three_damage_points_make_a_critical() -> None:
    gun = site("ks-12", "1,0")
    target = plane(level=4, defense=0, hex_="0,1")
    attack = fire_heavy_aaa(Dice.seeded(0, recorded=faces(10, 1)), gun, target, [target], now=1)
    assert attack[0].damage == 8 and attack[0].criticals == 2
