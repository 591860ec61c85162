"""A Phantoms game played through its Sequence of Play (§3.0): set-up, the phases and
segments, scripts and AI pilots, reinforcements, the record."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.errors import IllegalOrder
from engine.phantoms.game import SEGMENTS, PhantomsGame
from engine.rulesets import load_scenario
from models.phantoms.orders import PhantomsTurn
from models.phantoms.scenario import PhantomsScenario
from scenarios import find_scenario

SHIPPED = sorted(p.stem for p in Path(find_scenario("phantoms/coral-sea-1")).parent.glob("*.toml"))


def shipped(name: str) -> PhantomsScenario:
    scenario = load_scenario(find_scenario(f"phantoms/{name}"))
    assert isinstance(scenario, PhantomsScenario)
    return scenario


def duel(**changes: object) -> PhantomsScenario:
    """Two aircraft on a small mat: a scripted F-4E and an AI MiG-21MF."""
    raw: dict[str, object] = {
        "name": "duel",
        "rules": "phantoms",
        "year": 1972,
        "turns": 4,
        "seed": 7,
        "aircraft": [
            {"callsign": "Blue", "type": "f-4e", "side": "us", "hex": "0,0", "facing": 0,
             "level": 4, "speed": 5, "pilot": "script", "markers": "RT S S LT"},
            {"callsign": "Red", "type": "mig-21mf", "side": "vpaf", "hex": "0,12", "facing": 3,
             "level": 4, "speed": 5},
        ],
    }  # fmt: skip
    raw.update(changes)
    return PhantomsScenario.model_validate(raw)


def test_the_segments_run_in_the_seeds_order() -> None:
    assert [name for name, _ in SEGMENTS] == [
        "movement", "fire_check", "afterburner", "spotting", "missile_impact", "guns",
        "launch", "radar_lock", "marking",
    ]  # fmt: skip


def test_every_aircraft_starts_with_a_marker_out() -> None:
    game = PhantomsGame(duel())
    assert all(plane.marker is not None for plane in game.planes.values())


def test_the_script_pilot_flies_its_markers() -> None:
    game = PhantomsGame(duel())
    blue = game.planes["blue"]
    assert blue.marker is not None and blue.marker.maneuver == "RT"
    game.play_turn({})
    assert blue.facing != 0 or blue.marker.maneuver != "RT"
    turn_table = game.writer.table
    assert [row["aircraft"] for row in turn_table] == ["blue", "red"]


def test_same_seed_same_timeline() -> None:
    one = PhantomsGame(shipped("coral-sea-1"), seed=3).run()
    two = PhantomsGame(shipped("coral-sea-1"), seed=3).run()
    assert one.meta.events == two.meta.events
    for name, values in one.channels.items():
        assert np.array_equal(values, two.channels[name], equal_nan=values.dtype.kind == "f"), name


def test_a_set_phase_speed_the_card_refuses_names_the_rule() -> None:
    game = PhantomsGame(duel())
    with pytest.raises(IllegalOrder, match=r"§5\.0"):
        game.play_turn({"blue": PhantomsTurn(speed=10)})


def test_vietnam_rules_hold_low_aircraft_to_speed_five() -> None:
    scenario = duel(options={"vietnam": True})
    raw = scenario.model_dump(mode="json")
    raw["aircraft"][0]["level"] = 1
    game = PhantomsGame(PhantomsScenario.model_validate(raw))
    assert max(game.legal_speeds(game.planes["blue"])) == 5


def test_a_marker_the_rules_refuse_names_the_rule() -> None:
    raw = duel().model_dump(mode="json")
    raw["aircraft"][0]["stores"] = {"mk-82": 4}
    raw["aircraft"][0]["markers"] = "LOOP"
    with pytest.raises(IllegalOrder, match=r"§6\.1"):
        PhantomsGame(PhantomsScenario.model_validate(raw))


def test_the_d4_arms_that_many_mig_21s() -> None:
    game = PhantomsGame(shipped("coral-sea-1"), seed=11)
    armed = [pid for pid in ("blue-1", "blue-2", "blue-3", "blue-4")
             if game.planes[pid].missiles.get("aa-2", 0) == 2]  # fmt: skip
    throws = [r.value for r in game.dice.rolls if "armed" in r.purpose]
    assert all(value in (0, 5, 6, 7, 8, 9) for value in throws[:-1])
    assert armed == ["blue-1", "blue-2", "blue-3", "blue-4"][: throws[-1]]


def test_reinforcements_come_on_their_roll_with_their_own_ids() -> None:
    game = PhantomsGame(shipped("coral-sea-2"), seed=5)
    game.run(turns=12)
    arrived = [pid for pid in game.planes if pid.startswith("blue-")]
    arrivals = [r for r in game.dice.rolls if r.purpose.startswith("reinforcements mig-21-pair,")]
    hits = [r for r in arrivals if r.value in (9, 0)]
    assert len(arrived) == 2 * min(len(hits), 3)
    assert len(set(arrived)) == len(arrived)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_scenario_plays_to_its_end(name: str) -> None:
    game = PhantomsGame(shipped(name))
    timeline = game.run()
    ticks = len(timeline.t_s)
    assert ticks == 1 + 100 * game.turn
    assert timeline.channels["x_ft"].shape[1] == ticks
    rows = {row["aircraft"] for row in timeline.meta.turn_table}
    assert rows <= set(game.planes)
    kinds = {info.kind for info in timeline.meta.entities}
    assert "aircraft" in kinds


def test_the_hex_channels_hold_the_rules_hexes() -> None:
    game = PhantomsGame(duel())
    timeline = game.run()
    blue = [info.id for info in timeline.meta.entities].index("blue")
    q = timeline.channels["phantoms.hex_q"][blue][-1]
    r = timeline.channels["phantoms.hex_r"][blue][-1]
    plane = game.planes["blue"]
    assert (q, r) == (plane.hex.q, plane.hex.r)
