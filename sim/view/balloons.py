"""Observation balloons: a fat sausage of boxes with three tail fins, tethered to its winch.

Each ``balloon`` entity gets one Geom: seven boxes along its body axis, fattest in the
middle, and three fins at the tail (a kite balloon's lobes), in the fabric's grey-ochre
with a band of its side's colour round the middle; a line runs from under it to a small
winch box on the ground.  It is drawn at life size times the map's mini scale, like the
aircraft minis.  It
disappears when its ``active`` channel turns false (flamed or hauled down), as a mini does.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from panda3d.core import LineSegs, NodePath, Point3, Quat

from engine.hexmap import STEP_FT
from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root, side_colour

BALLOON_KIND = "balloon"
LENGTH_FT, DIAMETER_FT = 92.0, 32.0
"""The gasbag's size before the mini scale: a Caquot's."""
SECTIONS = (0.5, 0.8, 0.97, 1.0, 0.95, 0.82, 0.6)
"""Each box's diameter as a share of the gasbag's, nose first."""
FABRIC_RGB = (0.72, 0.66, 0.5)
TETHER_RGBA = (0.15, 0.13, 0.1, 0.9)
WINCH_FT = 8.0
"""The winch box's side before the mini scale."""

Box = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]
"""A box's centre and size (body x, y, z) in feet and its colour."""


def balloon_boxes(mini_scale: float, side_rgb: tuple[float, float, float]) -> list[Box]:
    """The boxes of a balloon mini, body y forward: the gasbag's sections and the fins."""
    length, diameter = LENGTH_FT * mini_scale, DIAMETER_FT * mini_scale
    step = length / len(SECTIONS)
    boxes: list[Box] = []
    middle = len(SECTIONS) // 2
    for i, share in enumerate(SECTIONS):
        y = length / 2 - step * (i + 0.5)
        colour = side_rgb if i == middle else FABRIC_RGB
        boxes.append(((0.0, y, 0.0), (diameter * share, step * 1.02, diameter * share), colour))
    tail_y = -length / 2 + step * 0.6
    fin = diameter * 0.42
    thin = diameter * 0.08
    for x, z, size in (
        (0.0, diameter * 0.45, (thin, step * 1.1, fin)),  # the upper fin
        (diameter * 0.42, -diameter * 0.2, (fin, step * 1.1, thin)),
        (-diameter * 0.42, -diameter * 0.2, (fin, step * 1.1, thin)),
    ):
        boxes.append(((x, tail_y, z), size, FABRIC_RGB))
    basket = diameter * 0.16
    boxes.append(((0.0, step * 0.5, -diameter * 0.5 - basket), (basket,) * 3, (0.3, 0.22, 0.12)))
    return boxes


_FACES = (
    ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    ((-1, 0, 0), (0, 0, 1), (0, 1, 0)),
    ((0, 1, 0), (0, 0, 1), (1, 0, 0)),
    ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
    ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    ((0, 0, -1), (0, 1, 0), (1, 0, 0)),
)
"""Each face's outward normal and two edge directions, wound counter-clockwise seen from
outside."""


def boxes_geometry(
    boxes: list[Box],
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.float32],
           npt.NDArray[np.uint32]]:  # fmt: skip
    """Vertices, normals, RGBA colours and triangle indices of lit, coloured boxes."""
    vertices: list[npt.NDArray[np.float64]] = []
    normals: list[npt.NDArray[np.float64]] = []
    colours: list[tuple[float, float, float, float]] = []
    indices: list[int] = []
    for centre, size, rgb in boxes:
        half = np.asarray(size) / 2
        for normal, a, b in _FACES:
            n, u, v = (np.asarray(d, dtype=np.float64) for d in (normal, a, b))
            middle = np.asarray(centre) + n * half
            start = len(vertices)
            for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                vertices.append(middle + su * u * half + sv * v * half)
                normals.append(n)
                colours.append((*rgb, 1.0))
            indices += [start, start + 1, start + 2, start, start + 2, start + 3]
    return (
        np.asarray(vertices, dtype=np.float32),
        np.asarray(normals, dtype=np.float32),
        np.asarray(colours, dtype=np.float32),
        np.asarray(indices, dtype=np.uint32),
    )


@dataclass
class _Balloon:
    path: NodePath
    tether: LineSegs
    tether_path: NodePath
    winch: NodePath
    shown: bool = True


class Balloons:
    """A tethered gasbag for every balloon entity.

    ``parent`` is best the minis' lit node (:attr:`sim.view.minis.BoxMinis.root`), so the
    gasbag is lit as the minis are."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = parent.attachNewNode("balloons")
        self.lines = line_overlay_root(parent, "balloon-tethers")
        self.ground_ft = self.settings.tile_base_alt_steps * STEP_FT
        self.balloons: dict[str, _Balloon] = {}
        self._ignored: set[str] = set()

    def _add(self, entity_id: str, side: str) -> _Balloon:
        scale = self.settings.mini_scale
        vertices, normals, colours, indices = boxes_geometry(
            balloon_boxes(scale, side_colour(side))
        )
        node = make_geom_node(
            f"balloon-{entity_id}",
            vertices,
            "triangles",
            indices=indices,
            normals=normals,
            colours=colours,
        )
        path = self.root.attachNewNode(node)
        winch_size = WINCH_FT * scale
        w_vertices, w_normals, w_colours, w_indices = boxes_geometry(
            [((0.0, 0.0, winch_size / 2), (winch_size,) * 3, (0.25, 0.25, 0.22))]
        )
        winch = self.root.attachNewNode(
            make_geom_node(
                f"winch-{entity_id}",
                w_vertices,
                "triangles",
                indices=w_indices,
                normals=w_normals,
                colours=w_colours,
            )
        )
        tether = LineSegs(f"tether-{entity_id}")
        tether.setColor(*TETHER_RGBA)
        tether.moveTo(0, 0, 0)
        tether.drawTo(0, 0, 1)
        tether_path = self.lines.attachNewNode(tether.create(dynamic=True))
        balloon = _Balloon(path, tether, tether_path, winch)
        self.balloons[entity_id] = balloon
        return balloon

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        for state in snapshot.entities:
            balloon = self.balloons.get(state.id)
            if balloon is None:
                if state.id in self._ignored or state.kind != BALLOON_KIND:
                    self._ignored.add(state.id)
                    continue
                balloon = self._add(state.id, state.side)
            if state.active != balloon.shown:
                balloon.shown = state.active
                for node in (balloon.path, balloon.tether_path, balloon.winch):
                    node.show() if state.active else node.hide()
            if not state.active:
                continue
            x, y, z = state.position_ft
            balloon.path.setPosQuat(Point3(x, y, z), Quat(*state.quat_wxyz))
            under = z - DIAMETER_FT * self.settings.mini_scale * 0.5
            balloon.tether.setVertex(0, Point3(x, y, self.ground_ft))
            balloon.tether.setVertex(1, Point3(x, y, max(under, self.ground_ft)))
            balloon.winch.setPos(x, y, self.ground_ft)

    def destroy(self) -> None:
        self.root.removeNode()
        self.lines.removeNode()
        self.balloons.clear()
