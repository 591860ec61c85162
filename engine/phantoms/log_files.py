"""Phantoms game-log files (:mod:`models.phantoms.gamelog`): find the scenario a log names,
replay it turn by turn with the table's dice, or list every problem in it
(:mod:`engine.table_logs` does the work)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import table_logs
from engine.phantoms.game import PhantomsGame
from models.phantoms.gamelog import PhantomsGameLog, PhantomsLoggedTurn
from models.phantoms.scenario import PhantomsScenario
from models.timeline import Timeline


def _faces(logged: Any) -> list[tuple[Any, int]]:
    turn: PhantomsLoggedTurn = logged
    return [roll.face for roll in turn.dice]


PHANTOMS_LOG = table_logs.LogFormat(
    log_model=PhantomsGameLog,
    scenario_model=PhantomsScenario,
    make_game=lambda scenario, seed: PhantomsGame(scenario, seed=seed),
    turns_key="turn",
    aircraft_word="aircraft",
    aircraft_plural="aircraft",
    in_play=lambda plane: bool(plane.in_play),
    faces=_faces,
)


def replay(
    path: Path, seed: int | None, progress: Callable[[int, int], None] | None
) -> tuple[str, Timeline]:
    """The log's title and the timeline of the game it records."""
    return table_logs.replay(PHANTOMS_LOG, path, seed, progress)


def summary(path: Path) -> tuple[str, int, PhantomsScenario]:
    """The log's title, the turns it records and the scenario it names."""
    title, turns, scenario = table_logs.summary(PHANTOMS_LOG, path)
    return title, turns, scenario


def problems(path: Path) -> list[str]:
    """Every problem in a game-log file, found by reading and playing it."""
    return table_logs.problems(PHANTOMS_LOG, path)
