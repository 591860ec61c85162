"""The scrub bar: readable labels, time and game-turn labels, event marks coloured by kind
with their legend, and a click on the track seeking where it lands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from panda3d.core import Point3

from models.timeline import Event
from sim.view.controls import (
    BAR_CLICK_HALF,
    BAR_TEXT,
    BAR_Z,
    MARK_KINDS,
    MAX_TURN_TICKS,
    TIME_LABELS_MOST,
    ScrubBar,
    mark_kind,
    time_label,
    time_step_s,
)
from sim.view.hud.screen import LEAST_TEXT_PX
from sim.view.layer import shown_box
from tests.sim.test_hud import selected_snapshot


@pytest.fixture
def bar(clean_scene: Any) -> Any:
    anchor = clean_scene.aspect2d.attachNewNode("bottom-centre")
    anchor.setPos(0, 0, -1)
    events = (
        Event(t_s=12.0, kind="gunshot", entities=("viper-1",), detail="guns"),
        Event(t_s=30.0, kind="launch", entities=("viper-1",), detail="fox 2"),
        Event(t_s=36.0, kind="miss", entities=("fulcrum-1",), detail="missed"),
        Event(t_s=48.0, kind="kill", entities=("fulcrum-1",), detail="killed"),
        Event(t_s=50.0, kind="rwr_warning", entities=("viper-1",), detail="spiked"),
    )
    scrub = ScrubBar(anchor, 60.0, 6.0, events)
    scrub.fit(16 / 9, 1.0, 720)
    yield scrub
    scrub.destroy()
    anchor.removeNode()


def test_labels_read_at_720p(clean_scene: Any, bar: ScrubBar) -> None:
    bar.update(selected_snapshot())
    px_per_unit = 720 / 2
    assert bar.scale * BAR_TEXT * px_per_unit >= LEAST_TEXT_PX
    status = bar.label_node.getTransform(clean_scene.aspect2d).getScale()[2] * px_per_unit
    assert status >= LEAST_TEXT_PX  # the old label was 10 px at 720p
    assert bar.label_node_label.text.startswith("paused 1x")


def test_time_and_turn_labels(bar: ScrubBar) -> None:
    assert time_step_s(60.0) == 10 and time_step_s(600.0) == 120 and time_step_s(8.0) == 1
    assert time_label(40.0) == "40 s" and time_label(150.0) == "2:30"
    assert [label.text for label in bar.time_labels] == [f"{t} s" for t in range(0, 61, 10)]
    assert [label.text for label in bar.turn_labels] == [f"T{n}" for n in range(1, 11)]
    # each turn's number sits over the middle of its turn, the time labels under their ticks
    first = bar.turn_labels[0].node.getX()
    assert first == pytest.approx(bar.x_at(3.0))
    assert bar.time_labels[3].node.getX() == pytest.approx(bar.x_at(30.0))


def test_labels_keep_apart_and_inside_the_screen(clean_scene: Any, bar: ScrubBar) -> None:
    bar.update(selected_snapshot())
    labels = [*bar.time_labels, *bar.turn_labels]
    boxes = [shown_box(label.node, clean_scene.aspect2d) for label in labels]
    legend = shown_box(bar.legend, clean_scene.aspect2d)
    status = shown_box(bar.label_node, clean_scene.aspect2d)
    assert legend is not None and status is not None
    assert legend[1] < status[0]
    for i, one in enumerate(boxes):
        assert one is not None
        assert one[0] >= -16 / 9 and one[1] <= 16 / 9
        for two in boxes[i + 1 :]:
            assert two is not None
            assert min(one[1], two[1]) <= max(one[0], two[0]) or min(one[3], two[3]) <= max(
                one[2], two[2]
            )


def test_on_a_portrait_screen_the_legend_shrinks_clear_of_the_status_text(
    clean_scene: Any, bar: ScrubBar
) -> None:
    """A 1080x1920 window's bar is short for its text: the legend is drawn smaller rather
    than under "playing 16x   h: help"."""
    bar.fit(1080 / 1920, 1.0, 1920)
    bar.update(replace(selected_snapshot(), playing=True, speed=16.0))
    legend = shown_box(bar.legend, clean_scene.aspect2d)
    status = shown_box(bar.label_node, clean_scene.aspect2d)
    assert legend is not None and status is not None
    assert legend[1] < status[0]
    assert bar.legend.getScale()[0] < 1.0
    bar.fit(16 / 9, 1.0, 1080)
    assert bar.legend.getScale()[0] == 1.0


def test_event_marks_are_coloured_by_kind(bar: ScrubBar) -> None:
    assert mark_kind("gunshot") == "gun" and mark_kind("hit") == mark_kind("miss") == "hit"
    assert mark_kind("kill") == "kill" and mark_kind("dice") == "other"
    kinds = sorted(bar.mark_kinds().values())
    assert kinds == sorted(["gun", "launch", "hit", "kill", "other"])
    assert [text for _key, text, _colour in MARK_KINDS] == [
        "other",
        "gun",
        "launch",
        "hit/miss",
        "kill",
    ]
    assert len({colour for _key, _text, colour in MARK_KINDS}) == len(MARK_KINDS)


def test_marks_known_only_by_time_take_their_kind_once_played(clean_scene: Any) -> None:
    anchor = clean_scene.aspect2d.attachNewNode("bottom-centre")
    anchor.setPos(0, 0, -1)
    scrub = ScrubBar(anchor, 60.0, 6.0, (12.0, 48.0))
    try:
        snap = replace(selected_snapshot(t_s=5.0), event_times_s=(12.0, 48.0))
        scrub.update(snap)
        assert sorted(scrub.mark_kinds().values()) == ["other", "other"]
        kill = Event(t_s=48.0, kind="kill", entities=("fulcrum-1",), detail="killed")
        scrub.update(replace(snap, t_s=48.5, recent_events=(kill,)))
        assert sorted(scrub.mark_kinds().values()) == ["kill", "other"]
    finally:
        scrub.destroy()
        anchor.removeNode()


def test_a_click_on_the_track_seeks_there(clean_scene: Any) -> None:
    from sim.app import ReplayApp, ReplayScene
    from tests.sim.test_playback import merge

    scene = ReplayScene(clean_scene, merge())
    app = ReplayApp(clean_scene, scene)
    try:
        clean_scene.taskMgr.step()
        bar = scene.scrub
        for fraction in (0.25, 0.75):
            for dz in (0.0, BAR_CLICK_HALF * 0.8):
                x = bar.x_at(fraction * bar.duration_s)
                at = clean_scene.render2d.getRelativePoint(bar.root, Point3(x, 0, BAR_Z + dz))
                app.mouse = lambda at=at: (at.x, at.z)  # type: ignore[method-assign]
                app._press()
                app._release()
                assert app.playback.t_s == pytest.approx(fraction * bar.duration_s, abs=0.7)
        # above the bar's band a press starts an orbit drag instead
        at = clean_scene.render2d.getRelativePoint(bar.root, Point3(0, 0, BAR_Z + 0.2))
        app.mouse = lambda: (at.x, at.z)  # type: ignore[method-assign]
        app._press()
        assert app._drag is not None
    finally:
        app.destroy()


@pytest.mark.parametrize("turn_s", [0.0, 1e-300, 0.6, float("inf")])
def test_a_long_replay_of_short_turns_keeps_the_bar_small(clean_scene: Any, turn_s: float) -> None:
    anchor = clean_scene.aspect2d.attachNewNode("bottom-centre")
    scrub = ScrubBar(anchor, 36_000.0, turn_s, ())
    try:
        ticks = scrub.root.findAllMatches("**/turn-tick").getNumPaths()
        assert ticks <= MAX_TURN_TICKS + 1
        assert len(scrub.turn_labels) <= 60
        assert len(scrub.time_labels) <= TIME_LABELS_MOST + 1
    finally:
        scrub.destroy()
        anchor.removeNode()
