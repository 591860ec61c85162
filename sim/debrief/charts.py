"""The debrief chart: an aircraft's series against time, one panel above another, as a PNG.

Panels share the time axis: a strip of the shots, hits and kills between the two
aircraft, then altitude, true airspeed, load, ``E_s``, ``P_s`` and fuel (the aircraft a
thick solid line, its opponent a thinner dashed one, each in its side's colour), then the
range and the angles between them (ATA off the aircraft's nose, AA off the opponent's
tail).  Game-turn boundaries are faint vertical lines and every shot a dotted one.  A
panel whose series the timeline lacks is left out.

Sized for a classroom projector: 1920×1440 pixels by default, text of 18 pt at 100 dpi
(about 25 px).  Drawn with matplotlib's Agg canvas, never pyplot, so no window or
backend is involved; the PNG carries no software name or time, so the same timeline gives
the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import FuncFormatter, MaxNLocator

from models.timeline import Timeline
from sim.debrief.series import AircraftSeries, aircraft_series
from sim.debrief.shot_log import ShotRecord, shot_log
from sim.debrief.shot_outcomes import category, is_hit
from sim.view.layer import side_colour

CHART_SIZE_PX = (1920, 1440)
DPI = 100
FONT_PT = 18
TITLE_PT = 22
TICK_PT = 16
OWN_WIDTH, OTHER_WIDTH = 3.2, 2.2
TURN_LINE_COLOUR = "#9aa3ad"
HEADROOM = 0.4
"""Each panel's value range is stretched upward by this fraction, so its title sits clear
of the lines."""
BACKGROUND = "#ffffff"
MOST_TURN_LINES = 80
"""More game-turns than this and only every n-th boundary is drawn."""


@dataclass(frozen=True, slots=True)
class Panel:
    """One stacked plot: its title and the series it draws."""

    title: str
    series: tuple[str, ...]
    pair: bool = False
    """Geometry between the two aircraft (drawn once), not a quantity of each."""


PANELS = (
    Panel("Altitude (ft)", ("alt_ft",)),
    Panel("True airspeed (kt)", ("tas_kt",)),
    Panel("Load (G)", ("load_g",)),
    Panel("Energy height E_s (ft)", ("es_ft",)),
    Panel("Excess power P_s (ft/s)", ("ps_fps",)),
    Panel("Fuel", ("fuel",)),
    Panel("Range (ft)", ("range_ft",), pair=True),
    Panel(
        "ATA off its nose, solid; AA off the target's tail, dashed (°)",
        ("ata_deg", "aa_deg"),
        pair=True,
    ),
)
STRIP_ROWS = {"shot": 2.0, "result": 1.0, "kill": 0.0}
"""Heights in the shot strip: shots on top, their results, kills below."""


def _rgb(side: str) -> tuple[float, float, float]:
    return side_colour(side)


def _tick_label(value: float, _position: int) -> str:
    """``19,500``; ``34.5``; ``-800``."""
    if abs(value) >= 100 or float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:g}"


class _Chart:
    """Draws one chart onto a figure."""

    def __init__(
        self,
        timeline: Timeline,
        own: AircraftSeries,
        other: AircraftSeries | None,
        series_names: tuple[str, ...] | None = None,
        compact: bool = False,
    ) -> None:
        self.timeline = timeline
        self.own, self.other = own, other
        self.series_names = series_names
        self.compact = compact
        """A small page (the window's): a short title, a wider margin for the ticks."""
        """Only the panels drawing one of these (a page of the window's charts); None: all."""
        self.sides = {e.id: e.side for e in timeline.meta.entities}
        self.names = {e.id: e.callsign for e in timeline.meta.entities}

    def colour(self, entity: str) -> tuple[float, float, float]:
        return _rgb(self.sides.get(entity, ""))

    def panels(self) -> list[Panel]:
        return [
            p
            for p in PANELS
            if any(self.own.get(name) is not None for name in p.series)
            and (self.series_names is None or set(p.series) & set(self.series_names))
        ]

    def draw(self, figure: Figure) -> list[Axes]:
        """Draw the chart; its axes, the shot strip first."""
        panels = self.panels()
        ratios = [0.7, *([1.0] * len(panels))]
        axes = figure.subplots(
            len(ratios), 1, sharex=True, gridspec_kw={"height_ratios": ratios, "hspace": 0.12}
        )
        axes_list: list[Axes] = list(np.atleast_1d(axes))
        if self.compact:
            figure.subplots_adjust(left=0.13, right=0.985, top=0.86, bottom=0.12)
        else:
            figure.subplots_adjust(left=0.085, right=0.985, top=0.905, bottom=0.065)
        records = self.records()
        self.strip(axes_list[0], records)
        for ax, panel in zip(axes_list[1:], panels, strict=True):
            self.panel(ax, panel)
        t = self.own.t_s
        end_s = float(t[-1]) if len(t) else 1.0
        for ax in axes_list:
            self.turn_lines(ax, end_s)
            for record in records:
                if category(record) == "shot":
                    ax.axvline(
                        record.t_s,
                        color=self.colour(record.shooter),
                        linestyle=":",
                        linewidth=1.6,
                        alpha=0.8,
                        zorder=1,
                    )
            ax.tick_params(labelsize=TICK_PT)
            ax.grid(axis="y", color="#dde2ea", linewidth=0.8)
            ax.set_xlim(0.0, max(end_s, 1e-3))
        axes_list[-1].set_xlabel(f"time (s); faint lines: {self.turn_word()}s", fontsize=FONT_PT)
        self.title(figure)
        return axes_list

    def turn_word(self) -> str:
        return self.timeline.meta.turn_word or "turn"

    def turn_lines(self, ax: Axes, end_s: float) -> None:
        turn_s = self.timeline.meta.tick_s * self.timeline.meta.ticks_per_turn
        if turn_s <= 0 or not math.isfinite(end_s):
            return
        count = int(end_s // turn_s)
        step = max(1, math.ceil(count / MOST_TURN_LINES))
        for k in range(step, count + 1, step):
            ax.axvline(k * turn_s, color=TURN_LINE_COLOUR, linewidth=0.8, alpha=0.5, zorder=0)

    def title(self, figure: Figure) -> None:
        meta = self.timeline.meta
        own = self.names.get(self.own.entity, self.own.entity)
        against = self.own.against
        versus = f" against {self.names.get(against, against)}" if against else ""
        where = "" if self.compact else f" — {meta.scenario}, seed {meta.seed}"
        figure.suptitle(f"{own}{versus}{where}", fontsize=TITLE_PT, fontweight="bold", y=0.985)
        handles = [
            Line2D([], [], color=self.colour(self.own.entity), linewidth=OWN_WIDTH, label=own)
        ]
        if against:
            handles.append(
                Line2D(
                    [],
                    [],
                    color=self.colour(against),
                    linewidth=OTHER_WIDTH,
                    linestyle="--",
                    label=self.names.get(against, against),
                )
            )
        markers = (
            () if self.compact else (("^", "shot"), ("X", "hit"), ("o", "miss"), ("*", "kill"))
        )
        for marker, label in markers:
            handles.append(
                Line2D(
                    [],
                    [],
                    color="#3b4556",
                    marker=marker,
                    linestyle="",
                    markersize=14,
                    markerfacecolor="none" if marker == "o" else "#3b4556",
                    label=label,
                )
            )
        figure.legend(
            handles=handles,
            loc="upper center",
            ncol=len(handles),
            fontsize=FONT_PT,
            frameon=False,
            bbox_to_anchor=(0.5, 0.93 if self.compact else 0.955),
        )

    def records(self) -> list[ShotRecord]:
        pair = {self.own.entity, self.own.against}
        return [
            r
            for r in shot_log(self.timeline)
            if r.shooter in pair and (r.target in pair or not r.target)
        ]

    def strip(self, ax: Axes, records: Sequence[ShotRecord]) -> None:
        ax.set_ylim(-0.7, 2.8)
        ax.set_yticks(list(STRIP_ROWS.values()), ["shots", "results", "kills"])
        for record in records:
            kind = category(record)
            colour = self.colour(record.shooter)
            if kind == "kill":
                ax.plot([record.t_s], [STRIP_ROWS["kill"]], marker="*", markersize=26, color=colour)
                continue
            if kind == "shot":
                ax.plot([record.t_s], [STRIP_ROWS["shot"]], marker="^", markersize=16, color=colour)
                ax.annotate(
                    record.weapon or record.what,
                    (record.t_s, STRIP_ROWS["shot"]),
                    xytext=(10, -6),
                    textcoords="offset points",
                    fontsize=TICK_PT - 2,
                    color=colour,
                )
                carries_outcome = record.outcome == "miss" or is_hit(record)
                if not carries_outcome:
                    continue  # a launch: its missile's result is a record of its own
            hit = is_hit(record)
            ax.plot(
                [record.t_s],
                [STRIP_ROWS["result"]],
                marker="X" if hit else "o",
                markersize=16,
                color=colour,
                markerfacecolor=colour if hit else "none",
                markeredgewidth=2.0,
            )

    def panel(self, ax: Axes, panel: Panel) -> None:
        ax.text(
            0.005,
            0.93,
            panel.title.replace("Fuel", self.fuel_title()),
            transform=ax.transAxes,
            fontsize=FONT_PT,
            fontweight="bold",
            va="top",
            bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 2},
            zorder=5,
        )
        t = self.own.t_s
        if panel.pair:
            styles = {"ata_deg": "-", "aa_deg": "--", "range_ft": "-"}
            owners = {"ata_deg": self.own.entity, "range_ft": self.own.entity}
            for name in panel.series:
                found = self.own.get(name)
                if found is None:
                    continue
                entity = owners.get(name, self.own.against or self.own.entity)
                ax.plot(
                    t,
                    found.values,
                    color=self.colour(entity),
                    linewidth=OWN_WIDTH if styles[name] == "-" else OTHER_WIDTH,
                    linestyle=styles[name],
                    label=found.label,
                )
            if "ata_deg" in panel.series:
                ax.set_ylim(0, 180 * (1 + HEADROOM))
                ax.set_yticks([0, 45, 90, 135, 180])
        else:
            for series, width, style in (
                (self.own, OWN_WIDTH, "-"),
                (self.other, OTHER_WIDTH, "--"),
            ):
                if series is None:
                    continue
                found = series.get(panel.series[0])
                if found is not None:
                    ax.plot(
                        t,
                        found.values,
                        color=self.colour(series.entity),
                        linewidth=width,
                        linestyle=style,
                    )
            ax.yaxis.set_major_locator(MaxNLocator(nbins=4))
        if "ata_deg" not in panel.series:
            low, high = ax.get_ylim()
            ax.set_ylim(low, high + (high - low) * HEADROOM)
            ax.yaxis.set_major_locator(MaxNLocator(nbins=4))
        ax.yaxis.set_major_formatter(FuncFormatter(_tick_label))

    def fuel_title(self) -> str:
        fuel = self.own.get("fuel")
        return f"Fuel ({fuel.unit})" if fuel is not None and fuel.unit else "Fuel"


def draw_chart(
    timeline: Timeline,
    entity_id: str,
    against: str | None = None,
    size_px: tuple[int, int] = CHART_SIZE_PX,
) -> Figure:
    """The chart of ``entity_id`` against ``against`` (its default opponent when None) as a
    matplotlib figure on an Agg canvas."""
    own = aircraft_series(timeline, entity_id, against)
    other = (
        aircraft_series(timeline, own.against, opponent=False) if own.against is not None else None
    )
    width, height = size_px
    figure = Figure(figsize=(width / DPI, height / DPI), dpi=DPI, facecolor=BACKGROUND)
    FigureCanvasAgg(figure)
    _Chart(timeline, own, other).draw(figure)
    return figure


def chart_png(
    timeline: Timeline,
    entity_id: str,
    against: str | None = None,
    size_px: tuple[int, int] = CHART_SIZE_PX,
) -> bytes:
    """The chart as PNG bytes of exactly ``size_px``, the same bytes for the same input."""
    figure = draw_chart(timeline, entity_id, against, size_px)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, facecolor=BACKGROUND, metadata={"Software": None})
    return buffer.getvalue()


NOT_RECORDED = "not recorded by this rule set"


@dataclass(frozen=True, slots=True)
class ChartPage:
    """Some panels of the chart drawn as pixels, and where its time axis lies on them."""

    rgba: npt.NDArray[np.uint8]
    """(height, width, 4), top row first."""
    t0_s: float
    t1_s: float
    x0: float
    """The time axis' left end as a fraction of the image's width (``t0_s`` there)."""
    x1: float
    drawn: bool
    """False when the rule set records none of the page's series (the image says so)."""


def draw_page(
    timeline: Timeline,
    entity_id: str,
    against: str | None,
    series_names: tuple[str, ...],
    size_px: tuple[int, int],
    dpi: float = DPI,
) -> ChartPage:
    """The chart's panels that draw ``series_names`` (with the shot strip), at ``size_px``
    and ``dpi`` (lower to draw the fonts smaller): the window's chart pages."""
    own = aircraft_series(timeline, entity_id, against)
    other = (
        aircraft_series(timeline, own.against, opponent=False) if own.against is not None else None
    )
    width, height = size_px
    figure = Figure(figsize=(width / dpi, height / dpi), dpi=dpi, facecolor=BACKGROUND)
    canvas = FigureCanvasAgg(figure)
    chart = _Chart(timeline, own, other, series_names, compact=True)
    t = own.t_s
    end_s = float(t[-1]) if len(t) else 1.0
    if chart.panels():
        axes = chart.draw(figure)
        box = axes[-1].get_position()
        x0, x1, drawn = float(box.x0), float(box.x1), True
    else:
        figure.text(0.5, 0.5, NOT_RECORDED, ha="center", va="center", fontsize=FONT_PT)
        x0, x1, drawn = 0.0, 1.0, False
    canvas.draw()  # type: ignore[no-untyped-call]
    rgba = np.asarray(canvas.buffer_rgba(), dtype=np.uint8).copy()  # type: ignore[no-untyped-call]
    return ChartPage(rgba, 0.0, max(end_s, 1e-3), x0, x1, drawn)
