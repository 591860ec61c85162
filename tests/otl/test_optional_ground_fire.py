"""§Machine Guns, §Troops and the Ground-Based Fire Table."""

from __future__ import annotations

import pytest

from engine.dice import Dice, RollKind
from engine.otl.optional.ground_fire import (
    StrafingTally,
    chits_from,
    choose_target,
    fire_ground_unit,
    table_column,
)
from models.otl.scenario import OtlOptions
from tests.otl.test_optional_planes import plane, unit

MG = unit("mg-1", "machine_gun", "central")
TROOPS = unit("troops-1", "troops", "central")
OPEN = OtlOptions(ground_fire=True)


def test_the_column_by_year_and_unit() -> None:
    assert table_column(TROOPS, "1916-08") == "1915-16"
    assert table_column(TROOPS, "1917-01") == "1917-18"
    assert table_column(MG, "1915-05") == "1917-18"


@pytest.mark.parametrize(
    ("kind", "date", "roll", "picked"),
    [
        ("troops", "1916-05", 4, "albatros-1"),  # early troops: nearest on 1–4
        ("troops", "1916-05", 5, "camel-1"),
        ("troops", "1918-05", 2, "albatros-1"),  # later: nearest on 1–2 only
        ("troops", "1918-05", 3, "camel-1"),
        ("machine_gun", "1916-05", 3, "camel-1"),
    ],
)
def test_the_table_picks_the_nearest_plane_or_the_nearest_enemy(
    kind: str, date: str, roll: int, picked: str
) -> None:
    friend = plane("albatros-1", "central", x_in=3.0, alt_ft=500.0)
    enemy = plane("camel-1", "entente", x_in=6.0, alt_ft=500.0)
    far_enemy = plane("pup-1", "entente", x_in=20.0, alt_ft=500.0)
    target = choose_target(
        unit("u", kind, "central"),
        [far_enemy, enemy, friend],
        date,
        Dice.seeded(0, [("d6", roll)]),
        round_no=1,
        options=OPEN,
        time_of_day="midday",
    )
    assert target is not None and target.id == picked


def test_chits_are_2d6_plus_firepower_less_range_and_size() -> None:
    # 4 in east and 150 ft (3 in) up: 5 in; size +1; Regular pilot.
    camel = plane("camel-1", "entente", x_in=4.0, alt_ft=150.0, missions=3, size=1)
    dice = Dice.seeded(0, [("d6", 5), ("d6", 6), ("d6", 3)])  # target roll, then 2d6
    fire = fire_ground_unit(
        MG, [camel], "1918-01", dice, round_no=2, options=OPEN, time_of_day="midday"
    )
    assert fire.target == "camel-1"
    assert fire.chits == 6 + 3 + 8 - 5 + 1
    assert fire.event is not None and fire.event.kind == "otl.ground_fire"
    assert dice.rolls[1].purpose == "ground fire, mg-1 at Camel 1, round 2"


def test_troops_hit_harder_the_green_and_softer_the_veteran() -> None:
    green = plane("g", "entente", x_in=2.0, alt_ft=0.0, missions=0)
    veteran = plane("v", "entente", x_in=2.0, alt_ft=0.0, missions=9)
    roll: list[tuple[RollKind, int]] = [("d6", 6), ("d6", 3), ("d6", 3)]
    assert (
        fire_ground_unit(
            TROOPS,
            [green],
            "1918-01",
            Dice.seeded(0, roll),
            round_no=1,
            options=OPEN,
            time_of_day="midday",
        ).chits
        == 3 + 3 + 4 - 2 + 2
    )
    assert (
        fire_ground_unit(
            TROOPS,
            [veteran],
            "1918-01",
            Dice.seeded(0, roll),
            round_no=1,
            options=OPEN,
            time_of_day="midday",
        ).chits
        == 3 + 3 + 4 - 2 - 2
    )


def test_out_of_reach_and_out_of_sight_roll_nothing() -> None:
    far = plane("camel-1", "entente", x_in=30.0, alt_ft=0.0)
    dice = Dice.seeded(0, [("d6", 6)])
    fire = fire_ground_unit(
        MG, [far], "1918-01", dice, round_no=1, options=OPEN, time_of_day="midday"
    )
    assert fire.chits == 0 and len(dice.rolls) == 1
    hidden = plane("camel-2", "entente", x_in=0.0, alt_ft=3_000.0)
    sunny = OtlOptions(ground_fire=True, sun=True)
    fire = fire_ground_unit(
        MG, [hidden], "1918-01", Dice.seeded(0), round_no=1, options=sunny, time_of_day="midday"
    )
    assert fire.target is None and fire.event is None


def test_the_damage_divider_divides_the_sum_rounding_up() -> None:
    assert chits_from(4, 3) == 2  # the rulebook's 4 chits ÷ 3 → 1⅓ → 2
    assert chits_from(0, 1) == 0
    assert chits_from(-3, 1) == 0


def test_wing_and_fuselage_chits_on_troops_count_for_the_strafing_side() -> None:
    tally = StrafingTally()
    keys = ["wing_check_1", "miss", "fuselage_check_2", "engine_hit"]
    assert tally.record("entente", TROOPS, keys) == 2
    assert tally.record("entente", MG, keys) == 0
    tally.record("entente", TROOPS, ["wing_check_3"])
    assert tally.hits == {"entente": 3}
