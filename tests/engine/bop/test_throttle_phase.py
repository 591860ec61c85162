"""Compressor stalls in the game loop ("Compressor Stall", "Engine Out")."""

from engine.bop.game import Game
from engine.bop.throttle_phase import compressor_restarts
from engine.bop.turn import TurnContext
from engine.dice import Dice, pips_table
from models.aircraft import card
from models.scenario import Scenario
from tests.engine.bop.conftest import solo


def slow_phantom(throttle_ordered: str = "ab", speed_kt: int = 140) -> Scenario:
    """An F-4E (J79s, subject to compressor stall) at Idle, slow enough to have its Q-mark
    in the Controllability Region, ordered to open the throttle."""
    scenario = solo(
        [{"throttle": throttle_ordered, "segments": [{"kind": "straight", "ticks": 10}]}],
        type_id="F-4E",
        speed_kt=speed_kt,
        turns=2,
    )
    idle = scenario.aircraft[0].model_copy(update={"throttle": "idle"})
    return scenario.model_copy(update={"aircraft": (idle,)})


def play_first_turn(scenario: Scenario, recorded: list[tuple[str, int]]) -> tuple[Game, list]:
    game = Game(scenario, 1)
    game.dice = Dice.seeded(1, recorded=recorded)  # type: ignore[arg-type]
    result = game.play_turn(game.scripted_orders())
    return game, list(result.events)


def test_the_phantoms_engines_are_subject_to_stall_and_the_migs_centrifugal_one_is_not() -> None:
    assert card("F-4E").engines.subject_to_compressor_stall
    assert not card("MiG-15bis").engines.subject_to_compressor_stall


def test_opening_from_idle_to_ab_in_the_controllability_region_rolls_on_column_six() -> None:
    game, events = play_first_turn(slow_phantom(), [("percentile", 0)])
    rolls = [e for e in events if e.kind == "dice" and "compressor stall" in e.detail]
    assert len(rolls) == 1 and rolls[0].data["column"] == 6  # 3 steps advanced, times two
    assert game.aircraft["test-1"].stalled_engines == frozenset()
    assert game.aircraft["test-1"].throttle == "ab"


def test_no_roll_outside_the_region_or_for_a_one_step_advance() -> None:
    fast = Game(slow_phantom(speed_kt=450), 1)
    events = fast.play_turn(fast.scripted_orders()).events
    assert not [e for e in events if "compressor stall" in e.detail]
    one_step = slow_phantom()
    mil = one_step.aircraft[0].model_copy(update={"throttle": "mil"})
    game = Game(one_step.model_copy(update={"aircraft": (mil,)}), 1)
    events = game.play_turn(game.scripted_orders()).events
    assert not [e for e in events if "compressor stall" in e.detail]


def test_both_engines_stalled_fly_the_turn_at_idle_and_cannot_restart_below_240_keas() -> None:
    game, events = play_first_turn(slow_phantom(), [("percentile", 99)])
    state = game.aircraft["test-1"]
    assert state.stalled_engines == frozenset({1, 2})
    assert state.throttle == "idle" and state.throttle_step == 0
    assert any(e.kind == "engine" and "compressor stall, engine 1, 2" in e.detail for e in events)
    assert any("too slow to restart" in e.detail for e in events)
    # The next turn's AB order cannot move stalled engines: the aircraft stays at Idle.
    second = game.play_turn(game.scripted_orders())
    assert game.aircraft["test-1"].throttle == "idle"
    assert second.samples["test-1"]["throttle_label"][0] == "idle"


def test_one_engine_stalled_costs_departure_points_by_throttle_step() -> None:
    column_six_three_pips = next(roll for roll in range(100) if pips_table().read(6, roll) == 3)
    game, events = play_first_turn(
        slow_phantom(), [("percentile", column_six_three_pips), ("d10", 7)]
    )
    state = game.aircraft["test-1"]
    assert state.stalled_engines == frozenset({2})  # d10 7 on a twin picks engine 2
    loss = next(e for e in events if "loses an engine to compressor stall" in e.detail)
    assert loss.data["departure_points"] == 3  # the running engine reached AB, step 3
    assert state.engine_outputs("ab") == [("ab", 1.0), ("idle", 1.0)]


def test_a_two_pip_result_holds_the_throttle_at_normal() -> None:
    two_pips = next(roll for roll in range(100) if pips_table().read(6, roll) == 2)
    game, events = play_first_turn(slow_phantom(), [("percentile", two_pips)])
    state = game.aircraft["test-1"]
    assert any(e.kind == "throttle" and "only reaches Normal" in e.detail for e in events)
    assert state.throttle == "mil" and state.throttle_step == 1
    assert state.engine_outputs("mil") == [("mil", 0.5), ("mil", 0.5)]


def test_a_stalled_engine_restarts_at_240_keas_or_more_on_d10_of_1_or_more() -> None:
    game, _ = play_first_turn(slow_phantom(), [("percentile", 99)])
    state = game.aircraft["test-1"]
    state.speed_kt = 420
    game.dice = Dice.seeded(1, recorded=[("d10", 0), ("d10", 4)])
    orders = {"test-1": game.scripted_orders()["test-1"].model_copy(update={"throttle": "idle"})}
    events = game.play_turn(orders).events
    assert any("engine 1 fails to restart" in e.detail for e in events)
    assert any("engine 2 restarts at Idle" in e.detail for e in events)
    assert state.stalled_engines == frozenset({1})


def test_the_restarts_read_the_turns_context_and_are_timed_at_its_end() -> None:
    game, _ = play_first_turn(slow_phantom(), [("percentile", 99)])
    state = game.aircraft["test-1"]
    state.speed_kt = 420
    ctx = TurnContext(Dice.seeded(1, recorded=[("d10", 4), ("d10", 0)]), turn=2)
    events = compressor_restarts(game.aircraft, ctx)
    assert [e.t_s for e in events] == [ctx.end_s, ctx.end_s]
    assert [r.purpose for r in ctx.dice.rolls] == [
        "compressor stall restart, Test 1 engine 1, turn 2",
        "compressor stall restart, Test 1 engine 2, turn 2",
    ]
    assert state.stalled_engines == frozenset({2})
