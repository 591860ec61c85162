"""Missiles you can see: a fixed-size diamond, smoke trails and the seeker line."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from models.timeline import Event
from sim.view.missile_marks import MARK_PX, MissileMarks, missile_targets
from sim.view.trails import FLOATS_PER_VERTEX, SMOKE_RGB, Trails, smoke_trails
from tests.sim.conftest import TEST_HEIGHT, grab
from tests.sim.test_labels import lens_scene, look, scene, screen
from tests.sim.test_scene import SETTINGS, project, snapshot, state

__all__ = ["lens_scene", "scene"]


def missile(entity_id: str, position: tuple[float, float, float], **changes: Any) -> Any:
    base = state(entity_id, "blue", position)
    return dataclasses.replace(base, kind="missile", type_id="AIM-9L", **changes)


def test_targets_come_from_the_launch_events() -> None:
    launch = Event(
        t_s=6.0,
        kind="launch",
        entities=("m1", "a", "b"),
        detail="",
        data={"missile": "m1", "target": "b"},
    )
    other = Event(t_s=6.0, kind="dice", entities=(), detail="", data={})
    assert missile_targets([launch, other]) == {"m1": "b"}


def test_a_far_missile_still_shows_a_diamond_of_fixed_pixels(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    marks = MissileMarks(screen(scene, root), root, {})
    scene.setBackgroundColor(0, 0, 0, 1)
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    far = (0.0, 400_000.0, 5000.0)  # 70 nm: a tent there is far under a pixel
    marks.update(snapshot(missile("m1", far)))
    mark = marks.marks["m1"]
    assert not mark.isHidden()
    assert abs(mark.getScale().x - MARK_PX * 2 / TEST_HEIGHT) < 1e-6
    image = grab(scene)
    row, col = project(scene, far)
    patch = image[row - 8 : row + 9, col - 8 : col + 9].astype(int)
    bright = (patch.min(axis=2) > 120).sum()
    assert bright >= 12  # a few pixels across, bright yellow-white
    marks.update(snapshot(missile("m1", far, active=False)))
    assert mark.isHidden()
    marks.destroy()


def test_the_seeker_line_joins_missile_and_target(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    marks = MissileMarks(screen(scene, root), root, {"m1": "b"})
    target = state("b", "red", (3000.0, 0.0, 5000.0))
    marks.update(snapshot(missile("m1", (0.0, 0.0, 5000.0)), target))
    segs, path = marks.lines["m1"]
    assert not path.isHidden()
    assert tuple(segs.getVertex(1)) == (3000.0, 0.0, 5000.0)
    gone = dataclasses.replace(target, active=False)
    marks.update(snapshot(missile("m1", (0.0, 0.0, 5000.0)), gone))
    assert path.isHidden()
    marks.destroy()


def test_missile_trails_are_grey_smoke_and_aircraft_trails_skip_them(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    trail = np.array([[0.0, 0.0, 5000.0], [0.0, 500.0, 5000.0]])
    times = np.array([11.4, 12.0])
    shot = snapshot(
        missile("m1", (0.0, 500.0, 5000.0), trail_ft=trail, trail_t_s=times),
        state("a", "red", (0.0, 500.0, 5000.0), trail_ft=trail, trail_t_s=times),
    )
    aircraft = Trails(root, SETTINGS, kinds=frozenset({"aircraft"}))
    smoke = smoke_trails(root, SETTINGS)
    aircraft.update(shot)
    smoke.update(shot)
    assert set(aircraft.slots) == {"a"} and set(smoke.slots) == {"m1"}
    assert smoke.lines is not None and smoke.ticks is None  # no game-turn crosses
    vertices = np.frombuffer(
        memoryview(smoke.lines.node().getGeom(0).getVertexData().getArray(0)), np.float32
    ).reshape(-1, FLOATS_PER_VERTEX)
    assert np.allclose(vertices[0, 3:6], SMOKE_RGB, atol=1e-6)
    aircraft.destroy()
    smoke.destroy()
