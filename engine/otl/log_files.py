"""Over the Lines game-log files (:mod:`models.otl.gamelog`): find the scenario a log names,
replay it round by round with the table's dice, or list every problem in it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from engine.errors import IllegalOrder, ScenarioError
from engine.otl.game import OtlGame
from models.files import DataFileError, describe_validation_error, load_model, read_toml
from models.otl.gamelog import OtlGameLog
from models.otl.orders import OtlRound
from models.otl.scenario import OtlScenario
from models.timeline import Timeline
from scenarios import find_scenario


def log_and_scenario(path: Path) -> tuple[OtlGameLog, OtlScenario]:
    """A game log and the scenario it names: a file beside the log, or a shipped one."""
    log = load_model(OtlGameLog, path)
    beside = path.parent / log.scenario
    scenario_path = beside if beside.is_file() else find_scenario(log.scenario)
    scenario = load_model(OtlScenario, scenario_path)
    return log, scenario


def _seed(log: OtlGameLog, scenario: OtlScenario, seed: int | None) -> int | None:
    return seed if seed is not None else log.seed if log.seed is not None else scenario.seed


def _reference_problems(log: OtlGameLog, scenario: OtlScenario) -> list[str]:
    ids = set(scenario.entity_ids)
    known = ", ".join(scenario.entity_ids)
    return [
        f"round.{index}.orders.{pid}: no plane {pid!r} in the scenario; planes: {known}"
        for index, logged in enumerate(log.round)
        for pid in logged.orders
        if pid not in ids
    ]


def play_logged(
    log: OtlGameLog,
    scenario: OtlScenario,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Timeline:
    """The timeline of the logged game; ``ValueError`` where it cannot be played as written."""
    unresolved = _reference_problems(log, scenario)
    if unresolved:
        raise ValueError(unresolved[0])
    game = OtlGame(scenario, seed=_seed(log, scenario, seed))

    def orders(number: int) -> dict[str, OtlRound]:
        _check_dice_used(game, number - 1)
        logged = log.round[number - 1]
        game.dice.recorded.extend((roll.kind, roll.value) for roll in logged.dice)
        return {pid: order for pid, order in logged.orders.items() if game.planes[pid].flying}

    timeline = game.run(len(log.round), orders, progress)
    _check_dice_used(game, len(log.round))
    return timeline


def _check_dice_used(game: OtlGame, number: int) -> None:
    if number and game.dice.recorded:
        left = ", ".join(f"{kind} {value}" for kind, value in game.dice.recorded)
        game.dice.recorded.clear()
        raise ValueError(
            f"round {number}: the rules made fewer rolls than the log gives; not used: {left}"
        )


def replay(
    path: Path, seed: int | None, progress: Callable[[int, int], None] | None
) -> tuple[str, Timeline]:
    """The log's title and the timeline of the game it records."""
    log, scenario = log_and_scenario(path)
    try:
        return log.title, play_logged(log, scenario, seed, progress)
    except (IllegalOrder, ScenarioError, ValueError) as error:
        raise ValueError(f"{path}: {error}") from None


def summary(path: Path) -> tuple[str, int, OtlScenario]:
    """The log's title, the rounds it records and the scenario it names."""
    log, scenario = log_and_scenario(path)
    return log.title, len(log.round), scenario


def problems(path: Path) -> list[str]:
    """Every problem in a game-log file: its format, its scenario, then the first order the
    rules refuse and any dice they did not use, found by playing it."""
    try:
        raw = read_toml(path)
        log = OtlGameLog.model_validate(raw)
    except DataFileError as error:
        return error.problems
    except ValidationError as error:
        return describe_validation_error(error, raw)
    try:
        _, scenario = log_and_scenario(path)
    except (DataFileError, ValueError) as error:
        return [f"scenario: {error}"]
    found = _reference_problems(log, scenario)
    if found:
        return found
    try:
        play_logged(log, scenario)
    except (IllegalOrder, ScenarioError, ValueError) as error:
        return [str(error)]
    return []
