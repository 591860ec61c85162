"""The ground drawn from the rule set's map: hexes of any size and orientation, or an open
table ruled in its own measuring unit with a scale bar."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from models.ruleset_spec import MapScale
from sim.view.ground import (
    HEX_LINE_RGB,
    MAP_RGB,
    HexGround,
    _HexFrame,
    plural,
    scale_bar_units,
)
from tests.sim.test_scene import SETTINGS, project
from tests.sim.test_scene import scene as scene  # the fixture: a known perspective lens

BIG_HEXES = MapScale(grid="hex", hex_ft=5000.0, alt_unit_ft=5000.0, alt_unit_name="level")
POINTY = MapScale(grid="hex", hex_ft=5000.0, hex_top="pointy")
TABLE = MapScale(grid="table", table_unit_ft=50.0, table_unit_name="inch", grid_units=6)
"""Over the Lines' table: 1 inch = 50 ft, ruled every 6 inches (300 ft)."""


def look(base: Any, eye: tuple[float, float, float], at: tuple[float, float, float]) -> None:
    """Point the camera from ``eye`` at ``at``, north up, in world feet, at scale 1
    (whatever transform an earlier test left it: a camera scaled up moves its near plane
    out with it)."""
    from panda3d.core import Point3, Vec3

    base.camera.setScale(base.render, 1.0)
    base.camera.setPos(base.render, *eye)
    base.camera.lookAt(base.render, Point3(*at), Vec3(0.0, 1.0, 0.0))


def _masks(base: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    from tests.sim.conftest import grab

    image = grab(base).astype(np.float64) / 255.0
    line = np.abs(image - np.asarray(HEX_LINE_RGB)).max(axis=2) < 0.06
    surface = np.abs(image - np.asarray(MAP_RGB)).max(axis=2) < 0.06
    return image, line, surface


def _near(mask: np.ndarray, pixel: tuple[int, int], half: int = 1) -> bool:
    row, col = pixel
    return bool(mask[row - half : row + half + 1, col - half : col + half + 1].any())


def test_the_frames_turn_and_scale_round_trip() -> None:
    points = np.array([(1200.0, -300.0), (-7.5, 4.0)])
    for frame in (_HexFrame(12.5, False), _HexFrame(12.5, True)):
        assert np.allclose(frame.to_world(frame.to_grid(points)), points)
    # A pointy-topped map's hex 1,0 lies north (its first column turned a quarter turn).
    pointy = _HexFrame(12.5, True)
    east = pointy.to_world(np.array([(1.0, 0.0)]))[0]
    assert east[0] == 0.0 and east[1] > 0


def test_a_map_of_5000_ft_hexes_draws_its_hexsides_where_they_are(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    ground = HexGround(root, (-50_000.0, -50_000.0, 50_000.0, 50_000.0), SETTINGS, scale=BIG_HEXES)
    look(scene, (0.0, 0.0, 37_500.0), (0.0, 0.0, 0.0))  # the 400 ft test's view, × 12.5
    _image, line, surface = _masks(scene)
    assert 0.01 < line.mean() < 0.3
    assert surface.mean() > 0.5
    # Hex 2,0's centre is 2 × 5000 × √3/2 ft east and 5000 ft north; its north side half a
    # hex above it; a little east of its centre there is nothing but map.
    x, y = 2 * 5000.0 * math.sqrt(3.0) / 2.0, 5000.0
    assert _near(line, project(scene, (x, y + 2500.0, 0.0)))
    assert surface[project(scene, (x + 750.0, y, 0.0))]
    # BoP's 400 ft hexside there is not drawn: the lines are 5,000 ft apart.
    assert not _near(line, project(scene, (x, y + 200.0, 0.0)), 0)
    ground.destroy()


def test_a_pointy_topped_map_has_a_corner_to_the_north(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    ground = HexGround(root, (-50_000.0, -50_000.0, 50_000.0, 50_000.0), SETTINGS, scale=POINTY)
    look(scene, (0.0, 0.0, 37_500.0), (0.0, 0.0, 0.0))
    _image, line, surface = _masks(scene)
    # Hex 0,0's centre is map; due north of it lies a corner (at the circumradius), due
    # east a side (at half the flats).
    radius = 5000.0 / math.sqrt(3.0)
    assert surface[project(scene, (0.0, 600.0, 0.0))]
    assert _near(line, project(scene, (0.0, radius, 0.0)))
    assert _near(line, project(scene, (2500.0, 0.0, 0.0)))
    assert not _near(line, project(scene, (0.0, 2500.0, 0.0)), 0)
    ground.destroy()


def test_an_open_table_is_ruled_in_its_unit_with_a_scale_bar(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    ground = HexGround(root, (-3000.0, -3000.0, 3000.0, 3000.0), SETTINGS, scale=TABLE)
    assert ground.labels.getName() == "scale-bar"
    assert root.find("**/hex-labels").isEmpty()
    look(scene, (0.0, 0.0, 2400.0), (0.0, 0.0, 0.0))
    _image, line, surface = _masks(scene)
    assert surface.mean() > 0.5
    # Lines every 6 inches = 300 ft, both ways; the middle of a square is map.
    for point in ((300.0, 150.0), (-600.0, 150.0), (150.0, 300.0), (150.0, -300.0)):
        assert _near(line, project(scene, (*point, 0.0))), point
    assert surface[project(scene, (150.0, 150.0, 0.0))]
    assert not _near(line, project(scene, (450.0, 150.0, 0.0)), 0)
    ground.destroy()


def test_the_scale_bar_names_its_unit() -> None:
    from panda3d.core import NodePath

    root = NodePath("test")
    ground = HexGround(root, (-3000.0, -3000.0, 3000.0, 3000.0), SETTINGS, scale=TABLE)
    width = ground.map_bounds_ft[2] - ground.map_bounds_ft[0]
    units = scale_bar_units(width, 50.0)
    assert units * 50.0 <= 0.25 * width < units * 50.0 * 2.5
    assert plural("inch", 2) == "inches" and plural("yardstick", 3) == "yardsticks"
    assert plural("inch", 1) == "inch"
    ground.destroy()


def test_without_a_scale_the_map_is_birds_of_preys() -> None:
    from panda3d.core import NodePath

    root = NodePath("test")
    plain = HexGround(root, (-4000.0, -4000.0, 4000.0, 4000.0), SETTINGS)
    bop = HexGround(
        root,
        (-4000.0, -4000.0, 4000.0, 4000.0),
        SETTINGS,
        scale=MapScale(grid="hex", hex_ft=400.0, alt_unit_ft=200.0, alt_unit_name="step"),
    )
    assert plain.map_bounds_ft == bop.map_bounds_ft
    assert plain.hex_count == bop.hex_count
    assert plain.labels.getTightBounds() == bop.labels.getTightBounds()
    plain.destroy()
    bop.destroy()
