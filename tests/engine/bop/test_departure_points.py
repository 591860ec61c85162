"""Departure Points collected in flight (SoP 03, counted for the Departure check of SoP 06):
rolls in the Controllability Region ("Select the Type of Roll"), boosted and barrel rolls,
and the region's number for each facing change ("Departure Points")."""

from dataclasses import replace
from typing import Any

from engine.bop.plotting import FlightConditions, PlottedTurn, plot_turn
from engine.phad import Attitude
from models.orders import BopPlot
from tests.engine.bop.conftest import conditions

LEVEL = Attitude(nose="015+00", canopy="All+90", wing="105+00")
LOW_REGION_KT = 220
"""An F-16C at 15,000 ft and 220 kt has its Q-mark in the Low (2) Controllability Region."""
MARGINAL_REGION_KT = 250
"""...at 250 kt in the Marginal (1) region; at 300 kt above the region."""


def plotted(flight: FlightConditions, *segments: dict[str, Any]) -> PlottedTurn:
    return plot_turn(flight, LEVEL, BopPlot.model_validate({"segments": list(segments)}))


def test_the_regions_of_the_q_mark() -> None:
    """Marginal (1), Low (2) and No (3) regions of the Q-mark axis (Ap3)."""
    assert conditions(speed_kt=LOW_REGION_KT).controllability_number == 2
    assert conditions(speed_kt=MARGINAL_REGION_KT).controllability_number == 1
    assert conditions(speed_kt=300).controllability_number == 0


def test_a_normal_roll_in_the_region_costs_one_dp_per_two_roll_points() -> None:
    """Select the Type of Roll: normal rolls in the Controllability Region give 1 DP for every
    2 points of roll performed; safe rolls never do, nor does any roll above the region."""
    six_cells = {"kind": "straight", "ticks": 10, "roll_cells": 6}
    assert plotted(conditions(speed_kt=LOW_REGION_KT), six_cells).departure_points == 3
    safe = {**six_cells, "roll_rate": "safe"}
    assert plotted(conditions(speed_kt=LOW_REGION_KT), safe).departure_points == 0
    assert plotted(conditions(speed_kt=300), six_cells).departure_points == 0


def test_a_boosted_roll_in_the_region_pays_per_fp_and_per_roll_point() -> None:
    """Select the Type of Roll: boosted rolls give 1 DP per FP rolled, plus the region's
    1 DP per 2 roll points."""
    boosted = {"kind": "straight", "ticks": 4, "roll_cells": 6, "roll_rate": "boosted"}
    turn = plotted(conditions(speed_kt=LOW_REGION_KT), boosted, {"kind": "straight", "ticks": 6})
    assert turn.segments[0].fp == 2
    assert turn.departure_points == 2 + 3


def test_each_facing_change_in_the_region_costs_its_number() -> None:
    """Departure Points, SoP 06: in the Low region each cell the Nose turns costs 2 DP; an
    incomplete turning segment counts as one facing change."""
    flight = conditions(speed_kt=LOW_REGION_KT)
    incomplete = plotted(flight, {"kind": "turn", "ticks": 10, "load_g": 1.5, "cells": 1})
    assert incomplete.segments[0].incomplete
    assert incomplete.departure_points == 2
    fast = conditions(speed_kt=450)
    two_cells = {"kind": "turn", "ticks": 10, "load_g": 6.0, "cells": 2}
    assert plotted(fast, two_cells).segments[0].cells_turned == 2
    assert plotted(fast, two_cells).departure_points == 0  # above the region turns are free
    low = replace(fast, keas=flight.keas)  # the same turn with the Q-mark in the Low region
    assert low.controllability_number == 2
    turn = plotted(low, two_cells)
    assert turn.segments[0].departure_points == 2 * 2
    # the tick the turn did not need keeps pulling: an incomplete segment, one more change
    assert turn.segments[1].incomplete and turn.departure_points == 3 * 2


def test_a_barrel_roll_pays_for_the_rate_it_needs() -> None:
    """Barrel Rolls: any roll rate may give the 6 roll points; the slowest that does is used
    and pays as that rate would (safe nothing, normal the region's, boosted 1 DP per FP)."""
    half = {"kind": "barrel_roll", "ticks": 10, "load_g": 2.5, "direction": "right"}
    marginal = conditions(speed_kt=MARGINAL_REGION_KT)
    assert plotted(marginal, half).departure_points == 0  # the safe rate suffices
    normal = replace(marginal, roll_rate_factor=0.5)  # damaged controls: only normal will do
    assert plotted(normal, half).departure_points == 3
    boosted = replace(marginal, roll_rate_factor=0.3)  # ...only boosted will do
    turn = plotted(boosted, half)
    assert turn.segments[0].fp == 5
    assert turn.departure_points == 5 + 3
    above = replace(conditions(speed_kt=300), roll_rate_factor=0.2)
    assert plotted(above, half).departure_points == plotted(above, half).segments[0].fp == 7
