"""AAA inside the game turn (Intruders I-p.2–3): who fires at whom, and when."""

from __future__ import annotations

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.hexgrid import centre_ft, level_ft
from tests.phantoms.groundwar.stand_in import aircraft, ground_war, site
from tests.phantoms.intruders.cards import faces


def test_a_zpu4_fires_at_an_aircraft_that_moved_into_reach_only() -> None:
    """The ZPU-4 (flak 3, 2 hexes, levels 0–2) at 0,0: ``near`` moved into the next hex
    at its optimum level 1, ``still`` sits in reach but did not move (rule 4), ``far`` moved
    but is 5 hexes out.  Only ``near`` is fired at: d10 4 + flak 3 + 1 (the gun dead astern)
    = 8 against d10 2 + defence 4 = 6, won by 2: 2 damage."""
    near = aircraft("near", hex_="0,1", level=1)
    still = aircraft("still", hex_="1,0", level=1, moved=False)
    far = aircraft("far", hex_="0,5", level=1)
    dice = Dice.seeded(0, recorded=faces(4, 2))
    war, game = ground_war([site("zpu", "aaa", "zpu-4", "0,0")], [near, still, far], dice)

    war.gun_segment(1, 1)

    assert not dice.recorded, "one attack, two dice"
    flak = game.kinds("phantoms.flak")
    assert [e.entities for e in flak] == [("zpu", "near")]
    assert flak[0].data["style"] == "flak"
    x_ft, y_ft = centre_ft(near.hex)
    burst = (flak[0].data["x_ft"], flak[0].data["y_ft"], flak[0].data["z_ft"])
    assert abs(burst[0] - x_ft) < 500 and abs(burst[1] - y_ft) < 500
    assert abs(burst[2] - level_ft(1)) < 500
    hits = game.kinds("hit")
    assert [e.entities for e in hits] == [("zpu", "near")] and hits[0].data["hits"] == 2
    assert near.damage == 2 and still.damage == 0 and far.damage == 0
    assert not game.kinds("miss")


def test_an_aircraft_that_did_not_move_is_not_fired_at_next_impulse() -> None:
    near = aircraft("near", hex_="0,1", level=1)
    dice = Dice.seeded(0, recorded=faces(1, 10))
    war, game = ground_war([site("zpu", "aaa", "zpu-4", "0,0")], [near], dice)
    war.gun_segment(1, 1)
    assert [e.kind for e in game.kinds("hit", "miss")] == ["miss"]
    near.moved = False
    war.gun_segment(1, 2)
    assert len(game.kinds("phantoms.flak")) == 1


def test_a_site_of_two_guns_fires_twice() -> None:
    near = aircraft("near", hex_="0,1", level=1)
    dice = Dice.seeded(0, recorded=faces(1, 10, 1, 10))
    war, game = ground_war([site("zpu", "aaa", "zpu-4", "0,0", count=2)], [near], dice)
    war.gun_segment(1, 1)
    assert not dice.recorded
    assert [e.entities for e in game.kinds("phantoms.flak")] == [("zpu", "near")] * 2


def test_heavy_aaa_fires_every_other_impulse_at_everyone_in_the_hex() -> None:
    """A KS-19 (Heavy) fires in impulses 1 and 3 but not 2, each time a separate attack on
    both aircraft in the aimed-at hex (I-p.2 rules 3 and 5) — the wingman too, though it
    did not move."""
    lead = aircraft("lead", hex_="0,3", level=6)
    wing = aircraft("wing", hex_="0,3", level=6, moved=False)
    misses = faces(1, 10, 1, 10)
    dice = Dice.seeded(0, recorded=misses + misses)
    war, game = ground_war([site("flak", "aaa", "ks-19", "0,0")], [lead, wing], dice)

    war.gun_segment(1, 1)
    assert len(dice.recorded) == 4
    assert sorted(e.entities[1] for e in game.kinds("phantoms.flak")) == ["lead", "wing"]
    war.gun_segment(1, 2)
    assert len(dice.recorded) == 4, "Heavy AAA holds its fire the impulse after it fires"
    war.gun_segment(1, 3)
    assert not dice.recorded
    assert len(game.kinds("phantoms.flak")) == 4
    assert {e.kind for e in game.kinds("hit", "miss")} == {"miss"}


def test_the_gun_picks_the_aircraft_it_has_the_best_odds_against() -> None:
    """One at its optimum level 1, one a level above it (−2): the gun takes the first."""
    high = aircraft("high", hex_="0,1", level=2)
    low = aircraft("low", hex_="0,-1", level=1)
    dice = Dice.seeded(0, recorded=faces(1, 10))
    war, game = ground_war([site("zpu", "aaa", "zpu-4", "0,0")], [high, low], dice)
    war.gun_segment(1, 1)
    assert [e.entities for e in game.kinds("phantoms.flak")] == [("zpu", "low")]


def test_a_radar_lock_directs_the_guns() -> None:
    """A gun site slaved to a Fire Can whose lock holds fires radar directed (+2)."""
    near = aircraft("near", hex_="0,1", level=1)
    dice = Dice.seeded(0, recorded=faces(1, 10))
    war, game = ground_war(
        [
            site("can", "aaa_radar", "fire-can", "0,0"),
            site("zpu", "aaa", "zpu-4", "0,0", radar="can"),
        ],
        [near],
        dice,
    )
    war.radars["can"].locks.append("near")
    war.gun_segment(1, 1)
    assert "radar directed +2" in game.kinds("miss")[0].detail


def test_aaa_kills_check_ejection() -> None:
    near = aircraft("near", hex_="0,1", level=1)
    near.damage = 8
    # 10 + 4 = 14 against 1 + 4 = 5: 4 damage, past the maximum 8: 1 + 4 criticals; the
    # first (9, major) destroys it; the ejection roll 5 gets the crew out.
    dice = Dice.seeded(0, recorded=faces(10, 1, 9, 5))
    war, game = ground_war([site("zpu", "aaa", "zpu-4", "0,0")], [near], dice)
    war.gun_segment(1, 1)
    assert near.destroyed and game.kills == [("near", "AAA ZPU-4 14.5 mm", True)]


def test_hidden_guns_show_themselves_when_they_fire() -> None:
    near = aircraft("near", hex_="0,1", level=1)
    dice = Dice.seeded(0, recorded=faces(1, 10))
    war, game = ground_war([site("zpu", "aaa", "zpu-4", "0,0", hidden=True)], [near], dice)
    assert war.units["zpu"].hidden
    war.gun_segment(1, 1)
    assert not war.units["zpu"].hidden
    assert game.kinds("phantoms.reveal")[0].entities == ("zpu",)
    assert war.units["zpu"].hex == Hex(0, 0)
