"""Critical hits in the Damage box change how the aircraft flies ("Damage")."""

from dataclasses import replace
from dataclasses import replace as dataclass_replace
from pathlib import Path
from typing import Any

import pytest

from engine.bop.damage import CriticalHit, DamageState
from engine.bop.damage_effects import EngineState, damage_effects
from engine.bop.errors import IllegalOrder
from engine.bop.game import Game
from engine.bop.legality import judge_all
from engine.bop.phases import engine_losses
from engine.bop.turn import TurnContext
from models.aircraft import card
from models.scenario import load_scenario
from tests.engine.bop.conftest import conditions, solo

HISTORICAL = Path(__file__).resolve().parents[3] / "scenarios" / "historical"
STRAIGHT = {"segments": [{"kind": "straight", "ticks": 10}]}


def hit(system: str, effect: str, engine: int | None = None) -> CriticalHit:
    return CriticalHit(system, effect, effect, engine=engine)


def boxed(type_id: str, *hits: CriticalHit) -> DamageState:
    """A fresh Damage box holding ``hits``."""
    return replace(DamageState.for_card(card(type_id)), criticals=hits)


def test_an_empty_damage_box_changes_nothing() -> None:
    effects = damage_effects(boxed("F-4E"), engines=2, crew=2)
    assert effects.engines == (EngineState(), EngineState()) and not effects.engine_damaged
    assert effects.safe_load_loss_g == 0 and effects.form_drag_cd0 == 0
    assert effects.crew_wounds == (0, 0) and effects.guns_work and effects.speedbrake_works


def test_critical_hits_fold_into_flying_effects() -> None:
    effects = damage_effects(
        boxed(
            "F-4E",
            hit("Structure", "safe_load_minus_1"),
            hit("Structure", "safe_load_minus_2"),
            hit("Structure", "form_drag_plus_1"),
            hit("Engine", "engine_output_minus_quarter", engine=2),
            hit("Engine", "no_afterburner", engine=2),
            hit("Controls", "departure_plus_2"),
            hit("Fuel", "fuel_leak_major"),
            hit("Hydraulics", "no_speedbrake"),
            hit("Weapons", "guns_out"),
            hit("Cockpit", "crew_wounded"),
            hit("Cockpit", "crew_killed"),
        ),
        engines=2,
        crew=2,
    )
    assert effects.safe_load_loss_g == 3.0
    assert effects.form_drag_cd0 == pytest.approx(0.002)
    assert effects.engines == (EngineState(), EngineState(0.75, afterburner=False))
    assert effects.extra_departure_points == 2 and effects.fuel_leak_fp_per_turn == 3
    assert not effects.speedbrake_works and not effects.guns_work
    assert effects.crew_wounds == (1, 2)  # seat order: the pilot, then the back seat


def damaged_game(type_id: str, throttle: str, *hits: CriticalHit, turns: int = 1) -> Game:
    plot = {**STRAIGHT, "throttle": throttle}
    game = Game(solo([plot], type_id=type_id, turns=turns, speed_kt=400))
    game.aircraft["test-1"].damage = boxed(type_id, *hits)
    return game


def engine_term(game: Game) -> int:
    return game.run().meta.turn_table[0]["engine_dspeed"]


def test_an_engine_out_halves_a_twins_thrust() -> None:
    whole = engine_term(damaged_game("F-4E", "mil"))
    one_out = engine_term(damaged_game("F-4E", "mil", hit("Engine", "engine_out", engine=1)))
    assert whole > 0 and one_out == pytest.approx(whole / 2, abs=3)


def test_without_its_afterburner_an_engine_gives_mil_thrust_at_ab() -> None:
    mil = engine_term(damaged_game("F-16C", "mil"))
    ab = engine_term(damaged_game("F-16C", "ab"))
    no_ab = engine_term(damaged_game("F-16C", "ab", hit("Engine", "no_afterburner", engine=1)))
    assert ab > mil and no_ab == mil


def test_spar_damage_lowers_the_safe_load() -> None:
    whole = damaged_game("F-16C", "mil")
    spar = damaged_game("F-16C", "mil", hit("Structure", "safe_load_minus_2"))
    limit = whole.flight_conditions("test-1", "mil").safe_load_g
    assert spar.flight_conditions("test-1", "mil").safe_load_g == limit - 2


def test_a_killed_pilot_leaves_the_aircraft_uncontrolled() -> None:
    timeline = damaged_game("F-16C", "mil", hit("Cockpit", "crew_killed"), turns=2).run()
    kinds = [e.kind for e in timeline.meta.events]
    assert "crew_wound" in kinds and "uncontrolled" in kinds
    assert timeline.channels["bop.crew_state"][0][-1] == "pilot: killed"
    assert timeline.meta.turn_table[1]["max_load_g"] == 0.0  # flown unloaded


def test_guns_out_holds_fire() -> None:
    scenario = load_scenario(HISTORICAL / "guns-duel.toml")
    game = Game(scenario)
    sabre = game.aircraft["sabre-1"]
    sabre.damage = boxed("F-86F", hit("Weapons", "guns_out"))
    kinds = [e.kind for e in game.run().meta.events]
    assert "gunshot" not in kinds and "kill" not in kinds


def test_an_engine_shot_out_of_a_twin_calls_for_a_departure_check() -> None:
    game = damaged_game("F-4E", "mil")
    before = {"test-1": 2}
    state = game.aircraft["test-1"]
    rules = game.scenario.advanced_rules
    planned = judge_all(game.aircraft, game.scripted_orders(), 1, advanced_rules=rules)
    state.damage = boxed("F-4E", hit("Engine", "engine_out", engine=1))
    conditions = {entity: plan.conditions for entity, plan in planned.items()}
    events = engine_losses(game.aircraft, before, conditions, TurnContext(game.dice, 1))
    assert [e.kind for e in events][:1] == ["engine"]
    assert events[0].data["departure_points"] == 2  # Mil is throttle step 2
    assert any(e.kind in ("departure_check", "departure") for e in events)


def hit_on(system: str, effect: str, turn: int) -> DamageState:
    return replace(
        boxed("F-16C", hit(system, effect)), hits=((system, 1),), last_hit_turn=((system, turn),)
    )


def admin_events(state: DamageState, plot: dict[str, Any]) -> list[tuple[str, str]]:
    game = Game(solo([plot], turns=1, speed_kt=400))
    game.aircraft["test-1"].damage = state
    events = game.run().meta.events
    return [
        (e.kind, e.detail)
        for e in events
        if e.kind == "damage_control" or (e.kind == "dice" and "progressive" in e.detail)
    ]


def test_a_calm_crew_treats_a_damaged_system_instead_of_rolling_progressive_damage() -> None:
    events = admin_events(hit_on("Fuel", "fuel_leak", turn=0), STRAIGHT)
    assert [k for k, _ in events] == ["damage_control"]
    assert "Fuel" in events[0][1]


def test_pulling_hard_leaves_no_time_for_damage_control() -> None:
    pull = {"segments": [{"kind": "turn", "load_g": 4.0, "cells": 1, "ticks": 10}]}
    events = admin_events(hit_on("Fuel", "fuel_leak", turn=0), pull)
    assert "damage_control" not in [k for k, _ in events]
    assert any("progressive damage (Fuel)" in d for _, d in events)


def test_a_system_hit_this_turn_cannot_be_treated_yet() -> None:
    events = admin_events(hit_on("Fuel", "fuel_leak", turn=1), STRAIGHT)
    assert "damage_control" not in [k for k, _ in events]
    assert any("progressive damage (Fuel)" in d for _, d in events)


def test_roll_rate_results_fold_in_repeats_compounding_and_adding() -> None:
    effects = damage_effects(
        boxed(
            "F-16C",
            hit("Controls", "roll_rates_halved"),
            hit("Controls", "roll_rates_halved"),
            hit("Hydraulics", "roll_rates_minus_1"),
        ),
        engines=1,
        crew=1,
    )
    assert effects.roll_rate_factor == 0.25 and effects.roll_rate_loss == 1.0


def test_damaged_roll_rates_cut_the_aoa_table_rows() -> None:
    healthy = conditions("F-16C", 450)
    halved = dataclass_replace(healthy, roll_rate_factor=0.5)
    low_pressure = dataclass_replace(healthy, roll_rate_loss=1.0)
    row = healthy.roll_row(1.0)
    assert (row.safe, row.normal, row.boosted, row.turning_roll_cells) == (3.0, 4.5, 6.0, 2)
    row = halved.roll_row(1.0)
    assert (row.safe, row.normal, row.boosted, row.turning_roll_cells) == (1.5, 2.25, 3.0, 1)
    row = low_pressure.roll_row(1.0)
    assert (row.safe, row.normal, row.boosted, row.turning_roll_cells) == (2.0, 3.5, 5.0, 1)


def test_damaged_controls_roll_as_far_as_they_can_and_the_replay_says_so() -> None:
    quick_roll = {
        "segments": [
            {"kind": "straight", "ticks": 2, "roll_cells": 6},
            {"kind": "straight", "ticks": 8},
        ]
    }
    healthy = Game(solo([quick_roll], turns=1))
    result = healthy.play_turn(healthy.scripted_orders())
    assert result.aircraft["test-1"].plot.segments[0].rolled_cells == 6
    assert not [e for e in result.events if e.kind == "roll_limited"]
    damaged = Game(solo([quick_roll], turns=1))
    damaged.aircraft["test-1"].damage = boxed("F-16C", hit("Controls", "roll_rates_halved"))
    result = damaged.play_turn(damaged.scripted_orders())
    segment = result.aircraft["test-1"].plot.segments[0]
    assert (segment.rolled_cells, segment.roll_cells_lost) == (5, 1)  # 5.6 roll points
    (limited,) = [e for e in result.events if e.kind == "roll_limited"]
    assert limited.detail == "Test 1's damaged controls roll 5 of 6 cells"


def test_a_roll_beyond_the_healthy_rates_is_still_refused() -> None:
    too_quick = {
        "segments": [
            {"kind": "straight", "ticks": 2, "roll_cells": 12},
            {"kind": "straight", "ticks": 8},
        ]
    }
    damaged = Game(solo([too_quick], turns=1))
    damaged.aircraft["test-1"].damage = boxed("F-16C", hit("Controls", "roll_rates_halved"))
    with pytest.raises(IllegalOrder, match=r"normal rate gives 11\.2 over 2 FP"):
        damaged.play_turn(damaged.scripted_orders())
