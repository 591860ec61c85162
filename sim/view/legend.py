"""A small legend for the altitude stacks' tile colours, placed where the HUD leaves room.

A newcomer sees black, dark blue, light blue and white tiles stacked under each mini and
cannot tell what they count.  The legend is one compact strip on the 2D overlay: a swatch of
each tile colour with the altitude steps it stands for (``ALTITUDE_TILES``).  It takes the
first of a few places (under the clock, then the screen's left and right edges, then the
bottom) that overlaps none of the rectangles ``keep_clear`` gives (the HUD's panels).
Shown with the stacks; ``toggle`` hides or shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from panda3d.core import CardMaker, NodePath, TextNode

from sim.snapshot import Snapshot
from sim.view.hud.screen import LEAST_TEXT_PX
from sim.view.labels import overlaps
from sim.view.layer import ALTITUDE_TILES, ScreenBox, ViewSettings
from sim.view.toggleable import Toggleable

SWATCH = 0.034
"""A swatch's side in aspect2d units."""
TEXT_SCALE = 0.036
PAD = 0.012
CARD_RGBA = (0.08, 0.1, 0.12, 0.72)
MARGIN = 0.02
"""Space kept from the screen's edge and from panels."""


class AltitudeLegend(Toggleable):
    """The altitude-tile legend strip (see the module doc)."""

    def __init__(
        self,
        overlay: NodePath,
        settings: ViewSettings | None = None,
        extent: Callable[[], ScreenBox] | None = None,
        pixel: Callable[[], float] | None = None,
    ) -> None:
        from sim.view.hud.panels import hud_font

        self.settings = settings or ViewSettings()
        self.overlay = overlay
        self.extent = extent
        self.pixel = pixel
        """One pixel in overlay units (asked when placing): on a short window the strip
        grows so that its text keeps ``LEAST_TEXT_PX`` pixels, the least the HUD allows."""
        self.scale = 1.0
        self.keep_clear: Callable[[], Sequence[ScreenBox]] | None = None
        """Rectangles to stay off, asked every frame (cheap: the HUD caches its panels)."""
        self.also_clear: Callable[[], Sequence[ScreenBox]] | None = None
        """More rectangles to stay off, asked only when the legend is placed again (when
        the screen's shape or ``keep_clear``'s answer changes): the scrub bar, the ticker."""
        self.extra_boxes: tuple[ScreenBox, ...] = ()
        """What ``also_clear`` said when the legend was last placed."""
        self.root = overlay.attachNewNode("altitude-legend")
        # Under the HUD's panels (10 in the fixed bin) and the help (30).
        self.root.setBin("fixed", 8)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setTransparency(True)
        x = PAD
        title = TextNode("legend-title")
        title.setFont(hud_font())
        title.setText("ALT TILES (steps)")
        title.setTextColor(0.9, 0.92, 0.95, 1.0)
        title_path = self.root.attachNewNode(title)
        title_path.setScale(TEXT_SCALE)
        title_path.setPos(x, 0, -PAD - SWATCH * 0.8)
        x += title.getWidth() * TEXT_SCALE + 2 * PAD
        self.texts: list[TextNode] = [title]
        for steps, rgb in ALTITUDE_TILES:
            maker = CardMaker(f"legend-swatch-{steps}")
            maker.setFrame(x, x + SWATCH, -PAD - SWATCH, -PAD)
            swatch = self.root.attachNewNode(maker.generate())
            swatch.setColor(*rgb, 1.0)
            edge = CardMaker(f"legend-edge-{steps}")
            edge.setFrame(x - 0.003, x + SWATCH + 0.003, -PAD - SWATCH - 0.003, -PAD + 0.003)
            rim = self.root.attachNewNode(edge.generate())
            rim.setColor(0.75, 0.78, 0.8, 1.0)
            swatch.reparentTo(rim)  # drawn after (over) its rim
            x += SWATCH + PAD * 0.6
            label = TextNode(f"legend-{steps}")
            label.setFont(hud_font())
            label.setText(str(steps))
            label.setTextColor(0.9, 0.92, 0.95, 1.0)
            label_path = self.root.attachNewNode(label)
            label_path.setScale(TEXT_SCALE)
            label_path.setPos(x, 0, -PAD - SWATCH * 0.8)
            x += label.getWidth() * TEXT_SCALE + 1.6 * PAD
            self.texts.append(label)
        self.unscaled_size: tuple[float, float] = (float(x - 0.6 * PAD), SWATCH + 2 * PAD)
        card = CardMaker("legend-card")
        card.setFrame(0, self.width, -self.height, 0)
        background = self.root.attachNewNode(card.generate())
        background.setColor(*CARD_RGBA)
        background.setBin("fixed", 7)
        self._placed: tuple[object, tuple[float, float]] | None = None
        self.set_shown(self.settings.show_stacks)

    def _on_change(self, shown: bool) -> None:
        # Shown again, it finds its place afresh: where it stood aside for want of room,
        # showing its root would put it back over a panel.
        self._placed = None

    @property
    def width(self) -> float:
        return self.unscaled_size[0] * self.scale

    @property
    def height(self) -> float:
        return self.unscaled_size[1] * self.scale

    def text_scale(self, pixel: float) -> float:
        """The strip's scale for a pixel of ``pixel`` overlay units: 1, or more where its
        text would be under ``LEAST_TEXT_PX`` pixels."""
        return max(1.0, LEAST_TEXT_PX * pixel / TEXT_SCALE)

    def box(self) -> ScreenBox:
        """The strip's rectangle where it is now (overlay units)."""
        x, _, top = self.root.getPos()
        return (x, x + self.width, top - self.height, top)

    def places(self, extent: ScreenBox) -> list[tuple[float, float]]:
        """The strip's top-left corner at each place it may go, best first."""
        left, right, bottom, top = extent
        w, h, m = self.width, self.height, MARGIN
        return [
            (-w / 2, top - 0.12),  # under the clock
            (-w / 2, top - 0.22),
            (left + m, (top + bottom) / 2 + h),  # the left edge, half-way down
            (right - m - w, (top + bottom) / 2 + h),
            (left + m, bottom + 0.3),
            (-w / 2, bottom + 0.2),  # over the scrub bar
        ] + [
            # Then anywhere along bands down from the top, centre outwards, for layouts
            # (narrow, portrait, crowded) that fill the usual places.
            (-w / 2 + dx * side, top - depth)
            for depth in (0.12, 0.22, 0.32)
            for dx in (0.0, 0.25, 0.5, 0.75, 1.0, 1.25)
            for side in (1, -1)
            if left + m <= -w / 2 + dx * side <= right - m - w
        ]

    def update(self, snapshot: Snapshot) -> None:
        if not self.shown:
            return
        extent = self.extent() if self.extent is not None else (-1.78, 1.78, -1.0, 1.0)
        panels = tuple(self.keep_clear()) if self.keep_clear is not None else ()
        scale = self.text_scale(self.pixel()) if self.pixel is not None else 1.0
        key = (extent, panels, scale)
        if self._placed is not None and self._placed[0] == key:
            return
        if scale != self.scale:
            self.scale = scale
            self.root.setScale(scale)
        if self.also_clear is not None:
            self.extra_boxes = tuple(self.also_clear())
            panels += self.extra_boxes
        places = self.places(extent)
        chosen: tuple[float, float] | None = None
        for x, top in places:
            box = (x - MARGIN, x + self.width + MARGIN, top - self.height - MARGIN, top + MARGIN)
            if not any(overlaps(box, panel) for panel in panels):
                chosen = (x, top)
                break
        # With no free place (a crowded small screen) the legend stands aside rather than
        # cover a panel; it comes back when the screen has room again.
        if chosen is None:
            self.root.hide()
            chosen = places[0]
        else:
            self.root.show()
        self.root.setPos(chosen[0], 0, chosen[1])
        self._placed = (key, chosen)

    def destroy(self) -> None:
        self.root.removeNode()
        self.texts.clear()
