"""§Archie: aim points, deviation, bursts and what archie may fire at."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.optional.archie import (
    AimNotationError,
    ArchieAim,
    choose_aim,
    fire_archie,
    ground_unit_hit,
    lead_aim,
    may_fire_at,
    parse_archie_order,
)
from models.otl.scenario import CloudLayer, OtlOptions
from tests.otl.test_optional_planes import plane, unit

GUN = unit("gun-4", "archie", "central", x_in=0.0, y_in=0.0)
OPEN = OtlOptions(ground_fire=True)


def test_the_rulebook_aim_reads_and_is_legal() -> None:
    gun, aim = parse_archie_order('8150\', 24"N, 12"W of Gun #4')
    assert gun == "Gun #4"
    assert aim == ArchieAim(8150, 24.0, -12.0)
    assert str(aim) == '8150\', 24"N, 12"W'
    assert ArchieAim.parse(str(aim)) == aim
    assert eval(repr(aim)) == aim
    assert ArchieAim.parse("8,150', 3\"S") == ArchieAim(8150, -3.0, 0.0)


@pytest.mark.parametrize(
    ("text", "blamed"),
    [
        ('8150\', 25"N, 12"W', "north–south offset is 25 in"),
        ('8150 yards, 2"N', "altitude '8150 yards'"),
        ("8150', 2\"Q", "offset '2\"Q'"),
        ('8150\', 2"N, 3"S', "north axis is given twice"),
        ("16000', 2\"N", "1 and 15,000 ft"),
        ("", "starts with its altitude"),
    ],
)
def test_a_bad_aim_names_the_part_at_fault(text: str, blamed: str) -> None:
    with pytest.raises(AimNotationError, match=blamed):
        ArchieAim.parse(text)


def test_deviation_moves_the_burst_by_the_table_and_catches_planes_within_an_inch() -> None:
    camel = plane("camel-1", "entente", x_in=-11.0, y_in=22.0, alt_ft=8_200.0)
    pup = plane("pup-1", "entente", x_in=-11.0, y_in=22.0, alt_ft=8_300.0)
    # altitude d6 4 (+50 ft), north d6 2 (−2 in), east d6 4 (+1 in); Camel's chits d6 5.
    dice = Dice.seeded(0, [("d6", 4), ("d6", 2), ("d6", 4), ("d6", 5)])
    burst = fire_archie(
        GUN,
        ArchieAim.parse('8150\', 24"N, 12"W'),
        [camel, pup],
        dice,
        round_no=3,
        options=OPEN,
        time_of_day="midday",
        target=camel,
    )
    assert (burst.x_in, burst.y_in, burst.alt_ft) == (-11.0, 22.0, 8_200.0)
    assert burst.chits == {"camel-1": 5}  # the Pup, 100 ft (2 in) above, is missed
    assert burst.event.kind == "otl.archie"
    assert burst.event.data["x_ft"] == -550.0
    assert burst.event.data["y_ft"] == 1_100.0
    assert burst.event.data["z_ft"] == 8_200.0
    assert dice.rolls[0].purpose == ("archie altitude, gun gun-4 at Camel 1, round 3")


def test_archie_fires_only_below_15000_ft_and_in_plain_view() -> None:
    high = plane(alt_ft=15_100.0, x_in=5.0)
    assert not may_fire_at(GUN, high, OPEN, "midday")
    assert may_fire_at(GUN, plane(alt_ft=15_000.0, x_in=5.0), OPEN, "midday")
    cloudy = OtlOptions(clouds=CloudLayer(base_ft=4_000, top_ft=6_000))
    assert not may_fire_at(GUN, plane(alt_ft=7_000.0, x_in=5.0), cloudy, "midday")
    sunny = OtlOptions(sun=True)
    assert not may_fire_at(GUN, plane(alt_ft=3_000.0, x_in=5.0), sunny, "midday")
    with pytest.raises(IllegalOrder, match="above 15,000 ft"):
        fire_archie(
            GUN,
            ArchieAim(15_000),
            [high],
            Dice.seeded(1),
            round_no=1,
            options=OPEN,
            time_of_day="midday",
            target=high,
        )


def test_the_ai_gunner_leads_the_target_one_round_on() -> None:
    # Heading east at speed 8 in a Climb: 4 MP ahead, 4 vertical MP of 75 ft.
    camel = plane(x_in=2.0, y_in=10.0, alt_ft=6_000.0, heading_deg=90.0, pitch=1, speed=8)
    assert lead_aim(GUN, camel) == ArchieAim(6_300, 10.0, 6.0)
    far = plane("far", x_in=40.0, alt_ft=6_000.0)
    assert lead_aim(GUN, far) is None
    friend = plane("friend", "central", x_in=1.0, alt_ft=3_000.0)
    chosen = choose_aim(GUN, [far, friend, camel], OPEN, "midday")
    assert chosen is not None and chosen[0] is camel


def test_a_critical_chit_destroys_guns_but_never_troops() -> None:
    assert ground_unit_hit(GUN, chit_is_critical=True)
    assert not ground_unit_hit(GUN, chit_is_critical=False)
    assert ground_unit_hit(unit("mg", "machine_gun"), chit_is_critical=True)
    assert not ground_unit_hit(unit("t", "troops"), chit_is_critical=True)


def test_same_dice_same_burst() -> None:
    def burst() -> tuple[float, float, float]:
        b = fire_archie(
            GUN,
            ArchieAim(5_000, 3.0, 3.0),
            [],
            Dice.seeded(7),
            round_no=1,
            options=OPEN,
            time_of_day="midday",
        )
        return (b.x_in, b.y_in, b.alt_ft)

    assert burst() == burst()
