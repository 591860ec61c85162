"""Specific energy and specific excess power over a timeline (sim/energy.py), against a
hand-made timeline."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from sim.energy import EnergyHistory, specific_energy_ft, specific_excess_power_fps
from tests.sim.test_playback import merge, with_channels

KT = 6076.12 / 3600.0
G = 32.174
TICK_S = 0.6


def test_energy_height_by_hand() -> None:
    # 400 kt is 675.124 ft/s; 675.124² = 455,793 ft²/s², / (2 × 32.174) = 7,083.25 ft.
    assert specific_energy_ft(10000.0, 400.0) == pytest.approx(17083.25, abs=0.01)
    assert specific_energy_ft(0.0, 0.0) == 0.0


def test_a_steady_climb_at_constant_speed_has_ps_equal_to_the_climb_rate() -> None:
    t = np.arange(5) * TICK_S
    es = specific_energy_ft(10000.0 + 100.0 * t, np.full(5, 400.0))
    assert specific_excess_power_fps(t, es) == pytest.approx(np.full(5, 100.0))


def test_speed_changing_evenly_gives_the_exact_slope_inside_the_track() -> None:
    """Level, 400 kt gaining 10 kt a tick: E_s is a parabola in time, and its slope at a
    tick is V·dV/dt / g."""
    t = np.arange(6) * TICK_S
    speed_kt = 400.0 + 10.0 * np.arange(6)
    ps = specific_excess_power_fps(t, specific_energy_ft(15000.0, speed_kt))
    accel_fps2 = 10.0 * KT / TICK_S
    exact = speed_kt * KT * accel_fps2 / G
    assert ps[1:-1] == pytest.approx(exact[1:-1])
    # One-sided at the ends: the chord of the first and last tick.
    first = (specific_energy_ft(0, 410.0) - specific_energy_ft(0, 400.0)) / TICK_S
    assert ps[0] == pytest.approx(first)


def test_ticks_out_of_play_break_the_track() -> None:
    t = np.arange(6) * TICK_S
    es = np.array([1000.0, 1060.0, np.nan, 2000.0, 2030.0, 2060.0])
    ps = specific_excess_power_fps(t, es)
    assert ps[:2] == pytest.approx([100.0, 100.0])
    assert np.isnan(ps[2])
    assert ps[3:] == pytest.approx([50.0, 50.0, 50.0])
    lonely = specific_excess_power_fps(t[:3], np.array([np.nan, 5.0, np.nan]))
    assert lonely[1] == 0.0


def test_history_from_a_timeline() -> None:
    base = merge()
    ticks = base.ticks
    alt = np.full((len(base.entity_ids), ticks), 12000.0)
    alt[0] = 12000.0 + 50.0 * np.asarray(base.t_s)  # Viper 1 climbs at 50 ft/s
    speed = np.full_like(alt, 450.0)
    active = np.ones_like(alt, dtype=bool)
    active[1, 5:] = False  # Viper 2 leaves play after tick 4
    timeline = with_channels(base, z_ft=alt, speed_kt=speed, active=active)
    history = EnergyHistory.from_timeline(timeline)
    speed_ft = (450.0 * KT) ** 2 / (2 * G)
    assert history.es_ft[0, 0] == pytest.approx(12000.0 + speed_ft)
    assert history.ps_fps[0] == pytest.approx(np.full(ticks, 50.0))
    assert np.isnan(history.es_ft[1, 5:]).all() and np.isfinite(history.es_ft[1, :5]).all()
    # Between ticks: linear.
    es, ps = history.at(base.entity_ids[0], 0.9)
    assert es == pytest.approx(12000.0 + 45.0 + speed_ft)
    assert ps == pytest.approx(50.0)
    # The window covers itself with a tick either side.
    window = history.window(1.0, 2.0)
    assert history.t_s[window][0] <= 1.0 and history.t_s[window][-1] >= 2.0
    assert len(history.t_s[window]) == 4  # 0.6, 1.2, 1.8, 2.4


def test_history_without_an_active_channel() -> None:
    base = merge()
    channels = {k: v for k, v in base.channels.items() if k != "active"}
    history = EnergyHistory.from_timeline(dataclasses.replace(base, channels=channels))
    assert np.isfinite(history.es_ft).all()
