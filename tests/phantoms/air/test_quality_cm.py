"""Pilot quality (§12) and countermeasures by era (§14.0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.hexmap import Hex
from engine.phantoms.countermeasures import CmTable, cm_table, countermeasures, stealth_modifier
from engine.phantoms.quality import OpposedRoll, quality_effects, roll_opposed
from models.files import DataFileError
from models.phantoms.card import Countermeasures
from models.phantoms.common import Quality
from tests.phantoms.air.cards import F_22, SKYHAWK, card, dice, faces, plane


@pytest.mark.parametrize(
    ("quality", "lock", "visual", "gun", "gun_def", "missile_def", "checks"),
    [
        ("green", -2, -2, -2, 0, 0, {"hard_turn", "loop"}),
        ("inexperienced", 0, 0, 0, 0, 0, {"hard_turn"}),
        ("average", 0, 0, 0, 0, 1, set()),
        ("experienced", 1, 2, 2, 1, 2, set()),
        ("ace", 2, 3, 4, 2, 3, set()),
    ],
)
def test_quality_table(
    quality: Quality,
    lock: int,
    visual: int,
    gun: int,
    gun_def: int,
    missile_def: int,
    checks: set[str],
) -> None:
    row = quality_effects(quality)
    assert (row.lock, row.visual_spot, row.gun_attack) == (lock, visual, gun)
    assert (row.gun_defence, row.missile_defence) == (gun_def, missile_def)
    assert row.control_checks == checks


def test_opposed_roll_tie_goes_to_the_defender() -> None:
    tie = OpposedRoll(5, (("a", 2),), 4, (("b", 3),))
    assert tie.attacker_total == tie.target_total == 7
    assert not tie.won and tie.difference == 0
    assert OpposedRoll(6, (("a", 2),), 4, (("b", 3),)).won


def test_roll_opposed_rolls_attacker_first_and_drops_zero_modifiers() -> None:
    roll = roll_opposed(dice(10, 1), [("x", 0), ("y", 1)], [], "a", "b")
    assert (roll.attacker_roll, roll.target_roll) == (10, 1)
    assert roll.attacker_modifiers == (("y", 1),)
    assert "11" in roll.describe()


@pytest.mark.parametrize(
    ("group", "year", "expected"),
    [
        ("us", 1959, (1, 1)),
        ("us", 1960, (2, 1)),
        ("us", 1969, (2, 1)),
        ("us", 1970, (3, 3)),
        ("us", 1985, (4, 4)),
        ("us", 1991, (6, 6)),
        ("russia", 1955, (0, 1)),
        ("russia", 1975, (2, 2)),
        ("russia", 1982, (3, 4)),
        ("russia", 2000, (4, 4)),
        ("nato", 1982, (3, 4)),
        ("nato", 1995, (5, 5)),
        ("warsaw_pact", 1975, (1, 2)),
        ("warsaw_pact", 1982, (3, 3)),
        ("warsaw_pact", 1995, (3, 3)),
        ("second_world", 1975, (1, 2)),
        ("second_world", 1985, (2, 3)),
        ("second_world", 1995, (4, 4)),
        ("third_world", 1965, (0, 0)),
        ("third_world", 1975, (0, 1)),
        ("third_world", 1995, (3, 3)),
    ],
)
def test_cm_by_era(group: str, year: int, expected: tuple[int, int]) -> None:
    assert countermeasures(card("x", group=group), year) == expected


def test_example_2_third_world_skyhawk_has_ir_2_in_1982() -> None:
    """Examples of Play 2: "Countermeasures: +2 (3rd World)" for a heat-seeker."""
    assert countermeasures(SKYHAWK, 1982)[1] == 2


def test_years_outside_the_table_read_the_nearest_era() -> None:
    assert cm_table().cell("us", 1850).radar == 1
    assert cm_table().cell("us", 2200).radar == 6


def test_card_rating_refit_and_pods() -> None:
    f4 = card(
        "f-4",
        countermeasures=Countermeasures(radar=1, ir=0),
        ecm_after_1969=Countermeasures(radar=3, ir=2),
    )
    assert countermeasures(f4, 1967) == (1, 0)
    assert countermeasures(f4, 1969) == (1, 0)
    assert countermeasures(f4, 1970) == (3, 2)
    assert countermeasures(f4, 1972, ecm_pods=1, ir_jammers=1) == (4, 3)
    own = card("a-1", countermeasures=Countermeasures(radar=0, ir=0))
    assert countermeasures(own, 1990) == (0, 0)


def test_stealth_rolls_a_d6_only_under_the_option() -> None:
    raptor = plane("raptor", F_22, Hex(0, 0), 0, 3)
    d = faces(("d6", 4))
    assert stealth_modifier(raptor, d, "lock", stealth_rule=False) == 0
    assert stealth_modifier(raptor, d, "lock", stealth_rule=True) == 4
    assert d.rolls[0].kind == "d6" and "raptor" in d.rolls[0].purpose


def test_bad_table_names_file_and_field(tmp_path: Path) -> None:
    text = (
        Path(__file__)
        .parents[3]
        .joinpath("models/phantoms/data/countermeasures.toml")
        .read_text(encoding="utf-8")
    )
    bad = tmp_path / "cm.toml"
    bad.write_text(text.replace("us = { radar = 3, ir = 3 }", "us = { radar = 3 }"), "utf-8")
    with pytest.raises(DataFileError) as error:
        cm_table(bad)
    assert "cm.toml" in str(error.value) and "ir" in str(error.value)
    gap = tmp_path / "gap.toml"
    gap.write_text(text.replace("from_year = 1970", "from_year = 1971"), "utf-8")
    with pytest.raises(DataFileError, match="from_year"):
        cm_table(gap)
    assert isinstance(cm_table(), CmTable)
