"""Phantoms game-log files (:mod:`models.phantoms.gamelog`): find the scenario a log names,
replay it turn by turn with the table's dice, or list every problem in it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from engine.errors import IllegalOrder, ScenarioError
from engine.phantoms.game import PhantomsGame
from models.files import DataFileError, describe_validation_error, load_model, read_toml
from models.phantoms.gamelog import PhantomsGameLog
from models.phantoms.orders import PhantomsTurn
from models.phantoms.scenario import PhantomsScenario
from models.timeline import Timeline
from scenarios import find_scenario


def log_and_scenario(path: Path) -> tuple[PhantomsGameLog, PhantomsScenario]:
    """A game log and the scenario it names: a file beside the log, or a shipped one."""
    log = load_model(PhantomsGameLog, path)
    beside = path.parent / log.scenario
    scenario_path = beside if beside.is_file() else find_scenario(log.scenario)
    scenario = load_model(PhantomsScenario, scenario_path)
    return log, scenario


def _seed(log: PhantomsGameLog, scenario: PhantomsScenario, seed: int | None) -> int | None:
    return seed if seed is not None else log.seed if log.seed is not None else scenario.seed


def _reference_problems(log: PhantomsGameLog, scenario: PhantomsScenario) -> list[str]:
    ids = set(scenario.entity_ids)
    known = ", ".join(scenario.entity_ids)
    return [
        f"turn.{index}.orders.{pid}: no aircraft {pid!r} in the scenario; aircraft: {known}"
        for index, logged in enumerate(log.turn)
        for pid in logged.orders
        if pid not in ids
    ]


def play_logged(
    log: PhantomsGameLog,
    scenario: PhantomsScenario,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Timeline:
    """The timeline of the logged game; ``ValueError`` where it cannot be played as written."""
    unresolved = _reference_problems(log, scenario)
    if unresolved:
        raise ValueError(unresolved[0])
    game = PhantomsGame(scenario, seed=_seed(log, scenario, seed))

    def orders(number: int) -> dict[str, PhantomsTurn]:
        _check_dice_used(game, number - 1)
        logged = log.turn[number - 1]
        game.dice.recorded.extend(roll.face for roll in logged.dice)
        return {pid: order for pid, order in logged.orders.items() if game.planes[pid].in_play}

    timeline = game.run(len(log.turn), orders, progress)
    _check_dice_used(game, len(log.turn))
    return timeline


def _check_dice_used(game: PhantomsGame, number: int) -> None:
    if number and game.dice.recorded:
        left = ", ".join(f"{kind} {value}" for kind, value in game.dice.recorded)
        game.dice.recorded.clear()
        raise ValueError(
            f"turn {number}: the rules made fewer rolls than the log gives; not used: {left}"
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


def summary(path: Path) -> tuple[str, int, PhantomsScenario]:
    """The log's title, the turns it records and the scenario it names."""
    log, scenario = log_and_scenario(path)
    return log.title, len(log.turn), scenario


def problems(path: Path) -> list[str]:
    """Every problem in a game-log file: its format, its scenario, then the first order the
    rules refuse and any dice they did not use, found by playing it."""
    try:
        raw = read_toml(path)
        log = PhantomsGameLog.model_validate(raw)
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
