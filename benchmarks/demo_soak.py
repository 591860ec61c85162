"""Demo soak: the convention loop left running offscreen, watched for leaks.

Runs ``furball demo``'s window app (:class:`sim.demo.app.DemoApp`) on an offscreen buffer
with Panda3D's clock in non-real-time mode, so every frame advances the loop by exactly
``1/fps`` seconds and the task manager runs as it would in a window.  Once per pass through
the playlist a visitor takes over (a click, a few keys) and walks away, so the viewer's
replay app is built and released too.

* warm-up: one whole pass through the playlist (every scene, font page and texture made once);
* then ``--minutes`` of loop time, resident memory sampled every 30 s of loop time;
* at every vignette change: the task count and the number of nodes under ``render`` and
  ``aspect2d``, which must match the same vignette's in the warm-up pass.

    python -m benchmarks.demo_soak [--minutes 10] [--size 320x180] [--fps 10] [--json]

On a machine without a GPU, Mesa's llvmpipe renders on worker threads (one per core unless
``LP_NUM_THREADS`` says otherwise; ``--llvmpipe-threads N`` sets it for this run). Two leaks
were found this way and fixed:

* every scene left its box-mini atlases (about 35 MB for eight aircraft) alive through
  Panda3D's render-state cache (fixed by ``sim.panda.forget_unused_states``);
* with nothing to wait for on an offscreen buffer, the task loop ran ahead of llvmpipe's
  render threads, and llvmpipe keeps every frame it has queued in a pool that never shrinks:
  resident memory rose by 0.7 GB in ten seconds of the furball vignette, by 35-63 % over a
  soak. Offscreen frames are now paced (``sim.pacing``), one frame in flight at most.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

VISITOR_VIGNETTE = 2
"""In each pass, a visitor takes over this vignette's fight..."""
VISITOR_AFTER_S = 5.0
"""...this long after the fight starts."""
VISITOR_KEYS = ("space", "2", "h", "s", "tab", "arrow_up")
IDLE_S = 10.0


def rss_bytes() -> int:
    """This process's resident memory: psutil if installed, else /proc, else the peak."""
    try:
        import psutil

        return int(psutil.Process().memory_info().rss)
    except ImportError:
        pass
    statm = Path("/proc/self/statm")
    if statm.exists():
        return int(statm.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)  # the peak, not current


def soak(minutes: float, size: tuple[int, int], fps: int) -> dict[str, Any]:
    from panda3d.core import ClockObject

    from models.playlist import load_playlist
    from scenarios import find_playlist
    from sim.demo.app import BUTTON_EVENT, DemoApp
    from sim.demo.director import DemoDirector
    from sim.demo.loop import DemoLoop, load_reels
    from sim.panda import open_base

    playlist = load_playlist(find_playlist("demo/convention"))
    reels = load_reels(playlist)
    base = open_base(size[0], size[1], offscreen=True)
    base.graphicsEngine.renderFrame()
    pacer = getattr(base, "frame_pacer", None)
    clock = base.clock
    clock.setMode(ClockObject.MNonRealTime)
    clock.setFrameRate(fps)
    director = DemoDirector(playlist.vignettes, idle_s=IDLE_S)
    app = DemoApp(base, DemoLoop(base, playlist.title, reels, director))

    def counts() -> tuple[int, int, int]:
        return (
            len(base.taskMgr.getAllTasks()),
            base.render.findAllMatches("**").getNumPaths(),
            base.aspect2d.findAllMatches("**").getNumPaths(),
        )

    changes: list[dict[str, Any]] = []
    shown = (-1, -1)
    visited_loop = -1
    takeovers = 0
    frames = 0

    def frame() -> None:
        nonlocal shown, visited_loop, takeovers, frames
        base.taskMgr.step()
        frames += 1
        cue = director.cue
        if cue.mode == "attract" and (director.loops, cue.vignette) != shown:
            shown = (director.loops, cue.vignette)
            tasks, render_nodes, overlay_nodes = counts()
            changes.append(
                {
                    "loop": director.loops,
                    "vignette": cue.vignette,
                    "tasks": tasks,
                    "render_nodes": render_nodes,
                    "aspect2d_nodes": overlay_nodes,
                }
            )
        visitor_due = (
            cue.mode == "attract"
            and cue.vignette == VISITOR_VIGNETTE
            and cue.phase == "fight"
            and cue.phase_elapsed_s >= VISITOR_AFTER_S
            and visited_loop != director.loops
        )
        if visitor_due:
            visited_loop = director.loops
            takeovers += 1
            base.messenger.send(BUTTON_EVENT, ["mouse1"])
            for key in VISITOR_KEYS:
                base.messenger.send(BUTTON_EVENT, [key])
                base.messenger.send(key)

    started = time.perf_counter()
    try:
        while director.loops < 1:  # warm-up: one whole pass
            frame()
        warm_frames = frames
        rss_warm = rss_bytes()
        samples = [rss_warm]
        soak_frames = round(minutes * 60 * fps)
        every = max(1, round(30 * fps))
        for i in range(1, soak_frames + 1):
            frame()
            if i % every == 0:
                samples.append(rss_bytes())
        rss_end = rss_bytes()
    finally:
        clock.setMode(ClockObject.MNormal)
        app.destroy()
    wall_s = time.perf_counter() - started

    first_pass = {c["vignette"]: c for c in changes if c["loop"] == 0}
    node_mismatches = [
        c
        for c in changes
        if c["loop"] > 0
        and (c["render_nodes"], c["aspect2d_nodes"])
        != (
            first_pass[c["vignette"]]["render_nodes"],
            first_pass[c["vignette"]]["aspect2d_nodes"],
        )
    ]
    return {
        "minutes": minutes,
        "size": list(size),
        "fps": fps,
        "warm_up_frames": warm_frames,
        "soak_frames": soak_frames,
        "wall_s": round(wall_s, 1),
        "loops": director.loops,
        "vignettes_started": director.vignettes_started,
        "takeovers": takeovers,
        "llvmpipe_threads": os.environ.get("LP_NUM_THREADS", "driver default"),
        "frames_paced": None if pacer is None else pacer.frames_fenced,
        "rss_warm_mb": round(rss_warm / 2**20, 1),
        "rss_end_mb": round(rss_end / 2**20, 1),
        "rss_max_mb": round(max(samples) / 2**20, 1),
        "rss_growth_pct": round(100.0 * (rss_end - rss_warm) / rss_warm, 2),
        "task_counts": sorted({c["tasks"] for c in changes}),
        "vignette_changes": len(changes),
        "render_nodes_first_pass": {v: c["render_nodes"] for v, c in first_pass.items()},
        "aspect2d_nodes_first_pass": {v: c["aspect2d_nodes"] for v, c in first_pass.items()},
        "node_mismatches": node_mismatches,
    }


def main() -> None:
    from sim.cli.replay_cmds import parse_size

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="loop time after warm-up")
    parser.add_argument("--size", default="320x180")
    parser.add_argument("--fps", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--llvmpipe-threads",
        type=int,
        default=None,
        metavar="N",
        help="Mesa llvmpipe's render threads (0: the calling thread; default: the driver's)",
    )
    args = parser.parse_args()
    if args.llvmpipe_threads is not None:  # before the GL driver loads
        os.environ["LP_NUM_THREADS"] = str(args.llvmpipe_threads)
    report = soak(args.minutes, parse_size(args.size), args.fps)
    if args.json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        print(f"{key:>26}: {value}")


if __name__ == "__main__":
    main()
