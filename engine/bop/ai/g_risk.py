"""What a pull risks for the pilot: the expected cost of the Crew G check (SoP 04).

The check: Pips rating = base column + G-suit, seat, mask + 2 per AP strained − fatigue; the
demand is the load less 3 G; the net (Pips result − demand) reads normal, grey-out,
black-out or loss of consciousness off ``models/tables/flight_effects.toml``. The pilot
strains as the crew doctrine does (as hard as training allows from 5 G, ``engine/bop/crew``),
and weighs each outcome by what it costs a fighter pilot: a grey-out narrows the view, a
black-out blinds him for the turn, loss of consciousness loses the aircraft for several.
"""

from __future__ import annotations

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
LOC_SAFE_ALT_FT = 15_000.0
LOC_ALT_SCALE_FT = 3_000.0
"""Loss of consciousness costs more the lower it happens: the aircraft flies on uncontrolled
for several game-turns. Below the safe altitude the cost grows by its own size for every
``LOC_ALT_SCALE_FT`` lower (at 6,000 ft, four times)."""


def crew_g_cost(state: AircraftState, load_g: float) -> float:
    """Expected cost of the pilot's Crew G check at ``load_g`` (0 below the demand)."""
    if not state.crew:
        return 0.0
    pilot = state.crew[state.flyer_seat]
    equipment = state.crew_equipment()
    strain = equipment.max_strain_ap if load_g >= STRAIN_FROM_G else 0
    column = gloc_column(equipment, pilot.fatigue, strain, negative=False)
    demand = round_half_up(load_g - flight_effects_tables().crew_g.demand_from_g)
    low = max(0.0, LOC_SAFE_ALT_FT - state.alt_ft) / LOC_ALT_SCALE_FT
    return _expected_cost(column, demand, pilot.g_state, round(low, 1))


@cache
def _expected_cost(column: int, demand: int, now: GEffect, loc_extra: float = 0.0) -> float:
    if demand <= 0:
        return 0.0
    rows = flight_effects_tables().crew_g.positive_results
    cost = 0.0
    for pips, chance in enumerate(pips_distribution(column)):
        net = pips - demand
        effect = next(
            (r.effect for r in rows if r.net_at_least is None or net >= r.net_at_least),
            rows[-1].effect,
        )
        if worse(now, effect) != now:
            weight = 1.0 + loc_extra if effect == "loc" else 1.0
            cost += chance * EFFECT_COST[effect] * weight
    return cost
