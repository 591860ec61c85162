"""Pilot skill, stalls, overdives and flying out of control (§Pilot Skill, §Stalls and
Overdive, §Skill Test Due to Damage)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrder
from engine.fc.condition import Condition
from engine.fc.control import level_for_quick_roll, passes, skill_for_kills
from engine.fc.control_phase import check_turn_limit, course_plot, falling_plot, held_plot
from models.fc.orders import FcPlot
from tests.fc.builders import plane


@pytest.mark.parametrize(
    ("die", "level"),
    [(1, "recruit"), (2, "veteran"), (3, "veteran"), (4, "veteran"), (5, "ace"), (6, "ace")],
)
def test_the_quick_method(die: int, level: str) -> None:
    """Worked example: 1 Recruit, 2–4 Veteran, 5–6 Ace."""
    assert level_for_quick_roll(die) == level


@pytest.mark.parametrize(
    ("level", "passing"), [("recruit", {5, 6}), ("veteran", {4, 5, 6}), ("ace", {3, 4, 5, 6})]
)
def test_the_skill_test_numbers(level: str, passing: set[int]) -> None:
    """Worked example: a Recruit passes on 5–6, a Veteran on 4–6, an Ace on 3–6."""
    assert {d for d in range(1, 7) if passes(d, 0, level)} == passing  # type: ignore[arg-type]


def test_modifiers_come_off_the_die() -> None:
    assert not passes(4, -1, "veteran")
    assert passes(2, 2, "veteran")


@pytest.mark.parametrize(
    ("kills", "level"),
    [(0, "recruit"), (1, "recruit"), (2, "veteran"), (4, "veteran"), (5, "ace"), (12, "ace")],
)
def test_the_campaign_method(kills: int, level: str) -> None:
    assert skill_for_kills(kills) == level


def test_a_blackout_course_dives_to_its_side() -> None:
    spit = plane("spitfire-ia", speed=3)
    condition = Condition.fresh(spit.sheet)
    left = course_plot(spit, condition, "dive_left")
    assert left.group == "dive" and left.bands < 0
    assert left.every_yardstick and left.turns_deg[0] < 0
    assert course_plot(spit, condition, "dive_right").turns_deg[0] > 0
    assert course_plot(spit, condition, "dive_ahead").turns_deg == ()
    climb = course_plot(spit, condition, "climb_ahead")
    assert climb.group == "climb" and climb.bands >= 0


def test_holding_course_repeats_last_turns_plot_inside_the_tail_limit() -> None:
    spit = plane("spitfire-ia", group="hard_turn", speed=3)
    spit.last_plot = FcPlot.parse("HT3 R50*")
    condition = Condition.fresh(spit.sheet)
    assert held_plot(spit, condition) == FcPlot.parse("HT3 R50*")
    condition.turn_limit_deg = 20
    held = held_plot(spit, condition)
    assert held.group == "turning" and held.turns_deg == (20,)


def test_a_tail_hit_refuses_a_players_big_turn() -> None:
    spit = plane("spitfire-ia", group="turning", speed=3)
    condition = Condition.fresh(spit.sheet)
    condition.turn_limit_deg = 20
    check_turn_limit(spit, FcPlot.parse("T3 R20*"), condition, 4)
    with pytest.raises(IllegalOrder, match="no turn of more than 20°"):
        check_turn_limit(spit, FcPlot.parse("T3 R30*"), condition, 4)


def test_a_wreck_falls_straight_down_to_the_ground() -> None:
    spit = plane("spitfire-ia", band=4)
    fall = falling_plot(spit)
    assert fall.group == "dive" and fall.bands == -4
