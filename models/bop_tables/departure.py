"""The Departure play aid, rebuilt (SoP 05, SoP 06): ``departure.toml``.

The Depart base, too-slow flight, the Controllability Regions, High-Speed Departure, Spin
Recovery and the Spin Gyrations.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

DEPARTURE_PATH = SHIPPED_TABLES_DIR / "departure.toml"


class CheckTable(DataModel):
    depart_base: int = Field(ge=0, le=30)
    """The ADC Depart value is this plus the card's departure_rating."""
    control_ap_max: int = Field(ge=0, le=8)


class TooSlowTable(DataModel):
    min_speed_kt: int = Field(gt=0)
    altitude_loss_steps: int = Field(ge=0)
    departure_points: int = Field(ge=0)


class ControllabilityRow(DataModel):
    name: str = Field(min_length=1)
    number: int = Field(ge=1)
    q_mark_below: float = Field(gt=0)


class HighSpeedDepartureTable(DataModel):
    unloaded_ticks: int = Field(ge=1, le=10)
    load_g: float = Field(ge=0)


class SpinRecoveryTable(DataModel):
    flat_spin_at_or_below: int
    continue_at_or_below: int
    high_speed_departure_at_or_below: int
    weaken_by: int = Field(ge=0)
    overstress_on_recovery: int = Field(ge=0)

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if not (
            self.flat_spin_at_or_below
            < self.continue_at_or_below
            < self.high_speed_departure_at_or_below
        ):
            raise ValueError(
                "need flat_spin_at_or_below < continue_at_or_below < "
                "high_speed_departure_at_or_below"
            )
        return self


class GyrationRow(DataModel):
    upto: int = Field(ge=0, le=9)
    """The highest d10 face reading this row."""
    roll_cells: int = Field(ge=-12, le=12)
    """Roll cells the aircraft whirls about its Nose over the turn; negative is left."""


class DepartureTables(DataModel):
    """The Departure play aid, rebuilt (``models/tables/departure.toml``)."""

    format_version: Literal[1] = 1
    check: CheckTable
    too_slow: TooSlowTable
    controllability: tuple[ControllabilityRow, ...] = Field(min_length=1)
    """Worst region first, each with a higher Q-mark bound than the one before."""
    high_speed_departure: HighSpeedDepartureTable
    spin_recovery: SpinRecoveryTable
    spin_gyration: tuple[GyrationRow, ...] = Field(min_length=1)
    """Spin Gyrations by d10, rising ``upto`` ending at 9."""

    @model_validator(mode="after")
    def _gyrations_cover_the_d10(self) -> Self:
        faces = [row.upto for row in self.spin_gyration]
        if faces != sorted(set(faces)) or faces[-1] != 9:
            raise ValueError("spin_gyration rows need rising upto values ending at 9")
        return self

    @model_validator(mode="after")
    def _regions(self) -> Self:
        bounds = [row.q_mark_below for row in self.controllability]
        numbers = [row.number for row in self.controllability]
        if bounds != sorted(bounds) or len(set(bounds)) != len(bounds):
            raise ValueError("controllability rows go worst first, q_mark_below rising")
        if numbers != sorted(numbers, reverse=True):
            raise ValueError("controllability numbers fall from the worst region to the mildest")
        return self


def load_departure_tables(path: Path) -> DepartureTables:
    """Read a Departure table file; a :class:`DataFileError` names the file and fields."""
    return load_model(DepartureTables, path, CARD_LIMITS)
