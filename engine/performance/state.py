"""Weight and the Initial Aircraft State (Meta-Step Ap).

Ap1 KEAS, Ap2 Mach, Ap3 the Q-mark and Ap4 the aero load limit, plus the figures a player
circles on the Performance nomograph before play: wing load, safe load and corner speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine import aero
from engine.atmosphere import isa, mach_region
from engine.performance._checks import check_speed_kt, check_weight_lb
from engine.performance.rounding import round_load_g
from models.aircraft import AircraftCard

LB_PER_FUEL_POINT: Final = 100.0
"""Each Fuel Point weighs 100 lb ("Fuel")."""
FAST_KEAS: Final = 600.0
"""Above this KEAS the aircraft is "Fast" and uses the high-speed scales ("High Speed")."""


def weight_lb(card: AircraftCard, fuel_fp: int, stores_lb: float = 0.0) -> float:
    """Weight: empty + crew and fixed load + 100 lb per Fuel Point + stores (SoP 11)."""
    if fuel_fp < 0:
        raise ValueError(f"fuel {fuel_fp} FP cannot be negative")
    if stores_lb < 0:
        raise ValueError(f"stores weight {stores_lb:g} lb cannot be negative")
    w = card.weights
    return w.empty_lb + w.crew_and_fixed_lb + fuel_fp * LB_PER_FUEL_POINT + stores_lb


def wing_load_psf(card: AircraftCard, weight_lb: float) -> float:
    """Wing load (WL): weight over wing area, lb/ft²."""
    check_weight_lb(weight_lb)
    return weight_lb / card.wing_area_ft2


@dataclass(frozen=True, slots=True)
class InitialState:
    """What a player records in Meta-Step Ap, unrounded except where the card rounds."""

    alt_ft: float
    speed_kt: int
    weight_lb: float
    wing_load_psf: float
    keas: float
    """Ap1: knots equivalent airspeed."""
    mach: float
    """Ap2: Mach number."""
    mach_region: str
    """Ap2: the Form Drag row, ``Slow``, ``LTD``, ``HTD`` or a Mach to the tenth."""
    q_mark: float
    """Ap3: dynamic pressure over wing load; C_L at 1 g is 1/Q."""
    aero_load_limit_g: float
    """Ap4: C_Lmax × Q, rounded to 0.5 g as written on the card."""
    safe_load_g: float
    """Structural safe load at this wing load."""
    corner_keas: float
    """Lowest KEAS at which the safe load is aerodynamically available."""
    corner_ktas: float
    """Corner speed as true airspeed at this altitude."""
    fast: bool
    """KEAS above 600: mark the Q-mark "Fast" ("High Speed")."""


def initial_state(
    card: AircraftCard, alt_ft: float, speed_kt: int, weight_lb: float
) -> InitialState:
    """Determine Initial Aircraft State (Ap1–Ap4) at an altitude, speed and weight."""
    check_speed_kt(speed_kt)
    check_weight_lb(weight_lb)
    air = isa(alt_ft)
    root_sigma = math.sqrt(air.sigma)
    keas = speed_kt * root_sigma
    mach = speed_kt / air.speed_of_sound_kt
    q = aero.q_mark(keas, weight_lb, card.wing_area_ft2)
    corner = aero.corner_keas(card, weight_lb)
    return InitialState(
        alt_ft=alt_ft,
        speed_kt=speed_kt,
        weight_lb=weight_lb,
        wing_load_psf=weight_lb / card.wing_area_ft2,
        keas=keas,
        mach=mach,
        mach_region=mach_region(mach),
        q_mark=q,
        aero_load_limit_g=round_load_g(aero.aero_load_limit_g(card, keas, mach, weight_lb)),
        safe_load_g=aero.safe_load_g(card, weight_lb),
        corner_keas=corner,
        corner_ktas=corner / root_sigma,
        fast=keas > FAST_KEAS,
    )
