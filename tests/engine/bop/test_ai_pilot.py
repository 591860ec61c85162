"""The AI pilot (engine/bop/ai): its prediction, its choices, and its behaviour over seeds."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.bop.ai import AiParams, fly
from engine.bop.ai.contacts import Contact, Sighting, rotate, turn_sense
from engine.bop.game import Game, setup_problems
from engine.bop.maneuvers.geometry import velocity_ft_s
from engine.turning import turn_radius_ft, turn_rate_dps
from models.aircraft import card
from models.scenario import Scenario, load_scenario

BFM = Path(__file__).parents[3] / "scenarios" / "bfm"


def _game(name: str, seed: int | None = None) -> Game:
    return Game(load_scenario(BFM / f"{name}.toml"), seed)


def _gunshot_runs(scenario: Scenario, seeds: range) -> int:
    """Runs in which the blue aircraft reaches a gunshot: a Pipper On roll is made (fired,
    or the pipper not brought on)."""
    count = 0
    for seed in seeds:
        events = Game(scenario, seed).run().meta.events
        count += any(
            e.kind == "gunshot" or (e.kind == "miss" and "pipper" in e.detail) for e in events
        )
    return count


# -- prediction ---------------------------------------------------------------------------
def test_rotation_about_the_vertical_turns_north_to_east_clockwise() -> None:
    east = rotate((0.0, 1.0, 0.0), (0.0, 0.0, -1.0), math.pi / 2)
    assert east == pytest.approx((1.0, 0.0, 0.0), abs=1e-12)


def test_turn_sense_is_positive_for_a_left_turn() -> None:
    north, west, east = (0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (1.0, 0.0, 0.0)
    assert turn_sense(north, west) == 1
    assert turn_sense(north, east) == -1
    assert turn_sense(north, north) == 0


def test_a_contact_turning_10_degrees_a_second_flies_a_60_degree_arc_in_a_game_turn() -> None:
    """Constant rate about the vertical: after 6 s the heading is 60° round and the
    position lies on the circle of radius V/ω (hand computed: 900 ft/s, 10°/s → 5,157 ft)."""
    speed = 900.0
    seen = Sighting(0, (0.0, 0.0, 10_000.0), (0.0, speed, 0.0))
    contact = Contact("b", "B", card("F-16C"), seen, (0.0, 0.0, -1.0), 10.0, True)
    position, velocity = contact.predict(6.0)
    radius = speed / math.radians(10.0)
    assert math.degrees(math.atan2(velocity[0], velocity[1])) == pytest.approx(60.0, abs=0.01)
    centre = (radius, 0.0)
    assert math.dist(position[:2], centre) == pytest.approx(radius, rel=0.002)
    assert position[2] == 10_000.0


def test_level_turn_rate_and_radius_follow_the_bfm_formulas() -> None:
    """500 kt (843.9 ft/s) at 5 G: g√24 = 157.6 ft/s², so ω = 157.6/843.9 rad/s = 10.70°/s
    and r = 843.9²/157.6 = 4,518 ft (hand computed)."""
    assert turn_rate_dps(500, 5.0) == pytest.approx(10.70, abs=0.01)
    assert turn_radius_ft(500, 5.0) == pytest.approx(4_518, rel=0.002)


# -- scenario set-up ------------------------------------------------------------------------
def test_an_ai_table_is_checked_against_the_ai_parameters() -> None:
    raw = load_scenario(BFM / "perch-6000.toml").model_dump(mode="json")
    raw["aircraft"][0]["ai"] = {"posture": "aggressive"}
    problems = setup_problems(0, raw["aircraft"][0])
    assert any(p.startswith("aircraft.0.ai.posture") for p in problems), problems


def test_an_ai_table_needs_the_ai_pilot() -> None:
    raw = load_scenario(BFM / "perch-6000.toml").model_dump(mode="json")
    raw["aircraft"][1]["ai"] = {"target": "viper-1"}
    with pytest.raises(ValueError, match="ai table is for pilot"):
        Scenario.model_validate(raw)


# -- choices --------------------------------------------------------------------------------
def test_every_plot_the_ai_writes_is_legal_and_the_game_is_deterministic() -> None:
    first = _game("defensive-perch", 3).run()
    second = _game("defensive-perch", 3).run()
    assert [e.model_dump() for e in first.meta.events] == [
        e.model_dump() for e in second.meta.events
    ]
    assert first.meta.turn_table == second.meta.turn_table


def test_the_attacker_declares_guns_and_the_defender_breaks_with_the_burner() -> None:
    game = _game("defensive-perch")
    attacker = fly(game, "viper-1", AiParams(target="bandit-1"))
    defender = fly(game, "bandit-1", AiParams(target="viper-1"))
    assert attacker.posture == "offensive" and attacker.plot.guns is not None
    assert defender.posture == "defensive" and defender.plot.throttle == "ab"
    assert max(defender.plot.segments, key=lambda s: s.ticks).kind == "turn"


# -- behaviour over seeds (issue: AI pilot) -------------------------------------------------
SEEDS = range(1, 13)


def test_from_a_6000_ft_perch_the_attacker_reaches_a_gunshot_in_most_runs() -> None:
    seeds = range(1, 25)  # twelve runs sit at the half-way mark, so take twenty-four
    runs = _gunshot_runs(load_scenario(BFM / "perch-6000.toml"), seeds)
    assert runs > len(seeds) / 2, f"gunshot in {runs} of {len(seeds)} runs"


def _damaged_runs(scenario: Scenario, seeds: range, callsign: str) -> int:
    """Runs in which ``callsign`` is hit by anything."""
    count = 0
    for seed in seeds:
        events = Game(scenario, seed).run().meta.events
        count += any(e.kind == "hit" and callsign in e.detail for e in events)
    return count


def test_a_defender_flown_by_the_ai_survives_unhurt_more_often_than_a_fixed_turn() -> None:
    """The same AI attacker from the same 6,000 ft perch for sixteen game-turns: against the
    canned defender of perch-6000 (a held sustained turn) and against the AI defender of
    defensive-perch. Kills are rare in that time, so surviving means not being hit."""
    longer = {"turns": 16}
    fixed = load_scenario(BFM / "perch-6000.toml").model_copy(update=longer)
    flown = load_scenario(BFM / "defensive-perch.toml").model_copy(update=longer)
    hit_fixed = _damaged_runs(fixed, SEEDS, "Bandit 1")
    hit_flown = _damaged_runs(flown, SEEDS, "Bandit 1")
    assert hit_flown < hit_fixed, f"AI defender hit in {hit_flown} runs, fixed turn in {hit_fixed}"


@pytest.mark.parametrize("fight", ["one-circle", "two-circle"])
def test_after_a_high_aspect_merge_the_turn_direction_decides_the_circles(fight: str) -> None:
    """The MiG turns first after the pass; the Viper turns last and makes the fight it
    wants. Geometry: both turning the same way round is two circles, opposite ways one."""
    game = _game(f"merge-{fight}")
    decided_turn = None
    while game.turn < game.scenario.turns:
        before = {e: velocity_ft_s(s) for e, s in game.aircraft.items()}
        game.play_turn(game.scripted_orders())
        state = game.pilots.states["viper-1"]
        if decided_turn is None and state.fight:
            decided_turn = game.turn
            assert state.fight == fight
            after = {e: velocity_ft_s(s) for e, s in game.aircraft.items()}
            senses = {e: turn_sense(before[e], after[e]) for e in before}
            assert 0 not in senses.values(), senses
            geometry = "two-circle" if senses["viper-1"] == senses["fulcrum-1"] else "one-circle"
            assert geometry == fight
    assert decided_turn is not None, "the Viper never chose its turn at the merge"


# -- G risk ---------------------------------------------------------------------------------
def test_the_crew_g_cost_is_nothing_below_the_demand_and_grows_with_the_load() -> None:
    """Demand is the load less 3 G (flight_effects.toml): 3 G costs nothing; beyond it the
    expected cost of the check only grows; a pilot already blacked out pays only for a loss
    of consciousness."""
    from engine.bop.ai.g_risk import crew_g_cost
    from engine.bop.effects import CrewState

    state = _game("perch-6000").aircraft["viper-1"]
    assert crew_g_cost(state, 3.0) == 0.0
    costs = [crew_g_cost(state, load) for load in (5.0, 6.0, 7.0, 8.0, 9.0)]
    assert costs == sorted(costs) and costs[-1] > costs[0] > 0.0
    state.crew[0] = CrewState(g_state="black_out")
    assert 0.0 < crew_g_cost(state, 9.0) < costs[-1]
