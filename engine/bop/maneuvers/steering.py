"""Three ways of steering that every maneuver is built from.

* :func:`turn_with_lift` — roll the lift vector (the Canopy) toward a direction, then pull
  for the whole game-turn (break and hard turns, jinks, scissors, the pull of a loop).
* :func:`point_nose` — roll and pull so the Nose ends as near a direction as the turn allows,
  then stop pulling (pursuit, yo-yos, wingovers, the spiral).
* :func:`level_off` — bring the Nose to the horizon and the Canopy up (a maneuver's end).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from engine.bop.maneuvers.geometry import UP, Vec, angle_deg, direction, heading_of, sub
from engine.bop.maneuvers.search import (
    Load,
    Outcome,
    best,
    best_scored,
    fly_straight,
    lift_score,
    nose_score,
    pull,
    pull_toward,
    rolls_then,
    start_attitude,
    then_roll,
)
from engine.bop.view import GameView
from models.orders import Throttle

Goal = Callable[[Vec], Vec]
"""Where the Nose should point, given where the aircraft ends the game-turn (feet)."""
GOOD_ENOUGH_DEG = 10.0
"""A Nose ending this near its goal is not worth a harder pull."""
MAX_LOAD_PENALTY_DEG = 2.0
"""Score cost of pulling the maximum load rather than the sustained one, so that of two
equally good pulls the one that keeps energy wins."""


def turn_with_lift(
    game: GameView,
    aircraft: str,
    lift: Vec,
    load: Load,
    throttle: Throttle,
    speedbrake: bool = False,
) -> Outcome:
    """Roll the Canopy as near ``lift`` as the roll rates allow, then pull at ``load``."""
    start = start_attitude(game, aircraft)
    groups = rolls_then(throttle, start, pull(load), speedbrake)
    return best(game, aircraft, groups, lambda outcome: lift_score(outcome, lift))


def point_nose(
    game: GameView,
    aircraft: str,
    goal: Goal,
    loads: Sequence[Load],
    throttle: Throttle,
    speedbrake: bool = False,
    extra: Callable[[Outcome], float] | None = None,
) -> Outcome:
    """Roll and pull so the Nose ends nearest the ``goal`` direction, seen from where the
    plot ends (an aim point) or fixed.

    ``loads`` are tried in order of preference; a later one is tried only when the earlier
    ones leave the Nose more than ``GOOD_ENOUGH_DEG`` off, and costs a little more."""
    start = start_attitude(game, aircraft)
    from_start = goal(game.aircraft[aircraft].position_ft())

    def score(outcome: Outcome) -> float:
        value = nose_score(outcome, goal(outcome.end_ft)) + loads_penalty(outcome, loads)
        return value + (extra(outcome) if extra is not None else 0.0)

    chosen: Outcome | None = None
    chosen_score = math.inf
    for load in loads:
        groups = rolls_then(throttle, start, pull_toward(load, from_start), speedbrake)
        outcome, value = best_scored(game, aircraft, groups, score)
        if outcome is not None and value < chosen_score:
            chosen, chosen_score = outcome, value
        if chosen_score <= GOOD_ENOUGH_DEG:
            break
    return chosen if chosen is not None else best(game, aircraft, [], score)


def loads_penalty(outcome: Outcome, loads: Sequence[Load]) -> float:
    """The cost of the load chosen: nothing for the first of ``loads``."""
    for segment in outcome.plot.segments:
        load = getattr(segment, "load_g", None)
        if load is not None and load in loads:
            return MAX_LOAD_PENALTY_DEG * loads.index(load)
    return 0.0


def aim_point(point_ft: Vec) -> Goal:
    """A goal: the direction from where the plot ends to a point."""
    return lambda end_ft: sub(point_ft, end_ft)


def fixed(goal: Vec) -> Goal:
    """A goal: a fixed direction."""
    return lambda _: goal


def level_off(game: GameView, aircraft: str, throttle: Throttle) -> Outcome:
    """Bring the Nose to the horizon on its present heading, Canopy up: pull or push the
    least that gets there, rolling before or after."""
    start = start_attitude(game, aircraft)
    heading = heading_of(start.nose.unit_vector())
    if start.nose.heading_deg is None:  # straight up or down: the Canopy shows the way
        canopy = start.canopy.unit_vector()
        heading = heading_of(canopy if start.nose.pitch_deg < 0 else sub((0, 0, 0), canopy))
    horizon = direction(heading, 0)
    groups = rolls_then(throttle, start, pull_toward("sustained", horizon))
    groups += rolls_then(throttle, start, fly_straight)
    groups += [
        then_roll(throttle, start, pull_toward("sustained", horizon), r)
        for r in range(-start.roll_ring_cells() // 2, start.roll_ring_cells() // 2 + 1)
        if r
    ]

    def score(outcome: Outcome) -> float:
        end = outcome.end_attitude
        return (
            angle_deg(end.nose.unit_vector(), horizon)
            + 0.5 * angle_deg(end.canopy.unit_vector(), UP)
            + 0.5 * outcome.rolled_cells
        )

    return best(game, aircraft, groups, score)
