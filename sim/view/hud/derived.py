"""PHAD marks read off a continuous attitude, for rule sets without a PHAD of their own.

Nose is the cell of the body's +y axis (forward), Canopy of +z (up through the canopy),
Wing of +x (the right wing), Velocity of the direction of flight and Lift the same as
Canopy, each by :func:`engine.phad.cell_of`.  These are display cells: a continuous
attitude need not put Nose, Canopy and Wing three cells apart as the rules' marks are, so
they are never an :class:`engine.phad.Attitude`.  No Panda3D here.
"""

from __future__ import annotations

import math

import numpy as np

from engine.phad import InvalidCell, cell_of
from sim.snapshot import EntityState, QuatWXYZ, Vec3

MOVING_FT = 1.0
"""Least distance from an earlier trail point to the entity for it to give a direction."""


def rotate(quat_wxyz: QuatWXYZ, vector: Vec3) -> Vec3:
    """``vector`` (body axes) turned into the world frame by the attitude ``quat_wxyz``."""
    w, x, y, z = quat_wxyz
    norm = math.sqrt(w * w + x * x + y * y + z * z) or 1.0
    w, x, y, z = w / norm, x / norm, y / norm, z / norm
    vx, vy, vz = vector
    # v' = v + 2 w (u × v) + 2 u × (u × v), with u the quaternion's vector part.
    cx, cy, cz = y * vz - z * vy, z * vx - x * vz, x * vy - y * vx
    ddx, ddy, ddz = y * cz - z * cy, z * cx - x * cz, x * cy - y * cx
    return (vx + 2 * (w * cx + ddx), vy + 2 * (w * cy + ddy), vz + 2 * (w * cz + ddz))


def _cell_text(direction: Vec3) -> str:
    try:
        return str(cell_of(direction))
    except InvalidCell:
        return ""


def flight_direction(state: EntityState) -> Vec3 | None:
    """Where the entity is going: from the latest trail point a little behind it, or None
    when it has not moved."""
    here = np.asarray(state.position_ft, dtype=np.float64)
    trail = state.trail_ft
    for point in trail[::-1]:
        step = here - point
        if float(np.hypot(np.hypot(step[0], step[1]), step[2])) > MOVING_FT:
            return (float(step[0]), float(step[1]), float(step[2]))
    return None


def derived_marks(state: EntityState) -> tuple[str, str, str, str, str]:
    """Nose, Canopy, Wing, Velocity and Lift cells of ``state``'s attitude and motion (the
    Velocity of an entity that has not moved is its Nose)."""
    quat = state.quat_wxyz
    nose = _cell_text(rotate(quat, (0.0, 1.0, 0.0)))
    canopy = _cell_text(rotate(quat, (0.0, 0.0, 1.0)))
    wing = _cell_text(rotate(quat, (1.0, 0.0, 0.0)))
    moving = flight_direction(state)
    velocity = nose if moving is None else _cell_text(moving)
    return (nose, canopy, wing, velocity, canopy)
