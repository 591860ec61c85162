"""The crew's Activity Points in the game loop: recovered each turn (SoP 01) and paid for
the Strain, Control, Spin Recovery and Damage Control tasks as they come up."""

from dataclasses import replace
from typing import Any

import pytest

from engine.bop.damage import CriticalHit, DamageState
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from models.aircraft import card
from tests.engine.bop.conftest import solo

LEVEL = {"segments": [{"kind": "straight", "ticks": 10}]}
HARD_TURN = {"segments": [{"kind": "turn", "load_g": 6.0, "cells": 1, "ticks": 10}]}


def with_crew(plot: dict[str, Any], **crew: Any) -> dict[str, Any]:
    return {**plot, "crew": crew}


def fuel_leak(type_id: str) -> DamageState:
    """A Damage box with one Fuel critical hit taken before the game began."""
    return replace(
        DamageState.for_card(card(type_id)),
        hits=(("Fuel", 1),),
        criticals=(CriticalHit("Fuel", "fuel_leak", "fuel leak"),),
        last_hit_turn=(("Fuel", 0),),
    )


def test_every_conscious_crew_member_recovers_their_activity_points_each_turn() -> None:
    game = Game(solo([LEVEL], type_id="F-4E", turns=2))
    game.play_turn(game.scripted_orders())
    ledgers = game.aircraft["test-1"].ledgers
    assert [ledger.who for ledger in ledgers] == ["Test 1 pilot", "Test 1 back seat"]
    assert [ledger.remaining_ap for ledger in ledgers] == [6, 6]  # average crew, nothing spent


def test_a_hard_pull_strains_and_the_strain_is_paid_from_the_ap() -> None:
    game = Game(solo([HARD_TURN], turns=1))
    game.play_turn(game.scripted_orders())
    state = game.aircraft["test-1"]
    assert state.strain_ap == [2]  # the F-16C crew's modern G-training allows 2 AP
    assert [s.task for s in state.ledgers[0].spends] == ["strain"]
    assert state.ledgers[0].remaining_ap == 4


def test_the_crew_orders_can_forbid_straining() -> None:
    game = Game(solo([with_crew(HARD_TURN, strain_ap=0)], turns=1))
    game.play_turn(game.scripted_orders())
    state = game.aircraft["test-1"]
    assert state.strain_ap == [0] and state.ledgers[0].remaining_ap == 6


def test_orders_to_strain_beyond_the_g_training_are_illegal() -> None:
    """Early G-training lets a crew member strain with 1 AP at most (SoP 04): an order for 2
    is refused by ``legal()`` before the game-turn, not quietly cut to 1."""
    game = Game(solo([with_crew(HARD_TURN, strain_ap=2)], type_id="MiG-15bis", turns=1))
    orders = game.scripted_orders()
    assert not game.legal(orders)
    with pytest.raises(IllegalOrder, match=r"at most 1 AP, not 2 \(Strain, SoP 04"):
        game.play_turn(orders)
    allowed = Game(solo([with_crew(HARD_TURN, strain_ap=1)], type_id="MiG-15bis", turns=1))
    allowed.play_turn(allowed.scripted_orders())
    assert allowed.aircraft["test-1"].strain_ap == [1]


def test_the_control_task_is_paid_before_a_departure_check() -> None:
    game = Game(solo([with_crew(LEVEL, control_ap=1)], turns=1))
    state = game.aircraft["test-1"]
    state.departure_points = 3
    result = game.play_turn(game.scripted_orders())
    check = next(e for e in result.events if e.kind in ("departure_check", "departure"))
    assert check.data["control_ap"] == 1
    assert [s.task for s in state.ledgers[0].spends] == ["control"]
    assert state.ledgers[0].remaining_ap == 5


def test_damage_control_costs_four_ap_per_treated_system() -> None:
    game = Game(solo([LEVEL], type_id="F-4E", turns=1))
    state = game.aircraft["test-1"]
    state.damage = fuel_leak("F-4E")
    events = game.play_turn(game.scripted_orders()).events
    assert [e.kind for e in events].count("damage_control") == 1
    assert [ledger.remaining_ap for ledger in state.ledgers] == [2, 6]  # one system, one hand


def test_damage_control_can_be_left_out_by_the_crew_orders() -> None:
    game = Game(solo([with_crew(LEVEL, damage_control=False)], type_id="F-4E", turns=1))
    state = game.aircraft["test-1"]
    state.damage = fuel_leak("F-4E")
    events = game.play_turn(game.scripted_orders()).events
    assert "damage_control" not in [e.kind for e in events]
