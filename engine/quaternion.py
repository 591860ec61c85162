"""Unit quaternions as plain ``(w, x, y, z)`` tuples, for the rule sets' tick samplers
that build an attitude from turns about body or world axes."""

from __future__ import annotations

import math

Quat = tuple[float, float, float, float]


def about_axis(axis: tuple[float, float, float], angle_rad: float) -> Quat:
    """The rotation by ``angle_rad`` about the unit ``axis``."""
    s = math.sin(angle_rad / 2.0)
    return (math.cos(angle_rad / 2.0), axis[0] * s, axis[1] * s, axis[2] * s)


def product(a: Quat, b: Quat) -> Quat:
    """The Hamilton product ``a b``: ``b`` applied first, then ``a``."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    )
