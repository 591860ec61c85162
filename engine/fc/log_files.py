"""Fighter Command game-log files (:mod:`models.fc.gamelog`): find the scenario a log
names, replay it turn by turn with the yard's dice, or list every problem in it
(:mod:`engine.table_logs` does the work)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import table_logs
from engine.fc.game import FcGame
from models.fc.gamelog import FcGameLog, FcLoggedTurn
from models.fc.scenario import FcScenario
from models.timeline import Timeline


def _faces(logged: Any) -> list[tuple[Any, int]]:
    turn: FcLoggedTurn = logged
    return [(roll.kind, roll.value) for roll in turn.dice]


FC_LOG = table_logs.LogFormat(
    log_model=FcGameLog,
    scenario_model=FcScenario,
    make_game=lambda scenario, seed: FcGame(scenario, seed=seed),
    turns_key="turn",
    aircraft_word="aircraft",
    aircraft_plural="aircraft",
    in_play=lambda plane: True,
    faces=_faces,
)


def replay(
    path: Path, seed: int | None, progress: Callable[[int, int], None] | None
) -> tuple[str, Timeline]:
    """The log's title and the timeline of the game it records."""
    return table_logs.replay(FC_LOG, path, seed, progress)


def summary(path: Path) -> tuple[str, int, FcScenario]:
    """The log's title, the turns it records and the scenario it names."""
    title, turns, scenario = table_logs.summary(FC_LOG, path)
    return title, turns, scenario


def problems(path: Path) -> list[str]:
    """Every problem in a game-log file, found by reading and playing it."""
    return table_logs.problems(FC_LOG, path)
