"""Debrief series against values worked out again from the timeline's own channels."""

import math
from dataclasses import replace

import numpy as np
import pytest

from models.timeline import Timeline
from sim.debrief.series import SeriesError, aircraft_series, default_opponent
from sim.energy import EnergyHistory
from tests.sim.debrief_timelines import OTHER_RULE_SETS, played

KILL_S = 24.0


def perch() -> Timeline:
    return played("bfm/perch-9000", 1)


def tick_at(timeline: Timeline, t_s: float) -> int:
    return int(np.flatnonzero(np.isclose(timeline.t_s, t_s))[0])


def point(timeline: Timeline, entity: str, k: int) -> np.ndarray:
    i = timeline.entity_index(entity)
    return np.array([timeline.channels[c][i, k] for c in ("x_ft", "y_ft", "z_ft")])


def test_range_and_ata_at_the_kill_match_the_positions() -> None:
    timeline = perch()
    k = tick_at(timeline, KILL_S)
    dt = float(timeline.t_s[k] - timeline.t_s[k - 1])
    viper, bandit = point(timeline, "viper-1", k), point(timeline, "bandit-1", k)
    line_of_sight = bandit - viper
    # Viper 1 flies on after the kill: its path velocity is the central difference.
    velocity = (point(timeline, "viper-1", k + 1) - point(timeline, "viper-1", k - 1)) / (2 * dt)
    cos_ata = velocity @ line_of_sight / (np.linalg.norm(velocity) * np.linalg.norm(line_of_sight))
    series = aircraft_series(timeline, "viper-1")
    assert series.against == "bandit-1"
    assert series.at("range_ft", KILL_S) == pytest.approx(float(np.linalg.norm(line_of_sight)))
    assert series.at("ata_deg", KILL_S) == pytest.approx(math.degrees(math.acos(cos_ata)))
    # The bandit leaves play at the kill: its velocity there is the chord from the tick before.
    bandit_v = (bandit - point(timeline, "bandit-1", k - 1)) / dt
    cos_aa = bandit_v @ line_of_sight / (np.linalg.norm(bandit_v) * np.linalg.norm(line_of_sight))
    assert series.at("aa_deg", KILL_S) == pytest.approx(math.degrees(math.acos(cos_aa)))


def test_per_aircraft_series_are_its_channels_and_energy() -> None:
    timeline = perch()
    i = timeline.entity_index("viper-1")
    series = aircraft_series(timeline, "viper-1")
    assert list(series.series) == [
        "alt_ft",
        "tas_kt",
        "load_g",
        "es_ft",
        "ps_fps",
        "fuel",
        "range_ft",
        "ata_deg",
        "aa_deg",
    ]
    np.testing.assert_array_equal(series.series["alt_ft"].values, timeline.channels["z_ft"][i])
    np.testing.assert_array_equal(
        series.series["load_g"].values, timeline.channels["bop.load_g"][i]
    )
    np.testing.assert_array_equal(series.series["fuel"].values, timeline.channels["bop.fuel_fp"][i])
    energy = EnergyHistory.from_timeline(timeline)
    np.testing.assert_array_equal(series.series["ps_fps"].values, energy.ps_fps[i])
    assert series.series["fuel"].unit == "FP"


def test_out_of_play_ticks_are_gaps() -> None:
    timeline = perch()
    bandit = aircraft_series(timeline, "bandit-1", opponent=False)
    after = timeline.t_s > KILL_S + 0.01
    assert np.isnan(bandit.series["alt_ft"].values[after]).all()
    assert np.isfinite(bandit.series["alt_ft"].values[~after]).all()
    assert np.isnan(aircraft_series(timeline, "viper-1").series["range_ft"].values[after]).all()


def test_an_absent_channel_gives_no_series() -> None:
    timeline = perch()
    kept = {k: v for k, v in timeline.channels.items() if k not in ("bop.load_g", "x_ft")}
    series = aircraft_series(replace(timeline, channels=kept), "viper-1")
    assert "load_g" not in series.series
    assert "range_ft" not in series.series and "ata_deg" not in series.series
    assert "alt_ft" in series.series and "fuel" in series.series


def test_the_opponent_is_whom_it_shot_at() -> None:
    timeline = played("historical/modern-furball", 18)
    assert default_opponent(timeline, "viper-2") == "fulcrum-2"
    assert default_opponent(timeline, "eagle-1") == "fulcrum-4"


def test_an_unknown_aircraft_is_refused_by_name() -> None:
    expected = "--aircraft 'nobody': no such aircraft; choose one of viper-1, bandit-1"
    with pytest.raises(SeriesError, match=expected):
        aircraft_series(perch(), "nobody")


def test_a_missile_is_not_charted_as_an_aircraft() -> None:
    timeline = played("historical/modern-furball", 18)
    with pytest.raises(SeriesError, match="--against 'viper-2-m1': no such aircraft"):
        aircraft_series(timeline, "viper-2", "viper-2-m1")


def test_against_itself_is_refused() -> None:
    with pytest.raises(SeriesError, match="--against 'viper-1'"):
        aircraft_series(perch(), "viper-1", "viper-1")


@pytest.mark.parametrize(("name", "seed", "turns"), OTHER_RULE_SETS)
def test_every_rule_set_gives_series(name: str, seed: int, turns: int) -> None:
    timeline = played(name, seed, turns)
    aircraft = next(e.id for e in timeline.meta.entities if e.kind == "aircraft")
    series = aircraft_series(timeline, aircraft)
    assert series.against is not None
    for key in ("alt_ft", "tas_kt", "es_ft", "ps_fps", "range_ft", "ata_deg", "aa_deg"):
        assert np.isfinite(series.series[key].values).any(), key
