"""Birds of Prey game-log files for the command line: find the scenario a log names, replay
it, or list every problem in it (:mod:`engine.bop.gamelog` plays and checks a loaded log)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from engine.bop.gamelog import LogError, log_problems, play_log
from engine.errors import ScenarioError
from models.files import DataFileError, describe_validation_error, read_toml
from models.gamelog import GameLog, load_log
from models.scenario import Scenario, load_scenario
from models.timeline import Timeline
from scenarios import find_scenario


def log_and_scenario(path: Path) -> tuple[GameLog, Scenario]:
    """A game log and the scenario it names: a file beside the log, or a shipped one."""
    log = load_log(path)
    beside = path.parent / log.scenario
    scenario_path = beside if beside.is_file() else find_scenario(log.scenario)
    return log, load_scenario(scenario_path)


def replay(
    path: Path, seed: int | None, progress: Callable[[int, int], None] | None
) -> tuple[str, Timeline]:
    """The log's title and the timeline of the game it records; an order the rules refuse
    raises ``ValueError`` naming the file."""
    log, scenario = log_and_scenario(path)
    try:
        return log.title, play_log(log, scenario, seed, progress)
    except (LogError, ScenarioError) as error:
        raise ValueError(f"{path}: {error}") from None


def summary(path: Path) -> tuple[str, int, Scenario]:
    """The log's title, how many game-turns it records, and the scenario it names."""
    log, scenario = log_and_scenario(path)
    return log.title, len(log.turn), scenario


def problems(path: Path) -> list[str]:
    """Every problem in a game-log file: its format, the scenario it names, then (when those
    pass) every illegal order and unused roll, found by playing it."""
    try:
        raw = read_toml(path)
        log = GameLog.model_validate(raw)
    except DataFileError as error:
        return error.problems
    except ValidationError as error:
        return describe_validation_error(error, raw)
    try:
        _, scenario = log_and_scenario(path)
    except (DataFileError, ValueError) as error:
        return [f"scenario: {error}"]
    return log_problems(log, scenario)
