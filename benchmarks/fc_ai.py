"""Fighter Command AI speed: the time the AI pilot takes to plot one aircraft's turn.

Plays both shipped Fighter Command scenarios with their own pilots over several seeds and
times every :meth:`engine.fc.ai.FcAi.plot` (each candidate box flown on paper and scored)
and every re-plot after tailing.  Each run prints the median and the 95th percentile; the
last line gives the medians over the runs.  The same run times a baseline, one
``fly_unchecked`` of a level plot, so the figure is also a multiple of it.

Target (issue: Fighter Command): ≤ 50 ms per aircraft per turn, median, on this machine.

    python -m benchmarks.fc_ai [--runs 3] [--turns 15]
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.fc.ai import FcAi
from engine.fc.game import FcGame
from engine.fc.movement import fly_unchecked
from engine.rulesets import load_scenario
from models.fc.orders import FcPlot
from scenarios import find_scenario

SCENARIOS = ("fc/battle-of-britain", "fc/hurricane-bf110-escort")


class TimedAi(FcAi):
    """The AI pilot with a stopwatch on each decision."""

    def __init__(self) -> None:
        self.times_ms: list[float] = []

    def plot(self, me, view):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        chosen = super().plot(me, view)
        self.times_ms.append((time.perf_counter() - start) * 1000.0)
        return chosen


def baseline_ms(game: FcGame, repeats: int = 2000) -> float:
    plane = next(iter(game.planes.values()))
    plot = FcPlot(group="level", speed=plane.speed)
    start = time.perf_counter()
    for _ in range(repeats):
        fly_unchecked(plane, plot)
    return (time.perf_counter() - start) * 1000.0 / repeats


def one_run(seed: int, turns: int) -> tuple[float, float, float]:
    times: list[float] = []
    base: list[float] = []
    for name in SCENARIOS:
        game = FcGame(load_scenario(find_scenario(name)), seed)
        ai = TimedAi()
        game.ai = ai
        base.append(baseline_ms(game))
        game.run(turns)
        times.extend(ai.times_ms)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return statistics.median(times), p95, statistics.median(base)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", type=int, default=15)
    args = parser.parse_args()
    medians, p95s, ratios = [], [], []
    for run in range(args.runs):
        median, p95, base = one_run(run + 1, args.turns)
        medians.append(median)
        p95s.append(p95)
        ratios.append(median / base)
        print(
            f"run {run + 1}: plot median {median:.2f} ms, p95 {p95:.2f} ms, "
            f"{median / base:.0f}× one fly_unchecked ({base * 1000:.1f} µs)"
        )
    print(
        f"fc ai: median {statistics.median(medians):.2f} ms per aircraft-turn "
        f"(p95 {statistics.median(p95s):.2f} ms, {statistics.median(ratios):.0f}× baseline); "
        "target ≤ 50 ms"
    )


if __name__ == "__main__":
    main()
