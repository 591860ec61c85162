"""The 3D scene layers, rendered offscreen and probed by pixel: side colours, attitude, tile
order, the hex grid, trail fading, event markers and clean destruction."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from panda3d.core import NodePath, PerspectiveLens, Point2, Point3

from engine.hexmap import HEX_FT, STEP_FT, Hex
from models.aircraft import card
from models.timeline import EntityInfo, Event
from sim.snapshot import EntityState, Snapshot
from sim.view.atlas import (
    ATLAS_H,
    ATLAS_W,
    FACE_PIXELS,
    box_dimensions_ft,
    face_uvs,
    make_atlas,
    paint_atlas,
)
from sim.view.ground import (
    HEX_LINE_RGB,
    HORIZON_RADIUS_FT,
    MAP_RGB,
    HexGround,
    hex_grid_texture,
)
from sim.view.layer import ALTITUDE_TILES, ViewSettings
from sim.view.markers import FADE_S, EventMarkers
from sim.view.minis import BoxMinis
from sim.view.stacks import AltitudeStacks, tile_colours_bottom_up, tile_counts
from sim.view.trails import FLOATS_PER_VERTEX, Trails
from tests.sim.conftest import TEST_HEIGHT, TEST_WIDTH, grab
from tests.sim.states import entity_state

SETTINGS = ViewSettings(mini_scale=12.0)
EAST_QUAT = (math.cos(math.radians(-45)), 0.0, 0.0, math.sin(math.radians(-45)))
"""Level, nose to heading 090: a turn of -90 degrees about z (world up)."""


def state(
    entity_id: str,
    side: str = "blue",
    position: tuple[float, float, float] = (0.0, 0.0, 5000.0),
    quat: tuple[float, float, float, float] = (1.0, 0.0, 0.0, 0.0),
    alt_steps: int | None = None,
    hex_qr: tuple[int, int] = (0, 0),
    active: bool = True,
    trail_ft: np.ndarray | None = None,
    trail_t_s: np.ndarray | None = None,
) -> EntityState:
    return entity_state(
        id=entity_id,
        callsign=entity_id.title(),
        type_id="F-16C",
        side=side,
        kind="aircraft",
        position_ft=position,
        quat_wxyz=quat,
        heading_deg=0.0,
        pitch_deg=0.0,
        roll_deg=0.0,
        speed_kt=400.0,
        keas_kt=350.0,
        mach=0.7,
        alt_ft=position[2],
        alt_steps=round(position[2] / STEP_FT) if alt_steps is None else alt_steps,
        hex_qr=hex_qr,
        load_g=1.0,
        average_load_g=1.0,
        throttle=0.5,
        throttle_label="mil",
        engine_output=0.5,
        speedbrake=False,
        fuel_fp=30.0,
        nose="000+00",
        canopy="All+90",
        wing="090+00",
        velocity="000+00",
        lift="All+90",
        active=active,
        trail_ft=np.zeros((0, 3)) if trail_ft is None else trail_ft,
        trail_t_s=np.zeros(0) if trail_t_s is None else trail_t_s,
    )


def snapshot(
    *entities: EntityState,
    t_s: float = 12.0,
    selected: str | None = None,
    events: tuple[Event, ...] = (),
) -> Snapshot:
    return Snapshot(
        t_s=t_s,
        duration_s=60.0,
        tick_s=0.6,
        ticks_per_turn=10,
        rules="bop",
        scenario="test",
        entities=entities,
        selected=selected,
        recent_events=events,
    )


@pytest.fixture
def scene(clean_scene: Any) -> Iterator[Any]:
    """The ShowBase with a known perspective lens (restored afterwards)."""
    base = clean_scene
    cam_node = base.cam.node()
    old_lens = cam_node.getLens()
    old_transform = base.camera.getTransform()
    # The top view scales the camera (its orthographic unit): a scene shown in it earlier
    # would move the near plane out with it.
    base.camera.setScale(1.0)
    lens = PerspectiveLens()
    lens.setFov(60.0)
    lens.setAspectRatio(TEST_WIDTH / TEST_HEIGHT)
    lens.setNearFar(20.0, 3_000_000.0)
    cam_node.setLens(lens)
    yield base
    cam_node.setLens(old_lens)
    base.camera.setTransform(old_transform)


def look(base: Any, eye: tuple[float, float, float], at: tuple[float, float, float]) -> None:
    base.camera.setPos(*eye)
    up = (0.0, 1.0, 0.0) if eye[:2] == at[:2] else (0.0, 0.0, 1.0)
    base.camera.lookAt(Point3(*at), up)


def project(base: Any, point: tuple[float, float, float]) -> tuple[int, int]:
    """Pixel ``(row, col)`` of a world point, top row first."""
    relative = base.cam.getRelativePoint(base.render, Point3(*point))
    film = Point2()
    assert base.cam.node().getLens().project(relative, film), f"{point} is off screen"
    col = round((film.x + 1.0) / 2.0 * TEST_WIDTH)
    row = round((1.0 - film.y) / 2.0 * TEST_HEIGHT)
    return row, col


def window(image: np.ndarray, row: int, col: int, half: int) -> np.ndarray:
    """Pixels around a point as (n, 3) floats in 0–1."""
    patch = image[max(0, row - half) : row + half + 1, max(0, col - half) : col + half + 1]
    return patch.reshape(-1, 3).astype(np.float64) / 255.0


def sky(base: Any) -> np.ndarray:
    colour = base.getBackgroundColor()
    return np.array([colour[0], colour[1], colour[2]])


# -- box minis ---------------------------------------------------------------------------------


def test_minis_show_their_side_colour_from_above(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    minis = BoxMinis(root, None, SETTINGS)
    blue = state("blue-1", "blue", (-700.0, 0.0, 5000.0))
    red = state("red-1", "red", (700.0, 0.0, 5000.0))
    minis.update(snapshot(blue, red))
    look(scene, (0.0, 0.0, 9000.0), (0.0, 0.0, 5000.0))
    image = grab(scene)
    for entity, own, other in ((blue, 2, 0), (red, 0, 2)):
        pixels = window(image, *project(scene, entity.position_ft), 20)
        own_coloured = (pixels[:, own] - pixels[:, other] > 0.3).mean()
        other_coloured = (pixels[:, other] - pixels[:, own] > 0.3).mean()
        assert own_coloured > 0.15, entity.side
        assert other_coloured == 0.0, entity.side
    minis.destroy()


def test_a_turned_mini_lies_along_its_nose(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    minis = BoxMinis(root, None, SETTINGS)
    minis.update(snapshot(state("east", "blue", (0.0, 0.0, 5000.0), EAST_QUAT)))
    length, span, _ = box_dimensions_ft(card("F-16C"))
    reach = 0.4 * length * SETTINGS.mini_scale
    assert reach > 0.5 * span * SETTINGS.mini_scale * 1.1  # north of centre is off the box
    look(scene, (0.0, 0.0, 8000.0), (0.0, 0.0, 5000.0))
    image = grab(scene)
    background = sky(scene)

    def on_mini(point: tuple[float, float, float]) -> bool:
        pixel = window(image, *project(scene, point), 0)[0]
        return bool(np.abs(pixel - background).max() > 0.12)

    assert on_mini((reach, 0.0, 5000.0))  # ahead of the centre, to the east: the nose
    assert on_mini((-reach, 0.0, 5000.0))  # the tail
    assert not on_mini((0.0, reach, 5000.0))  # where an unturned nose would be
    minis.destroy()


def test_the_nose_face_points_where_the_quaternion_says(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    minis = BoxMinis(root, None, SETTINGS)
    centre = (0.0, 0.0, 5000.0)
    minis.update(snapshot(state("east", "red", centre, EAST_QUAT)))
    look(scene, (2500.0, 0.0, 5000.0), centre)  # east of the mini: facing its nose
    nose = window(grab(scene), *project(scene, centre), 1).mean(axis=0)
    assert nose.min() > 0.6 and nose.max() - nose.min() < 0.12  # the white intake
    look(scene, (-2500.0, 0.0, 5000.0), centre)  # west: behind it
    tail = window(grab(scene), *project(scene, centre), 1).mean(axis=0)
    assert tail[0] > tail[1] + 0.08 > tail[2] + 0.16  # the orange nozzle
    minis.destroy()


def test_the_selected_mini_wears_an_outline_and_inactive_minis_hide(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    minis = BoxMinis(root, [EntityInfo(id="a", callsign="A", type_id="F-16C", side="blue")])
    minis.update(snapshot(state("a"), selected="a"))
    assert minis.outline.getParent() == minis.minis["a"].path
    minis.update(snapshot(state("a", active=False), selected=None))
    assert minis.minis["a"].path.isHidden()
    assert not minis.outline.hasParent()
    minis.destroy()


def test_atlas_is_a_power_of_two_texture_with_six_faces() -> None:
    texture, uvs = make_atlas((0.82, 0.16, 0.14), "Fulcrum 1")
    assert (texture.getXSize(), texture.getYSize()) == (ATLAS_W, ATLAS_H)
    for size in (ATLAS_W, ATLAS_H):
        assert size & (size - 1) == 0
    assert set(uvs) == {"top", "bottom", "nose", "tail", "left", "right"}
    assert uvs == face_uvs()
    for u0, v0, u1, v1 in uvs.values():
        assert 0.0 <= u0 < u1 <= 1.0 and 0.0 <= v0 < v1 <= 1.0


def test_atlas_texture_holds_the_painted_atlas_with_its_callsign() -> None:
    """The texture is built from the side's printed box with only the callsign repainted:
    it must hold exactly the pixels :func:`paint_atlas` paints, callsign included."""
    colour = (0.16, 0.36, 0.85)
    texture, _ = make_atlas(colour, "Viper 12")
    data = np.frombuffer(texture.getRamImage(), np.uint8).reshape(ATLAS_H, ATLAS_W, 3)
    painted = paint_atlas(card("F-16C"), colour, "Viper 12")
    expected = np.clip(painted * 255.0 + 0.5, 0, 255).astype(np.uint8)[::-1, :, ::-1]
    assert np.array_equal(data, expected)
    other, _ = make_atlas(colour, "Viper 2")
    differs = np.frombuffer(other.getRamImage(), np.uint8).reshape(ATLAS_H, ATLAS_W, 3) != data
    rows = np.nonzero(differs.any(axis=(1, 2)))[0]
    right = FACE_PIXELS["right"]
    assert len(rows) > 0  # the callsigns differ, on the side faces only
    assert (ATLAS_H - rows.max() - 1) >= right[1] and (ATLAS_H - rows.min()) <= 320


def test_atlas_is_not_anisotropically_filtered() -> None:
    """The top-down camera sees a level box's sides exactly edge-on; sampling those faces
    anisotropically made Mesa's software renderer spin for good (the window froze at 17.7 s
    of demo/2v2-merge's top view). The real-window test plays that stretch through."""
    from panda3d.core import SamplerState

    texture, _ = make_atlas((0.16, 0.36, 0.85), "Viper 1")
    assert texture.getAnisotropicDegree() <= 1
    assert texture.getMinfilter() == SamplerState.FT_linear_mipmap_linear


def test_box_dimensions_come_from_the_card_or_the_wing_area() -> None:
    viper = card("F-16C")
    length, span, height = box_dimensions_ft(viper)
    if viper.span_ft is None:
        assert span * span / viper.wing_area_ft2 == pytest.approx(3.3)
    assert length > span > height > 0
    sized = viper.model_copy(update={"length_ft": 49.4, "span_ft": 32.7, "height_ft": 16.7})
    assert box_dimensions_ft(sized) == (49.4, 32.7, 16.7)


# -- altitude stacks ---------------------------------------------------------------------------


def test_tiles_are_counted_in_the_rulebook_denominations() -> None:
    assert tile_counts(107) == [(100, 1), (5, 1), (1, 2)]
    assert tile_counts(75) == [(25, 3)]
    assert tile_counts(0) == []
    white, light, dark, black = (colour for _, colour in reversed(ALTITUDE_TILES))
    assert tile_colours_bottom_up(131) == [white, light, dark, black]


def test_the_stack_shows_its_tiles_in_order_under_the_mini(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    stacks = AltitudeStacks(root, SETTINGS)
    minis = BoxMinis(root, None, SETTINGS)
    steps = 31  # one dark blue, one light blue and one white tile
    aircraft = state("a", "red", (0.0, 0.0, steps * STEP_FT), alt_steps=steps)
    frame = snapshot(aircraft)
    stacks.update(frame)
    minis.update(frame)
    look(scene, (0.0, -9000.0, 3000.0), (0.0, 0.0, 3000.0))
    image = grab(scene)
    column = stacks.stacks["a"].column
    height = column.getSz()
    assert 0.9 * steps * STEP_FT < height < steps * STEP_FT
    expected = [(0.97, 0.97, 0.97), (0.45, 0.70, 0.95), (0.05, 0.12, 0.45)]  # bottom up
    for i, colour in enumerate(expected):
        z = height * (i + 0.5) / len(expected)
        pixel = window(image, *project(scene, (0.0, -60.0, z)), 1).mean(axis=0)
        target = np.asarray(colour) * 0.87  # the baked shading of a south-facing side
        assert np.abs(pixel - target).max() < 0.12, (i, pixel, target)
    assert stacks.stacks["a"].marker.getPos() == Point3(0.0, 0.0, 0.0)
    stacks.update(snapshot(state("a", "red", (0.0, 0.0, 7000.0), alt_steps=35, hex_qr=(1, 0))))
    assert stacks.stacks["a"].steps == 35
    x, y = Hex(1, 0).centre_ft()
    assert stacks.stacks["a"].marker.getPos().almostEqual(Point3(x, y, 0.0), 0.01)
    stacks.destroy()
    minis.destroy()


# -- ground ------------------------------------------------------------------------------------


def test_the_hex_grid_is_visible_from_above(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    ground = HexGround(root, (-4000.0, -4000.0, 4000.0, 4000.0), SETTINGS)
    look(scene, (0.0, 0.0, 3000.0), (0.0, 0.0, 0.0))
    image = grab(scene).astype(np.float64) / 255.0
    line = np.abs(image - np.asarray(HEX_LINE_RGB)).max(axis=2) < 0.06
    surface = np.abs(image - np.asarray(MAP_RGB)).max(axis=2) < 0.06
    assert 0.01 < line.mean() < 0.3
    assert surface.mean() > 0.5
    # The north hexside of hex 2,0 (off the labels) is drawn where it should be.
    x, y = Hex(2, 0).centre_ft()
    row, col = project(scene, (x, y + HEX_FT / 2.0, 0.0))
    assert line[row - 1 : row + 2, col - 1 : col + 2].any()
    row, col = project(scene, (x + 60.0, y, 0.0))
    assert surface[row, col]
    ground.destroy()


def test_a_large_map_is_still_one_quad(panda_base: Any) -> None:
    root = NodePath("test")
    ground = HexGround(root, (-40_000.0, -40_000.0, 40_000.0, 40_000.0), SETTINGS)
    assert ground.hex_count > 200 * 200
    surface = ground.surface.node()
    assert surface.getNumGeoms() == 1
    assert surface.getGeom(0).getVertexData().getNumRows() == 4
    ground.destroy()
    assert root.getNumChildren() == 0


def _triangles_xy(path: NodePath) -> np.ndarray:
    """(n, 3, 2) map x, y of every triangle of a one-geom node."""
    from panda3d.core import GeomVertexReader

    geom = path.node().getGeom(0).decompose()
    reader = GeomVertexReader(geom.getVertexData(), "vertex")
    points = []
    while not reader.isAtEnd():
        v = reader.getData3()
        points.append((v[0], v[1]))
    xy = np.asarray(points)
    prim = geom.getPrimitive(0)
    corners = [prim.getVertex(i) for i in range(prim.getNumVertices())]
    return xy[np.asarray(corners).reshape(-1, 3)]


def test_the_horizon_is_not_drawn_under_the_map(panda_base: Any) -> None:
    """The horizon rings leave a hole the map quad fills: at most the slivers where a ring's
    chord cuts a corner of the map lie beneath it (a whole screen of ground drawn and then
    covered cost the software renderer a fifth of the top view's frame)."""
    root = NodePath("test")
    ground = HexGround(root, (-20_000.0, -5_000.0, 30_000.0, 12_000.0), SETTINGS)
    xmin, ymin, xmax, ymax = ground._surface_rect_ft()
    triangles = _triangles_xy(ground.horizon)
    centroids = triangles.mean(axis=1)
    under = (
        (centroids[:, 0] > xmin)
        & (centroids[:, 0] < xmax)
        & (centroids[:, 1] > ymin)
        & (centroids[:, 1] < ymax)
    )
    assert not under.any()
    # ... and it still closes on the map: no sky shows between the map and the haze.
    outer = np.abs(triangles - [(xmin + xmax) / 2, (ymin + ymax) / 2]).max()
    assert outer > 0.99 * HORIZON_RADIUS_FT
    edge = triangles.reshape(-1, 2)
    on_edge = np.isclose(edge[:, 0], xmin) | np.isclose(edge[:, 0], xmax)
    on_edge |= np.isclose(edge[:, 1], ymin) | np.isclose(edge[:, 1], ymax)
    assert on_edge.sum() >= 72
    ground.destroy()


def test_grid_lines_keep_their_contrast_in_the_distance() -> None:
    """Each mipmap level is drawn for its own size: while a hex is several texels across,
    the level still has lines in it (an averaged mipmap would wash them out)."""
    texture = hex_grid_texture()
    assert texture.getNumRamMipmapImages() > 6
    for level in range(1, 6):
        w = texture.getExpectedMipmapXSize(level)
        h = texture.getExpectedMipmapYSize(level)
        texels = np.frombuffer(texture.getRamMipmapImage(level), np.uint8).reshape(h, w, 4)
        bright = texels[:, :, :3].max(axis=2).astype(int)
        assert bright.max() - bright.min() > 25, level


# -- trails ------------------------------------------------------------------------------------


def _trail_snapshot(t_s: float) -> Snapshot:
    times = np.arange(0.0, t_s + 1e-9, 0.6)[-41:]
    points = np.stack([times * 100.0, np.zeros_like(times), np.full_like(times, 5000.0)], 1)
    return snapshot(
        state("a", "blue", tuple(points[-1]), trail_ft=points, trail_t_s=times),
        state("b", "red", (0.0, 3000.0, 6000.0)),
        t_s=t_s,
    )


def test_trails_fade_with_age_and_mark_game_turns(panda_base: Any) -> None:
    root = NodePath("test")
    trails = Trails(root, SETTINGS)
    frame = _trail_snapshot(30.0)
    trails.update(frame)
    assert trails.lines is not None and trails.ticks is not None
    data = trails.lines.node().getGeom(0).getVertexData()
    vertices = np.frombuffer(data.getArray(0).getHandle().getData(), np.float32)
    vertices = vertices.reshape(-1, FLOATS_PER_VERTEX)
    assert list(trails.slots) == ["a"]  # no trail, no slot
    assert trails.capacity >= 41 and len(vertices) == trails.capacity
    alpha = vertices[:41, 6]
    times = frame.entities[0].trail_t_s
    assert alpha == pytest.approx(
        np.clip(1 - (30.0 - times) / SETTINGS.trail_seconds, 0, 1), abs=1e-5
    )
    assert alpha[-1] == pytest.approx(1.0) and alpha[0] == pytest.approx(0.0)
    assert np.all(np.diff(alpha) > 0)
    assert np.all(vertices[41:, 6] == 0.0)
    assert vertices[40, :3] == pytest.approx([3000.0, 0.0, 5000.0])
    assert vertices[:41, 3:6] == pytest.approx(np.tile([0.16, 0.36, 0.85], (41, 1)))
    # Crosses at t = 12, 18, 24 and 30 s (t = 6 s has faded away): four vertices each.
    ticks = np.frombuffer(
        trails.ticks.node().getGeom(0).getVertexData().getArray(0).getHandle().getData(),
        np.float32,
    ).reshape(-1, FLOATS_PER_VERTEX)
    visible = ticks[ticks[:, 6] > 0]
    assert len(visible) == 4 * 4
    assert sorted(set(np.round(visible[:, 0] / 100.0, 3))) == [12.0, 18.0, 24.0, 30.0]
    # Later frames rewrite the same Geom in place.
    lines = trails.lines
    trails.update(_trail_snapshot(31.2))
    assert trails.lines is lines
    trails.destroy()
    assert root.getNumChildren() == 0


# -- event markers -----------------------------------------------------------------------------


def test_markers_appear_at_the_entity_then_fade_away(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    markers = EventMarkers(root, SETTINGS)
    target = state("a", "blue", (0.0, 0.0, 5000.0))
    events = (
        Event(t_s=10.0, kind="hit", entities=("a",)),
        Event(t_s=10.0, kind="incomplete_turn", entities=("a",)),
    )
    markers.update(snapshot(target, t_s=9.9, events=events))
    assert len(markers.markers) == 0  # not yet
    markers.update(snapshot(target, t_s=10.3, events=events))
    assert len(markers.markers) == 1  # the hit only
    look(scene, (0.0, -8000.0, 5000.0), (0.0, 0.0, 5000.0))
    image = grab(scene)
    row, col = project(scene, target.position_ft)
    pixels = window(image, row, col, 120)
    orange = (
        (pixels[:, 0] > 0.8) & (pixels[:, 1] > 0.3) & (pixels[:, 1] < 0.6) & (pixels[:, 2] < 0.3)
    )
    assert orange.sum() > 50
    markers.update(snapshot(target, t_s=10.0 + FADE_S + 0.05, events=events))
    assert len(markers.markers) == 0
    assert root.find("**/marker-*").isEmpty()
    markers.destroy()


# -- destruction -------------------------------------------------------------------------------


def test_destroy_removes_every_node(panda_base: Any) -> None:
    parent = NodePath("parent")
    trail = np.array([[0.0, 0.0, 5000.0], [100.0, 0.0, 5000.0]])
    frame = snapshot(
        state("a", "blue", (100.0, 0.0, 5000.0), trail_ft=trail, trail_t_s=np.array([11.4, 12.0])),
        state("b", "red", (0.0, 2000.0, 6000.0)),
        selected="a",
        events=(Event(t_s=11.0, kind="kill", entities=("b",)),),
    )
    layers = [
        HexGround(parent, (-2000.0, -2000.0, 2000.0, 4000.0), SETTINGS),
        BoxMinis(parent, None, SETTINGS),
        AltitudeStacks(parent, SETTINGS),
        Trails(parent, SETTINGS),
        EventMarkers(parent, SETTINGS),
    ]
    for layer in layers:
        layer.update(frame)
    assert parent.getNumChildren() == len(layers)
    for layer in layers:
        layer.destroy()
    assert parent.getNumChildren() == 0
    assert parent.findAllMatches("**/+PandaNode").getNumPaths() == 0


def test_missiles_are_tent_minis_in_their_side_colour(scene: Any) -> None:
    from dataclasses import replace

    from sim.view.tents import TentMinis

    root = scene.render.attachNewNode("test")
    tents = TentMinis(root, SETTINGS)
    missile = replace(state("aim-9", "red", (0.0, 0.0, 5000.0)), kind="missile")
    aircraft = state("viper", "blue", (3000.0, 0.0, 5000.0))
    tents.update(snapshot(missile, aircraft))
    assert set(tents.tents) == {"aim-9"}  # aircraft are the box minis' business
    look(scene, (0.0, 0.0, 8000.0), (0.0, 0.0, 5000.0))
    image = grab(scene)
    pixels = window(image, *project(scene, missile.position_ft), 3)
    assert (pixels[:, 0] - pixels[:, 2] > 0.25).mean() > 0.5  # red dominates
    tents.update(snapshot(replace(missile, active=False)))
    assert tents.tents["aim-9"].isHidden()
    tents.destroy()
    assert root.getNumChildren() == 0


def test_destroyed_minis_leave_no_render_states_behind(scene: Any) -> None:
    """Each mini's atlas texture lives in a render state; Panda3D's state cache kept those
    (and ~4 MB of texture each) alive after the minis were gone, scene after scene."""
    from panda3d.core import RenderState

    def build_and_destroy() -> None:
        root = scene.render.attachNewNode("test")
        minis = BoxMinis(root, None, SETTINGS)
        minis.update(snapshot(state("blue-1", "blue", (0.0, 0.0, 5000.0))))
        grab(scene)
        minis.destroy()
        root.removeNode()

    build_and_destroy()
    settled = RenderState.getNumStates()
    for _ in range(5):
        build_and_destroy()
    grown = RenderState.getNumStates() - settled
    assert grown <= 2, f"{grown} render states left behind by five scenes of minis"
