"""Over the Lines game-log files (:mod:`models.otl.gamelog`): find the scenario a log names,
replay it round by round with the table's dice, or list every problem in it
(:mod:`engine.table_logs` does the work)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import table_logs
from engine.otl.game import OtlGame
from models.otl.gamelog import OtlGameLog, OtlLoggedRound
from models.otl.scenario import OtlScenario
from models.timeline import Timeline


def _faces(logged: Any) -> list[tuple[Any, int]]:
    turn: OtlLoggedRound = logged
    return [(roll.kind, roll.value) for roll in turn.dice]


OTL_LOG = table_logs.LogFormat(
    log_model=OtlGameLog,
    scenario_model=OtlScenario,
    make_game=lambda scenario, seed: OtlGame(scenario, seed=seed),
    turns_key="round",
    aircraft_word="plane",
    aircraft_plural="planes",
    in_play=lambda plane: bool(plane.flying),
    faces=_faces,
)


def replay(
    path: Path, seed: int | None, progress: Callable[[int, int], None] | None
) -> tuple[str, Timeline]:
    """The log's title and the timeline of the game it records."""
    return table_logs.replay(OTL_LOG, path, seed, progress)


def summary(path: Path) -> tuple[str, int, OtlScenario]:
    """The log's title, the rounds it records and the scenario it names."""
    title, rounds, scenario = table_logs.summary(OTL_LOG, path)
    return title, rounds, scenario


def problems(path: Path) -> list[str]:
    """Every problem in a game-log file, found by reading and playing it."""
    return table_logs.problems(OTL_LOG, path)
