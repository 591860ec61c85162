"""Choosing a legal plot: try candidate plots through the engine's own checks, keep the best.

A maneuver describes what it wants as a score over the plotted outcome (where the Nose and
Canopy end, where the aircraft ends); this module builds the candidate plots (a roll, then a
pull or a push, or an unload) and asks the game's Flight Phase planner (Bp–Im, the same
checks as :meth:`Game.legal`) whether each can be flown.  Nothing here changes the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from engine.bop.errors import IllegalOrder
from engine.bop.maneuvers.base import ManeuverError
from engine.bop.maneuvers.geometry import Vec, angle_deg
from engine.bop.plotting import FlightConditions, PlottedTurn
from engine.bop.view import GameView
from engine.hexmap import STEP_FT, Hex
from engine.phad import RINGS, Attitude, Cell
from models.orders import (
    BarrelRollSegment,
    BopPlot,
    Segment,
    StraightSegment,
    Throttle,
    TurnSegment,
    UnloadSegment,
)

Load = float | Literal["max", "sustained"]
"""A Load Used as a turn segment writes it: a number of G, ``"max"`` or ``"sustained"``."""
ROLL_TICKS = (1, 2, 3, 4)
"""Straight-segment durations tried for a roll, shortest first (the first legal one is kept)."""
ROLL_PENALTY_DEG = 1.5
"""Score cost of each cell rolled, so that of two equal outcomes the smaller roll wins."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A legal plot and what flying it would do."""

    plot: BopPlot
    flown: PlottedTurn
    start_ft: Vec
    end_ft: Vec
    end_hex: Hex | None = None
    end_alt_steps: int = 0

    @property
    def end_attitude(self) -> Attitude:
        return self.flown.end_attitude.end_pointing()

    @property
    def pull_attitude(self) -> Attitude:
        """The attitude the first turning segment (or barrel roll) starts from: where the
        roll before it put the lift vector; the end attitude when nothing pulls."""
        for segment in self.flown.segments:
            if segment.kind in ("turn", "barrel_roll"):
                return segment.start_attitude
        return self.end_attitude

    @property
    def rolled_cells(self) -> int:
        return sum(abs(segment.rolled_cells) for segment in self.flown.segments)


def conditions(game: GameView, aircraft: str, throttle: Throttle = "mil") -> FlightConditions:
    """What Ap finds for the aircraft at the start of its next Flight Phase."""
    return game.flight_conditions(aircraft, throttle)


def throttle_for(game: GameView, aircraft: str, wanted: Throttle) -> Throttle:
    """``wanted``, or military power when it is afterburner on an aircraft without one."""
    if wanted == "ab" and not game.aircraft[aircraft].card.engines.has_afterburner:
        return "mil"
    return wanted


def try_plot(game: GameView, aircraft: str, plot: BopPlot) -> Outcome | None:
    """What ``plot`` would do next game-turn, or ``None`` if the rules refuse it.  An
    aircraft the rules fly (spinning, uncontrolled, departed) flies their plot instead."""
    state = game.aircraft[aircraft]
    try:
        flown, end_hex, end_alt_steps = game.preview(aircraft, plot)
    except (IllegalOrder, ValueError):
        return None
    x, y = end_hex.centre_ft()
    end_ft = (x, y, end_alt_steps * STEP_FT)
    return Outcome(plot, flown, state.position_ft(), end_ft, end_hex, end_alt_steps)


def best(
    game: GameView,
    aircraft: str,
    groups: Iterable[Iterable[BopPlot]],
    score: Callable[[Outcome], float],
) -> Outcome:
    """The lowest-scoring legal plot, taking from each group only its first legal plot (a
    group is one idea tried at growing durations).  Falls back to straight flight, which is
    always plottable, when no candidate is legal."""
    chosen, _ = best_scored(game, aircraft, groups, score)
    if chosen is not None:
        return chosen
    throttle = game.aircraft[aircraft].throttle
    fallback = plot_of(throttle_for(game, aircraft, throttle), [StraightSegment(ticks=10)])
    outcome = try_plot(game, aircraft, fallback)
    if outcome is None:
        raise ManeuverError(f"no legal plot found for {aircraft!r}, not even straight flight")
    return outcome


def best_scored(
    game: GameView,
    aircraft: str,
    groups: Iterable[Iterable[BopPlot]],
    score: Callable[[Outcome], float],
) -> tuple[Outcome | None, float]:
    """:func:`best` without the fallback: the best legal outcome (``None`` if no candidate
    is legal) and its score."""
    if aircraft not in game.aircraft or not game.aircraft[aircraft].active:
        raise ManeuverError(
            f"no aircraft {aircraft!r} in play; aircraft: {', '.join(game.aircraft)}"
        )
    chosen: Outcome | None = None
    chosen_score = math.inf
    for group in groups:
        for plot in group:
            outcome = try_plot(game, aircraft, plot)
            if outcome is None:
                continue
            value = score(outcome)
            if value < chosen_score:
                chosen, chosen_score = outcome, value
            break
    return chosen, chosen_score


def plot_of(throttle: Throttle, segments: Sequence[Segment], speedbrake: bool = False) -> BopPlot:
    """A plot of ``segments`` at ``throttle`` (one object for each distinct plot: a search
    builds the same candidates every game-turn, and plots are values)."""
    return _plot(throttle, tuple(segments), speedbrake)


@lru_cache(maxsize=16_384)
def _plot(throttle: Throttle, segments: tuple[Segment, ...], speedbrake: bool) -> BopPlot:
    return BopPlot(throttle=throttle, speedbrake=speedbrake, segments=segments)


@lru_cache(maxsize=4_096)
def turn_segment(
    ticks: int, load: Load, cells: int | None = None, nose: str | None = None
) -> TurnSegment:
    """A turning segment at ``load`` by ``cells`` or toward ``nose`` (built once)."""
    return TurnSegment(ticks=ticks, load_g=load, cells=cells, nose=nose)


@lru_cache(maxsize=1_024)
def straight_segment(ticks: int, roll_cells: int = 0) -> StraightSegment:
    """A straight segment rolling ``roll_cells`` at its end (built once)."""
    return StraightSegment(ticks=ticks, roll_cells=roll_cells)


@lru_cache(maxsize=64)
def unload_segment(ticks: int) -> UnloadSegment:
    """An unloaded segment (built once)."""
    return UnloadSegment(ticks=ticks)


def start_attitude(game: GameView, aircraft: str) -> Attitude:
    """The attitude plotting starts from (pointing ends at the start of the Flight Phase)."""
    return game.aircraft[aircraft].attitude.end_pointing()


def nearest_on_ring(attitude: Attitude, goal: Vec) -> Cell:
    """The cell on the Nose's turning path (three from the Wing) nearest a direction."""
    return min(RINGS[attitude.wing], key=lambda cell: angle_deg(cell.unit_vector(), goal))


Tail = Callable[[Attitude, int], Sequence[Segment]]
"""The segments after a roll: given the rolled attitude and the ticks left."""


def pull(load: Load) -> Tail:
    """Keep pulling at ``load`` for the rest of the game-turn."""

    def tail(_: Attitude, ticks: int) -> Sequence[Segment]:
        return [turn_segment(ticks, load, cells=1)]

    return tail


def pull_toward(load: Load, goal: Vec) -> Tail:
    """Pull toward the cell of the new turning path nearest ``goal``, and stop there."""

    nearest: dict[Cell, str] = {}  # by the Wing: the ring the Nose turns along

    def tail(rolled: Attitude, ticks: int) -> Sequence[Segment]:
        cell = nearest.get(rolled.wing)
        if cell is None:
            cell = nearest[rolled.wing] = str(nearest_on_ring(rolled, goal))
        return [turn_segment(ticks, load, nose=cell)]

    return tail


def pull_to(load: Load, nose: Cell) -> Tail:
    """Pull toward a given Nose cell (when it is on the new turning path)."""

    def tail(rolled: Attitude, ticks: int) -> Sequence[Segment]:
        if nose not in RINGS[rolled.wing]:
            return [turn_segment(ticks, load, cells=1)]
        return [turn_segment(ticks, load, nose=str(nose))]

    return tail


def fly_straight(_: Attitude, ticks: int) -> Sequence[Segment]:
    return [straight_segment(ticks)]


def unload(_: Attitude, ticks: int) -> Sequence[Segment]:
    return [unload_segment(ticks)]


def roll_then(
    throttle: Throttle,
    start: Attitude,
    roll_cells: int,
    tail: Tail,
    speedbrake: bool = False,
) -> list[BopPlot]:
    """One candidate group: roll ``roll_cells`` in a straight segment of 1, 2, 3 or 4 ticks
    (the first that the roll rates allow wins), then ``tail`` for the rest of the turn."""
    if roll_cells == 0:
        return [plot_of(throttle, tail(start, 10), speedbrake)]
    rolled = start.roll(roll_cells)
    return [
        plot_of(
            throttle,
            [StraightSegment(ticks=ticks, roll_cells=roll_cells), *tail(rolled, 10 - ticks)],
            speedbrake,
        )
        for ticks in ROLL_TICKS
    ]


def then_roll(
    throttle: Throttle, start: Attitude, head: Tail, roll_cells: int, speedbrake: bool = False
) -> list[BopPlot]:
    """One candidate group: ``head`` first, then a straight segment rolling ``roll_cells``
    (longer when the head finishes early: Minimize Carry passes its ticks on)."""
    return [
        plot_of(
            throttle,
            [*head(start, 10 - ticks), StraightSegment(ticks=ticks, roll_cells=roll_cells)],
            speedbrake,
        )
        for ticks in ROLL_TICKS
    ]


def roll_range(start: Attitude) -> range:
    """Every roll from half a ring left to half a ring right."""
    half = start.roll_ring_cells() // 2
    return range(-half, half + 1)


def rolls_then(
    throttle: Throttle, start: Attitude, tail: Tail, speedbrake: bool = False
) -> list[list[BopPlot]]:
    """A group for every roll of :func:`roll_range`, each followed by ``tail``."""
    return [roll_then(throttle, start, r, tail, speedbrake) for r in roll_range(start)]


def barrel_rolls(throttle: Throttle, loads: Iterable[float]) -> list[list[BopPlot]]:
    """Half and full barrel rolls either way at each load, then straight flight."""
    groups: list[list[BopPlot]] = []
    for load in loads:
        for direction in ("left", "right"):
            for full in (False, True):
                roll = BarrelRollSegment(ticks=10, load_g=load, direction=direction, full=full)
                groups.append([plot_of(throttle, [roll])])
    return groups


def lift_score(outcome: Outcome, lift: Vec) -> float:
    """How far the Canopy at the start of the pull is from the wanted lift direction, plus
    the roll it took."""
    return (
        angle_deg(outcome.pull_attitude.canopy.unit_vector(), lift)
        + ROLL_PENALTY_DEG * outcome.rolled_cells
    )


def nose_score(outcome: Outcome, goal: Vec) -> float:
    """How far the Nose ends from ``goal``, plus the roll it took."""
    return (
        angle_deg(outcome.end_attitude.nose.unit_vector(), goal)
        + ROLL_PENALTY_DEG * outcome.rolled_cells
    )
