"""Intruders' purchase points: every printed load-out total (I-p.12–13) and the load limits."""

from __future__ import annotations

import pytest

from engine.phantoms.intruders.points import (
    UnknownItem,
    defence_points,
    defence_problems,
    loadout_points,
    loadout_problems,
)
from models.phantoms.mission import points_table

# (aircraft, stores, printed total with its lost 5s restored) — I-p.12–13's load-out table.
LOADOUTS = [
    ("f-4e", {"aim-7f": 4, "aim-9b": 4}, 265),  # "26"
    ("f-4e", {"aim-7f": 2, "aim-9b": 4, "mk-82": 6}, 285),  # "28"
    ("f-4e", {"walleye-1": 2, "aim-7f": 2, "laser-pod": 1}, 360),
    ("f-100d", {"aim-9b": 2, "mk-82": 4, "mk-83": 2}, 140),
    ("a-6a", {"mk-83": 12}, 270),
    ("a-6a", {"cbu-71": 9}, 375),  # "37"
    ("b-52d", {"mk-82": 106}, 880),
    ("a-4e", {"lau-68": 2, "mk-82": 6}, 114),
    ("f-111a", {"cbu-58": 12}, 575),  # "7"
    ("f-111a", {"mk-82": 24, "mk-83": 4}, 435),  # "43"
    ("f-105d", {"m117": 6, "lau-3a": 2}, 198),
    ("f-105d", {"aim-9b": 2, "m118": 2}, 210),
    ("f-105d", {"aim-9b": 2, "mk-82": 6}, 180),
    ("a-37b", {"lau-3a": 2, "mk-82": 4, "blu-11": 1}, 105),  # "10"
    ("a-1h", {"lau-68": 2, "mk-82": 10, "mk-83": 2}, 144),
    ("a-1h", {"cbu-58": 4, "lau-68": 4}, 178),
    ("a-7e", {"lau-3a": 2, "mk-82": 12, "aim-9b": 2}, 200),
    ("a-7e", {"mk-83": 6, "aim-9b": 2}, 190),
    ("f-104c", {"aim-9b": 2, "mk-82": 4}, 120),
    ("f-105g", {"agm-45": 2, "cbu-59": 6}, 400),
    ("a-6e", {"agm-45": 2, "ecm-pod": 1, "cbu-59": 3}, 290),
]


@pytest.mark.parametrize(("aircraft", "stores", "printed"), LOADOUTS)
def test_every_printed_loadout_sums_to_its_total(
    aircraft: str, stores: dict[str, int], printed: int
) -> None:
    assert loadout_points(aircraft, stores) == printed


def test_the_data_file_carries_the_same_loadouts() -> None:
    table = points_table()
    printed = [loadout for loadout in table.loadout if loadout.origin != "ours"]
    assert len(printed) == len(LOADOUTS)
    for loadout in printed:
        assert loadout_points(loadout.aircraft, loadout.stores) == loadout.points, loadout.id


def test_the_a6_price_example() -> None:
    """The reference's check on the 5-rule: 150 + 12 × 10 = 270."""
    assert loadout_points("a-6a", {}) == 150
    assert loadout_points("a-6a", {"mk-83": 12}) == 270


@pytest.mark.parametrize(("aircraft", "stores", "printed"), LOADOUTS)
def test_every_printed_loadout_fits_but_the_overloaded_skyraider(
    aircraft: str, stores: dict[str, int], printed: int
) -> None:
    problems = loadout_problems(aircraft, stores)
    if aircraft == "a-1h" and stores.get("mk-82") == 10:
        # 10 Mk 82 + 2 Mk 83 + 2 LAU-68 is 16 load points against the A-1's printed 13
        # (ruling "The overloaded Skyraider").
        assert problems == ["air-to-ground load 16 is over the A-1 Skyraider's 13 (I-p.8)"]
    else:
        assert problems == []


def test_missiles_come_in_pairs() -> None:
    assert loadout_problems("f-4e", {"aim-9b": 3}) == [
        "3 × AIM-9B Sidewinder: air-to-air missiles are bought in pairs (I-p.8)"
    ]


def test_air_to_air_load_is_its_own() -> None:
    problems = loadout_problems("f-105g", {"aim-9b": 2})
    assert problems == ["air-to-air load 2 is over the F-105 Wild Weasel's 0 (I-p.8)"]
    assert loadout_problems("f-4e", {"aim-7f": 4, "aim-9b": 6}) == [
        "air-to-air load 10 is over the F-4E/J Phantom's 8 (I-p.8)"
    ]


def test_air_to_ground_load() -> None:
    assert loadout_problems("a-4e", {"mk-82": 12}) == []
    assert loadout_problems("a-4e", {"mk-82": 13}) == [
        "air-to-ground load 13 is over the A-4 Skyhawk's 12 (I-p.8)"
    ]


def test_arms_only_on_weasels_and_iron_hand() -> None:
    assert loadout_problems("a-7e", {"agm-45": 2}) == []
    assert loadout_problems("f-4e", {"agm-45": 2}) == [
        "AGM-45 Shrike: only Wild Weasel and Iron Hand aircraft carry ARMs (I-p.13)"
    ]


def test_one_pod_of_each_kind_two_for_a_weasel() -> None:
    assert loadout_problems("f-4e", {"ecm-pod": 1, "ir-jammer": 1}) == []
    assert loadout_problems("f-4e", {"ecm-pod": 2}) == [
        "2 × ECM pod (+1 radar C/M): F-4E/J Phantom carries 1 of each pod (I-p.12)"
    ]
    assert loadout_problems("f-105g", {"ecm-pod": 2, "ir-jammer": 2}) == []


def test_unknown_items_are_named() -> None:
    assert loadout_problems("f-22", {}) == ["the points list (I-p.8) prices no aircraft 'f-22'"]
    assert loadout_problems("f-4e", {"mk-99": 1}) == [
        "the weapons chart (I-p.6) prices no store 'mk-99'"
    ]
    with pytest.raises(UnknownItem, match="mk-99"):
        loadout_points("f-4e", {"mk-99": 1})


def test_example_9_defences_cost_the_medium_railroad_total() -> None:
    """Example 9 (I-p.15): a SAM radar, six SA-2s, 2 AAA radars, [5] ZPU-4s, 4 ZU-23s,
    2 M-38s, 2 S-60s and 2 MiG-21s, "for [5]00 points"."""
    buy = {
        "sam-radar": 1,
        "sa-2": 6,
        "aaa-radar": 2,
        "zpu-4": 5,
        "zu-23": 4,
        "m-38": 2,
        "s-60": 2,
        "mig-21pf": 2,
    }
    assert defence_points(buy) == 500
    assert defence_problems(buy) == []


def test_defence_limits() -> None:
    assert defence_problems({"zu-23": 11}) == ["11 × zu-23: at most 10 of one AAA weapon (I-p.9)"]
    assert defence_problems({"sa-2": 6}, sa2_allowed=False) == [
        "6 × sa-2: this mission allows no SA-2s (I-p.10–11)"
    ]
    assert defence_problems({"sa-7": 20}) == []


def test_every_value_says_where_it_came_from() -> None:
    table = points_table()
    for item in (*table.aircraft, *table.store, *table.defence):
        assert item.origin in ("seed", "restored-5", "derived", "ours")
        if item.origin == "ours":
            assert item.note or item.raw, item.id
