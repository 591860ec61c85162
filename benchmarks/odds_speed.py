"""Odds sweep speed: games per second on 1 and 2 worker processes, and what a game costs.

For the 3,000 ft perch (``bfm/perch-3000``: one AI attacker against a canned defender) and
the 4v4 furball (``historical/modern-furball``: eight AI aircraft), a sweep of seeds is run
through :func:`sim.odds.sweep.run_sweep` on a pool of 1 process and on a pool of 2, several
times each, every pool started fresh from this process before it has played anything (the
engine remembers what it worked out, so a worker that had played the same seeds before
would be faster than a sweep's); the medians give games per second and

    second worker's efficiency = games per second on 2 workers / on 1 worker

(target ≥ 1.8 on a 2-core machine). Beside it: the engine's own CPU time per game (the
median of the games' ``process_time``, which excludes the sweep's own work), the AI pilot's
median time per aircraft per game-turn (target ≤ 6 ms), and the AI-flown game's real-time
factor per aircraft against JSBSim's F-16 at 120 Hz, measured in the same run:

    real-time factor per aircraft = game seconds × aircraft / CPU seconds of the game

First, the time of a 500-seed sweep of the perch on 2 workers (target < 30 s).

    pip install '.[bench]'
    python -m benchmarks.odds_speed [--runs 3] [--seeds 40] [--full-seeds 500]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.bop_ai import Timer
from benchmarks.engine_speed import time_jsbsim
from engine.rulesets import Game, load_scenario
from scenarios import find_scenario
from sim.odds.odds_file import SweepSetup
from sim.odds.runners import Runner, in_processes
from sim.odds.sweep import run_sweep
from sim.output_file import OutputFile

SETUPS = ("bfm/perch-3000", "historical/modern-furball")
EFFICIENCY_TARGET = 1.8
AI_TARGET_MS = 6.0
SWEEP_TARGET_S = 30.0


def setup_of(name: str, seeds: int, first_seed: int = 1) -> SweepSetup:
    return SweepSetup.of(name, seeds, first_seed=first_seed)


def sweep_s(name: str, seeds: int, runner: Runner) -> tuple[float, float]:
    """Wall seconds of one sweep, and the engine's median CPU ms per game in it."""
    with tempfile.TemporaryDirectory() as folder:
        output = OutputFile.check(Path(folder) / "bench.odds.json", (".odds.json",))
        started = time.perf_counter()
        final = run_sweep(setup_of(name, seeds), output, runner, "bench")
        return time.perf_counter() - started, float(final["run"]["engine_cpu_ms_per_game"])


def ai_figures(name: str, seeds: int) -> tuple[float, float]:
    """The AI pilot's median ms per call, and the game's real-time factor per aircraft
    (game seconds × aircraft / CPU seconds), over ``seeds`` games."""
    scenario = load_scenario(find_scenario(name))
    factors = []
    with Timer() as timer:
        for seed in range(1, seeds + 1):
            started = time.process_time()
            timeline = Game(scenario, seed=seed).run()
            cpu_s = time.process_time() - started
            aircraft = sum(1 for e in timeline.meta.entities if e.kind == "aircraft")
            factors.append(float(timeline.t_s[-1]) * aircraft / cpu_s)
    return statistics.median(timer.calls_ms), statistics.median(factors)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=40, help="games per timed sweep")
    parser.add_argument("--full-seeds", type=int, default=500, help="the perch's long sweep")
    args = parser.parse_args()
    jsb = time_jsbsim(1)
    if jsb is None:
        print("jsbsim not installed (pip install '.[bench]'): no JSBSim comparison")
    else:
        print(f"JSBSim F-16 at 120 Hz: real-time factor {jsb[1]:,.0f} (one aircraft)")
    wall, _ = sweep_s(SETUPS[0], args.full_seeds, in_processes(2))
    verdict = "met" if wall < SWEEP_TARGET_S else "NOT met"
    print(
        f"{SETUPS[0]}: {args.full_seeds} seeds on 2 workers in {wall:.1f} s "
        f"(target < {SWEEP_TARGET_S:.0f} s: {verdict})"
    )
    rates: dict[str, tuple[float, float, float, int]] = {}
    for name in SETUPS:
        # an even number of furball games, so that two workers can share them evenly
        seeds = args.seeds if "perch" in name else max(4, 2 * (args.seeds // 10))
        one, two, costs = [], [], []
        for _ in range(args.runs):
            wall, cost = sweep_s(name, seeds, in_processes(1))
            one.append(seeds / wall)
            costs.append(cost)
            wall, _ = sweep_s(name, seeds, in_processes(2))
            two.append(seeds / wall)
        rates[name] = (
            statistics.median(one),
            statistics.median(two),
            statistics.median(costs),
            seeds,
        )
    for name in SETUPS:
        rate1, rate2, cost, seeds = rates[name]
        efficiency = rate2 / rate1
        verdict = "met" if efficiency >= EFFICIENCY_TARGET else "NOT met"
        print(
            f"{name}: {rate1:.2f} games/s on 1 worker, {rate2:.2f} on 2 "
            f"({seeds} games a sweep, median of {args.runs}); second worker's efficiency "
            f"{efficiency:.2f}× (target ≥ {EFFICIENCY_TARGET}×: {verdict}); the engine "
            f"{cost:.0f} ms of CPU a game"
        )
        ai_ms, factor = ai_figures(name, min(seeds, 10))
        ai_verdict = "met" if ai_ms <= AI_TARGET_MS else "NOT met"
        line = (
            f"  AI pilot {ai_ms:.1f} ms per aircraft per game-turn (target ≤ {AI_TARGET_MS:.0f}"
            f" ms: {ai_verdict}); real-time factor per aircraft {factor:,.0f}"
        )
        if jsb is not None:
            versus = "at least" if factor >= jsb[1] else "BELOW"
            line += f", {factor / jsb[1]:.1f}× JSBSim's F-16 ({versus} its speed)"
        print(line)


if __name__ == "__main__":
    main()
