"""The damage chits of Over the Lines and the Critical Hits table (§Critical Hits,
§Wing and Fuselage Hits, §Misses).

A hit on the Gunfire Chart is paid in damage chits drawn from a cup.  The rulebook never
says how many of each chit the cup holds; ``data/chits.toml`` is furball's reconstruction,
one numbered chit per value of the table's d100 column plus one each of the six chits the
column leaves out (106 in all).  A club without chits rolls the d100 column instead, and
then those six never come up.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems

CHITS_PATH = Path(__file__).resolve().parent / "data" / "chits.toml"
"""The shipped chit mix."""
D100_FACES = 100
"""The percentile column runs 01…00, with 00 read as 100."""
ChitKind = Literal["wing", "fuselage", "miss", "critical", "wound"]


class Chit(DataModel):
    """One kind of damage chit and how many of it are in the cup."""

    key: str = Field(pattern=r"^[a-z0-9_]+$")
    """The chit's key; a critical's key is what ``PlaneState.crits`` records."""
    name: str = Field(min_length=1)
    """As printed on the Critical Hits table."""
    kind: ChitKind
    damage: int = Field(default=0, ge=0, le=3)
    """Wing or Fuselage damage points (a "Check −2" chit is 2)."""
    d100: tuple[int, int] | None = None
    """The range on the percentile column, inclusive (00 is written 100); None when the
    table gives the chit no number."""
    count: int = Field(ge=1, le=100)
    """Chits of this kind in the cup."""

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        problems = []
        if (self.kind in ("wing", "fuselage")) != (self.damage > 0):
            problems.append(("damage", "wing and fuselage chits, and only they, do damage"))
        if self.d100 is not None:
            low, high = self.d100
            if not 1 <= low <= high <= D100_FACES:
                problems.append(("d100", "a range from 1 to 100, low first"))
            elif self.count != high - low + 1:
                problems.append(("count", "a numbered chit's count is the width of its range"))
        if problems:
            raise FieldProblems(problems)
        return self


class ChitMix(DataModel):
    """The whole cup: every kind of chit, in the order their numbers are counted."""

    format_version: Literal[1] = 1
    chit: tuple[Chit, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _covers_the_column(self) -> Self:
        problems = []
        keys = [chit.key for chit in self.chit]
        if len(set(keys)) != len(keys):
            problems.append(("chit", "two chits share a key"))
        covered = [0] * (D100_FACES + 1)
        for chit in self.chit:
            if chit.d100 is not None:
                for value in range(chit.d100[0], chit.d100[1] + 1):
                    covered[value] += 1
        if covered[1:] != [1] * D100_FACES:
            problems.append(("chit", "the d100 ranges must cover 01–00 exactly once"))
        if problems:
            raise FieldProblems(problems)
        return self

    @property
    def size(self) -> int:
        """Chits in the cup."""
        return sum(chit.count for chit in self.chit)

    def by_number(self, number: int) -> Chit:
        """The chit numbered ``number`` (1…size), counting through the mix in file order."""
        if not 1 <= number <= self.size:
            raise ValueError(f"chit {number} is not in a cup of {self.size}")
        for chit in self.chit:
            if number <= chit.count:
                return chit
            number -= chit.count
        raise AssertionError("unreachable: the numbers add up to the size")

    def by_percentile(self, roll: int) -> Chit:
        """The chit the percentile column gives for a roll of 00–99 (00 reads as 100)."""
        if not 0 <= roll <= 99:
            raise ValueError(f"a percentile roll is 00–99, not {roll}")
        value = roll or D100_FACES
        return next(
            chit for chit in self.chit if chit.d100 and chit.d100[0] <= value <= chit.d100[1]
        )

    def by_key(self, key: str) -> Chit:
        return next(chit for chit in self.chit if chit.key == key)


@cache
def chit_mix(path: Path = CHITS_PATH) -> ChitMix:
    """The chit mix in ``path`` (the shipped one by default)."""
    from models.files import load_model

    return load_model(ChitMix, path)
