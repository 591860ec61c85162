"""Camera poses as pure functions of the snapshot (no Panda3D)."""

import math
from pathlib import Path

import numpy as np
import pytest

from engine import Game
from models.scenario import load_scenario
from sim.cameras import CAMERA_MODES, Bounds, CameraPose, CameraRig, OrbitState, blend, target_pose
from sim.playback import Playback

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture(scope="module")
def playback() -> Playback:
    return Playback(Game(load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")).run())


def bounds_of(playback: Playback) -> Bounds:
    ch = playback.timeline.channels
    return Bounds.of_points(
        np.stack([ch["x_ft"].ravel(), ch["y_ft"].ravel(), ch["z_ft"].ravel()], 1)
    )


def test_top_view_is_orthographic_over_the_whole_engagement(playback: Playback) -> None:
    bounds = bounds_of(playback)
    pose = target_pose("top", playback.snapshot_at(10), bounds, OrbitState())
    assert pose.orthographic and pose.film_ft is not None
    assert pose.film_ft >= bounds.size_ft
    assert pose.position[:2] == pytest.approx(bounds.centre[:2])
    assert pose.position[2] > bounds.high[2]


def test_chase_sits_behind_and_above_the_selected_aircraft(playback: Playback) -> None:
    snapshot = playback.snapshot_at(3.0)
    me = snapshot.selected_state
    assert me is not None
    pose = target_pose("chase", snapshot, bounds_of(playback), OrbitState())
    heading = math.radians(me.heading_deg)
    forward = np.array([math.sin(heading), math.cos(heading)])
    offset = np.array(pose.position[:2]) - np.array(me.position_ft[:2])
    assert float(offset @ forward) < 0  # behind
    assert pose.position[2] > me.position_ft[2]  # above


def test_cockpit_looks_along_the_nose(playback: Playback) -> None:
    snapshot = playback.snapshot_at(3.0)
    me = snapshot.selected_state
    assert me is not None
    pose = target_pose("cockpit", snapshot, bounds_of(playback), OrbitState())
    look = np.array(pose.look_at) - np.array(pose.position)
    heading = math.degrees(math.atan2(look[0], look[1])) % 360
    gap = abs((heading - me.heading_deg + 180) % 360 - 180)
    assert gap < 1.0


def test_every_mode_gives_a_pose_even_without_a_selection(playback: Playback) -> None:
    playback.select(None)
    snapshot = playback.snapshot_at(5.0)
    for mode in CAMERA_MODES:
        pose = target_pose(mode, snapshot, bounds_of(playback), OrbitState())
        assert pose.position != pose.look_at
    playback.select_next()


def test_rig_eases_between_modes_by_frame_time(playback: Playback) -> None:
    rig = CameraRig(bounds_of(playback), "orbit", transition_s=1.0)
    snapshot = playback.snapshot_at(5.0)
    start = rig.pose(snapshot, 0.0)
    rig.set_mode("table")
    end = target_pose("table", snapshot, rig.bounds, rig.orbit)
    halfway = rig.pose(snapshot, 0.5)
    assert halfway.position != start.position and halfway.position != end.position
    assert rig.pose(snapshot, 0.6).position == pytest.approx(end.position)
    with pytest.raises(ValueError, match="cameras"):
        rig.set_mode("fisheye")  # type: ignore[arg-type]


def test_blend_endpoints_and_orbit_limits() -> None:
    a = CameraPose((0, 0, 0), (1, 0, 0))
    b = CameraPose((10, 0, 0), (11, 0, 0), film_ft=100.0)
    assert blend(a, b, 0).position == a.position and blend(a, b, 1).position == b.position
    assert blend(a, b, 0.4).film_ft is None and blend(a, b, 0.6).film_ft == 100.0
    orbit = OrbitState().turned(400, 200)
    assert 0 <= orbit.azimuth_deg < 360 and orbit.elevation_deg == 89
    assert OrbitState().zoomed(1e9).distance_ft == 400_000
