"""Frame rate of the replay in a real window at 1920x1080 on this machine's software GL.

For the 2v2 merge, the eight-aircraft furball, an Over the Lines circus and a Phantoms
strike (fourteen aircraft, guns, bombs), every camera, with the default view (trails,
labels, drop lines, stacks, HUD): ``furball play <timeline> --camera C --size
1920x1080`` runs in a window (on a virtual X display when there is none), and the frame
counter the window writes to its status file (``FURBALL_WINDOW_STATUS``) is read over a few
seconds of steady playing, after a warm-up.  Saved timelines are played, so the engine's
own work (streamed in a background thread by ``furball play <scenario>``) is not counted.
Each case is run ``--runs`` times and the median printed against the 30 fps target.

    python -m benchmarks.window_fps [--runs 3] [--seconds 6] [--only phantoms/...]

Time to first frame has its own script: ``python -m benchmarks.first_frame``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.first_frame import display

TARGET_FPS = 30.0
SCENARIOS = (
    "demo/2v2-merge",
    "historical/modern-furball",
    "otl/circus-4v4",
    "phantoms/vantage-interdiction",
)
CAMERAS = ("orbit", "chase", "cockpit", "top", "table", "padlock")
WARM_UP_S = 3.0
START_TIMEOUT_S = 60.0


def read_status(path: Path) -> dict[str, object]:
    try:
        data: dict[str, object] = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data


def window_fps(timeline: Path, camera: str, seconds: float, env: dict[str, str]) -> float:
    """Frames per wall-clock second of one window, after its warm-up."""
    with tempfile.TemporaryDirectory(prefix="furball-fps-") as folder:
        status_path = Path(folder) / "status.json"
        command = [
            sys.executable, "-m", "sim.cli.main", "play", str(timeline),
            "--camera", camera, "--size", "1920x1080", "--loop",
        ]  # fmt: skip
        process = subprocess.Popen(
            command,
            env={**env, "FURBALL_WINDOW_STATUS": str(status_path)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            started = time.monotonic()
            while int(read_status(status_path).get("frame", 0) or 0) < 3:  # type: ignore[call-overload]
                if process.poll() is not None or time.monotonic() - started > START_TIMEOUT_S:
                    raise SystemExit(f"window_fps: {' '.join(command)} did not start")
                time.sleep(0.1)
            time.sleep(WARM_UP_S)
            first = read_status(status_path)
            time.sleep(seconds)
            last = read_status(status_path)
        finally:
            process.terminate()
            process.wait(10)
    frames = float(last["frame"]) - float(first["frame"])  # type: ignore[arg-type]
    wall = float(last["wall_s"]) - float(first["wall_s"])  # type: ignore[arg-type]
    return frames / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument(
        "--only", choices=SCENARIOS, action="append", help="just these scenarios (repeatable)"
    )
    args = parser.parse_args()
    scenarios = tuple(args.only) if args.only else SCENARIOS
    with tempfile.TemporaryDirectory(prefix="furball-fps-timelines-") as folder, display() as env:
        timelines = {}
        for scenario in scenarios:
            path = Path(folder) / (scenario.replace("/", "-") + ".furball.npz")
            subprocess.run(
                [sys.executable, "-m", "sim.cli.main", "run", scenario, "-o", str(path)],
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            timelines[scenario] = path
        print(f"replay window at 1920x1080, median of {args.runs} runs of {args.seconds:g} s")
        print(f"{'scenario':28s} {'camera':8s} {'fps':>6s}  runs")
        for scenario, path in timelines.items():
            for camera in CAMERAS:
                runs = [window_fps(path, camera, args.seconds, env) for _ in range(args.runs)]
                median = statistics.median(runs)
                verdict = "ok" if median >= TARGET_FPS else f"below {TARGET_FPS:g}"
                listed = ", ".join(f"{r:.1f}" for r in runs)
                print(f"{scenario:28s} {camera:8s} {median:6.1f}  {listed}  {verdict}")


if __name__ == "__main__":
    main()
