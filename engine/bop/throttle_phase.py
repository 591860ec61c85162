"""Compressor stalls in play: the throttle check when the throttle is set (Declarations,
SoP 02) and the restart attempts at the end of the game-turn ("Compressor Stall",
"Engine Out").

The procedures are :func:`~engine.bop.special.compressor_stall_check` and
:func:`~engine.bop.special.compressor_stall_restart`; these functions carry them out for
every aircraft whose card notes its engines as subject to compressor stall, change the
aircraft states in place and return the orders as the engines will really fly them.
"""

from __future__ import annotations

from typing import get_args

from engine import performance as perf
from engine.aero import q_mark
from engine.bop.aircraft_state import AircraftState
from engine.bop.departure import controllability_region
from engine.bop.phases import THROTTLE_STEPS, aircraft_event
from engine.bop.special import (
    STEP_NAMES,
    ThrottleStep,
    compressor_stall_check,
    compressor_stall_restart,
    engine_loss,
)
from engine.bop.turn import TurnContext
from models.orders import BopPlot, Throttle
from models.timeline import Event

STEP_THROTTLE: dict[int, Throttle] = {0: "idle", 1: "mil", 2: "mil", 3: "ab"}
"""The throttle setting each Compressor Stall step flies at (Normal is Mil at half output)."""


def _step(value: int) -> ThrottleStep:
    if value not in get_args(ThrottleStep):
        raise ValueError(f"a throttle step runs 0-3, not {value}")
    return value  # type: ignore[return-value]  # checked just above


def compressor_stalls(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    ctx: TurnContext,
) -> tuple[dict[str, BopPlot], list[Event]]:
    """Set each aircraft's throttle for the game-turn (SoP 02), rolling for a compressor
    stall where the card says its engines are subject to one, the Q-mark is in the
    Controllability Region and the throttle advances more than one step.

    Returns the orders with the throttle the engines reach (Idle with every engine
    stalled) and the events. An engine stalled now, or still stalled from an earlier turn,
    sits at Idle; a multi-engine type losing some of its engines collects Departure Points
    by throttle step ("Engine Out").
    """
    dice, turn, t0 = ctx.dice, ctx.turn, ctx.start_s
    changed = dict(orders)
    events: list[Event] = []
    for entity, state in aircraft.items():
        state.throttle_at_normal = False
        state.departure_result = None
        if not state.active or entity not in orders:
            continue
        plot = orders[entity]
        engines = state.card.engines
        from_step = _step(state.throttle_step)
        to_step = _step(THROTTLE_STEPS[plot.throttle])
        keas = perf.initial_state(state.card, state.alt_ft, state.speed_kt, state.weight_lb).keas
        in_region = (
            controllability_region(q_mark(keas, state.weight_lb, state.card.wing_area_ft2))
            is not None
        )
        check = compressor_stall_check(
            state.callsign,
            dice,
            from_step=from_step,
            to_step=to_step,
            q_mark_in_controllability=in_region,
            subject_to_stall=engines.subject_to_compressor_stall,
            engines=engines.count,
            turn=turn,
        )
        events.extend(aircraft_event(record, t0, entity) for record in check.events)
        newly = frozenset(check.stalled_engines) - state.stalled_engines
        state.stalled_engines |= newly
        reached = 0 if len(state.stalled_engines) >= engines.count else check.new_step
        state.throttle_at_normal = reached == 1
        state.throttle_step = reached
        if newly:
            loss = engine_loss(
                state.callsign,
                step=_step(reached),
                total=engines.count,
                operating_after=engines.count - len(state.stalled_engines),
                cause="compressor stall",
                turn=turn,
            )
            state.departure_points += loss.departure_points
            events.extend(aircraft_event(record, t0, entity) for record in loss.events)
        if check.rolled and not newly and reached < to_step:
            events.append(
                Event(
                    t_s=t0,
                    kind="throttle",
                    entities=(entity,),
                    detail=f"{state.callsign}'s throttle only reaches {STEP_NAMES[reached]} "
                    "(Compressor Stall)",
                    data={"step": reached, "declared_step": to_step},
                )
            )
        if STEP_THROTTLE[reached] != plot.throttle:
            changed[entity] = plot.model_copy(update={"throttle": STEP_THROTTLE[reached]})
    return changed, events


def compressor_restarts(aircraft: dict[str, AircraftState], ctx: TurnContext) -> list[Event]:
    """Each stalled engine tries to restart at the end of the game-turn: at 240 KEAS or
    more, d10 plus this turn's Departure Result (if a check was made) of 1 or more brings
    it back at Idle ("Compressor Stall", docs/rulings.md)."""
    dice, turn, t_end = ctx.dice, ctx.turn, ctx.end_s
    events: list[Event] = []
    for entity, state in aircraft.items():
        if not state.active or not state.stalled_engines:
            continue
        keas = perf.initial_state(state.card, state.alt_ft, state.speed_kt, state.weight_lb).keas
        for number in sorted(state.stalled_engines):
            restarted = compressor_stall_restart(
                f"{state.callsign} engine {number}",
                dice,
                keas=keas,
                departure_net=state.departure_result or 0,
                turn=turn,
            )
            if restarted is None:
                detail = f"{state.callsign} engine {number} is too slow to restart (under 240 KEAS)"
            elif restarted:
                state.stalled_engines -= {number}
                state.throttle_step = 0
                detail = f"{state.callsign} engine {number} restarts at Idle"
            else:
                detail = f"{state.callsign} engine {number} fails to restart"
            events.append(
                Event(
                    t_s=t_end,
                    kind="engine",
                    entities=(entity,),
                    detail=detail,
                    data={"engine": number, "restarted": bool(restarted)},
                )
            )
    return events
