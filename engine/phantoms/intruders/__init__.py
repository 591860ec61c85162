"""Intruders' ground war (AAA, SAMs, air-to-ground, ARMs) and the 2008 Update's ships.

Each module is one part of the supplement: :mod:`.aaa` (I-p.2–3), :mod:`.sam` (I-p.3),
:mod:`.bombing` (I-p.4–7), :mod:`.arm` (I-p.12–13) and :mod:`.naval` (U-p.2–3).  They are
pure functions over small state objects plus the dice; every roll goes through
:class:`engine.dice.Dice` with a purpose naming the rule and the unit.  Hits and criticals
on aircraft are returned, not applied: the Phantoms damage rules (§8.0) apply them.

This package also holds the two things the parts share: a named die-roll modifier and the
one-hex-at-a-time flight of weapons across the mat.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexmap import Hex
from engine.phantoms.hexgrid import centre_ft, heading_deg
from models.phantoms.common import LEVEL_FT


class IntrudersRuleError(ValueError):
    """An action the Intruders rules forbid, naming the rule and the unit."""


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named die-roll modifier, as the record shows it (``radar directed +2``)."""

    name: str
    value: int

    def __str__(self) -> str:
        return f"{self.name} {self.value:+d}"


def modifier_total(modifiers: tuple[Modifier, ...]) -> int:
    return sum(modifier.value for modifier in modifiers)


def step_toward(here: Hex, target: Hex) -> Hex:
    """The neighbour of ``here`` one hex nearer ``target``, choosing the hexside whose heading
    lies nearest the straight line (ties to the lower heading); ``target`` itself once there."""
    if here == target:
        return here
    bearing = here.heading_to_deg(target)
    distance = here.distance_to(target)
    best: tuple[float, int, Hex] | None = None
    for facing in range(6):
        step = here.neighbour(heading_deg(facing))
        if step.distance_to(target) >= distance:
            continue
        off = abs((bearing - heading_deg(facing) + 180.0) % 360.0 - 180.0)
        candidate = (off, facing, step)
        if best is None or candidate[:2] < best[:2]:
            best = candidate
    assert best is not None  # some neighbour is always nearer
    return best[2]


def path_toward(here: Hex, target: Hex, hexes: int) -> tuple[Hex, ...]:
    """The hexes entered flying up to ``hexes`` toward ``target`` (stopping on it)."""
    path: list[Hex] = []
    for _ in range(hexes):
        if here == target:
            break
        here = step_toward(here, target)
        path.append(here)
    return tuple(path)


def world_ft(hex_: Hex, level: float) -> tuple[float, float, float]:
    """A weapon in flight's point for the replay: its hex centre and level, in world feet
    (x east, y north, z up)."""
    x_ft, y_ft = centre_ft(hex_)
    return (x_ft, y_ft, level * LEVEL_FT)
