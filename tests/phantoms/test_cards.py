"""The Phantoms Control Cards: the shipped files are the derivation's output, and they meet
every number the seed's worked examples and Intruders' tables fix."""

from __future__ import annotations

import math
from itertools import combinations, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models.aircraft import AircraftCard
from models.aircraft import card as bop_card
from models.phantoms.card import ControlCard, control_cards
from models.phantoms.common import SPEED_POINT_KT, TOP_SPEED
from tools import phantoms_cards

REQUIRED = [
    "f-4b",
    "f-4e",
    "f-105d",
    "a-4e",
    "a-6a",
    "f-8e",
    "mig-17f",
    "mig-19",
    "mig-21pf",
    "mig-21mf",
    "mig-15bis",
    "f-86f",
    "vampire-fb5",
    "canberra-b2",
    "canberra-pr7",
    "il-28",
    "f-15c",
    "f-16c",
    "mig-29",
]
SCENARIO_TYPES = [
    "venom-fb1",
    "venom-fb4",
    "hunter-f6",
    "hunter-fga9",
    "sea-vixen",
    "gannet-aew3",
    "meteor-nf13",
    "sea-harrier",
    "mig-23",
    "su-27",
    "f-105g",
    "a-7e",
    "a-6e",
]
INTRUDERS_TYPES = ["a-1h", "f-100d", "f-104c", "f-111a", "a-37b", "b-52d", "f-4c", "hh-3e"]


@pytest.fixture(scope="module")
def cards() -> dict[str, ControlCard]:
    return control_cards()


def test_shipped_files_are_the_derivations_output() -> None:
    """A hand-edited card (or a changed figure not rewritten) is caught here."""
    stale = [
        path.name
        for path, text in phantoms_cards.outputs().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], f"rerun python -m tools.phantoms_cards: {stale}"


def test_every_listed_type_has_a_card(cards: dict[str, ControlCard]) -> None:
    missing = [t for t in REQUIRED + SCENARIO_TYPES + INTRUDERS_TYPES if t not in cards]
    assert missing == []


def test_each_card_is_marked_and_sourced(cards: dict[str, ControlCard]) -> None:
    for card in cards.values():
        assert card.reconstruction is True
        assert card.sources and "reconstruction" in card.derivation
        assert card.max_dive_speed <= TOP_SPEED


# --- Examples of Play 1: gun combat, MiG-21 (Green) at an F-4 (Experienced) ---------------


def test_example_1_mig_21_cannon_and_gun_table(cards: dict[str, ControlCard]) -> None:
    mig = cards["mig-21mf"]
    attacker = mig.gun_attack
    assert attacker == 6
    assert attacker - 3 - 2 - 2 == -1  # gun angle, Green, different altitude
    f4_defence = cards["f-4e"].defense + 2  # the example's Experienced +2
    assert f4_defence == 6
    difference = (9 - 1) - (1 + f4_defence)
    assert difference == 1
    assert mig.gun_hits(difference) == 2
    # "one more point of damage" (3 hits) would have meant a critical: a difference of 2.
    assert mig.gun_hits(2) == 3


@pytest.mark.parametrize("type_id", ["f-4b", "f-4c", "f-4e"])
def test_example_1_f_4_defence(cards: dict[str, ControlCard], type_id: str) -> None:
    assert cards[type_id].defense == 4


def test_gun_tables_grow_with_the_difference(cards: dict[str, ControlCard]) -> None:
    for card in cards.values():
        if card.gun_table:
            assert card.gun_table[0] >= 1
            assert list(card.gun_table) == sorted(card.gun_table)
            assert card.gun_hits(0) == 0


# --- Examples of Play 4: radar lock, F-16 on an SU-30 -------------------------------------


def test_example_4_f_16_radar_lock(cards: dict[str, ControlCard]) -> None:
    radar = cards["f-16c"].radar
    assert radar == 6
    attacker = radar + 2 + 1  # range > 5 hexes, target higher
    assert attacker == 9
    assert 5 + attacker == 14 > 7 + 4  # rolls 5 and 7; the SU-30's C/M 4


def test_f_15_radar_at_least_the_f_16s(cards: dict[str, ControlCard]) -> None:
    assert cards["f-15c"].radar is not None and cards["f-16c"].radar is not None
    assert cards["f-15c"].radar >= cards["f-16c"].radar


# --- Intruders I-p.13: aircraft-specific ECM ------------------------------------------------

ECM = {
    "a-1h": ((0, 0), None),
    "a-37b": ((0, 0), None),
    "f-104c": ((0, 0), None),
    "f-100d": ((1, 0), None),
    "f-8e": ((1, 0), (3, 0)),
    "a-7e": ((3, 2), None),
    "a-6a": ((3, 2), None),
    "a-6e": ((4, 3), None),
    "a-4e": ((1, 1), (3, 2)),
    "f-4b": ((1, 0), (3, 2)),
    "f-4c": ((1, 0), (3, 2)),
    "f-4e": ((1, 0), (3, 2)),
    "f-105d": ((1, 0), (2, 1)),
    "f-105g": ((4, 3), None),
    "b-52d": ((3, 1), None),
}


@pytest.mark.parametrize(("type_id", "ratings"), ECM.items())
def test_intruders_ecm(
    cards: dict[str, ControlCard],
    type_id: str,
    ratings: tuple[tuple[int, int], tuple[int, int] | None],
) -> None:
    card = cards[type_id]
    assert card.countermeasures is not None
    assert (card.countermeasures.radar, card.countermeasures.ir) == ratings[0]
    later = card.ecm_after_1969
    assert (None if later is None else (later.radar, later.ir)) == ratings[1]


# --- Intruders I-p.12: points, loads and the sample load-outs -------------------------------

POINTS = {
    "a-4e": (80, 0, 12),
    "a-6a": (150, 0, 30),
    "a-6e": (150, 0, 30),
    "a-7e": (120, 2, 24),
    "a-1h": (70, 0, 13),
    "f-100d": (90, 2, 12),
    "f-104c": (90, 4, 8),
    "f-4b": (200, 8, 20),
    "f-4c": (200, 8, 20),
    "f-4e": (225, 8, 20),
    "f-8e": (120, 2, 0),
    "f-105d": (140, 2, 18),
    "f-105g": (200, 0, 18),
    "b-52d": (350, 0, 106),
    "a-37b": (60, 0, 8),
    "f-111a": (275, 0, 48),
}
WEAPON_POINTS = {
    "AIM-9B": 5, "AIM-7F": 5, "Mk 82": 5, "Mk 83": 10, "M117": 8, "M118": 30,
    "CBU-58": 25, "CBU-59": 25, "CBU-71": 25, "LAU-68": 2, "LAU-3A": 5, "BLU-11": 15,
    "AGM-45": 25, "ECM pod": 15,
}  # fmt: skip
LOAD_OUTS = [
    ("f-4e", {"AIM-7F": 4, "AIM-9B": 4}, 265),
    ("f-4e", {"AIM-7F": 2, "AIM-9B": 4, "Mk 82": 6}, 285),
    ("f-100d", {"AIM-9B": 2, "Mk 82": 4, "Mk 83": 2}, 140),
    ("a-6a", {"Mk 83": 12}, 270),
    ("a-6a", {"CBU-71": 9}, 375),
    ("b-52d", {"Mk 82": 106}, 880),
    ("a-4e", {"LAU-68": 2, "Mk 82": 6}, 114),
    ("f-111a", {"CBU-58": 12}, 575),
    ("f-111a", {"Mk 82": 24, "Mk 83": 4}, 435),
    ("f-105d", {"M117": 6, "LAU-3A": 2}, 198),
    ("f-105d", {"AIM-9B": 2, "M118": 2}, 210),
    ("f-105d", {"AIM-9B": 2, "Mk 82": 6}, 180),
    ("a-37b", {"LAU-3A": 2, "Mk 82": 4, "BLU-11": 1}, 105),
    ("a-1h", {"LAU-68": 2, "Mk 82": 10, "Mk 83": 2}, 144),
    ("a-1h", {"CBU-58": 4, "LAU-68": 4}, 178),
    ("a-7e", {"LAU-3A": 2, "Mk 82": 12, "AIM-9B": 2}, 200),
    ("a-7e", {"Mk 83": 6, "AIM-9B": 2}, 190),
    ("f-104c", {"AIM-9B": 2, "Mk 82": 4}, 120),
    ("f-105g", {"AGM-45": 2, "CBU-59": 6}, 400),
    ("a-6e", {"AGM-45": 2, "ECM pod": 1, "CBU-59": 3}, 290),
]


@pytest.mark.parametrize(("type_id", "expected"), POINTS.items())
def test_intruders_points_and_loads(
    cards: dict[str, ControlCard], type_id: str, expected: tuple[int, int, int]
) -> None:
    card = cards[type_id]
    assert (card.points, card.air_to_air_load, card.air_to_ground_load) == expected


@pytest.mark.parametrize(("type_id", "load", "total"), LOAD_OUTS)
def test_intruders_sample_load_outs_sum(
    cards: dict[str, ControlCard], type_id: str, load: dict[str, int], total: int
) -> None:
    points = cards[type_id].points
    assert points is not None
    assert points + sum(WEAPON_POINTS[w] * n for w, n in load.items()) == total


BOMBSIGHTS = {
    "manual": "a-1h a-4e a-37b f-8e f-100d f-104c",
    "advanced": "a-7e f-4b f-4c f-4e f-105d f-105g b-52d",
    "computer": "a-6a a-6e f-111a",
}


@pytest.mark.parametrize(("sight", "types"), BOMBSIGHTS.items())
def test_intruders_bombsights(cards: dict[str, ControlCard], sight: str, types: str) -> None:
    assert {t: cards[t].bombsight for t in types.split()} == dict.fromkeys(types.split(), sight)


def test_intruders_examples_bombsights(cards: dict[str, ControlCard]) -> None:
    """Examples 5-8 apply A-7E +1 (advanced), A-6E +2 (computer), A-4 +0 (manual) and
    F-105 +1 (advanced)."""
    modifier = {"manual": 0, "advanced": 1, "computer": 2}
    applied = {"a-7e": 1, "a-6e": 2, "a-4e": 0, "f-105d": 1}
    assert {t: modifier[cards[t].bombsight] for t in applied} == applied


def test_wild_weasels(cards: dict[str, ControlCard]) -> None:
    assert {c.id for c in cards.values() if c.wild_weasel} == {"f-105g", "a-6e", "a-7e"}


# --- the seed's default loads ----------------------------------------------------------------


def test_default_loads(cards: dict[str, ControlCard]) -> None:
    assert cards["f-4b"].missiles == {"aim-7e": 4, "aim-9b": 4}
    assert cards["f-4e"].missiles == {"aim-7e": 4, "aim-9e": 4}
    assert cards["mig-21pf"].missiles == {"aa-2": 2}
    for guns_only in ("mig-17f", "vampire-fb5", "venom-fb1", "venom-fb4", "hunter-f6",
                      "meteor-nf13", "mig-15bis"):  # fmt: skip
        assert cards[guns_only].missiles == {}
        assert cards[guns_only].gun_attack is not None
    for card in cards.values():
        assert sum(card.missiles.values()) <= card.missile_stations


def test_helicopter(cards: dict[str, ControlCard]) -> None:
    heli = cards["hh-3e"]
    assert heli.role == "helicopter"
    assert 1 <= heli.max_level_speed <= heli.max_dive_speed <= 2
    assert heli.gun_attack is None


# --- the derivation's arithmetic -------------------------------------------------------------


def test_speed_points_scale() -> None:
    assert phantoms_cards.speed_points(590) == 5
    assert phantoms_cards.speed_points(1262) == TOP_SPEED  # capped
    assert phantoms_cards.speed_points(60) == 1


def test_maneuver_chart_rows_never_shorten_with_speed(cards: dict[str, ControlCard]) -> None:
    """Above speed 2 (below it the lift limit lengthens turns again), a faster row never
    needs fewer hexes; a hard turn never needs fewer than a turn, a loop than a hard turn."""
    for card in cards.values():
        rows = card.maneuver_chart
        for row in rows:
            assert row.turn is not None and row.hard_turn is not None
            assert row.sideslip is not None and row.loop is not None
            assert row.turn <= row.sideslip <= row.hard_turn <= row.loop
        for slow, fast in pairwise(rows[1:]):
            for name in ("turn", "hard_turn", "sideslip", "loop"):
                assert getattr(fast, name) >= getattr(slow, name), (card.id, fast.speed)


def test_speeds_are_ordered(cards: dict[str, ControlCard]) -> None:
    for card in cards.values():
        assert card.max_loaded_speed <= card.max_level_speed <= card.max_dive_speed


# --- agreement with the Birds of Prey cards --------------------------------------------------


def _bop(card: ControlCard) -> AircraftCard:
    assert card.bop_card is not None
    return bop_card(card.bop_card)


def _calibration(card: ControlCard, quantity: str) -> tuple[float, float, float | None]:
    for target in _bop(card).calibration:
        if target.quantity == quantity:
            return target.published, target.alt_ft, target.speed_kt
    raise KeyError(quantity)


def _with_bop(cards: dict[str, ControlCard]) -> list[ControlCard]:
    shared = [c for c in cards.values() if c.bop_card is not None]
    assert {c.bop_card for c in shared} >= {
        "f-4b", "f-4e", "f-5e", "f-15c", "f-16c", "f-86f", "mig-15bis", "mig-17f", "mig-21mf",
        "mig-23mld", "mig-29",
    }  # fmt: skip
    return shared


def test_bop_dimensions_and_crew_agree(cards: dict[str, ControlCard]) -> None:
    for card in _with_bop(cards):
        bop = _bop(card)
        assert (card.crew, card.length_ft, card.span_ft, card.height_ft) == (
            bop.crew,
            bop.length_ft,
            bop.span_ft,
            bop.height_ft,
        )


def test_bop_top_speeds_agree(cards: dict[str, ControlCard]) -> None:
    """A BoP top speed published at altitude is the card's level speed within rounding (or
    beyond the Impulse Chart's 10); any two such types keep their order."""
    at_altitude = []
    for card in _with_bop(cards):
        kt, alt_ft, _ = _calibration(card, "max_level_speed_kt")
        if alt_ft < 5_000:
            continue
        at_altitude.append((kt, card.max_level_speed))
        if card.max_level_speed < TOP_SPEED:
            assert abs(card.max_level_speed * SPEED_POINT_KT - kt) <= SPEED_POINT_KT / 2
        else:
            assert kt >= (TOP_SPEED - 0.5) * SPEED_POINT_KT
    assert len(at_altitude) >= 5
    for (kt_a, points_a), (kt_b, points_b) in combinations(at_altitude, 2):
        if kt_a > kt_b:
            assert points_a >= points_b
        elif kt_b > kt_a:
            assert points_b >= points_a


def _turn_hexes(card: ControlCard) -> int:
    return sum(row.turn or 0 for row in card.maneuver_chart[: card.max_level_speed])


def test_the_better_bop_turner_is_the_better_turner_here(cards: dict[str, ControlCard]) -> None:
    """For two types whose BoP sustained turns were published at the same height and speed,
    the faster turner needs no more hexes over the speeds both fly."""
    shared = _with_bop(cards)
    compared = 0
    for a, b in combinations(shared, 2):
        rate_a, alt_a, kt_a = _calibration(a, "sustained_turn_deg_s")
        rate_b, alt_b, kt_b = _calibration(b, "sustained_turn_deg_s")
        if (alt_a, kt_a) != (alt_b, kt_b) or math.isclose(rate_a, rate_b):
            continue
        better, worse = (a, b) if rate_a > rate_b else (b, a)
        top = min(better.max_level_speed, worse.max_level_speed)
        hexes = [sum(row.turn or 0 for row in c.maneuver_chart[:top]) for c in (better, worse)]
        assert hexes[0] <= hexes[1], (better.id, worse.id)
        compared += 1
    assert compared >= 5


def test_bop_damage_order_agrees(cards: dict[str, ControlCard]) -> None:
    shared = _with_bop(cards)
    for a, b in combinations(shared, 2):
        capacity_a = _bop(a).damage
        capacity_b = _bop(b).damage
        assert capacity_a is not None and capacity_b is not None
        if capacity_a.capacity > capacity_b.capacity:
            assert a.max_damage >= b.max_damage
        elif capacity_b.capacity > capacity_a.capacity:
            assert b.max_damage >= a.max_damage


def test_bop_guns_agree(cards: dict[str, ControlCard]) -> None:
    for card in _with_bop(cards):
        assert (card.gun_attack is None) == (not _bop(card).guns)


# --- properties of the derivation ------------------------------------------------------------


@given(st.floats(1.0, 3_000.0), st.floats(1.0, 3_000.0))
def test_speed_points_keep_order(kt_a: float, kt_b: float) -> None:
    slow, fast = sorted((kt_a, kt_b))
    assert 1 <= phantoms_cards.speed_points(slow) <= phantoms_cards.speed_points(fast) <= 10


@given(st.integers(1, 8), st.integers(1, 8), st.floats(7.0, 37.0), st.floats(300.0, 6_000.0))
def test_more_guns_never_rate_lower(fewer: int, more: int, calibre: float, rate: float) -> None:
    fewer, more = sorted((fewer, more))
    low = phantoms_cards.gun_rating([phantoms_cards.GunFit("g", calibre, fewer, 100, rate)])
    high = phantoms_cards.gun_rating([phantoms_cards.GunFit("g", calibre, more, 100, rate)])
    assert low[0] is not None and high[0] is not None
    assert low[0] <= high[0]
    assert all(a <= b for a, b in zip(low[1], high[1], strict=True))
    assert list(low[1]) == sorted(low[1]) and low[1][0] >= 1


@given(st.floats(0.5, 400.0))
def test_radar_ranges_are_ordered(range_km: float) -> None:
    min_range, max_range = phantoms_cards.radar_ranges(range_km)
    assert 0 < min_range <= max_range <= 60
