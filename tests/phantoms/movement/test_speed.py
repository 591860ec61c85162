"""Set Phase speed (§5.0) and the afterburner (§6.5)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.phantoms.marking import place_marker
from engine.phantoms.speed import (
    afterburner_problems,
    max_speed_now,
    set_speed,
    set_speed_problems,
    use_afterburner,
)

from .cards import card, plane


def test_speed_may_change_by_the_normal_chart() -> None:
    jet = plane(speed=5)
    assert set_speed_problems(jet, 7) == []
    assert set_speed_problems(jet, 3) == []
    assert "±2" in set_speed_problems(jet, 8)[0]
    assert "±2" in set_speed_problems(jet, 2)[0]
    set_speed(jet, 7)
    assert (jet.speed, jet.speed_set) == (7, 7)


def test_a_damaged_engine_uses_the_damaged_chart() -> None:
    jet = plane(speed=5, engine_damaged=True)
    assert set_speed_problems(jet, 6) == []
    assert "Damaged chart allows ±1" in set_speed_problems(jet, 7)[0]


def test_caps_level_and_loaded_and_the_floor() -> None:
    assert "maximum level speed 8" in set_speed_problems(plane(speed=7), 9)[0]
    loaded = plane(speed=5, loaded=True)
    assert set_speed_problems(loaded, 6) == []
    assert "maximum loaded speed 6" in set_speed_problems(loaded, 7)[0]
    assert "below 1" in set_speed_problems(plane(speed=2), 0)[0]


def test_above_the_cap_after_a_dive_only_the_cap_is_allowed() -> None:
    jet = plane(speed=10)  # dived to 10; level cap 8, change ±2
    assert set_speed_problems(jet, 8) == []
    assert set_speed_problems(jet, 9)
    far = plane(speed=10, control_card=card(speed_change=1))
    assert set_speed_problems(far, 8) == []  # 10 − 1 would still be over the cap
    assert set_speed_problems(far, 9)


def test_set_speed_raises_naming_the_rule() -> None:
    with pytest.raises(IllegalOrder, match=r"§5\.0"):
        set_speed(plane(speed=5), 9)


def test_max_speed_by_condition() -> None:
    assert max_speed_now(plane(), diving=False) == 8
    assert max_speed_now(plane(loaded=True), diving=False) == 6
    assert max_speed_now(plane(loaded=True), diving=True) == 10


def test_afterburner_adds_its_value_and_spends_a_use() -> None:
    jet = plane(speed=5)
    assert use_afterburner(jet) == 2
    assert (jet.speed, jet.ab_left, jet.used_ab) == (7, 2, True)
    assert "already used" in afterburner_problems(jet)[0]


def test_afterburner_excess_is_lost_at_the_cap() -> None:
    jet = plane(speed=7)
    assert use_afterburner(jet) == 1
    assert jet.speed == 8
    at_cap = plane(speed=8)
    assert use_afterburner(at_cap) == 0
    assert at_cap.speed == 8 and at_cap.ab_left == 2
    loaded = plane(speed=5, loaded=True)
    assert use_afterburner(loaded) == 1 and loaded.speed == 6


def test_afterburner_while_diving_reaches_the_dive_speed() -> None:
    jet = plane(speed=8, level=4)
    place_marker(jet, "S", -1)
    assert use_afterburner(jet) == 2
    assert jet.speed == 10


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"engine_damaged": True}, "damaged engine"),
        ({"on_fire": True}, "on fire"),
        ({"ab_left": 0}, "no afterburner uses left"),
        ({"out_of_control": True}, "out of control"),
    ],
)
def test_no_afterburner(fields: dict[str, Any], words: str) -> None:
    jet = plane(**fields)
    assert any(words in p for p in afterburner_problems(jet))
    with pytest.raises(IllegalOrder, match=r"§6\.5"):
        use_afterburner(jet)


def test_a_type_without_afterburner() -> None:
    jet = plane(control_card=card(afterburner_gain=0, afterburner_uses=0))
    assert "has no afterburner" in afterburner_problems(jet)[0]
