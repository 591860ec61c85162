"""Stores drag in drag points ("The Form + Stores Drag Table", Ap, SoP 11).

Each store an aircraft carries costs stores points (the ADC Stores section, per item at its
station).  The ADC's "Drag Pt. per Stores Pt." entry converts their total into drag points:
``+1 per 6.0`` gives one drag point for each full 6.0 stores points, fractions dropped, so
15 stores points give 2 drag points.  The drag points are added to the Form Drag value of
every Mach row alike.

The rulebook's drag values are read off a nomograph we replace with physics
(reference/physics.md): one drag point is :data:`CD0_PER_DRAG_POINT` of zero-lift drag
coefficient on the card's wing area (our reading, docs/rulings.md, "Stores drag points").

    >>> stores_drag_points(15.0, 6.0)
    2
    >>> drag_points_cd0(2)
    0.004
"""

from __future__ import annotations

import math
from typing import Final

CD0_PER_DRAG_POINT: Final = 0.002
"""C_D0 of one Form Drag point (ours: about a tenth of a clean fighter's C_D0)."""

_FULL_UNIT_TOLERANCE: Final = 1e-9
"""Stores points this close below a full unit count as reaching it (12.0 / 6.0 is 2)."""


def stores_drag_points(stores_points: float, stores_points_per_drag_point: float) -> int:
    """Drag points from ``stores_points`` at the ADC's "+1 per ``stores_points_per_drag_point``"
    ("The Form + Stores Drag Table": one drag point per full unit, fractions dropped)."""
    if stores_points < 0:
        raise ValueError(f"stores points cannot be negative, got {stores_points:g}")
    if stores_points_per_drag_point <= 0:
        per = stores_points_per_drag_point
        raise ValueError(f"the stores points per drag point must be positive, got {per:g}")
    return math.floor(stores_points / stores_points_per_drag_point + _FULL_UNIT_TOLERANCE)


def drag_points_cd0(drag_points: int) -> float:
    """The C_D0 increment of ``drag_points`` Form Drag points (docs/rulings.md)."""
    if drag_points < 0:
        raise ValueError(f"drag points cannot be negative, got {drag_points}")
    return round(drag_points * CD0_PER_DRAG_POINT, 12)
