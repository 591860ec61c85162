"""From a plane's inch-by-inch move to the timeline's ten samples a round (reference §7).

Every MP of a round takes the same time, 3.4 s divided by the MP flown, so tick k of ten
falls at k/10 of the move's MP; a vertical MP rises or sinks without going forward, and the
path the movement rules give already spreads each bank or pitch step over its MP.  Attitude
is the bank (roll about the nose) and the pitch (about the wings) on the heading, written as
the unit quaternion the timeline stores (body y forward, z up).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from engine.otl.movement import PathPoint
from engine.quaternion import about_axis, product

INCH_FT = 50.0
"""Feet in one table inch (§Game Scale)."""
MPH_PER_POINT = 10.0
"""Miles per hour in one speed point (§Game Scale)."""
KT_PER_MPH = 0.868976


def speed_kt(points: float) -> float:
    """True airspeed in knots of a speed in points."""
    return points * MPH_PER_POINT * KT_PER_MPH


def sample_path(path: Sequence[PathPoint], ticks: int) -> list[PathPoint]:
    """The ``ticks`` samples at 1/ticks, 2/ticks, … 1 of the round (the start is the last
    round's end), read by MP along the path; a path of one point (no MP flown) stands."""
    if not path:
        raise ValueError("a move's path has at least its starting point")
    total = path[-1].mp
    if total <= 0 or len(path) == 1:
        return [path[-1]] * ticks
    marks = [p.mp for p in path]
    samples = []
    for k in range(1, ticks + 1):
        at = total * k / ticks
        i = int(np.searchsorted(marks, at, side="left"))
        if i <= 0:
            samples.append(path[0])
            continue
        if i >= len(path):
            samples.append(path[-1])
            continue
        a, b = path[i - 1], path[i]
        span = b.mp - a.mp
        u = 0.0 if span <= 0 else (at - a.mp) / span
        samples.append(_between(a, b, u))
    return samples


def _between(a: PathPoint, b: PathPoint, u: float) -> PathPoint:
    def mix(p: float, q: float) -> float:
        return p + (q - p) * u

    def mix_deg(p: float, q: float) -> float:
        return p + ((q - p + 180.0) % 360.0 - 180.0) * u

    return PathPoint(
        mp=mix(a.mp, b.mp),
        x_in=mix(a.x_in, b.x_in),
        y_in=mix(a.y_in, b.y_in),
        alt_ft=mix(a.alt_ft, b.alt_ft),
        heading_deg=mix_deg(a.heading_deg, b.heading_deg) % 360.0,
        bank_deg=mix_deg(a.bank_deg, b.bank_deg),
        pitch_deg=mix(a.pitch_deg, b.pitch_deg),
    )


def attitude_quaternion(heading_deg: float, pitch_deg: float, bank_deg: float) -> tuple[float, ...]:
    """(w, x, y, z) of the attitude: turn to the heading (clockwise from north), raise the
    nose by the pitch, then roll right wing down by the bank."""
    yaw = about_axis((0.0, 0.0, 1.0), -math.radians(heading_deg))
    pitch = about_axis((1.0, 0.0, 0.0), math.radians(pitch_deg))
    roll = about_axis((0.0, 1.0, 0.0), math.radians(bank_deg))
    q = product(product(yaw, pitch), roll)
    norm = math.sqrt(sum(c * c for c in q))
    return tuple(c / norm for c in q)


def quaternions(points: Sequence[PathPoint]) -> npt.NDArray[np.float64]:
    """The attitude quaternion of each sample, as rows."""
    return np.array([attitude_quaternion(p.heading_deg, p.pitch_deg, p.bank_deg) for p in points])
