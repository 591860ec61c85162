"""A strike package flown through a defended area with seeded dice: every segment in its
place in the Sequence of Play, twice over with one seed, for the same record."""

from __future__ import annotations

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead
from tests.phantoms.groundwar.stand_in import aircraft, ground_war, setup_of, site

DEFENCES = [
    site("fan-song", "sam_radar", "fan-song", "3,4"),
    site("sa2", "sam_battery", "sa-2", "3,4", count=6, radar="fan-song"),
    site("can", "aaa_radar", "fire-can", "-1,8"),
    site("zpu", "aaa", "zpu-4", "0,7", count=2, radar="can"),
    site("flak", "aaa", "ks-19", "1,9", count=2),
    site("quads", "aaa", "zu-23", "-1,11", hidden=True),
    site("grail", "sa7", None, "1,10", count=2),
    site("bridge", "target", "bridge", "0,12"),
    site("kashin", "ship", "kashin", "6,6"),
]


def fly(seed: int) -> tuple[list[tuple[str, tuple[str, ...], str]], list[str]]:
    """Two strikers run north at level 2 and 1 over the guns to the bridge; a Weasel
    follows at level 3.  Every impulse each moves a hex straight ahead."""
    strikers = [aircraft("hawk", hex_="0,0", level=2), aircraft("eagle", hex_="-1,0", level=1)]
    weasel = aircraft("weasel", hex_="1,-2", level=3, radar=5, wild_weasel=True)
    for plane in strikers:
        plane.stores, plane.loaded, plane.gun_bursts = {"mk-82": 6}, True, 6
    weasel.stores = {"agm-45": 2}
    setups = {
        "hawk": setup_of(strikers[0], role="striker", target="bridge", profile="level"),
        "eagle": setup_of(strikers[1], role="striker", target="bridge", profile="low"),
        "weasel": setup_of(weasel, role="striker", target="fan-song", profile="standoff"),
    }
    planes = [*strikers, weasel]
    war, game = ground_war(
        DEFENCES,
        planes,
        Dice.seeded(seed),
        setups=setups,
        options={"spotting": True, "launch_rolls": "vietnam"},
    )
    for turn in (1, 2):
        game.turn = turn
        for impulse in range(1, 11):
            game.impulse = impulse
            for plane in planes:
                plane.clear_impulse()
                if not plane.in_play:
                    continue
                plane.hex = ahead(plane.hex, plane.facing)
                plane.moved, plane.finished = True, "S"
                plane.straight_run += 1
                war.entered(plane, plane.hex)
            war.move_ships(turn, impulse)
            war.impact_segment(turn, impulse)
            war.gun_segment(turn, impulse)
            war.launch_segment(turn, impulse)
            war.radar_segment(turn, impulse)
            war.impulse_done(impulse)
            for plane in planes:
                assert war.sams_at(plane.id) >= 0
                war.rwr_text(plane)
        war.end_of_turn()
    game.record_still_tracks(201)
    rows = war.timeline_rows(201, {"active": True, "phantoms.state": "", "alt_label": ""})
    assert all(len(entity["rows"]) == 201 for entity in rows.values())
    named = {name for e in game.events for name in e.entities}
    assert named <= set(rows) | set(game.planes), "every event names a timeline entity"
    return [(e.kind, e.entities, e.detail) for e in game.events], sorted(rows)


def test_one_seed_one_record() -> None:
    first = fly(1972)
    assert first == fly(1972)
    kinds = {kind for kind, _entities, _detail in first[0]}
    assert {"phantoms.flak", "phantoms.lock", "launch"} <= kinds


def test_many_seeds_run_clean() -> None:
    for seed in range(12):
        events, _entities = fly(seed)
        assert events
    assert Hex(0, 0) == Hex.parse("0,0")
