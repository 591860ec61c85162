"""The Gun Combat tables (SoP 07): ``guns.toml``.

The Other Aspect squares, the tracking shot's figures and the Pipper On columns.  The gun
tables of each gun type are on the aircraft cards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.bop_tables.body_diamond import BODY_DIAMOND_SQUARES, BodySquare
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

GUNS_TABLE_PATH = SHIPPED_TABLES_DIR / "guns.toml"


class OtherAspectSquare(DataModel):
    aon: int = Field(ge=0, le=6)
    aoc: int = Field(ge=0, le=6)
    modifier: int = Field(ge=-99, le=99)
    """Added to the gunshot's percentile roll."""


class PipperOnTable(DataModel):
    base_column: int = Field(ge=0, le=48)
    tca_penalty: tuple[int, ...] = Field(min_length=7, max_length=7)
    """Columns subtracted for TCA 0 … 6."""
    lca_penalty: tuple[int, ...] = Field(min_length=7, max_length=7)
    """Columns subtracted for LCA 0 … 6."""
    guns_defense: tuple[int, ...] = Field(min_length=3, max_length=3)
    """Added to the Pipper On result when the target spends 0, 1 or 2 AP on Guns Defense."""


class GunTables(DataModel):
    """``models/tables/guns.toml``."""

    format_version: Literal[1] = 1
    engagement_range_fp: int = Field(ge=0)
    tracking_modifier: int = Field(ge=-99, le=99)
    tracking_other_aspect: int = Field(ge=-99, le=99)
    other_aspect: tuple[OtherAspectSquare, ...] = Field(min_length=1)
    pipper_on: PipperOnTable

    @model_validator(mode="after")
    def _squares(self) -> Self:
        seen: set[tuple[int, int]] = set()
        for square in self.other_aspect:
            key = (square.aon, square.aoc)
            if key not in BODY_DIAMOND_SQUARES:
                raise ValueError(f"other_aspect: [{key[0]},{key[1]}] is not a body diamond square")
            if sum(key) == 10:
                raise ValueError(
                    f"other_aspect: [{key[0]},{key[1]}] is a fourteen-cell square; it reads "
                    "the square to its left and cannot be listed"
                )
            if key in seen:
                raise ValueError(f"other_aspect: [{key[0]},{key[1]}] is listed twice")
            seen.add(key)
        return self

    def other_aspect_modifier(self, aspect: BodySquare) -> int | None:
        """The square's modifier, or None for a dash (no gunshot into that square)."""
        aon, aoc = aspect.aon, aspect.aoc
        if aon + aoc == 10:  # a fourteen-cell square reads the one to its left ("Aspect")
            aon -= 1
        for square in self.other_aspect:
            if (square.aon, square.aoc) == (aon, aoc):
                return square.modifier
        return None


def load_gun_tables(path: Path) -> GunTables:
    """Read a Gun Combat table file; a :class:`DataFileError` names the file and fields."""
    return load_model(GunTables, path, CARD_LIMITS)
