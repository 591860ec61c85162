"""Phantoms AI speed: the time the AI pilot takes to decide one aircraft's game turn.

Plays every shipped Phantoms scenario with the scenario's own pilots and times, for each
aircraft and each turn, every decision its AI pilot makes (:class:`engine.phantoms.ai.AiPilot`:
the Set Phase speed, break-off, the afterburner, each maneuver marker — every legal marker
flown on paper and scored —, gun and missile fire, locks and lock breaking).  Several runs
with different seeds; the median and the 95th percentile of each run are printed, and the
medians of those over the runs.

The same run measures a baseline, one :func:`engine.phantoms.movement.move_impulse` of an
aircraft, so the AI's figure is also given as a multiple of it (a figure that travels
between machines better than milliseconds do).

Target (issue: Phantoms AI pilot): ≤ 50 ms per aircraft per turn, median, on this machine.

    python -m benchmarks.phantoms_ai [--runs 3] [--turns 12]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from copy import deepcopy
from pathlib import Path
from typing import Any

from engine.dice import Dice
from engine.phantoms.ai import AiPilot
from engine.phantoms.game import PhantomsGame
from engine.phantoms.movement import move_impulse
from engine.rulesets import load_scenario
from models.phantoms.scenario import PhantomsScenario
from scenarios import shipped

TARGET_MS = 50.0
DECISIONS = (
    "speed",
    "break_off",
    "afterburner",
    "marker",
    "gun_target",
    "missile_shot",
    "lock_target",
    "break_lock",
)
BASELINE_REPEATS = 200


def phantoms_scenarios() -> dict[str, PhantomsScenario]:
    """The shipped Phantoms scenarios by name (``phantoms/coral-sea-1``)."""
    found: dict[str, PhantomsScenario] = {}
    for entry in shipped():
        path = Path(str(entry))
        if path.parent.name != "phantoms":
            continue
        scenario = load_scenario(path)
        assert isinstance(scenario, PhantomsScenario)
        found[f"phantoms/{path.name.removesuffix('.toml')}"] = scenario
    return dict(sorted(found.items()))


@contextmanager
def timed_decisions(spent: dict[tuple[int, str], float]) -> Iterator[None]:
    """While inside, every AI decision adds its wall time (ms) to ``spent[(turn, aircraft)]``."""
    originals: dict[str, Callable[..., Any]] = {name: getattr(AiPilot, name) for name in DECISIONS}

    def wrap(real: Callable[..., Any]) -> Callable[..., Any]:
        def timed(self: AiPilot, game: PhantomsGame, plane: Any, *args: Any) -> Any:
            start = time.perf_counter()
            try:
                return real(self, game, plane, *args)
            finally:
                spent[(game.turn, plane.id)] += (time.perf_counter() - start) * 1_000.0

        return timed

    for name, real in originals.items():
        setattr(AiPilot, name, wrap(real))
    try:
        yield
    finally:
        for name, real in originals.items():
            setattr(AiPilot, name, real)


def move_ms(scenario: PhantomsScenario) -> float:
    """The median time (ms) of one ``move_impulse`` of an aircraft as the game starts."""
    game = PhantomsGame(scenario, seed=1)
    times: list[float] = []
    for plane in game.planes.values():
        for _ in range(BASELINE_REPEATS // len(game.planes) + 1):
            copy = deepcopy(plane)
            start = time.perf_counter()
            move_impulse(copy, 1, 1, Dice.seeded(0))
            times.append((time.perf_counter() - start) * 1_000.0)
    return statistics.median(times)


def time_run(
    scenarios: dict[str, PhantomsScenario], turns: int, seed: int
) -> tuple[list[float], float]:
    """Every aircraft-turn's decision time (ms) over the scenarios, and the baseline (ms)."""
    per_turn: list[float] = []
    baselines: list[float] = []
    for scenario in scenarios.values():
        baselines.append(move_ms(scenario))
        spent: dict[tuple[int, str], float] = defaultdict(float)
        game = PhantomsGame(scenario, seed=seed)
        with timed_decisions(spent):
            game.run(turns=turns)
        per_turn.extend(value for (turn, _), value in spent.items() if turn >= 1)
    return per_turn, statistics.median(baselines)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", type=int, default=12)
    args = parser.parse_args()
    scenarios = phantoms_scenarios()
    medians: list[float] = []
    tails: list[float] = []
    baselines: list[float] = []
    for run in range(args.runs):
        times, baseline = time_run(scenarios, args.turns, seed=run + 1)
        medians.append(statistics.median(times))
        tails.append(p95(times))
        baselines.append(baseline)
        print(
            f"run {run + 1}: {len(times)} aircraft-turns over {len(scenarios)} scenarios, "
            f"median {medians[-1]:.1f} ms, 95th percentile {tails[-1]:.1f} ms; "
            f"one move_impulse {baseline:.3f} ms"
        )
    median = statistics.median(medians)
    tail = statistics.median(tails)
    baseline = statistics.median(baselines)
    print(
        f"Phantoms AI: median {median:.1f} ms per aircraft per turn "
        f"(95th percentile {tail:.1f} ms; medians of {args.runs} runs); "
        f"{median / baseline:.0f}× one move_impulse ({baseline:.3f} ms); "
        f"target <= {TARGET_MS:.0f} ms: {'met' if median <= TARGET_MS else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
