"""G Onset (advanced rule) in the game loop: checked at the end of plotting (SoP 03)."""

from engine.bop.game import Game
from models.timeline import Timeline
from tests.engine.bop.conftest import solo

PULL = {"kind": "turn", "load_g": "max", "cells": 1, "ticks": 6}
SNAP_PULL = [{"segments": [{"kind": "straight", "ticks": 4}, PULL]}]


def snap_pull(seed: int, rules: tuple[str, ...] = ("crew_fatigue", "g_onset")) -> Timeline:
    """An F-4E at 500 kt flies 4 ticks level, then pulls its maximum (7 G): a 6 G rise."""
    scenario = solo(SNAP_PULL, speed_kt=500, turns=1, type_id="F-4E")
    return Game(scenario.model_copy(update={"seed": seed, "advanced_rules": rules})).run()


def onsets(timeline: Timeline) -> list[tuple[float, str]]:
    return [(e.t_s, e.detail) for e in timeline.meta.events if e.kind == "g_onset"]


def test_g_onset_is_off_unless_the_scenario_plays_it() -> None:
    assert onsets(snap_pull(1, rules=("crew_fatigue",))) == []


def test_a_sharp_rise_checks_every_crew_member_at_the_tick_it_happens() -> None:
    checks = onsets(snap_pull(1))
    assert [t for t, _ in checks] == [2.4, 2.4]  # tick 4 of the game-turn
    assert ["pilot" in checks[0][1], "back seat" in checks[1][1]] == [True, True]
    assert all("+6.0 G" in detail for _, detail in checks)


def test_a_pilot_knocked_out_by_onset_flies_the_rest_of_the_turn_unloaded() -> None:
    timeline = snap_pull(23)
    assert "pilot: G onset +6.0 G, loss of consciousness" in onsets(timeline)[0][1]
    row = timeline.meta.turn_table[0]
    assert row["max_load_g"] == 1.0  # the level ticks; the pull never happened
    assert row["turn_dspeed"] == 0
    kinds = [e.kind for e in timeline.meta.events]
    assert "uncontrolled" in kinds


def test_a_back_seater_knocked_out_does_not_change_the_flight() -> None:
    timeline = snap_pull(34)
    assert "back seat: G onset +6.0 G, loss of consciousness" in onsets(timeline)[1][1]
    assert timeline.meta.turn_table[0]["max_load_g"] == 7.0
