"""The Flight Leader roll-off, initiative, the movement groups and the field's edges
(§Pre-Flight Instructions, §Initiative, §Movement, §Damage)."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.fc.field_edges import first_exit, nearest_edge
from engine.fc.initiative import movement_groups, roll_initiative
from engine.fc.pilots import movement_halves, roll_off
from models.fc.scenario import FieldRect


def rolled(*faces: int) -> Dice:
    return Dice.seeded(0, [("d6", face) for face in faces])


def test_the_highest_roll_leads_and_the_order_runs_in_pairs() -> None:
    order = roll_off(rolled(2, 6, 4, 1), "Red", ["a", "b", "c", "d"])
    assert order.order == ("b", "c", "a", "d")
    assert order.role("b") == "Flight Leader"
    assert order.role("c") == "Wingman"
    assert order.role("a") == "Section 1 leader"
    assert order.role("d") == "Section 1 wingman"


def test_ties_are_rolled_again_among_the_tied_only() -> None:
    dice = rolled(5, 5, 3, 2, 6)
    order = roll_off(dice, "Red", ["a", "b", "c"])
    assert order.order == ("b", "a", "c")
    assert len(dice.rolls) == 5
    assert all("§Pre-Flight Instructions" in roll.purpose for roll in dice.rolls)


def test_the_wingman_takes_over_when_the_leader_is_lost() -> None:
    order = roll_off(rolled(6, 5, 4, 3), "Red", ["a", "b", "c", "d"])
    assert order.leader({"a", "b", "c", "d"}) == "a"
    assert order.leader({"b", "c", "d"}) == "b"
    assert order.leader({"c", "d"}) == "c"
    assert order.leader(set()) is None


def test_initiative_re_rolls_ties() -> None:
    dice = rolled(4, 4, 2, 5)
    winner, rolls = roll_initiative(dice, {"raf": "red-1", "luftwaffe": "emil-1"})
    assert winner == "raf"
    assert dict(rolls) == {"luftwaffe": 2, "raf": 5}
    assert all("§Initiative" in roll.purpose for roll in dice.rolls)


def test_small_games_move_side_by_side_and_big_ones_by_sections() -> None:
    halves = {
        "a": movement_halves(["a1", "a2", "a3", "a4"], {}),
        "b": movement_halves(["b1", "b2", "b3", "b4"], {}),
    }
    assert halves["a"] == (("a1", "a2"), ("a3", "a4"))
    small = movement_groups("b", ("a", "b"), halves, on_field=7)
    assert [side for side, _ in small] == ["b", "a"]
    assert small[0][1] == ("b1", "b2", "b3", "b4")
    big = movement_groups("b", ("a", "b"), halves, on_field=8)
    assert big == (
        ("b", ("b1", "b2")),
        ("a", ("a1", "a2")),
        ("b", ("b3", "b4")),
        ("a", ("a3", "a4")),
    )


def test_the_scenario_may_divide_the_sections_itself() -> None:
    first, second = movement_halves(["a1", "a2", "a3"], {"a1": 2, "a2": 1, "a3": 2})
    assert first == ("a2",)
    assert second == ("a1", "a3")


@pytest.mark.parametrize(
    ("line", "edge", "x", "y"),
    [
        (((10.0, 10.0), (10.0, 25.0)), "north", 10.0, 20.0),
        (((10.0, 10.0), (-5.0, 10.0)), "west", 0.0, 10.0),
        (((10.0, 10.0), (20.0, 10.0), (35.0, 5.0)), "east", 30.0, 6.666666666666667),
        (((2.0, 2.0), (-2.0, -1.0)), "west", 0.0, 0.5),
    ],
)
def test_where_a_line_leaves_the_field(
    line: tuple[tuple[float, float], ...], edge: str, x: float, y: float
) -> None:
    field = FieldRect(width_ft=30.0, depth_ft=20.0)
    found = first_exit(field, line)
    assert found is not None
    assert found.edge == edge
    assert found.x_ft == pytest.approx(x)
    assert found.y_ft == pytest.approx(y)
    assert 0.0 < found.fraction <= 1.0


def test_a_line_inside_the_field_does_not_leave() -> None:
    field = FieldRect(width_ft=30.0, depth_ft=20.0)
    assert first_exit(field, ((1.0, 1.0), (29.0, 19.0))) is None
    assert nearest_edge(field, 29.0, 5.0) == "east"
