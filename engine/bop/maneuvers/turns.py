"""Turning maneuvers in (or near) one plane: break and hard turns, pursuit, the guns jink,
the flat scissors, the defensive spiral and the extension.

All but the spiral and scissors are one-turn decisions, made afresh every game-turn from the
geometry; the state only counts turns (and for the jink, remembers which way it last went).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.bop.maneuvers.base import (
    ManeuverError,
    ManeuverParams,
    ManeuverState,
    ManeuverStep,
    Side,
    TargetParams,
)
from engine.bop.maneuvers.geometry import (
    TURN_S,
    Vec,
    angle_deg,
    direction,
    extrapolated_ft,
    heading_of,
    norm,
    perpendicular_part,
    scale,
    sub,
    unit,
)
from engine.bop.maneuvers.search import (
    Outcome,
    best,
    conditions,
    plot_of,
    pull_toward,
    rolls_then,
    start_attitude,
    throttle_for,
    unload,
)
from engine.bop.maneuvers.steering import aim_point, fixed, point_nose, turn_with_lift
from engine.bop.view import GameView
from engine.hexmap import STEP_FT
from models.orders import BopPlot, StraightSegment, Throttle

SIDE_SENSE: dict[Side, int] = {"right": 1, "left": -1}
DEFAULT_LEAD_S = 3.0
"""Seconds ahead of (lead) or behind (lag) the bandit's straight-line path the Nose aims."""
SCISSORS_MIN_LOAD_G = 3.0
"""A flat scissors slows down only while the wing can still pull this load."""
MIN_EXTENSION_PITCH_DEG = -30
"""An extension dives no steeper than this (a steeper Nose trades height the fight needs)."""
EXTENSION_FLOOR_FT = 5000.0
"""An extension ends no lower than this above the ground (or, already below it, no lower
than it started): an Unloaded segment sinks a couple of thousand feet a game-turn, and a
run scored only by distance would trade all its height and fly into the ground."""


def require_target(game: GameView, params: TargetParams) -> None:
    """Raise :class:`ManeuverError` unless the named target is in the game."""
    if params.target not in game.aircraft:
        raise ManeuverError(
            f"no aircraft {params.target!r} to maneuver against; aircraft: "
            f"{', '.join(game.aircraft)}"
        )


def level_lift(game: GameView, aircraft: str, sense: int) -> Vec:
    """The horizontal direction at right angles to the Nose's heading, right (+1) or left."""
    nose = start_attitude(game, aircraft).nose
    heading = heading_of(nose.unit_vector()) if nose.heading_deg is not None else 0.0
    return direction(heading + 90.0 * sense, 0.0)


def lift_toward(game: GameView, aircraft: str, target: str, sense: int, level: bool) -> Vec:
    """The lift direction that turns the Nose toward ``target``: the line of sight's part at
    right angles to the Nose (flattened to the horizon when ``level``); the ``sense`` side
    when the target is dead ahead or astern."""
    own, other = game.aircraft[aircraft], game.aircraft[target]
    nose = start_attitude(game, aircraft).nose.unit_vector()
    los = sub(other.position_ft(), own.position_ft())
    lateral = perpendicular_part(los, nose)
    if level:
        lateral = (lateral[0], lateral[1], 0.0)
    if norm(lateral) < 1e-6 * max(norm(los), 1.0):
        return level_lift(game, aircraft, sense)
    return unit(lateral)


def side_of(game: GameView, aircraft: str, lift: Vec) -> int:
    """+1 when ``lift`` lies to the right of the aircraft, −1 to the left."""
    wing = start_attitude(game, aircraft).wing.unit_vector()
    return 1 if sum(a * b for a, b in zip(lift, wing, strict=True)) >= 0 else -1


def heading_side(game: GameView, aircraft: str, lift: Vec) -> int:
    """+1 when ``lift`` points to the right of the Nose's heading on the map, −1 to the
    left: unlike :func:`side_of`, the same answer whatever the bank (in a knife-edge turn
    the Wing points up or down and says nothing about left and right)."""
    right = level_lift(game, aircraft, 1)
    return 1 if sum(a * b for a, b in zip(lift, right, strict=True)) >= 0 else -1


def _step(outcome: Outcome, state: ManeuverState, note: str) -> ManeuverStep:
    return ManeuverStep(outcome.plot, state.next(), note)


# -- break and hard turns --------------------------------------------------------------------
class BreakTurn(ManeuverParams):
    """A break turn: the most load there is, lift on the attacker (or to one side), full
    afterburner: angles now, energy later."""

    target: str | None = None
    """The attacker to break into; without one the turn is level to ``side``."""
    side: Side = "right"
    """Which way to break when there is no attacker (or it is dead ahead or astern)."""


class HardTurn(BreakTurn):
    """A hard turn: the most load the engines sustain, so the speed holds."""

    throttle: Throttle = "ab"
    """Throttle for the turn; military power sustains less load."""


def break_turn(
    game: GameView, aircraft: str, params: BreakTurn, state: ManeuverState
) -> ManeuverStep:
    """Roll the lift vector level toward the attacker and pull the maximum load all turn."""
    return _level_turn(game, aircraft, params, state, "max", "ab", "break turn")


def hard_turn(
    game: GameView, aircraft: str, params: HardTurn, state: ManeuverState
) -> ManeuverStep:
    """As the break turn, at the sustained load ("sustained": thrust still matches drag)."""
    return _level_turn(game, aircraft, params, state, "sustained", params.throttle, "hard turn")


def _level_turn(
    game: GameView,
    aircraft: str,
    params: BreakTurn,
    state: ManeuverState,
    load: Literal["max", "sustained"],
    throttle: Throttle,
    name: str,
) -> ManeuverStep:
    sense = SIDE_SENSE[params.side]
    if params.target is not None:
        require_target(game, TargetParams(target=params.target))
        lift = lift_toward(game, aircraft, params.target, sense, level=True)
    else:
        lift = level_lift(game, aircraft, sense)
    outcome = turn_with_lift(game, aircraft, lift, load, throttle_for(game, aircraft, throttle))
    return _step(outcome, state, f"{name}, {load} load")


# -- pursuit ---------------------------------------------------------------------------------
class Pursuit(TargetParams):
    """Turn the Nose toward a point on the bandit's path: ahead of it (lead), at it (pure)
    or behind it (lag)."""

    throttle: Throttle = "mil"
    """Throttle for the turn."""


class LeadPursuit(Pursuit):
    lead_s: float = Field(default=DEFAULT_LEAD_S, ge=0, le=20)
    """Seconds ahead of the bandit along its straight-line path."""


class PurePursuit(Pursuit):
    pass


class LagPursuit(Pursuit):
    lag_s: float = Field(default=DEFAULT_LEAD_S, ge=0, le=20)
    """Seconds behind the bandit along its straight-line path."""


def pursuit_point(game: GameView, target: str, lead_s: float) -> Vec:
    """Where the bandit would be at the end of the game-turn, ``lead_s`` further on (ahead
    when positive, behind when negative), were it to fly straight."""
    return extrapolated_ft(game.aircraft[target], TURN_S + lead_s)


def _pursue(
    game: GameView, aircraft: str, params: Pursuit, state: ManeuverState, lead_s: float, name: str
) -> ManeuverStep:
    require_target(game, params)
    goal = aim_point(pursuit_point(game, params.target, lead_s))
    throttle = throttle_for(game, aircraft, params.throttle)
    outcome = point_nose(game, aircraft, goal, ("sustained", "max"), throttle)
    return _step(outcome, state, f"{name} pursuit of {params.target}")


def lead_pursuit(
    game: GameView, aircraft: str, params: LeadPursuit, state: ManeuverState
) -> ManeuverStep:
    """Nose ahead of the bandit: closes range and angles, risks an overshoot."""
    return _pursue(game, aircraft, params, state, params.lead_s, "lead")


def pure_pursuit(
    game: GameView, aircraft: str, params: PurePursuit, state: ManeuverState
) -> ManeuverStep:
    """Nose on the bandit at the end of the game-turn."""
    return _pursue(game, aircraft, params, state, 0.0, "pure")


def lag_pursuit(
    game: GameView, aircraft: str, params: LagPursuit, state: ManeuverState
) -> ManeuverStep:
    """Nose behind the bandit: holds the range, saves energy, gives up angles for now."""
    return _pursue(game, aircraft, params, state, -params.lag_s, "lag")


# -- guns jink -------------------------------------------------------------------------------
class GunsJink(ManeuverParams):
    """Spoil a gun solution: roll the lift vector a quarter ring out of the present plane of
    motion and pull the maximum load, alternating sides every game-turn."""

    target: str | None = None
    """The attacker; when given the first jink goes to the side away from its Nose."""


def guns_jink(
    game: GameView, aircraft: str, params: GunsJink, state: ManeuverState
) -> ManeuverStep:
    """Roll a quarter ring (Canopy to where a wing was) and pull ``max``, afterburner.

    The Unloaded segment cannot stand in for the jink's unload: it lasts at least 5 ticks
    ("Unloaded Flight"); the straight rolling segment before the pull is the unload.
    """
    sense = -state.sense if state.turns else state.sense
    if params.target is not None and not state.turns:
        require_target(game, TargetParams(target=params.target))
        attacker = game.aircraft[params.target].attitude.nose.unit_vector()
        wing = start_attitude(game, aircraft).wing.unit_vector()
        sense = -1 if sum(a * b for a, b in zip(attacker, wing, strict=True)) > 0 else 1
    lift = scale(start_attitude(game, aircraft).wing.unit_vector(), sense)
    outcome = turn_with_lift(game, aircraft, lift, "max", throttle_for(game, aircraft, "ab"))
    side = "right" if sense > 0 else "left"
    return ManeuverStep(outcome.plot, state.next(sense=sense), f"guns jink {side}")


# -- flat scissors ---------------------------------------------------------------------------
class FlatScissors(TargetParams):
    """Level reversals toward the bandit each time it crosses, slowing down (idle and
    speedbrakes): the slower forward speed ends up behind."""

    speedbrake: bool = True
    """Extend the speedbrakes to slow down faster."""
    min_load_g: float = Field(default=SCISSORS_MIN_LOAD_G, ge=1.0, le=9.0)
    """Slow down only while the aircraft can still pull this much; below it, military
    power and speedbrakes in."""


def flat_scissors(
    game: GameView, aircraft: str, params: FlatScissors, state: ManeuverState
) -> ManeuverStep:
    """Each game-turn: lift level toward the bandit's side, maximum load, idle throttle
    (military power once the load left falls below ``min_load_g``).

    The phase (which way to turn) is read from the geometry, not kept: the turn reverses
    whenever the bandit has crossed to the other side.  Idle and speedbrakes without a
    floor bled the speed until the most the wing could pull was half a G, and neither
    aircraft could turn at all.
    """
    require_target(game, params)
    lift = lift_toward(game, aircraft, params.target, state.sense, level=True)
    sense = heading_side(game, aircraft, lift)
    slow_down = conditions(game, aircraft, "idle").max_pull_g >= params.min_load_g
    throttle = "idle" if slow_down else throttle_for(game, aircraft, "mil")
    brakes = params.speedbrake and slow_down
    outcome = turn_with_lift(game, aircraft, lift, "max", throttle, brakes)
    side = "right" if sense > 0 else "left"
    return ManeuverStep(outcome.plot, state.next(sense=sense), f"flat scissors, turning {side}")


# -- defensive spiral ------------------------------------------------------------------------
class DefensiveSpiral(ManeuverParams):
    """A nose-low maximum-load spiral at idle with speedbrakes: gravity helps the turn and
    the speed stays down while the attacker overshoots."""

    side: Side = "right"
    """Which way the spiral turns."""
    target: str | None = None
    """The attacker; when given, the spiral turns toward its side."""
    pitch_deg: int = Field(default=-60, ge=-90, le=-30)
    """How far below the horizon the Nose is held."""


def defensive_spiral(
    game: GameView, aircraft: str, params: DefensiveSpiral, state: ManeuverState
) -> ManeuverStep:
    """Aim the Nose a quarter turn round and ``pitch_deg`` down every game-turn.

    The side is chosen once, on the first game-turn (toward the attacker if given), and
    kept: an attacker close astern crosses from side to side as the spiral tightens, and
    following it would rock the Nose between two cells instead of spiralling.
    """
    sense = SIDE_SENSE[params.side] if not state.turns else state.sense
    if params.target is not None and not state.turns:
        require_target(game, TargetParams(target=params.target))
        lift = lift_toward(game, aircraft, params.target, sense, level=True)
        sense = heading_side(game, aircraft, lift)
    nose = start_attitude(game, aircraft).nose
    heading = heading_of(nose.unit_vector()) if nose.heading_deg is not None else 0.0
    goal = direction(heading + 90.0 * sense, params.pitch_deg)
    outcome = point_nose(game, aircraft, fixed(goal), ("max",), "idle", speedbrake=True)
    return ManeuverStep(outcome.plot, state.next(sense=sense), "defensive spiral")


# -- extension -------------------------------------------------------------------------------
class Extension(ManeuverParams):
    """Separate: unload in afterburner and run, away from the bandit if one is named."""

    target: str | None = None
    """The bandit to run from; without one the aircraft runs straight ahead."""
    throttle: Throttle = "ab"
    """Throttle for the run."""


def extension(
    game: GameView, aircraft: str, params: Extension, state: ManeuverState
) -> ManeuverStep:
    """Fly the plot that ends farthest from the bandit (or from where the aircraft was a
    game-turn ago), preferring an unloaded segment while the Nose is above
    ``MIN_EXTENSION_PITCH_DEG``, never diving steeper than that nor ending below
    ``EXTENSION_FLOOR_FT`` above the ground."""
    own = game.aircraft[aircraft]
    if params.target is not None:
        require_target(game, TargetParams(target=params.target))
        threat = extrapolated_ft(game.aircraft[params.target], TURN_S)
    else:
        threat = extrapolated_ft(own, -TURN_S)
    throttle = throttle_for(game, aircraft, params.throttle)
    start = start_attitude(game, aircraft)
    away = unit(sub(own.position_ft(), threat))
    groups: list[list[BopPlot]] = [[plot_of(throttle, [StraightSegment(ticks=10)])]]
    if start.nose.pitch_deg > MIN_EXTENSION_PITCH_DEG:
        groups += rolls_then(throttle, start, unload)
    groups += rolls_then(throttle, start, pull_toward("sustained", away))

    floor_ft = game.scenario.map.ground_alt_steps * STEP_FT + EXTENSION_FLOOR_FT
    floor_ft = min(floor_ft, own.position_ft()[2])

    def score(outcome: Outcome) -> float:
        end = outcome.end_attitude.nose
        too_steep = max(0, MIN_EXTENSION_PITCH_DEG - end.pitch_deg)
        too_low_ft = max(0.0, floor_ft - outcome.end_ft[2])
        unloaded = any(segment.kind == "unload" for segment in outcome.flown.segments)
        return (
            -norm(sub(outcome.end_ft, threat)) / 100.0
            + 2.0 * too_steep
            + too_low_ft / 10.0
            + 0.1 * angle_deg(end.unit_vector(), away)
            - (10.0 if unloaded else 0.0)
        )

    outcome = best(game, aircraft, groups, score)
    return ManeuverStep(outcome.plot, state.next(), "extension")
