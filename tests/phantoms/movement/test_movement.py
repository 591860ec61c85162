"""The Movement Segment (§6.0, §6.2–§6.4), with recorded dice.

Under the shipped chart speed 5 moves in impulses 1, 3, 5, 7, 9; speed 4 in 3, 5, 8, 10;
speed 2 in 5 and 10; speed 1 in impulse 1 only; speed 10 in every impulse.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead
from engine.phantoms.marking import place_marker
from engine.phantoms.movement import move_impulse
from engine.phantoms.state import PlaneState
from models.phantoms.common import Quality

from .cards import card, plane


def no_dice() -> Dice:
    """Dice that must not be rolled (the test checks ``rolls`` stays empty)."""
    return Dice.seeded(0)


def fly(jet: PlaneState, impulses: range, dice: Dice, turn: int = 1) -> list[str]:
    return [move_impulse(jet, turn, i, dice).kind for i in impulses]


def test_without_a_marker_it_flies_straight_when_the_chart_says() -> None:
    jet = plane(speed=5)
    dice = no_dice()
    first = move_impulse(jet, 1, 1, dice)
    assert (first.kind, first.path, jet.hex, jet.moved) == ("move", (Hex(0, 1),), Hex(0, 1), True)
    second = move_impulse(jet, 1, 2, dice)
    assert (second.kind, second.path, jet.moved) == ("still", (), False)
    assert dice.rolls == []


def test_a_turn_completes_on_its_marker_hex_and_costs_speed() -> None:
    jet = plane(speed=5)
    place_marker(jet, "RT")  # two hexes ahead
    dice = no_dice()
    assert move_impulse(jet, 1, 1, dice).maneuver is None
    marker = jet.marker
    assert marker is not None and marker.hexes_to_go == 1
    step = move_impulse(jet, 1, 3, dice)
    assert (step.maneuver, jet.facing, jet.speed) == ("RT", 1, 4)
    assert jet.marker is None
    assert jet.finished == "RT" and jet.hex == ahead(Hex(0, 0), 0, 2)
    assert dice.rolls == []


def test_left_hard_turn_and_loop_facings() -> None:
    lht = plane(speed=5)
    place_marker(lht, "LHT")
    fly(lht, range(1, 6), no_dice())
    assert (lht.facing, lht.speed, lht.finished) == (4, 3, "LHT")
    loop = plane(speed=5)
    place_marker(loop, "LOOP")
    fly(loop, range(1, 8), no_dice())
    assert (loop.facing, loop.speed, loop.finished) == (3, 2, "LOOP")
    assert loop.hex == ahead(Hex(0, 0), 0, 4)


def test_sideslip_ends_beside_the_marker_and_half_a_hex_back() -> None:
    jet = plane(speed=5, facing=1)
    place_marker(jet, "RS")
    fly(jet, range(1, 3), no_dice())
    step = move_impulse(jet, 1, 3, no_dice())
    marker_hex = ahead(Hex(0, 0), 1, 2)
    assert step.path == (marker_hex, marker_hex.neighbour(180))
    assert (jet.hex, jet.facing, jet.speed) == (marker_hex.neighbour(180), 1, 4)
    left = plane(speed=5)
    place_marker(left, "LS")
    fly(left, range(1, 4), no_dice())
    assert left.hex == ahead(Hex(0, 0), 0, 2).neighbour(240) and left.facing == 0


def test_straight_climbing_one_level() -> None:
    jet = plane(speed=5, level=4)
    place_marker(jet, "S", 1)
    step = move_impulse(jet, 1, 1, no_dice())
    assert (step.level_change, step.maneuver, jet.level, jet.speed) == (1, "S", 5, 4)
    assert jet.climbed and jet.marker is None


def test_hard_turn_climbing_one_level_completes_on_the_nearer_marker() -> None:
    jet = plane(speed=5, level=4)
    place_marker(jet, "RHT", 1)  # climb in hex 1, marker 3 − 1 = 2 hexes ahead
    first = move_impulse(jet, 1, 1, no_dice())
    assert (first.level_change, first.maneuver, jet.speed) == (1, None, 4)
    assert move_impulse(jet, 1, 2, no_dice()).kind == "still"  # speed 4 waits
    step = move_impulse(jet, 1, 3, no_dice())
    assert (step.maneuver, jet.facing, jet.speed, jet.level) == ("RHT", 2, 2, 5)


def test_hard_turn_with_its_full_levels_completes_in_the_last_climb_hex() -> None:
    jet = plane(speed=10, level=2, control_card=card(climb_cost=0))
    place_marker(jet, "RHT", 3)  # marker 0 hexes ahead; climbs in hexes 1–3
    steps = [move_impulse(jet, 1, i, no_dice()) for i in (1, 2, 3)]
    assert [s.maneuver for s in steps] == [None, None, "RHT"]
    assert (jet.level, jet.facing, jet.hex) == (5, 2, ahead(Hex(0, 0), 0, 3))


def test_dive_gains_speed_but_never_above_the_dive_speed() -> None:
    jet = plane(speed=9, level=4)
    place_marker(jet, "S", -1)
    move_impulse(jet, 1, 1, no_dice())
    assert (jet.level, jet.speed, jet.dived, jet.levels_dived_run) == (3, 10, True, 1)
    at_max = plane(speed=10, level=4)
    place_marker(at_max, "RT", -2)
    step = move_impulse(at_max, 1, 1, no_dice())
    assert (step.level_change, at_max.speed) == (-1, 10)
    move_impulse(at_max, 1, 2, no_dice())
    assert (at_max.level, at_max.speed, at_max.facing) == (2, 9, 1)  # dived on; turn cost 1


def test_green_hard_turn_check_safe_on_1_to_4() -> None:
    safe = plane(speed=5, quality="green")
    place_marker(safe, "RHT")
    dice = Dice.seeded(0, recorded=[("d10", 4)])
    fly(safe, range(1, 6), dice)
    assert (safe.facing, safe.out_of_control) == (2, False)
    assert "hard turn" in dice.rolls[0].purpose and "blue-1" in dice.rolls[0].purpose
    lost = plane(speed=5, quality="green")
    place_marker(lost, "RHT")
    fly(lost, range(1, 6), Dice.seeded(0, recorded=[("d10", 5)]))
    assert (lost.facing, lost.out_of_control, lost.marker, lost.speed) == (0, True, None, 5)


def test_inexperienced_hard_turn_check_safe_on_1_to_6_and_no_loop_check() -> None:
    for face, kept in ((6, True), (7, False)):
        jet = plane(speed=5, quality="inexperienced")
        place_marker(jet, "LHT")
        fly(jet, range(1, 6), Dice.seeded(0, recorded=[("d10", face)]))
        assert jet.out_of_control is not kept
    loop = plane(speed=5, quality="inexperienced")
    place_marker(loop, "LOOP")
    dice = no_dice()
    fly(loop, range(1, 8), dice)
    assert dice.rolls == [] and loop.facing == 3


def test_green_loop_check_and_a_wounded_pilot_checks_as_inexperienced() -> None:
    green = plane(speed=5, quality="green")
    place_marker(green, "LOOP")
    fly(green, range(1, 8), Dice.seeded(0, recorded=[("d10", 5)]))
    assert green.out_of_control
    ace = plane(speed=5, quality="ace")
    place_marker(ace, "LOOP")
    ace.pilot_wounded = True  # wounded after the marker went out (Critical Hit 4)
    fly(ace, range(1, 8), Dice.seeded(0, recorded=[("d10", 7)]))
    assert ace.out_of_control


def test_speed_driven_to_exactly_zero_keeps_control_on_1_to_8() -> None:
    jet = plane(speed=1, level=4)
    place_marker(jet, "S", 1)
    dice = Dice.seeded(0, recorded=[("d10", 8)])
    move_impulse(jet, 1, 1, dice)
    assert (jet.speed, jet.out_of_control, jet.level) == (1, False, 5)
    assert "speed 0" in dice.rolls[0].purpose
    lost = plane(speed=1, level=4)
    place_marker(lost, "S", 1)
    move_impulse(lost, 1, 1, Dice.seeded(0, recorded=[("d10", 9)]))
    assert lost.out_of_control and lost.speed == 0


def test_each_point_below_zero_narrows_the_safe_band() -> None:
    slow = card(climb_cost=3)
    for face, kept in ((7, True), (8, False)):
        jet = plane(speed=2, level=4, control_card=slow)
        place_marker(jet, "S", 1)
        move_impulse(jet, 1, 5, Dice.seeded(0, recorded=[("d10", face)]))
        assert jet.out_of_control is not kept, face
    green = plane(speed=2, level=4, control_card=slow, quality="green")
    place_marker(green, "S", 1)
    move_impulse(green, 1, 5, Dice.seeded(0, recorded=[("d10", 4)]))
    assert green.out_of_control  # 1–4 less one: safe only on 1–3


def test_a_turn_cost_driving_speed_to_zero_checks_after_the_turn() -> None:
    jet = plane(speed=1)
    place_marker(jet, "RT")
    jet.marker.hexes_to_go = 1  # type: ignore[union-attr]  # its last hex to go
    dice = Dice.seeded(0, recorded=[("d10", 8)])
    step = move_impulse(jet, 1, 1, dice)
    assert (step.maneuver, jet.facing, jet.speed, jet.out_of_control) == ("RT", 1, 1, False)
    assert "RT" in dice.rolls[0].purpose


def test_recovery_speed_and_clockwise_turn() -> None:
    jet = plane(speed=5, facing=4, out_of_control=True)
    dice = Dice.seeded(0, recorded=[("d10", 8), ("d6", 3), ("d6", 4)])
    step = move_impulse(jet, 2, 1, dice)
    assert step.kind == "recover" and step.path == () and jet.hex == Hex(0, 0)
    assert (jet.speed, jet.facing, jet.out_of_control) == (2, 2, False)
    assert jet.recovered_this_impulse
    assert [r.kind for r in dice.rolls] == ["d10", "d6", "d6"]


def test_recovery_speed_never_below_1_and_a_6_turns_full_circle() -> None:
    for speed, loss, impulse in ((2, 4, 5), (3, 3, 5), (-1, 1, 1)):
        jet = plane(speed=speed, facing=2, out_of_control=True)
        dice = Dice.seeded(0, recorded=[("d10", 1), ("d6", loss), ("d6", 6)])
        assert move_impulse(jet, 1, impulse, dice).kind == "recover"
        assert (jet.speed, jet.facing) == (1, 2), speed


def test_recovery_bands_by_quality() -> None:
    cases: tuple[tuple[Quality, int, bool], ...] = (
        ("green", 4, True),
        ("green", 5, False),
        ("inexperienced", 6, True),
        ("inexperienced", 7, False),
        ("experienced", 8, True),
        ("ace", 9, False),
    )
    for quality, face, recovered in cases:
        jet = plane(speed=5, out_of_control=True, quality=quality)
        recorded = [("d10", face), ("d6", 1), ("d6", 1)] if recovered else [("d10", face)]
        step = move_impulse(jet, 1, 1, Dice.seeded(0, recorded=recorded))  # type: ignore[arg-type]
        assert (step.kind == "recover") is recovered, (quality, face)


def test_failed_recovery_falls_a_level_and_below_0_crashes() -> None:
    jet = plane(speed=5, level=1, out_of_control=True)
    fall = move_impulse(jet, 1, 1, Dice.seeded(0, recorded=[("d10", 9)]))
    assert (fall.kind, fall.level_change, jet.level, jet.hex) == ("fall", -1, 0, Hex(0, 0))
    crash = move_impulse(jet, 1, 3, Dice.seeded(0, recorded=[("d10", 0)]))  # a 10
    assert crash.kind == "crash" and jet.crashed and not jet.in_play
    assert "crashed" in jet.cause


def test_out_of_control_rolls_only_when_it_would_have_moved() -> None:
    jet = plane(speed=5, out_of_control=True)
    dice = no_dice()
    assert move_impulse(jet, 1, 2, dice).kind == "still"
    assert dice.rolls == []
    stalled = plane(speed=-1, out_of_control=True)  # treated as speed 1: impulse 1 only
    assert move_impulse(stalled, 1, 2, dice).kind == "still"
    assert dice.rolls == []
    step = move_impulse(stalled, 1, 1, Dice.seeded(0, recorded=[("d10", 9)]))
    assert step.kind == "fall"


def test_flags_are_cleared_each_impulse() -> None:
    jet = plane(speed=5)
    place_marker(jet, "S", 1)
    move_impulse(jet, 1, 1, no_dice())
    assert jet.climbed and jet.finished == "S"
    jet.fired = True
    move_impulse(jet, 1, 2, no_dice())
    assert not (jet.climbed or jet.moved or jet.fired) and jet.finished is None


def test_five_impulse_speed_ten_moves_two_hexes_and_turns_between() -> None:
    jet = plane(speed=10)
    place_marker(jet, "S")
    step = move_impulse(jet, 1, 1, no_dice(), five_impulse=True)
    assert step.path == (Hex(0, 1), Hex(0, 2)) and step.maneuver == "S"
    fast = plane(speed=10)
    place_marker(fast, "RT")
    fast.marker.hexes_to_go = 1  # type: ignore[union-attr]
    step = move_impulse(fast, 1, 1, no_dice(), five_impulse=True)
    assert step.path == (Hex(0, 1), ahead(Hex(0, 1), 1)) and fast.facing == 1


def test_an_out_of_play_aircraft_stays_still() -> None:
    jet = plane(speed=5, crashed=True)
    assert move_impulse(jet, 1, 1, no_dice()).kind == "still"
