"""The AI pilot: each game-turn it reads the fight, picks a posture, declares and plots.

The turn, as the pilot flies it (SoP 02–03):

1. **Read the fight** (:mod:`.reading`, :mod:`.contacts`) — the enemies its crew has
   spotted or its sensors hold, the bandit (the scenario's ``target``, else the one it
   fought last turn or its radar tracks, else the nearest) and whichever enemy points at it.
2. **Posture** — *defensive* when an enemy close enough to threaten points at it more than
   it points back; *neutral* at a high-aspect merge (:mod:`.merge`: the one that turns last
   decides one circle or two); *offensive* otherwise.
3. **Declarations** (SoP 02, :mod:`.declarations`) — throttle and speedbrake for closure
   and energy, radar and IR seeker on the bandit, guns when near, a missile when the
   geometry after the move suits a seeker that holds the bandit.
4. **Plot** (SoP 03, :mod:`.candidates`) — every roll followed by a maximum, sustained,
   3 G or 5 G pull, a pull that stops with the Nose on the bandit, straight flight or an
   unload, each flown through :meth:`Game.preview` (the same Bp–Im checks as
   :meth:`Game.legal`); the best end of turn by the posture's score (:mod:`.scoring`, with
   :mod:`.g_risk` for what a pull risks the pilot) is ordered.

An unconscious pilot writes nothing the rules would fly: the aircraft is uncontrolled.
"""

from __future__ import annotations

from dataclasses import replace

from engine.bop.ai.candidates import best_plot, search
from engine.bop.ai.contacts import Contact
from engine.bop.ai.declarations import choose_throttle, weapon_orders
from engine.bop.ai.merge import merge_sense, preferred_fight
from engine.bop.ai.params import AiParams, AiState, AiStep, Fight, Posture
from engine.bop.ai.reading import (
    choose_bandit,
    choose_posture,
    known_contacts,
    main_threat,
    posture_note,
)
from engine.bop.aircraft_state import AircraftState
from engine.bop.maneuvers.search import plot_of
from engine.bop.view import GameView
from models.orders import StraightSegment

__all__ = [
    "AiParams",
    "AiState",
    "AiStep",
    "Fight",
    "Posture",
    "fly",
    "preferred_fight",
]


def fly(game: GameView, aircraft: str, params: AiParams, state: AiState | None = None) -> AiStep:
    """The AI pilot's orders for ``aircraft``'s next game-turn."""
    state = state or AiState()
    me = game.aircraft[aircraft]
    if me.crew and not me.flyer_conscious:  # the rules fly it (Uncontrolled Aircraft)
        return AiStep(plot_of(me.throttle, [StraightSegment(ticks=10)]), state, "search")
    contacts, sightings = known_contacts(game, me, state)
    state = replace(state, sightings=sightings)
    if not contacts:
        return search(game, me, state, params)
    # angles are read at one moment, the start of the game-turn, for every contact: one that
    # moved earlier in the order of flight is taken back to where it started (SoP 03)
    now = {c.id: c.at_turn_start(game.turn) for c in contacts}
    bandit = choose_bandit(me, list(now.values()), params, state.bandit)
    threat = main_threat(me, list(now.values()))
    posture = choose_posture(me, bandit, threat, params, state.posture)
    notes: list[str] = []
    sense = 0
    if posture == "neutral":
        sense, state, note = merge_sense(game, me, bandit, params, state)
        if note:
            notes.append(note)
    opponent = threat if posture == "defensive" and threat is not None else bandit
    if posture != state.posture or opponent.id != state.bandit:
        notes.append(posture_note(me, posture, opponent))
    seen = {c.id: c for c in contacts}
    bandit, opponent = seen[bandit.id], seen[opponent.id]
    # the throttle, though, is set for where the opponent will be when this move ends
    throttle, speedbrake = choose_throttle(game, me, opponent, posture)
    crowded = in_a_crowd(game, me, opponent, state)
    outcome = best_plot(game, me, opponent, posture, throttle, speedbrake, sense, params, crowded)
    plot, state = weapon_orders(game, me, outcome, bandit, params, state)
    state = replace(state, posture=posture, bandit=opponent.id)
    return AiStep(plot, state, posture, tuple(notes))


def in_a_crowd(game: GameView, me: AircraftState, opponent: Contact, state: AiState) -> bool:
    """More than a one-against-one: the pilot has seen another enemy besides the one it
    fights (remembered sightings count, SoP 09–10), or flies with friends, so that the fight
    is not its alone and others will come.  There a loss of consciousness is the aircraft's
    loss (:mod:`.g_risk`)."""
    if any(seen != opponent.id for seen in state.sightings):
        return True
    return any(
        other.side == me.side and other.id != me.id and other.active
        for other in game.aircraft.values()
    )
