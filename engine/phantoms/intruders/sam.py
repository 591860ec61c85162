"""Surface-to-air missiles and their radars (Intruders I-p.3, I-p.13; U-p.3).

An SA-2 battery is 4–6 missiles and a radar.  The radar turns its 60° cone as it likes
each impulse, tries up to two locks an impulse, and the battery fires only at an aircraft
its radar holds locked — up to two missiles at one aircraft.  With the radar knocked out
(or shut down against an ARM) the battery cannot fire and the missiles it guides are lost.
An SA-7 team needs a visual spot instead.  Every launch rolls against the launch number
(I-p.13); a missile then flies its hexes each impulse and, on reaching the aircraft's hex,
attacks as a Phantoms missile does (§7.1): attack rating plus modifiers plus a d10 against
the aircraft's d10 plus its countermeasures and pilot, the win being the hits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.dice import d10
from engine.phantoms.hexgrid import aspect, combat_range, heading_deg, in_cone
from engine.phantoms.intruders import (
    IntrudersRuleError,
    Modifier,
    modifier_total,
    path_toward,
    world_ft,
)
from engine.phantoms.state import PlaneState
from models.phantoms.common import Quality
from models.phantoms.ground import GroundRadar, SamType

LEVEL_0_LOCK = -4
FAR_TARGET_HEXES = 5
FAR_TARGET_LOCK = 2
"""+2 to the radar beyond 5 hexes: Example 4 (and Phantoms' own) give it to the radar."""
ARM_LOCK_PENALTY: dict[str, int] = {"none": 0, "light": -1, "heavy": -3}
"""Radar lock penalties after an ARM's light or heavy damage (I-p.12; signs lost)."""
PILOT_DEFENCE: dict[Quality, int] = {
    "green": 0,
    "inexperienced": 0,
    "average": 1,
    "experienced": 2,
    "ace": 3,
}
AFTERBURNER_IR = 4
FRONT_ASPECT = -3
SIDE_ASPECT = -2
LEVEL_0_DEFENCE = 2
HARD_MANEUVER_DEFENCE = 3
BROKE_CONTACT_DEFENCE = 3
HITS_PER_CRITICAL = 3

ArmDamage = Literal["none", "light", "heavy"]


@dataclass(slots=True)
class RadarSite:
    """A SAM or AAA fire-control radar (or a ship's) on the mat."""

    id: str
    radar: GroundRadar
    hex: Hex
    facing: int = 0
    """Its 60° cone's facing (I-p.3 rule 5)."""
    locks: list[str] = field(default_factory=list)
    """Aircraft ids it holds locked."""
    attempts_this_impulse: int = 0
    attempts_this_turn: int = 0
    turned_this_impulse: bool = False
    destroyed: bool = False
    shut_down: bool = False
    """Switched off against an incoming ARM (I-p.12) until the next turn."""
    arm_damage: ArmDamage = "none"
    defence_bonus: int = 0
    """Added to the target's side of every lock (a ship's crippled sensors, U-p.3)."""

    @property
    def operating(self) -> bool:
        return not (self.destroyed or self.shut_down)

    def start_impulse(self) -> None:
        self.attempts_this_impulse = 0
        self.turned_this_impulse = False

    def start_turn(self) -> None:
        """A new turn: the attempt count restarts and a shut-down radar may come back on."""
        self.attempts_this_turn = 0
        self.shut_down = False

    def attempts_left(self) -> int:
        """Lock attempts still allowed: 2 an impulse (I-p.3 rule 2), one a turn with an ARM's
        heavy damage (I-p.12)."""
        if not self.operating:
            return 0
        if self.arm_damage == "heavy":
            return max(0, 1 - self.attempts_this_turn)
        return max(0, self.radar.attempts_per_impulse - self.attempts_this_impulse)

    @property
    def max_guided(self) -> int | None:
        """SAMs it can guide at once: one after an ARM's heavy damage, else no limit."""
        return 1 if self.arm_damage == "heavy" else None


def turn_radar(radar: RadarSite, facing: int) -> None:
    """Turn the radar's cone to ``facing`` (once an impulse, I-p.3 rule 5)."""
    if radar.turned_this_impulse and facing % 6 != radar.facing:
        raise IntrudersRuleError(f"{radar.id}'s cone has already turned this impulse (I-p.3)")
    if facing % 6 != radar.facing:
        radar.facing = facing % 6
        radar.turned_this_impulse = True


def facing_toward(from_hex: Hex, to_hex: Hex) -> int:
    """The facing whose heading lies nearest the bearing to ``to_hex`` (ties to the lower)."""
    bearing = from_hex.heading_to_deg(to_hex)
    return min(range(6), key=lambda f: abs((bearing - heading_deg(f) + 180.0) % 360.0 - 180.0))


def lock_modifiers(radar: RadarSite, plane: PlaneState) -> tuple[Modifier, ...]:
    """The SAM Radar Lock On Modifiers (I-p.3), used for AAA radars too."""
    found = [Modifier(f"{radar.radar.name} radar value", radar.radar.value)]
    if plane.level == 0:
        found.append(Modifier("target at level 0", LEVEL_0_LOCK))
    if radar.hex.distance_to(plane.hex) > FAR_TARGET_HEXES:
        found.append(Modifier(f"target over {FAR_TARGET_HEXES} hexes", FAR_TARGET_LOCK))
    if radar.arm_damage != "none":
        found.append(Modifier(f"ARM {radar.arm_damage} damage", ARM_LOCK_PENALTY[radar.arm_damage]))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class LockAttempt:
    radar_id: str
    target_id: str
    roll: int
    modifiers: tuple[Modifier, ...]
    attack_total: int
    defence_roll: int
    defence_total: int

    @property
    def locked(self) -> bool:
        return self.attack_total > self.defence_total


def attempt_lock(dice: Dice, radar: RadarSite, plane: PlaneState, cm_radar: int) -> LockAttempt:
    """One lock attempt by a ground radar on ``plane`` (I-p.3): the radar's total against
    the aircraft's d10 plus its radar countermeasures (and any defence bonus); a higher
    total locks.  Raises :class:`IntrudersRuleError` for a radar that may not try."""
    if not radar.operating:
        raise IntrudersRuleError(f"{radar.id} is not operating and cannot lock (I-p.3)")
    if radar.attempts_left() <= 0:
        raise IntrudersRuleError(f"{radar.id} has no lock attempts left this impulse (I-p.3)")
    if not in_cone(radar.hex, radar.facing, plane.hex):
        raise IntrudersRuleError(f"{plane.id} is outside {radar.id}'s 60° cone (I-p.3)")
    if plane.id not in radar.locks and len(radar.locks) >= radar.radar.max_locks:
        raise IntrudersRuleError(
            f"{radar.id} already holds {radar.radar.max_locks} locks; release one first"
        )
    radar.attempts_this_impulse += 1
    radar.attempts_this_turn += 1
    modifiers = lock_modifiers(radar, plane)
    roll = d10(dice, f"SAM/AAA radar lock, {radar.id} on {plane.id} (I-p.3)")
    defence_roll = d10(dice, f"radar lock defence, {plane.id} against {radar.id} (I-p.3)")
    attempt = LockAttempt(
        radar_id=radar.id,
        target_id=plane.id,
        roll=roll,
        modifiers=modifiers,
        attack_total=roll + modifier_total(modifiers),
        defence_roll=defence_roll,
        defence_total=defence_roll + cm_radar + radar.defence_bonus,
    )
    if attempt.locked and plane.id not in radar.locks:
        radar.locks.append(plane.id)
    return attempt


def drop_lost_locks(radar: RadarSite, planes: dict[str, PlaneState]) -> list[str]:
    """Drop the locks on aircraft gone out of play or out of the cone; returns their ids."""
    lost = [
        plane_id
        for plane_id in radar.locks
        if plane_id not in planes
        or not planes[plane_id].in_play
        or not in_cone(radar.hex, radar.facing, planes[plane_id].hex)
    ]
    radar.locks = [plane_id for plane_id in radar.locks if plane_id not in lost]
    return lost


@dataclass(slots=True)
class SamBattery:
    """An SA-2 battery (or a ship's SA-N-1 launcher, or an SA-7 team) on the mat."""

    id: str
    sam: SamType
    hex: Hex
    missiles: int
    radar_id: str | None = None
    level: int = 0
    destroyed: bool = False
    hidden: bool = False


@dataclass(slots=True)
class SamInFlight:
    """A SAM on its way, with where it is for the replay."""

    id: str
    sam: SamType
    battery_id: str
    radar_id: str | None
    target_id: str
    launch_hex: Hex
    hex: Hex
    level: float
    launched_turn: int
    launched_impulse: int
    path: list[tuple[Hex, float]] = field(default_factory=list)
    """Every hex entered and the level there, launch hex first."""
    arrived: bool = False
    lost: str = ""
    """Why it was lost (guidance gone, target out of play); empty while it flies."""

    @property
    def world_ft(self) -> tuple[float, float, float]:
        """Where it is for the replay, in world feet."""
        return world_ft(self.hex, self.level)

    @property
    def came_from(self) -> Hex:
        """The hex it entered the target's hex from (its launch hex if it started there)."""
        return self.path[-2][0] if len(self.path) >= 2 else self.launch_hex


def launch_problem(
    battery: SamBattery,
    radar: RadarSite | None,
    plane: PlaneState,
    in_flight: list[SamInFlight],
    *,
    spotted: bool = False,
) -> str | None:
    """Why ``battery`` may not fire at ``plane``, or None if it may (I-p.3)."""
    sam = battery.sam
    if battery.destroyed:
        return f"{battery.id} is destroyed"
    if battery.missiles <= 0:
        return f"{battery.id} has no missiles left"
    if not plane.in_play:
        return f"{plane.id} is out of play"
    if sam.guidance == "radar":
        if radar is None or not radar.operating:
            return f"{battery.id}'s radar is knocked out or shut down: it cannot fire (rule 3)"
        if plane.id not in radar.locks:
            return f"{battery.id}'s radar holds no lock on {plane.id} (rule 1)"
        guided = [m for m in in_flight if m.radar_id == radar.id and not (m.arrived or m.lost)]
        if radar.max_guided is not None and len(guided) >= radar.max_guided:
            return f"{radar.id} can guide only {radar.max_guided} SAM after an ARM hit (I-p.12)"
    elif not spotted:
        return f"an {sam.name} needs a visual spot on {plane.id} (rule 4)"
    at_target = [
        m
        for m in in_flight
        if m.battery_id == battery.id and m.target_id == plane.id and not (m.arrived or m.lost)
    ]
    if len(at_target) >= sam.max_at_one_target:
        return f"{battery.id} already has {len(at_target)} {sam.name}(s) at {plane.id} (rule 1)"
    reach = combat_range(battery.hex, battery.level, plane.hex, plane.level)
    if not sam.min_range_hexes <= reach <= sam.max_range_hexes:
        return (
            f"{plane.id} is at range {reach}; the {sam.name} fires at "
            f"{sam.min_range_hexes}–{sam.max_range_hexes}"
        )
    if not sam.lowest_level <= plane.level <= sam.highest_level:
        return f"{plane.id} at level {plane.level} is outside the {sam.name}'s levels"
    return None


@dataclass(frozen=True, slots=True)
class SamLaunch:
    battery_id: str
    target_id: str
    launch_roll: int | None
    """The d10 launch roll (None when launch rolls are not in play)."""
    missile: SamInFlight | None
    """The missile in flight, or None when the launch failed (the missile is lost)."""


def launch_sam(
    dice: Dice,
    battery: SamBattery,
    radar: RadarSite | None,
    plane: PlaneState,
    in_flight: list[SamInFlight],
    *,
    missile_id: str,
    turn: int,
    impulse: int,
    spotted: bool = False,
    launch_rolls: bool = True,
) -> SamLaunch:
    """Fire one SAM at ``plane``: a missile leaves the battery whatever the launch roll,
    and flies only on a d10 of its launch number or less (I-p.13)."""
    problem = launch_problem(battery, radar, plane, in_flight, spotted=spotted)
    if problem is not None:
        raise IntrudersRuleError(f"SAM launch (I-p.3): {problem}")
    battery.missiles -= 1
    battery.hidden = False
    roll: int | None = None
    if launch_rolls:
        roll = d10(dice, f"SAM launch roll, {battery.id} at {plane.id} (I-p.13)")
        if roll > battery.sam.launch_roll:
            return SamLaunch(battery.id, plane.id, roll, None)
    missile = SamInFlight(
        id=missile_id,
        sam=battery.sam,
        battery_id=battery.id,
        radar_id=radar.id if battery.sam.guidance == "radar" and radar is not None else None,
        target_id=plane.id,
        launch_hex=battery.hex,
        hex=battery.hex,
        level=float(battery.level),
        launched_turn=turn,
        launched_impulse=impulse,
        path=[(battery.hex, float(battery.level))],
    )
    in_flight.append(missile)
    return SamLaunch(battery.id, plane.id, roll, missile)


def guidance_problem(
    missile: SamInFlight, radar: RadarSite | None, plane: PlaneState
) -> str | None:
    """Why a radar SAM has lost its guidance (radar out or shut down, lock gone, target out
    of the cone or out of play), or None."""
    if not plane.in_play:
        return f"{plane.id} is out of play"
    if missile.sam.guidance != "radar":
        return None
    if radar is None or not radar.operating:
        return "its radar is knocked out or shut down"
    if plane.id not in radar.locks or not in_cone(radar.hex, radar.facing, plane.hex):
        return f"its radar lost the lock on {plane.id}"
    return None


def fly_sam(missile: SamInFlight, radar: RadarSite | None, plane: PlaneState) -> tuple[Hex, ...]:
    """Move ``missile`` its hexes toward ``plane`` for one impulse; it climbs evenly to the
    target's level as it closes.  A missile whose guidance is gone is lost instead."""
    if missile.arrived or missile.lost:
        return ()
    problem = guidance_problem(missile, radar, plane)
    if problem is not None:
        missile.lost = problem
        return ()
    path = path_toward(missile.hex, plane.hex, missile.sam.hexes_per_impulse)
    for here in path:
        before = missile.hex.distance_to(plane.hex)
        after = here.distance_to(plane.hex)
        missile.level += (plane.level - missile.level) * (1.0 - after / before)
        missile.hex = here
        missile.path.append((here, missile.level))
    if missile.hex == plane.hex:
        missile.level = float(plane.level)
        missile.arrived = True
    return path


@dataclass(frozen=True, slots=True)
class SamAttack:
    missile_id: str
    target_id: str
    roll: int
    modifiers: tuple[Modifier, ...]
    attack_total: int
    defence_roll: int
    defence_modifiers: tuple[Modifier, ...]
    defence_total: int
    hits: int
    criticals: int


def impact_modifiers(missile: SamInFlight, plane: PlaneState) -> tuple[Modifier, ...]:
    """The attacker's SAM To Hit modifiers (I-p.3), the attack rating first.  The aspect is
    read from the hex the missile came in from."""
    sam = missile.sam
    found = [Modifier(f"{sam.name} attack rating", sam.attack)]
    if sam.guidance == "ir" and plane.used_ab:
        found.append(Modifier("target used afterburner (IR)", AFTERBURNER_IR))
    seen = aspect(plane.hex, plane.facing, missile.came_from)
    if seen == "front":
        found.append(Modifier("target's front aspect", FRONT_ASPECT))
    elif seen == "side":
        found.append(Modifier("target's side aspect", SIDE_ASPECT))
    return tuple(found)


def impact_defence(
    missile: SamInFlight, plane: PlaneState, cm: int, *, broke_contact: bool = False
) -> tuple[Modifier, ...]:
    """The defender's adds against a SAM (I-p.3): the countermeasures for its guidance,
    level 0, a Hard Turn or Loop, the pilot and a successful Break Contact."""
    kind = "IR" if missile.sam.guidance == "ir" else "radar"
    found = [Modifier(f"{kind} countermeasures", cm)]
    if plane.level == 0:
        found.append(Modifier("at level 0", LEVEL_0_DEFENCE))
    if plane.in_hard_maneuver:
        found.append(Modifier("in a Hard Turn or Loop", HARD_MANEUVER_DEFENCE))
    found.append(Modifier(f"{plane.quality} pilot", PILOT_DEFENCE[plane.quality]))
    if broke_contact:
        found.append(Modifier("broke contact and still chased", BROKE_CONTACT_DEFENCE))
    return tuple(found)


def sam_impact(
    dice: Dice,
    missile: SamInFlight,
    plane: PlaneState,
    cm: int,
    *,
    broke_contact: bool = False,
    defence_bonus: int = 0,
) -> SamAttack:
    """Resolve an arrived SAM against ``plane``: the win is the hits; a hit brings the
    missile's criticals (2 for the SA-2's large warhead) plus one per 3 hits (§7.1, §8.0).
    ``cm`` is the aircraft's countermeasures for the missile's guidance, pods included."""
    if not missile.arrived:
        raise IntrudersRuleError(f"{missile.id} has not reached {plane.id} yet")
    attack = impact_modifiers(missile, plane)
    defence = impact_defence(missile, plane, cm, broke_contact=broke_contact)
    if defence_bonus:
        defence += (Modifier("defence bonus", defence_bonus),)
    roll = d10(dice, f"SAM impact, {missile.id} at {plane.id} (I-p.3)")
    defence_roll = d10(dice, f"SAM defence, {plane.id} against {missile.id} (I-p.3)")
    attack_total = roll + modifier_total(attack)
    defence_total = defence_roll + modifier_total(defence)
    hits = max(0, attack_total - defence_total)
    criticals = missile.sam.criticals_per_hit + hits // HITS_PER_CRITICAL if hits else 0
    return SamAttack(
        missile_id=missile.id,
        target_id=plane.id,
        roll=roll,
        modifiers=attack,
        attack_total=attack_total,
        defence_roll=defence_roll,
        defence_modifiers=defence,
        defence_total=defence_total,
        hits=hits,
        criticals=criticals,
    )
