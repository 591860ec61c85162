"""The HUD: PHAD marks and bearings where the cells are, throttle detents, gauge values,
panels, clock and ticker, layouts and clean-up.  Pixel probes are semantic: a colour where a
mark must be, not a golden image."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from panda3d.core import NodePath, Point3

from engine.phad import ALL_CELLS
from models.bop_hud import BOP_HUD
from models.timeline import Event
from sim.snapshot import EntityState, Snapshot
from sim.view.controls import ScrubBar
from sim.view.hud import (
    EventTicker,
    GameClock,
    GaugeCluster,
    Hud,
    PhadPanel,
    SensorsPanel,
    StatusPanel,
    ThrottleQuadrant,
)
from sim.view.hud.names import short_label
from sim.view.hud.phad import (
    BOUNDARY,
    CIRCLE_INNER,
    CIRCLE_OUTER,
    MARK_COLOURS,
    OUTER_ANCHOR_RADIUS,
    OUTER_RADIUS,
    PANEL_RADIUS,
    RING_TINTS,
    Point,
    heading_point,
    hex_slots,
    outer_slots,
)
from sim.view.hud.throttle import DETENT_COLOURS, LAMP_OFF
from sim.view.layer import shown_box
from tests.sim.conftest import grab
from tests.sim.states import entity_state

assert BOP_HUD.throttle is not None
BOP_THROTTLE = BOP_HUD.throttle


def aircraft(entity_id: str = "viper-1", **changes: Any) -> EntityState:
    fields: dict[str, Any] = dict(
        id=entity_id,
        callsign="Viper 1",
        type_id="F-16C",
        side="blue",
        kind="aircraft",
        position_ft=(0.0, 0.0, 15000.0),
        quat_wxyz=(1.0, 0.0, 0.0, 0.0),
        heading_deg=30.0,
        pitch_deg=30.0,
        roll_deg=0.0,
        speed_kt=512.4,
        keas_kt=401.7,
        mach=0.8312,
        alt_ft=23456.0,
        alt_steps=117,
        hex_qr=(0, 0),
        load_g=-1.46,
        average_load_g=4.26,
        throttle=0.5,
        throttle_label="mil",
        engine_output=0.62,
        speedbrake=False,
        fuel_fp=27.5,
        nose="030+30",
        canopy="210+30",
        wing="120+00",
        velocity="030+30",
        lift="210+30",
        active=True,
    )
    fields.update(changes)
    return entity_state(**fields)


def snapshot(
    own: EntityState | None = None,
    others: tuple[EntityState, ...] = (),
    bearings: dict[str, str] | None = None,
    t_s: float = 38.4,
    events: tuple[Event, ...] = (),
) -> Snapshot:
    """Nothing selected."""
    return Snapshot(
        t_s=t_s,
        duration_s=60.0,
        tick_s=0.6,
        ticks_per_turn=10,
        rules="bop",
        scenario="test",
        entities=(own or aircraft(), *others),
        bearings=bearings or {},
        recent_events=events,
    )


def selected_snapshot(own: EntityState | None = None, **kwargs: Any) -> Snapshot:
    """``own`` (by default Viper 1, Nose 030+30) selected."""
    snap = snapshot(own, **kwargs)
    return replace(snap, selected=snap.entities[0].id)


def fulcrum(n: int) -> EntityState:
    return aircraft(f"fulcrum-{n}", callsign=f"Fulcrum {n}", side="red", type_id="MiG-29")


def pixel_of(base: Any, node: NodePath, x: float, y: float) -> tuple[int, int]:
    """Screen pixel (column, row from the top) of a point in a node's 2D coordinates."""
    point = base.render2d.getRelativePoint(node, Point3(x, 0, y))
    width, height = base.win.getXSize(), base.win.getYSize()
    return int((point.x + 1) / 2 * width), int((1 - point.z) / 2 * height)


def colour_at(image: np.ndarray, pixel: tuple[int, int]) -> np.ndarray:
    return image[pixel[1], pixel[0]].astype(int)


def close_to(rgb: np.ndarray, colour: tuple[float, ...], tolerance: int = 14) -> bool:
    target = np.array([round(c * 255) for c in colour[:3]])
    return bool(np.abs(rgb - target).max() <= tolerance)


@pytest.fixture
def phad(clean_scene: Any) -> PhadPanel:
    """A big PHAD in the middle of the screen (0.9 of the half-height)."""
    panel = PhadPanel(clean_scene.aspect2d, spec=BOP_HUD.phad)
    panel.set_layout((0.0, 0.0), 0.9)
    return panel


# -- PHAD ---------------------------------------------------------------------------------


def test_nose_mark_is_drawn_at_its_cell(clean_scene: Any, phad: PhadPanel) -> None:
    phad.update(selected_snapshot(aircraft(nose="090-30", velocity="090-30")))
    image = grab(clean_scene)
    x, y = phad.cell_position("090-30")
    assert close_to(colour_at(image, pixel_of(clean_scene, phad.disc, x, y)), MARK_COLOURS["nose"])
    # an empty ±30 cell shows the ring's yellow tint there
    x, y = phad.cell_position("300+30")
    assert close_to(colour_at(image, pixel_of(clean_scene, phad.disc, x, y)), RING_TINTS[30])


def _ring_hits(base: Any, panel: PhadPanel, cell: str, colour: tuple[float, ...]) -> int:
    image = grab(base)
    x, y = panel.cell_position(cell)
    radius = (CIRCLE_INNER + CIRCLE_OUTER) / 2
    hits = 0
    for k in range(12):
        angle = 2 * math.pi * (k + 0.5) / 12  # between the glyph's arms
        pixel = pixel_of(
            base, panel.disc, x + radius * math.cos(angle), y + radius * math.sin(angle)
        )
        hits += close_to(colour_at(image, pixel), colour, 30)
    return hits


@pytest.mark.parametrize(
    ("cell", "circled"), [("030+30", True), ("030-30", False), ("015+00", True), ("All-90", False)]
)
def test_marks_are_circled_in_positive_and_level_cells_only(
    clean_scene: Any, phad: PhadPanel, cell: str, circled: bool
) -> None:
    phad.update(
        selected_snapshot(
            aircraft(nose=cell, velocity=cell, canopy="210+60", lift="210+60", wing="300+00")
        )
    )
    hits = _ring_hits(clean_scene, phad, cell, MARK_COLOURS["nose"])
    if circled:
        assert hits >= 10
    else:
        assert hits == 0


def test_velocity_and_lift_only_when_they_part_from_nose_and_canopy(phad: PhadPanel) -> None:
    phad.update(selected_snapshot(aircraft()))
    assert phad.mark_node("velocity").isHidden() and phad.mark_node("lift").isHidden()
    assert not phad.mark_node("nose").isHidden()
    phad.update(selected_snapshot(aircraft(velocity="045+00", lift="225+00")))
    assert not phad.mark_node("velocity").isHidden()
    assert not phad.mark_node("lift").isHidden()
    assert phad.legend_text("velocity") == "VEL 045+00"


def test_bearing_label_is_written_in_its_cell(phad: PhadPanel) -> None:
    others = (fulcrum(1), fulcrum(2))
    phad.update(
        selected_snapshot(others=others, bearings={"fulcrum-1": "090-60", "fulcrum-2": "All+90"})
    )
    node = phad.bearing_node("fulcrum-1")
    assert not node.isHidden()
    assert phad.bearing_text["fulcrum-1"].getText() == "F1"
    assert node.getPos().x == pytest.approx(phad.cell_position("090-60")[0])
    assert node.getPos().z == pytest.approx(phad.cell_position("090-60")[1])
    assert node.find("circle").isHidden()  # negative ring: not circled
    assert not phad.bearing_node("fulcrum-2").find("circle").isHidden()
    # the bearing moves; the node is reused
    phad.update(selected_snapshot(others=others, bearings={"fulcrum-1": "150+30"}))
    assert phad.bearing_node("fulcrum-1") == node
    assert node.getPos().x == pytest.approx(phad.cell_position("150+30")[0])
    assert phad.bearing_node("fulcrum-2").isHidden()


def test_items_sharing_a_cell_do_not_overlap(phad: PhadPanel) -> None:
    """The Nose keeps its cell; three bearings sharing it are written apart, clear of it."""
    others = tuple(fulcrum(n) for n in range(1, 4))
    bearings = {f"fulcrum-{n}": "030-30" for n in range(1, 4)}
    phad.update(selected_snapshot(others=others, bearings=bearings))  # nose at 030+30 too
    nose = phad.mark_node("nose")
    x, y = nose.getPos().x, nose.getPos().z
    radius = nose.getScale().x * CIRCLE_OUTER
    chips = {phad.chip_boxes[i] for i in bearings}
    assert len(chips) == 1
    (chip,) = chips
    dx = max(chip[0] - x, 0.0, x - chip[1])
    dy = max(chip[2] - y, 0.0, y - chip[3])
    assert math.hypot(dx, dy) >= radius
    placed = [(phad.bearing_node(i).getPos().x, phad.bearing_node(i).getPos().z) for i in bearings]
    assert len({(round(px, 3), round(py, 3)) for px, py in placed}) == 3


def _distance_to_segment(p: tuple[float, float], a: Point, b: Point) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / (ex * ex + ey * ey)
    t = min(max(t, 0.0), 1.0)
    return math.hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey)


@pytest.mark.parametrize("count", range(1, 8))
def test_slots_keep_circles_apart_and_inside_their_cell(count: int) -> None:
    for slots in [hex_slots(count)]:
        for x, y, scale in slots:
            assert math.hypot(x, y) + scale * CIRCLE_OUTER <= 0.5  # the hex's inradius
        _assert_apart(slots)
    for heading in (15, 45):  # the two mirror-image shapes of 00 segment
        slots = outer_slots(count, heading)
        ax, ay = heading_point(heading, OUTER_ANCHOR_RADIUS)
        for dx, dy, scale in slots:
            p, radius = (ax + dx, ay + dy), scale * CIRCLE_OUTER
            assert math.hypot(*p) + radius <= OUTER_RADIUS
            assert min(_distance_to_segment(p, a, b) for a, b in BOUNDARY) >= radius
            for edge in (heading - 15, heading + 15):  # the neighbouring segments
                end = heading_point(edge, OUTER_RADIUS)
                assert _distance_to_segment(p, (0.0, 0.0), end) >= radius
        _assert_apart(slots)


def _assert_apart(slots: list[tuple[float, float, float]]) -> None:
    for i, (x1, y1, s1) in enumerate(slots):
        for x2, y2, s2 in slots[i + 1 :]:
            assert math.hypot(x1 - x2, y1 - y2) >= (s1 + s2) * CIRCLE_OUTER - 1e-6


def test_cell_positions_share_hexes_between_positive_and_negative(phad: PhadPanel) -> None:
    positions = {str(cell): phad.cell_position(str(cell)) for cell in ALL_CELLS}
    assert positions["030+30"] == positions["030-30"]
    assert positions["All+90"] == positions["All-90"] == (0.0, 0.0)
    assert len(set(positions.values())) == 31
    for x, y in positions.values():
        assert math.hypot(x, y) < PANEL_RADIUS
    x, y = positions["000+30"]
    assert x == pytest.approx(0.0) and y > 0  # north is up
    x, y = positions["090+60"]
    assert x > 0 and y == pytest.approx(0.0)  # 090 to the right


def test_short_labels() -> None:
    assert short_label("Viper 1", "viper-1") == "V1"
    assert short_label("Fulcrum 12", "x") == "F12"
    assert short_label("", "m7") == "M7"


# -- throttle -----------------------------------------------------------------------------


@pytest.mark.parametrize(("label", "fraction"), [("ab", 1.0), ("mil", 0.5), ("idle", 0.0)])
def test_throttle_lights_its_detent(clean_scene: Any, label: str, fraction: float) -> None:
    quadrant = ThrottleQuadrant(clean_scene.aspect2d, BOP_THROTTLE)
    quadrant.root.setScale(2.0)
    quadrant.root.setPos(-0.5, 0, -0.7)
    quadrant.update(selected_snapshot(aircraft(throttle=fraction, throttle_label=label)))
    image = grab(clean_scene)
    for detent in ("idle", "mil", "ab"):
        lamp = colour_at(
            image, pixel_of(clean_scene, quadrant.root, *quadrant.lamp_position(detent))
        )
        assert close_to(lamp, DETENT_COLOURS[detent] if detent == label else LAMP_OFF)
    lever = colour_at(image, pixel_of(clean_scene, quadrant.root, *quadrant.lever_position()))
    assert close_to(lever, DETENT_COLOURS[label])
    assert quadrant.lit_detent == label


def test_throttle_engine_and_speedbrake(clean_scene: Any) -> None:
    quadrant = ThrottleQuadrant(clean_scene.aspect2d, BOP_THROTTLE)
    quadrant.update(selected_snapshot(aircraft(engine_output=0.87, speedbrake=True)))
    assert quadrant.engine_text.text == "87%"
    assert quadrant.speedbrake_text.text == "SPD BRK OUT"
    quadrant.update(selected_snapshot(aircraft(speedbrake=False)))
    assert quadrant.speedbrake_text.text == "SPD BRK"


# -- gauges, panels, clock ----------------------------------------------------------------


def test_gauges_show_the_values(clean_scene: Any) -> None:
    gauges = GaugeCluster(clean_scene.aspect2d, BOP_HUD.gauges)
    gauges.update(selected_snapshot())
    shown = {key: gauges.text(key) for key in gauges.values}
    assert shown == {
        "speed": "512",
        "keas": "402",
        "mach": "0.83",
        "fuel": "27.5",
        "alt": "23,460",  # to the nearest 10 ft
        "steps": "117",
        "load": "-1.5",
        "avg_load": "4.3",
    }
    assert gauges.values["speed"].text_node.getText() == "512"


def test_panels_show_off_and_dashes_by_default(clean_scene: Any) -> None:
    sensors = SensorsPanel(clean_scene.aspect2d)
    status = StatusPanel(clean_scene.aspect2d)
    sensors.update(selected_snapshot())
    status.update(selected_snapshot())
    assert sensors.text("radar") == "off"
    assert sensors.text("tracks") == sensors.text("rwr") == sensors.text("ir") == "—"
    assert status.text("weapons") == status.text("crew") == status.text("damage") == "—"
    sensors.update(selected_snapshot(aircraft(radar_mode="track", rwr=("SA-6",))))
    assert sensors.text("radar") == "track" and sensors.text("rwr") == "SA-6"


def test_clock_and_ticker(clean_scene: Any) -> None:
    clock = GameClock(clean_scene.aspect2d)
    ticker = EventTicker(clean_scene.aspect2d, lines=3)
    events = tuple(
        Event(t_s=t, kind="hit", entities=("viper-1",), detail=f"roll {i}")
        for i, t in enumerate((33.0, 36.0, 38.0, 38.4))
    )
    snap = selected_snapshot(events=events)
    clock.update(snap)
    ticker.update(snap)
    assert clock.text == "TURN 7 \u2219 TICK 4/10 \u2219 38.4 s"
    assert ticker.texts == ["36.0 s  roll 1", "38.0 s  roll 2", "38.4 s  roll 3"]
    newest, oldest = ticker.lines[0], ticker.lines[2]
    assert newest.node.getZ() < oldest.node.getZ()  # newest at the bottom
    assert newest.node.getColorScale()[3] > oldest.node.getColorScale()[3]  # older fade


# -- the composition ----------------------------------------------------------------------


def _parents(base: Any) -> list[NodePath]:
    holders = [base.aspect2d.attachNewNode(f"parent-{i}") for i in range(5)]
    for holder, (x, y) in zip(
        holders[1:], ((-1.7, 1), (1.7, 1), (-1.7, -1), (1.7, -1)), strict=True
    ):
        holder.setPos(x, 0, y)
    return holders


def hud_on_screen(base: Any, aspect: float) -> tuple[NodePath, Hud, ScrubBar]:
    """A HUD and a scrub bar on a ``screen`` node standing for a screen of ``aspect``, hung as
    the replay hangs them: the HUD from the screen's centre and its four corners, the bar from
    its bottom centre.  Returns (screen, HUD, bar)."""
    screen = base.aspect2d.attachNewNode("screen")
    holders = [screen.attachNewNode(f"holder-{i}") for i in range(6)]
    corners = ((-aspect, 1), (aspect, 1), (-aspect, -1), (aspect, -1), (0, -1))
    for holder, (x, z) in zip(holders[1:], corners, strict=True):
        holder.setPos(x, 0, z)
    return screen, Hud(*holders[:5], spec=BOP_HUD), ScrubBar(holders[5], 60.0, 6.0, (12.0,))


def test_hud_shows_only_the_clock_without_a_selection(clean_scene: Any) -> None:
    hud = Hud(*_parents(clean_scene), spec=BOP_HUD)
    hud.update(snapshot(aircraft()))
    assert not hud.clock.root.isHidden()
    assert all(element.root.isHidden() for element in hud.instruments)
    hud.update(selected_snapshot())
    assert all(not element.root.isHidden() for element in hud.instruments)
    assert hud.header.callsign.text == "VIPER 1"


def test_hud_layouts_move_nodes_without_rebuilding(clean_scene: Any) -> None:
    parents = _parents(clean_scene)
    hud = Hud(*parents, spec=BOP_HUD)
    hud.update(selected_snapshot())
    phad_root, nose = hud.phad.root, hud.phad.mark_node("nose")
    compact_pos = phad_root.getPos(clean_scene.aspect2d)
    hud.set_prominent(True)
    assert hud.prominent and phad_root.getParent() == parents[0]
    assert phad_root.getPos(clean_scene.aspect2d) != compact_pos
    assert hud.phad.mark_node("nose") == nose
    hud.set_prominent(False)
    assert phad_root.getPos(clean_scene.aspect2d) == compact_pos


def test_destroy_leaves_the_parents_empty(clean_scene: Any) -> None:
    parents = _parents(clean_scene)
    hud = Hud(*parents, spec=BOP_HUD)
    hud.update(selected_snapshot(others=(fulcrum(1),), bearings={"fulcrum-1": "045+00"}))
    hud.set_prominent(True)
    hud.destroy()
    assert [p.getNumChildren() for p in parents] == [0] * 5


def test_hud_update_is_cheap(clean_scene: Any) -> None:
    """One selected aircraft and 15 bearings: well under a millisecond per frame."""
    hud = Hud(*_parents(clean_scene), spec=BOP_HUD)
    others = tuple(fulcrum(n) for n in range(1, 16))
    cells = [str(c) for c in ALL_CELLS]
    bearings = {o.id: cells[(7 * i) % len(cells)] for i, o in enumerate(others)}
    snap = selected_snapshot(others=others, bearings=bearings)
    hud.update(snap)
    frames = 200
    start = time.perf_counter()
    for _ in range(frames):
        hud.update(replace(snap, bearings=dict(bearings)))
    unchanged_ms = (time.perf_counter() - start) / frames * 1e3
    assert unchanged_ms < 1.0  # typically ~0.05 ms


def _box(node: NodePath, relative_to: NodePath) -> tuple[float, float, float, float]:
    """The rectangle the node's shown leaves cover (hidden rows and marks left out)."""
    box = shown_box(node, relative_to)
    assert box is not None, node
    return box


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[1], b[1]) > max(a[0], b[0]) + 1e-3 and min(a[3], b[3]) > max(a[2], b[2]) + 1e-3


def _disc_meets(centre: tuple[float, float], radius: float, box: tuple[float, ...]) -> bool:
    dx = max(box[0] - centre[0], 0.0, centre[0] - box[1])
    dz = max(box[2] - centre[1], 0.0, centre[1] - box[3])
    return math.hypot(dx, dz) < radius - 1e-3


@pytest.mark.parametrize("aspect", [4 / 3, 16 / 10, 16 / 9])
@pytest.mark.parametrize("prominent", [False, True])
def test_no_panel_covers_another_on_common_screen_shapes(
    clean_scene: Any, aspect: float, prominent: bool
) -> None:
    """On 4:3, 16:10 and 16:9 screens, in both layouts, with the ticker full of its widest
    lines, no panel (the PHAD's disc taken as the disc it is) covers another or the scrub bar,
    and every one is on screen."""
    from sim.view.hud.clock import event_text
    from sim.view.hud.screen import Screen

    screen, hud, scrub = hud_on_screen(clean_scene, aspect)
    try:
        snap = selected_snapshot()
        hud.set_prominent(prominent)
        hud.set_screen(Screen(aspect, 1.0, 1080))  # a 1080-pixel-high window of that shape
        hud.update(snap)
        widest = Event(
            t_s=12.0,
            kind="no_launch",
            detail="Phantom 1 holds the AIM-7E-2: Missile Combat: RH and AH missiles need the "
            "launcher's radar track at launch",
        )
        for line in hud.ticker.lines:
            line.set(event_text(widest, hud.ticker.chars))
            line.node.show()
        scrub.fit(aspect, 1.0, 1080)
        scrub.update(snap)
        boxes = {
            "header": _box(hud.header.root, screen),
            **{f"gauge {key}": _box(tile, screen) for key, tile in hud.gauges.tiles.items()},
            "sensors": _box(hud.sensors.root, screen),
            "status": _box(hud.status.root, screen),
            "throttle": _box(hud.throttle.root, screen),
            "legend": _box(hud.phad.legend, screen),
            "clock": _box(hud.clock.root, screen),
            "ticker": _box(hud.ticker.root, screen),
            "scrub bar": _box(scrub.root, screen),
        }
        names = list(boxes)
        for i, a in enumerate(names):
            box = boxes[a]
            assert box[0] >= -aspect - 1e-3 and box[1] <= aspect + 1e-3, (a, box)
            assert box[2] >= -1 - 1e-3 and box[3] <= 1 + 1e-3, (a, box)
            for b in names[i + 1 :]:
                assert not _overlap(box, boxes[b]), (aspect, prominent, a, b)
        centre = hud.phad.root.getPos(screen)
        for name, box in boxes.items():
            if name != "legend":
                assert not _disc_meets((centre.x, centre.z), hud.phad.radius, box), name
        if not prominent and aspect < 1.5:  # the legend keeps off the middle of the picture
            assert boxes["legend"][0] >= centre.x - hud.phad.radius - 1e-3
    finally:
        hud.destroy()
        scrub.destroy()
        screen.removeNode()
