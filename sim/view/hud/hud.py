"""The HUD: every instrument, laid out in a compact or a prominent (cockpit) arrangement.

Sizes are aspect2d units (the screen is two units tall), so the HUD scales with the window
and keeps its shape at any 16:9 size: the smallest text is 0.045 units, 16 px a line at
1280×720.  Elements hang from the aspect2d corner anchors, so they stay in the corners at
other aspect ratios too; the clock and the cockpit's instrument row hang from aspect2d's
top and bottom centre (aspect2d always spans −1 … 1 vertically).

Compact (orbit, chase, top-down, table cameras)::

    header + gauges │          clock          │ sensors, stores & status
                    │                         │
    throttle, event ticker      (scrub bar)              PHAD + legend

Prominent (cockpit camera): an instrument row along the bottom, with the PHAD in the middle,
speeds and fuel left of it, altitude and load right of it (as on a head-up display), the
throttle at the far left and the panels at the far right.

The bottom centre between x = −0.95 and 0.95 below z = −0.84 is left to the scrub bar.
"""

from __future__ import annotations

from panda3d.core import NodePath

from sim.snapshot import Snapshot
from sim.view.hud.clock import TICKER_CHARS, TICKER_EM, EventTicker, GameClock
from sim.view.hud.gauges import TILE_WIDTH, GaugeCluster
from sim.view.hud.panels import (
    CAPTION,
    Label,
    SensorsPanel,
    Shapes,
    StatusPanel,
    backing,
    make_root,
    selected_state,
)
from sim.view.hud.phad import PhadPanel
from sim.view.hud.throttle import ThrottleQuadrant
from sim.view.layer import ScreenBox, shown_box, side_colour

COMPACT_SCALE = 0.9
"""Compact instruments are drawn at this fraction of their design size (text ≥ 0.045)."""
HEADER_WIDTH, HEADER_HEIGHT = 0.758, 0.155
MARGIN = 0.035
NARROW_SCREEN_ASPECT = 1.5
"""Screens narrower than this (4:3, 5:4) get the compact PHAD's legend above the disc."""
TICKER_MIN_CHARS = 36
"""The compact layout's ticker keeps at least this many characters a line on a narrow screen."""
COCKPIT_SIDE, COCKPIT_HALF = 0.685, 1.02
COCKPIT_MIN_SCALE = 0.6
"""The cockpit's PHAD and gauge columns reach 1.02 either side of the centre and need 0.685
at each side for the sensors and status panels: on screens narrower than 16:9 they shrink,
to no less than this."""
TICKER_CHARS_COCKPIT = 44
"""The cockpit layout's ticker lines are this short while the energy chart shares their row."""
BAND_TOP = 0.3
"""Top of the cockpit's instrument-panel shade (aspect2d z)."""


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


class Hud:
    """The cockpit-style HUD of the selected aircraft, plus the clock and event ticker.

    ``aspect2d`` is the 2D root whose centre line anchors the clock and the cockpit
    instrument row; the four corner nodes are aspect2d's corner anchors (``a2dTopLeft`` …).
    The HUD only adds children under those nodes and removes them in :meth:`destroy`.
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
    ) -> None:
        self._parents = {
            "centre": aspect2d,
            "top_left": top_left,
            "top_right": top_right,
            "bottom_left": bottom_left,
            "bottom_right": bottom_right,
        }
        self.band = self._build_band(aspect2d)
        self.header = Header(top_left)
        self.gauges = GaugeCluster(top_left)
        self.sensors = SensorsPanel(top_right)
        self.status = StatusPanel(top_right)
        self.throttle = ThrottleQuadrant(bottom_left)
        self.phad = PhadPanel(bottom_right)
        self.clock = GameClock(aspect2d)
        self.ticker = EventTicker(bottom_left)
        self.instruments: tuple[
            Header | GaugeCluster | SensorsPanel | StatusPanel | ThrottleQuadrant | PhadPanel, ...
        ] = (self.header, self.gauges, self.sensors, self.status, self.throttle, self.phad)
        self._prominent: bool | None = None
        self._aspect = 16 / 9
        """The screen shape the layout was made for (aspect2d's half width)."""
        self._ticker_fit = TICKER_CHARS
        self._ticker_shared = False
        self._has_selection: bool | None = None
        self._boxes: tuple[tuple[object, ...], list[ScreenBox]] | None = None
        self.set_prominent(prominent)
        self._show_instruments(False)

    @property
    def prominent(self) -> bool:
        return bool(self._prominent)

    def _build_band(self, aspect2d: NodePath) -> NodePath:
        """The cockpit's instrument-panel shade along the bottom (prominent layout only)."""
        root = make_root(aspect2d, "hud-cockpit-band")
        root.setBin("fixed", 5)  # under the instruments, whatever the scene-graph order
        shapes = Shapes()
        shapes.rect(-4.0, -1.0, 4.0, BAND_TOP, (0.01, 0.015, 0.025, 0.38))
        shapes.rect(-4.0, BAND_TOP, 4.0, BAND_TOP + 0.008, (0.55, 0.62, 0.70, 0.5))
        shapes.attach(root, "band")
        root.hide()
        return root

    def set_prominent(self, prominent: bool, aspect: float | None = None) -> None:
        """Switch between the compact layout and the cockpit's prominent one, laid out for
        the screen's shape (``aspect``, width over height; by default read off the corner
        anchors). Cheap when nothing changes, so it may be called every frame."""
        if aspect is None:
            aspect = float(self._parents["top_right"].getX(self._parents["centre"]))
        if prominent == self._prominent and abs(aspect - self._aspect) < 1e-3:
            return
        self._prominent = prominent
        self._aspect = aspect if aspect > 0 else 16 / 9
        if prominent:
            self._layout_prominent()
        else:
            self._layout_compact()
        if self._has_selection:
            self._show_instruments(True)

    def _place(self, root: NodePath, parent: str, x: float, y: float, scale: float) -> None:
        root.reparentTo(self._parents[parent])
        root.setPos(x, 0, y)
        root.setScale(scale)

    def _layout_compact(self) -> None:
        s = COMPACT_SCALE
        self.band.hide()
        self._place(self.header.root, "top_left", MARGIN, -MARGIN, s)
        self.gauges.set_columns(2)
        self._place(self.gauges.root, "top_left", MARGIN, -MARGIN - (HEADER_HEIGHT + 0.02) * s, s)
        x = -MARGIN - 0.62 * s
        self._place(self.sensors.root, "top_right", x, -MARGIN, s)
        self._place(self.status.root, "top_right", x, -MARGIN - (self.sensors.height + 0.02) * s, s)
        self._place(self.throttle.root, "bottom_left", MARGIN, MARGIN + 0.02, s)
        self._place(self.ticker.root, "bottom_left", 0.56, 0.2, 1.0)
        # The ticker runs from beside the throttle to just short of the PHAD's disc.
        room = 2 * self._aspect - 0.56 - (0.47 + 0.43) - 0.05
        self._ticker_fit = max(TICKER_MIN_CHARS, min(TICKER_CHARS, int(room / TICKER_EM)))
        self._apply_ticker_chars()
        self.phad.root.reparentTo(self._parents["bottom_right"])
        # On a narrow screen the legend's column would sit over the middle of the picture
        # (where the chase view puts the selected aircraft): it goes above the disc instead.
        legend = "column-above" if self._aspect < NARROW_SCREEN_ASPECT else "left"
        self.phad.set_layout((-0.47, 0.49), 0.43, legend=legend)
        self._place(self.clock.root, "centre", 0.0, 1.0 - 0.085, 1.0)

    def _layout_prominent(self) -> None:
        # The PHAD and its two gauge columns shrink on a narrow screen to stay clear of
        # the sensors and status panels at the bottom right.
        s = min(1.0, max(COCKPIT_MIN_SCALE, (self._aspect - COCKPIT_SIDE) / COCKPIT_HALF))
        radius = 0.56 * s
        centre_y = -0.84 + radius
        self.band.show()
        self._place(self.header.root, "top_left", MARGIN, -MARGIN, 1.0)
        self._place(self.ticker.root, "top_left", MARGIN + 0.02, -0.48, 1.0)
        self._ticker_fit = TICKER_CHARS
        self._apply_ticker_chars()
        self.phad.root.reparentTo(self._parents["centre"])
        self.phad.set_layout((0.0, centre_y), radius, legend="above")
        gap = 0.06 * s
        self.gauges.set_columns(1, split=2 * (radius + gap) / s)
        top = centre_y + radius - 0.02 * s
        self._place(self.gauges.root, "centre", -(radius + gap) - TILE_WIDTH * s, top, s)
        self._place(self.throttle.root, "bottom_left", MARGIN, MARGIN + 0.02, 1.0)
        x = -MARGIN - 0.62
        self._place(self.status.root, "bottom_right", x, MARGIN + 0.02 + self.status.height, 1.0)
        self._place(
            self.sensors.root,
            "bottom_right",
            x,
            MARGIN + 0.04 + self.status.height + self.sensors.height,
            1.0,
        )
        self._place(self.clock.root, "centre", 0.0, 1.0 - 0.085, 1.0)

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

    def share_ticker_row(self, shared: bool) -> None:
        """Shorten the event ticker's lines while something else (the energy chart) shares
        its row at the top of the cockpit layout."""
        self._ticker_shared = shared
        self._apply_ticker_chars()

    def _apply_ticker_chars(self) -> None:
        chars = self._ticker_fit
        if self._ticker_shared and self._prominent:
            chars = min(chars, TICKER_CHARS_COCKPIT)
        self.ticker.set_chars(chars)

    def ticker_right_x(self, relative_to: NodePath) -> float:
        """Where the event ticker's widest possible line ends, in ``relative_to``'s x."""
        root = self.ticker.root
        return float(relative_to.getRelativePoint(root, (self.ticker.width, 0, 0)).x)

    def panel_boxes(self, relative_to: NodePath) -> list[ScreenBox]:
        """The shown panels (instruments and clock) as rectangles (left, right, bottom, top)
        in ``relative_to``'s units: where a floating label had better not go. Measured again
        only when the layout, the selection or the window's shape has changed."""
        corner = self._parents["top_right"].getPos(relative_to)
        parts = (*self.instruments, self.clock)
        key = (
            self._prominent,
            tuple(part.root.isHidden() for part in parts),  # the demo hides some itself
            round(corner.x, 4),
            round(corner.z, 4),
        )
        if self._boxes is not None and self._boxes[0] == key:
            return self._boxes[1]
        boxes = [box for part in parts if (box := shown_box(part.root, relative_to))]
        self._boxes = (key, boxes)
        return boxes

    def destroy(self) -> None:
        for element in (*self.instruments, self.clock, self.ticker):
            element.destroy()
        self.band.removeNode()
