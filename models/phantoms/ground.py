"""Intruders' ground war and the 2008 Update's ships as data (Intruders I-p.2–7, I-p.12;
2008 Update U-p.2–3).

The seed's tables lost most of their numbers (the AAA columns, the SAM columns, the weapons'
attack values, the Kashin's box chart).  Every number in the data files says where it came
from in ``origins``: ``seed`` (printed), ``restored-5`` (a lost digit 5 put back where the
arithmetic or an example fixes it) or ``ours`` (furball's reconstruction from public figures,
docs/rulings.md (Phantoms)).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems

DATA_DIR = Path(__file__).resolve().parent / "data"
AAA_PATH = DATA_DIR / "aaa.toml"
SAMS_PATH = DATA_DIR / "sams.toml"
WEAPONS_PATH = DATA_DIR / "weapons.toml"
GROUND_TARGETS_PATH = DATA_DIR / "ground_targets.toml"
SHIPS_DIR = DATA_DIR / "ships"

Origin = Literal["seed", "restored-5", "ours"]
"""Where a value came from: printed, a lost digit 5 restored, or furball's reconstruction."""
_ID = r"^[a-z0-9][a-z0-9_.-]*$"


def _origins_cover(model: DataModel, origins: dict[str, Origin], fields: tuple[str, ...]) -> None:
    """Every numeric field of ``model`` must say where its value came from."""
    missing = [name for name in fields if getattr(model, name) is not None and name not in origins]
    unknown = [name for name in origins if name not in type(model).model_fields]
    problems = [("origins", f"says nothing of {name!r}") for name in missing]
    problems += [("origins", f"names {name!r}, which is not a field") for name in unknown]
    if problems:
        raise FieldProblems(problems)


class AaaWeapon(DataModel):
    """One anti-aircraft gun's line on the AAA table and its damage table (I-p.2–3)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    weapon_class: Literal["small_arms", "light", "medium", "heavy"]
    """Light and Medium guns fire every impulse, Heavy every other one (I-p.2 rule 3)."""
    flak: int = Field(ge=0, le=12)
    """Flak value added to the AAA roll (I-p.2)."""
    range_hexes: int = Field(ge=0, le=20)
    """Longest range in hexes (0: the gun's own hex only)."""
    lowest_level: int = Field(ge=0, le=20)
    highest_level: int = Field(ge=0, le=20)
    optimum_level: int = Field(ge=0, le=20)
    """Each level above or below it costs −2 (I-p.2)."""
    damage_table: tuple[int, ...] = Field(min_length=1)
    """Damage points for a roll won by 1, 2, …; a larger win reads the last entry."""
    origins: dict[str, Origin]
    note: str = ""

    @model_validator(mode="after")
    def _band(self) -> Self:
        problems: list[tuple[str, str]] = []
        if not self.lowest_level <= self.optimum_level <= self.highest_level:
            problems.append(("optimum_level", "must lie in the gun's altitude band"))
        if any(b < a for a, b in zip(self.damage_table, self.damage_table[1:], strict=False)):
            problems.append(("damage_table", "damage must not fall as the win grows"))
        if problems:
            raise FieldProblems(problems)
        _origins_cover(
            self,
            self.origins,
            (
                "flak",
                "range_hexes",
                "lowest_level",
                "highest_level",
                "optimum_level",
                "damage_table",
            ),
        )
        return self

    def damage(self, difference: int) -> int:
        """Damage points for an AAA roll won by ``difference``; 0 for no win."""
        if difference <= 0:
            return 0
        return self.damage_table[min(difference, len(self.damage_table)) - 1]


class SamType(DataModel):
    """One surface-to-air missile's line on the SAM table (I-p.3; U-p.3 for the SA-N-1)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    guidance: Literal["radar", "ir"]
    """Radar: needs its battery radar's lock; IR: needs a visual spot (I-p.3 rules 1, 4)."""
    attack: int = Field(ge=0, le=12)
    """Attack rating added to the impact roll (I-p.3)."""
    min_range_hexes: int = Field(ge=0, le=60)
    max_range_hexes: int = Field(ge=0, le=60)
    lowest_level: int = Field(ge=0, le=20)
    highest_level: int = Field(ge=0, le=20)
    launch_roll: int = Field(ge=1, le=10)
    """A launch succeeds on a d10 of this or less (I-p.13)."""
    criticals_per_hit: int = Field(ge=1, le=3)
    """Critical hits in place of the missile's one automatic critical (I-p.3, U-p.3)."""
    hexes_per_impulse: int = Field(ge=1, le=20)
    max_at_one_target: int = Field(default=2, ge=1, le=6)
    """Missiles of one battery that may fly at one aircraft at once (I-p.3 rule 1)."""
    origins: dict[str, Origin]
    note: str = ""

    @model_validator(mode="after")
    def _bands(self) -> Self:
        problems: list[tuple[str, str]] = []
        if self.min_range_hexes > self.max_range_hexes:
            problems.append(("max_range_hexes", "must be at least min_range_hexes"))
        if self.lowest_level > self.highest_level:
            problems.append(("highest_level", "must be at least lowest_level"))
        if problems:
            raise FieldProblems(problems)
        _origins_cover(
            self,
            self.origins,
            (
                "attack",
                "min_range_hexes",
                "max_range_hexes",
                "lowest_level",
                "highest_level",
                "launch_roll",
                "criticals_per_hit",
                "hexes_per_impulse",
            ),
        )
        return self


WeaponType = Literal[
    "he", "napalm", "cluster_at", "cluster_ap", "cluster_mixed", "lgb", "tv", "rocket_pod", "arm"
]


class Weapon(DataModel):
    """One air-to-ground store on the weapons chart (I-p.6, I-p.12)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    type: WeaponType
    high_drag: bool = False
    """Safe to drop from levels 0–1 (I-p.4, profile 1)."""
    av_hard: int = Field(ge=0, le=30)
    """Attack value against hard targets."""
    av_soft: int = Field(ge=0, le=30)
    guidance: Literal["none", "laser", "tv", "radiation"] = "none"
    range_hexes: int | None = Field(default=None, ge=1, le=60)
    """Stand-off weapons: how far out they may be released or fired."""
    min_level: int | None = Field(default=None, ge=0, le=20)
    """Lowest release level (laser and glide bombs 3, Walleye 4, I-p.4–5)."""
    max_level: int | None = Field(default=None, ge=0, le=20)
    """Highest release level (rocket pods 2, I-p.4)."""
    launch_roll: int | None = Field(default=None, ge=1, le=10)
    """ARMs: the launch number (I-p.12)."""
    damage_modifier: int = Field(default=0, ge=-3, le=3)
    """ARMs: added to the damage roll (AGM-78 −1, I-p.12)."""
    points: int | None = Field(default=None, ge=0, le=500)
    """Point cost each (I-p.6, rebuilt from the load-out sums)."""
    origins: dict[str, Origin]
    note: str = ""

    @model_validator(mode="after")
    def _kinds(self) -> Self:
        problems: list[tuple[str, str]] = []
        if self.type == "arm" and (self.range_hexes is None or self.launch_roll is None):
            problems.append(("range_hexes", "an ARM needs its range and launch roll"))
        if self.type == "rocket_pod" and self.range_hexes is None:
            problems.append(("range_hexes", "a rocket pod needs its range"))
        if problems:
            raise FieldProblems(problems)
        _origins_cover(
            self,
            self.origins,
            (
                "av_hard",
                "av_soft",
                "range_hexes",
                "min_level",
                "max_level",
                "launch_roll",
                "points",
            ),
        )
        return self

    @property
    def guided(self) -> bool:
        """A laser or TV bomb (+4 on the Bombing Table, I-p.6)."""
        return self.guidance in ("laser", "tv")

    @property
    def is_bomb(self) -> bool:
        """Dropped, as opposed to fired (rockets and missiles)."""
        return self.type not in ("rocket_pod", "arm")

    def av(self, hard: bool) -> int:
        return self.av_hard if hard else self.av_soft


class GroundTargetType(DataModel):
    """One line of the Ground Target table (I-p.7)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    defense: int = Field(ge=1, le=30)
    defense_entrenched: int | None = Field(default=None, ge=1, le=30)
    hard: bool
    to_hit_modifier: int = Field(default=0, ge=-4, le=4)
    """Added to the Bombing Table roll (the railroad track's −1, I-p.10)."""
    origins: dict[str, Origin]
    note: str = ""

    @model_validator(mode="after")
    def _origins(self) -> Self:
        _origins_cover(self, self.origins, ("defense", "defense_entrenched"))
        return self


# --- Ships (U-p.2–3) --------------------------------------------------------------------

BoxMark = Literal["plain", "orange", "yellow"]
_MARKS: dict[str, BoxMark] = {".": "plain", "o": "orange", "y": "yellow"}


class ShipSystem(DataModel):
    """One line of a ship's Critical Hits table: the d10 faces that pick it and its boxes."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    rolls: tuple[int, ...] = Field(min_length=1)
    """The d10 readings (1–10) that pick this system."""
    boxes: int = Field(default=2, ge=1, le=4)
    """Hits it takes before its effect (two on the Kashin: "if both boxes are hit")."""
    effect: Literal["out_of_control", "flooding", "sensors", "dead_in_water", "none", "weapons"]
    origins: dict[str, Origin]


class ShipWeapon(DataModel):
    """One line of the Weapons sub-table: a mount the ship fights with."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    rolls: tuple[int, ...] = Field(min_length=1)
    kind: Literal["aaa", "sam", "torpedo", "asw"]
    uses: str | None = None
    """The AAA weapon or SAM type id it fires (``s-60`` stats for the 76 mm, U-p.3)."""
    origins: dict[str, Origin]


class ShipChart(DataModel):
    """A ship's damage chart: its boxes row by row and its critical table (U-p.2–3)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    rows: tuple[str, ...] = Field(min_length=1)
    """One string per row of boxes: ``.`` plain, ``o`` orange (fire check), ``y`` yellow
    (critical).  The end of every row but the last is an extra critical; crossing the last
    box sinks the ship."""
    systems: tuple[ShipSystem, ...] = Field(min_length=1)
    weapons: tuple[ShipWeapon, ...] = Field(min_length=1)
    weapon_reroll: tuple[int, ...] = ()
    """Weapons sub-table readings that are rolled again."""
    radar: str = Field(pattern=_ID)
    """The ground-radar id in ``sams.toml``'s radars its SAMs and guns lock with."""
    origins: dict[str, Origin]
    note: str = ""

    @model_validator(mode="after")
    def _tables(self) -> Self:
        problems: list[tuple[str, str]] = []
        for number, row in enumerate(self.rows):
            if not row or any(mark not in _MARKS for mark in row):
                problems.append((f"rows.{number}", "write boxes as '.', 'o' or 'y'"))
        faces = sorted(face for system in self.systems for face in system.rolls)
        if faces != list(range(1, 11)):
            problems.append(("systems", "the rolls must cover 1–10 once each"))
        weapon_faces = sorted(
            [face for weapon in self.weapons for face in weapon.rolls] + list(self.weapon_reroll)
        )
        if weapon_faces != list(range(1, 11)):
            problems.append(("weapons", "the rolls (and weapon_reroll) must cover 1–10 once"))
        if problems:
            raise FieldProblems(problems)
        return self

    @property
    def marks(self) -> tuple[tuple[BoxMark, ...], ...]:
        """The boxes row by row as marks."""
        return tuple(tuple(_MARKS[mark] for mark in row) for row in self.rows)

    @property
    def total_boxes(self) -> int:
        return sum(len(row) for row in self.rows)

    def system_for(self, reading: int) -> ShipSystem:
        return next(system for system in self.systems if reading in system.rolls)

    def weapon_for(self, reading: int) -> ShipWeapon | None:
        """The mount a Weapons roll picks; None for a re-roll."""
        return next((weapon for weapon in self.weapons if reading in weapon.rolls), None)


class GroundRadar(DataModel):
    """A ground (or ship) radar: SAM or AAA fire control (I-p.2–3, U-p.3)."""

    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)
    value: int = Field(ge=0, le=12)
    attempts_per_impulse: int = Field(ge=1, le=4)
    max_locks: int = Field(ge=1, le=4)
    origins: dict[str, Origin]


# --- The scenario's entry for a site ----------------------------------------------------

UnitKind = Literal[
    "aaa", "sam_battery", "sam_radar", "aaa_radar", "sa7", "target", "ship", "infantry", "crew"
]
_HEX = r"^\s*-?\d+\s*,\s*-?\d+\s*$"
MAX_BATTERY_MISSILES = 6
"""An SA-2 battery is 4–6 missiles and a radar (I-p.3); fewer may be left at the start."""


class GroundUnit(DataModel):
    """One ground or naval unit as a scenario file lists it."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    kind: UnitKind
    """``crew`` is a downed aircrew waiting for rescue (Intruders' SAR mission, I-p.11)."""
    type: str | None = None
    """What it is: an AAA weapon id (``zpu-4``), a SAM type (``sa-2``), a radar
    (``fan-song``), a ground target type (``bridge``) or a ship chart (``kashin``); none
    for a downed crew."""
    hex: str = Field(pattern=_HEX)
    """``Q,R`` of its hex, as :meth:`engine.hexmap.Hex.parse` reads it."""
    count: int = Field(default=1, ge=1, le=40)
    """Guns in the site, missiles in the battery, targets in the hex."""
    facing: int = Field(default=0, ge=0, le=5)
    """A radar's cone or a ship's heading at the start."""
    hidden: bool = False
    """Set up hidden (Intruders' mission generator); shown when it first fires."""
    radar: str | None = None
    """The radar unit (by id) a gun site or SAM battery is slaved to."""
    entrenched: bool = False
    """Infantry dug in: the entrenched defence (I-p.7)."""

    @model_validator(mode="after")
    def _type_known(self) -> Self:
        tables: dict[UnitKind, tuple[str, dict[str, object]]] = {
            "aaa": ("AAA weapon", dict(aaa_weapons())),
            "sam_battery": ("SAM type", dict(sam_types())),
            "sa7": ("SAM type", dict(sam_types())),
            "sam_radar": ("ground radar", dict(ground_radars())),
            "aaa_radar": ("ground radar", dict(ground_radars())),
            "target": ("ground target type", dict(ground_targets())),
            "infantry": ("ground target type", dict(ground_targets())),
            "ship": ("ship chart", dict(ship_charts())),
            "crew": ("type", {}),
        }
        what, table = tables[self.kind]
        problems: list[tuple[str, str]] = []
        if self.kind == "crew":
            if self.type is not None:
                problems.append(("type", "a downed crew has no type (leave it out)"))
        elif self.type is None:
            if self.kind not in ("sa7", "infantry"):
                problems.append(("type", f"a {self.kind} unit needs its {what} id"))
        elif self.type not in table:
            known = ", ".join(sorted(table))
            problems.append(("type", f"{self.type!r} is no {what}; known: {known}"))
        if self.radar is not None and self.kind not in ("aaa", "sam_battery"):
            problems.append(("radar", "only AAA sites and SAM batteries are slaved to radars"))
        if self.kind == "sam_battery" and self.count > MAX_BATTERY_MISSILES:
            problems.append(("count", f"an SA-2 battery holds 4–{MAX_BATTERY_MISSILES} missiles"))
        if self.entrenched and self.kind != "infantry":
            problems.append(("entrenched", "only infantry entrenches"))
        if problems:
            raise FieldProblems(problems)
        return self

    @property
    def type_id(self) -> str:
        """The type id with the defaults filled in (``sa-7``, ``infantry``)."""
        if self.type is not None:
            return self.type
        return {"sa7": "sa-7", "crew": "crew"}.get(self.kind, "infantry")


# --- Loading ------------------------------------------------------------------------------


class _AaaFile(DataModel):
    aaa: tuple[AaaWeapon, ...] = Field(min_length=1)


class _SamFile(DataModel):
    sam: tuple[SamType, ...] = Field(min_length=1)
    radar: tuple[GroundRadar, ...] = Field(min_length=1)


class _WeaponFile(DataModel):
    weapon: tuple[Weapon, ...] = Field(min_length=1)


class _TargetFile(DataModel):
    target: tuple[GroundTargetType, ...] = Field(min_length=1)


@cache
def aaa_weapons(path: Path = AAA_PATH) -> dict[str, AaaWeapon]:
    """Every AAA weapon, by id."""
    from models.files import load_model

    return {gun.id: gun for gun in load_model(_AaaFile, path).aaa}


@cache
def sam_types(path: Path = SAMS_PATH) -> dict[str, SamType]:
    """Every SAM type, by id."""
    from models.files import load_model

    return {sam.id: sam for sam in load_model(_SamFile, path).sam}


@cache
def ground_radars(path: Path = SAMS_PATH) -> dict[str, GroundRadar]:
    """Every ground radar, by id."""
    from models.files import load_model

    return {radar.id: radar for radar in load_model(_SamFile, path).radar}


@cache
def weapons(path: Path = WEAPONS_PATH) -> dict[str, Weapon]:
    """Every air-to-ground store, by id."""
    from models.files import load_model

    return {weapon.id: weapon for weapon in load_model(_WeaponFile, path).weapon}


@cache
def ground_targets(path: Path = GROUND_TARGETS_PATH) -> dict[str, GroundTargetType]:
    """Every ground target type, by id."""
    from models.files import load_model

    return {target.id: target for target in load_model(_TargetFile, path).target}


@cache
def ship_charts(folder: Path = SHIPS_DIR) -> dict[str, ShipChart]:
    """Every ship damage chart in ``folder``, by id (the file name)."""
    from models.files import load_model

    charts = {}
    for path in sorted(folder.glob("*.toml")):
        chart = load_model(ShipChart, path)
        charts[chart.id] = chart
    return charts
