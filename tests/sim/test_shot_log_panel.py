"""The shot log in the window (key o): its rows, the record at the clock, scrolling, and a
click that jumps to a shot with the camera on it."""

from __future__ import annotations

from typing import Any

import pytest

from models.timeline import Timeline
from sim.debrief.shot_log import shot_log
from sim.playback import Playback
from sim.view.shot_log_panel import (
    LEAD_S,
    NARROW_CHARS,
    ROWS,
    ShotLogPanel,
    clock_text,
    first_row,
    row_text,
)


@pytest.fixture(scope="module")
def duel() -> Timeline:
    from sim.cli.scenario_cmds import play_source

    return play_source("historical/guns-duel")[2]


@pytest.fixture(scope="module")
def furball() -> Timeline:
    from sim.cli.scenario_cmds import play_source

    return play_source("historical/modern-furball", seed=18)[2]


def test_a_row_says_when_who_at_whom_with_what_how_far_and_what_came_of_it(
    duel: Timeline,
) -> None:
    names = {e.id: e.callsign for e in duel.meta.entities}
    first = shot_log(duel)[0]
    text = row_text(first, names)
    assert text.startswith(f"{clock_text(first.t_s):>7}  Sabre 1 → Fagot 1  M3 Browning")
    assert " ft: " in text
    short = row_text(first, names, NARROW_CHARS)
    assert len(short) <= NARROW_CHARS and " ft" not in short
    kill = next(r for r in shot_log(duel) if r.what == "kill")
    assert "KILL Fagot 1 (by Sabre 1)" in row_text(kill, names)
    assert clock_text(78.0) == "1:18.0" and clock_text(5.5) == "0:05.5"


def test_the_rows_follow_the_clock_and_the_wheel_scrolls_them() -> None:
    assert first_row(-1, 20, 0) == 0
    assert first_row(10, 20, 0) == 7  # the marked record a little below the top
    assert first_row(19, 20, 0) == 20 - ROWS
    assert first_row(10, 20, -100) == 0 and first_row(10, 20, 100) == 20 - ROWS
    assert first_row(3, 5, 2) == 0  # fewer records than rows: all of them


def test_the_panel_marks_the_record_at_the_clock_with_its_details(
    clean_scene: Any, furball: Timeline
) -> None:
    panel = ShotLogPanel(clean_scene.aspect2d, furball)
    try:
        playback = Playback(furball)
        panel.update(playback.snapshot_at(80.0))
        assert not panel._row_record  # hidden: nothing is drawn
        panel.toggle()
        panel.place(0.0, -0.8, 1.0)
        panel.update(playback.snapshot_at(80.0))
        current = panel.current_at(80.0)
        assert panel.records[current].t_s <= 80.0 < panel.records[current + 1].t_s
        assert current in panel._row_record and len(panel._row_record) <= ROWS
        assert panel.title.text.startswith("SHOT LOG  ")
        details = [d.text for d in panel._details if not d.node.isHidden()]
        assert details and details[0].startswith("ATA ")
        before = list(panel._row_record)
        panel.scroll_by(-3)
        panel.update(playback.snapshot_at(80.0))
        assert panel._row_record[0] == max(0, before[0] - 3)
        panel.update(playback.snapshot_at(100.0))  # the marked record changes: back to it
        assert panel.current_at(100.0) in panel._row_record
        label = panel._rows[panel._row_record.index(current)]
        point = label.node.getPos(clean_scene.aspect2d)
        picked = panel.record_at(point.x + 0.1, point.z + 0.01, clean_scene.aspect2d)
        assert picked is panel.records[current]
        assert panel.contains(point.x + 0.1, point.z + 0.01, clean_scene.aspect2d)
        assert panel.record_at(point.x + 0.1, 0.95, clean_scene.aspect2d) is None
    finally:
        panel.destroy()


def test_a_fight_without_shots_says_so(clean_scene: Any) -> None:
    from sim.cli.scenario_cmds import play_source

    quiet = play_source("bfm/sustained-turn")[2]
    panel = ShotLogPanel(clean_scene.aspect2d, quiet)
    try:
        panel.toggle()
        panel.update(Playback(quiet).snapshot_at(1.0))
        assert panel._rows[0].text == "no gunshot, launch or kill in this fight"
        assert panel.title.text == "SHOT LOG  0 shots, 0 hits, 0 kills"
    finally:
        panel.destroy()


def test_o_and_j_take_turns_and_a_click_jumps_to_the_shot_with_the_camera_on_it(
    clean_scene: Any, furball: Timeline
) -> None:
    from sim.app import ReplayApp, ReplayScene

    scene = ReplayScene(clean_scene, furball)
    app = ReplayApp(clean_scene, scene)
    try:
        clean_scene.messenger.send("o")
        assert scene.shot_log.visible and not scene.event_list.visible
        clean_scene.messenger.send("j")
        assert scene.event_list.visible and not scene.shot_log.visible
        clean_scene.messenger.send("o")
        assert scene.shot_log.visible and not scene.event_list.visible
        assert app._overlay_status()["shot_log"] is True
        playback = scene.playback
        playback.seek(80.0)
        scene.draw(playback.snapshot(), 0.0)
        assert "shot-log" in scene.screen_boxes() and "event-list" not in scene.screen_boxes()
        record = next(r for r in scene.shot_log.records if r.what == "launch")
        playback.play()
        app.jump_to_shot(record)
        assert not playback.playing
        assert playback.t_s == pytest.approx(max(0.0, record.t_s - LEAD_S), abs=0.61)
        assert playback.selected == record.shooter
        assert scene.instructor.picked == record.target
        assert scene.rig.mode == "padlock"
        clean_scene.messenger.send("o")
        scene.draw(playback.snapshot(), 0.0)
        assert not scene.shot_log.visible and "shot-log" not in scene.screen_boxes()
    finally:
        app.destroy()
