"""Tent minis: missiles as the game's folded paper tents, posed from the snapshot.

A missile is marked on the table by a tent (rulebook, "Position & Altitude"): a ridge along its
line of flight over a flat base.  Each missile entity (``kind == "missile"``) gets one small
Geom, a triangular prism in its side's colour with a darker base, scaled like the box minis
and turned by the snapshot's quaternion (body y forward, z up).  Aircraft are ignored.
"""

from __future__ import annotations

import numpy as np
from panda3d.core import NodePath, Point3, Quat

from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, side_colour

TENT_FT = (4.0, 12.0, 3.0)
"""Width, length and height of a tent before the mini scale (a missile-sized card tent)."""


def tent_geometry(
    width: float, length: float, height: float, rgb: tuple[float, float, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Vertices, RGBA colours and triangle indices of a tent: two sloping faces lit from the
    right and the left, the end triangles and a darker base, each face flat-shaded."""
    w, y, h = width / 2, length / 2, height  # half width, half length, ridge height
    faces: list[tuple[list[tuple[float, float, float]], float]] = [
        ([(w, -y, 0), (w, y, 0), (0, y, h), (0, -y, h)], 1.0),  # right slope
        ([(0, -y, h), (0, y, h), (-w, y, 0), (-w, -y, 0)], 0.8),  # left slope
        ([(-w, y, 0), (0, y, h), (w, y, 0)], 0.9),  # front end
        ([(w, -y, 0), (0, -y, h), (-w, -y, 0)], 0.7),  # back end
        ([(-w, -y, 0), (-w, y, 0), (w, y, 0), (w, -y, 0)], 0.45),  # base
    ]
    vertices: list[tuple[float, float, float]] = []
    colours: list[tuple[float, float, float, float]] = []
    indices: list[int] = []
    for corners, shade in faces:
        first = len(vertices)
        vertices.extend(corners)
        colours.extend([(rgb[0] * shade, rgb[1] * shade, rgb[2] * shade, 1.0)] * len(corners))
        for k in range(1, len(corners) - 1):
            indices.extend((first, first + k, first + k + 1))
    return np.array(vertices), np.array(colours), np.array(indices, dtype=np.int32)


class TentMinis:
    """A tent mini for every missile in the snapshot."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = parent.attachNewNode("tent-minis")
        self.root.setLightOff(1)
        self.tents: dict[str, NodePath] = {}

    def _add(self, entity_id: str, side: str) -> NodePath:
        scale = self.settings.mini_scale
        width, length, height = (v * scale for v in TENT_FT)
        vertices, colours, indices = tent_geometry(width, length, height, side_colour(side))
        node = make_geom_node(
            f"tent-{entity_id}", vertices, "triangles", indices=indices, colours=colours
        )
        path = self.root.attachNewNode(node)
        path.setTwoSided(True)
        self.tents[entity_id] = path
        return path

    def update(self, snapshot: Snapshot) -> None:
        for state in snapshot.entities:
            if state.kind != "missile":
                continue
            tent = self.tents.get(state.id) or self._add(state.id, state.side)
            if not state.active:
                tent.hide()
                continue
            tent.show()
            tent.setPosQuat(Point3(*state.position_ft), Quat(*state.quat_wxyz))

    def destroy(self) -> None:
        self.root.removeNode()
        self.tents.clear()
