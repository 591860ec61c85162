"""§Photography."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.otl.optional.photography import check_photograph, photo_speeds, take_photograph
from engine.otl.state import PlaneState
from models.otl.orders import OtlRound, parse_moves
from models.otl.scenario import OtlOptions
from tests.otl.test_optional_planes import plane, unit

PHOTO = OtlOptions(photography=True)
BRIDGE = unit("bridge", "target", x_in=0.0, y_in=10.0, alt_ft=6_000)


def recce(**changes: Any) -> PlaneState:
    fields: dict[str, Any] = {"alt_ft": 6_000.0, "speed": 5}
    fields.update(changes)
    return plane("re8-1", **fields)


def order(moves: str = "5") -> OtlRound:
    return OtlRound(moves=parse_moves(moves), photograph="bridge")


def test_the_photo_speeds_are_one_and_two_over_the_stall_at_that_altitude() -> None:
    assert photo_speeds(recce()) == (5, 6)
    assert photo_speeds(recce(alt_ft=12_000.0)) == (7, 8)


def test_a_straight_level_ue_round_at_photo_speed_is_a_photo_run() -> None:
    check_photograph(recce(), order(), BRIDGE, PHOTO, 2)
    check_photograph(recce(speed=6), order("6"), BRIDGE, PHOTO, 2)


@pytest.mark.parametrize(
    ("changes", "moves", "blamed"),
    [
        ({"bank": -1}, "5", "UE bank, not UL"),
        ({"pitch": -1}, "5", "Level pitch, not D"),
        ({"speed": 7}, "7", "speed 7; photographs are taken at 5 or 6"),
        ({}, "U 5", "move 1 leaves straight and level"),
    ],
)
def test_flying_otherwise_is_an_illegal_order(
    changes: dict[str, Any], moves: str, blamed: str
) -> None:
    with pytest.raises(IllegalOrder, match=blamed):
        check_photograph(recce(**changes), order(moves), BRIDGE, PHOTO, 2)


def test_a_photograph_is_good_within_6_in_and_100_ft_of_the_photo_altitude() -> None:
    assert take_photograph(recce(x_in=3.0, y_in=5.0), BRIDGE, 2).data["good"]
    event = take_photograph(recce(x_in=0.0, y_in=3.0), BRIDGE, 2)
    assert not event.data["good"] and "7.0 in from the target" in event.detail
    assert not take_photograph(recce(y_in=10.0, alt_ft=6_150.0), BRIDGE, 2).data["good"]
    assert take_photograph(recce(y_in=10.0, alt_ft=5_900.0), BRIDGE, 2).data["good"]
