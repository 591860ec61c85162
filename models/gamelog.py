"""Game logs: a table game written down, turn by turn, so furball can replay it.

A log names its scenario (a shipped one such as ``historical/guns-duel``, or a file beside
the log), then for each game-turn every aircraft's orders in the game's own terms (the
declarations and plotted segments of :class:`~models.orders.BopPlot`) and, if the players
noted them, the dice rolled at the table in the order the rules roll them; turns without
them take the seed's rolls. Logs are TOML, parsed and never executed (docs/game-logs.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from models.files import load_model
from models.orders import BopPlot

LOG_FORMAT_VERSION = 1
LOG_KIND = "bop.log"


class _Log(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)


class LoggedRoll(_Log):
    """One die rolled at the table."""

    kind: Literal["d10", "percentile"]
    """A d10 (0–9) or a percentile roll (00–99) read on the Pips table."""
    value: int = Field(ge=0, le=99)

    @model_validator(mode="after")
    def _face(self) -> Self:
        if self.kind == "d10" and self.value > 9:
            raise ValueError(f"a d10 reads 0 to 9, not {self.value}")
        return self


class LoggedTurn(_Log):
    """One game-turn as it was played."""

    number: int = Field(ge=1)
    """The game-turn, from 1."""
    note: str = ""
    """What happened, for the reader of the log."""
    orders: dict[str, BopPlot]
    """Each aircraft's orders, by its id in the scenario (``sabre-1``)."""
    dice: tuple[LoggedRoll, ...] = ()
    """The rolls made at the table this turn, in the order the rules make them; the seed's
    rolls stand in for any the log leaves out."""


class GameLog(_Log):
    """A game log file."""

    format_version: Literal[1] = 1
    kind: Literal["bop.log"] = "bop.log"
    """Marks the file as a game log rather than a scenario."""
    title: str = Field(min_length=1)
    scenario: str = Field(min_length=1)
    """The scenario played: a shipped one (``historical/guns-duel``) or a file path,
    relative to the log's own folder."""
    seed: int | None = Field(default=None, ge=0)
    """The seed for the rolls the log does not give; the scenario's by default."""
    turn: tuple[LoggedTurn, ...] = Field(min_length=1)
    """The game-turns, in order from 1."""

    @model_validator(mode="after")
    def _turns_in_order(self) -> Self:
        numbers = [t.number for t in self.turn]
        expected = list(range(1, len(numbers) + 1))
        if numbers != expected:
            raise ValueError(f"turn numbers must run 1, 2, 3, … in order; got {numbers}")
        return self


def load_log(path: Path) -> GameLog:
    """Read a game log; :class:`~models.files.DataFileError` lists every problem."""
    return load_model(GameLog, path)
