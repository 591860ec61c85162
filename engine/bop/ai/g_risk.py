"""What a pull risks for the pilot: the expected cost of the Crew G check (SoP 04).

The check: Pips rating = base column + G-suit, seat, mask + 2 per AP strained − fatigue; the
demand is the load less 3 G; the net (Pips result − demand) reads normal, grey-out,
black-out or loss of consciousness off ``models/tables/flight_effects.toml``. The pilot
strains as the crew doctrine does (as hard as training allows from 5 G, ``engine/bop/crew``),
and weighs each outcome by what it costs a fighter pilot: a grey-out narrows the view, a
black-out blinds him for the turn, loss of consciousness loses the aircraft for several.
"""

from __future__ import annotations

import math
from functools import cache

from engine.bop.aircraft_state import AircraftState
from engine.bop.crew import STRAIN_FROM_G
from engine.bop.effects import (
    GEffect,
    flight_effects_tables,
    gloc_column,
    pips_distribution,
    worse,
)
from engine.performance import round_half_up

EFFECT_COST: dict[str, float] = {
    "normal": 0.0,
    "grey_out": 10.0,
    "black_out": 60.0,
    "loc": 400.0,
}
"""Score (about degrees of angle-off) each outcome costs when it is worse than now."""
CROWDED_LOC_FACTOR = 4.0
"""A loss of consciousness leaves the aircraft uncontrolled for several game-turns
(Uncontrolled Aircraft); in more than a one-against-one, another enemy may shoot it
meanwhile: there it costs this many times as much, about the price of the aircraft, and the
pilot pulls no harder than his tolerance (:func:`tolerable_load_g`)."""
TOLERABLE_LOC_CHANCE = 0.04
"""The pilot pulls no harder than the load at which the Crew G check would knock him out
this often (for an average pilot in a G-suit about 7.5 G, a veteran in an F-16's seat 8 G)."""
LOAD_STEP_G = 0.5
LOC_SAFE_ALT_FT = 15_000.0
LOC_ALT_SCALE_FT = 3_000.0
"""Loss of consciousness costs more the lower it happens: the aircraft flies on uncontrolled
for several game-turns. Below the safe altitude the cost grows by its own size for every
``LOC_ALT_SCALE_FT`` lower (at 6,000 ft, four times)."""


def crew_g_cost(state: AircraftState, load_g: float, crowded: bool = False) -> float:
    """Expected cost of the pilot's Crew G check at ``load_g`` (0 below the demand);
    ``crowded``: other enemies are about besides the one fought (``CROWDED_LOC_FACTOR``)."""
    if not state.crew:
        return 0.0
    column, demand = _check(state, load_g)
    low = max(0.0, LOC_SAFE_ALT_FT - state.alt_ft) / LOC_ALT_SCALE_FT
    factor = CROWDED_LOC_FACTOR if crowded else 1.0
    flyer = state.crew[state.flyer_seat]
    return _expected_cost(column, demand, flyer.g_state, round(low, 1), factor)


def loc_chance(state: AircraftState, load_g: float) -> float:
    """The chance that the pilot's Crew G check at ``load_g`` ends in a loss of
    consciousness (SoP 04, Crew G)."""
    if not state.crew:
        return 0.0
    return _loc_chance(*_check(state, load_g))


def tolerable_load_g(state: AircraftState, most_g: float) -> float:
    """The hardest pull, in steps of half a G up to ``most_g``, whose Crew G check knocks the
    pilot out no more often than ``TOLERABLE_LOC_CHANCE``: what a pilot who knows his own
    tolerance pulls when he pulls hard.  Never below the load the check starts at."""
    floor_g = flight_effects_tables().crew_g.demand_from_g
    load_g = math.floor(most_g / LOAD_STEP_G) * LOAD_STEP_G  # loads are written to 0.5 G
    while load_g - LOAD_STEP_G >= floor_g and loc_chance(state, load_g) > TOLERABLE_LOC_CHANCE:
        load_g -= LOAD_STEP_G
    return load_g


def _check(state: AircraftState, load_g: float) -> tuple[int, int]:
    """The Pips column and the demand of the pilot's Crew G check at ``load_g``."""
    pilot = state.crew[state.flyer_seat]
    equipment = state.crew_equipment()
    strain = equipment.max_strain_ap if load_g >= STRAIN_FROM_G else 0
    column = gloc_column(equipment, pilot.fatigue, strain, negative=False)
    demand = round_half_up(load_g - flight_effects_tables().crew_g.demand_from_g)
    return column, demand


def _effect(net: int) -> GEffect:
    rows = flight_effects_tables().crew_g.positive_results
    return next(
        (r.effect for r in rows if r.net_at_least is None or net >= r.net_at_least),
        rows[-1].effect,
    )


@cache
def _loc_chance(column: int, demand: int) -> float:
    if demand <= 0:
        return 0.0
    return sum(
        chance
        for pips, chance in enumerate(pips_distribution(column))
        if _effect(pips - demand) == "loc"
    )


@cache
def _expected_cost(
    column: int, demand: int, now: GEffect, loc_extra: float = 0.0, loc_factor: float = 1.0
) -> float:
    if demand <= 0:
        return 0.0
    cost = 0.0
    for pips, chance in enumerate(pips_distribution(column)):
        effect = _effect(pips - demand)
        if worse(now, effect) != now:
            weight = (1.0 + loc_extra) * loc_factor if effect == "loc" else 1.0
            cost += chance * EFFECT_COST[effect] * weight
    return cost
