"""Running the ``furball`` command line in-process for tests."""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sim.cli.main import main


def run(capsys: pytest.CaptureFixture[str], command: str) -> tuple[int, str, str]:
    """Run ``furball COMMAND``; returns (exit status, stdout, stderr)."""
    try:
        code = main(shlex.split(command))
    except SystemExit as stop:  # argparse usage errors
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], command: str) -> Any:
    """Run ``furball COMMAND --json``, expecting success; returns the parsed JSON."""
    code, out, err = run(capsys, command + " --json")
    assert code == 0, err
    return json.loads(out)


def furball_process(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``furball ARGS`` in a process of its own with no display (a render sizes the
    offscreen window, which the tests in this process share)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run(
        [sys.executable, "-m", "sim.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**env, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        check=False,
        timeout=300,
    )


def shape_report(module: str, size: tuple[int, int], path: Path) -> dict[str, Any]:
    """Run ``module.measure_shape(width, height, path)`` in a process of its own with no
    display, and return the JSON it prints on its last ``REPORT`` line (the HUD layout
    measured offscreen at one window shape)."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("DISPLAY", None)
    code = f"from {module} import measure_shape; measure_shape({size[0]}, {size[1]}, {str(path)!r})"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert done.returncode == 0 and lines, done.stderr[-3000:]
    return dict(json.loads(lines[-1][len("REPORT ") :]))
