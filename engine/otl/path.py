"""The drawn path of an Over the Lines move: one point every quarter MP or finer, so a
viewer sampling it by MP flown sees a smooth flight (DESIGN §3, per-tick positions).

A horizontal MP is a straight inch, an inch of a template's circle arc, or a slip (an
inch forward and the slip's throw sideways at a fixed heading).  A vertical MP climbs or
drops in place.  A bank or pitch step eases over the MP it is made in; a half-loop turns
the nose through the vertical, where heading +180° and the bank swap describe the same
attitude.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SAMPLES_PER_MP = 4
"""Points drawn per MP (at least), so a path sampled by MP runs smooth."""
VERTICAL_SAMPLE_FT = 25.0
"""A vertical MP gets a point at least every 25 ft of height."""
PIVOT_SAMPLE_DEG = 15.0
"""A Stall Turn's pivot gets a point at least every 15°."""


@dataclass(frozen=True, slots=True)
class PathPoint:
    """Where the plane is after ``mp`` MP of its move, and how it sits."""

    mp: float
    """MP flown so far this round, 0 … MP spent (a vertical MP counts too)."""
    x_in: float
    y_in: float
    alt_ft: float
    heading_deg: float
    """Compass heading, clockwise from north (+y); the path's tangent, fixed in a slip."""
    bank_deg: float
    """Roll angle, right wing down positive (45° per bank step; I is 180)."""
    pitch_deg: float
    """Nose up positive (45° per pitch step)."""


def wrap_heading(heading_deg: float) -> float:
    """A heading in [0, 360)."""
    return heading_deg % 360.0


def wrap_bank(bank_deg: float) -> float:
    """A roll angle in (−180, 180]."""
    wrapped = (bank_deg + 180.0) % 360.0 - 180.0
    return 180.0 if wrapped == -180.0 else wrapped


def forward(heading_deg: float) -> tuple[float, float]:
    """The unit vector along a heading (x east, y north)."""
    rad = math.radians(heading_deg)
    return math.sin(rad), math.cos(rad)


def arc_offset(
    heading_deg: float, radius_in: float, side: int, run_in: float
) -> tuple[float, float, float]:
    """(dx, dy, heading after) of ``run_in`` along a circle of ``radius_in`` turning right
    (``side`` +1) or left (−1) from ``heading_deg``."""
    h0 = math.radians(heading_deg)
    h1 = h0 + side * run_in / radius_in
    dx = side * radius_in * (math.cos(h0) - math.cos(h1))
    dy = side * radius_in * (math.sin(h1) - math.sin(h0))
    return dx, dy, heading_deg + math.degrees(side * run_in / radius_in)


class PathBuilder:
    """Collects a move's points MP by MP."""

    __slots__ = ("points",)

    def __init__(self, first: PathPoint) -> None:
        self.points: list[PathPoint] = [first]

    def fly_mp(
        self,
        mp0: float,
        start: tuple[float, float, float, float],
        bank: tuple[float, float],
        pitch: tuple[float, float],
        *,
        arc: tuple[float, int] | None = None,
        slip_in: float = 0.0,
        pivot_deg: float = 0.0,
        climb_ft: float = 0.0,
        travel_in: float = 1.0,
        half_loop: bool = False,
    ) -> tuple[float, float, float, float]:
        """Draw one MP from ``start`` (x, y, alt, heading) and return where it ends.

        ``arc`` (radius, side) flies it on a template; ``slip_in`` throws it sideways
        (signed, right positive); ``pivot_deg`` turns in place (a Stall Turn);
        ``climb_ft`` climbs (or drops, negative) in place; ``travel_in`` is 0 for an MP
        that does not move over the table.  ``bank`` and ``pitch`` are the angles at the
        MP's start and end (unwrapped, so the easing runs the short way).
        """
        x0, y0, alt0, h0 = start
        samples = SAMPLES_PER_MP
        if climb_ft:
            samples = max(samples, math.ceil(abs(climb_ft) / VERTICAL_SAMPLE_FT))
        if pivot_deg:
            samples = max(samples, math.ceil(abs(pivot_deg) / PIVOT_SAMPLE_DEG))
        fx, fy = forward(h0)
        for k in range(1, samples + 1):
            u = k / samples
            x, y, heading = x0, y0, h0
            if travel_in:
                if arc is not None:
                    dx, dy, heading = arc_offset(h0, arc[0], arc[1], travel_in * u)
                    x, y = x0 + dx, y0 + dy
                else:
                    x = x0 + fx * travel_in * u + fy * slip_in * u
                    y = y0 + fy * travel_in * u - fx * slip_in * u
            heading += pivot_deg * u
            b = bank[0] + (bank[1] - bank[0]) * u
            p = pitch[0] + (pitch[1] - pitch[0]) * u
            if half_loop:
                heading, b, p = _over_the_vertical(heading, bank, pitch, u)
            self.points.append(
                PathPoint(
                    mp0 + u, x, y, alt0 + climb_ft * u, wrap_heading(heading), wrap_bank(b), p
                )
            )
        end = self.points[-1]
        turned = math.degrees(arc[1] * travel_in / arc[0]) if arc is not None else 0.0
        return (
            end.x_in,
            end.y_in,
            end.alt_ft,
            h0 + turned + pivot_deg + (180.0 if half_loop else 0.0),
        )

    def hold(self, mp: float) -> None:
        """Repeat the last point at ``mp`` (a move of no MP still draws two points)."""
        last = self.points[-1]
        self.points.append(
            PathPoint(
                mp,
                last.x_in,
                last.y_in,
                last.alt_ft,
                last.heading_deg,
                last.bank_deg,
                last.pitch_deg,
            )
        )


def _over_the_vertical(
    heading_deg: float, bank: tuple[float, float], pitch: tuple[float, float], u: float
) -> tuple[float, float, float]:
    """Heading, bank and pitch ``u`` of the way through a half-loop MP.

    ``pitch`` runs from ±90 to ±45 (already in the new heading's frame) and ``bank`` from the
    old bank to the swapped one.  Past the vertical the nose's old-frame pitch 90 + 45u is
    the new frame's 90 − 45u with heading +180° and the bank turned half round, which is the
    same attitude; the bank then eases to the rule's swapped bank (§Half-Loops).
    """
    if u <= 0.0:
        return heading_deg, bank[0], pitch[0]
    physical = bank[0] + 180.0
    gap = (bank[1] - physical + 180.0) % 360.0 - 180.0
    p = pitch[0] + (pitch[1] - pitch[0]) * u
    return heading_deg + 180.0, physical + gap * u, p
