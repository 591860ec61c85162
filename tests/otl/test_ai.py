"""The AI pilot of Over the Lines: whom it focuses on (Phase 1), how it flies for a shot and
away from one (Phase 2), when it fires (Phase 3), and that every order it gives is one the
rules accept.

The set-ups start from the shipped Camel-and-Albatros duel at one height, both heading east
(heading 90), the Camel at the table's middle unless a test says otherwise; north (+y) is off
its left wing.
"""

from __future__ import annotations

import copy
import functools
import math
from pathlib import Path
from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.otl.game import OtlGame
from engine.otl.geometry import in_fixed_lane
from engine.otl.movement import MoveContext, plan_move
from engine.otl.targeting import check_target
from engine.rulesets import load_scenario
from models.files import read_toml
from models.otl.orders import write_moves
from models.otl.scenario import OtlScenario
from scenarios import find_scenario, shipped

SHIPPED = sorted(
    f"otl/{Path(str(f)).name.removesuffix('.toml')}"
    for f in shipped()
    if Path(str(f)).parent.name == "otl"
)
CAMEL: dict[str, Any] = {"x_in": 0.0, "y_in": 0.0, "alt_ft": 7500, "heading_deg": 90}


@functools.cache
def duel_table() -> dict[str, Any]:
    return read_toml(Path(str(find_scenario("otl/camel-vs-albatros"))))


def game_of(camel: dict[str, Any], *others: dict[str, Any]) -> OtlGame:
    """The duel with the Camel's set-up changed and the given German planes (each a change
    to the shipped Albatros, with its own callsign when there are several)."""
    raw = copy.deepcopy(duel_table())
    albatros = raw["aircraft"][1]
    raw["aircraft"][0].update(camel)
    raw["aircraft"][1:] = [{**albatros, **other} for other in others]
    return OtlGame(OtlScenario.model_validate(raw))


def german(n: int, x: float, y: float, **changes: Any) -> dict[str, Any]:
    return {
        "callsign": f"Albatros {n}",
        "id": f"albatros-{n}",
        "x_in": x,
        "y_in": y,
        "alt_ft": 7500,
        "heading_deg": 90,
        "ai": {"target": None},
        **changes,
    }


# --- Phase 1 --------------------------------------------------------------------------------


def test_it_focuses_on_an_enemy_in_range() -> None:
    game = game_of({**CAMEL, "ai": {"target": None}}, german(1, 15.0, 0.0))
    camel = game.planes["camel-1"]
    chosen = game.ai["camel-1"].choose_target(game, camel)
    assert chosen == "albatros-1"
    check_target(camel, chosen, game.planes, 1, game.can_see)


def test_it_prefers_its_set_up_target_when_in_range() -> None:
    game = game_of(
        {**CAMEL, "ai": {"target": "albatros-2"}},
        german(1, 8.0, 0.0),
        german(2, 20.0, 6.0),
    )
    assert game.ai["camel-1"].choose_target(game, game.planes["camel-1"]) == "albatros-2"


def test_without_a_set_up_target_it_takes_the_one_nearest_its_nose() -> None:
    game = game_of(
        {**CAMEL, "ai": {"target": None}},
        german(1, 2.0, 12.0),  # off the left wing
        german(2, 14.0, 0.0),  # dead ahead
    )
    assert game.ai["camel-1"].choose_target(game, game.planes["camel-1"]) == "albatros-2"


def test_it_keeps_last_rounds_target_out_to_the_doubled_range() -> None:
    game = game_of(
        {**CAMEL, "ai": {"target": None}},
        german(1, 40.0, 0.0),  # beyond 24 in, inside 48 in
        german(2, 20.0, 3.0),
    )
    camel = game.planes["camel-1"]
    assert game.ai["camel-1"].choose_target(game, camel) == "albatros-2"
    camel.last_target = "albatros-1"
    assert game.ai["camel-1"].choose_target(game, camel) == "albatros-1"


def test_with_no_enemy_in_range_it_focuses_on_no_one() -> None:
    game = game_of({**CAMEL, "ai": {"target": "albatros-1"}}, german(1, 60.0, 0.0))
    assert game.ai["camel-1"].choose_target(game, game.planes["camel-1"]) is None
    assert game.play_turn({}).movers[0].move_class == 4


def test_a_spinning_or_blacked_out_pilot_focuses_on_no_one() -> None:
    game = game_of({**CAMEL}, german(1, 15.0, 0.0))
    camel = game.planes["camel-1"]
    camel.condition = "spin"
    assert game.ai["camel-1"].choose_target(game, camel) is None
    camel.condition = "normal"
    camel.pilot.blacked_out = True
    assert game.ai["camel-1"].choose_target(game, camel) is None


# --- Phase 2 and 3: turning for a shot ------------------------------------------------------


@pytest.mark.parametrize("off_in", [3.0, -3.0])
def test_it_turns_to_put_a_target_off_its_nose_in_the_gun_lane_and_fires(off_in: float) -> None:
    """The Albatros flies straight on 12 in ahead and 3 in off the Camel's line (outside the
    2 in lane of its Vickers); the Camel moves after it (class 3), turns towards it, ends
    with it in the lane and fires."""
    game = game_of(
        {**CAMEL, "ai": {"target": "albatros-1"}},
        german(1, 12.0, off_in, speed=9, pilot="script", script=[{"moves": "9"}]),
    )
    camel, albatros = game.planes["camel-1"], game.planes["albatros-1"]
    assert not in_fixed_lane(camel, albatros)
    record = game.play_turn(game.scripted_orders())
    assert [m.id for m in record.movers] == ["albatros-1", "camel-1"]
    assert camel.heading_deg != 90.0
    turned_left = (camel.heading_deg - 90.0) % 360.0 > 180.0
    assert turned_left == (off_in > 0), camel.heading_deg
    assert in_fixed_lane(camel, albatros)
    fired = [e for e in record.events if e.kind == "otl.fire" and e.entities[0] == "camel-1"]
    assert [e.entities for e in fired] == [("camel-1", "albatros-1")]


def test_it_fires_only_when_it_expects_a_hit() -> None:
    game = game_of({**CAMEL}, german(1, 6.0, 0.0), german(2, -30.0, 30.0))
    camel = game.planes["camel-1"]
    assert game.ai["camel-1"].choose_fire(game, camel) == {"vickers": "albatros-1"}
    camel.heading_deg = 270.0
    assert game.ai["camel-1"].choose_fire(game, camel) == {}


# --- Phase 2: breaking ----------------------------------------------------------------------


def tail_chase(aggression: float) -> OtlGame:
    """An Albatros 4 in behind the Camel, on its tail and focused on it."""
    game = game_of(
        {**CAMEL, "ai": {"target": None, "aggression": aggression}},
        german(1, -4.0, 0.0, speed=10),
    )
    game.planes["albatros-1"].target = "camel-1"
    return game


@pytest.mark.parametrize("aggression", [0.3, 0.5, 0.7])
def test_shot_at_from_its_tail_it_breaks_hard_rather_than_fly_straight(aggression: float) -> None:
    game = tail_chase(aggression)
    camel = game.planes["camel-1"]
    ctx = MoveContext(round=2, date=game.scenario.date)
    game.shot_at_by = {"camel-1": {"albatros-1"}}
    order = game.ai["camel-1"].choose_move(game, camel, ctx, None)
    result = plan_move(camel, order, ctx)
    turned = abs((result.end.heading_deg - 90.0 + 180.0) % 360.0 - 180.0)
    assert any(step.fly == "turn" for step in order.moves), write_moves(order.moves)
    assert turned >= 45.0, (write_moves(order.moves), turned)


def test_with_no_one_after_it_the_same_plane_flies_straight_on() -> None:
    """The Albatros far ahead, flying away: the Camel keeps on after it."""
    game = game_of({**CAMEL, "ai": {"target": None}}, german(1, 60.0, 0.0))
    camel = game.planes["camel-1"]
    ctx = MoveContext(round=2, date=game.scenario.date)
    order = game.ai["camel-1"].choose_move(game, camel, ctx, None)
    result = plan_move(camel, order, ctx)
    assert abs((result.end.heading_deg - 90.0 + 180.0) % 360.0 - 180.0) < 45.0


def test_a_plane_that_cannot_choose_flies_on_as_the_rules_force_it() -> None:
    game = game_of({**CAMEL}, german(1, 15.0, 0.0))
    camel = game.planes["camel-1"]
    camel.condition = "stalled"
    order = game.ai["camel-1"].choose_move(game, camel, MoveContext(round=2, date="1917-07"), None)
    assert order.moves == ()


# --- every order legal ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("name", SHIPPED)
def test_every_order_the_ai_gives_in_15_rounds_is_legal(name: str, seed: int) -> None:
    """Every plane flown by the AI pilot (scripts left out), 15 rounds whatever happens: the
    game checks each target, move and fire order, and would raise IllegalOrder."""
    scenario = load_scenario(Path(str(find_scenario(name))))
    assert isinstance(scenario, OtlScenario)
    game = OtlGame(scenario, seed=seed)
    for number in range(1, 16):
        try:
            record = game.play_turn({})
        except IllegalOrder as error:  # pragma: no cover - the failure's message
            pytest.fail(f"{name}, seed {seed}: {error}")
        assert record.number == number
    for row in game.writer.table:
        assert row["class"] and row["moves"] != "-", row
    assert not math.isnan(sum(p.x_in + p.y_in for p in game.planes.values()))
