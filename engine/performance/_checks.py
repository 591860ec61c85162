"""Argument checks shared by the performance modules: bad input is a ValueError that says
what would be valid."""

from __future__ import annotations

from typing import Final

MAX_SPEED_KT: Final = 1000
"""Speeds cannot rise above 1000 kt nor fall below 0 ("Speed, KEAS & Mach")."""


def check_speed_kt(speed_kt: float) -> None:
    """Speeds run from 0 to 1000 kt."""
    if not 0 <= speed_kt <= MAX_SPEED_KT:
        raise ValueError(f"speed {speed_kt:g} kt is outside 0 … {MAX_SPEED_KT} kt")


def check_weight_lb(weight_lb: float) -> None:
    """Weights are positive."""
    if not weight_lb > 0:
        raise ValueError(f"weight {weight_lb:g} lb must be positive")
