"""Sensor fits: what "Sensors (SoP 10)" needs to know of each aircraft type.

An aircraft type's **sensor fit** (``models/sensors/<type_id>.toml``) lists its radar with
the modes it offers and their ranges, its IRST, RWR, helmet sight, datalink and EO sensor,
plus the ADC characteristics the sensor tasks read (cockpit type, HOTAS) and what the type
offers to other aircraft's sensors (radar signature, self-protection ECM).

The words fits share with the play aid (radar modes, arcs) are in :mod:`models.sensor_terms`;
the rebuilt **Sensors play aid** is :mod:`models.bop_tables.sensors`, named here too.

The rulebook prints neither the ADC sensor blocks nor the play aids, so every figure is a
furball rebuild; each file's comments say how its numbers were derived.  Ranges are in
Flight Points (400 ft), angles in PHAD cells (AoN, AoC) or bearing pitch rings in degrees.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import ConfigDict, Field, model_validator

from models.base import DataModel
from models.bop_tables import tables_in_play
from models.bop_tables.sensors import SENSOR_TABLES_PATH as SENSOR_TABLES_PATH
from models.bop_tables.sensors import SensorTables as SensorTables
from models.bop_tables.sensors import load_sensor_tables as load_sensor_tables
from models.files import CARD_LIMITS, DataFileError, load_model, shipped_files, shown, type_key
from models.sensor_terms import BEARING_PITCHES_DEG as BEARING_PITCHES_DEG
from models.sensor_terms import RADAR_MODE_NAMES as RADAR_MODE_NAMES
from models.sensor_terms import RADAR_MODES as RADAR_MODES
from models.sensor_terms import STABILISED_MODES as STABILISED_MODES
from models.sensor_terms import Arc as Arc
from models.sensor_terms import BodyDiamondArc as BodyDiamondArc
from models.sensor_terms import Cockpit as Cockpit
from models.sensor_terms import MaintenanceProcedure as MaintenanceProcedure
from models.sensor_terms import PitchRow as PitchRow
from models.sensor_terms import RadarMode as RadarMode
from models.sensor_terms import StabilisedArc as StabilisedArc

SENSOR_FIT_FORMAT_VERSION = 1


class _Data(DataModel):
    model_config = ConfigDict(str_strip_whitespace=True)


# --------------------------------------------------------------------------------------
# An aircraft type's sensor fit
# --------------------------------------------------------------------------------------


class RadarModeFit(_Data):
    """One mode listed in the ADC's sensor information."""

    mode: RadarMode
    range_fp: int = Field(ge=1, le=5000)
    """Slant range out to which the mode can acquire and hold a fighter-sized target."""
    arc: Arc | None = None
    """An ADC arc restriction replacing the play aid's diagram for this mode (acquisition and
    track alike); None uses the play aid's."""


class RadarFit(_Data):
    """The aircraft's radar: rating ``[Radar value] e [ECCM value]`` and its modes."""

    name: str = Field(min_length=1)
    kind: Literal["ranging", "pulse", "pulse_doppler"]
    """A ranging radar only measures range for the gunsight (Boresight mode only); pulse
    radars have no lookdown capability; pulse-doppler radars do."""
    rating: int = Field(ge=1, le=12)
    """Radar value: the Pips column of acquisitions, and the maintenance roll's modifier
    against the play aid's base."""
    eccm: int = Field(ge=0, le=9)
    """ECCM value, set against a target's ECM in the Track modifiers."""
    lookdown: int = Field(ge=0, le=12)
    """Lookdown capability: subtracted from the lookdown conditions' rating."""
    operation_ap: int = Field(ge=0, le=3)
    """What the Radar Operation task costs the crew member working the radar (0 to 3 AP)."""
    modes: tuple[RadarModeFit, ...] = Field(min_length=1)
    """The modes on the ADC, each once."""

    @model_validator(mode="after")
    def _modes(self) -> Self:
        names = [m.mode for m in self.modes]
        if len(set(names)) != len(names):
            raise ValueError("each radar mode is listed once")
        if self.kind == "ranging" and names != ["Bo"]:
            raise ValueError("a ranging radar has Boresight mode only")
        if self.kind != "pulse_doppler" and self.lookdown != 0:
            raise ValueError("only pulse-doppler radars have a lookdown capability")
        return self

    @property
    def rating_text(self) -> str:
        """The ADC's ``8e4`` notation."""
        return f"{self.rating}e{self.eccm}"

    def mode(self, mode: RadarMode) -> RadarModeFit | None:
        """The fit's entry for ``mode``, None when the radar lacks it."""
        return next((m for m in self.modes if m.mode == mode), None)


class IrstFit(_Data):
    """Infrared Search and Track ("Infrared and Optical", "IRST")."""

    name: str = Field(min_length=1)
    rating: int = Field(ge=1, le=12)
    """Pips column of IRST acquisitions; maintenance modifier against the play aid's base."""
    range_fp: int = Field(ge=1, le=1000)
    """Range against a non-afterburning fighter seen from astern."""
    acquire_aon: int = Field(default=0, ge=0, le=3)
    """AoN out to which it acquires uncued (0 for a normal IRST, which acquires only in the
    Nose cell; some systems search a wider field)."""
    maintain_aon: int = Field(ge=0, le=3)
    """AoN out to which it maintains a target (the ADC's value)."""
    cued_aon: int = Field(ge=0, le=3)
    """AoN out to which a cued IRST acquires its designated target."""


class RwrFit(_Data):
    """Radar warning receiver ("Electronic Support Measures", "RWRs")."""

    name: str = Field(min_length=1)
    kind: Literal["normal"] = "normal"
    """Normal RWRs warn like a message received by the Communications Receipt task."""


class HelmetFit(_Data):
    """Helmet-mounted sight or display ("HMS versus HMD")."""

    name: str = Field(min_length=1)
    kind: Literal["hms", "hmd"]
    """An HMS hands the crew's awareness to sensors; an HMD also shows sensor tracks."""


class DatalinkFit(_Data):
    """A datalink ("Integration", "GCI Datalink")."""

    name: str = Field(min_length=1)
    kind: Literal["gci", "tactical"]
    """``gci``: ground-controlled intercept only, for initial contact at scenario set-up;
    ``tactical``: passes tracks between aircraft during the fight."""


class EoSensorFit(_Data):
    """A long-range electro-optical camera for identification ("EO Sensor")."""

    name: str = Field(min_length=1)


class DecoyFit(_Data):
    """The Decoy Dispenser System (DDS) and its load ("Setting Decoy Program")."""

    name: str = Field(min_length=1)
    flares: int = Field(default=0, ge=0, le=200)
    """Infrared decoys carried: they help against IR missiles."""
    chaff: int = Field(default=0, ge=0, le=200)
    """Radar decoys carried: they help against radar-guided missiles."""


class SensorFit(_Data):
    """The sensor information on one aircraft type's ADC."""

    format_version: Literal[1] = 1
    """Sensor fit file format version."""
    type_id: str = Field(min_length=1)
    """The aircraft type, as on its card (``MiG-29``)."""
    cockpit: Cockpit
    """Cockpit type ("Cockpit Actions")."""
    hotas: bool
    """HOTAS "Y": sensor switch actions need no Hands Off Switch task."""
    hud: bool = False
    """The pilot has a head-up display that shows the radar's and IRST's tracks: a track in
    the Nose cell lets the pilot tally it (the Tally task; only pilots have HUDs)."""
    radar_signature: int = Field(ge=-2, le=2)
    """How large this type looks to radar: a Track modifier for radars searching it and the
    tie-break of "Selecting the Closest Target" (larger is easier)."""
    ecm_rating: int = Field(default=0, ge=0, le=9)
    """Internal self-protection jamming set against a searching radar's ECCM."""
    radar: RadarFit | None = None
    irst: IrstFit | None = None
    rwr: RwrFit | None = None
    helmet: HelmetFit | None = None
    datalink: DatalinkFit | None = None
    eo_sensor: EoSensorFit | None = None
    decoys: DecoyFit | None = None
    derivation: str = Field(min_length=1)
    """How each figure was obtained."""
    sources: tuple[str, ...] = Field(min_length=1)
    """Where the published figures come from."""


SENSORS_DIR = Path(__file__).resolve().parent / "sensors"


class UnknownSensorFit(ValueError):
    """A type id with no shipped sensor fit."""


def sensor_fit_path(type_id: str) -> Path:
    """Where the shipped fit for ``type_id`` lives (``F-16C`` → ``sensors/f-16c.toml``).

    The id is looked up among the shipped files, never joined into a path; an unknown one
    raises :class:`UnknownSensorFit`."""
    path = shipped_files(SENSORS_DIR).get(type_key(type_id))
    if path is None:
        known = ", ".join(shipped_sensor_fits())
        raise UnknownSensorFit(f"no sensor fit for {shown(type_id)}; shipped fits: {known}")
    return path


def load_sensor_fit(path: Path) -> SensorFit:
    """Read one fit file; raises :class:`~models.files.DataFileError` listing every problem."""
    return load_model(SensorFit, path, CARD_LIMITS)


@cache
def shipped_sensor_fits() -> tuple[str, ...]:
    """Type ids of every shipped sensor fit, sorted."""
    return tuple(sorted(load_sensor_fit(p).type_id for p in shipped_files(SENSORS_DIR).values()))


@cache
def sensor_fit(type_id: str) -> SensorFit:
    """The shipped fit for ``type_id`` (case-insensitive)."""
    path = sensor_fit_path(type_id)
    fit = load_sensor_fit(path)
    if fit.type_id.lower() != type_id.lower():
        raise DataFileError(path, [f"type_id: the file is for {fit.type_id!r}, not {type_id!r}"])
    return fit


def sensor_tables() -> SensorTables:
    """The shipped Sensors play aid, from the one bundle of tables."""
    return tables_in_play().sensors
