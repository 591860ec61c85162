"""Missile data cards: what Missile Combat (SoP 07) needs to know about a missile type.

The rulebook's Missile Data Cards (MDCs) are not included with its text, so furball's cards
carry the game quantities the Missile Combat procedures read (Launch and Boost, Missile
Flight, Missile Attack), each derived from commonly published figures that the card also
records.  Speeds are in Flight Points per game-turn, because "Launch and Boost" adds the
launching aircraft's speed in FPs to the missile's Boost Speed; distances and radii are in
FPs (400 ft); angles are in PHAD cells (30°).

Cards are TOML files in ``models/missiles/``, parsed (never executed) into these frozen models.
A player who owns the printed cards can override any figure in a card file.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Literal, Self

from pydantic import ConfigDict, Field, field_validator, model_validator

from models.base import DataModel
from models.files import CARD_LIMITS, load_model, shipped_files, shown, type_key

MISSILE_CARD_FORMAT_VERSION = 1

STALL_BLEED = 72
"""A missile whose Bleed exceeds this stalls and is removed from play ("Missile Flight")."""

FT_PER_STEP = 200
"""One altitude step is 200 ft ("Scale")."""

KT_PER_FP = 39.5
"""Knots per Flight Point of speed per game-turn (400 ft in 6 s, as the Speed-to-FP Table)."""

Seeker = Literal["ir_rear", "ir_all_aspect", "sarh", "arh"]
"""``ir_rear``: infrared, locks only from the target's rear; ``ir_all_aspect``: infrared,
any aspect; ``sarh``: semi-active radar homing (the rulebook's RHM); ``arh``: active radar
homing (AHM)."""

IR_SEEKERS: frozenset[str] = frozenset({"ir_rear", "ir_all_aspect"})


class _Card(DataModel):
    model_config = ConfigDict(str_strip_whitespace=True)


class SpeedBleedRow(_Card):
    """One row of the Speed/Bleed table ("Launch and Boost", "Missile Flight")."""

    bleed: float = Field(ge=0, le=STALL_BLEED)
    """Accumulated Bleed."""
    speed_fp: float = Field(gt=0, le=200)
    """The missile's speed at that Bleed, in FPs per game-turn."""


class FlightBand(_Card):
    """Per-altitude flight figures ("Missile Flight" reads them for the average of the
    anchor's and the target's altitudes)."""

    from_alt_ft: float = Field(ge=0, le=100_000)
    """The band covers this altitude up to the next band's ``from_alt_ft``."""
    turn_radius_fp: float = Field(gt=0, le=500)
    """Turn Radius: "Missile Flight" multiplies the PHAD cells from the Boost Direction to
    the target bearing by it; a product above the range defeats the missile kinematically."""
    facing_bleed: float = Field(ge=0, le=STALL_BLEED)
    """Bleed per PHAD cell the bearing to the target swings in a game-turn ("Missile
    Flight"); also added at launch when the launcher was pointing, doubled for a boost
    maneuver ("Launch and Boost", "Boost-Maneuver Capable Missiles")."""
    game_turn_bleed: float = Field(gt=0, le=STALL_BLEED)
    """Bleed added every game-turn of flight ("Missile Flight"); halved on a follow-on
    missile's first game-turn ("Follow-on Missile Flight")."""


class PublishedFigures(_Card):
    """The public figures the game values were derived from (not read by any procedure)."""

    max_mach: float = Field(gt=1, le=6)
    """Commonly published maximum Mach number."""
    max_range_km: float = Field(gt=0, le=200)
    """Commonly published maximum range (the card reproduces it at 30,000–40,000 ft)."""
    max_load_g: float = Field(gt=1, le=80)
    """Airframe manoeuvre limit the turn radii were computed from."""
    warhead_kg: float = Field(gt=0, le=200)
    """Warhead mass."""


class MissileCard(_Card):
    """One missile type's data card (MDC)."""

    format_version: Literal[1] = 1
    """Card file format version."""
    type_id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9][A-Za-z0-9 .\-]*$")
    """Designation as players write it, e.g. ``AIM-9L``."""
    name: str = Field(min_length=1)
    """Full name, e.g. ``AIM-9L Sidewinder``."""
    year: int = Field(ge=1945, le=2030)
    """Year of service entry; scenarios use it to check a load-out is period-correct."""

    seeker: Seeker
    """Seeker type; "Launch and Boost" and "Missile Flight" treat IR, RH (``sarh``) and AH
    (``arh``) missiles differently."""
    launch_requires: Literal["missile_seeker_lock", "launcher_radar_track"]
    """What must be held at launch ("Missile Combat"): IR missiles fire only once their own
    seeker has acquired the target; RH and AH missiles need the launcher's radar track."""
    guidance_until_impact: Literal["own_seeker", "launcher_radar_track"]
    """What keeps guiding it in flight: an RH missile is lost when the launcher loses its
    radar track ("Missile Flight"); IR and AH missiles track for themselves."""
    rear_aspect_cells: int | None = Field(default=None, ge=0, le=6)
    """Rear-aspect seekers only: the target's tail must point within this many PHAD cells of
    the missile for the seeker to lock (IRM Acquisition); None for all-aspect seekers."""
    sensor_cued: bool
    """IR missiles: "Y" for Sensor Cued, so another sensor may hand the target to the seeker
    ("Infrared and Optical", "IRM Modes"); always False for radar missiles."""

    fov_cells: int = Field(ge=0, le=6)
    """Seeker field of view as an AoN in PHAD cells: IR seekers maintain locks out to it
    ("Infrared and Optical") and a Snapshot Launch needs the target inside it."""
    fov_plus: bool = False
    """The MDC's FoV carries a ``+``: one cell wider for snapshots ("Declare a Missile
    Snapshot")."""
    snapshot_capable: bool = False
    """May be declared for a snapshot and fired by Snapshot Launch (IR missiles only: the
    snapshot is a slaved IRM acquisition)."""
    oba_cells: int = Field(ge=0, le=6)
    """Off-Boresight Angle: after the boost, a target bearing more PHAD cells than this from
    the boost direction removes the missile ("Launch and Boost"); also the most a
    boost-maneuver capable missile may turn during its boost."""
    boost_maneuver: bool = False
    """Boost-maneuver capable: the boost segment may turn up to ``oba_cells`` in any
    direction ("Boost-Maneuver Capable Missiles")."""
    single_shot: bool = False
    """Single-shot missiles may not make a follow-on launch ("Restrictions on Follow-on
    Launch")."""
    matched_pair_type_id: str | None = None
    """The other-seeker twin of a Soviet matched IR/RH set, which may be fired as a follow-on
    or alternated with this one ("Select Weapon", "Missile Combat")."""
    alternates_seekers: bool = False
    """The MDC's note that an aircraft carrying both this missile and its matched twin fires
    them by turns, the IR one first, instead of emptying one seeker type before the other
    ("Select Weapon")."""
    weight_lb: float = Field(gt=0, le=2_000)
    """Weight of one round on its station: part of the aircraft's stores weight until fired
    or jettisoned (Administrative, SoP 11)."""
    stores_points: float = Field(ge=0, le=50, multiple_of=0.5)
    """Stores points of one round on a standard rail or pylon, as the ADC Stores section
    counts them; the aircraft card converts the total into drag points ("The Form + Stores
    Drag Table").  Ours: the round's drag area with its share of launcher, one point per
    0.1 ft², to the nearest half (docs/rulings.md, "Stores drag points")."""
    launch_method: Literal["rail", "ejected", "rail_or_ejected"]
    """How it leaves the aircraft: only rail-launched missiles may be fired under negative
    load ("Negative Loads"); for ``rail_or_ejected`` the aircraft station decides."""

    launch_load_limit_g: float = Field(gt=0, le=12)
    """Launch G: the greatest load the launcher may have used in the Movement phase before
    the excess counts against the launch roll ("Launch and Boost")."""
    launch_reliability: float = Field(gt=0, le=1)
    """Reliability: the chance the launch roll succeeds before modifiers ("Launch and
    Boost"); a scenario may change it."""
    min_launch_range_fp: int = Field(ge=0, le=100)
    """Minimum slant range to the target for a launch (arming distance), in FPs."""
    boost_distance_fp: int = Field(ge=1, le=100)
    """Boost Distance: the straight (or, boost-maneuvering, turning) segment flown at launch
    ("Launch and Boost"); a follow-on launch adds half the launcher's FPs."""
    boost_speed_fp: float = Field(gt=0, le=150)
    """Missile Boost Speed, in FPs per game-turn, added to the launcher's speed in FPs to
    give the missile's speed after boost ("Launch and Boost")."""
    speed_bleed: tuple[SpeedBleedRow, ...] = Field(min_length=2)
    """The Speed/Bleed table, Bleed 0 first and Bleed 72 last; speeds fall as Bleed rises.
    Looked up in either direction ("Launch and Boost", "Missile Flight")."""
    flight: tuple[FlightBand, ...] = Field(min_length=1)
    """Turn Radius, Facing Bleed and Game-turn Bleed by altitude, lowest band first
    (starting at sea level)."""

    attack_pips: int = Field(ge=1, le=48)
    """The Pips rating the missile rolls for its result in "Missile Attack"."""
    warhead_pips: int = Field(ge=1, le=48)
    """Warhead rating: the Pips rating of the damage roll ("Missile Attack")."""
    warhead_type: Literal["blast_fragmentation", "continuous_rod"]
    """Warhead type, which selects how critical hits are spread ("Damage")."""

    published: PublishedFigures
    """The public figures the card was derived from."""
    derivation: str = Field(min_length=1)
    """How each figure was obtained."""
    sources: tuple[str, ...] = Field(min_length=1)
    """Where the published figures come from."""

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        infrared = self.seeker in IR_SEEKERS
        expected_launch = "missile_seeker_lock" if infrared else "launcher_radar_track"
        if self.launch_requires != expected_launch:
            raise ValueError(f"a {self.seeker} missile's launch_requires is {expected_launch}")
        expected_guidance = "launcher_radar_track" if self.seeker == "sarh" else "own_seeker"
        if self.guidance_until_impact != expected_guidance:
            raise ValueError(
                f"a {self.seeker} missile's guidance_until_impact is {expected_guidance}"
            )
        if (self.seeker == "ir_rear") != (self.rear_aspect_cells is not None):
            raise ValueError("rear_aspect_cells is given for ir_rear seekers and only for them")
        if not infrared and (self.sensor_cued or self.snapshot_capable):
            raise ValueError("sensor_cued and snapshot_capable apply to IR missiles only")
        if self.fov_plus and not self.snapshot_capable:
            raise ValueError("fov_plus needs snapshot_capable (the + only widens snapshots)")
        if self.boost_maneuver and self.oba_cells < 1:
            raise ValueError("a boost-maneuver capable missile needs oba_cells of 1 or more")
        if self.matched_pair_type_id is not None and self.matched_pair_type_id == self.type_id:
            raise ValueError("matched_pair_type_id names the other missile of the pair")
        if self.alternates_seekers and self.matched_pair_type_id is None:
            raise ValueError("alternates_seekers needs the matched twin (matched_pair_type_id)")
        return self

    @field_validator("speed_bleed")
    @classmethod
    def _speed_bleed_runs_down(cls, rows: tuple[SpeedBleedRow, ...]) -> tuple[SpeedBleedRow, ...]:
        bleeds = [row.bleed for row in rows]
        speeds = [row.speed_fp for row in rows]
        if bleeds[0] != 0 or bleeds[-1] != STALL_BLEED:
            raise ValueError(f"the table must run from bleed 0 to bleed {STALL_BLEED}")
        if any(later <= earlier for earlier, later in pairwise(bleeds)):
            raise ValueError("rows must be in rising bleed order")
        if any(later >= earlier for earlier, later in pairwise(speeds)):
            raise ValueError("speeds must fall as bleed rises")
        return rows

    @field_validator("flight")
    @classmethod
    def _bands_rise(cls, bands: tuple[FlightBand, ...]) -> tuple[FlightBand, ...]:
        starts = [band.from_alt_ft for band in bands]
        if starts[0] != 0:
            raise ValueError("the first band must start at sea level (from_alt_ft = 0)")
        if any(upper <= lower for lower, upper in pairwise(starts)):
            raise ValueError("bands must be in rising from_alt_ft order")
        return bands

    # --- derived values -------------------------------------------------------------------

    @property
    def all_aspect(self) -> bool:
        """The seeker can lock on from any aspect."""
        return self.seeker != "ir_rear"

    @property
    def snapshot_fov_cells(self) -> int:
        """The extended FoV a snapshot uses ("Declare a Missile Snapshot")."""
        return self.fov_cells + (1 if self.fov_plus else 0)

    @property
    def boost_speed_kt(self) -> float:
        """Boost Speed in knots, for display."""
        return self.boost_speed_fp * KT_PER_FP

    def band(self, alt_ft: float) -> FlightBand:
        """The flight band for an altitude in feet."""
        if alt_ft < 0:
            raise ValueError(f"altitude {alt_ft} ft is below sea level")
        chosen = self.flight[0]
        for band in self.flight:
            if band.from_alt_ft <= alt_ft:
                chosen = band
        return chosen

    def band_at_steps(self, steps: float) -> FlightBand:
        """The flight band for an altitude in steps (the average altitude may be a half step)."""
        return self.band(steps * FT_PER_STEP)

    def bleed_for_speed(self, speed_fp: float) -> float:
        """Bleed for a speed: the row with the next higher (or equal) speed ("Using Tables
        and Nomographs"); faster than the table's top reads Bleed 0, slower than its bottom
        reads Bleed 72 (a missile stalls only once its Bleed exceeds 72)."""
        candidates = [row for row in self.speed_bleed if row.speed_fp >= speed_fp]
        if not candidates:
            return self.speed_bleed[0].bleed
        return min(candidates, key=lambda row: row.speed_fp).bleed

    def speed_for_bleed(self, bleed: float) -> float | None:
        """Speed for a Bleed: the row with the next higher (or equal) Bleed; None once the
        Bleed exceeds 72 (stall)."""
        if bleed < 0:
            raise ValueError(f"bleed {bleed} is negative")
        for row in self.speed_bleed:
            if row.bleed >= bleed:
                return row.speed_fp
        return None

    def straight_range_fp(self, alt_ft: float, launch_speed_fp: float) -> float:
        """How far the missile flies chasing a target dead ahead at a constant altitude
        until it stalls: Boost Distance plus the Distance the Missile Flight step records."""
        band = self.band(alt_ft)
        speed = min(launch_speed_fp + self.boost_speed_fp, self.speed_bleed[0].speed_fp)
        bleed = self.bleed_for_speed(speed)
        distance = float(self.boost_distance_fp)
        while True:
            bleed += band.game_turn_bleed
            new_speed = self.speed_for_bleed(bleed)
            if new_speed is None:
                return distance
            distance += (speed + new_speed) / 2
            speed = new_speed


MISSILES_DIR = Path(__file__).resolve().parent / "missiles"


def missile_path(type_id: str) -> Path:
    """Where the shipped card for ``type_id`` lives (``AIM-9L`` → ``missiles/aim-9l.toml``).

    The id is looked up among the shipped files, never joined into a path; an unknown one
    raises :class:`UnknownMissileType`."""
    path = shipped_files(MISSILES_DIR).get(type_key(type_id))
    if path is None:
        known = ", ".join(shipped_missiles())
        raise UnknownMissileType(f"no missile card for {shown(type_id)}; shipped missiles: {known}")
    return path


def load_missile(path: Path) -> MissileCard:
    """Read one card file; raises :class:`~models.files.DataFileError` listing every problem."""
    return load_model(MissileCard, path, CARD_LIMITS)


@cache
def shipped_missiles() -> tuple[str, ...]:
    """Type ids of every shipped missile card, sorted."""
    return tuple(sorted(load_missile(p).type_id for p in shipped_files(MISSILES_DIR).values()))


@cache
def missile_card(type_id: str) -> MissileCard:
    """The shipped card for ``type_id`` (case-insensitive); a clear error names the types."""
    return load_missile(missile_path(type_id))


class UnknownMissileType(ValueError):
    """A type id with no shipped missile card."""
