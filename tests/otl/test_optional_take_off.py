"""§Taking Off."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.otl.optional.take_off import (
    check_ground_roll,
    ground_roll_speed,
    may_leave_ground,
    take_off_acceleration,
)
from models.otl.orders import OtlRound, parse_moves
from tests.otl.test_optional_planes import chart, plane


def test_the_ground_roll_gains_one_less_than_the_power_at_minimum_speed() -> None:
    assert take_off_acceleration(chart()) == 3  # power 4 at Minimum Speed 5
    weak = ("S", "S", "S", "S", "S", "1", *("0",) * 17)
    assert take_off_acceleration(chart(bands=({"floor_ft": 0, "power": weak},))) == 1


def test_the_plane_rolls_to_speed_8_at_most_and_lifts_off_above_the_stall() -> None:
    pup = plane(alt_ft=0.0, speed=0)
    speeds = []
    for _ in range(4):
        pup.speed = ground_roll_speed(pup)
        speeds.append((pup.speed, may_leave_ground(pup)))
    assert speeds == [(3, False), (6, True), (8, True), (8, True)]


def test_on_the_ground_only_straight_rolling_and_a_lift_off_above_the_stall() -> None:
    slow = plane(alt_ft=0.0, speed=3)
    check_ground_roll(slow, OtlRound(moves=parse_moves("3")), 1)
    with pytest.raises(IllegalOrder, match="cannot leave the ground"):
        check_ground_roll(slow, OtlRound(moves=parse_moves("1 U 2")), 1)
    with pytest.raises(IllegalOrder, match="rolls straight"):
        check_ground_roll(slow, OtlRound(moves=parse_moves("R 3")), 1)
    check_ground_roll(plane(alt_ft=0.0, speed=6), OtlRound(moves=parse_moves("2 U 4")), 2)
