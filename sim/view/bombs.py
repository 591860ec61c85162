"""Bombs: a falling store as a small dark body with a cross of tail fins, nose along its
path.

Each ``bomb`` entity gets one lit Geom of boxes, drawn at the mini scale (and larger from
afar, so that its length keeps :data:`BOMB_LEAST_PX` pixels).  It points along its
velocity, read off the last stretch of its trail (the ticks already flown up to now), so
a bomb released level noses over as it falls whatever attitude the rules wrote; with no
trail yet it takes the snapshot's attitude.  It disappears when its ``active`` channel
turns false (it hit), as a mini does.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath, Point3, Quat, Vec3, lookAt

from sim.snapshot import EntityState, Snapshot
from sim.view.balloons import Box, boxes_geometry
from sim.view.ground import make_geom_node
from sim.view.layer import Eye, ViewSettings

BOMB_KIND = "bomb"
BOMB_FT = (12.0, 1.5)
"""A bomb's length and body diameter before the mini scale (a 2,000 lb store's)."""
BOMB_LEAST_PX = 16.0
"""Seen from afar a bomb is drawn larger, so that its length keeps this many pixels."""
BODY_RGB = (0.16, 0.17, 0.14)
"""Olive drab, nearly black."""
NOSE_RGB = (0.55, 0.5, 0.2)
"""The fuze band at the nose: a bomb's front reads apart from its tail."""
LEAST_STEP_FT = 1e-3
"""A trail stretch shorter than this gives no direction."""


def bomb_boxes(length_ft: float, diameter_ft: float) -> list[Box]:
    """The boxes of a bomb, body y forward (the nose), centred on the origin."""
    half = length_ft / 2
    fin = diameter_ft * 2.2
    thin = diameter_ft * 0.18
    fin_y = -half + length_ft * 0.1
    return [
        ((0.0, -length_ft * 0.05, 0.0), (diameter_ft, length_ft * 0.9, diameter_ft), BODY_RGB),
        ((0.0, half - length_ft * 0.05, 0.0), (diameter_ft * 0.7,) * 3, NOSE_RGB),
        ((0.0, fin_y, 0.0), (fin, length_ft * 0.2, thin), BODY_RGB),
        ((0.0, fin_y, 0.0), (thin, length_ft * 0.2, fin), BODY_RGB),
    ]


def path_direction(trail_ft: npt.NDArray[np.float64]) -> npt.NDArray[np.float64] | None:
    """The unit direction of a trail's last stretch; None when it has none."""
    if len(trail_ft) < 2:
        return None
    step = np.asarray(trail_ft[-1] - trail_ft[-2], dtype=np.float64)
    length = float(np.linalg.norm(step))
    return step / length if length > LEAST_STEP_FT else None


def along_path(direction: npt.NDArray[np.float64]) -> Quat:
    """The attitude of a body whose nose (body y) points along ``direction``, its top as
    near to up as the direction allows."""
    forward = Vec3(*(float(v) for v in direction))
    up = Vec3(0, 0, 1) if abs(float(direction[2])) < 0.999 else Vec3(0, 1, 0)
    quat = Quat()
    lookAt(quat, forward, up)
    return quat


@dataclass
class _Bomb:
    path: NodePath
    length_ft: float
    shown: bool = True


class Bombs:
    """A falling bomb for every bomb entity.

    ``parent`` is best the minis' lit node (:attr:`sim.view.minis.BoxMinis.root`)."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = parent.attachNewNode("bombs")
        self.bombs: dict[str, _Bomb] = {}
        self._ignored: set[str] = set()
        self.eye: Eye | None = None
        """The camera (set before each update), for bombs readable from afar."""

    def set_eye(self, eye: Eye) -> None:
        """The camera this frame."""
        self.eye = eye

    def _add(self, entity_id: str) -> _Bomb:
        length, diameter = (v * self.settings.mini_scale for v in BOMB_FT)
        vertices, normals, colours, indices = boxes_geometry(bomb_boxes(length, diameter))
        node = make_geom_node(
            f"bomb-{entity_id}",
            vertices,
            "triangles",
            indices=indices,
            normals=normals,
            colours=colours,
        )
        bomb = _Bomb(self.root.attachNewNode(node), length)
        self.bombs[entity_id] = bomb
        return bomb

    @staticmethod
    def attitude(state: EntityState) -> Quat:
        """Where a bomb points: along its path, else as the snapshot has it."""
        direction = path_direction(state.trail_ft)
        return along_path(direction) if direction is not None else Quat(*state.quat_wxyz)

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        for state in snapshot.entities:
            bomb = self.bombs.get(state.id)
            if bomb is None:
                if state.id in self._ignored or state.kind != BOMB_KIND:
                    self._ignored.add(state.id)
                    continue
                bomb = self._add(state.id)
            if state.active != bomb.shown:
                bomb.shown = state.active
                bomb.path.show() if state.active else bomb.path.hide()
            if not state.active:
                continue
            grow = 1.0
            if self.eye is not None:
                grow = max(1.0, BOMB_LEAST_PX * self.eye.px_ft(state.position_ft) / bomb.length_ft)
            bomb.path.setPosQuat(Point3(*state.position_ft), self.attitude(state))
            bomb.path.setScale(grow)

    def destroy(self) -> None:
        self.root.removeNode()
        self.bombs.clear()
