"""furball's scale for the hex jet game keeps the seed's relations true (ruling H6)."""

from __future__ import annotations

import math

from engine.atmosphere import mach_number
from models.hexjet.common import (
    FT_S_PER_SPEED,
    HEX_FT,
    KT_PER_FT_S,
    LEVEL_FT,
    MAX_LEVEL_CHANGE,
    STALL_SPEED,
    SUPERSONIC_SPEED,
    TURN_S,
)


def test_speed_at_least_the_levels_keeps_climbs_at_45_degrees_or_less() -> None:
    """§6.6.4.2.1 allows up to ``speed`` levels on ``speed`` hexes of ground: at most 45°."""
    steepest = max(
        math.degrees(math.atan2(levels * LEVEL_FT, speed * HEX_FT))
        for speed in range(STALL_SPEED, 20)
        for levels in range(0, min(speed, MAX_LEVEL_CHANGE) + 1)
    )
    assert steepest == 45.0


def test_speed_ten_is_near_mach_one_over_the_basic_games_altitudes() -> None:
    for altitude_ft in (0.0, 15_000.0):
        ten = mach_number(SUPERSONIC_SPEED * FT_S_PER_SPEED * KT_PER_FT_S, altitude_ft)
        nine = mach_number((SUPERSONIC_SPEED - 1) * FT_S_PER_SPEED * KT_PER_FT_S, altitude_ft)
        assert 0.85 < ten < 1.0
        assert nine < ten - 0.08


def test_a_turn_is_ten_seconds_and_six_levels_a_fighters_best_climb() -> None:
    assert TURN_S == 10.0
    assert MAX_LEVEL_CHANGE * LEVEL_FT / TURN_S * 60 == 36_000
