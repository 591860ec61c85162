"""Helpers for Birds of Prey engine tests: one-aircraft scenarios and flight conditions."""

from typing import Any

from engine import performance as perf
from engine.bop.plotting import FlightConditions
from models.aircraft import card
from models.scenario import Scenario

LEVEL_NORTH = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
KNIFE_EDGE_RIGHT = {"nose": "015+00", "canopy": "105+00", "wing": "All-90"}


def solo(
    plots: list[dict[str, Any]],
    *,
    type_id: str = "F-16C",
    speed_kt: int = 450,
    alt_steps: int = 75,
    attitude: dict[str, str] | None = None,
    turns: int = 3,
    after: str = "hold",
) -> Scenario:
    """A scenario with one aircraft flying the given plots."""
    return Scenario.model_validate(
        {
            "name": "test",
            "turns": turns,
            "seed": 11,
            "aircraft": [
                {
                    "callsign": "Test 1",
                    "type": type_id,
                    "side": "blue",
                    "hex": "0,0",
                    "alt_steps": alt_steps,
                    "attitude": attitude or LEVEL_NORTH,
                    "speed_kt": speed_kt,
                    "throttle": "mil",
                    "script": {"plots": plots, "after": after},
                }
            ],
        }
    )


def conditions(
    type_id: str = "F-16C", speed_kt: int = 450, alt_ft: float = 15_000
) -> FlightConditions:
    aircraft = card(type_id)
    weight = perf.weight_lb(aircraft, aircraft.weights.internal_fuel_fp)
    initial = perf.initial_state(aircraft, alt_ft, speed_kt, weight)
    return FlightConditions(
        card=aircraft,
        speed_kt=speed_kt,
        alt_ft=alt_ft,
        weight_lb=weight,
        keas=initial.keas,
        mach=initial.mach,
        aero_load_limit_g=initial.aero_load_limit_g,
        safe_load_g=initial.safe_load_g,
    )
