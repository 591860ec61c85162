"""Unit quaternions as plain ``(w, x, y, z)`` tuples, for the rule sets' tick samplers
that build an attitude from turns about body or world axes, and rows of them from headings,
pitches and banks (:func:`attitude_quaternions`)."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

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


def attitude_quaternions(
    heading_deg: npt.NDArray[np.float64],
    pitch_deg: npt.NDArray[np.float64],
    bank_deg: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """Rows (w, x, y, z): yaw to the heading (clockwise from north), raise the nose by the
    pitch, roll right wing down by the bank; as :func:`engine.otl.ticks.attitude_quaternion`."""
    yaw = -np.radians(heading_deg) / 2.0
    pit = np.radians(pitch_deg) / 2.0
    rol = np.radians(bank_deg) / 2.0
    cy, sy = np.cos(yaw), np.sin(yaw)
    cp, sp = np.cos(pit), np.sin(pit)
    cr, sr = np.cos(rol), np.sin(rol)
    # (cy, 0, 0, sy) ⊗ (cp, sp, 0, 0) = (cy cp, cy sp, −sy sp… ) written out, then ⊗ roll.
    w1, x1, y1, z1 = cy * cp, cy * sp, sy * sp, sy * cp
    w = w1 * cr - y1 * sr
    x = x1 * cr - z1 * sr
    y = w1 * sr + y1 * cr
    z = z1 * cr + x1 * sr
    q = np.stack([w, x, y, z], axis=-1)
    norm: npt.NDArray[np.float64] = q / np.linalg.norm(q, axis=-1, keepdims=True)
    return norm
