"""Recomputing a card's calibration targets from its own figures.

Each :class:`~models.aircraft.CalibrationTarget` names a published figure (a top speed, a
sustained turn rate, a corner speed).  The functions here work the same figure out of the
card with :mod:`engine.aero`, so the test suite and ``tools/calibrate_cards.py`` compare the
two in exactly one way:

* **max level speed** — the highest true airspeed at which thrust is at least the 1 g drag at
  that altitude and throttle, no faster than the card's limiting Mach.  Speeds where the wing
  cannot hold 1 g (below the stall) are not considered.
* **sustained turn** — the level turn rate at the load where thrust equals drag
  (:func:`engine.aero.sustained_load_g`), capped at the structural safe load.
* **corner speed** — :func:`engine.aero.corner_keas`.

All weights default to the card's reference combat weight.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.aero import (
    Throttle,
    aero_load_limit_g,
    corner_keas,
    drag_lbf,
    safe_load_g,
    sustained_load_g,
    thrust_lbf,
    turn_rate_deg_s,
)
from engine.atmosphere import FT_PER_S_PER_KT, isa
from models.aircraft import AircraftCard, CalibrationTarget

GRID_STEP_KT = 0.5
"""Spacing of the coarse speed scan in :func:`max_level_speed_kt`."""
BISECTION_TOLERANCE_KT = 1e-3
"""Width at which the bisection in :func:`max_level_speed_kt` stops."""
LOWEST_SPEED_KT = 20.0
"""The slowest true airspeed the level-speed scan looks at."""

UNITS = {
    "max_level_speed_kt": "kt",
    "sustained_turn_deg_s": "deg/s",
    "corner_keas_kt": "KEAS",
}
"""Display unit of each calibration quantity."""


def excess_thrust_lbf(
    card: AircraftCard, alt_ft: float, speed_kt: float, throttle: Throttle, weight_lb: float
) -> float:
    """Thrust minus drag in level 1 g flight at a true airspeed (negative: decelerating)."""
    air = isa(alt_ft)
    mach = speed_kt / air.speed_of_sound_kt
    keas = speed_kt * math.sqrt(air.sigma)
    thrust = thrust_lbf(card, throttle, alt_ft, mach)
    return thrust - drag_lbf(card, keas, mach, 1.0, weight_lb)


def _holds_one_g(card: AircraftCard, alt_ft: float, speed_kt: float, weight_lb: float) -> bool:
    air = isa(alt_ft)
    mach = speed_kt / air.speed_of_sound_kt
    keas = speed_kt * math.sqrt(air.sigma)
    return aero_load_limit_g(card, keas, mach, weight_lb) >= 1.0


def max_level_speed_kt(
    card: AircraftCard, alt_ft: float, throttle: Throttle, weight_lb: float
) -> float:
    """The highest true airspeed (kt) at which thrust ≥ 1 g drag, capped at the limiting Mach.

    The speed range from :data:`LOWEST_SPEED_KT` up to ``structure.max_mach`` times the speed
    of sound is scanned from the top down in steps of :data:`GRID_STEP_KT`; the first step
    with thrust to spare is refined by bisection against the step above it.  Drag jumps at
    the Form Drag region boundaries, so the answer can sit exactly on a boundary.  Returns
    0.0 when no speed between the stall and the limit can be held level.
    """
    air = isa(alt_ft)
    cap = card.structure.max_mach * air.speed_of_sound_kt

    def level(speed: float) -> bool:
        return (
            _holds_one_g(card, alt_ft, speed, weight_lb)
            and excess_thrust_lbf(card, alt_ft, speed, throttle, weight_lb) >= 0.0
        )

    if level(cap):
        return cap
    above = cap
    speed = cap - GRID_STEP_KT
    while speed >= LOWEST_SPEED_KT:
        if level(speed):
            below = speed
            while above - below > BISECTION_TOLERANCE_KT:
                middle = 0.5 * (below + above)
                if level(middle):
                    below = middle
                else:
                    above = middle
            return below
        above = speed
        speed -= GRID_STEP_KT
    return 0.0


def sustained_turn_deg_s(
    card: AircraftCard, alt_ft: float, speed_kt: float, throttle: Throttle, weight_lb: float
) -> float:
    """Sustained level turn rate (deg/s) at a true airspeed: thrust equals drag, at most the
    structural safe load at this weight."""
    load = sustained_load_g(card, throttle, alt_ft, speed_kt, weight_lb)
    return turn_rate_deg_s(min(load, safe_load_g(card, weight_lb)), speed_kt)


def specific_excess_power_ft_s(
    card: AircraftCard, alt_ft: float, speed_kt: float, throttle: Throttle, weight_lb: float
) -> float:
    """Specific excess power P_s = V·(T − D)/W at 1 g, in ft/s."""
    excess = excess_thrust_lbf(card, alt_ft, speed_kt, throttle, weight_lb)
    return speed_kt * FT_PER_S_PER_KT * excess / weight_lb


def target_weight_lb(card: AircraftCard, target: CalibrationTarget) -> float:
    """The weight a target is stated at: its own, else the card's reference combat weight."""
    return target.weight_lb if target.weight_lb is not None else card.weights.reference_combat_lb


def evaluate(card: AircraftCard, target: CalibrationTarget) -> float:
    """The card's own figure for a calibration target, in the target's units."""
    weight = target_weight_lb(card, target)
    if target.quantity == "max_level_speed_kt":
        return max_level_speed_kt(card, target.alt_ft, target.throttle, weight)
    if target.quantity == "sustained_turn_deg_s":
        if target.speed_kt is None:
            raise ValueError(f"{card.type_id}: a sustained_turn_deg_s target needs speed_kt")
        return sustained_turn_deg_s(card, target.alt_ft, target.speed_kt, target.throttle, weight)
    return corner_keas(card, weight)


@dataclass(frozen=True, slots=True)
class Check:
    """One calibration target compared with the card's own figure."""

    target: CalibrationTarget
    computed: float

    @property
    def error_pct(self) -> float:
        """Signed error, computed against published, in percent."""
        return 100.0 * (self.computed - self.target.published) / self.target.published

    @property
    def passed(self) -> bool:
        """Whether the error is within the target's tolerance."""
        return abs(self.error_pct) <= self.target.tolerance_pct


def check(card: AircraftCard, target: CalibrationTarget) -> Check:
    """Evaluate one target of ``card``."""
    return Check(target, evaluate(card, target))
