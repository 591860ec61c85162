"""What the ground war fires and drops in the Launch and Gun Segments: SAM launches
(I-p.3), ARM launches (I-p.12), bomb and rocket releases and their arrival (I-p.4–7),
strafing (I-p.6), and the level each attack profile flies to its target.

Functions of the :class:`~engine.phantoms.ground_war.GroundWar` they act for; the rules
are :mod:`engine.phantoms.intruders`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.hexmap import Hex
from engine.phantoms import ground_war_sensors as sensors
from engine.phantoms.ai_maneuver import Flak
from engine.phantoms.ground_war_timeline import WeaponTrack
from engine.phantoms.ground_war_units import Unit
from engine.phantoms.hexgrid import centre_ft, combat_range, points_at
from engine.phantoms.intruders.aaa import RADAR_DIRECTED
from engine.phantoms.intruders.arm import launch_arm
from engine.phantoms.intruders.bombing import (
    BombsInFlight,
    Profile,
    damage_result,
    profile_problem,
    release_weapons,
    resolve_bombing,
    strafe,
)
from engine.phantoms.intruders.naval import hits_from_attack
from engine.phantoms.intruders.sam import RadarSite, SamBattery, launch_problem, launch_sam
from engine.phantoms.state import PlaneState
from models.phantoms.ground import Weapon, weapons

if TYPE_CHECKING:
    from engine.phantoms.ground_war import GroundWar

SAM_SALVO: Final = 2
"""SA-2s a battery fires at one aircraft in one impulse (I-p.3 rule 1)."""
PROFILES: Final[dict[str, tuple[Profile, ...]]] = {
    "level": ("level",),
    "dive": ("dive", "level"),
    "low": ("low",),
    "toss": ("toss_vertical", "toss_lateral"),
    "standoff": ("standoff", "level"),
}
"""The bombing profiles (I-p.4) each AI attack profile releases in, first choice first:
a dive striker not diving at its release point drops level; a stand-off striker's dumb
bombs are dropped level (ruling "Release timing")."""
STANDOFF_ONLY: Final = frozenset({"rocket_pod", "tv"})
"""Stores that are always fired in a stand-off attack, whatever the profile (I-p.4)."""
PROFILE_LEVEL: Final[dict[str, int]] = {"level": 4, "low": 1, "standoff": 3}
DIVE_FROM_LEVEL: Final = 5
DIVE_TO_LEVEL: Final = 2
DIVE_START_HEXES: Final = 4
"""A dive striker holds level 5 until this close to its target, then wants level 2."""
TOSS_RUN_LEVEL: Final = 1
TOSS_PULL_UP_LEVEL: Final = 3
TOSS_PULL_UP_HEXES: Final = 3
"""A toss striker runs in at level 1 and zooms to level 3 within 3 hexes (a 2-hex toss)."""


def profile_level(war: GroundWar, plane: PlaneState, profile: str) -> int:
    """The level an attack profile wants the aircraft at as it nears its target: level 4,
    low 1, stand-off 3; a dive 5 until 4 hexes out, then 2; a toss 1, zooming to 3 within
    3 hexes."""
    if profile in PROFILE_LEVEL:
        return PROFILE_LEVEL[profile]
    setup = war.game.setups.get(plane.id)
    target = war.objective_hex(plane, setup.ai.target if setup is not None else None)
    distance = plane.hex.distance_to(target) if target is not None else 99
    if profile == "dive":
        return DIVE_FROM_LEVEL if distance > DIVE_START_HEXES else DIVE_TO_LEVEL
    if profile == "toss":
        return TOSS_RUN_LEVEL if distance > TOSS_PULL_UP_HEXES else TOSS_PULL_UP_LEVEL
    return PROFILE_LEVEL["level"]


# --- SAMs ----------------------------------------------------------------------------------


def launch_sams(war: GroundWar, turn: int, impulse: int) -> None:
    """Every battery with a target fires at one aircraft, up to two missiles (I-p.3): a
    radar battery at an aircraft its radar holds locked, an SA-7 team at one it has
    spotted.  The aircraft with the fewest of the unit's missiles already at it goes
    first, then the nearest.  A unit never has more than two at one aircraft: a ship's
    launchers share its one radar (ruling "SAM fire")."""
    rolls = war.game.scenario.options.launch_rolls != "off"
    for unit in war.units.values():
        for battery in unit.working_batteries():
            if battery.missiles <= 0:
                continue
            radar = war.radars.get(battery.radar_id or "")
            targets = [
                p for p in battery_targets(war, battery) if _ready(war, unit, battery, radar, p)
            ]
            if not targets:
                continue
            target = min(targets, key=lambda p: _fire_order(war, unit, battery, p))
            for _ in range(SAM_SALVO):
                if not _ready(war, unit, battery, radar, target):
                    break
                _fire_sam(war, unit, battery, radar, target, turn, impulse, rolls)


def _at(war: GroundWar, unit: Unit, plane: PlaneState) -> int:
    """The unit's SAMs in flight at the aircraft."""
    parts = {b.id for b in unit.batteries}
    return sum(1 for m in war.sams if m.battery_id in parts and m.target_id == plane.id)


def _fire_order(
    war: GroundWar, unit: Unit, battery: SamBattery, plane: PlaneState
) -> tuple[int, int, str]:
    reach = combat_range(battery.hex, battery.level, plane.hex, plane.level)
    return (_at(war, unit, plane), reach, plane.id)


def _ready(
    war: GroundWar, unit: Unit, battery: SamBattery, radar: RadarSite | None, plane: PlaneState
) -> bool:
    problem = launch_problem(battery, radar, plane, war.sams, spotted=True)
    return problem is None and _at(war, unit, plane) < SAM_SALVO


def battery_targets(war: GroundWar, battery: SamBattery) -> list[PlaneState]:
    """Aircraft a battery may fire at: its radar's locks still in its cone (I-p.3 rule 1),
    or, for an SA-7 team, those in reach its crew have spotted (rule 4)."""
    unit = war.unit_of(battery.id)
    planes = war.game.planes
    if battery.sam.guidance == "radar":
        return [planes[pid] for pid in war.radar_locks(battery.radar_id)]
    sam = battery.sam
    reach = [
        p
        for p in war.enemies(unit.side)
        if combat_range(battery.hex, battery.level, p.hex, p.level) <= sam.max_range_hexes
        and sam.lowest_level <= p.level <= sam.highest_level
    ]
    sensors.ground_spot(war, unit, reach)
    return [p for p in reach if sensors.spotted(war, unit, p)]


def _fire_sam(
    war: GroundWar,
    unit: Unit,
    battery: SamBattery,
    radar: RadarSite | None,
    target: PlaneState,
    turn: int,
    impulse: int,
    rolls: bool,
) -> None:
    war.reveal(unit, "fires")
    missile_id = war.next_id(f"{unit.id}-sam")
    result = launch_sam(
        war.game.dice,
        battery,
        radar,
        target,
        war.sams,
        missile_id=missile_id,
        turn=turn,
        impulse=impulse,
        spotted=True,
        launch_rolls=rolls,
    )
    name = battery.sam.name
    if result.missile is None:
        war.game._event(
            "launch",
            (unit.id, target.id),
            f"{name} fails to launch at {target.id} (d10 {result.launch_roll} over "
            f"{battery.sam.launch_roll})",
            launched=False,
        )
        return
    war.tracks[missile_id] = WeaponTrack(
        id=missile_id,
        kind="sam",
        name=name,
        type_id=battery.sam.id,
        side=unit.side,
        start_tick=war.tick(),
        launcher_id=unit.id,
        target_id=target.id,
    )
    reach = combat_range(battery.hex, battery.level, target.hex, target.level)
    war.game._event(
        "launch",
        (missile_id, unit.id, target.id),
        f"{unit.id} fires {name} at {target.id} (range {reach})",
        launched=True,
        missile=missile_id,
    )


def known_flak(war: GroundWar, plane: PlaneState) -> list[Flak]:
    """The enemy AAA guns ``plane``'s pilot knows of: every working gun not hidden (a
    hidden gun shows itself by firing, I-p.14), with the radar's +2 when a working radar
    directs it (I-p.2)."""
    found: list[Flak] = []
    for unit in sorted(war.units.values(), key=lambda u: u.id):
        if unit.side == plane.side or unit.out:
            continue
        for gun in unit.working_guns():
            if gun.hidden:
                continue
            radar = war.radars.get(gun.radar_id or "")
            directed = radar is not None and radar.operating
            weapon = gun.weapon
            found.append(
                Flak(
                    hex=gun.hex,
                    range_hexes=weapon.range_hexes,
                    lowest_level=weapon.lowest_level,
                    highest_level=weapon.highest_level,
                    optimum_level=weapon.optimum_level,
                    flak=weapon.flak + (RADAR_DIRECTED if directed else 0),
                )
            )
    return found


def sam_threat_sites(war: GroundWar, plane: PlaneState) -> list[Hex]:
    """Where the SAMs threatening ``plane`` come from: the launch hex of each SAM in flight
    at it, and each battery with missiles left whose radar holds a lock on it (I-p.3: a
    battery fires only with its radar's lock).  What the pilot's RWR and eyes tell it."""
    sites = {m.launch_hex for m in war.sams if m.target_id == plane.id and not m.lost}
    for unit in war.units.values():
        if unit.side == plane.side or unit.out:
            continue
        for battery in unit.working_batteries():
            radar = war.radars.get(battery.radar_id or "")
            if battery.missiles > 0 and radar is not None and plane.id in radar.locks:
                sites.add(battery.hex)
    return sorted(sites, key=lambda h: (h.q, h.r))


# --- ARMs ----------------------------------------------------------------------------------


def launch_arms(war: GroundWar, turn: int, impulse: int) -> None:
    """I-p.12 step 3: a Weasel that has not fired this impulse launches one ARM at a radar
    it has a fix on and no ARM of its own already flying at: its target's radar first, then
    one guiding SAMs, then the nearest; the shortest-reaching ARM that reaches."""
    store = weapons()
    rolls = war.game.scenario.options.launch_rolls != "off"
    guiding = {m.radar_id for m in war.sams}
    for plane in sorted(war.game.planes.values(), key=lambda p: p.id):
        weasel = war.weasels.get(plane.id)
        if weasel is None or not plane.in_play or plane.fired or plane.out_of_control:
            continue
        arms = [
            store[w]
            for w, n in plane.stores.items()
            if n > 0 and w in store and store[w].type == "arm"
        ]
        flying = {a.radar_id for a in war.arms if a.shooter_id == plane.id}
        choices = [
            war.radars[r]
            for r in sorted(weasel.fixed)
            if r in war.radars
            and war.radars[r].operating
            and r not in flying
            and any((a.range_hexes or 0) >= plane.hex.distance_to(war.radars[r].hex) for a in arms)
        ]
        if not choices:
            continue
        setup = war.game.setups.get(plane.id)
        goal = war.units.get(setup.ai.target or "") if setup is not None else None
        wanted = _radars_of(goal) if goal is not None else set()
        radar = min(
            choices,
            key=lambda r: (
                r.id not in wanted,
                r.id not in guiding,
                plane.hex.distance_to(r.hex),
                r.id,
            ),
        )
        distance = plane.hex.distance_to(radar.hex)
        weapon = min(
            (a for a in arms if (a.range_hexes or 0) >= distance),
            key=lambda a: (a.range_hexes or 0, a.id),
        )
        arm_id = war.next_id(f"{plane.id}-arm")
        result = launch_arm(
            war.game.dice,
            plane,
            weapon,
            radar,
            weasel,
            missile_id=arm_id,
            turn=turn,
            impulse=impulse,
            launch_rolls=rolls,
        )
        _stores_changed(plane)
        unit = war.unit_of(radar.id)
        if result.missile is None:
            war.game._event(
                "launch",
                (plane.id, unit.id),
                f"{weapon.name} fails to launch (d10 {result.launch_roll} over "
                f"{weapon.launch_roll})",
                launched=False,
            )
            continue
        war.arms.append(result.missile)
        war.tracks[arm_id] = WeaponTrack(
            id=arm_id,
            kind="arm",
            name=weapon.name,
            type_id=weapon.id,
            side=plane.side,
            start_tick=war.tick(),
            launcher_id=plane.id,
            target_id=unit.id,
        )
        war.game._event(
            "launch",
            (arm_id, plane.id, unit.id),
            f"{plane.id} fires {weapon.name} at {unit.id} ({distance} hexes)",
            launched=True,
            missile=arm_id,
        )


def _radars_of(unit: Unit) -> set[str]:
    """The radar a unit is, or the radars its guns and launchers are slaved to."""
    found = {unit.radar.id} if unit.radar is not None else set()
    found |= {g.radar_id for g in unit.guns if g.radar_id}
    return found | {b.radar_id for b in unit.batteries if b.radar_id}


def _stores_changed(plane: PlaneState) -> None:
    """Loaded while it carries stores, or when damaged past its maximum (§11.0, §8.0)."""
    plane.loaded = bool(plane.stores) or plane.damage > plane.card.max_damage


# --- Bombs and rockets ------------------------------------------------------------------------


def release_stores(war: GroundWar, turn: int, impulse: int) -> None:
    """Bomb release (I-p.4–5): every aircraft carrying stores whose AI names an enemy ground
    unit as its target releases all of each store (ARMs apart) in the first of its
    profile's bombing profiles whose conditions hold where it is now — the release point
    for its level, dived or climbed or turned as the profile needs (ruling "Release
    timing")."""
    store = weapons()
    for plane in sorted(war.game.planes.values(), key=lambda p: p.id):
        setup = war.game.setups.get(plane.id)
        if setup is None or not plane.in_play or not plane.stores:
            continue
        unit = war.units.get(setup.ai.target or "")
        if unit is None or unit.side == plane.side or war.objective_hex(plane, unit.id) is None:
            continue
        distance = plane.hex.distance_to(unit.hex)
        designator = any(
            p.in_play and p.side == plane.side and p.stores.get("laser-pod", 0) > 0
            for p in war.game.planes.values()
        )
        for weapon_id in sorted(plane.stores):
            weapon = store.get(weapon_id)
            count = plane.stores.get(weapon_id, 0)
            if weapon is None or weapon.type == "arm" or count <= 0:
                continue
            profiles = ("standoff",) if weapon.type in STANDOFF_ONLY else PROFILES[setup.ai.profile]
            for profile in profiles:
                if profile_problem(profile, plane, weapon, distance, designator=designator) is None:
                    _release(war, plane, unit, weapon, count, profile, turn, impulse, designator)
                    break
        _stores_changed(plane)


def _release(
    war: GroundWar,
    plane: PlaneState,
    unit: Unit,
    weapon: Weapon,
    count: int,
    profile: Profile,
    turn: int,
    impulse: int,
    designator: bool,
) -> None:
    release_id = war.next_id(f"{plane.id}-drop")
    distance = plane.hex.distance_to(unit.hex)
    result = release_weapons(
        war.game.dice,
        plane,
        weapon,
        count,
        profile,
        unit.hex,
        release_id=release_id,
        turn=turn,
        impulse=impulse,
        designator=designator,
        target=unit.target_type,
    )
    war.bomb_targets[release_id] = unit.id
    war.tracks[release_id] = WeaponTrack(
        id=release_id,
        kind="rocket" if weapon.type == "rocket_pod" else "bomb",
        name=weapon.name,
        type_id=weapon.id,
        side=plane.side,
        start_tick=war.tick(),
        launcher_id=plane.id,
        target_id=unit.id,
    )
    mods = ", ".join(str(m) for m in result.bombs.modifiers) or "none"
    war.game._event(
        "phantoms.release",
        (release_id, plane.id, unit.id),
        f"{plane.id} releases {count} × {weapon.name} at {unit.id}: "
        f"{profile.replace('_', ' ')}, {distance} hex(es) out at level "
        f"{plane.level} (modifiers {mods})",
        count=count,
        weapon=weapon.id,
        profile=profile,
    )
    if result.blast_roll is not None:
        war.game._event(
            "phantoms.blast_check",
            (plane.id,),
            f"low-level blast d10 {result.blast_roll}: {result.blast_damage} damage to {plane.id}",
        )
        war.damage_plane(plane, result.blast_damage, 0, "its own bombs' blast")
    if result.bombs.arrived:
        resolve_bombs(war, result.bombs)
    else:
        war.bombs.append(result.bombs)


def resolve_bombs(war: GroundWar, bombs: BombsInFlight) -> None:
    """Weapons on the target hex: the Bombing Table, then the damage to the target (I-p.7)
    or the hits on a ship (U-p.2); a Scatter's ×0.5 falls on whatever stands where the
    weapons land."""
    if bombs in war.bombs:
        war.bombs.remove(bombs)
    unit = war.units[war.bomb_targets[bombs.id]]
    track = war.tracks[bombs.id]
    track.end_tick = war.tick()
    result = resolve_bombing(
        war.game.dice, bombs, unit.target_type, prior=unit.damage, entrenched=unit.site.entrenched
    )
    land = result.scatter_hex if result.scatter_hex is not None else bombs.target_hex
    track.land_hex, track.outcome = land, result.accuracy
    x_ft, y_ft = centre_ft(land)
    war.burst(
        "phantoms.blast",
        (bombs.id, unit.id),
        f"{bombs.weapon.name} bursts at {land}",
        (x_ft, y_ft, 0.0),
        "warhead",
    )
    words = (
        f"{bombs.weapon.name} on {unit.id}: d10 {result.roll} modified {result.modified_roll}, "
        f"{result.accuracy.replace('_', ' ')}"
    )
    if result.accuracy == "scatter":
        war.game._event(
            "phantoms.bombing",
            (bombs.id, unit.id),
            f"{words}: the weapons land in {land}",
            accuracy=result.accuracy,
            damage="none",
        )
        for other in war.units.values():
            if other.hex == land and not other.out:
                _scatter_on(war, bombs, other, result.scatter_total)
        return
    if unit.ship is not None:
        hits = hits_from_attack(result.attack_total)
        war.game._event(
            "phantoms.bombing",
            (bombs.id, unit.id),
            f"{words}: attack {result.attack_total:g}, {hits} hits",
            accuracy=result.accuracy,
            hits=hits,
        )
        war.ship_damage(unit, hits)
        return
    war.game._event(
        "phantoms.bombing",
        (bombs.id, unit.id),
        f"{words}: attack {result.attack_total:g} against defence "
        f"{unit.target_type.defense}: {result.damage}",
        accuracy=result.accuracy,
        damage=result.damage,
    )
    war.damage_unit(unit, result.damage)


def _scatter_on(war: GroundWar, bombs: BombsInFlight, unit: Unit, total: float) -> None:
    if unit.ship is not None:
        hits = hits_from_attack(total)
        war.game._event(
            "phantoms.bombing",
            (bombs.id, unit.id),
            f"scattered {bombs.weapon.name} on {unit.id}: {hits} hits",
        )
        war.ship_damage(unit, hits)
        return
    target = unit.target_type
    defence = (
        target.defense_entrenched
        if unit.site.entrenched and target.defense_entrenched
        else (target.defense)
    )
    damage = damage_result(total, defence, unit.damage)
    war.game._event(
        "phantoms.bombing",
        (bombs.id, unit.id),
        f"scattered {bombs.weapon.name} on {unit.id}: {total:g} against {defence}: {damage}",
        damage=damage,
    )
    war.damage_unit(unit, damage)


# --- Strafing --------------------------------------------------------------------------------


def strafing(war: GroundWar) -> None:
    """I-p.6: a low-profile striker at level 0–1 that moved this impulse into the hex next
    to its target, pointing at it, and has not fired, makes a strafing pass (ruling
    "Strafing")."""
    for plane in sorted(war.game.planes.values(), key=lambda p: p.id):
        setup = war.game.setups.get(plane.id)
        if setup is None or setup.ai.role != "striker" or setup.ai.profile != "low":
            continue
        if not plane.in_play or plane.fired or not plane.moved or plane.level > 1:
            continue
        if plane.card.gun_attack is None or plane.gun_bursts <= 0:
            continue
        unit = war.units.get(setup.ai.target or "")
        if unit is None or unit.ship is not None or unit.side == plane.side:
            continue
        if war.objective_hex(plane, unit.id) is None or plane.hex.distance_to(unit.hex) != 1:
            continue
        if not points_at(plane.hex, plane.facing, unit.hex):
            continue
        result = strafe(war.game.dice, plane, unit.hex, unit.target_type, prior=unit.damage)
        war.game._event(
            "phantoms.strafe",
            (plane.id, unit.id),
            f"{plane.id} strafes {unit.id}: {result.attack_total} against "
            f"{result.defence_total}, {result.hits} hits: {result.damage}",
            hits=result.hits,
            damage=result.damage,
        )
        war.damage_unit(unit, result.damage)
