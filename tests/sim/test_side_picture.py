"""One side's picture of the fight (sim/side_picture.py): only what its crews spotted or its
sensors tracked, the rest where last known, fading."""

from __future__ import annotations

import math
from functools import cache

import pytest

from engine.bop.game import Game
from models.scenario import load_scenario
from models.timeline import Timeline
from scenarios import find_scenario
from sim.cli.main import main
from sim.cli.scenario_cmds import play_source
from sim.playback import Playback
from sim.side_picture import LEAST_ALPHA, SidePicture, fade_alpha, sides


@cache
def _furball() -> Timeline:
    return Game(load_scenario(find_scenario("historical/modern-furball")), 18).run()


def _index(timeline: Timeline, entity_id: str) -> int:
    return timeline.entity_index(entity_id)


def test_a_side_knows_its_own_aircraft_and_whom_it_spotted_or_tracked() -> None:
    """At 60 s (tick 100) the Fulcrums' crews see only each other: no blue aircraft is in
    any red aircraft's spotted or tracks channel; blue has Fulcrum 2 spotted."""
    timeline = _furball()
    red = SidePicture(timeline, "red")
    assert red.channels == ("bop.spotted", "bop.tracks")
    for info in timeline.meta.entities:
        if info.kind != "aircraft":
            continue
        e = _index(timeline, info.id)
        assert red.known[e, 100] == (info.side == "red"), info.id
    blue = SidePicture(timeline, "blue")
    assert blue.known[_index(timeline, "fulcrum-2"), 100]


def test_a_lost_enemy_is_drawn_where_it_was_last_known_and_fades() -> None:
    timeline = _furball()
    playback = Playback(timeline)
    whole = playback.whole_snapshot_at(60.0)
    playback.show_side("red")
    picture = playback.snapshot_at(60.0)
    assert picture.side == "red" and whole.side is None
    red = SidePicture(timeline, "red")
    e = _index(timeline, "eagle-1")
    last = int(red.last_known_tick[e, 100])
    assert 0 <= last < 100
    then = playback.whole_snapshot_at(float(timeline.t_s[last])).entities[e]
    lost = picture.entities[e]
    assert lost.position_ft == then.position_ft != whole.entities[e].position_ft
    assert math.isclose(lost.seen_age_s, 60.0 - float(timeline.t_s[last]))
    assert LEAST_ALPHA <= fade_alpha(lost.seen_age_s) < 1.0
    own = picture.entities[_index(timeline, "fulcrum-1")]
    mine = whole.entities[_index(timeline, "fulcrum-1")]
    assert (own.position_ft, own.values, own.seen_age_s) == (mine.position_ft, mine.values, 0.0)
    # the PHAD's bearings name only what the side knows now
    assert "eagle-1" not in picture.bearings


def test_an_enemy_never_known_is_not_drawn() -> None:
    timeline = _furball()
    red = SidePicture(timeline, "red")
    playback = Playback(timeline)
    playback.show_side("red")
    picture = playback.snapshot_at(0.0)
    for info in timeline.meta.entities:
        if info.side == "blue" and info.kind == "aircraft":
            e = _index(timeline, info.id)
            assert int(red.last_known_tick[e, 0]) == -1
            assert not picture.entities[e].active and math.isinf(picture.entities[e].seen_age_s)


def test_without_sighting_channels_the_picture_is_the_whole_fight() -> None:
    timeline = play_source("otl/camel-vs-albatros")[2]
    side = sides(timeline)[0]
    picture = SidePicture(timeline, side)
    assert not picture.has_fog
    playback = Playback(timeline)
    whole = playback.whole_snapshot_at(3.0)
    playback.show_side(side)
    shown = playback.snapshot_at(3.0)
    assert [(s.position_ft, s.active, s.seen_age_s) for s in shown.entities] == [
        (s.position_ft, s.active, 0.0) for s in whole.entities
    ]


def test_the_key_cycles_the_whole_fight_then_each_side() -> None:
    playback = Playback(_furball())
    assert [playback.cycle_side() for _ in range(3)] == ["blue", "red", None]


def test_fading() -> None:
    assert fade_alpha(0.0) == 1.0 and fade_alpha(math.inf) == 0.0
    assert fade_alpha(15.0) == pytest.approx(0.5) and fade_alpha(600.0) == LEAST_ALPHA


def test_an_unknown_side_is_refused_with_the_sides_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(ValueError, match="sides: blue, red"):
        SidePicture(_furball(), "green")
    code = main(["render", "bfm/perch-3000", "--side", "green", "--png", "x.png"])
    assert code != 0
    error = capsys.readouterr().err
    assert "--side 'green'" in error and "blue, red" in error and "Traceback" not in error
