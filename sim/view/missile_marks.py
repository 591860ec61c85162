"""Missiles you can see: a fixed-size diamond on screen and a faint line to the target.

A tent mini is a few hundred feet long and vanishes at map distances, so every missile in
flight also gets a small bright diamond on the 2D overlay, projected through the camera each
frame and ``MARK_PX`` pixels across however far away it is, and a faint line in the scene
from the missile to the aircraft it was launched at (its seeker's target).  The smoke trail
behind it is :func:`sim.view.trails.smoke_trails`.  Geometry is made once per missile; each
frame only moves it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
from panda3d.core import LineSegs, NodePath, Point3

from models import bop_channels as bop
from models.timeline import Event, Timeline
from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.labels import ScreenSpace
from sim.view.layer import line_overlay_root

MARK_PX = 11.0
"""Width of a missile's diamond in pixels."""
MARK_RGB = (1.0, 0.95, 0.55)
SEEKER_RGBA = (1.0, 0.9, 0.55, 0.35)


def missile_targets(events: Timeline | Iterable[Event]) -> dict[str, str]:
    """Each launched missile's target id, from the timeline's launch events."""
    found: dict[str, str] = {}
    items = events.meta.events if isinstance(events, Timeline) else events
    for event in items:
        if event.kind == "launch" and event.data.get("launched", True):
            missile, target = event.data.get("missile"), event.data.get("target")
            if isinstance(missile, str) and isinstance(target, str):
                found[missile] = target
    return found


def diamond_geometry() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A unit diamond (1 across) with a dark rim: vertices, colours, triangle indices."""
    rim, core = 0.5, 0.34
    vertices = [(0, 0, rim), (rim, 0, 0), (0, 0, -rim), (-rim, 0, 0)]
    vertices += [(0, 0, core), (core, 0, 0), (0, 0, -core), (-core, 0, 0)]
    colours = [(0.05, 0.05, 0.05, 0.9)] * 4 + [(*MARK_RGB, 1.0)] * 4
    indices = [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]
    return np.array(vertices, float), np.array(colours, float), np.array(indices, np.int32)


class MissileMarks:
    """A screen-sized diamond on every missile in flight and a faint line to its target."""

    def __init__(
        self,
        screen: ScreenSpace,
        scene_parent: NodePath,
        targets: Mapping[str, str] | None = None,
    ) -> None:
        self.screen = screen
        self.targets = dict(targets or {})
        self.root = screen.overlay.attachNewNode("missile-marks")
        self.root.setBin("fixed", 5)
        self.root.setDepthTest(False)
        self.root.setDepthWrite(False)
        self.root.setTransparency(True)
        self.lines_root = line_overlay_root(scene_parent, "seeker-lines")
        self.lines_root.setRenderModeThickness(1.5)
        vertices, colours, indices = diamond_geometry()
        node = make_geom_node(
            "missile-diamond", vertices, "triangles", indices=indices, colours=colours
        )
        self._diamond = NodePath(node)
        self._diamond.setTwoSided(True)
        self.marks: dict[str, NodePath] = {}
        self.lines: dict[str, tuple[LineSegs, NodePath]] = {}

    def _mark(self, entity_id: str) -> NodePath:
        mark = self.marks.get(entity_id)
        if mark is None:
            mark = self._diamond.copyTo(self.root)
            mark.setName(f"missile-mark-{entity_id}")
            self.marks[entity_id] = mark
        return mark

    def _line(self, entity_id: str) -> tuple[LineSegs, NodePath]:
        line = self.lines.get(entity_id)
        if line is None:
            segs = LineSegs(f"seeker-{entity_id}")
            segs.setColor(*SEEKER_RGBA)
            segs.moveTo(0, 0, 0)
            segs.drawTo(0, 1, 0)
            path = self.lines_root.attachNewNode(segs.create(True))
            line = (segs, path)
            self.lines[entity_id] = line
        return line

    def update(self, snapshot: Snapshot) -> None:
        size = MARK_PX * self.screen.pixel
        by_id = {s.id: s for s in snapshot.entities}
        for state in snapshot.entities:
            if state.kind != "missile":
                continue
            mark = self._mark(state.id)
            at = self.screen.project(state.position_ft) if state.active else None
            if at is None:
                mark.hide()
            else:
                mark.setPos(at[0], 0.0, at[1])
                mark.setScale(size)
                mark.show()
            tracks = state.ids(bop.TRACKS)
            target_id = self.targets.get(state.id) or (tracks[0] if tracks else None)
            target = by_id.get(target_id) if target_id else None
            if target_id is None and state.id not in self.lines:
                continue
            segs, path = self._line(state.id)
            if not state.active or target is None or not target.active:
                path.hide()
                continue
            segs.setVertex(0, Point3(*state.position_ft))
            segs.setVertex(1, Point3(*target.position_ft))
            path.show()

    def destroy(self) -> None:
        self.root.removeNode()
        self.lines_root.removeNode()
        self._diamond.removeNode()
        self.marks.clear()
        self.lines.clear()
