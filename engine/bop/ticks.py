"""Tick sampling: the per-tick samples of the timeline, drawn smoothly between the rules'
positions (DESIGN 3, "Per-tick positions and attitudes").

:func:`turn_samples` draws ticks 1–10 of an aircraft's game-turn (a segment as a cubic
Hermite arc from its start to its end direction, the attitude slerped); :func:`initial_sample`
is tick 0; :func:`build_timeline` stacks them into a :class:`~models.timeline.Timeline`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.aero import thrust_lbf
from engine.atmosphere import isa, isa_arrays
from engine.bop.aircraft_state import AircraftState
from engine.bop.awareness import Awareness
from engine.bop.channels import text_channels, timeline_channels, timeline_meta_fields
from engine.bop.plotting import FlightConditions, PlottedTurn
from engine.bop.turn import TICK_S, TICKS_PER_TURN
from engine.hexmap import STEP_FT, Hex
from engine.phad import Attitude
from models.orders import Throttle
from models.scenario import AircraftSetup, Scenario
from models.timeline import EntityInfo, Event, Timeline, TimelineMeta, slerp_many

PHAD_MARKS = ("nose", "canopy", "wing", "velocity", "lift")
THROTTLE_FRACTION: dict[str, float] = {"idle": 0.0, "mil": 0.5, "ab": 1.0}


def turn_samples(
    state: AircraftState,
    conditions: FlightConditions,
    plot: PlottedTurn,
    throttle: Throttle,
    speedbrake: bool,
    waypoints: list[tuple[float, float, float]],
    segment_ends: list[tuple[Hex, int]],
    speeds_kt: tuple[int, int],
    start_fuel: int,
    awareness: dict[str, str],
    engine_share: float = 1.0,
) -> dict[str, npt.NDArray[Any]]:
    """Ticks 1–10 of this game-turn, drawn smoothly between the rules' positions;
    ``speeds_kt`` is the turn's (start, end) speed, ``awareness`` the awareness channels
    and ``engine_share`` the part of the throttle's Engine ΔSpeed the pilot took (Ep12)."""
    n = TICKS_PER_TURN
    out: dict[str, npt.NDArray[Any]] = {
        "x_ft": np.zeros(n),
        "y_ft": np.zeros(n),
        "z_ft": np.zeros(n),
        "quat_wxyz": np.zeros((n, 4)),
        "speed_kt": np.zeros(n),
        "keas_kt": np.zeros(n),
        "mach": np.zeros(n),
        "alt_steps": np.zeros(n, dtype=np.int32),
        "hex_q": np.zeros(n, dtype=np.int32),
        "hex_r": np.zeros(n, dtype=np.int32),
        "load_g": np.zeros(n),
        "throttle": np.full(n, THROTTLE_FRACTION[throttle]),
        "throttle_label": np.full(n, throttle, dtype="<U4"),
        "engine_output": np.zeros(n),
        "speedbrake": np.full(n, speedbrake),
        "weapons": np.full(n, state.weapons_text(), dtype="<U64"),
        "crew_state": np.full(n, state.crew_text(), dtype="<U64"),
        "damage": np.full(n, state.damage_text(), dtype="<U64"),
        "fuel_fp": np.zeros(n),
        "nose": np.empty(n, dtype="<U6"),
        "canopy": np.empty(n, dtype="<U6"),
        "wing": np.empty(n, dtype="<U6"),
        "velocity": np.empty(n, dtype="<U6"),
        "lift": np.empty(n, dtype="<U6"),
        "active": np.ones(n, dtype=bool),
        **text_channels(awareness, n),
    }
    for k, segment in enumerate(plot.segments):
        p0 = np.array(waypoints[k])
        p1 = np.array(waypoints[k + 1])
        q0 = np.array(segment.start_attitude.quaternion_wxyz())
        q1 = np.array(segment.end_attitude.quaternion_wxyz())
        d0 = np.array(segment.start_attitude.velocity.unit_vector())
        d1 = np.array(segment.end_attitude.velocity.unit_vector())
        chord = float(np.linalg.norm(p1 - p0))
        end_hex, end_alt = segment_ends[k]
        start_marks = _mark_texts(segment.start_attitude)
        end_marks = _mark_texts(segment.end_attitude)
        ticks = np.arange(segment.start_tick + 1, segment.end_tick + 1)
        u = (ticks - segment.start_tick) / segment.ticks
        rows = ticks - 1
        positions = _hermite(p0, p1, d0 * chord, d1 * chord, u)
        out["x_ft"][rows] = positions[:, 0]
        out["y_ft"][rows] = positions[:, 1]
        out["z_ft"][rows] = positions[:, 2]
        out["quat_wxyz"][rows] = slerp_many(q0, q1, u)
        out["load_g"][rows] = segment.load_g
        for name, text in start_marks.items():
            out[name][rows[:-1]] = text
        for name, text in end_marks.items():
            out[name][rows[-1]] = text
        for i, position in zip(rows[:-1], positions[:-1], strict=True):
            nearest = Hex.nearest(float(position[0]), float(position[1]))
            out["hex_q"][i], out["hex_r"][i] = nearest.q, nearest.r
            out["alt_steps"][i] = round(float(position[2]) / STEP_FT)
        out["hex_q"][rows[-1]], out["hex_r"][rows[-1]] = end_hex.q, end_hex.r
        out["alt_steps"][rows[-1]] = end_alt
    # The rules give the end-of-turn speed; in between the speed changes evenly.
    fraction = np.arange(1, n + 1) / n
    start_speed_kt, end_speed_kt = speeds_kt
    speeds = start_speed_kt + (end_speed_kt - start_speed_kt) * fraction
    out["speed_kt"][:] = speeds
    # Fuel Points are spent whole, in the Administrative phase at the turn's end ("Fuel").
    out["fuel_fp"][:] = start_fuel
    out["fuel_fp"][-1] = state.fuel_fp
    # Engine output is read at the start of the turn, as the Engine step (Ep12) does.
    full: Throttle = "ab" if state.card.engines.has_afterburner else "mil"
    available = thrust_lbf(state.card, full, conditions.alt_ft, conditions.mach)
    used = engine_share * thrust_lbf(state.card, throttle, conditions.alt_ft, conditions.mach)
    out["engine_output"][:] = used / available if available > 0 else 0.0
    sigma, sound_kt = isa_arrays(np.maximum(out["z_ft"], 0.0))
    out["keas_kt"][:] = speeds * np.sqrt(sigma)
    out["mach"][:] = speeds / sound_kt
    return out


def build_timeline(
    scenario: Scenario,
    seed: int,
    aircraft: dict[str, AircraftState],
    missile_infos: list[EntityInfo],
    ids: list[str],
    per_entity: dict[str, list[dict[str, npt.NDArray[Any]]]],
    events: list[Event],
    table: list[dict[str, Any]],
    played: int,
    from_log: bool,
) -> Timeline:
    """The timeline of the ``played`` game-turns so far (new arrays: the lists may grow)."""
    ticks = 1 + TICKS_PER_TURN * played
    names = per_entity[ids[0]][0]
    channels = timeline_channels(
        {
            name: np.stack([np.concatenate([c[name] for c in per_entity[e]]) for e in ids])
            for name in names
        }
    )
    setups = {setup.entity_id: setup for setup in scenario.aircraft}
    infos = [
        EntityInfo(
            id=s.id,
            callsign=s.callsign,
            type_id=s.card.type_id,
            side=s.side,
            pilot=pilot_text(setups[s.id], from_log=from_log),
        )
        for s in aircraft.values()
    ]
    infos.extend(missile_infos)
    meta = TimelineMeta(
        rules="bop",
        seed=seed,
        scenario=scenario.name,
        description=scenario.description,
        reference=scenario.reference,
        tick_s=TICK_S,
        entities=tuple(infos),
        events=tuple(events),
        turn_table=tuple(table),
        **timeline_meta_fields(channels),
    )
    t_s = np.arange(ticks, dtype=np.float64) * TICK_S
    return Timeline(meta=meta, t_s=t_s, channels=channels)


def initial_sample(state: AircraftState, awareness: dict[str, str]) -> dict[str, npt.NDArray[Any]]:
    """Tick 0: the aircraft as the scenario sets it up."""
    x, y, z = state.position_ft()
    air = isa(state.alt_ft)
    full: Throttle = "ab" if state.card.engines.has_afterburner else "mil"
    mach = state.speed_kt / air.speed_of_sound_kt
    available = thrust_lbf(state.card, full, state.alt_ft, mach)
    attitude = state.attitude
    return {
        "x_ft": np.array([x]),
        "y_ft": np.array([y]),
        "z_ft": np.array([z]),
        "quat_wxyz": np.array([attitude.quaternion_wxyz()]),
        "speed_kt": np.array([float(state.speed_kt)]),
        "keas_kt": np.array([state.speed_kt * math.sqrt(air.sigma)]),
        "mach": np.array([mach]),
        "alt_steps": np.array([state.alt_steps], dtype=np.int32),
        "hex_q": np.array([state.hex.q], dtype=np.int32),
        "hex_r": np.array([state.hex.r], dtype=np.int32),
        "load_g": np.array([1.0]),
        "throttle": np.array([THROTTLE_FRACTION[state.throttle]]),
        "throttle_label": np.array([state.throttle], dtype="<U4"),
        "speedbrake": np.array([False]),
        "weapons": np.array([state.weapons_text()], dtype="<U64"),
        "crew_state": np.array([state.crew_text()], dtype="<U64"),
        "damage": np.array([state.damage_text()], dtype="<U64"),
        "engine_output": np.array(
            [thrust_lbf(state.card, state.throttle, state.alt_ft, mach) / available]
        ),
        "fuel_fp": np.array([float(state.fuel_fp)]),
        "nose": np.array([str(attitude.nose)], dtype="<U6"),
        "canopy": np.array([str(attitude.canopy)], dtype="<U6"),
        "wing": np.array([str(attitude.wing)], dtype="<U6"),
        "velocity": np.array([str(attitude.velocity)], dtype="<U6"),
        "lift": np.array([str(attitude.lift)], dtype="<U6"),
        "active": np.array([True]),
        **text_channels(awareness, 1),
    }


def awareness_text(
    state: AircraftState, aircraft: dict[str, AircraftState], awareness: Awareness
) -> dict[str, str]:
    """The awareness channels' values for ``state`` now."""
    ids = {s.callsign: s.id for s in aircraft.values()}
    order = awareness.order
    initiative = awareness.initiatives.get(state.callsign)
    return {
        "spotted": ",".join(ids[c] for c in awareness.spotted_by(state) if c in ids),
        "initiative": "" if initiative is None else str(initiative),
        "flight_class": ""
        if order is None or state.callsign not in order.plot_class
        else f"{order.plot_class[state.callsign]}/{order.move_class[state.callsign]}",
        "activity": state.activity_text(),
        "wing_position": state.wing_position or "",
        **_sensor_text(state, ids),
    }


def pilot_text(setup: AircraftSetup, from_log: bool) -> str:
    """Who flies an aircraft, as the timeline records it: ``ai, veteran crew``."""
    who = "game log" if from_log else setup.pilot
    return f"{who}, {setup.crew_quality} crew"


def hold(last: dict[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    """Ten ticks repeating an entity's last sample, marked inactive."""
    held = {name: np.repeat(array[-1:], TICKS_PER_TURN, axis=0) for name, array in last.items()}
    held["active"] = np.zeros(TICKS_PER_TURN, dtype=bool)
    return held


def _mark_texts(attitude: Attitude) -> dict[str, str]:
    """The five PHAD marks of an attitude as the timeline writes them."""
    return {name: str(getattr(attitude, name)) for name in PHAD_MARKS}


def _hermite(
    p0: npt.NDArray[np.float64],
    p1: npt.NDArray[np.float64],
    m0: npt.NDArray[np.float64],
    m1: npt.NDArray[np.float64],
    u: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """Cubic Hermite curve at each fraction of ``u`` (one row each): leaves p0 along m0 and
    arrives at p1 along m1."""
    u = np.asarray(u, dtype=np.float64)[:, None]
    u2, u3 = u * u, u * u * u
    return np.asarray(
        (2 * u3 - 3 * u2 + 1) * p0
        + (u3 - 2 * u2 + u) * m0
        + (-2 * u3 + 3 * u2) * p1
        + (u3 - u2) * m1,
        dtype=np.float64,
    )


def _sensor_text(state: AircraftState, ids: dict[str, str]) -> dict[str, str]:
    """The sensor channels' values for ``state`` now (targets as timeline ids)."""
    suite = state.sensors
    lock = suite.ir_lock
    return {
        "radar_mode": suite.radar.mode if suite.radar is not None else "off",
        "tracks": ",".join(ids[t] for t in suite.tracks() if t in ids),
        "ir_lock": ids.get(lock.target, "") if lock is not None else "",
        "rwr": ",".join(ids[who] for who, _ in suite.rwr if who in ids),
    }
