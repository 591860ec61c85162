"""Start and end of a round: stalls and the Enter Spin roll, voluntary spins, the Exit Spin
roll, the spin itself, blackouts, engine restarts and the inverted engine check
(§Stalls and Spins, §Spins, §Engine Off and Restarting, §Inverted Movement)."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.movement import (
    MoveContext,
    apply_move,
    end_of_round,
    plan_move,
    start_of_round,
)
from engine.otl.templates import load_templates
from models.otl.orders import OtlRound
from tests.otl.test_movement_helpers import CTX, make_plane, scout_chart

EARLY = MoveContext(round=3, date="1916-05")


def order(moves: str = "", **fields: object) -> OtlRound:
    return OtlRound.model_validate({"moves": moves, **fields})


def dice(*faces: int) -> Dice:
    return Dice.seeded(0, [("d6", face) for face in faces])


def test_a_stall_spins_on_enter_spin_or_more() -> None:
    plane = make_plane(speed=3)
    rolled = dice(6, 5)
    notes = start_of_round(plane, order(), rolled, CTX)
    assert plane.condition == "spin"
    assert notes == ["stalls and spins (11 against Enter Spin 9)"]
    assert [r.purpose for r in rolled.rolls] == ["enter spin, Camel 1, round 3"] * 2


def test_a_stall_below_enter_spin_holds_the_plane_in_a_dive() -> None:
    plane = make_plane(speed=3)
    start_of_round(plane, order(), dice(3, 2), CTX)
    assert plane.condition == "stalled"
    result = plan_move(plane, order(), CTX)
    assert result.end.pitch == -1 and "stalled: nose drops into a Dive" in result.notes
    assert result.power_applied == 0 and result.power_avail is None
    assert ("dive 100 ft", 1) in result.speed_changes
    with pytest.raises(IllegalOrder, match="stalled plane stays in its Dive"):
        plan_move(plane, order("2 U 1"), CTX)
    steeper = plan_move(plane, order("2 D 1"), CTX)
    assert steeper.end.pitch == -2
    apply_move(plane, result)
    assert plane.speed == 4
    assert start_of_round(plane, order(), dice(), CTX) == ["flying speed again"]
    assert str(plane.condition) == "normal"  # narrowed to "stalled" above


def test_green_pilots_add_one_to_the_enter_spin_roll() -> None:
    plane = make_plane(level="green", speed=2)
    start_of_round(plane, order(), dice(4, 4), CTX)
    assert plane.condition == "spin"


def test_a_regular_may_spin_on_purpose() -> None:
    plane = make_plane(level="regular", speed=3)
    rolled = dice()
    assert start_of_round(plane, order(spin=True), rolled, CTX) == ["spins on purpose"]
    assert plane.condition == "spin" and rolled.rolls == []
    with pytest.raises(IllegalOrder, match="only a Regular or better"):
        start_of_round(make_plane(level="inexperienced", speed=3), order(spin=True), dice(), CTX)
    with pytest.raises(IllegalOrder, match="only at the stall"):
        start_of_round(make_plane(level="regular"), order(spin=True), dice(), CTX)


def test_the_spin_flies_the_right_aa1_template_dropping_100_ft() -> None:
    plane = make_plane(speed=6, condition="spin", bank=-1, pitch=0)
    result = plan_move(plane, order("L B1:6"), CTX)
    assert result.end.template == "AA1" and result.end.bank == 1 and result.end.pitch == -1
    assert result.end.alt_ft == pytest.approx(5000.0 - 300.0)
    assert result.speed_next == 6 and result.speed_changes == [("spin: speed held", 0)]
    radius = load_templates().template("AA1").radius_in
    assert result.end.heading_deg == pytest.approx(3 / radius * 180 / 3.141592653589793)


@pytest.mark.parametrize(
    ("level", "faces", "ctx", "exits"),
    [
        ("regular", (3, 4), CTX, True),  # 7 ≤ 7
        ("regular", (4, 4), CTX, False),  # 8
        ("veteran", (4, 4), CTX, True),  # 8 − 1
        ("green", (3, 3), CTX, True),  # 6 + 1
        ("green", (3, 4), CTX, False),  # 7 + 1
        ("regular", (3, 3), EARLY, False),  # 6 + 2
        ("veteran", (3, 3), EARLY, True),  # 6 + 2 − 1
    ],
)
def test_exit_spin_roll(level: str, faces: tuple[int, int], ctx: MoveContext, exits: bool) -> None:
    """Success on 2d6 + modifiers ≤ Exit Spin (7): Green +1, Veteran −1, +2 before summer
    1916; the plane then moves from Minimum Speed."""
    plane = make_plane(level=level, speed=9, condition="spin")
    start_of_round(plane, order(), dice(*faces), ctx)
    assert (plane.condition == "normal") is exits
    if exits:
        assert plane.speed == 4 and plane.bank == 1 and plane.pitch == -1
        plan_move(plane, order("L 1 U 3"), ctx)


def test_a_broken_plane_spins_without_a_roll() -> None:
    plane = make_plane(speed=6, condition="broken")
    rolled = dice()
    assert start_of_round(plane, order(), rolled, CTX) == ["spinning out of control"]
    assert rolled.rolls == [] and plane.condition == "broken"
    assert plan_move(plane, order("8"), CTX).end.template == "AA1"


def test_a_killed_pilot_spins_into_the_ground() -> None:
    plane = make_plane(speed=6, alt_ft=200.0, condition="spin")
    plane.pilot.wound = "killed"
    rolled = dice()
    start_of_round(plane, order(), rolled, CTX)
    assert rolled.rolls == [] and plane.condition == "spin"
    result = plan_move(plane, order(), CTX)
    assert result.reached_ground and result.end.alt_ft == 0.0
    assert result.notes == ["spinning"]
    apply_move(plane, result)
    assert end_of_round(plane, result, dice(), CTX) == []


def test_heavy_wound_blackout_and_recovery() -> None:
    plane = make_plane(speed=8, bank=1, template="B1", template_in=1.0)
    plane.pilot.wound = "heavy"
    assert start_of_round(plane, order(), dice(1), CTX) == ["pilot blacks out"]
    assert plane.pilot.blacked_out
    result = plan_move(plane, order("B1:8"), CTX)
    assert result.end.bank == 0 and result.end.pitch == -1 and result.end.template is None
    assert result.end.alt_ft == pytest.approx(5000.0 - 400.0)
    assert start_of_round(plane, order(), dice(3), CTX) == []
    assert start_of_round(plane, order(), dice(6), CTX) == ["pilot comes round"]
    assert not plane.pilot.blacked_out


def test_engine_off_and_restart() -> None:
    plane = make_plane()
    assert start_of_round(plane, order(engine="off"), dice(), CTX) == ["engine switched off"]
    assert not plane.engine_on
    assert start_of_round(plane, order(engine="restart"), dice(5), CTX) == [
        "engine fails to restart (5)"
    ]
    assert start_of_round(plane, order(engine="restart"), dice(4), CTX) == ["engine restarted (4)"]
    assert plane.engine_on
    rotary = make_plane(chart=scout_chart(engine="rotary"), engine_on=False)
    start_of_round(rotary, order(engine="restart"), dice(3), CTX)
    assert not rotary.engine_on
    start_of_round(rotary, order(engine="restart"), dice(2), CTX)
    assert rotary.engine_on
    dead = make_plane(engine_on=False, engine_dead=True)
    assert start_of_round(dead, order(engine="restart"), dice(), CTX) == [
        "the engine cannot be restarted"
    ]
    with pytest.raises(IllegalOrder, match="out of the inverted banks"):
        start_of_round(make_plane(engine_on=False, bank=4), order(engine="restart"), dice(), CTX)


def test_a_whole_round_inverted_stops_the_engine_on_a_six() -> None:
    plane = make_plane(bank=4, speed=6)
    result = plan_move(plane, order(), CTX)
    assert result.inverted_whole_round
    assert end_of_round(plane, result, dice(5), CTX) == [] and plane.engine_on
    assert end_of_round(plane, result, dice(6), CTX) == ["engine stops after a round inverted"]
    assert not plane.engine_on
    apply_move(plane, result)
    assert plane.rounds_inverted == 1
