"""The HUD: every instrument a rule set declares (:class:`models.hud_spec.HudSpec`, carried
by its timeline), laid out for the screen in a compact or a prominent (cockpit) arrangement.

The gauge tiles, the throttle quadrant (none when the rules have no throttle) and the row
panels are the spec's; the PHAD shows the rules' own marks or marks derived from the
attitude, as its :class:`~models.hud_spec.PhadSpec` says; the clock writes the rules' words
for a turn and its ticks.  A timeline that declares no HUD gets :data:`CORE_HUD`.

Sizes are aspect2d units, whose shorter side spans -1 .. 1 (on a portrait window the
height grows: see :mod:`sim.view.hud.screen`), so the HUD keeps its proportions at any
window size.  :mod:`sim.view.hud.layout` chooses where each panel goes for the screen's
shape and the window's pixels: at the design scale (the smallest text 0.045 units, 24 px
at 1080p), larger on a small window so that no text is under ``MIN_TEXT_PX`` pixels, and
rearranged or smaller where the shape leaves no room, so that no panel covers another or
the scrub bar.

Compact (orbit, chase, top-down, table cameras)::

    header + gauges │          clock          │ sensors, stores & status
                    │   (energy chart, -e)    │
    throttle, event ticker                              PHAD + legend
    ──────────────────────────── scrub bar ─────────────────────────────

Prominent (cockpit camera): the same corners with a larger PHAD and a shade behind the
bottom row, like the instrument panel under a head-up display; the middle of the view
(:func:`sim.view.hud.layout.clear_middle`) is kept clear for looking out.  On a narrow,
portrait or short screen the gauges go in four columns or the panels side by side, the
clock pushes the corner stacks down and the ticker moves above the throttle or under the
clock, whichever fits first.
"""

from __future__ import annotations

from panda3d.core import NodePath, Point3

from models.hud_spec import CORE_HUD, HudSpec
from sim.snapshot import Snapshot
from sim.view.hud import layout
from sim.view.hud.clock import TICKER_EM, TICKER_ROWS, ClockWords, EventTicker, GameClock
from sim.view.hud.gauges import GAP, TILE_HEIGHT, TILE_WIDTH, GaugeCluster
from sim.view.hud.panels import (
    CAPTION,
    TEXT_SMALL,
    TEXT_VALUE,
    Label,
    RowsPanel,
    Shapes,
    backing,
    hud_font,
    make_root,
    selected_state,
)
from sim.view.hud.phad import LEGEND_ARRANGEMENTS, PhadPanel, panel_extent
from sim.view.hud.screen import Screen, screen_from
from sim.view.hud.throttle import HEIGHT as THROTTLE_HEIGHT
from sim.view.hud.throttle import WIDTH as THROTTLE_WIDTH
from sim.view.hud.throttle import ThrottleQuadrant
from sim.view.layer import ScreenBox, shown_box, side_colour

HEADER_WIDTH, HEADER_HEIGHT = 0.758, 0.155
CHART_DOCK_TAG = "furball-hud-dock"
"""The energy chart's node carries the place the HUD's layout leaves it, (x, z, scale), as
this Python tag (:meth:`sim.view.instructor.InstructorOverlays.dock_chart_right` reads
it)."""
CLOCK_WIDEST = ClockWords("turn").widest()
"""Birds of Prey's widest clock text (the HUD measures its own rules' words)."""
BAND_COLOUR = (0.01, 0.015, 0.025, 0.38)
BAND_EDGE = (0.55, 0.62, 0.70, 0.5)


class Header:
    """Callsign, type and side of the selected aircraft, with a side-colour bar."""

    def __init__(self, parent: NodePath) -> None:
        self.root = make_root(parent, "hud-header")
        backing(self.root, "backing", 0.0, -HEADER_HEIGHT, HEADER_WIDTH, 0.0)
        self.bar = Shapes()
        self.bar.rect(0.0, 0.0, 0.018, 1.0, (1.0, 1.0, 1.0, 1.0))
        self.bar_node = self.bar.attach(self.root, "side-bar")
        self.bar_node.setPos(0.018, 0, -HEADER_HEIGHT + 0.018)
        self.bar_node.setSz(HEADER_HEIGHT - 0.036)
        # Type and side sit under the callsign so a long callsign never runs into them.
        self.callsign = Label(self.root, "callsign", "", scale=0.064, pos=(0.06, -0.07))
        self.detail = Label(self.root, "type-side", "", pos=(0.06, -0.128), colour=CAPTION)
        self._key: tuple[str, str, str] | None = None

    def update(self, snapshot: Snapshot) -> None:
        state = selected_state(snapshot)
        if state is None:
            return
        key = (state.callsign, state.type_id, state.side)
        if key == self._key:
            return
        self._key = key
        colour = (*side_colour(state.side), 1.0)
        self.callsign.set((state.callsign or state.id).upper())
        kind = "" if state.kind == "aircraft" else f" {state.kind}"
        self.detail.set(f"{state.type_id}{kind} \u2219 {state.side.upper()}")
        self.bar_node.setColor(*colour)

    def destroy(self) -> None:
        self.root.removeNode()


Instrument = Header | GaugeCluster | RowsPanel | ThrottleQuadrant | PhadPanel


class Hud:
    """The cockpit-style HUD of the selected aircraft, plus the clock and event ticker.

    ``aspect2d`` is the 2D root the panels are placed in; the four corner nodes are
    aspect2d's corner anchors (``a2dTopLeft`` …), whose places tell the screen's extent.
    The HUD only adds children under those nodes and removes them in :meth:`destroy`.
    ``spec`` is what the rule set shows (:data:`CORE_HUD` when None), ``clock_words`` its
    words for a turn and a tick, ``ticks_per_turn`` sizes the clock's widest text.
    """

    def __init__(
        self,
        aspect2d: NodePath,
        top_left: NodePath,
        top_right: NodePath,
        bottom_left: NodePath,
        bottom_right: NodePath,
        *,
        prominent: bool = False,
        spec: HudSpec | None = None,
        clock_words: ClockWords | None = None,
        ticks_per_turn: int = 10,
    ) -> None:
        self.spec = spec or CORE_HUD
        self.clock_words = clock_words or ClockWords()
        self._ticks_per_turn = ticks_per_turn
        self._parents = {
            "centre": aspect2d,
            "top_left": top_left,
            "top_right": top_right,
            "bottom_left": bottom_left,
            "bottom_right": bottom_right,
        }
        self.band = make_root(aspect2d, "hud-cockpit-band")
        self.band.setBin("fixed", 5)  # under the instruments, whatever the scene-graph order
        self.band.hide()
        self._band_shape: NodePath | None = None
        spec = self.spec
        self.header = Header(top_left)
        self.gauges = GaugeCluster(top_left, spec.gauges)
        self.panels: tuple[RowsPanel, ...] = tuple(
            RowsPanel(top_right, panel) for panel in spec.panels
        )
        """The row panels, in the spec's order."""
        self.throttle: ThrottleQuadrant | None = (
            None if spec.throttle is None else ThrottleQuadrant(bottom_left, spec.throttle)
        )
        self.phad = PhadPanel(bottom_right, spec=spec.phad)
        self.clock = GameClock(aspect2d, self.clock_words)
        self.ticker = EventTicker(bottom_left, rows=TICKER_ROWS)
        self.instruments: tuple[Instrument, ...] = (
            self.header,
            self.gauges,
            *self.panels,
            *([] if self.throttle is None else [self.throttle]),
            self.phad,
        )
        self.sizes = self._measure()
        self.plan: layout.Plan | None = None
        """The arrangement in use."""
        self.screen: Screen | None = None
        self._prominent: bool | None = None
        self._charted = False
        self._key: tuple[object, ...] | None = None
        self._plans: dict[tuple[object, ...], layout.Plan] = {}
        self._has_selection: bool | None = None
        self._boxes: tuple[tuple[object, ...], list[ScreenBox]] | None = None
        self.set_prominent(prominent)
        self._show_instruments(False)

    def panel(self, key: str) -> RowsPanel | None:
        """The row panel of that key (``sensors``, ``status``), or None."""
        return next((panel for panel in self.panels if panel.key == key), None)

    @property
    def sensors(self) -> RowsPanel | None:
        """Birds of Prey's SENSORS panel, when the HUD has one."""
        return self.panel("sensors")

    @property
    def status(self) -> RowsPanel | None:
        """Birds of Prey's STORES & STATUS panel, when the HUD has one."""
        return self.panel("status")

    def named_roots(self) -> dict[str, NodePath]:
        """Every instrument's root by name (``header``, ``gauges``, each panel's key,
        ``throttle``, ``phad``, ``clock``, ``ticker``)."""
        roots = {"header": self.header.root, "gauges": self.gauges.root}
        roots |= {panel.key: panel.root for panel in self.panels}
        if self.throttle is not None:
            roots["throttle"] = self.throttle.root
        return roots | {
            "phad": self.phad.root,
            "clock": self.clock.root,
            "ticker": self.ticker.root,
        }

    @property
    def prominent(self) -> bool:
        return bool(self._prominent)

    @property
    def scale(self) -> float:
        """The scale the panels are drawn at (1: their design size)."""
        return self.plan.scale if self.plan is not None else layout.COMPACT_SCALE

    def _measure(self) -> layout.Sizes:
        """The panels' sizes at scale 1, for the layout."""
        from panda3d.core import TextNode

        probe = TextNode("probe")
        probe.setFont(hud_font())
        probe.setCardAsMargin(0.45, 0.45, 0.22, 0.12)
        probe.setText(self.clock_words.widest(self._ticks_per_turn))
        left, right, bottom, top = probe.getCardActual()
        clock = (left * TEXT_VALUE, right * TEXT_VALUE, bottom * TEXT_VALUE, top * TEXT_VALUE)
        probe.setAlign(TextNode.ALeft)
        probe.setText("Ay")
        _l, _r, row_bottom, row_top = probe.getCardActual()
        ticker = self.ticker
        top_baseline = (ticker.rows - 1) * ticker.row_step + (len(ticker.lines) - 1) * (
            ticker.step - ticker.row_step
        )
        shadow = 0.06 * TEXT_SMALL
        phad = {
            f"{arrangement}/{key}": panel_extent(arrangement, radius)
            for arrangement in LEGEND_ARRANGEMENTS
            for key, radius in (("c", layout.COMPACT_RADIUS), ("p", layout.PROMINENT_RADIUS))
        }
        return layout.Sizes(
            header=(HEADER_WIDTH, HEADER_HEIGHT),
            panels=tuple((panel.key, panel.width, panel.height) for panel in self.panels),
            throttle=None if self.throttle is None else (THROTTLE_WIDTH, THROTTLE_HEIGHT),
            tile=(TILE_WIDTH, TILE_HEIGHT, GAP),
            gauges=len(self.spec.gauges),
            clock=(clock[0], clock[1] + 0.06 * TEXT_VALUE, clock[2] - 0.06 * TEXT_VALUE, clock[3]),
            ticker_em=TICKER_EM,
            ticker_box=(
                0.45 * TEXT_SMALL,
                -row_bottom * TEXT_SMALL + shadow,
                top_baseline + row_top * TEXT_SMALL,
            ),
            phad=phad,
        )

    def _screen(self, half_width: float | None = None) -> Screen:
        screen = screen_from(self._parents["top_right"], self._parents["centre"])
        if half_width is not None and half_width > 0:
            screen = Screen(half_width, screen.half_height, screen.pixels_high)
        return screen

    def set_screen(self, screen: Screen) -> None:
        """Lay the HUD out for ``screen`` (aspect2d's extent and the window's pixels) rather
        than the one the corner anchors and the window tell."""
        self._lay_out(bool(self._prominent), self._charted, screen)

    def set_prominent(self, prominent: bool, aspect: float | None = None) -> None:
        """Switch between the compact layout and the cockpit's prominent one, laid out for
        the screen (``aspect``: aspect2d's half width, by default read off the corner
        anchors, as its half height is). Cheap when nothing changes, so it may be called
        every frame."""
        self._lay_out(prominent, self._charted, self._screen(aspect))

    def share_ticker_row(self, shared: bool) -> None:
        """Make room for the instructor's energy chart while it is shown (``shared``): the
        layout then gives it a place clear of every panel, which the chart's node carries
        (:data:`CHART_DOCK_TAG`)."""
        if shared != self._charted and self.screen is not None:
            self._lay_out(bool(self._prominent), shared, self.screen)

    def _lay_out(self, prominent: bool, charted: bool, screen: Screen) -> None:
        from sim.view.controls import bar_layout

        key = (prominent, charted, screen)
        if key == self._key:
            return
        self._key = key
        self._prominent, self._charted, self.screen = prominent, charted, screen
        plan = self._plans.get(key)
        if plan is None:
            plan = layout.plan(
                screen,
                self.sizes,
                prominent=prominent,
                charted=charted,
                bar_top=bar_layout(screen)[2],
                text=TEXT_SMALL,
            )
            self._plans[key] = plan
        self.plan = plan
        self._apply(plan)
        if self._has_selection:
            self._show_instruments(True)

    def _place(self, root: NodePath, x: float, z: float, scale: float) -> None:
        root.reparentTo(self._parents["centre"])
        root.setPos(x, 0, z)
        root.setScale(scale)

    def _apply(self, plan: layout.Plan) -> None:
        u, boxes = plan.scale, plan.boxes
        header, gauges = boxes["header"], boxes["gauges"]
        self._place(self.header.root, header[0], header[3], u)
        self.gauges.set_columns(plan.gauge_columns)
        self._place(self.gauges.root, gauges[0], gauges[3], u)
        for panel in self.panels:
            box = boxes[panel.key]
            self._place(panel.root, box[0], box[3], u)
        if self.throttle is not None:
            box = boxes["throttle"]
            self._place(self.throttle.root, box[0], box[2], u)
        self.phad.root.reparentTo(self._parents["centre"])
        self.phad.set_layout(plan.phad_centre, plan.phad_radius, legend=plan.legend, scale=u)
        self._place(self.clock.root, *plan.clock_origin, u)
        self._place(self.ticker.root, *plan.ticker_origin, u)
        self.ticker.set_chars(plan.ticker_chars)
        # The shade reaches the throttle's top, or without one the PHAD's middle.
        throttle = boxes.get("throttle")
        self._build_band(throttle[3] + layout.GAP * u if throttle else plan.phad_centre[1])
        chart = self._parents["centre"].find("energy-chart")
        if not chart.isEmpty():
            if plan.chart is not None:
                chart.setPythonTag(CHART_DOCK_TAG, plan.chart)
            else:
                chart.clearPythonTag(CHART_DOCK_TAG)
        self._boxes = None

    def _build_band(self, top: float) -> None:
        """The cockpit's instrument-panel shade behind the bottom row (prominent only)."""
        if self._band_shape is not None:
            self._band_shape.removeNode()
        assert self.screen is not None
        w, h = self.screen.half_width, self.screen.half_height
        shapes = Shapes()
        shapes.rect(-w, -h, w, top, BAND_COLOUR)
        shapes.rect(-w, top, w, top + 0.008, BAND_EDGE)
        self._band_shape = shapes.attach(self.band, "band")

    def _show_instruments(self, shown: bool) -> None:
        self._has_selection = shown
        for element in self.instruments:
            if shown:
                element.root.show()
            else:
                element.root.hide()
        if shown and self._prominent:
            self.band.show()
        else:
            self.band.hide()

    def update(self, snapshot: Snapshot) -> None:
        """Show the snapshot: the clock and ticker always, instruments for the selection."""
        self.clock.update(snapshot)
        self.ticker.update(snapshot)
        has_selection = selected_state(snapshot) is not None
        if has_selection != self._has_selection:
            self._show_instruments(has_selection)
        if not has_selection:
            return
        for element in self.instruments:
            element.update(snapshot)

    def ticker_right_x(self, relative_to: NodePath) -> float:
        """Where the event ticker's widest possible row ends, in ``relative_to``'s x."""
        root = self.ticker.root
        return float(relative_to.getRelativePoint(root, (self.ticker.width, 0, 0)).x)

    def reserved_boxes(self, relative_to: NodePath) -> dict[str, ScreenBox]:
        """The rectangles the layout keeps for the event ticker (at its fullest) and the
        scrub bar, in ``relative_to``'s units."""
        from sim.view.controls import bar_layout

        if self.plan is None or self.screen is None:
            return {}
        screen = self.screen
        bar_top = bar_layout(screen)[2]
        kept = {
            "ticker": self.plan.boxes["ticker"],
            "scrub": (-screen.half_width, screen.half_width, -screen.half_height, bar_top),
        }
        centre = self._parents["centre"]
        found: dict[str, ScreenBox] = {}
        for name, (left, right, bottom, top) in kept.items():
            low = relative_to.getRelativePoint(centre, Point3(left, 0, bottom))
            high = relative_to.getRelativePoint(centre, Point3(right, 0, top))
            found[name] = (low.x, high.x, low.z, high.z)
        return found

    def panel_boxes(self, relative_to: NodePath) -> list[ScreenBox]:
        """The shown panels (instruments and clock) as rectangles (left, right, bottom, top)
        in ``relative_to``'s units, and the room kept for the ticker and the scrub bar:
        where a floating label had better not go. Measured again only when the layout, the
        selection or the window's shape has changed."""
        corner = self._parents["top_right"].getPos(relative_to)
        parts = (*self.instruments, self.clock)
        key = (
            self._key,
            tuple(part.root.isHidden() for part in parts),  # the demo hides some itself
            self.ticker.root.isHidden(),
            round(corner.x, 4),
            round(corner.z, 4),
        )
        if self._boxes is not None and self._boxes[0] == key:
            return self._boxes[1]
        boxes = [box for part in parts if (box := shown_box(part.root, relative_to))]
        reserved = self.reserved_boxes(relative_to)
        if self.ticker.root.isHidden():
            reserved.pop("ticker", None)
        boxes += reserved.values()
        self._boxes = (key, boxes)
        return boxes

    def destroy(self) -> None:
        for element in (*self.instruments, self.clock, self.ticker):
            element.destroy()
        self.band.removeNode()
