"""The best point to fire from and who may tail (§Weapons Fire, §Movement)."""

from __future__ import annotations

import math

import pytest

from engine.fc.sight import FIRE_ARC_DEG, bands_apart_ok, sight
from engine.fc.state import Pose
from engine.fc.tailing import is_behind, may_tail


def test_dead_ahead_target_is_taped_from_the_nearest_point_of_the_line() -> None:
    # A line flown north from (0, 0) to (0, 9): a target at (0, 15) is in the arc all along,
    # so the tape is laid from the line's end.
    found = sight(((0.0, 0.0), (0.0, 9.0)), (0.0,), 0.0, 0.0, (0.0, 15.0))
    assert found is not None
    assert found.distance_ft == pytest.approx(6.0)
    assert found.off_deg == pytest.approx(0.0)


def test_a_target_off_to_the_side_is_shot_from_the_last_point_it_is_in_arc() -> None:
    # Target 3 ft east of the line: it leaves the 20° arc when it is 3 / tan 20° ahead.
    line = ((0.0, 0.0), (0.0, 20.0))
    found = sight(line, (0.0,), 0.0, 0.0, (3.0, 10.0))
    assert found is not None
    along = 3.0 / math.tan(math.radians(FIRE_ARC_DEG))
    assert found.y_ft == pytest.approx(10.0 - along)
    assert found.off_deg == pytest.approx(FIRE_ARC_DEG)


def test_a_target_behind_the_line_cannot_be_fired_at_forward_but_the_rear_gun_can() -> None:
    line = ((0.0, 0.0), (0.0, 9.0))
    assert sight(line, (0.0,), 0.0, 0.0, (0.0, -5.0)) is None
    rear = sight(line, (0.0,), 0.0, 0.0, (0.0, -5.0), arc="rear")
    assert rear is not None and rear.distance_ft == pytest.approx(5.0)


def test_a_loop_is_sighted_from_its_stands() -> None:
    # A loop's line: start and set-down, no yardsticks; facing 20° right after.
    found = sight(((0.0, 0.0), (1.0, 0.0)), (), 0.0, 20.0, (4.0, 8.0))
    assert found is not None and found.leg == 0
    assert found.x_ft == pytest.approx(1.0)


def test_two_bands_either_way_may_be_fired_at() -> None:
    assert bands_apart_ok(8, 10) and bands_apart_ok(8, 6)
    assert not bands_apart_ok(8, 11)


def test_tailing_needs_the_rear_quarter_the_same_way_and_a_band() -> None:
    lead = Pose(10.0, 10.0, 0.0, 8)
    assert may_tail(Pose(10.0, 4.0, 10.0, 9), lead)
    assert not may_tail(Pose(10.0, 4.0, 10.0, 10), lead)  # two bands up
    assert not is_behind(Pose(10.0, 16.0, 0.0, 8), lead)  # ahead of it
    assert not is_behind(Pose(16.0, 9.0, 0.0, 8), lead)  # abeam
    assert not is_behind(Pose(10.0, 4.0, 180.0, 8), lead)  # head-on
    assert not is_behind(Pose(10.0, -5.0, 0.0, 8), lead)  # too far back
