"""95 % confidence intervals for what a sweep counts: a frequency (Wilson's score interval,
which stays inside 0–1 and behaves at 0 of 500) and a mean (Student's t)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scipy import stats as scipy_stats

CONFIDENCE = 0.95
Z_95 = float(scipy_stats.norm.ppf(0.5 + CONFIDENCE / 2))


@dataclass(frozen=True, slots=True)
class Estimate:
    """A frequency or a mean with its 95 % interval, over ``n`` games."""

    value: float
    low: float
    high: float
    n: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "value": round(self.value, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "n": self.n,
        }


def frequency(hits: int, n: int) -> Estimate:
    """``hits`` of ``n`` games, with Wilson's 95 % interval."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = hits / n
    z2 = Z_95 * Z_95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z_95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def mean(values: Sequence[float]) -> Estimate:
    """The mean with Student's t 95 % interval (no interval from one value)."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    average = statistics.fmean(values)
    if n == 1:
        return Estimate(average, math.nan, math.nan, 1)
    spread = statistics.stdev(values) / math.sqrt(n)
    half = float(scipy_stats.t.ppf(0.5 + CONFIDENCE / 2, n - 1)) * spread
    return Estimate(average, average - half, average + half, n)
