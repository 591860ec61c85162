"""Intruders' purchase points, mission generator and solitaire tables, as data (I-p.6,
I-p.8–14).

Three shipped files feed these models:

- ``data/points.toml``: what each aircraft costs and can carry, what each store and each
  defence costs, and the sample load-outs with their printed totals;
- ``data/missions.toml``: the Mission Table, the threat levels' point totals, the Known
  Defences and MiG Deployment rolls and the defenders' buying doctrine;
- ``data/solitaire.toml``: the enemy behaviour tables of the solitaire rules.

The seed lost every digit 5 and whole columns besides; every value carries its ``origin``
(printed, a 5 restored, derived from a printed total, or ours) and the seed's ``raw``
fragment where there is one.  docs/rulings.md (Phantoms) explains each reading.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.phantoms.common import Maneuver

DATA_DIR = Path(__file__).resolve().parent / "data"
POINTS_PATH = DATA_DIR / "points.toml"
MISSIONS_PATH = DATA_DIR / "missions.toml"
SOLITAIRE_PATH = DATA_DIR / "solitaire.toml"

Origin = Literal["seed", "restored-5", "derived", "ours"]
"""Where a value came from: printed intact, a lost digit 5 put back, required by a printed
total (its own column being lost), or furball's reconstruction."""
Threat = Literal["low", "medium", "high"]
THREATS: tuple[Threat, ...] = ("low", "medium", "high")
Station = Literal["air_to_air", "air_to_ground"]
StoreKind = Literal[
    "air_to_air_missile",
    "bomb",
    "napalm",
    "cluster",
    "guided_bomb",
    "tv_bomb",
    "rocket_pod",
    "arm",
    "pod",
]
DefenceKind = Literal["aaa", "sam_battery", "sam_radar", "aaa_radar", "sa7", "mig"]
TargetType = Literal[
    "tank",
    "vehicle",
    "truck",
    "infantry",
    "artillery",
    "small-building",
    "large-building",
    "bridge",
    "large-bridge",
    "pontoon",
    "train",
    "track",
    "barge",
]
_ID = r"^[a-z0-9][a-z0-9_.-]*$"


def _duplicates(ids: list[str]) -> list[str]:
    return sorted(key for key, count in Counter(ids).items() if count > 1)


# -- points (I-p.6, I-p.8, I-p.12) ---------------------------------------------------------


class AircraftPoints(DataModel):
    """One line of the aircraft points list: cost / air-to-air load / air-to-ground load."""

    id: str = Field(pattern=_ID)
    """The Control Card id."""
    points_line: str = Field(min_length=1)
    """The seed's line it is priced by (``F-4E/J Phantom``)."""
    cost: int = Field(ge=0, le=2000)
    air_to_air_load: int = Field(ge=0, le=200)
    """Load points of air-to-air missiles it can carry."""
    air_to_ground_load: int = Field(ge=0, le=200)
    """Load points of air-to-ground stores it can carry besides (I-p.8)."""
    bombsight: Literal["manual", "advanced", "computer"]
    """Aircraft Bombsights (I-p.12)."""
    wild_weasel: bool = False
    """A Wild Weasel or Iron Hand aircraft (I-p.13): may carry ARMs and two pods of each kind."""
    has_card: bool = True
    """False for a type priced in the list but without a Control Card in furball."""
    raw: str = ""
    origin: Origin = "seed"
    note: str = ""


class StorePoints(DataModel):
    """One store a US aircraft can buy: an air-to-air missile, a bomb, a pod or an ARM."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    kind: StoreKind
    station: Station
    """Which load it counts against."""
    points: int = Field(ge=0, le=500)
    load_points: int = Field(ge=0, le=20)
    """Ours: the weapons chart's load column is lost (one point per 500 lb, rounded up)."""
    weight_lb: int | None = Field(default=None, ge=0, le=10_000)
    high_drag: bool | None = None
    in_pairs: bool = False
    """Air-to-air missiles are bought in pairs (I-p.8)."""
    weasel_only: bool = False
    """ARMs: Wild Weasel and Iron Hand aircraft only (I-p.13)."""
    raw: str = ""
    origin: Origin = "seed"
    """Where ``points`` came from (``load_points`` is always ours)."""
    note: str = ""


class DefencePoints(DataModel):
    """One defence the North Vietnamese side can buy (I-p.8)."""

    id: str = Field(pattern=_ID)
    """The AAA weapon, the SAM, the radar, or the MiG's Control Card id."""
    kind: DefenceKind
    points: int = Field(ge=0, le=500)
    raw: str = ""
    origin: Origin = "seed"
    note: str = ""


class Loadout(DataModel):
    """A sample load-out with its printed total, the aircraft included (I-p.12–13)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    aircraft: str = Field(pattern=_ID)
    role: Literal["migcap", "escort", "strike", "weasel", "recon"]
    stores: dict[str, int]
    points: int = Field(ge=0, le=5000)
    """The printed total (a lost 5 restored)."""
    raw: str = ""
    origin: Origin = "seed"


class PointsTable(DataModel):
    """``data/points.toml``."""

    format_version: Literal[1] = 1
    aaa_limit: int = Field(ge=1, le=100)
    """No more than this many of any one AAA weapon (I-p.9)."""
    pods_per_aircraft: int = Field(ge=0, le=4)
    pods_per_weasel: int = Field(ge=0, le=4)
    aircraft: tuple[AircraftPoints, ...] = Field(min_length=1)
    store: tuple[StorePoints, ...] = Field(min_length=1)
    defence: tuple[DefencePoints, ...] = Field(min_length=1)
    loadout: tuple[Loadout, ...] = ()

    @model_validator(mode="after")
    def _references(self) -> Self:
        problems: list[tuple[str, str]] = []
        for name, items in (
            ("aircraft", self.aircraft),
            ("store", self.store),
            ("defence", self.defence),
            ("loadout", self.loadout),
        ):
            for duplicate in _duplicates([item.id for item in items]):
                problems.append((name, f"id {duplicate!r} is listed twice"))
        aircraft = {item.id for item in self.aircraft}
        stores = {item.id for item in self.store}
        for number, loadout in enumerate(self.loadout):
            if loadout.aircraft not in aircraft:
                problems.append((f"loadout.{number}.aircraft", f"no aircraft {loadout.aircraft!r}"))
            for store, count in loadout.stores.items():
                if store not in stores:
                    problems.append((f"loadout.{number}.stores.{store}", "no such store"))
                if count < 0:
                    problems.append((f"loadout.{number}.stores.{store}", "a count is 0 or more"))
        if problems:
            raise FieldProblems(problems)
        return self

    def aircraft_by_id(self) -> dict[str, AircraftPoints]:
        return {item.id: item for item in self.aircraft}

    def stores_by_id(self) -> dict[str, StorePoints]:
        return {item.id: item for item in self.store}

    def defences_by_id(self) -> dict[str, DefencePoints]:
        return {item.id: item for item in self.defence}

    def loadouts_by_id(self) -> dict[str, Loadout]:
        return {item.id: item for item in self.loadout}


# -- missions (I-p.8–11) -------------------------------------------------------------------


class ThreatPoints(DataModel):
    """One threat level's attacker/defender point totals for a mission."""

    attacker: int = Field(ge=0, le=10_000)
    defender: int = Field(ge=0, le=10_000)
    attacker_origin: Origin
    defender_origin: Origin


class MissionSpec(DataModel):
    """One line of the Mission Table with its set-up notes (I-p.9–11)."""

    number: int = Field(ge=1, le=10)
    """The d10 that rolls it (a 10 reads 10)."""
    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    objective: str = Field(min_length=1)
    victory: str = Field(min_length=1)
    raw_points: str
    """The points cells as the seed's text has them."""
    low: ThreatPoints
    medium: ThreatPoints
    high: ThreatPoints
    sa2_allowed: bool = True
    sam_site_required: bool = False
    """SAM Suppression: a SAM radar and six SA-2s must be bought (I-p.10)."""
    ground_forces: tuple[TargetType, ...] = ()
    """Each rolled 1d10 strong (doubled for a larger group)."""
    strike_loadouts: tuple[str, ...] = Field(min_length=1)
    """The strikers the generator buys, by preference (ours)."""
    weasels: bool = False
    """Whether the generator buys a Wild Weasel element first (ours)."""
    special: tuple[str, ...] = ()
    """The mission's special rules, in play order."""

    def points(self, threat: Threat) -> ThreatPoints:
        return {"low": self.low, "medium": self.medium, "high": self.high}[threat]


class RollBand(DataModel):
    """A band of a d10 table: ``low``–``high`` inclusive."""

    low: int = Field(ge=1, le=10)
    high: int = Field(ge=1, le=10)


class KnownDefenceRow(RollBand):
    """Known Defences (I-p.9): the share of the defences placed in view."""

    percent: int = Field(ge=0, le=100)
    raw: str = ""
    origin: Origin = "seed"


MigDeploymentKind = Literal["anywhere", "over_objective", "near_objective", "airfield"]


class MigDeploymentRow(RollBand):
    """MiG deployment (I-p.10)."""

    deployment: MigDeploymentKind
    text: str = Field(min_length=1)


class DefenceBuy(DataModel):
    """One item of a doctrine's buy: a defence id and how many."""

    id: str = Field(pattern=_ID)
    count: int = Field(ge=1, le=20)


class NvaDoctrine(DataModel):
    """How the generator spends the defender's points at a threat level (ours)."""

    threat: Threat
    sam_sites: int = Field(ge=0, le=4)
    """SA-2 sites, each a SAM radar and ``sa2_per_site`` launchers, where SA-2s are allowed."""
    sa2_per_site: int = Field(ge=4, le=6)
    aaa_radar_per_points: int = Field(ge=1)
    """One AAA radar per this many defender points."""
    migs: tuple[DefenceBuy, ...] = ()
    aaa_mix: tuple[DefenceBuy, ...] = Field(min_length=1)
    """One round of AAA, bought again and again with what is left."""


class MissionTables(DataModel):
    """``data/missions.toml``."""

    format_version: Literal[1] = 1
    mission: tuple[MissionSpec, ...] = Field(min_length=10, max_length=10)
    known_defences: tuple[KnownDefenceRow, ...] = Field(min_length=1)
    mig_deployment: tuple[MigDeploymentRow, ...] = Field(min_length=1)
    doctrine: tuple[NvaDoctrine, ...] = Field(min_length=3, max_length=3)
    airfield_min_hexes: int = Field(ge=0)
    """An airfield lies at least this far from every objective (I-p.10)."""
    sar_helicopter_hexes: int = Field(ge=1)
    sar_helicopter_speed: int = Field(ge=1)
    sar_capture_at_most: int = Field(ge=1, le=10)
    sar_infantry_within_hexes: int = Field(ge=1)
    sar_escort_within_hexes: int = Field(ge=1)
    sar_infantry_hexes_per_move: int = Field(ge=1)
    """The SAR infantry moves this many hexes on each of the special turns (I-p.11)."""
    special_turns: tuple[int, ...] = Field(min_length=1)
    """The turns the SAR infantry moves and River Crossing units cross (I-p.11: 2, 5, 8;
    the extraction lost the 5)."""
    train_speed: int = Field(ge=1, le=10)
    """The Railroad mission's train speed (I-p.10)."""
    escort_loadouts: tuple[str, ...] = Field(min_length=1)
    """The escorts the generator buys, by preference (ours)."""
    weasel_loadouts: tuple[str, ...] = Field(min_length=1)
    """The Wild Weasel / Iron Hand elements it buys, by preference (ours)."""

    @model_validator(mode="after")
    def _tables_cover_the_die(self) -> Self:
        problems: list[tuple[str, str]] = []
        if sorted(m.number for m in self.mission) != list(range(1, 11)):
            problems.append(("mission", "the ten missions are numbered 1–10"))
        for name, rows in (
            ("known_defences", self.known_defences),
            ("mig_deployment", self.mig_deployment),
        ):
            faces = sorted(face for row in rows for face in range(row.low, row.high + 1))
            if faces != list(range(1, 11)):
                problems.append((name, "the bands must cover 1–10 once each"))
        if sorted(d.threat for d in self.doctrine) != sorted(THREATS):
            problems.append(("doctrine", "one doctrine per threat level"))
        if problems:
            raise FieldProblems(problems)
        return self

    def by_number(self) -> dict[int, MissionSpec]:
        return {mission.number: mission for mission in self.mission}

    def doctrine_for(self, threat: Threat) -> NvaDoctrine:
        return next(d for d in self.doctrine if d.threat == threat)


# -- solitaire (I-p.14) --------------------------------------------------------------------

SolitaireResult = Literal["S", "LT", "RT", "LHT", "RHT", "LOOP", "TURN", "SLIP"]
"""A cell of the solitaire maneuver table: a maneuver code, or ``TURN``/``SLIP`` whose
direction a second d10 decides (1–5 left, 6–10 right)."""


class SolitaireRow(DataModel):
    """One d10 row of the maneuver table inside the closing range."""

    roll: int = Field(ge=1, le=10)
    head_on: SolitaireResult
    tailed: SolitaireResult
    side: SolitaireResult
    origin: Origin = "seed"
    note: str = ""


class BreakOffModifier(DataModel):
    """Outnumbered at least ``ratio`` : 1 adds ``modifier`` to the break-off roll."""

    ratio: int = Field(ge=1, le=20)
    modifier: int = Field(ge=0, le=10)


class SolitaireTables(DataModel):
    """``data/solitaire.toml``."""

    format_version: Literal[1] = 1
    closing_range_hexes: int = Field(ge=1, le=30)
    """Beyond it the enemy closes at full speed; under it, the maneuver table (a lost 5)."""
    break_off_at_least: int = Field(ge=1, le=13)
    break_off_modifiers: tuple[BreakOffModifier, ...] = Field(min_length=1)
    break_off_dive_to_level: int = Field(ge=0)
    """A breaking enemy dives to this level at least (I-p.14)."""
    left_at_most: int = Field(ge=1, le=9)
    """The second d10 of a sideslip or turn: this or less is left (1–5, a lost 5)."""
    maneuver: tuple[SolitaireRow, ...] = Field(min_length=10, max_length=10)
    aaa_hidden_at_least: int = Field(ge=1, le=10)
    """Air-to-ground: an AAA unit rolling this or more is set aside hidden."""
    reveal_on: int = Field(ge=1, le=10)
    """A d10 showing this in a forward hex reveals a hidden AAA unit there."""

    @model_validator(mode="after")
    def _rows(self) -> Self:
        if sorted(row.roll for row in self.maneuver) != list(range(1, 11)):
            raise FieldProblems([("maneuver", "one row for each d10 roll 1–10")])
        return self

    def row(self, roll: int) -> SolitaireRow:
        return next(row for row in self.maneuver if row.roll == roll)


LEFT_RIGHT: dict[str, tuple[Maneuver, Maneuver]] = {
    "TURN": ("LT", "RT"),
    "SLIP": ("LS", "RS"),
}
"""The left and right maneuvers a ``TURN`` or ``SLIP`` cell resolves to."""


@cache
def points_table(path: Path = POINTS_PATH) -> PointsTable:
    """The shipped points (or the file at ``path``)."""
    from models.files import CARD_LIMITS, load_model

    return load_model(PointsTable, path, CARD_LIMITS)


@cache
def mission_tables(path: Path = MISSIONS_PATH) -> MissionTables:
    """The shipped Mission Table and set-up tables (or the file at ``path``)."""
    from models.files import CARD_LIMITS, load_model

    return load_model(MissionTables, path, CARD_LIMITS)


@cache
def solitaire_tables(path: Path = SOLITAIRE_PATH) -> SolitaireTables:
    """The shipped solitaire tables (or the file at ``path``)."""
    from models.files import CARD_LIMITS, load_model

    return load_model(SolitaireTables, path, CARD_LIMITS)
