"""The energy strip chart: specific energy ``E_s`` and specific excess power ``P_s`` of the
selected aircraft and its target, a minute of them around now.

A dark panel under the game clock with two plots sharing a time axis, ``E_s`` (ft) above
``P_s`` (ft/s) below, each aircraft a thick line in its side's colour made lighter; a white
cursor at now, with the quarter minute still to come shaded; faint lines at game-turn
boundaries; the axes' ends written on the left, and each aircraft's values now and the
lead in energy on the right.  The numbers come from :class:`sim.energy.EnergyHistory`.

Sizes are aspect2d units (two units top to bottom): the values are 0.055 high, about 30 px
at 1080p, so they read from a few metres.  Lines are quads (line widths above one pixel are
not portable); their vertex buffer is rewritten in place each frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath

from sim.energy import EnergyHistory
from sim.snapshot import EntityState
from sim.view.ground import make_geom_node, quad_indices
from sim.view.hud.panels import CAPTION, TEXT_SMALL, Label, Shapes, backing, make_root
from sim.view.layer import side_colour

FLOATS_PER_VERTEX = 7
FloatArray = npt.NDArray[np.float64]

PAST_S, AHEAD_S = 45.0, 15.0
"""The window: this long before now and after it."""
PANEL = (-0.98, 0.42, 0.98, 0.85)
"""Panel left, bottom, right, top in aspect2d (under the game clock)."""
PARKED = (-0.70, 0.0, 0.6)
"""Where unused and collapsed line vertices wait: inside the panel, so the chart's bounds
are its panel's."""
PLOT_X = (-0.70, 0.30)
E_PLOT = (0.635, 0.775)
P_PLOT = (0.455, 0.58)
"""Bottom and top of each plot."""
AXIS_X = -0.725
"""Axis labels end here (right-aligned)."""
LEGEND_X = 0.36
LEGEND_Z = (0.735, 0.68, 0.605, 0.55, 0.465)
"""Baselines of the legend's lines: own name and values, target's, the lead in E_s."""
LINE_WIDTH = (0.011, 0.009)
"""The selected aircraft's line, then the target's."""
CURSOR_WIDTH = 0.006
GRID_COLOUR = (0.6, 0.68, 0.78, 0.28)
ZERO_COLOUR = (0.85, 0.88, 0.92, 0.6)
FRAME_COLOUR = (0.06, 0.08, 0.11, 0.85)
FUTURE_SHADE = (0.02, 0.03, 0.05, 0.55)
BACKING_COLOUR = (0.02, 0.03, 0.05, 0.78)
LIGHTEN = 0.4
TEXT_VALUE = 0.055
TEXT_AXIS = 0.045
GRID_LINES = 12
"""Game-turn lines drawn at most (a minute holds ten turns of 6 s)."""
MOST_STEPS = 8
"""Axis ends are whole steps, of the smallest step size that needs no more than this many."""
E_STEPS = (100.0, 200.0, 250.0, 500.0, 1000.0, 2000.0, 2500.0, 5000.0, 10000.0, 20000.0)
P_STEPS = (10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0)


def lighter(side: str) -> tuple[float, float, float, float]:
    r, g, b = side_colour(side)
    return (r + (1 - r) * LIGHTEN, g + (1 - g) * LIGHTEN, b + (1 - b) * LIGHTEN, 1.0)


def nice_bounds(
    low: float, high: float, least_span: float, steps: tuple[float, ...]
) -> tuple[float, float]:
    """``low`` and ``high`` widened to whole steps of the smallest size giving at most
    :data:`MOST_STEPS` steps, spanning at least ``least_span`` (centred on the data)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return (0.0, least_span)
    if high - low < least_span:
        middle = (low + high) / 2
        low, high = middle - least_span / 2, middle + least_span / 2
    for step in steps:
        lo, hi = math.floor(low / step) * step, math.ceil(high / step) * step
        if (hi - lo) / step <= MOST_STEPS:
            return lo, hi
    step = steps[-1]
    return math.floor(low / step) * step, math.ceil(high / step) * step


def window_s(now_s: float, start_s: float, end_s: float) -> tuple[float, float]:
    """The minute shown: :data:`PAST_S` before now to :data:`AHEAD_S` after, slid to stay
    inside the replay (the whole replay when it is shorter)."""
    span = PAST_S + AHEAD_S
    if end_s - start_s <= span:
        return start_s, max(end_s, start_s + 1e-6)
    t_from = min(max(now_s - PAST_S, start_s), end_s - span)
    return t_from, t_from + span


def thick_segments(x: FloatArray, y: FloatArray, width: float) -> FloatArray:
    """Quads (n−1, 4, 3) along a polyline in aspect2d (x, 0, y), ``width`` across; a quad
    with a NaN end is collapsed to the origin."""
    dx, dy = np.diff(x), np.diff(y)
    length = np.hypot(dx, dy)
    length[length < 1e-9] = 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    a = np.stack([x[:-1], np.zeros_like(dx), y[:-1]], 1)
    b = np.stack([x[1:], np.zeros_like(dx), y[1:]], 1)
    off = np.stack([nx, np.zeros_like(dx), ny], 1)
    quads = np.stack([a - off, b - off, b + off, a + off], 1)
    quads[~np.isfinite(quads).all(axis=(1, 2))] = PARKED
    return quads


class EnergyChart:
    """The strip chart for one pair, under ``parent`` (aspect2d)."""

    def __init__(self, parent: NodePath, history: EnergyHistory) -> None:
        self.history = history
        self.root = make_root(parent, "energy-chart")
        self.root.setBin("fixed", 12)
        steps = np.diff(history.t_s)
        tick_s = float(steps[steps > 0].min()) if (steps > 0).any() else 1.0
        ticks = math.ceil((PAST_S + AHEAD_S) / tick_s) + 4
        self.capacity = ticks
        """Segments per line."""
        self.plot_x = PLOT_X
        """The plots' left and right ends (narrower on a narrow screen)."""
        self.panel = PANEL
        """The panel's left, bottom, right and top."""
        self._static: NodePath | None = None
        self._build_static()
        self.grid = self._quads("grid", 2 * GRID_LINES + 1)
        self.lines = self._quads("lines", 4 * ticks)
        future = Shapes()
        for bottom, top in (E_PLOT, P_PLOT):
            future.rect(0.0, bottom, 1.0, top, FUTURE_SHADE)
        self.future = future.attach(self.root, "future")
        cursor = Shapes()
        cursor.rect(
            -CURSOR_WIDTH / 2, P_PLOT[0] - 0.01, CURSOR_WIDTH / 2, E_PLOT[1] + 0.01, (1, 1, 1, 0.95)
        )
        self.cursor = cursor.attach(self.root, "cursor")
        self._build_labels()
        self._key: tuple[float, str, str] | None = None
        self.values: dict[str, tuple[float, float]] = {}
        """``(E_s, P_s)`` now of the two aircraft drawn (what the tests read)."""
        self.root.hide()

    def _build_static(self) -> None:
        if self._static is not None:
            self._static.removeNode()
        self._static = self.root.attachNewNode("static")
        self._static.setBin("fixed", 11)  # under the lines, labels and cursor
        backing(self._static, "backing", *self.panel, colour=BACKING_COLOUR)
        frames = Shapes()
        for bottom, top in (E_PLOT, P_PLOT):
            frames.rect(self.plot_x[0], bottom, self.plot_x[1], top, FRAME_COLOUR)
        frames.attach(self._static, "frames")

    def set_plot_width(self, width: float) -> None:
        """Draw the plots ``width`` wide (1.0 by design; less on a narrow screen), the
        panel and the legend moving in with their right end."""
        width = min(max(width, 0.3), PLOT_X[1] - PLOT_X[0])
        if abs(width - (self.plot_x[1] - self.plot_x[0])) < 1e-6:
            return
        shift = PLOT_X[1] - PLOT_X[0] - width
        self.plot_x = (PLOT_X[0], PLOT_X[0] + width)
        self.panel = (PANEL[0], PANEL[1], PANEL[2] - shift, PANEL[3])
        self._build_static()
        for label, z in zip(self._legend_labels, LEGEND_Z, strict=True):
            label.node.setPos(LEGEND_X - shift, 0, z)
        self._key = None  # draw the lines again

    def _quads(self, name: str, count: int) -> NodePath:
        node = make_geom_node(
            f"energy-{name}",
            np.tile(PARKED, (count * 4, 1)),
            "triangles",
            indices=quad_indices(count),
            colours=np.zeros((count * 4, 4)),
            dynamic=True,
        )
        return self.root.attachNewNode(node)

    def _build_labels(self) -> None:
        def axis(name: str, text: str, z: float) -> Label:
            return Label(
                self.root,
                name,
                text,
                scale=TEXT_AXIS,
                pos=(AXIS_X, z),
                colour=CAPTION,
                align="right",
            )

        self.e_top = axis("e-top", "", E_PLOT[1] - 0.035)
        self.e_bottom = axis("e-bottom", "", E_PLOT[0])
        self.p_top = axis("p-top", "", P_PLOT[1] - 0.035)
        self.p_bottom = axis("p-bottom", "", P_PLOT[0])
        axis("e-caption", "Es ft", (E_PLOT[0] + E_PLOT[1]) / 2 - 0.018)
        axis("p-caption", "Ps ft/s", (P_PLOT[0] + P_PLOT[1]) / 2 - 0.018)
        top = PANEL[3] - 0.055
        Label(
            self.root,
            "title",
            f"ENERGY  last {PAST_S:.0f} s, next {AHEAD_S:.0f} s",
            scale=TEXT_SMALL,
            pos=(PLOT_X[0], top),
            colour=CAPTION,
        )
        own_name, own_values, target_name, target_values, lead = (
            Label(self.root, name, "", scale=TEXT_VALUE, pos=(LEGEND_X, z))
            for name, z in zip(
                ("own-name", "own-values", "target-name", "target-values", "lead"),
                LEGEND_Z,
                strict=True,
            )
        )
        self._legend_labels = (own_name, own_values, target_name, target_values, lead)
        self.own_name, self.own_values = own_name, own_values
        self.target_name, self.target_values = target_name, target_values
        self.advantage = lead

    @staticmethod
    def _write(path: NodePath, quads: FloatArray, colours: FloatArray) -> None:
        array = path.node().modifyGeom(0).modifyVertexData().modifyArray(0)
        view = np.frombuffer(memoryview(array), dtype=np.float32).reshape(-1, FLOATS_PER_VERTEX)
        used = len(quads) * 4
        view[:used, 0:3] = quads.reshape(-1, 3)
        view[:used, 3:7] = np.repeat(colours, 4, axis=0)
        view[used:, 0:3] = PARKED
        view[used:, 6] = 0.0

    def draw(self, own: EntityState, target: EntityState, now_s: float, turn_s: float) -> None:
        key = (round(now_s, 4), own.id, target.id)
        self.root.show()
        if key == self._key:
            return
        self._key = key
        h = self.history
        rows = [h.index(own.id), h.index(target.id)]
        t_from, t_to = window_s(now_s, float(h.t_s[0]), float(h.t_s[-1]))
        span = h.window(t_from, t_to)
        inside = h.t_s[span]
        times = np.concatenate([[t_from], inside[(inside > t_from) & (inside < t_to)], [t_to]])
        es = np.stack([np.interp(times, h.t_s, h.es_ft[r]) for r in rows])
        ps = np.stack([np.interp(times, h.t_s, h.ps_fps[r]) for r in rows])
        e_lo, e_hi = nice_bounds(
            float(np.nanmin(es, initial=np.inf)),
            float(np.nanmax(es, initial=-np.inf)),
            1000.0,
            E_STEPS,
        )
        finite_ps = ps[np.isfinite(ps)]
        p_lo = min(float(finite_ps.min()), 0.0) if finite_ps.size else -100.0
        p_hi = max(float(finite_ps.max()), 0.0) if finite_ps.size else 100.0
        p_lo, p_hi = nice_bounds(p_lo, p_hi, 100.0, P_STEPS)

        plot_x = self.plot_x

        def x_of(t: FloatArray | float) -> FloatArray:
            u = (np.asarray(t, dtype=np.float64) - t_from) / (t_to - t_from)
            out: FloatArray = plot_x[0] + (plot_x[1] - plot_x[0]) * np.clip(u, 0.0, 1.0)
            return out

        def y_of(v: FloatArray, lo: float, hi: float, plot: tuple[float, float]) -> FloatArray:
            out: FloatArray = plot[0] + (plot[1] - plot[0]) * np.clip((v - lo) / (hi - lo), 0, 1)
            return out

        x = x_of(times)
        colours = [lighter(own.side), lighter(target.side)]
        quads: list[FloatArray] = []
        rgba: list[FloatArray] = []
        # The target first, so the selected aircraft's line is drawn over it.
        for k in (1, 0):
            for values, lo, hi, plot in ((es[k], e_lo, e_hi, E_PLOT), (ps[k], p_lo, p_hi, P_PLOT)):
                y = np.where(np.isfinite(values), y_of(values, lo, hi, plot), np.nan)
                segment = thick_segments(x, y, LINE_WIDTH[k])
                quads.append(segment)
                rgba.append(np.tile(colours[k], (len(segment), 1)))
        self._write(self.lines, np.concatenate(quads), np.concatenate(rgba))
        self._draw_grid(t_from, t_to, turn_s, x_of, y_of(np.array([0.0]), p_lo, p_hi, P_PLOT)[0])
        now_x = float(x_of(now_s))
        self.cursor.setX(now_x)
        self.future.setX(now_x)
        self.future.setSx(max(plot_x[1] - now_x, 1e-4))
        self._draw_labels(own, target, now_s, (e_lo, e_hi, p_lo, p_hi), colours)

    def _draw_grid(
        self,
        t_from: float,
        t_to: float,
        turn_s: float,
        x_of: Callable[[float], FloatArray],
        zero_y: float,
    ) -> None:
        quads: list[FloatArray] = []
        if turn_s > 0:
            first = math.ceil(t_from / turn_s - 1e-9)
            turns = np.arange(first, first + GRID_LINES) * turn_s
            turns = turns[turns <= t_to + 1e-9]
            for plot in (E_PLOT, P_PLOT):
                for t in turns:
                    xx = float(x_of(t))
                    quads.append(
                        np.array(
                            [
                                [xx - 0.0015, 0, plot[0]],
                                [xx + 0.0015, 0, plot[0]],
                                [xx + 0.0015, 0, plot[1]],
                                [xx - 0.0015, 0, plot[1]],
                            ]
                        )
                    )
        colours = [GRID_COLOUR] * len(quads)
        zero = np.array(
            [
                [self.plot_x[0], 0, zero_y - 0.002],
                [self.plot_x[1], 0, zero_y - 0.002],
                [self.plot_x[1], 0, zero_y + 0.002],
                [self.plot_x[0], 0, zero_y + 0.002],
            ]
        )
        quads = [zero, *quads[: 2 * GRID_LINES]]
        colours = [ZERO_COLOUR, *colours[: 2 * GRID_LINES]]
        self._write(self.grid, np.stack(quads), np.asarray(colours))

    def _draw_labels(
        self,
        own: EntityState,
        target: EntityState,
        now_s: float,
        bounds: tuple[float, float, float, float],
        colours: list[tuple[float, float, float, float]],
    ) -> None:
        e_lo, e_hi, p_lo, p_hi = bounds
        self.e_top.set(f"{e_hi:,.0f}")
        self.e_bottom.set(f"{e_lo:,.0f}")
        self.p_top.set(f"{p_hi:+,.0f}")
        self.p_bottom.set(f"{p_lo:+,.0f}")
        own_now = self.history.at(own.id, now_s)
        target_now = self.history.at(target.id, now_s)
        self.values = {own.id: own_now, target.id: target_now}
        for name, values, state, colour, now in (
            (self.own_name, self.own_values, own, colours[0], own_now),
            (self.target_name, self.target_values, target, colours[1], target_now),
        ):
            name.set((state.callsign or state.id).upper())
            name.set_colour(colour)
            values.set(value_text(*now))
        diff = own_now[0] - target_now[0]
        self.advantage.set(f"Es lead {diff:+,.0f} ft" if math.isfinite(diff) else "")

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.root.removeNode()


def value_text(es_ft: float, ps_fps: float) -> str:
    """``31,250 ft  +120 ft/s`` (dashes out of play)."""
    if not (math.isfinite(es_ft) and math.isfinite(ps_fps)):
        return "—"
    return f"{es_ft:,.0f} ft  {ps_fps:+,.0f} ft/s"
