"""Ships inside the game turn (U-p.2–3), what the RWR shows, and the units in the replay."""

from __future__ import annotations

import numpy as np

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.hexgrid import centre_ft
from tests.phantoms.groundwar.stand_in import aircraft, ground_war, setup_of, site
from tests.phantoms.intruders.cards import faces


def test_a_ship_moves_on_the_last_impulse_of_every_third_turn() -> None:
    far = aircraft("far", hex_="20,0", level=8)
    war, game = ground_war(
        [site("kashin", "ship", "kashin", "0,0", side="ussr")], [far], Dice.seeded(0)
    )
    moves = []
    for turn in range(1, 7):
        game.turn = turn
        for impulse in range(1, 11):
            game.impulse = impulse
            before = war.units["kashin"].hex
            war.move_ships(turn, impulse)
            if war.units["kashin"].hex != before:
                moves.append((turn, impulse, war.units["kashin"].hex))
            war.impulse_done(impulse)
        war.end_of_turn()
    assert moves == [(3, 10, Hex(0, 1)), (6, 10, Hex(0, 2))]
    ship = war.units["kashin"]
    assert ship.radar is not None and ship.radar.hex == Hex(0, 2)
    assert all(g.hex == Hex(0, 2) for g in ship.guns) and len(ship.guns) == 2
    assert [b.sam.id for b in ship.batteries] == ["sa-n-1", "sa-n-1"]

    count = 601
    rows = war.timeline_rows(count, {"active": True, "speed_kt": 0.0, "pos_label": ""})
    entity = rows["kashin"]
    info = entity["info"]
    assert (info.kind, info.acmi_type, info.unit, info.box_ft) == (
        "ship",
        "Sea+Watercraft",
        "KASHIN",
        (472.0, 52.0, 40.0),
    )
    xyz = entity["xyz"]
    assert np.allclose(xyz[0, :2], centre_ft(Hex(0, 0)))
    assert np.allclose(xyz[300, :2], centre_ft(Hex(0, 1)))
    assert np.allclose(xyz[150, :2], np.add(centre_ft(Hex(0, 0)), centre_ft(Hex(0, 1))) / 2)
    steps = np.linalg.norm(np.diff(xyz[:, :2], axis=0), axis=1)
    assert np.allclose(steps, steps[0]), "steaming steadily, never jumping"
    assert 35.0 < entity["rows"][150]["speed_kt"] < 45.0
    assert entity["rows"][350]["pos_label"] == "hex 0,1"


def test_the_ships_guns_fire_as_aaa() -> None:
    jet = aircraft("jet", hex_="0,2", level=2)
    dice = Dice.seeded(0, recorded=faces(1, 10, 1, 10))
    war, game = ground_war([site("kashin", "ship", "kashin", "0,0", side="ussr")], [jet], dice)
    war.gun_segment(1, 1)
    assert [e.entities for e in game.kinds("phantoms.flak")] == [("kashin", "jet")] * 2
    assert war.fighting_sides() == {"ussr"}


def test_five_impulse_turns_move_ships_on_their_last_impulse() -> None:
    far = aircraft("far", hex_="20,0", level=8)
    war, _game = ground_war(
        [site("kashin", "ship", "kashin", "0,0", side="ussr")], [far], Dice.seeded(0), impulses=5
    )
    war.move_ships(3, 4)
    assert war.units["kashin"].hex == Hex(0, 0)
    war.move_ships(3, 5)
    assert war.units["kashin"].hex == Hex(0, 1)


def test_rwr_names_the_radars_painting_the_aircraft_by_their_clock_bearing() -> None:
    jet = aircraft("jet", hex_="0,5", level=4)
    mig = aircraft("mig", hex_="1,5", level=4, side="nva")
    mig.card = mig.card.model_copy(update={"id": "mig-21pf"})
    war, _game = ground_war(
        [site("fan-song", "sam_radar", "fan-song", "0,0")], [jet, mig], Dice.seeded(0)
    )
    assert war.rwr_text(jet) == ""
    war.radars["fan-song"].locks.append("jet")
    mig.locks.append("jet")
    assert war.rwr_text(jet) == "FAN SONG 6h · MIG-21PF 2h"
    jet.facing = 3
    assert war.rwr_text(jet) == "FAN SONG 12h · MIG-21PF 8h"


def test_the_units_in_the_replay() -> None:
    """Each site is a ground entity with its counter's words, its ring and its Tacview
    type; a hidden gun appears when it shows itself, a knocked-out one goes."""
    jet = aircraft("jet", hex_="0,1", level=1)
    dice = Dice.seeded(0, recorded=faces(1, 10))
    war, game = ground_war(
        [
            site("zpu", "aaa", "zpu-4", "0,0", count=3, hidden=True),
            site("grail", "sa7", None, "2,0"),
            site("depot", "target", "large-building", "4,0", count=2),
        ],
        [jet],
        dice,
    )
    war.impulse_done(1)
    war.units["zpu"].guns[0].hidden = True
    game.impulse = 2
    war.reveal(war.units["zpu"], "test")
    war.impulse_done(2)
    war.damage_unit(war.units["zpu"], "heavy")
    game.impulse = 3
    war.impulse_done(3)
    game.record_still_tracks(101)
    rows = war.timeline_rows(101, {"active": True, "phantoms.state": "", "phantoms.damage": ""})
    gun = rows["zpu"]
    assert (gun["info"].unit, gun["info"].ring_ft, gun["info"].acmi_type) == (
        "AAA ZPU-4 ×3",
        10_000.0,
        "Ground+AntiAircraft",
    )
    active = [row["active"] for row in gun["rows"]]
    assert not any(active[:11]) and all(active[11:21]) and not any(active[21:])
    assert gun["rows"][5]["phantoms.state"] == "hidden"
    assert gun["rows"][25]["phantoms.damage"] == "0/3 guns"
    assert rows["grail"]["info"].unit == "SA-7" and rows["grail"]["info"].ring_ft == 15_000.0
    depot = rows["depot"]["info"]
    assert (depot.unit, depot.ring_ft, depot.acmi_type) == (
        "LARGE BUILDING ×2",
        None,
        "Ground+Static",
    )
    assert war.fighting_sides() == {"nva"}, "the SA-7 team still fights"


def test_bombs_on_a_ship_are_hits_on_its_chart() -> None:
    """The 2008 Update's naval attack (U-p.2): four Mk 82s (AV 3 hard ×2 = 6) On Target
    (d10 8 at level 2) are 6 hits: box 4 is a fire check (5: no fire), box 5 a critical
    (6: misc. damage, its first box), box 6 plain."""
    jet = aircraft("jet", hex_="0,-1", level=2)
    jet.finished, jet.straight_run, jet.stores = "S", 3, {"mk-82": 4}
    setups = {"jet": setup_of(jet, role="striker", target="kashin", profile="level")}
    dice = Dice.seeded(0, recorded=faces(8, 5, 6))
    war, game = ground_war(
        [site("kashin", "ship", "kashin", "0,0", side="ussr")], [jet], dice, setups=setups
    )
    war.launch_segment(1, 1)
    game.impulse = 2
    jet.hex = Hex(0, 0)
    war.entered(jet, jet.hex)
    war.impact_segment(1, 2)
    ship = war.units["kashin"].ship
    assert ship is not None and ship.boxes_hit == 6 and not dice.recorded
    assert game.kinds("phantoms.bombing")[0].data == {"accuracy": "on_target", "hits": 6}
    assert ship.system_hits == {"misc": 1}


def test_no_ground_units() -> None:
    jet = aircraft("jet")
    war, _game = ground_war([], [jet], Dice.seeded(0))
    war.gun_segment(1, 1)
    war.radar_segment(1, 1)
    war.launch_segment(1, 1)
    war.impulse_done(1)
    assert war.fighting_sides() == set() and war.rwr_text(jet) == ""
    assert war.timeline_rows(11, {"active": True}) == {}
    assert war.objective_hex(jet, "nothing") is None
