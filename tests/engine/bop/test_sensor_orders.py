"""legal() judges the sensor declarations of an order (SoP 02) with the rest of it: each
refusal is an IllegalOrder naming the rule, the aircraft and the game-turn, raised before
the game-turn changes anything."""

from typing import Any

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from models.orders import BopPlot
from models.scenario import Scenario

STRAIGHT = [{"kind": "straight", "ticks": 10}]
NORTH = {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}


def pair(shooter_type: str, missiles: list[str]) -> Game:
    """``shooter_type`` 2 nm behind an F-15C, both heading north, awareness rules on."""
    plane: dict[str, Any] = {"alt_steps": 100, "speed_kt": 450, "throttle": "mil"}
    return Game(
        Scenario.model_validate(
            {
                "name": "pair",
                "turns": 1,
                "seed": 1,
                "aircraft": [
                    {
                        **plane,
                        "callsign": "Shooter 1",
                        "type": shooter_type,
                        "side": "red",
                        "hex": "0,0",
                        "attitude": NORTH,
                        "missiles": missiles,
                        "script": {"plots": [{"segments": STRAIGHT}]},
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
    )


def orders_with(game: Game, sensors: dict[str, Any]) -> dict[str, BopPlot]:
    orders = game.scripted_orders()
    orders["shooter-1"] = BopPlot.model_validate({"segments": STRAIGHT, "sensors": sensors})
    return orders


@pytest.mark.parametrize(
    ("shooter", "sensors", "rule", "why"),
    [
        ("F-86F", {"radar": "STT"}, "Set Radar Mode, SoP 02", "no STT mode; modes: Bo"),
        ("F-4E", {"radar": "TWS"}, "Set Radar Mode, SoP 02", "has no TWS mode"),
        ("F-4E", {"radar_target": "nobody-1"}, "Set Radar Mode, SoP 02", "'nobody-1'"),
        ("F-4E", {"radar_target": "shooter-1"}, "Set Radar Mode, SoP 02", "aircraft: eagle-1"),
        ("F-4E", {"ir_missile": "AIM-7E-2"}, "Select Weapon, SoP 02", "no AIM-7E-2 IR missile"),
        ("F-4E", {"ir_missile": "AIM-9L"}, "Select Weapon, SoP 02", "IR missiles carried: none"),
        ("MiG-21MF", {"decoy_program": 1}, "Setting Decoy Program, SoP 02", "no decoy dispenser"),
        ("F-4E", {"radar": "STT"}, "Set Radar Mode, SoP 02", "STT Mode: needs a tracked target"),
    ],
)
def test_a_sensor_declaration_the_aircraft_cannot_make_is_illegal(
    shooter: str, sensors: dict[str, Any], rule: str, why: str
) -> None:
    game = pair(shooter, ["AIM-7E-2"] if shooter == "F-4E" else [])
    orders = orders_with(game, sensors)
    assert not game.legal(orders)
    with pytest.raises(IllegalOrder) as refused:
        game.play_turn(orders)
    assert refused.value.rule == rule and why in refused.value.problem
    assert (refused.value.aircraft, refused.value.turn, game.turn) == ("Shooter 1", 1, 0)


def test_sensor_declarations_the_set_can_make_are_legal() -> None:
    game = pair("F-4E", ["AIM-7E-2", "AIM-9L"])
    orders = orders_with(game, {"radar": "Bo", "radar_target": "eagle-1", "ir_missile": "AIM-9L"})
    assert game.legal(orders)
    game.play_turn(orders)
    assert game.aircraft["shooter-1"].sensors.radar is not None
    assert game.aircraft["shooter-1"].sensors.radar.mode == "Bo"
