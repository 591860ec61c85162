"""Non-pilot flight (Aircrew, "Non-pilot flight"): a crew member permitted to fly may pay
4 AP to take control in a game-turn after the one flying is incapacitated, and flies the
aircraft normally from the next game-turn; the aircraft is uncontrolled for at least one."""

from typing import Any

import pytest
from pydantic import ValidationError

from engine.bop.effects import CrewState
from engine.bop.game import Game
from models.aircraft import AircraftCard, card
from models.orders import BopPlot
from tests.engine.bop.conftest import solo

HARD_TURN = {"segments": [{"kind": "turn", "load_g": 4.0, "cells": 1, "ticks": 10}]}
KILLED = CrewState(wounds=2)


def game_with_pilot_killed(type_id: str, plot: dict[str, Any] = HARD_TURN) -> Game:
    """A two-seat aircraft whose pilot was killed before the game-turn began."""
    game = Game(solo([plot], type_id=type_id, turns=3, speed_kt=400))
    state = game.aircraft["test-1"]
    state.crew[0] = KILLED
    state.uncontrolled = True
    return game


def kinds(result: Any) -> list[str]:
    return [e.kind for e in result.events]


def test_the_f4e_back_seat_takes_control_and_flies_from_the_next_game_turn() -> None:
    game = game_with_pilot_killed("F-4E")
    state = game.aircraft["test-1"]
    first = game.play_turn(game.scripted_orders())
    paid = [e for e in first.events if e.kind == "take_control"]
    assert paid and "4 AP" in paid[0].detail and paid[0].data == {"seat": 1}
    assert [s.task for s in state.ledgers[1].spends][:1] == ["take_control"]
    assert "uncontrolled" in kinds(first)  # still uncontrolled for this game-turn
    assert first.aircraft["test-1"].greatest_load_g == 0.0
    assert "control" in kinds(first)
    assert state.flyer_seat == 1 and not state.uncontrolled
    assert [ledger.pilot for ledger in state.ledgers] == [False, True]
    second = game.play_turn(game.scripted_orders())
    assert "uncontrolled" not in kinds(second) and "take_control" not in kinds(second)
    assert second.aircraft["test-1"].greatest_load_g == 4.0  # flies its own plot


def test_the_navy_f4b_back_seat_has_no_controls() -> None:
    """The radar officer stays aboard here (by doctrine it would eject)."""
    game = game_with_pilot_killed("F-4B", {**HARD_TURN, "crew": {"eject": False}})
    for _ in range(2):
        result = game.play_turn(game.scripted_orders())
        assert "take_control" not in kinds(result) and "uncontrolled" in kinds(result)
    assert game.aircraft["test-1"].flyer_seat == 0


def test_the_crew_orders_can_forbid_taking_control() -> None:
    game = game_with_pilot_killed("F-4E", {**HARD_TURN, "crew": {"take_control": False}})
    result = game.play_turn(game.scripted_orders())
    assert "take_control" not in kinds(result)
    assert game.aircraft["test-1"].uncontrolled


def test_the_back_seat_may_take_over_from_a_conscious_pilot_without_an_uncontrolled_turn() -> None:
    """Taking control from a crew member still flying leaves no uncontrolled period."""
    game = Game(solo([{**HARD_TURN, "crew": {"take_control": True}}, HARD_TURN], type_id="F-4E"))
    first = game.play_turn(game.scripted_orders())
    assert "take_control" in kinds(first) and "uncontrolled" not in kinds(first)
    assert first.aircraft["test-1"].greatest_load_g == 4.0
    state = game.aircraft["test-1"]
    assert state.flyer_seat == 1
    second = game.play_turn(game.scripted_orders())
    assert "uncontrolled" not in kinds(second)


def test_a_take_control_order_held_over_does_not_pass_the_controls_back() -> None:
    """A script's last plot is flown again when its plots run out: an order to take control
    that stands game-turn after game-turn hands over once, and the back seat keeps flying."""
    straight = {"segments": [{"kind": "straight", "ticks": 10}]}
    game = Game(solo([{**straight, "crew": {"take_control": True}}], type_id="F-4E", turns=4))
    paid = []
    for _ in range(4):
        paid += [
            e for e in game.play_turn(game.scripted_orders()).events if e.kind == "take_control"
        ]
    assert len(paid) == 1 and game.aircraft["test-1"].flyer_seat == 1


def test_the_new_flyer_knocked_out_leaves_the_aircraft_uncontrolled_again() -> None:
    game = game_with_pilot_killed("F-4E")
    game.play_turn(game.scripted_orders())
    state = game.aircraft["test-1"]
    state.crew[1] = KILLED  # the back seat is now the one flying
    result = game.play_turn(game.scripted_orders())
    assert "uncontrolled" in kinds(result)
    assert state.uncontrolled


def test_a_single_seater_cannot_have_back_seat_controls() -> None:
    data = card("F-16C").model_dump()
    data["back_seat_controls"] = True
    with pytest.raises(ValidationError, match=r"back_seat_controls.*crew = 2 or more"):
        AircraftCard.model_validate(data)


def test_take_control_must_be_true_or_false() -> None:
    with pytest.raises(ValidationError, match="take_control"):
        BopPlot.model_validate(
            {"segments": [{"kind": "straight", "ticks": 10}], "crew": {"take_control": "yes"}}
        )
