"""Ground units: a flat marker on the table for each gun, troop position, SAM site, radar,
target or airfield, with a short label, and a site's engagement ring.

Each ``ground`` entity gets a counter lying on the table: a dark square rimmed in its side's
colour (an airfield's is a long strip), and above it a label that faces the camera with
the unit's kind in the rules' short words over its name: the timeline's own
(:attr:`EntityInfo.unit`, ``AAA ZPU-4``, ``SA-2``) when it gives them, else the viewer's word
for its type (:data:`UNIT_WORDS`: ``ARCHIE``, ``MG``, ``TROOPS``, ``TARGET``, ``AIRFIELD``).
A site with an engagement radius (:attr:`EntityInfo.ring_ft`) gets a thin, faint ring of
that radius in its side's colour lying on the table round it.  Counter, label and ring follow
the unit's position and disappear when its ``active`` channel turns false (a gun knocked
out), as a mini does.

Seen from afar, a defended area's labels would pile on one another (a flak corridor's
guns in every hex).  Given the screen (:attr:`GroundUnits.screen`), a label that would
overlap an aircraft's label or one already drawn is left out, most important first: the
selected aircraft's own side's units (a downed crew), the sites with the widest engagement
rings (SAMs, then the guns), then the rest nearest the camera.  Its counter and ring stay;
come closer and the label comes back.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from panda3d.core import LineSegs, NodePath, TextNode

from engine.hexmap import STEP_FT
from models.timeline import EntityInfo
from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.hud.panels import drawable
from sim.view.layer import Eye, ScreenBox, ViewSettings, line_overlay_root, side_colour

if TYPE_CHECKING:
    from sim.view.labels import ScreenSpace

GROUND_KIND = "ground"
UNIT_WORDS: dict[str, str] = {
    "archie": "ARCHIE",
    "machine_gun": "MG",
    "troops": "TROOPS",
    "target": "TARGET",
    "airfield": "AIRFIELD",
}
"""A ground unit's type id → the short word on its label (any other type: its id)."""
COUNTER_PER_SCALE_FT = 14.0
"""A counter's least side per unit of mini scale (112 ft, a little over two inches)."""
COUNTER_LEAST_PX = 30.0
"""Seen from afar a counter is drawn larger, so that its side keeps this many pixels."""
STRIP_SHAPE = (1.0, 3.2)
"""An airfield's strip is this many counters wide and long."""
RIM_SHARE = 0.16
"""The side-coloured rim's width as a share of the counter's side."""
LABEL_PER_SCALE_FT = 5.0
"""The label's least letter height per unit of mini scale (seen close up)."""
LABEL_LEAST_PX = 14.0
"""Seen from afar the label is drawn larger, so that its letters keep this many pixels."""
LIFT_FT = 5.0
"""The counter lies this far over the table so it never fights the grid's depth."""
FILL_RGBA = (0.1, 0.1, 0.09, 0.92)
RING_SEGMENTS = 96
"""Straight pieces in an engagement ring: round at any radius the top camera shows."""
RING_ALPHA = 0.6
"""An engagement ring's opacity: there to be read, not to hide the hexes under it."""
RING_LIGHTEN = 0.25
"""A ring's colour is its side's, this share of the way to white (a dark side colour
disappears on the map)."""
RING_THICKNESS_PX = 1.5
RING_LIFT_FT = 2.0
"""A ring lies this far over the table: above the grid, below the counters."""


STACK_SPOT_FT = 50.0
"""Units nearer than this share a spot on the table (their labels stack)."""
STACK_LINES = 2.4
"""How far a stacked label rises above the one below it, in letter heights (two lines and
a gap)."""


LABEL_GAP_PX = 3.0
"""Labels closer than this on screen count as overlapping."""


def uncluttered(boxes: Sequence[ScreenBox | None], taken: Sequence[ScreenBox] = ()) -> list[bool]:
    """Which labels to draw, given their screen boxes most important first (None: off the
    screen): each that overlaps none already drawn nor any ``taken`` box."""
    kept: list[ScreenBox] = list(taken)
    shown: list[bool] = []
    for box in boxes:
        clear = box is not None and not any(
            box[0] < k[1] and k[0] < box[1] and box[2] < k[3] and k[2] < box[3] for k in kept
        )
        if clear and box is not None:
            kept.append(box)
        shown.append(clear)
    return shown


def unit_label(type_id: str, callsign: str, unit: str = "") -> str:
    """The label over a ground unit: its kind in short words (``unit`` when the timeline
    gives them), then its name."""
    word = unit or UNIT_WORDS.get(type_id, type_id.upper())
    return f"{word}\n{callsign}" if callsign else word


def ring_points(radius_ft: float, segments: int = RING_SEGMENTS) -> npt.NDArray[np.float64]:
    """A closed circle of ``radius_ft`` about the origin on the table: ``segments + 1``
    points (x, y, 0), the first repeated at the end."""
    angles = np.linspace(0.0, 2.0 * math.pi, segments + 1)
    angles[-1] = 0.0
    return np.stack(
        [radius_ft * np.cos(angles), radius_ft * np.sin(angles), np.zeros_like(angles)], axis=1
    )


def ring_rgba(side: str) -> tuple[float, float, float, float]:
    """An engagement ring's colour: its side's, lightened, see-through."""
    r, g, b = (c + (1.0 - c) * RING_LIGHTEN for c in side_colour(side))
    return (r, g, b, RING_ALPHA)


def counter_geometry(
    width_ft: float, length_ft: float, rim_rgb: tuple[float, float, float]
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.uint32]]:
    """A flat counter centred on the origin: a rim quad under a dark fill quad.
    Vertices, RGBA colours and triangle indices."""
    rim = min(width_ft, length_ft) * RIM_SHARE
    outer = (width_ft / 2, length_ft / 2)
    inner = (width_ft / 2 - rim, length_ft / 2 - rim)
    vertices, colours = [], []
    for (hx, hy), z, rgba in ((outer, 0.0, (*rim_rgb, 1.0)), (inner, 1.0, FILL_RGBA)):
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            vertices.append((sx * hx, sy * hy, z))
            colours.append(rgba)
    indices = [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]
    return (
        np.asarray(vertices, dtype=np.float32),
        np.asarray(colours, dtype=np.float32),
        np.asarray(indices, dtype=np.uint32),
    )


@dataclass
class _Unit:
    counter: NodePath
    label: NodePath
    ring: NodePath | None = None
    shown: bool = True

    @property
    def nodes(self) -> tuple[NodePath, ...]:
        return (self.counter, self.label) if self.ring is None else (
            self.counter, self.label, self.ring)  # fmt: skip


class GroundUnits:
    """A counter and a label for every ground unit, and a ring round every site with an
    engagement radius.

    ``entities`` are the timeline's :class:`EntityInfo` (their ``unit`` words and
    ``ring_ft``); a unit not among them is labelled by its type and has no ring."""

    def __init__(
        self,
        parent: NodePath,
        settings: ViewSettings | None = None,
        entities: Iterable[EntityInfo] = (),
    ) -> None:
        self.settings = settings or ViewSettings()
        self.infos = {info.id: info for info in entities}
        self.root = parent.attachNewNode("ground-units")
        self.root.setLightOff(1)
        self.root.setTextureOff(1)
        self.root.setTwoSided(True)
        self.labels = parent.attachNewNode("ground-unit-labels")
        self.labels.setLightOff(1)
        self.labels.setBin("fixed", 7)
        self.labels.setDepthWrite(False)
        self.rings = line_overlay_root(parent, "engagement-rings")
        self.rings.setBin("fixed", 6)
        self.table_ft = self.settings.tile_base_alt_steps * STEP_FT
        self.units: dict[str, _Unit] = {}
        self._ignored: set[str] = set()
        self.eye: Eye | None = None
        """The camera (set before each update), for markers readable from afar."""
        self.screen: ScreenSpace | None = None
        """The screen the labels are decluttered on (none: every label is drawn)."""
        self.placed: dict[str, ScreenBox] = {}
        """Each label drawn after decluttering, by unit id: its box on screen."""
        self._drawn: list[tuple[str, tuple[float, float, float], float]] = []
        self._selected_side: str | None = None
        """The selected aircraft's side: its own units' labels come first (a downed crew)."""
        """This frame's labels: unit id, where the label hangs and its letter height."""

    def set_eye(self, eye: Eye) -> None:
        """The camera this frame."""
        self.eye = eye

    def _add(self, entity_id: str, type_id: str, callsign: str, side: str) -> _Unit:
        side_ft = COUNTER_PER_SCALE_FT * self.settings.mini_scale
        width, length = (side_ft * k for k in STRIP_SHAPE) if type_id == "airfield" else (
            side_ft, side_ft)  # fmt: skip
        vertices, colours, indices = counter_geometry(width, length, side_colour(side))
        counter = self.root.attachNewNode(
            make_geom_node(
                f"ground-{entity_id}", vertices, "triangles", colours=colours, indices=indices
            )
        )
        info = self.infos.get(entity_id)
        text = TextNode(f"ground-label-{entity_id}")
        text.setText(drawable(unit_label(type_id, callsign, info.unit if info is not None else "")))
        text.setAlign(TextNode.A_center)
        r, g, b = side_colour(side)
        text.setTextColor(0.6 + 0.4 * r, 0.6 + 0.4 * g, 0.6 + 0.4 * b, 1.0)
        text.setShadow(0.06, 0.06)
        text.setShadowColor(0.0, 0.0, 0.0, 0.85)
        label = self.labels.attachNewNode(text)
        label.setBillboardPointEye()
        ring = None
        if info is not None and info.ring_ft is not None:
            ring = self._ring(entity_id, info.ring_ft, side)
        unit = _Unit(counter, label, ring)
        self.units[entity_id] = unit
        return unit

    def _ring(self, entity_id: str, radius_ft: float, side: str) -> NodePath:
        segs = LineSegs(f"engagement-ring-{entity_id}")
        segs.setColor(*ring_rgba(side))
        segs.setThickness(RING_THICKNESS_PX)
        first, *rest = (tuple(float(v) for v in point) for point in ring_points(radius_ft))
        segs.moveTo(*first)
        for point in rest:
            segs.drawTo(*point)
        return self.rings.attachNewNode(segs.create())

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        stacked: dict[tuple[int, int], int] = {}
        """Units already drawn at each spot: a second unit in one place (two gun sites in
        one hex) has its label stacked above the first's, so neither hides the other."""
        drawn: list[tuple[str, tuple[float, float, float], float]] = []
        selected = snapshot.selected_state
        self._selected_side = selected.side if selected is not None else None
        for state in snapshot.entities:
            unit = self.units.get(state.id)
            if unit is None:
                if state.id in self._ignored or state.kind != GROUND_KIND:
                    self._ignored.add(state.id)
                    continue
                unit = self._add(state.id, state.type_id, state.callsign, state.side)
            if state.active != unit.shown:
                unit.shown = state.active
                for node in unit.nodes:
                    node.show() if state.active else node.hide()
            if not state.active:
                continue
            x, y, _z = state.position_ft
            spot = (round(x / STACK_SPOT_FT), round(y / STACK_SPOT_FT))
            below = stacked.get(spot, 0)
            stacked[spot] = below + 1
            scale = self.settings.mini_scale
            height, grow = LABEL_PER_SCALE_FT * scale, 1.0
            if self.eye is not None:
                px_ft = self.eye.px_ft((x, y, self.table_ft))
                height = max(height, LABEL_LEAST_PX * px_ft)
                grow = max(1.0, COUNTER_LEAST_PX * px_ft / (COUNTER_PER_SCALE_FT * scale))
            unit.counter.setPos(x, y, self.table_ft + LIFT_FT)
            unit.counter.setH(-state.heading_deg)
            unit.counter.setScale(grow, grow, 1.0)
            unit.label.setScale(height)
            # Two lines of text: lift the label so its lower line clears the counter.
            anchor = (x, y, self.table_ft + height * (1.6 + STACK_LINES * below))
            unit.label.setPos(*anchor)
            if unit.ring is not None:
                unit.ring.setPos(x, y, self.table_ft + RING_LIFT_FT)
            drawn.append((state.id, anchor, height))
        self._drawn = drawn

    def declutter(self, taken: Sequence[ScreenBox] = ()) -> None:
        """Leave out each label that would overlap a more important one on screen, or one
        of the ``taken`` boxes (the aircraft's labels); called once the camera has moved
        for this frame."""
        drawn = self._drawn
        if self.screen is None or self.eye is None:
            return
        eye = self.eye.position_ft

        def rank(item: tuple[str, tuple[float, float, float], float]) -> tuple[int, float, float]:
            info = self.infos.get(item[0])
            ring = info.ring_ft if info is not None and info.ring_ft is not None else 0.0
            friendly = info is not None and info.side == self._selected_side
            return (0 if friendly else 1, -ring, math.dist(eye, item[1]))

        ordered = sorted(drawn, key=rank)
        pixel = self.screen.pixel
        boxes: list[ScreenBox | None] = []
        for entity_id, anchor, height_ft in ordered:
            at = self.screen.project(anchor)
            if at is None:
                boxes.append(None)
                continue
            left, right, bottom, top = self.units[entity_id].label.node().getFrameActual()
            per_unit = height_ft / max(self.eye.px_ft(anchor), 1e-9) * pixel
            gap = LABEL_GAP_PX * pixel
            boxes.append(
                (
                    at[0] + left * per_unit - gap,
                    at[0] + right * per_unit + gap,
                    at[1] + bottom * per_unit - gap,
                    at[1] + top * per_unit + gap,
                )
            )
        shown_now = uncluttered(boxes, taken)
        self.placed = {}
        for (entity_id, _anchor, _height), box, shown in zip(
            ordered, boxes, shown_now, strict=True
        ):
            label = self.units[entity_id].label
            label.show() if shown else label.hide()
            if shown and box is not None:
                self.placed[entity_id] = box

    def destroy(self) -> None:
        self.root.removeNode()
        self.labels.removeNode()
        self.rings.removeNode()
        self.units.clear()
