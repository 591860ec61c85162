"""Charts in the window (key u): pages drawn once per page and size, the cursor and values at
the clock, the selection's opponent, and rule sets without a series."""

from __future__ import annotations

from typing import Any

import pytest

from models.timeline import Timeline
from sim.debrief.charts import draw_page
from sim.debrief.series import aircraft_series
from sim.view.chart_panel import PAGES, value_text


@pytest.fixture(scope="module")
def perch() -> Timeline:
    from sim.cli.scenario_cmds import play_source

    return play_source("bfm/perch-9000", seed=1)[2]


def test_a_page_draws_its_panels_with_the_time_axis_located(perch: Timeline) -> None:
    page = draw_page(perch, "viper-1", None, PAGES[0].series, (640, 350), 58.0)
    assert page.rgba.shape == (350, 640, 4) and page.drawn
    assert 0.05 < page.x0 < page.x1 <= 1.0
    assert page.t1_s == pytest.approx(float(perch.t_s[-1]))
    none = draw_page(perch, "viper-1", None, ("no_such_series",), (400, 220), 58.0)
    assert not none.drawn and none.rgba.shape == (220, 400, 4)


def test_values_read_with_their_units(perch: Timeline) -> None:
    series = aircraft_series(perch, "viper-1")
    assert value_text(series, "alt_ft", 0.0).endswith(" ft")
    assert value_text(series, "ata_deg", 0.0).endswith("°")
    assert value_text(series, "nothing", 0.0) == "—"


def test_u_cycles_the_pages_each_drawn_once_and_the_cursor_follows_the_clock(
    clean_scene: Any, perch: Timeline
) -> None:
    from sim.app import ReplayApp, ReplayScene

    scene = ReplayScene(clean_scene, perch, selected="viper-1")
    app = ReplayApp(clean_scene, scene)
    try:
        charts, playback = scene.charts, scene.playback
        clean_scene.messenger.send("j")
        clean_scene.messenger.send("u")
        assert charts.page == 0 and not scene.event_list.visible
        assert app._overlay_status()["charts"] == PAGES[0].name
        playback.seek(10.0)
        scene.draw(playback.snapshot(), 0.0)
        first_x = charts.cursor.getX()
        assert charts.draws == 1 and "Viper 1:" in charts.values.text
        playback.seek(40.0)
        scene.draw(playback.snapshot(), 0.0)
        assert charts.draws == 1  # the same page: only the cursor moved
        assert charts.cursor.getX() > first_x
        assert charts.values.text.strip().startswith("40.0 s")
        boxes = scene.screen_boxes()
        for other in ("header", "gauges", "sensors", "status", "throttle", "phad", "scrub"):
            if other in boxes:
                a, b = boxes["charts"], boxes[other]
                assert a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2], other
        for page in (1, 2):
            clean_scene.messenger.send("u")
            scene.draw(playback.snapshot(), 0.0)
            assert charts.page == page and charts.draws == page + 1
        assert "range" in charts.values.text
        clean_scene.messenger.send("u")
        assert charts.page is None and not charts.visible
        clean_scene.messenger.send("u")  # back to the first page: drawn already
        scene.draw(playback.snapshot(), 0.0)
        assert charts.draws == 3
        playback.select("bandit-1")
        scene.draw(playback.snapshot(), 0.0)
        assert charts.draws == 4 and "Bandit 1:" in charts.values.text
        assert charts.last_draw_s < 2.0
        clean_scene.messenger.send("o")
        assert not charts.visible and scene.shot_log.visible
    finally:
        app.destroy()


def test_another_rule_set_charts_without_error(clean_scene: Any) -> None:
    from sim.app import ReplayApp, ReplayScene
    from sim.cli.scenario_cmds import play_source

    otl = play_source("otl/camel-vs-albatros", seed=3)[2]
    scene = ReplayScene(clean_scene, otl)
    app = ReplayApp(clean_scene, scene)
    try:
        for _ in range(3):
            clean_scene.messenger.send("u")
            scene.draw(scene.playback.snapshot(), 0.0)
        assert scene.charts.page == 2
    finally:
        app.destroy()
