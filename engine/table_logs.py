"""Game-log files of the rule sets that log turn by turn with the table's dice (Over the
Lines, Phantoms): find the scenario a log names, replay it with the table's dice, or list
every problem in it.

Each rule set describes its log once as a :class:`LogFormat` (its models, its game, its
word for a turn and for an aircraft) and its ``log_files`` module hands that to these
functions; the replay and the checks are then the same for every such rule set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from pydantic import ValidationError

from engine.dice import RollKind
from engine.errors import IllegalOrder, ScenarioError
from models.base import DataModel
from models.files import DataFileError, describe_validation_error, load_model, read_toml
from models.scenario_common import ScenarioCommon
from models.timeline import Timeline
from scenarios import find_scenario


class LoggedTurn(Protocol):
    """One turn (or round) of a log: the orders by aircraft id and the dice."""

    @property
    def orders(self) -> Mapping[str, Any]: ...


class PlayedGame(Protocol):
    """What replaying a log needs of a rule set's game."""

    @property
    def dice(self) -> Any: ...

    @property
    def planes(self) -> Mapping[str, Any]: ...

    def run(
        self,
        turns: int | None,
        orders: Callable[[int], dict[str, Any]] | None,
        progress: Callable[[int, int], None] | None,
    ) -> Timeline: ...


@dataclass(frozen=True, slots=True)
class LogFormat:
    """One rule set's game-log file, as these functions read it."""

    log_model: type[DataModel]
    """The log file's model: ``title``, ``scenario``, ``seed`` and the turns."""
    scenario_model: type[ScenarioCommon]
    make_game: Callable[[ScenarioCommon, int | None], PlayedGame]
    turns_key: str
    """The log's list of turns: ``round`` (Over the Lines), ``turn`` (Phantoms)."""
    aircraft_word: str
    """``plane``, ``aircraft``: how the messages name one."""
    aircraft_plural: str
    in_play: Callable[[Any], bool]
    """Whether an aircraft still takes orders."""
    faces: Callable[[LoggedTurn], Iterable[tuple[RollKind, int]]]
    """A logged turn's dice as the game's dice record them."""


def _turns(fmt: LogFormat, log: DataModel) -> Sequence[LoggedTurn]:
    turns: Sequence[LoggedTurn] = getattr(log, fmt.turns_key)
    return turns


def log_and_scenario(fmt: LogFormat, path: Path) -> tuple[Any, Any]:
    """A game log and the scenario it names: a file beside the log, or a shipped one."""
    log: Any = load_model(fmt.log_model, path)
    name: str = log.scenario
    beside = path.parent / name
    scenario_path = beside if beside.is_file() else find_scenario(name)
    return log, load_model(fmt.scenario_model, scenario_path)


def _seed(log: Any, scenario: ScenarioCommon, seed: int | None) -> int | None:
    return seed if seed is not None else log.seed if log.seed is not None else scenario.seed


def _reference_problems(fmt: LogFormat, log: DataModel, scenario: ScenarioCommon) -> list[str]:
    ids = set(scenario.entity_ids)
    known = ", ".join(scenario.entity_ids)
    return [
        f"{fmt.turns_key}.{index}.orders.{pid}: no {fmt.aircraft_word} {pid!r} in the "
        f"scenario; {fmt.aircraft_plural}: {known}"
        for index, logged in enumerate(_turns(fmt, log))
        for pid in logged.orders
        if pid not in ids
    ]


def play_logged(
    fmt: LogFormat,
    log: DataModel,
    scenario: ScenarioCommon,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Timeline:
    """The timeline of the logged game; ``ValueError`` where it cannot be played as written."""
    unresolved = _reference_problems(fmt, log, scenario)
    if unresolved:
        raise ValueError(unresolved[0])
    game = fmt.make_game(scenario, _seed(log, scenario, seed))
    turns = _turns(fmt, log)

    def orders(number: int) -> dict[str, Any]:
        _check_dice_used(fmt, game, number - 1)
        logged = turns[number - 1]
        game.dice.recorded.extend(fmt.faces(logged))
        return {pid: order for pid, order in logged.orders.items() if fmt.in_play(game.planes[pid])}

    timeline = game.run(len(turns), orders, progress)
    _check_dice_used(fmt, game, len(turns))
    return timeline


def _check_dice_used(fmt: LogFormat, game: PlayedGame, number: int) -> None:
    if number and game.dice.recorded:
        left = ", ".join(f"{kind} {value}" for kind, value in game.dice.recorded)
        game.dice.recorded.clear()
        raise ValueError(
            f"{fmt.turns_key} {number}: the rules made fewer rolls than the log gives; "
            f"not used: {left}"
        )


def replay(
    fmt: LogFormat, path: Path, seed: int | None, progress: Callable[[int, int], None] | None
) -> tuple[str, Timeline]:
    """The log's title and the timeline of the game it records."""
    log, scenario = log_and_scenario(fmt, path)
    try:
        return log.title, play_logged(fmt, log, scenario, seed, progress)
    except (IllegalOrder, ScenarioError, ValueError) as error:
        raise ValueError(f"{path}: {error}") from None


def summary(fmt: LogFormat, path: Path) -> tuple[str, int, Any]:
    """The log's title, the turns it records and the scenario it names."""
    log, scenario = log_and_scenario(fmt, path)
    return log.title, len(_turns(fmt, log)), scenario


def problems(fmt: LogFormat, path: Path) -> list[str]:
    """Every problem in a game-log file: its format, its scenario, then the first order the
    rules refuse and any dice they did not use, found by playing it."""
    try:
        raw = read_toml(path)
        log = fmt.log_model.model_validate(raw)
    except DataFileError as error:
        return error.problems
    except ValidationError as error:
        return describe_validation_error(error, raw)
    try:
        _, scenario = log_and_scenario(fmt, path)
    except (DataFileError, ValueError) as error:
        return [f"scenario: {error}"]
    found = _reference_problems(fmt, log, scenario)
    if found:
        return found
    try:
        play_logged(fmt, log, scenario)
    except (IllegalOrder, ScenarioError, ValueError) as error:
        return [str(error)]
    return []
