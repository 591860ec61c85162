"""Engine speed: furball's real-time factor per aircraft against JSBSim's, in one run.

furball plays a 4v4 scripted scenario (four F-16Cs and four MiG-29s holding level turns in
sight and radar range of each other) for 100 game-turns (600 s of flight) and builds its
timeline, twice over: with the full Sequence of Play, and with the Initiative, Visual
Sighting and Sensor phases (SoP 08–10) left out, as a solo drill may. JSBSim flies its F-16
model for 600 s at its default 120 Hz. Each is timed several times; the medians give:

    real-time factor per aircraft = simulated seconds × aircraft / wall seconds

Targets: the flight engine (every phase but SoP 08–10) ≥ 10× JSBSim's per-aircraft real-time
factor; the full Sequence of Play ≥ 2×. The per-turn cost of the full SoP for 8 aircraft is
printed too.

    pip install '.[bench]'
    python -m benchmarks.engine_speed [--runs 5] [--turns 100]

JSBSim comes from PyPI (the ``bench`` extra); without it only furball's figures are printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.bop.game import Game
from models.scenario import Scenario

SIM_SECONDS = 600.0


FLIGHT_TARGET = 10.0
"""The flight engine's target: furball/JSBSim per-aircraft real-time factor."""
FULL_SOP_TARGET = 2.0
"""The full Sequence of Play's target."""


def four_v_four(turns: int, awareness: bool = True) -> Scenario:
    """Eight aircraft in level turns, far enough apart never to meet; ``awareness`` plays
    SoP 08–10."""
    return held_turns(8, turns).model_copy(update={"awareness": awareness})


def held_turns(count: int, turns: int) -> Scenario:
    """``count`` aircraft, half F-16Cs and half MiG-29s, each holding a level 3 G turn."""
    aircraft = []
    half = count // 2
    for i in range(count):
        blue = i < half
        aircraft.append(
            {
                "callsign": f"{'Viper' if blue else 'Fulcrum'} {i % half + 1}",
                "type": "F-16C" if blue else "MiG-29",
                "side": "blue" if blue else "red",
                "hex": f"{(i % half) * 40},{0 if blue else 60}",
                "alt_steps": 75 + 5 * i,
                "attitude": {"nose": "015+00", "canopy": "105+00", "wing": "All-90"},
                "speed_kt": 450,
                "throttle": "mil",
                "script": {
                    "plots": [
                        {
                            "throttle": "mil",
                            "segments": [{"kind": "turn", "load_g": 3.0, "cells": 1, "ticks": 10}],
                        }
                    ]
                },
            }
        )
    return Scenario.model_validate(
        {
            "name": f"benchmark {half}v{count - half}",
            "turns": turns,
            "seed": 0,
            "aircraft": aircraft,
        }
    )


def time_furball(turns: int, runs: int, awareness: bool = True) -> tuple[float, float, float]:
    """Median wall seconds for the 4v4, its per-aircraft real-time factor, and the first
    (cold-cache) run's wall seconds."""
    scenario = four_v_four(turns, awareness)
    walls = []
    for _ in range(runs):
        started = time.perf_counter()
        Game(scenario).run()
        walls.append(time.perf_counter() - started)
    wall = statistics.median(walls)
    simulated = turns * 6.0
    return wall, simulated * len(scenario.aircraft) / wall, walls[0]


def time_jsbsim(runs: int) -> tuple[float, float, str] | None:
    """Median wall seconds for JSBSim's F-16 flying 600 s level at 15,000 ft at its default
    120 Hz, its real-time factor, and where the last run ended."""
    try:
        import jsbsim  # type: ignore[import-not-found]
    except ImportError:
        return None
    walls = []
    for _ in range(runs):
        fdm = jsbsim.FGFDMExec(None)
        fdm.set_debug_level(0)
        fdm.load_model("f16")
        fdm["ic/h-sl-ft"] = 15_000
        fdm["ic/vc-kts"] = 350
        fdm["ic/psi-true-deg"] = 15
        fdm.run_ic()
        fdm["propulsion/set-running"] = -1
        fdm["simulation/do_simple_trim"] = 1
        steps = int(SIM_SECONDS * 120)
        started = time.perf_counter()
        for step in range(1, steps + 1):
            fdm.run()
            if step % 12_000 == 0:
                # Untrimmed drift would fly it into the ground near 500 s; re-trimming every
                # 100 s keeps it in level flight, like furball's aircraft.
                fdm["simulation/do_simple_trim"] = 1
        walls.append(time.perf_counter() - started)
        flown = f"ended at {fdm['position/h-sl-ft']:,.0f} ft, {fdm['velocities/vc-kts']:.0f} KCAS"
    wall = statistics.median(walls)
    return wall, SIM_SECONDS / wall, flown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--turns", type=int, default=100)
    args = parser.parse_args()
    figures = {}
    for label, awareness in (("flight engine (no SoP 08-10)", False), ("full SoP", True)):
        wall, rtf, cold = time_furball(args.turns, args.runs, awareness)
        figures[label] = rtf
        print(
            f"furball 4v4, {label}, {args.turns} game-turns: median {wall:.3f} s over "
            f"{args.runs} runs (first, cold-cache run {cold:.3f} s); "
            f"{1000 * wall / args.turns:.2f} ms per game-turn for 8 aircraft"
        )
        print(f"furball real-time factor per aircraft, {label}: {rtf:,.0f}x")
    jsb = time_jsbsim(max(1, args.runs // 2 + 1))
    if jsb is None:
        print("jsbsim not installed: pip install jsbsim for the comparison")
        return
    jsb_wall, jsb_rtf, flown = jsb
    print(f"JSBSim f16, 600 s at 120 Hz: median {jsb_wall:.3f} s ({flown})")
    print(f"JSBSim real-time factor per aircraft: {jsb_rtf:,.0f}x")
    for (label, rtf), target in zip(figures.items(), (FLIGHT_TARGET, FULL_SOP_TARGET), strict=True):
        ratio = rtf / jsb_rtf
        verdict = "meets" if ratio >= target else "misses"
        print(
            f"ratio furball/JSBSim per aircraft, {label}: {ratio:.1f}x "
            f"({verdict} the {target:g}x target)"
        )


if __name__ == "__main__":
    main()
