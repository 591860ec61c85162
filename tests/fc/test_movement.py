"""Laying yardsticks and every maneuver's limits and geometry (§Movement, §Flight
Instructions, §Pilot Skill)."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.fc.errors import IllegalPlot
from engine.fc.movement import apply_move, fly
from engine.fc.plotting import plot_problems
from engine.fc.triggers import SkillTestDue
from models.fc.orders import FcPlot
from tests.fc.builders import plane


def _distance(points: tuple[tuple[float, float], ...]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def test_a_spitfire_at_top_speed_lays_three_yardsticks() -> None:
    """§Movement's worked example: level flight at top speed, three yardsticks end to end."""
    move = fly(plane("spitfire-ia"), FcPlot.parse("L3"))
    assert move.yardsticks_ft == (3.0, 3.0, 3.0)
    assert move.line_ft == ((50.0, 50.0), (50.0, 53.0), (50.0, 56.0), (50.0, 59.0))
    assert move.end.heading_deg == 0.0 and move.end.band == 20


@pytest.mark.parametrize(("skill", "feet"), [("recruit", 9.0), ("veteran", 10.0), ("ace", 11.0)])
def test_pilot_skill_adds_feet(skill: str, feet: float) -> None:
    move = fly(plane(skill=skill), FcPlot.parse("L3"))  # type: ignore[arg-type]
    assert move.distance_ft == pytest.approx(feet)
    assert len(move.yardsticks_ft) == math.ceil(feet / 3.0)


def test_a_climb_costs_a_foot_a_band_and_a_dive_gives_one() -> None:
    climb = fly(plane(), FcPlot.parse("C3+4"))
    assert climb.distance_ft == pytest.approx(5.0) and climb.end.band == 24
    assert climb.yardsticks_ft == (3.0, 2.0)
    dive = fly(plane(group="dive"), FcPlot.parse("D3-3"))
    assert dive.distance_ft == pytest.approx(12.0) and dive.end.band == 17


def test_a_climb_cannot_spend_more_feet_than_the_move_has() -> None:
    slow = plane(group="climb", speed=1, skill="recruit")
    problems = plot_problems(slow, FcPlot.parse("C1+4"))
    assert problems and "costs 4 ft" in problems[0].text


def test_turning_limits_per_yardstick() -> None:
    """Spitfire Turning 3 turns 20–25° at each yardstick (its sheet)."""
    spitfire = plane(group="turning")
    move = fly(spitfire, FcPlot.parse("T3 R25*"))
    assert move.end.heading_deg == pytest.approx(75.0)
    assert move.schedule_deg == (0, 25, 25, 25)
    for text, words in (
        ("T3 R30*", "turns 30°; Turning 3 turns 20–25°"),
        ("T3 R15*", "turns 15°"),
        ("T3 R20 L20 R20", "same way"),
        ("T3 R20 R20", "needs 3 turns"),
    ):
        assert words in plot_problems(spitfire, FcPlot.parse(text))[0].text


def test_level_flight_turns_up_to_ten_degrees_either_way() -> None:
    move = fly(plane(), FcPlot.parse("L3 R10 L10 R5"))
    assert move.end.heading_deg == pytest.approx(5.0)
    assert "turns 15°" in plot_problems(plane(), FcPlot.parse("L3 R15 0 0"))[0].text


def test_the_first_turn_may_be_made_at_the_start() -> None:
    move = fly(plane(group="turning"), FcPlot.parse("T3 ^R20 R20 R20"))
    assert move.schedule_deg == (20, 20, 20, 0)
    assert move.headings_deg == (20.0, 40.0, 60.0)
    assert move.end.heading_deg == pytest.approx(60.0)
    x, y = move.line_ft[1]
    assert (x - 50.0, y - 50.0) == pytest.approx(
        (3 * math.sin(math.radians(20)), 3 * math.cos(math.radians(20)))
    )


def test_a_part_yardstick_turns_at_its_end_too() -> None:
    move = fly(plane(group="turning", skill="veteran"), FcPlot.parse("T3 R20*"))
    assert move.yardsticks_ft == (3.0, 3.0, 3.0, 1.0)
    assert move.end.heading_deg == pytest.approx(80.0)


def test_hard_turn_and_hard_roll_make_a_skill_test_due() -> None:
    move = fly(plane(group="turning", speed=2), FcPlot.parse("HT2 R50*"))
    assert move.tests == (SkillTestDue("hard_maneuver", move.tests[0].rule, 0, "stall"),)
    roll = fly(plane(group="hard_turn", speed=2), FcPlot.parse("HR2 L45*"))
    assert [t.reason for t in roll.tests] == ["hard_maneuver"]


def test_the_109s_slats_ease_its_hard_turn_test_at_low_speed() -> None:
    move = fly(plane("bf109e", group="turning", speed=2), FcPlot.parse("HT2 R45*"))
    assert move.tests[0].modifier == 1
    assert move.tests[0].target("recruit") == 4


def test_climbing_past_the_safe_rate_is_a_test_at_minus_one_a_band() -> None:
    """Spitfire Level 3's safe climb is (2): 4 bands is 2 over, a test at −2, stall on
    failure (§Flight Instructions, Climb)."""
    move = fly(plane(), FcPlot.parse("L3+4"))
    (test,) = move.tests
    assert (test.reason, test.modifier, test.on_fail, test.bands_over) == (
        "climb_over_safe",
        -2,
        "stall",
        2,
    )
    assert test.target("recruit") == 7  # a recruit cannot pass
    assert test.passes(6, "ace") and not test.passes(4, "ace")


def test_diving_past_the_safe_rate_is_an_overdive_test() -> None:
    move = fly(plane(group="dive", speed=3), FcPlot.parse("D3-7"))
    (test,) = move.tests
    assert (test.reason, test.modifier, test.on_fail) == ("dive_over_safe", -2, "overdive")


def test_a_merlin_pushing_over_into_a_dive_tests_but_rolling_in_does_not() -> None:
    assert [t.reason for t in fly(plane(), FcPlot.parse("D3-1")).tests] == ["dive_entry"]
    assert fly(plane("bf109e"), FcPlot.parse("D3-1")).tests == ()


def test_the_immelmann_reverses_climbs_a_band_and_sets_down_sideways() -> None:
    move = fly(plane(group="climb", heading_deg=90.0), FcPlot.parse("IM3 F-20 S+1"))
    assert move.shape == "immelmann"
    assert move.end.band == 21
    assert move.end.heading_deg == pytest.approx(250.0)
    assert (move.end.x_ft, move.end.y_ft) == pytest.approx(
        (50.0, 49.0)
    )  # 1 ft right of east is south
    assert move.distance_ft == 0.0


def test_speed_beyond_three_is_flown_after_the_reversal() -> None:
    move = fly(plane(group="dive", speed=4), FcPlot.parse("IM4"))
    assert move.distance_ft == pytest.approx(3.0)
    assert move.end.heading_deg == pytest.approx(180.0)
    assert (move.end.x_ft, move.end.y_ft) == pytest.approx((50.0, 47.0))


def test_the_immelmann_needs_speed_three() -> None:
    assert plot_problems(plane(group="climb", speed=2), FcPlot.parse("IM2"))


def test_the_loop_stays_in_place() -> None:
    move = fly(plane(group="immelmann"), FcPlot.parse("LP3 F+20 S-0.5"))
    assert move.end.band == 20
    assert move.end.heading_deg == pytest.approx(20.0)
    assert (move.end.x_ft, move.end.y_ft) == pytest.approx((49.5, 50.0))


def test_a_jink_moves_as_level_flight() -> None:
    jink = fly(plane(), FcPlot.parse("J3 R5 0 L5"))
    level = fly(plane(), FcPlot.parse("L3 R5 0 L5"))
    assert jink.line_ft == level.line_ft and jink.end == level.end


def test_applying_a_move_moves_the_pins() -> None:
    spitfire = plane()
    plot = FcPlot.parse("T3 L20*")
    move = fly(spitfire, plot)
    apply_move(spitfire, move)
    assert spitfire.box_key == ("turning", 3) and spitfire.last_plot == plot
    assert spitfire.pose == move.end
    with pytest.raises(IllegalPlot):
        fly(spitfire, FcPlot.parse("BR3"))


def test_the_line_is_as_long_as_the_yardsticks() -> None:
    move = fly(plane(group="turning", skill="ace"), FcPlot.parse("T3 L25*"))
    assert _distance(move.line_ft) == pytest.approx(move.distance_ft)
