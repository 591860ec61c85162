"""What each critical-hit chit does, and the criticals that roll every Damage Resolution
(§Critical Hits).

Criticals are cumulative: each chit's key goes on ``PlaneState.crits`` (Engine Hit may be
there several times), and the movement and gunnery rules read them from there.  The ones
that act at once are done here: a cut belt or a destroyed gun, a stopped engine, an
explosion, a wound.  Jammed controls, fires and a holed gas tank roll at the start of each
Damage Resolution.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.otl.gunfire import FireContext, FlightFlags, OtlEvent
from engine.otl.jams import barrels, is_pair, set_barrels
from engine.otl.state import CrewState, GunState, PlaneState, Wound

JAMMED_CONTROLS = ("aileron_jammed", "elevator_jammed", "rudder_jammed")
"""Freed on a d6 of 1 at the start of each Damage Resolution."""
FIRES = ("engine_fire", "gas_tank_fire")
"""A d6 each Damage Resolution: 6 explodes; after a whole round slipping, 1 puts it out."""
ENGINE_STOPPERS = ("engine_out", "fuel_line_cut")
"""The engine stops for good and −1 power applies every round."""
INCENDIARY_EXPLODES = frozenset(
    {
        "engine_fire",
        "engine_hit",
        "engine_out",
        "engine_smoking",
        "fuel_line_cut",
        "gas_tank",
        "gas_tank_fire",
        "gas_tank_explodes",
    }
)
"""Engine, fuel-tank and fuel-line criticals from incendiary ammo explode a plane
(§Incendiary Ammo)."""
WOUND_ORDER: tuple[Wound, ...] = ("none", "light", "heavy", "killed")


def _event(kind: str, plane: PlaneState, detail: str, **data: object) -> OtlEvent:
    return OtlEvent(kind, (plane.id,), f"{plane.callsign}: {detail}", dict(data))


def destroy(plane: PlaneState, why: str) -> OtlEvent:
    plane.status = "destroyed"
    return _event("otl.destroyed", plane, why, why=why)


def pick(dice: Dice, choices: int, purpose: str) -> int:
    """A random index 0…choices−1 from d6 rolls (rolled again above the largest multiple
    of ``choices``; no roll for a single choice)."""
    if choices <= 1:
        return 0
    if choices > 6:
        raise ValueError("a d6 picks among at most six")
    top = 6 - 6 % choices
    while True:
        roll = dice.d6(purpose)
        if roll <= top:
            return (roll - 1) % choices


def observer_flying(plane: PlaneState) -> bool:
    """Is the observer flying the plane?  He takes over a dual-control plane whose pilot
    is killed, while he is able himself (§Critical Hits, Pilot Killed)."""
    observer = plane.observer
    return (
        plane.pilot.wound == "killed"
        and plane.chart.dual_control
        and observer is not None
        and observer.able
    )


def _worsen(crew: CrewState, wound: Wound) -> Wound:
    """A new wound never lessens the old; a second light wound makes a heavy one."""
    old = WOUND_ORDER.index(crew.wound)
    new = WOUND_ORDER.index(wound)
    if crew.wound == "light" and wound == "light":
        new = WOUND_ORDER.index("heavy")
    crew.wound = WOUND_ORDER[max(old, new)]
    return crew.wound


def _lose_the_flyer(plane: PlaneState) -> list[OtlEvent]:
    """With nobody able at the controls the plane spins until it crashes."""
    if plane.pilot.wound != "killed" or observer_flying(plane) or plane.condition == "broken":
        return []
    plane.condition = "broken"
    return [_event("otl.broken", plane, "nobody at the controls: spins in", why="crew")]


WOUND_CHITS: dict[str, tuple[str, Wound]] = {
    f"{seat}_{how}": (seat, how)
    for seat in ("pilot", "observer")
    for how in ("light", "heavy", "killed")
}


def wound(plane: PlaneState, key: str) -> list[OtlEvent]:
    """A Pilot or Observer wound chit (``pilot_light`` … ``observer_killed``).  A killed
    pilot's dual-control plane flies on while the observer is able; otherwise, or when the
    flying observer is hit too, it spins until it crashes."""
    seat, how = WOUND_CHITS[key]
    crew = plane.pilot if seat == "pilot" else plane.observer
    if crew is None:
        return [_event("otl.wound", plane, "no observer aboard: a miss", seat=seat, wound="none")]
    now = _worsen(crew, how)
    events = [_event("otl.wound", plane, f"{seat} {now}", seat=seat, wound=now)]
    if seat == "pilot" and now == "killed" and observer_flying(plane):
        events.append(_event("otl.observer_flies", plane, "the observer takes the controls"))
    return events + _lose_the_flyer(plane)


def _cut_belt(plane: PlaneState, dice: Dice, ctx: FireContext) -> list[OtlEvent]:
    """Ammo Belt Cut: a belt-fed gun's ammo halved (rounded down), a random one of several;
    a plane with only drum-fed guns loses a drum (a spare if it has one)."""
    purpose = f"ammo belt cut, {plane.callsign}, round {ctx.round}"
    belts = [gun for gun in plane.guns if gun.chart.feed == "belt" and not gun.destroyed]
    if belts:
        gun = belts[pick(dice, len(belts), purpose)]
        gun.ammo //= 2
        return [_event("otl.ammo", plane, f"{gun.id} belt cut, {gun.ammo} left", gun=gun.id)]
    drums = [gun for gun in plane.guns if gun.chart.feed == "drum" and not gun.destroyed]
    if not drums:
        return []
    gun = drums[pick(dice, len(drums), purpose)]
    if gun.drums > 0:
        gun.drums -= 1
    else:
        gun.ammo = 0
    return [_event("otl.ammo", plane, f"{gun.id} loses a drum", gun=gun.id)]


def _hit_gun(gun: GunState, dice: Dice, purpose: str) -> str:
    """Gun Destroyed on one gun: a single gun is lost, a dual gun loses one of its pair."""
    dual = gun.chart.dual or gun.chart.separate_dual
    if not dual or gun.halved:
        gun.destroyed = True
        return "destroyed"
    states = barrels(gun)
    if is_pair(gun):
        kept = states[1] if states[0] == states[1] else states[pick(dice, 2, purpose)]
        gun.halved = True
        set_barrels(gun, [kept])
    else:
        gun.halved = True
    return "one of the pair destroyed (firepower halved)"


def _destroy_gun(plane: PlaneState, dice: Dice, ctx: FireContext) -> list[OtlEvent]:
    purpose = f"gun destroyed, {plane.callsign}, round {ctx.round}"
    guns = [gun for gun in plane.guns if not gun.destroyed]
    if not guns:
        return []
    gun = guns[pick(dice, len(guns), purpose)]
    return [_event("otl.gun", plane, f"{gun.id}: {_hit_gun(gun, dice, purpose)}", gun=gun.id)]


def stop_engine(plane: PlaneState, why: str) -> OtlEvent:
    plane.engine_on = False
    plane.engine_dead = True
    return _event("otl.engine", plane, f"engine cuts out ({why})", why=why)


def apply_critical(
    plane: PlaneState, key: str, dice: Dice, ctx: FireContext, *, incendiary: bool = False
) -> list[OtlEvent]:
    """Put one critical or wound chit into effect (§Critical Hits, §Incendiary Ammo)."""
    if key in WOUND_CHITS:
        return wound(plane, key)
    plane.crits.append(key)
    if incendiary and key in INCENDIARY_EXPLODES:
        return [destroy(plane, f"incendiary hit on the {key.replace('_', ' ')}: explodes")]
    if key == "gas_tank_explodes":
        return [destroy(plane, "the gas tank explodes")]
    if key in ENGINE_STOPPERS:
        return [stop_engine(plane, key.replace("_", " "))] if not plane.engine_dead else []
    if key == "ammo_belt_cut":
        return _cut_belt(plane, dice, ctx)
    if key == "gun_destroyed":
        return _destroy_gun(plane, dice, ctx)
    return []


def roll_standing_criticals(
    plane: PlaneState, flags: FlightFlags, dice: Dice, ctx: FireContext
) -> list[OtlEvent]:
    """The start of Damage Resolution (§Critical Hits): each jammed control is freed on a
    d6 of 1; each fire explodes the plane on a 6, or goes out on a 1 after a whole round
    slipping; a holed gas tank stops the engine on a 1."""
    events: list[OtlEvent] = []
    for key in JAMMED_CONTROLS:
        for _ in range(plane.crits.count(key)):
            roll = dice.d6(f"{key.replace('_', ' ')}, {plane.callsign}, round {ctx.round}")
            if roll == 1:
                plane.crits.remove(key)
                events.append(_event("otl.unjammed", plane, key.replace("_", " ") + " freed"))
    for key in FIRES:
        for _ in range(plane.crits.count(key)):
            roll = dice.d6(f"{key.replace('_', ' ')}, {plane.callsign}, round {ctx.round}")
            if roll == 6:
                events.append(destroy(plane, f"the {key.replace('_', ' ')} explodes the plane"))
                return events
            if roll == 1 and flags.slipped_whole_round:
                plane.crits.remove(key)
                events.append(_event("otl.fire_out", plane, "slipping puts the fire out"))
    if plane.has("gas_tank") and not plane.engine_dead:
        roll = dice.d6(f"gas tank, {plane.callsign}, round {ctx.round}")
        if roll == 1:
            events.append(stop_engine(plane, "the holed tank runs dry"))
    return events
