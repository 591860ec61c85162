"""The high-aspect merge: which way to turn after the pass for one circle or two
(reference bfm.md: the aircraft that turns last decides)."""

from __future__ import annotations

import math
from dataclasses import replace

from engine import aero
from engine.bop.ai.contacts import (
    Contact,
    turn_sense,
)
from engine.bop.ai.params import AiParams, AiState, Fight
from engine.bop.ai.reading import angles_deg, own_velocity_ft_s
from engine.bop.aircraft_state import AircraftState
from engine.bop.maneuvers.geometry import sub
from engine.bop.view import GameView
from engine.turning import turn_radius_ft, turn_rate_dps
from models.orders import (
    Throttle,
)


def preferred_fight(game: GameView, me: AircraftState, bandit: AircraftState) -> Fight:
    """Two circles for the better sustained turn rate, one circle for the tighter radius
    (Shaw; reference bfm.md): each aircraft at its present speed and altitude, military
    power or afterburner as it carries."""

    def numbers(state: AircraftState) -> tuple[float, float]:
        throttle: Throttle = "ab" if state.card.engines.has_afterburner else "mil"
        sustained = aero.sustained_load_g(
            state.card, throttle, state.alt_ft, state.speed_kt, state.weight_lb
        )
        most = game.flight_conditions(state.id, throttle)
        max_load = min(most.aero_load_limit_g, most.safe_load_g)
        return (
            turn_rate_dps(state.speed_kt, sustained),
            turn_radius_ft(state.speed_kt, max_load),
        )

    my_rate, my_radius = numbers(me)
    its_rate, its_radius = numbers(bandit)
    if my_rate >= its_rate * 1.05 or my_radius >= its_radius:
        return "two-circle"
    return "one-circle"


def merge_sense(
    game: GameView, me: AircraftState, bandit: Contact, params: AiParams, state: AiState
) -> tuple[int, AiState, str]:
    """The turn to make at the merge (+1 left, −1 right; 0 while still closing), the state
    that remembers it and a note when it is first chosen."""
    if state.sense and state.bandit == bandit.id:
        return state.sense, state, ""
    mine = angles_deg(me, bandit)[0]
    its_turn = round(math.copysign(1.0, bandit.axis[2])) if bandit.rate_dps > 2.0 else 0
    if mine < 90 and not its_turn:
        return 0, state, ""  # not yet: the one that turns last decides (bfm.md)
    fight: Fight = (
        params.fight
        if params.fight != "auto"
        else preferred_fight(game, me, game.aircraft[bandit.id])
    )
    if its_turn:
        sense = its_turn if fight == "two-circle" else -its_turn
        why = f"{bandit.callsign} turns {'left' if its_turn > 0 else 'right'}"
    else:
        side = turn_sense(own_velocity_ft_s(me), sub(bandit.position_ft, me.position_ft()))
        side = side or 1
        sense = side if fight == "two-circle" else -side
        why = f"{bandit.callsign} passes on the {'left' if side > 0 else 'right'}"
    note = (
        f"{me.callsign} turns {'left' if sense > 0 else 'right'} at the merge: {why}, {fight} fight"
    )
    return sense, replace(state, sense=sense, fight=fight, bandit=bandit.id), note
