"""The Missile Combat tables (SoP 07): ``missiles.toml``.

Launch reliability over the load limit, the Missile Attack columns and direct hits.  Each
missile type's own figures are on its card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

MISSILE_TABLES_PATH = SHIPPED_TABLES_DIR / "missiles.toml"


class LaunchTable(DataModel):
    over_limit_multiplier: float = Field(ge=0, le=10)
    """The Load over limit box is multiplied by this (the rule doubles it)."""
    percent_per_point: float = Field(ge=0, le=100)
    """Percentage points taken off the Reliability target per point of the multiplied box."""


class AttackTable(DataModel):
    defense_base_column: int = Field(ge=0, le=48)
    """The defender's Pips column before its Pilot Quality and Missile Defense."""
    defending_bonus: int = Field(ge=0, le=24)
    """Columns added when the defender uses Missile Defense."""
    min_column: int = Field(ge=0, le=48)
    max_column: int = Field(ge=1, le=48)

    @model_validator(mode="after")
    def _range(self) -> Self:
        if self.min_column > self.max_column:
            raise ValueError("min_column must not exceed max_column")
        return self

    def clamp(self, column: int) -> int:
        return max(self.min_column, min(self.max_column, column))


class DirectHitTable(DataModel):
    d10_faces_per_excess_pip: int = Field(ge=0, le=10)
    """A d10 below Excess Pips times this is a direct hit."""


class MissileTables(DataModel):
    """``models/tables/missiles.toml``."""

    format_version: Literal[1] = 1
    launch: LaunchTable
    attack: AttackTable
    direct_hit: DirectHitTable


def load_missile_tables(path: Path) -> MissileTables:
    """Read a Missile Combat table file; a :class:`DataFileError` names the file and fields."""
    return load_model(MissileTables, path, CARD_LIMITS)
