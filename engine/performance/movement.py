"""Flight Points and Turn Points: the Speed-to-FP Table and the Turning nomograph.

Scale ("Scale"): a Flight Point (FP) is 400 ft, a game-turn is 6 s of 10 ticks.  One FP per
game-turn is therefore 400 / (1.68781 × 6) = 39.50 kt, which the Speed-to-FP Table uses as
exactly 39.5 kt (395 kt is 10 FP, 790 kt is 20 FP).

Turning (reference/physics.md, "Turning"): a level turn at load n and true airspeed V turns
g·√(n²−1)/V rad/s.  Six Turn Points (TP) move the Nose one 30° cell, so a TP is 5° and in one
0.6 s tick an aircraft collects 131.06·√(n²−1)/KTAS TP.  The nomograph's Turn-G axis takes
the G-line adjusted load (:func:`turn_g`).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from engine.atmosphere import FT_PER_S_PER_KT, G_FT_S2
from engine.performance._checks import check_speed_kt
from engine.performance.rounding import round_half_up
from engine.phad import Cell, adjacent

TICKS_PER_TURN: Final = 10
SECONDS_PER_TICK: Final = 0.6
FEET_PER_FP: Final = 400.0
KT_PER_FP: Final = FEET_PER_FP / (FT_PER_S_PER_KT * SECONDS_PER_TICK * TICKS_PER_TURN)
"""Speed that covers one FP per game-turn: 39.50 kt."""
_TABLE_KT_PER_FP_TIMES_10: Final = 395
"""The Speed-to-FP Table's 39.5 kt per FP, times ten so the table is integer arithmetic."""

DEG_PER_TP: Final = 5.0
"""Six TP per 30° cell."""
TP_PER_TICK_KT: Final = math.degrees(G_FT_S2 / FT_PER_S_PER_KT) * SECONDS_PER_TICK / DEG_PER_TP
"""131.06: TP per tick = this × √(n²−1) / KTAS."""
MULTI_TURN_MIN_CELLS: Final = 3
"""Multi-turns of this many cells (90°) or more shorten their FP ("Multi-Turns", Bp9)."""
DEG_PER_CELL: Final = 30.0
MAX_TURN_CELLS: Final = 12

_G_LINE_BORDERS: Final = frozenset({(1, 2), (2, 3), (3, 4), (4, 5)})
"""Ring-index borders drawn as G Lines: both borders of each ±30 ring (+60|+30, +30|00,
00|−30, −30|−60).  Ring indices run 0 (All+90) … 6 (All−90)."""


def _check_tick(tick: int, name: str) -> None:
    if not 0 <= tick <= TICKS_PER_TURN:
        raise ValueError(f"{name} {tick} is outside 0 … {TICKS_PER_TURN}")


@lru_cache(maxsize=65_536)
def fp_cumulative(speed_kt: int) -> tuple[int, ...]:
    """Speed-to-FP Table row for a speed: cumulative FP at the end of ticks 1 … 10 (Bp8).

    Each entry is ``round_half_up(tick × speed / 395)``: the FP flown so far at 39.5 kt per FP
    per game-turn, rounded as the rulebook rounds.  Only the rows of 10 and 20 FP per
    game-turn (380–410 kt and 775–805 kt) give the same FP on every tick; in every other row
    two segments of the same duration can differ by a FP.  The last entry is the FP for the
    whole game-turn, ``round_half_up(speed / 39.5)``.
    """
    check_speed_kt(speed_kt)
    if speed_kt != int(speed_kt):
        raise ValueError(f"speed {speed_kt} kt must be a whole number of knots")
    speed = int(speed_kt)
    per = _TABLE_KT_PER_FP_TIMES_10
    # floor(tick·speed/395 + 1/2) in integers: exact at the halves.
    return tuple((2 * tick * speed + per) // (2 * per) for tick in range(1, TICKS_PER_TURN + 1))


@lru_cache(maxsize=65_536)
def segment_fp(speed_kt: int, start_tick: int, end_tick: int) -> int:
    """FP of a segment from ``start_tick`` to ``end_tick`` ("Turns, Ticks and Segments").

    The table's value at the ending tick less the value at the starting tick; a segment
    starting the game-turn starts from the imaginary zero column (``start_tick`` 0).
    """
    _check_tick(start_tick, "start tick")
    _check_tick(end_tick, "end tick")
    if end_tick < start_tick:
        raise ValueError(f"segment ends at tick {end_tick}, before it starts at {start_tick}")
    row = (0, *fp_cumulative(speed_kt))
    return row[end_tick] - row[start_tick]


def turning_fp(segment_fp: int, cells: int) -> int:
    """Turning Flight Points of a multi-turn (Bp9, "Multi-Turns").

    A multi-turn of 3 or more cells (90° or more) moves the aircraft along the chord of the arc
    it flies, not the arc, so its FP shrink by chord/arc = sin(θ/2)/(θ/2) for θ = 30° × cells,
    rounded half up.  Shorter turns keep their segment FP.  9 FP over 120° gives 7 (Turning
    Example 1).
    """
    if segment_fp < 0:
        raise ValueError(f"segment length {segment_fp} FP cannot be negative")
    if not 0 <= cells <= MAX_TURN_CELLS:
        raise ValueError(f"a multi-turn moves 0 … {MAX_TURN_CELLS} cells, not {cells}")
    if cells < MULTI_TURN_MIN_CELLS:
        return segment_fp
    half_angle = math.radians(DEG_PER_CELL * cells) / 2.0
    return round_half_up(segment_fp * math.sin(half_angle) / half_angle)


@lru_cache(maxsize=65_536)
def crosses_g_line(from_cell: Cell, to_cell: Cell) -> bool:
    """True when moving between the cells crosses a G Line ("Turning Flight").

    G Lines are the borders of the ±30 rings: 00 to ±30 and ±30 to ±60, either way.
    """
    low, high = sorted((from_cell.ring, to_cell.ring))
    return any((ring, ring + 1) in _G_LINE_BORDERS for ring in range(low, high))


@lru_cache(maxsize=65_536)
def turn_g(load_g: float, from_cell: Cell, to_cell: Cell) -> float:
    """Turn-G for moving the Velocity from ``from_cell`` to ``to_cell`` at a load (Bp5).

    Crossing a G Line toward a higher pitch ring, gravity opposes the turn: Turn-G is the
    load less 1.  Toward a lower ring gravity helps: the load plus 1.  Otherwise Turn-G is
    the load.  A negative load (a push) turns the Nose away from the Canopy; gravity still
    opposes a Nose going up and helps one going down, so the *size* of the load changes by
    1 and its sign is kept (−3 g pushing the Nose up is −2 Turn-G).
    """
    if not crosses_g_line(from_cell, to_cell):
        return load_g
    gravity = -1.0 if to_cell.ring < from_cell.ring else 1.0  # lower index = higher pitch
    return load_g + gravity if load_g >= 0 else load_g - gravity


@lru_cache(maxsize=65_536)
def tp_per_cell(from_cell: Cell, to_cell: Cell) -> int:
    """TP to move the Nose one cell: 5 between two cells of the same ±30 ring, else 6.

    The "5 TP" diamonds of "Turning Flight": only turns within a ±30 ring; turns into or out
    of it cost 6 like all others.
    """
    if not adjacent(from_cell, to_cell):
        raise ValueError(f"{from_cell} and {to_cell} are not adjacent PHAD cells")
    same_thirty_ring = from_cell.pitch_deg == to_cell.pitch_deg and abs(from_cell.pitch_deg) == 30
    return 5 if same_thirty_ring else 6


def tp_per_tick(speed_kt: float, turn_g: float) -> float:
    """Turn Points collected per tick, unrounded: 131.06·√(n²−1)/KTAS for n = |Turn-G|.

    A Turn-G of 1 or less turns nothing: the level-turn relation the nomograph is drawn from
    has no turn left once lift only balances gravity.  At zero speed there is no lift and no
    turn.
    """
    check_speed_kt(speed_kt)
    size = abs(turn_g)
    if speed_kt == 0 or size <= 1.0:
        return 0.0
    return TP_PER_TICK_KT * math.sqrt(size * size - 1.0) / speed_kt


@lru_cache(maxsize=65_536)
def turn_points(speed_kt: int, turn_g: float, ticks: int) -> int:
    """TP collected in a segment of ``ticks`` at a speed and Turn-G (Bp6–Bp7).

    The nomograph multiplies the rate by the duration and its TP scale is read to the nearest
    whole TP, halves up; the rate itself is not rounded (the T-mark is never rounded).
    """
    _check_tick(ticks, "segment duration")
    return round_half_up(ticks * tp_per_tick(speed_kt, turn_g))


@lru_cache(maxsize=65_536)
def ticks_for_turn_points(speed_kt: int, turn_g: float, tp_needed: int) -> int | None:
    """Fewest ticks (1 … 10) collecting ``tp_needed`` TP; None if 10 ticks cannot.

    This is "Minimize Carry": a turning segment lasts no longer than the turn needs.
    """
    for ticks in range(1, TICKS_PER_TURN + 1):
        if turn_points(speed_kt, turn_g, ticks) >= tp_needed:
            return ticks
    return None
