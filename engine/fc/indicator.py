"""The turn indicator as geometry (§Movement, §Flight Instructions).

"Take the turn indicator and piece it at the end of each yardstick": each yardstick laid
turns once, by the degrees the maneuver group's box allows (a part yardstick too).  The
turn is made at the yardstick's end; "you may also turn at the beginning" lets the first
one be made at the start of the move instead, so that the last yardstick ends straight.
A Turning, Hard Turn, Roll Out or Hard Roll "must turn ... in the direction of the turn":
every turn the same way, each at least the box's minimum.  Level Flight, Barrel Roll,
Climb, Dive and Jink may turn 0–10° either way at each.

The move's turn points are numbered 0 (the start) to n (the end of the n-th yardstick);
:func:`turn_schedule` says how far the stand turns at each.
"""

from __future__ import annotations

from models.fc.common import GROUP_TITLES, ONE_WAY_GROUPS
from models.fc.orders import FcPlot
from models.fc.sheet import Box


def plotted_turns(plot: FcPlot, yardsticks: int) -> tuple[int, ...]:
    """One turn per yardstick, first to last, as the plot gives them (left out: none)."""
    if plot.every_yardstick:
        return plot.turns_deg * yardsticks
    if not plot.turns_deg:
        return (0,) * yardsticks
    return plot.turns_deg


def turn_problems(plot: FcPlot, box: Box, yardsticks: int) -> list[str]:
    """Why the turns plotted do not fit the box over ``yardsticks`` yardsticks."""
    title = GROUP_TITLES[box.group]
    turns = plotted_turns(plot, yardsticks)
    if yardsticks == 0:
        if any(turns):
            return ["no yardstick is laid this turn, so there is nowhere to turn"]
        return []
    if len(turns) != yardsticks:
        return [
            f"{yardsticks} yardsticks are laid, so the plot needs {yardsticks} turns "
            f"(one a yardstick, R30*: the same at each), not {len(turns)}"
        ]
    problems = []
    low, high = box.min_turn_deg, box.max_turn_deg
    for index, turn in enumerate(turns, start=1):
        if not low <= abs(turn) <= high:
            problems.append(
                f"yardstick {index} turns {abs(turn)}°; {title} {box.speed} turns {low}–{high}°"
            )
    if box.group in ONE_WAY_GROUPS and len({turn > 0 for turn in turns if turn}) > 1:
        problems.append(f"{title} must turn the same way at every yardstick")
    return problems


def turn_schedule(plot: FcPlot, yardsticks: int) -> tuple[int, ...]:
    """Degrees (right +) the stand turns at points 0…n: the start, then each yardstick's
    end."""
    if yardsticks == 0:
        return (0,)
    turns = plotted_turns(plot, yardsticks)
    if plot.first_turn_at_start:
        return (*turns, 0)
    return (0, *turns)


def turn_direction(plot: FcPlot) -> int:
    """+1 right, −1 left: the way the plot turns (right when it does not)."""
    total = sum(plot.turns_deg) + plot.facing_deg
    return -1 if total < 0 else 1
