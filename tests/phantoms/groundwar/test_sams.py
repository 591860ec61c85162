"""SA-2 batteries and their radars inside the game turn (I-p.3), and the SAMs in the
replay."""

from __future__ import annotations

import numpy as np

from engine.dice import Dice
from engine.hexmap import Hex
from tests.phantoms.groundwar.stand_in import aircraft, ground_war, site
from tests.phantoms.intruders.cards import faces

SA2_SITE = [
    site("fan-song", "sam_radar", "fan-song", "0,0"),
    site("sa2", "sam_battery", "sa-2", "0,0", count=6, radar="fan-song"),
]


def strike_by_sa2(dice: Dice):  # type: ignore[no-untyped-def]
    """Impulse 1 the Fan Song locks ``jet`` 10 hexes north at level 4: d10 6 + 5 + 2 (over
    5 hexes) = 13 against d10 1.  Impulse 2 the battery fires two SA-2s at it.  They fly 5
    hexes in impulse 3 and reach it in impulse 4: the first, d10 3 + attack 2 = 5 against
    d10 2 + average pilot 1 = 3: 2 hits and the SA-2's 2 criticals (1 and 2: minor); the
    second, 1 + 2 = 3 against 5 + 1 = 6, misses.  In impulse 4's Launch Segment, with
    nothing left at the jet, the battery fires its next two."""
    jet = aircraft("jet", hex_="0,10", level=4, moved=False)
    war, game = ground_war(SA2_SITE, [jet], dice)
    for impulse in range(1, 5):
        game.impulse = impulse
        war.move_ships(1, impulse)
        war.impact_segment(1, impulse)
        war.gun_segment(1, impulse)
        war.launch_segment(1, impulse)
        war.radar_segment(1, impulse)
        war.impulse_done(impulse)
        if impulse == 2:
            assert war.sams_at("jet") == 2
    return war, game, jet


def sa2_dice() -> Dice:
    return Dice.seeded(0, recorded=faces(6, 1, 3, 2, 1, 2, 1, 5))


def test_an_sa2_battery_locks_fires_two_and_they_burst_on_impact() -> None:
    war, game, jet = strike_by_sa2(dice := sa2_dice())
    assert not dice.recorded
    assert [e.entities for e in game.kinds("phantoms.lock")] == [("fan-song", "jet")]
    launches = game.kinds("launch")
    assert [e.impulse for e in launches] == [2, 2, 4, 4]
    assert all(e.entities[1:] == ("sa2", "jet") and e.data["launched"] for e in launches)
    assert war.units["sa2"].batteries[0].missiles == 2
    bursts = game.kinds("phantoms.sam_burst")
    assert len(bursts) == 2 and {e.data["style"] for e in bursts} == {"warhead"}
    assert all(e.impulse == 4 for e in bursts)
    assert [e.kind for e in game.kinds("hit", "miss")] == ["hit", "miss"]
    assert jet.damage == 2 and jet.criticals == ["minor", "minor"]
    assert war.sams_at("jet") == 2


def test_no_lock_no_launch() -> None:
    jet = aircraft("jet", hex_="0,10", level=4, moved=False)
    dice = Dice.seeded(0, recorded=faces(1, 10, 1, 10))
    war, game = ground_war(SA2_SITE, [jet], dice)
    war.radar_segment(1, 1)
    assert not dice.recorded, "two attempts an impulse (I-p.3 rule 2)"
    war.launch_segment(1, 2)
    assert not game.kinds("launch") and war.sams_at("jet") == 0


def test_the_radar_turns_its_cone_to_the_aircraft() -> None:
    """An aircraft to the south-east (120°) is outside the north-facing cone; the radar
    turns its cone to face it and locks."""
    jet = aircraft("jet", hex_="6,-6", level=4, moved=False)
    dice = Dice.seeded(0, recorded=faces(6, 1))
    war, _game = ground_war(SA2_SITE, [jet], dice)
    war.radar_segment(1, 1)
    assert war.radars["fan-song"].facing == 2 and war.radars["fan-song"].locks == ["jet"]


def test_an_sa7_team_needs_a_spot() -> None:
    """With the spotting rule in play an SA-7 team fires only at an aircraft it spots: its
    d10 against the aircraft's d10 plus the range."""
    low = aircraft("low", hex_="0,2", level=0, moved=True)
    dice = Dice.seeded(0, recorded=faces(2, 5, 10, 1))
    war, game = ground_war(
        [site("grail", "sa7", None, "0,0", count=2)], [low], dice, options={"spotting": True}
    )
    war.launch_segment(1, 1)
    assert not game.kinds("launch") and len(dice.recorded) == 2
    war.launch_segment(1, 2)
    assert game.kinds("phantoms.spot")[0].entities == ("grail", "low")
    assert [e.entities[1:] for e in game.kinds("launch")] == [("grail", "low")]
    assert war.sams_at("low") == 1, "one SA-7 at one aircraft"


def test_the_sa2_in_the_replay_flies_from_launch_to_burst() -> None:
    war, game, _jet = strike_by_sa2(sa2_dice())
    count = 101
    game.record_still_tracks(count)
    first_row = {
        "active": True,
        "speed_kt": 400.0,
        "alt_label": "level 4",
        "pos_label": "",
        "phantoms.state": "ok",
        "phantoms.damage": "0/8",
        "phantoms.locks": "",
        "phantoms.hex_q": 0,
        "phantoms.facing": 0,
        "phantoms.impulse": 1,
    }
    rows = war.timeline_rows(count, first_row)
    sams = [k for k, v in rows.items() if v["info"].kind == "missile"]
    assert len(sams) == 4
    for entity in rows.values():
        assert len(entity["rows"]) == count
        assert entity["xyz"].shape == (count, 3) and entity["quat"].shape == (count, 4)
        assert set(entity["rows"][0]) == set(first_row)
    first = rows[sams[0]]
    active = np.array([row["active"] for row in first["rows"]])
    assert first["info"].type_id == "sa-2" and first["info"].acmi_type == "Weapon+Missile"
    assert np.flatnonzero(active).tolist() == list(range(20, 41)), "impulse 2 end to impulse 4's"
    assert np.allclose(first["xyz"][40], game.writer.xyz["jet"][0][40])
    second = rows[sams[1]]
    assert np.allclose(second["xyz"][40, 2] - first["xyz"][40, 2], 1_500.0), "a miss passes above"
    later = np.array([row["active"] for row in rows[sams[2]]["rows"]])
    assert np.flatnonzero(later).tolist() == list(range(40, 101)), "still flying at the end"
    radar = rows["fan-song"]["info"]
    assert (radar.kind, radar.unit) == ("ground", "FAN SONG")
    battery = rows["sa2"]["info"]
    assert (battery.unit, battery.ring_ft, battery.acmi_type) == (
        "SA-2",
        150_000.0,
        "Ground+AntiAircraft",
    )
    assert rows["sa2"]["rows"][30]["phantoms.locks"] == "jet"
    assert rows["fan-song"]["rows"][0]["phantoms.state"] == "ok"
    assert Hex(0, 0) == war.units["sa2"].hex
