"""Shell bursts: a dark puff of smoke where an anti-aircraft shell burst.

For each event of a burst kind (:data:`BURST_KINDS`: Over the Lines' ``otl.archie``, whose
``data`` holds the burst's ``x_ft``, ``y_ft`` and ``z_ft``) the layer shows, for
:data:`PUFF_S` seconds of snapshot time from the event, a cluster of dark boxes at that
point that swells and thins out.  Like the tracers it is a pure function of the snapshot,
so scrubbing shows the same puffs, and a puff has nodes only while it lasts.
"""

from __future__ import annotations

import math

import numpy as np
from panda3d.core import NodePath, TransparencyAttrib

from models.timeline import Event
from sim.snapshot import Snapshot
from sim.view.balloons import Box, boxes_geometry
from sim.view.ground import make_geom_node
from sim.view.layer import Eye, ViewSettings

BURST_KINDS: frozenset[str] = frozenset({"otl.archie"})
"""Event kinds that show a puff at the point their data names."""
PUFF_S = 2.0
"""How long a puff shows after its event."""
PUFF_PER_SCALE_FT = 16.0
"""A puff's least radius per unit of mini scale at its largest (80 ft on Over the Lines'
table)."""
PUFF_LEAST_PX = 14.0
"""Seen from afar a puff is drawn larger, so that its radius keeps this many pixels."""
SMOKE_RGB = (0.09, 0.08, 0.08)
GROWTH = (0.55, 1.0)
"""A puff's size as a share of its largest, at the burst and at the end."""
LUMPS: tuple[tuple[tuple[float, float, float], float], ...] = (
    ((0.0, 0.0, 0.0), 1.0),
    ((0.55, 0.2, 0.25), 0.7),
    ((-0.5, 0.35, -0.15), 0.65),
    ((0.1, -0.55, 0.3), 0.6),
    ((-0.2, -0.3, -0.5), 0.55),
    ((0.25, 0.5, -0.4), 0.5),
)
"""The puff's boxes: centre and size as shares of its radius."""

BurstKey = tuple[float, float, float, float]


def burst_point(event: Event) -> tuple[float, float, float] | None:
    """Where a burst event's shell burst, from its data; None when it does not say."""
    try:
        return (float(event.data["x_ft"]), float(event.data["y_ft"]), float(event.data["z_ft"]))
    except (KeyError, TypeError, ValueError):
        return None


def puff_shape(age_s: float) -> tuple[float, float]:
    """A puff's size (share of its largest) and opacity ``age_s`` after its burst; opacity
    0 outside ``[0, PUFF_S)``."""
    if not 0.0 <= age_s < PUFF_S:
        return (GROWTH[0], 0.0)
    share = age_s / PUFF_S
    size = GROWTH[0] + (GROWTH[1] - GROWTH[0]) * math.sqrt(share)
    return (size, 1.0 - share**2)


class ShellBursts:
    """A puff of smoke for every burst event of the last :data:`PUFF_S` seconds."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = parent.attachNewNode("shell-bursts")
        self.root.setLightOff(1)
        self.root.setTextureOff(1)
        self.root.setTransparency(TransparencyAttrib.M_alpha)
        self.root.setDepthWrite(False)
        self.root.setBin("transparent", 3)
        boxes: list[Box] = [(centre, (size * 1.4,) * 3, SMOKE_RGB) for centre, size in LUMPS]
        vertices, _normals, colours, indices = boxes_geometry(boxes)
        colours[:, :3] *= np.linspace(0.8, 1.3, len(colours))[:, None]
        self._puff = NodePath(
            make_geom_node("puff", vertices, "triangles", colours=colours, indices=indices)
        )
        self.puffs: dict[BurstKey, NodePath] = {}
        self.eye: Eye | None = None
        """The camera (set before each update), for puffs readable from afar."""

    def set_eye(self, eye: Eye) -> None:
        """The camera this frame."""
        self.eye = eye

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        now = snapshot.t_s
        wanted: dict[BurstKey, float] = {}
        for event in snapshot.recent_events:
            if event.kind not in BURST_KINDS:
                continue
            point = burst_point(event)
            age_s = now - event.t_s
            if point is None or not 0.0 <= age_s < PUFF_S:
                continue
            wanted[(event.t_s, *point)] = age_s
        for key in [k for k in self.puffs if k not in wanted]:
            self.puffs.pop(key).removeNode()
        radius = PUFF_PER_SCALE_FT * self.settings.mini_scale
        for key, age_s in wanted.items():
            puff = self.puffs.get(key)
            if puff is None:
                puff = self.puffs[key] = self._puff.copyTo(self.root)
                puff.setPos(*key[1:])
            size, alpha = puff_shape(age_s)
            near = radius
            if self.eye is not None:
                near = max(radius, PUFF_LEAST_PX * self.eye.px_ft(key[1:]))
            puff.setScale(near * size)
            puff.setAlphaScale(alpha)

    def destroy(self) -> None:
        self.root.removeNode()
        self._puff.removeNode()
        self.puffs.clear()
