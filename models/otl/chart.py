"""An Over the Lines Plane Chart as data (§Power and Speed, §Rolls, §Turning, §Climb,
§Stalls and Spins, §Firing, §Wing and Fuselage Hits).

The seed refers to a Plane Chart for every type but prints none; the charts shipped in
``models/otl/data/planes`` are furball's reconstruction from published performance figures,
each naming its sources and how every number was derived.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems

PLANES_DIR = Path(__file__).resolve().parent / "data" / "planes"
"""The shipped Plane Charts, one TOML file each, named by type id."""
TOP_SPEED = 22
"""The fastest speed any chart prints (220 mph in a dive, §Speed and Movement Points)."""
TURN_RATES = ("AA", "A", "B", "C", "D", "E", "F", "G")
"""Turn Rates from best to worst (§Turning)."""
TurnRate = Literal["AA", "A", "B", "C", "D", "E", "F", "G"]


class PowerCell(DataModel):
    """One cell of the power chart: a stall mark, or power (positive), drag (negative)."""

    stall: bool = False
    value: int = 0
    overdive: bool = False
    """Underlined on the chart: overdive danger at the end of a round at this speed."""


def parse_power_cell(text: str) -> PowerCell:
    """``S`` → stall; ``3`` / ``+3`` → power 3; ``-2`` → drag 2; ``-2u`` → drag 2, underlined."""
    token = text.strip()
    if token.upper() == "S":
        return PowerCell(stall=True)
    overdive = token.endswith("u")
    number = token[:-1] if overdive else token
    try:
        value = int(number)
    except ValueError:
        raise ValueError(f"{text!r} is not S, a whole number or a number with u") from None
    if overdive and value >= 0:
        raise ValueError(f"{text!r}: only drag (a negative number) can be underlined")
    return PowerCell(value=value, overdive=overdive)


class PowerBand(DataModel):
    """Power by speed in one altitude band, from ``floor_ft`` up to the next band's floor."""

    floor_ft: int = Field(ge=0, le=30_000)
    power: tuple[str, ...] = Field(min_length=TOP_SPEED + 1, max_length=TOP_SPEED + 1)
    """One cell per speed 0…22: ``S`` (stalled), ``4``, ``0``, ``-1``, ``-2u`` (underlined)."""

    @model_validator(mode="after")
    def _cells_read(self) -> Self:
        problems = []
        for speed, text in enumerate(self.power):
            try:
                parse_power_cell(text)
            except ValueError as error:
                problems.append((f"power[{speed}]", str(error)))
        if problems:
            raise FieldProblems(problems)
        cells = self.cells
        stalls = [s for s, c in enumerate(cells) if c.stall]
        if not stalls or stalls != list(range(len(stalls))):
            raise FieldProblems([("power", "the S cells must be the lowest speeds, from 0")])
        return self

    @property
    def cells(self) -> tuple[PowerCell, ...]:
        return _cells(self.power)

    @property
    def stall_speed(self) -> int:
        """The highest speed marked S (§Stalls and Spins)."""
        return _stall_speed(self.power)

    @property
    def min_speed(self) -> int:
        """One above the stall speed: the first printed number."""
        return self.stall_speed + 1

    @property
    def max_level_speed(self) -> int:
        """The speed whose power is 0 (§Power and Speed); the first speed at or past which
        power is no longer positive when no cell reads exactly 0."""
        return _max_level_speed(self.power)


@cache
def _cells(power: tuple[str, ...]) -> tuple[PowerCell, ...]:
    """A band's cells, read once (the rules look them up for every MP flown)."""
    return tuple(parse_power_cell(text) for text in power)


@cache
def _stall_speed(power: tuple[str, ...]) -> int:
    return max(s for s, c in enumerate(_cells(power)) if c.stall)


@cache
def _max_level_speed(power: tuple[str, ...]) -> int:
    for speed, cell in enumerate(_cells(power)):
        if not cell.stall and cell.value <= 0:
            return speed
    return TOP_SPEED


class TargetingRanges(DataModel):
    """How far, in inches, the pilot can focus on a target in each arc (§Phase 1)."""

    front: int = Field(ge=1, le=200)
    side: int = Field(ge=1, le=200)
    rear: int = Field(ge=1, le=200)
    up: int = Field(ge=1, le=200)
    down: int = Field(ge=1, le=200)


class GunChart(DataModel):
    """One gun, or one set of linked guns, and how it is fed (§Firing, §Ammo, §Reloads)."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    name: str
    crew: Literal["pilot", "observer"] = "pilot"
    mount: Literal["fixed", "flexible", "foster"] = "fixed"
    """``fixed``: fires forward in the 2 in lane; ``flexible``: in its clock ``arc``;
    ``foster``: the fixed lane and the 12+ arc (an upper-wing Lewis)."""
    arc: str = ""
    """A flexible gun's arcs in clock notation, ``4-8+; 4,5,7,8-`` (§Gun Arcs)."""
    firepower: int = Field(ge=0, le=30)
    feed: Literal["belt", "drum"] = "belt"
    ammo: int = Field(ge=1, le=100)
    """Ammo boxes: rounds of fire on the belt, or in one drum."""
    drums: int = Field(default=0, ge=0, le=20)
    """Spare drums carried (drum-fed only)."""
    dual: bool = False
    """Two guns on one ammo track; a hit on one halves the firepower."""
    separate_dual: bool = False
    """Dual guns that jam and clear one at a time (firepower halved while one is jammed)."""
    cannon: bool = False
    """Rolls 1d6 × 2 and must reload after every shot."""


class PlaneChart(DataModel):
    """Everything the rules read off one type's Plane Chart, with where it came from."""

    format_version: int = 1
    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    name: str
    nation: str
    service_from: str = Field(pattern=r"^\d{4}-\d{2}$")
    """First front-line service, ``YYYY-MM``."""
    engine: Literal["inline", "rotary"]
    length_ft: float | None = Field(default=None, gt=0.0, le=100.0)
    span_ft: float | None = Field(default=None, gt=0.0, le=150.0)
    """The upper wing's span."""
    height_ft: float | None = Field(default=None, gt=0.0, le=30.0)
    """The published overall dimensions (the replay's box mini is this size; a fighter's
    usual size when left out)."""
    crew: int = Field(ge=1, le=2)
    dual_control: bool = False
    multi_engine: bool = False
    turn_rate: TurnRate
    roll_mp_left: int = Field(ge=1, le=8)
    """MP flown per bank step rolling left (counterclockwise): Roll Rate ½ is 2."""
    roll_mp_right: int = Field(ge=1, le=8)
    pitch_mp: int = Field(ge=1, le=8)
    """MP flown per pitch step: Pitch Rate 1/3 is 3 (doubled in a negative-G change)."""
    climb_ft: int = Field(ge=25, le=200, multiple_of=25)
    """The Climb Rate: most feet gained per vertical MP climbing."""
    dive_ft: int = Field(default=100, ge=25, le=100, multiple_of=25)
    """Most feet lost per vertical MP in a Dive (a Vertical Dive always drops 100 ft)."""
    wing_strength: int = Field(ge=2, le=20)
    fuselage_strength: int = Field(ge=2, le=20)
    size: int = Field(ge=-4, le=6)
    """Size Modifier on the Gunfire Chart (bigger targets are easier)."""
    damage_divider: int = Field(default=1, ge=1, le=10)
    enter_spin: int = Field(ge=2, le=13)
    exit_spin: int = Field(ge=2, le=13)
    targeting_in: TargetingRanges
    jam_clear_on: int = Field(default=6, ge=2, le=6)
    """A jam clears on a d6 of at least this (6 by the rules; some charts are easier)."""
    bomb_capable: bool = False
    guns: tuple[GunChart, ...] = Field(min_length=1)
    bands: tuple[PowerBand, ...] = Field(min_length=1)
    """Power bands from the ground up, each from its ``floor_ft``."""
    sources: tuple[str, ...] = Field(min_length=1)
    """Published figures the chart is derived from."""
    derivation: str = Field(min_length=1)
    """How each number was reached from those figures (furball's reconstruction)."""

    @model_validator(mode="after")
    def _bands_and_guns(self) -> Self:
        problems = []
        floors = [band.floor_ft for band in self.bands]
        if floors[0] != 0 or floors != sorted(set(floors)):
            problems.append(("bands", "floors must start at 0 and rise"))
        ids = [gun.id for gun in self.guns]
        if len(set(ids)) != len(ids):
            problems.append(("guns", "two guns share an id"))
        for index, gun in enumerate(self.guns):
            if gun.mount == "flexible" and not gun.arc:
                problems.append((f"guns[{index}].arc", "a flexible gun needs its clock arc"))
            if gun.crew == "observer" and self.crew < 2:
                problems.append((f"guns[{index}].crew", "a single-seater has no observer"))
        if problems:
            raise FieldProblems(problems)
        return self

    @property
    def box_ft(self) -> tuple[float, float, float] | None:
        """Length, span and height, when the chart gives all three."""
        if self.length_ft is None or self.span_ft is None or self.height_ft is None:
            return None
        return (self.length_ft, self.span_ft, self.height_ft)

    def band_at(self, alt_ft: float) -> PowerBand:
        """The power band the altitude lies in."""
        return [band for band in self.bands if band.floor_ft <= max(alt_ft, 0.0)][-1]

    def gun(self, gun_id: str) -> GunChart:
        return next(gun for gun in self.guns if gun.id == gun_id)


@cache
def plane_charts(folder: Path = PLANES_DIR) -> dict[str, PlaneChart]:
    """Every Plane Chart in ``folder`` (the shipped ones by default), by type id."""
    from models.files import load_model

    charts = {}
    for path in sorted(folder.glob("*.toml")):
        chart = load_model(PlaneChart, path)
        charts[chart.id] = chart
    return charts
