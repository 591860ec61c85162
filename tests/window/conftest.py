"""A virtual X display for the real-window tests, and a handle on a furball window.

One Xvfb (2560x1920) serves the whole test session.  A :class:`Window` runs the real
``furball`` command as a user would (``python -m sim.cli.main play ...``), presses keys with
``xdotool``, takes screenshots with ImageMagick's ``import`` into the test's temporary
folder, and reads what the window shows from the status file the app writes when
``FURBALL_WINDOW_STATUS`` is set (:mod:`sim.window_status`).

Without Xvfb, xdotool and import the tests skip, saying what to install; under CI
(``CI=true``) that is a failure instead, so CI cannot pass without them.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

TOOLS = ("Xvfb", "xdotool", "import")
SCREEN = "2560x1920x24"
"""Big enough for every window shape the layout tests open (2560 wide, 1920 tall)."""
ROOT = Path(__file__).resolve().parents[2]


def _free_display() -> int:
    for number in range(90, 200):
        if (
            not Path(f"/tmp/.X{number}-lock").exists()
            and not Path(f"/tmp/.X11-unix/X{number}").exists()
        ):
            return number
    raise RuntimeError("no free X display number between :90 and :199")


def stop(process: subprocess.Popen[Any], wait_s: float) -> None:
    """Ask a process to end; kill it if it has not within ``wait_s``."""
    process.terminate()
    try:
        process.wait(wait_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


@pytest.fixture(scope="session")
def xdisplay() -> Iterator[str]:
    """A running virtual X display (":N") for the session."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        why = (
            f"real-window tests need {', '.join(missing)}: apt-get install xvfb xdotool imagemagick"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    number = _free_display()
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", SCREEN, "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10.0
    while not socket.exists():
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            pytest.fail(f"Xvfb :{number} did not start")
        time.sleep(0.05)
    try:
        yield f":{number}"
    finally:
        stop(server, 5)


class Window:
    """One ``furball`` process with a window on the virtual display."""

    def __init__(self, display: str, folder: Path, args: list[str], name: str) -> None:
        self.display = display
        self.folder = folder
        self.name = name
        self.status_path = folder / f"{name}.status.json"
        self.stderr_path = folder / f"{name}.stderr.txt"
        env = {**os.environ, "DISPLAY": display, "FURBALL_WINDOW_STATUS": str(self.status_path)}
        env.pop("WAYLAND_DISPLAY", None)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        )
        self._stderr = self.stderr_path.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "sim.cli.main", *args],
            cwd=folder,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self._stderr,
        )
        self.window_id = ""
        self.shots = 0

    # -- reading ---------------------------------------------------------------------------
    def status(self) -> dict[str, Any]:
        try:
            data: dict[str, Any] = json.loads(self.status_path.read_text())
        except (OSError, ValueError):
            return {}
        return data

    def stderr(self) -> str:
        self._stderr.flush()
        return self.stderr_path.read_text()

    def wait_for(
        self, what: str, check: Callable[[dict[str, Any]], bool], timeout_s: float = 20.0
    ) -> dict[str, Any]:
        """Wait until the status passes ``check``; fail naming ``what`` otherwise."""
        deadline = time.monotonic() + timeout_s
        status: dict[str, Any] = {}
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(
                    f"{self.name}: furball exited ({self.process.returncode}) waiting for "
                    f"{what}; stderr:\n{self.stderr()[-2000:]}"
                )
            status = self.status()
            if status and check(status):
                return status
            time.sleep(0.1)
        pytest.fail(f"{self.name}: {what} not seen within {timeout_s:.0f} s; last status {status}")

    def ready(self, timeout_s: float = 40.0) -> dict[str, Any]:
        """Wait for the first frames and find the window."""
        status = self.wait_for("the first frames", lambda s: s.get("frame", 0) >= 3, timeout_s)
        self._find_window()
        return status

    def _find_window(self) -> None:
        """The newest visible window named furball on the display (a window of an earlier
        test may still be closing)."""
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "furball"],
            env={**os.environ, "DISPLAY": self.display},
            capture_output=True,
            text=True,
            timeout=10,
        )
        ids = found.stdout.split()
        if not ids:
            pytest.fail(
                f"{self.name}: no window named furball on {self.display}; furball "
                f"{'runs' if self.process.poll() is None else 'exited'}; last status "
                f"{self.status()}; stderr: {self.stderr()[-2000:]}"
            )
        self.window_id = max(ids, key=int)

    # -- acting ----------------------------------------------------------------------------
    def key(self, key: str) -> None:
        """Press ``key`` in the window.  A key that ends furball (ctrl-q, esc in ``play``)
        may close the window between xdotool's press and release, which xdotool reports as
        a failure: a furball that has exited is left to the caller to judge (every wait
        says how it exited).  A window that is gone while furball runs is found again
        once."""
        for attempt in range(2):
            pressed = subprocess.run(
                ["xdotool", "key", "--window", self.window_id, key],
                env={**os.environ, "DISPLAY": self.display},
                capture_output=True,
                text=True,
                timeout=10,
            )
            if pressed.returncode == 0:
                return
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(3)
            if self.process.poll() is not None:
                return
            if attempt == 0:
                self._find_window()
        pytest.fail(
            f"{self.name}: key {key} could not be sent: {pressed.stderr[-500:]}; last status "
            f"{self.status()}; stderr: {self.stderr()[-2000:]}"
        )

    def screenshot(self, label: str) -> str:
        """Save the screen as ``<name>-<n>-<label>.png``; returns its digest."""
        self.shots += 1
        path = self.folder / f"{self.name}-{self.shots:02d}-{label}.png"
        subprocess.run(
            ["import", "-window", "root", str(path)],
            env={**os.environ, "DISPLAY": self.display},
            check=True,
            timeout=20,
        )
        return hashlib.sha256(path.read_bytes()).hexdigest()

    def close(self) -> None:
        if self.process.poll() is None:
            stop(self.process, 10)
        self._stderr.close()


@pytest.fixture
def open_window(xdisplay: str, tmp_path: Path) -> Iterator[Callable[..., Window]]:
    """Start ``furball <args>`` in a window: ``open_window(name, *args)``."""
    windows: list[Window] = []

    def start(name: str, *args: str) -> Window:
        window = Window(xdisplay, tmp_path, list(args), name)
        windows.append(window)
        return window

    yield start
    for window in windows:
        window.close()
