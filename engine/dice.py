"""Dice: d10 and Pips Table rolls, every one recorded (rulebook, "Dice and Probability").

A d10 reads 0–9 (zero is zero).  A Pips roll is a percentile roll (00–99) read down a column
of the Pips Table to the first threshold equal to or above it; the row is the result.  A
column of zero or less fails automatically (0 pips) and so does a modified roll of zero or
less; columns of 25 or more add column 24 and column (N − 24), both read from one roll.

All randomness comes from the game's seeded generator, or from a game log's recorded results
(:class:`Dice` takes them in order and checks each against the kind of roll asked for).
Every roll is kept in :attr:`Dice.rolls` with its purpose, so the timeline records them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol

import numpy as np

from models.bop_tables import tables_in_play
from models.bop_tables.pips import LARGEST_COLUMN as LARGEST_COLUMN
from models.bop_tables.pips import PIPS_TABLE_PATH as PIPS_TABLE_PATH
from models.bop_tables.pips import PipsTable as PipsTable
from models.bop_tables.pips import load_pips_table

RollKind = Literal["d10", "percentile", "d6", "chit"]
"""The kinds of roll: Birds of Prey's d10 (0–9) and percentile (00–99), the d6 (1–6) of
the other rule systems, and a chit drawn from a cup (its number in the cup's mix, from 1)."""
FACES: dict[str, tuple[int, int]] = {
    "d10": (0, 9),
    "percentile": (0, 99),
    "d6": (1, 6),
    "chit": (1, 999),
}
"""Each kind of roll's lowest and highest face (a chit's highest is the cup's size, checked
when it is drawn)."""


@dataclass(frozen=True, slots=True)
class Roll:
    """One die roll, as recorded."""

    kind: RollKind
    value: int | None
    """The die's face: 0–9 for a d10, 0–99 for a percentile roll, 1–6 for a d6; None when the rules
    decided without a roll (a Pips column of zero or less)."""
    purpose: str
    """What it was for, e.g. ``departure check, Red 1, turn 7``."""
    result: int | None = None
    """For a Pips roll, the pips read from the table."""
    column: int | None = None
    modifier: int = 0


class RollSource(Protocol):
    """Where a die's faces come from instead of the seeded generator (a what-if branch
    reuses its parent's rolls, :mod:`engine.whatif.dice`)."""

    def face(self, kind: RollKind, purpose: str, low: int, high: int) -> int:
        """The face (``low`` to ``high``) of a ``kind`` roll made for ``purpose``."""
        ...


class RecordedRollMismatch(ValueError):
    """A game log's next recorded roll is not of the kind the rules ask for."""


def game_seed(given: int | None, scenario_seed: int | None) -> int:
    """The seed a game plays with: the one given, else the scenario's, else a fresh one drawn
    from the machine's entropy (recorded in the timeline either way)."""
    chosen = given if given is not None else scenario_seed
    if chosen is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)
        chosen = entropy % (2**63)
    return chosen


def pips_table(path: Path | None = None) -> PipsTable:
    """The Pips Table in force (the shipped one), or the one in the file at ``path`` (a
    player may replace it with the printed one)."""
    return tables_in_play().pips if path is None else load_pips_table(path)


@dataclass
class Dice:
    """The game's dice: seeded, or replaying a log's recorded results, and recording all."""

    rng: np.random.Generator
    recorded: deque[tuple[RollKind, int]] = field(default_factory=deque)
    rolls: list[Roll] = field(default_factory=list)
    source: RollSource | None = None
    """Faces to use instead of :attr:`rng`'s; a game log's recorded results still come
    first."""
    listener: Callable[[Roll], None] | None = None
    """Told of every roll as it is made (the game clears :attr:`rolls` each game-turn)."""

    @classmethod
    def seeded(cls, seed: int, recorded: Iterable[tuple[RollKind, int]] = ()) -> Dice:
        return cls(np.random.default_rng(seed), deque(recorded))

    def _face(self, kind: RollKind, purpose: str) -> int:
        if self.recorded:
            logged_kind, value = self.recorded.popleft()
            if logged_kind != kind:
                raise RecordedRollMismatch(
                    f"the log's next roll is a {logged_kind}, but the rules ask for a {kind} "
                    f"({purpose})"
                )
            return value
        low, high = FACES[kind]
        return self._drawn(kind, purpose, low, high)

    def _drawn(self, kind: RollKind, purpose: str, low: int, high: int) -> int:
        if self.source is not None:
            return self.source.face(kind, purpose, low, high)
        return int(self.rng.integers(low, high + 1))

    def _record(self, roll: Roll) -> None:
        self.rolls.append(roll)
        if self.listener is not None:
            self.listener(roll)

    def d10(self, purpose: str) -> int:
        """Roll a d10 (0–9) for ``purpose``."""
        value = self._face("d10", purpose)
        self._record(Roll("d10", value, purpose))
        return value

    def d6(self, purpose: str) -> int:
        """Roll a d6 (1–6) for ``purpose``."""
        value = self._face("d6", purpose)
        self._record(Roll("d6", value, purpose))
        return value

    def chit(self, cup_size: int, purpose: str) -> int:
        """Draw one chit from a cup of ``cup_size`` (its number in the mix, 1…size; the cup
        is refilled after each draw) for ``purpose``."""
        if self.recorded:
            value = self._face("chit", purpose)
            if not 1 <= value <= cup_size:
                raise RecordedRollMismatch(
                    f"the log's chit {value} is not in a cup of {cup_size} ({purpose})"
                )
        else:
            value = self._drawn("chit", purpose, 1, cup_size)
        self._record(Roll("chit", value, purpose))
        return value

    def percentile(self, purpose: str) -> int:
        """Roll percentile dice (00–99) for ``purpose``."""
        value = self._face("percentile", purpose)
        self._record(Roll("percentile", value, purpose))
        return value

    def pips(self, column: int, purpose: str, modifier: int = 0) -> int:
        """A Pips roll in ``column``: one percentile roll, modified, read off the table.

        Column zero or less is an automatic failure and rolls nothing.
        """
        if column <= 0:
            self._record(Roll("percentile", None, purpose, 0, column, modifier))
            return 0
        value = self._face("percentile", purpose)
        result = pips_table().read(column, value + modifier)
        self._record(Roll("percentile", value, purpose, result, column, modifier))
        return result
