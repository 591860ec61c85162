"""Dice and the Pips Table (rulebook, "Dice and Probability")."""

import math
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import chisquare, poisson

from engine.dice import Dice, RecordedRollMismatch, pips_table
from models.files import DataFileError

PRINTED = {
    1: (77, 97, 99),
    2: (60, 90, 98, 99),
    3: (36, 73, 91, 98, 99),
    4: (22, 55, 80, 93, 98, 99),
}


def test_the_printed_columns_are_in_the_table() -> None:
    table = pips_table()
    for column, thresholds in PRINTED.items():
        assert table.thresholds[column] == thresholds


def test_the_rebuilt_columns_follow_the_poisson_reading() -> None:
    table = pips_table()
    for column in range(2, 25):
        lam = (column - 1) / 2
        expected = [min(99, math.floor(100 * poisson.cdf(k, lam))) for k in range(12)]
        got = table.thresholds[column]
        assert got[-1] == 99 and len(got) <= 13
        assert list(got[:-1]) == expected[: len(got) - 1]


@pytest.mark.parametrize(
    ("column", "roll", "pips"),
    [
        (3, 75, 2),  # "Using Pips Column 3, find the result for a rolled 75 ... a 2"
        (3, 73, 1),  # "A rolled 73 would have generated a 1 result"
        (2, 61, 1),  # "rolls of 61 to 89 use the next higher value, 90, giving a result of 1"
        (2, 89, 1),
        (2, 60, 0),
        (1, 99, 2),
        (0, 50, 0),  # a column of zero or less fails
        (-2, 99, 0),
        (5, 0, 0),  # a (modified) roll of zero or less fails
        (5, -7, 0),
    ],
)
def test_rulebook_reading_examples(column: int, roll: int, pips: int) -> None:
    assert pips_table().read(column, roll) == pips


def test_columns_above_24_add_two_columns_read_from_one_roll() -> None:
    table = pips_table()
    for roll in (5, 50, 95):
        assert table.read(27, roll) == table.read(24, roll) + table.read(3, roll)


def test_d10_reads_zero_to_nine_and_records_each_roll() -> None:
    dice = Dice.seeded(1)
    faces = {dice.d10("test") for _ in range(500)}
    assert faces == set(range(10))
    assert len(dice.rolls) == 500 and dice.rolls[0].purpose == "test"


def test_same_seed_same_rolls() -> None:
    a, b = Dice.seeded(42), Dice.seeded(42)
    assert [a.pips(4, "x") for _ in range(50)] == [b.pips(4, "x") for _ in range(50)]


def test_recorded_rolls_replay_in_order_then_the_generator_takes_over() -> None:
    dice = Dice.seeded(3, [("d10", 7), ("percentile", 75)])
    assert dice.d10("initiative") == 7
    assert dice.pips(3, "gun attack") == 2
    assert [r.value for r in dice.rolls] == [7, 75]
    assert dice.rolls[1].result == 2 and dice.rolls[1].column == 3
    dice.d10("more")  # from the generator now
    mismatched = Dice.seeded(3, [("percentile", 10)])
    with pytest.raises(RecordedRollMismatch, match="ask for a d10"):
        mismatched.d10("departure check")


def test_an_automatic_failure_is_recorded_without_a_die() -> None:
    dice = Dice.seeded(0)
    assert dice.pips(0, "hopeless shot") == 0
    assert dice.rolls[-1].value is None and dice.rolls[-1].result == 0


@pytest.mark.parametrize("column", [1, 3, 8, 16])
def test_pips_rolls_follow_the_tables_distribution(column: int) -> None:
    dice = Dice.seeded(2026)
    rolls = 20_000
    counts = np.bincount([dice.pips(column, "stats") for _ in range(rolls)], minlength=13)
    expected = pips_table().probabilities(column) * rolls
    observed = counts[: len(expected)]
    keep = expected > 0
    assert counts[len(expected) :].sum() == 0
    result = chisquare(observed[keep], expected[keep])
    assert result.pvalue > 0.001


def test_a_broken_table_file_names_the_column(tmp_path: Path) -> None:
    bad = tmp_path / "pips.toml"
    bad.write_text('[columns]\n"1" = [77, 97, 98]\n"30" = [99]\n')
    with pytest.raises(DataFileError) as caught:
        pips_table(bad)
    message = str(caught.value)
    assert "columns.1: thresholds" in message and "columns.30:" in message
