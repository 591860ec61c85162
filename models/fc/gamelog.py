"""A game log of Fighter Command: a backyard game written down turn by turn, each
aircraft's plot in the notation a player pins and notes (:mod:`models.fc.orders`), so
furball can replay it (docs/game-logs.md).

A log names its scenario, then for each turn every aircraft's plot and, if the players
noted them, the d6s rolled in the yard in the order the rules roll them; the seed rolls
any the log leaves out.  Logs are TOML, parsed and never executed.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.fc.orders import FcPlot
from models.files import FILE_NAME_CHARS, FILE_NAME_TEXT, LARGEST_WHOLE_NUMBER
from models.scenario_common import MAX_TURNS

FC_LOG_KIND = "fc.log"


class FcLoggedRoll(DataModel):
    """One d6 rolled in the yard."""

    kind: Literal["d6"] = "d6"
    value: int = Field(ge=1, le=6)


class FcLoggedTurn(DataModel):
    """One turn as it was played."""

    number: int = Field(ge=1, le=MAX_TURNS)
    note: str = ""
    orders: dict[str, FcPlot] = Field(default_factory=dict)
    """Each aircraft's plot by its id (``"T3 R30*"``); one left out is flown by the AI."""
    dice: tuple[FcLoggedRoll, ...] = ()


class FcGameLog(DataModel):
    """A Fighter Command game-log file."""

    format_version: Literal[1] = 1
    kind: Literal["fc.log"] = "fc.log"
    title: str = Field(min_length=1)
    scenario: str = Field(min_length=1, max_length=FILE_NAME_CHARS, pattern=FILE_NAME_TEXT)
    """A shipped scenario (``fc/battle-of-britain``) or a file beside the log."""
    seed: int | None = Field(default=None, ge=0, le=LARGEST_WHOLE_NUMBER)
    turn: tuple[FcLoggedTurn, ...] = Field(min_length=1, max_length=MAX_TURNS)

    @model_validator(mode="after")
    def _turns_in_order(self) -> Self:
        numbers = [t.number for t in self.turn]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"turn numbers must run 1, 2, 3, … in order; got {numbers}")
        return self
