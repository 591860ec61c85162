"""Phase 3: Gunfire — jam clearing and reloads, then simultaneous fire (§Phase 3: Gunfire,
§Firing, §Gun Arcs, §Jamming, §Ammo, §Reloads, §Large Target Damage Divider).

Every gunner picks one target.  The Gunfire Chart's sum (2d6, or 1d6 × 2 for a cannon,
plus FirePower and the modifiers) is the number of damage chits the target draws, divided
by its Damage Divider.  Fire is simultaneous: this module only counts chits; nothing a
shot does to its target happens before Damage Resolution (``engine.otl.damage``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl import jams
from engine.otl.geometry import (
    FOSTER_ARC,
    Positioned,
    arc_of,
    clock_hour,
    in_clock_arc,
    in_fixed_lane,
    parse_clock_arc,
    range_in,
    vertical_firing,
)
from engine.otl.state import CrewState, GunState, PlaneState
from models.otl.orders import OtlRound
from models.otl.scenario import OtlOptions

ACE_KILLS_PER_POINT = 5
ACE_MOST = 4
BALLOON_SIZE = 4
"""Balloons count Size +4 and deflection +0 (§Balloons)."""
FRONT_DEFLECTION: dict[int | str, int] = {
    12: -6,
    1: -8,
    2: -8,
    10: -8,
    11: -8,
    3: -6,
    9: -6,
    "up": -6,
    "down": -6,
    4: -4,
    8: -4,
    5: -2,
    7: -2,
    6: 1,
}
"""Front-Firing Deflection: by the hour (or Up/Down) the firer is in, seen from the target."""
REAR_GROUPS: dict[int, str] = {
    12: "12",
    1: "1-3",
    2: "1-3",
    3: "1-3",
    4: "4-5",
    5: "4-5",
    6: "6",
    7: "7-8",
    8: "7-8",
    9: "9-11",
    10: "9-11",
    11: "9-11",
}
REAR_COLUMNS = ("12", "1-3", "4-5", "6", "7-8", "9-11", "U/D")
REAR_DEFLECTION: dict[str, tuple[int, ...]] = {
    "12": (-6, -7, -2, 1, -2, -7, -6),
    "1-3": (-4, -8, -6, -4, -2, -4, -6),
    "4-5": (-2, -3, -8, -6, -6, -2, -6),
    "6": (1, -1, -7, -6, -7, -1, -6),
    "7-8": (-2, -2, -6, -6, -8, -6, -6),
    "9-11": (-4, -4, -2, -4, -6, -8, -6),
}
"""Rear-Firing (flexible gun) Deflection: rows by the target's hour seen from the firer,
columns by the firer's hour (or Up/Down) seen from the target, as printed (the row 7–8,
column 9–11 cell reads −6 although its mirror reads −3; docs: OtL rulings)."""


# --- the phase's inputs and outputs ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OtlEvent:
    """Something that happened in a phase, for the timeline (``otl.fire``, ``otl.jam``…)."""

    kind: str
    entities: tuple[str, ...]
    detail: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FlightFlags:
    """How a plane flew this round, from the movement result: what jam clearing, reloads,
    the Gunfire Chart and the fires read."""

    entered_inverted: bool = False
    entered_vertical: bool = False
    over_max_level: bool = False
    stalled_or_spun: bool = False
    slipped_whole_round: bool = False
    """Slipped for the whole round (a fire may go out, §Critical Hits, Engine Fire)."""


def _always_visible(_observer: PlaneState, _target: PlaneState) -> bool:
    return True


@dataclass(frozen=True)
class FireContext:
    """What the Fire Phase needs besides the planes: the round, the optional rules, and
    whether one plane can see another (clouds and the sun)."""

    round: int
    options: OtlOptions = field(default_factory=OtlOptions)
    can_see: Callable[[PlaneState, PlaneState], bool] = _always_visible


@dataclass(frozen=True, slots=True)
class ShotTarget:
    """Something that is not a plane but can be shot at: a balloon (§Balloons)."""

    id: str
    callsign: str
    side: str
    x_in: float
    y_in: float
    alt_ft: float
    size: int = BALLOON_SIZE
    is_balloon: bool = True
    level: str | None = None
    damage_divider: int = 1


Target = PlaneState | ShotTarget


@dataclass(frozen=True, slots=True)
class ShotSum:
    """The Gunfire Chart's terms for one shot, the dice left out."""

    terms: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(value for _name, value in self.terms)

    def term(self, name: str) -> int:
        return sum(value for term, value in self.terms if term == name)

    def as_dict(self) -> dict[str, int]:
        return dict(self.terms)


@dataclass(frozen=True, slots=True)
class ShotOption:
    """A gun that can fire at a target now, with what the shot would sum to."""

    gun_id: str
    target_id: str
    crew: Literal["pilot", "observer"]
    shot: ShotSum

    @property
    def total(self) -> int:
        """The chart's sum without the dice (add 7 for the average roll)."""
        return self.shot.total


@dataclass(frozen=True, slots=True)
class Shot:
    """One gun's fire this round."""

    firer: str
    gun: str
    target: str
    shot: ShotSum
    roll: int
    jam_on: int
    jammed: Literal["no", "one", "all"]
    chits: int
    incendiary: bool


@dataclass
class FireResult:
    """The Fire Phase's outcome: chits each target will draw in Damage Resolution."""

    chits: dict[str, int] = field(default_factory=dict)
    incendiary_chits: dict[str, int] = field(default_factory=dict)
    """Of ``chits``, how many came from incendiary ammunition."""
    shots: list[Shot] = field(default_factory=list)
    events: list[OtlEvent] = field(default_factory=list)

    def fired_by(self, target: str) -> tuple[str, ...]:
        """Who hit ``target`` this round (one entry per plane, in firing order)."""
        firers: list[str] = []
        for shot in self.shots:
            if shot.target == target and shot.chits > 0 and shot.firer not in firers:
                firers.append(shot.firer)
        return tuple(firers)


# --- the gunner ------------------------------------------------------------------------------


def gunner(plane: PlaneState, gun: GunState) -> CrewState | None:
    """Who works the gun: the pilot, or the observer (None when the seat is empty)."""
    return plane.pilot if gun.chart.crew == "pilot" else plane.observer


def _gunner_cannot(plane: PlaneState, gun: GunState) -> str | None:
    crew = gunner(plane, gun)
    if crew is None:
        return "the plane has no observer to work it"
    if crew.wound == "killed":
        return f"the {gun.chart.crew} is killed"
    if crew.wound == "heavy":
        return f"the {gun.chart.crew} is heavily wounded and cannot fire (§Critical Hits)"
    if crew.blacked_out:
        return f"the {gun.chart.crew} has blacked out"
    return None


def _level(target: Target) -> str | None:
    return target.level if isinstance(target, ShotTarget) else target.pilot.level


def _name(target: Target) -> str:
    return target.callsign


# --- arcs and deflection --------------------------------------------------------------------


def _in_lane(firer: PlaneState, target: Positioned) -> bool:
    return in_fixed_lane(firer, target) and vertical_firing(firer, target) == "ok"


def fires_forward(firer: PlaneState, gun: GunState, target: Positioned) -> bool:
    """Does the gun bear on the target as a forward-firing gun (the lane), so the
    Front-Firing Deflection table applies?  A Foster Lewis pivoted up to 12+ does not."""
    return gun.chart.mount != "flexible" and _in_lane(firer, target)


def arc_problem(firer: PlaneState, gun: GunState, target: Positioned) -> str | None:
    """Why the gun does not bear on the target (§Gun Arcs), or None when it does."""
    mount = gun.chart.mount
    if mount == "flexible":
        if in_clock_arc(firer, parse_clock_arc(gun.chart.arc), target):
            return None
        hour = clock_hour(firer, target.x_in, target.y_in, target.alt_ft)
        return f"it is at {hour} o'clock, outside the gun's arc {gun.chart.arc!r} (§Gun Arcs)"
    if not in_fixed_lane(firer, target):
        if mount == "foster" and in_clock_arc(firer, FOSTER_ARC, target):
            return None
        where = "the 2 in lane ahead" + (" or the Foster mount's 12+" if mount == "foster" else "")
        return f"it is outside {where} (§Gun Arcs)"
    verdict = vertical_firing(firer, target)
    if verdict == "ok":
        return None
    if mount == "foster" and in_clock_arc(firer, FOSTER_ARC, target):
        return None
    why = {
        "target below": "a climbing plane fires only at targets no lower than itself",
        "target above": "a diving plane fires only at targets no higher than itself",
        "too steep": "a level plane fires only when the horizontal range is at least the "
        "height difference",
        "no firing": "no firing in a vertical climb or dive",
    }[verdict]
    return f"{why} (§Gun Arcs, Vertical Firing Table)"


def _hour_of(observer: PlaneState, other: Positioned) -> int:
    return clock_hour(observer, other.x_in, other.y_in, other.alt_ft)


def front_deflection(firer: PlaneState, target: PlaneState) -> int:
    """Front-Firing Deflection (§Phase 3: Gunfire): by where the firer sits seen from the
    target — its hour, or Up/Down."""
    arc = arc_of(target, firer)
    key: int | str = arc if arc in ("up", "down") else _hour_of(target, firer)
    return FRONT_DEFLECTION[key]


def rear_deflection(firer: PlaneState, target: PlaneState) -> int:
    """Rear-Firing Deflection for a flexible gun: the target's hour seen from the firer
    (row) against the firer's hour or Up/Down seen from the target (column)."""
    row = REAR_GROUPS[_hour_of(firer, target)]
    arc = arc_of(target, firer)
    column = "U/D" if arc in ("up", "down") else REAR_GROUPS[_hour_of(target, firer)]
    return REAR_DEFLECTION[row][REAR_COLUMNS.index(column)]


# --- the Gunfire Chart ----------------------------------------------------------------------


def over_max_level(plane: PlaneState) -> bool:
    """Is the plane faster than its Maximum Level Speed at its altitude?"""
    return plane.speed > plane.chart.band_at(plane.alt_ft).max_level_speed


def shot_sum(
    firer: PlaneState,
    gun: GunState,
    target: Target,
    ctx: FireContext,
    *,
    flags: FlightFlags | None = None,
    firepower: int | None = None,
) -> ShotSum:
    """Every term of the Gunfire Chart for this shot but the dice (§Phase 3: Gunfire).

    ``flags`` says whether the firer flew above Max Level Speed this round (without it the
    speed on its record is compared with the chart); ``firepower`` overrides the gun's
    (a separately firing pair that jams on one barrel fires the other at half).
    """
    crew = gunner(firer, gun)
    terms: list[tuple[str, int]] = [
        ("firepower", jams.firepower(gun) if firepower is None else firepower)
    ]
    distance = range_in(firer, target)
    terms.append(("range", -2 * distance if firer.incendiary else -distance))
    if isinstance(target, ShotTarget):
        terms.append(("size", target.size))
        if target.is_balloon:
            terms.append(("deflection", 0))
    else:
        terms.append(("size", target.chart.size))
        if fires_forward(firer, gun, target):
            terms.append(("deflection", front_deflection(firer, target)))
        else:
            terms.append(("deflection", rear_deflection(firer, target)))
    if crew is not None:
        if crew.kills >= ACE_KILLS_PER_POINT:
            terms.append(("ace", min(ACE_MOST, crew.kills // ACE_KILLS_PER_POINT)))
        if crew.level == "green":
            terms.append(("green firer", -2))
        if crew.wound == "light":
            terms.append(("firer wounded", -2))
    if abs(firer.bank) == 2:
        terms.append(("P* bank", -2))
    elif abs(firer.bank) >= 3:
        terms.append(("I* bank", -4))
    fast = flags.over_max_level if flags is not None else over_max_level(firer)
    if fast:
        terms.append(("over max level speed", -3))
    level = _level(target)
    if level == "veteran":
        terms.append(("veteran target", -2))
    elif level == "green":
        terms.append(("green target", 2))
    if gun.chart.crew == "pilot" and firer.target != target.id:
        terms.append(("untargeted", -4))
    return ShotSum(tuple(terms))


def divided_chits(total: int, divider: int) -> int:
    """Chits after the Damage Divider: the whole sum first, then divided, rounded up
    (§Large Target Damage Divider)."""
    return math.ceil(max(0, total) / divider)


def _divider(target: Target) -> int:
    return target.damage_divider if isinstance(target, ShotTarget) else target.chart.damage_divider


# --- legality -------------------------------------------------------------------------------


def plane_cannot_fire(plane: PlaneState) -> str | None:
    """Why nothing on the plane can fire this round, or None."""
    if not plane.flying:
        return f"the plane is {plane.status}"
    if plane.condition in ("spin", "broken"):
        return "a plane in a spin cannot fire (§Spins)"
    if abs(plane.pitch) >= 2:
        return "no firing in a vertical climb or dive (§Gun Arcs, Vertical Firing Table)"
    return None


def shot_problem(firer: PlaneState, gun: GunState, target: Target, ctx: FireContext) -> str | None:
    """Why ``gun`` cannot be fired at ``target`` on the present positions (the gun's own
    jams and ammo aside), or None."""
    why = plane_cannot_fire(firer) or _gunner_cannot(firer, gun)
    if why:
        return why
    if gun.destroyed:
        return "the gun is destroyed (§Critical Hits, Gun Destroyed)"
    if target.id == firer.id:
        return "a plane cannot fire at itself"
    if target.side == firer.side:
        return f"{_name(target)} is on the same side"
    if isinstance(target, PlaneState):
        if not target.flying:
            return f"{_name(target)} is {target.status}"
        if not ctx.can_see(firer, target):
            return f"{_name(target)} cannot be seen (in or beyond cloud, or in the sun)"
    problem = arc_problem(firer, gun, target)
    return f"{_name(target)}: {problem}" if problem else None


def check_fire_order(
    firer: PlaneState, order: OtlRound, targets: Mapping[str, Target], ctx: FireContext
) -> None:
    """Raise :class:`IllegalOrder` for a fire order the rules refuse: a gun the plane does
    not have, an unknown target, a gunner on two targets (§Phase 3: Gunfire), a target out
    of the gun's arc or a gun that cannot fire for reasons known before the phase."""
    chosen: dict[str, str] = {}
    for gun_id, target_id in order.fire.items():
        where = f"fire.{gun_id}"
        try:
            gun = firer.gun(gun_id)
        except StopIteration:
            have = ", ".join(g.id for g in firer.guns) or "none"
            raise IllegalOrder(
                "§Firing",
                f"{where}: {firer.callsign} has no gun {gun_id!r} (its guns: {have})",
                aircraft=firer.callsign,
                turn=ctx.round,
            ) from None
        target = targets.get(target_id)
        if target is None:
            raise IllegalOrder(
                "§Phase 3: Gunfire",
                f"{where}: there is no {target_id!r} to fire at",
                aircraft=firer.callsign,
                turn=ctx.round,
            )
        seat = gun.chart.crew
        if chosen.setdefault(seat, target_id) != target_id:
            raise IllegalOrder(
                "§Phase 3: Gunfire",
                f"{where}: the {seat} already fires at {chosen[seat]!r}; each gunner fires "
                "at one target",
                aircraft=firer.callsign,
                turn=ctx.round,
            )
        problem = shot_problem(firer, gun, target, ctx)
        if problem is None and set(jams.barrels(gun)) == {"stuck"}:
            problem = "the gun is jammed for the rest of the mission (§Jamming)"
        if problem is None and gun.ammo <= 0 and not jams.can_reload(gun):
            problem = "the gun is out of ammunition (§Ammo)"
        if problem:
            cited = re.match(r"^(.*) \((§[^)]*)\)$", problem)
            rule, problem = (cited.group(2), cited.group(1)) if cited else ("§Gun Arcs", problem)
            raise IllegalOrder(rule, f"{where}: {problem}", aircraft=firer.callsign, turn=ctx.round)


# --- options for the AI ---------------------------------------------------------------------


def shot_options(
    plane: PlaneState, planes: Mapping[str, Target], ctx: FireContext
) -> list[ShotOption]:
    """Every gun that can fire now × every enemy it bears on (a plane, or a balloon or
    ground unit among ``planes``), with the shot's sum (pure)."""
    if plane_cannot_fire(plane):
        return []
    options = []
    for gun in plane.guns:
        if not jams.can_fire(gun) or _gunner_cannot(plane, gun):
            continue
        for target_id in sorted(planes):
            target = planes[target_id]
            if shot_problem(plane, gun, target, ctx) is None:
                options.append(
                    ShotOption(gun.id, target_id, gun.chart.crew, shot_sum(plane, gun, target, ctx))
                )
    return options


# --- jam clearing and reloads ---------------------------------------------------------------


def pilot_may_work_guns(plane: PlaneState, flags: FlightFlags) -> bool:
    """May the pilot clear a jam or reload this round (§Jamming, §Reloads)?  Only when he
    kept out of the inverted banks and the vertical pitches, stayed at or under Max Level
    Speed and neither stalled nor spun."""
    return not (
        flags.entered_inverted
        or flags.entered_vertical
        or flags.over_max_level
        or flags.stalled_or_spun
        or plane.condition != "normal"
    )


def clear_and_reload(
    plane: PlaneState, order: OtlRound, flags: FlightFlags, dice: Dice, ctx: FireContext
) -> list[OtlEvent]:
    """The start of the Fire Phase for one plane: a d6 for each jammed gun, then reloads
    (§Jamming, §Reloads).  The pilot's guns need the flying conditions; the observer's do
    not (the rule names only the pilot)."""
    events: list[OtlEvent] = []
    if not plane.flying or not order.clear_jams:
        return events
    for gun in plane.guns:
        crew = gunner(plane, gun)
        if crew is None or not crew.able:
            continue
        if gun.chart.crew == "pilot" and not pilot_may_work_guns(plane, flags):
            continue
        if "jammed" in jams.barrels(gun):
            purpose = f"jam clear, {plane.callsign} {gun.id}, round {ctx.round}"
            for roll, outcome in jams.try_clear(gun, plane.chart.jam_clear_on, dice, purpose):
                events.append(
                    OtlEvent(
                        "otl.clear",
                        (plane.id,),
                        f"{plane.callsign} {gun.id}: {outcome} (d6 {roll})",
                        {"gun": gun.id, "roll": roll, "result": outcome},
                    )
                )
        if jams.can_reload(gun):
            jams.reload(gun)
            events.append(
                OtlEvent(
                    "otl.reload",
                    (plane.id,),
                    f"{plane.callsign} reloads {gun.id}",
                    {"gun": gun.id, "drums": gun.drums, "ammo": gun.ammo},
                )
            )
    return events


# --- firing ---------------------------------------------------------------------------------


def fire(
    firer: PlaneState,
    gun: GunState,
    target: Target,
    ctx: FireContext,
    dice: Dice,
    *,
    flags: FlightFlags | None = None,
) -> Shot:
    """Fire one gun (§Phase 3: Gunfire, §Jamming, §Ammo): roll, mark an ammo box, check
    the jam and count the chits.  The firer's gun record changes now; the target's damage
    waits for Damage Resolution."""
    purpose = f"gunfire, {firer.callsign} {gun.id} at {_name(target)}, round {ctx.round}"
    # A cannon rolls one d6, doubled; other guns 2d6 (Gunfire Chart).
    roll = 2 * dice.d6(purpose) if gun.chart.cannon else dice.d6(purpose) + dice.d6(purpose)
    shot = shot_sum(firer, gun, target, ctx, flags=flags)
    pair_firing = jams.is_pair(gun) and jams.barrels(gun) == ["ok", "ok"]
    jams.mark_fire(gun)
    jam_on = jams.jam_number(gun, firer.incendiary)
    jammed: Literal["no", "one", "all"] = "no"
    chits = 0
    if roll <= jam_on:
        jammed = jams.jam(gun)
        if jammed == "one" and pair_firing:
            shot = shot_sum(
                firer, gun, target, ctx, flags=flags, firepower=gun.chart.firepower // 2
            )
            chits = divided_chits(roll + shot.total, _divider(target))
    else:
        chits = divided_chits(roll + shot.total, _divider(target))
    return Shot(firer.id, gun.id, target.id, shot, roll, jam_on, jammed, chits, firer.incendiary)


def _fire_events(firer: PlaneState, target: Target, shot: Shot) -> list[OtlEvent]:
    events = []
    if shot.jammed != "no":
        which = "one gun of the pair" if shot.jammed == "one" else "the gun"
        events.append(
            OtlEvent(
                "otl.jam",
                (firer.id,),
                f"{firer.callsign} {shot.gun}: {which} jams (rolled {shot.roll}, jams on "
                f"{shot.jam_on} or less)",
                {"gun": shot.gun, "roll": shot.roll, "jam_on": shot.jam_on, "which": shot.jammed},
            )
        )
    if shot.jammed != "all":
        events.append(
            OtlEvent(
                "otl.fire",
                (firer.id, target.id),
                f"{firer.callsign} {shot.gun} at {_name(target)}: {shot.roll} "
                f"{shot.shot.total:+d} → {shot.chits} chits",
                {
                    "hits": shot.chits,
                    "gun": shot.gun,
                    "roll": shot.roll,
                    "sum": shot.roll + shot.shot.total,
                    "terms": shot.shot.as_dict(),
                },
            )
        )
    return events


def _count_missions(firer: PlaneState, gun: GunState, target: Target, shot: Shot) -> None:
    """A mission counts for a crewman who fires with any chance of a hit, or is fired on
    (§Pilot Capabilities)."""
    crew = gunner(firer, gun)
    if crew is not None and shot.shot.total + 12 > 0:
        crew.missions_this_game = 1
    if isinstance(target, PlaneState):
        for member in (target.pilot, target.observer):
            if member is not None:
                member.missions_this_game = 1


def resolve_gunfire(
    planes: dict[str, PlaneState],
    orders: dict[str, OtlRound],
    flags: dict[str, FlightFlags],
    dice: Dice,
    ctx: FireContext,
    *,
    others: Mapping[str, ShotTarget] | None = None,
) -> FireResult:
    """The Fire Phase (§Phase 3: Gunfire): jam clear attempts and reloads, then every
    ordered gun fires at once (``others``: balloons that may be shot at too).  Planes no
    longer flying take no part.  Every order is checked before any gun fires; an ordered gun
    still jammed or unloaded after the clearing stays silent (``otl.silent``).  Returns the
    chits each target will draw."""
    targets: dict[str, Target] = {**(others or {}), **planes}
    result = FireResult()
    for plane in planes.values():
        for gun in plane.guns:
            gun.fired_this_round = False
    firing = sorted(plane_id for plane_id, plane in planes.items() if plane.flying)
    for plane_id in firing:
        if plane_id in orders:
            check_fire_order(planes[plane_id], orders[plane_id], targets, ctx)
    for plane_id in firing:
        plane = planes[plane_id]
        order = orders.get(plane_id, OtlRound())
        result.events += clear_and_reload(
            plane, order, flags.get(plane_id, FlightFlags()), dice, ctx
        )
    for plane_id in firing:
        firer = planes[plane_id]
        order = orders.get(plane_id, OtlRound())
        for gun in firer.guns:
            target_id = order.fire.get(gun.id)
            if target_id is None:
                continue
            target = targets[target_id]
            silent = jams.why_silent(gun)
            if silent:
                result.events.append(
                    OtlEvent(
                        "otl.silent",
                        (firer.id,),
                        f"{firer.callsign} {gun.id} {silent}",
                        {"gun": gun.id, "why": silent},
                    )
                )
                continue
            shot = fire(firer, gun, target, ctx, dice, flags=flags.get(plane_id))
            _count_missions(firer, gun, target, shot)
            result.shots.append(shot)
            result.events += _fire_events(firer, target, shot)
            if shot.chits:
                result.chits[target_id] = result.chits.get(target_id, 0) + shot.chits
                if shot.incendiary:
                    result.incendiary_chits[target_id] = (
                        result.incendiary_chits.get(target_id, 0) + shot.chits
                    )
    for plane in planes.values():
        for gun in plane.guns:
            jams.mark_idle(gun)
    return result
