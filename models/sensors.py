"""Sensor fits and the Sensors play aid: what "Sensors (SoP 10)" needs to know.

Two kinds of data live here:

* an aircraft type's **sensor fit** (``models/sensors/<type_id>.toml``): its radar with the
  modes it offers and their ranges, its IRST, RWR, helmet sight, datalink and EO sensor, plus
  the ADC characteristics the sensor tasks read (cockpit type, HOTAS) and what the type
  offers to other aircraft's sensors (radar signature, self-protection ECM);
* the rebuilt **Sensors play aid** (``models/tables/sensors.toml``): the arc diagrams of the
  six radar modes, the range columns, the Track modifiers (ECM/ECCM, lookdown), the infrared
  aspect and noise modifiers, and the seeker figures of each shipped missile that the Missile
  Data Cards would print (``models/missile.py`` does not carry them).

The rulebook prints neither the ADC sensor blocks nor the play aids, so every figure is a
furball rebuild; each file's comments say how its numbers were derived.  Ranges are in
Flight Points (400 ft), angles in PHAD cells (AoN, AoC) or bearing pitch rings in degrees.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal, Self

from pydantic import ConfigDict, Field, field_validator, model_validator

from models.base import DataModel
from models.files import CARD_LIMITS, DataFileError, load_model, shipped_files, shown, type_key

SENSOR_FIT_FORMAT_VERSION = 1

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


# --------------------------------------------------------------------------------------
# The Sensors play aid
# --------------------------------------------------------------------------------------


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


TABLES_DIR = Path(__file__).resolve().parent / "tables"
SENSOR_TABLES_PATH = TABLES_DIR / "sensors.toml"


def load_sensor_tables(path: Path) -> SensorTables:
    """Read a Sensors play-aid file; a :class:`DataFileError` names the file and fields."""
    return load_model(SensorTables, path, CARD_LIMITS)


@cache
def sensor_tables() -> SensorTables:
    """The shipped Sensors play aid."""
    return load_sensor_tables(SENSOR_TABLES_PATH)
