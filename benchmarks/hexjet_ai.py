"""Hex jet game AI speed: the time the AI pilot takes to decide one aircraft's turn.

Plays the three shipped hex jet scenarios with their own pilots over several seeds and
times every :func:`engine.hexjet.ai.choose` (each legal decision decided, flown through the
Action Step on paper and scored).  Each run prints the median and the 95th percentile; the
last line gives the medians over the runs.  The same run times a baseline, one
:func:`engine.hexjet.decision.decide` of ``MIL AL``, so the figure is also a multiple of it.

Target (issue: the hex jet game): ≤ 50 ms per aircraft per turn, median, on this machine.

    python -m benchmarks.hexjet_ai [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from engine.hexjet import ai
from engine.hexjet.decision import Choice, decide
from engine.hexjet.game import HexjetGame
from engine.rulesets import load_scenario
from scenarios import find_scenario

SCENARIOS = ("hexjet/duel", "hexjet/pairs", "hexjet/fours")


def baseline_ms(game: HexjetGame, repeats: int = 2000) -> float:
    plane = next(iter(game.planes.values()))
    choice = Choice("MIL")
    start = time.perf_counter()
    for _ in range(repeats):
        decide(plane.display, plane.markers, choice, plane.id)
    return (time.perf_counter() - start) * 1000.0 / repeats


def one_run(seed: int) -> tuple[float, float, float]:
    times: list[float] = []
    base: list[float] = []
    real = ai.choose

    def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        chosen = real(*args, **kwargs)
        times.append((time.perf_counter() - start) * 1000.0)
        return chosen

    ai.choose = timed  # type: ignore[assignment]
    try:
        for name in SCENARIOS:
            game = HexjetGame(load_scenario(Path(str(find_scenario(name)))), seed)
            base.append(baseline_ms(game))
            game.run()
    finally:
        ai.choose = real  # type: ignore[assignment]
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return statistics.median(times), p95, statistics.median(base)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    medians, p95s, ratios = [], [], []
    for run in range(args.runs):
        median, p95, base = one_run(run + 1)
        medians.append(median)
        p95s.append(p95)
        ratios.append(median / base)
        print(
            f"run {run + 1}: decision median {median:.2f} ms, p95 {p95:.2f} ms, "
            f"{median / base:.0f}× one decide ({base * 1000:.1f} µs)"
        )
    print(
        f"hexjet ai: median {statistics.median(medians):.2f} ms per aircraft-turn "
        f"(p95 {statistics.median(p95s):.2f} ms, {statistics.median(ratios):.0f}× baseline); "
        "target ≤ 50 ms"
    )


if __name__ == "__main__":
    main()
