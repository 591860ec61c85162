"""Anti-radiation missiles and ECM pods (Intruders I-p.12–13).

A Wild Weasel or Iron Hand aircraft locks each operating enemy radar (a normal radar lock,
§7.1.1b), then needs a targeting fix on it — a d10 of 6 or less, one more for each impulse
it has held the lock — before it may launch an ARM.  The ARM flies 5 hexes an impulse;
after each move the radar it flies at may notice it (a d10 of 4 or less, 5 once an ARM has
hit another radar) and shut down, losing its locks and every SAM it guides — and the ARM
with it.  An ARM that reaches the radar's hex rolls for damage: 1–3 destroyed, 4–6 heavy,
7–9 light, 10 none (the AGM-78 adds −1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.dice import d10
from engine.phantoms.intruders import (
    IntrudersRuleError,
    Modifier,
    modifier_total,
    path_toward,
    world_ft,
)
from engine.phantoms.intruders.sam import FAR_TARGET_HEXES, RadarSite, SamInFlight
from engine.phantoms.state import PlaneState
from models.phantoms.card import Countermeasures
from models.phantoms.common import Quality
from models.phantoms.ground import Weapon

ARM_HEXES_PER_IMPULSE: Final = 5
"""A lost "5": ARMs fly as Phantoms' radar missiles do (I-p.12)."""
TARGETING_FIX_AT_MOST: Final = 6
DETECTION_AT_MOST: Final = 4
ECM_POD: Final = Countermeasures(radar=1, ir=0)
"""An extra ECM pod's countermeasures adds (I-p.12)."""
IR_JAMMER: Final = Countermeasures(radar=0, ir=1)
POD_POINTS: Final = 15
"""Points for each extra pod (a lost 5: "1 points")."""
LOCK_QUALITY: Final[dict[Quality, int]] = {
    "ace": 2,
    "experienced": 1,
    "average": 0,
    "inexperienced": 0,
    "green": -2,
}
"""The radar lock's pilot adds (§7.1.1b)."""

ArmResult = Literal["destroyed", "heavy", "light", "none"]


def pod_countermeasures(ecm_pods: int, ir_jammers: int) -> Countermeasures:
    """What an aircraft's extra pods add to its C/M (I-p.12); the countermeasures rules
    add them to the card's or the era's rating."""
    return Countermeasures(radar=ecm_pods * ECM_POD.radar, ir=ir_jammers * IR_JAMMER.ir)


@dataclass(slots=True)
class WeaselState:
    """What one Wild Weasel knows of the enemy radars: locks held and fixes made."""

    plane_id: str
    impulses_locked: dict[str, int] = field(default_factory=dict)
    """Radar id → impulses the lock has been held."""
    fixed: set[str] = field(default_factory=set)
    """Radars it has a targeting fix on."""

    def start_impulse(self, radars: dict[str, RadarSite]) -> None:
        """Count another impulse for every lock still on an operating radar; a radar that
        shut down or was destroyed breaks the lock and the fix."""
        for radar_id in list(self.impulses_locked):
            radar = radars.get(radar_id)
            if radar is None or not radar.operating:
                del self.impulses_locked[radar_id]
                self.fixed.discard(radar_id)
            else:
                self.impulses_locked[radar_id] += 1


@dataclass(frozen=True, slots=True)
class Roll:
    """A d10 roll against a number (or with modifiers against the other side's roll)."""

    purpose: str
    roll: int
    modifiers: tuple[Modifier, ...]
    total: int
    against: int
    success: bool


def arm_lock(dice: Dice, plane: PlaneState, radar: RadarSite, weasel: WeaselState) -> Roll:
    """The Weasel's lock on an operating radar (I-p.12 step 1): its radar value, pilot
    and range (+2 beyond 5 hexes, ruling #3) against the radar's d10 (ruling "ARM lock")."""
    if not plane.card.wild_weasel or plane.card.radar is None:
        raise IntrudersRuleError(f"{plane.id} is no Wild Weasel (I-p.12)")
    if not radar.operating:
        raise IntrudersRuleError(f"{radar.id} is not operating: there is nothing to lock (I-p.12)")
    modifiers = [Modifier(f"{plane.card.name} radar value", plane.card.radar)]
    if LOCK_QUALITY[plane.quality]:
        modifiers.append(Modifier(f"{plane.quality} pilot", LOCK_QUALITY[plane.quality]))
    if plane.hex.distance_to(radar.hex) > FAR_TARGET_HEXES:
        modifiers.append(Modifier(f"over {FAR_TARGET_HEXES} hexes", 2))
    roll = d10(dice, f"ARM radar lock, {plane.id} on {radar.id} (I-p.12)")
    against = d10(dice, f"ARM radar lock defence, {radar.id} (I-p.12)")
    total = roll + modifier_total(tuple(modifiers))
    success = total > against
    if success:
        weasel.impulses_locked.setdefault(radar.id, 0)
    return Roll("ARM lock", roll, tuple(modifiers), total, against, success)


def targeting_fix(dice: Dice, radar: RadarSite, weasel: WeaselState) -> Roll:
    """The targeting fix (I-p.12 step 2): a d10 of 6 or less, one more for each impulse
    the lock has been held."""
    if radar.id not in weasel.impulses_locked:
        raise IntrudersRuleError(f"{weasel.plane_id} holds no lock on {radar.id} (I-p.12)")
    held = weasel.impulses_locked[radar.id]
    roll = d10(dice, f"ARM targeting fix, {weasel.plane_id} on {radar.id} (I-p.12)")
    against = TARGETING_FIX_AT_MOST + held
    success = roll <= against
    if success:
        weasel.fixed.add(radar.id)
    modifiers = (Modifier(f"{held} impulse(s) locked", held),) if held else ()
    return Roll("targeting fix", roll, modifiers, roll, against, success)


@dataclass(slots=True)
class ArmInFlight:
    """An ARM on its way to a radar, with where it is for the replay."""

    id: str
    weapon: Weapon
    shooter_id: str
    radar_id: str
    hex: Hex
    level: float
    launched_turn: int
    launched_impulse: int
    path: list[tuple[Hex, float]] = field(default_factory=list)
    arrived: bool = False
    lost: str = ""

    @property
    def world_ft(self) -> tuple[float, float, float]:
        """Where it is for the replay, in world feet."""
        return world_ft(self.hex, self.level)


@dataclass(frozen=True, slots=True)
class ArmLaunch:
    shooter_id: str
    radar_id: str
    launch_roll: int | None
    missile: ArmInFlight | None
    """None when the launch failed (the missile is lost)."""


def launch_arm(
    dice: Dice,
    plane: PlaneState,
    weapon: Weapon,
    radar: RadarSite,
    weasel: WeaselState,
    *,
    missile_id: str,
    turn: int,
    impulse: int,
    launch_rolls: bool = True,
) -> ArmLaunch:
    """Launch an ARM at a radar with a targeting fix (I-p.12 step 3)."""
    if weapon.type != "arm" or weapon.range_hexes is None or weapon.launch_roll is None:
        raise IntrudersRuleError(f"the {weapon.name} is no anti-radiation missile")
    if plane.stores.get(weapon.id, 0) <= 0:
        raise IntrudersRuleError(f"{plane.id} carries no {weapon.id}")
    if radar.id not in weasel.fixed or not radar.operating:
        raise IntrudersRuleError(f"{plane.id} has no targeting fix on {radar.id} (I-p.12)")
    reach = plane.hex.distance_to(radar.hex)
    if reach > weapon.range_hexes:
        raise IntrudersRuleError(
            f"{radar.id} is {reach} hexes out; the {weapon.name} reaches {weapon.range_hexes}"
        )
    plane.stores[weapon.id] -= 1
    if plane.stores[weapon.id] == 0:
        del plane.stores[weapon.id]
    plane.fired = True
    roll: int | None = None
    if launch_rolls:
        roll = d10(dice, f"ARM launch roll, {plane.id}'s {weapon.id} (I-p.13)")
        if roll > weapon.launch_roll:
            return ArmLaunch(plane.id, radar.id, roll, None)
    missile = ArmInFlight(
        id=missile_id,
        weapon=weapon,
        shooter_id=plane.id,
        radar_id=radar.id,
        hex=plane.hex,
        level=float(plane.level),
        launched_turn=turn,
        launched_impulse=impulse,
        path=[(plane.hex, float(plane.level))],
    )
    return ArmLaunch(plane.id, radar.id, roll, missile)


def fly_arm(arm: ArmInFlight, radar: RadarSite) -> tuple[Hex, ...]:
    """Move the ARM 5 hexes toward its radar, diving evenly to the ground.  An ARM whose
    radar has shut down or been destroyed has nothing to home on and is lost."""
    if arm.arrived or arm.lost:
        return ()
    if not radar.operating:
        arm.lost = f"{radar.id} is off the air"
        return ()
    path = path_toward(arm.hex, radar.hex, ARM_HEXES_PER_IMPULSE)
    for here in path:
        before = arm.hex.distance_to(radar.hex)
        arm.level *= here.distance_to(radar.hex) / before
        arm.hex = here
        arm.path.append((here, arm.level))
    arm.arrived = arm.hex == radar.hex
    return path


def shut_down(radar: RadarSite, sams: list[SamInFlight]) -> list[str]:
    """Switch the radar off (I-p.12): its locks go, and so does every SAM it guides; returns
    the ids of the SAMs lost."""
    radar.shut_down = True
    radar.locks.clear()
    lost = []
    for missile in sams:
        if missile.radar_id == radar.id and not (missile.arrived or missile.lost):
            missile.lost = f"{radar.id} shut down"
            lost.append(missile.id)
    return lost


def detect_arm(
    dice: Dice,
    radar: RadarSite,
    arm: ArmInFlight,
    sams: list[SamInFlight],
    *,
    another_radar_hit: bool = False,
    shut_down_if_seen: bool = True,
) -> Roll:
    """After the ARM's move, the radar's chance to notice it (I-p.12): a d10 of 4 or less,
    5 or less once an ARM has hit any other radar.  Seen, it shuts down (if its side
    wishes), and the ARM is lost."""
    against = DETECTION_AT_MOST + (1 if another_radar_hit else 0)
    roll = d10(dice, f"ARM detection, {radar.id} against {arm.id} (I-p.12)")
    seen = roll <= against
    if seen and shut_down_if_seen and radar.operating:
        shut_down(radar, sams)
        arm.lost = f"{radar.id} shut down"
    modifiers = (Modifier("an ARM has already hit another radar", 1),) if another_radar_hit else ()
    return Roll("ARM detection", roll, modifiers, roll, against, seen)


@dataclass(frozen=True, slots=True)
class ArmHit:
    arm_id: str
    radar_id: str
    roll: int
    modified_roll: int
    result: ArmResult


def arm_result(modified_roll: int) -> ArmResult:
    """The ARM damage table (I-p.12)."""
    if modified_roll <= 3:
        return "destroyed"
    if modified_roll <= 6:
        return "heavy"
    if modified_roll <= 9:
        return "light"
    return "none"


def resolve_arm(dice: Dice, arm: ArmInFlight, radar: RadarSite, sams: list[SamInFlight]) -> ArmHit:
    """Roll the damage of an ARM that reached its radar and apply it: destroyed (the SAMs
    it guides are lost), heavy (one lock attempt a turn, one SAM guided, −3 to locks) or
    light (−1 to locks); the worse damage stands."""
    if not arm.arrived:
        raise IntrudersRuleError(f"{arm.id} has not reached {radar.id}")
    roll = d10(dice, f"ARM damage, {arm.id} on {radar.id} (I-p.12)")
    modified = roll + arm.weapon.damage_modifier
    result = arm_result(modified)
    if result == "destroyed":
        radar.destroyed = True
        radar.locks.clear()
        for missile in sams:
            if missile.radar_id == radar.id and not (missile.arrived or missile.lost):
                missile.lost = f"{radar.id} destroyed"
    elif result == "heavy":
        radar.arm_damage = "heavy"
    elif result == "light" and radar.arm_damage == "none":
        radar.arm_damage = "light"
    return ArmHit(arm.id, radar.id, roll, modified, result)
