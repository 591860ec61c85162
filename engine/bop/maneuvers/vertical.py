"""Maneuvers that use the vertical: Immelmann, split-S, wingover, the yo-yos, the lag roll,
the barrel-roll attack and the rolling scissors.

The loops keep their phase and entry heading in :class:`ManeuverState` (over the top the
Nose is at ``All+90`` and the PHAD no longer shows which way the aircraft came from).  The
yo-yos and the lag roll count game-turns in their first phase; the rolling scissors read
their phase from the Nose's pitch each game-turn.
"""

from __future__ import annotations

from pydantic import Field

from engine.bop.maneuvers.base import (
    ManeuverParams,
    ManeuverState,
    ManeuverStep,
    Side,
    TargetParams,
)
from engine.bop.maneuvers.geometry import (
    UP,
    Vec,
    add,
    angle_deg,
    direction,
    heading_of,
    norm,
    scale,
    sub,
    unit,
)
from engine.bop.maneuvers.search import (
    Load,
    Outcome,
    barrel_rolls,
    best,
    conditions,
    lift_score,
    nose_score,
    pull_to,
    pull_toward,
    roll_range,
    roll_then,
    rolls_then,
    start_attitude,
    then_roll,
    throttle_for,
)
from engine.bop.maneuvers.steering import (
    Goal,
    aim_point,
    fixed,
    level_off,
    point_nose,
    turn_with_lift,
)
from engine.bop.maneuvers.turns import (
    DEFAULT_LEAD_S,
    SIDE_SENSE,
    lift_toward,
    pursuit_point,
    require_target,
    side_of,
)
from engine.bop.plotting import BARREL_ROLL_MIN_LOAD_G
from engine.bop.view import GameView
from engine.phad import Attitude, Cell
from models.orders import Throttle

DONE = "done"


def heading_flown_deg(attitude: Attitude) -> float:
    """The heading the aircraft is going: the Nose's, or with the Nose at a pole the
    direction the Canopy shows (toward it pulling down, away from it pulling up)."""
    nose = attitude.nose
    if nose.heading_deg is not None:
        return heading_of(nose.unit_vector())
    canopy = heading_of(attitude.canopy.unit_vector())
    return canopy if nose.pitch_deg < 0 else (canopy + 180.0) % 360.0


def level_cell(heading_deg: float) -> Cell:
    """The 00-ring cell whose heading is nearest ``heading_deg``."""
    offset = round(((heading_deg - 15.0) % 360.0) / 30.0) % 12
    return Cell(0, offset * 30 + 15)


def _entry(state: ManeuverState, game: GameView, aircraft: str) -> ManeuverState:
    if state.entry_heading_deg is not None:
        return state
    heading = round(heading_flown_deg(start_attitude(game, aircraft))) % 360
    return ManeuverState(state.phase, state.turns, heading, state.sense)


def _hold(game: GameView, aircraft: str, state: ManeuverState, throttle: Throttle) -> ManeuverStep:
    outcome = level_off(game, aircraft, throttle_for(game, aircraft, throttle))
    return ManeuverStep(outcome.plot, state.next(DONE), "level off")


# -- Immelmann and split-S -------------------------------------------------------------------
class HalfLoop(ManeuverParams):
    """A half loop with a half roll: Immelmann (up and over) or split-S (down and through)."""

    throttle: Throttle = "ab"
    """Throttle through the loop."""


def immelmann(
    game: GameView, aircraft: str, params: HalfLoop, state: ManeuverState
) -> ManeuverStep:
    """Pull the maximum load up the loop until the Nose is level on the reversed heading,
    then roll upright; then fly level.  The first game-turn rolls the Canopy up first."""
    return _half_loop(game, aircraft, params, state, UP, "Immelmann")


def split_s(game: GameView, aircraft: str, params: HalfLoop, state: ManeuverState) -> ManeuverStep:
    """Roll inverted, pull the maximum load down through the bottom until the Nose is level
    on the reversed heading (upright again); then fly level."""
    return _half_loop(game, aircraft, params, state, scale(UP, -1.0), "split-S")


def _half_loop(
    game: GameView,
    aircraft: str,
    params: HalfLoop,
    state: ManeuverState,
    first_lift: Vec,
    name: str,
) -> ManeuverStep:
    state = _entry(state, game, aircraft)
    if state.phase == DONE:
        return _hold(game, aircraft, state, params.throttle)
    assert state.entry_heading_deg is not None
    reversed_nose = level_cell(state.entry_heading_deg + 180.0)
    throttle = throttle_for(game, aircraft, params.throttle)
    start = start_attitude(game, aircraft)
    if state.phase == "start":
        groups = rolls_then(throttle, start, pull_to("max", reversed_nose))
        outcome = best(game, aircraft, groups, lambda o: lift_score(o, first_lift))
    else:
        groups = [roll_then(throttle, start, 0, pull_to("max", reversed_nose))]
        groups += [
            then_roll(throttle, start, pull_to("max", reversed_nose), r)
            for r in roll_range(start)
            if r
        ]

        def score(outcome: Outcome) -> float:
            end = outcome.end_attitude
            if end.nose == reversed_nose:
                return angle_deg(end.canopy.unit_vector(), UP) + outcome.rolled_cells
            return 1000.0 + angle_deg(end.nose.unit_vector(), reversed_nose.unit_vector())

        outcome = best(game, aircraft, groups, score)
    end = outcome.end_attitude
    finished = end.nose == reversed_nose and end.canopy.pitch_deg > 0
    return ManeuverStep(outcome.plot, state.next(DONE if finished else "pull"), name)


# -- wingover --------------------------------------------------------------------------------
class Wingover(ManeuverParams):
    """A climbing turn that reverses the heading: the Nose goes up as it comes round to the
    side, then falls back to the horizon on the reciprocal heading."""

    side: Side = "right"
    """Which way to turn."""
    pitch_deg: int = Field(default=60, ge=30, le=60)
    """The highest the Nose is taken, a quarter of the way round."""
    throttle: Throttle = "mil"
    """Throttle for the maneuver."""


WINGOVER_TOLERANCE_DEG = 35.0
"""How near its waypoint the Nose must end for the wingover to go on to its next part."""
PHASE_LIMIT_TURNS = 3
"""A part of a maneuver not done in this many game-turns is given up for the next."""


def wingover(game: GameView, aircraft: str, params: Wingover, state: ManeuverState) -> ManeuverStep:
    """Point the Nose at ``pitch_deg`` a quarter turn round, then level on the reciprocal."""
    state = _entry(state, game, aircraft)
    if state.phase == DONE:
        return _hold(game, aircraft, state, params.throttle)
    assert state.entry_heading_deg is not None
    sense = SIDE_SENSE[params.side]
    throttle = throttle_for(game, aircraft, params.throttle)
    entry = float(state.entry_heading_deg)
    if state.phase in ("start", "up"):
        goal = direction(entry + 90.0 * sense, params.pitch_deg)
        outcome = point_nose(game, aircraft, fixed(goal), ("sustained", "max"), throttle)
        near = angle_deg(outcome.end_attitude.nose.unit_vector(), goal) <= WINGOVER_TOLERANCE_DEG
        late = state.phase == "up" and state.turns + 1 >= PHASE_LIMIT_TURNS
        return ManeuverStep(
            outcome.plot, state.next("over" if near or late else "up"), "wingover up"
        )
    goal = direction(entry + 180.0, 0.0)
    outcome = point_nose(game, aircraft, fixed(goal), ("sustained", "max"), throttle)
    near = angle_deg(outcome.end_attitude.nose.unit_vector(), goal) <= WINGOVER_TOLERANCE_DEG / 2
    late = state.turns + 1 >= PHASE_LIMIT_TURNS
    return ManeuverStep(outcome.plot, state.next(DONE if near or late else "over"), "wingover over")


# -- yo-yos ----------------------------------------------------------------------------------
class YoYo(TargetParams):
    """A yo-yo: point out of the bandit's plane of turn for a while, then back at it."""

    offset_ft: float = Field(default=3000.0, ge=500.0, le=10_000.0)
    """How far above (high) or below (low) the bandit the Nose is aimed in the first part."""
    turns: int = Field(default=1, ge=1, le=3)
    """Game-turns spent out of plane before pursuing again."""
    throttle: Throttle = "mil"
    """Throttle for the maneuver."""


def high_yo_yo(game: GameView, aircraft: str, params: YoYo, state: ManeuverState) -> ManeuverStep:
    """Lag reposition: aim ``offset_ft`` above the bandit (trading closure for height),
    then come back down into pure pursuit."""
    return _yo_yo(game, aircraft, params, state, +1.0, 0.0, "high yo-yo")


def low_yo_yo(game: GameView, aircraft: str, params: YoYo, state: ManeuverState) -> ManeuverStep:
    """Lead reposition: aim ``offset_ft`` below and ahead of the bandit at the maximum
    load (gravity adds to the turn, closure builds), then lead pursuit back up."""
    return _yo_yo(game, aircraft, params, state, -1.0, DEFAULT_LEAD_S, "low yo-yo")


def _yo_yo(
    game: GameView,
    aircraft: str,
    params: YoYo,
    state: ManeuverState,
    vertical: float,
    lead_s: float,
    name: str,
) -> ManeuverStep:
    require_target(game, params)
    throttle = throttle_for(game, aircraft, params.throttle)
    point = pursuit_point(game, params.target, lead_s)
    out_of_plane = state.phase in ("start", "out") and state.turns < params.turns
    if out_of_plane:
        point = add(point, (0.0, 0.0, vertical * params.offset_ft))
    loads: tuple[Load, ...] = ("max", "sustained") if vertical < 0 else ("sustained", "max")
    outcome = point_nose(game, aircraft, aim_point(point), loads, throttle)
    phase = "out" if out_of_plane else "pursue"
    return ManeuverStep(outcome.plot, state.next(phase), f"{name}, {phase}")


# -- lag roll and barrel-roll attack ---------------------------------------------------------
class LagRoll(TargetParams):
    """Roll over the top to the outside of the bandit's turn and drop into lag, spending
    closure as geometry rather than pulling harder."""

    lag_s: float = Field(default=DEFAULT_LEAD_S, ge=0.0, le=20.0)
    """Seconds behind the bandit the Nose is aimed once in lag."""
    offset_ft: float = Field(default=2000.0, ge=0.0, le=10_000.0)
    """How far above the bandit's path the Nose is aimed while rolling over."""
    throttle: Throttle = "mil"
    """Throttle for the maneuver."""


def lag_roll(game: GameView, aircraft: str, params: LagRoll, state: ManeuverState) -> ManeuverStep:
    """First game-turn: a barrel roll or a roll-and-pull that ends with the Nose nearest a
    point above and behind the bandit; afterwards lag pursuit."""
    require_target(game, params)
    throttle = throttle_for(game, aircraft, params.throttle)
    point = pursuit_point(game, params.target, -params.lag_s)
    if state.phase == "start":
        point = add(point, (0.0, 0.0, params.offset_ft))
        outcome = _roll_or_pull(game, aircraft, aim_point(point), throttle)
        return ManeuverStep(outcome.plot, state.next("lag"), "lag roll")
    outcome = point_nose(game, aircraft, aim_point(point), ("sustained", "max"), throttle)
    return ManeuverStep(outcome.plot, state.next("lag"), "lag pursuit")


class BarrelRollAttack(TargetParams):
    """Spend excess closure in a barrel roll about the bandit's flight path, ending nearer
    its tail instead of overshooting."""

    range_ft: float = Field(default=2000.0, ge=500.0, le=6000.0)
    """The range behind the bandit to end the game-turn at."""
    throttle: Throttle = "mil"
    """Throttle for the maneuver."""


def barrel_roll_attack(
    game: GameView, aircraft: str, params: BarrelRollAttack, state: ManeuverState
) -> ManeuverStep:
    """First game-turn: a half or full barrel roll (either way, at the load that fits
    best), scored by how near the Nose ends to the bandit and how near the range is to
    ``range_ft``; where no barrel roll can be flown (too slow to roll at 2.5 G), pure
    pursuit instead.  Afterwards pure pursuit: the roll spends the closure once, and
    rolling again every game-turn only carries the attacker away from the fight."""
    require_target(game, params)
    throttle = throttle_for(game, aircraft, params.throttle)
    point = pursuit_point(game, params.target, 0.0)
    goal = aim_point(point)
    if state.phase != "start":
        outcome = point_nose(game, aircraft, goal, ("sustained", "max"), throttle)
        return ManeuverStep(outcome.plot, state.next("pursue"), "pure pursuit")
    own = game.aircraft[aircraft].position_ft()
    groups = barrel_rolls(throttle, barrel_roll_loads(game, aircraft, throttle))
    groups += rolls_then(
        throttle, start_attitude(game, aircraft), pull_toward("sustained", goal(own))
    )

    def score(outcome: Outcome) -> float:
        rolled = any(segment.kind == "barrel_roll" for segment in outcome.flown.segments)
        return (
            angle_deg(outcome.end_attitude.nose.unit_vector(), goal(outcome.end_ft))
            + abs(norm(sub(point, outcome.end_ft)) - params.range_ft) / 100.0
            + (0.0 if rolled else 60.0)
        )

    outcome = best(game, aircraft, groups, score)
    return ManeuverStep(outcome.plot, state.next("pursue"), "barrel-roll attack")


def barrel_roll_loads(game: GameView, aircraft: str, throttle: Throttle) -> list[float]:
    """Loads a barrel roll may use: 2.5 G ("Barrel Rolls") up to the most the pilot can pull,
    by 0.5 G."""
    top = conditions(game, aircraft, throttle).max_pull_g
    return [
        BARREL_ROLL_MIN_LOAD_G + 0.5 * k for k in range(int((top - BARREL_ROLL_MIN_LOAD_G) * 2) + 1)
    ]


def _roll_or_pull(game: GameView, aircraft: str, goal: Goal, throttle: Throttle) -> Outcome:
    """The barrel roll, or the roll and sustained pull, that ends with the Nose nearest
    ``goal``."""
    own = game.aircraft[aircraft].position_ft()
    groups = barrel_rolls(throttle, barrel_roll_loads(game, aircraft, throttle))
    groups += rolls_then(
        throttle, start_attitude(game, aircraft), pull_toward("sustained", goal(own))
    )
    return best(game, aircraft, groups, lambda o: nose_score(o, goal(o.end_ft)))


# -- rolling scissors ------------------------------------------------------------------------
class RollingScissors(TargetParams):
    """Barrel-rolling round the bandit's path: pull up toward it while the Nose is low, over
    the top toward it while the Nose is high, each trying to end behind the other."""

    throttle: Throttle = "mil"
    """Throttle for the maneuver."""


def rolling_scissors(
    game: GameView, aircraft: str, params: RollingScissors, state: ManeuverState
) -> ManeuverStep:
    """The lift vector goes up-and-toward the bandit while the Nose is on or below the
    horizon and toward-and-down once it is above; maximum load.  The phase is read from the
    Nose's pitch every game-turn, not kept."""
    require_target(game, params)
    toward = lift_toward(game, aircraft, params.target, state.sense, level=False)
    nose_high = start_attitude(game, aircraft).nose.pitch_deg > 0
    lift = unit(add(toward, scale(UP, -0.7 if nose_high else 0.7)))
    if norm(lift) < 1e-9:
        lift = toward
    throttle = throttle_for(game, aircraft, params.throttle)
    outcome = turn_with_lift(game, aircraft, lift, "max", throttle)
    phase = "over" if nose_high else "up"
    sense = side_of(game, aircraft, lift)
    return ManeuverStep(outcome.plot, state.next(phase, sense=sense), f"rolling scissors, {phase}")
