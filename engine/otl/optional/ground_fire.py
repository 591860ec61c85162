"""Machine guns and troops on the ground (§Machine Guns, §Troops, §Ground-Based Fire Table).

Both fire like a pivoting gun with a 360° arc that never jams: FirePower 8 for a machine
gun, 4 for troops.  Their crews are poor at telling friend from foe, so a d6 on the
Ground-Based Fire Table picks the target: the nearest plane of any side, or the nearest
enemy.  The chits are 2d6 + FirePower − range ± the target's size and pilot, divided by the
target's Damage Divider.  Troops cannot be destroyed, but every Wing or Fuselage chit planes
score on them counts towards a strafing victory (:class:`StrafingTally`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.dice import Dice
from engine.otl.optional._geometry import Xyz, distance_in, plane_xyz, table_range_in
from engine.otl.optional.events import OptionalEvent
from engine.otl.optional.visibility import clear_line
from engine.otl.state import PlaneState
from models.otl.scenario import GroundUnit, OtlOptions

FIREPOWER = {"machine_gun": 8, "troops": 4}
"""§Machine Guns, §Troops."""
Column = Literal["1915-16", "1917-18"]
Choice = Literal["nearest", "nearest_enemy"]
GROUND_FIRE_TABLE: dict[Column, tuple[Choice, ...]] = {
    "1915-16": ("nearest",) * 4 + ("nearest_enemy",) * 2,
    "1917-18": ("nearest",) * 2 + ("nearest_enemy",) * 4,
}
"""Target by d6 from 1 (the rebuilt reading: the early troops mistake friends for foes on
1–4, later troops and every machine gun on 1–2)."""
TARGET_LEVEL_MODIFIER = {"veteran": -2, "green": 2}
"""The Gunfire Chart's terms for the target's pilot."""


def table_column(unit: GroundUnit, date: str) -> Column:
    """Troops before 1917 read the 1915–16 column; later troops and machine guns at any date
    read the 1917–18 one."""
    if unit.kind == "troops" and int(date[:4]) <= 1916:
        return "1915-16"
    return "1917-18"


def _spot(unit: GroundUnit) -> Xyz:
    return (unit.x_in, unit.y_in, 0.0)


def _nearest(unit: GroundUnit, planes: Iterable[PlaneState]) -> PlaneState | None:
    best: PlaneState | None = None
    for plane in planes:
        if best is None or distance_in(_spot(unit), plane_xyz(plane)) < distance_in(
            _spot(unit), plane_xyz(best)
        ):
            best = plane
    return best


def in_view(
    unit: GroundUnit, planes: Iterable[PlaneState], options: OtlOptions, time_of_day: str
) -> list[PlaneState]:
    """The flying planes the unit can see (neither cloud nor sun hides them)."""
    return [
        plane
        for plane in planes
        if plane.flying and clear_line(_spot(unit), plane_xyz(plane), options, time_of_day)
    ]


def choose_target(
    unit: GroundUnit,
    planes: Sequence[PlaneState],
    date: str,
    dice: Dice,
    *,
    round_no: int,
    options: OtlOptions,
    time_of_day: str,
) -> PlaneState | None:
    """The Ground-Based Fire Table's pick among the planes in view; None (and no roll) when
    no plane is in view."""
    seen = in_view(unit, planes, options, time_of_day)
    if not seen:
        return None
    roll = dice.d6(f"ground fire target, {unit.id}, round {round_no}")
    choice = GROUND_FIRE_TABLE[table_column(unit, date)][roll - 1]
    if choice == "nearest_enemy":
        return _nearest(unit, (p for p in seen if p.side != unit.side))
    return _nearest(unit, seen)


def ground_fire_modifier(unit: GroundUnit, target: PlaneState) -> int:
    """FirePower − range ± the target's size and its pilot's level."""
    return (
        FIREPOWER[unit.kind]
        - table_range_in(_spot(unit), plane_xyz(target))
        + target.chart.size
        + TARGET_LEVEL_MODIFIER.get(target.pilot.level, 0)
    )


def chits_from(total: int, damage_divider: int) -> int:
    """Chits from a Gunfire Chart sum: nothing at 0 or less, the Divider rounding up."""
    return 0 if total <= 0 else math.ceil(total / damage_divider)


@dataclass(frozen=True)
class GroundFire:
    """One ground unit's fire this round: its target (if any) and the chits it scored."""

    unit: str
    target: str | None
    chits: int
    event: OptionalEvent | None


def fire_ground_unit(
    unit: GroundUnit,
    planes: Sequence[PlaneState],
    date: str,
    dice: Dice,
    *,
    round_no: int,
    options: OtlOptions,
    time_of_day: str,
) -> GroundFire:
    """A machine gun or troops fire (§Machine Guns, §Troops): pick the target, roll 2d6 and
    count the chits (the damage rules draw and apply them).  A unit with no plane in view, or
    none it could hurt even on a 12, rolls nothing."""
    if unit.kind not in FIREPOWER:
        raise ValueError(f"{unit.id} is {unit.kind}; only machine guns and troops fire so")
    target = choose_target(
        unit, planes, date, dice, round_no=round_no, options=options, time_of_day=time_of_day
    )
    if target is None:
        return GroundFire(unit.id, None, 0, None)
    modifier = ground_fire_modifier(unit, target)
    if 12 + modifier <= 0:
        event = OptionalEvent(
            "otl.ground_fire",
            (unit.id, target.id),
            f"{unit.id} fires at {target.callsign}: out of range",
            {"modifier": modifier, "chits": 0},
        )
        return GroundFire(unit.id, target.id, 0, event)
    where = f"{unit.id} at {target.callsign}, round {round_no}"
    dice_sum = dice.d6(f"ground fire, {where}") + dice.d6(f"ground fire, {where}")
    chits = chits_from(dice_sum + modifier, target.chart.damage_divider)
    event = OptionalEvent(
        "otl.ground_fire",
        (unit.id, target.id),
        f"{unit.id} fires at {target.callsign}: {dice_sum} {modifier:+d}, {chits} chits",
        {"roll": dice_sum, "modifier": modifier, "chits": chits},
    )
    return GroundFire(unit.id, target.id, chits, event)


def is_wing_or_fuselage_chit(chit_key: str) -> bool:
    """Wing and Fuselage Check chits (their keys start ``wing`` or ``fuselage``)."""
    return chit_key.startswith(("wing", "fuselage"))


@dataclass
class StrafingTally:
    """Wing and Fuselage chits each side's planes have scored on troops (§Troops)."""

    hits: dict[str, int] = field(default_factory=dict)

    def record(self, attacker_side: str, unit: GroundUnit, chit_keys: Iterable[str]) -> int:
        """Count the chits a plane of ``attacker_side`` drew against ``unit``; returns how
        many counted (only troops' Wing and Fuselage chits do)."""
        if unit.kind != "troops":
            return 0
        counted = sum(1 for key in chit_keys if is_wing_or_fuselage_chit(key))
        self.hits[attacker_side] = self.hits.get(attacker_side, 0) + counted
        return counted
