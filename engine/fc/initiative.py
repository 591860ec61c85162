"""Initiative and the order the sides move in (§Initiative, §Movement).

After plotting, each side's Flight Leader rolls 1D6; the highest wins and chooses whether
his side moves first.  Ties are rolled again (docs/rulings.md "Initiative ties").  A small
game moves one side's aircraft, then the other's; from eight aircraft on the field each
side moves in two sections that alternate with the enemy's, the winner choosing which of
his sections goes first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.dice import Dice

RULE = "§Initiative"
SECTIONS_FROM_AIRCRAFT = 8
"""From this many aircraft on the field the sides move by sections (§Movement)."""


@dataclass(frozen=True, slots=True)
class Initiative:
    """Who won, what each leader rolled (the last round of rolls), and who moves first."""

    winner: str
    rolls: tuple[tuple[str, int], ...]
    first: str


def _purpose(side: str, leader: str, round_number: int) -> str:
    return f"initiative, {side}'s Flight Leader {leader}, roll {round_number} ({RULE})"


def roll_initiative(
    dice: Dice, leaders: Mapping[str, str]
) -> tuple[str, tuple[tuple[str, int], ...]]:
    """The side whose Flight Leader rolls highest (``leaders``: side → leader id), re-rolling
    ties among the tied, and the deciding rolls."""
    sides = sorted(leaders)
    round_number = 1
    while True:
        rolls = tuple(
            (side, dice.d6(_purpose(side, leaders[side], round_number))) for side in sides
        )
        best = max(face for _, face in rolls)
        top = [side for side, face in rolls if face == best]
        if len(top) == 1:
            return top[0], rolls
        sides = top
        round_number += 1


def movement_groups(
    first: str,
    sides: Sequence[str],
    halves: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]],
    on_field: int,
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The groups that move in turn, each (side, aircraft ids): whole sides in a small game,
    sections alternating from :data:`SECTIONS_FROM_AIRCRAFT` aircraft (§Movement)."""
    order = [first, *[side for side in sides if side != first]]
    if on_field < SECTIONS_FROM_AIRCRAFT:
        return tuple((side, halves[side][0] + halves[side][1]) for side in order)
    groups: list[tuple[str, tuple[str, ...]]] = []
    for half in (0, 1):
        groups.extend((side, halves[side][half]) for side in order if halves[side][half])
    return tuple(groups)
