"""The Intruders missions' special rules in play (I-p.10–11): the train along its track,
units over the pontoon bridges, the SAR infantry, the capture roll and the pick-up."""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.ground_war import GroundWar
from engine.phantoms.hexgrid import centre_ft
from engine.phantoms.state import PlaneState
from models.phantoms.scenario import Site
from tests.phantoms.groundwar.stand_in import StandInGame, aircraft, ground_war, setup_of
from tests.phantoms.intruders.cards import faces

TRACK = ["0,1", "0,2", "0,3", "0,4", "0,5"]


def site(id_: str, kind: str, type_: str | None, hex_: str, side: str = "nva", **more: Any) -> Site:
    fields = {"id": id_, "kind": kind, "type": type_, "hex": hex_, "side": side, **more}
    return Site.model_validate({k: v for k, v in fields.items() if v is not None})


def play_turns(war: GroundWar, game: StandInGame, turns: range) -> list[tuple[int, int, str]]:
    """Every impulse's Movement Segment and every turn's end; the ground moves made."""
    moved = []
    for turn in turns:
        game.turn = turn
        for impulse in range(1, game.impulses + 1):
            game.impulse = impulse
            before = {uid: unit.hex for uid, unit in war.units.items()}
            war.move_ships(turn, impulse)
            moved += [(turn, impulse, u) for u, unit in war.units.items() if unit.hex != before[u]]
            war.impulse_done(impulse)
        war.end_of_turn()
    return moved


def train(**move: Any) -> Site:
    return site(
        "train",
        "target",
        "train",
        "0,0",
        move={"route": TRACK, "hexes_per_turn": 2, "leaves_mat": True, **move},
    )


def far_jet() -> PlaneState:
    return aircraft("far", hex_="30,0", level=8)


def test_the_train_runs_two_hexes_a_turn_on_the_impulse_charts_impulses() -> None:
    war, game = ground_war([train()], [far_jet()], Dice.seeded(0))
    moved = play_turns(war, game, range(1, 3))
    assert [(turn, impulse) for turn, impulse, _ in moved] == [(1, 5), (1, 10), (2, 5), (2, 10)]
    unit = war.units["train"]
    assert unit.hex == Hex(0, 4) and unit.facing == 0
    details = [e.detail for e in game.kinds("phantoms.ground_moves")]
    assert details[:2] == ["train moves to 0,1", "train moves to 0,2"]

    rows = war.timeline_rows(201, {"active": True, "speed_kt": 0.0, "pos_label": ""})
    xyz = rows["train"]["xyz"]
    assert np.allclose(xyz[0, :2], centre_ft(Hex(0, 0)))
    assert np.allclose(xyz[50, :2], centre_ft(Hex(0, 1)))  # there at the end of impulse 5
    assert np.allclose(xyz[40, :2], centre_ft(Hex(0, 0)))  # still until impulse 5 begins
    assert np.allclose(xyz[200, :2], centre_ft(Hex(0, 4)))
    assert rows["train"]["rows"][200]["pos_label"] == "hex 0,4"


def test_the_train_leaves_the_mat_past_its_route_and_is_gone_from_the_replay() -> None:
    war, game = ground_war([train()], [far_jet()], Dice.seeded(0))
    play_turns(war, game, range(1, 4))
    unit = war.units["train"]
    assert unit.left_mat and unit.out and unit.hex == Hex(0, 5)
    (gone,) = game.kinds("phantoms.ground_exit")
    assert (gone.turn, gone.impulse) == (3, 10)
    assert gone.detail == "train leaves the mat from 0,5 (I-p.10)"
    assert war.events.results()["moving"] == [
        {"id": "train", "type": "train", "state": "escaped", "hex": "0,5", "hexes_moved": 5}
    ]
    assert war.snapshots[(3, 10)]["train"].active is False
    assert war.snapshots[(3, 10)]["train"].state == "LEFT THE MAT"


def test_a_destroyed_or_heavily_damaged_train_stops() -> None:
    for damage, state in (("destroyed", "destroyed"), ("heavy", "halted")):
        war, game = ground_war([train()], [far_jet()], Dice.seeded(0))
        play_turns(war, game, range(1, 2))
        war.damage_unit(war.units["train"], damage)
        play_turns(war, game, range(2, 4))
        assert war.units["train"].hex == Hex(0, 2)
        assert war.events.results()["moving"][0]["state"] == state


def test_the_train_stops_short_of_a_cut_track_hex() -> None:
    tracks = [site("track-1", "target", "track", "0,3"), site("track-2", "target", "track", "0,4")]
    war, game = ground_war([train(), *tracks], [far_jet()], Dice.seeded(0))
    war.damage_unit(war.units["track-1"], "destroyed")
    war.damage_unit(war.units["track-2"], "destroyed")
    play_turns(war, game, range(1, 4))
    unit = war.units["train"]
    assert unit.hex == Hex(0, 2) and unit.stopped == "track-1 destroyed"
    (stop,) = game.kinds("phantoms.ground_stops")  # said once, not every impulse
    assert stop.detail == "train stops at 0,2: track-1 ahead is cut (I-p.10)"
    found = war.events.results()
    assert found["cut_ahead"] == ["track-1", "track-2"]
    assert found["moving"][0]["state"] == "stopped"


def pontoons() -> list[Site]:
    """Two bridges on the river column 0; the force waits on the west bank."""
    return [
        site("pontoon-1", "target", "pontoon", "0,0", crossing={"near": "-1,1", "far": "1,0"}),
        site("pontoon-2", "target", "pontoon", "0,1", crossing={"near": "-1,2", "far": "1,1"}),
        site("tank-1", "target", "tank", "-1,1"),
        site("tank-2", "target", "tank", "-1,1"),
        site("truck-1", "target", "vehicle", "-1,2"),
        site("infantry-1", "infantry", None, "-1,2"),
    ]


def test_one_unit_crosses_each_standing_bridge_on_turns_2_5_and_8() -> None:
    war, game = ground_war(pontoons(), [far_jet()], Dice.seeded(0))
    play_turns(war, game, range(1, 5))
    crossings = game.kinds("phantoms.crossing")
    assert [(e.turn, e.impulse, e.detail) for e in crossings] == [
        (2, 10, "tank-1 crosses pontoon-1 to 1,0 (I-p.11)"),
        (2, 10, "truck-1 crosses pontoon-2 to 1,1 (I-p.11)"),
    ]
    war.damage_unit(war.units["pontoon-1"], "destroyed")
    play_turns(war, game, range(5, 9))
    assert [e.detail for e in game.kinds("phantoms.crossing")][2:] == [
        "pontoon-1 is destroyed: no one crosses, turn 5 (I-p.11)",
        "infantry-1 crosses pontoon-2 to 1,1 (I-p.11)",
        "pontoon-1 is destroyed: no one crosses, turn 8 (I-p.11)",
    ]
    assert war.units["tank-2"].hex == Hex(-1, 1)  # still waiting behind the cut bridge
    found = war.events.results()
    assert found["crossed"] == 3
    assert found["bridges"] == [
        {"id": "pontoon-1", "damage": "destroyed", "carried": ["tank-1"]},
        {"id": "pontoon-2", "damage": "none", "carried": ["truck-1", "infantry-1"]},
    ]
    assert war.units["tank-1"].crossed and war.snapshots[(2, 10)]["tank-1"].state == "CROSSED"
    rows = war.timeline_rows(801, {"active": True, "speed_kt": 0.0, "pos_label": ""})
    xyz = rows["tank-1"]["xyz"]
    assert np.allclose(xyz[195, :2], centre_ft(Hex(0, 0)))  # over the bridge mid-impulse
    assert np.allclose(xyz[200, :2], centre_ft(Hex(1, 0)))


def sar(at_most: int = 6) -> list[Site]:
    return [
        site("crew", "crew", None, "0,0", side="us", capture={"at_most": at_most}),
        site(
            "infantry-1",
            "infantry",
            None,
            "0,2",
            move={"route": ["0,1", "0,0"], "hexes_per_turn": 1, "turns": [2, 5, 8]},
        ),
    ]


def test_the_sar_infantry_moves_a_hex_on_turns_2_and_5_then_rolls_each_turn() -> None:
    dice = Dice.seeded(0, recorded=faces(9, 7, 4))
    war, game = ground_war(sar(), [far_jet()], dice)
    moved = play_turns(war, game, range(1, 8))
    assert moved == [(2, 1, "infantry-1"), (5, 1, "infantry-1")]
    details = [(e.turn, e.detail) for e in game.kinds("phantoms.crew")]
    assert details == [
        (5, "crew evades infantry-1 (d10 9 > 6)"),
        (6, "crew evades infantry-1 (d10 7 > 6)"),
        (7, "crew captured by infantry-1 (d10 4 ≤ 6)"),
    ]
    purposes = [roll.purpose for roll in dice.rolls]
    assert purposes[-1] == "capture roll, crew with infantry-1 in its hex, turn 7 (I-p.11)"
    crew = war.units["crew"]
    assert crew.crew_status == "captured" and war.game_over
    snap = war.snapshots[(7, 10)]["crew"]
    assert snap.active and snap.state == "CAPTURED by infantry-1"  # still on the map
    captured = {"id": "crew", "state": "captured", "by": "infantry-1"}
    assert war.events.results()["crews"] == [captured]
    play_turns(war, game, range(8, 9))
    assert len(game.kinds("phantoms.crew")) == 3  # no more rolls once it is over


def helicopter(level: int = 1, damage: int = 0) -> PlaneState:
    jolly = aircraft("jolly", hex_="0,-1", level=level, facing=0)
    jolly.card = jolly.card.model_copy(update={"role": "helicopter"})
    jolly.damage = damage
    return jolly


def rescue(jolly: PlaneState) -> tuple[GroundWar, StandInGame]:
    setups = {jolly.id: setup_of(jolly, role="recon", target="crew")}
    return ground_war(sar(), [jolly, far_jet()], Dice.seeded(0), setups=setups)


def test_a_helicopter_low_in_the_crews_hex_picks_them_up_and_leaves() -> None:
    jolly = helicopter()
    war, game = rescue(jolly)
    war.entered(jolly, Hex(0, 0))
    crew = war.units["crew"]
    assert (crew.crew_status, crew.crew_by) == ("rescued", "jolly")
    assert "jolly" in game.overflights  # its pass is done: it goes home
    (event,) = game.kinds("phantoms.crew")
    assert event.detail == "jolly picks up the downed crew at 0,0 (I-p.11)"
    assert war.objective_hex(jolly, "crew") is None
    war.impulse_done(1)
    assert war.snapshots[(1, 1)]["crew"].active is False  # aboard the helicopter
    assert war.events.results()["crews"][0]["state"] == "rescued"


def test_no_pick_up_too_high_or_damaged() -> None:
    for jolly in (helicopter(level=2), helicopter(damage=1)):
        war, game = rescue(jolly)
        war.entered(jolly, Hex(0, 0))
        assert war.units["crew"].crew_status == "down" and not game.kinds("phantoms.crew")


def test_a_damaged_helicopter_turns_back_and_its_replacement_is_due() -> None:
    jolly = helicopter()
    war, game = rescue(jolly)
    assert war.objective_hex(jolly, "crew") == Hex(0, 0)  # its own side's crew: it flies there
    assert not war.events.replacement_due("jolly")
    jolly.damage = 1
    war.end_of_turn()
    assert "jolly" in game.overflights and war.events.replacement_due("jolly")
    (event,) = game.kinds("phantoms.crew")
    assert "turns for home; another rescue helicopter is called (I-p.11)" in event.detail
