"""The Damage Effects play aid, rebuilt: ``damage.toml`` ("Damage", "Aircraft Systems",
"Damage Control and Progressive Damage", "Collisions", "Ejection").

The critical-hit tables by weapon type, each system's results, progressive damage,
collisions, ejection and the post-battle fate of crews.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import ConfigDict, Field, model_validator

from models.base import DataModel
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

DAMAGE_TABLE_PATH = SHIPPED_TABLES_DIR / "damage.toml"
FALLBACK_SYSTEM = "Structure"
"""Where a critical hit goes when the card has no system of the name the table gives."""


class _Table(DataModel):
    model_config = ConfigDict(str_strip_whitespace=True)


class D10Row(_Table):
    """A row of a d10 table: faces up to ``upto`` (after the previous row's) read this row."""

    upto: int = Field(ge=0, le=9)
    effect: str = Field(min_length=1)
    """A short identifier the game loop acts on, e.g. ``engine_out``."""
    text: str = Field(min_length=1)


def _check_rows(rows: tuple[D10Row, ...], ordered: bool = False) -> None:
    if ordered:
        return
    limits = [row.upto for row in rows]
    if limits != sorted(limits) or len(set(limits)) != len(limits):
        raise ValueError("rows must be in rising `upto` order")
    if limits[-1] != 9:
        raise ValueError("the last row must reach 9 (every d10 face needs a result)")


def row_for_face(rows: tuple[D10Row, ...], face: int) -> D10Row:
    """The row a d10 face reads: the first whose ``upto`` reaches it."""
    for row in rows:
        if face <= row.upto:
            return row
    return rows[-1]


class SystemTable(_Table):
    """The second-roll results of one aircraft system."""

    ordered: bool = False
    """True for Controls: no second roll, the n-th hit reads the n-th row."""
    results: tuple[D10Row, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows(self) -> Self:
        _check_rows(self.results, self.ordered)
        return self


class ProgressiveTable(_Table):
    results: tuple[D10Row, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows(self) -> Self:
        _check_rows(self.results)
        for row in self.results:
            if row.effect not in ("none", "damage_point", "critical"):
                raise ValueError(
                    f"progressive effect {row.effect!r}: use none, damage_point or critical"
                )
        return self


class CollisionTable(_Table):
    base: int = Field(ge=0, le=24)
    sighted_column: int = Field(ge=0, le=24)
    unsighted_column: int = Field(ge=0, le=24)


class EjectionTable(_Table):
    success_on: int = Field(ge=0, le=10)
    safe_keas: int = Field(ge=0)
    per_100_keas_over: int = Field(le=0)
    low_altitude_steps: int = Field(ge=0)
    low_altitude: int = Field(le=0)
    departed: int = Field(le=0)
    wounded: int = Field(le=0)


class FateRow(_Table):
    upto: int = Field(ge=0, le=9)
    fate: str = Field(min_length=1)
    text: str = Field(min_length=1)


class PostBattleFate(_Table):
    friendly: tuple[FateRow, ...] = Field(min_length=1)
    hostile: tuple[FateRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows(self) -> Self:
        for rows in (self.friendly, self.hostile):
            limits = [row.upto for row in rows]
            if limits != sorted(limits) or len(set(limits)) != len(limits) or limits[-1] != 9:
                raise ValueError("fate rows must rise in `upto` and the last must reach 9")
        return self


class DamageTables(_Table):
    """``models/tables/damage.toml``."""

    format_version: Literal[1] = 1
    critical_tables: dict[str, tuple[str, ...]]
    """Weapon type → the system for each d10 face (ten names)."""
    systems: dict[str, SystemTable]
    progressive: ProgressiveTable
    collision: CollisionTable
    ejection: EjectionTable
    post_battle_fate: PostBattleFate

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        for weapon, names in self.critical_tables.items():
            if len(names) != 10:
                raise ValueError(f"critical_tables.{weapon}: needs ten systems, one per d10 face")
            unknown = sorted(set(names) - set(self.systems))
            if unknown:
                raise ValueError(
                    f"critical_tables.{weapon}: {', '.join(unknown)} not under [systems]"
                )
        if FALLBACK_SYSTEM not in self.systems:
            raise ValueError(f"systems: {FALLBACK_SYSTEM} is required")
        return self


def load_damage_tables(path: Path) -> DamageTables:
    """Read a Damage Effects table file; a :class:`DataFileError` names the file and fields."""
    return load_model(DamageTables, path, CARD_LIMITS)
