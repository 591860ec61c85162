"""Camera poses as pure functions of the snapshot (no Panda3D)."""

import itertools
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine import Game
from models.scenario import load_scenario
from sim.cameras import (
    CAMERA_MODES,
    FIGHT_EASE_S,
    FIGHT_MARGIN_FT,
    FIGHT_MIN_FT,
    Bounds,
    CameraPose,
    CameraRig,
    OrbitState,
    blend,
    fight_bounds,
    target_pose,
)
from sim.playback import Playback
from sim.snapshot import Snapshot

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.fixture(scope="module")
def playback() -> Playback:
    return Playback(Game(load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")).run())


def bounds_of(playback: Playback) -> Bounds:
    ch = playback.timeline.channels
    return Bounds.of_points(
        np.stack([ch["x_ft"].ravel(), ch["y_ft"].ravel(), ch["z_ft"].ravel()], 1)
    )


def test_top_view_is_orthographic_over_what_it_frames(playback: Playback) -> None:
    bounds = bounds_of(playback)
    pose = target_pose("top", playback.snapshot_at(10), bounds, OrbitState())
    assert pose.orthographic and pose.film_ft is not None
    assert pose.film_ft >= bounds.high[1] - bounds.low[1]  # north to south...
    assert pose.film_ft * 4 / 3 >= bounds.high[0] - bounds.low[0]  # ...and east to west at 4:3
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
    assert rig.fight is not None
    end = target_pose("table", snapshot, rig.fight, rig.orbit)
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


FPS_DT = 1 / 30


def moved(snapshot: Snapshot, dx: float, dy: float) -> Snapshot:
    """``snapshot`` with every entity shifted by (dx, dy) feet."""
    return replace(
        snapshot,
        entities=tuple(
            replace(e, position_ft=(e.position_ft[0] + dx, e.position_ft[1] + dy, e.position_ft[2]))
            for e in snapshot.entities
        ),
    )


def test_fight_frame_holds_every_active_entity_with_margin(playback: Playback) -> None:
    whole = bounds_of(playback)
    for t_s in (0.0, 5.0, 10.0, 15.0, 20.0, playback.duration_s):
        snapshot = playback.snapshot_at(t_s)
        frame = fight_bounds(snapshot, whole)
        assert frame.size_ft >= FIGHT_MIN_FT
        active = [e for e in snapshot.entities if e.active]
        assert active, t_s
        for e in active:
            x, y, z = e.position_ft
            assert frame.low[0] + FIGHT_MARGIN_FT <= x <= frame.high[0] - FIGHT_MARGIN_FT
            assert frame.low[1] + FIGHT_MARGIN_FT <= y <= frame.high[1] - FIGHT_MARGIN_FT
            assert frame.low[2] <= z <= frame.high[2]
    merge = fight_bounds(playback.snapshot_at(12.0), whole)
    assert merge.size_ft < whole.size_ft  # the fight, not the whole map
    assert min(merge.high[0] - merge.low[0], merge.high[1] - merge.low[1]) >= FIGHT_MIN_FT


def test_fight_frame_falls_back_to_the_whole_engagement_when_nobody_flies(
    playback: Playback,
) -> None:
    whole = bounds_of(playback)
    snapshot = playback.snapshot_at(5.0)
    nobody = replace(snapshot, entities=tuple(replace(e, active=False) for e in snapshot.entities))
    assert fight_bounds(nobody, whole) == whole
    pose = target_pose("top", nobody, fight_bounds(nobody, whole), OrbitState())
    assert pose.position[:2] == pytest.approx(whole.centre[:2])


def run_rig(playback: Playback, mode: str, until_s: float) -> list[CameraPose]:
    rig = CameraRig(bounds_of(playback), mode)  # type: ignore[arg-type]
    poses, t_s = [rig.pose(playback.snapshot_at(0.0), 0.0)], 0.0
    while t_s < until_s:
        t_s += FPS_DT
        poses.append(rig.pose(playback.snapshot_at(t_s), FPS_DT))
    return poses


def test_top_follows_the_fight_smoothly_and_keeps_it_in_view(playback: Playback) -> None:
    whole = bounds_of(playback)
    poses = run_rig(playback, "top", playback.duration_s)
    k = 1 - math.exp(-FPS_DT / FIGHT_EASE_S)
    limit = k * math.hypot(whole.high[0] - whole.low[0], whole.high[1] - whole.low[1]) * 1.1
    for i, (a, b) in enumerate(itertools.pairwise(poses)):
        assert a.film_ft is not None and b.film_ft is not None
        assert abs(b.film_ft - a.film_ft) <= limit * 1.1  # no jumps in size...
        assert math.dist(a.position[:2], b.position[:2]) <= limit  # ...nor in place
        snapshot = playback.snapshot_at((i + 1) * FPS_DT)
        for e in snapshot.entities:
            if e.active:  # every active aircraft and missile on a 4:3 film or wider
                assert abs(e.position_ft[0] - b.position[0]) <= b.film_ft * 4 / 3 / 2
                assert abs(e.position_ft[1] - b.position[1]) <= b.film_ft / 2
    films = [p.film_ft for p in poses if p.film_ft is not None]
    assert max(films) <= whole.size_ft * 1.08 + 1.0  # never wider than the whole map
    merge = poses[round(12.0 / FPS_DT)].film_ft
    assert merge is not None and merge < whole.size_ft * 0.7  # and tighter in the merge


def test_rig_starts_on_the_target_and_converges_to_a_new_extent(playback: Playback) -> None:
    rig = CameraRig(bounds_of(playback), "top")
    here = playback.snapshot_at(10.0)
    first = rig.pose(here, 0.0)
    goal = fight_bounds(here, rig.bounds)
    assert first == target_pose("top", here, goal, rig.orbit)  # no easing on the first frame
    there = moved(here, 30_000.0, -20_000.0)
    new_goal = fight_bounds(there, rig.bounds)
    second = rig.pose(there, FPS_DT)
    assert math.dist(second.position[:2], first.position[:2]) < 1000.0  # eases, no jump
    for _ in range(int(10 * FIGHT_EASE_S / FPS_DT)):
        last = rig.pose(there, FPS_DT)
    assert last.position[:2] == pytest.approx(new_goal.centre[:2], abs=5.0)
    film = target_pose("top", there, new_goal, rig.orbit).film_ft
    assert film is not None and last.film_ft == pytest.approx(film, abs=5.0)


def test_rig_is_deterministic(playback: Playback) -> None:
    assert run_rig(playback, "orbit", 8.0) == run_rig(playback, "orbit", 8.0)


def test_orbit_distance_scales_with_the_fight_and_the_wheel_still_zooms(
    playback: Playback,
) -> None:
    playback.select(None)
    try:
        rig = CameraRig(bounds_of(playback), "orbit")
        snapshot = playback.snapshot_at(10.0)
        near = rig.pose(snapshot, 0.0)
        gap = math.dist(near.position, near.look_at)
        rig.orbit = rig.orbit.zoomed(0.5)
        zoomed = rig.pose(snapshot, 0.0)
        assert math.dist(zoomed.position, zoomed.look_at) == pytest.approx(gap / 2)
        frame = fight_bounds(snapshot, rig.bounds)
        half = frame.size_ft / 2
        (x0, y0, z0), (x1, y1, z1) = frame.low, frame.high
        wide = Bounds((x0 - half, y0 - half, z0), (x1 + half, y1 + half, z1))
        far = target_pose("orbit", snapshot, wide, rig.orbit)
        assert math.dist(far.position, far.look_at) == pytest.approx(gap)  # twice the size
        # Orbiting an aircraft at the fight's edge stands off far enough for the rest of it.
        edge = replace(snapshot, selected=snapshot.entities[0].id)
        focus = edge.entities[0].position_ft
        pose = target_pose("orbit", edge, frame, OrbitState(distance_ft=10_000.0))
        farthest = max(abs(focus[0] - x) for x in (x0, x1))
        assert math.dist(pose.position, pose.look_at) >= 2 * farthest - 1e-6
    finally:
        playback.select_next()


def test_fixed_bounds_are_framed_as_they_are(playback: Playback) -> None:
    rig = CameraRig(bounds_of(playback), "top")
    shot = Bounds((-3000.0, -3000.0, 0.0), (9000.0, 9000.0, 20_000.0))
    rig.fixed_bounds = shot
    here = playback.snapshot_at(10.0)
    pose = rig.pose(here, FPS_DT)
    assert pose.position[:2] == pytest.approx(shot.centre[:2])
    assert pose.film_ft == pytest.approx(target_pose("top", here, shot, rig.orbit).film_ft)
    rig.fixed_bounds = None  # back to following the fight
    assert rig.pose(playback.snapshot_at(10.0), 0.0).position[:2] == pytest.approx(
        fight_bounds(playback.snapshot_at(10.0), rig.bounds).centre[:2]
    )
