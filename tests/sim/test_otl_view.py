"""An Over the Lines replay: minis on flight stands, a balloon and ground units, archie puffs
and gunfire tracers, and the rule set's HUD laid out at four window shapes.

The timeline is the synthetic one of :mod:`tests.sim.otl_timeline` (built from Over the
Lines' declaration, without its game)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from models.timeline import Timeline
from sim.main_thread_gc import main_thread_collects
from tests.sim.cli_helpers import shape_report
from tests.sim.otl_timeline import (
    AIRFIELD_ID,
    ARCHIE_ID,
    BALLOON_FALLS_ROUND,
    BALLOON_ID,
    PLANES,
    TICK_S,
    otl_timeline,
)

ROOT = Path(__file__).resolve().parents[2]
PLANE_IDS = [plane.id for plane in PLANES]
ROUND_S = 10 * TICK_S


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    return otl_timeline()


@pytest.fixture
def scene(clean_scene: Any, timeline: Timeline) -> Iterator[Any]:
    from sim.app import ReplayScene

    replay = ReplayScene(clean_scene, timeline, camera="orbit", selected="camel-1")
    yield replay
    replay.destroy()


# -- the timeline itself ---------------------------------------------------------------------


def test_the_synthetic_timeline_saves_and_loads(timeline: Timeline, tmp_path: Path) -> None:
    path = tmp_path / "otl.furball.npz"
    timeline.save(path)
    loaded = Timeline.load(path)
    assert loaded.meta.scale is not None and loaded.meta.scale.flight_stands
    kinds = {info.id: info.kind for info in loaded.meta.entities}
    assert kinds[BALLOON_ID] == "balloon" and kinds[ARCHIE_ID] == "ground"


# -- flight stands ---------------------------------------------------------------------------


def _stand(scene: Any, entity_id: str) -> tuple[np.ndarray, np.ndarray]:
    """The stand's rod and rings as drawn: points (n, 3) and alphas (n,)."""
    stands = scene.stands
    slot = stands.stands[entity_id].slot
    per = stands._per_stand
    vertices = np.array(stands._vertex_view())[slot * per : (slot + 1) * per]
    return vertices[:, 0:3].astype(np.float64), vertices[:, 6].astype(np.float64)


def test_a_stand_reaches_from_the_table_to_its_mini_with_a_ring_every_1000_ft(
    scene: Any,
) -> None:
    from sim.view.stands import RING_SEGMENTS, ROD_VERTICES

    for t_s in (0.0, 20.0, 40.0):
        snapshot = scene.draw_at(t_s)
        for entity_id in PLANE_IDS:
            state = snapshot.entity(entity_id)
            points, alpha = _stand(scene, entity_id)
            mini = scene.layers[1].minis[entity_id].path.getPos()
            assert points[0] == pytest.approx((*state.position_ft[:2], 0.0), abs=0.01)
            # a straight rod: its knee is the mini
            for vertex in (1, 2, 3):
                assert points[vertex] == pytest.approx(tuple(mini), abs=0.01)
            rings = alpha[ROD_VERTICES:]
            rings_shown = int(np.count_nonzero(rings)) // (2 * RING_SEGMENTS)
            assert rings_shown == sum(1000 * k < state.alt_ft for k in range(1, 60))
            heights = points[ROD_VERTICES:, 2][rings > 0]
            assert heights.max() < state.alt_ft
            label = scene.stands.stands[entity_id].text.getText()
            assert label == f"{round(state.alt_ft / 100) * 100:,.0f}"


def test_a_climbing_plane_s_stand_grows(scene: Any) -> None:
    scene.draw_at(0.0)
    low = _stand(scene, "camel-1")
    scene.draw_at(40.0)
    high = _stand(scene, "camel-1")
    assert high[0][1, 2] > low[0][1, 2] + 1000
    assert np.count_nonzero(high[1]) > np.count_nonzero(low[1])


def test_a_growing_timeline_s_stands_get_rings_for_new_heights(
    clean_scene: Any, timeline: Timeline
) -> None:
    from dataclasses import replace

    from sim.app import ReplayScene

    first = replace(
        timeline,
        t_s=timeline.t_s[:2],
        channels={name: array[:, :2] for name, array in timeline.channels.items()},
    )
    replay = ReplayScene(clean_scene, first, camera="orbit", complete=False)
    try:
        replay.draw_at(0.0)
        rings = replay.stands._offsets.shape[0]
        replay.extend(timeline)
        snapshot = replay.draw_at(40.0)
        assert replay.stands._offsets.shape[0] > rings
        state = snapshot.entity("albatros-1")
        _points, alpha = _stand(replay, "albatros-1")
        shown = int(np.count_nonzero(alpha[2:])) // 20
        assert shown == sum(1000 * k < state.alt_ft for k in range(1, 60))
    finally:
        replay.destroy()


def test_a_map_with_flight_stands_has_no_altitude_tiles_nor_drop_lines(scene: Any) -> None:
    assert scene.stands.enabled
    assert not scene.has_altitude_tiles and not scene.settings.show_stacks
    assert not scene.drop_lines.shown


def test_birds_of_prey_has_no_stands(clean_scene: Any) -> None:
    from sim.app import ReplayScene
    from tests.sim.test_playback import merge

    replay = ReplayScene(clean_scene, merge(), camera="orbit")
    try:
        replay.draw_at(1.0)
        assert not replay.stands.enabled and not replay.stands.stands
    finally:
        replay.destroy()


# -- balloons and ground units ---------------------------------------------------------------


def test_balloons_and_ground_units_are_not_aircraft(scene: Any) -> None:
    snapshot = scene.draw_at(10.0)
    assert set(scene.layers[1].minis) == set(PLANE_IDS)
    assert set(scene.stands.stands) == set(PLANE_IDS)
    assert set(scene.balloons.balloons) == {BALLOON_ID}  # the Balloons layer
    assert set(scene.ground_units.units) == {ARCHIE_ID, AIRFIELD_ID}
    assert not set(snapshot.bearings) & {BALLOON_ID, ARCHIE_ID, AIRFIELD_ID}
    assert set(snapshot.bearings) == set(PLANE_IDS) - {"camel-1"}


def test_the_camera_s_cycling_visits_only_the_aircraft(timeline: Timeline) -> None:
    from sim.playback import Playback

    playback = Playback(timeline)
    seen = {playback.select_next() for _ in range(2 * len(timeline.meta.entities))}
    assert seen == set(PLANE_IDS)


def test_the_aircraft_list_lists_only_the_aircraft(scene: Any) -> None:
    scene.roster.toggle()
    scene.draw_at(10.0)
    listed = list(scene.roster._ids)
    scene.roster.toggle()
    assert sorted(listed) == sorted(PLANE_IDS)


def test_a_flamed_balloon_disappears(scene: Any) -> None:
    balloon = scene.balloons.balloons
    scene.draw_at(ROUND_S * BALLOON_FALLS_ROUND - 1.0)
    assert not balloon[BALLOON_ID].path.isHidden()
    assert not balloon[BALLOON_ID].tether_path.isHidden()
    scene.draw_at(ROUND_S * BALLOON_FALLS_ROUND + 1.0)
    assert balloon[BALLOON_ID].path.isHidden() and balloon[BALLOON_ID].tether_path.isHidden()


def test_ground_units_lie_on_the_table_with_their_label(scene: Any) -> None:
    scene.draw_at(5.0)
    archie = scene.ground_units.units[ARCHIE_ID]
    assert archie.counter.getZ() < 10.0
    text = archie.label.node().getText()
    assert text.splitlines() == ["ARCHIE", "Flak 1"]


# -- archie and gunfire ----------------------------------------------------------------------


def test_an_archie_puff_shows_for_two_seconds_at_its_burst(scene: Any, timeline: Timeline) -> None:
    event = next(e for e in timeline.meta.events if e.kind == "otl.archie" and e.t_s > 10)
    scene.draw_at(event.t_s - 0.2)
    assert not scene.bursts.puffs
    scene.draw_at(event.t_s + 0.5)
    (puff,) = scene.bursts.puffs.values()
    point = (event.data["x_ft"], event.data["y_ft"], event.data["z_ft"])
    assert tuple(puff.getPos()) == pytest.approx(point, abs=0.5)
    scene.draw_at(event.t_s + 2.5)
    assert not scene.bursts.puffs


def test_an_archie_puff_darkens_the_picture_where_it_bursts(
    clean_scene: Any, scene: Any, timeline: Timeline
) -> None:
    from sim.view.layer import screen_point
    from tests.sim.conftest import TEST_HEIGHT, TEST_WIDTH, grab

    event = next(e for e in timeline.meta.events if e.kind == "otl.archie" and e.t_s > 10)
    point = (float(event.data["x_ft"]), float(event.data["y_ft"]), float(event.data["z_ft"]))
    scene.rig.set_mode("table")
    scene.draw_at(event.t_s - 0.1)
    before = grab(clean_scene)
    scene.draw_at(event.t_s + 0.3)
    after = grab(clean_scene)
    at = screen_point(clean_scene.cam, scene.root, clean_scene.aspect2d, point)
    assert at is not None
    # aspect2d spans the height -1 .. 1 and the width by the aspect ratio.
    aspect = TEST_WIDTH / TEST_HEIGHT
    col = int((at[0] / aspect + 1) / 2 * TEST_WIDTH)
    row = int((1 - at[2]) / 2 * TEST_HEIGHT)
    patch = (slice(max(row - 4, 0), row + 5), slice(max(col - 4, 0), col + 5))

    def smoke(image: np.ndarray) -> int:
        return int(np.count_nonzero(image[patch].max(axis=-1) < 60))

    assert smoke(after) >= smoke(before) + 20


def test_otl_fire_draws_tracers_like_a_gunshot(scene: Any, timeline: Timeline) -> None:
    fire = next(e for e in timeline.meta.events if e.kind == "otl.fire")
    tracers = next(layer for layer in scene.layers if type(layer).__name__ == "GunTracers")
    scene.draw_at(fire.t_s + 0.3)
    assert [key[1:3] for key in tracers.bursts] == [fire.entities]
    scene.draw_at(fire.t_s + 3.0)
    assert not tracers.bursts


# -- the HUD at four window shapes -----------------------------------------------------------

SHAPES: dict[str, tuple[int, int]] = {
    "16:9 1920x1080": (1920, 1080),
    "4:3 1024x768": (1024, 768),
    "portrait half 960x1080": (960, 1080),
    "portrait 1080x1920": (1080, 1920),
}
OTL_PANELS = {"header", "gauges", "flight", "guns", "damage", "targeting", "throttle", "phad"}


def measure_shape(width: int, height: int, timeline_path: str) -> None:
    """(Run in a subprocess.) Print, as JSON, every shown panel's box, each panel's rows'
    caption and value boxes and the throttle's detent labels' boxes, in the orbit and the
    cockpit layouts."""
    from sim.app import ReplayScene
    from sim.panda import open_base
    from sim.view.layer import shown_box

    base = open_base(width, height, offscreen=True)
    base.adjustWindowAspectRatio(base.getAspectRatio())  # as a window's first resize does
    base.graphicsEngine.renderFrame()
    timeline = Timeline.load(Path(timeline_path))
    scene = ReplayScene(base, timeline, camera="orbit", selected="camel-1")
    aspect2d = base.aspect2d
    report: dict[str, Any] = {"extent": [float(base.a2dRight), float(base.a2dTop)]}
    for camera in ("orbit", "cockpit"):
        scene.rig.set_mode(camera)
        scene.draw_at(4.0)
        base.graphicsEngine.renderFrame()
        rows = {}
        for panel in scene.hud.panels:
            for row in panel.spec.rows:
                caption = panel.root.find(f"caption-{row.key}")
                rows[f"{panel.key}.{row.key}"] = [
                    shown_box(caption, aspect2d),
                    shown_box(panel.values[row.key].node, aspect2d),
                    panel.values[row.key].text,
                ]
        throttle = scene.hud.throttle
        detents = {
            k: shown_box(label.node, aspect2d) for k, label in throttle.detent_labels.items()
        }
        report[camera] = {"boxes": scene.screen_boxes(), "rows": rows, "detents": detents}
    scene.destroy()
    print("REPORT " + json.dumps(report))


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory, timeline: Timeline) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("otl-hud") / "otl.furball.npz"
    timeline.save(path)

    def run(size: tuple[int, int]) -> dict[str, Any]:
        return shape_report("tests.sim.test_otl_view", size, path)

    with main_thread_collects(), ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(SHAPES, pool.map(run, SHAPES.values()), strict=True))


def _overlap(a: list[float], b: list[float]) -> bool:
    return min(a[1], b[1]) > max(a[0], b[0]) + 1e-4 and min(a[3], b[3]) > max(a[2], b[2]) + 1e-4


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("camera", ["orbit", "cockpit"])
def test_the_otl_panels_are_on_screen_and_clear_of_each_other(
    reports: dict[str, Any], shape: str, camera: str
) -> None:
    report = reports[shape]
    half_w, half_h = report["extent"]
    boxes = report[camera]["boxes"]
    assert set(boxes) >= OTL_PANELS, sorted(OTL_PANELS - set(boxes))
    problems = []
    names = sorted(boxes)
    for i, a in enumerate(names):
        box = boxes[a]
        inside = (
            box[0] >= -half_w - 1e-3
            and box[1] <= half_w + 1e-3
            and box[2] >= -half_h - 1e-3
            and box[3] <= half_h + 1e-3
        )
        if not inside:
            problems.append(f"{a} {box} is off the screen")
        problems += [f"{a} overlaps {b}" for b in names[i + 1 :] if _overlap(box, boxes[b])]
    assert not problems, f"{shape} {camera}: " + "; ".join(problems)


@pytest.mark.parametrize("shape", SHAPES)
def test_every_row_s_value_keeps_clear_of_its_caption(reports: dict[str, Any], shape: str) -> None:
    rows = reports[shape]["orbit"]["rows"]
    assert rows["guns.guns"][2] == "VICK 38 · LEWIS 2+3d J"  # whole, not cut
    for key, (caption, value, _text) in rows.items():
        assert caption[1] < value[0], f"{shape}: {key} value {value} runs into {caption}"


@pytest.mark.parametrize("shape", SHAPES)
def test_the_throttle_s_detent_labels_do_not_overlap(reports: dict[str, Any], shape: str) -> None:
    detents = reports[shape]["orbit"]["detents"]
    throttle = reports[shape]["orbit"]["boxes"]["throttle"]
    boxes = list(detents.values())
    assert len(boxes) == 3
    for i, a in enumerate(boxes):
        assert throttle[0] <= a[0] and a[1] <= throttle[1] and throttle[2] <= a[2]
        assert not any(_overlap(a, b) for b in boxes[i + 1 :]), detents


# -- small pieces ----------------------------------------------------------------------------


def test_spread_labels_moves_close_detents_apart_and_leaves_the_rest() -> None:
    from sim.view.hud.throttle import LABEL_SPACING, spread_labels

    assert spread_labels([0.2, 0.5, 0.8]) == [0.2, 0.5, 0.8]
    low, close, top = spread_labels([0.19, 0.2335, 0.48])
    assert close - low == pytest.approx(LABEL_SPACING)
    assert low < 0.19 and close > 0.2335 and top == 0.48


def test_long_rows_widen_their_panel_and_birds_of_prey_s_keep_their_width() -> None:
    from engine.otl.declaration import OTL_HUD
    from models.bop_hud import BOP_HUD
    from sim.view.hud.panels import PANEL_WIDTH, panel_width

    assert all(panel_width(p) == PANEL_WIDTH for p in BOP_HUD.panels)
    widths = {p.key: panel_width(p) for p in OTL_HUD.panels}
    assert widths["guns"] > PANEL_WIDTH and widths["flight"] == PANEL_WIDTH
