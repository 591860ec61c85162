"""Damage, criticals, fire and ejection (§8.0, §8.2, §9.0)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.hexmap import Hex
from engine.phantoms.damage import (
    apply_hits,
    critical_row,
    criticals_due,
    ejection,
    fire_check,
    fire_modifiers,
    roll_critical,
)
from engine.phantoms.state import PlaneState
from tests.phantoms.air.cards import F_4, dice, plane


def f4(**fields: Any) -> PlaneState:
    return plane("f-4", F_4, Hex(0, 0), 0, 3, **fields)


def test_section_8_examples() -> None:
    """§8.0: 6 hits in one combat → 2 criticals, 5 → 1; maximum 5, already 4, 3 more → 3."""
    assert criticals_due(0, 6, 10) == 2
    assert criticals_due(0, 5, 10) == 1
    assert criticals_due(4, 3, 5) == 3
    assert criticals_due(7, 1, 5) == 1  # already past: each further point
    assert criticals_due(0, 2, 5) == 0


def test_damage_past_the_maximum_makes_the_aircraft_loaded() -> None:
    plane_ = f4(damage=4)
    d = dice(1, 2, 3)
    assert apply_hits(plane_, 3, 0, d) == ["minor", "minor", "minor"]
    assert plane_.damage == 7 and plane_.loaded and not d.recorded
    fresh = f4()
    assert apply_hits(fresh, 5, 0, dice(1)) == ["minor"] and not fresh.loaded


def test_rolling_stops_once_destroyed() -> None:
    plane_ = f4()
    d = dice(9, 1, 1)
    assert apply_hits(plane_, 6, 1, d) == ["major"]
    assert plane_.destroyed and len(d.recorded) == 2


@pytest.mark.parametrize(
    ("roll", "row"),
    [
        (1, "minor"),
        (3, "minor"),
        (4, "pilot_wounded"),
        (5, "structural"),
        (6, "structural"),
        (7, "engine"),
        (8, "fire"),
        (9, "major"),
        (10, "major"),
    ],
)
def test_critical_rows(roll: int, row: str) -> None:
    assert critical_row(roll) == row


def test_first_and_second_results() -> None:
    p = f4()
    assert roll_critical(p, dice(4)) == "pilot_wounded" and p.pilot_wounded
    assert roll_critical(p, dice(4)) == "pilot_killed" and p.destroyed
    p = f4()
    assert roll_critical(p, dice(5)) == "structural" and p.structural and not p.destroyed
    assert roll_critical(p, dice(6)) == "major" and p.destroyed
    p = f4()
    assert roll_critical(p, dice(7)) == "engine" and p.engine_damaged
    assert roll_critical(p, dice(7)) == "major" and p.destroyed
    p = f4()
    assert roll_critical(p, dice(8)) == "fire" and p.on_fire
    assert roll_critical(p, dice(8)) == "fire_destroyed" and p.destroyed
    p = f4()
    assert roll_critical(p, dice(2)) == "minor" and p.criticals == ["minor"]


def test_structural_in_a_hard_turn_breaks_up() -> None:
    p = f4(marker="LOOP")
    assert roll_critical(p, dice(5)) == "break_up" and p.destroyed
    assert ejection(p, "break_up", dice(6)) is False  # 6 - 4
    assert ejection(f4(destroyed=True), "break_up", dice(7)) is True


@pytest.mark.parametrize(
    ("speed", "bonus"), [(8, 3), (10, 3), (7, 2), (5, 2), (4, 1), (3, 0), (1, 0)]
)
def test_fire_speed_bands(speed: int, bonus: int) -> None:
    assert sum(value for _, value in fire_modifiers(f4(speed=speed))) == bonus


@pytest.mark.parametrize(
    ("quality", "dived", "bonus"),
    [("ace", False, 2), ("experienced", True, 2), ("green", False, -1), ("average", True, 1)],
)
def test_fire_pilot_and_dive(quality: str, dived: bool, bonus: int) -> None:
    assert (
        sum(value for _, value in fire_modifiers(f4(speed=3, quality=quality, dived=dived)))
        == bonus
    )


def test_fire_check_bands() -> None:
    p = f4(speed=3, on_fire=True)
    assert fire_check(p, dice(8)) == "burning" and p.on_fire
    assert fire_check(p, dice(5)) == "burning"
    assert fire_check(p, dice(4, 2)) == "minor" and p.on_fire
    assert fire_check(p, dice(4, 8)) == "fire_destroyed" and p.destroyed
    q = f4(speed=6, on_fire=True)
    assert fire_check(q, dice(7)) == "out" and not q.on_fire  # 7 + 2 = 9
    with pytest.raises(ValueError):
        fire_check(q, dice())


def test_ejection_modifiers_and_threshold() -> None:
    assert ejection(f4(), "major", dice(5)) is True  # 5 - 2 = 3
    assert ejection(f4(), "major", dice(4)) is False
    assert ejection(f4(pilot_wounded=True, on_fire=True), "fire_destroyed", dice(8)) is True
    assert ejection(f4(pilot_wounded=True, on_fire=True), "fire_destroyed", dice(7)) is False
    killed = f4()
    d = dice()
    assert ejection(killed, "pilot_killed", d) is False and not d.rolls
    assert killed.ejected is False
