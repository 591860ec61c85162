"""The shipped Over the Lines scenarios: they validate, fly charted types, aim their AI
pilots at enemies, and put the two sides in each other's way within a few rounds."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

from models.otl.chart import PlaneChart, plane_charts
from models.otl.scenario import OtlAircraft, OtlScenario

SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "scenarios" / "otl"
EXPECTED = ("balloon-attack", "camel-vs-albatros", "circus-4v4", "two-seater-2v2")
FILES = sorted(SCENARIOS_DIR.glob("*.toml"))
WESTERN_FRONT = {"lat_deg": (49.0, 51.5), "lon_deg": (1.5, 7.5)}
"""From the Channel coast to the Vosges."""


def load(path: Path) -> OtlScenario:
    with path.open("rb") as handle:
        return OtlScenario.model_validate(tomllib.load(handle))


def rounds_to_meet(a: OtlAircraft, b: OtlAircraft) -> float:
    """Rounds for two planes flying straight at their speeds to close their distance."""
    return math.dist((a.x_in, a.y_in), (b.x_in, b.y_in)) / (a.speed + b.speed)


@pytest.fixture(scope="module")
def charts() -> dict[str, PlaneChart]:
    return plane_charts()


def test_the_four_scenarios_are_shipped() -> None:
    assert tuple(path.stem for path in FILES) == EXPECTED


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_loads_with_charted_types_and_enemy_targets(
    path: Path, charts: dict[str, PlaneChart]
) -> None:
    scenario = load(path)
    assert scenario.rules == "otl"
    assert 25 <= scenario.turns <= 40
    assert scenario.seed is not None
    assert len(scenario.description) > 400
    for key, (low, high) in WESTERN_FRONT.items():
        assert low <= getattr(scenario.reference, key) <= high
    assert scenario.reference.time.strftime("%Y-%m") == scenario.date
    assert len(scenario.sides) == 2
    side_of = {plane.entity_id: plane.side for plane in scenario.aircraft}
    side_of |= {unit.id: unit.side for unit in scenario.ground}
    for plane in scenario.aircraft:
        assert plane.type in charts, plane.type
        chart = charts[plane.type]
        assert chart.service_from <= scenario.date, (plane.entity_id, chart.service_from)
        assert plane.pilot == "ai"
        assert plane.ai.target in side_of, (plane.entity_id, plane.ai.target)
        assert side_of[plane.ai.target] != plane.side
        assert (plane.observer_crew is not None) == (chart.crew == 2)
        band = chart.band_at(plane.alt_ft)
        assert band.stall_speed < plane.speed <= band.max_level_speed


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_sides_meet_within_three_to_six_rounds(path: Path) -> None:
    scenario = load(path)
    first, second = scenario.sides
    pairs = [
        rounds_to_meet(a, b)
        for a in scenario.aircraft
        for b in scenario.aircraft
        if a.side == first and b.side == second
    ]
    balloons = [unit for unit in scenario.ground if unit.kind == "balloon"]
    if balloons:
        pairs = [
            math.dist((a.x_in, a.y_in), (g.x_in, g.y_in)) / a.speed
            for a in scenario.aircraft
            for g in balloons
            if a.side != g.side
        ]
    assert 3 <= min(pairs) <= 6


def test_the_duel_is_a_camel_veteran_against_an_albatros_regular() -> None:
    scenario = load(SCENARIOS_DIR / "camel-vs-albatros.toml")
    camel, albatros = scenario.aircraft
    assert (camel.type, camel.pilot_crew.level) == ("sopwith-camel", "veteran")
    assert (albatros.type, albatros.pilot_crew.level) == ("albatros-dv", "regular")
    assert 100 <= abs(camel.alt_ft - albatros.alt_ft) <= 300
    assert min(camel.alt_ft, albatros.alt_ft) >= 6000
    assert max(camel.alt_ft, albatros.alt_ft) <= 9000
    assert scenario.date[:4] == "1917" and scenario.date[5:] in ("06", "07", "08")


def test_the_balloon_is_guarded_and_the_attackers_burn_it() -> None:
    scenario = load(SCENARIOS_DIR / "balloon-attack.toml")
    kinds = [unit.kind for unit in scenario.ground]
    assert kinds.count("balloon") == 1 and kinds.count("archie") == 2
    assert kinds.count("machine_gun") == 1
    options = scenario.options
    assert options.ground_fire and options.balloons and options.incendiary
    attackers = [p for p in scenario.aircraft if p.ai.target == "balloon-1"]
    assert attackers and all(p.incendiary for p in attackers)
    assert all(p.type in ("se5a", "nieuport-17") for p in attackers)


def test_the_two_seater_fight_has_a_two_seater_a_side(charts: dict[str, PlaneChart]) -> None:
    scenario = load(SCENARIOS_DIR / "two-seater-2v2.toml")
    for side in scenario.sides:
        planes = [p for p in scenario.aircraft if p.side == side]
        assert len(planes) == 2
        assert sorted(charts[p.type].crew for p in planes) == [1, 2]


def test_the_circus_is_four_against_four_and_stacked() -> None:
    scenario = load(SCENARIOS_DIR / "circus-4v4.toml")
    for side in scenario.sides:
        assert sum(p.side == side for p in scenario.aircraft) == 4
    german = {p.type for p in scenario.aircraft if p.side == "german"}
    assert german == {"fokker-dri", "albatros-dv"}
    assert len({p.alt_ft for p in scenario.aircraft}) == 8
    assert scenario.date == "1918-04" and scenario.options.parachutes
