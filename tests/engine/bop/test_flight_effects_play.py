"""Flight Effects (SoP 04) played inside the game loop: crew G, structure G, uncontrolled."""

from pathlib import Path

import numpy as np
import pytest

from engine.bop.game import Game
from engine.bop.phases import imposed_orders
from engine.phad import Attitude
from models.scenario import load_scenario
from models.timeline import Timeline
from tests.engine.bop.conftest import solo

MERGE = Path(__file__).resolve().parents[3] / "scenarios" / "demo" / "2v2-merge.toml"


LOC_SEED = 36
"""A seed of the 2v2 demo in which Fulcrum 2's 9 G pull to the vertical knocks its pilot out."""


@pytest.fixture(scope="module")
def merge() -> Timeline:
    return Game(load_scenario(MERGE), LOC_SEED).run()


def kinds_for(timeline: Timeline, entity: str) -> list[str]:
    return [e.kind for e in timeline.meta.events if entity in e.entities]


def test_one_g_flight_makes_no_crew_g_check() -> None:
    level = {"segments": [{"kind": "straight", "ticks": 10}]}
    timeline = Game(solo([level], turns=3)).run()
    assert not [e for e in timeline.meta.events if e.kind.startswith("crew")]
    assert set(timeline.channels["bop.crew_state"][0]) == {"ok"}


def test_a_hard_pull_rolls_crew_g_for_the_pilot() -> None:
    pull = {"kind": "turn", "load_g": 9.0, "cells": 1, "ticks": 10}
    timeline = Game(solo([{"segments": [pull]}], speed_kt=500, turns=1)).run()
    checks = [e for e in timeline.meta.events if e.kind == "crew_g"]
    assert len(checks) == 1 and "pilot" in checks[0].detail and "9.0 G" in checks[0].detail
    rolls = [e.detail for e in timeline.meta.events if e.kind == "dice"]
    assert any("crew G check, pilot, Test 1, turn 1" in d for d in rolls)


def test_every_crew_member_checks_crew_g() -> None:
    pull = {"kind": "turn", "load_g": 5.0, "cells": 1, "ticks": 10}
    timeline = Game(solo([{"segments": [pull]}], type_id="F-4E", speed_kt=450, turns=1)).run()
    checked = [e.detail.split(":")[0] for e in timeline.meta.events if e.kind == "crew_g"]
    assert checked == ["Test 1 pilot", "Test 1 back seat"]


def test_pulling_past_the_safe_load_rolls_structure_g() -> None:
    push = {"kind": "turn", "load_g": 4.0, "cells": 1, "negative": True, "ticks": 10}
    timeline = Game(solo([{"segments": [push]}], speed_kt=500, turns=1)).run()
    kinds = [e.kind for e in timeline.meta.events]
    assert "overload" in kinds and "structure_g" in kinds
    assert any("structure G check" in e.detail for e in timeline.meta.events if e.kind == "dice")


def test_the_unconscious_pilots_aircraft_flies_uncontrolled(merge: Timeline) -> None:
    """Seeded demo (LOC_SEED): Fulcrum 2 loses consciousness at the end of turn 3 with its Nose at
    +90, so turn 4 is an involuntary straight segment whatever its script says."""
    events = [e for e in merge.meta.events if "fulcrum-2" in e.entities]
    loc = [e for e in events if e.kind == "crew_g" and "loss of consciousness" in e.detail]
    assert loc and loc[0].t_s == 18.0
    assert [e.t_s for e in events if e.kind == "uncontrolled"] == [18.0, 24.0]
    turn4 = [r for r in merge.meta.turn_table if r["turn"] == 4 and r["aircraft"] == "fulcrum-2"]
    assert turn4[0]["max_load_g"] == 0.0 and turn4[0]["nose"] == "All+90"
    index = merge.entity_index("fulcrum-2")
    crew = merge.channels["bop.crew_state"][index]
    t = merge.t_s
    assert set(crew[(t > 18.0) & (t <= 24.0)]) == {"pilot: loc"}
    assert crew[-1] == "ok"


def test_flight_effects_are_deterministic(merge: Timeline) -> None:
    again = Game(load_scenario(MERGE), LOC_SEED).run()
    assert [e.detail for e in again.meta.events] == [e.detail for e in merge.meta.events]
    assert np.array_equal(again.channels["bop.crew_state"], merge.channels["bop.crew_state"])


def test_an_uncontrolled_aircraft_pointing_off_a_vertical_velocity_flies_straight() -> None:
    """Its Nose points at 210+60 but its Velocity is All+90: pointing ends before it flies,
    so the imposed unloaded game-turn is a straight segment ("Unloaded Flight")."""
    game = Game(solo([{"segments": [{"kind": "straight", "ticks": 10}]}]))
    state = game.aircraft["test-1"]
    state.attitude = Attitude("210+60", "180-30", "105+00", velocity="All+90", lift="195+00")
    state.uncontrolled = True
    imposed = imposed_orders(
        game.aircraft, game.scripted_orders(), advanced_rules=game.scenario.advanced_rules
    )["test-1"]
    assert [s.kind for s in imposed.segments] == ["straight"]
    game.play_turn(game.scripted_orders())  # and the rules accept it
