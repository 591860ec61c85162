"""Ejection by choice ("Ejection": crew may eject when the aircraft is destroyed or in the
Administrative phase, SoP 11): the crew orders' ``eject`` or the doctrine (spinning below
10,000 ft above the ground, or nobody aboard left who may fly it) abandons the aircraft."""

from typing import Any

import pytest
from pydantic import ValidationError

from engine.bop.departure import SpinState
from engine.bop.effects import CrewState
from engine.bop.game import Game
from models.orders import BopPlot
from tests.engine.bop.conftest import solo

LEVEL = {"segments": [{"kind": "straight", "ticks": 10}]}
KILLED = CrewState(wounds=2)


def kinds(result: Any) -> list[str]:
    return [e.kind for e in result.events]


def test_a_crew_ordered_out_abandon_the_aircraft_and_make_their_ejection_attempts() -> None:
    game = Game(solo([{**LEVEL, "crew": {"eject": True}}], turns=2))
    result = game.play_turn(game.scripted_orders())
    abandon = [e for e in result.events if e.kind == "abandon"]
    assert abandon and "ordered" in abandon[0].detail
    assert "ejection" in kinds(result)
    assert any("for ejection" in e.detail for e in result.events if e.kind == "dice")
    ejected = [e for e in result.events if e.kind == "ejection" and e.data["ejected"]]
    assert bool(ejected) == ("fate" in kinds(result))  # Post-Battle Fate for those out
    assert not game.aircraft["test-1"].active


def test_no_ejection_without_cause() -> None:
    game = Game(solo([LEVEL], turns=1))
    result = game.play_turn(game.scripted_orders())
    assert "abandon" not in kinds(result) and "ejection" not in kinds(result)


KEEPS_SPINNING_SEED = 3
"""With this seed a spin at departure result -2 fails its Spin Recovery (d10 0: keeps
spinning) without going flat."""


def spinning(alt_steps: int, plot: dict[str, Any] = LEVEL) -> Game:
    game = Game(solo([plot], alt_steps=alt_steps, speed_kt=250, turns=2), KEEPS_SPINNING_SEED)
    game.aircraft["test-1"].spin = SpinState(-2)
    return game


def test_a_crew_spinning_below_10000_ft_ejects_by_doctrine() -> None:
    game = spinning(45)  # 9,000 ft at the start; lower after a spinning game-turn
    result = game.play_turn(game.scripted_orders())
    state = game.aircraft["test-1"]
    assert any("keeps spinning" in e.detail for e in result.events if e.kind == "spin_recovery")
    abandon = [e for e in result.events if e.kind == "abandon"]
    assert abandon and "still spinning at 6,800 ft above the ground" in abandon[0].detail
    assert "ejection" in kinds(result)
    assert not state.active


def test_a_crew_spinning_high_stays_with_it() -> None:
    game = spinning(150)  # 30,000 ft: room to recover
    result = game.play_turn(game.scripted_orders())
    assert "abandon" not in kinds(result)


def test_the_orders_can_keep_a_spinning_crew_aboard() -> None:
    game = spinning(45, {**LEVEL, "crew": {"eject": False}})
    result = game.play_turn(game.scripted_orders())
    assert "abandon" not in kinds(result)


def test_the_f4b_radar_officer_ejects_when_the_pilot_is_killed() -> None:
    """The Navy back seat has no flight controls: with the pilot dead nobody can fly it."""
    game = Game(solo([LEVEL], type_id="F-4B", turns=2))
    state = game.aircraft["test-1"]
    state.crew[0], state.uncontrolled = KILLED, True
    result = game.play_turn(game.scripted_orders())
    abandon = [e for e in result.events if e.kind == "abandon"]
    assert abandon and "nobody aboard can fly it" in abandon[0].detail
    attempts = [e for e in result.events if e.kind == "ejection"]
    assert attempts and all("back seat" in e.detail for e in attempts)


def test_the_f4e_back_seat_takes_control_instead_of_ejecting() -> None:
    game = Game(solo([LEVEL], type_id="F-4E", turns=2))
    state = game.aircraft["test-1"]
    state.crew[0], state.uncontrolled = KILLED, True
    result = game.play_turn(game.scripted_orders())
    assert "abandon" not in kinds(result) and "take_control" in kinds(result)


def test_an_eject_order_that_is_not_true_or_false_names_the_field() -> None:
    with pytest.raises(ValidationError, match=r"crew\.eject\n.*valid boolean"):
        BopPlot.model_validate(
            {"segments": [{"kind": "straight", "ticks": 10}], "crew": {"eject": "maybe"}}
        )
