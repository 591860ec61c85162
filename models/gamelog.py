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

from pydantic import Field, model_validator

from models.base import DataModel
from models.files import (
    FILE_NAME_CHARS,
    FILE_NAME_TEXT,
    LARGEST_WHOLE_NUMBER,
    field_path,
    load_model,
    shown,
)
from models.orders import BopPlot
from models.scenario import Scenario, plot_reference_problems
from models.scenario_common import MAX_TURNS

LOG_FORMAT_VERSION = 1
LOG_KIND = "bop.log"


class LoggedRoll(DataModel):
    """One die rolled at the table."""

    kind: Literal["d10", "percentile"]
    """A d10 (0–9) or a percentile roll (00–99) read on the Pips table."""
    value: int = Field(ge=0, le=99)

    @model_validator(mode="after")
    def _face(self) -> Self:
        if self.kind == "d10" and self.value > 9:
            raise ValueError(f"a d10 reads 0 to 9, not {self.value}")
        return self


class LoggedTurn(DataModel):
    """One game-turn as it was played."""

    number: int = Field(ge=1, le=MAX_TURNS)
    """The game-turn, from 1."""
    note: str = ""
    """What happened, for the reader of the log."""
    orders: dict[str, BopPlot]
    """Each aircraft's orders, by its id in the scenario (``sabre-1``)."""
    dice: tuple[LoggedRoll, ...] = ()
    """The rolls made at the table this turn, in the order the rules make them; the seed's
    rolls stand in for any the log leaves out."""


class GameLog(DataModel):
    """A game log file."""

    format_version: Literal[1] = 1
    kind: Literal["bop.log"] = "bop.log"
    """Marks the file as a game log rather than a scenario."""
    title: str = Field(min_length=1)
    scenario: str = Field(min_length=1, max_length=FILE_NAME_CHARS, pattern=FILE_NAME_TEXT)
    """The scenario played: a shipped one (``historical/guns-duel``) or a file path,
    relative to the log's own folder."""
    seed: int | None = Field(default=None, ge=0, le=LARGEST_WHOLE_NUMBER)
    """The seed for the rolls the log does not give; the scenario's by default."""
    turn: tuple[LoggedTurn, ...] = Field(min_length=1, max_length=MAX_TURNS)
    """The game-turns, in order from 1."""

    @model_validator(mode="after")
    def _turns_in_order(self) -> Self:
        numbers = [t.number for t in self.turn]
        expected = list(range(1, len(numbers) + 1))
        if numbers != expected:
            raise ValueError(f"turn numbers must run 1, 2, 3, … in order; got {numbers}")
        return self


def log_reference_problems(log: GameLog, scenario: Scenario) -> list[str]:
    """Each aircraft or missile the log's orders name that its scenario does not have, with
    its field path: orders for an aircraft not in the scenario, and the targets and missile
    types each plot names (:func:`~models.scenario.plot_reference_problems`)."""
    problems: list[str] = []
    ids = ", ".join(scenario.entity_ids)
    for index, logged in enumerate(log.turn):
        for entity, plot in logged.orders.items():
            where = field_path(("turn", index, "orders", entity))
            own = scenario.setup(entity)
            if own is None:
                problems.append(
                    f"{where}: no aircraft {shown(entity)} in the scenario; aircraft: {ids}"
                )
                continue
            problems.extend(
                f"{path}: {problem}"
                for path, problem in plot_reference_problems(where, plot, own, scenario)
            )
    return problems


def load_log(path: Path) -> GameLog:
    """Read a game log; :class:`~models.files.DataFileError` lists every problem."""
    return load_model(GameLog, path)
