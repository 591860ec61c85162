"""Depth cues: drop lines with foot marks, the minis' lights, the altitude-tile legend."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.view.droplines import DropLines
from sim.view.labels import overlaps
from sim.view.layer import ALTITUDE_TILES, ViewSettings
from sim.view.legend import AltitudeLegend
from sim.view.minis import BoxMinis
from tests.sim.conftest import grab
from tests.sim.test_labels import lens_scene, look, scene
from tests.sim.test_scene import SETTINGS, project, snapshot, state, window

__all__ = ["lens_scene", "scene"]


def test_a_drop_line_runs_from_the_aircraft_to_a_foot_on_the_ground(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    drops = DropLines(root, SETTINGS)
    drops.update(snapshot(state("a", "red", (1000.0, 2000.0, 8000.0))))
    segs, _ = drops.lines["a"]
    assert tuple(segs.getVertex(0)) == (1000.0, 2000.0, 8000.0)
    top, foot = segs.getVertex(0), segs.getVertex(1)
    assert (foot.x, foot.y) == (1000.0, 2000.0) and foot.z < 10.0
    assert drops.feet["a"].getPos(root).z == foot.z
    # The foot mark shows on the ground seen from above: darker than the sky there.
    scene.setBackgroundColor(0.6, 0.6, 0.6, 1)
    look(scene, (1000.0, 2000.0, 6000.0), (1000.0, 2000.0, 0.0))
    image = grab(scene)
    centre = window(image, *project(scene, (1000.0, 2000.0, 0.0)), 2).mean(axis=0)
    assert centre.max() < 0.5
    assert drops.toggle() is False and drops.root.isHidden()
    drops.update(snapshot(state("a", "red", (0.0, 0.0, 100.0))))
    assert tuple(segs.getVertex(0)) == tuple(top)  # hidden: not updated
    drops.destroy()


def test_the_lights_make_top_sides_and_nose_differ(scene: Any) -> None:
    """A white box's faces: the top brightest, the sides and the nose clearly apart."""
    root = scene.render.attachNewNode("test")
    minis = BoxMinis(root, None, SETTINGS)
    minis.update(snapshot(state("a", "blue", (0.0, 0.0, 5000.0))))
    path = minis.minis["a"].path
    path.setTextureOff(2)
    path.setColor(1, 1, 1, 1)
    scene.setBackgroundColor(0, 0, 0, 1)
    span, length, height = minis.minis["a"].size_xyz
    levels = {}
    for name, eye, face in (
        ("top", (0.0, 0.0, 9000.0), (0.0, 0.0, 5000.0 + height / 2)),
        ("east", (4000.0, 0.0, 5000.0), (span / 2, 0.0, 5000.0)),
        ("west", (-4000.0, 0.0, 5000.0), (-span / 2, 0.0, 5000.0)),
        ("nose", (0.0, 4000.0, 5000.0), (0.0, length / 2, 5000.0)),
    ):
        look(scene, eye, (0.0, 0.0, 5000.0))
        levels[name] = window(grab(scene), *project(scene, face), 1).mean()
    assert levels["top"] > max(levels["east"], levels["west"], levels["nose"])
    assert abs(levels["east"] - levels["west"]) > 0.15
    assert abs(levels["nose"] - levels["east"]) > 0.05
    assert abs(levels["nose"] - levels["west"]) > 0.08  # the unlit faces differ too
    minis.destroy()


def test_the_legend_lists_every_tile_and_keeps_off_panels(scene: Any) -> None:
    extent = (-16 / 9, 16 / 9, -1.0, 1.0)
    legend = AltitudeLegend(scene.aspect2d, ViewSettings(), lambda: extent)
    texts = [t.getText() for t in legend.texts]
    assert texts == ["ALT TILES (steps)", *(str(steps) for steps, _ in ALTITUDE_TILES)]
    legend.update(snapshot())
    first = legend.box()
    panel = (first[0], first[1], first[2], first[3])
    legend.keep_clear = lambda: [panel]
    legend.update(snapshot())
    assert not overlaps(legend.box(), panel)
    left, right, bottom, top = legend.box()
    assert extent[0] <= left and right <= extent[1] and extent[2] <= bottom and top <= extent[3]
    assert legend.toggle() is False and legend.root.isHidden()
    hidden = AltitudeLegend(scene.aspect2d, ViewSettings(show_stacks=False))
    assert hidden.root.isHidden()
    legend.destroy()
    hidden.destroy()


def test_a_legend_that_stood_aside_stays_aside_when_toggled_back(scene: Any) -> None:
    """With no room the legend hides; switched off and on again it must look for room
    again rather than reappear where it stood, over a panel."""
    extent = (-16 / 9, 16 / 9, -1.0, 1.0)
    legend = AltitudeLegend(scene.aspect2d, ViewSettings(), lambda: extent)
    legend.keep_clear = lambda: [extent]  # a panel over the whole screen
    legend.update(snapshot())
    assert legend.root.isHidden() and legend.shown
    legend.toggle()
    legend.toggle()
    legend.update(snapshot())
    assert legend.shown and legend.root.isHidden()
    legend.keep_clear = lambda: []
    legend.update(snapshot())
    assert not legend.root.isHidden()
    legend.destroy()


def test_swatches_show_the_tile_colours(scene: Any) -> None:
    legend = AltitudeLegend(scene.aspect2d, ViewSettings(), lambda: (-16 / 9, 16 / 9, -1.0, 1.0))
    legend.update(snapshot())
    rims = [legend.root.find(f"legend-edge-{steps}") for steps, _ in ALTITUDE_TILES]
    image = grab(scene)
    for rim, (_, rgb) in zip(rims, ALTITUDE_TILES, strict=True):
        low, high = rim.getTightBounds(scene.render2d)
        col = round(((low.x + high.x) / 2 + 1) / 2 * image.shape[1])
        row = round((1 - (low.z + high.z) / 2) / 2 * image.shape[0])
        pixel = image[row, col] / 255.0
        assert np.abs(pixel - np.array(rgb)).max() < 0.08, (rgb, pixel)
    legend.destroy()
