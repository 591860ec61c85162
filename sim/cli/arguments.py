"""Checked command-line values: argparse ``type=`` functions that refuse what is out of range.

Every numeric flag of ``furball`` is read by one of these, so a word where a number belongs,
NaN, an infinity or a number outside the flag's limits is refused the same way — one line
naming the flag, the value and what would be valid, exit status 2 — and never silently
replaced by a default.  The shared limits are defined here once; each flag's ``--help``
shows its limits from :attr:`Bounded.limits`, so the help cannot drift from the check.
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass
from pathlib import Path

from models.scenario_common import MAX_TURNS
from models.timeline import TIMELINE_SUFFIX


def _shown(value: float) -> str:
    """A limit or value as a reader writes it: ``30``, ``0.5``, ``9223372036854775807``."""
    if isinstance(value, int):
        return str(value)
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:g}"


@dataclass(frozen=True, slots=True)
class Bounded:
    """A number from ``low`` to ``high`` in ``unit``, both ends included unless
    ``above_low`` (then the number must be more than ``low``); ``whole`` for integers."""

    low: float
    high: float
    unit: str = ""
    whole: bool = False
    above_low: bool = False

    @property
    def limits(self) -> str:
        """``1 … 120 fps`` or ``more than 0 … 600 minutes``: what the flag accepts."""
        unit = f" {self.unit}" if self.unit else ""
        low = f"more than {_shown(self.low)}" if self.above_low else _shown(self.low)
        return f"{low} … {_shown(self.high)}{unit}"

    def __call__(self, text: str) -> float:
        kind = "whole number" if self.whole else "number"
        value: float
        try:
            value = int(text.strip()) if self.whole else float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a {kind}; give {self.limits}"
            ) from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text!r} is not a finite number; give {self.limits}")
        too_low = value <= self.low if self.above_low else value < self.low
        if too_low or value > self.high:
            unit = f" {self.unit}" if self.unit else ""
            raise argparse.ArgumentTypeError(f"{_shown(value)}{unit} is outside {self.limits}")
        return value


SEED = Bounded(0, 2**63 - 1, whole=True)
"""Random seeds: what furball picks itself when none is given is in this range too."""
TURNS = Bounded(1, MAX_TURNS, "game-turns", whole=True)
MAX_TIME_S = 86_400.0
"""A day of replay: far longer than any timeline furball writes (MAX_TURNS of 6 s)."""
TIME_S = Bounded(0.0, MAX_TIME_S, "s")
"""A time in the replay (``--at``, ``--from``, ``--to``); checked again against the
replay's own length once the timeline is loaded."""
FPS = Bounded(1, 120, "fps", whole=True)
TRAIL_S = Bounded(0.0, 3600.0, "s")
MINI_SCALE = Bounded(1.0, 200.0, "times life size")
IDLE_S = Bounded(1.0, 3600.0, "s")
MINUTES = Bounded(0.0, 600.0, "minutes", above_low=True)

MIN_FRAME = (64, 64)
MAX_FRAME = (7680, 4320)
"""Frame sizes from a thumbnail to 8K UHD: a frame of the largest is 130 MB of pixels."""
_SIZE = re.compile(r"\s*(\d{1,6})\s*[xX×]\s*(\d{1,6})\s*")


def frame_size(text: str) -> tuple[int, int]:
    """``1280x720`` → ``(1280, 720)``; from :data:`MIN_FRAME` to :data:`MAX_FRAME`."""
    match = _SIZE.fullmatch(text)
    if not match:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a size: write WIDTHxHEIGHT, e.g. 1280x720"
        )
    width, height = int(match[1]), int(match[2])
    if not (MIN_FRAME[0] <= width <= MAX_FRAME[0] and MIN_FRAME[1] <= height <= MAX_FRAME[1]):
        raise argparse.ArgumentTypeError(f"{text!r} is outside {FRAME_LIMITS}")
    return width, height


FRAME_LIMITS = (
    f"{MIN_FRAME[0]}x{MIN_FRAME[1]} … {MAX_FRAME[0]}x{MAX_FRAME[1]} "
    f"(width {MIN_FRAME[0]} … {MAX_FRAME[0]}, height {MIN_FRAME[1]} … {MAX_FRAME[1]} pixels)"
)


SOURCE_SUFFIXES = (TIMELINE_SUFFIX, ".npz", ".log.toml", ".toml")
"""What a source's file name ends with: a timeline, a game log, a scenario."""


def source_stem(source: str) -> str:
    """A source's name without folder or suffix: ``bfm/loop`` → ``loop``,
    ``x/turn.furball.npz`` → ``turn``, ``my-game.log.toml`` → ``my-game`` (the name a
    command's default output takes)."""
    name = Path(source).name
    for suffix in SOURCE_SUFFIXES:
        name = name.removesuffix(suffix)
    return name
