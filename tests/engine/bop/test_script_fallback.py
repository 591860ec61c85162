"""A script whose plot does not fit the game-turn: stop, or the AI pilot flies that turn."""

from typing import Any

import pytest

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from models.scenario import Scenario, load_scenario
from scenarios import find_scenario

STRAIGHT = {"throttle": "mil", "segments": [{"kind": "straight", "ticks": 10}]}
TOO_HARD = {  # far past the F-16C's aero load limit at 300 kt
    "throttle": "mil",
    "segments": [
        {"kind": "straight", "ticks": 1, "roll_cells": 3},
        {"kind": "turn", "ticks": 9, "load_g": 9.0, "nose": "105+00"},
    ],
}


def duel(when_unflyable: str) -> Scenario:
    """Viper 1's script asks for 9 G at 300 kt on game-turn 2."""

    def jet(callsign: str, kind: str, side: str, hex_: str, nose: str, wing: str) -> dict[str, Any]:
        return {
            "callsign": callsign,
            "type": kind,
            "side": side,
            "hex": hex_,
            "alt_steps": 75,
            "attitude": {"nose": nose, "canopy": "All+90", "wing": wing},
            "speed_kt": 300,
            "throttle": "mil",
        }

    viper = jet("Viper 1", "F-16C", "blue", "0,0", "015+00", "105+00")
    viper["script"] = {"plots": [STRAIGHT, TOO_HARD, STRAIGHT], "when_unflyable": when_unflyable}
    bandit = jet("Fulcrum 1", "MiG-29", "red", "0,60", "195+00", "285+00")
    bandit["script"] = {"plots": [STRAIGHT]}
    return Scenario.model_validate(
        {
            "format_version": 1,
            "name": "unflyable",
            "rules": "bop",
            "turns": 4,
            "aircraft": [viper, bandit],
        }
    )


def test_by_default_an_unflyable_plot_stops_the_game_naming_it() -> None:
    with pytest.raises(IllegalOrder) as stopped:
        Game(duel("stop"), seed=1).run()
    assert "Viper 1" in str(stopped.value) and "turn 2" in str(stopped.value)


def test_the_ai_flies_the_turn_the_script_cannot_and_the_script_resumes() -> None:
    timeline = Game(duel("ai"), seed=1).run()
    notes = [e for e in timeline.meta.events if e.data.get("script") == "unflyable"]
    assert len(notes) == 1  # game-turn 2 only: turn 3's straight plot is the script's again
    note = notes[0]
    assert note.kind == "pilot" and note.entities == ("viper-1",)
    assert note.t_s == pytest.approx(6.0)  # decided at the start of game-turn 2
    assert "cannot fly the scripted plot for game-turn 2" in note.detail
    assert "the AI pilot flies this game-turn" in note.detail
    assert float(timeline.t_s[-1]) == pytest.approx(24.0)  # all four game-turns flown


def test_every_seed_plays_coral_sea_through_and_the_shipped_seed_keeps_its_script() -> None:
    scenario = load_scenario(find_scenario("historical/coral-sea-1972"))
    broken = 0
    for seed in (*range(1, 15), scenario.seed):
        timeline = Game(scenario, seed=seed).run()
        assert float(timeline.t_s[-1]) == pytest.approx(scenario.turns * 6.0)
        notes = [e for e in timeline.meta.events if e.data.get("script") == "unflyable"]
        if seed == scenario.seed:
            assert notes == []  # the golden's game is the script, untouched
        broken += bool(notes)
    # Seeds whose dice make a plot unflyable play on: 1, 9 and 12 of 1 to 14.
    assert broken >= 3
