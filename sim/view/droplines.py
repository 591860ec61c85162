"""Drop lines: a thin line from every aircraft straight down to the ground, with a foot mark.

Height is the hardest thing to read in a 3D replay.  Each aircraft gets a line in its side's
colour from the mini to the ground plane (the hex map's base altitude), fading towards the
ground, and where it lands a small dark shadow disc ringed in the side colour, so the eye can
place the aircraft over the map and compare heights.  Geometry is made once per aircraft (a
two-vertex LineSegs and a shared disc copied); each frame only moves it.
"""

from __future__ import annotations

import math

import numpy as np
from panda3d.core import LineSegs, NodePath, Point3

from engine.hexmap import STEP_FT
from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root, side_colour
from sim.view.toggleable import Toggleable

FOOT_RADIUS_PER_SCALE_FT = 12.0
"""The foot mark's radius per unit of mini scale (240 ft at the default 20)."""
LINE_TOP_ALPHA, LINE_FOOT_ALPHA = 0.75, 0.12
SHADOW_ALPHA = 0.45
LIFT_FT = 6.0
"""The foot mark sits this far over the ground so it never fights the hexes' depth."""


def foot_geometry(segments: int = 20) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A unit disc (radius 1, in the xy plane): dark centre, white rim ring, to be tinted
    by the side colour with a colour scale. Vertices, colours, triangle indices."""
    vertices = [(0.0, 0.0, 0.0)]
    colours = [(0.0, 0.0, 0.0, SHADOW_ALPHA)]
    for k in range(segments):
        angle = 2 * math.pi * k / segments
        c, s = math.cos(angle), math.sin(angle)
        vertices += [(0.72 * c, 0.72 * s, 0.0), (c, s, 0.0)]
        colours += [(0.0, 0.0, 0.0, SHADOW_ALPHA * 0.8), (1.0, 1.0, 1.0, 0.8)]
    indices: list[int] = []
    for k in range(segments):
        inner, outer = 1 + 2 * k, 2 + 2 * k
        inner2, outer2 = 1 + 2 * ((k + 1) % segments), 2 + 2 * ((k + 1) % segments)
        indices += [0, inner, inner2]  # shadow
        indices += [inner, outer, outer2, inner, outer2, inner2]  # rim
    return np.array(vertices), np.array(colours), np.array(indices, dtype=np.int32)


class DropLines(Toggleable):
    """A fading drop line and a foot mark under every active aircraft."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = line_overlay_root(parent, "drop-lines")
        self.root.setBin("transparent", 1)
        self.root.setTwoSided(True)
        self.ground_z = self.settings.tile_base_alt_steps * STEP_FT + LIFT_FT
        vertices, colours, indices = foot_geometry()
        self._foot = NodePath(
            make_geom_node("foot-mark", vertices, "triangles", indices=indices, colours=colours)
        )
        self.foot_radius_ft = FOOT_RADIUS_PER_SCALE_FT * self.settings.mini_scale
        self.lines: dict[str, tuple[LineSegs, NodePath]] = {}
        self.feet: dict[str, NodePath] = {}
        self.set_shown(True)

    def _add(self, entity_id: str, side: str) -> tuple[LineSegs, NodePath]:
        r, g, b = side_colour(side)
        segs = LineSegs(f"drop-{entity_id}")
        segs.setThickness(1.5)
        segs.setColor(r, g, b, LINE_TOP_ALPHA)
        segs.moveTo(0, 0, 1)
        segs.setColor(r, g, b, LINE_FOOT_ALPHA)
        segs.drawTo(0, 0, 0)
        path = self.root.attachNewNode(segs.create(True))
        self.lines[entity_id] = (segs, path)
        foot = self._foot.copyTo(self.root)
        foot.setName(f"foot-{entity_id}")
        foot.setScale(self.foot_radius_ft)
        foot.setColorScale(0.5 + 0.5 * r, 0.5 + 0.5 * g, 0.5 + 0.5 * b, 1.0)
        self.feet[entity_id] = foot
        return self.lines[entity_id]

    def update(self, snapshot: Snapshot) -> None:
        if not self.shown:
            return
        ground = self.ground_z
        for state in snapshot.entities:
            if state.kind != "aircraft":
                continue
            line = self.lines.get(state.id) or self._add(state.id, state.side)
            segs, path = line
            foot = self.feet[state.id]
            if not state.active:
                path.hide()
                foot.hide()
                continue
            x, y, z = state.position_ft
            segs.setVertex(0, Point3(x, y, z))
            segs.setVertex(1, Point3(x, y, ground))
            foot.setPos(x, y, ground)
            path.show()
            foot.show()

    def destroy(self) -> None:
        self.root.removeNode()
        self._foot.removeNode()
        self.lines.clear()
        self.feet.clear()
