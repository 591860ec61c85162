"""Hex jet game-log files (:mod:`models.hexjet.gamelog`): find the scenario a log names,
replay it with the table's dice, or list every problem in it (:mod:`engine.table_logs`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import table_logs
from engine.hexjet.game import HexjetGame
from models.hexjet.gamelog import HexjetGameLog, HexjetLoggedTurn
from models.hexjet.scenario import HexjetScenario
from models.timeline import Timeline


def _faces(logged: Any) -> list[tuple[Any, int]]:
    turn: HexjetLoggedTurn = logged
    return [(roll.kind, roll.value) for roll in turn.dice]


HEXJET_LOG = table_logs.LogFormat(
    log_model=HexjetGameLog,
    scenario_model=HexjetScenario,
    make_game=lambda scenario, seed: HexjetGame(scenario, seed=seed),
    turns_key="turn",
    aircraft_word="aircraft",
    aircraft_plural="aircraft",
    in_play=lambda plane: plane.in_play,
    faces=_faces,
)


def replay(
    path: Path, seed: int | None, progress: Callable[[int, int], None] | None
) -> tuple[str, Timeline]:
    """The log's title and the timeline of the game it records."""
    return table_logs.replay(HEXJET_LOG, path, seed, progress)


def summary(path: Path) -> tuple[str, int, HexjetScenario]:
    title, turns, scenario = table_logs.summary(HEXJET_LOG, path)
    return title, turns, scenario


def problems(path: Path) -> list[str]:
    return table_logs.problems(HEXJET_LOG, path)
