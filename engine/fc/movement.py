"""Flying a plot: the flight line on the lawn and where the stand ends (§Movement,
§Flight Instructions).

Every maneuver but the two vertical ones lays yardsticks from the stand along its arrow
and turns at the joints (``engine.fc.indicator``); the line is a polyline of the
yardsticks' ends, in lawn feet.  The Immelmann reverses on the spot: the stand goes up a
band, is set down up to a foot to either side at 90°, faces the reversed heading up to 45°
either way, and flies any speed beyond 3 after (ours: with the pilot's bonus feet).  The
Loop stays in place, with the same set-down, up to 20° off its heading.  Jink moves as
Level Flight.

:func:`fly` checks the plot first (``engine.fc.plotting``); :func:`fly_unchecked` is the
fast path for a pilot's look-ahead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.fc.indicator import turn_schedule
from engine.fc.plotting import check_plot
from engine.fc.state import FcPlane, Pose, heading_vector, wrap_deg
from engine.fc.triggers import SkillTestDue, tests_due
from engine.fc.yardsticks import movement_lawn_ft, yardsticks
from models.fc.common import IMMELMANN_CLIMB_BANDS
from models.fc.orders import FcPlot

Shape = Literal["yardsticks", "immelmann", "loop"]


@dataclass(frozen=True, slots=True)
class Move:
    """One aircraft's move for a turn: the line it flew and where it ended."""

    plane_id: str
    plot: FcPlot
    shape: Shape
    start: Pose
    end: Pose
    line_ft: tuple[tuple[float, float], ...]
    """The flight line on the lawn: the start, each yardstick's end (an Immelmann's or a
    Loop's set-down point), lawn feet.  Fire may come from any point on it (§Weapons
    Fire)."""
    yardsticks_ft: tuple[float, ...]
    """Length of each yardstick laid (the Immelmann's after the reversal)."""
    headings_deg: tuple[float, ...]
    """The heading along each yardstick."""
    schedule_deg: tuple[int, ...]
    """Degrees turned at points 0 (start) … n (end of the last yardstick)."""
    tests: tuple[SkillTestDue, ...]
    """The skill tests the move makes due (rolled by the turn's sequence)."""

    @property
    def distance_ft(self) -> float:
        return sum(self.yardsticks_ft)

    @property
    def bands(self) -> int:
        return self.end.band - self.start.band


def fly(
    plane: FcPlane, plot: FcPlot, *, turn: int | None = None, any_dive_box: bool = False
) -> Move:
    """The move ``plot`` makes; raises :class:`~engine.fc.errors.IllegalPlot` when the rules
    refuse it."""
    check_plot(plane, plot, turn=turn, any_dive_box=any_dive_box)
    return fly_unchecked(plane, plot)


def fly_unchecked(plane: FcPlane, plot: FcPlot) -> Move:
    """The move, without checking the plot (its box must be on the sheet)."""
    box = plane.sheet.box(plot.group, plot.speed)
    if box is None:
        raise ValueError(f"{plane.id}: no {plot.group} box at speed {plot.speed}")
    tests = tests_due(plane.sheet, box, plot, plane.group)
    if plot.group == "immelmann":
        return _immelmann(plane, plot, tests)
    if plot.group == "loop":
        return _loop(plane, plot, tests)
    return _yardsticks(plane, plot, tests)


def lay_line(
    start: Pose, sticks: tuple[float, ...], schedule: tuple[int, ...]
) -> tuple[list[tuple[float, float]], list[float], float]:
    """The yardsticks' ends from ``start``, the heading along each and the heading after
    the last turn."""
    x, y, heading = start.x_ft, start.y_ft, start.heading_deg
    points = [(x, y)]
    headings = []
    heading += schedule[0]
    for index, length in enumerate(sticks, start=1):
        fx, fy = heading_vector(heading)
        x, y = x + fx * length, y + fy * length
        points.append((x, y))
        headings.append(wrap_deg(heading))
        heading += schedule[index]
    return points, headings, wrap_deg(heading)


def _yardsticks(plane: FcPlane, plot: FcPlot, tests: tuple[SkillTestDue, ...]) -> Move:
    start = plane.pose
    sticks = yardsticks(plot, plane.skill)
    schedule = turn_schedule(plot, len(sticks))
    points, headings, final = lay_line(start, sticks, schedule)
    end = Pose(points[-1][0], points[-1][1], final, max(start.band + plot.bands, 0))
    return Move(
        plane.id,
        plot,
        "yardsticks",
        start,
        end,
        tuple(points),
        sticks,
        tuple(headings),
        schedule,
        tests,
    )


def _set_down(start: Pose, plot: FcPlot) -> tuple[float, float]:
    rx, ry = start.right()
    return start.x_ft + rx * plot.set_down_ft, start.y_ft + ry * plot.set_down_ft


def _immelmann(plane: FcPlane, plot: FcPlot, tests: tuple[SkillTestDue, ...]) -> Move:
    start = plane.pose
    x, y = _set_down(start, plot)
    heading = wrap_deg(start.heading_deg + 180.0 + plot.facing_deg)
    band = start.band + IMMELMANN_CLIMB_BANDS
    after = movement_lawn_ft(plot, plane.skill)
    points = [(start.x_ft, start.y_ft), (x, y)]
    sticks: tuple[float, ...] = ()
    headings: tuple[float, ...] = ()
    if after > 0:
        fx, fy = heading_vector(heading)
        points.append((x + fx * after, y + fy * after))
        sticks, headings = (after,), (heading,)
    end = Pose(points[-1][0], points[-1][1], heading, band)
    return Move(
        plane.id, plot, "immelmann", start, end, tuple(points), sticks, headings, (0,), tests
    )


def _loop(plane: FcPlane, plot: FcPlot, tests: tuple[SkillTestDue, ...]) -> Move:
    start = plane.pose
    x, y = _set_down(start, plot)
    end = Pose(x, y, wrap_deg(start.heading_deg + plot.facing_deg), start.band)
    return Move(
        plane.id, plot, "loop", start, end, ((start.x_ft, start.y_ft), (x, y)), (), (), (0,), tests
    )


def apply_move(plane: FcPlane, move: Move) -> None:
    """Move the stand and the pins: the plot becomes last turn's."""
    plane.pose = move.end
    plane.group = move.plot.group
    plane.speed = move.plot.speed
    plane.last_plot = move.plot
