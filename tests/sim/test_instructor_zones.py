"""The four later instructor overlays (missile envelope, control zone, energy chart, time
ticks) drawn from synthetic snapshots: what they draw, and pixels of an offscreen render."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from panda3d.core import OrthographicLens, Point3

from sim.energy import EnergyHistory
from sim.snapshot import EntityState, Snapshot
from sim.view import energy_chart, zones
from sim.view.instructor import InstructorOverlays
from sim.view.layer import ViewSettings
from sim.view.time_ticks import TICK_EVERY_S
from tests.sim.conftest import TEST_HEIGHT, TEST_WIDTH, grab
from tests.sim.test_bfm import KT, jet
from tests.sim.test_hud import pixel_of, snapshot
from tests.sim.test_scene import project

FP_KT = 13 * 39.5
"""13 FP a game-turn, in knots: the hand-worked AIM-9L launch (tests/sim/test_missile_envelope)."""
LATER_ONLY = ViewSettings(
    show_missile_envelope=True, show_control_zone=True, show_energy=True, show_time_ticks=True
)


def pair(
    bandit_y_ft: float = 15000.0,
    *,
    own_xy: tuple[float, float] = (0.0, 0.0),
    own_heading: float = 0.0,
    weapons: tuple[str, ...] = ("M61A1 5", "AIM-9L x2"),
    t_s: float = 30.0,
) -> Snapshot:
    """Viper 1 (selected, carrying ``weapons``) and Fulcrum 1 dead ahead of it, both flying
    north at 13 FP a game-turn, level at 15,000 ft."""
    own = jet("viper-1", "blue", own_xy, own_heading, FP_KT, weapons=weapons)
    bandit = jet("fulcrum-1", "red", (0.0, bandit_y_ft), 0, FP_KT)
    return replace(snapshot(own, (bandit,), t_s=t_s), selected="viper-1")


def band_vertices(band: zones.Band) -> np.ndarray:
    return zones._vertex_view(band.fill).astype(float)


def test_the_envelope_is_drawn_and_goes_green_with_the_target_in_range(
    clean_scene: Any,
) -> None:
    layer = InstructorOverlays(
        clean_scene.render, clean_scene.aspect2d, ViewSettings(show_missile_envelope=True)
    )
    layer.update(pair(15000.0))
    annotation = layer.annotation
    assert annotation is not None and annotation.envelope is not None
    # 513.5 kt is 13 FP a game-turn to within 0.01 ft/s, so within a foot of 42.75 FP.
    assert annotation.envelope.window_ft == pytest.approx((4000.0, 17100.0), abs=1.0)
    assert annotation.in_range
    assert not layer.envelope.band.root.isHidden()
    fill = band_vertices(layer.envelope.band)
    drawn = fill[fill[:, 6] > 0]
    assert len(drawn) and np.allclose(drawn[:, 3:7], zones.HOT_FILL, atol=1e-6)
    # Its far edge down the nose is 17,100 ft out.
    assert drawn[:, 1].max() == pytest.approx(17100.0, abs=1.0)
    text = layer.label_node.getText().splitlines()
    assert text == ["Viper-1 on Fulcrum-1", "AIM-9L IN RANGE 0.7–2.8 nm"]
    assert not layer.label.isHidden()

    layer.update(pair(20000.0))
    assert layer.annotation is not None and not layer.annotation.in_range
    fill = band_vertices(layer.envelope.band)
    assert np.allclose(fill[fill[:, 6] > 0][:, 3:7], zones.ENVELOPE_FILL, atol=1e-6)
    assert "out of range" in layer.label_node.getText()

    layer.update(pair(20000.0, weapons=("M61A1 5", "AIM-9L x0")))
    assert layer.envelope.band.root.isHidden()
    assert layer.label_node.getText().endswith("no missiles")
    layer.destroy()


def test_the_control_zone_wedges_and_their_highlight(clean_scene: Any) -> None:
    """Viper 1 3,000 ft from Fulcrum 1 at 30° of aspect, heading 020: in the zone."""
    layer = InstructorOverlays(
        clean_scene.render, clean_scene.aspect2d, ViewSettings(show_control_zone=True)
    )
    south = 3000 * math.cos(math.radians(30))
    inside = pair(15000.0, own_xy=(1500.0, 15000.0 - south), own_heading=20.0)
    layer.update(inside)
    assert layer.annotation is not None and layer.annotation.in_control_zone
    right, left = layer.control_zone.sides
    for band, sign in ((right, 1.0), (left, -1.0)):
        fill = band_vertices(band)
        assert np.allclose(fill[:, 3:7], zones.HOT_FILL, atol=1e-6)
        # The first piece starts at 20° of aspect, 2,500 ft (inner) and 4,500 ft (outer).
        for corner, range_ft in ((0, 2500.0), (1, 4500.0)):
            a = math.radians(20.0)
            expected = [sign * range_ft * math.sin(a), 15000.0 - range_ft * math.cos(a), 15000.0]
            assert fill[corner, :3] == pytest.approx(expected, abs=0.5)
    assert "IN CONTROL ZONE" in layer.label_node.getText()
    layer.update(pair(15000.0, own_xy=(1500.0, 15000.0 - south), own_heading=60.0))
    assert layer.annotation is not None and not layer.annotation.in_control_zone
    assert np.allclose(band_vertices(right)[:, 3:7], zones.ZONE_FILL, atol=1e-6)
    assert "CONTROL" not in layer.label_node.getText()
    layer.destroy()


def with_trail(state: EntityState, first_s: float, last_s: float) -> EntityState:
    """The state with a straight trail back along its heading from ``last_s`` (now) to
    ``first_s``, a sample every tick."""
    times = np.arange(round((last_s - first_s) / 0.6) + 1) * 0.6 + first_s
    heading = math.radians(state.heading_deg)
    velocity = np.array([math.sin(heading), math.cos(heading), 0.0]) * state.speed_kt * KT
    here = np.asarray(state.position_ft)
    trail = here[None, :] - (last_s - times)[:, None] * velocity[None, :]
    return replace(state, trail_ft=trail, trail_t_s=times)


def test_time_ticks_mark_both_trails_and_join_the_same_instants(clean_scene: Any) -> None:
    layer = InstructorOverlays(
        clean_scene.render, clean_scene.aspect2d, ViewSettings(show_time_ticks=True)
    )
    snap = pair(15000.0)
    own, bandit = (with_trail(replace(e, heading_deg=0.0), 24.0, 30.0) for e in snap.entities)
    bandit = with_trail(replace(bandit, heading_deg=0.0), 25.2, 30.0)  # a shorter trail
    layer.update(replace(snap, entities=(own, bandit)))
    ticks = layer.time_ticks
    assert ticks.lines is not None and not ticks.root.isHidden()
    view = zones._vertex_view(ticks.lines).astype(float)
    drawn = view[view[:, 6] > 0].reshape(-1, 2, 7)
    # Viper 1: marks at 24, 27 and 30 s (two strokes each); Fulcrum 1 at 27 and 30 s; and
    # two joins.
    assert len(drawn) == 3 * 2 + 2 * 2 + 2
    joins = drawn[-2:]
    speed = FP_KT * KT
    for join, t_s in zip(joins, (27.0, 30.0), strict=True):
        back = (30.0 - t_s) * speed
        assert join[0, :3] == pytest.approx([0.0, -back, 15000.0], abs=0.01)
        assert join[1, :3] == pytest.approx([0.0, 15000.0 - back, 15000.0], abs=0.01)
        assert join[0, 6] == pytest.approx(0.45)
    # The marks lie across the path (east-west here) and upright, 2 × 9 × 20 ft long.
    across = drawn[0]
    assert abs(across[1, 0] - across[0, 0]) == pytest.approx(360.0, abs=0.01)
    assert TICK_EVERY_S == 3.0
    assert not ticks.labels  # no camera, no labels
    layer.destroy()


def history(ids: tuple[str, ...], duration_s: float = 60.0) -> EnergyHistory:
    """Viper 1 climbing in energy at 10 ft/s from 30,000 ft, the others level at 28,000."""
    t = np.arange(round(duration_s / 0.6) + 1) * 0.6
    es = np.full((len(ids), len(t)), 28000.0)
    es[0] = 30000.0 + 10.0 * t
    ps = np.zeros_like(es)
    ps[0] = 10.0
    return EnergyHistory(ids, t, es, ps)


def test_the_energy_chart_numbers_and_cursor(clean_scene: Any) -> None:
    snap = pair(15000.0, t_s=38.4)
    ids = tuple(e.id for e in snap.entities)
    layer = InstructorOverlays(
        clean_scene.render,
        clean_scene.aspect2d,
        ViewSettings(show_energy=True),
        energy=history(ids),
    )
    layer.update(snap)
    chart = layer.chart
    assert chart is not None and not chart.root.isHidden()
    assert chart.values["viper-1"] == pytest.approx((30384.0, 10.0))
    assert chart.values["fulcrum-1"] == pytest.approx((28000.0, 0.0))
    assert chart.own_name.text == "VIPER-1"
    assert chart.own_values.text == "30,384 ft  +10 ft/s"
    assert chart.target_values.text == "28,000 ft  +0 ft/s"
    assert chart.advantage.text == "Es lead +2,384 ft"
    # The whole minute of the replay is shown, so now (38.4 s) is 0.64 along the plot.
    x0, x1 = energy_chart.PLOT_X
    assert chart.cursor.getX() == pytest.approx(x0 + 0.64 * (x1 - x0))
    # E_s runs from 28,000 to 30,600 in the minute: axis ends at whole 500s.
    assert (chart.e_bottom.text, chart.e_top.text) == ("28,000", "31,000")
    # P_s from 0 to 10 widens to a span of 100 about its middle, -45 to 55: steps of 20.
    assert (chart.p_bottom.text, chart.p_top.text) == ("-60", "+60")
    # With the chart on, the label keeps below it.
    layer.toggle("sight")
    layer.update(snap)
    ceiling = energy_chart.PANEL[1]
    assert layer.label.getZ() < ceiling
    layer.destroy()


def test_nice_bounds_and_window() -> None:
    assert energy_chart.nice_bounds(28000.0, 30600.0, 1000.0, energy_chart.E_STEPS) == (
        28000.0,
        31000.0,
    )
    assert energy_chart.nice_bounds(0.0, 10.0, 100.0, energy_chart.P_STEPS) == (-60.0, 60.0)
    assert energy_chart.window_s(100.0, 0.0, 300.0) == (55.0, 115.0)
    assert energy_chart.window_s(10.0, 0.0, 300.0) == (0.0, 60.0)
    assert energy_chart.window_s(295.0, 0.0, 300.0) == (240.0, 300.0)
    assert energy_chart.window_s(5.0, 0.0, 30.0) == (0.0, 30.0)


def test_the_later_overlays_show_in_a_render(clean_scene: Any) -> None:
    """From above, with and without the four overlays: the envelope tints the view on the
    nose, the wedge beside the bandit's tail, and the chart's cursor is white."""
    south = 3000 * math.cos(math.radians(30))
    snap = pair(15000.0, own_xy=(1500.0, 15000.0 - south), own_heading=20.0, t_s=38.4)
    ids = tuple(e.id for e in snap.entities)
    cam = clean_scene.cam.node()
    old_lens, old = cam.getLens(), clean_scene.camera.getTransform()
    lens = OrthographicLens()
    lens.setFilmSize(40, 40 * TEST_HEIGHT / TEST_WIDTH)
    lens.setNearFar(0.02, 3000)
    cam.setLens(lens)
    clean_scene.camera.setPos(0, 20000, 100_000)
    clean_scene.camera.lookAt(Point3(0, 20000, 0), (0, 1, 0))
    clean_scene.camera.setScale(1000)
    # On the nose, 8,000 ft out (the AIM-9L's envelope runs from 4,000 ft to beyond 20,000).
    heading = math.radians(20)
    own_y = 15000.0 - south
    nose = (1500.0 + 8000.0 * math.sin(heading), own_y + 8000.0 * math.cos(heading), 15000.0)
    # Beside the bandit's tail, at 35° of aspect and 3,500 ft, on its left.
    a = math.radians(35)
    wedge = (-3500.0 * math.sin(a), 15000.0 - 3500.0 * math.cos(a), 15000.0)
    images = []
    try:
        probes = [project(clean_scene, point) for point in (nose, wedge)]
        for settings in (ViewSettings(), LATER_ONLY):
            layer = InstructorOverlays(
                clean_scene.render, clean_scene.aspect2d, settings, energy=history(ids)
            )
            layer.update(snap)
            images.append(grab(clean_scene).astype(int))
            chart = layer.chart
            assert chart is not None
            cursor = pixel_of(clean_scene, chart.root, chart.cursor.getX(), 0.7)
            layer.destroy()
    finally:
        cam.setLens(old_lens)
        clean_scene.camera.setTransform(old)
    off, on = images
    (nose_row, nose_col), (wedge_row, wedge_col) = probes
    # The bandit is 50° off the nose, past the AIM-9L's 45°: the envelope is pink, no shot.
    before, after = off[nose_row, nose_col], on[nose_row, nose_col]
    assert after[0] - before[0] > 12 and after[1] < before[1], (before, after)
    # Viper 1 is in the control zone: the wedge is green.
    before, after = off[wedge_row, wedge_col], on[wedge_row, wedge_col]
    assert after[1] - after[0] > before[1] - before[0] + 12, (before, after)
    col, row = cursor
    assert (on[row, col] > 200).all() and not (off[row, col] > 200).all()
