"""Swing wings in play: a manual wing's position is declared (SoP 02) and moves in the
Administrative phase (SoP 11); an automatic wing follows its Mach schedule ("Manual
Swing-Wing", "Automatic Swing-Wing / Auto-Sweep Wing").

An aircraft flies the card read at its current wing position
(:meth:`~models.aircraft.AircraftCard.at_wing_position`), so a new position changes its
performance from the next game-turn on.
"""

from __future__ import annotations

from engine.bop.activity import TaskRefused
from engine.bop.aircraft_state import AircraftState
from engine.bop.errors import IllegalOrder
from models.orders import BopPlot
from models.timeline import Event


def wing_order_problem(state: AircraftState, plot: BopPlot) -> str:
    """Why a wing-position order cannot stand, or ""."""
    wanted = plot.swing_wing
    if wanted is None:
        return ""
    wing = state.listed_card.swing_wing
    if wing is None:
        return f"the {state.card.type_id} has no swing wing"
    if wing.kind != "manual":
        return f"the {state.card.type_id}'s wing sweeps by itself with Mach (Automatic Swing-Wing)"
    if wing.position(wanted) is None:
        names = ", ".join(p.name for p in wing.positions)
        return f"no wing position {wanted!r}; the positions are {names}"
    return ""


def check_wing_order(state: AircraftState, plot: BopPlot, turn: int) -> None:
    problem = wing_order_problem(state, plot)
    if problem:
        raise IllegalOrder("Manual Swing-Wing, SoP 02", problem, aircraft=state.callsign, turn=turn)


def declare_wing(state: AircraftState, plot: BopPlot, t_s: float) -> list[Event]:
    """A manual wing change declared in SoP 02: the pilot pays the Configuration cockpit
    action (a Switch Action even with HOTAS) now; the wing moves in SoP 11."""
    state.wing_commanded = None
    wanted = plot.swing_wing
    if wanted is None or not state.active or wanted == state.wing_position:
        return []
    if (pilot := state.flyer_ledger) is not None:
        try:
            pilot.cockpit_action("swing_wing")
        except TaskRefused as refused:
            return [_event(state, f"cannot move its wing: {refused.problem}", t_s)]
    state.wing_commanded = wanted
    return [_event(state, f"commands its wing to {wanted}", t_s)]


def move_wing(state: AircraftState, mach: float, t_s: float) -> list[Event]:
    """The Administrative phase: a commanded manual wing moves; an automatic wing takes the
    position its schedule gives for the Mach the turn ended at."""
    wing = state.listed_card.swing_wing
    if wing is None or not state.active:
        return []
    target = state.wing_commanded
    if wing.kind == "automatic":
        target = state.listed_card.scheduled_wing_position(mach)
    state.wing_commanded = None
    if target is None or target == state.wing_position:
        return []
    before = state.wing_position
    state.listed = state.listed_card
    state.card = state.listed_card.at_wing_position(target)
    state.wing_position = target
    return [_event(state, f"wing moves from {before} to {target}", t_s)]


def _event(state: AircraftState, text: str, t_s: float) -> Event:
    return Event(
        t_s=t_s, kind="swing_wing", entities=(state.id,), detail=f"{state.callsign} {text}"
    )
