"""The aircraft list and the event list: what they say, and clicks and keys that use them."""

from __future__ import annotations

from typing import Any

import pytest

from models.timeline import Event, Timeline
from sim.playback import Playback
from sim.view.aircraft_list import AircraftList, StatusHistory, aircraft_status, row_values
from sim.view.event_list import (
    EventList,
    event_lines,
    event_moments,
    next_event_time,
    notable_events,
    window_around,
)
from tests.sim.states import changed


@pytest.fixture(scope="module")
def duel() -> Timeline:
    from sim.cli.scenario_cmds import play_source

    return play_source("historical/guns-duel")[2]


# -- the aircraft list's states -----------------------------------------------------------------


def test_an_aircraft_shot_down_and_ejected_reads_ejected_then_and_ok_before(
    duel: Timeline,
) -> None:
    playback = Playback(duel)
    history = StatusHistory.of(duel.meta.events)
    before = playback.snapshot_at(3.0).entity("fagot-1")
    assert aircraft_status(before, history.kinds_until("fagot-1", 3.0)) == "ok"
    hit = playback.snapshot_at(9.0).entity("fagot-1")
    assert aircraft_status(hit, history.kinds_until("fagot-1", 9.0)) == "damaged 5/9"
    after = playback.snapshot_at(20.0).entity("fagot-1")
    assert not after.active
    assert aircraft_status(after, history.kinds_until("fagot-1", 20.0)) == "ejected"
    assert aircraft_status(after, ["kill"]) == "shot down"
    assert row_values(after, "ejected")["alt"] == ""  # no live figures for a wreck
    sabre = playback.snapshot_at(20.0).entity("sabre-1")
    assert aircraft_status(sabre, history.kinds_until("sabre-1", 20.0)) == "ok"


def test_crew_state_and_loss_of_control_come_before_damage(duel: Timeline) -> None:
    state = Playback(duel).snapshot_at(9.0).entity("fagot-1")
    assert aircraft_status(changed(state, crew_state="pilot: loc"), []) == "LOC"
    assert aircraft_status(state, ["uncontrolled"]) == "uncontrolled"
    assert aircraft_status(state, ["uncontrolled", "crew_recovery"]).startswith("damaged")
    assert aircraft_status(state, ["departure"]) == "departed"
    assert aircraft_status(state, ["departure", "spin_recovery"]).startswith("damaged")


def test_the_list_shows_every_aircraft_and_a_click_on_a_row_selects_it(
    clean_scene: Any, duel: Timeline
) -> None:
    playback = Playback(duel)
    roster = AircraftList(clean_scene.aspect2d, duel.meta.events)
    try:
        roster.update(playback.snapshot_at(20.0))
        assert roster._ids == []  # hidden: nothing is built
        roster.toggle()
        roster.place(0.0, 0.8, 1.0)
        roster.update(playback.snapshot_at(20.0))
        assert roster._ids == ["sabre-1", "fagot-1"]
        rows = {r["callsign"].text.strip("> "): r for r in roster._rows}
        assert rows["Fagot 1"]["state"].text == "ejected"
        assert rows["Sabre 1"]["callsign"].text.startswith(">")  # the selected aircraft
        assert rows["Sabre 1"]["alt"].text.replace(",", "").isdigit()
        label = rows["Fagot 1"]["state"].node
        point = label.getPos(clean_scene.aspect2d)
        assert roster.row_at(point.x, point.z + 0.01, clean_scene.aspect2d) == "fagot-1"
        assert roster.row_at(point.x, 0.95, clean_scene.aspect2d) is None
    finally:
        roster.destroy()


# -- the event list ----------------------------------------------------------------------------


def test_next_and_previous_event_step_over_moments() -> None:
    moments = [6.0, 12.0, 30.0]
    assert next_event_time(moments, 0.0, 1) == 6.0
    assert next_event_time(moments, 6.0, 1) == 12.0  # from on a moment: the next one
    assert next_event_time(moments, 6.0, -1) is None
    assert next_event_time(moments, 20.0, -1) == 12.0
    assert next_event_time(moments, 20.0, 2) is None
    assert next_event_time(moments, 0.0, 3) == 30.0


def test_a_long_event_is_listed_whole() -> None:
    text = (
        "Fulcrum 2 is uncontrolled: the crew member flying it is unconscious or killed "
        "(Uncontrolled Aircraft, it flies its last plot until the crew recovers)"
    )
    lines = event_lines(Event(t_s=42.0, kind="uncontrolled", detail=text), chars=50)
    assert len(lines) > 1 and all(len(line) <= 50 for line in lines)
    assert " ".join(line.strip() for line in lines).endswith(text)
    assert lines[0].startswith("  42.0 s")


def test_the_list_keeps_the_events_around_now_and_a_click_jumps(
    clean_scene: Any, duel: Timeline
) -> None:
    events = notable_events(duel.meta.events)
    first, current, end = window_around(events, 12.0)
    assert events[current].t_s == 12.0 and end > current >= first
    assert window_around(events, -1.0)[1] == -1
    playback = Playback(duel)
    listing = EventList(clean_scene.aspect2d, duel.meta.events)
    try:
        assert listing.moments_s == event_moments(events)
        listing.toggle()
        listing.place(0.0, -0.8, 1.0)
        listing.update(playback.snapshot_at(12.0))
        shown = [label.text for label in listing._lines if not label.node.isHidden()]
        assert any("Fagot 1 is shot down" in line for line in shown)
        line = next(label for label in listing._lines if "Fagot 1 pilot ejects" in label.text)
        point = line.node.getPos(clean_scene.aspect2d)
        picked = listing.event_at(point.x + 0.1, point.z + 0.01, clean_scene.aspect2d)
        assert picked is not None and picked.kind == "ejection"
    finally:
        listing.destroy()


def test_keys_jump_between_events_and_toggle_the_lists(clean_scene: Any, duel: Timeline) -> None:
    from sim.app import ReplayApp, ReplayScene

    scene = ReplayScene(clean_scene, duel)
    app = ReplayApp(clean_scene, scene)
    try:
        playback = scene.playback
        playback.seek(0.0)
        clean_scene.messenger.send(".")
        assert not playback.playing and playback.t_s == pytest.approx(6.0)
        clean_scene.messenger.send(".")
        assert playback.t_s == pytest.approx(12.0)
        clean_scene.messenger.send(",")
        assert playback.t_s == pytest.approx(6.0)
        clean_scene.messenger.send("i")
        clean_scene.messenger.send("j")
        scene.draw(playback.snapshot(), 0.0)
        assert scene.roster.visible and scene.event_list.visible
        assert scene.hud.ticker.root.isHidden()  # the list stands in for the ticker
        boxes = scene.screen_boxes()
        for name in ("aircraft-list", "event-list"):
            for other in ("header", "gauges", "sensors", "status", "throttle", "phad"):
                if other in boxes:
                    a, b = boxes[name], boxes[other]
                    apart = a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2]
                    assert apart, f"{name} overlaps {other}"
        clean_scene.messenger.send("j")
        scene.draw(playback.snapshot(), 0.0)
        assert not scene.hud.ticker.root.isHidden()
    finally:
        app.destroy()
