"""The Phantoms missile chart as shipped: it loads, the cards' missiles exist, and the
heat-seekers' Hit numbers are the seed's (p.17)."""

from __future__ import annotations

import pytest

from models.phantoms.card import control_cards
from models.phantoms.missiles import missile_types
from tools import phantoms_cards

HEAT_SEEKERS = {
    # id: (guidance, Hit #, origin)
    "aim-9b": ("HN", 6, "seed"),
    "aa-2": ("HN", 5, "restored-5"),
    "aa-3b": ("HN", 6, "seed"),
    "aim-4b": ("HN", 5, "restored-5"),
    "matra-530-ir": ("HN", 6, "seed"),
    "firestreak": ("HN", 5, "restored-5"),
    "red-top-early": ("HN", 7, "seed"),
    "shafir": ("HN", 5, "restored-5"),
    "pl-2": ("HN", 5, "restored-5"),
    "aim-9d": ("HW", 6, "seed"),
    "aim-9e": ("HW", 6, "seed"),
    "aim-9g": ("HW", 7, "seed"),
    "aim-9h": ("HW", 7, "seed"),
    "aim-9j": ("HW", 7, "seed"),
    "aim-4d": ("HW", 6, "seed"),
    "r550-magic": ("HW", 7, "seed"),
    "red-top-late": ("HW", 7, "seed"),
    "shafir-2": ("HW", 7, "seed"),
    "aa-6b": ("HW", 7, "seed"),
    "aa-7": ("HW", 7, "seed"),
    "pl-7": ("HW", 6, "seed"),
    "aim-9l": ("HA", 9, "seed"),
    "aim-9m": ("HA", 10, "seed"),
    "magic-2": ("HA", 9, "seed"),
    "python-3": ("HA", 9, "seed"),
    "aa-8": ("HA", 7, "seed"),
    "aa-10b": ("HA", 9, "seed"),
    "aa-11": ("HA", 10, "seed"),
    "sky-sword-1": ("HA", 7, "seed"),
}
RADAR = [
    "aim-4f",
    "aim-7e",
    "aim-7f",
    "aim-7m",
    "aim-120",
    "aim-54c",
    "matra-530-em",
    "skyflash",
    "aa-2c",
    "aa-3a",
    "aa-5",
    "aa-6a",
    "aa-7a",
    "aa-10a",
    "sky-sword-2",
]


def test_chart_loads_with_every_missile() -> None:
    assert set(missile_types()) == set(HEAT_SEEKERS) | set(RADAR)


@pytest.mark.parametrize(("missile_id", "expected"), HEAT_SEEKERS.items())
def test_heat_seeker_hit_numbers(missile_id: str, expected: tuple[str, int, str]) -> None:
    missile = missile_types()[missile_id]
    assert (missile.guidance, missile.hit, missile.origin) == expected
    assert missile.heat and missile.max_range == 0


def test_every_card_missile_is_on_the_chart() -> None:
    chart = missile_types()
    named = {m for card in control_cards().values() for m in card.missiles}
    assert named and named <= set(chart)


def test_radar_missiles() -> None:
    chart = missile_types()
    for missile_id in RADAR:
        missile = chart[missile_id]
        assert missile.guidance in ("RH", "ARH")
        assert 0 < missile.min_range <= missile.max_range
    assert chart["aim-120"].guidance == "ARH" and chart["aim-120"].radar_value == 7
    phoenix = chart["aim-54c"]
    assert phoenix.guidance == "ARH" and phoenix.radar_value == 6 and phoenix.large_warhead
    assert chart["aa-6a"].large_warhead


def test_chart_clues_and_example_3() -> None:
    """The chart's surviving cells: AIM-7F/M "4/[5]" (min ranges), AA-2c "3 7"
    (min 3, Hit # 7, the max a lost 5); Example 3 fires an AIM-7 at Hit # 7."""
    chart = missile_types()
    assert (chart["aim-7f"].min_range, chart["aim-7m"].min_range) == (4, 5)
    aa_2c = chart["aa-2c"]
    assert (aa_2c.min_range, aa_2c.max_range, aa_2c.hit) == (3, 5, 7)
    assert chart["aim-7f"].hit == 7
    # Example 3: +7, front aspect -3, roll 6 -> 10 against the MiG-23's 7 + 1 + 3 = 11: miss.
    assert 6 + chart["aim-7f"].hit - 3 == 10 < 7 + 1 + 3


def test_radar_ranges_at_the_scale() -> None:
    """1 hex = 5,000 ft = 1.524 km; the minimum a ninth of the maximum, at least 3."""
    assert phantoms_cards.radar_ranges(8.0) == (3, 5)
    assert phantoms_cards.radar_ranges(50.0) == (4, 33)
    assert phantoms_cards.radar_ranges(70.0) == (5, 46)
    assert phantoms_cards.radar_ranges(500.0)[1] == 60
