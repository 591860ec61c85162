"""The rulebook's rounding conventions ("Rounding").

Whole numbers round to the nearest, a half going up; speeds and speed changes round to the
nearest 5 kt; loads, Average Load and Turn-G round to the nearest 0.5 g.  The rulebook only
gives positive examples.  We round halves away from zero so that a climb and an equal dive,
or a gain and an equal loss, round to the same size (−12.5 kt → −15 kt).

Values computed in floating point can land a hair below a half (7.2499999999 for 7.25); a
tolerance of 10⁻⁹ of a step treats those as the half they stand for.
"""

from __future__ import annotations

import math
from typing import Final

_TOLERANCE: Final = 1e-9
SPEED_STEP_KT: Final = 5
LOAD_STEP_G: Final = 0.5


def _steps(x: float, step: float) -> int:
    """Signed number of ``step``\\ s nearest to ``x``, halves away from zero."""
    if not math.isfinite(x):
        raise ValueError(f"cannot round {x!r}")
    count = math.floor(abs(x) / step + 0.5 + _TOLERANCE)
    return -count if x < 0 else count


def round_half_up(x: float) -> int:
    """Nearest whole number; 0.50 or more rounds up, 0.49 or less down ("Rounding")."""
    return _steps(x, 1.0)


def round_speed_kt(x: float) -> int:
    """Nearest multiple of 5 kt: 12.5 → 15, 12.4 → 10, −12.5 → −15 ("Rounding")."""
    return SPEED_STEP_KT * _steps(x, SPEED_STEP_KT)


def round_load_g(x: float) -> float:
    """Nearest multiple of 0.5 g: 7.25 → 7.5, 7.24 → 7.0 ("Rounding")."""
    return LOAD_STEP_G * _steps(x, LOAD_STEP_G) + 0.0  # + 0.0 turns −0.0 into 0.0
