"""Missiles in the game loop: launches, flight each turn, attacks, and their timeline samples.

The procedures are in :mod:`engine.bop.missiles`; this module decides when they run and what
they need from the aircraft:

* after every aircraft has moved, each missile in flight flies after its target (SoP 03,
  "Missile Flight") and those that reach it attack in the Combat phase (SoP 07);
* in the Combat phase, aircraft ordered to launch (``BopPlot.missile``) do so when the
  launch checks pass, and the new missile boosts.

The game passes what the launcher's sensors hold (radar track, seeker lock) and whether the
target saw the launch; called without them (procedure tests), a launcher is taken to hold
a radar track on a target within two cells of its Nose and 80 FP and an IR lock when the
target is within the seeker's field of view.  A target whose crew saw the launch may fly
Missile Defense (docs/rulings.md).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.atmosphere import isa
from engine.bop.channels import text_channels
from engine.bop.damage import DamageState, apply_damage
from engine.bop.missiles import (
    MissileEvent,
    MissileState,
    fly_missile,
    missile_attack,
)
from engine.bop.turn import TurnContext
from engine.hexmap import STEP_FT, Hex, Position
from engine.performance import KT_PER_FP
from engine.phad import Attitude, Cell
from engine.phad.rotation import matrix_to_quaternion
from models.missile import MissileCard
from models.timeline import EntityInfo, Event

TICKS = 10
RADAR_TRACK_CELLS = 2
RADAR_TRACK_FP = 80
PILOT_QUALITY = {"green": -1, "average": 0, "veteran": 1, "ace": 2}
"""Pilot Quality by the scenario's crew quality (docs/rulings.md)."""


@dataclass
class Shooter:
    """What the missile rules need of an aircraft at the end of its movement."""

    id: str
    callsign: str
    side: str
    position: Position
    attitude: Attitude
    speed_kt: int
    greatest_load_g: float
    pilot_quality: int
    active: bool


@dataclass
class MissileTrack:
    """One missile: its rules state, card, and the timeline samples of the turns it flew."""

    state: MissileState
    card: MissileCard
    callsign: str
    first_turn: int
    samples: list[dict[str, npt.NDArray[Any]]] = field(default_factory=list)
    name: str = ""
    """How event texts name it: the launcher's callsign, the type and the launcher's count
    (:func:`missile_name`)."""
    target_aware: bool = False
    """The target's crew saw the launch (had the launcher spotted), so its pilot may fly
    Missile Defense ("Missile Defense", SoP 07)."""

    @property
    def label(self) -> str:
        """What event texts call it: its name, else its callsign."""
        return self.name or self.callsign

    @property
    def info(self) -> EntityInfo:
        return EntityInfo(
            id=self.state.id,
            callsign=self.callsign,
            type_id=self.card.type_id,
            side=self.state.side,
            kind="missile",
        )


def pilot_quality(crew_quality: str) -> int:
    return PILOT_QUALITY.get(crew_quality, 0)


def _lost(track: MissileTrack, kind: str, what: str, reason: str, t_s: float) -> Event:
    """Take a missile out of play in flight ("Missile Flight") and say so."""
    track.state = replace(track.state, status="missed", status_reason=reason)
    return Event(
        t_s=t_s,
        kind=kind,
        entities=(track.state.id, track.state.target),
        detail=f"{track.label} {what}: {reason} (Missile Flight)",
    )


def _target_gone(track: MissileTrack, target: Shooter, t_s: float) -> Event:
    """A missile whose target was destroyed before its attack leaves play (SoP 07)."""
    track.state = replace(track.state, status="missed", status_reason="target destroyed")
    return Event(
        t_s=t_s,
        kind="target_gone",
        entities=(track.state.id, target.id),
        detail=f"{track.label} has no target to attack: {target.callsign} is already down "
        "(Initial Gunshots come before Missile Attack, SoP 07)",
    )


def missile_name(launcher_callsign: str, type_id: str, number: int) -> str:
    """ "Phantom 1's AIM-7E-2 #3": the launcher's third missile, an AIM-7E-2."""
    return f"{launcher_callsign}'s {type_id} #{number}"


def readable(detail: str, names: Mapping[str, str]) -> str:
    """``detail`` with every entity id in it replaced by its name. The procedures write
    ids; the ticker and the logs read callsigns. Longer ids go first, so a missile's id
    ("phantom-1-m1") is not read as its launcher's ("phantom-1")."""
    if not names:
        return detail
    ids = sorted(names, key=len, reverse=True)
    pattern = "|".join(rf"(?<![\w-]){re.escape(i)}(?![\w-])" for i in ids)
    return re.sub(pattern, lambda m: names[m.group(0)], detail)


def track_names(track: MissileTrack, shooters: Mapping[str, Shooter]) -> dict[str, str]:
    """The names a missile's events use: the missile, its launcher and its target."""
    names = {track.state.id: track.label}
    for aircraft_id in (track.state.launcher, track.state.target):
        if aircraft_id in shooters:
            names[aircraft_id] = shooters[aircraft_id].callsign
    return names


def event_from_record(
    record: MissileEvent, t_s: float, names: Mapping[str, str] | None = None
) -> Event:
    """A missile procedure's record as a timeline event, its ids named by ``names``."""
    return Event(
        t_s=t_s,
        kind=record.kind,
        entities=record.entities,
        detail=readable(record.detail, names or {}),
        data=dict(record.data),
    )


def _forward_quaternion(direction: npt.NDArray[np.float64]) -> tuple[float, float, float, float]:
    """Attitude of a missile flying along ``direction`` with its wings level."""
    norm = float(np.linalg.norm(direction))
    forward = direction / norm if norm > 1e-9 else np.array([0.0, 1.0, 0.0])
    right = np.cross(forward, np.array([0.0, 0.0, 1.0]))
    if float(np.linalg.norm(right)) < 1e-6:
        right = np.array([1.0, 0.0, 0.0])
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    m = (
        (float(right[0]), float(forward[0]), float(up[0])),
        (float(right[1]), float(forward[1]), float(up[1])),
        (float(right[2]), float(forward[2]), float(up[2])),
    )
    return matrix_to_quaternion(m)


def missile_samples(
    points: list[tuple[float, float, float]],
    first_tick: int,
    speed_fp: float,
    cell: Cell,
) -> dict[str, npt.NDArray[Any]]:
    """Ticks 1–10 of one game-turn for a missile at ``points`` from tick ``first_tick``
    (``points[0]`` is where it is at that tick); inactive before it and after the points
    run out (impact)."""
    n = TICKS
    speed_kt = speed_fp * KT_PER_FP
    xyz = np.zeros((n, 3))
    active = np.zeros(n, dtype=bool)
    for i in range(n):
        k = i + 1 - first_tick
        if 0 <= k < len(points):
            xyz[i] = points[k]
            active[i] = True
        else:
            xyz[i] = points[min(max(k, 0), len(points) - 1)]
    quats = np.zeros((n, 4))
    for i in range(n):
        k = min(max(i + 1 - first_tick, 1), len(points) - 1)
        step = np.array(points[k]) - np.array(points[k - 1]) if len(points) > 1 else np.zeros(3)
        if not step.any():
            step = np.array(cell.unit_vector())
        quats[i] = _forward_quaternion(step)
    keas = np.zeros(n)
    mach = np.zeros(n)
    for i in range(n):
        air = isa(max(0.0, float(xyz[i, 2])))
        keas[i] = speed_kt * math.sqrt(air.sigma)
        mach[i] = speed_kt / air.speed_of_sound_kt
    hexes = [Hex.nearest(float(x), float(y)) for x, y, _ in xyz]
    text = str(cell)
    return {
        "x_ft": xyz[:, 0].copy(),
        "y_ft": xyz[:, 1].copy(),
        "z_ft": xyz[:, 2].copy(),
        "quat_wxyz": quats,
        "speed_kt": np.full(n, speed_kt),
        "keas_kt": keas,
        "mach": mach,
        "alt_steps": np.round(xyz[:, 2] / STEP_FT).astype(np.int32),
        "hex_q": np.array([h.q for h in hexes], dtype=np.int32),
        "hex_r": np.array([h.r for h in hexes], dtype=np.int32),
        "load_g": np.zeros(n),
        "throttle": np.zeros(n),
        "throttle_label": np.full(n, "", dtype="<U4"),
        "engine_output": np.zeros(n),
        "speedbrake": np.zeros(n, dtype=bool),
        "weapons": np.full(n, "", dtype="<U64"),
        "crew_state": np.full(n, "", dtype="<U64"),
        "damage": np.full(n, "", dtype="<U64"),
        "fuel_fp": np.zeros(n),
        "nose": np.full(n, text, dtype="<U6"),
        "canopy": np.full(n, "", dtype="<U6"),
        "wing": np.full(n, "", dtype="<U6"),
        "velocity": np.full(n, text, dtype="<U6"),
        "lift": np.full(n, "", dtype="<U6"),
        "active": active,
        **text_channels({}, n),
    }


def fly_all(
    tracks: dict[str, MissileTrack],
    shooters: dict[str, Shooter],
    ctx: TurnContext,
    target_paths: dict[str, tuple[tuple[float, float, float], ...]] | None = None,
    guided: Callable[[MissileTrack], bool] | None = None,
    seeker: Callable[[MissileTrack], tuple[bool, list[Event]]] | None = None,
) -> tuple[list[Event], list[MissileTrack]]:
    """Fly every missile in play after its target has moved; returns the events and the
    missiles that reach their targets (they attack in the Combat phase).

    ``target_paths`` are the aircraft's positions at ticks 0–10 of this turn, so a missile
    is drawn closing on where its target actually is. ``guided(track)`` says whether an RH
    missile still has its launcher's radar guiding it; one that has not is lost.
    ``seeker(track)`` rolls a self-guided (IR or AH) missile's seeker maintenance: whether it
    keeps the target, and the roll's events; one that loses it leaves play."""
    turn, t_end = ctx.turn, ctx.end_s
    events: list[Event] = []
    attacking: list[MissileTrack] = []
    for track in tracks.values():
        if not track.state.active or track.first_turn == turn:
            continue
        target = shooters.get(track.state.target)
        if target is None or not target.active:
            track.state = replace(track.state, status="missed", status_reason="target gone")
            continue
        if (
            guided is not None
            and track.card.guidance_until_impact == "launcher_radar_track"
            and not guided(track)
        ):
            reason = "the launcher's radar no longer holds the target in STT"
            events.append(_lost(track, "guidance_lost", "loses guidance", reason, t_end))
            continue
        if seeker is not None and track.card.guidance_until_impact == "own_seeker":
            kept, noted = seeker(track)
            events.extend(noted)
            if not kept:
                reason = "its seeker lost the target"
                events.append(_lost(track, "seeker_lost", "loses the target", reason, t_end))
                continue
        flight = fly_missile(
            track.state,
            track.card,
            target.position,
            who=track.callsign,
            turn=turn,
            target_path=(target_paths or {}).get(target.id),
        )
        track.state = flight.state
        points = list(flight.waypoints)
        track.samples.append(
            missile_samples(points, 0, flight.state.speed_fp, track.state.boost_direction)
        )
        names = track_names(track, shooters)
        events.extend(event_from_record(e, t_end, names) for e in flight.events)
        if flight.attacks and flight.state.active:
            attacking.append(track)
    return events, attacking


def attack_all(
    attacking: list[MissileTrack],
    shooters: dict[str, Shooter],
    damage: dict[str, DamageState],
    cards: dict[str, Any],
    ctx: TurnContext,
    defends: Callable[[MissileTrack], tuple[bool, int]] | None = None,
) -> list[Event]:
    """The missile-attack sub-phase: every attack rolled, then the damage applied.
    ``defends(track)`` says (and pays for) the target's Missile Defense against it and gives
    the defense columns its decoys add. A target shot down since the missile reached it
    (by an Initial Gunshot, SoP 07) is not attacked: the missile leaves play."""
    dice, turn, t_end = ctx.dice, ctx.turn, ctx.end_s
    events: list[Event] = []
    hits: list[tuple[str, int, int, str]] = []
    for track in attacking:
        target = shooters[track.state.target]
        if not target.active:
            events.append(_target_gone(track, target, t_end))
            continue
        defending, decoys = defends(track) if defends is not None else (False, 0)
        result = missile_attack(
            track.state,
            track.card,
            defender_pilot_quality=target.pilot_quality,
            defending=defending,
            countermeasure_columns=decoys,
            dice=dice,
            who=track.callsign,
            turn=turn,
        )
        track.state = result.state
        names = track_names(track, shooters)
        events.extend(event_from_record(e, t_end, names) for e in result.events)
        if result.hit and result.damage_points:
            hits.append((target.id, result.damage_points, result.critical_hits, track.callsign))
    for target_id, points, criticals, source in hits:
        state = damage.get(target_id)
        if state is None or state.destroyed:
            continue
        applied = apply_damage(
            state,
            points,
            dice,
            card=cards[target_id],
            criticals=criticals,
            weapon="missile",
            who=shooters[target_id].callsign,
            turn=turn,
            source=source,
        )
        damage[target_id] = applied.state
        events.extend(
            Event(
                t_s=t_end,
                kind=e.kind,
                entities=(target_id,),
                detail=e.detail,
                data=dict(e.data),
            )
            for e in applied.events
        )
    return events
