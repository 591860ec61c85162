"""PHAD cells: the 50 directions of the Pitch, Heading and Attitude Display.

The PHAD (rulebook, "PHAD: Pitch, Heading, and Attitude Display") divides the sphere of
directions into cells arranged in rings by pitch:

* ``All+90`` and ``All-90``: the poles, every heading;
* the ±60 rings: six 60°-wide cells each, centred on 030, 090, 150, 210, 270, 330
  (see docs/rulings.md, "The ±60 cells");
* the ±30 rings: twelve 30°-wide cells each on the "normal" headings 000, 030, … 330;
* the 00 ring: twelve cells on the "offset" headings 015, 045, … 345, covering pitch −15°
  to +15°.

A :class:`Cell` is a value object.  ``Cell.parse`` accepts the rulebook's spellings and
``str(cell)`` writes the canonical one (``030+30``, ``015+00``, ``090-60``, ``All+90``), which
parses back to the same cell.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

PITCH_RINGS_DEG: Final = (90, 60, 30, 0, -30, -60, -90)
"""The seven pitch rings, top to bottom."""

SIXTY_HEADINGS_DEG: Final = (30, 90, 150, 210, 270, 330)
"""Centre headings of the six ±60 cells (each spans ±30° about its centre)."""

NORMAL_HEADINGS_DEG: Final = tuple(range(0, 360, 30))
"""The twelve "normal" headings of the ±30 rings."""

OFFSET_HEADINGS_DEG: Final = tuple(range(15, 360, 30))
"""The twelve "offset" headings of the 00 ring."""

_MINUS_SIGNS = "-\u2013\u2014\u2212"  # hyphen, en dash, em dash, minus sign
_CELL_RE = re.compile(
    rf"""^\s*
    (?P<heading>all|\d{{1,3}})\s*
    (?P<expanded>e)?\s*
    (?P<sign>[+{_MINUS_SIGNS}±])\s*
    (?P<pitch>\d{{1,2}})
    \s*$""",
    re.IGNORECASE | re.VERBOSE,
)


class InvalidCell(ValueError):
    """A string or (heading, pitch) pair that names no PHAD cell."""


def headings_for_ring(pitch_deg: int) -> tuple[int, ...]:
    """Headings of the cells in one pitch ring (empty tuple for the poles)."""
    if abs(pitch_deg) == 90:
        return ()
    if abs(pitch_deg) == 60:
        return SIXTY_HEADINGS_DEG
    if abs(pitch_deg) == 30:
        return NORMAL_HEADINGS_DEG
    if pitch_deg == 0:
        return OFFSET_HEADINGS_DEG
    raise InvalidCell(f"no PHAD pitch ring at {pitch_deg:+d}; rings are {_rings_text()}")


def headings_covering(
    pitch_deg: int, heading_deg: float, tolerance_deg: float = 1e-9
) -> tuple[int, ...]:
    """Headings of the cells in ring ``pitch_deg`` whose wedge holds ``heading_deg``.

    Wedges are closed: 15° either side of the cell's heading in the 00 and ±30 rings, 30°
    either side in the ±60 rings.  A heading on the border of two wedges (within
    ``tolerance_deg``) is in both; they are listed counter-clockwise cell first.  The poles
    have no heading: the answer is ``()``.
    """
    half_width = 30.0 if abs(pitch_deg) == 60 else 15.0
    hits: list[tuple[float, int]] = []
    for heading in headings_for_ring(pitch_deg):
        clockwise_of_centre = (heading_deg - heading + 180.0) % 360.0 - 180.0
        if abs(clockwise_of_centre) <= half_width + tolerance_deg:
            hits.append((clockwise_of_centre, heading))
    hits.sort(reverse=True)
    return tuple(heading for _, heading in hits)


def _rings_text() -> str:
    return ", ".join(f"{p:+03d}" for p in PITCH_RINGS_DEG)


def _valid_cells_hint(pitch_deg: int) -> str:
    if abs(pitch_deg) == 90:
        return f"the {pitch_deg:+d} ring has one cell, written All{pitch_deg:+d}"
    headings = ", ".join(f"{h:03d}" for h in headings_for_ring(pitch_deg))
    label = f"{pitch_deg:+03d}" if pitch_deg else "00"
    hint = f"cells of the {label} ring are on headings {headings}"
    if abs(pitch_deg) == 60:
        hint += " (each spans 60°; see docs/rulings.md)"
    return hint


@dataclass(frozen=True, slots=True)
class Cell:
    """One PHAD cell: a pitch ring and, except at the poles, a heading.

    ``heading_deg`` is ``None`` for ``All+90`` and ``All-90``.
    """

    pitch_deg: int
    heading_deg: int | None

    def __post_init__(self) -> None:
        if self.pitch_deg not in PITCH_RINGS_DEG:
            raise InvalidCell(
                f"no PHAD pitch ring at {self.pitch_deg:+d}; rings are {_rings_text()}"
            )
        if abs(self.pitch_deg) == 90:
            if self.heading_deg is not None:
                raise InvalidCell(
                    f"the {self.pitch_deg:+d} cell has no heading: write All{self.pitch_deg:+d}"
                )
            return
        if self.heading_deg not in headings_for_ring(self.pitch_deg):
            heading = (
                "no heading" if self.heading_deg is None else f"heading {self.heading_deg:03d}"
            )
            raise InvalidCell(
                f"no PHAD cell at {heading} in the {self.pitch_deg:+03d} ring; "
                f"{_valid_cells_hint(self.pitch_deg)}"
            )

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Read a cell in the rulebook's notation.

        Accepts ``030+30``, ``045 +00``, ``090–30`` (en dash), ``330E-60``, ``All-90``,
        ``all +90``.  The ``E`` ("expanded") suffix is allowed on ±60 cells only.
        """
        match = _CELL_RE.match(text)
        if match is None:
            raise InvalidCell(
                f"{text!r} is not a PHAD cell; write HEADING then signed PITCH, "
                "e.g. 030+30, 015+00, 090-60, All+90"
            )
        sign = -1 if match["sign"] in _MINUS_SIGNS else 1
        pitch_deg = sign * int(match["pitch"])
        if pitch_deg not in PITCH_RINGS_DEG and -pitch_deg not in PITCH_RINGS_DEG:
            raise InvalidCell(
                f"{text!r}: no PHAD pitch ring at {pitch_deg:+d}; rings are {_rings_text()}"
            )
        if match["sign"] == "±" and pitch_deg != 0:
            raise InvalidCell(f"{text!r}: '±' is only meaningful for the 00 ring")
        heading_text = match["heading"].lower()
        if abs(pitch_deg) == 90:
            if heading_text != "all":
                raise InvalidCell(f"{text!r}: the {pitch_deg:+d} cell is written All{pitch_deg:+d}")
            return cls(pitch_deg, None)
        if heading_text == "all":
            raise InvalidCell(
                f"{text!r}: 'All' is only used for the ±90 cells; {_valid_cells_hint(pitch_deg)}"
            )
        if match["expanded"] and abs(pitch_deg) != 60:
            raise InvalidCell(f"{text!r}: the 'E' (expanded) mark belongs to ±60 cells only")
        heading_deg = int(heading_text)
        if heading_deg not in headings_for_ring(pitch_deg):
            raise InvalidCell(f"{text!r} is not a PHAD cell; {_valid_cells_hint(pitch_deg)}")
        return cls(pitch_deg, heading_deg)

    def __str__(self) -> str:
        if self.heading_deg is None:
            return f"All{self.pitch_deg:+d}"
        if self.pitch_deg == 0:
            return f"{self.heading_deg:03d}+00"
        return f"{self.heading_deg:03d}{self.pitch_deg:+03d}"

    def __repr__(self) -> str:
        return f"Cell.parse({str(self)!r})"

    @property
    def ring(self) -> int:
        """Ring index counted from the top: 0 for All+90 … 6 for All-90."""
        return PITCH_RINGS_DEG.index(self.pitch_deg)

    @property
    def is_positive(self) -> bool:
        """True at or above the horizon (the rulebook circles these marks)."""
        return self.pitch_deg >= 0

    @property
    def heading_span_deg(self) -> tuple[float, float] | None:
        """(from, to) headings this cell covers, clockwise; None at the poles."""
        if self.heading_deg is None:
            return None
        half = 30 if abs(self.pitch_deg) == 60 else 15
        return ((self.heading_deg - half) % 360, (self.heading_deg + half) % 360)

    @property
    def pitch_span_deg(self) -> tuple[float, float]:
        """(lowest, highest) pitch the cell covers; ring borders sit at ±15, ±45, ±75."""
        centre = self.pitch_deg
        if centre == 90:
            return (75.0, 90.0)
        if centre == -90:
            return (-90.0, -75.0)
        return (centre - 15.0, centre + 15.0)

    @property
    def half_width_deg(self) -> float:
        """Angular radius of the cell: the largest angle from its centre to its border."""
        low, high = self.pitch_span_deg
        if self.heading_deg is None:
            return 90.0 - abs(low if self.pitch_deg > 0 else high)
        half_heading = 30.0 if abs(self.pitch_deg) == 60 else 15.0
        centre = _direction(self.heading_deg, self.pitch_deg)
        corners = (_direction(self.heading_deg + half_heading, pitch) for pitch in (low, high))
        return max(
            math.degrees(math.acos(min(1.0, sum(a * b for a, b in zip(centre, c, strict=True)))))
            for c in corners
        )

    def unit_vector(self) -> tuple[float, float, float]:
        """Direction of the cell's centre in the world frame (x east, y north, z up)."""
        if self.heading_deg is None:
            return (0.0, 0.0, 1.0 if self.pitch_deg > 0 else -1.0)
        return _direction(self.heading_deg, self.pitch_deg)

    def antipode(self) -> Cell:
        """The opposite direction (the reciprocal of a bearing)."""
        if self.heading_deg is None:
            return Cell(-self.pitch_deg, None)
        return Cell(-self.pitch_deg, (self.heading_deg + 180) % 360)


def _direction(heading_deg: float, pitch_deg: float) -> tuple[float, float, float]:
    """Unit vector for a heading (clockwise from north) and pitch, x east, y north, z up."""
    heading = math.radians(heading_deg)
    pitch = math.radians(pitch_deg)
    return (
        math.cos(pitch) * math.sin(heading),
        math.cos(pitch) * math.cos(heading),
        math.sin(pitch),
    )


def all_cells() -> tuple[Cell, ...]:
    """The 50 PHAD cells, top ring first, clockwise from north within a ring."""
    cells: list[Cell] = []
    for pitch_deg in PITCH_RINGS_DEG:
        if abs(pitch_deg) == 90:
            cells.append(Cell(pitch_deg, None))
        else:
            cells.extend(Cell(pitch_deg, h) for h in headings_for_ring(pitch_deg))
    return tuple(cells)


ALL_CELLS: Final = all_cells()


def cell_of(direction: tuple[float, float, float]) -> Cell:
    """The PHAD cell holding a world direction (x east, y north, z up; any length).

    Rings split at pitch ±15, ±45 and ±75°; within a ring the wedge is the one whose centre
    heading is nearest (a direction on a border goes to the clockwise cell).  This is a
    display reading of a continuous direction, with no hexes or altitude steps: the rules'
    own bearing is :func:`engine.bearing.shoot_bearing`.
    """
    x, y, z = direction
    horizontal = math.hypot(x, y)
    if horizontal == 0.0 and z == 0.0:
        raise InvalidCell("a zero vector has no direction, so no PHAD cell")
    pitch = math.degrees(math.atan2(z, horizontal))
    ring = next(r for r in PITCH_RINGS_DEG if pitch >= r - 15.0) if pitch > -75.0 else -90
    if abs(ring) == 90:
        return Cell(ring, None)
    heading = math.degrees(math.atan2(x, y)) % 360.0
    centres = headings_for_ring(ring)

    def off_centre(centre: int) -> tuple[float, float]:  # ties go clockwise
        return (abs((heading - centre + 180.0) % 360.0 - 180.0), -((heading - centre) % 360.0))

    best = min(centres, key=off_centre)
    return Cell(ring, best)


CellLike = Cell | str
"""A cell, or its rulebook spelling."""


def as_cell(value: CellLike) -> Cell:
    """``value`` as a :class:`Cell`, parsing it when it is a string."""
    if isinstance(value, Cell):
        return value
    if isinstance(value, str):
        return Cell.parse(value)
    raise InvalidCell(f"{value!r} is not a PHAD cell or cell text")
