"""A sweep's totals as the terminal shows them: per variation, each outcome's share of
games and count per game with their 95 % intervals, the games that raised, and the command
that replays one game of it."""

from __future__ import annotations

import math
from typing import Any

ROW_WIDTH = 40


def _estimate(value: dict[str, Any] | None, percent: bool) -> str:
    if value is None or value["value"] is None or not math.isfinite(value["value"]):
        return ""
    scale, unit = (100.0, " %") if percent else (1.0, "")
    centre = value["value"] * scale
    digits = 1 if percent or abs(centre) < 100 else 0
    low, high = value["low"], value["high"]
    if low is None or not math.isfinite(low):
        return f"{centre:.{digits}f}{unit}"
    return f"{centre:.{digits}f}{unit} [{low * scale:.{digits}f}–{high * scale:.{digits}f}]"


def result_lines(result: dict[str, Any], replay: str) -> list[str]:
    """One variation's block."""
    lines = [f"{result['label']}: {result['games']} games"]
    header = f"  {'outcome':<{ROW_WIDTH}} {'games [95 % CI]':<24} per game [95 % CI]"
    lines.append(header)
    for row in result["rows"]:
        games = _estimate(row["games"], percent=True)
        per_game = _estimate(row["per_game"], percent=False)
        if row["median"] is not None:
            per_game += f", median {row['median']:g}"
        lines.append(f"  {row['outcome']:<{ROW_WIDTH}} {games:<24} {per_game}".rstrip())
    errors = result["errors"]
    if errors:
        seeds = ", ".join(str(e["seed"]) for e in errors[:8])
        more = f" and {len(errors) - 8} more" if len(errors) > 8 else ""
        lines.append(f"  {len(errors)} games raised (seeds {seeds}{more}): {errors[0]['error']}")
    lines.append(f"  one game again: {replay}")
    return lines
