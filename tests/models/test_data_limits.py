"""Values that make physical sense (docs/data-limits.md, docs/rulings.md "Data limits"):
hexes on the map, fuel the tanks hold, seeds a timeline can record, sizes a game can play."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.bop.game import Game
from models.hexes import MAP_RADIUS_HEXES, check_hex_text
from models.orders import BopPlot
from models.playlist import Vignette
from models.reference import GeoReference
from models.scenario import MAX_AIRCRAFT, MAX_MISSILES, Scenario
from scenarios import shipped, shipped_log_setups
from tests.models.bad_files import TWO_AIRCRAFT, scenario_problems, scenario_text
from tests.scenario_toml import aircraft_toml


def _with(extra: str) -> str:
    """The two-aircraft scenario with ``extra`` lines in the first aircraft's table."""
    return scenario_text(TWO_AIRCRAFT.replace("speed_kt = 450", f"speed_kt = 450\n{extra}", 1))


@pytest.mark.parametrize(
    ("hex_text", "expected"),
    [
        ("1000000000000000000000000000000,0", "is not a hex"),
        ("4000,0", "hex 4000,0 is 4,000 hexes from 0,0; the map reaches 1,000 hexes"),
        ("-600,-600", "hex -600,-600 is 1,200 hexes from 0,0"),
        ("١,٢", "is not a hex"),
    ],
)
def test_a_hex_off_the_map_is_refused(tmp_path: Path, hex_text: str, expected: str) -> None:
    """A huge hex overflowed in the engine's sampling; a far one made the ground grow
    without bound."""
    text = scenario_text(TWO_AIRCRAFT.replace('hex = "0,0"', f'hex = "{hex_text}"', 1))
    problems = scenario_problems(tmp_path, text)
    assert len(problems) == 1 and problems[0].startswith("aircraft.0.hex: "), problems
    assert expected in problems[0]


def test_the_map_reaches_its_radius_and_no_farther() -> None:
    assert check_hex_text(f"{MAP_RADIUS_HEXES},0") and check_hex_text(f"0,-{MAP_RADIUS_HEXES}")
    assert check_hex_text(f"{MAP_RADIUS_HEXES},-{MAP_RADIUS_HEXES}")  # 1,000 hexes away
    with pytest.raises(ValueError, match="hexes from 0,0"):
        check_hex_text(f"{MAP_RADIUS_HEXES},1")


def test_a_segments_end_hex_off_the_map_is_refused() -> None:
    with pytest.raises(ValidationError, match="the map reaches"):
        BopPlot.model_validate(
            {"segments": [{"kind": "straight", "ticks": 10, "end_hex": "99999,0"}]}
        )


def test_the_shipped_scenarios_lie_well_inside_the_map() -> None:
    """(Birds of Prey's hex map; Over the Lines' open table is bounded by its own model.)"""
    for found in [*shipped(), *shipped_log_setups()]:
        raw = tomllib.loads(found.read_text(encoding="utf-8"))
        if raw.get("rules", "bop") != "bop":
            continue
        scenario = Scenario.model_validate(raw)
        for setup in scenario.aircraft:
            q, r = (int(part) for part in setup.hex.split(","))
            assert max(abs(q), abs(r), abs(q + r)) <= MAP_RADIUS_HEXES // 5, found.name


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("fuel_fp = 900000", "aircraft.0.fuel_fp: should be less than or equal to 1000"),
        ("fuel_fp = 71", "aircraft.0.fuel_fp: 71 FP is more than the F-16C's 70 FP of internal"),
        ("bingo_fp = 500", "aircraft.0.bingo_fp: 500 FP is more than the F-16C's 70 FP"),
    ],
)
def test_fuel_and_bingo_are_at_most_what_the_tanks_hold(
    tmp_path: Path, extra: str, expected: str
) -> None:
    problems = scenario_problems(tmp_path, _with(extra))
    assert any(p.startswith(expected) for p in problems), problems


def test_a_full_load_of_fuel_is_accepted() -> None:
    text = _with("fuel_fp = 70\nbingo_fp = 70")
    Game(Scenario.model_validate(tomllib.loads(text)), seed=1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            scenario_text(head="seed = 100000000000000000000"),
            "seed: 100000000000000000000 is too large a whole number",
        ),
        (scenario_text(head="seed = -1"), "seed: should be greater than or equal to 0"),
        (scenario_text().replace("turns = 2", "turns = 1001"), "turns: should be less than or"),
        (
            scenario_text(head="reference = { time = 9999-12-31T23:00:00Z }"),
            "reference.time: the year 9999 is outside 1900-2999",
        ),
        (
            scenario_text(head="map = { tile_base_alt_steps = 100000 }"),
            "map.tile_base_alt_steps: should be less than or equal to 400",
        ),
    ],
)
def test_scenario_wide_values_out_of_range(tmp_path: Path, text: str, expected: str) -> None:
    problems = scenario_problems(tmp_path, text)
    assert any(p.startswith(expected) for p in problems), problems


def test_the_largest_seed_a_timeline_records_is_accepted() -> None:
    text = scenario_text(head="seed = 9223372036854775807")
    assert Scenario.model_validate(tomllib.loads(text)).seed == 2**63 - 1


def test_too_many_missiles_or_aircraft_are_refused(tmp_path: Path) -> None:
    loadout = ", ".join(['"AIM-9L"'] * (MAX_MISSILES + 1))
    problems = scenario_problems(tmp_path, _with(f"missiles = [{loadout}]"))
    assert any(
        p.startswith("aircraft.0.missiles: ") and "at most 16 items" in p for p in problems
    ), problems
    crowd = "".join(aircraft_toml(f"Viper {n}", at_hex=f"{n},0") for n in range(MAX_AIRCRAFT + 1))
    problems = scenario_problems(tmp_path, scenario_text(crowd))
    assert any(p.startswith("aircraft: ") and "at most 32 items" in p for p in problems), problems


def test_a_vignette_far_past_any_game_is_refused() -> None:
    with pytest.raises(ValidationError, match="less than or equal to 3000"):
        Vignette(
            scenario="x",
            title="t",
            briefing="b",
            from_s=1e18,
            to_s=1e18 + 60,
            replay_from_s=1e18,
            replay_to_s=1e18 + 10,
        )


def test_a_reference_time_may_be_iso_text_but_not_a_number() -> None:
    assert GeoReference.model_validate({"time": "1972-05-10T08:30:00Z"}).time.year == 1972
    with pytest.raises(ValidationError):
        GeoReference.model_validate({"time": 86400})
    with pytest.raises(ValidationError, match="not a date-time"):
        GeoReference.model_validate({"time": "yesterday"})


@pytest.mark.parametrize("callsign", ["Viper, 1", "Viper\t1", "Viper\\n1"])
def test_a_callsign_that_would_not_make_a_timeline_id_is_refused(
    tmp_path: Path, callsign: str
) -> None:
    """The callsign becomes the aircraft's id in the timeline, which sensor channels list
    separated by commas: "Viper, 1" played, then its timeline could not be read back."""
    text = scenario_text().replace('callsign = "Viper 1"', f'callsign = "{callsign}"', 1)
    assert callsign not in scenario_text()
    problems = scenario_problems(tmp_path, text)
    assert any(p.startswith("aircraft.0.callsign: ") for p in problems), problems
