"""The Gunfire Chart, deflection, jams, ammo, clearing, reloads and simultaneous fire
(§Phase 3: Gunfire, §Jamming, §Ammo, §Reloads, §Large Target Damage Divider)."""

from __future__ import annotations

import math

import pytest

from engine.dice import Dice, RollKind
from engine.errors import IllegalOrder
from engine.otl import jams
from engine.otl.gunfire import (
    FRONT_DEFLECTION,
    REAR_COLUMNS,
    REAR_DEFLECTION,
    REAR_GROUPS,
    FireContext,
    FireResult,
    FlightFlags,
    ShotTarget,
    clear_and_reload,
    divided_chits,
    fire,
    front_deflection,
    rear_deflection,
    resolve_gunfire,
    shot_options,
    shot_sum,
)
from engine.otl.state import GunState, PlaneState
from models.otl.orders import OtlRound
from tests.otl.test_gunfire_planes import LEWIS, TWO_SEATER, VICKERS, chart, plane

CTX = FireContext(round=3)


def dice(*rolls: tuple[RollKind, int]) -> Dice:
    return Dice.seeded(0, rolls)


def d6s(*faces: int) -> Dice:
    return dice(*(("d6", face) for face in faces))


def jam_of(gun: GunState) -> str:
    """The gun's jam mark, read through a call (the tests set it and read it back)."""
    return gun.jammed


def tail_chase(**firer: object) -> tuple[PlaneState, PlaneState]:
    """A (Camel-like) firer 5 in behind its target, same height, both heading north."""
    hunter = plane("a", 0, 0, target="b", **firer)  # type: ignore[arg-type]
    quarry = plane("b", 0, 5, side="central")
    return hunter, quarry


def test_a_tail_chase_sums_every_term() -> None:
    hunter, quarry = tail_chase()
    shot = shot_sum(hunter, hunter.gun("vickers"), quarry, CTX)
    assert shot.as_dict() == {
        "firepower": 10,
        "range": -4,
        "size": 0,
        "deflection": 1,  # the firer sits at the target's 6 o'clock
        "veteran target": -2,
    }
    assert shot.total == 5


def test_firer_and_target_modifiers() -> None:
    hunter, quarry = tail_chase(kills=12, bank=2, speed=15, missions=0)
    hunter.pilot.wound = "light"
    quarry.pilot.record = quarry.pilot.record.model_copy(update={"missions": 0})
    hunter.target = None
    shot = shot_sum(hunter, hunter.gun("vickers"), quarry, CTX)
    assert shot.term("ace") == 2
    assert shot.term("green firer") == -2
    assert shot.term("P* bank") == -2
    assert shot.term("over max level speed") == -3
    assert shot.term("firer wounded") == -2
    assert shot.term("green target") == 2
    assert shot.term("untargeted") == -4
    inverted, _ = tail_chase(kills=40, bank=-3)
    many = shot_sum(inverted, inverted.gun("vickers"), quarry, CTX)
    assert many.term("ace") == 4 and many.term("I* bank") == -4
    slow = shot_sum(hunter, hunter.gun("vickers"), quarry, CTX, flags=FlightFlags())
    assert slow.term("over max level speed") == 0


def test_the_untargeted_penalty_is_the_pilots_only() -> None:
    gunner = plane("a", 0, 0, plane_chart=TWO_SEATER, target=None)
    quarry = plane("b", 0, -5, side="central")
    shot = shot_sum(gunner, gunner.gun("lewis"), quarry, CTX)
    assert shot.term("untargeted") == 0


def test_incendiary_ammo_takes_twice_the_range() -> None:
    hunter, quarry = tail_chase()
    hunter.incendiary = True
    assert shot_sum(hunter, hunter.gun("vickers"), quarry, CTX).term("range") == -8


def test_a_balloon_is_size_four_with_no_deflection() -> None:
    hunter = plane("a", 0, 0, target="sausage")
    balloon = ShotTarget("sausage", "Drachen 1", "central", 0, 5, 5000)
    shot = shot_sum(hunter, hunter.gun("vickers"), balloon, CTX)
    assert shot.as_dict() == {"firepower": 10, "range": -4, "size": 4, "deflection": 0}


def test_the_worked_damage_divider() -> None:
    """§5 #5: 4 chits with Divider 3 → 1⅓ → 2."""
    assert divided_chits(4, 3) == 2
    assert divided_chits(-3, 2) == 0
    hunter, _ = tail_chase()
    bomber = plane("b", 0, 5, side="central", plane_chart=chart(damage_divider=3))
    # 10 firepower − 4 range + 1 deflection − 2 veteran = 5; a roll of 3 (2 would jam)
    shot = fire(hunter, hunter.gun("vickers"), bomber, CTX, d6s(1, 2))
    assert shot.roll == 3 and shot.chits == math.ceil((3 + 5) / 3) == 3


# --- deflection, every cell -----------------------------------------------------------------


def _placed(
    firer_hour_seen_from_target: int | str, target_hour_seen_from_firer: int
) -> tuple[PlaneState, PlaneState]:
    """A firer at the origin heading north, the target at ``target_hour`` of it, turned so
    the firer sits at ``firer_hour`` of the target (or Up/Down of it)."""
    angle = math.radians(target_hour_seen_from_firer * 30)
    tx, ty = 6 * math.sin(angle), 6 * math.cos(angle)
    back_deg = math.degrees(math.atan2(-tx, -ty)) % 360  # compass bearing target → firer
    if firer_hour_seen_from_target in ("up", "down"):
        # pitched vertical, so its up (VC) or down (VD) axis points at the firer
        pitch = 2 if firer_hour_seen_from_target == "up" else -2
        target = plane("b", tx, ty, heading_deg=(back_deg + 180) % 360, pitch=pitch, side="c")
    else:
        heading = (back_deg - 30 * int(firer_hour_seen_from_target)) % 360
        target = plane("b", tx, ty, heading_deg=heading, side="c")
    return plane("a", 0, 0), target


@pytest.mark.parametrize("firer_hour", [*range(1, 13), "up", "down"])
def test_front_firing_deflection(firer_hour: int | str) -> None:
    """The firer's hour as the target sees it (§Phase 3: Gunfire, Front-Firing Deflection)."""
    firer, target = _placed(firer_hour, 12)
    assert front_deflection(firer, target) == FRONT_DEFLECTION[firer_hour]


FRONT_PRINTED: dict[int | str, int] = {12: -6, 1: -8, 2: -8, 10: -8, 11: -8, 3: -6, 9: -6}
FRONT_PRINTED |= {4: -4, 8: -4, 5: -2, 7: -2, 6: 1, "up": -6, "down": -6}


def test_the_front_table_is_as_printed() -> None:
    assert FRONT_PRINTED == FRONT_DEFLECTION


REAR_PRINTED = [
    ("12", [-6, -7, -2, 1, -2, -7, -6]),
    ("1-3", [-4, -8, -6, -4, -2, -4, -6]),
    ("4-5", [-2, -3, -8, -6, -6, -2, -6]),
    ("6", [1, -1, -7, -6, -7, -1, -6]),
    ("7-8", [-2, -2, -6, -6, -8, -6, -6]),  # the −6 in column 9–11 kept as printed
    ("9-11", [-4, -4, -2, -4, -6, -8, -6]),
]


@pytest.mark.parametrize("target_hour", range(1, 13))
@pytest.mark.parametrize("firer_hour", [*range(1, 13), "up", "down"])
def test_rear_firing_deflection(target_hour: int, firer_hour: int | str) -> None:
    """Every cell of the flexible-gun matrix, from real positions."""
    firer, target = _placed(firer_hour, target_hour)
    row = dict(REAR_PRINTED)[REAR_GROUPS[target_hour]]
    column = "U/D" if firer_hour in ("up", "down") else REAR_GROUPS[int(firer_hour)]
    assert rear_deflection(firer, target) == row[REAR_COLUMNS.index(column)]


def test_the_rear_matrix_is_as_printed() -> None:
    assert {row: tuple(cells) for row, cells in REAR_PRINTED} == REAR_DEFLECTION


# --- jams and ammo --------------------------------------------------------------------------


def _fire_round(hunter: PlaneState, quarry: PlaneState, rolls: Dice, round_: int) -> FireResult:
    orders = {"a": OtlRound(target="b", fire={"vickers": "b"})}
    return resolve_gunfire({"a": hunter, "b": quarry}, orders, {}, rolls, FireContext(round=round_))


def test_the_worked_jam_numbers() -> None:
    """§5 #6: jams on 2, then 4, then 6; a round without firing starts again at 2."""
    hunter, quarry = tail_chase()
    gun = hunter.gun("vickers")
    numbers = []
    for round_ in (1, 2, 3):
        result = _fire_round(hunter, quarry, d6s(6, 6), round_)
        numbers.append(result.shots[0].jam_on)
    assert numbers == [2, 4, 6] and gun.ammo == 7
    resolve_gunfire({"a": hunter, "b": quarry}, {}, {}, d6s(), FireContext(round=4))
    assert gun.consecutive == 0
    assert _fire_round(hunter, quarry, d6s(6, 6), 5).shots[0].jam_on == 2


def test_incendiary_ammo_counts_one_more_round() -> None:
    """§5 #6: after two rounds of incendiary fire the gun jams on 6, not 4."""
    hunter, quarry = tail_chase()
    hunter.incendiary = True
    _fire_round(hunter, quarry, d6s(6, 6), 1)
    result = _fire_round(hunter, quarry, d6s(3, 3), 2)
    assert result.shots[0].jam_on == 6 and result.shots[0].jammed == "all"
    assert result.chits == {} and result.incendiary_chits == {}


def test_a_jam_does_no_damage_but_marks_a_box() -> None:
    hunter, quarry = tail_chase()
    result = _fire_round(hunter, quarry, d6s(1, 1), 1)
    gun = hunter.gun("vickers")
    assert gun.jammed == "jammed" and gun.ammo == 9 and result.chits == {}
    assert [event.kind for event in result.events] == ["otl.jam"]
    silent = _fire_round(hunter, quarry, d6s(3), 2)  # the clear fails: the gun stays silent
    assert [event.kind for event in silent.events] == ["otl.clear", "otl.silent"]
    assert gun.ammo == 9


def test_fire_events_carry_the_hits() -> None:
    hunter, quarry = tail_chase()
    rolls = d6s(4, 5)
    result = _fire_round(hunter, quarry, rolls, 1)
    assert result.chits == {"b": 14}  # 9 + 5
    (event,) = result.events
    assert event.kind == "otl.fire" and event.data["hits"] == 14
    assert event.entities == ("a", "b")
    assert hunter.pilot.missions_this_game == 1 and quarry.pilot.missions_this_game == 1
    assert [roll.purpose for roll in rolls.rolls] == ["gunfire, A vickers at B, round 1"] * 2


def test_clearing_a_jam() -> None:
    hunter, _ = tail_chase()
    gun = hunter.gun("vickers")
    order = OtlRound()
    for face, after in ((6, "no"), (1, "stuck"), (4, "jammed")):
        gun.jammed = "jammed"
        events = clear_and_reload(hunter, order, FlightFlags(), d6s(face), CTX)
        assert jam_of(gun) == after
        assert events[0].kind == "otl.clear"
    easier = plane(plane_chart=chart(jam_clear_on=5))
    easier.guns[0].jammed = "jammed"
    clear_and_reload(easier, order, FlightFlags(), d6s(5), CTX)
    assert jam_of(easier.guns[0]) == "no"


@pytest.mark.parametrize(
    "flags",
    [
        FlightFlags(entered_inverted=True),
        FlightFlags(entered_vertical=True),
        FlightFlags(over_max_level=True),
        FlightFlags(stalled_or_spun=True),
    ],
)
def test_the_pilot_clears_only_after_steady_flying(flags: FlightFlags) -> None:
    hunter, _ = tail_chase()
    hunter.gun("vickers").jammed = "jammed"
    rolls = d6s()
    assert clear_and_reload(hunter, OtlRound(), flags, rolls, CTX) == []
    assert rolls.rolls == [] and hunter.gun("vickers").jammed == "jammed"


def test_the_observer_clears_and_reloads_whatever_the_flying() -> None:
    gunner = plane(plane_chart=TWO_SEATER)
    lewis = gunner.gun("lewis")
    lewis.jammed = "jammed"
    lewis.ammo = 0
    events = clear_and_reload(gunner, OtlRound(), FlightFlags(entered_inverted=True), d6s(6), CTX)
    assert [event.kind for event in events] == ["otl.clear", "otl.reload"]
    assert jam_of(lewis) == "no" and lewis.ammo == 2 and lewis.drums == 2


def test_no_attempt_when_the_order_says_not_to() -> None:
    hunter, _ = tail_chase()
    hunter.gun("vickers").jammed = "jammed"
    assert clear_and_reload(hunter, OtlRound(clear_jams=False), FlightFlags(), d6s(), CTX) == []


def test_a_drum_runs_out_and_is_reloaded() -> None:
    gunner = plane("a", 0, 0, plane_chart=TWO_SEATER)
    quarry = plane("b", 0, -5, side="central")
    lewis = gunner.gun("lewis")
    orders = {"a": OtlRound(fire={"lewis": "b"})}
    planes = {"a": gunner, "b": quarry}
    resolve_gunfire(planes, orders, {}, d6s(6, 6), FireContext(round=1))
    resolve_gunfire(planes, orders, {}, d6s(6, 6), FireContext(round=2))
    assert lewis.ammo == 0 and lewis.needs_reload
    result = resolve_gunfire(planes, orders, {}, d6s(6, 6), FireContext(round=3))
    assert [event.kind for event in result.events] == ["otl.reload", "otl.fire"]
    assert lewis.ammo == 1 and lewis.drums == 2


def test_a_cannon_rolls_one_die_doubled_and_reloads_after_each_shot() -> None:
    cannon = {"id": "puteaux", "name": "37 mm", "firepower": 8, "ammo": 4, "cannon": True}
    hunter = plane("a", 0, 0, target="b", plane_chart=chart(guns=[cannon]))
    quarry = plane("b", 0, 5, side="central")
    shot = fire(hunter, hunter.gun("puteaux"), quarry, CTX, d6s(4))
    assert shot.roll == 8 and hunter.gun("puteaux").needs_reload
    assert not jams.can_fire(hunter.gun("puteaux"))
    clear_and_reload(hunter, OtlRound(), FlightFlags(), d6s(), CTX)
    assert jams.can_fire(hunter.gun("puteaux"))


def test_separately_firing_dual_guns_jam_one_at_a_time() -> None:
    pair = {**VICKERS, "dual": False, "separate_dual": True}
    hunter = plane("a", 0, 0, target="b", plane_chart=chart(guns=[pair]))
    quarry = plane("b", 0, 5, side="central")
    gun = hunter.gun("vickers")
    shot = fire(hunter, gun, quarry, CTX, d6s(1, 1))
    assert shot.jammed == "one" and shot.shot.term("firepower") == 5
    assert shot.chits == 2 + 5 - 4 + 1 - 2
    assert jams.barrels(gun) == ["ok", "jammed"] and jams.firepower(gun) == 5
    shot = fire(hunter, gun, quarry, CTX, d6s(2, 2))  # second round: jams on 4
    assert shot.jammed == "all" and shot.chits == 0 and not jams.can_fire(gun)
    clear_and_reload(hunter, OtlRound(), FlightFlags(), d6s(6, 1), CTX)
    assert jams.barrels(gun) == ["ok", "stuck"] and jams.firepower(gun) == 5
    assert jams.can_fire(gun)


def test_a_dual_gun_that_lost_one_of_its_pair_fires_at_half() -> None:
    hunter, quarry = tail_chase()
    gun = hunter.gun("vickers")
    gun.halved = True
    assert shot_sum(hunter, gun, quarry, CTX).term("firepower") == 5


# --- legality -------------------------------------------------------------------------------


def _order(fire_orders: dict[str, str]) -> dict[str, OtlRound]:
    return {"a": OtlRound(target="b", fire=fire_orders)}


@pytest.mark.parametrize(
    ("setup", "fire_orders", "says"),
    [
        ("tail", {"spandau": "b"}, "no gun 'spandau'"),
        ("tail", {"vickers": "zz"}, "no 'zz'"),
        ("beside", {"vickers": "b"}, "outside the 2 in lane"),
        ("climbing", {"vickers": "b"}, "Vertical Firing Table"),
        ("vertical", {"vickers": "b"}, "vertical climb or dive"),
        ("spin", {"vickers": "b"}, "spin cannot fire"),
        ("killed", {"vickers": "b"}, "pilot is killed"),
        ("friend", {"vickers": "b"}, "same side"),
        ("hidden", {"vickers": "b"}, "cannot be seen"),
    ],
)
def test_illegal_fire_orders_name_the_gun_and_the_rule(
    setup: str, fire_orders: dict[str, str], says: str
) -> None:
    hunter, quarry = tail_chase()
    ctx = CTX
    if setup == "beside":
        quarry.x_in = 3
    elif setup == "climbing":
        hunter.pitch = 1
        quarry.alt_ft = 4900
    elif setup == "vertical":
        hunter.pitch = 2
    elif setup == "spin":
        hunter.condition = "spin"
    elif setup == "killed":
        hunter.pilot.wound = "killed"
    elif setup == "friend":
        quarry.side = hunter.side
    elif setup == "hidden":
        ctx = FireContext(round=3, can_see=lambda _a, _b: False)
    with pytest.raises(IllegalOrder) as raised:
        resolve_gunfire({"a": hunter, "b": quarry}, _order(fire_orders), {}, d6s(), ctx)
    assert says in str(raised.value)
    assert "fire." in str(raised.value) and "turn 3" in str(raised.value)


def test_a_gunner_fires_at_one_target() -> None:
    two = chart(guns=[VICKERS, {**VICKERS, "id": "lewis", "name": "wing Lewis"}])
    hunter = plane("a", 0, 0, target="b", plane_chart=two)
    b, c = plane("b", 0, 5, side="central"), plane("c", 0.5, 8, side="central")
    with pytest.raises(IllegalOrder, match="one target"):
        resolve_gunfire(
            {"a": hunter, "b": b, "c": c},
            {"a": OtlRound(fire={"vickers": "b", "lewis": "c"})},
            {},
            d6s(),
            CTX,
        )


def test_a_foster_lewis_also_fires_at_twelve_above() -> None:
    foster = {**LEWIS, "crew": "pilot", "mount": "foster", "arc": ""}
    hunter = plane("a", 0, 0, target="b", plane_chart=chart(guns=[foster]))
    above = plane("b", 1.2, 5, alt_ft=5200, side="central")  # out of the lane, 12 o'clock up
    below = plane("c", 1.2, 5, alt_ft=4800, side="central")
    options = shot_options(hunter, {"a": hunter, "b": above, "c": below}, CTX)
    assert [(option.gun_id, option.target_id) for option in options] == [("lewis", "b")]


def test_shot_options_list_every_gun_and_target_in_arc() -> None:
    gunner = plane("a", 0, 0, plane_chart=TWO_SEATER, target="b")
    ahead = plane("b", 0, 5, side="central")
    behind = plane("c", 0, -5, side="central")
    friend = plane("d", 0, 8, side="allies")
    options = shot_options(gunner, {"a": gunner, "b": ahead, "c": behind, "d": friend}, CTX)
    assert [(o.gun_id, o.target_id, o.crew) for o in options] == [
        ("vickers", "b", "pilot"),
        ("lewis", "c", "observer"),
    ]
    assert options[0].shot == shot_sum(gunner, gunner.gun("vickers"), ahead, CTX)
    assert options[0].total == options[0].shot.total
    gunner.condition = "spin"
    assert shot_options(gunner, {"b": ahead}, CTX) == []


# --- simultaneous fire ----------------------------------------------------------------------


def test_two_planes_shooting_each_other_both_score() -> None:
    a = plane("a", 0, 0, heading_deg=0, target="b")
    b = plane("b", 0, 6, heading_deg=180, side="central", target="a")
    orders = {
        "a": OtlRound(target="b", fire={"vickers": "b"}),
        "b": OtlRound(fire={"vickers": "a"}),
    }
    result = resolve_gunfire({"a": a, "b": b}, orders, {}, d6s(5, 5, 6, 6), CTX)
    # head-on: deflection −6 (firer at the target's 12), range 5, veteran −2
    assert result.chits == {"b": 10 + 10 - 5 - 6 - 2, "a": 12 + 10 - 5 - 6 - 2}
    assert result.fired_by("a") == ("b",) and result.fired_by("b") == ("a",)
    assert a.wing_damage == b.wing_damage == 0 and a.flying and b.flying


def test_a_plane_no_longer_flying_takes_no_part() -> None:
    hunter, quarry = tail_chase()
    hunter.status = "destroyed"
    orders = {"a": OtlRound(target="b", fire={"vickers": "b"})}
    result = resolve_gunfire({"a": hunter, "b": quarry}, orders, {}, d6s(), CTX)
    assert result.shots == [] and result.events == []


def test_a_pair_stuck_on_both_barrels_is_refused() -> None:
    pair = {**VICKERS, "dual": False, "separate_dual": True}
    hunter = plane("a", 0, 0, target="b", plane_chart=chart(guns=[pair]))
    quarry = plane("b", 0, 5, side="central")
    hunter.gun("vickers").jammed = "stuck"
    with pytest.raises(IllegalOrder, match="rest of the mission"):
        resolve_gunfire(
            {"a": hunter, "b": quarry}, {"a": OtlRound(fire={"vickers": "b"})}, {}, d6s(), CTX
        )


def test_a_balloon_can_be_fired_at_in_the_phase() -> None:
    hunter = plane("a", 0, 0, target="sausage")
    balloon = ShotTarget("sausage", "Drachen 1", "central", 0, 5, 5000)
    orders = {"a": OtlRound(target="sausage", fire={"vickers": "sausage"})}
    result = resolve_gunfire({"a": hunter}, orders, {}, d6s(3, 4), CTX, others={"sausage": balloon})
    assert result.chits == {"sausage": 7 + 10 - 4 + 4}
