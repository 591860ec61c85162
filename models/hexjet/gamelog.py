"""A game log of the hex jet game: a game at the table written down turn by turn, each
aircraft's Flight Decision as the Decision Steps read (``MIL RC2``, :mod:`models.hexjet.orders`),
so furball can replay it (docs/game-logs.md).

A log names its scenario, then for each turn every aircraft's decision and, if the players
noted them, the d6s rolled at the table in the order the rules roll them (initiative
roll-offs, then each attack's two dice and its damage die); the seed rolls any the log
leaves out.  Logs are TOML, parsed and never executed.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.files import FILE_NAME_CHARS, FILE_NAME_TEXT, LARGEST_WHOLE_NUMBER
from models.hexjet.orders import HexjetDecision
from models.scenario_common import MAX_TURNS


class HexjetLoggedRoll(DataModel):
    """One d6 rolled at the table."""

    kind: Literal["d6"] = "d6"
    value: int = Field(ge=1, le=6)


class HexjetLoggedTurn(DataModel):
    """One turn as it was played."""

    number: int = Field(ge=1, le=MAX_TURNS)
    note: str = ""
    orders: dict[str, HexjetDecision] = Field(default_factory=dict)
    """Each aircraft's decision by its id; one left out is flown by the AI."""
    dice: tuple[HexjetLoggedRoll, ...] = ()


class HexjetGameLog(DataModel):
    """A hex jet game-log file."""

    format_version: Literal[1] = 1
    kind: Literal["hexjet.log"] = "hexjet.log"
    title: str = Field(min_length=1)
    scenario: str = Field(min_length=1, max_length=FILE_NAME_CHARS, pattern=FILE_NAME_TEXT)
    """A shipped scenario (``hexjet/duel``) or a file beside the log."""
    seed: int | None = Field(default=None, ge=0, le=LARGEST_WHOLE_NUMBER)
    turn: tuple[HexjetLoggedTurn, ...] = Field(min_length=1, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def _turns_in_order(self) -> Self:
        numbers = [t.number for t in self.turn]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"turn numbers must run 1, 2, 3, … in order; got {numbers}")
        return self
