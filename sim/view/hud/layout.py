"""Where the HUD's panels go on a screen of any shape: a search over arrangements.

Every panel is a rectangle of a known size at the HUD's scale ``u`` (aspect2d units; the
text is ``TEXT_SMALL * u`` high).  :func:`plan` tries the arrangements in order of
preference (gauges in two columns or four, the row panels (sensors, status, …) stacked or
in columns side by side, the clock above the corner stacks or pushing them down, the event
ticker between the throttle and the PHAD, above the throttle or under the clock, the PHAD's
legend left of it or above it, and with the instructor's energy chart under the clock or
across the screen) at the largest scale that keeps the smallest text at least
``MIN_TEXT_PX`` pixels, then at smaller scales, and takes the first where every rectangle
is inside the screen, clear of every other and above the scrub bar; in the cockpit's
prominent layout also clear of the middle of the view (:func:`clear_middle`).  No Panda3D
here: the rectangles are computed from the panels' sizes, which :class:`Sizes` holds.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field

from sim.view.hud.screen import LEAST_TEXT_PX, Screen

Box = tuple[float, float, float, float]
"""left, right, bottom, top in aspect2d units."""

MARGIN = 0.035
"""Between the screen's edges and the panels (aspect2d units)."""
GAP = 0.02
"""Between neighbouring panels, at the HUD's scale."""
COMPACT_SCALE = 0.9
"""The HUD's design scale: panels at this fraction of their design size (text 0.045 high,
24 px at 1080p), larger where the window is small, smaller where the shape leaves no room."""
LEAST_SCALE_SHARE = 0.45
"""The search goes down to this share of the wanted scale before giving up."""
SCALE_STEP = 0.95
COMPACT_RADIUS, PROMINENT_RADIUS = 0.45, 0.52
"""The PHAD disc's radius at scale 1: the cockpit's layout draws it larger."""
NARROW_SCREEN_ASPECT = 1.5
"""Screens narrower than this (4:3, 5:4, portrait) try the compact PHAD's legend above the
disc first."""
TICKER_CHOICES = (66, 56, 48, 40, 36, 32)
"""The event ticker's row widths tried, in its widest characters, widest first."""
CHART_LEFT, CHART_RIGHT, CHART_BOTTOM, CHART_TOP = -0.98, 0.98, 0.42, 0.85
CHART_TEXT = 0.045
"""The energy chart's panel round its origin and its smallest text at scale 1."""
CHART_PLOT_WIDTHS = (1.0, 0.75, 0.5)
"""The chart's plot widths tried: its design width, then narrower (the panel with it)."""
CLEAR_SHARE, CLEAR_SIDE_ROOM = 0.35, 0.75
CLEAR_BOTTOM, CLEAR_TOP, CLEAR_TOP_CHARTED = -0.35, 0.55, 0.35
"""The middle of the view that the cockpit layout keeps clear, where the bandit is looked
for: ``CLEAR_SHARE`` of the width either side of the centre, but leaving the corner panels
``CLEAR_SIDE_ROOM`` at each side, from ``CLEAR_BOTTOM`` to ``CLEAR_TOP`` (aspect2d units,
the screen's shorter side spanning two); the energy chart's strip under the clock may
reach down to ``CLEAR_TOP_CHARTED``."""


@dataclass(frozen=True, slots=True)
class Sizes:
    """The panels' sizes at scale 1 (aspect2d units), as the HUD measured them."""

    header: tuple[float, float]
    """Width and height (the origin is the top-left corner)."""
    panels: tuple[tuple[str, float, float], ...]
    """The row panels' keys, widths and heights in reading order (each one's origin is its
    top-left corner); they stack at the top right, or stand in columns side by side."""
    throttle: tuple[float, float] | None
    """(the origin is the bottom-left corner); None when the HUD has no throttle."""
    tile: tuple[float, float, float]
    """A gauge tile's width and height and the gap between tiles."""
    gauges: int
    clock: Box
    """Round the clock's origin (its baseline's centre), for its widest text."""
    ticker_em: float
    """A ticker row's width per character."""
    ticker_box: tuple[float, float, float]
    """The ticker's overhang left of its origin, below it, and its height above it."""
    phad: dict[str, Box]
    """Round the PHAD's centre with every legend row shown, by legend arrangement and
    layout (``"left/c"``: the compact layout's disc, :data:`COMPACT_RADIUS`; ``"left/p"``:
    the prominent one's, :data:`PROMINENT_RADIUS`)."""

    def panel_columns(self) -> range:
        """The numbers of columns the row panels may stand in: one (stacked) first."""
        return range(1, max(len(self.panels), 1) + 1)

    def gauge_box(self, columns: int) -> tuple[float, float]:
        width, height, gap = self.tile
        rows = -(-self.gauges // columns)
        return (columns * width + (columns - 1) * gap, rows * height + (rows - 1) * gap)


@dataclass(slots=True)
class Plan:
    """One arrangement: every panel's rectangle and what the HUD needs to place it."""

    scale: float
    boxes: dict[str, Box] = field(default_factory=dict)
    gauge_columns: int = 2
    legend: str = "left"
    phad_centre: tuple[float, float] = (0.0, 0.0)
    phad_radius: float = 0.4
    ticker_origin: tuple[float, float] = (0.0, 0.0)
    ticker_chars: int = 66
    clock_origin: tuple[float, float] = (0.0, 0.0)
    chart: tuple[float, float, float, float] | None = None
    """Where the energy chart goes: its root's x and z, its scale and its plot width (it
    is drawn round aspect2d's origin at scale 1)."""
    fits: bool = True
    """False when no arrangement fits and this is the least bad one."""


def clear_middle(screen: Screen, charted: bool) -> Box:
    """The middle of the view the cockpit layout keeps clear of panels."""
    half = max(min(CLEAR_SHARE * screen.half_width, screen.half_width - CLEAR_SIDE_ROOM), 0.0)
    return (-half, half, CLEAR_BOTTOM, CLEAR_TOP_CHARTED if charted else CLEAR_TOP)


def overlap(a: Box, b: Box, gap: float = 0.0) -> bool:
    """Whether two rectangles come closer than ``gap`` (share area when ``gap`` is 0)."""
    return (
        min(a[1], b[1]) > max(a[0], b[0]) - gap + 1e-9
        and min(a[3], b[3]) > max(a[2], b[2]) - gap + 1e-9
    )


def inside(box: Box, screen: Screen, margin: float = 0.0) -> bool:
    w, h = screen.half_width - margin, screen.half_height - margin
    return box[0] >= -w - 1e-9 and box[1] <= w + 1e-9 and box[2] >= -h - 1e-9 and box[3] <= h + 1e-9


def wanted_scale(screen: Screen, text: float) -> float:
    """The HUD's scale before the shape is considered: the design scale, or larger on a
    small window so that text of ``text`` units keeps its least pixel height."""
    return max(COMPACT_SCALE, screen.scale_for_text(text))


def chart_scales(screen: Screen) -> list[float]:
    """The energy chart's scales to try, largest first: full size (or larger on a small
    window, for its smallest text to have ``MIN_TEXT_PX``) down to the least that keeps
    that text ``LEAST_TEXT_PX`` high."""
    least = screen.scale_for_text(CHART_TEXT, LEAST_TEXT_PX)
    first = max(1.0, screen.scale_for_text(CHART_TEXT))
    scales = []
    k = first
    while k >= least - 1e-9:
        scales.append(k)
        k *= 0.9
    return scales or [least]


class _Planner:
    def __init__(
        self,
        screen: Screen,
        sizes: Sizes,
        prominent: bool,
        charted: bool,
        bar_top: float,
        lenient: bool = False,
    ) -> None:
        self.lenient = lenient
        """Take every arrangement (for a window too small for any to fit)."""
        self.screen = screen
        self.sizes = sizes
        self.prominent = prominent
        self.charted = charted
        self.bar_top = bar_top
        self.clear = clear_middle(screen, charted) if prominent else None

    # -- checks --------------------------------------------------------------------------
    def ok(self, box: Box, placed: dict[str, Box], gap: float) -> bool:
        if self.lenient:
            return True
        if not inside(box, self.screen, MARGIN - 1e-6) or box[2] < self.bar_top + gap - 1e-9:
            return False
        if self.clear is not None and overlap(box, self.clear):
            return False
        return not any(overlap(box, other, gap) for other in placed.values())

    # -- the search ----------------------------------------------------------------------
    def plans(self, u: float) -> Iterator[Plan]:
        s, screen = self.sizes, self.screen
        w, h = screen.half_width, screen.half_height
        gap = GAP * u
        left, right, top = -w + MARGIN, w - MARGIN, h - MARGIN
        floor = self.bar_top + gap
        cl, cr, cb, ct = (v * u for v in s.clock)
        legends = ("left", "column-above", "above")
        if screen.aspect < NARROW_SCREEN_ASPECT:
            # On a narrow screen a legend left of the disc sits over the middle of the
            # picture, where the chase view puts the selected aircraft.
            legends = ("column-above", "left", "above")
        discs: tuple[tuple[str, float], ...] = (("c", COMPACT_RADIUS),)
        if self.prominent:
            legends = ("column-above", "left", "above")
            discs = (("p", PROMINENT_RADIUS), ("c", COMPACT_RADIUS))
        for (disc, disc_radius), legend in itertools.product(discs, legends):
            radius = disc_radius * u
            pl, pr, pb, pt = s.phad[f"{legend}/{disc}"]
            pl, pr, pb, pt = (v * u for v in (pl, pr, pb, pt))
            centre = (right - pr, floor - pb)
            phad = (centre[0] + pl, centre[0] + pr, centre[1] + pb, centre[1] + pt)
            base = {"phad": phad}
            if not self.ok(phad, {}, gap):
                continue
            if s.throttle is not None:
                throttle = (left, left + s.throttle[0] * u, floor, floor + s.throttle[1] * u)
                if not self.ok(throttle, base, gap):
                    continue
                base["throttle"] = throttle
            for pushed in (False, True):
                clock_origin = (0.0, top - ct)
                clock = (cl, cr, clock_origin[1] + cb, top)
                if not self.ok(clock, base, gap):
                    continue
                stack_top = clock[2] - gap if pushed else top
                chart_slots = ("between", "across") if self.charted else (None,)
                for chart_slot in chart_slots:
                    for plot in CHART_PLOT_WIDTHS if self.charted else (0.0,):
                        for k in chart_scales(screen) if self.charted else (0.0,):
                            yield from self._with_chart(
                                u, legend, centre, radius, base, clock, clock_origin,
                                stack_top, chart_slot, k, plot,
                            )  # fmt: skip

    def _with_chart(
        self,
        u: float,
        legend: str,
        centre: tuple[float, float],
        radius: float,
        base: dict[str, Box],
        clock: Box,
        clock_origin: tuple[float, float],
        stack_top: float,
        chart_slot: str | None,
        k: float,
        plot: float,
    ) -> Iterator[Plan]:
        s = self.sizes
        gap = GAP * u
        w = self.screen.half_width
        left, right = -w + MARGIN, w - MARGIN
        placed = {**base, "clock": clock}
        chart_box = None
        if chart_slot is not None:
            width = (CHART_RIGHT - CHART_LEFT - (CHART_PLOT_WIDTHS[0] - plot)) * k
            height = (CHART_TOP - CHART_BOTTOM) * k
            chart_top = clock[2] - gap
            chart_box = (-width / 2, width / 2, chart_top - height, chart_top)
            if not self.ok(chart_box, placed, gap):
                return
            placed["chart"] = chart_box
            if chart_slot == "across":
                stack_top = min(stack_top, chart_box[2] - gap)
        for columns in (2, 4, 3, 1):
            gw, gh = s.gauge_box(columns)
            header = (left, left + s.header[0] * u, stack_top - s.header[1] * u, stack_top)
            gauges_top = header[2] - gap
            gauges = (left, left + gw * u, gauges_top - gh * u, gauges_top)
            if not (self.ok(header, placed, gap) and self.ok(gauges, placed, gap)):
                continue
            with_left = {**placed, "header": header, "gauges": gauges}
            for panel_columns in s.panel_columns():
                panels = self._panels(u, panel_columns, right, stack_top)
                if not all(self.ok(box, with_left, gap) for box in panels.values()):
                    continue
                if any(overlap(a, b, gap) for a, b in itertools.combinations(panels.values(), 2)):
                    continue
                with_right = {**with_left, **panels}
                ticker = self._ticker(u, with_right, clock)
                if ticker is None:
                    continue
                origin, chars, ticker_box = ticker
                chart = None
                if chart_box is not None:
                    # The chart is drawn round aspect2d's origin: move its top-centre.
                    chart = (chart_box[0] - CHART_LEFT * k, chart_box[3] - CHART_TOP * k, k, plot)
                yield Plan(
                    scale=u,
                    boxes={**with_right, "ticker": ticker_box},
                    gauge_columns=columns,
                    legend=legend,
                    phad_centre=centre,
                    phad_radius=radius,
                    ticker_origin=origin,
                    ticker_chars=chars,
                    clock_origin=clock_origin,
                    chart=chart,
                )

    def _panels(self, u: float, columns: int, right: float, top: float) -> dict[str, Box]:
        """The row panels in ``columns`` columns at the top right, reading order down each
        column and the columns left to right, the last against the right margin."""
        panels = self.sizes.panels
        gap = GAP * u
        per_column = -(-len(panels) // columns) if panels else 0
        groups = [panels[i : i + per_column] for i in range(0, len(panels), per_column or 1)]
        boxes: dict[str, Box] = {}
        x_right = right
        for group in reversed(groups):
            width = max(w for _key, w, _h in group) * u
            z = top
            for key, w, h in group:
                boxes[key] = (x_right - w * u, x_right, z - h * u, z)
                z -= h * u + gap
            x_right -= width + gap
        return boxes

    def _ticker(
        self, u: float, placed: dict[str, Box], clock: Box
    ) -> tuple[tuple[float, float], int, Box] | None:
        s = self.sizes
        gap = GAP * u
        over_left, below, height = (v * u for v in s.ticker_box)
        w = self.screen.half_width
        # Without a throttle the ticker's places are those beside and above an empty one.
        floor = self.bar_top + gap
        throttle = placed.get("throttle", (-w + MARGIN, -w + MARGIN - gap, floor, floor - gap))
        slots: list[tuple[float, float, bool]] = [
            (throttle[1] + gap + over_left, self.bar_top + gap + below, False),  # beside it
            (throttle[0] + over_left, throttle[3] + gap + below, False),  # above it
        ]
        under = placed.get("chart", clock)[2] - gap - height
        slots.append((0.0, under, True))  # under the clock (and chart), centred
        for x, z, centred in slots:
            for chars in TICKER_CHOICES:
                width = chars * s.ticker_em * u
                x0 = -width / 2 if centred else x
                box = (x0 - over_left, x0 + width + over_left, z - below, z + height)
                if self.ok(box, placed, gap):
                    return ((x0, z), chars, box)
        return None


def plan(
    screen: Screen,
    sizes: Sizes,
    *,
    prominent: bool,
    charted: bool,
    bar_top: float,
    text: float,
) -> Plan:
    """The first arrangement that fits, at the largest scale that does (see the module's
    docstring); ``text`` is the HUD's smallest text at scale 1."""
    planner = _Planner(screen, sizes, prominent, charted, bar_top)
    wanted = wanted_scale(screen, text)
    readable = screen.scale_for_text(text, LEAST_TEXT_PX)
    u = wanted
    # Down to the least readable scale first; on a window too small for that, smaller.
    while u >= min(readable, wanted * LEAST_SCALE_SHARE) - 1e-9:
        for found in planner.plans(u):
            return found
        if u > readable and u * SCALE_STEP < readable:
            u = readable
        else:
            u *= SCALE_STEP
    # Nothing fits (a tiny window): the cockpit's clear middle goes first, then overlaps.
    if prominent:
        relaxed = plan(screen, sizes, prominent=False, charted=charted, bar_top=bar_top, text=text)
        if relaxed.fits:
            return relaxed
    least = wanted * LEAST_SCALE_SHARE
    for found in _Planner(screen, sizes, prominent, charted, bar_top, lenient=True).plans(least):
        found.fits = False
        return found
    raise AssertionError("a lenient search takes its first arrangement")
