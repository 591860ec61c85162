"""The words an aircraft's sensor fit and the Sensors play aid share (SoP 10): radar modes,
cockpit types, maintenance procedures and the arc diagrams drawn on the body diamond."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, field_validator

from models.base import DataModel

RadarMode = Literal["Bo", "Dog", "SS", "STT", "Srch", "TWS"]
"""The six radar modes by their ADC abbreviations ("Radar"): Boresight, Dogfight,
Supersearch, Single Target Track, Search and Track While Scan."""
RADAR_MODES: tuple[RadarMode, ...] = ("Bo", "Dog", "SS", "STT", "Srch", "TWS")
STABILISED_MODES: frozenset[RadarMode] = frozenset({"Srch", "TWS"})
"""Search and TWS are stabilised: their arcs are read by bearing pitch, not by AoC."""
RADAR_MODE_NAMES: dict[RadarMode, str] = {
    "Bo": "Boresight",
    "Dog": "Dogfight",
    "SS": "Supersearch",
    "STT": "Single Target Track",
    "Srch": "Search",
    "TWS": "Track While Scan",
}

Cockpit = Literal["basic", "regular", "improved", "advanced"]
"""ADC cockpit type ("Cockpit Actions"); it sets what the Sensor Handoff task costs."""
MaintenanceProcedure = Literal["stt", "tws", "other"]
"""Radar maintenance follows the procedure for STT, for TWS, or the one for every other mode
("Maintaining Acquisitions and Tracks")."""
BEARING_PITCHES_DEG: tuple[int, ...] = (90, 60, 30, 0, -30, -60, -90)


def _body_diamond() -> frozenset[tuple[int, int]]:
    # The reachable [AoN, AoC] squares (engine.phad.angles.BODY_DIAMOND; models may not import
    # the engine, so the same rule is restated here).
    squares = {
        (aon, aoc)
        for aon in range(7)
        for aoc in range(7)
        if abs(aon - aoc) <= 3 and 3 <= aon + aoc <= 9
    }
    return frozenset(squares | {(4, 6), (5, 5), (6, 4)})


_BODY_DIAMOND = _body_diamond()


class _Data(DataModel):
    model_config = ConfigDict(str_strip_whitespace=True)


# --------------------------------------------------------------------------------------
# Arc diagrams
# --------------------------------------------------------------------------------------


class BodyDiamondArc(_Data):
    """An arc drawn on the body diamond: the filled ("orange") [AoN, AoC] squares."""

    kind: Literal["body_diamond"] = "body_diamond"
    squares: tuple[tuple[int, int], ...] = Field(min_length=1)
    """Filled squares as ``[AoN, AoC]``; a bearing on any other square is out of arc."""

    @field_validator("squares")
    @classmethod
    def _on_the_diamond(cls, squares: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        off = [f"[{aon},{aoc}]" for aon, aoc in squares if (aon, aoc) not in _BODY_DIAMOND]
        if off:
            raise ValueError(f"not squares of the body diamond: {', '.join(off)}")
        if len(set(squares)) != len(squares):
            raise ValueError("a square is listed twice")
        return squares

    def covers(self, aon: int, aoc: int) -> bool:
        """The square [AoN, AoC] is filled."""
        return (aon, aoc) in self.squares


class PitchRow(_Data):
    """One row of a stabilised arc diagram: a bearing pitch ring and the AoN it reaches."""

    pitch_deg: int
    """Pitch ring of the bearing line (90, 60, 30, 0, -30, -60, -90)."""
    max_aon: int = Field(ge=0, le=6)
    """Bearings in this ring at this AoN or less are in arc."""

    @field_validator("pitch_deg")
    @classmethod
    def _a_ring(cls, pitch_deg: int) -> int:
        if pitch_deg not in BEARING_PITCHES_DEG:
            raise ValueError(f"bearing pitch rings are {BEARING_PITCHES_DEG}")
        return pitch_deg


class StabilisedArc(_Data):
    """An arc of a stabilised mode: rows by bearing pitch, columns by AoN ("Radar")."""

    kind: Literal["stabilised"] = "stabilised"
    rows: tuple[PitchRow, ...] = Field(min_length=1)
    """Filled rows; a pitch ring without a row is out of arc."""

    @field_validator("rows")
    @classmethod
    def _one_row_per_ring(cls, rows: tuple[PitchRow, ...]) -> tuple[PitchRow, ...]:
        pitches = [row.pitch_deg for row in rows]
        if len(set(pitches)) != len(pitches):
            raise ValueError("one row per bearing pitch ring")
        return rows

    def covers(self, pitch_deg: int, aon: int) -> bool:
        """A bearing in ring ``pitch_deg`` at ``aon`` is in arc."""
        return any(row.pitch_deg == pitch_deg and aon <= row.max_aon for row in self.rows)


Arc = Annotated[BodyDiamondArc | StabilisedArc, Field(discriminator="kind")]
