"""§Landing and the Landing Table."""

from __future__ import annotations

from typing import Any

import pytest

from engine.dice import Dice
from engine.otl.optional.landing import land, landing_modifier, own_airfield, sure_landing
from engine.otl.state import PlaneState
from tests.otl.test_optional_planes import plane, unit

FIELD = unit("home-field", "airfield", "entente", x_in=0.0, y_in=0.0, radius_in=10.0)
ENEMY_FIELD = unit("their-field", "airfield", "central", x_in=0.0, y_in=0.0, radius_in=10.0)


def lander(**changes: Any) -> PlaneState:
    fields: dict[str, Any] = {"alt_ft": 0.0, "speed": 5, "missions": 3}
    fields.update(changes)
    return plane("pup-1", **fields)


def test_ue_at_minimum_speed_or_one_above_at_the_airfield_always_lands() -> None:
    for speed in (5, 6):
        pup = lander(speed=speed)
        event = land(pup, [FIELD], Dice.seeded(0, [("d6", 6)]), 9)
        assert event.data["outcome"] == "good" and event.data["roll"] is None
        assert pup.status == "landed" and pup.on_ground


def test_the_airfield_must_be_the_sides_own_and_under_the_plane() -> None:
    assert own_airfield(lander(), [ENEMY_FIELD]) is None
    assert own_airfield(lander(x_in=11.0), [FIELD]) is None
    assert own_airfield(lander(x_in=9.0), [ENEMY_FIELD, FIELD]) is FIELD


def test_damaged_landing_gear_always_rolls() -> None:
    pup = lander()
    pup.crits.append("landing_gear_damaged")
    assert not sure_landing(pup, at_airfield=True)
    assert landing_modifier(pup, at_airfield=True) == 3


@pytest.mark.parametrize(
    ("changes", "modifier"),
    [
        ({"speed": 9}, 3),  # three above Minimum + 1
        ({"bank": 1}, 2),
        ({"bank": -1}, 2),
        ({"bank": 2}, 6),
        ({"bank": 4}, 6),
        ({"pitch": -1}, 4),
        ({"missions": 6}, -1),
    ],
)
def test_the_modifiers(changes: dict[str, Any], modifier: int) -> None:
    assert landing_modifier(lander(**changes), at_airfield=True) == modifier


def test_wounds_away_from_the_field_and_the_observer_at_the_controls() -> None:
    pup = lander()
    pup.pilot.wound = "heavy"
    assert landing_modifier(pup, at_airfield=False) == 2 + 2
    bristol = lander(observer=True, dual_control=True)
    bristol.pilot.wound = "killed"
    assert landing_modifier(bristol, at_airfield=True) == 2


@pytest.mark.parametrize(
    ("roll", "status", "wound"),
    [(4, "landed", "none"), (5, "crashed", "none"), (6, "crashed", "light")],
)
def test_the_landing_table(roll: int, status: str, wound: str) -> None:
    # a field landing in UL: +2 (so 4 + 2 = 6 is good; 7 destroyed; 8 light wounds).
    pup = lander(bank=-1)
    event = land(pup, [FIELD], Dice.seeded(0, [("d6", roll)]), 9)
    assert pup.status == status and pup.pilot.wound == wound
    assert event.kind == "otl.landing"


def test_a_crash_at_ten_or_more_kills_the_crew() -> None:
    pup = lander(bank=4, pitch=-1)  # +6 +4
    land(pup, [FIELD], Dice.seeded(0, [("d6", 1)]), 9)
    assert pup.status == "crashed" and pup.pilot.wound == "killed"
