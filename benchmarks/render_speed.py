"""Replay speed: per-frame Python update cost, offscreen frame time, and MP4 export speed.

Builds the full replay scene (hex map, 16 box minis with altitude stacks and trails, event
markers, HUD, scrub bar) for a 16-aircraft timeline and measures, each as the median of
several runs:

* the Python cost of one frame's update of every layer (snapshot + layers + HUD + camera),
  without rendering — target ≤ 1.0 ms;
* the offscreen 1280×720 frame time: render plus readback into numpy;
* MP4 export at 1280×720, 30 fps: frames encoded per second over real time (30 fps) —
  target ≥ 1.5× real time.

    pip install .
    python -m benchmarks.render_speed [--runs 5] [--seconds 10]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.engine_speed import held_turns
from engine import Game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10.0, help="video length to export")
    args = parser.parse_args()

    from sim.app import ReplayScene
    from sim.cli.replay_cmds import render_video
    from sim.export import FrameGrabber
    from sim.panda import open_base

    timeline = Game(held_turns(16, 6)).run()
    base = open_base(1280, 720, offscreen=True)
    scene = ReplayScene(base, timeline, camera="chase")
    base.graphicsEngine.renderFrame()

    # 1. Python update cost per frame (all layers), no rendering.
    per_run = []
    times = [i * 0.05 for i in range(600)]  # 30 s of replay at 20 fps steps
    for _ in range(args.runs):
        started = time.perf_counter()
        for t_s in times:
            scene.playback.seek(t_s)
            scene.draw(scene.playback.snapshot(), 0.05)
        per_run.append((time.perf_counter() - started) / len(times) * 1000)
    update_ms = statistics.median(per_run)
    print(
        f"Python update, 16 aircraft with trails and HUD: median {update_ms:.3f} ms/frame "
        f"over {args.runs} runs (target <= 1.0 ms)"
    )

    # 2. Offscreen frame time at 1280x720: render + readback (as the exporter does it).
    frame_runs = []
    with FrameGrabber(base) as grabber:
        for _ in range(args.runs):
            started = time.perf_counter()
            for t_s in times[:60]:
                scene.draw_at(t_s, 0.05)
                base.graphicsEngine.renderFrame()
                grabber.grab()
            frame_runs.append((time.perf_counter() - started) / 60 * 1000)
    print(
        f"offscreen 1280x720 frame (update + render + readback): median "
        f"{statistics.median(frame_runs):.1f} ms"
    )

    # 3. MP4 export speed at 720p30 against real time.
    ratios = []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(max(1, args.runs // 2 + 1)):
            out = Path(folder) / f"bench{run}.mp4"
            started = time.perf_counter()
            frames = render_video(base, scene, out, 0.0, args.seconds, 30, (1280, 720))
            wall = time.perf_counter() - started
            ratios.append((frames / 30) / wall)
    ratio = statistics.median(ratios)
    verdict = "meets" if ratio >= 1.5 else "misses"
    print(
        f"MP4 export 1280x720 at 30 fps: median {ratio:.2f}x real time ({verdict} the 1.5x target)"
    )
    scene.destroy()


if __name__ == "__main__":
    main()
