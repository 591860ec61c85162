"""A Fighter Command control sheet as data (§Flight Instructions, §Weapons Fire, §Damage).

Everything the rules read per aircraft is on its control sheet: the maneuver-group boxes
the push pins go in (each with its speed, the degrees it may turn at each yardstick, and in
parentheses its safe climb), the safe dive, the special handling notes, the weapons and
their weapons dice, the hit location chart, the damage chart and the sections with their
hits and inward arrows.  The seed prints none of them.  The sheets in
``models/fc/data/sheets`` are furball's, written by ``python -m tools.fc_sheets`` from
published figures (docs/fc-sheets.md); every sheet says ``reconstruction = true`` and
names its sources and how each part was derived in ``origins``.

The boxes form a grid: each maneuver group's boxes run in speed rows, and the groups sit
in a small ``layout`` on the sheet.  A plot moves the pin one step: one speed row within
its group, or to a group beside it in the layout at the same speed (§Plot for the Turn;
docs/rulings.md "Adjacent boxes").
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.fc.common import (
    GROUPS,
    HIT_ROLLS,
    MAX_SPEED,
    RULE_TURN_DEG,
    SECTIONS,
    Group,
    Section,
)

SHEETS_DIR = Path(__file__).resolve().parent / "data" / "sheets"
"""The shipped control sheets, one TOML file each, named by type id."""
ORIGIN_KEYS = ("scale", "boxes", "climb_dive", "handling", "guns", "sections", "hits", "damage")
"""The parts of a sheet whose derivation ``origins`` must explain."""


class Box(DataModel):
    """One box of a maneuver group at one speed: where a push pin goes."""

    group: Group
    speed: int = Field(ge=1, le=MAX_SPEED)
    """Yardsticks laid this turn (§Movement)."""
    min_turn_deg: int = Field(ge=0, le=60)
    max_turn_deg: int = Field(ge=0, le=60)
    """Degrees turned at each yardstick, within the group's range (§Flight Instructions)."""
    safe_climb_bands: int = Field(ge=0, le=20)
    """The number in parentheses: bands a turn climbed without a skill test (Climb)."""
    safe_dive_bands: int = Field(ge=0, le=30)
    """Bands a turn dived without an overdive test (Dive)."""

    @property
    def key(self) -> tuple[Group, int]:
        return (self.group, self.speed)


class GunSet(DataModel):
    """A set of guns fired together, where they sit, how far they reach and their ammo."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    guns: int = Field(ge=1, le=12)
    calibre_mm: float = Field(gt=0.0, le=40.0)
    section: Section
    """The section whose damage can destroy or jam them (§Damage)."""
    arc: Literal["forward", "rear"] = "forward"
    """``forward``: the 0–20° fire arc of §Weapons Fire; ``rear``: a gunner's gun over the
    tail (a Bf 110's, ours)."""
    reach_dice: int = Field(ge=1, le=6)
    """Weapons dice: the total of this many D6 is the shot's reach in lawn feet."""
    roll_group: str = Field(pattern=r"^[a-z0-9_]+$")
    """Sets of one weapon share one reach roll ("two sets of dice for the different
    weapons", §Damage); sets of different weapons roll apart."""
    ammo_bursts: int = Field(ge=1, le=99)
    """Turns of fire the ammunition lasts (§Damage, "record ammunition consumption")."""


HandlingKind = Literal["dive_entry_test", "hard_maneuver_modifier", "reach_bonus", "rear_gunner"]
"""What a special handling note does in play (ours): ``dive_entry_test``, a skill test on
pushing into a Dive box from another group; ``hard_maneuver_modifier``, a change to the
Hard Turn / Hard Roll test at the listed speeds; ``reach_bonus``, lawn feet added to the
weapons reach; ``rear_gunner``, a gun covering the tail."""


class Handling(DataModel):
    """A special handling note (§Flight Instructions: "pay close attention")."""

    kind: HandlingKind
    text: str = Field(min_length=1)
    """The note as the sheet prints it."""
    modifier: int = Field(default=0, ge=-3, le=3)
    speeds: tuple[int, ...] = ()
    """The speeds it applies at (all when empty)."""

    def applies_at(self, speed: int) -> bool:
        return not self.speeds or speed in self.speeds


class SectionSpec(DataModel):
    """One section: the hits it takes before it is destroyed, and where its arrow points."""

    id: Section
    hits: int = Field(ge=1, le=60)
    inward: Section | None = None
    """Where damage beyond its hits goes, with 1D6 more (§Damage); None for the innermost."""


class DamageChart(DataModel):
    """Damage on 2D6 (rows 2–12) when every set of guns hit, and when only one set did."""

    all_sets: tuple[int, ...] = Field(min_length=11, max_length=11)
    one_set: dict[str, tuple[int, ...]]
    """By roll group (a weapon's sets fired together): the damage when only that weapon's
    shot hit."""

    @model_validator(mode="after")
    def _rows(self) -> Self:
        problems = []
        for name, row in (("all_sets", self.all_sets), *self.one_set.items()):
            where = name if name == "all_sets" else f"one_set.{name}"
            if len(row) != len(HIT_ROLLS):
                problems.append((where, "needs 11 entries, for 2D6 rolls 2–12"))
            elif any(value < 0 for value in row) or list(row) != sorted(row):
                problems.append((where, "damage must be whole, not negative, rising with the roll"))
        if problems:
            raise FieldProblems(problems)
        return self

    def damage(self, roll_2d6: int, hit_groups: tuple[str, ...] | None = None) -> int:
        """The damage for a 2D6 roll when every forward weapon hit (``None``), or when
        only the roll groups named hit (one: its own column; several: the sum of their
        columns, at most the all-sets figure)."""
        index = roll_2d6 - 2
        if hit_groups is None:
            return self.all_sets[index]
        total = sum(self.one_set[group][index] for group in set(hit_groups))
        return min(total, self.all_sets[index]) if len(set(hit_groups)) > 1 else total


class ControlSheet(DataModel):
    """Everything the rules read off one type's control sheet, with where it came from."""

    format_version: Literal[1] = 1
    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    name: str = Field(min_length=1)
    nation: str = Field(min_length=1)
    crew: int = Field(ge=1, le=4)
    reconstruction: Literal[True] = True
    """furball's sheet, derived from published figures, not the article's."""
    length_ft: float = Field(gt=0.0, le=100.0)
    span_ft: float = Field(gt=0.0, le=150.0)
    height_ft: float = Field(gt=0.0, le=30.0)
    """Published dimensions (the replay's model is this size)."""
    top_speed: int = Field(ge=1, le=MAX_SPEED)
    """TOP SPEED: the fastest speed of the Level Flight boxes (§Flight Instructions)."""
    top_speed_only: tuple[Group, ...]
    """The asterisked maneuvers, flown only at top speed or faster (ours: Immelmann, Loop)."""
    layout: tuple[tuple[Group | Literal[""], ...], ...] = Field(min_length=1)
    """The groups as they sit on the sheet, row by row; ``""`` is an empty place."""
    boxes: tuple[Box, ...] = Field(min_length=1)
    handling: tuple[Handling, ...] = ()
    """Special handling notes (§Flight Instructions)."""
    guns: tuple[GunSet, ...] = Field(min_length=1)
    sections: tuple[SectionSpec, ...] = Field(min_length=len(SECTIONS), max_length=len(SECTIONS))
    hit_location: tuple[Section, ...] = Field(min_length=11, max_length=11)
    """The section hit on 2D6, rows 2–12 (§Damage)."""
    damage: DamageChart
    sources: tuple[str, ...] = Field(min_length=1)
    """The published figures the sheet is derived from."""
    origins: dict[str, str]
    """How each part (``boxes``, ``guns``, …) was derived: every number here is ours."""

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        problems: list[tuple[str, str]] = []
        keys = [box.key for box in self.boxes]
        if len(set(keys)) != len(keys):
            problems.append(("boxes", "two boxes share a group and speed"))
        for index, box in enumerate(self.boxes):
            low, high = RULE_TURN_DEG[box.group]
            if not low <= box.min_turn_deg <= box.max_turn_deg <= high:
                problems.append(
                    (
                        f"boxes[{index}]",
                        f"{box.group} turns {low}–{high}° a yardstick (§Flight Instructions); "
                        f"min {box.min_turn_deg}, max {box.max_turn_deg} is outside it",
                    )
                )
            if box.group in self.top_speed_only and box.speed < self.top_speed:
                problems.append(
                    (f"boxes[{index}]", f"{box.group} is flown only at top speed or faster")
                )
        placed = [group for row in self.layout for group in row if group]
        if len(set(placed)) != len(placed):
            problems.append(("layout", "a group sits in the layout twice"))
        with_boxes = {box.group for box in self.boxes}
        if with_boxes != set(placed):
            problems.append(("layout", "the layout must hold exactly the groups that have boxes"))
        if len({len(row) for row in self.layout}) != 1:
            problems.append(("layout", "every row of the layout needs the same length"))
        level_speeds = [box.speed for box in self.boxes if box.group == "level"]
        if not level_speeds or max(level_speeds) != self.top_speed:
            problems.append(("top_speed", "must be the fastest Level Flight box"))
        ids = [section.id for section in self.sections]
        if sorted(ids) != sorted(SECTIONS):
            problems.append(("sections", f"needs each of {', '.join(SECTIONS)} once"))
        for index, section in enumerate(self.sections):
            if section.inward == section.id:
                problems.append((f"sections[{index}].inward", "an arrow cannot point to itself"))
        gun_ids = [gun.id for gun in self.guns]
        if len(set(gun_ids)) != len(gun_ids):
            problems.append(("guns", "two gun sets share an id"))
        if set(self.damage.one_set) != {gun.roll_group for gun in self.guns}:
            problems.append(("damage.one_set", "needs one row for each roll group of the guns"))
        if set(self.hit_location) != set(SECTIONS):
            problems.append(("hit_location", "every section must be hit on some roll"))
        missing = [key for key in ORIGIN_KEYS if key not in self.origins]
        if missing:
            problems.append(("origins", f"must explain {', '.join(missing)}"))
        if problems:
            raise FieldProblems(problems)
        return self

    def box(self, group: Group, speed: int) -> Box | None:
        """The box of ``group`` at ``speed``, or None when the sheet has none."""
        return _boxes_by_key(self.boxes).get((group, speed))

    def speeds(self, group: Group) -> tuple[int, ...]:
        """The speeds ``group`` has boxes at, slowest first."""
        return tuple(sorted(box.speed for box in self.boxes if box.group == group))

    def group_neighbours(self, group: Group) -> tuple[Group, ...]:
        """The groups beside ``group`` in the layout (sharing a side), in GROUPS order."""
        return _neighbours(self.layout).get(group, ())

    def section(self, section: Section) -> SectionSpec:
        return next(spec for spec in self.sections if spec.id == section)

    def gun(self, gun_id: str) -> GunSet:
        return next(gun for gun in self.guns if gun.id == gun_id)

    @property
    def groups(self) -> tuple[Group, ...]:
        """The groups the sheet has boxes for, in the seed's order."""
        present = {box.group for box in self.boxes}
        return tuple(group for group in GROUPS if group in present)


@cache
def _boxes_by_key(boxes: tuple[Box, ...]) -> dict[tuple[Group, int], Box]:
    return {box.key: box for box in boxes}


@cache
def _neighbours(
    layout: tuple[tuple[Group | Literal[""], ...], ...],
) -> dict[Group, tuple[Group, ...]]:
    found: dict[Group, set[Group]] = {}
    for r, row in enumerate(layout):
        for c, group in enumerate(row):
            if not group:
                continue
            beside = found.setdefault(group, set())
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < len(layout) and 0 <= cc < len(layout[rr]) and layout[rr][cc]:
                    beside.add(layout[rr][cc])  # type: ignore[arg-type]
    return {g: tuple(n for n in GROUPS if n in near) for g, near in found.items()}


def load_sheet(path: Path) -> ControlSheet:
    """One control sheet file (a player's own, say), with one-line errors naming the file
    and the field."""
    from models.files import CARD_LIMITS, load_model

    return load_model(ControlSheet, path, CARD_LIMITS)


@cache
def control_sheets(folder: Path = SHEETS_DIR) -> dict[str, ControlSheet]:
    """Every control sheet in ``folder`` (the shipped ones by default), by type id."""
    sheets = {}
    for path in sorted(folder.glob("*.toml")):
        sheet = load_sheet(path)
        sheets[sheet.id] = sheet
    return sheets
