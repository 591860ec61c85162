"""Select Weapon (SoP 02): the one missile type an aircraft has selected this game-turn.

Only the selected missile may be launched in the Combat phase (SoP 07), and only its seeker
is operated in the Sensors phase (SoP 10) ("Select Weapon"). The orders name the selection
(``BopPlot.weapon``); left out, the crew's doctrine selects the type of this turn's missile
order, else the IR missile named for its seeker (``sensors.ir_missile``), else last turn's
selection stands. A selection whose type is spent passes by itself to its matched
other-seeker twin when one is carried; otherwise the crew select the next type carried.
A pair whose card notes that it alternates seekers is fired by turns, IR first
(:mod:`engine.bop.seeker_pairs`): selecting it puts up the member whose turn it is.
Changing the selection is the pilot's Weapon Select cockpit action.
"""

from __future__ import annotations

from engine.bop.activity import TaskRefused
from engine.bop.aircraft_state import AircraftState
from engine.bop.seeker_pairs import live_member
from engine.bop.turn import TurnContext
from models.missile import missile_card
from models.orders import BopPlot
from models.timeline import Event

WEAPON_RULE = "Select Weapon, SoP 02"


def standing_selection(state: AircraftState) -> str | None:
    """Last turn's selection while rounds of it are left; once spent, its matched twin
    (selected automatically), else the first type still carried, else None."""
    selected = state.selected_weapon
    left = state.missiles_left
    if selected is not None and left.get(selected, 0) > 0:
        return selected
    twin = missile_card(selected).matched_pair_type_id if selected is not None else None
    if twin is not None and left.get(twin, 0) > 0:
        return twin
    return next((kind for kind, rounds in left.items() if rounds > 0), None)


def declared_weapon(state: AircraftState, plot: BopPlot | None) -> str | None:
    """The missile type ``plot`` selects (SoP 02): its ``weapon``, else its missile order's
    type, else its IR seeker's missile, else the standing selection. A type of an
    alternating pair named by the missile order or the seeker selects the pair: the
    member whose turn it is."""
    if plot is not None:
        if plot.weapon is not None:
            return plot.weapon
        missile = plot.missile.type if plot.missile is not None else None
        for wanted in (missile, plot.sensors.ir_missile):
            if wanted is not None:
                return live_member(wanted, state.missiles_left, state.selected_weapon)
    return standing_selection(state)


def weapon_order_problem(state: AircraftState, plot: BopPlot) -> str:
    """Why ``plot``'s weapon selection cannot stand (SoP 02), or "" when it can: the
    selected type must be carried (of an alternating pair, the member whose turn it is),
    and the missile launched and the IR seeker worked this turn must be the selected one."""
    wanted = plot.weapon
    if wanted is None:
        return _missile_member_problem(state, plot)
    if wanted not in state.missiles_left:
        carried = ", ".join(state.missiles_left) or "none"
        return f"{state.callsign} carries no {wanted} to select; missiles carried: {carried}"
    up = live_member(wanted, state.missiles_left, state.selected_weapon)
    if up != wanted:
        return (
            f"the {wanted} and the {up} alternate seekers, IR first, and the {up} is up; "
            f"select the {up}"
        )
    if plot.missile is not None and plot.missile.type != wanted:
        return (
            f"the missile order launches a {plot.missile.type} but the {wanted} is selected; "
            "only the selected weapon may be fired"
        )
    seeker = plot.sensors.ir_missile
    if seeker is not None and seeker != wanted:
        return f"sensors.ir_missile {seeker} is not the selected {wanted}"
    return ""


def _missile_member_problem(state: AircraftState, plot: BopPlot) -> str:
    """A missile order that selects its own type (no ``weapon`` named) must name the member
    of an alternating pair whose turn it is, since that is the one the selection will hold
    (Select Weapon)."""
    if plot.missile is None or plot.missile.type not in state.missiles_left:
        return ""
    ordered = plot.missile.type
    up = live_member(ordered, state.missiles_left, state.selected_weapon)
    if up == ordered:
        return ""
    return (
        f"the {ordered} and the {up} alternate seekers, IR first, and the {up} is up; "
        f"order the {up}"
    )


def select_weapons(
    aircraft: dict[str, AircraftState], orders: dict[str, BopPlot], ctx: TurnContext
) -> list[Event]:
    """Each aircraft's selection for the game-turn (SoP 02); a change the pilot cannot pay
    for leaves last turn's selection standing."""
    events: list[Event] = []
    for entity, state in aircraft.items():
        if not state.active or entity not in orders:
            continue
        event = _select(state, declared_weapon(state, orders[entity]), ctx.start_s)
        if event is not None:
            events.append(event)
    return events


def _select(state: AircraftState, wanted: str | None, t_s: float) -> Event | None:
    """Select ``wanted`` for ``state``, paying Weapon Select unless the rules made the
    change (a spent type passing to its twin)."""
    if wanted is None or wanted == state.selected_weapon:
        return None
    automatic = wanted == standing_selection(state) and _is_twin(state.selected_weapon, wanted)
    if (pilot := state.flyer_ledger) is not None and not automatic:
        try:
            pilot.cockpit_action("weapon_select")
        except TaskRefused as refused:
            kept = state.selected_weapon or "nothing"
            return _event(state, f"keeps {kept} selected: {refused.problem}", t_s, kept)
    state.selected_weapon = wanted
    how = "automatically selects" if automatic else "selects"
    return _event(state, f"{how} the {wanted}", t_s, wanted)


def _is_twin(spent: str | None, other: str) -> bool:
    return spent is not None and missile_card(spent).matched_pair_type_id == other


def _event(state: AircraftState, text: str, t_s: float, weapon: str) -> Event:
    return Event(
        t_s=t_s,
        kind="weapon_select",
        entities=(state.id,),
        detail=f"{state.callsign} {text} ({WEAPON_RULE})",
        data={"weapon": weapon},
    )
