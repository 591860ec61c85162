"""Forces on an aircraft from its card: thrust, lift, drag and load limits.

These are the physical relations the Birds of Prey Performance nomograph was drawn from
(reference/physics.md).  :mod:`engine.performance` turns them into the game's ΔSpeeds and
Turn Points; the card calibration uses them directly.
"""

from __future__ import annotations

import math
from typing import Literal

from engine.atmosphere import (
    FT_PER_S_PER_KT,
    G_FT_S2,
    PSF_PER_KEAS2,
    Atmosphere,
    dynamic_pressure_psf,
    isa,
    mach_region,
)
from models.aircraft import AircraftCard, PolarRow

Throttle = Literal["idle", "mil", "ab"]
THROTTLES: tuple[Throttle, ...] = ("idle", "mil", "ab")


def _stagnation_ratios(air: Atmosphere, mach: float) -> tuple[float, float]:
    """θ0 and δ0: total temperature and pressure ratios (Mattingly eq. 2.52–2.53)."""
    boost = 1.0 + 0.2 * mach * mach
    return air.theta * boost, air.delta * boost**3.5


def thrust_lapse(
    kind: str, afterburner: bool, throttle_ratio: float, air: Atmosphere, mach: float
) -> float:
    """Installed thrust over sea-level static thrust (Mattingly eqs 2.54–2.55).

    Each model is divided by its own sea-level static value so that a card's rated thrust is
    exactly what the engine gives on the runway.
    """

    def raw(theta0: float, delta0: float, m: float) -> float:
        over = max(0.0, theta0 - throttle_ratio) / theta0
        if kind == "turbofan":
            if afterburner:
                return delta0 * (1.0 - 3.5 * over)
            return 0.6 * delta0 * (1.0 - 3.8 * over)
        if afterburner:
            return delta0 * (1.0 - 0.3 * (theta0 - 1.0) - 0.1 * math.sqrt(m) - 1.5 * over)
        return 0.8 * delta0 * (1.0 - 0.16 * math.sqrt(m) - 24.0 * over / (9.0 + m))

    theta0, delta0 = _stagnation_ratios(air, mach)
    static = raw(1.0, 1.0, 0.0)
    return max(0.0, raw(theta0, delta0, mach) / static)


def thrust_lbf(card: AircraftCard, throttle: Throttle, alt_ft: float, mach: float) -> float:
    """Total thrust of all engines at a throttle setting, altitude and Mach."""
    engines = card.engines
    air = isa(alt_ft)
    dry = engines.count * engines.dry_thrust_lbf
    dry_lapse = thrust_lapse(engines.kind, False, engines.throttle_ratio, air, mach)
    if throttle == "idle":
        return engines.idle_fraction * dry * dry_lapse
    if throttle == "ab":
        if engines.ab_thrust_lbf is None:
            raise ValueError(f"the {card.type_id} has no afterburner")
        wet = engines.count * engines.ab_thrust_lbf
        return wet * thrust_lapse(engines.kind, True, engines.throttle_ratio, air, mach)
    return dry * dry_lapse


def fuel_flow_lb_per_s(card: AircraftCard, throttle: Throttle, alt_ft: float, mach: float) -> float:
    """Fuel burned per second: thrust × TSFC (idle burns at the Dry TSFC)."""
    tsfc = card.engines.tsfc_dry_per_hr
    if throttle == "ab":
        assert card.engines.tsfc_ab_per_hr is not None
        tsfc = card.engines.tsfc_ab_per_hr
    return thrust_lbf(card, throttle, alt_ft, mach) * tsfc / 3600.0


def polar_at(card: AircraftCard, mach: float) -> PolarRow:
    """The card's polar row for this Mach's region; beyond the card's table, its last row."""
    region = mach_region(mach)
    for row in card.polar:
        if row.region == region:
            return row
    return card.polar[-1]


def lift_coefficient(load_g: float, weight_lb: float, keas: float, wing_area_ft2: float) -> float:
    """C_L needed to pull ``load_g`` at this weight and KEAS."""
    q = dynamic_pressure_psf(keas)
    if q <= 0:
        return math.inf
    return abs(load_g) * weight_lb / (q * wing_area_ft2)


def q_mark(keas: float, weight_lb: float, wing_area_ft2: float) -> float:
    """The Q-mark as a number: dynamic pressure over wing loading (Ap3).

    C_L at 1 g is 1/Q; the aero load limit is C_Lmax·Q.
    """
    return dynamic_pressure_psf(keas) / (weight_lb / wing_area_ft2)


def aero_load_limit_g(card: AircraftCard, keas: float, mach: float, weight_lb: float) -> float:
    """Max aero load (Ap4): the load at which the wing reaches C_Lmax."""
    return polar_at(card, mach).cl_max * q_mark(keas, weight_lb, card.wing_area_ft2)


def safe_load_g(card: AircraftCard, weight_lb: float) -> float:
    """Structural safe load at this weight, from the card's wing-load table."""
    wing_load = weight_lb / card.wing_area_ft2
    for row in card.structure.safe_load:
        if wing_load <= row.wing_load_psf_up_to:
            return row.safe_load_g
    return card.structure.safe_load[-1].safe_load_g


def corner_keas(card: AircraftCard, weight_lb: float) -> float:
    """Corner speed: the lowest KEAS at which the safe load is aerodynamically available."""
    cl_max = card.polar_row("Slow").cl_max
    wing_load = weight_lb / card.wing_area_ft2
    return math.sqrt(safe_load_g(card, weight_lb) * wing_load / (cl_max * PSF_PER_KEAS2))


def drag_lbf(
    card: AircraftCard,
    keas: float,
    mach: float,
    load_g: float,
    weight_lb: float,
    extra_cd0: float = 0.0,
) -> float:
    """Total drag D = q·S·(C_D0 + extra + k·C_L²) at a load (lift capped at C_Lmax)."""
    row = polar_at(card, mach)
    q = dynamic_pressure_psf(keas)
    cl = min(lift_coefficient(load_g, weight_lb, keas, card.wing_area_ft2), row.cl_max)
    return q * card.wing_area_ft2 * (row.cd0 + extra_cd0 + row.k * cl * cl)


def sustained_load_g(
    card: AircraftCard, throttle: Throttle, alt_ft: float, speed_kt: float, weight_lb: float
) -> float:
    """The load at which thrust equals drag (capped by the aero limit); 0 when even 0 g
    drags more than the engines push."""
    air = isa(alt_ft)
    keas = speed_kt * math.sqrt(air.sigma)
    mach = speed_kt / air.speed_of_sound_kt
    row = polar_at(card, mach)
    q = dynamic_pressure_psf(keas)
    spare = thrust_lbf(card, throttle, alt_ft, mach) / (q * card.wing_area_ft2) - row.cd0
    if spare <= 0:
        return 0.0
    cl = min(math.sqrt(spare / row.k), row.cl_max)
    return cl * q * card.wing_area_ft2 / weight_lb


def turn_rate_deg_s(load_g: float, speed_kt: float) -> float:
    """Level turn rate for a load: g·√(n²−1)/V."""
    if load_g <= 1.0 or speed_kt <= 0:
        return 0.0
    return math.degrees(G_FT_S2 * math.sqrt(load_g * load_g - 1.0) / (speed_kt * FT_PER_S_PER_KT))
