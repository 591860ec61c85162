"""The attacker's gunshot, now and a game-turn on, judged by the Gun Combat rules themselves.

A gunshot needs the target at AoN 0 after movement within the gun table's range, and the
target at a gun aspect (a numbered Other Aspect square) at both the start and the end of the
game-turn (Gun Combat, SoP 07: "Engagement", "Aspect").  The posture's score reads angles in
degrees, which only approximate those 30° PHAD cells; here the pilot asks the rules.

*Now*: does a candidate plot end with a shot open against where the bandit is expected?
*A game-turn on*: the plot that scores best on its own end of turn may leave no pull next
game-turn that brings the Nose on (inside the bandit's turn, too fast, the angles gone),
while another leaves one.  The pilot imagines his aircraft where a plot leaves it (position,
attitude with its pointing, end speed, the Turn and Pitchdown Points it carries, its load)
and flies a few pulls from there through the same planner
(:meth:`~engine.bop.view.GameView.preview_state`) against where he expects the bandit a
game-turn later.  Only his few best plots that could reach gun range are looked beyond, so
the cost stays within a few dozen previews.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.atmosphere import FT_PER_S_PER_KT
from engine.bop.aircraft_state import AircraftState
from engine.bop.combat import Placement, situation_between
from engine.bop.errors import IllegalOrder
from engine.bop.guns import gun_engagement, gun_tables
from engine.bop.maneuvers.geometry import TURN_S, Vec, angle_deg, norm, sub
from engine.bop.maneuvers.search import Load, Outcome, Tail, fly_straight, pull, pull_toward
from engine.bop.view import GameView
from engine.hexmap import STEP_FT, Hex
from engine.phad import Attitude
from models.orders import BopPlot

SETUP_CHECKS = 5
"""How many of the best plots that could reach gun range are looked beyond."""
NOW_CHECKS = 20
"""How many of the best plots are asked whether they end with a shot open."""
MAX_SETUP_ATA_DEG = 100.0
"""A plot that leaves the bandit's next position farther off the Velocity than this leaves
no shot a game-turn on."""


@dataclass(frozen=True, slots=True)
class Expected:
    """Where the pilot expects the bandit at the end of this game-turn and of the next,
    and how its miniature sits (it changes the shot's column, not whether it opens)."""

    end_ft: Vec
    next_ft: Vec
    attitude: Attitude


def placement_at(position_ft: Vec, attitude: Attitude) -> Placement:
    """The hex and altitude step nearest a point, with an attitude."""
    return Placement(
        Hex.nearest(position_ft[0], position_ft[1]), round(position_ft[2] / STEP_FT), attitude
    )


@lru_cache(maxsize=16_384)
def shot_open(
    start_me: Placement,
    start_it: Placement,
    end_me: Placement,
    end_it: Placement,
    gun_range_fp: int,
) -> bool:
    """A normal or tracking gunshot would be open after this movement (Gun Combat). The
    placements are values; the answer is kept for the next time they are asked."""
    start = situation_between(start_me, start_it)
    end = situation_between(end_me, end_it)
    if start is None or end is None or end.range_fp > gun_range_fp:
        return False
    engagement = gun_engagement(start, end, tables=gun_tables())
    return engagement.engageable and bool(engagement.options)


def end_placement(outcome: Outcome) -> Placement:
    """Where a plot leaves the aircraft for combat: its end hex and altitude, its attitude
    with any pointing still held (pointing ends at the next Flight Phase)."""
    assert outcome.end_hex is not None
    return Placement(outcome.end_hex, outcome.end_alt_steps, outcome.flown.end_attitude)


def imagined(me: AircraftState, outcome: Outcome, speed_kt: int) -> AircraftState:
    """The pilot's aircraft as he imagines it after ``outcome``: where it ends, how it sits,
    its end speed, and what the plot carries into the next game-turn."""
    flown = outcome.flown
    assert outcome.end_hex is not None
    return replace(
        me,
        hex=outcome.end_hex,
        alt_steps=outcome.end_alt_steps,
        attitude=flown.end_attitude,
        speed_kt=speed_kt,
        throttle=outcome.plot.throttle,
        tp_carry=flown.tp_carry,
        pitchdown_points=flown.pitchdown_points,
        greatest_load_g=flown.greatest_load_g,
    )


def next_turn_tails(goal: Vec, hard: Load) -> list[tuple[Tail, int]]:
    """The pulls tried a game-turn on: the hardest the pilot would pull, the sustained,
    one that stops with the Nose on the bandit, and straight flight."""
    return [
        (pull_toward(hard, goal), 1),
        (pull(hard), 1),
        (pull("sustained"), 1),
        (fly_straight, 2),
    ]


def could_reach(outcome: Outcome, speed_kt: float, expected: Expected, gun_range_ft: float) -> bool:
    """Geometry alone: a game-turn's flight from the plot's end could come within gun range
    of the bandit's next position, and that position is not behind the Velocity."""
    line = sub(expected.next_ft, outcome.end_ft)
    path_ft = speed_kt * FT_PER_S_PER_KT * TURN_S
    if norm(line) > path_ft + gun_range_ft:
        return False
    return angle_deg(outcome.end_attitude.velocity.unit_vector(), line) <= MAX_SETUP_ATA_DEG


def sets_up_shot(
    game: GameView,
    ghost: AircraftState,
    outcome: Outcome,
    expected: Expected,
    groups: Iterable[Iterable[BopPlot]],
    gun_range_fp: int,
) -> bool:
    """Some plot of ``groups`` (the first legal one of each), flown next game-turn from
    ``ghost`` (where ``outcome`` leaves the aircraft, :func:`imagined`), opens a gunshot
    against the bandit where it is expected then."""
    start_me = end_placement(outcome)
    start_it = placement_at(expected.end_ft, expected.attitude)
    end_it = placement_at(expected.next_ft, expected.attitude)
    turn = game.turn + 2
    for group in groups:
        for candidate in group:
            try:
                flown, end_hex, end_alt_steps = game.preview_state(ghost, candidate, turn)
            except (IllegalOrder, ValueError):
                continue
            end_me = Placement(end_hex, end_alt_steps, flown.end_attitude)
            if shot_open(start_me, start_it, end_me, end_it, gun_range_fp):
                return True
            break
    return False


def shot_now(
    start_me: Placement,
    start_it: Placement,
    outcome: Outcome,
    expected: Expected,
    gun_range_fp: int,
) -> bool:
    """The plot ends with a gunshot open against the bandit where it is expected."""
    end_it = placement_at(expected.end_ft, expected.attitude)
    return shot_open(start_me, start_it, end_placement(outcome), end_it, gun_range_fp)
