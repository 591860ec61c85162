"""A generated Intruders mission as a Phantoms scenario: every mission at every threat
sets up with no problem, the mapping keeps what the generator placed, and the scenario file
written for the player reads back as the same scenario."""

from __future__ import annotations

import tomllib
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.hexmap import Hex
from engine.phantoms.intruders.mission_generator import (
    GeneratedMission,
    Mat,
    generate_mission,
)
from engine.phantoms.mission_scenario import (
    EXIT_EDGES,
    briefing,
    mission_scenario,
    strike_profile,
    write_scenario_toml,
)
from engine.phantoms.setup import scenario_problems, setup_problems
from models.phantoms.mission import THREATS, Threat
from models.phantoms.scenario import PhantomsScenario

MISSIONS = range(1, 11)
SEEDS = range(12)


@cache
def mission(
    seed: int, number: int, threat: Threat = "medium", solitaire: bool = False
) -> GeneratedMission:
    return generate_mission(seed, threat, mission=number, solitaire=solitaire)


@cache
def scenario(
    seed: int, number: int, threat: Threat = "medium", solitaire: bool = False
) -> PhantomsScenario:
    return mission_scenario(mission(seed, number, threat, solitaire))


def read_back(text: str) -> PhantomsScenario:
    return PhantomsScenario.model_validate(tomllib.loads(text))


@pytest.mark.parametrize("number", MISSIONS)
@pytest.mark.parametrize("threat", THREATS)
def test_every_mission_sets_up_over_many_seeds(number: int, threat: Threat) -> None:
    for seed in SEEDS:
        made = scenario(seed, number, threat)
        assert setup_problems(made) == [], (seed, number, threat)


@pytest.mark.parametrize("number", MISSIONS)
def test_every_solitaire_mission_sets_up(number: int) -> None:
    for seed in SEEDS:
        made = scenario(seed, number, "low", True)
        assert setup_problems(made) == [], (seed, number)
        migs = [a for a in made.aircraft if a.side == "nva"]
        assert all(a.pilot == "solitaire" and a.ai.aggression == 1.0 for a in migs)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    number=st.integers(1, 10),
    threat=st.sampled_from(THREATS),
    players=st.integers(1, 12),
    year=st.integers(1962, 1975),
)
def test_any_seed_makes_a_scenario_that_sets_up_and_round_trips(
    seed: int, number: int, threat: Threat, players: int, year: int
) -> None:
    made = mission_scenario(generate_mission(seed, threat, players, number), year=year)
    assert setup_problems(made) == []
    text = write_scenario_toml(made)
    assert read_back(text) == made
    assert scenario_problems(tomllib.loads(text)) == []


@pytest.mark.parametrize("number", MISSIONS)
def test_the_scenario_file_round_trips(number: int) -> None:
    for made in (scenario(5, number), scenario(3, number, "low", True)):
        text = write_scenario_toml(made)
        assert read_back(text) == made
        assert write_scenario_toml(read_back(text)) == text


def test_the_header_says_what_the_mission_is() -> None:
    rolled = mission(5, 5)
    made = scenario(5, 5)
    assert made.name == "Intruders: Railroad Busting"
    assert made.rules == "phantoms" and made.year == 1968 and made.seed == 5
    assert made.options.vietnam and made.options.spotting
    assert made.mat_hexes == (rolled.map_width_hexes, rolled.map_height_hexes)
    assert made.exit_edge == EXIT_EDGES[rolled.entry_edge]
    assert made.victory == rolled.victory
    assert made.description == briefing(rolled)
    for words in (
        rolled.objective,
        "US package (",
        "NVA defences (",
        f"enters by the {made.exit_edge} edge",
        f"{rolled.known_percent}% in view",
        "MiGs (",
        rolled.special[0],
    ):
        assert words in made.description
    assert mission_scenario(rolled, year=1972).year == 1972


def test_every_unit_of_the_mission_is_in_the_scenario() -> None:
    for number in MISSIONS:
        rolled, made = mission(7, number, "high"), scenario(7, number, "high")
        flying = {u.id for u in rolled.units if u.kind in ("aircraft", "helicopter")}
        assert {a.entity_id for a in made.aircraft} == flying
        ground = {s.id for s in made.ground}
        for unit in rolled.units:
            if unit.side == "nva" and unit.kind not in ("aircraft", "sam_battery"):
                assert unit.id in ground
        launchers = sum(1 for u in rolled.units if u.kind == "sam_battery")
        batteries = [s for s in made.ground if s.kind == "sam_battery"]
        assert sum(s.count for s in batteries) == launchers
        radars = {s.id: s.hex for s in made.ground if s.kind == "sam_radar"}
        assert all(s.radar is not None and radars[s.radar] == s.hex for s in batteries)


def test_us_aircraft_fly_their_load_outs() -> None:
    rolled, made = mission(5, 3, "high"), scenario(5, 3, "high")
    setups = {a.entity_id: a for a in made.aircraft}
    sites = {s.id: s for s in made.ground}
    for unit in rolled.units:
        if unit.side != "us" or unit.kind != "aircraft":
            continue
        setup = setups[unit.id]
        load = dict(unit.stores)
        assert setup.type == unit.type_id and setup.hex == unit.hex and setup.pilot == "ai"
        assert setup.missiles == {k: v for k, v in load.items() if k.startswith("aim-")}
        assert setup.ecm_pods == load.get("ecm-pod", 0)
        for store, count in setup.stores.items():
            assert load[store] == count
        if unit.role == "weasel":
            assert setup.ai.role == "striker" and setup.ai.profile == "standoff"
            assert sites[setup.ai.target or ""].kind == "sam_radar"
        elif unit.role == "strike":
            assert setup.ai.role == "striker"
            assert sites[setup.ai.target or ""].side == "nva"
        else:
            assert setup.ai.role in ("escort", "fighter")
        assert setup.wingman in setups and setups[setup.wingman].wingman == setup.entity_id


def test_strikers_spread_over_the_objectives_by_element() -> None:
    made = scenario(7, 5, "high")  # four F-105s: the train, then the first track hex
    targets = [a.ai.target for a in made.aircraft if a.ai.role == "striker"]
    assert targets == ["nva-train-1", "nva-train-1", "track-1", "track-1"]
    track = next(s for s in made.ground if s.id == "track-1")
    assert (track.kind, track.type) == ("target", "track")


def test_entering_aircraft_start_on_their_entry_edge() -> None:
    for number in MISSIONS:
        rolled, made = mission(2, number), scenario(2, number)
        edge = {str(h) for h in Mat(*made.mat_hexes).edge_hexes(rolled.entry_edge)}
        entering = {u.id for u in rolled.units if u.entering}
        assert entering
        for setup in made.aircraft:
            if setup.entity_id in entering:
                assert setup.hex in edge


def test_speeds_keep_to_the_card_and_the_vietnam_limit() -> None:
    for number in MISSIONS:
        for setup in scenario(4, number, "high").aircraft:
            if setup.level <= 1:
                assert setup.speed <= 5
    skyraiders = [a for a in scenario(7, 8, "high").aircraft if a.type == "a-1h"]
    assert skyraiders and all(a.speed == 2 for a in skyraiders)  # loaded A-1H's top


def test_the_sar_helicopter_flies_to_the_crew() -> None:
    rolled, made = mission(7, 8, "high"), scenario(7, 8, "high")
    jolly = next(a for a in made.aircraft if a.type == "hh-3e")
    assert jolly.callsign == "Jolly 1" and jolly.side == "us" and jolly.ai.role == "recon"
    crew_hex = next(o.hex for o in rolled.objectives if o.kind == "downed-crew")
    crew = next(s for s in made.ground if s.id == jolly.ai.target)
    assert (crew.kind, crew.side, crew.hex) == ("crew", "us", crew_hex)
    assert crew.capture is not None and crew.capture.at_most == 6  # I-p.11
    assert (jolly.speed, jolly.top_speed) == (3, 3)  # "moves at speed 3" (I-p.11)
    infantry = {s.id: s for s in made.ground if s.kind == "infantry"}
    assert all(a.ai.target in infantry for a in made.aircraft if a.ai.role == "striker")


def test_the_recon_aircraft_overflies_the_chosen_objective() -> None:
    rolled, made = mission(5, 1), scenario(5, 1)
    chosen = next(o for o in rolled.objectives if "recon aircraft's objective" in o.note)
    recon = next(a for a in made.aircraft if a.ai.role == "recon")
    site = next(s for s in made.ground if s.id == recon.ai.target)
    assert site.hex == chosen.hex
    assert recon.stores == {} and recon.missiles == {}


def test_solitaire_hidden_guns_wait_hidden_on_the_objectives() -> None:
    for seed in SEEDS:
        rolled, made = mission(seed, 9, "low", True), scenario(seed, 9, "low", True)
        set_aside = [u.id for u in rolled.units if u.hex is None]
        objectives = [o.hex for o in rolled.objectives]
        sites = {s.id: s for s in made.ground}
        for number, unit in enumerate(set_aside):
            assert sites[unit].hidden and sites[unit].hex == objectives[number % len(objectives)]


def test_medium_and_heavy_guns_are_slaved_to_the_nearest_aaa_radar() -> None:
    made = scenario(5, 6)
    radars = {s.id: Hex.parse(s.hex) for s in made.ground if s.kind == "aaa_radar"}
    assert radars
    for site in made.ground:
        if site.kind != "aaa":
            continue
        if site.type in ("m-38", "s-60", "ks-12", "ks-19"):
            here = Hex.parse(site.hex)
            best = min(here.distance_to(r) for r in radars.values())
            assert site.radar is not None and here.distance_to(radars[site.radar]) == best
        else:
            assert site.radar is None


@pytest.mark.parametrize(
    ("stores", "profile"),
    [
        ({"mk-82": 6, "lau-68": 2}, "dive"),
        ({"m118": 2}, "dive"),
        ({"cbu-58": 4, "lau-68": 4}, "dive"),
        ({"walleye-1": 2}, "standoff"),
        ({"lau-3a": 4}, "standoff"),
        ({"agm-45": 2}, "standoff"),
        ({"blu-10": 2, "mk-82": 2}, "low"),
        ({"blu-11": 1, "mk-82": 4, "lau-3a": 2}, "low"),
        ({"blu-11": 1, "mk-84": 4}, "dive"),
    ],
)
def test_the_profile_suits_the_main_weapon(stores: dict[str, int], profile: str) -> None:
    assert strike_profile(stores) == profile


def test_text_with_quotes_and_backslashes_round_trips() -> None:
    made = scenario(5, 10)
    odd = made.model_copy(
        update={"description": 'He said "go" \\ then """ and \ttab\nline two"', "victory": "x\\y"}
    )
    assert read_back(write_scenario_toml(odd)) == odd
