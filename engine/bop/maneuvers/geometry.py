"""Continuous geometry between aircraft for choosing maneuvers (not for resolving rules).

PHAD cells are 30° wide and a game-turn can swing the geometry through a whole control zone,
so maneuvers aim with vectors in feet (x east, y north, z up) read off hex centres, altitudes
and mark directions, and only then pick the PHAD cells a plot can name.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.atmosphere import FT_PER_S_PER_KT
from engine.performance.movement import SECONDS_PER_TICK, TICKS_PER_TURN

if TYPE_CHECKING:
    from engine.bop.aircraft_state import AircraftState

Vec = tuple[float, float, float]

TURN_S = SECONDS_PER_TICK * TICKS_PER_TURN
"""Seconds in one game-turn (10 ticks of 0.6 s)."""
UP: Vec = (0.0, 0.0, 1.0)


def add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def scale(a: Vec, k: float) -> Vec:
    return (a[0] * k, a[1] * k, a[2] * k)


def dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def norm(a: Vec) -> float:
    x, y, z = a
    return math.sqrt(x * x + y * y + z * z)


def unit(a: Vec) -> Vec:
    """``a`` scaled to length 1; the zero vector stays zero."""
    length = norm(a)
    return a if length < 1e-12 else scale(a, 1.0 / length)


def angle_deg(a: Vec, b: Vec) -> float:
    """The angle between two directions, 0–180°; 90° if either is the zero vector."""
    ax, ay, az = a
    bx, by, bz = b
    la = math.sqrt(ax * ax + ay * ay + az * az)
    lb = math.sqrt(bx * bx + by * by + bz * bz)
    if la < 1e-12 or lb < 1e-12:
        return 90.0
    cosine = (ax * bx + ay * by + az * bz) / (la * lb)
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine))))


def perpendicular_part(a: Vec, axis: Vec) -> Vec:
    """The part of ``a`` at right angles to the unit vector ``axis``."""
    return sub(a, scale(axis, dot(a, axis)))


def direction(heading_deg: float, pitch_deg: float) -> Vec:
    """Unit vector for a heading (clockwise from north) and a pitch."""
    h, p = math.radians(heading_deg), math.radians(pitch_deg)
    return (math.cos(p) * math.sin(h), math.cos(p) * math.cos(h), math.sin(p))


def heading_of(v: Vec) -> float:
    """Map heading of a vector's horizontal part, 0–360° (0 for a vertical vector)."""
    return math.degrees(math.atan2(v[0], v[1])) % 360.0


def position_ft(state: AircraftState) -> Vec:
    return state.position_ft()


def velocity_ft_s(state: AircraftState) -> Vec:
    """The aircraft's velocity: its Velocity mark at its speed."""
    return scale(state.attitude.velocity.unit_vector(), state.speed_kt * FT_PER_S_PER_KT)


def extrapolated_ft(state: AircraftState, seconds: float) -> Vec:
    """Where the aircraft would be after ``seconds`` flying straight on (negative: before)."""
    return add(position_ft(state), scale(velocity_ft_s(state), seconds))


def range_ft(a: AircraftState, b: AircraftState) -> float:
    return norm(sub(position_ft(b), position_ft(a)))


def antenna_train_angle_deg(attacker: AircraftState, target: AircraftState) -> float:
    """ATA: the angle between the attacker's Velocity and its line of sight to the target
    (0° = target on the nose)."""
    return angle_deg(
        attacker.attitude.velocity.unit_vector(), sub(position_ft(target), position_ft(attacker))
    )


def aspect_angle_deg(attacker: AircraftState, target: AircraftState) -> float:
    """AA: the angle between the target's Velocity and the line of sight from the attacker
    (0° = attacker at the target's tail, 180° = head-on)."""
    return angle_deg(
        target.attitude.velocity.unit_vector(), sub(position_ft(target), position_ft(attacker))
    )
