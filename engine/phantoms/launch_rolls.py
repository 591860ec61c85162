"""Missile launch rolls (optional §15.2; Intruders' Vietnam launch numbers, I-p.13).

Each missile fired rolls a d10; after modifiers, a roll above its launch number is a
failure and the missile is lost.  §15.2 gives numbers by side and era, but three of its
era brackets are empty in the seed; furball's eras (docs/rulings.md (Phantoms), "Launch
roll eras"):

===================  ===========  =========================
side                 years        launch number
===================  ===========  =========================
US/NATO              to 1969      8
US/NATO              1970–1989    9
US/NATO              from 1990    10
Warsaw Pact/Russia   to 1975      7
Warsaw Pact/Russia   1976–1989    8
everyone else        to 1989      as the Warsaw Pact
everyone else        from 1990    9
===================  ===========  =========================

Modifiers, +1 each: the firer in a Hard ("tight") Turn or Loop; the firer at level 2 or
higher shooting at a target at level 0–1 (1960–1985 under §15.2, always under the Vietnam
table); a heat-seeker fired at a target in the sun arc (in every era: its bracket is lost).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.dice import Dice
from engine.phantoms.dice import d10
from engine.phantoms.quality import Modifier
from engine.phantoms.state import PlaneState
from models.phantoms.common import MANEUVER_CLASS, Group
from models.phantoms.missiles import MissileType

LOW_TARGET_LAST_YEAR = 1985
"""§15.2's "(1960-8[5])" for the high-on-low modifier."""
VIETNAM_LAUNCH_NUMBERS: dict[str, int] = {
    "aim-7": 8,
    "aim-9b": 8,
    "sa-2": 8,
    "sa-7": 8,
    "aa-2": 6,
}
"""Intruders I-p.13, by missile id prefix (its "AIM-7F" read as every AIM-7)."""


def phantoms_launch_number(group: Group, year: int) -> int:
    """§15.2's launch number for a firer of ``group`` in ``year`` (eras ours)."""
    if group in ("us", "nato"):
        return 8 if year <= 1969 else 9 if year <= 1989 else 10
    if group in ("russia", "warsaw_pact") or year <= 1989:
        return 7 if year <= 1975 else 8 if year <= 1989 else 9
    return 9


def table_launch_number(missile_id: str, numbers: Mapping[str, int]) -> int | None:
    """A missile's number on a per-missile table: its id, else the longest prefix listed."""
    if missile_id in numbers:
        return numbers[missile_id]
    prefixes = [key for key in numbers if missile_id.startswith(key)]
    return numbers[max(prefixes, key=len)] if prefixes else None


def launch_modifiers(
    firer: PlaneState,
    target_level: int,
    missile: MissileType,
    year: int,
    *,
    in_sun_arc: bool = False,
    any_year_low_target: bool = False,
) -> list[Modifier]:
    mods: list[Modifier] = []
    held = firer.finished or (firer.marker.maneuver if firer.marker is not None else None)
    if held is not None and MANEUVER_CLASS[held] in ("hard_turn", "loop"):
        mods.append(("firer in tight turn or loop", 1))
    low_year = any_year_low_target or year <= LOW_TARGET_LAST_YEAR
    if low_year and firer.level >= 2 and target_level <= 1:
        mods.append(("high firer on a low target", 1))
    if missile.heat and in_sun_arc:
        mods.append(("heat-seeker into the sun", 1))
    return mods


@dataclass(frozen=True, slots=True)
class LaunchRoll:
    roll: int
    modifiers: tuple[Modifier, ...]
    launch_number: int

    @property
    def total(self) -> int:
        return self.roll + sum(value for _, value in self.modifiers)

    @property
    def launched(self) -> bool:
        """A total above the launch number fails (§15.2)."""
        return self.total <= self.launch_number


def launch_roll(
    firer: PlaneState,
    target_level: int,
    missile: MissileType,
    year: int,
    dice: Dice,
    *,
    in_sun_arc: bool = False,
    numbers: Mapping[str, int] | None = None,
) -> LaunchRoll:
    """Roll for a launch (§15.2).  With ``numbers`` (e.g. :data:`VIETNAM_LAUNCH_NUMBERS`)
    the missile's own number comes from that table, falling back to §15.2's by side and era
    for a missile it does not list, and the high-on-low modifier applies in every year."""
    number = None if numbers is None else table_launch_number(missile.id, numbers)
    if number is None:
        number = phantoms_launch_number(firer.card.group, year)
    mods = launch_modifiers(
        firer,
        target_level,
        missile,
        year,
        in_sun_arc=in_sun_arc,
        any_year_low_target=numbers is not None,
    )
    roll = d10(dice, f"launch roll (§15.2), {firer.id} {missile.id}")
    return LaunchRoll(roll, tuple(mods), number)
