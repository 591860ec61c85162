"""The chit mix, Damage Resolution, the checks and every critical (§Phase 4: Damage
Resolution Phase, §Wing and Fuselage Hits, §Critical Hits, §Overdiving, §Incendiary Ammo)."""

from __future__ import annotations

import pytest

from engine.dice import Dice, RollKind
from engine.otl.criticals import observer_flying
from engine.otl.damage import resolve_damage, resolve_plane_damage
from engine.otl.gunfire import FireContext, FlightFlags, resolve_gunfire
from engine.otl.state import CrewState, PlaneState
from models.otl.chits import ChitMix, chit_mix
from models.otl.orders import OtlRound
from models.otl.scenario import OtlOptions
from tests.otl.test_gunfire_planes import LEWIS, TWO_SEATER, VICKERS, chart, chit_number, plane

CTX = FireContext(round=2)
UNNUMBERED = {
    "aileron_cable_cut",
    "elevator_cable_cut",
    "fuel_line_cut",
    "gas_tank",
    "gas_tank_explodes",
    "struts_hit",
}


def chits(*keys: str, then: tuple[int, ...] = ()) -> Dice:
    """Dice that draw ``keys`` from the cup, then roll the d6s in ``then``."""
    rolls: list[tuple[RollKind, int]] = [("chit", chit_number(key)) for key in keys]
    rolls += [("d6", face) for face in then]
    return Dice.seeded(0, rolls)


def damage(
    target: PlaneState,
    rolls: Dice,
    gunfire: int = 0,
    overdive: int = 0,
    flags: FlightFlags | None = None,
    ctx: FireContext = CTX,
    incendiary: int = 0,
) -> list[str]:
    events = resolve_plane_damage(
        target, gunfire, overdive, flags or FlightFlags(), rolls, ctx, incendiary=incendiary
    )
    assert not rolls.recorded, "every recorded roll is used"
    return [event.kind for event in events]


def wound_of(crew: CrewState) -> str:
    return crew.wound


def condition_of(target: PlaneState) -> str:
    return target.condition


# --- the mix --------------------------------------------------------------------------------


def test_the_mix_holds_106_chits_in_the_d100_proportions() -> None:
    mix = chit_mix()
    assert mix.size == 106
    assert {chit.key for chit in mix.chit if chit.d100 is None} == UNNUMBERED
    assert all(mix.by_key(key).count == 1 for key in UNNUMBERED)
    assert sum(chit.count for chit in mix.chit if chit.d100) == 100
    assert mix.by_key("wing_1").count == 16 and mix.by_key("miss").count == 19
    assert mix.by_key("fuselage_2").count == 9 and mix.by_key("engine_hit").count == 2


def test_the_d100_column_covers_01_to_00_exactly_once() -> None:
    mix = chit_mix()
    seen = [mix.by_percentile(roll).key for roll in range(100)]
    assert seen[0] == "wing_3"  # 00 reads as 100
    assert seen[1] == "ailerons_damaged" and seen[72] == "wing_1" and seen[87] == "wing_1"
    assert seen[88] == "wing_2" and seen[44] == "miss" and seen[41] == "gas_tank_fire"
    for chit in mix.chit:
        if chit.d100:
            low, high = chit.d100
            assert seen.count(chit.key) == high - low + 1
    assert [mix.by_number(n).key for n in range(1, 107)].count("wing_1") == 16


def test_a_mix_with_a_gap_in_the_column_is_refused() -> None:
    data = chit_mix().model_dump()
    data["chit"] = [chit for chit in data["chit"] if chit["key"] != "miss"]
    with pytest.raises(ValueError, match="exactly once"):
        ChitMix.model_validate(data)


def test_percentile_damage_rolls_the_column() -> None:
    target = plane()
    rolls = Dice.seeded(0, [("percentile", 0), ("d6", 3), ("d6", 3)])
    ctx = FireContext(round=2, options=OtlOptions(damage="percentile"))
    assert damage(target, rolls, gunfire=1, ctx=ctx) == ["otl.chit", "otl.check"]
    assert target.wing_damage == 3


# --- wing and fuselage ----------------------------------------------------------------------


def test_the_worked_wing_check() -> None:
    """§5 #4: Wing Strength 14, −5 before, two Wing Check −1 → roll 7 or less, once."""
    target = plane()
    target.wing_damage = 5
    kinds = damage(target, chits("wing_1", "wing_1", "miss", then=(3, 4)), gunfire=3)
    assert kinds == ["otl.chit"] * 3 + ["otl.check"]
    assert target.wing_damage == 7 and target.condition == "normal"
    failing = plane()
    failing.wing_damage = 5
    damage(failing, chits("wing_1", "wing_1", then=(4, 4)), gunfire=2)
    assert failing.condition == "broken"


def test_each_damaged_part_checks_and_old_damage_alone_does_not() -> None:
    target = plane()
    target.wing_damage = 10
    assert damage(target, chits("fuselage_2", then=(6, 6)), gunfire=1) == [
        "otl.chit",
        "otl.check",
    ]
    assert target.condition == "broken" and target.fuselage_damage == 2
    quiet = plane()
    quiet.wing_damage = 10
    assert damage(quiet, chits("miss"), gunfire=1) == ["otl.chit"]


def test_the_worked_overdive_keeps_only_wing_and_fabric_chits() -> None:
    """§5 #9: an underlined −2 draws two chits; only Wing and Fabric chits count."""
    target = plane()
    events = resolve_plane_damage(
        target, 0, 2, FlightFlags(), chits("wing_2", "engine_out", then=(1, 1)), CTX
    )
    assert [e.data.get("kept") for e in events if e.kind == "otl.chit"] == [True, False]
    assert target.wing_damage == 2 and target.engine_on and target.crits == []
    torn = plane()
    damage(torn, chits("fuselage_3", "fabric_tear"), overdive=2)
    assert torn.crits == ["fabric_tear"] and torn.fuselage_damage == 0


def test_a_fabric_tear_checks_the_wing_above_max_level_speed() -> None:
    target = plane()
    target.crits.append("fabric_tear")
    assert damage(target, chits(then=(2, 3)), flags=FlightFlags(over_max_level=True)) == [
        "otl.check"
    ]
    assert damage(target, chits()) == []


def test_hidden_damage_marks_the_draws() -> None:
    target = plane()
    ctx = FireContext(round=2, options=OtlOptions(hidden_damage=True))
    events = resolve_plane_damage(target, 1, 0, FlightFlags(), chits("wing_1", then=(1, 1)), ctx)
    assert all(event.data["hidden"] for event in events)


# --- criticals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key",
    [
        "aileron_cable_cut",
        "ailerons_damaged",
        "elevator_cable_cut",
        "elevators_hit",
        "engine_hit",
        "engine_smoking",
        "landing_gear_damaged",
        "rudder_cable_cut",
        "rudder_hit",
        "struts_hit",
    ],
)
def test_standing_criticals_are_recorded_for_the_other_rules(key: str) -> None:
    target = plane()
    damage(target, chits(key, key), gunfire=2)
    assert target.crits == [key, key] and target.flying


@pytest.mark.parametrize("key", ["engine_out", "fuel_line_cut"])
def test_the_engine_stops_for_good(key: str) -> None:
    target = plane()
    damage(target, chits(key), gunfire=1)
    assert not target.engine_on and target.engine_dead and target.crits == [key]


def test_the_gas_tank_explodes() -> None:
    target = plane()
    kinds = damage(target, chits("gas_tank_explodes"), gunfire=3)
    assert kinds == ["otl.chit", "otl.destroyed"] and target.status == "destroyed"


def test_a_cut_belt_halves_a_random_belt() -> None:
    two = chart(guns=[VICKERS, {**VICKERS, "id": "spandau", "name": "Spandau", "dual": False}])
    target = plane(plane_chart=two)
    target.gun("spandau").ammo = 7
    damage(target, chits("ammo_belt_cut", then=(6,)), gunfire=1)  # 6 → the second gun
    assert target.gun("spandau").ammo == 3 and target.gun("vickers").ammo == 10


def test_a_cut_belt_on_a_drum_fed_plane_loses_a_drum() -> None:
    target = plane(plane_chart=chart(guns=[{**LEWIS, "crew": "pilot", "mount": "foster"}]))
    damage(target, chits("ammo_belt_cut"), gunfire=1)
    assert target.gun("lewis").drums == 2


def test_gun_destroyed() -> None:
    single = plane(plane_chart=chart(guns=[{**VICKERS, "dual": False}]))
    damage(single, chits("gun_destroyed"), gunfire=1)
    assert single.gun("vickers").destroyed
    dual = plane()
    damage(dual, chits("gun_destroyed"), gunfire=1)
    assert dual.gun("vickers").halved and not dual.gun("vickers").destroyed
    damage(dual, chits("gun_destroyed"), gunfire=1)
    assert dual.gun("vickers").destroyed


def test_jammed_controls_free_on_a_one() -> None:
    target = plane()
    target.crits += ["aileron_jammed", "rudder_jammed"]
    damage(target, chits(then=(1, 4)))
    assert target.crits == ["rudder_jammed"]


def test_a_new_jam_waits_for_the_next_phase() -> None:
    target = plane()
    damage(target, chits("elevator_jammed"), gunfire=1)
    assert target.crits == ["elevator_jammed"]


def test_fires_explode_on_a_six_and_go_out_slipping_on_a_one() -> None:
    burning = plane()
    burning.crits.append("engine_fire")
    assert damage(burning, chits(then=(6,))) == ["otl.destroyed"]
    assert burning.status == "destroyed"
    slipping = plane()
    slipping.crits.append("gas_tank_fire")
    damage(slipping, chits(then=(1,)), flags=FlightFlags(slipped_whole_round=True))
    assert slipping.crits == [] and slipping.flying
    straight = plane()
    straight.crits.append("engine_fire")
    damage(straight, chits(then=(1,)))
    assert straight.crits == ["engine_fire"]


def test_a_holed_gas_tank_stops_the_engine_on_a_one() -> None:
    target = plane()
    target.crits.append("gas_tank")
    damage(target, chits(then=(2,)))
    assert target.engine_on
    damage(target, chits(then=(1,)))
    assert not target.engine_on and target.engine_dead
    damage(target, chits())  # no more rolls once the engine is dead


# --- wounds ---------------------------------------------------------------------------------


def test_pilot_wounds_worsen() -> None:
    target = plane()
    damage(target, chits("pilot_light"), gunfire=1)
    assert wound_of(target.pilot) == "light"
    damage(target, chits("pilot_light"), gunfire=1)
    assert wound_of(target.pilot) == "heavy"
    damage(target, chits("pilot_light"), gunfire=1)
    assert wound_of(target.pilot) == "heavy"


def test_a_killed_pilot_spins_in_unless_an_observer_can_fly() -> None:
    single = plane()
    assert damage(single, chits("pilot_killed"), gunfire=1) == [
        "otl.chit",
        "otl.wound",
        "otl.broken",
    ]
    assert single.condition == "broken"
    two = plane(plane_chart=TWO_SEATER)
    damage(two, chits("pilot_killed"), gunfire=1)
    assert condition_of(two) == "normal" and observer_flying(two)
    damage(two, chits("observer_heavy"), gunfire=1)
    assert condition_of(two) == "broken" and not observer_flying(two)


def test_observer_wounds_on_a_single_seater_are_misses() -> None:
    target = plane()
    damage(target, chits("observer_killed"), gunfire=1)
    assert target.flying and target.condition == "normal"


# --- incendiary -----------------------------------------------------------------------------


def test_incendiary_minus_three_chits_miss_and_engine_hits_explode() -> None:
    target = plane()
    damage(target, chits("wing_3", "fuselage_3"), gunfire=2, incendiary=2)
    assert target.wing_damage == target.fuselage_damage == 0
    for key in ("engine_hit", "fuel_line_cut", "gas_tank"):
        victim = plane()
        damage(victim, chits(key), gunfire=1, incendiary=1)
        assert victim.status == "destroyed"
    ordinary = plane()
    # one incendiary chit and one ordinary: only the ordinary −3 counts
    damage(ordinary, chits("wing_3", "wing_3", then=(1, 1)), gunfire=2, incendiary=1)
    assert ordinary.wing_damage == 3


# --- the whole phase, after simultaneous fire -----------------------------------------------


def test_a_plane_destroyed_in_damage_resolution_still_scored() -> None:
    a = plane("a", 0, 0, heading_deg=0, target="b")
    b = plane("b", 0, 6, heading_deg=180, side="central", target="a")
    planes = {"a": a, "b": b}
    orders = {
        "a": OtlRound(target="b", fire={"vickers": "b"}),
        "b": OtlRound(target="a", fire={"vickers": "a"}),
    }
    fired = resolve_gunfire(planes, orders, {}, Dice.seeded(0, [("d6", 6)] * 4), CTX)
    assert fired.chits == {"a": 9, "b": 9}
    draws = ["gas_tank_explodes"] + ["miss"] * 9
    events = resolve_damage(planes, fired.chits, {}, {}, chits(*draws), CTX)
    assert a.status == "destroyed"  # drew the explosion first and draws no more
    assert b.flying and sum(1 for e in events if e.entities == ("b",)) == 9
