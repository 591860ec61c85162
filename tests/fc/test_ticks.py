"""The replay's samples of a move: they end where the rules put the stand, pass along the
yardsticks, and never jump (reference §7)."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.fc.movement import Move, fly, fly_unchecked
from engine.fc.ticks import (
    MovePath,
    attitude_quaternion,
    end_attitude,
    move_ticks,
    quaternion_angle_deg,
)
from models.fc.common import BAND_WORLD_FT, TICKS_PER_TURN, WORLD_FT_PER_LAWN_FT
from models.fc.orders import FcPlot
from tests.fc.builders import plane

CASES = (
    ("level", "L3 R10 L10 R5"),
    ("turning", "T3 R25*"),
    ("turning", "T3 ^L20 L25 L20"),
    ("turning", "T2 ^R20 R35"),
    ("hard_turn", "HT2 R50*"),
    ("hard_turn", "HR2 L45*"),
    ("turning", "RO3 R20*"),
    ("level", "BR3"),
    ("level", "J3"),
    ("level", "C3+3"),
    ("dive", "D5-7 R10*"),
    ("climb", "IM3 F+45 S-1"),
    ("dive", "IM5 F-30"),
    ("immelmann", "LP3 F-20 S+1"),
)


def _move(group: str, text: str) -> Move:
    """The move drawn from a pin in ``group`` (drawing does not check adjacency)."""
    plot = FcPlot.parse(text)
    return fly_unchecked(plane(group=group, speed=plot.speed, heading_deg=30.0), plot)  # type: ignore[arg-type]


@pytest.mark.parametrize(("group", "text"), CASES)
def test_the_last_tick_is_where_the_rules_put_the_stand(group: str, text: str) -> None:
    move = _move(group, text)
    ticks = move_ticks(move)
    assert len(ticks) == TICKS_PER_TURN
    last = ticks[-1]
    assert last.x_ft == pytest.approx(move.end.x_ft * WORLD_FT_PER_LAWN_FT, abs=1e-6)
    assert last.y_ft == pytest.approx(move.end.y_ft * WORLD_FT_PER_LAWN_FT, abs=1e-6)
    assert last.z_ft == pytest.approx(move.end.band * BAND_WORLD_FT)
    assert last.t_s == pytest.approx(1.25)
    assert last.heading_deg == pytest.approx(move.end.heading_deg % 360.0, abs=1e-6)
    if move.shape != "yardsticks":
        level = attitude_quaternion(move.end.heading_deg, 0.0, 0.0)
        assert quaternion_angle_deg(last.quat_wxyz, level) < 1e-4


@pytest.mark.parametrize(("group", "text"), CASES)
def test_no_jumps_between_ticks(group: str, text: str) -> None:
    """Between two ticks (and between the last turn's end and tick 1) the attitude turns
    at most 40° (70° in a fast Immelmann, whose half loop and roll fit in 6 ticks) and the
    aircraft moves at most a yardstick and a half."""
    move = _move(group, text)
    path = MovePath(move)
    samples = [path.at(0.0), *move_ticks(move)]
    limit = 70.0 if text.startswith("IM5") else 40.0
    for a, b in itertools.pairwise(samples):
        assert quaternion_angle_deg(a.quat_wxyz, b.quat_wxyz) < limit
        step = math.dist((a.x_ft, a.y_ft, a.z_ft), (b.x_ft, b.y_ft, b.z_ft))
        assert step < 1.5 * 216.0


@pytest.mark.parametrize(
    ("group", "text"), [case for case in CASES if case[1][:2] not in ("IM", "LP")]
)
def test_heading_is_continuous_along_the_move(group: str, text: str) -> None:
    """Read finely, the heading never steps more than 2°: the joints are rounded."""
    move = _move(group, text)
    path = MovePath(move)
    samples = [path.at(k / 400) for k in range(401)]
    for a, b in itertools.pairwise(samples):
        assert abs((b.heading_deg - a.heading_deg + 180.0) % 360.0 - 180.0) < 2.0
        assert math.dist((a.x_ft, a.y_ft), (b.x_ft, b.y_ft)) < 216.0 * 10 / 400 * 1.5


def test_the_track_keeps_to_the_yardsticks_lines() -> None:
    """Mid-yardstick, the drawn track lies on the yardstick the rules laid."""
    move = _move("turning", "T3 R25*")
    path = MovePath(move)
    for (x0, y0), (x1, y1) in zip(move.line_ft, move.line_ft[1:], strict=False):
        mid = ((x0 + x1) / 2 * WORLD_FT_PER_LAWN_FT, (y0 + y1) / 2 * WORLD_FT_PER_LAWN_FT)
        nearest = min(
            math.dist(mid, (s.x_ft, s.y_ft)) for s in (path.at(k / 1000) for k in range(1001))
        )
        assert nearest < 2.0


def test_bank_follows_the_turn() -> None:
    gentle = move_ticks(_move("level", "L3 R10*"))
    hard = move_ticks(_move("hard_turn", "HT2 R50*"))
    left = move_ticks(_move("turning", "T3 L25*"))
    assert 0 < max(s.bank_deg for s in gentle) <= 20.0
    assert max(s.bank_deg for s in hard) > 60.0
    assert min(s.bank_deg for s in left) < -45.0


def test_a_barrel_roll_rolls_all_the_way_round() -> None:
    ticks = move_ticks(_move("level", "BR3"))
    assert ticks[-1].bank_deg == pytest.approx(360.0)
    assert end_attitude(ticks)[0] == pytest.approx(0.0, abs=1e-9)


def test_a_climb_pitches_up_and_spreads_its_bands() -> None:
    ticks = move_ticks(_move("level", "C3+3"))
    heights = [s.z_ft for s in ticks]
    assert heights == sorted(heights)
    assert ticks[4].z_ft == pytest.approx((20 + 3 * 0.5) * BAND_WORLD_FT)
    assert ticks[-1].pitch_deg == pytest.approx(math.degrees(math.atan2(3 * 72.0, 6 * 72.0)))


def test_the_immelmann_goes_over_the_top_a_band_up() -> None:
    path = MovePath(_move("climb", "IM3 F+45 S-1"))
    top = max(path.at(k / 100).z_ft for k in range(101))
    assert top == pytest.approx(21 * BAND_WORLD_FT)
    assert max(path.at(k / 1000).pitch_deg for k in range(1001)) == pytest.approx(180.0, abs=0.5)


def test_the_loop_comes_back_to_its_band() -> None:
    path = MovePath(_move("immelmann", "LP3"))
    heights = [path.at(k / 100).z_ft for k in range(101)]
    assert max(heights) == pytest.approx(20 * BAND_WORLD_FT + 2 * BAND_WORLD_FT)
    assert heights[-1] == pytest.approx(20 * BAND_WORLD_FT)


def test_the_next_move_starts_from_the_last_ones_attitude() -> None:
    first = move_ticks(_move("turning", "T3 R25*"))
    bank, pitch = end_attitude(first)
    assert bank == pytest.approx(48.0)  # 25° a yardstick: 45 + 5/25 × 15
    nxt = fly(plane(group="turning", heading_deg=30.0), FcPlot.parse("L3"))
    start = MovePath(nxt, start_bank_deg=bank, start_pitch_deg=pitch).at(0.0)
    assert start.bank_deg == pytest.approx(bank)


def test_same_move_same_samples() -> None:
    assert move_ticks(_move("turning", "T3 ^L20 L25 L20")) == move_ticks(
        _move("turning", "T3 ^L20 L25 L20")
    )
