"""The Pips Table ("Dice and Probability"): ``pips.toml``.

For each column 1 to 24, the highest percentile roll giving each result: read down a column
to the first threshold equal to or above the roll; its position is the result (the pips).
Columns of zero or less, and modified rolls of zero or less, give 0 pips; columns above 24
add column 24 and the remainder, both read from one roll.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import PrivateAttr, field_validator

from models.base import DataModel, FieldProblems
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

PIPS_TABLE_PATH = SHIPPED_TABLES_DIR / "pips.toml"
LARGEST_COLUMN = 24
"""Columns above this add column 24 and the remainder ("Dice and Probability")."""


class PipsTable(DataModel):
    """Thresholds by column: ``thresholds[column][k]`` is the highest roll giving ``k`` pips."""

    format_version: Literal[1] = 1
    columns: dict[str, tuple[int, ...]]
    """Column number (``"1"`` to ``"24"``) → rising thresholds 0-99, the last one 99."""
    _thresholds: dict[int, tuple[int, ...]] = PrivateAttr(default_factory=dict)

    @field_validator("columns")
    @classmethod
    def _every_column_rising(
        cls, columns: dict[str, tuple[int, ...]]
    ) -> dict[str, tuple[int, ...]]:
        problems: list[tuple[str, str]] = []
        numbers: set[int] = set()
        for key, values in columns.items():
            if not key.isdigit() or not 1 <= int(key) <= LARGEST_COLUMN:
                problems.append((key, f"columns are numbered 1 to {LARGEST_COLUMN}"))
            elif (
                not values
                or not all(0 <= v <= 99 for v in values)
                or list(values) != sorted(values)
                or values[-1] != 99
            ):
                problems.append((key, "thresholds must be rising whole numbers 0-99 ending in 99"))
            else:
                numbers.add(int(key))
        if problems:
            raise FieldProblems(problems)
        missing = [n for n in range(1, LARGEST_COLUMN + 1) if n not in numbers]
        if missing:
            raise ValueError(f"missing {', '.join(map(str, missing))}")
        return columns

    def model_post_init(self, context: object, /) -> None:
        # Rolls read the table by column number, so the keys are turned once, here.
        self._thresholds = {int(key): values for key, values in self.columns.items()}

    @property
    def thresholds(self) -> dict[int, tuple[int, ...]]:
        return self._thresholds

    def read(self, column: int, roll: int) -> int:
        """The pips for a (modified) percentile roll in a column."""
        if column <= 0 or roll <= 0:
            return 0  # automatic failure: no column, or a modified roll of zero or less
        if column > LARGEST_COLUMN:
            return self.read(LARGEST_COLUMN, roll) + self.read(column - LARGEST_COLUMN, roll)
        thresholds = self._thresholds[column]
        for pips, threshold in enumerate(thresholds):
            if threshold >= roll:
                return pips
        return len(thresholds) - 1

    def probabilities(self, column: int) -> np.ndarray:
        """Chance of each result in a column for a fair percentile roll."""
        edges = np.array((-1, *self._thresholds[column]))
        return np.diff(edges) / 100.0


def load_pips_table(path: Path) -> PipsTable:
    """Read a Pips Table file; a :class:`DataFileError` names the file and the columns."""
    return load_model(PipsTable, path, CARD_LIMITS)
