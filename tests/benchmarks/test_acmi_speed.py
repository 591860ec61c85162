"""The ACMI benchmark's synthetic timeline is sound and its measurements run.

The figures themselves come from ``python -m benchmarks.acmi_speed``, not from a timed test.
"""

from pathlib import Path

import numpy as np

from benchmarks.acmi_speed import peak_memory, synthetic_timeline, time_export
from sim.acmi.telemetry import roll_pitch_yaw_deg
from tests.sim.test_acmi import assert_round_trip


def test_the_synthetic_aircraft_fly_banked_circles_nose_first() -> None:
    timeline = synthetic_timeline(1.0, 4)
    assert timeline.ticks == 101 and len(timeline.meta.entities) == 4
    roll, pitch, yaw = roll_pitch_yaw_deg(timeline.channels["quat_wxyz"])
    assert np.allclose(roll, roll[0, 0]) and 60 < roll[0, 0] < 80 and np.allclose(pitch, 0)
    dx = np.diff(timeline.channels["x_ft"], axis=1)
    dy = np.diff(timeline.channels["y_ft"], axis=1)
    track = np.degrees(np.arctan2(dx, dy)) % 360
    turned = (yaw[:, 1:] - yaw[:, :-1] + 180) % 360 - 180
    middle = yaw[:, :-1] + turned / 2
    assert np.abs((track - middle + 180) % 360 - 180).max() < 0.5


def test_the_synthetic_timeline_round_trips(tmp_path: Path) -> None:
    assert_round_trip(synthetic_timeline(0.5, 4), tmp_path / "s.zip.acmi")


def test_the_measurements_run(tmp_path: Path) -> None:
    timeline = synthetic_timeline(0.5, 2)
    wall, size = time_export(timeline, 1, tmp_path)
    assert wall > 0 and size > 0
    assert peak_memory(timeline, tmp_path) > 0
