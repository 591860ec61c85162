"""The optional rules in a played game (engine/otl/optional_play.py): each one switched on
by its scenario option, reached through the game's own round, and seen in the timeline."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from engine.errors import IllegalOrder
from engine.otl.game import OtlGame
from models.otl.scenario import OtlScenario

BASE = """
rules = "otl"
name = "Every optional rule"
turns = 6
seed = 7
date = "1918-05"
time_of_day = "afternoon"

[options]
damage = "percentile"
parachutes = true
sun = true
hidden_damage = true
spotting = true
ground_fire = true
bombing = true
photography = true
balloons = true
incendiary = true
take_off_landing = true
clouds = { base_ft = 4000, top_ft = 5000 }

[[aircraft]]
callsign = "Bomber 1"
type = "bristol-f2b"
side = "british"
x_in = -12.0
y_in = 0.0
heading_deg = 90
alt_ft = 3000
speed = 12
bombs = true
pilot = "script"
script = [{ bomb = "depot", moves = "12" }]

[[aircraft]]
callsign = "Photo 1"
type = "bristol-f2b"
side = "british"
x_in = -6.0
y_in = 40.0
heading_deg = 90
alt_ft = 2000
speed = 6
pilot = "script"
script = [{ photograph = "trenches", power = 0, moves = "6" }]

[[aircraft]]
callsign = "Cloud 1"
type = "se5a"
side = "british"
x_in = -80.0
y_in = -60.0
heading_deg = 0
alt_ft = 4500
speed = 11
pilot = "ai"

[[aircraft]]
callsign = "Jasta 1"
type = "fokker-dvii"
side = "german"
x_in = 60.0
y_in = 60.0
heading_deg = 270
alt_ft = 3000
speed = 11
pilot = "script"
script = [{ moves = "11" }, { bail_out = true, moves = "11" }]

[[aircraft]]
callsign = "Rising 1"
type = "albatros-dv"
side = "german"
x_in = 90.0
y_in = -90.0
heading_deg = 0
alt_ft = 0
speed = 0
pilot = "ai"

[[ground]]
id = "depot"
kind = "target"
side = "german"
x_in = 0.0
y_in = 0.0
size = "large"

[[ground]]
id = "trenches"
kind = "target"
side = "german"
x_in = 0.0
y_in = 40.0
alt_ft = 2000

[[ground]]
id = "flak-1"
kind = "archie"
side = "german"
x_in = 10.0
y_in = 10.0

[[ground]]
id = "drachen"
kind = "balloon"
side = "german"
x_in = 30.0
y_in = -20.0

[[ground]]
id = "field"
kind = "airfield"
side = "german"
x_in = 90.0
y_in = -90.0
"""


def _scenario(text: str = BASE) -> OtlScenario:
    return OtlScenario.model_validate(tomllib.loads(text))


def _kinds(game_events: Any) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for event in game_events:
        found.setdefault(event.kind, []).append(event.detail)
    return found


@pytest.fixture(scope="module")
def played() -> tuple[OtlGame, dict[str, list[str]]]:
    game = OtlGame(_scenario())
    timeline = game.run()
    return game, _kinds(timeline.meta.events)


def test_bombs_fall_on_the_depot_at_the_end_of_a_straight_run(played: Any) -> None:
    game, kinds = played
    assert any("depot" in detail for detail in kinds["otl.bomb"])
    assert game.planes["bomber-1"].bombs is False


def test_a_photograph_is_taken_of_the_trenches(played: Any) -> None:
    _, kinds = played
    assert any("trenches" in detail for detail in kinds["otl.photo"])


def test_the_german_crew_jumps_and_rolls_on_the_parachute_table(played: Any) -> None:
    game, kinds = played
    assert kinds["otl.parachute"]
    assert game.planes["jasta-1"].status == "bailed_out"


def test_a_plane_on_the_airfield_takes_off(played: Any) -> None:
    game, _ = played
    rising = game.planes["rising-1"]
    assert rising.speed > 0
    assert game.writer.rows["rising-1"][0]["z_ft"] == 0.0


def test_the_balloon_is_in_the_timeline_and_sinks(played: Any) -> None:
    game, _ = played
    heights = [row["z_ft"] for row in game.writer.rows["drachen"]]
    assert heights[0] >= 500 and heights[-1] < heights[0]


def test_archie_bursts_are_recorded_with_their_point(played: Any) -> None:
    game, kinds = played
    assert kinds.get("otl.archie")
    bursts = [e for e in game.writer.all_events if e.kind == "otl.archie"]
    assert all({"x_ft", "y_ft", "z_ft"} <= set(e.data) for e in bursts)


def test_spotting_and_the_cloud_lock_orders_written_ahead(played: Any) -> None:
    game, kinds = played
    assert game.optional.plotted is not None
    assert "otl.spotted" in kinds or game.optional.plotted.informed


@pytest.mark.parametrize(("damage", "kind"), [("percentile", "percentile"), ("chits", "chit")])
def test_the_damage_option_picks_the_cup_or_the_d100_column(damage: str, kind: str) -> None:
    from engine.otl.damage import draw_chit

    game = OtlGame(_scenario(BASE.replace('damage = "percentile"', f'damage = "{damage}"')))
    before = len(game.dice.rolls)
    chit = draw_chit(game.dice, game.fire_context(), "a test draw")
    assert chit.key and [r.kind for r in game.dice.rolls[before:]] == [kind]


def test_a_bombing_run_flown_in_a_bank_is_refused_with_the_rule() -> None:
    text = BASE.replace('script = [{ bomb = "depot", moves = "12" }]',
                        'script = [{ bomb = "depot", moves = "R B1:12" }]')  # fmt: skip
    game = OtlGame(_scenario(text))
    with pytest.raises(
        IllegalOrder, match=r"Bomber 1, round 1: bomb: move 1 changes bank.*§Bombing"
    ):
        game.play_turn(game.scripted_orders())


def test_bailing_out_without_parachutes_in_play_is_refused() -> None:
    game = OtlGame(_scenario(BASE.replace("parachutes = true", "parachutes = false")))
    game.play_turn(game.scripted_orders())
    with pytest.raises(IllegalOrder, match=r"Jasta 1, round 2: bail_out: the parachute rule"):
        game.play_turn(game.scripted_orders())
