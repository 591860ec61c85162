"""The readability layers wired into the replay: keys, help lines, and the legend and
labels kept off the HUD at 16:9 and 4:3."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Game
from models.scenario import load_scenario
from sim.app import ReplayApp, ReplayScene
from sim.view.controls import HELP_LINES
from sim.view.labels import overlaps
from sim.view.layer import ViewSettings, shown_box
from sim.view.legend import AltitudeLegend
from tests.sim.test_hud import hud_on_screen, selected_snapshot

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
NEW_KEYS = ("n", "d", "k", "b", "x")


@pytest.fixture(scope="module")
def timeline() -> Any:
    return Game(load_scenario(SCENARIOS / "demo" / "2v2-merge.toml")).run()


def test_new_keys_are_listed_and_do_their_job(clean_scene: Any, timeline: Any) -> None:
    listed = {key for key, _ in HELP_LINES}
    assert set(NEW_KEYS) <= listed
    assert HELP_LINES[-1] == ("esc", "quit")  # the demo swaps the last line
    scene = ReplayScene(clean_scene, timeline, camera="orbit")
    app = ReplayApp(clean_scene, scene)
    try:
        app.playback.toggle()
        scene.draw_at(22.0)
        # At the test window's 960x540 the four-column gauges cover Viper 2's mini at
        # 22 s and Fulcrum 2's sits hemmed in by the header, the gauges and the (readable,
        # so larger) tile legend; a label never goes over a panel.  The selected aircraft
        # and its target, labelled first, are placed.
        assert {"viper-1", "fulcrum-1"} <= set(scene.labels.placed)
        send = clean_scene.messenger.send
        send("n")
        assert scene.labels.mode == "full"
        send("k")
        assert scene.legend.root.isHidden()
        send("d")
        assert scene.drop_lines.root.isHidden()
        send("b")  # no mouse offscreen: the selected aircraft and the next
        scene.draw_at(22.0)
        assert scene.pair.first == scene.playback.selected and scene.pair.second
        assert not scene.pair.line.isHidden()
        send("x")
        scene.draw_at(22.0)
        assert scene.pair.line.isHidden()
    finally:
        app.destroy()


def test_labels_and_legend_stay_off_the_hud_panels(clean_scene: Any, timeline: Any) -> None:
    scene = ReplayScene(clean_scene, timeline, camera="orbit")
    try:
        for mode in ("orbit", "top", "chase", "table"):
            scene.rig.set_mode(mode)
            scene.rig.transition_s = 0.0
            scene.draw_at(22.0)
            boxes = scene.screen_boxes()
            legend = boxes.pop("legend")
            boxes.pop("help", None)
            for name, box in boxes.items():
                assert not overlaps(legend, box), (mode, name)
            panels = scene.hud.panel_boxes(clean_scene.aspect2d)
            for entity, label in scene.labels.placed.items():
                for panel in panels:
                    assert not overlaps(label, panel), (mode, entity)
    finally:
        scene.destroy()


@pytest.mark.parametrize("aspect", [4 / 3, 16 / 9])
@pytest.mark.parametrize("prominent", [False, True])
def test_the_legend_finds_room_on_common_screen_shapes(
    clean_scene: Any, aspect: float, prominent: bool
) -> None:
    screen, hud, scrub = hud_on_screen(clean_scene, aspect)
    snap = selected_snapshot()
    hud.set_prominent(prominent)
    hud.update(snap)
    scrub.fit(aspect)
    scrub.update(snap)
    legend = AltitudeLegend(screen, ViewSettings(), lambda: (-aspect, aspect, -1.0, 1.0))
    legend.keep_clear = lambda: hud.panel_boxes(screen)
    legend.also_clear = lambda: [
        box for node in (scrub.root, hud.ticker.root) if (box := shown_box(node, screen))
    ]
    legend.update(snap)
    box = legend.box()
    if legend.root.isHidden():
        # With no free place the legend stands aside rather than cover a panel; the
        # 4:3 compact layout's panels and ticker leave it none.
        assert aspect < 1.5, "a 16:9 screen has room for the legend"
        legend.destroy()
        hud.destroy()
        scrub.destroy()
        return
    assert -aspect <= box[0] and box[1] <= aspect and box[2] >= -1 and box[3] <= 1
    for panel in [*hud.panel_boxes(screen), *legend.extra_boxes]:
        assert not overlaps(box, panel), panel
    legend.destroy()
    hud.destroy()
    scrub.destroy()
