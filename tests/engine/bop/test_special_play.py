"""Collisions, ejection and Post-Battle Fate in the game loop ("Special Rules")."""

from pathlib import Path
from typing import Any

from engine.bop.game import Game
from engine.phad import Attitude
from models.scenario import Scenario, load_scenario
from tests.engine.bop.conftest import LEVEL_NORTH, solo

HISTORICAL = Path(__file__).resolve().parents[3] / "scenarios" / "historical"


def formation(seed: int) -> Scenario:
    """Two F-16Cs in one hex at one altitude flying the same straight line."""
    plane: dict[str, Any] = {
        "type": "F-16C",
        "hex": "0,0",
        "alt_steps": 75,
        "attitude": LEVEL_NORTH,
        "speed_kt": 450,
        "throttle": "mil",
        "script": {"plots": [{"segments": [{"kind": "straight", "ticks": 10}]}]},
    }
    return Scenario.model_validate(
        {
            "name": "formation",
            "turns": 1,
            "seed": seed,
            "aircraft": [
                {**plane, "callsign": "Lead", "side": "blue"},
                {**plane, "callsign": "Wing", "side": "blue"},
            ],
        }
    )


def test_aircraft_sharing_a_hex_and_altitude_roll_to_avoid_each_other() -> None:
    timeline = Game(formation(1)).run()
    checks = [e for e in timeline.meta.events if e.kind == "collision"]
    assert len(checks) == 1 and set(checks[0].entities) == {"lead", "wing"}
    rolls = [e.detail for e in timeline.meta.events if e.kind == "dice"]
    assert sum("collision avoidance" in d for d in rolls) == 2


def test_a_collision_damages_both_aircraft() -> None:
    for seed in range(1, 60):
        timeline = Game(formation(seed)).run()
        hit = [e for e in timeline.meta.events if e.kind == "collision" and e.data["collided"]]
        if hit:
            break
    else:
        raise AssertionError("no collision in 59 seeds")
    damage = timeline.channels["bop.damage"][:, -1]
    assert all(text.split("/")[0] != "0" for text in damage), damage


def test_the_shot_down_pilot_ejects_and_rolls_a_fate() -> None:
    timeline = Game(load_scenario(HISTORICAL / "guns-duel.toml")).run()
    kinds = [(e.kind, e.entities) for e in timeline.meta.events if e.kind in ("ejection", "fate")]
    assert kinds == [("ejection", ("fagot-1",)), ("fate", ("fagot-1",))]
    kill, ejection = (
        next(e for e in timeline.meta.events if e.kind == k) for k in ("kill", "ejection")
    )
    assert ejection.t_s == kill.t_s


def test_no_ejection_from_an_aircraft_that_flies_into_the_ground() -> None:
    dive = Attitude(**LEVEL_NORTH).turn(1, negative_load=True)
    marks = {"nose": str(dive.nose), "canopy": str(dive.canopy), "wing": str(dive.wing)}
    scenario = solo(
        [{"segments": [{"kind": "straight", "ticks": 10}]}], attitude=marks, alt_steps=4, turns=3
    )
    kinds = [e.kind for e in Game(scenario).run().meta.events]
    assert "ground" in kinds and "ejection" not in kinds
