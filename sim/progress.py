"""A one-line progress report on stderr for long work: video exports, ACMI exports, runs.

On a terminal it redraws one line with a bar; into a file or pipe it writes a line every
tenth of the way.  Short work stays quiet: below ``min_total`` steps, or until ``after_s``
seconds have passed.
"""

from __future__ import annotations

import sys
import time
from typing import Any

LONG_WORK_S = 2.0
"""Work that has run this long gets a progress report."""


class Progress:
    """Call with the number of steps done so far; the last call should pass ``total``
    steps done."""

    def __init__(
        self,
        total: int,
        label: str,
        stream: Any = None,
        *,
        unit: str = "frames",
        min_total: int = 30,
        after_s: float = 0.0,
        eta: bool = False,
    ) -> None:
        self.total = max(total, 1)
        self.label = label
        self.unit = unit
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.min_total = min_total
        self.after_s = after_s
        self.shown = False
        self._last_decile = -1
        self.eta = eta
        """Say how long the rest will take, from the pace of the steps done since the first
        call (steps done before it, e.g. resumed from a file, are not counted)."""
        self._first_done: int | None = None
        self._width = 0

    def __call__(self, done: int, total: int | None = None) -> None:
        """Report ``done`` steps; ``total`` corrects the total when it was not known."""
        if total is not None:
            self.total = max(total, 1)
        if self._first_done is None:
            self._first_done = done
        if self.total < self.min_total:
            return
        elapsed = time.perf_counter() - self.started
        if not self.shown and elapsed < self.after_s:
            return
        self.shown = True
        fraction = done / self.total
        line = f"{self.label}: {done}/{self.total} {self.unit} ({fraction:4.0%}) {elapsed:5.1f} s"
        if self.eta:
            line += self._time_left(done, elapsed)
        if self.tty:
            bar = "#" * int(fraction * 24)
            self.stream.write(f"\r[{bar:<24}] {line:<{self._width}}")
            self._width = max(self._width, len(line))
            if done >= self.total:
                self.stream.write("\n")
        elif int(fraction * 10) != self._last_decile:
            self._last_decile = int(fraction * 10)
            self.stream.write(line + "\n")
        self.stream.flush()

    def _time_left(self, done: int, elapsed_s: float) -> str:
        paced = done - (self._first_done or 0)
        if done >= self.total:
            return ", done"
        if paced <= 0 or elapsed_s <= 0:
            return ""
        left_s = (self.total - done) * elapsed_s / paced
        return f", about {_duration(left_s)} left"


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min 20 s``, ``2 h 05 min``."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"
