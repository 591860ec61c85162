"""The Flight Effects play aid, rebuilt (SoP 04): ``flight_effects.toml``.

Overspeed and structure G results by Pips, the Crew G and LOC columns and their results, G
Onset and Crew Fatigue.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator

from models.base import DataModel
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

FLIGHT_EFFECTS_PATH = SHIPPED_TABLES_DIR / "flight_effects.toml"

GEffect = Literal["normal", "grey_out", "black_out", "loc"]
"""Crew G effect states, best to worst ("Crew G Effect (Overall)")."""
GSuit = Literal["none", "early", "modern", "immersion"]


class PipsRow(DataModel):
    """A result row: applies from ``from_pips`` up to the next row."""

    from_pips: int = Field(ge=0)
    effect: Literal["none", "damage", "overstress", "destroyed"]
    damage: int = Field(default=0, ge=0)
    criticals: tuple[Literal["engine", "structure"], ...] = ()


def _rising(rows: Sequence[PipsRow], allowed: set[str]) -> None:
    starts = [row.from_pips for row in rows]
    if not starts or starts[0] != 0:
        raise ValueError("the first row must have from_pips = 0")
    if any(b <= a for a, b in pairwise(starts)):
        raise ValueError("from_pips must rise from row to row")
    bad = sorted({row.effect for row in rows} - allowed)
    if bad:
        raise ValueError(f"effects {', '.join(bad)} are not used here; use {sorted(allowed)}")


def row_for_pips(rows: Sequence[PipsRow], pips: int) -> PipsRow:
    """The row a Pips result reads: the last one starting at or below it."""
    found = rows[0]
    for row in rows:
        if pips >= row.from_pips:
            found = row
    return found


class OverspeedTable(DataModel):
    keas_per_column: float = Field(gt=0)
    results: tuple[PipsRow, ...] = Field(min_length=1)

    @field_validator("results")
    @classmethod
    def _rows(cls, rows: tuple[PipsRow, ...]) -> tuple[PipsRow, ...]:
        _rising(rows, {"none", "damage", "destroyed"})
        return rows


class StructureTable(DataModel):
    load_per_column_g: float = Field(gt=0)
    columns_per_overstress: int = Field(ge=0)
    load_per_structure_critical_g: float = Field(ge=0)
    results: tuple[PipsRow, ...] = Field(min_length=1)

    @field_validator("results")
    @classmethod
    def _rows(cls, rows: tuple[PipsRow, ...]) -> tuple[PipsRow, ...]:
        _rising(rows, {"none", "overstress", "damage", "destroyed"})
        return rows


class NetRow(DataModel):
    """A crew G result row: applies to net pips at or above ``net_at_least``; the last row
    (without a threshold) takes everything lower."""

    net_at_least: int | None = None
    effect: GEffect
    loc_multiplier: int = Field(default=1, ge=1, le=5)
    wounded: bool = False


def _falling(rows: Sequence[NetRow]) -> None:
    thresholds = [row.net_at_least for row in rows[:-1]]
    if rows[-1].net_at_least is not None:
        raise ValueError("the last row takes every lower result: leave out its net_at_least")
    if any(t is None for t in thresholds):
        raise ValueError("every row but the last needs net_at_least")
    values = [t for t in thresholds if t is not None]
    if values and values[0] != 0:
        raise ValueError("the first row must be net_at_least = 0")
    if any(b >= a for a, b in pairwise(values)):
        raise ValueError("net_at_least must fall from row to row")
    if rows[0].effect != "normal":
        raise ValueError("the first row (net 0 or more) must be normal")


def row_for_net(rows: Sequence[NetRow], net: int) -> NetRow:
    """The first row whose threshold the net pips reach; the last row takes the rest."""
    for row in rows:
        if row.net_at_least is None or net >= row.net_at_least:
            return row
    return rows[-1]


class GSuitColumns(DataModel):
    none: int = 0
    early: int = 0
    modern: int = 0
    immersion: int = 0

    def of(self, suit: GSuit) -> int:
        return int(getattr(self, suit))


class CrewGTable(DataModel):
    base_column: int = Field(ge=1, le=48)
    demand_from_g: float = Field(ge=0, le=12)
    negative_load_factor: float = Field(gt=0, le=10)
    fatigue_column_per_point: int = Field(ge=0)
    strain_column_per_ap: int = Field(ge=0)
    reclined_seat: int = Field(ge=0)
    pressure_mask: int = Field(ge=0)
    g_suit: GSuitColumns
    positive_results: tuple[NetRow, ...] = Field(min_length=2)
    negative_results: tuple[NetRow, ...] = Field(min_length=2)

    @field_validator("positive_results", "negative_results")
    @classmethod
    def _rows(cls, rows: tuple[NetRow, ...]) -> tuple[NetRow, ...]:
        _falling(rows)
        return rows


class LocTable(DataModel):
    base_column: int = Field(ge=1, le=48)
    pressure_mask: int = Field(ge=0)
    minimum_value: int = Field(ge=1)
    recovery_per_phase: int = Field(ge=0)
    intercom_column: int = Field(ge=0, le=48)


class GOnsetTable(DataModel):
    increase_g: float = Field(gt=0)
    base_column: int = Field(ge=1, le=48)
    demand_from_g: float = Field(ge=0)
    fatigue_column_per_point: int = Field(ge=0)
    strain_column_per_ap: int = Field(ge=0)
    reclined_seat: int = Field(ge=0)
    pressure_mask: int = Field(ge=0)
    g_suit: GSuitColumns


class FatigueTable(DataModel):
    load_free_g: float = Field(ge=0)
    per_ap_beyond_first: int = Field(ge=0)
    pressure_mask: int = Field(ge=0)
    g_suit: GSuitColumns
    recovery: int = Field(ge=0)
    recovery_with_pressure_mask: int = Field(ge=0)


class FlightEffectsTables(DataModel):
    """The Flight Effects play aid, rebuilt (``models/tables/flight_effects.toml``)."""

    format_version: Literal[1] = 1
    overspeed: OverspeedTable
    structure: StructureTable
    crew_g: CrewGTable
    loc: LocTable
    g_onset: GOnsetTable
    fatigue: FatigueTable


def load_flight_effects_tables(path: Path) -> FlightEffectsTables:
    """Read a Flight Effects table file; a :class:`DataFileError` names the file and fields."""
    return load_model(FlightEffectsTables, path, CARD_LIMITS)
