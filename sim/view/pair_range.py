"""Range and bearing between any two aircraft the user picks.

The instructor's sight line only joins the selected aircraft and its target; a viewer often
wants "how far apart are those two?".  The user picks a pair (``pick`` an aircraft, from
under the mouse, or ``cycle`` through them), and the layer draws a line between the two with,
at its middle on screen, the slant range (ft inside a mile, else nm), the bearing from the
first to the second in degrees true and the second's height above (+) or below (-) the first.
``clear`` drops the pair.
"""

from __future__ import annotations

import math

from panda3d.core import LineSegs, NodePath, Point3, TextNode

from sim.snapshot import EntityState, Snapshot
from sim.view.labels import LABEL_PX, ScreenSpace, make_text
from sim.view.layer import ScreenBox, line_overlay_root
from sim.view.target_box import range_text

PAIR_RGBA = (1.0, 1.0, 1.0, 0.85)
PICK_PX = 40.0
"""A click picks the aircraft whose mark is within this many pixels of the mouse."""


def bearing_deg(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """The true bearing from ``a`` to ``b`` (x east, y north), 0 to 360."""
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0


def pair_text(a: EntityState, b: EntityState) -> str:
    slant = math.dist(a.position_ft, b.position_ft)
    bearing = round(bearing_deg(a.position_ft, b.position_ft)) % 360
    climb = b.position_ft[2] - a.position_ft[2]
    return (
        f"{a.callsign} > {b.callsign}\n"
        f"{range_text(slant)}  {bearing:03d}\N{DEGREE SIGN}  {climb:+,.0f} ft"
    )


class PairRange:
    """A line and its range / bearing / height label between two picked aircraft."""

    def __init__(self, screen: ScreenSpace, scene_parent: NodePath) -> None:
        self.screen = screen
        self.first: str | None = None
        self.second: str | None = None
        self.lines_root = line_overlay_root(scene_parent, "pair-range")
        self.lines_root.setRenderModeThickness(2.0)
        self.lines_root.setBin("fixed", 2)
        self.lines_root.setDepthTest(False)
        segs = LineSegs("pair-line")
        segs.setColor(*PAIR_RGBA)
        segs.moveTo(0, 0, 0)
        segs.drawTo(0, 1, 0)
        self.segs = segs
        self.line = self.lines_root.attachNewNode(segs.create(True))
        self.text, self.label = make_text(screen.overlay, "pair-range-label", TextNode.ACenter)
        self.text.setTextColor(1.0, 1.0, 1.0, 1.0)
        self.text.setCardColor(0.05, 0.06, 0.08, 0.65)
        self.text.setCardAsMargin(0.4, 0.4, 0.2, 0.1)
        self.text.setCardDecal(True)
        self._aircraft: list[str] = []
        self._selected: str | None = None
        self._positions: dict[str, tuple[float, float, float]] = {}
        self._hide()

    # -- picking ---------------------------------------------------------------------------
    def pick(self, entity_id: str) -> None:
        """The first pick starts the pair, the second ends it; later picks change the
        second end."""
        if self.first is None or (self.first == entity_id and self.second is None):
            self.first = entity_id
        elif entity_id != self.first:
            self.second = entity_id

    def cycle(self) -> None:
        """Without a mouse: start from the selected aircraft and step the other end on
        through the aircraft."""
        if not self._aircraft:
            return
        if self.first is None:
            self.first = self._selected if self._selected in self._aircraft else self._aircraft[0]
        others = [a for a in self._aircraft if a != self.first]
        if not others:
            return
        if self.second in others:
            self.second = others[(others.index(self.second) + 1) % len(others)]
        else:
            self.second = others[0]

    def clear(self) -> None:
        self.first = self.second = None
        self._hide()

    def nearest(self, at: tuple[float, float]) -> str | None:
        """The aircraft whose mark on the overlay is nearest ``at`` (overlay units), within
        ``PICK_PX`` pixels; None when none is."""
        best: tuple[float, str] | None = None
        for entity_id, position in self._positions.items():
            mark = self.screen.project(position)
            if mark is None:
                continue
            distance = math.hypot(mark[0] - at[0], mark[1] - at[1])
            if best is None or distance < best[0]:
                best = (distance, entity_id)
        if best is None or best[0] > PICK_PX * self.screen.pixel:
            return None
        return best[1]

    def label_box(self) -> ScreenBox | None:
        """The label's rectangle on the overlay, None when hidden (labels keep clear)."""
        if self.label.isHidden():
            return None
        left, right, bottom, top = self.text.getCardActual()
        scale = self.label.getScale().x
        x, _, z = self.label.getPos()
        return (x + left * scale, x + right * scale, z + bottom * scale, z + top * scale)

    # -- Layer -----------------------------------------------------------------------------
    def _hide(self) -> None:
        self.line.hide()
        self.label.hide()

    def update(self, snapshot: Snapshot) -> None:
        aircraft = [s for s in snapshot.entities if s.kind == "aircraft" and s.active]
        self._aircraft = [s.id for s in aircraft]
        self._positions = {s.id: s.position_ft for s in aircraft}
        self._selected = snapshot.selected
        by_id = {s.id: s for s in aircraft}
        a = by_id.get(self.first) if self.first else None
        b = by_id.get(self.second) if self.second else None
        if a is None or b is None:
            self._hide()
            return
        self.segs.setVertex(0, Point3(*a.position_ft))
        self.segs.setVertex(1, Point3(*b.position_ft))
        self.line.show()
        text = pair_text(a, b)
        if self.text.getText() != text:
            self.text.setText(text)
        (ax, ay, az), (bx, by, bz) = a.position_ft, b.position_ft
        at = self.screen.project(((ax + bx) / 2, (ay + by) / 2, (az + bz) / 2))
        if at is None:
            self.label.hide()
            return
        self.label.setScale(LABEL_PX * self.screen.pixel)
        self.label.setPos(at[0], 0, at[1] + 0.3 * LABEL_PX * self.screen.pixel)
        self.label.show()

    def destroy(self) -> None:
        self.lines_root.removeNode()
        self.label.removeNode()
