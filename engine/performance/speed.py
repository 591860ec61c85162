"""Speed change per game-turn: Performance (Dp11–Ep15), Gravity (Jm16), Net Speed Change.

Each ΔSpeed is the change in true airspeed over the 6 s game-turn from one force, in knots:
a force F on an aircraft of weight W changes its speed by 114.37·F/W kt per game-turn
(114.37 = g × 6 s / 1.68781 ft/s per kt; reference/physics.md).  Each term is rounded to
5 kt as it is written on the control card, and the rounded terms are added.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from engine import aero
from engine.aero import Throttle
from engine.atmosphere import FT_PER_S_PER_KT, G_FT_S2, isa
from engine.performance._checks import MAX_SPEED_KT, check_speed_kt, check_weight_lb
from engine.performance.movement import TICKS_PER_TURN
from engine.performance.rounding import round_load_g, round_speed_kt
from models.aircraft import AircraftCard

SECONDS_PER_TURN: Final = 6.0
DSPEED_KT_PER_G: Final = G_FT_S2 * SECONDS_PER_TURN / FT_PER_S_PER_KT
"""114.37: knots gained in a game-turn per unit of force over weight."""
GRAVITY_KT_FT: Final = G_FT_S2 / FT_PER_S_PER_KT**2
"""11.29: ΔSpeed (kt) = −11.29 × climb (ft) / speed (kt), from conserving energy."""
MIN_SPEED_KT: Final = 40
"""Below this end speed the aircraft drops a step and is set to 40 kt ("Net Speed Change")."""
NEGATIVE_LOAD_DPG_FACTOR: Final = 1.5
"""DpG multiplier when negative loads are used in the game-turn ("Negative Loads")."""


def _keas_mach(alt_ft: float, speed_kt: float) -> tuple[float, float]:
    check_speed_kt(speed_kt)
    air = isa(alt_ft)
    return speed_kt * math.sqrt(air.sigma), speed_kt / air.speed_of_sound_kt


def _q_mark(card: AircraftCard, keas: float, weight_lb: float) -> float:
    check_weight_lb(weight_lb)
    return aero.q_mark(keas, weight_lb, card.wing_area_ft2)


def average_load_g(loads_per_tick: Sequence[float]) -> float:
    """Average Load (Dp11): the ten per-tick loads, negative ones counted as positive,
    averaged and rounded to 0.5 g."""
    if len(loads_per_tick) != TICKS_PER_TURN:
        raise ValueError(
            f"the Average Load table has {TICKS_PER_TURN} ticks, got {len(loads_per_tick)} loads"
        )
    return round_load_g(sum(abs(load) for load in loads_per_tick) / TICKS_PER_TURN)


def greatest_load_g(loads_per_tick: Sequence[float]) -> float:
    """Greatest Load Used (Ep14): the largest load on the Average Load table, by size."""
    if not loads_per_tick:
        raise ValueError("no loads recorded")
    return max(abs(load) for load in loads_per_tick)


def engine_dspeed_kt(
    card: AircraftCard, throttle: Throttle, alt_ft: float, speed_kt: int, weight_lb: float
) -> int:
    """Engine ΔSpeed (Ep12): +114.37 × thrust / weight, thrust lapsed for altitude and Mach."""
    _, mach = _keas_mach(alt_ft, speed_kt)
    check_weight_lb(weight_lb)
    thrust = aero.thrust_lbf(card, throttle, alt_ft, mach)
    return round_speed_kt(DSPEED_KT_PER_G * thrust / weight_lb)


def engine_term_kt(
    card: AircraftCard,
    throttle: Throttle,
    alt_ft: float,
    speed_kt: int,
    weight_lb: float,
    engine_outputs: Sequence[tuple[Throttle, float]] | None = None,
) -> int:
    """The most Engine ΔSpeed the throttle gives (Ep12); ``engine_outputs`` as for
    :func:`speed_change` (each engine's throttle and output factor), None for every engine
    at ``throttle``, whole."""
    if engine_outputs is None:
        return engine_dspeed_kt(card, throttle, alt_ft, speed_kt, weight_lb)
    _, mach = _keas_mach(alt_ft, speed_kt)
    check_weight_lb(weight_lb)
    thrust = sum(
        factor * aero.thrust_lbf(card, setting, alt_ft, mach) for setting, factor in engine_outputs
    ) / max(len(engine_outputs), 1)
    return round_speed_kt(DSPEED_KT_PER_G * thrust / weight_lb)


def form_dspeed_kt(
    card: AircraftCard,
    alt_ft: float,
    speed_kt: int,
    weight_lb: float,
    speedbrake: bool,
    stores_cd0: float = 0.0,
) -> int:
    """Form ΔSpeed (Ep13): −114.37 × (C_D0 at this Mach + speedbrake + stores) × Q.

    Zero-lift drag is q·S·C_D0, so over weight it is C_D0 × Q.  ``stores_cd0`` is the stores'
    drag as a C_D0 increment; a speedbrake adds the card's full increment.
    """
    if stores_cd0 < 0:
        raise ValueError(f"stores drag {stores_cd0:g} cannot be negative")
    keas, mach = _keas_mach(alt_ft, speed_kt)
    cd0 = aero.polar_at(card, mach).cd0 + stores_cd0
    if speedbrake:
        if card.speedbrake is None:
            raise ValueError(f"the {card.type_id} has no speedbrake")
        cd0 += card.speedbrake.cd0_increment
    return round_speed_kt(-DSPEED_KT_PER_G * cd0 * _q_mark(card, keas, weight_lb))


def lift_used(
    card: AircraftCard, alt_ft: float, speed_kt: int, weight_lb: float, load_g: float
) -> float:
    """Lift Used (Ep14): the lift coefficient needed for a load, C_L = |n| / Q.

    It is infinite when a load is asked of an aircraft with no airspeed.
    """
    keas, _ = _keas_mach(alt_ft, speed_kt)
    q = _q_mark(card, keas, weight_lb)
    if load_g == 0:
        return 0.0
    return math.inf if q == 0 else abs(load_g) / q


def exceeds_max_lift(
    card: AircraftCard, alt_ft: float, speed_kt: int, weight_lb: float, load_g: float
) -> bool:
    """True when the load's Lift Used is above Max-Lift: the aircraft departs ("Of Max Aero
    Load")."""
    _, mach = _keas_mach(alt_ft, speed_kt)
    cl_max = aero.polar_at(card, mach).cl_max
    return lift_used(card, alt_ft, speed_kt, weight_lb, load_g) > cl_max


def drag_per_g_kt(
    card: AircraftCard,
    alt_ft: float,
    speed_kt: int,
    weight_lb: float,
    greatest_load_g: float,
    negative_loads_used: bool,
) -> float:
    """DpG (Ep15): Turn ΔSpeed lost per g of Average Load, unrounded and positive.

    Induced drag over weight is k·C_L²·Q = k·C_L·n, so each g costs 114.37·k·C_L kt, with C_L
    the Lift Used at the Greatest Load, capped at Max-Lift.  × 1.5 if negative loads were used.
    """
    _, mach = _keas_mach(alt_ft, speed_kt)
    row = aero.polar_at(card, mach)
    cl = min(lift_used(card, alt_ft, speed_kt, weight_lb, greatest_load_g), row.cl_max)
    dpg = DSPEED_KT_PER_G * row.k * cl
    return dpg * NEGATIVE_LOAD_DPG_FACTOR if negative_loads_used else dpg


def turn_dspeed_kt(
    card: AircraftCard,
    alt_ft: float,
    speed_kt: int,
    weight_lb: float,
    average_load_g: float,
    greatest_load_g: float,
    negative_loads_used: bool,
) -> int:
    """Turn ΔSpeed (Ep14–Ep15): −DpG × Average Load.

    For a game-turn at one constant load n this is −114.37·k·n²/Q, the induced drag of that
    load.  With varying loads the Greatest Load sets the lift (and so DpG) and the Average
    Load scales it, as the rulebook's two steps do.  No airflow, no drag.
    """
    average, greatest = abs(average_load_g), abs(greatest_load_g)
    if average > greatest:
        raise ValueError(
            f"average load {average:g} g cannot exceed the greatest load {greatest:g} g"
        )
    keas, _ = _keas_mach(alt_ft, speed_kt)
    if average == 0 or _q_mark(card, keas, weight_lb) == 0:
        return 0
    dpg = drag_per_g_kt(card, alt_ft, speed_kt, weight_lb, greatest, negative_loads_used)
    return round_speed_kt(-dpg * average)


def gravity_dspeed_kt(alt_change_ft: float, speed_kt: int) -> int:
    """Gravity ΔSpeed (Jm16): −11.29 × altitude change (ft) / speed (kt), rounded to 5 kt.

    Trading height for speed at constant energy: a climb loses speed, a dive gains it.  The
    relation has the speed below the line, so speeds under the game's 40 kt floor ("Net
    Speed Change") use 40 kt, the slowest speed an aircraft starts a game-turn with.
    """
    check_speed_kt(speed_kt)
    return round_speed_kt(-GRAVITY_KT_FT * alt_change_ft / max(speed_kt, MIN_SPEED_KT))


def net_speed(speed_kt: int, terms: Iterable[int]) -> int:
    """End Speed ("Net Speed Change"): speed plus the ΔSpeed terms, kept within 0 … 1000 kt."""
    return min(max(speed_kt + sum(terms), 0), MAX_SPEED_KT)


def excess_dspeed_kt(
    card: AircraftCard,
    throttle: Throttle,
    alt_ft: float,
    speed_kt: int,
    weight_lb: float,
    load_g: float = 1.0,
) -> float:
    """Unrounded Engine + Form + Turn ΔSpeed at a constant load: 114.37·(T − D)/W.

    Specific excess power over the game-turn; the sum the rounded card terms approximate.
    """
    keas, mach = _keas_mach(alt_ft, speed_kt)
    _q_mark(card, keas, weight_lb)
    thrust = aero.thrust_lbf(card, throttle, alt_ft, mach)
    drag = aero.drag_lbf(card, keas, mach, load_g, weight_lb)
    return DSPEED_KT_PER_G * (thrust - drag) / weight_lb


@dataclass(frozen=True, slots=True)
class SpeedChange:
    """The ΔSpeed boxes of the control card for one game-turn."""

    speed_kt: int
    engine_kt: int
    form_kt: int
    turn_kt: int
    gravity_kt: int
    net_kt: int
    """Net ΔSpeed: the sum of the four terms."""
    end_speed_kt: int
    """Speed plus Net ΔSpeed, kept within 0 … 1000 kt."""
    lift_used: float
    """Lift Used at the Greatest Load (Ep14)."""
    exceeds_max_lift: bool
    """Lift Used above Max-Lift: the aircraft departs ("Of Max Aero Load")."""
    engine_available_kt: int | None = None
    """The Engine ΔSpeed the throttle gives, when the pilot took less of it (Ep12)."""

    @property
    def engine_share(self) -> float:
        """The part of the throttle's Engine ΔSpeed taken (1.0 when all of it)."""
        available = self.engine_available_kt
        if available is None or available <= 0:
            return 1.0
        return self.engine_kt / available

    @property
    def below_minimum(self) -> bool:
        """End Speed under 40 kt: lose one altitude step and take 4 Departure Points."""
        return self.end_speed_kt < MIN_SPEED_KT

    @property
    def next_speed_kt(self) -> int:
        """The Speed for next game-turn: the End Speed, but at least 40 kt."""
        return max(self.end_speed_kt, MIN_SPEED_KT)


def speed_change(
    card: AircraftCard,
    throttle: Throttle,
    alt_ft: float,
    speed_kt: int,
    weight_lb: float,
    *,
    average_load_g: float,
    greatest_load_g: float | None = None,
    alt_change_ft: float = 0.0,
    speedbrake: bool = False,
    stores_cd0: float = 0.0,
    negative_loads_used: bool = False,
    spinning: bool = False,
    engine_outputs: Sequence[tuple[Throttle, float]] | None = None,
    engine_dspeed_kt: int | None = None,
) -> SpeedChange:
    """All four ΔSpeed terms, the Net ΔSpeed and the End Speed for one game-turn.

    ``greatest_load_g`` defaults to the average load (a constant-load game-turn). A
    spinning aircraft's Form ΔSpeed is doubled ("Spinning", SoP 06). ``engine_outputs``
    gives each engine's throttle and output factor when they differ (damage: each engine
    gives its share of the card's thrust); None means every engine at ``throttle``, whole.
    ``engine_dspeed_kt`` is the Engine ΔSpeed the pilot chose to take, when less than the
    throttle gives (Ep12, to moderate airspeed); more than it gives is capped at it.
    """
    greatest = average_load_g if greatest_load_g is None else greatest_load_g
    available = engine_term_kt(card, throttle, alt_ft, speed_kt, weight_lb, engine_outputs)
    engine = available if engine_dspeed_kt is None else min(available, engine_dspeed_kt)
    form = form_dspeed_kt(card, alt_ft, speed_kt, weight_lb, speedbrake, stores_cd0)
    if spinning:
        form *= 2
    turn = turn_dspeed_kt(
        card, alt_ft, speed_kt, weight_lb, average_load_g, greatest, negative_loads_used
    )
    gravity = gravity_dspeed_kt(alt_change_ft, speed_kt)
    terms = (engine, form, turn, gravity)
    return SpeedChange(
        speed_kt=speed_kt,
        engine_kt=engine,
        form_kt=form,
        turn_kt=turn,
        gravity_kt=gravity,
        net_kt=sum(terms),
        end_speed_kt=net_speed(speed_kt, terms),
        lift_used=lift_used(card, alt_ft, speed_kt, weight_lb, greatest),
        exceeds_max_lift=exceeds_max_lift(card, alt_ft, speed_kt, weight_lb, greatest),
        engine_available_kt=None if engine == available else available,
    )
