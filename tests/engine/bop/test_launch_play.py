"""Missile launches in the game loop beyond the single shot: pair launches, IR follow-ons
and snapshots (SoP 02 and SoP 07)."""

from typing import Any

import pytest
from pydantic import ValidationError

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.initiative import Initiative, order_of_flight
from engine.bop.sensors.common import Awareness
from engine.bop.sensors.radar import RadarState
from models.orders import MissileOrder
from models.scenario import Scenario

NORTH = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
STRAIGHT = [{"kind": "straight", "ticks": 10}]


def chase(shooter_type: str, missiles: list[str], order: dict[str, Any], seed: int) -> Game:
    """``shooter_type`` 2 nm behind an F-15C, both heading north, the shooter ordered to fire
    ``order`` at it."""
    plane: dict[str, Any] = {"alt_steps": 100, "speed_kt": 450, "throttle": "mil"}
    scenario = Scenario.model_validate(
        {
            "name": "chase",
            "turns": 1,
            "seed": seed,
            "aircraft": [
                {
                    **plane,
                    "callsign": "Shooter 1",
                    "type": shooter_type,
                    "side": "red",
                    "hex": "0,0",
                    "attitude": NORTH,
                    "missiles": missiles,
                    "script": {"plots": [{"segments": STRAIGHT, "missile": order}]},
                },
                {
                    **plane,
                    "callsign": "Eagle 1",
                    "type": "F-15C",
                    "side": "blue",
                    "hex": "5,11",
                    "attitude": NORTH,
                    "script": {"plots": [{"segments": STRAIGHT}]},
                },
            ],
        }
    )
    return Game(scenario)


def launched(event: Any, missile_id: str) -> bool:
    """``event`` records ``missile_id`` leaving the rail (not a failed launch roll)."""
    return bool(event.kind == "launch" and event.data.get("launched")) and (
        event.data.get("missile") == missile_id
    )


def launches(game: Game) -> list[Any]:
    events = game.play_turn(game.scripted_orders()).events
    return [e for e in events if e.kind in ("launch", "no_launch")]


def locked(game: Game) -> Game:
    shooter = game.aircraft["shooter-1"]
    shooter.sensors.radar = RadarState("STT", (Awareness("radar", "Eagle 1", "track", 0),))
    return game


def test_a_pair_launch_fires_two_at_once_where_the_card_notes_it() -> None:
    order = {"type": "R-27R", "target": "eagle-1", "pair": True}
    for seed in range(1, 40):
        fired = [
            e
            for e in launches(locked(chase("MiG-29", ["R-27R", "R-27R"], order, seed)))
            if e.kind == "launch" and e.data.get("launched")
        ]
        if len(fired) == 2:
            break
    else:
        raise AssertionError("no seed launched both R-27Rs")
    assert [e.entities[0] for e in fired] == ["shooter-1-m1", "shooter-1-m2"]
    assert fired[0].data["boost_fp"] == fired[1].data["boost_fp"]  # side by side, not a follow-on


def test_a_pair_launch_is_refused_where_the_card_does_not_note_it() -> None:
    order = {"type": "AIM-7E-2", "target": "eagle-1", "pair": True}
    for seed in range(1, 40):
        events = launches(locked(chase("F-4E", ["AIM-7E-2", "AIM-7E-2"], order, seed)))
        if any(e.kind == "launch" and e.data.get("launched") for e in events):
            break
    held = [e for e in events if e.kind == "no_launch"]
    assert held and "Pair Launches: the aircraft's card does not note them" in held[0].detail


def test_an_ir_follow_on_needs_a_slaved_acquisition() -> None:
    order = {"type": "R-73", "target": "eagle-1", "follow_on": True}
    outcomes = set()
    for seed in range(1, 60):
        game = chase("MiG-29", ["R-73", "R-73"], order, seed)
        shooter = game.aircraft["shooter-1"]
        shooter.sensors.ir_lock = Awareness("R-73", "Eagle 1", "acquisition", 0)
        events = game.play_turn(game.scripted_orders()).events
        if not any(launched(e, "shooter-1-m1") for e in events):
            continue
        slaved = [e for e in events if "Slaved IRM Acquisition" in e.detail]
        assert slaved, "the follow-on tried no slaved acquisition"
        second = any(launched(e, "shooter-1-m2") for e in events)
        refused = any("slaved acquisition" in e.detail for e in events if e.kind == "no_launch")
        outcomes.add("second" if second else "refused" if refused else "failed roll")
    assert "second" in outcomes  # close astern the slaved seeker nearly always locks on


def test_a_declared_snapshot_fires_when_the_seeker_locks_on() -> None:
    order = {"type": "R-73", "target": "eagle-1", "snapshot": True}
    results = set()
    for seed in range(1, 40):
        game = chase("MiG-29", ["R-73"], order, seed)
        game.awareness.order = order_of_flight(
            {"Shooter 1": Initiative(2), "Eagle 1": Initiative(1)}, {"Shooter 1": "Eagle 1"}
        )
        events = game.play_turn(game.scripted_orders()).events
        declared = [e for e in events if e.kind == "snapshot"]
        assert declared and "declares a R-73 snapshot at Eagle 1" in declared[0].detail
        cockpit = [s.task for s in game.aircraft["shooter-1"].ledgers[0].spends]
        assert "cockpit action: launch" in cockpit  # paid whether or not it fires
        assert any("Slaved IRM Acquisition" in e.detail for e in events)
        if any(e.kind == "launch" for e in events):
            results.add("fired")
        elif any("did not lock on" in e.detail for e in events):
            results.add("no lock")
    assert "fired" in results  # close astern the seeker nearly always locks on


def test_no_snapshot_without_a_fix() -> None:
    order = {"type": "R-73", "target": "eagle-1", "snapshot": True}
    game = chase("MiG-29", ["R-73"], order, 1)
    orders = game.scripted_orders()
    assert not game.legal(orders)
    with pytest.raises(IllegalOrder, match="fixed in snapshot parameters") as refused:
        game.play_turn(orders)
    assert (refused.value.rule, refused.value.aircraft) == (
        "Declare a Missile Snapshot, SoP 02",
        "Shooter 1",
    )
    assert game.turn == 0


def test_a_missile_order_is_one_kind_of_launch() -> None:
    with pytest.raises(ValidationError, match="not more than one"):
        MissileOrder.model_validate(
            {"type": "R-73", "target": "eagle-1", "pair": True, "follow_on": True}
        )
