"""Aircraft data cards: what the Flight Phase needs to know about a type.

The rulebook's Aircraft Data Cards (ADCs) are not included with its text, so furball's cards
carry the physical figures the nomographs were drawn from: wing area, weights, engines, a drag
polar by Mach region, structural limits and roll rates.  The engine turns them into the
game's quantities (KEAS, Q-mark, aero load limit, ΔSpeeds, Turn Points, roll points).

Cards are TOML files in ``models/cards/``, parsed (never executed) into these frozen models.
A player who owns the printed cards can override any figure in a card file.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Literal, Self

from pydantic import ConfigDict, Field, PrivateAttr, field_validator, model_validator

from models.base import DataModel
from models.files import CARD_LIMITS, load_model, shipped_files, shown, type_key

CARD_FORMAT_VERSION = 1

MachRegion = str
"""A row of the Form Drag table: ``Slow`` (M < 0.9), ``LTD`` (0.9–1.0), ``HTD`` (1.0–1.1),
or a Mach number to the tenth from ``1.2`` up (rulebook, "Speed, KEAS & Mach")."""


class _Card(DataModel):
    model_config = ConfigDict(str_strip_whitespace=True)


class Weights(_Card):
    """Weights and fuel (ADC weight and fuel boxes)."""

    empty_lb: float = Field(gt=0)
    """Empty weight."""
    reference_combat_lb: float = Field(gt=0)
    """Empty + crew + gun ammunition + a standard air-to-air load + half internal fuel;
    the weight the card was calibrated at."""
    internal_fuel_fp: int = Field(gt=0)
    """Internal fuel in Fuel Points of 100 lb."""
    crew_and_fixed_lb: float = Field(default=250.0, ge=0)
    """Crew, gun ammunition and other fixed load carried on every sortie."""

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.reference_combat_lb <= self.empty_lb:
            raise ValueError("reference_combat_lb must be greater than empty_lb")
        return self


class Engines(_Card):
    """The powerplant, as sea-level static ratings plus a lapse model (ADC Engine table)."""

    count: int = Field(ge=1, le=4)
    """Number of engines."""
    kind: Literal["turbojet", "turbofan"]
    """Selects the thrust-lapse model (reference/physics.md, Mattingly eqs 2.54–2.55)."""
    dry_thrust_lbf: float = Field(gt=0)
    """Sea-level static thrust of one engine at Military (Dry) power."""
    ab_thrust_lbf: float | None = Field(default=None, gt=0)
    """Sea-level static thrust of one engine in afterburner; None without one."""
    idle_fraction: float = Field(default=0.06, ge=0, lt=0.5)
    """Idle thrust as a fraction of Dry thrust."""
    throttle_ratio: float = Field(default=1.0, ge=0.9, le=1.2)
    """The engine's design throttle ratio TR (where the lapse model bends)."""
    tsfc_dry_per_hr: float = Field(gt=0)
    """Fuel flow per pound of thrust per hour at Dry power (lb/lbf/h)."""
    tsfc_ab_per_hr: float | None = Field(default=None, gt=0)
    """Fuel flow per pound of thrust per hour in afterburner."""
    subject_to_compressor_stall: bool = False
    """The ADC notes the engines as "subject to compressor stall" (Compressor Stall)."""
    fuel_usage_dry: int | None = Field(default=None, gt=0, le=1000)
    """The Dry column of the Engine table's Fuel row: the Engine Output a Dry throttle
    accumulates per Fuel Point spent ("Fuel"); worked out from the Dry TSFC when omitted."""
    fuel_usage_ab: int | None = Field(default=None, gt=0, le=1000)
    """The AB column of the Fuel row, the same in afterburner; only with an afterburner."""

    @model_validator(mode="after")
    def _afterburner_consistent(self) -> Self:
        has_ab = self.ab_thrust_lbf is not None
        if has_ab != (self.tsfc_ab_per_hr is not None):
            raise ValueError("ab_thrust_lbf and tsfc_ab_per_hr are given together or not at all")
        if self.ab_thrust_lbf is not None and self.ab_thrust_lbf <= self.dry_thrust_lbf:
            raise ValueError("ab_thrust_lbf must exceed dry_thrust_lbf")
        if self.fuel_usage_ab is not None and not has_ab:
            raise ValueError("fuel_usage_ab needs an afterburner (ab_thrust_lbf)")
        return self

    @property
    def has_afterburner(self) -> bool:
        return self.ab_thrust_lbf is not None


class PolarRow(_Card):
    """One row of the drag polar: D = q·S·(C_D0 + k·C_L²), lift up to C_Lmax."""

    region: MachRegion
    """``Slow``, ``LTD``, ``HTD`` or a Mach to the tenth (``1.2``, ``1.3``, …)."""
    cd0: float = Field(gt=0, lt=0.2)
    """Zero-lift (form) drag coefficient, clean."""
    k: float = Field(gt=0, lt=1.0)
    """Induced drag factor."""
    cl_max: float = Field(gt=0, lt=3.0)
    """Maximum usable lift coefficient (the ADC's Max-Lift)."""


class SafeLoadRow(_Card):
    """Safe load for wing loads up to a limit (ADC Max Safe Load by wing load)."""

    wing_load_psf_up_to: float = Field(gt=0)
    safe_load_g: float = Field(gt=0, le=12)


class Structure(_Card):
    """Structural limits."""

    safe_load: tuple[SafeLoadRow, ...] = Field(min_length=1)
    """Safe (positive) load by wing load, lightest first; the last row covers heavier."""
    negative_safe_load_g: float = Field(default=-3.0, lt=0, ge=-6)
    """Safe negative load; the rulebook's default is −3.0 ("Negative Loads")."""
    overspeed_keas_kt: float = Field(gt=0, le=1000)
    """KEAS above which overspeed effects apply."""
    max_mach: float = Field(gt=0.5, le=3.0)
    """Limiting Mach number."""

    @model_validator(mode="after")
    def _ascending(self) -> Self:
        limits = [row.wing_load_psf_up_to for row in self.safe_load]
        if limits != sorted(limits) or len(set(limits)) != len(limits):
            raise ValueError("safe_load rows must be in rising wing_load_psf_up_to order")
        return self


class RollRow(_Card):
    """Roll rates for lift coefficients up to a limit (ADC AoA table), in cells per FP."""

    cl_up_to: float = Field(gt=0, lt=3.0)
    """This row applies to segment lift coefficients up to this value."""
    safe: float = Field(ge=0)
    """Safe roll rate (Srr): never generates Departure Points."""
    normal: float = Field(ge=0)
    """Normal roll rate (RR)."""
    boosted: float = Field(ge=0)
    """Boosted roll rate (Brr): 1 DP per FP used."""
    turning_roll_cells: Literal[0, 1, 2] = 0
    """Roll points allowed in a turning segment at this lift (dark green 2, light green 1)."""
    pointing: bool = False
    """True where the AoA Effect table is gold-shaded: the aircraft points ("Pointing")."""

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if not self.safe <= self.normal <= self.boosted:
            raise ValueError("roll rates must satisfy safe <= normal <= boosted")
        return self


class Speedbrake(_Card):
    """Speedbrake drag, added to form drag while extended ("Form Drag")."""

    cd0_increment: float = Field(gt=0, lt=0.2)


class StoresConversion(_Card):
    """The ADC's "Drag Pt. per Stores Pt." entry ("The Form + Stores Drag Table")."""

    stores_points_per_drag_point: float = Field(gt=0, le=100)
    """Written ``+1 per 6.0``: one Form Drag point for each full 6.0 stores points carried,
    fractions dropped."""
    derivation: str = Field(min_length=1)
    """Where the figure comes from (ours when the card is rebuilt from public figures)."""


def _rising(values: list[float]) -> bool:
    return values == sorted(values) and len(set(values)) == len(values)


class SwingWingPosition(_Card):
    """One wing position of a swing-wing type: the ADC flight-data column read while the wing
    is there ("Manual Swing-Wing", "Automatic Swing-Wing / Auto-Sweep Wing")."""

    name: str = Field(min_length=1)
    """How players name the position, e.g. ``72`` for 72° of sweep."""
    sweep_deg: float = Field(ge=0, lt=90)
    """Leading-edge sweep of the outer wing panels."""
    wing_area_ft2: float = Field(gt=0)
    """Reference wing area at this sweep (it changes as the gloves cover the panels)."""
    polar: tuple[PolarRow, ...] = Field(min_length=3)
    """Form Drag table rows at this sweep: Slow, LTD, HTD, then each tenth of Mach up to
    ``max_mach``."""
    max_mach: float = Field(gt=0.5, le=3.0)
    """Limiting Mach number at this sweep."""
    overspeed_keas_kt: float = Field(gt=0, le=1000)
    """KEAS above which overspeed effects apply at this sweep."""
    safe_load: tuple[SafeLoadRow, ...] = Field(min_length=1)
    """Safe load by wing load at this sweep, lightest first (as ``structure.safe_load``)."""
    roll: tuple[RollRow, ...] = Field(min_length=1)
    """Roll rates by lift coefficient at this sweep, lowest lift first (as the card's)."""
    schedule_from_mach: float | None = Field(default=None, ge=0, le=3.0)
    """Automatic swing-wings only: the wing moves here from this Mach up to the next
    position's (the last position holds from its value upward)."""

    @model_validator(mode="after")
    def _tables_cover_the_position(self) -> Self:
        expected = polar_regions(self.max_mach)
        regions = tuple(row.region for row in self.polar)
        if regions != expected:
            raise ValueError(
                f"polar regions must be {', '.join(expected)} in that order "
                f"(max_mach {self.max_mach}), got {', '.join(regions)}"
            )
        if not _rising([row.wing_load_psf_up_to for row in self.safe_load]):
            raise ValueError("safe_load rows must be in rising wing_load_psf_up_to order")
        if not _rising([row.cl_up_to for row in self.roll]):
            raise ValueError("roll rows must be in rising cl_up_to order")
        return self


class SwingWing(_Card):
    """The ADC's swing-wing note and its flight-data columns, one per wing position."""

    kind: Literal["manual", "automatic"]
    """``manual``: the pilot commands each position ("Position Manual Swing-Wing", declared
    in SoP 02, moved in the Administrative phase, SoP 11); ``automatic``: the wing follows
    the Mach schedule."""
    positions: tuple[SwingWingPosition, ...] = Field(min_length=2)
    """The positions in rising sweep."""
    start: str = Field(min_length=1)
    """The position the card's own polar, wing area and limits describe; an aircraft starts
    there unless its scenario says otherwise."""

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        names = [p.name.lower() for p in self.positions]
        if len(set(names)) != len(names):
            raise ValueError("positions: each position needs its own name")
        if not _rising([p.sweep_deg for p in self.positions]):
            raise ValueError("positions must be listed in rising sweep_deg order")
        if self.start.lower() not in names:
            known = ", ".join(p.name for p in self.positions)
            raise ValueError(f"start: {self.start!r} is not one of the positions ({known})")
        scheduled = [p.schedule_from_mach for p in self.positions]
        if self.kind == "manual":
            for index, mach in enumerate(scheduled):
                if mach is not None:
                    raise ValueError(
                        f"positions.{index}.schedule_from_mach: only automatic swing-wings "
                        "have a schedule"
                    )
            return self
        for index, (position, mach) in enumerate(zip(self.positions, scheduled, strict=True)):
            field = f"positions.{index}.schedule_from_mach"
            if mach is None:
                raise ValueError(f"{field}: an automatic swing-wing schedules every position")
            if index == 0 and mach != 0:
                raise ValueError(f"{field}: the schedule must start at Mach 0, not {mach:g}")
            previous = scheduled[index - 1] if index else None
            if previous is not None and mach <= previous:
                raise ValueError(
                    f"{field}: the schedule must rise with sweep ({mach:g} after {previous:g})"
                )
            if mach >= position.max_mach:
                raise ValueError(
                    f"{field}: Mach {mach:g} is beyond the position's max_mach "
                    f"{position.max_mach:g}"
                )
        return self

    def position(self, name: str) -> SwingWingPosition | None:
        """The position called ``name`` (case-insensitive), None if there is none."""
        return next((p for p in self.positions if p.name.lower() == name.lower()), None)

    def scheduled_position(self, mach: float) -> SwingWingPosition:
        """The position an automatic wing takes at ``mach`` (the Ap2 Mach number)."""
        if self.kind != "automatic":
            raise ValueError("a manual swing-wing has no Mach schedule")
        if mach < 0:
            raise ValueError(f"Mach must not be negative, got {mach:g}")
        chosen = self.positions[0]
        for position in self.positions:
            if position.schedule_from_mach is not None and mach >= position.schedule_from_mach:
                chosen = position
        return chosen


class CalibrationTarget(_Card):
    """A published figure the card's polar and engines were tuned to reproduce."""

    quantity: Literal["max_level_speed_kt", "sustained_turn_deg_s", "corner_keas_kt"]
    """What is compared: level speed where thrust equals drag at 1 g, the sustained level
    turn rate at ``speed_kt``, or corner speed."""
    alt_ft: float = Field(ge=0, le=80_000)
    throttle: Literal["idle", "mil", "ab"] = "mil"
    speed_kt: float | None = Field(default=None, gt=0)
    """True airspeed for a sustained turn rate."""
    weight_lb: float | None = Field(default=None, gt=0)
    """Weight for the figure; the reference combat weight when omitted."""
    published: float = Field(gt=0)
    tolerance_pct: float = Field(default=5.0, gt=0, le=25)
    """How close the card's figure must come, in percent."""
    source: str = Field(min_length=1)


ShotType = Literal["initial", "normal"]
"""The two columns of a card's gun table (Gun Combat, "Aspect"); a tracking shot is
resolved on either, at the firer's choice."""


class GunBand(_Card):
    """One range band of a card's gun table: ranges up to ``max_range_fp`` Flight Points."""

    max_range_fp: int = Field(ge=0, le=30)
    """The band covers ranges above the previous band's limit up to this one."""
    initial: int = Field(ge=0, le=48)
    """Pips column of an Initial Shot in this band."""
    normal: int = Field(ge=0, le=48)
    """Pips column of a Normal Shot in this band."""
    roll_modifier: int = Field(default=0, ge=-99, le=99)
    """Added to the gunshot's percentile roll in this band (the second line of the
    Gunshot Resolution procedure)."""

    def column(self, shot: ShotType) -> int:
        return self.initial if shot == "initial" else self.normal


class Gun(_Card):
    """One gun type of the ADC gun section: what it is, how much it carries, its table."""

    name: str = Field(min_length=1)
    """E.g. ``M61A1 Vulcan`` or ``NR-23``."""
    caliber_mm: float = Field(gt=0, le=60)
    count: int = Field(ge=1, le=8)
    """Guns of this type fired together."""
    rounds: int = Field(ge=1)
    """Rounds carried per gun."""
    rate_rpm: int = Field(gt=0)
    """Cyclic rate of one gun, rounds per minute."""
    shots: int = Field(ge=1, le=99)
    """Shots: how many times this gun may fire in a game (one shot per firing)."""
    crit: int = Field(ge=0, le=48)
    """Crit rating: the Pips column rolled for critical hits when the gun hits."""
    table: tuple[GunBand, ...] = Field(min_length=1)
    """Range bands, shortest first; the last band's limit is the gun's greatest range."""
    derivation: str | None = None
    """How the figures were derived."""

    @model_validator(mode="after")
    def _bands_rise(self) -> Self:
        limits = [band.max_range_fp for band in self.table]
        if limits != sorted(limits) or len(set(limits)) != len(limits):
            raise ValueError("gun table bands must be in rising max_range_fp order")
        return self

    @property
    def max_range_fp(self) -> int:
        """The greatest range entry on the gun table (Gun Combat, "Firing")."""
        return self.table[-1].max_range_fp

    def band(self, range_fp: int) -> GunBand | None:
        """The band covering ``range_fp``; None beyond the greatest range or below zero."""
        if range_fp < 0:
            return None
        for band in self.table:
            if range_fp <= band.max_range_fp:
                return band
        return None


class DamageSystem(_Card):
    """An aircraft system of the ADC Damage box, with its [bracketed] value if critical."""

    name: str = Field(min_length=1)
    """A system named in ``models/tables/damage.toml`` (Structure, Engine, Controls, ...)."""
    bracket: int | None = Field(default=None, ge=1, le=20)
    """Hits to this system that destroy the aircraft; None for a non-critical system.  For
    ``Engine`` it counts hits to any one engine."""


class Damage(_Card):
    """The ADC damage section: Damage rating and the systems critical hits can reach."""

    capacity: int = Field(ge=1, le=99)
    """Damage rating: total damage points that shoot the aircraft down."""
    systems: tuple[DamageSystem, ...] = Field(min_length=1)
    derivation: str | None = None
    """How the figures were derived."""

    @model_validator(mode="after")
    def _unique(self) -> Self:
        names = [s.name for s in self.systems]
        if len(set(names)) != len(names):
            raise ValueError("damage systems must be named once each")
        return self

    def system(self, name: str) -> DamageSystem | None:
        for system in self.systems:
            if system.name == name:
                return system
        return None


class CrewEquipmentCard(_Card):
    """G protection the crew of this type normally flies with ("Aircrew": G-suits, reclined
    seats, positive-pressure masks, G-training)."""

    g_suit: Literal["none", "early", "modern", "immersion"] = "none"
    reclined_seat: bool = False
    pressure_mask: bool = False
    g_training: Literal["none", "early", "modern"] = "none"


BODY_DIAMOND_ROWS: dict[int, tuple[int, ...]] = {
    aoc: tuple(
        aon
        for aon in range(7)
        if (abs(aon - aoc) <= 3 and 3 <= aon + aoc <= 9) or (aon, aoc) in {(4, 6), (5, 5), (6, 4)}
    )
    for aoc in range(7)
}
"""The AoN values of each AoC row of the body diamond ("Advantage Arc"): the same 28 squares
as ``engine.phad.angles.BODY_DIAMOND`` (models may not import the engine; a test keeps the
two equal)."""


def _diamond_square(square: tuple[int, int]) -> None:
    aon, aoc = square
    if aoc not in BODY_DIAMOND_ROWS or aon not in BODY_DIAMOND_ROWS[aoc]:
        raise ValueError(f"[{aon},{aoc}] is not a square of the body diamond")


class CanopyDiagram(_Card):
    """One crew seat's Canopy body diamond: a Pips-column modifier for every square
    ("Visual Sighting (SoP 09)", Canopy Modifier); squares at −4 or worse are the blind arc."""

    seat: str = Field(min_length=1)
    """The crew position looking out, e.g. ``pilot`` or ``wso``."""
    rows: tuple[tuple[int, ...], ...] = Field(min_length=7, max_length=7)
    """Modifiers by AoC row 0 (straight up) to 6 (straight down); each row lists its squares
    in rising AoN, as on the diagram: AoN 3 / 2-4 / 1-5 / 0-6 / 1-6 / 2-5 / 3-4."""

    @field_validator("rows")
    @classmethod
    def _rows_fit_the_diamond(
        cls, rows: tuple[tuple[int, ...], ...]
    ) -> tuple[tuple[int, ...], ...]:
        for aoc, row in enumerate(rows):
            squares = BODY_DIAMOND_ROWS[aoc]
            if len(row) != len(squares):
                raise ValueError(
                    f"AoC row {aoc} covers the squares AoN {squares[0]}-{squares[-1]}: "
                    f"{len(squares)} modifiers, not {len(row)}"
                )
            if any(not -9 <= m <= 3 for m in row):
                raise ValueError(f"AoC row {aoc}: canopy modifiers run from -9 to +3")
        return rows

    def modifier(self, aon: int, aoc: int) -> int:
        """The Canopy Modifier of square ``[aon, aoc]``."""
        _diamond_square((aon, aoc))
        return self.rows[aoc][BODY_DIAMOND_ROWS[aoc].index(aon)]


class SightingCard(_Card):
    """The ADC's visual sighting data: how easily the type is seen, and how well its crew
    see out ("Visual Sighting (SoP 09)", "Aircrew Tasks")."""

    auto_tally_fp: int = Field(ge=1, le=20)
    """Auto-Tally: a spotted aircraft this close or closer is tallied without a roll (Tally
    Range = Visual Range − Auto-Tally); ten times it is the farthest it can be padlocked."""
    radio: bool = True
    """A radio is fitted (needed for Tally Friendlies, on both sides of the call)."""
    canopies: tuple[CanopyDiagram, ...] = Field(min_length=1, max_length=4)
    """One Canopy diagram per crew seat, the pilot's first."""
    advantage_arc: tuple[tuple[int, int], ...] = Field(min_length=1)
    """The gold ``[AoN, AoC]`` squares a Fix target must be in ("Fix", SoP 08)."""
    derivation: str = Field(min_length=1)
    """How the figures were derived."""

    @field_validator("advantage_arc")
    @classmethod
    def _arc_on_the_diamond(cls, arc: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        for square in arc:
            _diamond_square(square)
        if len(set(arc)) != len(arc):
            raise ValueError("advantage_arc lists a square twice")
        return arc

    @field_validator("canopies")
    @classmethod
    def _one_diagram_a_seat(cls, canopies: tuple[CanopyDiagram, ...]) -> tuple[CanopyDiagram, ...]:
        seats = [c.seat for c in canopies]
        if len(set(seats)) != len(seats):
            raise ValueError("each canopy diagram needs its own seat name")
        return canopies

    def canopy(self, seat: str) -> CanopyDiagram:
        """The Canopy diagram of ``seat``."""
        for canopy in self.canopies:
            if canopy.seat == seat:
                return canopy
        known = ", ".join(c.seat for c in self.canopies)
        raise KeyError(f"no canopy diagram for seat {seat!r}; seats: {known}")


class AircraftCard(_Card):
    """One aircraft type's data card."""

    _hash_memo: tuple[int, int] | None = PrivateAttr(default=None)
    """This card's id and hash: a card is a frozen value used as a key by every cache of
    the performance model, and hashing all its tables each time costs more than the
    lookups save. Kept with the id, as a copy of the card carries it over."""

    def __hash__(self) -> int:
        private = self.__pydantic_private__
        memo = private.get("_hash_memo") if private is not None else None
        if memo is None or memo[0] != id(self):
            memo = (id(self), hash((type(self), *self.__dict__.values())))
            self._hash_memo = memo
        return memo[1]

    def __eq__(self, other: object) -> bool:
        """Cards are equal when their fields are (the remembered hash is not compared)."""
        if not isinstance(other, AircraftCard):
            return NotImplemented
        return self is other or (type(self) is type(other) and self.__dict__ == other.__dict__)

    format_version: Literal[1] = 1
    """Card file format version."""
    type_id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9][A-Za-z0-9 .\-]*$")
    """Type designation as players write it, e.g. ``F-16C``."""
    name: str
    """Full name, e.g. ``F-16C Fighting Falcon (Block 30)``."""
    crew: int = Field(default=1, ge=1, le=4)
    back_seat_controls: bool = False
    """The second seat has flight controls, so its crew member may take control and fly the
    aircraft (the ADC note "Non-pilot flight" asks for; a copilot always may). Only for a
    type with two crew or more."""
    crew_equipment: CrewEquipmentCard = Field(default_factory=CrewEquipmentCard)
    """The crew's G protection, for the Crew G checks (Flight Effects, SoP 04)."""
    length_ft: float | None = Field(default=None, gt=0, lt=150)
    """Overall length, for drawing the box mini's planform and side views."""
    span_ft: float | None = Field(default=None, gt=0, lt=150)
    """Wing span (wings spread, for swing-wing types)."""
    height_ft: float | None = Field(default=None, gt=0, lt=50)
    """Overall height."""
    wing_area_ft2: float = Field(gt=0)
    weights: Weights
    engines: Engines
    polar: tuple[PolarRow, ...] = Field(min_length=3)
    """Form Drag table rows: Slow, LTD, HTD, then each tenth of Mach to the limit."""
    structure: Structure
    roll: tuple[RollRow, ...] = Field(min_length=1)
    """Roll rates by lift coefficient, lowest lift first."""
    departure_rating: int = Field(ge=-5, le=5)
    """Added to departure checks; higher is more forgiving."""
    speedbrake: Speedbrake | None = None
    stores: StoresConversion
    """The stores-points-to-drag-points conversion ("The Form + Stores Drag Table")."""
    swing_wing: SwingWing | None = None
    """The ADC swing-wing note and its per-position flight data; None for a fixed wing.  The
    card's own figures are those of ``swing_wing.start``; :meth:`at_wing_position` reads the
    card at another position."""
    guns: tuple[Gun, ...] | None = None
    """The ADC gun section, one entry per gun type; None for a type without guns."""
    damage: Damage | None = None
    """The ADC Damage rating and systems; None where the card does not give them."""
    pair_launch: bool = False
    """The ADC notes that the type may launch two missiles at once ("Pair Launches")."""
    sighting: SightingCard | None = None
    """The ADC visual sighting data (Auto-Tally, radio, Canopy diagrams, advantage arc)."""
    derivation: str = Field(min_length=1)
    """How the figures were derived."""
    calibration: tuple[CalibrationTarget, ...] = Field(min_length=1)
    """Published figures the card reproduces (checked by the test suite)."""
    sources: tuple[str, ...] = Field(min_length=1)
    """Where the figures come from."""

    @model_validator(mode="after")
    def _tables_cover_the_envelope(self) -> Self:
        expected = polar_regions(self.structure.max_mach)
        regions = tuple(row.region for row in self.polar)
        if regions != expected:
            raise ValueError(
                f"polar regions must be {', '.join(expected)} in that order "
                f"(max_mach {self.structure.max_mach}), got {', '.join(regions)}"
            )
        lifts = [row.cl_up_to for row in self.roll]
        if lifts != sorted(lifts) or len(set(lifts)) != len(lifts):
            raise ValueError("roll rows must be in rising cl_up_to order")
        return self

    @model_validator(mode="after")
    def _back_seat_needs_a_back_seat(self) -> Self:
        if self.back_seat_controls and self.crew < 2:
            raise ValueError(
                f"back_seat_controls: a type with crew = {self.crew} has no back seat; "
                "allowed only with crew = 2 or more"
            )
        return self

    @model_validator(mode="after")
    def _read_at_the_start_position(self) -> Self:
        if self.swing_wing is None:
            return self
        start = self.swing_wing.position(self.swing_wing.start)
        assert start is not None  # SwingWing checks that the start is a position
        differ = [
            name
            for name, own, starts in (
                ("wing_area_ft2", self.wing_area_ft2, start.wing_area_ft2),
                ("polar", self.polar, start.polar),
                ("structure.max_mach", self.structure.max_mach, start.max_mach),
                (
                    "structure.overspeed_keas_kt",
                    self.structure.overspeed_keas_kt,
                    start.overspeed_keas_kt,
                ),
                ("structure.safe_load", self.structure.safe_load, start.safe_load),
                ("roll", self.roll, start.roll),
            )
            if own != starts
        ]
        if differ:
            raise ValueError(
                f"swing_wing.start: the card's own {', '.join(differ)} must be those of its "
                f"start position {start.name!r} (the card read without a position is the "
                "start position)"
            )
        return self

    @property
    def wing_position(self) -> str | None:
        """The wing position this card is read at; None for a fixed wing."""
        if self.swing_wing is None:
            return None
        start = self.swing_wing.position(self.swing_wing.start)
        return start.name if start is not None else self.swing_wing.start

    def at_wing_position(self, name: str) -> AircraftCard:
        """The card as flown with the wing at position ``name`` (case-insensitive): the same
        card with that position's polar, wing area, Mach and overspeed limits, safe loads
        and roll rates ("Manual Swing-Wing": the flight data is read from the column of the
        current wing position).  The start position gives the card itself; the others are
        built once and cached (cards are frozen)."""
        if self.swing_wing is None:
            raise UnknownWingPosition(f"the {self.type_id} has a fixed wing, no wing positions")
        position = self.swing_wing.position(name.strip())
        if position is None:
            known = ", ".join(p.name for p in self.swing_wing.positions)
            raise UnknownWingPosition(
                f"the {self.type_id} has no wing position {name!r}; its positions: {known}"
            )
        if position.name == self.wing_position:
            return self
        return _card_at_wing_position(self, position.name)

    def scheduled_wing_position(self, mach: float) -> str:
        """The position an automatic swing-wing takes at ``mach`` ("Automatic Swing-Wing /
        Auto-Sweep Wing": the wing follows the Mach number recorded at Ap2)."""
        if self.swing_wing is None:
            raise UnknownWingPosition(f"the {self.type_id} has a fixed wing, no wing positions")
        if self.swing_wing.kind != "automatic":
            raise ValueError(
                f"the {self.type_id}'s swing-wing is manual: the pilot sets its position"
            )
        return self.swing_wing.scheduled_position(mach).name

    def gun(self, name: str) -> Gun:
        """The gun type called ``name`` (case-insensitive)."""
        for gun in self.guns or ():
            if gun.name.lower() == name.lower():
                return gun
        known = ", ".join(g.name for g in self.guns or ()) or "none"
        raise KeyError(f"{self.type_id} has no gun {name!r}; its guns: {known}")

    def polar_row(self, region: MachRegion) -> PolarRow:
        """The polar row for a Mach region."""
        for row in self.polar:
            if row.region == region:
                return row
        raise KeyError(f"{self.type_id} has no polar row for {region}")


@lru_cache(maxsize=256)
def _card_at_wing_position(aircraft: AircraftCard, name: str) -> AircraftCard:
    """``aircraft`` read with its wing at position ``name`` (a checked, valid card whose
    ``swing_wing.start`` is that position)."""
    assert aircraft.swing_wing is not None
    position = aircraft.swing_wing.position(name)
    assert position is not None
    structure = aircraft.structure.model_copy(
        update={
            "max_mach": position.max_mach,
            "overspeed_keas_kt": position.overspeed_keas_kt,
            "safe_load": position.safe_load,
        }
    )
    fields = {field: getattr(aircraft, field) for field in type(aircraft).model_fields}
    return type(aircraft).model_validate(
        fields
        | {
            "wing_area_ft2": position.wing_area_ft2,
            "polar": position.polar,
            "structure": structure,
            "roll": position.roll,
            "swing_wing": aircraft.swing_wing.model_copy(update={"start": position.name}),
        }
    )


def polar_regions(max_mach: float) -> tuple[MachRegion, ...]:
    """The Form Drag table rows a card needs: Slow, LTD, HTD, then 1.2 … up to ``max_mach``.

    Supersonic Mach values are rounded to the tenth ("Speed, KEAS & Mach"), so a type that
    reaches 2.05 needs a 2.1 row.
    """
    regions: list[MachRegion] = ["Slow", "LTD", "HTD"]
    top_tenths = round(max_mach * 10 + 1e-9)
    regions.extend(f"{tenths / 10:.1f}" for tenths in range(12, top_tenths + 1))
    return tuple(regions)


CARDS_DIR = Path(__file__).resolve().parent / "cards"


def card_path(type_id: str) -> Path:
    """Where the shipped card for ``type_id`` lives (``F-16C`` → ``cards/f-16c.toml``).

    The id is looked up among the shipped files, never joined into a path, so no id can
    name a file elsewhere; an unknown one raises :class:`UnknownAircraftType`."""
    path = shipped_files(CARDS_DIR).get(type_key(type_id))
    if path is None:
        known = ", ".join(shipped_types())
        raise UnknownAircraftType(f"no aircraft card for {shown(type_id)}; shipped types: {known}")
    return path


@cache
def shipped_types() -> tuple[str, ...]:
    """Type ids of every shipped card, sorted."""
    return tuple(sorted(load_card(p).type_id for p in shipped_files(CARDS_DIR).values()))


def load_card(path: Path) -> AircraftCard:
    """Read one card file; raises :class:`~models.files.DataFileError` listing every problem."""
    return load_model(AircraftCard, path, CARD_LIMITS)


@cache
def card(type_id: str) -> AircraftCard:
    """The shipped card for ``type_id`` (case-insensitive); a clear error names the types."""
    return load_card(card_path(type_id))


class UnknownAircraftType(ValueError):
    """A type id with no shipped card."""


class UnknownWingPosition(ValueError):
    """A wing position the card does not have (or any position of a fixed-wing card)."""
