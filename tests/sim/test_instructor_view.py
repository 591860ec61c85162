"""The instructor overlays: toggles, freeze-and-annotate, target choice, the CLI flags, and
the overlay geometry drawn from a synthetic snapshot."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from panda3d.core import Point2, Point3

from models.timeline import Event
from sim.app import ReplayScene
from sim.cli.main import build_parser
from sim.cli.replay_cmds import instructor_settings
from sim.playback import Playback
from sim.snapshot import Snapshot
from sim.view.controls import HELP_LINES
from sim.view.instructor import (
    CONE_COLOUR,
    CONE_HOT_COLOUR,
    LABEL_FALLBACK,
    OVERLAYS,
    THREE_NINE_PER_SCALE_FT,
    InstructorOverlays,
)
from sim.view.layer import ViewSettings
from tests.sim.test_bfm import jet
from tests.sim.test_hud import snapshot
from tests.sim.test_playback import merge

ALL_ON = ViewSettings(
    show_sight_line=True,
    show_three_nine=True,
    show_turn_circles=True,
    show_gun_cone=True,
    show_missile_envelope=True,
    show_control_zone=True,
    show_energy=True,
    show_time_ticks=True,
)


NEW_FLAGS = ("missile_envelope", "control_zone", "energy", "time_ticks")


def scene_snapshot(*, bandit_xy: tuple[float, float] = (0.0, 2000.0)) -> Snapshot:
    """Viper 1 (selected) heading north in a 90° right bank at 4 g; Fulcrum 1 ahead, Fulcrum
    2 far off to the east, Viper 2 close by."""
    own = jet("viper-1", "blue", (0, 0), 0, 450, roll_deg=90, load_g=4.0)
    others = (
        jet("viper-2", "blue", (300, 300), 0, 450),
        jet("fulcrum-1", "red", bandit_xy, 0, 400, load_g=3.0),
        jet("fulcrum-2", "red", (9000, 0), 180, 400),
    )
    return replace(snapshot(own, others), selected="viper-1")


def vertices(overlays: InstructorOverlays) -> np.ndarray:
    data = overlays.lines.node().getGeom(0).getVertexData().getArray(0)
    return np.frombuffer(memoryview(data), dtype=np.float32).reshape(-1, 7).astype(float)


@pytest.fixture
def overlays(clean_scene: Any) -> InstructorOverlays:
    return InstructorOverlays(clean_scene.render, clean_scene.aspect2d, ALL_ON)


def test_off_by_default_and_computes_nothing(clean_scene: Any) -> None:
    layer = InstructorOverlays(clean_scene.render, clean_scene.aspect2d)
    assert not layer.any_shown
    layer.update(scene_snapshot())
    assert layer.annotation is None
    assert layer.lines.isHidden() and layer.label.isHidden() and layer.cone.isHidden()


def test_each_overlay_toggles_on_its_own(clean_scene: Any) -> None:
    layer = InstructorOverlays(clean_scene.render, clean_scene.aspect2d)
    snap = scene_snapshot()
    assert layer.toggle("gun") is True
    layer.update(snap)
    assert not layer.cone.isHidden()
    assert layer.lines.isHidden() and layer.label.isHidden() and layer.disc.isHidden()
    assert all(circle.isHidden() for circle in layer.circles)
    layer.toggle("circles")
    layer.update(snap)
    assert not any(circle.isHidden() for circle in layer.circles)
    assert layer.toggle("gun") is False
    layer.update(snap)
    assert layer.cone.isHidden()


def test_target_is_the_nearest_enemy_and_t_steps_through_enemies(
    overlays: InstructorOverlays,
) -> None:
    snap = scene_snapshot()
    overlays.update(snap)
    assert overlays.annotation is not None
    assert overlays.annotation.target == "fulcrum-1"  # Viper 2 is nearer but a friend
    assert overlays.cycle_target() == "fulcrum-2"
    overlays.update(snap)
    assert overlays.annotation.target == "fulcrum-2"
    assert overlays.cycle_target() == "fulcrum-1"
    overlays.update(snap)
    assert overlays.annotation.target == "fulcrum-1"


def test_t_steps_the_target_with_every_overlay_off(clean_scene: Any) -> None:
    """The padlock camera follows the pick, so ``t`` works with nothing drawn."""
    layer = InstructorOverlays(clean_scene.render, clean_scene.aspect2d, ViewSettings())
    snap = scene_snapshot()
    layer.update(snap)
    assert layer.annotation is None
    assert layer.cycle_target() == "fulcrum-2"
    layer.update(snap)
    assert layer.cycle_target() == "fulcrum-1"
    layer.destroy()


def test_a_picked_target_that_is_gone_falls_back_to_the_nearest(clean_scene: Any) -> None:
    settings = replace(ALL_ON, instructor_target="fulcrum-2")
    layer = InstructorOverlays(clean_scene.render, clean_scene.aspect2d, settings)
    snap = scene_snapshot()
    layer.update(snap)
    assert layer.annotation is not None and layer.annotation.target == "fulcrum-2"
    gone = replace(
        snap,
        entities=tuple(
            replace(e, active=False) if e.id == "fulcrum-2" else e for e in snap.entities
        ),
    )
    layer.update(gone)
    assert layer.annotation is not None and layer.annotation.target == "fulcrum-1"


def test_sight_line_and_three_nine_line_geometry(overlays: InstructorOverlays) -> None:
    overlays.update(scene_snapshot())
    points = vertices(overlays)
    assert points[0, :3] == pytest.approx([0, 0, 15000])
    assert points[1, :3] == pytest.approx([0, 2000, 15000])
    # The 3/9 line through Fulcrum 1 (flying north, wings level) runs east-west.
    half = THREE_NINE_PER_SCALE_FT * overlays.settings.mini_scale
    ends = sorted([points[2, 0], points[3, 0]])
    assert ends == pytest.approx([-half, half])
    assert points[2:4, 1] == pytest.approx([2000, 2000])
    # The lift arrow points along Viper 1's lift: east, in its 90° right bank.
    assert points[5, :3] - points[4, :3] == pytest.approx([points[5, 0], 0, 0], abs=1e-3)
    assert points[5, 0] > 0
    assert (points[:, 6] > 0).all()  # everything drawn


def test_turn_circles_pass_through_each_aircraft_in_its_plane_of_motion(
    overlays: InstructorOverlays, clean_scene: Any
) -> None:
    overlays.update(scene_snapshot())
    own_circle, bandit_circle = overlays.circles
    radius = (450 * 6076.12 / 3600) ** 2 / (32.174 * math.sqrt(15))
    # The unit circle's (1, 0) is the aircraft itself; its centre lies toward the lift.
    on = clean_scene.render.getRelativePoint(own_circle, Point3(1, 0, 0))
    centre = clean_scene.render.getRelativePoint(own_circle, Point3(0, 0, 0))
    assert tuple(on) == pytest.approx((0, 0, 15000), abs=0.5)
    assert tuple(centre) == pytest.approx((radius, 0, 15000), abs=0.5)
    far = clean_scene.render.getRelativePoint(own_circle, Point3(0, 1, 0))
    assert far.z == pytest.approx(15000, abs=0.5)  # a level turn: the circle is level
    # Fulcrum 1 is wings level at 3 g: its circle is vertical, centre above it.
    top = clean_scene.render.getRelativePoint(bandit_circle, Point3(0, 0, 0))
    assert top.z > 15000 and top.x == pytest.approx(0, abs=0.5)


def test_gun_cone_turns_green_on_target(overlays: InstructorOverlays) -> None:
    overlays.update(scene_snapshot(bandit_xy=(0.0, 2000.0)))
    assert overlays.annotation is not None and overlays.annotation.in_gun_cone
    assert tuple(overlays.cone.getColor()) == pytest.approx(CONE_HOT_COLOUR, abs=2e-3)
    assert "IN GUN WEZ" in overlays.label_node.getText()
    overlays.update(scene_snapshot(bandit_xy=(400.0, 2000.0)))
    assert overlays.annotation is not None and not overlays.annotation.in_gun_cone
    assert tuple(overlays.cone.getColor()) == pytest.approx(CONE_COLOUR, abs=2e-3)
    assert "GUN" not in overlays.label_node.getText()


def test_label_text_and_fallback_place(overlays: InstructorOverlays) -> None:
    overlays.update(scene_snapshot(bandit_xy=(0.0, 3000.0)))
    text = overlays.label_node.getText()
    assert text.splitlines()[0] == "Viper-1 on Fulcrum-1"
    assert text.splitlines()[1:3] == ["AA 0° ATA 0° HCA 0°", "3,000 ft Vc +50 kt"]
    # No camera: the label sits in its fallback place.
    assert overlays.label.getX() == pytest.approx(LABEL_FALLBACK[0])
    assert overlays.label.getZ() == pytest.approx(LABEL_FALLBACK[1])


def test_freeze_and_annotate_pauses_and_restores(clean_scene: Any) -> None:
    layer = InstructorOverlays(clean_scene.render, clean_scene.aspect2d)
    layer.toggle("gun")
    playback = Playback(merge())
    playback.play()
    assert layer.freeze_and_annotate(playback) is True
    assert not playback.playing
    assert all(layer.shown[name] for name in OVERLAYS)
    assert layer.freeze_and_annotate(playback) is False
    assert playback.playing
    assert layer.shown == {name: name == "gun" for name in OVERLAYS}


def test_cli_flags_reach_the_settings() -> None:
    parser = build_parser()
    args = parser.parse_args(["render", "demo/2v2-merge", "--png", "x.png", "--instructor"])
    assert instructor_settings(args) == {
        "show_sight_line": True,
        "show_three_nine": True,
        "show_turn_circles": True,
        "show_gun_cone": True,
        "show_missile_envelope": True,
        "show_control_zone": True,
        "show_energy": True,
        "show_time_ticks": True,
        "instructor_target": None,
    }
    args = parser.parse_args(
        ["play", "demo/2v2-merge", "--gun-cone", "--three-nine", "--target", "fulcrum-2"]
    )
    assert instructor_settings(args) == {
        "show_sight_line": False,
        "show_three_nine": True,
        "show_turn_circles": False,
        "show_gun_cone": True,
        "show_missile_envelope": False,
        "show_control_zone": False,
        "show_energy": False,
        "show_time_ticks": False,
        "instructor_target": "fulcrum-2",
    }
    args = parser.parse_args(["play", "demo/2v2-merge", "--sight-line", "--turn-circles"])
    settings = ViewSettings(**instructor_settings(args))
    assert settings.show_sight_line and settings.show_turn_circles
    assert not settings.show_gun_cone
    args = parser.parse_args(
        ["play", "x", "--missile-envelope", "--control-zone", "--energy", "--time-ticks"]
    )
    flags = instructor_settings(args)
    assert all(flags[f"show_{name}"] for name in NEW_FLAGS)
    assert not flags["show_sight_line"]


def test_help_lists_the_keys_and_no_key_is_bound_twice() -> None:
    keys = [key for key, _what in HELP_LINES]
    for key in ("s", "9", "c", "g", "m", "z", "e", "p", "t", "f"):
        assert key in keys
    assert len(keys) == len(set(keys))


def film_point(base: Any, point_ft: Any) -> tuple[float, float]:
    """Where a scene point appears on the film (render2d), through the base's camera."""
    local = base.cam.getRelativePoint(base.render, Point3(*(float(c) for c in point_ft)))
    film = Point2()
    assert base.cam.node().getLens().project(local, film)
    return film.x, film.y


def label_card_on_film(base: Any, overlays: InstructorOverlays) -> tuple[float, ...]:
    """The label card's left, right, bottom and top edges on the film (render2d)."""
    left, right, bottom, top = overlays.label_node.getCardActual()
    corners = [
        base.render2d.getRelativePoint(overlays.label, Point3(x, 0, z))
        for x, z in ((left, bottom), (right, top))
    ]
    return (corners[0].x, corners[1].x, corners[0].z, corners[1].z)


@pytest.mark.parametrize("camera", ["top", "chase"])
def test_the_label_sits_beside_the_sight_line_clear_of_both_minis(
    clean_scene: Any, camera: str
) -> None:
    """Through the camera's lens the label is set off to one side of the sight line's
    middle (the line runs past its card, not through it) and covers neither aircraft."""
    scene = ReplayScene(clean_scene, merge(), ALL_ON, camera=camera, selected="viper-1")
    try:
        snap = scene.draw_at(1.2)
        overlays = scene.instructor
        annotation = overlays.annotation
        assert annotation is not None and annotation.own == "viper-1"
        assert not overlays.label.isHidden()
        own, target = snap.entity(annotation.own), snap.entity(annotation.target)
        a = film_point(clean_scene, own.position_ft)
        b = film_point(clean_scene, target.position_ft)
        middle = film_point(
            clean_scene, (np.asarray(own.position_ft) + np.asarray(target.position_ft)) / 2
        )
        left, right, bottom, top = label_card_on_film(clean_scene, overlays)
        # The minis' size on screen is measured in every view (the top view's camera is
        # scaled, which once made every radius 0).
        for plane in (own, target):
            mini = overlays._mini_on_screen(plane.position_ft)
            assert mini is not None and mini[2] > 0.01, (camera, mini)
        for x, z in (a, b, middle):
            assert not (left <= x <= right and bottom <= z <= top), (camera, (x, z))
        # Beside the middle: the card's centre is off the line, about level with the middle
        # along it (within the card's own size).
        centre = ((left + right) / 2, (bottom + top) / 2)
        along = np.subtract(b, a) / np.linalg.norm(np.subtract(b, a))
        offset = np.subtract(centre, middle)
        assert abs(float(offset @ along)) < max(right - left, top - bottom)
    finally:
        scene.destroy()


def card_in(node: Any, overlays: InstructorOverlays) -> tuple[float, float, float, float]:
    """The label card's left, right, bottom and top edges in ``node``'s units."""
    left, right, bottom, top = overlays.label_node.getCardActual()
    low = node.getRelativePoint(overlays.label, Point3(left, 0, bottom))
    high = node.getRelativePoint(overlays.label, Point3(right, 0, top))
    return (low.x, high.x, low.z, high.z)


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[1], b[1]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[2], b[2])


@pytest.mark.parametrize("camera", ["top", "chase", "cockpit"])
def test_the_label_and_the_energy_chart_keep_off_the_hud(clean_scene: Any, camera: str) -> None:
    """With the instructor overlays and the HUD on, the label covers no HUD panel, and the
    energy chart sits where the HUD's layout left it room, clear of the event ticker at its
    fullest and of every panel."""
    scene = ReplayScene(clean_scene, merge(), ALL_ON, camera=camera, selected="viper-1")
    try:
        scene.draw_at(1.2)
        hud, overlays = scene.hud, scene.instructor
        panels = hud.panel_boxes(clean_scene.aspect2d)
        # every instrument and the clock, and the room kept for the ticker and scrub bar
        assert len(panels) == len(hud.instruments) + 3
        card = card_in(clean_scene.aspect2d, overlays)
        assert not any(overlap(card, panel) for panel in panels), (camera, card)
        chart = overlays.chart
        assert chart is not None
        low, high = chart.root.getTightBounds(clean_scene.aspect2d)
        chart_box = (low.x, high.x, low.z, high.z)
        widest = Event(  # the widest line seen in the shipped scenarios
            t_s=12.0,
            kind="no_launch",
            detail="Phantom 1 holds the AIM-7E-2: Missile Combat: RH and AH missiles need the "
            "launcher's radar track at launch",
        )
        hud.ticker.update(replace(scene.playback.snapshot(), recent_events=(widest,) * 4))
        bounds = hud.ticker.root.getTightBounds(clean_scene.aspect2d)
        ticker = (bounds[0].x, bounds[1].x, bounds[0].z, bounds[1].z)
        assert not overlap(chart_box, ticker), camera
        assert not overlap(card, chart_box), camera
        assert not any(overlap(chart_box, panel) for panel in panels), camera
        assert chart.root.getScale().x > 0.9  # still a full-size chart on a 16:9 screen
    finally:
        scene.destroy()


def test_hud_panel_boxes_are_measured_again_only_when_the_layout_changes(
    clean_scene: Any,
) -> None:
    scene = ReplayScene(clean_scene, merge(), ALL_ON, camera="chase", selected="viper-1")
    try:
        scene.draw_at(1.2)
        hud = scene.hud
        first = hud.panel_boxes(clean_scene.aspect2d)
        assert hud.panel_boxes(clean_scene.aspect2d) is first  # cached
        hud.set_prominent(True)
        cockpit = hud.panel_boxes(clean_scene.aspect2d)
        assert cockpit is not first and cockpit != first
    finally:
        scene.destroy()
