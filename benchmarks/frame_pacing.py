"""Frame pacing: driver memory and frame time of an offscreen replay, paced and unpaced.

Draws the furball (``historical/modern-furball``) from above, 10 s to 30 s of replay at
0.1 s a frame, through Panda3D's task manager on a 320x180 offscreen buffer: the stretch of
the convention loop where Mesa's llvmpipe, left unpaced, queued frames and kept their memory
(see :mod:`sim.pacing`). Each run is a process of its own (the driver's pool lives as long as
the process): ``paced`` as :func:`sim.panda.open_base` sets it up, ``unpaced`` with the
pacer's task removed. Prints each mode's resident-memory growth over the stretch (after 2 s
of warm-up) and its frame time, medians over ``--runs`` runs.

    python -m benchmarks.frame_pacing [--runs 3] [--json] [--llvmpipe-threads N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCENARIO = "historical/modern-furball"
FROM_S, WARM_S, TO_S, STEP_S = 10.0, 12.0, 30.0, 0.1
SIZE = (320, 180)


def run_one(timeline_path: Path, paced: bool) -> dict[str, Any]:
    """One stretch of frames in this process; resident memory from /proc (Linux)."""
    from models.timeline import Timeline
    from sim.app import ReplayScene
    from sim.pacing import PACER_TASK
    from sim.panda import open_base

    def rss_mb() -> float:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20

    timeline = Timeline.load(timeline_path)
    base = open_base(*SIZE, offscreen=True)
    pacer_running = bool(base.taskMgr.getTasksNamed(PACER_TASK))
    if not paced:
        base.taskMgr.remove(PACER_TASK)
    scene = ReplayScene(base, timeline, camera="top")
    scene.playback.pause()
    frames = round((TO_S - FROM_S) / STEP_S)
    rss_warm = 0.0
    started = 0.0
    for i in range(frames + 1):
        t_s = FROM_S + i * STEP_S
        scene.playback.seek(t_s)
        scene.draw(scene.playback.snapshot(), STEP_S)
        base.taskMgr.step()
        if rss_warm == 0.0 and t_s >= WARM_S:
            rss_warm, started, warm_frame = rss_mb(), time.perf_counter(), i
    frame_ms = (time.perf_counter() - started) / (frames - warm_frame) * 1000
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
    from sim.cli.scenario_cmds import play_source

    timeline = play_source(SCENARIO)[2]
    results: dict[str, list[dict[str, Any]]] = {"paced": [], "unpaced": []}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "furball.timeline"
        timeline.save(path)
        for _ in range(runs):
            for mode in results:
                done = subprocess.run(
                    [sys.executable, "-m", "benchmarks.frame_pacing", "--one", mode, str(path)],
                    capture_output=True,
                    text=True,
                    check=False,
                    timeout=600,
                )
                if done.returncode != 0:
                    raise RuntimeError(f"{mode} run failed:\n{done.stderr}")
                results[mode].append(json.loads(done.stdout.strip().splitlines()[-1]))
    report: dict[str, Any] = {"runs": runs, "frames": round((TO_S - WARM_S) / STEP_S)}
    for mode, rows in results.items():
        report[f"{mode}_growth_mb"] = statistics.median(r["growth_mb"] for r in rows)
        report[f"{mode}_frame_ms"] = statistics.median(r["frame_ms"] for r in rows)
        report[f"{mode}_runs"] = rows
    report["pacer_running"] = all(r["pacer_running"] for r in results["paced"])
    report["frame_time_ratio"] = round(report["paced_frame_ms"] / report["unpaced_frame_ms"], 3)
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
    parser.add_argument("--one", nargs=2, metavar=("MODE", "TIMELINE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.llvmpipe_threads is not None:  # inherited by the runs' processes
        os.environ["LP_NUM_THREADS"] = str(args.llvmpipe_threads)
    if args.one:
        mode, path = args.one
        print(json.dumps(run_one(Path(path), paced=mode == "paced")))
        return
    report = measure(args.runs)
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{SCENARIO} from above, {report['frames']} frames at {SIZE[0]}x{SIZE[1]}, "
        f"median of {args.runs} runs each:"
    )
    for mode in ("unpaced", "paced"):
        print(
            f"  {mode:>8}: resident memory +{report[f'{mode}_growth_mb']:.0f} MB, "
            f"{report[f'{mode}_frame_ms']:.1f} ms/frame"
        )
    print(f"  paced/unpaced frame time: {report['frame_time_ratio']:.2f}")


if __name__ == "__main__":
    main()
