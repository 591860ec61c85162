"""Basic-game initiative (§5.0–§5.2): the Precedence Listing (список приоритета).

Every aircraft is ranked by altitude plus speed as its display shows them now, the highest
first; aircraft that tie roll a die, the highest roll first (the die is not named: a d6,
re-rolled among those still tied, docs/rulings.md "Initiative roll-offs").  The initiative
counters are then laid out off the map in that order, the order of the Move Phases (§5.2).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.dice import Dice

RULE = "§5.1"


def precedence(
    dice: Dice, altitude_speed: Mapping[str, tuple[int, int]]
) -> tuple[list[str], dict[str, int]]:
    """The Precedence Listing of ``altitude_speed`` (id → (altitude, speed)), and each
    aircraft's sum."""
    sums = {pid: alt + speed for pid, (alt, speed) in altitude_speed.items()}
    order: list[str] = []
    for total in sorted(set(sums.values()), reverse=True):
        tied = sorted(pid for pid, value in sums.items() if value == total)
        order.extend(_roll_off(dice, tied, total) if len(tied) > 1 else tied)
    return order, sums


def _roll_off(dice: Dice, tied: list[str], total: int, round_number: int = 1) -> list[str]:
    rolls = {
        pid: dice.d6(f"initiative roll-off, {pid}, sum {total}, roll {round_number} ({RULE})")
        for pid in tied
    }
    ranked: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        group = sorted(pid for pid, value in rolls.items() if value == face)
        ranked.extend(_roll_off(dice, group, total, round_number + 1) if len(group) > 1 else group)
    return ranked
