"""The game loop: determinism, positions at segment ends, smooth samples, physics checks."""

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import performance as perf
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game, ScenarioError
from engine.bop.maneuvers.search import (
    best,
    fly_straight,
    pull,
    roll_range,
    roll_then,
    start_attitude,
    throttle_for,
    unload,
)
from engine.hexmap import Hex
from engine.phad import Attitude, distance
from models.orders import BopPlot, Throttle
from models.scenario import load_scenario
from tests.engine.bop.conftest import KNIFE_EDGE_RIGHT, solo

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def test_same_scenario_and_seed_give_byte_identical_timelines(tmp_path: Path) -> None:
    scenario = load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")
    first, second = tmp_path / "a.furball.npz", tmp_path / "b.furball.npz"
    Game(scenario, seed=5).run().save(first)
    Game(scenario, seed=5).run().save(second)
    assert first.read_bytes() == second.read_bytes()


def test_a_run_without_a_seed_picks_and_records_one() -> None:
    scenario = solo([{"segments": [{"kind": "straight", "ticks": 10}]}]).model_copy(
        update={"seed": None}
    )
    game = Game(scenario)
    assert isinstance(game.seed, int)
    assert game.run().meta.seed == game.seed


def test_segment_ends_sit_on_hex_centres_and_altitude_steps() -> None:
    scenario = load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")
    timeline = Game(scenario).run()
    ch = timeline.channels
    for e in range(len(timeline.entity_ids)):
        for tick in range(0, timeline.ticks, 10):
            x, y = Hex(int(ch["bop.hex_q"][e, tick]), int(ch["bop.hex_r"][e, tick])).centre_ft()
            assert ch["x_ft"][e, tick] == pytest.approx(x)
            assert ch["y_ft"][e, tick] == pytest.approx(y)
            assert ch["z_ft"][e, tick] == pytest.approx(ch["bop.alt_steps"][e, tick] * 200.0)


def test_samples_never_jump() -> None:
    scenario = load_scenario(SCENARIOS / "bfm" / "loop.toml")
    timeline = Game(scenario).run()
    ch = timeline.channels
    xyz = np.stack([ch["x_ft"][0], ch["y_ft"][0], ch["z_ft"][0]], axis=1)
    steps_ft = np.linalg.norm(np.diff(xyz, axis=0), axis=1)
    fastest_ft_per_tick = ch["speed_kt"][0].max() * 1.68781 * 0.6
    assert steps_ft.max() < 2.0 * fastest_ft_per_tick
    quats = ch["quat_wxyz"][0]
    turn_deg = np.degrees(
        2 * np.arccos(np.clip(np.abs(np.sum(quats[1:] * quats[:-1], axis=1)), 0, 1))
    )
    assert turn_deg.max() < 60


def test_a_level_sustained_turn_matches_the_turn_rate_formula() -> None:
    """Over several game-turns, cells turned × 30° ≈ Σ 1092·√(n²−1)/KTAS × 6 s."""
    scenario = load_scenario(SCENARIOS / "bfm" / "sustained-turn.toml")
    game = Game(scenario)
    turned_deg = {e: 0.0 for e in game.aircraft}
    predicted_deg = {e: 0.0 for e in game.aircraft}
    for _ in range(scenario.turns):
        speeds = {e: s.speed_kt for e, s in game.aircraft.items()}
        result = game.play_turn(game.scripted_orders())
        for entity, turn in result.aircraft.items():
            turned_deg[entity] += 30 * sum(s.cells_turned for s in turn.plot.segments)
            n = turn.average_load_g
            predicted_deg[entity] += 1092 * math.sqrt(n * n - 1) / speeds[entity] * 6
    for entity in game.aircraft:
        assert turned_deg[entity] == pytest.approx(
            predicted_deg[entity], abs=30 + 0.1 * predicted_deg[entity]
        )
        assert all(row.nose.pitch_deg == 0 for row in [game.aircraft[entity].attitude])


def test_a_zoom_climbs_speed_loss_matches_the_gravity_term() -> None:
    climb = Attitude(nose="015+00", canopy="All+90", wing="105+00").turn(1)
    marks = {"nose": str(climb.nose), "canopy": str(climb.canopy), "wing": str(climb.wing)}
    scenario = solo(
        [{"throttle": "idle", "segments": [{"kind": "straight", "ticks": 10}]}],
        attitude=marks,
        turns=1,
    )
    game = Game(scenario)
    result = game.play_turn(game.scripted_orders())
    turn = next(iter(result.aircraft.values()))
    climbed_ft = turn.alt_change_steps * 200
    assert climbed_ft > 0
    expected = -11.29 * climbed_ft / turn.start_speed_kt
    assert turn.speed_change.gravity_kt == pytest.approx(expected, abs=2.5)


def test_too_slow_flight_loses_a_step_and_collects_departure_points() -> None:
    steep = Attitude(nose="015+00", canopy="All+90", wing="105+00").turn(2)
    marks = {"nose": str(steep.nose), "canopy": str(steep.canopy), "wing": str(steep.wing)}
    scenario = solo(
        [{"throttle": "idle", "segments": [{"kind": "straight", "ticks": 10}]}],
        attitude=marks,
        speed_kt=150,
        turns=4,
    )
    timeline = Game(scenario).run()
    kinds = [e.kind for e in timeline.meta.events]
    assert "speed_floor" in kinds
    assert min(row["speed_kt"] for row in timeline.meta.turn_table) == 40


def test_illegal_orders_name_the_aircraft_turn_and_segment() -> None:
    scenario = solo(
        [
            {
                "segments": [
                    {"kind": "straight", "ticks": 5},
                    {"kind": "turn", "load_g": 12.0, "cells": 1, "ticks": 5},
                ]
            }
        ]
    )
    game = Game(scenario)
    with pytest.raises(IllegalOrder) as caught:
        game.play_turn(game.scripted_orders())
    message = str(caught.value)
    assert message.startswith("Test 1, turn 1, segment 2:")
    assert "Ap4" in message
    assert game.turn == 0  # nothing changed


def test_afterburner_on_a_dry_engine_is_illegal() -> None:
    scenario = solo(
        [{"throttle": "ab", "segments": [{"kind": "straight", "ticks": 10}]}], type_id="F-86F"
    )
    game = Game(scenario)
    with pytest.raises(IllegalOrder, match="no afterburner"):
        game.play_turn(game.scripted_orders())


def test_scenario_problems_are_collected_with_field_paths() -> None:
    scenario = solo(
        [{"segments": [{"kind": "straight", "ticks": 10}]}],
        attitude={"nose": "015+00", "canopy": "All+90", "wing": "285+00"},
    )
    bad_type = scenario.aircraft[0].model_copy(update={"type": "Spitfire"})
    scenario = scenario.model_copy(update={"aircraft": (bad_type,)})
    with pytest.raises(ScenarioError) as caught:
        Game(scenario)
    problems = caught.value.problems
    assert any(p.startswith("aircraft.0.type:") and "F-16C" in p for p in problems)
    assert any(p.startswith("aircraft.0.attitude:") and "left wing" in p for p in problems)


segments = st.one_of(
    st.builds(
        lambda t, r: {"kind": "straight", "ticks": t, "roll_cells": r},
        st.integers(1, 5),
        st.integers(-2, 2),
    ),
    st.builds(
        lambda t, g, c, neg: {"kind": "turn", "ticks": t, "load_g": g, "cells": c, "negative": neg},
        st.integers(1, 5),
        st.sampled_from([2.0, 3.0, 4.0, 5.0, "max"]),
        st.integers(1, 2),
        st.booleans(),
    ),
    st.builds(lambda t: {"kind": "unload", "ticks": t}, st.integers(5, 10)),
)


@st.composite
def plots(draw: st.DrawFn) -> dict:  # type: ignore[type-arg]
    chosen, used = [], 0
    while used < 10:
        segment = dict(draw(segments))
        segment["ticks"] = min(segment["ticks"], 10 - used)
        used += segment["ticks"]
        chosen.append(segment)
    return {"throttle": draw(st.sampled_from(["idle", "mil", "ab"])), "segments": chosen}


ROLL_TAILS = {"pull": pull("max"), "straight": fly_straight, "unload": unload}
"""What the planner's fallback flies after its roll (:mod:`engine.bop.maneuvers.search`)."""


@dataclass(frozen=True)
class TurnChoice:
    """One game-turn's drawn orders: random plots tried in order, then a roll and a tail
    for the maneuver planner, which falls back to straight flight."""

    plots: list[dict]  # type: ignore[type-arg]
    throttle: Throttle
    roll_cells: int
    tail: str


turn_choices = st.builds(
    TurnChoice,
    st.lists(plots(), min_size=1, max_size=3),
    st.sampled_from(["idle", "mil", "ab"]),
    st.integers(-7, 7),
    st.sampled_from(sorted(ROLL_TAILS)),
)


def legal_plot(game: Game, entity: str, choice: TurnChoice) -> BopPlot:
    """The first drawn plot the rules allow now, else the planner's roll and tail, else
    straight flight: always a legal plot (the same checks :meth:`Game.play_turn` makes)."""
    for raw in choice.plots:
        plot = BopPlot.model_validate(raw)
        if game.legal({entity: plot}):
            return plot
    start = start_attitude(game, entity)
    rolls = roll_range(start)
    roll = min(max(choice.roll_cells, rolls.start), rolls.stop - 1)
    throttle = throttle_for(game, entity, choice.throttle)
    group = roll_then(throttle, start, roll, ROLL_TAILS[choice.tail])
    return best(game, entity, [group], lambda _: 0.0).plot


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["F-16C", "F-15C", "F-4E"]), st.lists(turn_choices, min_size=1, max_size=8))
def test_random_legal_plots_keep_every_invariant(type_id: str, turns: list[TurnChoice]) -> None:
    """Every game-turn flies a legal plot, so every drawn game is played to its end, and
    after each turn: the PHAD marks stay three cells apart (PHAD), speed stays within
    0–1000 kt in 5 kt steps ("Speed, KEAS & Mach"), the mini moves continuously, and fuel
    only goes down with each carry below its Usage ("Fuel")."""
    straight = {"segments": [{"kind": "straight", "ticks": 10}]}  # the script, never flown
    scenario = solo(
        [straight], type_id=type_id, attitude=KNIFE_EDGE_RIGHT, turns=len(turns), alt_steps=120
    )
    game = Game(scenario)
    state = game.aircraft["test-1"]
    usage_dry = perf.fuel_usage(state.card, "mil")
    usage_ab = perf.fuel_usage(state.card, "ab")
    previous, fuel_fp, flown = None, state.fuel_fp, 0
    for choice in turns:
        plot = legal_plot(game, "test-1", choice)
        result = game.play_turn({"test-1": plot})
        flown += 1
        a = state.attitude
        assert (
            distance(a.nose, a.canopy)
            == distance(a.nose, a.wing)
            == distance(a.canopy, a.wing)
            == 3
        )
        assert 0 <= state.speed_kt <= 1000 and state.speed_kt % 5 == 0
        assert 0 <= state.fuel_fp <= fuel_fp
        assert 0 <= state.fuel_carry.dry_points < usage_dry
        assert 0 <= state.fuel_carry.ab_points < usage_ab
        fuel_fp = state.fuel_fp
        samples = result.samples["test-1"]
        xyz = np.stack([samples["x_ft"], samples["y_ft"], samples["z_ft"]], axis=1)
        if previous is not None:
            xyz = np.vstack([previous, xyz])
        steps = np.linalg.norm(np.diff(xyz, axis=0), axis=1)
        assert steps.max() < 1000 * 1.68781 * 0.6 * 2
        previous = xyz[-1:]
        if not state.active:  # it flew into the ground or came apart: the game is over
            assert any(e.kind in ("ground", "destroyed") for e in result.events)
            break
    assert flown == len(turns) or not state.active


def test_recorded_movement_choices_are_used_and_checked() -> None:
    straight = {"kind": "straight", "ticks": 10}
    default = Game(solo([{"segments": [straight]}], turns=1))
    moved = default.play_turn(default.scripted_orders())
    (move,) = moved.aircraft["test-1"].moves
    assert move.v_steps == 0 and move.h_hexes > 0
    # another hex in the 015 wedge at the same distance, e.g. straight up the hexrow
    chosen = f"0,{move.h_hexes}"
    game = Game(solo([{"segments": [{**straight, "end_hex": chosen}]}], turns=1))
    result = game.play_turn(game.scripted_orders())
    assert str(result.aircraft["test-1"].end_hex) == chosen
    off_wedge = Game(solo([{"segments": [{**straight, "end_hex": f"{move.h_hexes},0"}]}], turns=1))
    with pytest.raises(IllegalOrder, match="2D Movement, Hm"):
        off_wedge.play_turn(off_wedge.scripted_orders())
    climbing = Game(solo([{"segments": [{**straight, "alt_change_steps": 9}]}], turns=1))
    with pytest.raises(IllegalOrder, match="3D Movement, Fm"):
        climbing.play_turn(climbing.scripted_orders())


def test_engine_game_builds_the_scenarios_rule_set_and_checks_legality() -> None:
    import engine

    scenario = solo([{"segments": [{"kind": "straight", "ticks": 10}]}])
    game = engine.Game(scenario)
    assert "bop" in engine.RULESETS and engine.RULESETS["bop"].tick_s == 0.6
    good = game.scripted_orders()
    bad = {
        "test-1": BopPlot.model_validate(
            {"segments": [{"kind": "turn", "load_g": 14.0, "cells": 1, "ticks": 10}]}
        )
    }
    assert game.legal(good) and not game.legal(bad)
    assert game.turn == 0


def test_flying_into_the_ground_ends_the_flight() -> None:
    dive = Attitude(nose="015+00", canopy="All+90", wing="105+00").turn(1, negative_load=True)
    marks = {"nose": str(dive.nose), "canopy": str(dive.canopy), "wing": str(dive.wing)}
    scenario = solo(
        [{"segments": [{"kind": "straight", "ticks": 10}]}], attitude=marks, alt_steps=4, turns=3
    )
    timeline = Game(scenario).run()
    assert [e.kind for e in timeline.meta.events].count("ground") == 1
    active = timeline.channels["active"][0]
    first_out = int(np.argmin(active))
    assert 1 < first_out <= 11 and active[:first_out].all() and not active[first_out:].any()
    assert timeline.channels["z_ft"][0].min() >= 0


def test_loads_beyond_the_safe_load_are_reported_both_ways() -> None:
    push = {"kind": "turn", "load_g": 4.0, "cells": 1, "negative": True, "ticks": 10}
    pull = {"kind": "turn", "load_g": "max", "cells": 1, "ticks": 10}
    timeline = Game(solo([{"segments": [push]}, {"segments": [pull]}], speed_kt=500, turns=2)).run()
    overloads = [e for e in timeline.meta.events if e.kind == "overload"]
    assert any(e.data["load_g"] == -4.0 and e.data["safe_load_g"] == -3.0 for e in overloads)
    assert all(e.data["load_g"] < 0 for e in overloads)  # "max" never exceeds the safe load


def test_every_die_roll_becomes_a_dice_event() -> None:
    game = Game(solo([{"segments": [{"kind": "straight", "ticks": 10}]}], turns=1))
    game.dice.d10("test roll, Test 1, turn 1")
    result = game.play_turn(game.scripted_orders())
    rolls = [e for e in result.events if e.kind == "dice" and "test roll" in e.detail]
    assert len(rolls) == 1
    assert game.dice.rolls == []


def test_the_timeline_names_who_flies_each_aircraft_and_keeps_the_briefing() -> None:
    scenario = load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")
    played = Game(scenario, seed=5).run(2)
    pilots = {info.id: info.pilot for info in played.meta.entities}
    setups = {setup.entity_id: setup for setup in scenario.aircraft}
    for entity, pilot in pilots.items():
        assert pilot == f"{setups[entity].pilot}, {setups[entity].crew_quality} crew"
    assert played.meta.description == scenario.description
    assert played.meta.reference == scenario.reference


def test_run_reports_progress_after_every_game_turn() -> None:
    scenario = load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")
    told: list[tuple[int, int]] = []
    Game(scenario, seed=5).run(3, progress=lambda played, turns: told.append((played, turns)))
    assert told == [(1, 3), (2, 3), (3, 3)]
