"""Level-turn kinematics shared by the AI pilot and the instructor overlays (reference
bfm.md): the radial load, turn radius and turn rate of an aircraft at a speed and load."""

from __future__ import annotations

import math

from engine.atmosphere import FT_PER_S_PER_KT, G_FT_S2


def radial_g(load_g: float) -> float:
    """The load that turns the flight path in a level turn, ``√(n²−1)`` (0 at 1 g or less)."""
    return math.sqrt(load_g * load_g - 1.0) if load_g > 1.0 else 0.0


def turn_radius_ft(speed_kt: float, load_g: float) -> float:
    """Level turn radius ``V²/(g·√(n²−1))``; infinite when the load cannot turn (n ≤ 1)."""
    g_r = radial_g(load_g)
    if g_r <= 0.0:
        return math.inf
    v = speed_kt * FT_PER_S_PER_KT
    return v * v / (G_FT_S2 * g_r)


def turn_rate_dps(speed_kt: float, load_g: float) -> float:
    """Level turn rate ``g·√(n²−1)/V`` in degrees per second (0 when stopped or n ≤ 1)."""
    v = speed_kt * FT_PER_S_PER_KT
    if v <= 0.0:
        return 0.0
    return math.degrees(G_FT_S2 * radial_g(load_g) / v)
