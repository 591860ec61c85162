"""Flying one aircraft's plotted game-turn (SoP 03, Dp–Jm): performance, movement, fuel
and the state it ends in, with the per-tick samples the timeline draws.

:func:`fly` takes orders already judged and planned
(:class:`~engine.bop.legality.Planned`) and changes the aircraft's state; its
:class:`AircraftTurn` holds the card's end-of-turn boxes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from engine import performance as perf
from engine.bop.aircraft_state import AircraftState
from engine.bop.combat import Placement
from engine.bop.departure import too_slow_flight
from engine.bop.legality import Planned, SegmentMove
from engine.bop.plotting import FlightConditions, PlottedTurn
from engine.bop.stores import fuel_state
from engine.bop.ticks import turn_samples
from engine.bop.turn import TICK_S, TICKS_PER_TURN
from engine.hexmap import STEP_FT, Hex
from models.orders import BopPlot
from models.timeline import Event


@dataclass(frozen=True)
class AircraftTurn:
    """What one aircraft did in one game-turn: the card's end-of-turn boxes."""

    aircraft: str
    plot: PlottedTurn
    average_load_g: float
    greatest_load_g: float
    speed_change: perf.SpeedChange
    alt_change_steps: int
    start_speed_kt: int
    end_speed_kt: int
    end_alt_steps: int
    end_hex: Hex
    fuel_used_fp: int
    fuel_fp: int = 0
    """Fuel Points left at the end of the game-turn."""
    fuel_carry: perf.FuelCarry = field(default_factory=perf.FuelCarry)
    """The Dry carry and AB carry boxes after this game-turn's Engine Output ("Fuel")."""
    moves: tuple[SegmentMove, ...] = ()
    """Each segment's 3D and 2D move, as chosen or defaulted."""

    def row(self) -> dict[str, Any]:
        """A flat summary for tables and golden files."""
        marks = self.plot.end_attitude
        return {
            "aircraft": self.aircraft,
            "speed_kt": self.end_speed_kt,
            "alt_steps": self.end_alt_steps,
            "hex": str(self.end_hex),
            "avg_load_g": self.average_load_g,
            "max_load_g": self.greatest_load_g,
            "nose": str(marks.nose),
            "canopy": str(marks.canopy),
            "wing": str(marks.wing),
            "engine_dspeed": self.speed_change.engine_kt,
            "form_dspeed": self.speed_change.form_kt,
            "turn_dspeed": self.speed_change.turn_kt,
            "gravity_dspeed": self.speed_change.gravity_kt,
            "tp_carry": self.plot.tp_carry,
            "fuel_fp": self.fuel_fp,
            "dry_carry": self.fuel_carry.dry_points,
            "ab_carry": self.fuel_carry.ab_points,
        }


@dataclass(frozen=True)
class TurnResult:
    """One game-turn: per-aircraft results, per-tick samples (ticks 1–10) and events."""

    turn: int
    aircraft: dict[str, AircraftTurn]
    samples: dict[str, dict[str, npt.NDArray[Any]]]
    events: tuple[Event, ...]


def fly(
    state: AircraftState,
    planned: Planned,
    orders: BopPlot,
    t0: float,
    ground_alt_steps: int,
    awareness_text: Callable[[AircraftState], dict[str, str]],
) -> tuple[AircraftTurn, dict[str, npt.NDArray[Any]], list[Event]]:
    """Fly ``state``'s planned game-turn from ``t0`` (s): Performance (Dp11–Ep15), Movement
    (Fm–Im), Gravity and net speed (Jm16), too-slow flight, fuel; the ground stops it."""
    conditions, plot = planned.conditions, planned.plot
    effects = state.damage_effects()
    events: list[Event] = []
    start_speed = state.speed_kt
    start_alt = state.alt_steps
    start_fuel = state.fuel_fp
    weight = state.weight_lb
    # Performance (Dp11–Ep15)
    average = perf.average_load_g(plot.loads_by_tick)
    greatest = perf.round_load_g(plot.greatest_load_g)
    drag_average, drag_greatest = average, greatest
    if state.spin is not None:  # Turn Drag at the highest non-pointing DpG ("Spinning")
        drag_average = drag_greatest = perf.round_load_g(conditions.spin_turn_drag_load_g)
    # Movement (Fm–Im), already found segment by segment from hex centre to hex centre.
    waypoints: list[tuple[float, float, float]] = [state.position_ft()]
    segment_ends: list[tuple[Hex, int]] = []
    for move in planned.moves:
        segment_ends.append((move.end_hex, move.end_alt_steps))
        x, y = move.end_hex.centre_ft()
        waypoints.append((x, y, move.end_alt_steps * STEP_FT))
    hex_, alt = segment_ends[-1]
    # Gravity and net speed (Jm16, Net Speed Change)
    alt_change = alt - start_alt
    engine_outputs = state.engine_outputs(orders.throttle)
    change = perf.speed_change(
        card=state.card,
        throttle=orders.throttle,
        alt_ft=conditions.alt_ft,
        speed_kt=start_speed,
        weight_lb=weight,
        speedbrake=orders.speedbrake and effects.speedbrake_works,
        stores_cd0=effects.form_drag_cd0 + state.stores_cd0,
        engine_outputs=engine_outputs,
        engine_dspeed_kt=orders.engine_dspeed_kt,
        average_load_g=drag_average,
        greatest_load_g=drag_greatest,
        negative_loads_used=plot.negative_loads_used,
        alt_change_ft=alt_change * STEP_FT,
        spinning=state.spin is not None,
    )
    end_speed = change.end_speed_kt
    state.max_lift_exceeded = state.spin is None and _pulls_past_max_lift(
        state, conditions, plot, start_speed, weight
    )
    t_end = t0 + TICKS_PER_TURN * TICK_S
    too_slow = too_slow_flight(end_speed, alt, state.callsign)
    end_speed, alt = too_slow.speed_kt, too_slow.alt_steps
    state.departure_points += too_slow.departure_points
    if too_slow.record is not None:
        events.append(too_slow.record.event(t_end, (state.id,)))
    if plot.departure_points:
        state.departure_points += plot.departure_points
    if state.departure_points:
        events.append(
            Event(
                t_s=t_end,
                kind="departure_points",
                entities=(state.id,),
                detail=f"{state.callsign} holds {state.departure_points} Departure Points",
                data={"dp": state.departure_points},
            )
        )
    events.extend(_overloads(state, conditions, plot, t_end))
    for segment in plot.segments:
        if segment.roll_cells_lost:
            rolled = abs(segment.rolled_cells)
            events.append(
                Event(
                    t_s=t0 + segment.end_tick * TICK_S,
                    kind="roll_limited",
                    entities=(state.id,),
                    detail=f"{state.callsign}'s damaged controls roll {rolled} of "
                    f"{rolled + segment.roll_cells_lost} cells",
                    data={"rolled": rolled, "lost": segment.roll_cells_lost},
                )
            )
        if segment.incomplete:
            events.append(
                Event(
                    t_s=t0 + segment.end_tick * TICK_S,
                    kind="incomplete_turn",
                    entities=(state.id,),
                    detail=f"{state.callsign} carries {segment.tp_carry_after} TP into "
                    "the next game-turn (Incomplete Turning Segment)",
                )
            )
    ground = ground_alt_steps
    crashed = alt < ground
    if crashed:
        alt = ground
        state.active = False
    # Fuel: this turn's Engine Output into the Dry or AB carry ("Fuel"), and the new state
    output = perf.engine_output(
        state.card, orders.throttle, conditions.alt_ft, start_speed, engine_outputs
    )
    burned, state.fuel_carry = perf.fuel_burn(state.card, output, state.fuel_carry)
    state.fuel_fp = max(0, state.fuel_fp - burned - effects.fuel_leak_fp_per_turn)
    events.extend(fuel_state(state, start_fuel, state.bingo_fp, t_end))
    state.hex = hex_
    state.alt_steps = alt
    state.speed_kt = end_speed
    state.attitude = plot.end_attitude
    state.throttle = orders.throttle
    state.tp_carry = plot.tp_carry
    state.greatest_load_g = greatest
    state.pitchdown_points = plot.pitchdown_points
    result = AircraftTurn(
        aircraft=state.id,
        plot=plot,
        average_load_g=average,
        greatest_load_g=greatest,
        speed_change=change,
        alt_change_steps=alt - start_alt,
        start_speed_kt=start_speed,
        end_speed_kt=end_speed,
        end_alt_steps=alt,
        end_hex=hex_,
        fuel_used_fp=start_fuel - state.fuel_fp,
        fuel_fp=state.fuel_fp,
        fuel_carry=state.fuel_carry,
        moves=planned.moves,
    )
    samples = turn_samples(
        state,
        conditions,
        plot,
        orders.throttle,
        orders.speedbrake,
        waypoints,
        segment_ends,
        (start_speed, end_speed),
        start_fuel,
        awareness_text(state),
        engine_share=change.engine_share,
    )
    if crashed:
        impact = _stop_at_ground(samples, ground * STEP_FT)
        events.append(
            Event(
                t_s=t0 + (impact + 1) * TICK_S,
                kind="ground",
                entities=(state.id,),
                detail=f"{state.callsign} flew into the ground",
            )
        )
    return result, samples, events


def _overloads(
    state: AircraftState, conditions: FlightConditions, plot: PlottedTurn, t_s: float
) -> list[Event]:
    """Loads beyond the safe load, positive or negative ("Negative Loads"; the Flight
    Effects they cause are resolved in a later version)."""
    found: list[Event] = []
    positive = max((s.load_g for s in plot.segments if not s.negative), default=0.0)
    negative = max((s.load_g for s in plot.segments if s.negative), default=0.0)
    limits = (
        (positive, conditions.safe_load_g, ""),
        (negative, -state.card.structure.negative_safe_load_g, "-"),
    )
    for load, safe, sign in limits:
        if load > safe:
            found.append(
                Event(
                    t_s=t_s,
                    kind="overload",
                    entities=(state.id,),
                    detail=f"{state.callsign} pulled {sign}{load:.1f} G, beyond its safe load "
                    f"{sign}{safe:.1f} G (Structure G Effects)",
                    data={
                        "load_g": -load if sign else load,
                        "safe_load_g": -safe if sign else safe,
                    },
                )
            )
    return found


def placement_ft(placement: Placement) -> tuple[float, float, float]:
    x, y = placement.hex.centre_ft()
    return (x, y, placement.alt_steps * STEP_FT)


def _stop_at_ground(samples: dict[str, npt.NDArray[Any]], ground_ft: float) -> int:
    """Freeze the samples where the path first reaches the ground; returns that tick index."""
    below = np.nonzero(samples["z_ft"] <= ground_ft)[0]
    impact = int(below[0]) if below.size else len(samples["z_ft"]) - 1
    for name, array in samples.items():
        if name != "active":
            array[impact:] = array[impact]
    samples["z_ft"][impact:] = ground_ft
    samples["alt_steps"][impact:] = round(ground_ft / STEP_FT)
    samples["active"][impact + 1 :] = False
    return impact


def _pulls_past_max_lift(
    state: AircraftState,
    conditions: FlightConditions,
    plot: PlottedTurn,
    speed_kt: int,
    weight_lb: float,
) -> bool:
    """Whether a turn the pilot pulled asks a Lift Used above Max-Lift ("Of Max Aero Load").
    Only turns count: the loads a High-Speed Departure imposes count toward Average Load but
    are not pulls, and flight too slow for 1 g is Too-Slow Flight's business."""
    pulled = max((abs(s.load_g) for s in plot.segments if s.kind == "turn"), default=0.0)
    if pulled <= 0.0:
        return False
    return perf.exceeds_max_lift(state.card, conditions.alt_ft, speed_kt, weight_lb, pulled)
