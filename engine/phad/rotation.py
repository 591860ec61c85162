"""From PHAD marks to a rotation the renderer can use.

The world frame is x east, y north, z up; the body frame is x right, y forward, z up (the
same axes as Panda3D's default).  A rotation matrix's columns are the body axes in world
coordinates.  Quaternions are (w, x, y, z), Panda3D's order.
"""

from __future__ import annotations

import math

Vector3 = tuple[float, float, float]
Matrix3 = tuple[Vector3, Vector3, Vector3]
"""Rows of a 3×3 matrix."""
QuaternionWXYZ = tuple[float, float, float, float]


def _cross(a: Vector3, b: Vector3) -> Vector3:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a: Vector3, b: Vector3) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _unit(a: Vector3) -> Vector3:
    norm = math.sqrt(_dot(a, a))
    if norm < 1e-12:
        raise ValueError("cannot normalise a zero vector")
    return (a[0] / norm, a[1] / norm, a[2] / norm)


def frame_from_marks(nose: Vector3, canopy: Vector3, wing: Vector3) -> Matrix3:
    """Orthonormal body frame from the three mark directions.

    Forward is the Nose direction exactly.  The PHAD's cells are 30–60° wide, so Canopy and
    Wing are only roughly perpendicular to it; up is taken from the Canopy and from
    Wing × Nose (which is "up" for a right wing), averaged, with its forward part removed.
    """
    forward = _unit(nose)
    wing_up = _cross(wing, forward)
    up_guess = (canopy[0] + wing_up[0], canopy[1] + wing_up[1], canopy[2] + wing_up[2])
    along = _dot(up_guess, forward)
    up = _unit(
        (
            up_guess[0] - along * forward[0],
            up_guess[1] - along * forward[1],
            up_guess[2] - along * forward[2],
        )
    )
    right = _cross(forward, up)
    return (
        (right[0], forward[0], up[0]),
        (right[1], forward[1], up[1]),
        (right[2], forward[2], up[2]),
    )


def matrix_to_quaternion(m: Matrix3) -> QuaternionWXYZ:
    """Unit quaternion (w, x, y, z) of a proper rotation matrix, with w ≥ 0."""
    trace = m[0][0] + m[1][1] + m[2][2]
    if trace > 0:
        s = 2.0 * math.sqrt(trace + 1.0)
        q = (0.25 * s, (m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s)
    elif m[0][0] > m[1][1] and m[0][0] > m[2][2]:
        s = 2.0 * math.sqrt(1.0 + m[0][0] - m[1][1] - m[2][2])
        q = ((m[2][1] - m[1][2]) / s, 0.25 * s, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s)
    elif m[1][1] > m[2][2]:
        s = 2.0 * math.sqrt(1.0 + m[1][1] - m[0][0] - m[2][2])
        q = ((m[0][2] - m[2][0]) / s, (m[0][1] + m[1][0]) / s, 0.25 * s, (m[1][2] + m[2][1]) / s)
    else:
        s = 2.0 * math.sqrt(1.0 + m[2][2] - m[0][0] - m[1][1])
        q = ((m[1][0] - m[0][1]) / s, (m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, 0.25 * s)
    norm = math.sqrt(sum(v * v for v in q))
    sign = -1.0 if q[0] < 0 else 1.0
    return (sign * q[0] / norm, sign * q[1] / norm, sign * q[2] / norm, sign * q[3] / norm)


def rotate(q: QuaternionWXYZ, v: Vector3) -> Vector3:
    """Rotate ``v`` by the unit quaternion ``q`` (body to world)."""
    w, x, y, z = q
    u = (x, y, z)
    t = _cross(u, v)
    t = (2 * t[0], 2 * t[1], 2 * t[2])
    c = _cross(u, t)
    return (v[0] + w * t[0] + c[0], v[1] + w * t[1] + c[1], v[2] + w * t[2] + c[2])


def heading_pitch_roll_deg(q: QuaternionWXYZ) -> tuple[float, float, float]:
    """Heading (clockwise from north, 0–360), pitch (up positive) and roll (right wing down
    positive) of a body attitude, in degrees."""
    forward = rotate(q, (0.0, 1.0, 0.0))
    right = rotate(q, (1.0, 0.0, 0.0))
    up = rotate(q, (0.0, 0.0, 1.0))
    pitch = math.degrees(math.asin(max(-1.0, min(1.0, forward[2]))))
    if abs(forward[2]) > 0.999999:
        # Straight up or down: heading is where the canopy faces (Orient Box Mini).
        sign = -1.0 if forward[2] > 0 else 1.0
        heading = math.degrees(math.atan2(sign * up[0], sign * up[1])) % 360.0
        return heading, pitch, 0.0
    heading = math.degrees(math.atan2(forward[0], forward[1])) % 360.0
    roll = math.degrees(math.atan2(-right[2], up[2]))
    return heading, pitch, roll
