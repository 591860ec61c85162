"""Strikers, recon passes and Wild Weasels inside the game turn (I-p.4–7, I-p.10–12;
U-p.8)."""

from __future__ import annotations

import numpy as np

from engine.dice import Dice
from engine.hexmap import Hex
from tests.phantoms.groundwar.stand_in import aircraft, ground_war, setup_of, site
from tests.phantoms.intruders.cards import faces


def test_a_striker_at_its_release_point_releases_and_the_bombs_hit_the_bridge() -> None:
    """Six Mk 84s (AV 8 hard ×3 = 24) released level from level 4 two hexes short of a
    bridge (defence 9) after a 3-hex straight run-in: they step a hex each time the jet
    enters one and fall on the bridge as it overflies it.  d10 10 at level 4 is On Target
    (9–11): 24 is twice the defence and more, under three times: Heavy damage."""
    jet = aircraft("jet", hex_="0,-2", level=4)
    jet.finished, jet.straight_run = "S", 3
    jet.stores = {"mk-84": 6}
    jet.loaded = True
    setups = {
        "jet": setup_of(jet, role="striker", target="bridge", profile="level", stores={"mk-84": 6})
    }
    dice = Dice.seeded(0, recorded=faces(10))
    war, game = ground_war([site("bridge", "target", "bridge", "0,0")], [jet], dice, setups=setups)
    assert war.objective_hex(jet, "bridge") == Hex(0, 0)
    assert war.profile_level(jet, "level") == 4

    war.launch_segment(1, 1)
    war.impulse_done(1)
    release = game.kinds("phantoms.release")
    assert len(release) == 1 and release[0].entities[1:] == ("jet", "bridge")
    assert release[0].data["count"] == 6 and jet.stores == {} and not jet.loaded
    assert war.bombs and not war.bombs[0].arrived

    game.impulse = 2
    for hex_ in (Hex(0, -1), Hex(0, 0)):
        jet.hex = hex_
        war.entered(jet, hex_)
    war.impact_segment(1, 2)
    war.impulse_done(2)
    assert not dice.recorded and not war.bombs
    bombing = game.kinds("phantoms.bombing")
    assert bombing[0].data == {"accuracy": "on_target", "damage": "heavy"}
    assert war.units["bridge"].damage == "heavy"
    assert war.objective_hex(jet, "bridge") == Hex(0, 0), "heavy damage: still standing"
    assert game.kinds("phantoms.blast")[0].data["z_ft"] == 0.0

    count = 201
    game.record_still_tracks(count)
    first_row = {"active": True, "alt_label": "", "phantoms.state": "ok"}
    rows = war.timeline_rows(count, first_row)
    bomb = rows[release[0].entities[0]]
    assert bomb["info"].kind == "bomb" and bomb["info"].acmi_type == "Weapon+Bomb"
    active = np.flatnonzero([row["active"] for row in bomb["rows"]]).tolist()
    assert active == list(range(10, 21)), "released at impulse 1's end, on the bridge at 2's"
    assert bomb["xyz"][20, 2] == 0.0
    assert rows["bridge"]["info"].acmi_type == "Ground+Static"
    assert rows["bridge"]["rows"][20]["phantoms.state"] == "HEAVY DAMAGE"


def test_a_striker_off_its_release_point_holds_its_bombs() -> None:
    jet = aircraft("jet", hex_="0,-3", level=4)
    jet.finished, jet.stores = "S", {"mk-84": 6}
    setups = {"jet": setup_of(jet, role="striker", target="bridge", profile="level")}
    war, game = ground_war(
        [site("bridge", "target", "bridge", "0,0")], [jet], Dice.seeded(0), setups=setups
    )
    war.launch_segment(1, 1)
    assert not game.kinds("phantoms.release") and jet.stores == {"mk-84": 6}


def test_the_profiles_levels() -> None:
    jet = aircraft("jet", hex_="0,-8", level=4)
    setups = {"jet": setup_of(jet, role="striker", target="bridge", profile="dive")}
    war, _game = ground_war(
        [site("bridge", "target", "bridge", "0,0")], [jet], Dice.seeded(0), setups=setups
    )
    assert [war.profile_level(jet, p) for p in ("level", "low", "standoff")] == [4, 1, 3]
    assert war.profile_level(jet, "dive") == 5 and war.profile_level(jet, "toss") == 1
    jet.hex = Hex(0, -2)
    assert war.profile_level(jet, "dive") == 2 and war.profile_level(jet, "toss") == 3


def test_a_low_striker_strafes_from_the_next_hex() -> None:
    """Level 1, one hex short of a truck park and pointing at it: a gun attack, d10 9 +
    gun 4 = 13 against d10 1 + 3 (soft) = 4: the card's table reads its last 4 hits, as
    the attack total against the trucks' defence 2: Heavy damage (twice 2, not thrice)."""
    jet = aircraft("jet", hex_="0,-1", level=1)
    jet.stores, jet.gun_bursts = {"mk-82": 4}, 6
    setups = {"jet": setup_of(jet, role="striker", target="trucks", profile="low")}
    dice = Dice.seeded(0, recorded=faces(9, 1))
    war, game = ground_war([site("trucks", "target", "vehicle", "0,0")], [jet], dice, setups=setups)
    war.gun_segment(1, 1)
    assert game.kinds("phantoms.strafe")[0].data == {"hits": 4, "damage": "heavy"}
    assert war.units["trucks"].damage == "heavy" and jet.gun_bursts == 5
    assert war.objective_hex(jet, "trucks") == Hex(0, 0), "a heavily damaged target stands"


def test_a_recon_pass_low_finds_the_target_and_a_high_one_rolls() -> None:
    low = aircraft("low", hex_="0,0", level=3)
    high = aircraft("high", hex_="0,0", level=9)
    setups = {p.id: setup_of(p, role="recon", target="armour") for p in (low, high)}
    dice = Dice.seeded(0, recorded=faces(6, 7))
    war, game = ground_war(
        [site("armour", "target", "tank", "0,0", count=10)], [low, high], dice, setups=setups
    )
    war.entered(low, Hex(0, 0))
    assert game.overflights == {"low"}
    war.entered(high, Hex(0, 0))
    assert game.overflights == {"low"}, "a 6 does not find it (7–10)"
    war.entered(high, Hex(0, 0))
    assert game.overflights == {"low", "high"} and not dice.recorded
    assert [e.data["found"] for e in game.kinds("phantoms.recon")] == [True, False, True]


def test_a_weasels_agm45_knocks_out_a_radar() -> None:
    """Impulse 1: the Fan Song locks the Weasel (6 + 5 + 2 against 1); the Weasel locks the
    Fan Song (9 + radar 5 + 2 against 1) and fixes it (3 ≤ 6).  Impulse 2 it launches an
    AGM-45 from 8 hexes.  The ARM flies 5 hexes in impulse 3 (the radar's detection d10
    9 misses it) and reaches the radar in impulse 4 (8, still unseen): d10 2, destroyed."""
    weasel = aircraft("weasel", hex_="0,-8", level=3, radar=5, wild_weasel=True, moved=False)
    weasel.stores = {"agm-45": 2}
    setups = {
        "weasel": setup_of(
            weasel, role="striker", target="fan-song", profile="standoff", stores={"agm-45": 2}
        )
    }
    dice = Dice.seeded(0, recorded=faces(6, 1, 9, 1, 3, 9, 8, 2))
    war, game = ground_war(
        [site("fan-song", "sam_radar", "fan-song", "0,0")], [weasel], dice, setups=setups
    )
    war.radar_segment(1, 1)
    assert war.weasels["weasel"].fixed == {"fan-song"}
    assert war.rwr_text(weasel) == "FAN SONG 12h"
    war.launch_segment(1, 2)
    assert weasel.stores == {"agm-45": 1} and len(war.arms) == 1
    war.move_ships(1, 3)
    assert war.arms[0].hex == Hex(0, -3)
    war.move_ships(1, 4)
    war.impact_segment(1, 4)
    assert not dice.recorded
    radar = war.radars["fan-song"]
    assert radar.destroyed and war.units["fan-song"].out
    assert game.kinds("hit")[0].data["result"] == "destroyed"
    assert war.objective_hex(weasel, "fan-song") is None
    assert war.rwr_text(weasel) == ""


def test_a_radar_that_sees_the_arm_shuts_down_until_next_turn() -> None:
    weasel = aircraft("weasel", hex_="0,-8", level=3, radar=5, wild_weasel=True, moved=False)
    weasel.stores = {"agm-45": 2}
    dice = Dice.seeded(0, recorded=faces(1, 10, 1, 10, 9, 1, 3, 4))
    war, game = ground_war([site("fan-song", "sam_radar", "fan-song", "0,0")], [weasel], dice)
    war.radar_segment(1, 1)
    war.launch_segment(1, 2)
    war.move_ships(1, 3)
    assert war.radars["fan-song"].shut_down and not war.arms
    assert game.kinds("phantoms.shutdown")[0].entities[0] == "fan-song"
    war.end_of_turn()
    assert war.radars["fan-song"].operating and game.kinds("phantoms.radar_on")
