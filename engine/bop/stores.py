"""Stores and fuel in the Administrative phase (SoP 11): jettisoning external stores, and
Bingo fuel ("Jettisoning External Stores", "Fuel").

* :func:`jettison_problem`: why this turn's plot gives no segment the stores may be
  jettisoned in, or "" when one does.
* :func:`jettison`: the stores go, and the weight and drag with them.
* :func:`fuel_state`: a Bingo call or an empty tank, as events.
"""

from __future__ import annotations

from engine.bop.aircraft_state import AircraftState
from engine.bop.plotting import PlottedTurn
from models.timeline import Event

JETTISON_MIN_TICKS = 2
JETTISON_MAX_TURN_LOAD_G = 2.0
UPRIGHT_RINGS = (60, 90)
"""The Lift vector must stay in the +60 and +90 rings while jettisoning."""


def jettison_problem(plot: PlottedTurn) -> str:
    """Stores may be jettisoned in a straight or turning segment of 2 ticks or more, with
    the Lift vector in the +60 or +90 ring, no negative load, at most 2.0 G in a turn, and
    the Nose and Velocity in one cell ("Jettisoning External Stores"); "" when some
    segment of ``plot`` qualifies, else why none does."""
    reasons = []
    for segment in plot.segments:
        if segment.kind not in ("straight", "turn"):
            reasons.append(f"segment {segment.index + 1} is {segment.kind}")
            continue
        if segment.ticks < JETTISON_MIN_TICKS:
            reasons.append(f"segment {segment.index + 1} lasts {segment.ticks} tick")
            continue
        if segment.negative:
            reasons.append(f"segment {segment.index + 1} pushes")
            continue
        if segment.kind == "turn" and segment.load_g > JETTISON_MAX_TURN_LOAD_G:
            reasons.append(f"segment {segment.index + 1} pulls {segment.load_g:.1f} G")
            continue
        attitudes = (segment.start_attitude, segment.end_attitude)
        if any(a.is_separated for a in attitudes):
            reasons.append(f"segment {segment.index + 1} points")
            continue
        if any(a.lift.pitch_deg not in UPRIGHT_RINGS for a in attitudes):
            reasons.append(f"segment {segment.index + 1} has the Lift below the +60 ring")
            continue
        return ""
    return "no segment allows it (" + "; ".join(dict.fromkeys(reasons)) + ")"


def jettison(state: AircraftState, t_s: float) -> Event | None:
    """Jettison every store (the missiles still on their stations): the weight and drag
    change in the Administrative phase."""
    carried = {kind: left for kind, left in state.missiles_left.items() if left > 0}
    if not carried:
        return None
    dropped_lb = state.stores_lb
    state.missiles_left = {kind: 0 for kind in state.missiles_left}
    listed = ", ".join(f"{left} {kind}" for kind, left in carried.items())
    return Event(
        t_s=t_s,
        kind="jettison",
        entities=(state.id,),
        detail=f"{state.callsign} jettisons its stores: {listed} ({dropped_lb:,.0f} lb)",
        data={"weight_lb": dropped_lb},
    )


def fuel_state(
    state: AircraftState, fuel_before_fp: int, bingo_fp: int | None, t_s: float
) -> list[Event]:
    """A Bingo call the game-turn the fuel falls to the scenario's Bingo limit, and a
    flame-out when the tanks run dry ("Fuel"): the engines give nothing from then on."""
    events = []
    if bingo_fp is not None and fuel_before_fp > bingo_fp >= state.fuel_fp:
        events.append(
            Event(
                t_s=t_s,
                kind="bingo",
                entities=(state.id,),
                detail=f"{state.callsign} is at Bingo fuel ({state.fuel_fp} FP, limit {bingo_fp})",
                data={"fuel_fp": state.fuel_fp, "bingo_fp": bingo_fp},
            )
        )
    if fuel_before_fp > 0 and state.fuel_fp <= 0:
        events.append(
            Event(
                t_s=t_s,
                kind="engine",
                entities=(state.id,),
                detail=f"{state.callsign} runs out of fuel: its engines flame out",
                data={"fuel_fp": 0},
            )
        )
    return events
