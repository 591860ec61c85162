"""Target boxes: what the selected aircraft's crew see, boxed on screen from the cockpit.

In the cockpit camera every aircraft the selected crew have spotted (``spotted``) or track
(``tracks``, ``ir_lock``) gets a square in screen space around it, ``BOX_PX`` pixels across,
with its callsign and range (nm, or ft inside a mile) under it: a full square for a sensor
track, corner brackets for one only seen.  One that is off screen or behind gets an arrow at
the screen's edge pointing the way to turn to it, with its callsign.  In the other cameras
only the selected aircraft's target (its first track, or its IR lock) is boxed.  Node paths
are made once per aircraft and moved each frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from panda3d.core import LineSegs, NodePath, TextNode

from models import bop_channels as bop
from sim.snapshot import EntityState, Snapshot
from sim.view.ground import make_geom_node
from sim.view.labels import LABEL_PX, ScreenSpace, label_rgb, make_text, overlaps
from sim.view.layer import ScreenBox

BOX_PX = 34.0
ARROW_PX = 16.0
EDGE_PX = 30.0
"""The arrows keep this far inside the screen's edge."""
EDGE_SAMPLES = 72
"""Places along the screen's edge an arrow may move to when its own spot is covered."""
FT_PER_NM = 6076.12


def range_text(range_ft: float) -> str:
    """A range as a pilot says it: nm to one decimal, or feet inside a mile."""
    if range_ft < FT_PER_NM:
        return f"{range_ft:,.0f} ft"
    return f"{range_ft / FT_PER_NM:.1f} nm"


def slant_range_ft(a: EntityState, b: EntityState) -> float:
    return math.dist(a.position_ft, b.position_ft)


def seen_targets(own: EntityState, cockpit: bool) -> tuple[list[str], set[str]]:
    """(ids to box in order, the ids among them the crew track with a sensor). In the
    cockpit: everything spotted or tracked; elsewhere only the first track or the IR lock."""
    tracked = [t for t in (*own.ids(bop.TRACKS), *own.ids(bop.IR_LOCK)) if t]
    if not cockpit:
        first = tracked[:1]
        return first, set(first)
    ordered = list(dict.fromkeys([*tracked, *own.ids(bop.SPOTTED)]))
    return [t for t in ordered if t != own.id], set(tracked)


def _square(name: str, brackets: bool) -> NodePath:
    """A unit square outline (1 across, centred), whole or as four corner brackets."""
    segs = LineSegs(name)
    segs.setThickness(1.6)
    h = 0.5
    if brackets:
        c = 0.22
        for sx in (-1, 1):
            for sz in (-1, 1):
                segs.moveTo(sx * h, 0, sz * (h - c))
                segs.drawTo(sx * h, 0, sz * h)
                segs.drawTo(sx * (h - c), 0, sz * h)
    else:
        segs.moveTo(-h, 0, -h)
        for x, z in ((h, -h), (h, h), (-h, h), (-h, -h)):
            segs.drawTo(x, 0, z)
    return NodePath(segs.create())


def _arrow() -> NodePath:
    """A unit triangle pointing along +x."""
    vertices = np.array([(0.5, 0, 0), (-0.5, 0, 0.42), (-0.5, 0, -0.42)], float)
    colours = np.ones((3, 4))
    node = make_geom_node("edge-arrow", vertices, "triangles", colours=colours)
    path = NodePath(node)
    path.setTwoSided(True)
    return path


@dataclass
class _Box:
    square: NodePath
    brackets: NodePath
    arrow: NodePath
    text: TextNode
    text_path: NodePath
    shown_text: str = ""

    def hide(self) -> None:
        for path in (self.square, self.brackets, self.arrow, self.text_path):
            path.hide()


class TargetBoxes:
    """Boxes and edge arrows for what the selected crew see (see the module doc)."""

    def __init__(self, screen: ScreenSpace) -> None:
        self.screen = screen
        self.root = screen.overlay.attachNewNode("target-boxes")
        self.root.setBin("fixed", 6)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setLightOff(1)
        self._square = _square("target-square", brackets=False)
        self._brackets = _square("target-brackets", brackets=True)
        self._arrow = _arrow()
        self.cockpit = False
        self.keep_clear: Callable[[], Sequence[ScreenBox]] | None = None
        """Rectangles an edge arrow slides in from the edge to stay off (the HUD panels)."""
        self.boxes: dict[str, _Box] = {}
        self.shown: dict[str, str] = {}
        """What each boxed aircraft shows this frame: ``box`` or ``arrow``."""
        self.taken: list[ScreenBox] = []
        """The rectangles this frame's boxes and texts cover (the labels keep clear of them:
        a missile's label over a target's box hid both)."""

    def set_camera(self, mode: str) -> None:
        self.cockpit = mode == "cockpit"

    def _box(self, entity_id: str) -> _Box:
        box = self.boxes.get(entity_id)
        if box is None:
            text, text_path = make_text(self.root, f"target-text-{entity_id}", TextNode.ACenter)
            box = _Box(
                self._square.copyTo(self.root),
                self._brackets.copyTo(self.root),
                self._arrow.copyTo(self.root),
                text,
                text_path,
            )
            self.boxes[entity_id] = box
        return box

    def update(self, snapshot: Snapshot) -> None:
        self.shown = {}
        self.taken = []
        own = snapshot.selected_state
        wanted: list[str] = []
        tracked: set[str] = set()
        if own is not None and own.active:
            wanted, tracked = seen_targets(own, self.cockpit)
        by_id = {s.id: s for s in snapshot.entities}
        pixel = self.screen.pixel
        for target_id in wanted:
            target = by_id.get(target_id)
            if target is None or not target.active or own is None:
                continue
            box = self._box(target_id)
            colour = (*label_rgb(target.side), 1.0)
            # A box's callsign is the aircraft's label; an edge arrow has no label beside it.
            at = self.screen.project(target.position_ft)
            distance = range_text(slant_range_ft(own, target))
            text = distance if at is not None else f"{target.callsign}\n{distance}"
            if text != box.shown_text:
                box.text.setText(text)
                box.shown_text = text
            box.text.setTextColor(*colour)
            if at is not None:
                self._place_box(box, at, target_id in tracked, colour, pixel)
                self.shown[target_id] = "box"
                half = BOX_PX * pixel / 2
                self.taken.append((at[0] - half, at[0] + half, at[1] - half, at[1] + half))
            else:
                self._place_arrow(box, target.position_ft, colour, pixel)
                self.shown[target_id] = "arrow"
            self.taken.append(self._text_box(box))
        for entity_id, box in self.boxes.items():
            if entity_id not in self.shown:
                box.hide()

    @staticmethod
    def _text_box(box: _Box) -> ScreenBox:
        left, right, bottom, top = box.text.getFrameActual()
        scale = box.text_path.getScale().x
        x, _, z = box.text_path.getPos()
        return (x + left * scale, x + right * scale, z + bottom * scale, z + top * scale)

    def _place_box(
        self,
        box: _Box,
        at: tuple[float, float],
        tracked: bool,
        colour: tuple[float, float, float, float],
        pixel: float,
    ) -> None:
        size = BOX_PX * pixel
        shape, other = (box.square, box.brackets) if tracked else (box.brackets, box.square)
        shape.setPos(at[0], 0, at[1])
        shape.setScale(size)
        shape.setColor(*colour)
        shape.show()
        other.hide()
        box.arrow.hide()
        box.text_path.setScale(LABEL_PX * 0.85 * pixel)
        box.text_path.setPos(at[0], 0, at[1] - size / 2 - LABEL_PX * pixel)
        box.text_path.show()

    def _place_arrow(
        self,
        box: _Box,
        point: tuple[float, float, float],
        colour: tuple[float, float, float, float],
        pixel: float,
    ) -> None:
        """An arrow at the screen's edge pointing the way to turn to ``point``, its callsign
        beside it towards the middle; both slid in from the edge until clear of the panels
        (left at the edge when nowhere on the way is)."""
        local = self.screen.camera_local(point)
        dx, dz = float(local.x), float(local.z)
        if math.hypot(dx, dz) < 1e-6:
            dx, dz = 0.0, -1.0  # dead astern: point down
        norm = math.hypot(dx, dz)
        ux, uz = dx / norm, dz / norm
        left, right, bottom, top = self.screen.extent()
        inset = EDGE_PX * pixel
        cx, cz = (left + right) / 2, (bottom + top) / 2
        half_w, half_h = (right - left) / 2 - inset, (top - bottom) / 2 - inset
        reach = min(half_w / abs(ux) if ux else math.inf, half_h / abs(uz) if uz else math.inf)
        size = ARROW_PX * pixel
        scale = LABEL_PX * 0.85 * pixel
        t_left, t_right, t_bottom, t_top = box.text.getFrameActual()
        back = 1.4 * size
        panels = list(self.keep_clear()) if self.keep_clear is not None else []

        def layout(
            f: float, at: tuple[float, float] | None = None
        ) -> tuple[float, float, float, float, bool]:
            x, z = at if at is not None else (cx + ux * reach * f, cz + uz * reach * f)
            # The text's nearest corner a little back from the arrow, towards the middle.
            tx = x - ux * back - (t_right if ux > 0 else t_left) * scale * (abs(ux) > 0.3)
            tz = z - uz * back - (t_top if uz > 0 else t_bottom) * scale * (abs(uz) > 0.3)
            tx = min(max(tx, left + inset - t_left * scale), right - inset - t_right * scale)
            arrow_box = (x - size, x + size, z - size, z + size)
            text_box = (
                tx + t_left * scale,
                tx + t_right * scale,
                tz + t_bottom * scale,
                tz + t_top * scale,
            )
            clear = not any(overlaps(b, p) for b in (arrow_box, text_box) for p in panels)
            return x, z, tx, tz, clear

        placed = layout(1.0)
        for k in range(1, 45):
            if placed[4]:
                break
            candidate = layout(1.0 - k * 0.02)
            if candidate[4]:
                placed = candidate
        if not placed[4]:
            # Nowhere clear on the way in: the clear place along the screen's edge nearest
            # in angle to the true direction (the arrow still points the true way).
            best: tuple[float, tuple[float, float, float, float, bool]] | None = None
            for k in range(EDGE_SAMPLES):
                angle = 2 * math.pi * k / EDGE_SAMPLES
                ex, ez = math.cos(angle), math.sin(angle)
                far = min(
                    half_w / abs(ex) if ex else math.inf, half_h / abs(ez) if ez else math.inf
                )
                candidate = layout(1.0, (cx + ex * far, cz + ez * far))
                if candidate[4]:
                    off = abs(math.remainder(angle - math.atan2(uz, ux), 2 * math.pi))
                    if best is None or off < best[0]:
                        best = (off, candidate)
            placed = best[1] if best is not None else layout(1.0)
        x, z, tx, tz, _ = placed
        angle = math.degrees(math.atan2(uz, ux))
        box.arrow.setPos(x, 0, z)
        box.arrow.setR(-angle)
        box.arrow.setScale(size)
        box.arrow.setColor(*colour)
        box.arrow.show()
        box.square.hide()
        box.brackets.hide()
        box.text_path.setScale(scale)
        box.text_path.setPos(tx, 0, tz)
        box.text_path.show()

    def destroy(self) -> None:
        self.root.removeNode()
        for path in (self._square, self._brackets, self._arrow):
            path.removeNode()
        self.boxes.clear()
        self.shown = {}
