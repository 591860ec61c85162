"""Frame pacing: what an offscreen buffer holds in driver memory, paced and unpaced.

A fixed load the software renderer finds heavy and the program finds light: 2,000
translucent triangles across a 320x180 offscreen buffer, turned a little each frame and
drawn through Panda3D's task manager for 150 frames. Unpaced, the task loop runs ahead of
Mesa llvmpipe's render threads and the driver keeps every frame it queues (see
:mod:`sim.pacing`); paced, at most one frame waits. Each run is a process of its own (the
driver's pool lives as long as the process): ``paced`` as :func:`sim.panda.open_base` sets
it up, ``unpaced`` with the pacer's task removed. Prints each mode's resident-memory growth
after five warm-up frames, medians over ``--runs`` runs, and the time per frame (unpaced, the
time to queue a frame, not to draw it).

    python -m benchmarks.frame_pacing [--runs 3] [--json] [--llvmpipe-threads N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

TRIANGLES = 2_000
FRAMES = 150
WARM_FRAMES = 5
SIZE = (320, 180)


def stress_layer(base: Any) -> Any:
    """The load: random translucent triangles over the whole of ``render2d`` (fixed seed)."""
    import numpy as np
    from panda3d.core import NodePath, TransparencyAttrib

    from sim.view.ground import make_geom_node

    rng = np.random.default_rng(1)
    centres = rng.uniform(-1.0, 1.0, size=(TRIANGLES, 1, 3))
    corners = centres + rng.uniform(-0.6, 0.6, size=(TRIANGLES, 3, 3))
    corners[..., 1] = 0.0
    colours = np.tile([0.8, 0.3, 0.2, 0.25], (TRIANGLES * 3, 1))
    layer = NodePath(make_geom_node("stress", corners.reshape(-1, 3), "triangles", colours=colours))
    layer.reparentTo(base.render2d)
    layer.setTransparency(TransparencyAttrib.MAlpha)
    layer.setTwoSided(True)
    return layer


def run_one(paced: bool) -> dict[str, Any]:
    """One run in this process; resident memory from /proc (Linux)."""
    from sim.pacing import PACER_TASK
    from sim.panda import open_base

    def rss_mb() -> float:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20

    base = open_base(*SIZE, offscreen=True)
    pacer_running = bool(base.taskMgr.getTasksNamed(PACER_TASK))
    if not paced:
        base.taskMgr.remove(PACER_TASK)
    layer = stress_layer(base)
    for _ in range(WARM_FRAMES):
        base.taskMgr.step()
    rss_warm = rss_mb()
    started = time.perf_counter()
    for frame in range(FRAMES):
        layer.setR(0.5 * frame)
        base.taskMgr.step()
    frame_ms = (time.perf_counter() - started) / FRAMES * 1000
    rss_end = rss_mb()
    return {
        "paced": paced,
        "pacer_running": pacer_running,
        "rss_warm_mb": round(rss_warm, 1),
        "rss_end_mb": round(rss_end, 1),
        "growth_mb": round(rss_end - rss_warm, 1),
        "frame_ms": round(frame_ms, 2),
    }


def measure(runs: int) -> dict[str, Any]:
    """``runs`` processes per mode, alternating; medians of growth and frame time."""
    results: dict[str, list[dict[str, Any]]] = {"paced": [], "unpaced": []}
    for _ in range(runs):
        for mode in results:
            done = subprocess.run(
                [sys.executable, "-m", "benchmarks.frame_pacing", "--one", mode],
                capture_output=True,
                text=True,
                check=False,
                timeout=600,
            )
            if done.returncode != 0:
                raise RuntimeError(f"{mode} run failed:\n{done.stderr}")
            results[mode].append(json.loads(done.stdout.strip().splitlines()[-1]))
    report: dict[str, Any] = {"runs": runs, "frames": FRAMES, "triangles": TRIANGLES}
    for mode, rows in results.items():
        report[f"{mode}_growth_mb"] = statistics.median(r["growth_mb"] for r in rows)
        report[f"{mode}_frame_ms"] = statistics.median(r["frame_ms"] for r in rows)
        report[f"{mode}_runs"] = rows
    report["pacer_running"] = all(r["pacer_running"] for r in results["paced"])
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--llvmpipe-threads",
        type=int,
        default=None,
        metavar="N",
        help="Mesa llvmpipe's render threads (default: the driver's, one per core)",
    )
    parser.add_argument("--one", choices=("paced", "unpaced"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.llvmpipe_threads is not None:  # inherited by the runs' processes
        os.environ["LP_NUM_THREADS"] = str(args.llvmpipe_threads)
    if args.one:
        print(json.dumps(run_one(paced=args.one == "paced")))
        return
    report = measure(args.runs)
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{TRIANGLES:,} translucent triangles, {FRAMES} frames at {SIZE[0]}x{SIZE[1]}, "
        f"median of {args.runs} runs each:"
    )
    print(
        f"  unpaced: resident memory +{report['unpaced_growth_mb']:.0f} MB, "
        f"{report['unpaced_frame_ms']:.1f} ms to queue a frame"
    )
    print(
        f"    paced: resident memory +{report['paced_growth_mb']:.1f} MB, "
        f"{report['paced_frame_ms']:.1f} ms to draw a frame"
    )


if __name__ == "__main__":
    main()
