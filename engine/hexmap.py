"""The hex map and positions on it.

Scale (rulebook, "Scale"): a hex is 400 ft across and altitude goes in steps of 200 ft.

The map uses flat-topped hexes in axial coordinates ``(q, r)``.  Heading 000 (north) leaves
a hex through its north hexside, so the six headings 000, 060, ... 300 each point at the
centre of a neighbouring hex:

====  =========
 hdg  neighbour
====  =========
 000  (0, +1)
 060  (+1, 0)
 120  (+1, -1)
 180  (0, -1)
 240  (-1, 0)
 300  (-1, +1)
====  =========

The hex spines (the lines through the corners) run at 030, 090, 150, 210, 270 and 330;
the first of them passes through hex (1, 1), the second through (2, -1).

World frame: x east, y north, z up, all in feet.  A hex centre sits at
``x = q * 400 * sqrt(3) / 2`` and ``y = (r + q / 2) * 400``.

A :class:`Position` (rulebook, "Position & Altitude") is a hex plus an altitude counted in
200 ft steps.  Horizontal range (rulebook, "Range") is the hex distance between two hexes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

HEX_FT: Final = 400.0
"""Distance between the centres of two neighbouring hexes, in feet ("Scale")."""

STEP_FT: Final = 200.0
"""Height of one altitude step, in feet ("Scale")."""

NEIGHBOUR_HEADINGS_DEG: Final = (0, 60, 120, 180, 240, 300)
"""Headings that cross a hexside into a neighbouring hex."""

_NEIGHBOUR_STEPS: Final[dict[int, tuple[int, int]]] = {
    0: (0, 1),
    60: (1, 0),
    120: (1, -1),
    180: (0, -1),
    240: (-1, 0),
    300: (-1, 1),
}

_SQRT3: Final = math.sqrt(3.0)

# Any of the dash characters people type for a minus sign: hyphen, en dash, em dash and
# the Unicode minus sign.
_MINUS_SIGNS: Final = "-\u2013\u2014\u2212"
_INT: Final = rf"[+{_MINUS_SIGNS}]?\d+"
_HEX_RE: Final = re.compile(rf"^\s*({_INT})\s*,\s*({_INT})\s*$")
_POSITION_RE: Final = re.compile(rf"^\s*({_INT})\s*,\s*({_INT})\s*,\s*({_INT})\s*$")


class InvalidCoordinate(ValueError):
    """Text or numbers that name no hex or no position on the map."""


def _to_int(text: str) -> int:
    for dash in _MINUS_SIGNS[1:]:
        text = text.replace(dash, "-")
    return int(text)


def _require_int(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCoordinate(f"{name} must be an integer, got {value!r}")


def _exact_direction_deg(a: int, b: int) -> float | None:
    """The heading of ``atan2(b * sqrt(3), a)`` when it is a whole multiple of 30 degrees.

    A map offset ``(dq, dr)`` points along ``x : y = dq * sqrt(3) : 2 * dr + dq``; with
    ``a = 2 * dr + dq`` and ``b = dq`` the heading is a multiple of 30 degrees exactly when
    ``b == 0``, ``a == 0``, ``a == +-b`` or ``a == +-3b``.  Those cases are answered from a
    table so that hexrows and spines come out as exact whole numbers; every other offset
    returns ``None``.  (No offset between hex centres points along an odd multiple of 15
    degrees, since that would need sqrt(3) to be rational.)
    """
    if b == 0:
        return 0.0 if a > 0 else 180.0
    east = b > 0
    if a == 0:
        return 90.0 if east else 270.0
    if a == b:
        return 60.0 if east else 240.0
    if a == -b:
        return 120.0 if east else 300.0
    if a == 3 * b:
        return 30.0 if east else 210.0
    if a == -3 * b:
        return 150.0 if east else 330.0
    return None


def normalise_heading_deg(heading_deg: float) -> float:
    """The same heading in the range ``[0, 360)``."""
    heading = heading_deg % 360.0
    return 0.0 if heading >= 360.0 else heading  # a tiny negative can round up to 360.0


@dataclass(frozen=True, slots=True)
class Hex:
    """One map hex in axial coordinates (see the module docstring for the layout)."""

    q: int
    r: int

    def __post_init__(self) -> None:
        _require_int("q", self.q)
        _require_int("r", self.r)

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Read ``Q,R``, e.g. ``3,-2`` (spaces around the numbers are allowed)."""
        match = _HEX_RE.match(text)
        if match is None:
            raise InvalidCoordinate(f"{text!r} is not a hex: write Q,R with integers, e.g. 3,-2")
        return cls(_to_int(match[1]), _to_int(match[2]))

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def centre_ft(self) -> tuple[float, float]:
        """The hex centre as ``(x, y)`` in feet, x east and y north ("Scale")."""
        return (self.q * HEX_FT * _SQRT3 / 2.0, (self.r + self.q / 2.0) * HEX_FT)

    def neighbour(self, direction_deg: int) -> Hex:
        """The hex across the hexside that heading ``direction_deg`` crosses.

        ``direction_deg`` is one of 000, 060, 120, 180, 240, 300 (360 is read as 000).
        """
        step = _NEIGHBOUR_STEPS.get(direction_deg % 360)
        if step is None:
            valid = ", ".join(f"{h:03d}" for h in NEIGHBOUR_HEADINGS_DEG)
            raise InvalidCoordinate(
                f"heading {direction_deg} does not cross a hexside; use one of {valid}"
            )
        return Hex(self.q + step[0], self.r + step[1])

    def distance_to(self, other: Hex) -> int:
        """Hexes counted from this hex to ``other``: the horizontal range ("Range")."""
        dq = other.q - self.q
        dr = other.r - self.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    @classmethod
    def nearest(cls, x_ft: float, y_ft: float) -> Hex:
        """The hex whose centre is nearest a map point (cube-coordinate rounding)."""
        q = x_ft / (HEX_FT * _SQRT3 / 2.0)
        r = y_ft / HEX_FT - q / 2.0
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return cls(int(rq), int(rr))

    def ring(self, distance: int) -> tuple[Hex, ...]:
        """Every hex exactly ``distance`` hexes away, clockwise from due north."""
        if distance < 0:
            raise ValueError(f"a ring distance is 0 or more, not {distance}")
        if distance == 0:
            return (self,)
        found: list[Hex] = []
        here = Hex(self.q, self.r + distance)  # due north
        for direction in (120, 180, 240, 300, 0, 60):  # walk the six sides clockwise
            for _ in range(distance):
                found.append(here)
                here = here.neighbour(direction)
        return tuple(found)

    def heading_to_deg(self, other: Hex) -> float:
        """Map direction from this hex centre to ``other``'s, clockwise from north, [0, 360).

        Directions along hexrows and spines (multiples of 30 degrees) are exact.  Raises
        :class:`ValueError` when ``other`` is this hex, which has no direction.
        """
        dq = other.q - self.q
        dr = other.r - self.r
        if dq == 0 and dr == 0:
            raise ValueError(f"hex {self} has no direction to itself")
        a = 2 * dr + dq
        exact = _exact_direction_deg(a, dq)
        if exact is not None:
            return exact
        return normalise_heading_deg(math.degrees(math.atan2(dq * _SQRT3, float(a))))


@dataclass(frozen=True, slots=True)
class Position:
    """A hex and an altitude in 200 ft steps ("Position & Altitude").

    ``alt_steps`` is 0 or more.
    """

    hex: Hex
    alt_steps: int

    def __post_init__(self) -> None:
        _require_int("alt_steps", self.alt_steps)
        if self.alt_steps < 0:
            raise InvalidCoordinate(
                f"altitude must be 0 or more steps of {STEP_FT:.0f} ft, got {self.alt_steps}"
            )

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read ``Q,R,ALT``, e.g. ``3,-2,25``: hex 3,-2 at 25 steps (5,000 ft)."""
        match = _POSITION_RE.match(text)
        if match is None:
            raise InvalidCoordinate(
                f"{text!r} is not a position: write Q,R,ALT with integers, e.g. 3,-2,25"
            )
        alt_steps = _to_int(match[3])
        if alt_steps < 0:
            raise InvalidCoordinate(
                f"{text!r} is not a position: ALT is the altitude in {STEP_FT:.0f} ft steps "
                f"and must be 0 or more, got {alt_steps}"
            )
        return cls(Hex(_to_int(match[1]), _to_int(match[2])), alt_steps)

    def __str__(self) -> str:
        return f"{self.hex},{self.alt_steps}"

    @property
    def alt_ft(self) -> float:
        """Altitude in feet."""
        return self.alt_steps * STEP_FT

    def world_ft(self) -> tuple[float, float, float]:
        """``(x, y, z)`` in feet: the hex centre at this altitude."""
        x, y = self.hex.centre_ft()
        return (x, y, self.alt_ft)
