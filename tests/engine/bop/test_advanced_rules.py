"""The rulebook's advanced rules as scenario switches, and the basic game without them."""

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.bop.advanced import RULE_TITLES
from engine.bop.ai.candidates import tails_for
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.plotting import ImposedUnload, plot_turn
from engine.phad import Attitude
from engine.rulesets import load_scenario
from models.orders import BopPlot
from models.scenario import ADVANCED_RULES, PLAYED_BY_DEFAULT, Scenario
from scenarios import shipped
from tests.engine.bop.conftest import conditions, solo
from tests.models.bad_files import refusal, scenario_text

LEVEL = Attitude(nose="015+00", canopy="All+90", wing="105+00")
PUSH = {"kind": "turn", "load_g": 2.0, "cells": 1, "ticks": 10, "negative": True}
UNLOAD = {"kind": "unload", "ticks": 10}
HALF_BARREL_ROLL = {
    "kind": "barrel_roll",
    "load_g": 5.0,
    "ticks": 10,
    "direction": "right",
    "full": False,
}
MANEUVERS = [
    ("negative_loads", "Negative Loads", PUSH),
    ("unloaded_flight", "Unloaded Flight", UNLOAD),
    ("barrel_rolls", "Barrel Rolls", HALF_BARREL_ROLL),
]


def played_with(scenario: Scenario, rules: tuple[str, ...]) -> Scenario:
    return scenario.model_copy(update={"advanced_rules": rules})


def one_segment(segment: dict[str, Any]) -> BopPlot:
    return BopPlot.model_validate({"segments": [segment]})


def test_every_advanced_rule_but_g_onset_and_the_odd_couple_is_played_unless_told() -> None:
    scenario = solo([{"segments": [{"kind": "straight", "ticks": 10}]}])
    assert scenario.advanced_rules == PLAYED_BY_DEFAULT
    assert set(ADVANCED_RULES) - set(PLAYED_BY_DEFAULT) == {"g_onset", "odd_couple"}
    assert tuple(RULE_TITLES) == ADVANCED_RULES  # every switch has its rulebook title


@pytest.mark.parametrize(("rule", "title", "segment"), MANEUVERS)
def test_a_maneuver_of_a_rule_left_out_is_refused_naming_the_rule(
    rule: str, title: str, segment: dict[str, Any]
) -> None:
    scenario = solo([{"segments": [segment]}], turns=1)
    others = tuple(r for r in ADVANCED_RULES if r != rule)
    with pytest.raises(IllegalOrder) as refused:
        Game(played_with(scenario, others)).play_turn()
    error = refused.value
    assert error.rule == f"{title} (advanced rule)"
    assert error.aircraft == "Test 1" and error.turn == 1 and error.segment == 0
    assert f"this scenario does not play the advanced rule {title}" in str(error)
    assert f"{rule!r} is not in its advanced_rules" in str(error)


@pytest.mark.parametrize(("rule", "title", "segment"), MANEUVERS)
def test_a_maneuver_of_a_rule_played_is_flown(
    rule: str, title: str, segment: dict[str, Any]
) -> None:
    scenario = solo([{"segments": [segment]}], turns=1)
    (result,) = Game(played_with(scenario, (rule,))).run().meta.turn_table
    assert result["aircraft"] == "test-1"


def test_inverted_flight_counts_minus_one_g_only_when_played() -> None:
    inverted = LEVEL.roll(6)
    straight = one_segment({"kind": "straight", "ticks": 10})
    played = plot_turn(conditions(), inverted, straight)
    assert played.negative_loads_used and played.loads_by_tick == (1.0,) * 10
    basic = replace(conditions(), advanced_rules=frozenset())
    left_out = plot_turn(basic, inverted, straight)
    assert not left_out.negative_loads_used and left_out.loads_by_tick == (1.0,) * 10


def test_a_high_lift_pull_points_only_when_pointing_is_played() -> None:
    pull = one_segment({"kind": "turn", "load_g": "max", "cells": 1, "ticks": 10})
    slow = conditions(speed_kt=350)  # the F-16C's Max-Lift pull here is in the gold rows
    assert plot_turn(slow, LEVEL, pull).end_attitude.is_separated
    basic = replace(slow, advanced_rules=frozenset(r for r in ADVANCED_RULES if r != "pointing"))
    assert not plot_turn(basic, LEVEL, pull).end_attitude.is_separated


def test_crew_fatigue_is_rolled_only_when_played() -> None:
    pull = {"kind": "turn", "load_g": "max", "cells": 1, "ticks": 10}
    scenario = solo([{"segments": [pull]}] * 2, speed_kt=500, turns=2, type_id="F-4E")

    def fatigue(rules: tuple[str, ...]) -> list[str]:
        events = Game(played_with(scenario, rules)).run().meta.events
        return [e.detail for e in events if e.kind == "crew_fatigue"]

    assert fatigue(("crew_fatigue",))  # straining in 7 G pulls tires the crew
    assert fatigue(()) == []


def test_the_ai_pilot_does_not_plan_unloads_the_scenario_does_not_play() -> None:
    def unloads(rules: tuple[str, ...]) -> int:
        return sum(tail.__name__ == "unload" for tail, _ in tails_for((0.0, 1.0, 0.0), 9.0, rules))

    assert unloads(ADVANCED_RULES) == 1
    assert unloads(("negative_loads", "pointing")) == 0


def test_the_basic_game_plays_through_with_ai_pilots() -> None:
    """A shipped AI dogfight that unloads, flies inverted and points under today's rules,
    played with no advanced rule: nobody pushes, unloads, barrel rolls or points, and no
    load is negative."""
    (path,) = [Path(str(f)) for f in shipped() if Path(str(f)).name == "defensive-perch.toml"]
    scenario = load_scenario(path)
    assert isinstance(scenario, Scenario)
    game = Game(played_with(scenario, ()))
    kinds: set[str] = set()
    while game.turn < scenario.turns:
        result = game.play_turn()
        for turn in result.aircraft.values():
            kinds.update(segment.kind for segment in turn.plot.segments)
            assert not turn.plot.negative_loads_used
            assert not turn.plot.end_attitude.is_separated
    assert kinds <= {"straight", "turn"}
    assert "turn" in kinds


def test_a_script_whose_plot_the_scenario_refuses_hands_over_to_the_ai() -> None:
    """coral-sea-1972's scripts unload; in the basic game the AI flies those game-turns."""
    (path,) = [Path(str(f)) for f in shipped() if Path(str(f)).name == "coral-sea-1972.toml"]
    scenario = load_scenario(path)
    assert isinstance(scenario, Scenario)
    events = Game(played_with(scenario, ())).run().meta.events
    handed = [e for e in events if e.kind == "pilot" and e.data.get("script") == "unflyable"]
    assert "Unloaded Flight (advanced rule)" in {e.data["rule"] for e in handed}


def test_involuntary_unloads_are_flown_in_a_game_without_unloaded_flight() -> None:
    """G Onset knocking the pilot out imposes unloaded flight for the rest of the turn, and
    the aircraft flies the next one unloaded while uncontrolled: the crew G rules' doing,
    not voluntary unloads, so they fly without the Unloaded Flight rule."""
    pull = {"kind": "turn", "load_g": "max", "cells": 1, "ticks": 6}
    snap_pull = [{"segments": [{"kind": "straight", "ticks": 4}, pull]}] * 2
    scenario = solo(snap_pull, speed_kt=500, turns=2, type_id="F-4E")
    game = Game(scenario.model_copy(update={"seed": 23, "advanced_rules": ("g_onset",)}))
    flown = []
    for _ in range(2):
        plot = game.play_turn().aircraft["test-1"].plot
        flown.append([segment.kind for segment in plot.segments])
    assert flown == [["straight", "unload"], ["unload"]]


def test_an_unknown_rule_is_refused_naming_the_file_the_field_and_the_rules(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(scenario_text(head='advanced_rules = ["pointing", "barrel_roll"]'))
    message = refusal(bad, load_scenario)
    allowed = ", ".join(repr(rule) for rule in ADVANCED_RULES[:-1])
    expected = f"should be {allowed} or {ADVANCED_RULES[-1]!r} (got 'barrel_roll')"
    assert f"advanced_rules.1: {expected}" in message


def test_the_pilots_own_plot_after_a_high_speed_departure_is_judged_by_the_basic_game() -> None:
    """Departed Flight, SoP 06: only the two unloaded ticks are the rules'; the rest is the
    pilot's plot, and a voluntary unload in it needs Unloaded Flight. Refused, the aircraft
    flies straight for the rest of the game-turn."""
    game = Game(played_with(solo([{"segments": [UNLOAD]}], speed_kt=400, turns=2), ()))
    game.aircraft["test-1"].imposed_unload = ImposedUnload(2, 3.0)
    flown = game.play_turn().aircraft["test-1"].plot
    assert [(s.kind, s.start_tick, s.end_tick) for s in flown.segments] == [
        ("unload", 0, 2),
        ("straight", 2, 10),
    ]
