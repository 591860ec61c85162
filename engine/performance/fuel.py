"""Fuel ("Fuel"): Fuel Points of 100 lb, spent as the engine's burn accumulates.

The rulebook's Engine table gives a Power figure per game-turn and a Usage per Fuel Point;
power accumulates in a Dry carry box or an AB carry box, by throttle setting, and each time
a box reaches the Usage a Fuel Point is spent and the excess stays in the box.  The two boxes
are separate and never combine.  furball's cards give thrust and fuel consumption instead,
so the burn is counted in pounds: each game-turn adds thrust × TSFC × 6 s to the box for the
setting (Idle burns into the Dry box), and every full 100 lb in the box is a Fuel Point spent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine import aero
from engine.aero import Throttle
from engine.atmosphere import isa
from engine.performance._checks import check_speed_kt
from engine.performance.speed import SECONDS_PER_TURN
from engine.performance.state import LB_PER_FUEL_POINT
from models.aircraft import AircraftCard

_MICRO_LB_PER_LB: Final = 1_000_000
"""Carries are counted in whole millionths of a pound, so turn after turn adds up exactly."""


@dataclass(frozen=True, slots=True)
class FuelCarry:
    """The Dry carry and AB carry boxes, in pounds of fuel burned toward the next Fuel Point."""

    dry_lb: float = 0.0
    ab_lb: float = 0.0

    def __post_init__(self) -> None:
        for name, value in (("dry", self.dry_lb), ("AB", self.ab_lb)):
            if not 0.0 <= value < LB_PER_FUEL_POINT:
                raise ValueError(
                    f"{name} carry {value:g} lb is outside 0 … {LB_PER_FUEL_POINT:g} lb"
                )


def fuel_burned_lb(card: AircraftCard, throttle: Throttle, alt_ft: float, speed_kt: int) -> float:
    """Fuel burned in one 6 s game-turn at a throttle setting, altitude and speed."""
    check_speed_kt(speed_kt)
    mach = speed_kt / isa(alt_ft).speed_of_sound_kt
    return aero.fuel_flow_lb_per_s(card, throttle, alt_ft, mach) * SECONDS_PER_TURN


def fuel_burn(
    card: AircraftCard, throttle: Throttle, alt_ft: float, speed_kt: int, carry: FuelCarry
) -> tuple[int, FuelCarry]:
    """Fuel Points spent this game-turn and the carries after it ("Fuel").

    The burn goes into the AB box in afterburner and into the Dry box at Mil or Idle; each
    full 100 lb in that box is a Fuel Point spent, the rest stays as its carry.  The other box
    is untouched.
    """
    burned = fuel_burned_lb(card, throttle, alt_ft, speed_kt)
    box = carry.ab_lb if throttle == "ab" else carry.dry_lb
    total = round((box + burned) * _MICRO_LB_PER_LB)
    spent, micro_left = divmod(total, round(LB_PER_FUEL_POINT * _MICRO_LB_PER_LB))
    left = micro_left / _MICRO_LB_PER_LB
    if throttle == "ab":
        return spent, FuelCarry(dry_lb=carry.dry_lb, ab_lb=left)
    return spent, FuelCarry(dry_lb=left, ab_lb=carry.ab_lb)
