"""The ground war in the replay: every unit, SAM, ARM and bomb release as a timeline
entity (reference §7, "Missiles and bombs as entities").

Units hold what they showed at the end of each impulse (:class:`Snapshot`) over that
impulse's ticks, as the aircraft's card does.  Ships glide between the hexes they move to
(one every third turn, U-p.2), reaching each at the tick of its move; SAMs, ARMs and bombs
are drawn by :mod:`engine.phantoms.ticks_missiles` from their launch tick to the tick they
struck, onto the target's drawn track (the aircraft's, from the writer's samples).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np
import numpy.typing as npt

from engine.hexmap import Hex
from engine.phantoms.ground_war_units import (
    SHIP_BOX_FT,
    Unit,
    acmi_type,
    crits_text,
    damage_text,
    missiles_text,
    ring_ft,
    state_text,
    unit_name,
    unit_words,
)
from engine.phantoms.hexgrid import ahead, centre_ft
from engine.phantoms.intruders.naval import TURNS_PER_MOVE
from engine.phantoms.ticks import TICK_S, TICKS_PER_TURN
from engine.phantoms.ticks_missiles import WeaponSamples, sample_bomb, sample_missile, sample_sam
from engine.quaternion import attitude_quaternions
from engine.timeline_rows import blank_row
from models.timeline import EntityInfo

if TYPE_CHECKING:
    from engine.phantoms.ground_war import GroundWar

Floats = npt.NDArray[np.float64]
FT_S_PER_KT: Final = 6076.12 / 3600.0
MISS_ABOVE_FT: Final = 1_500.0
"""A SAM or ARM that misses is drawn passing this far above (beside) its target."""
LOST_OFFSET_FT: Final = 3_000.0
"""A weapon that lost its guidance is drawn wandering this far off its target."""
ROCKET_TICKS: Final = 5
"""Rockets strike in the impulse they are fired (I-p.5): drawn over its last half."""
WeaponKind = Literal["sam", "arm", "bomb", "rocket"]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a unit shows at the end of an impulse."""

    active: bool
    """Revealed and not knocked out (a hidden unit appears when it shows itself)."""
    hex: Hex
    facing: int
    state: str
    damage: str
    crits: str
    missiles: str
    locks: str


def snapshot(unit: Unit, locks: tuple[str, ...] = ()) -> Snapshot:
    """The unit now; ``facing`` is a ship's heading or a radar's cone."""
    facing = unit.facing
    if unit.ship is not None:
        facing = unit.ship.facing
    elif unit.radar is not None:
        facing = unit.radar.facing
    shown = not unit.out or (unit.kind == "crew" and unit.crew_status != "rescued")
    return Snapshot(
        active=not unit.hidden and shown,
        hex=unit.hex,
        facing=facing,
        state=state_text(unit),
        damage=damage_text(unit),
        crits=crits_text(unit),
        missiles=missiles_text(unit),
        locks=",".join(locks),
    )


@dataclass(slots=True)
class WeaponTrack:
    """A SAM, ARM or bomb release from launch to its end, for the replay."""

    id: str
    kind: WeaponKind
    name: str
    type_id: str
    side: str
    start_tick: int
    launcher_id: str
    """The unit that fired a SAM; the aircraft that fired an ARM or released bombs."""
    target_id: str
    """The aircraft a SAM flies at; the unit an ARM or bombs are aimed at."""
    end_tick: int | None = None
    outcome: str = ""
    """``hit``, ``miss`` or ``lost`` (a SAM or ARM), or the Bombing Table's result."""
    land_hex: Hex | None = None
    """Where bombs fell (a Scatter's hex, or the target's)."""


def tick_key(tick: int, per_impulse: int) -> tuple[int, int]:
    """The (turn, impulse) whose end-of-impulse snapshot a tick shows; tick 0 the set-up."""
    if tick <= 0:
        return (0, 0)
    return ((tick - 1) // TICKS_PER_TURN + 1, ((tick - 1) % TICKS_PER_TURN) // per_impulse + 1)


def timeline_rows(
    war: GroundWar, count: int, first_row: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    """Every unit, SAM, ARM and bomb release over ``count`` ticks: its ``rows`` (the
    aircraft's channels), ``xyz`` (feet), ``quat`` (w, x, y, z) and ``info``."""
    game = war.game
    blank = blank_row(first_row)
    per = TICKS_PER_TURN // game.impulses
    keys = [tick_key(k, per) for k in range(count)]
    found: dict[str, dict[str, Any]] = {}
    unit_xyz: dict[str, Floats] = {}
    for unit in war.units.values():
        snaps = _series(war, unit.id, keys)
        if unit.ship is not None:
            xyz = _ship_xyz(unit, count)
        elif unit.moves:
            xyz = _ground_xyz(unit, count, per)
        else:
            xyz = _still(unit.hex, count)
        unit_xyz[unit.id] = xyz
        heading = np.array([60.0 * s.facing for s in snaps], dtype=np.float64)
        speed = _speed_kt(xyz)
        rows = []
        for k, snap in enumerate(snaps):
            values: dict[str, Any] = {
                "active": snap.active,
                "speed_kt": float(speed[k]),
                "alt_label": "level 0",
                "pos_label": f"hex {snap.hex}",
                "phantoms.hex_q": snap.hex.q,
                "phantoms.hex_r": snap.hex.r,
                "phantoms.facing": snap.facing,
                "phantoms.level": 0,
                "phantoms.impulse": max(keys[k][1], 1),
                "phantoms.state": snap.state,
                "phantoms.damage": snap.damage,
                "phantoms.crits": snap.crits,
                "phantoms.missiles": snap.missiles,
                "phantoms.locks": snap.locks,
            }
            rows.append(_row(blank, values))
        found[unit.id] = {
            "rows": rows,
            "xyz": xyz,
            "quat": attitude_quaternions(heading, np.zeros(count), np.zeros(count)),
            "info": EntityInfo(
                id=unit.id,
                callsign=unit_name(unit),
                type_id=unit.site.type_id,
                side=unit.side,
                kind="ship" if unit.ship is not None else "ground",
                unit=unit_words(unit),
                ring_ft=ring_ft(unit),
                acmi_type=acmi_type(unit),
                box_ft=SHIP_BOX_FT.get(unit.site.type_id) if unit.ship is not None else None,
            ),
        }
    aircraft = {pid: _fit(np.concatenate(chunks), count) for pid, chunks in game.writer.xyz.items()}
    for track in war.tracks.values():
        found[track.id] = _weapon(war, track, count, blank, aircraft, unit_xyz)
    return found


def _row(blank: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    row = dict(blank)
    row.update({name: value for name, value in values.items() if name in blank})
    return row


def _series(war: GroundWar, unit_id: str, keys: list[tuple[int, int]]) -> list[Snapshot]:
    """The snapshot each tick shows (the last one taken where an impulse has none)."""
    last = war.snapshots[(0, 0)][unit_id]
    found = []
    for key in keys:
        last = war.snapshots.get(key, {}).get(unit_id, last)
        found.append(last)
    return found


def _still(hex_: Hex, count: int) -> Floats:
    x_ft, y_ft = centre_ft(hex_)
    return np.tile(np.array([x_ft, y_ft, 0.0]), (count, 1))


def _fit(track: Floats, count: int) -> Floats:
    """A drawn track cut or held to ``count`` rows."""
    if len(track) >= count:
        return track[:count].astype(np.float64)
    tail = np.repeat(track[-1:], count - len(track), axis=0)
    return np.concatenate([track, tail]).astype(np.float64)


def _ship_xyz(unit: Unit, count: int) -> Floats:
    """A ship steaming smoothly: at its start hex at tick 0 and at each hex it moves to at
    the tick of that move; past its last move it steams on toward the next hex, unless it
    is sunk or dead in the water."""
    ship = unit.ship
    assert ship is not None
    points: list[tuple[int, Hex]] = [(0, Hex.parse(unit.site.hex))]
    points += [(tick, hex_) for tick, hex_, _facing in unit.moves]
    if not (ship.sunk or ship.dead_in_water):
        last_tick = points[-1][0] if unit.moves else 0
        points.append((last_tick + TURNS_PER_MOVE * TICKS_PER_TURN, ahead(unit.hex, ship.facing)))
    ticks = np.array([p[0] for p in points], dtype=np.float64)
    xs = np.array([centre_ft(p[1])[0] for p in points])
    ys = np.array([centre_ft(p[1])[1] for p in points])
    axis = np.arange(count, dtype=np.float64)
    return np.stack(
        [np.interp(axis, ticks, xs), np.interp(axis, ticks, ys), np.zeros(count)], axis=1
    )


def _ground_xyz(unit: Unit, count: int, per_impulse: int) -> Floats:
    """A ground unit that moves along its route or over a bridge: still between moves, it
    drives into each hex over the impulse that ends at the move's tick (a move at the same
    tick as the one before, leaving the mat, is held)."""
    points: list[tuple[float, Hex]] = [(0.0, Hex.parse(unit.site.hex))]
    for tick, hex_, _facing in unit.moves:
        last_tick, last_hex = points[-1]
        start = max(last_tick, float(tick - per_impulse))
        if start > last_tick:
            points.append((start, last_hex))
        if tick > points[-1][0]:
            points.append((float(tick), hex_))
    ticks = np.array([p[0] for p in points], dtype=np.float64)
    xs = np.array([centre_ft(p[1])[0] for p in points])
    ys = np.array([centre_ft(p[1])[1] for p in points])
    axis = np.arange(count, dtype=np.float64)
    return np.stack(
        [np.interp(axis, ticks, xs), np.interp(axis, ticks, ys), np.zeros(count)], axis=1
    )


def _speed_kt(xyz: Floats) -> Floats:
    if len(xyz) < 2:
        return np.zeros(len(xyz))
    step = np.gradient(xyz, axis=0)
    return np.asarray(np.linalg.norm(step, axis=1) / TICK_S / FT_S_PER_KT, dtype=np.float64)


def _span(track: WeaponTrack, count: int) -> tuple[int, int] | None:
    """Launch and end ticks inside the timeline, or None when there is no room to fly."""
    end = track.end_tick if track.end_tick is not None else count - 1
    end = min(end, count - 1)
    start = min(track.start_tick, count - 1)
    if track.kind == "rocket":
        start = max(0, end - ROCKET_TICKS)
    if end <= start:
        end = start + 1
    return (start, end) if end < count else None


def _weapon(
    war: GroundWar,
    track: WeaponTrack,
    count: int,
    blank: dict[str, Any],
    aircraft: dict[str, Floats],
    unit_xyz: dict[str, Floats],
) -> dict[str, Any]:
    span = _span(track, count)
    samples: WeaponSamples | None = None
    if span is not None:
        start, end = span
        samples = _samples(war, track, start, end, count, aircraft, unit_xyz)
    if samples is None:
        where = _launch_point(track, min(track.start_tick, count - 1), aircraft, unit_xyz)
        xyz = np.tile(np.asarray(where, dtype=np.float64), (count, 1))
        active = np.zeros(count, dtype=bool)
        active[min(track.start_tick, count - 1)] = True
        quat = attitude_quaternions(np.zeros(count), np.zeros(count), np.zeros(count))
    else:
        xyz = np.stack([samples.x_ft, samples.y_ft, samples.z_ft], axis=1)
        active = samples.active
        quat = samples.quat_wxyz
    speed = _speed_kt(xyz)
    rows = [
        _row(
            blank,
            {
                "active": bool(active[k]),
                "speed_kt": float(speed[k]) if active[k] else 0.0,
                "alt_label": f"{xyz[k, 2]:,.0f} ft",
            },
        )
        for k in range(count)
    ]
    kind: Literal["missile", "bomb"] = "missile" if track.kind in ("sam", "arm") else "bomb"
    acmi = {
        "sam": "Weapon+Missile",
        "arm": "Weapon+Missile",
        "bomb": "Weapon+Bomb",
        "rocket": "Weapon+Rocket",
    }[track.kind]
    return {
        "rows": rows,
        "xyz": xyz,
        "quat": quat,
        "info": EntityInfo(
            id=track.id,
            callsign=track.name,
            type_id=track.type_id,
            side=track.side,
            kind=kind,
            acmi_type=acmi,
        ),
    }


def _launch_point(
    track: WeaponTrack, tick: int, aircraft: dict[str, Floats], unit_xyz: dict[str, Floats]
) -> tuple[float, float, float]:
    source = unit_xyz.get(track.launcher_id)
    if source is None:
        source = aircraft.get(track.launcher_id)
    if source is None:
        return (0.0, 0.0, 0.0)
    x_ft, y_ft, z_ft = (float(v) for v in source[tick])
    return (x_ft, y_ft, z_ft)


def _samples(
    war: GroundWar,
    track: WeaponTrack,
    start: int,
    end: int,
    count: int,
    aircraft: dict[str, Floats],
    unit_xyz: dict[str, Floats],
) -> WeaponSamples | None:
    launch = _launch_point(track, start, aircraft, unit_xyz)
    if track.kind == "sam":
        target = aircraft.get(track.target_id)
        if target is None:
            return None
        aim = target.copy()
        if track.outcome != "hit":
            aim[:, 2] += LOST_OFFSET_FT if track.outcome == "lost" else MISS_ABOVE_FT
        return sample_sam(launch, aim, start, end)
    if track.kind == "arm":
        aim = unit_xyz[track.target_id].copy()
        if track.outcome == "lost":
            aim[:, 0] += LOST_OFFSET_FT
        return sample_missile(launch, aim, start, end, "RH")
    land = _landing(war, track)
    return sample_bomb(launch, land, start, end, ticks=count)


def _landing(war: GroundWar, track: WeaponTrack) -> tuple[float, float, float]:
    """Where bombs came down, or (still falling at the end) where they are now."""
    if track.land_hex is not None:
        x_ft, y_ft = centre_ft(track.land_hex)
        return (x_ft, y_ft, 0.0)
    for bombs in war.bombs:
        if bombs.id == track.id:
            return bombs.world_ft
    x_ft, y_ft = centre_ft(war.units[track.target_id].hex)
    return (x_ft, y_ft, 0.0)
