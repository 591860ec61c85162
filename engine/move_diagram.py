"""The 3D Movement diagram, rebuilt from the rulebook's description ("Bearing Pitch Ring",
"Movement (Meta Steps Fm through Jm)"; the reading is docs/rulings.md, "The 3D Movement
diagram").

The diagram is a side view: the horizontal axis counts hexes (``H``), the vertical axis
altitude steps (``V``).  What the text tells and what we rebuild from it:

* **Cells.**  Counting one cell per FP must give the "Range" formula, ``H`` when
  ``V <= H`` else ``(H + V) / 2``.  That is the distance on a grid of flat-topped hexagons
  standing in columns, one column per hex of horizontal range and each cell two steps
  tall, the columns offset by one step.  So cell centres sit at the ``(H, V)`` with
  ``H + V`` even, and :func:`cell_range_fp` is the formula.
* **Dots.**  A dot marks each ``(H, V)`` a move may end on, "read up or down the row of
  cells" for ``H`` and along a dotted line for ``V``, one line per step.  The dots with
  ``H + V`` even are cell centres; the others lie on the flat edge between two cells of one
  column.  An edge dot touches both, one FP apart above the diagonal ``V = H``
  (:func:`dot_ranges_fp`).
* **Wedges.**  The coloured pitch wedges are drawn on regular hexagons at 15, 45 and 75
  degrees, the borders of the PHAD's rings.  On regular hexagons a column is 1.5 hexagon
  sides wide and a step half of sqrt(3) sides tall, so the borders run at
  ``V / H = sqrt(3) tan 15 = 0.46``, ``sqrt(3) = 1.73`` and ``sqrt(3) tan 75 = 6.46``: the
  small-number formulas ``H >= 2V``, ``5H >= 3V``, ``7H >= V`` of "Bearing Pitch Ring" are
  roundings of these, which is why the diagram takes precedence.
* **Dots on borders.**  A printed dot has a size: a wedge border passing within
  :data:`DOT_RADIUS_SIDES` of a dot's centre cuts it, and the dot is in both rings ("If a
  dot is cut by two colored pitch wedges", "Ambiguity").

The diagram covers ``H <= 8`` hexes and ``|V| <= 16`` steps (:func:`covers`); beyond it the
formulas apply.

    >>> dot_pitch_rings(1, 2)  # one FP in the +60 ring ends on the edge of a cell
    (60,)
    >>> dot_ranges_fp(1, 2)
    (1, 2)
    >>> dot_pitch_rings(7, 12)  # the formula says +60
    (30, 60)
"""

from __future__ import annotations

import math
from functools import cache
from typing import Final

H_LIMIT_HEXES: Final = 8
"""The diagram reaches 8 hexes of horizontal range ("Bearing Pitch Ring")."""
V_LIMIT_STEPS: Final = 16
"""The diagram reaches 16 steps of vertical separation ("Bearing Pitch Ring")."""

RING_BORDERS_DEG: Final = ((0, 15.0), (30, 45.0), (60, 75.0))
"""Each ring with the angle of its upper border on the drawing (the PHAD's ring borders)."""
DOT_RADIUS_SIDES: Final = 0.125
"""A dot's radius in hexagon sides (ours): small enough that most dots are clear of every
border, large enough that the four dots the formulas put on a border nearest the centre,
(2, 1), (4, 2), (3, 5) and (1, 7), touch one on the drawing too (docs/rulings.md)."""

_X_SIDES_PER_HEX: Final = 1.5
_Y_SIDES_PER_STEP: Final = math.sqrt(3.0) / 2.0


def covers(h_hexes: int, v_steps: int) -> bool:
    """True when the diagram, not the formulas, decides ``(H, V)`` ("Bearing Pitch Ring":
    8 hexes or less and 16 steps or less)."""
    return 0 <= h_hexes <= H_LIMIT_HEXES and abs(v_steps) <= V_LIMIT_STEPS


def is_cell_centre(h_hexes: int, v_steps: int) -> bool:
    """True for a dot at a cell centre; the other dots lie on the edge between two cells."""
    return (h_hexes + v_steps) % 2 == 0


def cell_range_fp(h_hexes: int, v_steps: int) -> int:
    """Cells counted from the centre cell to the cell centred on ``(H, V)`` ("Range")."""
    if not is_cell_centre(h_hexes, v_steps):
        raise ValueError(f"no cell is centred on H {h_hexes}, V {v_steps:+d}")
    v = abs(v_steps)
    return h_hexes if v <= h_hexes else (h_hexes + v) // 2


def dot_ranges_fp(h_hexes: int, v_steps: int) -> tuple[int, ...]:
    """The FP counts whose cells the dot at ``(H, V)`` belongs to, nearest first: its own
    cell for a centre dot, the two cells it lies between for an edge dot (Fm: a dot touching
    the counted cell may end the move)."""
    _check(h_hexes, v_steps)
    if is_cell_centre(h_hexes, v_steps):
        return (cell_range_fp(h_hexes, v_steps),)
    below = cell_range_fp(h_hexes, v_steps - 1)
    above = cell_range_fp(h_hexes, v_steps + 1)
    return tuple(sorted({below, above}))


def dot_angle_deg(h_hexes: int, v_steps: int) -> float:
    """The dot's elevation from the centre cell as drawn (0 level, 90 straight up)."""
    return math.degrees(math.atan2(abs(v_steps) * _Y_SIDES_PER_STEP, h_hexes * _X_SIDES_PER_HEX))


@cache
def dot_pitch_rings(h_hexes: int, v_steps: int) -> tuple[int, ...]:
    """The pitch rings coloured at the dot ``(H, V)``, signed like ``V`` (00 unsigned): the
    ring of the wedge holding its centre first, then a ring whose wedge border cuts the dot
    ("Bearing Pitch Ring", "Ambiguity")."""
    _check(h_hexes, v_steps)
    if h_hexes == 0 and v_steps == 0:
        raise ValueError("the centre cell's own dot has no pitch ring")
    x = h_hexes * _X_SIDES_PER_HEX
    y = abs(v_steps) * _Y_SIDES_PER_STEP
    angle = dot_angle_deg(h_hexes, v_steps)
    own = next((ring for ring, border in RING_BORDERS_DEG if angle < border), 90)
    rings = [own]
    for ring, border in RING_BORDERS_DEG:
        theta = math.radians(border)
        if abs(x * math.sin(theta) - y * math.cos(theta)) <= DOT_RADIUS_SIDES:
            rings.extend(r for r in (ring, ring + 30 if ring < 60 else 90) if r not in rings)
    sign = -1 if v_steps < 0 else 1
    return tuple(sign * ring for ring in rings)


def _check(h_hexes: int, v_steps: int) -> None:
    if not covers(h_hexes, v_steps):
        raise ValueError(
            f"H {h_hexes}, V {v_steps:+d} is off the 3D Movement diagram "
            f"(0-{H_LIMIT_HEXES} hexes, up to {V_LIMIT_STEPS} steps)"
        )
