"""The Visual Sighting play aid, rebuilt (SoP 09): ``sighting.toml``.

Search Values by Crew Quality, the Tally Range bands, the Target Aspect modifiers on the body
diamond, haze and the grey-out/black-out limits.  The per-type numbers (Auto-Tally, Canopy
diagrams) are on the aircraft cards, not here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.aircraft import BODY_DIAMOND_ROWS
from models.base import DataModel
from models.bop_tables.body_diamond import BodySquare
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

SIGHTING_PATH = SHIPPED_TABLES_DIR / "sighting.toml"
CREW_QUALITY_RANGE = (-2, 3)
"""Crew Quality runs from −2 to +3."""


class SearchValueRow(DataModel):
    crew_quality: int = Field(ge=-2, le=3)
    column: int = Field(ge=0, le=48)
    """The base Pips column of a visual search."""


class SearchTable(DataModel):
    search_value: tuple[SearchValueRow, ...] = Field(min_length=6, max_length=6)
    """Search Value by Crew Quality, one row for each of −2 to +3."""
    visibility_limit_auto_tally: int = Field(ge=1, le=100)
    """Beyond this many times the target's Auto-Tally it cannot be seen at all."""

    @model_validator(mode="after")
    def _every_quality(self) -> Self:
        qualities = sorted(row.crew_quality for row in self.search_value)
        if qualities != list(range(CREW_QUALITY_RANGE[0], CREW_QUALITY_RANGE[1] + 1)):
            raise ValueError("search_value needs one row for each Crew Quality from -2 to +3")
        return self

    def column(self, crew_quality: int) -> int:
        for row in self.search_value:
            if row.crew_quality == crew_quality:
                return row.column
        raise ValueError(f"Crew Quality runs from -2 to +3, not {crew_quality}")


class TallyBand(DataModel):
    max_tally_range_fp: int = Field(ge=1)
    """The band covers Tally Ranges above the previous band's limit up to this one."""
    modifier: int = Field(ge=-10, le=10)


class TallyTable(DataModel):
    range_bands: tuple[TallyBand, ...] = Field(min_length=1)
    """Shortest first; past the last band a tally fails without a roll."""
    add_crew_quality: bool = True

    @model_validator(mode="after")
    def _rising(self) -> Self:
        limits = [band.max_tally_range_fp for band in self.range_bands]
        if limits != sorted(limits) or len(set(limits)) != len(limits):
            raise ValueError("range_bands must be in rising max_tally_range_fp order")
        return self

    def band(self, tally_range_fp: int) -> TallyBand | None:
        for band in self.range_bands:
            if tally_range_fp <= band.max_tally_range_fp:
                return band
        return None


class TargetAspectTable(DataModel):
    rows: tuple[tuple[int, ...], ...] = Field(min_length=7, max_length=7)
    """Modifiers by reciprocal AoC row 0-6, each row in rising reciprocal AoN."""

    @model_validator(mode="after")
    def _rows_fit_the_diamond(self) -> Self:
        for aoc, row in enumerate(self.rows):
            squares = BODY_DIAMOND_ROWS[aoc]
            if len(row) != len(squares):
                raise ValueError(
                    f"AoC row {aoc} covers the squares AoN {squares[0]}-{squares[-1]}: "
                    f"{len(squares)} modifiers, not {len(row)}"
                )
        return self

    def modifier(self, target_aspect: BodySquare) -> int:
        row = BODY_DIAMOND_ROWS[target_aspect.aoc]
        return self.rows[target_aspect.aoc][row.index(target_aspect.aon)]


class WeatherTable(DataModel):
    haze_search: int = Field(ge=-10, le=0)
    haze_tally: int = Field(ge=-10, le=0)


class GreyOutTable(DataModel):
    field_of_view_cells: int = Field(ge=0, le=6)
    """PHAD cells from the chosen cell that the crew member still sees."""
    search: int = Field(le=0)
    tally: int = Field(le=0)


class BlackOutTable(DataModel):
    field_of_view_cells: int = Field(ge=0, le=6)
    tally: int = Field(le=0)
    """Black-out allows no searches at all."""


class GEffectsTable(DataModel):
    grey_out: GreyOutTable
    black_out: BlackOutTable


class SightingTables(DataModel):
    """The Visual Sighting play aid, rebuilt (``models/tables/sighting.toml``)."""

    format_version: Literal[1] = 1
    search: SearchTable
    tally: TallyTable
    target_aspect: TargetAspectTable
    weather: WeatherTable
    g_effects: GEffectsTable


def load_sighting_tables(path: Path) -> SightingTables:
    """Read a Visual Sighting table file; a :class:`DataFileError` names the file and fields."""
    return load_model(SightingTables, path, CARD_LIMITS)
