"""Stores and fuel in the game loop (SoP 11): missile weight and drag, jettison, Bingo and
flame-out, and the Weapon Launch cockpit action (SoP 07)."""

from typing import Any

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.sensors.common import Awareness
from engine.bop.sensors.radar import RadarState
from models.missile import missile_card
from models.scenario import Scenario
from tests.engine.bop.conftest import solo

LEVEL = [{"kind": "straight", "ticks": 10}]


def phantom(plot: dict[str, Any], missiles: list[str], **setup: Any) -> Scenario:
    scenario = solo([plot], type_id="F-4E", turns=2)
    loaded = scenario.aircraft[0].model_copy(update={"missiles": tuple(missiles), **setup})
    return scenario.model_copy(update={"aircraft": (loaded,)})


def test_missiles_weigh_and_drag_until_they_are_gone() -> None:
    clean = Game(phantom({"segments": LEVEL}, [])).aircraft["test-1"]
    loaded = Game(phantom({"segments": LEVEL}, ["AIM-7E-2"] * 4)).aircraft["test-1"]
    sparrow = missile_card("AIM-7E-2")
    assert loaded.weight_lb - clean.weight_lb == pytest.approx(4 * sparrow.weight_lb)
    # The Form + Stores Drag Table: 4 x 4.5 = 18 stores points at +1 per 10.6 is 1 drag point.
    assert loaded.stores_points == 4 * sparrow.stores_points == 18.0
    assert loaded.stores_drag_points == 1
    assert loaded.stores_cd0 == pytest.approx(0.002)
    assert clean.stores_cd0 == 0


def test_jettisoned_stores_leave_in_the_administrative_phase() -> None:
    game = Game(phantom({"segments": LEVEL, "jettison": True}, ["AIM-7E-2"] * 4))
    state = game.aircraft["test-1"]
    heavy = state.weight_lb
    events = game.play_turn(game.scripted_orders()).events
    (dropped,) = [e for e in events if e.kind == "jettison"]
    assert "4 AIM-7E-2" in dropped.detail
    assert state.missiles_left == {"AIM-7E-2": 0} and state.stores_cd0 == 0
    assert heavy - state.weight_lb > 4 * 400  # the Sparrows, and a little fuel


def test_no_jettison_in_a_hard_turn() -> None:
    hard = {
        "segments": [{"kind": "turn", "load_g": 5.0, "cells": 1, "ticks": 10}],
        "jettison": True,
    }
    game = Game(phantom(hard, ["AIM-7E-2"]))
    with pytest.raises(IllegalOrder, match=r"pulls 5\.0 G\).*Jettisoning External Stores"):
        game.play_turn(game.scripted_orders())


def test_bingo_is_called_and_an_empty_tank_flames_the_engines_out() -> None:
    game = Game(phantom({"throttle": "ab", "segments": LEVEL}, [], fuel_fp=3, bingo_fp=2))
    state = game.aircraft["test-1"]
    events: list[Any] = []
    for _ in range(5):  # about a Fuel Point a turn in afterburner
        events.extend(game.play_turn(game.scripted_orders()).events)
    kinds = [e.kind for e in events]
    assert "bingo" in kinds
    assert any("runs out of fuel" in e.detail for e in events)
    assert state.fuel_fp == 0 and state.engine_outputs("ab") == [("idle", 0.0), ("idle", 0.0)]


def test_a_launch_pays_the_weapon_launch_cockpit_action() -> None:
    from tests.engine.bop.test_launch_play import chase

    order = {"type": "R-27R", "target": "eagle-1"}
    game = chase("MiG-29", ["R-73", "R-27R"], order, 3)
    shooter = game.aircraft["shooter-1"]
    shooter.sensors.radar = RadarState("STT", (Awareness("radar", "Eagle 1", "track", 0),))
    game.play_turn(game.scripted_orders())
    paid = [s.task for s in shooter.ledgers[0].spends]
    # The R-73 was selected at take-off: the R-27R needs Weapon Select, then Weapon Launch.
    assert paid.index("cockpit action: weapon_select") < paid.index("cockpit action: launch")
    assert shooter.selected_weapon == "R-27R"


def test_the_game_keeps_the_fuel_rows_carries_turn_by_turn() -> None:
    """ "Fuel" in play: the F-15C of the rulebook's example (67 FP, 12,000 ft) spends a Fuel
    Point on its first AB turn and carries 4; later AB turns keep adding to the AB carry, the
    Dry turns fill the Dry carry alone, and the timeline's fuel steps down only at a turn's
    end (the Administrative phase)."""
    plots = [{"throttle": "ab", "segments": LEVEL}] * 2 + [{"segments": LEVEL}] * 4
    scenario = solo(plots, type_id="F-15C", speed_kt=330, alt_steps=60, turns=6)
    timeline = Game(scenario).run()
    rows = [row for row in timeline.meta.turn_table if row["aircraft"] == "test-1"]
    assert (rows[0]["fuel_fp"], rows[0]["dry_carry"], rows[0]["ab_carry"]) == (66, 0, 4)
    assert rows[1]["dry_carry"] == 0 and rows[1]["ab_carry"] > 4
    assert all(row["ab_carry"] == rows[1]["ab_carry"] for row in rows[2:])
    fuel = [67] + [row["fuel_fp"] for row in rows]
    dry = [0] + [row["dry_carry"] for row in rows]
    for turn in range(3, 7):  # a Dry turn spends a Fuel Point exactly when its box wraps
        wrapped = dry[turn] < dry[turn - 1]
        assert fuel[turn - 1] - fuel[turn] == int(wrapped)
    assert fuel[2] - fuel[6] == 1 and rows[5]["dry_carry"] < 45  # one Dry Fuel Point
    channel = timeline.channels["bop.fuel_fp"][0]
    assert list(channel[:11]) == [67.0] * 10 + [66.0]
