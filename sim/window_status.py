"""What a window shows, written to a small JSON file for tests and benchmarks to read.

A window under a virtual X display cannot be asked what it is doing: a test presses keys
with ``xdotool`` and sees pixels.  With ``FURBALL_WINDOW_STATUS`` naming a file, the replay
and the demo write there, a few times a second of wall-clock time, the frame count, the
playback time and state, the camera, the window's size and the screen box of every 2D
panel (in pixels, top-left origin), so a test can tell a frozen window from a paused one and
check a layout from the panels' boxes rather than from pixels alone.  The file is replaced
whole each time (written beside it, then renamed), so a reader never sees half of it.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from sim.view.layer import ScreenBox

STATUS_ENV = "FURBALL_WINDOW_STATUS"
WRITE_EVERY_S = 0.2


def box_pixels(
    box: ScreenBox, half_extent: tuple[float, float], size: tuple[int, int]
) -> list[float]:
    """An aspect2d rectangle (left, right, bottom, top) as pixels: [left, top, right, bottom]
    from the window's top-left corner.  ``half_extent`` is aspect2d's half width and half
    height (on a portrait window Panda3D keeps the width at ±1 and the height grows)."""
    width, height = size
    half_w, half_h = half_extent
    left, right, bottom, top = box

    def px(x: float) -> float:
        return round((x / half_w + 1.0) / 2.0 * width, 1)

    def py(z: float) -> float:
        return round((1.0 - z / half_h) / 2.0 * height, 1)

    return [px(left), py(top), px(right), py(bottom)]


class StatusWriter:
    """Writes the status dictionary to ``path`` at most every :data:`WRITE_EVERY_S`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._last = -1e9

    @classmethod
    def from_environment(cls) -> StatusWriter | None:
        """A writer for the file ``FURBALL_WINDOW_STATUS`` names, or None."""
        name = os.environ.get(STATUS_ENV)
        return cls(Path(name)) if name else None

    def due(self) -> bool:
        return time.monotonic() - self._last >= WRITE_EVERY_S

    def write(self, status: dict[str, Any]) -> None:
        self._last = time.monotonic()
        status = {"wall_s": round(time.time(), 3), **status}
        partial = self.path.with_name(self.path.name + ".part")
        try:
            partial.write_text(json.dumps(status, indent=1))
            partial.replace(self.path)
        except OSError:
            pass  # a test's status file is never worth stopping the replay for
