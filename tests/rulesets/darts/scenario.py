"""A Darts scenario file: the shared header, and each dart's start in table inches."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from models.base import DataModel
from models.scenario_common import MAX_AIRCRAFT, AircraftCommon, ScenarioCommon


class DartsOrder(DataModel):
    """One round's order: how far to turn, clockwise positive."""

    kind: Literal["darts.round"] = "darts.round"
    turn_deg: int = Field(ge=-30, le=30)


class DartsAircraft(AircraftCommon):
    """One dart at the start."""

    x_in: float = Field(ge=-500, le=500)
    y_in: float = Field(ge=-500, le=500)
    heading_deg: int = Field(ge=0, lt=360)
    alt_ft: float = Field(ge=0, le=10_000)
    speed_in: int = Field(ge=1, le=12)
    """Inches flown per round."""
    script: tuple[DartsOrder, ...] = Field(min_length=1)
    """One order per round; the last repeats."""


class DartsScenario(ScenarioCommon):
    rules: Literal["darts"]
    aircraft: tuple[DartsAircraft, ...] = Field(min_length=1, max_length=MAX_AIRCRAFT)
