"""A game log of Over the Lines: a table game written down round by round, each plane's
move inch by inch in the notation a player writes on the record sheet
(:mod:`models.otl.orders`), so furball can replay it (docs/game-logs.md).

A log names its scenario, then for each round every plane's orders and, if the players
noted them, the dice rolled at the table in the order the rules roll them (d6s one by one,
percentile rolls 0–99, chits by their number in the cup's mix); the seed rolls any the log
leaves out.  Logs are TOML, parsed and never executed.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.files import FILE_NAME_CHARS, FILE_NAME_TEXT, LARGEST_WHOLE_NUMBER
from models.otl.orders import OtlRound
from models.scenario_common import MAX_TURNS

OTL_LOG_KIND = "otl.log"


class OtlLoggedRoll(DataModel):
    """One die rolled (or chit drawn) at the table."""

    kind: Literal["d6", "percentile", "chit"]
    value: int = Field(ge=0, le=999)

    @model_validator(mode="after")
    def _face(self) -> Self:
        if self.kind == "d6" and not 1 <= self.value <= 6:
            raise ValueError(f"a d6 reads 1 to 6, not {self.value}")
        if self.kind == "percentile" and self.value > 99:
            raise ValueError(f"a percentile roll reads 0 to 99 (00 is 100), not {self.value}")
        if self.kind == "chit" and self.value < 1:
            raise ValueError("chits are numbered from 1 in the cup's mix")
        return self


class OtlLoggedRound(DataModel):
    """One round as it was played."""

    number: int = Field(ge=1, le=MAX_TURNS)
    note: str = ""
    orders: dict[str, OtlRound] = Field(default_factory=dict)
    """Each plane's orders by its id; a plane left out is flown by the AI pilot."""
    dice: tuple[OtlLoggedRoll, ...] = ()


class OtlGameLog(DataModel):
    """An Over the Lines game-log file."""

    format_version: Literal[1] = 1
    kind: Literal["otl.log"] = "otl.log"
    title: str = Field(min_length=1)
    scenario: str = Field(min_length=1, max_length=FILE_NAME_CHARS, pattern=FILE_NAME_TEXT)
    """A shipped scenario (``otl/camel-vs-albatros``) or a file beside the log."""
    seed: int | None = Field(default=None, ge=0, le=LARGEST_WHOLE_NUMBER)
    round: tuple[OtlLoggedRound, ...] = Field(min_length=1, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def _rounds_in_order(self) -> Self:
        numbers = [r.number for r in self.round]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"round numbers must run 1, 2, 3, … in order; got {numbers}")
        return self
