"""A sweep: the scenario played for every seed and every variation, the odds file written as
the games come in, and the totals per variation.

The games are independent, so they go to whichever runner the user picked
(:mod:`.runners`); each game's outcome depends only on its table and seed, so the file is
the same, bit for bit, whoever played it. An interrupted sweep keeps its games and a later
one with the same set-up and output carries on from them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sim.odds.games import GameJob, GameResult
from sim.odds.odds_file import SweepSetup, read_finished, write_odds
from sim.odds.runners import Runner
from sim.odds.summary import summarise
from sim.output_file import OutputFile

SAVE_EVERY_S = 2.0
"""How often the odds file is rewritten while games come in."""


class SweepInterrupted(KeyboardInterrupt):
    """The sweep was stopped (ctrl-c); what it played is saved. The command line reports
    it as any ctrl-c (exit status 130), with this message."""

    def __init__(self, kept: int, total: int, output: str) -> None:
        super().__init__(
            f"{kept} of {total} games kept in {output}; the same command again carries on from them"
        )
        self.kept, self.total = kept, total


@dataclass(slots=True)
class SweepState:
    """The games finished so far (by variation and seed) and this run's timings."""

    finished: dict[tuple[int, int], dict[str, Any]]
    resumed: int
    """Games the odds file already held when this run started."""
    cpu_s: list[float] = field(default_factory=list)
    """The engine's CPU time of each game played in this run."""
    started: float = field(default_factory=time.perf_counter)


def content(setup: SweepSetup, state: SweepState, where: str, complete: bool) -> dict[str, Any]:
    """Everything the odds file holds."""
    games = [state.finished[key] for key in sorted(state.finished)]
    results = []
    for number, variation in enumerate(setup.variations):
        mine = [g for g in games if g["variation"] == number]
        outcomes = [g["outcome"] for g in mine if "outcome" in g]
        errors = [{"seed": g["seed"], "error": g["error"]} for g in mine if "error" in g]
        results.append(
            {
                "variation": number,
                "label": variation.label,
                "games": len(outcomes),
                "errors": errors,
                "rows": [row.as_dict() for row in summarise(outcomes)],
            }
        )
    played = len(state.cpu_s)
    run = {
        "where": where,
        "games_this_run": played,
        "games_resumed": state.resumed,
        "wall_s": round(time.perf_counter() - state.started, 3),
        "engine_cpu_ms_per_game": round(1000 * statistics.median(state.cpu_s), 2)
        if played
        else None,
    }
    return {
        **setup.header(),
        "complete": complete,
        "games": games,
        "results": results,
        "run": run,
    }


def jobs_left(setup: SweepSetup, finished: dict[tuple[int, int], Any]) -> list[GameJob]:
    """The games still to play, variation by variation, seed by seed."""
    jobs = []
    for number, variation in enumerate(setup.variations):
        table = variation.apply(setup.table, "--vary")
        for seed in setup.seed_list():
            if (number, seed) not in finished:
                jobs.append(GameJob(setup.source, table, number, seed))
    return jobs


def run_sweep(
    setup: SweepSetup,
    output: OutputFile,
    runner: Runner,
    where: str,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play what the odds file does not yet hold and return its final content; raises
    :class:`SweepInterrupted` (after saving) when stopped."""
    finished = read_finished(output.path, setup)
    state = SweepState(finished, resumed=len(finished))
    total = len(setup.variations) * setup.seeds
    jobs = jobs_left(setup, finished)
    last_save = time.perf_counter()

    def on_result(result: GameResult) -> None:
        nonlocal last_save
        state.finished[(result.variation, result.seed)] = result.record()
        state.cpu_s.append(result.cpu_s)
        if progress is not None:
            progress(len(state.finished), total)
        if time.perf_counter() - last_save >= SAVE_EVERY_S:
            write_odds(output, content(setup, state, where, complete=False))
            last_save = time.perf_counter()

    if progress is not None:
        progress(len(state.finished), total)
    try:
        runner(jobs, on_result)
    except (KeyboardInterrupt, SystemExit) as stop:
        write_odds(output, content(setup, state, where, complete=False))
        if isinstance(stop, SystemExit):
            raise
        raise SweepInterrupted(len(state.finished), total, str(output.path)) from None
    final = content(setup, state, where, complete=True)
    write_odds(output, final)
    return final
