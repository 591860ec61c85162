"""Timeline channels as Tacview's quantities."""

import numpy as np
import pytest

from engine.atmosphere import isa
from engine.phad.rotation import heading_pitch_roll_deg
from sim.acmi.telemetry import (
    angle_of_attack_deg,
    calibrated_airspeed_mps,
    lift_curve_slope_per_rad,
    radar_mode_numbers,
    roll_pitch_yaw_deg,
)


def test_attitudes_match_the_engines_own_angles() -> None:
    rng = np.random.default_rng(3)
    quats = rng.normal(size=(500, 4))
    quats /= np.linalg.norm(quats, axis=1, keepdims=True)
    straight_up = np.array([[np.cos(np.pi / 4), np.sin(np.pi / 4), 0.0, 0.0]])
    quats = np.concatenate([quats, straight_up])
    roll, pitch, yaw = roll_pitch_yaw_deg(quats)
    for i, quat in enumerate(quats):
        heading, expected_pitch, expected_roll = heading_pitch_roll_deg(tuple(quat))
        assert abs((yaw[i] - heading + 180) % 360 - 180) < 1e-9
        assert pitch[i] == pytest.approx(expected_pitch, abs=1e-9)
        assert roll[i] == pytest.approx(expected_roll, abs=1e-9)
    assert pitch[-1] == pytest.approx(90.0) and roll[-1] == 0.0


@pytest.mark.parametrize("mach", [0.3, 0.9, 1.0, 1.6, 2.5])
def test_at_sea_level_the_airspeed_indicator_reads_true_airspeed(mach: float) -> None:
    tas = mach * 340.294
    assert calibrated_airspeed_mps(np.array(mach), np.array(0.0)) == pytest.approx(tas, rel=1e-4)


def test_calibrated_airspeed_aloft_matches_the_standard_tables() -> None:
    # Mach 0.9 at 20,000 ft reads about 424 knots; Mach 1 at 36,089 ft about 343 knots.
    cas = calibrated_airspeed_mps(np.array([0.9, 1.0]), np.array([20_000.0, 36_089.0]))
    assert cas * 1.943844 == pytest.approx([424.0, 343.0], abs=2.0)
    assert isa(20_000).delta < 1


def test_calibrated_airspeed_rises_smoothly_through_mach_one() -> None:
    mach = np.linspace(0.0, 3.0, 601)
    cas = calibrated_airspeed_mps(mach, np.full_like(mach, 25_000.0))
    assert np.all(np.diff(cas) > 0)


def test_angle_of_attack_grows_with_load_and_stops_at_maximum_lift() -> None:
    aspect = 32.7**2 / 300.0  # the F-16C's card
    slope = lift_curve_slope_per_rad(aspect)
    assert 3.0 < slope < 4.0
    loads = np.array([1.0, 3.0, 9.0, -1.0])
    keas = np.array([350.0, 350.0, 250.0, 350.0])
    aoa = angle_of_attack_deg(loads, keas, np.full(4, 22_000.0), 300.0, aspect, 1.6)
    assert 1.0 < aoa[0] < 5.0 and aoa[0] < aoa[1] < aoa[2]
    assert aoa[2] == pytest.approx(np.degrees(1.6 / slope))  # 9 G at 250 KEAS needs more
    assert aoa[3] == pytest.approx(-aoa[0])
    assert angle_of_attack_deg(np.ones(1), np.zeros(1), np.ones(1), 300.0, aspect, 1.6)[0] == 0


def test_radar_modes_as_numbers() -> None:
    assert radar_mode_numbers(["", "Srch", "TWS", "Dog", "STT", "New"]) == [0, 1, 1, 2, 3, 1]
