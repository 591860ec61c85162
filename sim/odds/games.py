"""One game of a sweep: a scenario's table (with its variation's changes made), a seed, and
what came of it. :func:`play_game` is what a worker process, or a Dask worker, runs; it takes
and returns plain data, so it travels to any worker that has furball installed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.rulesets import Game, scenario_from_table
from models.files import DataFileError
from sim.odds.outcomes import game_outcome


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game to play: the scenario file (for messages), its table with the variation's
    changes made, the variation's number and the seed."""

    source: str
    table: dict[str, Any]
    variation: int
    seed: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """What one game gave: its outcome (as data) or the error it raised, and the CPU time
    the engine took (kept apart from the outcome: it differs from machine to machine)."""

    variation: int
    seed: int
    outcome: dict[str, Any] | None
    error: str
    cpu_s: float

    def record(self) -> dict[str, Any]:
        """The game as the odds file keeps it."""
        kept: dict[str, Any] = {"variation": self.variation, "seed": self.seed}
        if self.outcome is not None:
            kept["outcome"] = self.outcome
        else:
            kept["error"] = self.error
        return kept


def play_game(job: GameJob) -> GameResult:
    """Play one game to its end and read what came of it; a game that raises is reported
    with its error, not raised, so one bad seed never stops the sweep."""
    started = time.process_time()
    try:
        scenario = scenario_from_table(Path(job.source), job.table)
        timeline = Game(scenario, seed=job.seed).run()
        outcome = game_outcome(timeline).as_dict()
    except (KeyboardInterrupt, SystemExit):
        raise
    except DataFileError as error:
        return GameResult(job.variation, job.seed, None, str(error), time.process_time() - started)
    except Exception as error:  # reported with the seed that raised it
        text = f"{type(error).__name__}: {error}"
        return GameResult(job.variation, job.seed, None, text, time.process_time() - started)
    return GameResult(job.variation, job.seed, outcome, "", time.process_time() - started)
