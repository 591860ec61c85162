"""A modern strike replayed: SAM and gun sites with engagement rings and their own words,
a ship, a falling bomb, flak and warhead bursts named by the timeline, an RWR row, and
each kind's Tacview type.

The timeline is the synthetic one of :mod:`tests.sim.strike_timeline`: everything is
described by data in it, nothing by the name of the rules that wrote it."""

from __future__ import annotations

import json
import math
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from models.timeline import Timeline, TimelineMeta
from sim.view.bursts import LEGACY_BURST_KINDS, STYLES, burst_kinds
from sim.view.ground_units import ring_points, unit_label
from sim.view.hud.panels import fitted
from sim.view.layer import ViewSettings
from tests.sim.strike_timeline import (
    BOMB_ID,
    BOMB_RELEASE_S,
    FLAK_KIND,
    FLAK_TIMES_S,
    FT_S_PER_KT,
    G_FT_S2,
    GUN_ID,
    GUN_KNOCKED_OUT_S,
    GUN_RING_FT,
    HELO_ID,
    JET_ID,
    JET_KT,
    RADAR_ID,
    RWR_ON_S,
    SAM_BURST_KIND,
    SAM_BURST_S,
    SAM_ID,
    SAM_RING_FT,
    SAM_SITE_ID,
    SHIP_ID,
    SHIP_KT,
    strike_timeline,
)

Rgb = np.ndarray


@pytest.fixture(scope="module")
def timeline() -> Timeline:
    return strike_timeline()


def _scene(base: Any, timeline: Timeline, camera: str, hud: bool = False) -> Any:
    from sim.app import ReplayScene

    settings = ViewSettings(mini_scale_from_map=True, show_hud=hud)
    scene = ReplayScene(base, timeline, settings, camera=camera, selected=JET_ID)  # type: ignore[arg-type]
    scene.rig.transition_s = 0.0
    return scene


@pytest.fixture
def top(clean_scene: Any, timeline: Timeline) -> Iterator[Any]:
    scene = _scene(clean_scene, timeline, "top")
    yield scene
    scene.destroy()


@pytest.fixture
def chase(clean_scene: Any, timeline: Timeline) -> Iterator[Any]:
    scene = _scene(clean_scene, timeline, "chase")
    yield scene
    scene.destroy()


def shot(base: Any, scene: Any, t_s: float, save: Path | None = None) -> Rgb:
    """The picture at ``t_s`` (saved as a PNG to look at, when asked)."""
    from panda3d.core import Filename

    from tests.sim.conftest import grab

    scene.draw_at(t_s)
    image = grab(base)
    if save is not None:
        base.win.saveScreenshot(Filename.fromOsSpecific(str(save)))
    return image


def pixel(base: Any, scene: Any, point: tuple[float, float, float]) -> tuple[int, int] | None:
    """The (row, column) where a point of the scene is drawn, None off the picture."""
    from sim.view.layer import screen_point
    from tests.sim.conftest import TEST_HEIGHT, TEST_WIDTH

    at = screen_point(base.cam, scene.root, base.aspect2d, point)
    if at is None:
        return None
    aspect = TEST_WIDTH / TEST_HEIGHT
    col = int((at[0] / aspect + 1) / 2 * TEST_WIDTH)
    row = int((1 - at[2]) / 2 * TEST_HEIGHT)
    inside = 3 <= row < TEST_HEIGHT - 3 and 3 <= col < TEST_WIDTH - 3
    return (row, col) if inside else None


def patch(image: Rgb, at: tuple[int, int], half: int) -> Rgb:
    row, col = at
    return image[max(row - half, 0) : row + half + 1, max(col - half, 0) : col + half + 1]


def reddish(area: Rgb) -> np.ndarray:
    rgb = area.astype(int)
    return (rgb[..., 0] > rgb[..., 1] + 25) & (rgb[..., 0] > rgb[..., 2] + 25)


def position(timeline: Timeline, entity: str, t_s: float) -> tuple[float, float, float]:
    state = timeline.state_at(t_s, timeline.entity_index(entity))
    return (state["x_ft"], state["y_ft"], state["z_ft"])


# -- the timeline ------------------------------------------------------------------------------


def test_the_new_fields_save_and_load(timeline: Timeline, tmp_path: Path) -> None:
    path = tmp_path / "strike.furball.npz"
    timeline.save(path)
    loaded = Timeline.load(path)
    infos = {info.id: info for info in loaded.meta.entities}
    assert infos[SHIP_ID].kind == "ship" and infos[BOMB_ID].kind == "bomb"
    assert infos[HELO_ID].rotorcraft and not infos[JET_ID].rotorcraft
    assert (infos[SAM_SITE_ID].unit, infos[SAM_SITE_ID].ring_ft) == ("SA-2", SAM_RING_FT)
    assert infos[RADAR_ID].ring_ft is None
    assert infos[GUN_ID].acmi_type == "Ground+AntiAircraft"
    assert loaded.meta.burst_kinds == (FLAK_KIND, SAM_BURST_KIND)


def test_a_file_written_before_the_new_fields_still_loads_and_bursts_archie(
    timeline: Timeline, tmp_path: Path
) -> None:
    meta = json.loads(timeline.meta.model_dump_json())
    del meta["burst_kinds"]
    for info in meta["entities"]:
        for key in ("rotorcraft", "unit", "ring_ft", "acmi_type"):
            del info[key]
    old = TimelineMeta.model_validate(meta)
    assert old.burst_kinds == () and burst_kinds(old) == LEGACY_BURST_KINDS == {"otl.archie"}
    assert all(info.unit == "" and info.ring_ft is None for info in old.entities)
    assert burst_kinds(timeline.meta) == {FLAK_KIND, SAM_BURST_KIND}


def test_a_unit_s_own_words_come_before_the_viewer_s() -> None:
    assert unit_label("sa2_site", "Site 7", "SA-2") == "SA-2\nSite 7"
    assert unit_label("archie", "Flak 1") == "ARCHIE\nFlak 1"
    assert unit_label("radar", "") == "RADAR"


def test_a_ring_is_a_closed_circle_of_its_radius() -> None:
    points = ring_points(7_500.0, 24)
    assert len(points) == 25 and np.allclose(points[0], points[-1])
    assert np.allclose(np.hypot(points[:, 0], points[:, 1]), 7_500.0)
    assert np.all(points[:, 2] == 0.0)


def test_a_warhead_burst_is_larger_brighter_and_darkens_as_it_spreads() -> None:
    flak, warhead = STYLES["flak"], STYLES["warhead"]
    assert warhead.size > 2 * flak.size * 0.9
    assert sum(warhead.core_rgb) > 2.0 > 0.5 > sum(flak.core_rgb)
    assert warhead.fade_to < 1.0 == flak.fade_to


# -- ground units and rings ----------------------------------------------------------------------


def test_sites_are_labelled_in_the_timeline_s_words_and_rings_go_with_them(top: Any) -> None:
    top.draw_at(5.0)
    units = top.ground_units.units
    assert set(units) == {SAM_SITE_ID, RADAR_ID, GUN_ID}
    label = units[SAM_SITE_ID].label.node().getText()
    assert label.splitlines() == ["SA-2", "Site 7"]
    assert units[GUN_ID].label.node().getText().splitlines() == ["AAA ZPU-4", "Gun 3"]
    assert units[RADAR_ID].ring is None
    ring = units[SAM_SITE_ID].ring
    assert ring is not None and not ring.isHidden()
    low, high = ring.getTightBounds()
    assert (high[0] - low[0]) / 2 == pytest.approx(SAM_RING_FT, rel=0.01)
    counter = units[SAM_SITE_ID].counter
    assert (ring.getX(), ring.getY()) == pytest.approx((counter.getX(), counter.getY()))


def _ring_redness(
    base: Any, scene: Any, image: Rgb, centre: tuple[float, float], r_ft: float
) -> tuple[int, float]:
    """Of the ring's points on the picture, the share whose neighbourhood has red pixels."""
    on, red = 0, 0
    for x, y, _z in ring_points(r_ft, 48)[:-1]:
        at = pixel(base, scene, (centre[0] + x, centre[1] + y, 0.0))
        if at is None:
            continue
        on += 1
        red += bool(reddish(patch(image, at, 2)).any())
    return on, red / max(on, 1)


def test_a_ring_in_its_side_s_colour_lies_round_a_site_until_it_is_knocked_out(
    clean_scene: Any, top: Any, timeline: Timeline, tmp_path: Path
) -> None:
    gun = position(timeline, GUN_ID, 0.0)[:2]
    site = position(timeline, SAM_SITE_ID, 0.0)[:2]
    before = shot(clean_scene, top, GUN_KNOCKED_OUT_S - 1.0, tmp_path / "top-rings.png")
    on, share = _ring_redness(clean_scene, top, before, gun, GUN_RING_FT)
    assert on >= 30 and share >= 0.8
    on, share = _ring_redness(clean_scene, top, before, site, SAM_RING_FT)
    assert on >= 20 and share >= 0.8
    after = shot(clean_scene, top, GUN_KNOCKED_OUT_S + 1.0, tmp_path / "top-gun-out.png")
    assert top.ground_units.units[GUN_ID].ring.isHidden()
    on, share = _ring_redness(clean_scene, top, after, gun, GUN_RING_FT)
    assert on >= 30 and share <= 0.2  # where the other ring crosses it, and labels
    # Faint: the hexes under a ring still show through it.
    at = pixel(clean_scene, top, (gun[0] + GUN_RING_FT, gun[1], 0.0))
    assert at is not None
    ring_px = patch(before, at, 1).reshape(-1, 3).astype(int)
    brightest = ring_px[ring_px.sum(axis=1).argmax()]
    assert brightest[1] > 40 and brightest[0] < 230


# -- the ship and the bomb ------------------------------------------------------------------------


def _greys(area: Rgb) -> int:
    rgb = area.astype(int)
    flat = rgb.max(axis=-1) - rgb.min(axis=-1) < 14
    return int(np.count_nonzero(flat & (rgb.mean(axis=-1) > 105)))


def test_the_ship_is_a_grey_hull_steaming_slowly_on_its_heading(
    clean_scene: Any, top: Any, timeline: Timeline, tmp_path: Path
) -> None:
    shot(clean_scene, top, 0.0)
    ship = top.ships.ships[SHIP_ID]
    start = ship.path.getPos()
    with_ship = shot(clean_scene, top, 30.0, tmp_path / "top-ship.png")
    end = ship.path.getPos()
    steamed_ft = math.dist(start, end)
    assert steamed_ft == pytest.approx(SHIP_KT * FT_S_PER_KT * 30.0, rel=0.01)
    assert math.degrees(math.atan2(end[0] - start[0], end[1] - start[1])) == pytest.approx(45.0)
    assert ship.path.getH() == pytest.approx(-45.0)
    at = pixel(clean_scene, top, tuple(end))
    assert at is not None
    top.ships.root.hide()
    without = shot(clean_scene, top, 30.0)
    top.ships.root.show()
    assert _greys(patch(with_ship, at, 12)) >= _greys(patch(without, at, 12)) + 25


def test_a_bomb_shows_from_release_to_impact_nose_along_its_path(
    top: Any, timeline: Timeline
) -> None:
    top.draw_at(BOMB_RELEASE_S - 0.5)
    bomb = top.bombs.bombs[BOMB_ID]
    assert bomb.path.isHidden()
    for t_s in (BOMB_RELEASE_S + 3.0, BOMB_RELEASE_S + 9.0, BOMB_RELEASE_S + 15.0):
        top.draw_at(t_s)
        assert not bomb.path.isHidden()
        age = t_s - BOMB_RELEASE_S
        expected = math.degrees(math.atan2(-G_FT_S2 * age, JET_KT * FT_S_PER_KT))
        forward = bomb.path.getQuat().getForward()
        pitch = math.degrees(math.asin(forward[2]))
        assert pitch == pytest.approx(expected, abs=1.0)
        assert forward[0] > 0.0 and abs(forward[1]) < 1e-3  # heading east, as it was dropped
    top.draw_at(float(timeline.t_s[-1]))
    assert bomb.path.isHidden()


# -- bursts ---------------------------------------------------------------------------------------


def _dark(area: Rgb) -> int:
    return int(np.count_nonzero(area.max(axis=-1) < 60))


def test_a_flak_puff_darkens_its_point_then_goes(
    clean_scene: Any, top: Any, timeline: Timeline, tmp_path: Path
) -> None:
    event = next(e for e in timeline.meta.events if e.kind == FLAK_KIND)
    assert event.t_s == FLAK_TIMES_S[0]
    point = (float(event.data["x_ft"]), float(event.data["y_ft"]), float(event.data["z_ft"]))

    def dark_at(t_s: float, name: str) -> int:
        image = shot(clean_scene, top, t_s, tmp_path / name)
        at = pixel(clean_scene, top, point)
        assert at is not None
        return _dark(patch(image, at, 5))

    before = dark_at(event.t_s - 0.1, "flak-before.png")
    during = dark_at(event.t_s + 0.3, "flak-during.png")
    styles = {key[-1] for key in top.bursts.puffs}
    later = dark_at(FLAK_TIMES_S[-1] + STYLES["flak"].seconds + 0.5, "flak-later.png")
    assert styles == {"flak"}
    assert during >= before + 30
    assert later <= before + 5 and not top.bursts.puffs


def _orange(area: Rgb) -> int:
    rgb = area.astype(int)
    return int(np.count_nonzero((rgb[..., 0] > 200) & (rgb[..., 1] > 70) & (rgb[..., 2] < 120)))


def test_a_sam_s_warhead_bursts_large_and_bright_then_goes(
    clean_scene: Any, chase: Any, timeline: Timeline, tmp_path: Path
) -> None:
    event = next(e for e in timeline.meta.events if e.kind == SAM_BURST_KIND)
    assert event.data["style"] == "warhead" and event.entities[0] == SAM_ID
    point = (float(event.data["x_ft"]), float(event.data["y_ft"]), float(event.data["z_ft"]))

    def orange_at(t_s: float, name: str) -> tuple[int, int]:
        """Orange pixels round the burst's point with the bursts drawn and without (the
        Phantom's mini has an orange badge of its own)."""
        image = shot(clean_scene, chase, t_s, tmp_path / name)
        chase.bursts.root.hide()
        bare = shot(clean_scene, chase, t_s)
        chase.bursts.root.show()
        at = pixel(clean_scene, chase, point)
        if at is None:
            return _orange(image), _orange(bare)
        return _orange(patch(image, at, 60)), _orange(patch(bare, at, 60))

    before, before_bare = orange_at(SAM_BURST_S - 0.2, "chase-before-warhead.png")
    during, during_bare = orange_at(SAM_BURST_S + 0.3, "chase-warhead.png")
    (key,) = chase.bursts.puffs
    warhead_scale = chase.bursts.puffs[key].getScale()[0]
    later, later_bare = orange_at(
        SAM_BURST_S + STYLES["warhead"].seconds + 0.5, "chase-after-warhead.png"
    )
    assert key[-1] == "warhead"
    assert before == before_bare and later == later_bare and not chase.bursts.puffs
    assert during >= during_bare + 400
    # Larger than a flak puff drawn at the same distance would be.
    chase.draw_at(FLAK_TIMES_S[0] + 0.3)
    (flak,) = chase.bursts.puffs.values()
    assert warhead_scale > 1.5 * flak.getScale()[0]


# -- the RWR row -----------------------------------------------------------------------------------


def test_the_rwr_row_is_legible_and_amber_while_it_warns(
    clean_scene: Any, timeline: Timeline, tmp_path: Path
) -> None:
    from sim.view.hud.panels import AMBER, WHITE
    from sim.view.layer import shown_box

    scene = _scene(clean_scene, timeline, "chase", hud=True)
    try:
        (panel,) = scene.hud.panels
        value = panel.values["rwr"]
        scene.draw_at(RWR_ON_S - 1.0)
        assert value.text == "—" and tuple(value.text_node.getTextColor()) == pytest.approx(WHITE)
        shot(clean_scene, scene, RWR_ON_S + 1.0, tmp_path / "chase-rwr.png")
        # Both threats would run into the caption: the first whole, then how many more.
        assert value.text == "SA-2 FAN SONG 9h +1"
        assert tuple(value.text_node.getTextColor()) == pytest.approx(AMBER)
        caption = panel.root.find("**/caption-rwr")
        caption_box = shown_box(caption, clean_scene.aspect2d)
        value_box = shown_box(value.node, clean_scene.aspect2d)
        assert caption_box is not None and value_box is not None
        assert caption_box[1] < value_box[0]
    finally:
        scene.destroy()


def test_a_long_value_keeps_whole_items_then_cuts_with_an_ellipsis() -> None:
    def narrow(limit: int) -> Callable[[str], bool]:
        return lambda text: len(text) <= limit

    threats = "SA-2 FAN SONG 9h · MIG-21 12h · ZSU 3h"
    assert fitted(threats, 40, narrow(40)) == threats
    assert fitted(threats, 40, narrow(32)) == "SA-2 FAN SONG 9h · MIG-21 12h +1"
    assert fitted(threats, 22, narrow(22)) == "SA-2 FAN SONG 9h +2"
    assert fitted(threats, 22, narrow(12)) == "SA-2 FAN SO…"
    assert fitted("VICK 38", 22, narrow(22)) == "VICK 38"


# -- Tacview ---------------------------------------------------------------------------------------


def test_each_kind_is_written_as_its_tacview_type(timeline: Timeline, tmp_path: Path) -> None:
    from sim.acmi.export import acmi_number
    from tests.sim.test_acmi import assert_round_trip

    path = tmp_path / "strike.zip.acmi"
    acmi: Any = assert_round_trip(timeline, path)
    types = {
        info.id: acmi.objects[f"{acmi_number(i):x}"].tags
        for i, info in enumerate(timeline.meta.entities)
    }
    assert types == {
        JET_ID: "Air+FixedWing",
        "mig-1": "Air+FixedWing",
        HELO_ID: "Air+Rotorcraft",
        SAM_SITE_ID: "Ground+AntiAircraft",
        RADAR_ID: "Ground+Static",
        GUN_ID: "Ground+AntiAircraft",
        SHIP_ID: "Sea+Watercraft",
        BOMB_ID: "Weapon+Bomb",
        SAM_ID: "Weapon+Missile",
    }
    with zipfile.ZipFile(path) as archive:
        text = archive.read("acmi.txt").decode("utf-8")
    ship_line = next(line for line in text.splitlines() if "Type=Sea+Watercraft" in line)
    assert "Pilot=" not in ship_line and "Group=" not in ship_line
    ship_number = f"{acmi_number(timeline.entity_index(SHIP_ID)):x}"
    ship_updates = [line for line in text.splitlines() if line.startswith(f"{ship_number},")]
    assert not any("Throttle=" in line or "FuelWeight=" in line for line in ship_updates)


def test_a_growing_timeline_keeps_its_burst_kinds_and_unit_words(
    clean_scene: Any, timeline: Timeline
) -> None:
    from dataclasses import replace

    plain = tuple(
        info.model_copy(update={"ring_ft": None, "box_ft": None}) for info in timeline.meta.entities
    )
    first = timeline.meta.model_copy(update={"burst_kinds": (), "entities": plain})
    scene = _scene(clean_scene, replace(timeline, meta=first), "top")
    try:
        assert scene.bursts.kinds == LEGACY_BURST_KINDS
        assert scene.ground_units.infos[GUN_ID].ring_ft is None
        scene.extend(timeline)
        assert scene.bursts.kinds == {FLAK_KIND, SAM_BURST_KIND}
        assert scene.ground_units.infos[GUN_ID].ring_ft == GUN_RING_FT
        assert scene.ships.infos[SHIP_ID] == timeline.meta.entities[timeline.entity_index(SHIP_ID)]
    finally:
        scene.destroy()
