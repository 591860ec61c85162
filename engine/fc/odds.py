"""The odds of a Fighter Command shot: the chance that the weapons dice reach the target
(§Weapons Fire), for a pilot deciding whether a shot is worth the ammunition."""

from __future__ import annotations

from functools import cache


@cache
def sum_distribution(dice: int) -> tuple[float, ...]:
    """P(total = t) for t = 0 … 6 × ``dice`` of ``dice`` D6 (index t)."""
    chances = [1.0]
    for _ in range(dice):
        grown = [0.0] * (len(chances) + 6)
        for total, chance in enumerate(chances):
            for face in range(1, 7):
                grown[total + face] += chance / 6.0
        chances = grown
    return tuple(chances)


def reach_chance(dice: int, modifier_ft: float, distance_lawn_ft: float) -> float:
    """The chance that ``dice`` D6 plus ``modifier_ft`` reach ``distance_lawn_ft`` (a hit
    when the target lies within the reach, §Weapons Fire)."""
    if dice <= 0:
        return 0.0
    need = distance_lawn_ft - modifier_ft
    return sum(chance for total, chance in enumerate(sum_distribution(dice)) if total >= need)
