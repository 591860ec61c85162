"""Time to first frame of ``furball play``: from launch to the window's first drawn frame.

Launches ``python -m sim.cli.main play historical/modern-furball`` (eight AI aircraft) in a
window, with ``FURBALL_WINDOW_STATUS`` naming a file the window writes its status to, and
times from just before the process starts to the wall-clock time the window reports its
first frame drawn (``first_frame_wall_s``: the start of the next frame's update, after the
first render).  The first status write at frame 1 or later comes a little earlier, just
before that render; it is printed beside.  Each path is launched ``--runs`` times (5) and
the median is printed against the 1.5 s target: the streaming path (the replay starts while
the engine plays on) and, as the baseline, the batch path (``--no-stream``: the whole game
is played before the window opens), alternately so that both see the same machine load.

Needs a display: without ``DISPLAY`` it starts a virtual one (``Xvfb :51``) for the run.

    python -m benchmarks.first_frame [--runs 5] [--scenario historical/modern-furball]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

TARGET_S = 1.5
DEFAULT_SCENARIO = "historical/modern-furball"
XVFB_DISPLAY = ":51"
TIMEOUT_S = 120.0


@contextmanager
def display() -> Iterator[dict[str, str]]:
    """The environment for a window: this one when it has a display, else a virtual one."""
    env = dict(os.environ)
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        yield env
        return
    if shutil.which("Xvfb") is None:
        raise SystemExit("first_frame: no DISPLAY and no Xvfb to start one")
    xvfb = subprocess.Popen(
        ["Xvfb", XVFB_DISPLAY, "-screen", "0", "1920x1080x24"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.0)
        if xvfb.poll() is not None:
            raise SystemExit(f"first_frame: Xvfb {XVFB_DISPLAY} did not start")
        env["DISPLAY"] = XVFB_DISPLAY
        yield env
    finally:
        xvfb.terminate()
        xvfb.wait(10)


def first_frame_s(scenario: str, extra: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from launching the play command to its first frame drawn, and to its first
    status written at frame 1 or later."""
    with tempfile.TemporaryDirectory(prefix="furball-first-frame-") as folder:
        status = Path(folder) / "status.json"
        run_env = {**env, "FURBALL_WINDOW_STATUS": str(status)}
        command = [sys.executable, "-m", "sim.cli.main", "play", scenario, *extra]
        first_status: float | None = None
        started = time.time()
        process = subprocess.Popen(
            command, env=run_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        try:
            while time.time() - started < TIMEOUT_S:
                if process.poll() is not None:
                    error = process.stderr.read().decode() if process.stderr else ""
                    raise SystemExit(f"first_frame: {' '.join(command)} exited: {error}")
                try:
                    shown = json.loads(status.read_text())
                except (OSError, ValueError):
                    shown = None
                if shown is not None and first_status is None and shown.get("frame", 0) >= 1:
                    first_status = float(shown["wall_s"]) - started
                drawn = None if shown is None else shown.get("first_frame_wall_s")
                if drawn is not None and first_status is not None:
                    return float(drawn) - started, first_status
                time.sleep(0.01)
            raise SystemExit(f"first_frame: no frame within {TIMEOUT_S:.0f} s")
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="launches of each path (5)")
    parser.add_argument("--scenario", default=DEFAULT_SCENARIO)
    args = parser.parse_args(argv)
    paths = {"streamed": [], "batch (--no-stream)": ["--no-stream"]}
    drawn: dict[str, list[float]] = {name: [] for name in paths}
    status: dict[str, list[float]] = {name: [] for name in paths}
    with display() as env:
        for _ in range(args.runs):  # alternate, so both see the same machine load
            for name, extra in paths.items():
                frame_s, status_s = first_frame_s(args.scenario, extra, env)
                drawn[name].append(frame_s)
                status[name].append(status_s)
    print(f"furball play {args.scenario}: time to first frame, median of {args.runs}")
    for name, times in drawn.items():
        median = statistics.median(times)
        verdict = "meets" if median <= TARGET_S else "misses"
        runs = " ".join(f"{t:.2f}" for t in times)
        print(
            f"  {name:<20} {median:5.2f} s  ({verdict} the {TARGET_S} s target; runs {runs}; "
            f"first status {statistics.median(status[name]):.2f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
