"""Flight stands: on a miniatures table every aircraft stands on a stand whose height is
its altitude.

For a map that declares ``flight_stands`` (:class:`models.ruleset_spec.MapScale`), each
aircraft gets a base on the table under it, a thin rod from the base up to the mini, and a
ring round the rod every 1,000 ft (a wider one every 5,000 ft), so its height can be read
off the rod the way a player counts the pegs of a stand; beside the base its altitude is
written in hundreds of feet.

A map that declares ``stand_wire`` stands its minis on bent wires instead, as a backyard
game's 1/72 models stand: the rod rises from the base and its top bends to meet the
model's belly square on, so the last stretch of wire leans as the model pitches and banks.

All the rods and rings are one line Geom whose vertex array is rewritten in place each
frame (a few thousand vertices at most), and each base and label is a node that only
moves, so the stands follow the minis every frame at no noticeable cost.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath, Quat, TextNode

from engine.hexmap import STEP_FT
from models.timeline import Timeline
from sim.snapshot import Snapshot
from sim.view.droplines import foot_geometry
from sim.view.ground import make_geom_node
from sim.view.layer import Eye, ViewSettings, line_overlay_root, side_colour

RING_FT = 1000.0
"""Altitude between one ring on the rod and the next."""
MAJOR_EVERY = 5
"""Every this many rings is a wider one (every 5,000 ft)."""
RING_SEGMENTS = 10
RING_RADIUS_PER_SCALE_FT = 3.0
MAJOR_RADIUS_PER_SCALE_FT = 5.0
"""A ring's radius per unit of mini scale (24 ft and 40 ft on Over the Lines' table)."""
BASE_RADIUS_PER_SCALE_FT = 9.0
"""The base's radius per unit of mini scale (72 ft, about an inch and a half)."""
LABEL_HEIGHT_PER_SCALE_FT = 5.0
"""The altitude label's least letter height per unit of mini scale (seen close up)."""
LEAST_PX = {"ring": 5.0, "base": 12.0, "label": 15.0}
"""Seen from afar, the rings, the base and the label are drawn larger so that they keep a
readable size on screen: at least this many pixels for a ring's and the base's radius and
for the label's letters."""
MOST_RINGS = 60
"""Rings drawn on a rod at most (60,000 ft)."""
ROD_ALPHA = 0.9
RING_ALPHA = 0.85
LIFT_FT = 4.0
"""The base sits this far over the table so it never fights the grid's depth."""
BEND_PER_SCALE_FT = 12.0
"""A bent wire's last stretch, from its knee into the model's belly, per unit of mini scale
(an inch and a half of wire under a 1/72 model)."""
ROD_VERTICES = 4
"""A rod is two segments: base to knee, knee to mini (a straight rod's knee is the mini)."""
LABEL_RGB = (0.95, 0.95, 0.9)
FLOATS_PER_VERTEX = 7
"""x, y, z, r, g, b, a (float32), as :func:`sim.view.ground.make_geom_node` packs them."""


def model_up(quat_wxyz: tuple[float, float, float, float]) -> tuple[float, float, float]:
    """The model's own up axis in the world (its belly faces the other way)."""
    up = Quat(*quat_wxyz).getUp()
    return (float(up.x), float(up.y), float(up.z))


def has_flight_stands(timeline: Timeline) -> bool:
    """Whether the timeline's map stands its minis on flight stands."""
    scale = timeline.meta.scale
    return scale is not None and scale.flight_stands


def ring_count(timeline: Timeline) -> int:
    """Rings each rod needs for the highest altitude in the timeline."""
    z = timeline.channels.get("z_ft")
    top = float(np.nanmax(z)) if z is not None and z.size else 0.0
    return int(min(max(math.ceil(top / RING_FT), 1), MOST_RINGS))


def altitude_text(alt_ft: float) -> str:
    """The label at a stand's base: the altitude to the nearest 100 ft (``3,700``)."""
    return f"{round(max(alt_ft, 0.0) / 100.0) * 100:,.0f}"


def ring_offsets_ft(rings: int, mini_scale: float) -> npt.NDArray[np.float64]:
    """Each ring's line segments round the rod: ``(rings, 2 * RING_SEGMENTS, 2)`` offsets in
    x and y from the rod, and each ring a little wider every :data:`MAJOR_EVERY`."""
    angles = np.linspace(0.0, 2.0 * math.pi, RING_SEGMENTS + 1)
    ends = np.stack([angles[:-1], angles[1:]], axis=1).ravel()
    circle = np.stack([np.cos(ends), np.sin(ends)], axis=1)
    major = (np.arange(1, rings + 1) % MAJOR_EVERY) == 0
    radius = np.where(major, MAJOR_RADIUS_PER_SCALE_FT, RING_RADIUS_PER_SCALE_FT) * mini_scale
    offsets: npt.NDArray[np.float64] = radius[:, None, None] * circle[None, :, :]
    return offsets


def wire_knees(
    positions_ft: npt.NDArray[np.float64],
    ups: npt.NDArray[np.float64],
    table_ft: float,
    bend_ft: float,
) -> npt.NDArray[np.float64]:
    """Where each bent wire's knee is: ``bend_ft`` below the model along its own up axis
    (``ups``, unit vectors), so the wire meets the belly square on; never below the table."""
    knees = positions_ft - ups * bend_ft
    knees[:, 2] = np.maximum(knees[:, 2], table_ft)
    return knees


def stand_vertices(
    positions_ft: npt.NDArray[np.float64],
    shown: npt.NDArray[np.bool_],
    table_ft: float,
    offsets_ft: npt.NDArray[np.float64],
    ring_scale: npt.NDArray[np.float64] | None = None,
    knees_ft: npt.NDArray[np.float64] | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Every stand's rod and rings: ``(points, alpha)``, points ``(stands, 4 + rings * 2 *
    RING_SEGMENTS, 3)`` in world feet.  The rod runs from the base to its knee
    (``knees_ft``; a straight rod's is the mini) and on to the mini.  A ring shows when it
    is below the mini; a stand not shown has all its alphas 0.  ``ring_scale`` widens each
    stand's rings (1: as given)."""
    n = len(positions_ft)
    rings, per_ring, _ = offsets_ft.shape
    heights_ft = table_ft + RING_FT * np.arange(1, rings + 1)
    knees = positions_ft if knees_ft is None else knees_ft
    points = np.empty((n, ROD_VERTICES + rings * per_ring, 3))
    points[:, 0, :2] = knees[:, :2]
    points[:, 0, 2] = table_ft
    points[:, 1] = knees
    points[:, 2] = knees
    points[:, 3] = positions_ft
    ring_points = points[:, ROD_VERTICES:].reshape(n, rings, per_ring, 3)
    widen = np.ones(n) if ring_scale is None else ring_scale
    ring_points[..., :2] = (
        positions_ft[:, None, None, :2] + offsets_ft[None] * widen[:, None, None, None]
    )
    ring_points[..., 2] = heights_ft[None, :, None]
    alpha = np.empty((n, points.shape[1]))
    alpha[:, :ROD_VERTICES] = ROD_ALPHA
    below = heights_ft[None, :] < positions_ft[:, 2:3]
    alpha[:, ROD_VERTICES:] = np.repeat(np.where(below, RING_ALPHA, 0.0), per_ring, axis=1)
    alpha[~shown] = 0.0
    return points, alpha


@dataclass
class _Stand:
    slot: int
    base: NodePath
    label: NodePath
    text: TextNode
    shown: bool = True
    written: str = ""


class FlightStands:
    """A flight stand under every active aircraft (nothing on a map without them)."""

    def __init__(
        self, parent: NodePath, timeline: Timeline, settings: ViewSettings | None = None
    ) -> None:
        self.settings = settings or ViewSettings()
        self.enabled = has_flight_stands(timeline)
        scale_spec = timeline.meta.scale
        self.wire = scale_spec is not None and scale_spec.stand_wire
        """Bent wires (a backyard game's stands) rather than straight rods."""
        self.root = line_overlay_root(parent, "flight-stands")
        self.root.setBin("transparent", 2)
        self.table_ft = self.settings.tile_base_alt_steps * STEP_FT
        """The table's height (the map's base altitude), where the bases stand."""
        scale = self.settings.mini_scale
        self._offsets = ring_offsets_ft(ring_count(timeline), scale)
        self._per_stand = ROD_VERTICES + self._offsets.shape[0] * self._offsets.shape[1]
        self.stands: dict[str, _Stand] = {}
        self._ignored: set[str] = set()
        self._colours = np.zeros((0, 4))
        self._lines: NodePath | None = None
        vertices, colours, indices = foot_geometry()
        self._base = NodePath(
            make_geom_node("stand-base", vertices, "triangles", colours=colours, indices=indices)
        )
        self._bases = self.root.attachNewNode("stand-bases")
        self._bases.setTwoSided(True)
        self._bases.setDepthWrite(False)
        self._labels = parent.attachNewNode("stand-labels")
        self._labels.setLightOff(1)
        self._labels.setBin("fixed", 8)
        self._labels.setDepthTest(False)
        self._labels.setDepthWrite(False)
        self.eye: Eye | None = None
        """The camera (set before each update), for sizes kept readable from afar."""

    def _add(self, entity_id: str, side: str) -> _Stand:
        slot = len(self.stands)
        base = self._base.copyTo(self._bases)
        r, g, b = side_colour(side)
        base.setColorScale(0.5 + 0.5 * r, 0.5 + 0.5 * g, 0.5 + 0.5 * b, 1.0)
        text = TextNode(f"stand-alt-{entity_id}")
        text.setAlign(TextNode.A_center)
        text.setTextColor(*LABEL_RGB, 1.0)
        text.setShadow(0.06, 0.06)
        text.setShadowColor(0.0, 0.0, 0.0, 0.8)
        label = self._labels.attachNewNode(text)
        label.setBillboardPointEye()
        stand = _Stand(slot, base, label, text)
        self.stands[entity_id] = stand
        colour = np.array([[*(0.35 + 0.65 * np.array(side_colour(side))), 1.0]])
        self._colours = np.concatenate([self._colours, colour])
        self._rebuild()
        return stand

    def _rebuild(self) -> None:
        """The line Geom for as many stands as there are (rebuilt when an aircraft first
        appears, rare; every frame only rewrites its vertices)."""
        if self._lines is not None:
            self._lines.removeNode()
        colours = np.repeat(self._colours, self._per_stand, axis=0)
        node = make_geom_node(
            "stand-lines",
            np.zeros((len(colours), 3)),
            "lines",
            colours=colours,
            dynamic=True,
        )
        self._lines = self.root.attachNewNode(node)

    def extend(self, timeline: Timeline) -> None:
        """Go on with a longer timeline of the same game: the rods get rings enough for
        any new height reached."""
        rings = ring_count(timeline)
        if rings > self._offsets.shape[0]:
            self._offsets = ring_offsets_ft(rings, self.settings.mini_scale)
            self._per_stand = ROD_VERTICES + self._offsets.shape[0] * self._offsets.shape[1]
            if self.stands:
                self._rebuild()

    def _vertex_view(self) -> npt.NDArray[np.float32]:
        assert self._lines is not None
        node = self._lines.node()
        array = node.modifyGeom(0).modifyVertexData().modifyArray(0)
        view: npt.NDArray[np.float32] = np.frombuffer(memoryview(array), dtype=np.float32)
        return view.reshape(-1, FLOATS_PER_VERTEX)

    def set_eye(self, eye: Eye) -> None:
        """The camera this frame."""
        self.eye = eye

    def _sizes(self, positions_ft: npt.NDArray[np.float64]) -> dict[str, npt.NDArray[Any]]:
        """Per stand, how much larger than its least size each part is drawn, so that it
        keeps :data:`LEAST_PX` on screen."""
        n = len(positions_ft)
        eye = self.eye
        if eye is None:
            return {part: np.ones(n) for part in LEAST_PX}
        px_ft = np.array([eye.px_ft((x, y, z)) for x, y, z in positions_ft.tolist()])
        scale = self.settings.mini_scale
        least = {
            "ring": RING_RADIUS_PER_SCALE_FT * scale,
            "base": BASE_RADIUS_PER_SCALE_FT * scale,
            "label": LABEL_HEIGHT_PER_SCALE_FT * scale,
        }
        return {part: np.maximum(1.0, px * px_ft / least[part]) for part, px in LEAST_PX.items()}

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        if not self.enabled:
            return
        placed: list[tuple[_Stand, tuple[float, float, float], bool]] = []
        ups: dict[int, tuple[float, float, float]] = {}
        for state in snapshot.entities:
            stand = self.stands.get(state.id)
            if stand is None:
                if state.id in self._ignored or state.kind != "aircraft":
                    self._ignored.add(state.id)
                    continue
                stand = self._add(state.id, state.side)
            placed.append((stand, state.position_ft, state.active))
            if self.wire:
                ups[stand.slot] = model_up(state.quat_wxyz)
        if not placed:
            return
        count = len(self.stands)
        positions = np.zeros((count, 3))
        shown = np.zeros(count, dtype=bool)
        table = self.table_ft
        for stand, (x, y, z), active in placed:
            positions[stand.slot] = (x, y, max(z, table))
            shown[stand.slot] = active
        feet = positions.copy()
        feet[:, 2] = table
        sizes = self._sizes(feet)
        scale = self.settings.mini_scale
        for stand, (x, y, z), active in placed:
            if active != stand.shown:
                stand.shown = active
                for node in (stand.base, stand.label):
                    node.show() if active else node.hide()
            if active:
                base_ft = BASE_RADIUS_PER_SCALE_FT * scale * float(sizes["base"][stand.slot])
                stand.base.setPos(x, y, table + LIFT_FT)
                stand.base.setScale(base_ft)
                # The label stands in front of the base, toward the south (the table's
                # near edge from the usual cameras).
                stand.label.setPos(x, y - base_ft * 1.1, table + LIFT_FT)
                stand.label.setScale(LABEL_HEIGHT_PER_SCALE_FT * scale * sizes["label"][stand.slot])
                words = altitude_text(z)
                if words != stand.written:
                    stand.written = words
                    stand.text.setText(words)
        knees = None
        if self.wire:
            up = np.array([ups.get(slot, (0.0, 0.0, 1.0)) for slot in range(count)])
            knees = wire_knees(positions, up, table, BEND_PER_SCALE_FT * scale)
        points, alpha = stand_vertices(
            positions, shown, table, self._offsets, sizes["ring"], knees_ft=knees
        )
        vertices = self._vertex_view()
        vertices[:, 0:3] = points.reshape(-1, 3)
        vertices[:, 6] = alpha.ravel()

    def destroy(self) -> None:
        self.root.removeNode()
        self._labels.removeNode()
        self._base.removeNode()
        self.stands.clear()
