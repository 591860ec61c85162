"""SAMs and ARMs in flight and striking (I-p.3, I-p.12; U-p.2): they fly their hexes in
the Movement Segment, the radar an ARM homes on may see it and shut down, and those that
arrive strike in the Missile Impact Segment.

Functions of the :class:`~engine.phantoms.ground_war.GroundWar` they fly for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.phantoms.hexgrid import centre_ft, level_ft
from engine.phantoms.intruders.arm import ArmInFlight, detect_arm, fly_arm, resolve_arm
from engine.phantoms.intruders.naval import arm_hits_ship
from engine.phantoms.intruders.sam import (
    RadarSite,
    SamInFlight,
    facing_toward,
    fly_sam,
    sam_impact,
    turn_radar,
)
from engine.phantoms.state import PlaneState

if TYPE_CHECKING:
    from engine.phantoms.ground_war import GroundWar

SAM_MISS_ABOVE_FT: Final = 1_500.0
"""A SAM that misses bursts this far above its target (as the record draws a missile's miss)."""


def fly_sams(war: GroundWar) -> None:
    """Every SAM flies its hexes at its target (I-p.3); a radar SAM whose guidance is gone
    is lost."""
    for missile in list(war.sams):
        plane = war.game.planes[missile.target_id]
        radar = war.radars.get(missile.radar_id) if missile.radar_id else None
        if radar is not None and follows(radar, plane):
            turn_radar(radar, facing_toward(radar.hex, plane.hex))
        fly_sam(missile, radar, plane)
        if missile.lost:
            sam_lost(war, missile)


def follows(radar: RadarSite, plane: PlaneState) -> bool:
    """A radar guiding a SAM turns its cone after the aircraft as the SAM flies (its
    one turn of the impulse, ruling "Cone turning")."""
    return (
        radar.operating
        and not radar.turned_this_impulse
        and plane.in_play
        and plane.id in radar.locks
        and plane.hex != radar.hex
    )


def sam_lost(war: GroundWar, missile: SamInFlight) -> None:
    """A SAM lost in flight ends its drawn track."""
    if missile in war.sams:
        war.sams.remove(missile)
    track = war.tracks[missile.id]
    track.end_tick, track.outcome = war.tick(), "lost"
    war.game._event(
        "miss", (missile.id, missile.target_id), f"{missile.sam.name} lost: {missile.lost}"
    )


def fly_arms(war: GroundWar) -> None:
    """Every ARM flies 5 hexes at its radar; after each move the radar may see it and
    shut down, losing its locks, its SAMs and the ARM (I-p.12)."""
    for arm in list(war.arms):
        radar = war.radars[arm.radar_id]
        path = fly_arm(arm, radar)
        if path and not arm.lost:
            roll = detect_arm(
                war.game.dice,
                radar,
                arm,
                war.sams,
                another_radar_hit=bool(war.arm_hit_radars - {radar.id}),
            )
            if roll.success:
                unit = war.unit_of(radar.id)
                war.game._event(
                    "phantoms.shutdown",
                    (unit.id, arm.id),
                    f"{unit.id} sees {arm.id} (d10 {roll.roll}) and shuts down",
                )
                radar_gone(war, radar, "shut down")
        if arm.lost:
            war.arms.remove(arm)
            track = war.tracks[arm.id]
            track.end_tick, track.outcome = war.tick(), "lost"
            war.game._event(
                "miss",
                (arm.id, war.unit_of(radar.id).id),
                f"{arm.weapon.name} lost: {arm.lost}",
            )


def sam_strikes(war: GroundWar, missile: SamInFlight) -> None:
    """An arrived SAM attacks (I-p.3): its warhead bursts on or near the aircraft, and a
    hit brings the SAM's criticals (SA-2: 2) besides those of its hits (§8.0)."""
    war.sams.remove(missile)
    plane = war.game.planes[missile.target_id]
    track = war.tracks[missile.id]
    track.end_tick = war.tick()
    if not plane.in_play:
        track.outcome = "lost"
        war.game._event("miss", (missile.id, plane.id), f"{missile.sam.name}: target gone")
        return
    radar_cm, ir_cm = war.game.countermeasures_of(plane)
    unit = war.unit_of(missile.battery_id)
    bonus = unit.ship.defence_bonus if unit.ship is not None else 0
    cm = ir_cm if missile.sam.guidance == "ir" else radar_cm
    attack = sam_impact(war.game.dice, missile, plane, cm, defence_bonus=bonus)
    x_ft, y_ft = centre_ft(plane.hex)
    z_ft = level_ft(plane.level) + (0.0 if attack.hits else SAM_MISS_ABOVE_FT)
    track.outcome = "hit" if attack.hits else "miss"
    war.burst(
        "phantoms.sam_burst",
        (missile.id, plane.id),
        f"{missile.sam.name} bursts {'on' if attack.hits else 'near'} {plane.id}",
        (x_ft, y_ft, z_ft),
        "warhead",
    )
    mods = ", ".join(str(m) for m in (*attack.modifiers, *attack.defence_modifiers))
    sums = f"{attack.attack_total} against {attack.defence_total} ({mods})"
    if attack.hits:
        war.game._event(
            "hit",
            (missile.id, plane.id),
            f"{missile.sam.name} hits {plane.id}: {attack.hits} hits, "
            f"{attack.criticals} criticals; {sums}",
            hits=attack.hits,
        )
        war.damage_plane(plane, attack.hits, missile.sam.criticals_per_hit, missile.sam.name)
    else:
        war.game._event(
            "miss", (missile.id, plane.id), f"{missile.sam.name} misses {plane.id}: {sums}"
        )


def arm_strikes(war: GroundWar, arm: ArmInFlight) -> None:
    """An arrived ARM rolls its damage on the radar (I-p.12), or hits a ship's sensors
    (U-p.2)."""
    war.arms.remove(arm)
    radar = war.radars[arm.radar_id]
    unit = war.unit_of(radar.id)
    track = war.tracks[arm.id]
    track.end_tick, track.outcome = war.tick(), "hit"
    x_ft, y_ft = centre_ft(unit.hex)
    war.burst(
        "phantoms.blast",
        (arm.id, unit.id),
        f"{arm.weapon.name} strikes {unit.id}",
        (x_ft, y_ft, 0.0),
        "warhead",
    )
    war.arm_hit_radars.add(radar.id)
    if unit.ship is not None:
        war.game._event("hit", (arm.id, unit.id), f"{arm.weapon.name} hits {unit.id} (U-p.2)")
        war.ship_damage(unit, 0, arm_hits_ship(war.game.dice, unit.ship))
        return
    hit = resolve_arm(war.game.dice, arm, radar, war.sams)
    kind = "miss" if hit.result == "none" else "hit"
    war.game._event(
        kind,
        (arm.id, unit.id),
        f"{arm.weapon.name} on {unit.id}: d10 "
        f"{hit.roll} (modified {hit.modified_roll}), {hit.result}",
        result=hit.result,
    )
    if hit.result == "destroyed":
        unit.damage = "destroyed"
        radar_gone(war, radar, "destroyed")


def radar_gone(war: GroundWar, radar: RadarSite, why: str) -> None:
    """The SAMs a radar guided are lost when it goes off the air (I-p.3 rule 3, I-p.12)."""
    for missile in list(war.sams):
        if missile.radar_id == radar.id:
            missile.lost = missile.lost or f"{radar.id} {why}"
            sam_lost(war, missile)
