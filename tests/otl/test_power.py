"""Power and speed: the chart's cell at the start of the round, what the pilot applies,
the sum that makes next round's speed, overdives and the take-off run (§Power and Speed,
§Engine Off and Restarting, §Overdiving and Excessive Speed, §Taking Off)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.otl.movement import MoveContext, apply_move, plan_move
from engine.otl.power import power_applied, power_available, take_off_acceleration
from models.otl.orders import OtlRound
from tests.otl.test_movement_helpers import CTX, make_plane

GROUND = MoveContext(round=1, date="1917-06", take_off_landing=True)


def order(moves: str = "", **fields: object) -> OtlRound:
    return OtlRound.model_validate({"moves": moves, **fields})


def test_worked_example_speed_seven_plus_three_power_is_ten() -> None:
    """Reference §5 #1: speed 7 straight and level a whole round, 3 power → speed 10."""
    plane = make_plane(speed=7)
    result = plan_move(plane, order("7", power=3), CTX)
    assert result.speed_next == 10
    assert result.speed_changes == [("power", 3)]
    assert result.power_avail == 3 and result.power_applied == 3


def test_power_none_takes_all_the_chart_gives() -> None:
    assert plan_move(make_plane(speed=7), order(), CTX).power_applied == 3


def test_power_zero_to_the_value_or_brake() -> None:
    plane = make_plane(speed=7)
    assert plan_move(plane, order(power=0), CTX).speed_next == 7
    assert plan_move(plane, order(power=-1), CTX).speed_next == 6
    with pytest.raises(IllegalOrder, match="power 4 is more than the 3 the chart gives"):
        plan_move(plane, order(power=4), CTX)


def test_drag_applies_whatever_the_throttle() -> None:
    plane = make_plane(speed=16)
    result = plan_move(plane, order(power=2), CTX)
    assert result.power_applied == -2 and result.speed_next == 14
    assert result.over_max_level


def test_the_band_is_read_at_the_starting_altitude() -> None:
    high = make_plane(speed=7, alt_ft=12_000.0)
    assert power_available(high) == 2
    assert power_available(make_plane(speed=4, alt_ft=12_000.0)) is None


def test_engine_off_hit_and_bombs() -> None:
    off = make_plane(speed=7, engine_on=False)
    assert power_applied(off, None) == (-1, None)
    assert power_applied(make_plane(speed=7, crits=["engine_out"]), None) == (-1, None)
    assert power_applied(make_plane(speed=16, engine_on=False), None) == (-2, None)
    hit = make_plane(speed=4, crits=["engine_hit", "engine_hit"])
    assert power_available(hit) == 3
    assert power_available(make_plane(speed=16, crits=["engine_hit"])) == -2
    assert power_available(make_plane(speed=4, bombs=True)) == 2
    assert power_available(make_plane(speed=12, bombs=True)) == 0


def test_next_speed_sums_power_and_every_loss_and_gain() -> None:
    """Power + dive gains − turn, slip, climb and inverted losses, 0 … 22."""
    plane = make_plane(speed=10)
    result = plan_move(plane, order("R B1:3 L 3 U 4"), CTX)
    assert dict(result.speed_changes) == {
        "power": 2,
        "turn B1 3 in": -3,
        "climb, 2 vertical MP": -2,
    }
    assert result.speed_next == 10 + 2 - 3 - 2
    slow = plan_move(make_plane(speed=4, pitch=2), order(power=-1), CTX)
    assert slow.speed_next == 0


def test_overdive_draws_chits_at_an_underlined_speed() -> None:
    """Reference §5 #9: a "−2" underlined → draw 2 chits (the engine reads the end speed)."""
    plane = make_plane(speed=16, pitch=-1, alt_ft=4000.0)
    result = plan_move(plane, order("@50 8 @25 8"), CTX)
    assert ("dive 300 ft", 4) in result.speed_changes
    assert result.speed_next == 18 and result.overdive_chits == 2
    three = plan_move(plane, order("@50 16"), CTX)
    assert three.speed_next == 16 - 2 + 5 and three.overdive_chits == 3
    calm = plan_move(make_plane(speed=14), order(), CTX)
    assert calm.speed_next == 13 and calm.overdive_chits == 0
    torn = plan_move(make_plane(speed=16, crits=["fabric_tear"]), order(), CTX)
    assert torn.speed_next == 14 and torn.overdive_chits == 1


def test_take_off_run() -> None:
    """§Taking Off: one less than the power at Minimum Speed low down (here 5 − 1 = 4),
    straight at 0 ft until above stall, never past 8 on the ground."""
    plane = make_plane(speed=0, alt_ft=0.0, on_ground=True)
    assert take_off_acceleration(plane) == 4
    first = plan_move(plane, order("R B1:3"), GROUND)
    assert first.speed_next == 4 and "take-off run" in first.notes
    apply_move(plane, first)
    second = plan_move(plane, order(), GROUND)
    assert second.end.y_in == pytest.approx(4.0) and second.end.alt_ft == 0.0
    assert second.speed_next == 8
    apply_move(plane, second)
    held = plan_move(plane, order(), GROUND)
    assert held.speed_next == 8
    with pytest.raises(IllegalOrder, match="on the ground cannot pitch down"):
        plan_move(plane, order("D 8"), GROUND)
    airborne = plan_move(plane, order("U 8"), GROUND)
    assert airborne.end.alt_ft > 0.0
    apply_move(plane, airborne)
    assert not plane.on_ground
    weak = make_plane(speed=0, alt_ft=0.0, on_ground=True, crits=["engine_hit"] * 4)
    assert take_off_acceleration(weak) == 1
