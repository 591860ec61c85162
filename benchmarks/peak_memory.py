"""Peak memory of the heaviest things furball does, each in a process of its own.

* the largest shipped scenario (most aircraft, then most game-turns) rendered offscreen at
  1920x1080: one PNG, and a five-second MP4;
* the same scenario with one aircraft moved to hex 1000,0, the farthest a scenario may name
  (``models.hexes.MAP_RADIUS_HEXES``), rendered to a PNG: the map then spans about half a
  million hexes, and must cost what a small one does;
* a 1,000-game-turn run of that scenario written to a timeline (the documented limit of
  ``--turns``; compare :data:`sim.run_budget.BYTES_PER_ENTITY_TICK`).

Each case runs ``furball`` as a child process and reads the child's resident-memory high
water mark from the kernel (``os.wait4``'s resource usage, ``ru_maxrss``, through a small
launcher: see :data:`LAUNCHER`), so the figure is the whole process: Python, numpy, Panda3D
and the software renderer's buffers.  The median
of ``--runs`` runs is reported.

    python -m benchmarks.peak_memory [--runs 3] [--turns 1000]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path

from models.scenario import load_scenario
from scenarios import shipped

FAR_HEX = "1000,0"
REPO = Path(__file__).resolve().parent.parent
"""The children run from here, so ``python -m sim.cli.main`` finds this checkout."""


LAUNCHER = """
import os, sys
devnull = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=devnull)
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status))
"""
"""Runs the measured command and prints its ``ru_maxrss``.  A process's high-water mark
starts from its parent's resident size at the fork, so the measured command is started by
this small launcher rather than by the benchmark (or the test run) itself."""


def child_peak_rss_bytes(command: Sequence[str]) -> int:
    """Run ``command`` and return its peak resident memory in bytes; raise if it fails."""
    done = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *command], capture_output=True, cwd=REPO, check=False
    )
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()[-1:]
        raise RuntimeError(f"{' '.join(command)} failed: {' '.join(message)}")
    scale = 1 if sys.platform == "darwin" else 1024  # macOS gives bytes, Linux kilobytes
    return int(done.stdout) * scale


def largest_shipped() -> Path:
    """The shipped Birds of Prey scenario with the most aircraft (then the most game-turns):
    its hex map is the one a far-flung aircraft stretches."""
    sizes = {}
    for found in shipped():
        if tomllib.loads(found.read_text(encoding="utf-8")).get("rules", "bop") != "bop":
            continue
        scenario = load_scenario(Path(str(found)))
        sizes[Path(str(found))] = (len(scenario.aircraft), scenario.turns, found.name)
    return max(sizes, key=lambda path: sizes[path])


def far_flung(scenario: Path, folder: Path) -> Path:
    """A copy of ``scenario`` with its first aircraft moved to hex :data:`FAR_HEX`."""
    text = scenario.read_text(encoding="utf-8")
    moved = re.sub(r'^hex = "[^"]*"', f'hex = "{FAR_HEX}"', text, count=1, flags=re.M)
    path = folder / f"far-{scenario.name}"
    path.write_text(moved, encoding="utf-8")
    return path


def furball(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "sim.cli.main", *arguments]


def cases(scenario: Path, folder: Path, turns: int) -> dict[str, list[str]]:
    """What is measured: a name and the ``furball`` command that does it."""
    duration_s = load_scenario(scenario).turns * 6.0
    start_s = max(0.0, duration_s / 2 - 2.5)
    return {
        "PNG at 1920x1080": furball(
            "render", str(scenario), "--png", str(folder / "frame.png"), "--size", "1920x1080"
        ),
        "MP4 of 5 s at 1920x1080": furball(
            "render",
            str(scenario),
            "--mp4",
            str(folder / "clip.mp4"),
            "--size",
            "1920x1080",
            "--from",
            f"{start_s:g}",
            "--to",
            f"{start_s + 5.0:g}",
        ),
        f"PNG at 1920x1080, one aircraft at hex {FAR_HEX}": furball(
            "render",
            str(far_flung(scenario, folder)),
            "--png",
            str(folder / "far.png"),
            "--size",
            "1920x1080",
        ),
        f"run of {turns} game-turns": furball(
            "run", str(scenario), "--turns", str(turns), "-o", str(folder / "long.furball.npz")
        ),
    }


def measure(runs: int, turns: int) -> dict[str, float]:
    """The median peak resident memory of each case, in bytes."""
    scenario = largest_shipped()
    medians: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, command in cases(scenario, Path(folder), turns).items():
            peaks = [child_peak_rss_bytes(command) for _ in range(runs)]
            medians[name] = statistics.median(peaks)
            shown = ", ".join(f"{p / 1e6:.0f}" for p in peaks)
            print(f"{name}: median {medians[name] / 1e6:.0f} MB (runs: {shown} MB)", flush=True)
    return medians


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--turns", type=int, default=1000)
    args = parser.parse_args()
    print(f"largest shipped scenario: {largest_shipped().name}; median of {args.runs} runs")
    measure(args.runs, args.turns)


if __name__ == "__main__":
    main()
