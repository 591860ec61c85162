"""A missile's game-turn of flight and its guidance (rulebook, "Missile Flight",
"Follow-on Missile Flight"; the guidance rules of "Missile Combat (SoP 07)" and
"Integration")."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.bop.missiles.common import (
    TICKS_PER_TURN,
    EventData,
    MissileEvent,
    MissileEventKind,
    MissileState,
    Waypoint,
    choose_cell,
    entities,
    event_data,
    lerp,
    removed,
    shoot,
)
from engine.bop.missiles.launch import boost_speed_and_bleed, follow_on_boost_fp
from engine.hexmap import Position
from engine.phad import Cell, distance
from models.missile import STALL_BLEED, FlightBand, MissileCard

# --- guidance -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GuidanceCheck:
    guided: bool
    reason: str = ""


def check_guidance(
    state: MissileState, *, launcher_radar_track: bool, seeker_track: bool
) -> GuidanceCheck:
    """Is the missile still guided this game-turn?

    ``seeker_track``: the missile's own sensor passed its Maintenance check (IR and AH
    missiles; an RH missile's receiver).  ``launcher_radar_track``: the launcher still holds
    its radar track on the target.  An RH missile needs both ("Missile Flight",
    "Integration"); IR and AH missiles need only their own seeker.
    """
    if state.guidance == "launcher_radar_track" and not launcher_radar_track:
        return GuidanceCheck(
            False, "Missile Flight: an RH missile is lost when its launcher loses the radar track"
        )
    if not seeker_track:
        return GuidanceCheck(
            False, "Integration: a missile whose sensor misses its Maintenance check is removed"
        )
    return GuidanceCheck(True)


# --- the flight step ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Advance:
    """Bleed, Speed and Distance for one game-turn, before any removal."""

    bleed: float
    speed_fp: float | None
    """None once the Bleed exceeds 72 (stalled)."""
    distance_fp: float
    """Distance added this turn (0 when stalled)."""
    facing_bleed: float
    game_turn_bleed: float


def advance(
    card: MissileCard,
    speed_fp: float,
    bleed: float,
    band: FlightBand,
    swing_cells: int,
    first_follow_on_turn: bool = False,
) -> Advance:
    """Add Facing Bleed per cell the bearing swung and the Game-turn Bleed (halved on a
    follow-on missile's first turn), read the new Speed, and add the average of the old and
    new Speeds to the Distance (also halved on that first turn)."""
    half = 0.5 if first_follow_on_turn else 1.0
    facing = swing_cells * band.facing_bleed
    game_turn = band.game_turn_bleed * half
    new_bleed = bleed + facing + game_turn
    new_speed = card.speed_for_bleed(new_bleed) if new_bleed <= STALL_BLEED else None
    flown = 0.0 if new_speed is None else (speed_fp + new_speed) / 2 * half
    return Advance(new_bleed, new_speed, flown, facing, game_turn)


@dataclass(frozen=True, slots=True)
class MissileFlight:
    """What one game-turn of flight did."""

    state: MissileState
    bearing: Cell | None
    range_fp: int
    average_alt_steps: float
    off_boresight_cells: int
    """Cells from the Boost Direction to the bearing."""
    turn_needed_fp: float
    """Those cells times the Turn Radius: more than the range defeats the missile."""
    swing_cells: int
    """Cells the bearing moved since the start of the turn."""
    facing_bleed: float
    game_turn_bleed: float
    distance_added_fp: float
    attacks: bool
    """Range below Distance: the missile attacks its target this Combat phase."""
    impact_tick: int | None
    waypoints: tuple[Waypoint, ...]
    """The missile's position per tick (0-10), or up to impact."""
    events: tuple[MissileEvent, ...]


def _point(anchor: Position, target_ft: Waypoint, distance_fp: float, range_fp: float) -> Waypoint:
    start = anchor.world_ft()
    if range_fp <= 0:
        return target_ft
    return lerp(start, target_ft, min(1.0, distance_fp / range_fp))


def fly_missile(
    state: MissileState,
    card: MissileCard,
    target_position: Position,
    *,
    who: str,
    turn: int,
    launcher_radar_track: bool = True,
    seeker_track: bool = True,
    target_path: tuple[Waypoint, ...] | None = None,
) -> MissileFlight:
    """Fly the missile for one game-turn ("Missile Flight", SoP 03), once its target (and,
    for an RH missile, its launcher) has moved.

    In order: guidance (:func:`check_guidance`); the bearing and range from the anchor to
    the target; kinematic defeat when the cells from the Boost Direction to the bearing
    times the Turn Radius for the average altitude exceed the range; Facing Bleed for the
    cells the bearing swung since the turn began, plus the Game-turn Bleed; a stall past
    Bleed 72; the new Speed; the Distance.  The missile attacks when the range is below the
    Distance.  ``target_path`` (ticks 0-10 in feet) shapes the waypoints; without it the
    target is taken to move straight from where it was last seen.
    """
    if not state.active:
        raise ValueError(f"{state.id} is out of play ({state.status}); it cannot fly")
    bearing = shoot(state.anchor, target_position)
    cell = choose_cell(bearing, state.boost_direction, state.bearing) if bearing else None
    range_fp = bearing.slant_range_fp if bearing else 0
    avg_alt = (state.anchor.alt_steps + target_position.alt_steps) / 2
    band = card.band_at_steps(avg_alt)
    off = distance(state.boost_direction, cell) if cell else 0
    turn_needed = off * band.turn_radius_fp
    swing = distance(state.bearing, cell) if cell and state.bearing else 0
    start_ft = _point(
        state.anchor,
        (state.target_seen or target_position).world_ft(),
        state.distance_fp,
        state.range_fp,
    )
    seen = replace(
        state, target_seen=target_position, range_fp=range_fp, bearing=cell or state.bearing
    )
    geometry: EventData = {
        "range_fp": range_fp,
        "bearing": str(cell) if cell else "",
        "off_boresight_cells": off,
        "turn_needed_fp": turn_needed,
        "average_alt_steps": avg_alt,
    }

    def gone(new: MissileState, kind: MissileEventKind, text: str) -> MissileFlight:
        event = MissileEvent(
            kind,
            f"{state.id} {text}: {new.status_reason}",
            event_data(new, turn, who=who, **geometry),
            entities(new),
        )
        return MissileFlight(
            new,
            cell,
            range_fp,
            avg_alt,
            off,
            turn_needed,
            swing,
            0.0,
            0.0,
            0.0,
            False,
            None,
            (start_ft,),
            (event,),
        )

    guidance = check_guidance(
        state, launcher_radar_track=launcher_radar_track, seeker_track=seeker_track
    )
    if not guidance.guided:
        return gone(removed(seen, "lost_guidance", guidance.reason), "lost_guidance", "is lost")
    if cell is not None and turn_needed > range_fp:
        reason = (
            f"Missile Flight: {off} cells off the boost direction x turn radius "
            f"{band.turn_radius_fp:g} FP = {turn_needed:g} FP exceeds range {range_fp} FP"
        )
        return gone(removed(seen, "defeated", reason), "defeated", "is defeated kinematically")

    step = advance(
        card, state.speed_fp, state.bleed, band, swing, state.follow_on and state.turns_flown == 0
    )
    if step.speed_fp is None:
        reason = f"Missile Flight: bleed {step.bleed:g} exceeds {STALL_BLEED}"
        stalled = removed(replace(seen, bleed=step.bleed), "stalled", reason)
        flight = gone(stalled, "stall", "stalls")
        return replace(flight, facing_bleed=step.facing_bleed, game_turn_bleed=step.game_turn_bleed)

    new = replace(
        seen,
        bleed=step.bleed,
        speed_fp=step.speed_fp,
        distance_fp=state.distance_fp + step.distance_fp,
        turns_flown=state.turns_flown + 1,
    )
    attacks = range_fp < new.distance_fp
    waypoints, impact = _waypoints(state, new, target_position, target_path, attacks)
    events: tuple[MissileEvent, ...] = ()
    return MissileFlight(
        new,
        cell,
        range_fp,
        avg_alt,
        off,
        turn_needed,
        swing,
        step.facing_bleed,
        step.game_turn_bleed,
        step.distance_fp,
        attacks,
        impact,
        waypoints,
        events,
    )


def _waypoints(
    before: MissileState,
    after: MissileState,
    target_position: Position,
    target_path: tuple[Waypoint, ...] | None,
    attacks: bool,
) -> tuple[tuple[Waypoint, ...], int | None]:
    """Per-tick positions: the missile sits Distance along the line from the anchor to the
    target (as a share of the range), its speed changing evenly through the turn."""
    seen = before.target_seen or target_position
    t0, t1 = seen.world_ft(), target_position.world_ft()
    r0, r1 = float(before.range_fp), float(after.range_fp)
    d0 = before.distance_fp
    added = after.distance_fp - d0
    s0, s1 = before.speed_fp, after.speed_fp
    mean = (s0 + s1) / 2
    points: list[Waypoint] = []
    for k in range(TICKS_PER_TURN + 1):
        f = k / TICKS_PER_TURN
        share = f * (s0 + (s1 - s0) * f / 2) / mean if mean > 0 else f
        d = d0 + added * share
        r = r0 + (r1 - r0) * f
        aim = target_path[k] if target_path and k < len(target_path) else lerp(t0, t1, f)
        points.append(_point(before.anchor, aim, d, r))
        if attacks and k > 0 and d >= r:
            points[-1] = aim
            return tuple(points), k
    if attacks:
        points[-1] = target_path[-1] if target_path else t1
        return tuple(points), TICKS_PER_TURN
    return tuple(points), None


def flight_range_fp(
    card: MissileCard, launch_speed_fp: float, alt_steps: float, *, follow_on: bool = False
) -> float:
    """How far the missile flies (boost included) chasing a target dead ahead at one
    altitude until it stalls, by the same steps as :func:`launch` and :func:`fly_missile`."""
    band = card.band_at_steps(alt_steps)
    speed, bleed = boost_speed_and_bleed(card, launch_speed_fp, band.facing_bleed, False, 0)
    total = float(
        follow_on_boost_fp(card, launch_speed_fp) if follow_on else card.boost_distance_fp
    )
    first = follow_on
    while bleed <= STALL_BLEED:
        step = advance(card, speed, bleed, band, 0, first)
        if step.speed_fp is None:
            break
        total += step.distance_fp
        speed, bleed, first = step.speed_fp, step.bleed, False
    return total
