"""A sweep's odds as a chart: for each outcome, the share of games in which it happened,
one bar per variation with its 95 % interval as a whisker; beside it the first shot's time.

Drawn on matplotlib's Agg canvas (no window), sized for a projector like the debrief chart
(:mod:`sim.debrief.charts`), with no software name or time in the PNG so the same odds give
the same bytes.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from sim.output_file import OutputFile

ODDS_PNG_SUFFIXES = (".png",)
DPI = 100
WIDTH_PX = 1600
ROW_PX = 34
FONT_PT = 14
BACKGROUND = "#ffffff"
PALETTE = ("#3a6fb0", "#c8553d", "#4d9a5a", "#8e5ea2", "#d19a1a", "#5b6770", "#2a9d9a")
"""One colour per variation (repeating after seven)."""


def _frequency_keys(results: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(key, words) of every frequency row, in the order the first variation has them."""
    seen: dict[str, str] = {}
    for result in results:
        for row in result["rows"]:
            if row["games"] is not None and row["key"] not in seen:
                seen[row["key"]] = row["outcome"]
    return list(seen.items())


def draw_odds(odds: dict[str, Any]) -> Figure:
    """The chart of an odds file's results."""
    results = odds["results"]
    keys = _frequency_keys(results)
    height_px = max(480, 160 + ROW_PX * len(keys) * max(1, len(results)) // 2 + ROW_PX * len(keys))
    figure = Figure(figsize=(WIDTH_PX / DPI, height_px / DPI), dpi=DPI, facecolor=BACKGROUND)
    FigureCanvasAgg(figure)
    grid = figure.add_gridspec(1, 2, width_ratios=(3, 1), wspace=0.35)
    odds_axes, time_axes = figure.add_subplot(grid[0]), figure.add_subplot(grid[1])
    count = max(1, len(results))
    bar = 0.8 / count
    rows = np.arange(len(keys))
    for number, result in enumerate(results):
        by_key = {row["key"]: row for row in result["rows"]}
        values, lows, highs = [], [], []
        for key, _ in keys:
            games = by_key.get(key, {}).get("games")
            value = 100.0 * games["value"] if games else np.nan
            values.append(value)
            lows.append(value - 100.0 * games["low"] if games else 0.0)
            highs.append(100.0 * games["high"] - value if games else 0.0)
        offset = (number - (count - 1) / 2) * bar
        odds_axes.barh(
            rows + offset,
            values,
            height=bar,
            xerr=[lows, highs],
            color=PALETTE[number % len(PALETTE)],
            error_kw={"elinewidth": 1.5, "capsize": 3, "ecolor": "#222222"},
            label=f"{result['label']} ({result['games']} games)",
        )
        times = [
            row for row in result["rows"] if row["key"] == "first_shot.t_s" and row["per_game"]
        ]
        if times:
            mean = times[0]["per_game"]
            low = mean["low"] if mean["low"] is not None else mean["value"]
            high = mean["high"] if mean["high"] is not None else mean["value"]
            time_axes.errorbar(
                [mean["value"]],
                [number],
                xerr=[[mean["value"] - low], [high - mean["value"]]],
                fmt="o",
                markersize=9,
                capsize=4,
                color=PALETTE[number % len(PALETTE)],
            )
    odds_axes.set_yticks(rows, [words for _, words in keys], fontsize=FONT_PT)
    odds_axes.invert_yaxis()
    odds_axes.set_xlim(0, 100)
    odds_axes.set_xlabel("games in which it happened (%), with 95 % intervals", fontsize=FONT_PT)
    odds_axes.tick_params(axis="x", labelsize=FONT_PT - 2)
    odds_axes.grid(axis="x", color="#dddddd")
    odds_axes.set_axisbelow(True)
    odds_axes.legend(fontsize=FONT_PT - 2, loc="lower right")
    time_axes.set_yticks(range(count), [r["label"] for r in results], fontsize=FONT_PT - 2)
    time_axes.set_ylim(count - 0.5, -0.5)
    time_axes.set_xlabel("first shot's time (s), mean", fontsize=FONT_PT)
    time_axes.tick_params(axis="x", labelsize=FONT_PT - 2)
    time_axes.grid(axis="x", color="#dddddd")
    seeds = odds["seeds"]
    figure.suptitle(
        f"{odds['scenario_name']}: seeds {seeds['first']}–{seeds['first'] + seeds['count'] - 1}",
        fontsize=FONT_PT + 4,
    )
    figure.subplots_adjust(left=0.25, right=0.97, top=1 - 70 / height_px, bottom=90 / height_px)
    return figure


def odds_png_bytes(odds: dict[str, Any]) -> bytes:
    """The chart as PNG bytes."""
    buffer = io.BytesIO()
    draw_odds(odds).savefig(
        buffer, format="png", dpi=DPI, facecolor=BACKGROUND, metadata={"Software": None}
    )
    return buffer.getvalue()


def odds_png(odds: dict[str, Any], output: OutputFile) -> None:
    """Write the chart to ``output``."""
    data = odds_png_bytes(odds)
    with output.writing() as partial:
        partial.write_bytes(data)
