"""Over the Lines AI speed: the time the AI pilot takes to decide one plane's round.

Plays every shipped Over the Lines scenario with the scenario's own pilots (the AI flies
every plane without a script) and times, for each plane and each round, the three decisions
the AI makes: its focus in Phase 1 (:meth:`engine.otl.ai.OtlAi.choose_target`), its move
when its turn to move comes (``choose_move``: every candidate move flown on paper and scored)
and its fire in Phase 3 (``choose_fire``). Several runs with different seeds; the median and
the 95th percentile of each run are printed, and the medians of those over the runs.

The same run measures a baseline, one :func:`engine.otl.movement.plan_move` of a straight
move at the plane's speed, so the AI's figure is also given as a multiple of it (a figure
that travels between machines better than milliseconds do).

Target (issue: Over the Lines AI pilot): ≤ 50 ms per plane per round, median, on this machine.

    python -m benchmarks.otl_ai [--runs 3] [--rounds 15]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from engine.otl.ai import OtlAi
from engine.otl.game import OtlGame
from engine.otl.movement import MoveContext, plan_move
from engine.rulesets import load_scenario
from models.otl.orders import OtlRound
from models.otl.scenario import OtlScenario
from scenarios import shipped

TARGET_MS = 50.0
DECISIONS = ("choose_target", "choose_move", "choose_fire")
BASELINE_REPEATS = 200


def otl_scenarios() -> dict[str, OtlScenario]:
    """The shipped Over the Lines scenarios by name (``otl/camel-vs-albatros``)."""
    found: dict[str, OtlScenario] = {}
    for entry in shipped():
        path = Path(str(entry))
        if path.parent.name != "otl":
            continue
        scenario = load_scenario(path)
        assert isinstance(scenario, OtlScenario)
        found[f"otl/{path.name.removesuffix('.toml')}"] = scenario
    return dict(sorted(found.items()))


@contextmanager
def timed_decisions(spent: dict[tuple[int, str], float]) -> Iterator[None]:
    """While inside, every AI decision adds its wall time (ms) to ``spent[(round, plane)]``."""
    originals: dict[str, Callable[..., Any]] = {name: getattr(OtlAi, name) for name in DECISIONS}

    def wrap(real: Callable[..., Any]) -> Callable[..., Any]:
        def timed(self: OtlAi, game: OtlGame, plane: Any, *args: Any) -> Any:
            start = time.perf_counter()
            try:
                return real(self, game, plane, *args)
            finally:
                spent[(game.turn, plane.id)] += (time.perf_counter() - start) * 1_000.0

        return timed

    for name, real in originals.items():
        setattr(OtlAi, name, wrap(real))
    try:
        yield
    finally:
        for name, real in originals.items():
            setattr(OtlAi, name, real)


def straight_move_ms(scenario: OtlScenario) -> float:
    """The median time (ms) of one ``plan_move`` of a straight move at the plane's speed,
    over the scenario's planes as they start."""
    game = OtlGame(scenario, seed=1)
    ctx = MoveContext(round=1, date=scenario.date)
    times: list[float] = []
    for plane in game.planes.values():
        if plane.speed < 1:
            continue
        order = OtlRound.model_validate({"moves": str(plane.speed)})
        for _ in range(BASELINE_REPEATS):
            start = time.perf_counter()
            plan_move(plane, order, ctx)
            times.append((time.perf_counter() - start) * 1_000.0)
    return statistics.median(times)


def time_run(
    scenarios: dict[str, OtlScenario], rounds: int, seed: int
) -> tuple[list[float], float]:
    """Every plane-round's decision time (ms) over the scenarios, and the baseline (ms)."""
    per_plane_round: list[float] = []
    baselines: list[float] = []
    for scenario in scenarios.values():
        baselines.append(straight_move_ms(scenario))
        spent: dict[tuple[int, str], float] = defaultdict(float)
        game = OtlGame(scenario, seed=seed)
        with timed_decisions(spent):
            game.run(turns=rounds)
        per_plane_round.extend(spent.values())
    return per_plane_round, statistics.median(baselines)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    scenarios = otl_scenarios()
    medians: list[float] = []
    tails: list[float] = []
    baselines: list[float] = []
    for run in range(args.runs):
        times, baseline = time_run(scenarios, args.rounds, seed=run + 1)
        medians.append(statistics.median(times))
        tails.append(p95(times))
        baselines.append(baseline)
        print(
            f"run {run + 1}: {len(times)} plane-rounds over {len(scenarios)} scenarios, "
            f"median {medians[-1]:.1f} ms, 95th percentile {tails[-1]:.1f} ms; "
            f"one straight plan_move {baseline:.3f} ms"
        )
    median = statistics.median(medians)
    tail = statistics.median(tails)
    baseline = statistics.median(baselines)
    print(
        f"Over the Lines AI: median {median:.1f} ms per plane per round "
        f"(95th percentile {tail:.1f} ms; medians of {args.runs} runs); "
        f"{median / baseline:.0f}× one straight plan_move ({baseline:.3f} ms); "
        f"target <= {TARGET_MS:.0f} ms: {'met' if median <= TARGET_MS else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
