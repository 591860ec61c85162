"""Per-tick poses of one hex jet aircraft through its Action Step (furball's drawing of the
move, docs/rulings.md H7).

The rules move a counter a hex at a time.  The replay draws a smooth path at a steady speed:
a straight hex runs through its centre; a hex the aircraft turns in is a curve from the
middle of the hexside it came in by to the middle of the one it leaves by (a quadratic
Bézier whose control point is the hex centre); a turn made in the starting hex swings the
nose over the first half hex.  The altitude change is flown evenly along the path.  Bank
is the coordinated bank of the drawn turn rate, pitch the path's climb angle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.hexjet.action import Move, heading_deg
from engine.hexmap import Hex
from engine.quaternion import attitude_quaternions
from models.hexjet.common import FT_S_PER_SPEED, HEX_FT, LEVEL_FT, TURN_S

Floats = npt.NDArray[np.float64]
G_FT_S2 = 32.174
MAX_BANK_DEG = 85.0
_SQRT3 = math.sqrt(3.0)
_DENSE = 24


def centre_ft(hex_: Hex) -> tuple[float, float]:
    """A hex centre in world feet (x east, y north) on furball's 1,000 ft hexes."""
    return (hex_.q * HEX_FT * _SQRT3 / 2.0, (hex_.r + hex_.q / 2.0) * HEX_FT)


def _unit(heading: float) -> Floats:
    rad = math.radians(heading)
    return np.array([math.sin(rad), math.cos(rad)])


@dataclass(frozen=True, slots=True)
class Samples:
    x_ft: Floats
    y_ft: Floats
    z_ft: Floats
    heading_deg: Floats
    pitch_deg: Floats
    bank_deg: Floats

    @property
    def quat_wxyz(self) -> Floats:
        return attitude_quaternions(self.heading_deg, self.pitch_deg, self.bank_deg)


def _dense_path(move: Move) -> tuple[Floats, Floats]:
    """Points along the drawn path, and the heading at each (skids in the first hex)."""
    points: list[Floats] = []
    headings: list[float] = []
    start = np.array(centre_ft(move.start))
    start_heading = float(heading_deg(move.start_facing))
    if not move.steps:
        return np.array([start]), np.array([start_heading])
    first = float(heading_deg(move.steps[0].facing))
    exit_0 = start + 0.5 * HEX_FT * _unit(first)
    change = ((first - start_heading + 180.0) % 360.0) - 180.0
    for u in np.linspace(0.0, 1.0, _DENSE, endpoint=False):
        points.append(start + u * (exit_0 - start))
        headings.append(start_heading + change * (3 * u * u - 2 * u * u * u))
    heading_now = start_heading + change
    for index, step in enumerate(move.steps):
        centre = np.array(centre_ft(step.hex))
        into = float(heading_deg(step.facing))
        entry = centre - 0.5 * HEX_FT * _unit(into)
        last = index == len(move.steps) - 1
        if last:
            out_heading = into
            exit_ = centre
        else:
            out_heading = float(heading_deg(move.steps[index + 1].facing))
            exit_ = centre + 0.5 * HEX_FT * _unit(out_heading)
        turn = ((out_heading - into + 180.0) % 360.0) - 180.0
        for u in np.linspace(0.0, 1.0, _DENSE, endpoint=False):
            if turn and not last:
                point = (1 - u) ** 2 * entry + 2 * u * (1 - u) * centre + u * u * exit_
                tangent = 2 * (1 - u) * (centre - entry) + 2 * u * (exit_ - centre)
                rel = math.degrees(math.atan2(tangent[0], tangent[1])) - into
                rel = ((rel + 180.0) % 360.0) - 180.0
                points.append(point)
                headings.append(heading_now + rel)
            else:
                points.append(entry + u * (exit_ - entry))
                headings.append(heading_now)
        heading_now += turn
    points.append(np.array(centre_ft(move.end)))
    headings.append(heading_now)
    return np.array(points), np.array(headings)


def sample_move(move: Move, ticks: int, speed: int) -> Samples:
    """``ticks`` poses after the start (the first a tick in, the last at the move's end)."""
    points, headings = _dense_path(move)
    z0, z1 = move.start_level * LEVEL_FT, move.end_level * LEVEL_FT
    if len(points) == 1:
        x = np.full(ticks, points[0][0])
        y = np.full(ticks, points[0][1])
        flat = np.full(ticks, headings[0])
        zeros = np.zeros(ticks)
        return Samples(x, y, np.full(ticks, z1), flat, zeros, zeros)
    seg = np.hypot(np.diff(points[:, 0]), np.diff(points[:, 1]))
    along = np.concatenate([[0.0], np.cumsum(seg)])
    length = along[-1]
    wanted = np.linspace(0.0, length, ticks + 1)
    x = np.interp(wanted, along, points[:, 0])
    y = np.interp(wanted, along, points[:, 1])
    heading = np.interp(wanted, along, headings)
    z = z0 + (z1 - z0) * wanted / length
    pitch = np.full(ticks + 1, math.degrees(math.atan2(z1 - z0, length)))
    dt = TURN_S / ticks
    rate = np.gradient(np.radians(heading), dt)
    v = max(speed, 1) * FT_S_PER_SPEED
    bank = np.degrees(np.arctan(v * rate / G_FT_S2))
    bank = np.clip(bank, -MAX_BANK_DEG, MAX_BANK_DEG)
    return Samples(x[1:], y[1:], z[1:], np.mod(heading[1:], 360.0), pitch[1:], bank[1:])
