"""A game log of Phantoms: a table game written down turn by turn — each aircraft's speed,
the maneuver markers it placed (in the notation of :mod:`models.phantoms.orders`),
afterburner impulses and break-off attempts — so furball can replay it (docs/game-logs.md).

The dice rolled at the table may be noted in the order the rules roll them (d10s read
1–10, d6s); the seed rolls any the log leaves out.  Logs are TOML, parsed and never
executed.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.files import FILE_NAME_CHARS, FILE_NAME_TEXT, LARGEST_WHOLE_NUMBER
from models.phantoms.orders import PhantomsTurn
from models.scenario_common import MAX_TURNS

PHANTOMS_LOG_KIND = "phantoms.log"


class PhantomsLoggedRoll(DataModel):
    """One die rolled at the table, as read: a d10 1–10, a d6 1–6."""

    kind: Literal["d10", "d6"]
    value: int = Field(ge=1, le=10)

    @model_validator(mode="after")
    def _face(self) -> Self:
        if self.kind == "d6" and self.value > 6:
            raise ValueError(f"a d6 reads 1 to 6, not {self.value}")
        return self

    @property
    def face(self) -> tuple[Literal["d10", "d6"], int]:
        """The roll as the dice record it (a d10's 10 is its 0 face)."""
        if self.kind == "d10":
            return ("d10", 0 if self.value == 10 else self.value)
        return ("d6", self.value)


class PhantomsLoggedTurn(DataModel):
    """One game turn as it was played."""

    number: int = Field(ge=1, le=MAX_TURNS)
    note: str = ""
    orders: dict[str, PhantomsTurn] = Field(default_factory=dict)
    """Each aircraft's orders by its id; one left out is flown by its AI pilot."""
    dice: tuple[PhantomsLoggedRoll, ...] = ()


class PhantomsGameLog(DataModel):
    """A Phantoms game-log file."""

    format_version: Literal[1] = 1
    kind: Literal["phantoms.log"] = "phantoms.log"
    title: str = Field(min_length=1)
    scenario: str = Field(min_length=1, max_length=FILE_NAME_CHARS, pattern=FILE_NAME_TEXT)
    """A shipped scenario (``phantoms/coral-sea-1``) or a file beside the log."""
    seed: int | None = Field(default=None, ge=0, le=LARGEST_WHOLE_NUMBER)
    turn: tuple[PhantomsLoggedTurn, ...] = Field(min_length=1, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def _turns_in_order(self) -> Self:
        numbers = [t.number for t in self.turn]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"turn numbers must run 1, 2, 3, … in order; got {numbers}")
        return self
