"""The padlock camera: both aircraft in frame, the target clear of the own mini (no Panda3D
except where the mini's size is read off the cards)."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from engine import Game
from models.scenario import load_scenario
from sim.cameras import Bounds, CameraPose, CameraRig, OrbitState, blend_around, target_pose
from sim.padlock import (
    GROUND_CLEARANCE_FT,
    MINI_RADIUS_PER_SCALE_FT,
    padlock_target,
    padlock_view,
)
from sim.playback import Playback
from sim.snapshot import Snapshot, Vec3

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FOV_DEG = 60.0
"""The lens the scene gives every perspective camera: 60° across."""
ASPECTS = {"16:9": 16 / 9, "4:3": 4 / 3}
MARGIN = 0.1
"""Both aircraft keep this fraction of the half screen inside its edges."""
OWN_FT: Vec3 = (0.0, 0.0, 15_000.0)
WHOLE = Bounds((-50_000.0, -50_000.0, 0.0), (50_000.0, 50_000.0, 30_000.0))


@pytest.fixture(scope="module")
def playback() -> Playback:
    return Playback(Game(load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")).run())


@pytest.fixture(scope="module")
def base_snapshot(playback: Playback) -> Snapshot:
    playback.select("viper-1")
    return playback.snapshot_at(5.0)


def level_quat(heading_deg: float) -> tuple[float, float, float, float]:
    """Level flight on a heading (clockwise from north): a turn about world up."""
    half = math.radians(-heading_deg) / 2
    return (math.cos(half), 0.0, 0.0, math.sin(half))


def pair(
    snapshot: Snapshot,
    own_ft: Vec3,
    target_ft: Vec3,
    heading_deg: float = 0.0,
    target_active: bool = True,
) -> Snapshot:
    """Viper 1 at ``own_ft`` on a heading and Fulcrum 1 at ``target_ft``; the others down."""
    placed = []
    for e in snapshot.entities:
        if e.id == "viper-1":
            e = replace(e, position_ft=own_ft, quat_wxyz=level_quat(heading_deg), active=True)
        elif e.id == "fulcrum-1":
            e = replace(e, position_ft=target_ft, active=target_active)
        else:
            e = replace(e, active=False)
        placed.append(e)
    return replace(snapshot, entities=tuple(placed), selected="viper-1")


def project(pose: CameraPose, point: Vec3, aspect: float) -> tuple[float, float, float]:
    """Where ``point`` falls on a perspective lens of the pose: x and y from -1 to 1 across
    the screen (right and up), and its depth along the view."""
    eye = np.asarray(pose.position)
    forward = np.asarray(pose.look_at) - eye
    forward /= np.linalg.norm(forward)
    right = np.cross(forward, pose.up)
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    d = np.asarray(point) - eye
    depth = float(d @ forward)
    half = math.tan(math.radians(pose.fov_deg / 2))
    return float(d @ right) / (depth * half), float(d @ up) * aspect / (depth * half), depth


def angle_deg(pose: CameraPose, a: Vec3, b: Vec3) -> float:
    eye = np.asarray(pose.position)
    u, v = np.asarray(a) - eye, np.asarray(b) - eye
    cos = float(u @ v) / float(np.linalg.norm(u) * np.linalg.norm(v))
    return math.degrees(math.acos(min(1.0, max(-1.0, cos))))


def mini_radius_deg(pose: CameraPose, at: Vec3, mini_scale: float) -> float:
    """The angular radius of a box mini's bounding sphere at ``at``, seen from the pose."""
    distance_ft = math.dist(pose.position, at)
    return math.degrees(math.asin(min(1.0, MINI_RADIUS_PER_SCALE_FT * mini_scale / distance_ft)))


GEOMETRIES: dict[str, tuple[Vec3, float]] = {
    # name: (target position, own heading)
    "ahead": ((0.0, 15_000.0, 15_000.0), 0.0),
    "ahead, off the nose": ((6_000.0, 14_000.0, 15_000.0), 30.0),
    "abeam": ((8_000.0, 0.0, 15_000.0), 0.0),
    "behind": ((0.0, -6_000.0, 15_000.0), 0.0),
    "behind and low": ((-2_000.0, -7_000.0, 11_000.0), 200.0),
    "above": ((2_000.0, 3_000.0, 23_000.0), 90.0),
    "overhead": ((0.0, 0.0, 24_000.0), 0.0),
    "below": ((-3_000.0, 2_000.0, 7_000.0), 270.0),
    "far": ((0.0, 90_000.0, 15_000.0), 0.0),
    "far abeam and high": ((-60_000.0, 10_000.0, 25_000.0), 0.0),
    "close": ((1_500.0, 1_200.0, 15_000.0), 0.0),
    "close behind": ((-800.0, -1_800.0, 15_300.0), 0.0),
}


@pytest.mark.parametrize("mini_scale", [20.0, 10.0])
@pytest.mark.parametrize("aspect_name", list(ASPECTS))
@pytest.mark.parametrize("geometry", list(GEOMETRIES))
def test_both_aircraft_in_frame_and_the_target_clear_of_the_own_mini(
    base_snapshot: Snapshot, geometry: str, aspect_name: str, mini_scale: float
) -> None:
    target_ft, heading_deg = GEOMETRIES[geometry]
    snapshot = pair(base_snapshot, OWN_FT, target_ft, heading_deg)
    pose = target_pose("padlock", snapshot, WHOLE, OrbitState(), mini_scale)
    assert pose.fov_deg == FOV_DEG and not pose.orthographic
    aspect = ASPECTS[aspect_name]
    own_x, own_y, own_depth = project(pose, OWN_FT, aspect)
    target_x, target_y, target_depth = project(pose, target_ft, aspect)
    assert own_depth > 0 and target_depth > 0  # both in front of the camera
    for x, y in ((own_x, own_y), (target_x, target_y)):
        assert abs(x) <= 1 - MARGIN and abs(y) <= 1 - MARGIN, (geometry, x, y)
    # The own mini's whole outline is on screen too.
    own_radius = mini_radius_deg(pose, OWN_FT, mini_scale)
    half_tan = math.tan(math.radians(FOV_DEG / 2))
    reach_x = math.tan(math.radians(own_radius)) / half_tan
    assert abs(own_x) + reach_x <= 1 and abs(own_y) + reach_x * aspect <= 1, geometry
    # The target is clear of the own mini's outline, with room to spare.
    assert angle_deg(pose, OWN_FT, target_ft) > 1.5 * own_radius, geometry
    # The own mini below (or, looking steeply down on a close pair, beside) the target.
    assert own_y <= target_y + 1e-6, geometry


def test_the_own_mini_keeps_its_size_whatever_the_range(base_snapshot: Snapshot) -> None:
    """The camera's distance from the own aircraft is set by the mini scale, like a chase:
    a target far away does not shrink the own mini to a speck."""
    distances = []
    for target_ft, heading_deg in GEOMETRIES.values():
        pose = target_pose(
            "padlock", pair(base_snapshot, OWN_FT, target_ft, heading_deg), WHOLE, OrbitState()
        )
        distances.append(math.dist(pose.position, OWN_FT))
    chase = target_pose("chase", pair(base_snapshot, OWN_FT, (0, 9e4, 15e3)), WHOLE, OrbitState())
    assert max(distances) == pytest.approx(min(distances))
    assert max(distances) < 1.3 * math.dist(chase.position, OWN_FT)


def test_the_horizon_stays_level_in_a_level_fight(base_snapshot: Snapshot) -> None:
    for name in ("ahead", "abeam", "behind", "far"):
        target_ft, heading_deg = GEOMETRIES[name]
        pose = target_pose(
            "padlock", pair(base_snapshot, OWN_FT, target_ft, heading_deg), WHOLE, OrbitState()
        )
        forward = np.asarray(pose.look_at) - np.asarray(pose.position)
        right = np.cross(forward, pose.up)
        assert abs(right[2]) / np.linalg.norm(right) < 1e-6, name  # the right is level


def test_the_camera_keeps_above_the_map(base_snapshot: Snapshot) -> None:
    """Low over the map with the target high above, the camera does not dive under the
    map to stand behind the own aircraft; the pair stays in frame."""
    low: Vec3 = (0.0, 0.0, 1_500.0)
    high: Vec3 = (2_000.0, 4_000.0, 9_000.0)
    snapshot = pair(base_snapshot, low, high)
    pose = target_pose("padlock", snapshot, WHOLE, OrbitState(), ground_ft=0.0)
    assert pose.position[2] >= GROUND_CLEARANCE_FT - 1e-6
    for point in (low, high):
        x, y, depth = project(pose, point, ASPECTS["16:9"])
        assert depth > 0 and abs(x) < 1 and abs(y) < 1
    raised = target_pose("padlock", snapshot, WHOLE, OrbitState(), ground_ft=1_000.0)
    assert raised.position[2] >= 1_000.0 + GROUND_CLEARANCE_FT - 1e-6


def test_with_no_target_it_is_a_chase(base_snapshot: Snapshot, playback: Playback) -> None:
    ahead = GEOMETRIES["ahead"][0]
    gone = pair(base_snapshot, OWN_FT, ahead, target_active=False)
    chase = target_pose("chase", gone, WHOLE, OrbitState())
    assert target_pose("padlock", gone, WHOLE, OrbitState()) == chase
    nobody = replace(pair(base_snapshot, OWN_FT, ahead), selected=None)
    assert target_pose("padlock", nobody, WHOLE, OrbitState()) == target_pose(
        "chase", nobody, WHOLE, OrbitState()
    )
    shot_down = replace(
        base_snapshot,
        entities=tuple(
            replace(e, active=False) if e.id == "viper-1" else e for e in base_snapshot.entities
        ),
    )
    assert padlock_target(shot_down) is None
    same_place = pair(base_snapshot, OWN_FT, OWN_FT)
    assert target_pose("padlock", same_place, WHOLE, OrbitState()) == target_pose(
        "chase", same_place, WHOLE, OrbitState()
    )


def test_the_target_is_the_picked_enemy_else_the_nearest(playback: Playback) -> None:
    playback.select("viper-1")
    snapshot = playback.snapshot_at(10.0)
    nearest = padlock_target(snapshot)
    assert nearest is not None and nearest.side != "blue"
    other = next(e.id for e in snapshot.entities if e.side != "blue" and e.id != nearest.id)
    picked = padlock_target(snapshot, other)
    assert picked is not None and picked.id == other
    assert padlock_target(snapshot, "viper-2") == nearest  # a friend is never the target
    assert padlock_view(nearest, nearest, 20.0) is None  # no line of sight to itself


def test_a_change_of_target_swings_round_the_own_aircraft_without_a_jump(
    playback: Playback,
) -> None:
    """Viper 2's nearest enemy changes from Fulcrum 1 to Fulcrum 2 and back at about 20.5 s
    and 23 s of the 2v2 merge: the camera swings round, never jumping, never near the mini."""
    playback.select("viper-2")
    ch = playback.timeline.channels
    whole = Bounds.of_points(
        np.stack([ch["x_ft"].ravel(), ch["y_ft"].ravel(), ch["z_ft"].ravel()], 1)
    )
    rig = CameraRig(whole, "padlock")
    dt_s, t_s = 1 / 30, 17.0
    last = rig.pose(playback.snapshot_at(t_s), 0.0)
    targets, jumps = set(), []
    while t_s < 26.0:
        t_s += dt_s
        snapshot = playback.snapshot_at(t_s)
        on = padlock_target(snapshot)
        assert on is not None
        targets.add(on.id)
        pose = rig.pose(snapshot, dt_s)
        wanted = target_pose("padlock", snapshot, rig.fight or whole, rig.orbit)
        jumps.append(math.dist(wanted.position, last.position))
        me = snapshot.entity("viper-2")
        assert math.dist(pose.position, last.position) < 600.0, t_s
        assert math.dist(pose.position, me.position_ft) > 4 * MINI_RADIUS_PER_SCALE_FT * 20
        last = pose
    assert targets == {"fulcrum-1", "fulcrum-2"}
    assert max(jumps) > 2_000.0  # unblended, the change of target would be a cut


def test_blending_round_the_aircraft_passes_over_it_not_through_it() -> None:
    pivot: Vec3 = (0.0, 0.0, 10_000.0)
    ahead = CameraPose((0.0, 6_000.0, 10_000.0), pivot)
    behind = CameraPose((0.0, -6_000.0, 10_000.0), pivot)
    for u in (0.1, 0.5, 0.9):
        mid = blend_around(ahead, behind, u, pivot)
        assert math.dist(mid.position, pivot) == pytest.approx(6_000.0)
    assert blend_around(ahead, behind, 0.5, pivot).position[2] > 15_000.0  # over the top
    assert blend_around(ahead, behind, 1.0, pivot).position == pytest.approx(behind.position)


def test_the_mini_radius_covers_every_aircraft_card() -> None:
    """The camera keeps the target off a sphere this big: every shipped type's box fits."""
    from models.aircraft import card, shipped_types
    from sim.view.atlas import box_dimensions_ft

    for type_id in shipped_types():
        length, span, height = box_dimensions_ft(card(type_id))
        assert math.hypot(length, span, height) / 2 <= MINI_RADIUS_PER_SCALE_FT, type_id
