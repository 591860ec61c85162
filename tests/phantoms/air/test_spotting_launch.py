"""Spotting (optional §13.0) and launch rolls (optional §15.2, Intruders I-p.13)."""

from __future__ import annotations

import pytest

from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead
from engine.phantoms.launch_rolls import (
    VIETNAM_LAUNCH_NUMBERS,
    launch_roll,
    phantoms_launch_number,
)
from engine.phantoms.quality import NotAllowed
from engine.phantoms.spotting import (
    lose_spots,
    radar_spot,
    share_wingman_spots,
    spotted,
    visual_spot,
)
from tests.phantoms.air.cards import (
    AA_2,
    AIM_7E,
    AIM_9B,
    AWACS_LIKE,
    F_4,
    F_15,
    F_22,
    GNAT,
    MIG_21,
    SEA_HARRIER,
    card,
    dice,
    faces,
    plane,
)

ORIGIN = Hex(0, 0)


def test_visual_spot_modifiers() -> None:
    harrier = plane("h", SEA_HARRIER, ORIGIN, 0, 3, quality="ace")
    e3 = plane("e3", AWACS_LIKE, ahead(ORIGIN, 2, 4), 0, 0)
    roll = visual_spot(harrier, e3, dice(8, 5))  # 8 + 5 vs 5 + 7
    assert roll.attacker_modifiers == (
        ("ace pilot", 3),
        ("all-round canopy", 2),
        ("large target", 2),
        ("target at level 0", -2),
    )
    assert roll.target_modifiers == (("range", 7),)
    assert roll.won and "e3" in harrier.visual_spots


def test_visual_spot_crew_sensor_and_small_target() -> None:
    f4 = plane("f4", F_4, ORIGIN, 0, 3, quality="green")
    gnat = plane("gnat", GNAT, ahead(ORIGIN, 0, 2), 0, 3)
    f4.radar_spots.add("gnat")
    roll = visual_spot(f4, gnat, dice(1, 1))
    assert roll.attacker_modifiers == (
        ("green pilot", -2),
        ("two or more crew", 1),
        ("radar spot or lock", 3),
    )
    assert roll.target_modifiers == (("range", 2), ("small", 1))


def test_controller_help_shrinks_against_stealth() -> None:
    spotter = plane("s", F_15, ORIGIN, 0, 3)
    raptor = plane("r", F_22, ahead(ORIGIN, 0, 3), 0, 3)
    assert ("controller", 3) in visual_spot(
        spotter, raptor, dice(1, 1), controller=True
    ).attacker_modifiers
    roll = visual_spot(spotter, raptor, dice(1, 1), controller=True, stealth_rule=True)
    assert ("controller", 1) in roll.attacker_modifiers


def test_visual_range_limit_and_spin() -> None:
    spotter = plane("s", F_15, ORIGIN, 0, 3)
    far = plane("far", MIG_21, ahead(ORIGIN, 0, 8), 0, 6)
    with pytest.raises(NotAllowed, match="beyond"):
        visual_spot(spotter, far, dice())
    near = plane("near", MIG_21, ahead(ORIGIN, 0, 4), 0, 3)
    with pytest.raises(NotAllowed, match="beyond"):
        visual_spot(spotter, near, dice(), max_range=3)
    spotter.out_of_control = True
    with pytest.raises(NotAllowed, match="out of control"):
        visual_spot(spotter, near, dice())


def test_radar_spot_is_the_lock_roll_without_range() -> None:
    f15 = plane("f15", F_15, ORIGIN, 0, 3)
    mig = plane("mig", MIG_21, ahead(ORIGIN, 0, 9), 0, 4)
    roll = radar_spot(f15, mig, dice(2, 8), 1972)
    assert roll.attacker_modifiers == (("radar value", 7), ("target higher", 1))
    assert roll.target_modifiers == (("radar C/M", 2),)
    assert not roll.won  # 10 vs 10
    assert radar_spot(f15, mig, dice(3, 8), 1972).won and "mig" in f15.radar_spots
    mig.hex = ahead(ORIGIN, 2, 3)
    with pytest.raises(NotAllowed):
        radar_spot(f15, mig, dice(), 1972)
    with pytest.raises(NotAllowed, match="no radar"):
        radar_spot(plane("x", card("x"), ORIGIN, 0, 3), mig, dice(), 1972)
    raptor = plane("r", F_22, ahead(ORIGIN, 0, 3), 0, 3)
    stealthy = radar_spot(
        f15, raptor, faces(("d6", 2), ("d10", 1), ("d10", 1)), 2005, stealth_rule=True
    )
    assert ("stealth 1d6", 2) in stealthy.target_modifiers


def test_losing_spots() -> None:
    f15 = plane("f15", F_15, ORIGIN, 0, 3)
    a = plane("a", MIG_21, ahead(ORIGIN, 0, 3), 0, 3)
    b = plane("b", MIG_21, ahead(ORIGIN, 3, 3), 0, 3)
    c = plane("c", MIG_21, ahead(ORIGIN, 3, 11), 0, 3)
    f15.radar_spots |= {"a", "b"}
    f15.visual_spots |= {"a", "b", "c"}
    planes = {p.id: p for p in (a, b, c)}
    assert lose_spots(f15, planes) == {"b", "c"}
    assert f15.radar_spots == {"a"} and f15.visual_spots == {"a", "b"}
    f15.out_of_control = True
    assert lose_spots(f15, planes) == {"a", "b"}
    assert not f15.radar_spots and not f15.visual_spots


def test_wingmen_share_within_five_hexes() -> None:
    lead = plane("lead", MIG_21, ORIGIN, 0, 3, visual_spots={"x"})
    wing = plane("wing", MIG_21, ahead(ORIGIN, 2, 5), 0, 3, visual_spots={"y"})
    assert share_wingman_spots(lead, wing)
    assert lead.visual_spots == wing.visual_spots == {"x", "y"}
    wing.hex = ahead(ORIGIN, 2, 6)
    wing.visual_spots.add("z")
    assert not share_wingman_spots(lead, wing) and "z" not in lead.visual_spots
    other = plane("other", F_4, ahead(ORIGIN, 2, 1), 0, 3, visual_spots={"q"})
    assert not share_wingman_spots(lead, other)


def test_spotted_counts_own_visual_and_side_radar() -> None:
    viewer = plane("v", F_4, ORIGIN, 0, 3)
    friend = plane("f", F_4, ORIGIN, 0, 3)
    assert not spotted("mig", viewer, [friend])
    friend.radar_spots.add("mig")
    assert spotted("mig", viewer, [friend])
    friend.radar_spots.clear()
    friend.visual_spots.add("mig")
    assert not spotted("mig", viewer, [friend])  # visual spots are not shared
    viewer.visual_spots.add("mig")
    assert spotted("mig", viewer, [friend])


@pytest.mark.parametrize(
    ("group", "year", "number"),
    [
        ("us", 1965, 8),
        ("us", 1969, 8),
        ("us", 1970, 9),
        ("nato", 1989, 9),
        ("us", 1990, 10),
        ("russia", 1965, 7),
        ("warsaw_pact", 1975, 7),
        ("russia", 1976, 8),
        ("russia", 1989, 8),
        ("russia", 1995, 9),
        ("third_world", 1970, 7),
        ("second_world", 1982, 8),
        ("third_world", 1995, 9),
    ],
)
def test_launch_numbers_by_era(group: str, year: int, number: int) -> None:
    assert phantoms_launch_number(group, year) == number  # type: ignore[arg-type]


def test_launch_roll_modifiers_and_failure() -> None:
    f4 = plane("f4", F_4, ORIGIN, 0, 3, marker="LHT")
    roll = launch_roll(f4, 1, AIM_9B, 1972, dice(7), in_sun_arc=True)
    assert [name for name, _ in roll.modifiers] == [
        "firer in tight turn or loop",
        "high firer on a low target",
        "heat-seeker into the sun",
    ]
    assert roll.total == 10 and roll.launch_number == 9 and not roll.launched
    assert launch_roll(f4, 1, AIM_9B, 1972, dice(6), in_sun_arc=True).launched
    radar = launch_roll(f4, 3, AIM_7E, 1988, dice(8), in_sun_arc=True)
    assert radar.total == 9 and radar.launched  # no sun for a radar missile
    late = launch_roll(f4, 1, AIM_7E, 1986, dice(8))
    assert ("high firer on a low target", 1) not in late.modifiers


def test_vietnam_launch_numbers() -> None:
    mig = plane("mig", MIG_21, ORIGIN, 0, 1)
    atoll = launch_roll(mig, 1, AA_2, 1967, dice(7), numbers=VIETNAM_LAUNCH_NUMBERS)
    assert atoll.launch_number == 6 and not atoll.launched
    f4 = plane("f4", F_4, ORIGIN, 0, 3)
    sparrow = launch_roll(f4, 1, AIM_7E, 1990, dice(7), numbers=VIETNAM_LAUNCH_NUMBERS)
    assert sparrow.launch_number == 8
    assert ("high firer on a low target", 1) in sparrow.modifiers and sparrow.launched
    fallback = launch_roll(f4, 4, AIM_9B.model_copy(update={"id": "aim-9e"}), 1970, dice(9),
                           numbers=VIETNAM_LAUNCH_NUMBERS)  # fmt: skip
    assert fallback.launch_number == 9
