"""The body diamond as the tables see it: the reachable ``[AoN, AoC]`` squares ("Aspect")."""

from __future__ import annotations

from typing import Final, Protocol

from models.aircraft import BODY_DIAMOND_ROWS

BODY_DIAMOND_SQUARES: Final = frozenset(
    (aon, aoc) for aoc, aons in BODY_DIAMOND_ROWS.items() for aon in aons
)
"""The 28 ``(AoN, AoC)`` squares (the same set as ``engine.phad.angles.BODY_DIAMOND``)."""


class BodySquare(Protocol):
    """A square of the body diamond, as the engine's ``Aspect`` gives it."""

    @property
    def aon(self) -> int: ...

    @property
    def aoc(self) -> int: ...
