"""The debrief sheet's odds: what a sweep of seeds (``furball odds``) says tends to happen
from this set-up, as the terminal's table per variation and the odds chart."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from sim.odds.charts import odds_png_bytes
from sim.report.page import figure


def _cell(estimate: dict[str, Any] | None, percent: bool) -> str:
    if estimate is None or estimate["value"] is None or not math.isfinite(estimate["value"]):
        return ""
    scale, unit = (100.0, " %") if percent else (1.0, "")
    value = f"{estimate['value'] * scale:.1f}{unit}"
    low, high = estimate["low"], estimate["high"]
    if low is None or not math.isfinite(low):
        return value
    return f"{value} [{low * scale:.1f}–{high * scale:.1f}]"


def odds_section(odds: dict[str, Any]) -> str:
    """The section's HTML: a table per variation, then the chart."""
    seeds = odds["seeds"]
    last = seeds["first"] + seeds["count"] - 1
    parts = [
        "<h2>The odds</h2>",
        f"<p>{escape(odds['scenario_name'])} played for seeds {seeds['first']}–{last}"
        f"{'' if odds.get('complete') else ' (the sweep was not finished)'}: each outcome's "
        "share of games and count per game, with 95 % confidence intervals.</p>",
    ]
    head = "<tr><th>Outcome</th><th>Games [95 % CI]</th><th>Per game [95 % CI]</th></tr>"
    for result in odds["results"]:
        rows = "".join(
            f"<tr><td>{escape(row['outcome'])}</td>"
            f"<td class='num'>{escape(_cell(row['games'], True))}</td>"
            f"<td class='num'>{escape(_cell(row['per_game'], False))}</td></tr>"
            for row in result["rows"]
        )
        errors = result.get("errors") or []
        note = f" · {len(errors)} games raised" if errors else ""
        parts.append(
            f"<h3>{escape(result['label'])}: {result['games']} games{note}</h3>"
            f"<table>{head}{rows}</table>"
        )
    caption = "Games in which each outcome happened, per variation, with 95 % intervals"
    parts.append(figure(odds_png_bytes(odds), caption, caption))
    return "".join(parts)
