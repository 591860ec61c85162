"""Ships (2008 Update U-p.2–3): the Kashin's chart, fires, criticals and the attack example."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.intruders import IntrudersRuleError
from engine.phantoms.intruders.bombing import ACCURACY_FACTOR, attack_value
from engine.phantoms.intruders.naval import (
    ShipState,
    apply_hits,
    arm_hits_ship,
    end_of_turn,
    hits_from_attack,
    move_ship,
    ship_moves,
)
from engine.phantoms.intruders.sam import RadarSite
from models.phantoms.ground import ground_radars, ship_charts, weapons
from tests.phantoms.intruders.cards import faces


def kashin() -> ShipState:
    radar = RadarSite(id="kashin-radar", radar=ground_radars()["kashin-radar"], hex=Hex(0, 0))
    return ShipState(
        id="kashin-1", chart=ship_charts()["kashin"], hex=Hex(0, 0), facing=0, radar=radar
    )


def test_example_16_four_mk82_on_a_kashin() -> None:
    """U-p.2: four Mk 82s (AV 3 × 2) On Target are 6 hits.  The 4th box's fire check rolls
    3, a minor fire; the 5th box's critical rolls 8, Weapons, then 1, the forward SA-N-1;
    the ammunition d10 6 does not explode; the weapon's fire check 3 is a second minor fire."""
    total = attack_value(weapons()["mk-82"], 4, hard=True) * ACCURACY_FACTOR["on_target"]
    hits = hits_from_attack(total)
    assert hits == 6
    ship = kashin()
    dice = Dice.seeded(0, recorded=faces(3, 8, 1, 6, 3))
    events = apply_hits(dice, ship, hits)
    assert ship.boxes_hit == 6
    assert ship.fires == ["minor", "minor"]
    assert ship.weapons_lost == {"sa-n-1-fwd"}
    assert [w.id for w in ship.working_weapons("sam")] == ["sa-n-1-aft"]
    assert [(e.kind, e.roll) for e in events if e.roll is not None] == [
        ("fire_check", 3),
        ("critical", 8),
        ("weapon", 1),
        ("ammunition", 6),
        ("fire_check", 3),
    ]
    assert not dice.recorded  # every recorded roll used, none more


def test_row_end_brings_an_extra_critical_and_the_last_box_sinks() -> None:
    ship = kashin()
    ship.boxes_hit = 9  # box 10 is yellow and ends row 1: two criticals (misc, misc)
    events = apply_hits(Dice.seeded(0, recorded=faces(6, 7)), ship, 1)
    assert [e.detail for e in events if e.kind == "critical"] == [
        "Misc. damage (yellow box)",
        "Misc. damage (end of a row)",
    ]
    ship.boxes_hit = ship.chart.total_boxes - 1
    events = apply_hits(Dice.seeded(0), ship, 3)
    assert ship.sunk and ship.boxes_hit == 40 and events[-1].kind == "sunk"


def test_fire_check_table() -> None:
    for reading, fires, extra in ((2, ["minor"], 0), (5, [], 0), (8, ["major"], 0)):
        ship = kashin()
        ship.boxes_hit = 3
        apply_hits(Dice.seeded(0, recorded=faces(reading)), ship, 1)
        assert ship.fires == fires and ship.boxes_hit == 4 + extra
    ship = kashin()
    ship.boxes_hit = 3
    # a 10 explodes: a major fire and 1d6 (2) hits at once, boxes 5 (yellow: misc) and 6
    apply_hits(Dice.seeded(0, recorded=[*faces(10), ("d6", 2), *faces(6)]), ship, 1)
    assert ship.fires == ["major"] and ship.boxes_hit == 6


def test_fires_are_fought_each_turn_and_burn_on_even_turns() -> None:
    ship = kashin()
    ship.fires = ["minor", "major", "minor"]
    # contain: 5 contained, 7 raging, 10 worse (minor -> major); odd turn: no damage
    events = end_of_turn(Dice.seeded(0, recorded=faces(5, 7, 10)), ship, turn=3)
    assert ship.fires == ["major", "major"] and ship.boxes_hit == 0
    assert [e.kind for e in events] == ["contain"] * 3
    # even turn: both still raging (6, 9), then 1d10 hits each (1, 2): boxes 1-3
    end_of_turn(Dice.seeded(0, recorded=faces(6, 9, 1, 2)), ship, turn=4)
    assert ship.boxes_hit == 3


def test_flooding_on_odd_turns() -> None:
    ship = kashin()
    ship.system_hits["flooding"] = 1
    ship.boxes_hit = 4  # the 5th box is yellow: critical 2 is the second flooding box
    apply_hits(Dice.seeded(0, recorded=faces(2)), ship, 1)
    assert ship.flooding_boxes == 2
    end_of_turn(Dice.seeded(0, recorded=faces(9)), ship, turn=1)
    assert ship.boxes_hit == 7 and ship.flooding_boxes == 3  # no checks for flooded boxes
    end_of_turn(Dice.seeded(0), ship, turn=2)
    assert ship.boxes_hit == 7
    end_of_turn(Dice.seeded(0, recorded=faces(1)), ship, turn=3)
    assert ship.flooding_boxes == 0 and ship.boxes_hit == 9  # 3 lost, 1 restored


def test_bridge_sensors_and_engines_take_both_boxes() -> None:
    ship = kashin()
    ship.boxes_hit = 4
    apply_hits(Dice.seeded(0, recorded=faces(1)), ship, 1)
    assert ship.out_of_control_turns == 0 and ship.system_hits["bridge"] == 1
    ship.boxes_hit = 4
    apply_hits(Dice.seeded(0, recorded=[*faces(1), ("d6", 3), ("d6", 2)]), ship, 1)
    assert ship.out_of_control_turns == 3 and ship.fire_control_lost_turns == 2
    assert not ship.can_fire
    with pytest.raises(IntrudersRuleError, match="out of control"):
        move_ship(ship, 1)
    end_of_turn(Dice.seeded(0), ship, turn=1)
    end_of_turn(Dice.seeded(0), ship, turn=2)
    assert ship.can_fire and ship.out_of_control_turns == 1
    for _ in range(2):
        ship.boxes_hit = 4
        apply_hits(Dice.seeded(0, recorded=faces(4)), ship, 1)
    assert ship.sensors_crippled and ship.defence_bonus == 2
    assert ship.radar is not None and ship.radar.defence_bonus == 2
    for _ in range(2):
        ship.boxes_hit = 4
        apply_hits(Dice.seeded(0, recorded=faces(5)), ship, 1)
    assert ship.dead_in_water
    assert move_ship(ship) == Hex(0, 0)


def test_weapons_ten_rolls_again_and_ammunition_explodes() -> None:
    ship = kashin()
    ship.boxes_hit = 4
    dice = Dice.seeded(0, recorded=[*faces(9, 10, 3, 10, 1), *faces(5)])
    # critical 9 weapons; 10 again; 3 the forward 76 mm; ammunition 10: 1 more hit (box 6);
    # the weapon's fire check 5: nothing
    apply_hits(dice, ship, 1)
    assert ship.weapons_lost == {"76mm-fwd"} and ship.boxes_hit == 6
    assert [w.uses for w in ship.working_weapons("aaa")] == ["76mm-naval"]


def test_arm_hit_on_a_ship() -> None:
    ship = kashin()
    ship.system_hits["sensors"] = 1
    events = arm_hits_ship(Dice.seeded(0, recorded=faces(5)), ship)
    assert ship.sensors_crippled and ship.boxes_hit == 2
    assert [e.kind for e in events].count("fire_check") == 1


def test_ships_move_on_the_last_impulse_of_every_third_turn() -> None:
    assert ship_moves(3, 10) and ship_moves(6, 10)
    assert not ship_moves(3, 9) and not ship_moves(4, 10)
    ship = kashin()
    assert move_ship(ship, 1) == Hex(1, 0) and ship.facing == 1
    with pytest.raises(IntrudersRuleError, match="one hexside"):
        move_ship(ship, 2)
