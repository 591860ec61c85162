"""Where things are on the Phantoms hex mat, and what they can see (§6.0, §7.1, §7.2).

The mat uses the same flat-topped axial hexes as :mod:`engine.hexmap` (facing 0 crosses the
north hexside; facing ``f`` is heading ``60·f``), 5,000 ft across and scaled accordingly
in world feet.  Range is hexes apart plus altitude levels apart (§7.1.1b).

Arcs are read by the map bearing from one hex centre to another relative to a facing.
The rules' arc and cone diagrams are not in the seed; furball's geometry (docs/rulings.md,
Phantoms "Arcs and cones") is:

- the **radar cone** and the SAM radar's cone: 60°, every hex whose centre lies within 30°
  of the facing, boundary spines included;
- a target's **aspect** seen from another hex: ``front`` within 60° of its nose, ``rear``
  more than 120° off it, ``side`` between (a bearing exactly on 60° is front, exactly on
  120° side);
- the **rear arc** of a narrow-aspect heat-seeker: more than 150° off the target's nose
  (its 60° rear arc); a wide-aspect one: more than 90° off (its rear 180°).
"""

from __future__ import annotations

import math
from typing import Final, Literal

from engine.hexmap import Hex
from models.phantoms.common import HEX_FT, LEVEL_FT

Aspect = Literal["front", "side", "rear"]
_SQRT3: Final = math.sqrt(3.0)
EPSILON_DEG: Final = 1e-6


def heading_deg(facing: int) -> int:
    """The map heading of a facing 0–5."""
    return (facing % 6) * 60


def ahead(hex_: Hex, facing: int, hexes: int = 1) -> Hex:
    """The hex ``hexes`` straight ahead across the facing's hexside."""
    here = hex_
    for _ in range(hexes):
        here = here.neighbour(heading_deg(facing))
    return here


def behind(hex_: Hex, facing: int) -> Hex:
    """The hex across the rear hexside (the tailing hex, §6.1)."""
    return hex_.neighbour(heading_deg(facing + 3))


def centre_ft(hex_: Hex) -> tuple[float, float]:
    """A hex centre in world feet (x east, y north) on the 5,000 ft mat."""
    return (hex_.q * HEX_FT * _SQRT3 / 2.0, (hex_.r + hex_.q / 2.0) * HEX_FT)


def nearest_hex(x_ft: float, y_ft: float) -> Hex:
    """The mat hex whose centre is nearest a world point."""
    scale = 400.0 / HEX_FT  # engine.hexmap's 400 ft hexes
    return Hex.nearest(x_ft * scale, y_ft * scale)


def level_ft(level: int | float) -> float:
    return float(level) * LEVEL_FT


def hex_range(a: Hex, b: Hex) -> int:
    return a.distance_to(b)


def combat_range(a: Hex, a_level: int, b: Hex, b_level: int) -> int:
    """Hexes apart plus levels apart (§7.1.1b; Example: 3 hexes and 3 levels is range 6)."""
    return a.distance_to(b) + abs(a_level - b_level)


def relative_bearing_deg(from_hex: Hex, facing: int, to_hex: Hex) -> float:
    """How far ``to_hex`` lies off the nose of an aircraft in ``from_hex`` facing
    ``facing``, in degrees 0–180 (0 dead ahead).  Raises ValueError for the same hex."""
    bearing = from_hex.heading_to_deg(to_hex)
    off = abs((bearing - heading_deg(facing) + 180.0) % 360.0 - 180.0)
    return off


def in_cone(from_hex: Hex, facing: int, to_hex: Hex, half_angle_deg: float = 30.0) -> bool:
    """Inside the 60° radar cone ahead (§7.1.1b, Intruders SAM radar); the firer's own hex
    is not in it."""
    if from_hex == to_hex:
        return False
    return relative_bearing_deg(from_hex, facing, to_hex) <= half_angle_deg + EPSILON_DEG


def aspect(target_hex: Hex, target_facing: int, viewer_hex: Hex) -> Aspect:
    """The target's aspect as the viewer sees it (front, side or rear; see module doc).

    A viewer in the target's own hex sees it from the rear (it is astern or on top of it).
    """
    if target_hex == viewer_hex:
        return "rear"
    off = relative_bearing_deg(target_hex, target_facing, viewer_hex)
    if off <= 60.0 + EPSILON_DEG:
        return "front"
    if off <= 120.0 + EPSILON_DEG:
        return "side"
    return "rear"


def in_rear_arc(target_hex: Hex, target_facing: int, viewer_hex: Hex, arc_deg: float) -> bool:
    """Whether the viewer sits in the target's rear arc ``arc_deg`` wide (60 or 180)."""
    if target_hex == viewer_hex:
        return True
    off = relative_bearing_deg(target_hex, target_facing, viewer_hex)
    return off >= 180.0 - arc_deg / 2.0 - EPSILON_DEG


def points_at(from_hex: Hex, facing: int, to_hex: Hex) -> bool:
    """Whether the aircraft's nose points at an adjacent (or any) hex: the hex lies dead
    ahead along its facing's hexrow (gun position, §7.2)."""
    if from_hex == to_hex:
        return False
    return relative_bearing_deg(from_hex, facing, to_hex) <= EPSILON_DEG


def tailing(tail_hex: Hex, tail_facing: int, enemy_hex: Hex, enemy_facing: int) -> bool:
    """In the hex directly behind the enemy and facing toward it (§6.1, Tailing Advantage)."""
    return tail_hex == behind(enemy_hex, enemy_facing) and ahead(tail_hex, tail_facing) == enemy_hex
