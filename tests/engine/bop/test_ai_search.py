"""The AI pilot's search and the planner's memory: every roll of every tail is flown and
ranked as an exhaustive search ranks them, and what the planner remembers answers as
working it out again does."""

from __future__ import annotations

from pathlib import Path

from engine.bop.ai.candidates import candidates, searched, tails_for
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.legality import flight_conditions, plan
from engine.bop.maneuvers.search import Outcome, Tail, start_attitude, try_plot
from engine.bop.plotting import plot_turn
from engine.phad import Attitude
from models.aircraft import card
from models.scenario import load_scenario

BFM = Path(__file__).parents[3] / "scenarios" / "bfm"


def _game() -> Game:
    return Game(load_scenario(BFM / "perch-3000.toml"), 1)


def _score(outcome: Outcome) -> float:
    """Any score that tells the candidates apart: where the aircraft ends, then its Nose."""
    x, y, z = outcome.end_ft
    nose = outcome.end_attitude.nose
    return 0.001 * x - 0.002 * y + 0.01 * z + 0.1 * nose.ring + 0.01 * (nose.heading_deg or 0)


def _exhaustive(
    game: Game, aircraft: str, tails: list[tuple[Tail, int]], start: Attitude
) -> list[tuple[float, Outcome]]:
    """Every group's first legal plot, scored, best first (ties in the order tried)."""
    scored = []
    for group in candidates("mil", start, tails, False):
        for plot in group:
            outcome = try_plot(game, aircraft, plot)
            if outcome is not None:
                scored.append((_score(outcome), outcome))
                break
    scored.sort(key=lambda pair: pair[0])
    return scored


def test_a_search_of_every_roll_ranks_the_candidates_as_an_exhaustive_one() -> None:
    game = _game()
    me = game.aircraft["viper-1"]
    start = start_attitude(game, me.id)
    tails = tails_for((0.0, 1.0, 0.0), 7.0)
    expected = _exhaustive(game, me.id, tails, start)
    found = searched(game, me.id, "mil", start, tails, False, _score)
    assert [(v, o.plot) for v, o in found] == [(v, o.plot) for v, o in expected]


def test_the_planners_memory_answers_as_plotting_again_does() -> None:
    game = _game()
    me = game.aircraft["viper-1"]
    rules = game.scenario.advanced_rules
    start = start_attitude(game, me.id)
    for group in candidates("mil", start, tails_for((1.0, 0.0, 0.0), 7.0), False):
        for orders in group:
            conditions = flight_conditions(me, orders.throttle, advanced_rules=rules)
            try:
                fresh = plot_turn(conditions, me.attitude, orders, me.tp_carry, 0)
            except IllegalOrder as error:
                try:
                    plan(me, orders, 1, None, advanced_rules=rules)
                except IllegalOrder as remembered:
                    assert (remembered.rule, remembered.problem) == (error.rule, error.problem)
                else:
                    raise AssertionError(f"{orders} was refused, then planned") from None
                continue
            assert plan(me, orders, 1, None, advanced_rules=rules).plot == fresh
            assert plan(me, orders, 1, None, advanced_rules=rules).plot == fresh


def test_flight_conditions_follow_the_state_not_the_object() -> None:
    """The game changes an aircraft's state in place: remembered conditions must go with
    the speed, altitude and weight they were found for."""
    game = _game()
    me = game.aircraft["viper-1"]
    rules = game.scenario.advanced_rules
    before = flight_conditions(me, "mil", advanced_rules=rules)
    speed = me.speed_kt
    me.speed_kt = 300
    try:
        slower = flight_conditions(me, "mil", advanced_rules=rules)
        assert slower.speed_kt == 300 and slower.max_pull_g < before.max_pull_g
    finally:
        me.speed_kt = speed
    assert flight_conditions(me, "mil", advanced_rules=rules) == before


def test_a_changed_copy_of_a_card_is_another_card() -> None:
    """Cards remember their hash; a copy with a change neither equals nor hashes as the
    card it came from, and an equal copy does both."""
    f16 = card("F-16C")
    lighter = f16.model_copy(update={"wing_area_ft2": f16.wing_area_ft2 - 1.0})
    same = f16.model_copy()
    assert hash(f16) == hash(f16)
    assert lighter != f16 and hash(lighter) != hash(f16)
    assert same == f16 and hash(same) == hash(f16)
