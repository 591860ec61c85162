"""Which boxes a pilot may pin, and whether a plot is legal (§Plot for the Turn,
§Flight Instructions).

"When plotting a turn, you may only move from one group box to an adjacent box": from last
turn's pin, the same box, one speed row up or down in the same group, or the group beside
it on the sheet at the same speed (docs/rulings.md "Adjacent boxes").  A stall
puts the pin in a Dive box by force and then lets it go to any Dive box (§Stalls and
Overdive): ``any_dive_box`` allows that.

Legality comes in layers, like the rules: the box (on the sheet, adjacent, top speed), the
altitude pin (a climb cannot cost more feet than the move has), and the turn indicator
(``engine.fc.indicator``).  :func:`plot_problems` lists everything wrong; :func:`check_plot`
raises the first as an :class:`~engine.fc.errors.IllegalPlot`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.fc.errors import IllegalPlot
from engine.fc.indicator import turn_problems
from engine.fc.state import FcPlane
from engine.fc.yardsticks import climb_problem, yardsticks
from models.fc.common import GROUP_TITLES, IMMELMANN_MIN_SPEED, Group
from models.fc.orders import FcPlot
from models.fc.sheet import ControlSheet

PLOT_RULE = "§Plot for the Turn"
FLIGHT_RULE = "§Flight Instructions"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a plot: the rule (by heading) and what would be legal."""

    rule: str
    text: str


def adjacent_boxes(sheet: ControlSheet, group: Group, speed: int) -> tuple[tuple[Group, int], ...]:
    """The boxes a pin in (``group``, ``speed``) may move to, itself first: one speed row
    either way in its group, or a neighbouring group at the same speed."""
    found: list[tuple[Group, int]] = []
    for candidate in (
        (group, speed),
        (group, speed - 1),
        (group, speed + 1),
        *((near, speed) for near in sheet.group_neighbours(group)),
    ):
        if sheet.box(*candidate) is not None and candidate not in found:
            found.append(candidate)
    return tuple(found)


def box_problems(plane: FcPlane, plot: FcPlot, *, any_dive_box: bool = False) -> list[Problem]:
    """What is wrong with the box pinned: not on the sheet, not adjacent, too slow."""
    sheet = plane.sheet
    title = GROUP_TITLES[plot.group]
    box = sheet.box(plot.group, plot.speed)
    if box is None:
        speeds = ", ".join(map(str, sheet.speeds(plot.group))) or "none"
        return [
            Problem(
                PLOT_RULE,
                f"the {sheet.name}'s sheet has no {title} box at speed {plot.speed} "
                f"(its {title} speeds: {speeds})",
            )
        ]
    problems = []
    forced_dive = any_dive_box and plot.group == "dive"
    if not forced_dive and plot.box not in adjacent_boxes(sheet, *plane.box_key):
        legal = ", ".join(
            f"{GROUP_TITLES[g]} {s}" for g, s in adjacent_boxes(sheet, *plane.box_key)
        )
        problems.append(
            Problem(
                PLOT_RULE,
                f"{title} {plot.speed} is not adjacent to last turn's "
                f"{GROUP_TITLES[plane.group]} {plane.speed}; adjacent: {legal}",
            )
        )
    if plot.group in sheet.top_speed_only and plot.speed < sheet.top_speed:
        problems.append(
            Problem(
                FLIGHT_RULE, f"the {title} is flown only at top speed ({sheet.top_speed}) or faster"
            )
        )
    if plot.group == "immelmann" and plot.speed < IMMELMANN_MIN_SPEED:
        problems.append(
            Problem(FLIGHT_RULE, f"the Immelmann needs speed {IMMELMANN_MIN_SPEED} or more")
        )
    return problems


def plot_problems(plane: FcPlane, plot: FcPlot, *, any_dive_box: bool = False) -> list[Problem]:
    """Every reason the rules refuse ``plot`` for ``plane`` this turn (empty: legal)."""
    problems = box_problems(plane, plot, any_dive_box=any_dive_box)
    box = plane.sheet.box(plot.group, plot.speed)
    if box is None:
        return problems
    climb = climb_problem(plot, plane.skill)
    if climb is not None:
        return [*problems, Problem(FLIGHT_RULE, climb)]
    if plot.group in ("immelmann", "loop"):
        return problems
    sticks = yardsticks(plot, plane.skill)
    problems.extend(Problem("§Movement", text) for text in turn_problems(plot, box, len(sticks)))
    return problems


def is_legal(plane: FcPlane, plot: FcPlot, *, any_dive_box: bool = False) -> bool:
    return not plot_problems(plane, plot, any_dive_box=any_dive_box)


def check_plot(
    plane: FcPlane, plot: FcPlot, *, turn: int | None = None, any_dive_box: bool = False
) -> None:
    """Raise :class:`IllegalPlot` naming the first thing wrong with ``plot``."""
    problems = plot_problems(plane, plot, any_dive_box=any_dive_box)
    if problems:
        first = problems[0]
        raise IllegalPlot(first.rule, f"{plot.text}: {first.text}", aircraft=plane.id, turn=turn)


def legal_plots_boxes(plane: FcPlane) -> tuple[tuple[Group, int], ...]:
    """The boxes a plot may pin this turn (for pilots' look-ahead and the HUD)."""
    sheet = plane.sheet
    return tuple(
        key
        for key in adjacent_boxes(sheet, *plane.box_key)
        if not (key[0] in sheet.top_speed_only and key[1] < sheet.top_speed)
        and not (key[0] == "immelmann" and key[1] < IMMELMANN_MIN_SPEED)
    )
