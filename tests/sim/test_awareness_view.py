"""What the replay shows of the crews' awareness and the sensors: the snapshot's awareness
fields, the HUD's initiative row, tracks by callsign, the PHAD's track boxes and faded
unspotted bearings, the awareness lines and the radar scan fan."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from panda3d.core import OrthographicLens, Point3

from models.bop_hud import BOP_HUD
from models.sensors import BodyDiamondArc, PitchRow, StabilisedArc, sensor_fit, sensor_tables
from models.timeline import Timeline
from sim.app import ReplayScene
from sim.cameras import CAMERA_MODES
from sim.playback import Playback
from sim.snapshot import EntityState, Snapshot
from sim.view.awareness import (
    AwarenessLines,
    SightLine,
    line_colour,
    sight_lines,
    sight_segments,
)
from sim.view.controls import HELP_LINES
from sim.view.hud import PhadPanel, SensorsPanel, StatusPanel
from sim.view.hud.names import names_that_fit
from sim.view.hud.panels import TEXT_SMALL
from sim.view.hud.phad import CIRCLE_INNER, CIRCLE_OUTER, TRACK_BOX, TRACK_BOX_HALF
from sim.view.layer import ViewSettings
from sim.view.radar_arcs import (
    ARC_CAMERAS,
    FP_FT,
    RadarArcs,
    RadarFan,
    fan_outline,
    level_aon,
    radar_fan,
)
from tests.sim.conftest import TEST_HEIGHT, TEST_WIDTH, grab
from tests.sim.states import changed
from tests.sim.test_hud import aircraft, colour_at, fulcrum, pixel_of, selected_snapshot
from tests.sim.test_playback import merge, with_channels, without_channels

AWARENESS = ("bop.spotted", "bop.initiative", "bop.flight_class", "bop.activity")


def text_channel(timeline: Timeline, rows: list[str]) -> np.ndarray:
    """A text channel holding ``rows[e]`` for entity ``e`` at every tick."""
    shape = timeline.channels["active"].shape
    return np.array([[row] * shape[1] for row in rows], dtype="<U64")


# -- the snapshot ----------------------------------------------------------------------------


def test_awareness_channels_reach_the_snapshot() -> None:
    base = without_channels(merge(), *AWARENESS)
    tl = with_channels(
        base,
        **{
            "bop.spotted": text_channel(base, ["viper-2, fulcrum-1", "", "viper-1", "fulcrum-1"]),
            "bop.initiative": text_channel(base, ["5.37", "-2", "", "11"]),
            "bop.flight_class": text_channel(base, ["B/b", "A/y", "", "C/c"]),
            "bop.activity": text_channel(base, ["4 6", "0", "", "- 3"]),
        },
    )
    states = Playback(tl).snapshot_at(7.5).entities
    assert [s.values["bop.spotted"] for s in states] == [
        ("viper-2", "fulcrum-1"),
        (),
        ("viper-1",),
        ("fulcrum-1",),
    ]
    assert [s.text("bop.initiative") for s in states] == ["5.37", "-2", "", "11"]
    assert [s.text("bop.flight_class") for s in states] == ["B/b", "A/y", "", "C/c"]
    assert [s.text("bop.activity") for s in states] == ["4 6", "0", "", "- 3"]


def test_a_timeline_without_awareness_channels_still_plays() -> None:
    state = Playback(without_channels(merge(), *AWARENESS)).snapshot_at(7.5).entities[0]
    assert state.value("bop.spotted") is None  # not known, which is not "spotted nobody"
    assert not set(AWARENESS) & set(state.values)


def test_the_engines_awareness_samples_are_shown_at_the_nearer_tick() -> None:
    tl = merge()
    tick = 31
    snapshot = Playback(tl).snapshot_at(float(tl.t_s[tick]) + 0.2)  # nearer tick: 31
    for e, state in enumerate(snapshot.entities):
        spotted = str(tl.channels["bop.spotted"][e, tick])
        assert state.values["bop.spotted"] == tuple(i for i in spotted.split(",") if i)
        for name in ("bop.initiative", "bop.flight_class", "bop.activity"):
            assert state.values[name] == str(tl.channels[name][e, tick])


# -- the HUD panels --------------------------------------------------------------------------


def test_the_status_panel_shows_initiative_class_and_activity(clean_scene: Any) -> None:
    status = StatusPanel(clean_scene.aspect2d)
    status.update(selected_snapshot())
    assert [status.text(k) for k in ("initiative", "flight_class", "activity")] == ["—"] * 3
    own = aircraft(initiative="5.37", flight_class="B/b", activity="4 6")
    status.update(selected_snapshot(own))
    assert [status.text(k) for k in ("initiative", "flight_class", "activity")] == [
        "5.37",
        "B/b",
        "4 6",
    ]
    assert status.values["activity"].text_node.getTextColor()[2] > 0.9  # white
    status.update(selected_snapshot(aircraft(activity="0 -")))
    assert status.values["activity"].text_node.getTextColor()[2] < 0.5  # amber: none left


def test_the_initiative_row_fits_the_panel_and_its_columns_do_not_touch(
    clean_scene: Any,
) -> None:
    status = StatusPanel(clean_scene.aspect2d)
    status.update(selected_snapshot(aircraft(initiative="-12.3", flight_class="B/b")))
    boxes = []
    for name in ("caption-initiative", "value-initiative", "value-flight-class"):
        boxes.append(status.root.find(name).getTightBounds())
    boxes.append(status.root.find("caption-activity").getTightBounds())
    boxes.append(status.root.find("value-activity").getTightBounds())
    lefts = [low.x for low, _high in boxes]
    rights = [high.x for _low, high in boxes]
    assert all(rights[i] < lefts[i + 1] for i in range(len(boxes) - 1))
    assert lefts[0] > 0 and rights[-1] < 0.62  # inside the panel's backing


def test_tracks_are_named_by_callsign(clean_scene: Any) -> None:
    sensors = SensorsPanel(clean_scene.aspect2d)
    own = aircraft(radar_mode="STT", tracks=("fulcrum-1",), ir_lock="fulcrum-2", rwr=("sam-3",))
    sensors.update(selected_snapshot(own, others=(fulcrum(1), fulcrum(2))))
    assert sensors.text("radar") == "STT"
    assert sensors.text("tracks") == "Fulcrum 1"
    assert sensors.text("ir") == "Fulcrum 2"
    assert sensors.text("rwr") == "sam-3"  # an id the snapshot does not know, as it is


def test_many_tracks_fall_back_to_short_labels_within_the_row(clean_scene: Any) -> None:
    sensors = SensorsPanel(clean_scene.aspect2d)
    others = tuple(fulcrum(n) for n in range(1, 7))
    for count in range(1, 7):
        own = aircraft(radar_mode="TWS", tracks=tuple(o.id for o in others[:count]))
        sensors.update(selected_snapshot(own, others=others))
        text = sensors.text("tracks")
        width = sensors.values["tracks"].text_node.calcWidth(text) * TEXT_SMALL
        assert width <= sensors.value_room("tracks") + 1e-9, text
        if count == 2:
            assert text == "F1, F2"
    shown, _, rest = sensors.text("tracks").partition(" +")
    assert shown.startswith("F1, F2") and len(shown.split(", ")) + int(rest) == 6


def test_names_that_fit() -> None:
    callsigns = {"a": "Alpha 1", "b": "Bravo 2", "c": "Charlie 3"}
    labels = {"a": "A1", "b": "B2", "c": "C3"}
    assert names_that_fit((), callsigns, labels, lambda t: True) == ""
    assert names_that_fit("ab", callsigns, labels, lambda t: len(t) <= 20) == "Alpha 1, Bravo 2"
    assert names_that_fit("abc", callsigns, labels, lambda t: len(t) <= 20) == "A1, B2, C3"
    assert names_that_fit("abc", callsigns, labels, lambda t: len(t) <= 7) == "A1 +2"
    assert names_that_fit("abc", callsigns, labels, lambda t: False) == "+3"


# -- the PHAD --------------------------------------------------------------------------------


@pytest.fixture
def phad(clean_scene: Any) -> PhadPanel:
    panel = PhadPanel(clean_scene.aspect2d, spec=BOP_HUD.phad)
    panel.set_layout((0.0, 0.0), 0.9)
    return panel


def missile(n: int) -> EntityState:
    return aircraft(f"fulcrum-1-m{n}", callsign=f"Fulcrum 1 M{n}", side="red", kind="missile")


BEARINGS = {
    "fulcrum-1": "030+30",
    "fulcrum-2": "090-30",
    "viper-2": "270+00",
    "fulcrum-1-m1": "030-60",
}
OTHERS = (fulcrum(1), fulcrum(2), aircraft("viper-2", callsign="Viper 2"), missile(1))


def test_tracked_targets_are_boxed(phad: PhadPanel) -> None:
    own = aircraft(tracks=("fulcrum-2",), spotted=("fulcrum-1", "fulcrum-2", "viper-2"))
    phad.update(selected_snapshot(own, others=OTHERS, bearings=BEARINGS))
    assert [phad.is_boxed(i) for i in BEARINGS] == [False, True, False, False]
    phad.update(
        selected_snapshot(changed(own, tracks=("fulcrum-1",)), others=OTHERS, bearings=BEARINGS)
    )
    assert [phad.is_boxed(i) for i in BEARINGS] == [True, False, False, False]


def test_aircraft_the_crew_have_not_spotted_are_faded(phad: PhadPanel) -> None:
    own = aircraft(spotted=("viper-2",), tracks=("fulcrum-2",))
    phad.update(selected_snapshot(own, others=OTHERS, bearings=BEARINGS))
    # Missiles are not spotted by Visual Sighting: never faded.  A track stays boxed.
    assert [phad.is_faded(i) for i in BEARINGS] == [True, True, False, False]
    assert phad.is_boxed("fulcrum-2")
    phad.update(
        selected_snapshot(
            changed(own, spotted=("viper-2", "fulcrum-1")), others=OTHERS, bearings=BEARINGS
        )
    )
    assert [phad.is_faded(i) for i in BEARINGS] == [False, True, False, False]


def test_nothing_is_faded_when_the_timeline_does_not_say(phad: PhadPanel) -> None:
    phad.update(selected_snapshot(aircraft(spotted=None), others=OTHERS, bearings=BEARINGS))
    assert not any(phad.is_faded(i) for i in BEARINGS)
    own = missile(2)
    phad.update(selected_snapshot(changed(own, spotted=()), others=OTHERS, bearings=BEARINGS))
    assert not any(phad.is_faded(i) for i in BEARINGS)  # a missile has no crew


def test_a_faded_bearing_is_paler_and_a_box_is_bright_green(
    clean_scene: Any, phad: PhadPanel
) -> None:
    own = aircraft(spotted=("fulcrum-1",), tracks=("fulcrum-1",))
    others = (fulcrum(1), fulcrum(2))
    bearings = {"fulcrum-1": "150+30", "fulcrum-2": "210+30"}
    phad.update(selected_snapshot(own, others=others, bearings=bearings))
    image = grab(clean_scene).astype(int)

    def reddest(entity_id: str) -> int:
        """How much redder than green the circle's reddest pixel is, down its radius."""
        node = phad.bearing_node(entity_id)
        radii = np.linspace(CIRCLE_INNER, CIRCLE_OUTER, 6)
        pixels = [colour_at(image, pixel_of(clean_scene, node, 0, -r)) for r in radii]
        return max(int(px[0] - px[1]) for px in pixels)

    # The red circle of the spotted one is deep red; the faded one's is much paler.
    assert reddest("fulcrum-1") > 120
    assert reddest("fulcrum-2") < reddest("fulcrum-1") - 60
    node = phad.bearing_node("fulcrum-1")
    edge = colour_at(image, pixel_of(clean_scene, node, TRACK_BOX_HALF, 0))
    target = np.array(TRACK_BOX[:3]) * 255
    assert np.abs(edge - target).max() < 40, edge


# -- the awareness lines ---------------------------------------------------------------------


def state_at(
    entity_id: str, side: str, x: float, y: float, spotted: tuple[str, ...] | None, **kw: Any
) -> EntityState:
    return aircraft(
        entity_id,
        side=side,
        callsign=entity_id.title(),
        position_ft=(x, y, 10_000.0),
        spotted=spotted,
        **kw,
    )


def awareness_snapshot(*entities: EntityState) -> Snapshot:
    return Snapshot(
        t_s=12.0,
        duration_s=60.0,
        tick_s=0.6,
        ticks_per_turn=10,
        rules="bop",
        scenario="test",
        entities=entities,
    )


def test_sight_lines_pair_mutual_spots_and_keep_one_way_spots() -> None:
    entities = (
        state_at("viper-1", "blue", 0, 0, ("fulcrum-1", "viper-2")),
        state_at("viper-2", "blue", 0, 4000, ("viper-1", "ghost")),
        state_at("fulcrum-1", "red", 20_000, 0, ("viper-1",)),
        state_at("fulcrum-2", "red", 20_000, 8000, ("viper-2",), active=False),
        state_at("fulcrum-3", "red", 30_000, 8000, None),
    )
    assert sight_lines(entities) == (
        SightLine("viper-1", "viper-2", mutual=True),
        SightLine("viper-1", "fulcrum-1", mutual=True),
    )
    one_way = (entities[0], changed(entities[2], spotted=()))
    assert sight_lines(one_way) == (SightLine("viper-1", "fulcrum-1", mutual=False),)


def test_out_of_play_aircraft_and_missiles_draw_no_lines() -> None:
    a = state_at("viper-1", "blue", 0, 0, ("fulcrum-1",))
    b = state_at("fulcrum-1", "red", 9000, 0, ("viper-1",), active=False)
    assert sight_lines((a, b)) == ()
    m = state_at("fulcrum-1", "red", 9000, 0, ("viper-1",), kind="missile")
    assert sight_lines((a, m)) == ()


def test_a_mutual_line_is_two_halves_in_each_sides_colour() -> None:
    a = state_at("viper-1", "blue", 0, 0, ("fulcrum-1",))
    b = state_at("fulcrum-1", "red", 20_000, 0, ("viper-1",))
    lines = sight_lines((a, b))
    segments, colours = sight_segments(lines, {"viper-1": a, "fulcrum-1": b}, mini_scale=20.0)
    assert segments.shape == (2, 2, 3)
    first, second = segments
    assert first[1] == pytest.approx(second[0])
    assert first[1] == pytest.approx((10_000.0, 0.0, 10_000.0))  # they meet halfway
    assert 0 < first[0][0] < 1000 and 19_000 < second[1][0] < 20_000  # short of the minis
    assert tuple(colours[0, 0]) == pytest.approx(line_colour("blue"))
    assert tuple(colours[1, 1]) == pytest.approx(line_colour("red"))


def test_a_one_way_line_is_dashed_with_an_arrowhead_at_the_aircraft_spotted() -> None:
    a = state_at("viper-1", "blue", 0, 0, ("fulcrum-1",))
    b = state_at("fulcrum-1", "red", 0, 24_000, ())
    lines = sight_lines((a, b))
    segments, colours = sight_segments(lines, {"viper-1": a, "fulcrum-1": b}, mini_scale=20.0)
    dashes, barbs = segments[:-2], segments[-2:]
    assert len(dashes) >= 4
    assert np.allclose(dashes[:, :, 0], 0.0)  # on the line from A to B
    ys = dashes[:, :, 1]
    assert np.all(np.diff(ys, axis=1) > 0) and np.all(ys[1:, 0] > ys[:-1, 1])  # gaps between
    tip = barbs[0, 0]
    assert np.allclose(barbs[:, 0], tip) and tip[1] == pytest.approx(dashes[-1, 1, 1], abs=1500)
    assert tip[1] < 24_000 and np.all(barbs[:, 1, 1] < tip[1])  # the barbs point back at A
    assert barbs[0, 1, 0] == pytest.approx(-barbs[1, 1, 0])  # and open out either side
    assert np.allclose(colours, line_colour("blue"))


def test_the_layer_draws_only_when_shown(clean_scene: Any) -> None:
    a = state_at("viper-1", "blue", 0, 0, ("fulcrum-1",))
    b = state_at("fulcrum-1", "red", 20_000, 0, ("viper-1",))
    layer = AwarenessLines(clean_scene.render, ViewSettings())
    layer.update(awareness_snapshot(a, b))
    assert layer.root.isHidden() and layer.drawn == ()
    assert layer.toggle()
    layer.update(awareness_snapshot(a, b))
    assert layer.drawn == (SightLine("viper-1", "fulcrum-1", True),)
    assert np.count_nonzero(layer._vertex_view(layer.lines)[:, 6] > 0) == 4
    layer.update(awareness_snapshot(a, changed(b, spotted=())))
    dashed = np.count_nonzero(layer._vertex_view(layer.lines)[:, 6] > 0)
    assert dashed > 4 * 2 and dashed % 2 == 0  # dashes and an arrowhead now
    # The layer keeps the lines between frames: what it draws is still sight_segments.
    moved = replace(a, position_ft=(3000.0, -2000.0, 12_000.0))
    layer.update(awareness_snapshot(moved, changed(b, spotted=())))
    states = {"viper-1": moved, "fulcrum-1": b}
    segments, colours = sight_segments(layer.drawn, states, layer.settings.mini_scale)
    vertices = layer._vertex_view(layer.lines)[: len(segments) * 2]
    assert np.allclose(vertices[:, 0:3], segments.reshape(-1, 3), atol=0.01)
    assert np.allclose(vertices[:, 3:7], colours.reshape(-1, 4))
    layer.update(awareness_snapshot(a, replace(b, active=False)))
    assert np.count_nonzero(layer._vertex_view(layer.lines)[:, 6] > 0) == 0
    layer.destroy()


def test_the_lines_show_from_above(clean_scene: Any) -> None:
    a = state_at("viper-1", "blue", -15_000, 0, ("fulcrum-1",))
    b = state_at("fulcrum-1", "red", 15_000, 0, ("viper-1",))
    layer = AwarenessLines(clean_scene.render, ViewSettings(show_awareness=True))
    layer.update(awareness_snapshot(a, b))
    cam = clean_scene.cam.node()
    old_lens, old = cam.getLens(), clean_scene.camera.getTransform()
    lens = OrthographicLens()
    lens.setFilmSize(60, 60 * TEST_HEIGHT / TEST_WIDTH)
    lens.setNearFar(0.02, 3000)
    cam.setLens(lens)
    clean_scene.camera.setPos(0, 0, 100_000)
    clean_scene.camera.lookAt(Point3(0, 0, 0), (0, 1, 0))
    clean_scene.camera.setScale(1000)
    try:
        image = grab(clean_scene).astype(int)
    finally:
        cam.setLens(old_lens)
        clean_scene.camera.setTransform(old)
        layer.destroy()
    row, background = TEST_HEIGHT // 2, image[10, 10]

    def blended(side: str) -> np.ndarray:
        *rgb, alpha = line_colour(side)
        return np.array(rgb) * 255 * alpha + background * (1 - alpha)

    # Columns a quarter of the way in from each aircraft: the blue half, then the red half.
    for col, side in ((3 * TEST_WIDTH // 8, "blue"), (5 * TEST_WIDTH // 8, "red")):
        pixels = image[row - 2 : row + 3, col]
        assert min(np.abs(px - blended(side)).max() for px in pixels) < 20, (side, pixels)


# -- the radar fan ---------------------------------------------------------------------------


def test_level_aon_reads_the_level_ring() -> None:
    modes = sensor_tables().radar_modes
    assert {m: level_aon(r.acquisition_arc) for m, r in modes.items()} == {
        "Bo": 0,
        "Dog": 0,
        "SS": 0,
        "STT": 2,
        "Srch": 2,
        "TWS": 2,
    }
    # No square in the wing plane: the squares nearest it.
    assert level_aon(BodyDiamondArc(squares=((1, 2), (2, 1)))) == 1
    high = StabilisedArc(
        rows=(PitchRow(pitch_deg=60, max_aon=1), PitchRow(pitch_deg=30, max_aon=3))
    )
    assert level_aon(high) == 3


@pytest.mark.parametrize(
    ("mode", "half_deg"), [("Bo", 15), ("SS", 15), ("Srch", 75), ("TWS", 75), ("STT", 75)]
)
def test_the_fan_spans_the_level_ring_and_reaches_the_modes_range(
    mode: str, half_deg: float
) -> None:
    fan = radar_fan("F-16C", mode)
    assert fan is not None
    entry = sensor_fit("F-16C").radar.mode(mode)  # type: ignore[union-attr]
    assert entry is not None
    assert fan.half_width_deg == half_deg
    assert fan.radius_ft == entry.range_fp * 400.0 == entry.range_fp * FP_FT


def test_no_fan_when_off_or_without_a_radar_or_mode() -> None:
    assert radar_fan("F-16C", "off") is None
    assert radar_fan("F-16C", "") is None
    assert radar_fan("Sopwith Camel", "Srch") is None
    assert radar_fan("F-86F", "Srch") is None  # a ranging radar: Boresight only
    assert radar_fan("F-86F", "Bo") is not None


def test_an_arc_on_the_adc_replaces_the_play_aids(monkeypatch: pytest.MonkeyPatch) -> None:
    fit = sensor_fit("F-16C")
    assert fit.radar is not None
    modes = tuple(
        m.model_copy(update={"arc": BodyDiamondArc(squares=((0, 3), (1, 3)))})
        if m.mode == "STT"
        else m
        for m in fit.radar.modes
    )
    custom = fit.model_copy(update={"radar": fit.radar.model_copy(update={"modes": modes})})
    monkeypatch.setattr("sim.view.radar_arcs.sensor_fit", lambda type_id: custom)
    fan = radar_fan.__wrapped__("F-16C", "STT")
    assert fan is not None and fan.half_width_deg == 45.0


def test_fan_outline_angles_and_radius() -> None:
    fan = RadarFan("Srch", 75.0, 10_000.0)
    edge = fan_outline(fan)
    bearings = np.degrees(np.arctan2(edge[:, 0], edge[:, 1]))
    assert bearings[0] == pytest.approx(-75.0) and bearings[-1] == pytest.approx(75.0)
    assert np.all(np.diff(bearings) > 0)
    assert np.allclose(np.hypot(edge[:, 0], edge[:, 1]), 10_000.0)


def fan_state(**changes: Any) -> EntityState:
    fields = dict(radar_mode="Srch", heading_deg=60.0, position_ft=(1000.0, 2000.0, 15_000.0))
    fields.update(changes)
    return aircraft(**fields)


def test_the_fan_is_centred_on_the_heading_under_the_aircraft(clean_scene: Any) -> None:
    arcs = RadarArcs(clean_scene.render, ViewSettings(show_radar_arcs=True))
    arcs.set_camera("top")
    arcs.update(selected_snapshot(fan_state()))
    fan = arcs.fan
    assert fan is not None and fan.mode == "Srch"
    node = arcs.fans[arcs.current]  # type: ignore[index]
    assert not node.isHidden()
    for local_bearing in (-75.0, 0.0, 75.0):
        b = math.radians(local_bearing)
        local = Point3(fan.radius_ft * math.sin(b), fan.radius_ft * math.cos(b), 0.0)
        world = clean_scene.render.getRelativePoint(node, local)
        dx, dy = world.x - 1000.0, world.y - 2000.0
        assert math.hypot(dx, dy) == pytest.approx(fan.radius_ft)
        assert math.degrees(math.atan2(dx, dy)) % 360 == pytest.approx((60.0 + local_bearing) % 360)
        assert world.z == pytest.approx(0.0)  # on the map
    arcs.destroy()


def test_the_fan_shows_only_on_the_map_cameras_when_asked(clean_scene: Any) -> None:
    arcs = RadarArcs(clean_scene.render, ViewSettings())
    snap = selected_snapshot(fan_state())
    for mode in CAMERA_MODES:
        arcs.set_camera(mode)
        arcs.update(snap)
        assert arcs.fan is None
    arcs.toggle()
    for mode in CAMERA_MODES:
        arcs.set_camera(mode)
        arcs.update(snap)
        assert (arcs.fan is not None) == (mode in ARC_CAMERAS)
        shown = [n for n in arcs.fans.values() if not n.isHidden()]
        assert len(shown) == (1 if mode in ARC_CAMERAS else 0)
    arcs.set_camera("table")
    arcs.update(selected_snapshot(fan_state(radar_mode="off")))
    assert arcs.fan is None and all(n.isHidden() for n in arcs.fans.values())
    arcs.update(selected_snapshot(fan_state(radar_mode="Bo")))
    assert arcs.fan is not None and arcs.fan.half_width_deg == 15.0
    assert sum(not n.isHidden() for n in arcs.fans.values()) == 1
    arcs.destroy()


# -- the scene, keys and the command line ----------------------------------------------------


def test_the_keys_toggle_the_overlays_and_the_help_lists_them(clean_scene: Any) -> None:
    from sim.app import ReplayApp

    keys = dict(HELP_LINES)
    assert "a" in keys and "r" in keys
    scene = ReplayScene(clean_scene, merge(), camera="top", selected="viper-1")
    app = ReplayApp(clean_scene, scene)
    try:
        assert not scene.awareness.shown and not scene.radar_arcs.shown
        clean_scene.messenger.send("a")
        clean_scene.messenger.send("r")
        assert scene.awareness.shown and scene.radar_arcs.shown
        scene.draw_at(13.0)
        assert scene.awareness.drawn
        clean_scene.messenger.send("a")
        assert not scene.awareness.shown
    finally:
        app.destroy()


def test_render_flags_reach_the_view_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from sim.cli import replay_cmds

    parser = argparse.ArgumentParser()
    replay_cmds._source(parser)
    args = parser.parse_args(["demo/2v2-merge", "--awareness", "--radar-arcs", "--camera", "top"])
    assert args.awareness and args.radar_arcs
    plain = parser.parse_args(["demo/2v2-merge"])
    assert not plain.awareness and not plain.radar_arcs
    seen: dict[str, Any] = {}

    class FakeScene:
        def __init__(self, base: Any, timeline: Any, settings: ViewSettings, **kw: Any) -> None:
            seen["settings"] = settings

    class FakeBase:
        class graphicsEngine:
            @staticmethod
            def renderFrame() -> None:
                pass

    monkeypatch.setattr("sim.app.ReplayScene", FakeScene)
    monkeypatch.setattr("sim.panda.open_base", lambda *a, **k: FakeBase())
    monkeypatch.setattr(replay_cmds, "load_source", lambda *a: merge())
    replay_cmds._scene(args, (320, 180), offscreen=True)
    assert seen["settings"].show_awareness and seen["settings"].show_radar_arcs
