"""Birds of Prey performance: the numbers the rulebook's nomographs and tables give.

The Performance and Turning nomographs are graphical calculators for standard aircraft
performance relations (reference/physics.md).  This package computes the same quantities
from an :class:`~models.aircraft.AircraftCard` and rounds them the way the rulebook says a
player writes them on the control card:

* :mod:`~engine.performance.rounding`: "Rounding";
* :mod:`~engine.performance.movement`: the Speed-to-FP Table, Turning Flight Points of
  multi-turns, G Lines, Turn Points (Bp5–Bp9);
* :mod:`~engine.performance.state`: weight and the Initial Aircraft State (Ap1–Ap4);
* :mod:`~engine.performance.speed`: Average Load and the Engine, Form, Turn and Gravity
  ΔSpeeds (Dp11–Ep15, Jm16), Net Speed Change;
* :mod:`~engine.performance.stores_drag`: stores points to drag points (The Form + Stores
  Drag Table);
* :mod:`~engine.performance.fuel`: Engine Output, the Fuel row's Usages and Fuel Points.

    >>> fp_cumulative(395)
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    >>> turning_fp(9, cells=4)
    7
"""

from engine.performance.fuel import (
    LBF_PER_FT2_PER_OUTPUT,
    EngineOutput,
    FuelCarry,
    engine_output,
    fuel_burn,
    fuel_usage,
)
from engine.performance.movement import (
    DEG_PER_TP,
    KT_PER_FP,
    TICKS_PER_TURN,
    TP_PER_TICK_KT,
    crosses_g_line,
    fp_cumulative,
    segment_fp,
    ticks_for_turn_points,
    tp_per_cell,
    tp_per_tick,
    turn_g,
    turn_points,
    turning_fp,
)
from engine.performance.rounding import round_half_up, round_load_g, round_speed_kt
from engine.performance.speed import (
    DSPEED_KT_PER_G,
    GRAVITY_KT_FT,
    MIN_SPEED_KT,
    SpeedChange,
    average_load_g,
    drag_per_g_kt,
    engine_dspeed_kt,
    engine_term_kt,
    exceeds_max_lift,
    excess_dspeed_kt,
    form_dspeed_kt,
    gravity_dspeed_kt,
    greatest_load_g,
    lift_used,
    net_speed,
    speed_change,
    turn_dspeed_kt,
)
from engine.performance.state import (
    LB_PER_FUEL_POINT,
    InitialState,
    initial_state,
    weight_lb,
    wing_load_psf,
)
from engine.performance.stores_drag import (
    CD0_PER_DRAG_POINT,
    drag_points_cd0,
    stores_drag_points,
)

__all__ = [
    "CD0_PER_DRAG_POINT",
    "DEG_PER_TP",
    "DSPEED_KT_PER_G",
    "GRAVITY_KT_FT",
    "KT_PER_FP",
    "LBF_PER_FT2_PER_OUTPUT",
    "LB_PER_FUEL_POINT",
    "MIN_SPEED_KT",
    "TICKS_PER_TURN",
    "TP_PER_TICK_KT",
    "EngineOutput",
    "FuelCarry",
    "InitialState",
    "SpeedChange",
    "average_load_g",
    "crosses_g_line",
    "drag_per_g_kt",
    "drag_points_cd0",
    "engine_dspeed_kt",
    "engine_output",
    "engine_term_kt",
    "exceeds_max_lift",
    "excess_dspeed_kt",
    "form_dspeed_kt",
    "fp_cumulative",
    "fuel_burn",
    "fuel_usage",
    "gravity_dspeed_kt",
    "greatest_load_g",
    "initial_state",
    "lift_used",
    "net_speed",
    "round_half_up",
    "round_load_g",
    "round_speed_kt",
    "segment_fp",
    "speed_change",
    "stores_drag_points",
    "ticks_for_turn_points",
    "tp_per_cell",
    "tp_per_tick",
    "turn_dspeed_kt",
    "turn_g",
    "turn_points",
    "turning_fp",
    "weight_lb",
    "wing_load_psf",
]
