"""Laying yardsticks (§Movement, §Pilot Skill, §Flight Instructions).

A turn's movement is 3 lawn feet (one yardstick) per speed, plus the pilot's bonus feet
(Veteran +1, Ace +2), less a foot for every band climbed, plus a foot for every band dived
(ours: the climb rule mirrored, docs/rulings.md "Dive distance").  Yardsticks
are laid end to end; what is left over after the full ones is a part of one, measured off
the last yardstick.  An Immelmann flies its speed beyond 3 (and the bonus) after the
reversal; a Loop stays in place.
"""

from __future__ import annotations

from models.fc.common import (
    CLIMB_LAWN_FT_PER_BAND,
    DIVE_LAWN_FT_PER_BAND,
    IMMELMANN_MIN_SPEED,
    MOVEMENT_BONUS_LAWN_FT,
    YARDSTICK_LAWN_FT,
    PilotLevel,
)
from models.fc.orders import FcPlot

PART_YARDSTICK_MIN_FT = 1e-6
"""Less than this left over lays no part yardstick."""


def base_movement_lawn_ft(speed: int, skill: PilotLevel) -> float:
    """Yardsticks for the speed plus the pilot's bonus feet, before climbing or diving."""
    return YARDSTICK_LAWN_FT * speed + MOVEMENT_BONUS_LAWN_FT[skill]


def movement_lawn_ft(plot: FcPlot, skill: PilotLevel) -> float:
    """Lawn feet the flight line runs this turn (0 for a Loop, and for an Immelmann the
    feet flown after the reversal)."""
    if plot.group == "loop":
        return 0.0
    if plot.group == "immelmann":
        return (
            YARDSTICK_LAWN_FT * (plot.speed - IMMELMANN_MIN_SPEED) + MOVEMENT_BONUS_LAWN_FT[skill]
        )
    climbed = max(plot.bands, 0) * CLIMB_LAWN_FT_PER_BAND
    dived = max(-plot.bands, 0) * DIVE_LAWN_FT_PER_BAND
    return base_movement_lawn_ft(plot.speed, skill) - climbed + dived


def yardsticks(plot: FcPlot, skill: PilotLevel) -> tuple[float, ...]:
    """The lengths of the yardsticks laid, first to last: full ones, then any part one."""
    if plot.group in ("immelmann", "loop"):
        return ()
    remaining = max(movement_lawn_ft(plot, skill), 0.0)
    sticks: list[float] = []
    while remaining > YARDSTICK_LAWN_FT + PART_YARDSTICK_MIN_FT:
        sticks.append(YARDSTICK_LAWN_FT)
        remaining -= YARDSTICK_LAWN_FT
    if remaining > PART_YARDSTICK_MIN_FT:
        sticks.append(remaining)
    return tuple(sticks)


def climb_problem(plot: FcPlot, skill: PilotLevel) -> str | None:
    """Why the climb cannot be flown: it would cost more feet than the move has."""
    if plot.bands <= 0:
        return None
    available = base_movement_lawn_ft(plot.speed, skill)
    cost = plot.bands * CLIMB_LAWN_FT_PER_BAND
    if cost > available:
        return (
            f"climbing {plot.bands} bands costs {cost:g} ft of movement and speed {plot.speed} "
            f"gives only {available:g} ft"
        )
    return None
