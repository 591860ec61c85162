"""The missile launch envelope (sim/missile_envelope.py) against hand-worked card arithmetic.

The AIM-9L card at 15,000 ft (the 10,000 ft band: Game-turn Bleed 16.5) launched at 13 FP:
boost speed 13 + 23.4 = 36.4 FP reads the next higher speed, 37.0, so Bleed 9; a turn later
Bleed 25.5 reads the row at 26, 25.6 FP, and Distance (36.4 + 25.6)/2 = 31.0; then Bleed 42,
19.9 FP, +22.75 = 53.75; Bleed 58.5 reads row 59, 16.1 FP, +18.0 = 71.75; Bleed 75 stalls.
With the anchor Boost Distance (10 FP) out along the Nose the missile reaches 81.75 FP dead
ahead of a still target; a target running away at 13 FP a turn is caught in the third turn
from R + 3·13 − 10 < 71.75, so from at most 42.75 FP; one coming head-on at 13 FP from
R − 39 − 10 < 71.75, 120.75 FP.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from engine.bop.missiles.flight import flight_range_fp
from models.missile import missile_card
from sim import missile_envelope as msl

FT = 400.0
NORTH = np.array([0.0, 1.0, 0.0])
EAST = np.array([1.0, 0.0, 0.0])
LAUNCH_FP = 13.0
LAUNCH_KT = LAUNCH_FP * 39.5
"""13 FP a game-turn in knots (the Speed-to-FP scale, 400 ft in 6 s)."""
RUNNING_FPS = 13.0 * FT / 6.0
"""13 FP a game-turn in ft/s."""


def test_distances_follow_the_speed_bleed_table_turn_by_turn() -> None:
    card = missile_card("AIM-9L")
    distances = msl.flight_distances_fp(card, LAUNCH_FP, 15000.0)
    assert distances == pytest.approx([31.0, 53.75, 71.75])
    # The engine's straight-chase range adds the boost to the same steps.
    assert card.boost_distance_fp + distances[-1] == pytest.approx(
        flight_range_fp(card, LAUNCH_FP, 75)
    )


@pytest.mark.parametrize(
    ("target_fp", "reach_fp"),
    [(0.0, 81.75), (13.0, 42.75), (-13.0, 120.75)],
    ids=["still", "tail-chase", "head-on"],
)
def test_greatest_range_dead_ahead_shrinks_in_a_tail_chase(
    target_fp: float, reach_fp: float
) -> None:
    distances = msl.flight_distances_fp(missile_card("AIM-9L"), LAUNCH_FP, 15000.0)
    reach = msl.max_reach_fp(NORTH, NORTH, NORTH * target_fp, 10.0, distances)
    assert reach == pytest.approx(reach_fp)


def test_a_crossing_target_is_caught_at_the_hand_worked_range() -> None:
    """The target due east of the launcher flying north at 13 FP; the Nose north.  In the
    third turn the target is at (R, 39) and the anchor at (0, 10): R² + 29² < 71.75²."""
    distances = msl.flight_distances_fp(missile_card("AIM-9L"), LAUNCH_FP, 15000.0)
    reach = msl.max_reach_fp(EAST, NORTH, NORTH * 13.0, 10.0, distances)
    assert reach == pytest.approx(math.sqrt(71.75**2 - 29.0**2))


def test_shortest_range_is_the_card_minimum_on_the_nose_and_grows_off_it() -> None:
    card = missile_card("AIM-9L")  # OBA 1 cell: 45°; Boost Distance and minimum 10 FP
    assert msl.min_launch_fp(card, 0.0) == pytest.approx(10.0)
    # 30° off the Nose the anchor sees the target 45° off at 10·sin 45°/sin 15°.
    assert msl.min_launch_fp(card, 30.0) == pytest.approx(
        10 * math.sin(math.radians(45)) / math.sin(math.radians(15))
    )
    assert msl.min_launch_fp(card, -30.0) == msl.min_launch_fp(card, 30.0)
    assert math.isinf(msl.min_launch_fp(card, 45.0))


def test_side_limits_in_degrees_from_the_cards_cells() -> None:
    assert msl.half_angle_deg(missile_card("AIM-9L")) == 45.0  # FoV 1, OBA 1
    assert msl.half_angle_deg(missile_card("AIM-7M")) == 75.0  # radar: OBA 2
    assert msl.half_angle_deg(missile_card("AIM-9B")) == 45.0
    rear = missile_card("AIM-9B")  # tail within one cell
    assert msl.aspect_ok(rear, 40.0) and msl.aspect_ok(rear, 45.0)
    assert not msl.aspect_ok(rear, 50.0)
    assert msl.aspect_ok(missile_card("AIM-9L"), 180.0)


def test_a_rear_aspect_seeker_has_no_shot_head_on() -> None:
    card = missile_card("AIM-9B")
    distances = msl.flight_distances_fp(card, LAUNCH_FP, 15000.0)
    away = msl.launch_window_ft(card, NORTH, NORTH, NORTH * RUNNING_FPS, distances, 6.0)
    assert away is not None
    assert away[0] == pytest.approx(card.min_launch_range_fp * FT)
    assert msl.launch_window_ft(card, NORTH, NORTH, -NORTH * RUNNING_FPS, distances, 6.0) is None
    # Beyond the seeker's 45° there is no shot at any aspect.
    wide = np.array([math.sin(math.radians(50)), math.cos(math.radians(50)), 0.0])
    assert msl.launch_window_ft(card, wide, NORTH, wide * RUNNING_FPS, distances, 6.0) is None


def envelope_at(target_y_ft: float, target_fps: np.ndarray) -> msl.MissileEnvelope:
    """An AIM-9L from a launcher at the origin, 15,000 ft, heading north at 13 FP, against
    a target dead ahead at the same altitude."""
    return msl.envelope(
        missile_card("AIM-9L"),
        (0.0, 0.0, 15000.0),
        NORTH,
        EAST,
        LAUNCH_KT,
        (0.0, target_y_ft, 15000.0),
        target_fps,
        6.0,
    )


def test_envelope_in_the_level_plane_with_the_target_in_range_or_not() -> None:
    running = NORTH * RUNNING_FPS
    inside = envelope_at(15000.0, running)
    assert inside.window_ft == pytest.approx((10 * FT, 42.75 * FT))
    assert inside.in_range
    assert inside.label() == "AIM-9L IN RANGE 0.7–2.8 nm"
    far = envelope_at(20000.0, running)
    assert not far.in_range and far.label() == "AIM-9L out of range 0.7–2.8 nm"
    near = envelope_at(3000.0, running)
    assert not near.in_range and near.label() == "AIM-9L too close 0.7–2.8 nm"
    # Sampled across ±45°, nose in the middle, level (the side axis points east).
    assert inside.angles_deg[[0, msl.RAYS // 2, -1]] == pytest.approx([-45, 0, 45])
    assert inside.side == pytest.approx(EAST)
    middle = msl.RAYS // 2
    assert inside.min_range_ft[middle] == pytest.approx(10 * FT)
    assert inside.max_range_ft[middle] == pytest.approx(42.75 * FT)
    tip = inside.points_ft(np.nan_to_num(inside.max_range_ft))[middle]
    assert tip == pytest.approx([0.0, 42.75 * FT, 15000.0])
    # The edges at exactly the OBA have no launch range left.
    assert np.isnan(inside.max_range_ft[[0, -1]]).all()
    # Symmetric about the nose for a target running straight down it.
    np.testing.assert_allclose(inside.max_range_ft, inside.max_range_ft[::-1])


def test_carried_missiles_and_the_best_envelope() -> None:
    weapons = ("M61A1 5", "AIM-9L x2", "AIM-7M x0", "AIM-120A x1", "AIM-9L x1")
    assert msl.missiles_carried(weapons) == ("AIM-9L", "AIM-120A")
    assert [c.type_id for c in msl.known_cards(("AIM-9L", "NO-SUCH"))] == ["AIM-9L"]
    short = envelope_at(15000.0, NORTH * RUNNING_FPS)
    long = msl.envelope(
        missile_card("AIM-120A"),
        (0.0, 0.0, 15000.0),
        NORTH,
        EAST,
        LAUNCH_KT,
        (0.0, 15000.0, 15000.0),
        NORTH * RUNNING_FPS,
        6.0,
    )
    assert long.in_range
    # Both have the shot: the better Attack rating is shown (AIM-9L 15, AIM-120A 13).
    assert msl.best_envelope([long, short]) is short
    assert msl.best_envelope([long, replace(short, attack_pips=13)]) is long
    # Neither has it: the one reaching furthest down the line of sight.
    far_short = envelope_at(60000.0, NORTH * RUNNING_FPS)
    assert msl.best_envelope([far_short]) is far_short
    assert msl.best_envelope([]) is None
