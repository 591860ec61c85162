"""The Phantoms die: a d10 read 1–10, a face of 0 reading 10 (§2.0, "one die").

Each roll is made and recorded by :class:`engine.dice.Dice` as a ``d10`` (face 0–9), so a
game log records it as a d10 face; only the reading differs.
"""

from __future__ import annotations

from engine.dice import Dice


def d10(dice: Dice, purpose: str) -> int:
    """One d10 read 1–10."""
    face = dice.d10(purpose)
    return 10 if face == 0 else face


def d6(dice: Dice, purpose: str) -> int:
    return dice.d6(purpose)


def d4(dice: Dice, purpose: str) -> int:
    """A d4 (Coral Sea MiG Killers #1's MiG-21 count), thrown as a d10 until it shows 1–4
    (ours: the recorded d10 faces show every throw)."""
    while True:
        value = d10(dice, purpose)
        if value <= 4:
            return value
