"""Departures in the game loop: checks on each game-turn's DP, High-Speed Departures,
spins and Spin Recovery (SoP 05–06)."""

from typing import Any

import pytest

from engine import performance as perf
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.plotting import ImposedUnload, plot_turn
from engine.phad import Attitude
from models.aircraft import card
from models.orders import BopPlot
from models.timeline import Timeline
from tests.engine.bop.conftest import conditions, solo

STEEP = Attitude(nose="015+00", canopy="All+90", wing="105+00").turn(2)
STEEP_MARKS = {"nose": str(STEEP.nose), "canopy": str(STEEP.canopy), "wing": str(STEEP.wing)}


def stall(seed: int, turns: int = 6) -> Timeline:
    """An F-16C climbing at idle until it falls below 40 kt every game-turn (4 DP each)."""
    scenario = solo(
        [{"throttle": "idle", "segments": [{"kind": "straight", "ticks": 10}]}],
        attitude=STEEP_MARKS,
        speed_kt=150,
        turns=turns,
    )
    return Game(scenario.model_copy(update={"seed": seed})).run()


def events(timeline: Timeline, *kinds: str) -> list[tuple[float, str, dict[str, Any]]]:
    return [(e.t_s, e.kind, e.data) for e in timeline.meta.events if e.kind in kinds]


def rows(timeline: Timeline) -> dict[int, dict[str, Any]]:
    return {row["turn"]: row for row in timeline.meta.turn_table}


def test_each_game_turns_departure_points_are_checked_then_spent() -> None:
    checks = events(stall(5), "departure_check", "departure")
    assert [t for t, _, _ in checks] == [12.0, 18.0, 24.0, 30.0, 36.0]
    # 4 DP for too-slow flight every turn afresh; flying straight in the "No"
    # Controllability Region changes no facing, so it adds none (Departure Points, SoP 06).
    assert {data["dp"] for _, _, data in checks} == {4}
    assert {data["region"] for _, _, data in checks} == {"No"}


def test_no_departure_points_no_check() -> None:
    level = {"segments": [{"kind": "straight", "ticks": 10}]}
    timeline = Game(solo([level], turns=3)).run()
    assert not events(timeline, "departure_check", "departure", "spin_recovery")


def test_a_high_speed_departure_flies_two_unloaded_ticks_at_3g() -> None:
    timeline = stall(11)
    departed = events(timeline, "departure")
    assert departed[0][0] == 12.0 and departed[0][2]["outcome"] == "high_speed"
    turn3 = rows(timeline)[3]
    # Two ticks at 3.0 G then straight: the imposed ticks count 3.0 on the Average Load.
    assert turn3["max_load_g"] == 3.0
    assert turn3["nose"] != STEEP_MARKS["nose"]  # the unloaded ticks pitched the Nose down


def test_a_spinning_aircraft_flies_unloaded_until_it_recovers() -> None:
    timeline = stall(34)
    assert events(timeline, "departure")[0][2]["outcome"] == "spin"
    recoveries = events(timeline, "spin_recovery")
    assert [(t, d["outcome"]) for t, _, d in recoveries] == [
        (18.0, "continue"),
        (24.0, "continue"),
        (30.0, "normal_flight"),
    ]
    table = rows(timeline)
    for turn in (3, 4, 5):  # spinning: the whole game-turn unloaded, Nose falling to -90
        assert table[turn]["max_load_g"] == 0.0
        assert table[turn]["nose"] == "All-90"
    # ...yet Turn Drag is taken at the highest non-pointing DpG for the whole turn (turn 3
    # starts at 40 kt, where every drag term rounds to 0).
    assert table[4]["turn_dspeed"] < 0 and table[5]["turn_dspeed"] < 0
    # While spinning no departure checks are made, whatever DP the turn held.
    assert not [t for t, k, _ in events(timeline, "departure_check") if 12.0 < t <= 30.0]


def test_each_spinning_turn_gyrates_and_the_replay_shows_the_whirl() -> None:
    timeline = stall(34)
    gyrations = events(timeline, "spin_gyration")
    assert [(t, d["roll_cells"]) for t, _, d in gyrations] == [(12.0, -3), (18.0, 6), (24.0, -6)]
    rolls = [e.detail for e in timeline.meta.events if e.kind == "dice"]
    assert sum("spin gyrations" in d for d in rolls) == 3
    table = rows(timeline)
    # Nose at -90: each 6-cell whirl swings the Canopy half a turn.
    assert (table[3]["canopy"], table[4]["canopy"], table[5]["canopy"]) == (
        "285+00",
        "105+00",
        "285+00",
    )


def test_a_spin_doubles_form_drag() -> None:
    aircraft = card("F-16C")
    weight = perf.weight_lb(aircraft, aircraft.weights.internal_fuel_fp)
    args = (aircraft, "mil", 15_000.0, 300, weight)
    steady = perf.speed_change(*args, average_load_g=0.0)
    spinning = perf.speed_change(*args, average_load_g=0.0, spinning=True)
    assert steady.form_kt < 0 and spinning.form_kt == 2 * steady.form_kt
    assert spinning.engine_kt == steady.engine_kt and spinning.turn_kt == steady.turn_kt


def test_imposed_unloaded_ticks_are_exempt_from_the_voluntary_minimum() -> None:
    flight = conditions(speed_kt=450)
    plot = BopPlot.model_validate(
        {"segments": [{"kind": "unload", "ticks": 2}, {"kind": "straight", "ticks": 8}]}
    )
    level = Attitude(nose="015+00", canopy="All+90", wing="105+00")
    plotted = plot_turn(flight, level, plot, imposed=ImposedUnload(2, 3.0))
    assert plotted.loads_by_tick[:2] == (3.0, 3.0)
    with pytest.raises(IllegalOrder, match="at least"):
        plot_turn(flight, level, plot)


def test_departures_replay_identically() -> None:
    first, second = stall(3), stall(3)
    assert [e.detail for e in first.meta.events] == [e.detail for e in second.meta.events]


def departed_turn(plot: dict[str, Any]) -> list[tuple[str, int, int, float]]:
    """The segments an F-16C at 400 kt flies in the game-turn after a High-Speed Departure,
    given the pilot's ``plot``."""
    game = Game(solo([plot], speed_kt=400, turns=2))
    game.aircraft["test-1"].imposed_unload = ImposedUnload(2, 3.0)
    flown = game.play_turn().aircraft["test-1"].plot
    return [(s.kind, s.start_tick, s.end_tick, s.load_g) for s in flown.segments]


def test_after_a_high_speed_departure_the_pilot_flies_the_rest_of_the_turn() -> None:
    """Departed Flight, SoP 06: two non-rolling unloaded ticks at 3.0 load, then normal
    flight for the rest of the game-turn: the pilot's own plot, cut off at tick 10."""
    pull = {"segments": [{"kind": "turn", "ticks": 10, "load_g": 4.0, "cells": 1}]}
    assert departed_turn(pull) == [
        ("unload", 0, 2, 3.0),
        ("turn", 2, 8, 4.0),
        ("turn", 8, 10, 4.0),  # Minimize Carry: the spare ticks keep pulling
    ]


def test_a_plot_that_no_longer_fits_after_the_departure_flies_straight() -> None:
    """A two-cell turn that needs all ten ticks cannot complete in the eight left after the
    unloaded ticks (Turning Flight, Bp7): the aircraft flies straight instead."""
    two_cells = {"segments": [{"kind": "turn", "ticks": 10, "load_g": 5.0, "cells": 2}]}
    level = Game(solo([two_cells], speed_kt=400, turns=1)).run()  # flyable without departing
    assert level.meta.turn_table[0]["max_load_g"] == 5.0
    assert departed_turn(two_cells) == [("unload", 0, 2, 3.0), ("straight", 2, 10, 1.0)]
