"""AI pilot speed: the time the AI pilot takes to write one aircraft's orders for a game-turn.

Plays a 4v4 in which every aircraft is flown by the AI pilot (four F-16Cs against four
MiG-29s, 20,000 ft apart head-on at 15,000 ft, so the fight goes from the approach through the
merge to turning), with the full Sequence of Play, and times every call of the pilot
(:func:`engine.bop.ai.fly`): reading the fight, the declarations and the search over candidate
plots through the game's planner. Several runs with different seeds; the median call and the
90th percentile are printed with the game's own per-turn cost measured in the same run.

Target (issue: the odds): ≤ 6 ms per aircraft per game-turn, median, on this machine (it was
≤ 50 ms when the AI pilot was first written).

    python -m benchmarks.ai_speed [--runs 3] [--turns 12]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import engine.bop.ai.pilot as ai_pilot
from engine.bop.game import Game
from models.scenario import Scenario

TARGET_MS = 6.0


def ai_furball(turns: int, seed: int) -> Scenario:
    """Four F-16Cs against four MiG-29s, every one flown by the AI pilot."""
    aircraft: list[dict[str, Any]] = []
    for i in range(8):
        blue = i < 4
        aircraft.append(
            {
                "callsign": f"{'Viper' if blue else 'Fulcrum'} {i % 4 + 1}",
                "type": "F-16C" if blue else "MiG-29",
                "side": "blue" if blue else "red",
                "hex": f"{(i % 4) * 6},{0 if blue else 50}",
                "alt_steps": 75 + 3 * (i % 4),
                "attitude": (
                    {"nose": "015+00", "canopy": "All+90", "wing": "105+00"}
                    if blue
                    else {"nose": "195+00", "canopy": "All+90", "wing": "285+00"}
                ),
                "speed_kt": 540,
                "throttle": "mil",
                "pilot": "ai",
            }
        )
    return Scenario.model_validate(
        {"name": "AI 4v4", "turns": turns, "seed": seed, "aircraft": aircraft}
    )


def time_run(turns: int, seed: int) -> tuple[list[float], float]:
    """Every AI call's wall time (ms) and the whole game's time per game-turn (ms)."""
    calls: list[float] = []
    real_fly = ai_pilot.fly

    def timed(*args: Any, **kwargs: Any) -> ai_pilot.AiStep:
        start = time.perf_counter()
        step = real_fly(*args, **kwargs)
        calls.append((time.perf_counter() - start) * 1_000.0)
        return step

    ai_pilot.fly = timed
    import engine.bop.ai as ai_package

    package_fly = ai_package.fly
    ai_package.fly = timed
    try:
        game = Game(ai_furball(turns, seed))
        start = time.perf_counter()
        game.run()
        per_turn_ms = (time.perf_counter() - start) * 1_000.0 / max(game.turn, 1)
    finally:
        ai_pilot.fly = real_fly
        ai_package.fly = package_fly
    return calls, per_turn_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", type=int, default=12)
    args = parser.parse_args()
    medians: list[float] = []
    all_calls: list[float] = []
    turn_costs: list[float] = []
    for run in range(args.runs):
        calls, per_turn_ms = time_run(args.turns, seed=run + 1)
        medians.append(statistics.median(calls))
        all_calls.extend(calls)
        turn_costs.append(per_turn_ms)
        print(
            f"run {run + 1}: {len(calls)} AI calls, median {statistics.median(calls):.1f} ms, "
            f"game {per_turn_ms:.0f} ms per game-turn for 8 AI aircraft"
        )
    median = statistics.median(all_calls)
    p90 = statistics.quantiles(all_calls, n=10)[-1]
    print(
        f"AI pilot: median {median:.1f} ms per aircraft per game-turn "
        f"(90th percentile {p90:.1f} ms; run medians "
        f"{', '.join(f'{m:.1f}' for m in medians)}); "
        f"target <= {TARGET_MS:.0f} ms: {'met' if median <= TARGET_MS else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
