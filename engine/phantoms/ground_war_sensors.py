"""What the ground war's units see: ground radars' locks (I-p.3, I-p.2), Wild Weasels'
locks and targeting fixes on them (I-p.12), and the crews' own visual spots (§13.0).

Functions of the :class:`~engine.phantoms.ground_war.GroundWar` they look for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.phantoms.dice import d10
from engine.phantoms.ground_war_units import Unit, radar_words
from engine.phantoms.hexgrid import combat_range, in_cone
from engine.phantoms.intruders.arm import WeaselState, arm_lock, targeting_fix
from engine.phantoms.intruders.sam import (
    RadarSite,
    attempt_lock,
    drop_lost_locks,
    facing_toward,
    turn_radar,
)
from engine.phantoms.state import PlaneState
from models.phantoms.ground import weapons

if TYPE_CHECKING:
    from engine.phantoms.ground_war import GroundWar

VISUAL_RANGE_HEXES: Final = 10
"""Longest visual spot, hexes + levels (§13.0)."""
SENSOR_SPOT_BONUS: Final = 3
"""A ground crew's spot with its side's radar locked on the aircraft (§13.0's +3)."""
AAA_RADAR_LEAD_HEXES: Final = 2
"""An AAA radar locks aircraft this far beyond its guns' reach, to direct them next impulse."""
LONE_RADAR_HEXES: Final = 30
"""How far a radar with nothing slaved to it looks for aircraft to lock."""


def locked(war: GroundWar, radar_id: str | None, plane: PlaneState) -> bool:
    """Whether the radar holds a lock on ``plane`` in its cone now."""
    radar = war.radars.get(radar_id) if radar_id is not None else None
    return (
        radar is not None
        and radar.operating
        and plane.id in radar.locks
        and in_cone(radar.hex, radar.facing, plane.hex)
    )


def spotted(war: GroundWar, unit: Unit, plane: PlaneState) -> bool:
    """Seen by the unit's crews or its side (always, without the §13.0 spotting rule)."""
    if not war.game.scenario.options.spotting:
        return True
    return plane.id in unit.spots or war.game.spotted_by_side(plane.id, unit.side)


def ground_spot(war: GroundWar, unit: Unit, candidates: list[PlaneState]) -> None:
    """One visual spot attempt by the unit's crews (§13.0, ruling "Ground spotting"):
    their d10, +3 with a lock by their side's radars, −2 at level 0, +2 at a large
    target, against the aircraft's d10 plus the range (+1 small)."""
    if not war.game.scenario.options.spotting:
        return
    limit = min(VISUAL_RANGE_HEXES, war.game.visibility_hexes or VISUAL_RANGE_HEXES)
    planes = war.game.planes

    def reach(plane: PlaneState) -> int:
        return combat_range(unit.hex, 0, plane.hex, plane.level)

    unit.spots = {
        pid
        for pid in unit.spots
        if pid in planes and planes[pid].in_play and reach(planes[pid]) <= limit
    }
    unseen = [p for p in candidates if not spotted(war, unit, p) and reach(p) <= limit]
    if not unseen:
        return
    target = min(unseen, key=lambda p: (reach(p), p.id))
    adds = 0
    if any(
        target.id in r.locks
        for rid, r in war.radars.items()
        if war.units[war.radar_unit[rid]].side == unit.side
    ):
        adds += SENSOR_SPOT_BONUS
    adds += (-2 if target.level == 0 else 0) + (2 if target.card.size == "large" else 0)
    purpose = f"visual spot (§13.0), {unit.id} on {target.id}"
    mine = d10(war.game.dice, f"{purpose}: {unit.id}") + adds
    theirs = d10(war.game.dice, f"{purpose}: {target.id}") + reach(target)
    theirs += 1 if target.card.size == "small" else 0
    if mine > theirs:
        unit.spots.add(target.id)
        war.game._event("phantoms.spot", (unit.id, target.id), f"spots {target.id}")


def radar_locks(war: GroundWar) -> None:
    """Each ground radar on the air turns its cone to its best target (once an impulse),
    drops the locks it lost, and tries locks on enemies in its cone and reach, nearest
    first, while it has attempts left and room for a lock (I-p.3 rules 2 and 5)."""
    planes = war.game.planes
    for radar_id, radar in war.radars.items():
        unit = war.units[war.radar_unit[radar_id]]
        if not radar.operating or unit.out:
            continue
        reach = radar_reach(war, radar)
        enemies = [
            p for p in war.enemies(unit.side) if combat_range(radar.hex, 0, p.hex, p.level) <= reach
        ]
        focus = radar_focus(war, radar, enemies)
        if focus is not None and focus.hex != radar.hex and not radar.turned_this_impulse:
            turn_radar(radar, facing_toward(radar.hex, focus.hex))
        for lost in drop_lost_locks(radar, planes):
            war.game._event("phantoms.lock_lost", (unit.id, lost), f"loses lock on {lost}")
        while radar.attempts_left() > 0 and len(radar.locks) < radar.radar.max_locks:
            candidates = [
                p
                for p in enemies
                if p.id not in radar.locks and in_cone(radar.hex, radar.facing, p.hex)
            ]
            if not candidates:
                break
            target = min(candidates, key=lambda p: (radar.hex.distance_to(p.hex), p.id))
            war.reveal(unit, "radar on the air")
            attempt = attempt_lock(
                war.game.dice, radar, target, war.game.countermeasures_of(target)[0]
            )
            if attempt.locked:
                war.game._event(
                    "phantoms.lock",
                    (unit.id, target.id),
                    f"{radar_words(unit)} locks {target.id} "
                    f"({attempt.attack_total} against {attempt.defence_total})",
                )


def radar_reach(war: GroundWar, radar: RadarSite) -> int:
    """How far a radar looks for aircraft to lock: its SAMs' reach, its guns' reach
    and a little, or :data:`LONE_RADAR_HEXES` with nothing slaved to it."""
    reach = [
        b.sam.max_range_hexes
        for u in war.units.values()
        for b in u.batteries
        if b.radar_id == radar.id
    ] + [
        g.weapon.range_hexes + AAA_RADAR_LEAD_HEXES
        for u in war.units.values()
        for g in u.guns
        if g.radar_id == radar.id
    ]
    return max(reach, default=LONE_RADAR_HEXES)


def radar_focus(war: GroundWar, radar: RadarSite, enemies: list[PlaneState]) -> PlaneState | None:
    """Where the cone turns (ruling "Cone turning"): the aircraft a SAM it guides flies
    at, else its first lock, else the nearest enemy in reach."""
    planes = war.game.planes
    for missile in war.sams:
        if missile.radar_id == radar.id and planes[missile.target_id].in_play:
            return planes[missile.target_id]
    for plane_id in radar.locks:
        if planes[plane_id].in_play:
            return planes[plane_id]
    if not enemies:
        return None
    return min(enemies, key=lambda p: (radar.hex.distance_to(p.hex), p.id))


def weasel_locks(war: GroundWar) -> None:
    """I-p.12 steps 1–2: each Wild Weasel carrying ARMs locks every enemy radar on the
    air in its radar cone within its ARMs' reach, then tries a fix on each it holds."""
    store = weapons()
    for plane in sorted(war.game.planes.values(), key=lambda p: p.id):
        reach = max(
            (
                store[w].range_hexes or 0
                for w, n in plane.stores.items()
                if n > 0 and w in store and store[w].type == "arm"
            ),
            default=0,
        )
        setup = war.game.setups.get(plane.id)
        if not (
            plane.in_play
            and plane.card.wild_weasel
            and plane.card.radar is not None
            and reach
            and not plane.out_of_control
            and (setup is None or setup.radar_working)
        ):
            continue
        weasel = war.weasels.setdefault(plane.id, WeaselState(plane.id))
        for radar_id, radar in war.radars.items():
            unit = war.units[war.radar_unit[radar_id]]
            if (
                unit.side == plane.side
                or not radar.operating
                or unit.hidden
                or radar_id in weasel.impulses_locked
                or radar.hex == plane.hex
                or plane.hex.distance_to(radar.hex) > reach
                or not in_cone(plane.hex, plane.facing, radar.hex)
            ):
                continue
            roll = arm_lock(war.game.dice, plane, radar, weasel)
            war.game._event(
                "phantoms.arm_lock",
                (plane.id, unit.id),
                f"{'locks' if roll.success else 'fails to lock'} {unit.id} "
                f"({roll.total} against {roll.against})",
            )
        for radar_id in sorted(weasel.impulses_locked):
            if radar_id in weasel.fixed or not war.radars[radar_id].operating:
                continue
            fix = targeting_fix(war.game.dice, war.radars[radar_id], weasel)
            if fix.success:
                war.game._event(
                    "phantoms.fix",
                    (plane.id, war.unit_of(radar_id).id),
                    f"targeting fix on {radar_id} (d10 {fix.roll} ≤ {fix.against})",
                )
