"""Screen-space labels: beside each aircraft at a fixed pixel size, cycled, decluttered,
hidden off screen, kept off the HUD; missiles' and shot-down aircraft's texts."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from sim.view.labels import (
    LABEL_PX,
    EntityLabels,
    ScreenSpace,
    aircraft_text,
    missile_text,
    overlaps,
)
from tests.sim.conftest import TEST_HEIGHT, grab
from tests.sim.states import changed
from tests.sim.test_scene import look as look_from
from tests.sim.test_scene import project, snapshot, state
from tests.sim.test_scene import scene as lens_scene

__all__ = ["lens_scene", "scene"]


@pytest.fixture
def scene(lens_scene: Any) -> Iterator[Any]:
    """The ShowBase with a known lens, its background colour restored afterwards (these
    tests darken it to read text and marks)."""
    colour = lens_scene.getBackgroundColor()
    yield lens_scene
    lens_scene.setBackgroundColor(colour)


def look(base: Any, eye: tuple[float, float, float], at: tuple[float, float, float]) -> None:
    """Point the camera, at unit scale (a replay's orthographic camera leaves it scaled)."""
    base.camera.setScale(1.0)
    look_from(base, eye, at)


def screen(base: Any, parent: Any) -> ScreenSpace:
    return ScreenSpace(base.cam, parent, base.aspect2d, lambda: TEST_HEIGHT)


def labels_for(base: Any) -> tuple[EntityLabels, Any]:
    root = base.render.attachNewNode("test")
    return EntityLabels(screen(base, root)), root


def test_a_label_sits_beside_its_aircraft_at_a_fixed_pixel_size(scene: Any) -> None:
    labels, _ = labels_for(scene)
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    heights = []
    for y in (0.0, 300_000.0):  # four and fifty nautical miles away
        labels.update(snapshot(state("viper-1", position=(0.0, y, 5000.0))))
        label = labels.labels["viper-1"]
        assert not label.long_path.isHidden()
        assert label.long.getText() == "Viper-1"
        box = labels.placed["viper-1"]
        heights.append((box[3] - box[2]) * TEST_HEIGHT / 2)
        assert box[0] > 0.0 > box[2] - 0.05  # to the right of the mark, at its height
    assert abs(heights[0] - heights[1]) < 0.5
    assert LABEL_PX * 0.7 < heights[0] < LABEL_PX * 1.6
    labels.destroy()


def test_the_label_is_drawn_in_the_side_colour(scene: Any) -> None:
    labels, _ = labels_for(scene)
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    scene.setBackgroundColor(0, 0, 0, 1)
    labels.update(snapshot(state("red-1", "red", (0.0, 0.0, 5000.0))))
    box = labels.placed["red-1"]
    image = grab(scene)
    half_w = scene.getAspectRatio()
    cols = [round((x / half_w + 1) / 2 * image.shape[1]) for x in box[:2]]
    rows = [round((1 - z) / 2 * image.shape[0]) for z in (box[3], box[2])]
    patch = image[rows[0] : rows[1], cols[0] : cols[1]].reshape(-1, 3).astype(int)
    lit = patch[patch.max(axis=1) > 120]
    assert len(lit) > 20
    assert (lit[:, 0] > lit[:, 2] + 40).mean() > 0.5  # red text
    labels.destroy()


def test_the_key_cycles_callsign_full_and_off(scene: Any) -> None:
    labels, _ = labels_for(scene)
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    shot = snapshot(state("viper-1"))
    assert labels.cycle() == "full"
    labels.update(shot)
    assert labels.labels["viper-1"].long.getText() == "Viper-1\nF-16C  5,000 ft  400 kt"
    assert labels.cycle() == "off"
    labels.update(shot)
    assert labels.root.isHidden() and labels.placed == {}
    assert labels.cycle() == "callsign"
    labels.update(shot)
    assert not labels.root.isHidden() and "viper-1" in labels.placed
    labels.destroy()


def test_crowded_labels_never_overlap(scene: Any) -> None:
    labels, _ = labels_for(scene)
    labels.cycle()  # the long form, to crowd them more
    look(scene, (0.0, -60_000.0, 5000.0), (0.0, 0.0, 5000.0))
    crowd = [state(f"a-{k}", position=(k * 60.0, 0.0, 5000.0 + k * 40.0)) for k in range(14)]
    labels.update(snapshot(*crowd, selected="a-3"))
    boxes = list(labels.placed.values())
    assert "a-3" in labels.placed  # the selected aircraft keeps its label
    assert len(boxes) >= 4
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not overlaps(a, b)
    # The lower-priority ones dropped to the short form (the callsign) to fit, or out.
    short = [i for i in labels.placed if not labels.labels[i].short_path.isHidden()]
    assert short or len(labels.placed) < len(crowd)
    assert labels.labels["a-3"].short_path.isHidden()  # the selected keeps its long form
    labels.destroy()


def test_labels_hide_off_screen_and_behind_and_keep_off_panels(scene: Any) -> None:
    labels, _ = labels_for(scene)
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    behind = state("behind", position=(0.0, -40_000.0, 5000.0))
    wide = state("wide", position=(200_000.0, 0.0, 5000.0))
    ahead = state("ahead", position=(0.0, 0.0, 5000.0))
    labels.update(snapshot(behind, wide, ahead))
    assert labels.labels["behind"].long_path.isHidden()
    assert labels.labels["wide"].long_path.isHidden()
    assert set(labels.placed) == {"ahead"}
    first = labels.placed["ahead"]
    panel = (first[0] - 0.01, first[1] + 0.01, first[2] - 0.01, first[3] + 0.01)
    labels.keep_clear = lambda: [panel]
    labels.update(snapshot(ahead))
    assert not overlaps(labels.placed["ahead"], panel)
    labels.destroy()


def test_missiles_and_shot_down_aircraft_are_labelled(scene: Any) -> None:
    missile = dataclasses.replace(
        state("m1", position=(500.0, 0.0, 5000.0)), kind="missile", type_id="AIM-9L"
    )
    assert missile_text(missile, "Fulcrum 1")[0] == "AIM-9L > Fulcrum 1"
    dead = changed(state("f1", "red"), active=False, damage="destroyed (12)")
    assert aircraft_text(dead, "callsign")[0] == "F1 - shot down"
    root = scene.render.attachNewNode("test")
    labels = EntityLabels(screen(scene, root), {"m1": "f1"})
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    labels.update(snapshot(missile, dead))
    assert labels.labels["m1"].long.getText() == "AIM-9L > F1"
    assert labels.labels["f1"].long.getText() == "F1 - shot down"
    assert set(labels.placed) == {"m1", "f1"}
    labels.destroy()


def test_labels_cost_well_under_a_millisecond_a_frame(scene: Any) -> None:
    labels, _ = labels_for(scene)
    look(scene, (0.0, -60_000.0, 5000.0), (0.0, 0.0, 5000.0))
    rng = np.random.default_rng(1)
    crowd = [state(f"a-{k}", position=(*rng.uniform(-20_000, 20_000, 2), 5000.0)) for k in range(8)]
    crowd += [
        dataclasses.replace(s, id=f"m-{k}", kind="missile", type_id="AIM-120")
        for k, s in enumerate(crowd[:4])
    ]
    shot = snapshot(*crowd)
    labels.update(shot)
    start = time.perf_counter()
    for _ in range(50):
        labels.update(shot)
    per_frame_ms = (time.perf_counter() - start) / 50 * 1000
    assert per_frame_ms < 1.0, per_frame_ms
    labels.destroy()


def test_projection_matches_the_pixel_the_point_renders_at(scene: Any) -> None:
    root = scene.render.attachNewNode("test")
    space = screen(scene, root)
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    at = space.project((3000.0, 0.0, 6000.0))
    assert at is not None
    row, _ = project(scene, (3000.0, 0.0, 6000.0))
    assert abs((1 - at[1]) / 2 * TEST_HEIGHT - row) < 1.5
    assert space.project((0.0, -30_000.0, 5000.0)) is None


def test_a_label_keeps_off_another_aircraft_s_mark(scene: Any) -> None:
    labels, _ = labels_for(scene)
    look(scene, (0.0, -20_000.0, 5000.0), (0.0, 0.0, 5000.0))
    labels.update(snapshot(state("a", position=(0.0, 0.0, 5000.0))))
    right = labels.placed["a"]
    # A second aircraft whose mark sits in the middle of where that label went.
    space = labels.screen
    middle = ((right[0] + right[1]) / 2, (right[2] + right[3]) / 2)
    x_ft = 0.0
    while (at := space.project((x_ft, 0.0, 5000.0))) is not None and at[0] < middle[0]:
        x_ft += 10.0
    labels.update(snapshot(state("a"), state("b", position=(x_ft, 0.0, 5000.0))))
    box = labels.placed["a"]
    mark = space.project((x_ft, 0.0, 5000.0))
    assert mark is not None
    assert not (box[0] <= mark[0] <= box[1] and box[2] <= mark[1] <= box[3])
    labels.destroy()
