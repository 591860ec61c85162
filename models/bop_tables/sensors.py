"""The Sensors play aid, rebuilt (SoP 10): ``sensors.toml``.

The arc diagrams and maintenance procedure of the six radar modes, the range columns, the
maintenance, track-conversion and cue modifiers, lookdown and ECM, the infrared aspect and
noise modifiers, TWS, RWR warnings, Sensor Handoff costs, and the seeker figures of each
shipped missile that the Missile Data Cards would print.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import ConfigDict, Field, field_validator, model_validator

from models.base import DataModel
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model
from models.sensor_terms import (
    RADAR_MODES,
    STABILISED_MODES,
    Arc,
    Cockpit,
    MaintenanceProcedure,
    RadarMode,
)

SENSOR_TABLES_PATH = SHIPPED_TABLES_DIR / "sensors.toml"


class _Data(DataModel):
    model_config = ConfigDict(str_strip_whitespace=True)


class RadarModeRules(_Data):
    """One radar mode's arc diagrams and maintenance procedure."""

    acquisition_arc: Arc
    """Where the mode may attempt acquisitions."""
    track_arc: Arc
    """Where it maintains acquisitions and tracks (Boresight keeps them out to AoN 1)."""
    maintenance: MaintenanceProcedure
    """Which maintenance procedure the mode follows."""


class RangeBand(_Data):
    """A column of the range scale: up to this fraction of the sensor's listed range."""

    up_to_fraction: float = Field(gt=0, le=1)
    value: int = Field(ge=0, le=12)
    """The Target Value an acquisition's Pips result or a maintenance roll must reach."""


class MaintenanceTable(_Data):
    """The d10 procedures: maintenance, track conversion and cued acquisition."""

    rating_base: int = Field(ge=0, le=12)
    """A sensor's rating minus this is added to its d10 rolls."""
    mode_modifier: dict[MaintenanceProcedure, int]
    """Added to radar maintenance by the mode's procedure (STT, TWS, other)."""
    track_conversion_modifier: int = Field(ge=-9, le=9)
    """Added to the d10 that turns a stabilised-mode acquisition into a track."""
    cue_modifier: int = Field(ge=0, le=9)
    """Added when a cued sensor acquires with the Maintenance procedure ("Integration")."""

    @field_validator("mode_modifier")
    @classmethod
    def _every_procedure(
        cls, value: dict[MaintenanceProcedure, int]
    ) -> dict[MaintenanceProcedure, int]:
        missing = {"stt", "tws", "other"} - set(value)
        if missing:
            raise ValueError(f"missing {', '.join(sorted(missing))}")
        return value


class LookdownRow(_Data):
    """The lookdown conditions' rating for a bearing pitched down into this ring."""

    pitch_deg: Literal[-30, -60, -90]
    rating: int = Field(ge=0, le=24)


class LookdownTable(_Data):
    """Lookdown conditions ("Radar", Track modifiers)."""

    by_bearing_pitch: tuple[LookdownRow, ...] = Field(min_length=1)
    """Rating when the radar looks down at its target (bearing pitch below the horizon)."""
    low_target_alt_ft: float = Field(ge=0, le=20_000)
    """A target at or below this altitude is in ground clutter."""
    low_target_rating: int = Field(ge=0, le=24)
    """Added (or applied alone, looking level or up) when the target is that low."""


class InfraredTable(_Data):
    """Infrared seeker and IRST modifiers ("Infrared and Optical")."""

    aspect_modifier_by_aot: tuple[int, int, int, int, int, int, int]
    """Column (acquisition) or roll (maintenance) modifier by the target's AoT, 0 to 6:
    hot tailpipe at AoT 0, cold nose at AoT 6."""
    afterburner_modifier: int = Field(ge=0, le=9)
    """Added when the target's throttle is at AB."""
    ground_background_noise: int = Field(ge=0, le=9)
    """Noise when the bearing pitches below the horizon (the target against the ground)."""
    false_lock_at_or_below: int = Field(le=0)
    """An IRM acquisition netting this or less locks on something else (a false lock)."""


class TwsTable(_Data):
    max_tracks: int = Field(ge=1, le=12)
    """Tracks a TWS radar fills automatically from its closest acquisitions ("TWS Mode")."""


class WarningTable(_Data):
    """RWR warnings, received like a message ("Communications Receipt")."""

    busy_roll_at_least: int = Field(ge=0, le=10)
    """A d10 of this or more gets the warning through to an engaged or defending crew member,
    or one without activity points left."""


class HandoffTable(_Data):
    """What the Sensor Handoff task costs by cockpit type ("Cockpit Actions")."""

    ap: dict[Cockpit, int]
    """AP per payment."""
    pays_once: dict[Cockpit, bool]
    """True: one payment covers every handoff this turn; False: pay for each handoff."""

    @model_validator(mode="after")
    def _every_cockpit(self) -> Self:
        for name, table in (("ap", self.ap), ("pays_once", self.pays_once)):
            missing = {"basic", "regular", "improved", "advanced"} - set(table)
            if missing:
                raise ValueError(f"{name}: missing {', '.join(sorted(missing))}")
        return self


class MissileSeeker(_Data):
    """A missile's seeker figures from its (unprinted) Missile Data Card."""

    rating: int = Field(ge=1, le=12)
    """IR missiles: the Pips column of IRM Acquisition and the maintenance modifier against
    the base.  Radar missiles: the seeker's rating in flight maintenance."""
    range_fp: int = Field(ge=1, le=1000)
    """IR: lock-on range against a non-afterburning fighter from astern; AH: the active
    seeker's range; RH: the receiver's range (the launcher's radar range governs)."""
    eccm: int = Field(default=0, ge=0, le=9)
    """Radar missiles: ECCM value (an RH missile in flight may use it instead of the
    launching radar's)."""


class SensorTables(_Data):
    """The Sensors play aid, rebuilt (``models/tables/sensors.toml``)."""

    format_version: Literal[1] = 1
    radar_modes: dict[RadarMode, RadarModeRules]
    range_values: tuple[RangeBand, ...] = Field(min_length=1)
    """Closest first; the last band ends at the listed range (fraction 1)."""
    maintenance: MaintenanceTable
    lookdown: LookdownTable
    ecm_per_point: int = Field(ge=0, le=9)
    """Track modifier per point of target ECM above the radar's ECCM (negative)."""
    infrared: InfraredTable
    tws: TwsTable
    warning: WarningTable
    handoff: HandoffTable
    seekers: dict[str, MissileSeeker]
    """Seeker figures by missile type id."""

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        missing = [m for m in RADAR_MODES if m not in self.radar_modes]
        if missing:
            raise ValueError(f"radar_modes: missing {', '.join(missing)}")
        for name, rules in self.radar_modes.items():
            wanted = "stabilised" if name in STABILISED_MODES else "body_diamond"
            for arc in (rules.acquisition_arc, rules.track_arc):
                if arc.kind != wanted:
                    raise ValueError(f"radar_modes.{name}: the {name} arcs are {wanted}")
        fractions = [band.up_to_fraction for band in self.range_values]
        if fractions != sorted(set(fractions)) or fractions[-1] != 1:
            raise ValueError("range_values: fractions rise and the last one is 1")
        return self

    def seeker(self, type_id: str) -> MissileSeeker:
        """The seeker figures for a missile type (case-insensitive)."""
        for name, seeker in self.seekers.items():
            if name.lower() == type_id.lower():
                return seeker
        known = ", ".join(sorted(self.seekers))
        raise KeyError(f"no seeker figures for {type_id!r}; the table has {known}")


def load_sensor_tables(path: Path) -> SensorTables:
    """Read a Sensors play-aid file; a :class:`DataFileError` names the file and fields."""
    return load_model(SensorTables, path, CARD_LIMITS)
