"""Phase 2 movement: rolls, forced turns, templates, pitch, vertical flight, half-loops,
Stall Turns, the drawn path and the candidate rounds (§Banks … §Vertical Dives)."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.otl.movement import MoveContext, apply_move, candidate_moves, plan_move
from engine.otl.rolls import pitch_mp, roll_mp, turn_rate
from engine.otl.state import CrewState, bank_of
from engine.otl.templates import load_templates, rounded_loss, turn_loss_per_in
from models.otl.orders import OtlRound, write_moves
from models.otl.scenario import Crew
from tests.otl.test_movement_helpers import CTX, make_plane, scout_chart


def order(moves: str = "", **fields: object) -> OtlRound:
    return OtlRound.model_validate({"moves": moves, **fields})


# --- worked examples ------------------------------------------------------------------


def test_roll_rate_half_is_one_bank_step_per_two_mp() -> None:
    """Reference §5 #2: Roll Rate ½ → a bank step every 2 MP."""
    plane = make_plane(speed=6)
    result = plan_move(plane, order("R B1:2 L 2 R B1:2"), CTX)
    assert result.end.bank == 1
    with pytest.raises(IllegalOrder, match="needs 2 MP flown since the last bank step"):
        plan_move(plane, order("R B1:1 L 5"), CTX)


def test_roll_rate_quarter_and_rotary_asymmetry() -> None:
    """Reference §5 #2: ¼ → a step per 4 MP; "¼ Left; ½ Right" → 4 MP left, 2 MP right."""
    plane = make_plane(speed=12, chart=scout_chart(roll_mp_left=4, roll_mp_right=2))
    assert roll_mp(plane, -1) == 4 and roll_mp(plane, 1) == 2
    plan_move(plane, order("R B1:4 L 4 L B1:2 R 2"), CTX)
    with pytest.raises(IllegalOrder, match="roll to the left needs 4 MP"):
        plan_move(plane, order("R B1:2 L 1 L 9"), CTX)


def test_pitch_rate_doubles_towards_the_wheels() -> None:
    """Reference §5 #3: Pitch Rate 1/3 becomes 1/6 pitching down from L/E/R, or up from an
    inverted bank."""
    plane = make_plane(chart=scout_chart(pitch_mp=3))
    for bank in ("UL", "UE", "UR", "PL", "PR"):
        assert pitch_mp(plane, bank_of(bank), 1) == 3
        assert pitch_mp(plane, bank_of(bank), -1) == 6
    for bank in ("IL", "I", "IR"):
        assert pitch_mp(plane, bank_of(bank), 1) == 6
        assert pitch_mp(plane, bank_of(bank), -1) == 3


def test_cumulative_criticals_worsen_the_rates() -> None:
    """Reference §5 #7: Rudder Cable Cut + Pilot Light Wound → 3 letters; Ailerons Damaged
    → Roll Rate 1:2 → 1:4 and Turn Rate B → C; Elevators Hit → Pitch Rate 1:2 → 1:3."""
    plane = make_plane(crits=["rudder_cable_cut"])
    plane.pilot.wound = "light"
    assert turn_rate(plane) == "E"
    damaged = make_plane(crits=["ailerons_damaged"])
    assert roll_mp(damaged, 1) == 4 and turn_rate(damaged) == "C"
    elevators = make_plane(crits=["elevators_hit"])
    assert pitch_mp(elevators, 0, 1) == 3
    heavy = make_plane(crits=["rudder_hit"])
    heavy.pilot.wound = "heavy"
    assert turn_rate(heavy) == "E"
    worst = make_plane(crits=["rudder_cable_cut", "rudder_hit", "ailerons_damaged"])
    worst.pilot.wound = "heavy"
    assert turn_rate(worst) == "G"


def test_turn_loss_formula() -> None:
    """Reference §5 #8: own rate 1 per inch, one letter wider 2 per 3, then 1 per 2, 1 per
    3, 1 per 4."""
    assert [turn_loss_per_in(2 + wider, 2) for wider in range(5)] == [
        Fraction(1),
        Fraction(2, 3),
        Fraction(1, 2),
        Fraction(1, 3),
        Fraction(1, 4),
    ]
    with pytest.raises(ValueError):
        turn_loss_per_in(1, 2)


@pytest.mark.parametrize(
    ("template", "inches", "loss"),
    [
        ("B1", 6, 6),
        ("C1", 6, 4),
        ("C1", 1, 1),
        ("D1", 6, 3),
        ("D1", 1, 0),
        ("E1", 6, 2),
        ("F1", 4, 1),
    ],
)
def test_turn_loss_in_a_round(template: str, inches: int, loss: int) -> None:
    """The losses summed over the round, a fraction over one half rounding up."""
    quick = scout_chart(roll_mp_left=1, roll_mp_right=1)
    plane = make_plane(speed=inches + 1, chart=quick)
    result = plan_move(plane, order(f"R {template}:{inches} L 1"), CTX)
    turn = [delta for label, delta in result.speed_changes if label.startswith("turn")]
    assert turn == [-loss]


def test_rounding_of_turn_losses() -> None:
    assert rounded_loss(Fraction(1, 2)) == 0
    assert rounded_loss(Fraction(2, 3)) == 1
    assert rounded_loss(Fraction(7, 2)) == 3
    assert rounded_loss(Fraction(11, 3)) == 4


def test_speed_is_the_mp_and_the_inches() -> None:
    """Reference §5 #12 and §Speed and Movement Points: each MP is an inch; speed 3 flies
    3 in straight, and no speed goes past 22."""
    assert plan_move(make_plane(speed=3), order(), CTX).end.y_in == pytest.approx(3.0)
    fast = make_plane(speed=22, pitch=-2, alt_ft=9000.0)
    result = plan_move(fast, order(), CTX)
    assert result.speed_next == 22
    assert result.end.alt_ft == pytest.approx(9000.0 - 22 * 100)


# --- legality -------------------------------------------------------------------------


def test_green_pilot_may_not_bank_inverted() -> None:
    plane = make_plane(level="green", bank=2, speed=6)
    with pytest.raises(IllegalOrder, match="Green pilot may not use the inverted banks"):
        plan_move(plane, order("R B1:6"), CTX)
    inexperienced = make_plane(level="inexperienced", bank=2, speed=6)
    with pytest.raises(IllegalOrder, match="Inexperienced pilot may not use the inverted"):
        plan_move(inexperienced, order("R B1:6"), CTX)
    plan_move(make_plane(level="regular", bank=2, speed=6), order("R B1:6"), CTX)


def test_green_pilot_may_not_pitch_vertical() -> None:
    plane = make_plane(level="green", pitch=1)
    with pytest.raises(IllegalOrder, match="Green pilot may not use the vertical pitches"):
        plan_move(plane, order("U 10"), CTX)


def test_roll_and_pitch_together_is_for_veterans() -> None:
    plan_move(make_plane(), order("R U B1:10"), CTX)
    with pytest.raises(IllegalOrder, match="only a Veteran may roll and pitch"):
        plan_move(make_plane(level="regular"), order("R U B1:10"), CTX)


def test_error_names_the_step_the_rule_and_the_round() -> None:
    with pytest.raises(IllegalOrder) as caught:
        plan_move(make_plane(), order("R B1:1 L 9"), CTX)
    error = caught.value
    assert error.rule == "§Rolls"
    assert error.turn == 3 and error.segment == 1
    assert "round 3" in str(error)
    assert "step 2 (L 9)" in str(error) and "Camel 1" in str(error)


def test_banked_plane_must_turn_or_slip() -> None:
    with pytest.raises(IllegalOrder, match="Forced Turns/Slips"):
        plan_move(make_plane(), order("R 10"), CTX)


def test_turn_the_wrong_way_from_a_level_bank() -> None:
    with pytest.raises(IllegalOrder, match="no low wing to turn towards"):
        plan_move(make_plane(), order("B1:10"), CTX)
    # A right bank turns right: the heading grows.
    result = plan_move(make_plane(), order("R B1:4 L 6"), CTX)
    assert 0.0 < result.end.heading_deg < 90.0
    left = plan_move(make_plane(), order("L B1:4 R 6"), CTX)
    assert 270.0 < left.end.heading_deg < 360.0


def test_no_template_better_than_the_plane_rate() -> None:
    with pytest.raises(IllegalOrder, match="better rate than the plane's Turn Rate now, B"):
        plan_move(make_plane(), order("R A1:10"), CTX)
    damaged = make_plane(crits=["rudder_hit"])
    with pytest.raises(IllegalOrder, match="Turn Rate now, C"):
        plan_move(damaged, order("R B1:10"), CTX)
    plan_move(damaged, order("R C1:10"), CTX)


def test_template_change_only_at_a_blue_mark() -> None:
    """B1's blue marks run from 3 in; a change at 2 in is refused, at 3 in allowed."""
    assert load_templates().template("B1").blue_in[0] == 3
    with pytest.raises(IllegalOrder, match="not a blue mark"):
        plan_move(make_plane(), order("R B1:2 D1:8"), CTX)
    plan_move(make_plane(), order("R B1:3 D1:7"), CTX)
    with pytest.raises(IllegalOrder, match="slip only at a blue mark"):
        plan_move(make_plane(), order("R B1:2 slip:8"), CTX)
    plan_move(make_plane(), order("R B1:3 slip:7"), CTX)


def test_template_carries_over_the_round_and_is_extended_at_its_end() -> None:
    plane = make_plane(bank=1, template="B1", template_in=2.0, speed=8)
    with pytest.raises(IllegalOrder, match="not a blue mark"):
        plan_move(plane, order("D1:8"), CTX)
    result = plan_move(plane, order("B1:1 D1:7"), CTX)
    assert result.end.template == "D1" and result.end.template_in == 7.0
    long_turn = plan_move(make_plane(speed=20), order("R B1:19"), CTX)
    assert long_turn.end.template == "B1" and long_turn.end.template_in == 20 - 14


def test_rolling_level_ends_a_turn_anywhere() -> None:
    result = plan_move(make_plane(), order("R B1:2 L 8"), CTX)
    assert result.end.template is None and result.end.bank == 0


def test_turn_in_a_vertical_pitch_is_illegal() -> None:
    plane = make_plane(pitch=2, bank=1)
    with pytest.raises(IllegalOrder, match="no turn or slip templates"):
        plan_move(plane, order("B1:10"), CTX)
    result = plan_move(plane, order("L 10"), CTX)
    assert result.end.bank == 0 and result.entered_vertical


def test_more_mp_than_the_speed_is_illegal() -> None:
    with pytest.raises(IllegalOrder, match="plans 11 MP but the plane has only its speed, 10"):
        plan_move(make_plane(), order("11"), CTX)


def test_a_plan_of_no_mp_flies_on() -> None:
    straight = plan_move(make_plane(), order(), CTX)
    assert straight.end.y_in == pytest.approx(10.0)
    turning = plan_move(make_plane(bank=1, template="B1", template_in=3.0), order(), CTX)
    assert turning.end.template == "B1" and turning.end.heading_deg > 90.0
    banked = plan_move(make_plane(bank=-1), order(), CTX)
    assert banked.end.template == "B1" and banked.end.heading_deg > 180.0


def test_a_short_plan_flies_the_rest_in_the_last_attitude() -> None:
    result = plan_move(make_plane(), order("R B1:3"), CTX)
    assert result.end.template == "B1" and result.end.template_in == 3.0  # 10 MP: 7 + 3
    slipping = plan_move(make_plane(), order("R slip:2"), CTX)
    assert [d for label, d in slipping.speed_changes if label.startswith("slip")] == [-10]
    rolled_out = plan_move(make_plane(), order("R B1:3 L"), CTX)
    assert rolled_out.end.bank == 0 and rolled_out.end.template is None


def test_a_roll_with_no_mp_left_is_illegal() -> None:
    with pytest.raises(IllegalOrder, match="no MP left"):
        plan_move(make_plane(), order("R B1:10 L"), CTX)


def test_aileron_criticals() -> None:
    with pytest.raises(IllegalOrder, match="Aileron Jammed"):
        plan_move(make_plane(crits=["aileron_jammed"]), order("R B1:10"), CTX)
    cut = make_plane(crits=["aileron_cable_cut"])
    plan_move(cut, order("R B1:10"), CTX)
    with pytest.raises(IllegalOrder, match="at most one bank step a round"):
        plan_move(cut, order("R B1:3 L 7"), CTX)
    damaged = make_plane(crits=["ailerons_damaged"])
    with pytest.raises(IllegalOrder, match="needs 4 MP"):
        plan_move(damaged, order("R C1:3 L 7"), CTX)
    plan_move(damaged, order("R C1:4 L 6"), CTX)


def test_elevator_criticals() -> None:
    with pytest.raises(IllegalOrder, match="Elevator Jammed"):
        plan_move(make_plane(crits=["elevator_jammed"]), order("D 10"), CTX)
    cut = make_plane(crits=["elevator_cable_cut"])
    with pytest.raises(IllegalOrder, match="Elevator Cable Cut"):
        plan_move(cut, order("U 10"), CTX)
    plan_move(cut, order("D 10"), CTX)
    hit = make_plane(crits=["elevators_hit"], pitch=1, mp_since_pitch=0)
    with pytest.raises(IllegalOrder, match="needs 3 MP"):
        plan_move(hit, order("2 U 8"), CTX)
    climbing = plan_move(make_plane(crits=["elevators_hit"], pitch=1), order(), CTX)
    assert climbing.end.alt_ft == pytest.approx(5000.0 + 5 * 37)


def test_rudder_criticals() -> None:
    with pytest.raises(IllegalOrder, match="cannot slip"):
        plan_move(make_plane(crits=["rudder_hit"]), order("R slip:10"), CTX)
    jammed = make_plane(crits=["rudder_jammed"], bank=1, template="B1", template_in=1.0)
    plan_move(jammed, order("B1:10"), CTX)
    with pytest.raises(IllegalOrder, match="Rudder Jammed"):
        plan_move(jammed, order("B1:2 D1:8"), CTX)
    straight = make_plane(crits=["rudder_jammed"])
    with pytest.raises(IllegalOrder, match="keeps flying straight"):
        plan_move(straight, order("R B1:10"), CTX)


# --- climbs, dives, half-loops --------------------------------------------------------


def test_every_second_mp_of_a_climb_is_vertical() -> None:
    """§Climb: half the MP (rounded down) in a Climb are vertical, each up to the Climb Rate
    (the pilot's choice from 25 ft) and each costing a speed point."""
    plane = make_plane(pitch=1, speed=7)
    result = plan_move(plane, order(), CTX)
    assert result.end.alt_ft == pytest.approx(5000.0 + 3 * 75)
    assert result.end.y_in == pytest.approx(4.0)
    assert ("climb, 3 vertical MP", -3) in result.speed_changes
    gentle = plan_move(plane, order("@25 7"), CTX)
    assert gentle.end.alt_ft == pytest.approx(5075.0)
    with pytest.raises(IllegalOrder, match="more than the Climb Rate allows now, 75 ft"):
        plan_move(plane, order("@100 7"), CTX)
    bombed = plan_move(make_plane(pitch=1, speed=7, bombs=True), order(), CTX)
    assert bombed.end.alt_ft == pytest.approx(5000.0 + 3 * 37)
    struts = plan_move(make_plane(pitch=1, speed=7, crits=["struts_hit"]), order(), CTX)
    assert struts.end.alt_ft == pytest.approx(5000.0 + 3 * 37)


def test_vertical_climb_spends_every_mp_climbing() -> None:
    result = plan_move(make_plane(pitch=2, speed=4), order(), CTX)
    assert result.end.alt_ft == pytest.approx(5300.0)
    assert result.end.y_in == pytest.approx(0.0)
    assert result.entered_vertical


def test_dive_gains_a_speed_per_full_75_ft() -> None:
    """§Diving: every second MP drops 25–100 ft; +1 speed per full 75 ft in the round."""
    plane = make_plane(pitch=-1, speed=8, alt_ft=3000.0)
    full = plan_move(plane, order(), CTX)
    assert full.end.alt_ft == pytest.approx(2600.0)
    assert ("dive 400 ft", 5) in full.speed_changes
    gentle = plan_move(plane, order("@50 8"), CTX)
    assert ("dive 200 ft", 2) in gentle.speed_changes
    shallow = plan_move(plane, order("@25 8"), CTX)
    assert ("dive 100 ft", 1) in shallow.speed_changes
    with pytest.raises(IllegalOrder, match="25 to 50 ft"):
        plan_move(make_plane(pitch=-1, crits=["struts_hit"]), order("@100 10"), CTX)
    steep = plan_move(make_plane(pitch=-2, speed=3, alt_ft=3000.0), order(), CTX)
    assert ("dive 300 ft", 4) in steep.speed_changes


def test_diving_into_the_ground_stops_at_zero() -> None:
    result = plan_move(make_plane(pitch=-2, speed=6, alt_ft=250.0), order(), CTX)
    assert result.reached_ground and result.end.alt_ft == 0.0


@pytest.mark.parametrize(
    ("bank", "swapped"), [("UE", "I"), ("UL", "IL"), ("UR", "IR"), ("I", "UE"), ("IR", "UR")]
)
def test_half_loop_over_the_top(bank: str, swapped: str) -> None:
    """§Half-Loops: pitching up past a Vertical Climb gives Climb, the bank swapped and the
    heading turned 180°."""
    plane = make_plane(pitch=2, bank=bank_of(bank), heading_deg=30.0)
    up = "D" if bank in ("I", "IR") else "U"  # up is towards the pilot's head
    if bank in ("I", "IR"):
        plane.pitch = -2
    result = plan_move(plane, order(up), CTX)
    assert result.end.bank == bank_of(swapped)
    assert result.end.pitch == (1 if up == "U" else -1)
    assert abs(_gap(result.path[1].heading_deg, 210.0)) < 10.0
    if swapped in ("I", "UE"):
        assert result.end.heading_deg == pytest.approx(210.0)
    assert "half-loop" in result.notes


def test_half_loop_barred_when_it_would_leave_an_inexperienced_pilot_inverted() -> None:
    with pytest.raises(IllegalOrder, match="half-loop would leave"):
        plan_move(make_plane(level="inexperienced", pitch=2), order("U 10"), CTX)


def test_inverted_flight_costs_a_speed_per_two_inches() -> None:
    result = plan_move(make_plane(bank=4, speed=5), order(), CTX)
    assert ("inverted 5 in", -3) in result.speed_changes
    assert result.inverted_whole_round and result.entered_inverted
    partly = plan_move(make_plane(bank=3, speed=5), order("L B1:5"), CTX)
    assert not partly.inverted_whole_round


def test_slipping_a_whole_round() -> None:
    result = plan_move(make_plane(bank=1, speed=4), order("slip:4"), CTX)
    assert result.slipped_whole_round
    assert result.end.heading_deg == pytest.approx(0.0)
    assert result.end.x_in == pytest.approx(4 * 0.4)
    assert ("slip, 4 in", -4) in result.speed_changes


def test_stall_turn() -> None:
    """§Stall Turns: a Veteran pivots up to 180° in the first inch, banked to that side."""
    plane = make_plane(bank=1, speed=5)
    result = plan_move(plane, order("L 4", stall_turn_deg=180), CTX)
    assert result.end.heading_deg == pytest.approx(180.0)
    assert result.end.y_in == pytest.approx(-4.0)
    assert "stall turn 180°" in result.notes
    pivot = [point.heading_deg for point in result.path if point.mp <= 1.0]
    assert len(pivot) == 13 and max(map(abs, map(_gap, pivot, pivot[1:]))) <= 15.0
    assert all(label == "power" for label, _ in result.speed_changes)
    with pytest.raises(IllegalOrder, match="banked to the left"):
        plan_move(plane, order("L 4", stall_turn_deg=-90), CTX)
    with pytest.raises(IllegalOrder, match="only a Veteran"):
        plan_move(make_plane(level="regular", bank=1), order("L 9", stall_turn_deg=90), CTX)


# --- the drawn path --------------------------------------------------------------------


ORDERS = [
    ("R B1:3 D1:3 L 4", {}),
    ("U 2 U 2 U 4", {"level": "veteran"}),
    ("R slip:3 L 7", {}),
    ("", {"pitch": 2, "bank": 1}),
    ("U 10", {"pitch": 2}),
    ("L 4", {"bank": 1, "stall_turn_deg": 180}),
    ("R B1:2 R B1:2 R B1:2 R 4", {"speed": 10}),
]


@pytest.mark.parametrize(("moves", "fields"), ORDERS)
def test_path_is_continuous(moves: str, fields: dict[str, Any]) -> None:
    fields = dict(fields)
    fields.pop("level", None)
    stall_turn = fields.pop("stall_turn_deg", 0)
    plane = make_plane(**fields)
    result = plan_move(plane, order(moves, stall_turn_deg=stall_turn), CTX)
    path = result.path
    assert path[0].mp == 0.0 and path[-1].mp == pytest.approx(plane.speed)
    assert len(path) >= 4 * plane.speed + 1
    for a, b in pairwise(path):
        assert b.mp > a.mp
        assert math.hypot(b.x_in - a.x_in, b.y_in - a.y_in) <= 0.3
        assert abs(b.alt_ft - a.alt_ft) <= 25.0
        assert abs(_gap(a.bank_deg, b.bank_deg)) <= 12.0 or abs(a.pitch_deg) >= 80
        assert abs(b.pitch_deg - a.pitch_deg) <= 12.0 or abs(a.pitch_deg) >= 80
        if abs(a.pitch_deg) < 80 and abs(b.pitch_deg) < 80:
            assert abs(_gap(a.heading_deg, b.heading_deg)) <= 46.0
    end = path[-1]
    assert (end.x_in, end.y_in, end.alt_ft) == pytest.approx(
        (result.end.x_in, result.end.y_in, result.end.alt_ft)
    )


def test_heading_on_an_arc_follows_the_tangent() -> None:
    result = plan_move(make_plane(speed=5), order("R B1:5"), CTX)
    radius = load_templates().template("B1").radius_in
    arc = result.path[4:]
    for a, b in pairwise(arc):
        assert _gap(a.heading_deg, b.heading_deg) == pytest.approx(
            math.degrees(0.25 / radius), abs=1e-6
        )
        chord = math.degrees(math.atan2(b.x_in - a.x_in, b.y_in - a.y_in))
        assert _gap(chord, (a.heading_deg + b.heading_deg) / 2) == pytest.approx(0.0, abs=1e-6)
    assert result.path[-1].bank_deg == pytest.approx(45.0)


def _gap(a: float, b: float) -> float:
    return (b - a + 180.0) % 360.0 - 180.0


def test_apply_move_writes_the_end() -> None:
    plane = make_plane(speed=7)
    result = plan_move(plane, order("R B1:3 L 4", power=3), CTX)
    apply_move(plane, result)
    assert (plane.x_in, plane.y_in, plane.heading_deg) == (
        result.end.x_in,
        result.end.y_in,
        result.end.heading_deg,
    )
    assert plane.speed == result.speed_next == 7 + 3 - 3
    assert plane.mp_since_roll == 4 and plane.template is None


def test_plan_move_does_not_touch_the_plane() -> None:
    plane = make_plane(bank=1, template="B1", template_in=2.0)
    before = (plane.x_in, plane.y_in, plane.bank, plane.speed, plane.template, plane.template_in)
    plan_move(plane, order("B1:4 L 6"), CTX)
    assert before == (plane.x_in, plane.y_in, plane.bank, plane.speed, plane.template, 2.0)


# --- candidate rounds ------------------------------------------------------------------


CANDIDATE_PLANES = [
    {},
    {"bank": 1, "template": "B1", "template_in": 2.0},
    {"bank": 1, "template": "B1", "template_in": 1.0, "speed": 6},
    {"bank": -1},
    {"pitch": 2},
    {"pitch": -2, "bank": 1},
    {"level": "green", "pitch": 1},
    {"bank": 4, "speed": 14},
    {"speed": 15, "crits": ["ailerons_damaged", "rudder_hit"]},
]


@pytest.mark.parametrize("fields", CANDIDATE_PLANES)
def test_candidate_moves_are_legal_and_varied(fields: dict[str, Any]) -> None:
    plane = make_plane(**fields)
    rounds = candidate_moves(plane, CTX)
    assert 1 <= len(rounds) <= 30
    ends = set()
    for candidate in rounds:
        result = plan_move(plane, candidate, CTX)
        ends.add((round(result.end.x_in, 2), round(result.end.y_in, 2), result.end.alt_ft))
    if plane.pitch != 2:
        assert len(ends) >= 5


def test_candidates_change_template_at_the_next_blue_mark() -> None:
    plane = make_plane(bank=1, template="B1", template_in=1.0)
    texts = [write_moves(r.moves) for r in candidate_moves(plane, CTX)]
    assert "B1:2 D1:8" in texts and "B1:2 slip:8" in texts


def test_candidates_include_half_loops_and_stall_turns() -> None:
    vertical = candidate_moves(make_plane(pitch=2), CTX)
    assert any(plan_move(make_plane(pitch=2), r, CTX).notes == ["half-loop"] for r in vertical)
    banked = candidate_moves(make_plane(bank=1), CTX)
    assert any(r.stall_turn_deg == 180 for r in banked)


def test_plan_move_is_fast() -> None:
    import time

    plane = make_plane(speed=15)
    move = order("R B1:4 D1:4 L 3 U 3")
    plan_move(plane, move, CTX)
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(50):
            plan_move(plane, move, CTX)
        best = min(best, (time.perf_counter() - start) / 50)
    assert best < 0.001


def test_dual_control_observer_flies_for_a_killed_pilot() -> None:
    chart = scout_chart(crew=2, dual_control=True)
    plane = make_plane(chart=chart, observer=CrewState(Crew(missions=3)))
    plane.pilot.wound = "killed"
    assert plan_move(plane, order("R B1:10"), CTX).end.template == "B1"
    plane.observer = None
    assert "spinning out of control" in plan_move(plane, order("R B1:10"), CTX).notes


def test_context_is_frozen() -> None:
    with pytest.raises(AttributeError):
        CTX.round = 4  # type: ignore[misc]
    assert MoveContext(1, "1916-01").take_off_landing is False
