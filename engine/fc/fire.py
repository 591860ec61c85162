"""Weapons fire: the reach modifiers and one shot (§Weapons Fire).

"Total the roll of the weapons dice, this becomes the total number of feet which the shot
will 'reach out' from your aircraft."  The reach is changed by the target's band (§Weapons
Fire's altitude chart), by the maneuver the target is flying (the target-maneuver chart),
and by the pilot's skill (+1 ft Veteran, +2 ft Ace, §Pilot Skill) and any sheet note.  The
tape is laid straight from the point of the flight line the pilot fires from
(``engine.fc.sight``) to the target; a band is one lawn foot high (docs/rulings.md
"Scale"), so the tape runs up or down as well as across.  Within the reach is a hit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from engine.fc.sight import FIRE_BANDS
from models.fc.common import (
    BAND_WORLD_FT,
    MOVEMENT_BONUS_LAWN_FT,
    ROLLING_GROUPS,
    WORLD_FT_PER_LAWN_FT,
    Group,
    PilotLevel,
)
from models.fc.sheet import ControlSheet

RULE = "§Weapons Fire"
ALTITUDE_MODIFIER_FT: dict[int, int] = {0: 0, 1: -2, 2: -4}
"""Bands apart → feet off the reach (the chart's "2 Bands Lower: 4 Feet" read as −4,
docs/rulings.md "The altitude chart")."""
ROLL_MODIFIER_FT: dict[int, int] = {1: -1, 2: -3, 3: -6, 4: -9, 5: -12}
HARD_ROLL_MODIFIER_FT: dict[int, int] = {1: -3, 2: -6, 3: -9, 4: -12, 5: -15}
JINK_MODIFIER_FT: dict[int, int] = {1: -1, 2: -2, 3: -3, 4: -4, 5: -5}
"""The target-maneuver chart, by the target's speed in yardsticks."""
BAND_LAWN_FT = BAND_WORLD_FT / WORLD_FT_PER_LAWN_FT
"""A band's height on the tape (one lawn foot)."""

Family = Literal["roll", "hard_roll", "jink"]


def altitude_modifier_ft(shooter_band: int, target_band: int) -> int:
    """The altitude chart: 0 at the same band, −2 one band apart, −4 two; a target
    further away cannot be fired at (``ValueError``)."""
    apart = abs(target_band - shooter_band)
    if apart > FIRE_BANDS:
        raise ValueError(f"a target {apart} bands away cannot be fired at ({RULE})")
    return ALTITUDE_MODIFIER_FT[apart]


def maneuver_family(group: Group | None) -> Family | None:
    """What the target-maneuver chart calls the group: a Roll (Barrel Roll, Roll Out), a
    Hard Roll, a Jink, or nothing."""
    if group == "hard_roll":
        return "hard_roll"
    if group in ROLLING_GROUPS:
        return "roll"
    if group == "jink":
        return "jink"
    return None


def _chart(family: Family) -> dict[int, int]:
    return {"roll": ROLL_MODIFIER_FT, "hard_roll": HARD_ROLL_MODIFIER_FT, "jink": JINK_MODIFIER_FT}[
        family
    ]


def target_maneuver_modifier_ft(
    target_group: Group | None,
    target_speed: int,
    shooter_group: Group | None,
    shooter_speed: int,
) -> int:
    """The target-maneuver chart, with the roll offset: a shooter who is rolling too
    cancels a rolling target's modifier at the same speed; at different speeds the
    difference of the speeds is read as the speed on the target's row (docs/rulings.md
    "The roll offset").  A jink only troubles the shooter at the jinker: the jinker's own
    fire is not modified, and a roll does not offset it."""
    family = maneuver_family(target_group)
    if family is None:
        return 0
    chart = _chart(family)
    if family != "jink" and maneuver_family(shooter_group) in ("roll", "hard_roll"):
        difference = abs(target_speed - shooter_speed)
        return chart[difference] if difference else 0
    return chart[target_speed]


def skill_bonus_ft(skill: PilotLevel) -> int:
    """+1 ft of reach for a Veteran, +2 for an Ace (§Pilot Skill)."""
    return MOVEMENT_BONUS_LAWN_FT[skill]


def sheet_bonus_ft(sheet: ControlSheet, speed: int) -> int:
    """Reach the sheet's special handling adds (ours, e.g. guns harmonised close in)."""
    return sum(
        note.modifier
        for note in sheet.handling
        if note.kind == "reach_bonus" and note.applies_at(speed)
    )


def tape_ft(horizontal_ft: float, shooter_band: int, target_band: int) -> float:
    """The tape's length from the firing point to the target: across the lawn and up or
    down the bands (docs/rulings.md "The tape")."""
    return math.hypot(horizontal_ft, (target_band - shooter_band) * BAND_LAWN_FT)


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to the reach, with where it comes from."""

    feet: int
    why: str


def reach_modifiers(
    *,
    sheet: ControlSheet,
    skill: PilotLevel,
    shooter_band: int,
    shooter_group: Group | None,
    shooter_speed: int,
    target_band: int,
    target_group: Group | None,
    target_speed: int,
) -> tuple[Modifier, ...]:
    """Every modifier to a shot's reach that applies, none left out as zero."""
    found: list[Modifier] = []
    altitude = altitude_modifier_ft(shooter_band, target_band)
    if altitude:
        apart = target_band - shooter_band
        found.append(
            Modifier(altitude, f"target {abs(apart)} band(s) {'higher' if apart > 0 else 'lower'}")
        )
    maneuver = target_maneuver_modifier_ft(target_group, target_speed, shooter_group, shooter_speed)
    if maneuver:
        found.append(Modifier(maneuver, f"target's {target_group} at speed {target_speed}"))
    bonus = skill_bonus_ft(skill)
    if bonus:
        found.append(Modifier(bonus, f"{skill} pilot"))
    note = sheet_bonus_ft(sheet, shooter_speed)
    if note:
        found.append(Modifier(note, "the sheet's handling"))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Shot:
    """One roll group's shot as rolled: the dice, the reach and the tape."""

    shooter: str
    target: str
    roll_group: str
    gun_ids: tuple[str, ...]
    faces: tuple[int, ...]
    modifiers: tuple[Modifier, ...]
    tape_ft: float

    @property
    def reach_ft(self) -> int:
        return sum(self.faces) + sum(m.feet for m in self.modifiers)

    @property
    def hit(self) -> bool:
        """ "If the target lies within the set distance of your weapons dice, then you have
        scored a hit!" """
        return self.tape_ft <= self.reach_ft

    @property
    def text(self) -> str:
        mods = "".join(f" {m.feet:+d} ({m.why})" for m in self.modifiers)
        verdict = "hit" if self.hit else "miss"
        return (
            f"{'+'.join(map(str, self.faces))}{mods} = {self.reach_ft} ft of reach, "
            f"tape {self.tape_ft:.1f} ft: {verdict}"
        )
