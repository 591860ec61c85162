"""Range and bearings between two positions (rulebook, "Range" and "Bearings").

Range ("Range"): ``H`` is the horizontal range in hexes and ``V`` the vertical separation
in 200 ft steps.  The slant range is ``H`` when ``V <= H`` and ``(H + V) / 2`` otherwise,
rounded by the rulebook's general rule (a half rounds up).

A bearing ("Bearings") names the PHAD cell that points from one position to another:

* "Bearing Pitch Ring" -- within 8 hexes and 16 steps the ring is read off the 3D Movement
  diagram (:mod:`engine.move_diagram`), which takes precedence; farther out it comes from
  comparing ``H`` and ``V``: 00 if ``H >= 2V``, else 30 if ``5H >= 3V``, else 60 if
  ``7H >= V``, else 90.  Positive when the end is higher than the start and negative when
  it is lower.
* "Bearing Heading" -- the map direction from the start hex centre to the end hex centre is
  snapped to the headings the ring has: the offset headings (015, 045, ...) in the 00 ring,
  the normal headings (000, 030, ...) in the +-30 rings, the six 60-degree cells (030, 090,
  ...) in the +-60 rings, and no heading at all (``All``) in the +-90 rings.
* "Ambiguity" -- when the line lies exactly on a border between two cells the shooter may
  use either.  A border is met when a wedge border cuts the diagram's dot, or, off the
  diagram, when one of the pitch comparisons holds with equality (``H == 2V``,
  ``5H == 3V`` or ``7H == V`` with ``V > 0``), or when the map direction falls exactly on
  the edge between two heading wedges.  :func:`shoot_bearing` then reports every
  cell the line touches, the one the formula picks first.
* "Look the other way" -- the reciprocal bearing, from the end back to the start, is the
  opposite cell (:meth:`Cell.antipode`).  When a bearing is ambiguous the target picks its
  reciprocal independently of the shooter's choice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from engine import move_diagram
from engine.hexmap import Position, normalise_heading_deg
from engine.phad.cells import Cell, headings_covering, headings_for_ring

HEADING_TOLERANCE_DEG: Final = 1e-9
"""A map direction this close to a wedge border counts as lying on it."""


class NoBearing(ValueError):
    """The two positions coincide (same hex, same altitude), so there is no direction."""


class AmbiguousBearing(ValueError):
    """A single cell was asked of a bearing that lies on a border between cells."""


def horizontal_range_hexes(a: Position, b: Position) -> int:
    """``H``: hexes from ``a`` to ``b`` ("Range")."""
    return a.hex.distance_to(b.hex)


def vertical_separation_steps(a: Position, b: Position) -> int:
    """``V``: altitude difference between ``a`` and ``b`` in 200 ft steps, never negative."""
    return abs(b.alt_steps - a.alt_steps)


def slant_range_exact_fp(a: Position, b: Position) -> float:
    """Slant range before rounding ("Range"): ``H`` if ``V <= H``, else ``(H + V) / 2``."""
    h = horizontal_range_hexes(a, b)
    v = vertical_separation_steps(a, b)
    return float(h) if v <= h else (h + v) / 2.0


def slant_range_fp(a: Position, b: Position) -> int:
    """Slant range ("Range"), with a half rounded up as the rulebook rounds everywhere.

    ``(H + V) / 2`` is a whole number or a half, so half-up rounding is ``(H + V + 1) // 2``.
    """
    h = horizontal_range_hexes(a, b)
    v = vertical_separation_steps(a, b)
    return h if v <= h else (h + v + 1) // 2


def pitch_ring_candidates(h_hexes: int, v_steps_signed: int) -> tuple[int, ...]:
    """Pitch rings a bearing may use ("Bearing Pitch Ring", "Ambiguity"), the first one
    preferred: the 3D Movement diagram's colours at its dot within 8 hexes and 16 steps
    (:func:`engine.move_diagram.dot_pitch_rings`), the formulas beyond
    (:func:`formula_pitch_ring_candidates`).  Raises :class:`NoBearing` for ``H == V == 0``.
    """
    if h_hexes < 0:
        raise ValueError(f"horizontal range cannot be negative, got {h_hexes}")
    if h_hexes == 0 and v_steps_signed == 0:
        raise NoBearing("no bearing: the two positions are in the same hex at the same altitude")
    if move_diagram.covers(h_hexes, v_steps_signed):
        return move_diagram.dot_pitch_rings(h_hexes, v_steps_signed)
    return formula_pitch_ring_candidates(h_hexes, v_steps_signed)


def formula_pitch_ring_candidates(h_hexes: int, v_steps_signed: int) -> tuple[int, ...]:
    """Pitch rings by the formulas of "Bearing Pitch Ring" (and "Ambiguity"), the rule
    beyond the 3D Movement diagram.

    ``v_steps_signed`` is the end's altitude minus the start's, in steps.  Normally one
    ring is returned.  When a comparison of the formula holds with equality the line runs
    along the border of two rings and both are returned, the formula's own ring first:

    * ``H == 2V``: 00, then 30;
    * ``5H == 3V``: 30, then 60;
    * ``7H == V``: 60, then 90;

    each with the sign of ``v_steps_signed``.  Raises :class:`NoBearing` for ``H == V == 0``.
    """
    if h_hexes < 0:
        raise ValueError(f"horizontal range cannot be negative, got {h_hexes}")
    v = abs(v_steps_signed)
    if h_hexes == 0 and v == 0:
        raise NoBearing("no bearing: the two positions are in the same hex at the same altitude")
    if v == 0:
        return (0,)
    sign = 1 if v_steps_signed > 0 else -1
    h = h_hexes
    if h >= 2 * v:
        rings = (0, 30) if h == 2 * v else (0,)
    elif 5 * h >= 3 * v:
        rings = (30, 60) if 5 * h == 3 * v else (30,)
    elif 7 * h >= v:
        rings = (60, 90) if 7 * h == v else (60,)
    else:
        rings = (90,)
    return tuple(sign * ring for ring in rings)


def heading_candidates(pitch_deg: int, map_heading_deg: float | None) -> tuple[int | None, ...]:
    """Cell headings in ring ``pitch_deg`` that cover ``map_heading_deg`` ("Bearing Heading").

    Each cell covers a closed wedge about its heading: 15 degrees either side in the 00 and
    +-30 rings, 30 degrees either side in the +-60 rings.  A direction inside one wedge gives
    one heading; a direction on the edge of two wedges (within
    :data:`HEADING_TOLERANCE_DEG`) gives both, the counter-clockwise cell first (due north in
    the 00 ring gives 345, then 015).  The +-90 rings have no heading: the answer is
    ``(None,)`` and ``map_heading_deg`` is ignored (it may be ``None``).
    """
    headings = headings_for_ring(pitch_deg)
    if not headings:
        return (None,)
    if map_heading_deg is None or not math.isfinite(map_heading_deg):
        ring = f"{pitch_deg:+03d}" if pitch_deg else "00"
        raise ValueError(f"the {ring} ring needs a finite map heading, got {map_heading_deg!r}")
    return headings_covering(
        pitch_deg, normalise_heading_deg(map_heading_deg), HEADING_TOLERANCE_DEG
    )


@dataclass(frozen=True)
class Bearing:
    """A bearing shot from ``start`` to ``end`` ("Bearings").

    ``v_steps`` is signed (end altitude minus start altitude).  ``map_heading_deg`` is the
    map direction between the hex centres, ``None`` when both are in the same hex.
    ``candidates`` holds every cell the line may be read as, the formula's choice first;
    ``reciprocal_candidates`` holds their opposites in the same order ("Look the other
    way"), from which the target chooses on its own.
    """

    start: Position
    end: Position
    h_hexes: int
    v_steps: int
    slant_range_fp: int
    map_heading_deg: float | None
    candidates: tuple[Cell, ...]
    reciprocal_candidates: tuple[Cell, ...]

    @property
    def is_ambiguous(self) -> bool:
        """True when the line lies on a cell border and there is a choice ("Ambiguity")."""
        return len(self.candidates) > 1

    @property
    def cell(self) -> Cell:
        """The bearing cell; raises :class:`AmbiguousBearing` when there is a choice."""
        if self.is_ambiguous:
            options = ", ".join(str(c) for c in self.candidates)
            raise AmbiguousBearing(
                f"the bearing from {self.start} to {self.end} lies on a cell border; "
                f"pick one of the candidates: {options}"
            )
        return self.candidates[0]


@lru_cache(maxsize=8192)
def shoot_bearing(start: Position, end: Position) -> Bearing:
    """Shoot a bearing from ``start`` to ``end`` ("Bearings").

    Kept in a cache: a turn's phases shoot the same bearings between the same positions
    many times (sighting, fixes, sensors, guns, missiles).

    Candidates are every pairing of a possible pitch ring with a possible heading in that
    ring, rings in the order :func:`pitch_ring_candidates` gives and headings in the order
    :func:`heading_candidates` gives.  Raises :class:`NoBearing` when the positions coincide.
    """
    h = horizontal_range_hexes(start, end)
    v = end.alt_steps - start.alt_steps
    if h == 0 and v == 0:
        raise NoBearing(
            f"no bearing from {start} to {end}: both are in the same hex at the same altitude"
        )
    map_heading = None if h == 0 else start.hex.heading_to_deg(end.hex)
    candidates = tuple(
        Cell(ring, heading)
        for ring in pitch_ring_candidates(h, v)
        for heading in heading_candidates(ring, map_heading)
    )
    return Bearing(
        start=start,
        end=end,
        h_hexes=h,
        v_steps=v,
        slant_range_fp=slant_range_fp(start, end),
        map_heading_deg=map_heading,
        candidates=candidates,
        reciprocal_candidates=tuple(cell.antipode() for cell in candidates),
    )
