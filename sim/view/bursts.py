"""Shell and warhead bursts: a puff of smoke where a shell or a missile's warhead burst.

Which events are bursts is the timeline's to say (:attr:`TimelineMeta.burst_kinds`; a file
that names none gets :data:`LEGACY_BURST_KINDS`, Over the Lines' ``otl.archie``).  A burst
event's ``data`` holds the point, ``x_ft``, ``y_ft`` and ``z_ft``, and may name its look in
``style``: ``flak`` (the default), a dark cluster of smoke, or ``warhead``, a larger,
bright orange flash that darkens as it spreads (:data:`STYLES`).  For its look's seconds
of snapshot time from the event the layer shows the puff at that point, swelling and
thinning out.  Like the tracers it is a pure function of the snapshot, so scrubbing shows
the same puffs, and a puff has nodes only while it lasts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from panda3d.core import NodePath, TransparencyAttrib

from models.timeline import Event, TimelineMeta
from sim.snapshot import Snapshot
from sim.view.balloons import Box, boxes_geometry
from sim.view.ground import make_geom_node
from sim.view.layer import Eye, ViewSettings

LEGACY_BURST_KINDS: frozenset[str] = frozenset({"otl.archie"})
"""The burst kinds of a timeline written before timelines named their own."""
PUFF_S = 2.0
"""How long a flak puff shows after its event."""
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


@dataclass(frozen=True)
class BurstLook:
    """How one style of burst is drawn."""

    core_rgb: tuple[float, float, float]
    """The middle lump's colour."""
    outer_rgb: tuple[float, float, float]
    """The other lumps' colour."""
    size: float
    """Its largest radius as a multiple of a flak puff's."""
    seconds: float
    """How long it shows after its event."""
    fade_to: float
    """Its colours' brightness at the end, as a share of the start (a flash darkens into
    smoke)."""


STYLES: dict[str, BurstLook] = {
    "flak": BurstLook(SMOKE_RGB, SMOKE_RGB, size=1.0, seconds=PUFF_S, fade_to=1.0),
    "warhead": BurstLook((1.0, 0.86, 0.35), (0.98, 0.45, 0.1), size=2.2, seconds=2.5, fade_to=0.35),
}
"""Each ``style`` a burst event's data may name; any other (or none) is drawn as ``flak``."""
DEFAULT_STYLE = "flak"


def burst_kinds(meta: TimelineMeta) -> frozenset[str]:
    """The event kinds a timeline's replay draws as bursts."""
    return frozenset(meta.burst_kinds) if meta.burst_kinds else LEGACY_BURST_KINDS


def burst_style(event: Event) -> str:
    """The look a burst event names in its data, ``flak`` when it names none we know."""
    style = event.data.get("style", DEFAULT_STYLE)
    return style if isinstance(style, str) and style in STYLES else DEFAULT_STYLE


BurstKey = tuple[float, float, float, float, str]
"""A burst's time, point and style."""


def burst_point(event: Event) -> tuple[float, float, float] | None:
    """Where a burst event's shell burst, from its data; None when it does not say."""
    try:
        return (float(event.data["x_ft"]), float(event.data["y_ft"]), float(event.data["z_ft"]))
    except (KeyError, TypeError, ValueError):
        return None


def puff_shape(age_s: float, seconds: float = PUFF_S) -> tuple[float, float]:
    """A puff's size (share of its largest) and opacity ``age_s`` after its burst, for a
    puff that lasts ``seconds``; opacity 0 outside ``[0, seconds)``."""
    if not 0.0 <= age_s < seconds:
        return (GROWTH[0], 0.0)
    share = age_s / seconds
    size = GROWTH[0] + (GROWTH[1] - GROWTH[0]) * math.sqrt(share)
    return (size, 1.0 - share**2)


def puff_template(look: BurstLook) -> NodePath:
    """A puff of unit radius in a look's colours: a core lump and smaller lumps round it,
    shaded a little lump by lump so the cluster reads as a cluster."""
    boxes: list[Box] = [
        (centre, (size * 1.4,) * 3, look.core_rgb if i == 0 else look.outer_rgb)
        for i, (centre, size) in enumerate(LUMPS)
    ]
    vertices, _normals, colours, indices = boxes_geometry(boxes)
    colours[:, :3] = np.clip(colours[:, :3] * np.linspace(0.8, 1.3, len(colours))[:, None], 0, 1)
    return NodePath(make_geom_node("puff", vertices, "triangles", colours=colours, indices=indices))


class ShellBursts:
    """A puff for every burst event still showing: events of ``kinds`` (those of
    :func:`burst_kinds`), each drawn in the look its data names."""

    def __init__(
        self,
        parent: NodePath,
        settings: ViewSettings | None = None,
        kinds: frozenset[str] = LEGACY_BURST_KINDS,
    ) -> None:
        self.settings = settings or ViewSettings()
        self.kinds = kinds
        """The event kinds drawn as bursts."""
        self.root = parent.attachNewNode("shell-bursts")
        self.root.setLightOff(1)
        self.root.setTextureOff(1)
        self.root.setTransparency(TransparencyAttrib.M_alpha)
        self.root.setDepthWrite(False)
        self.root.setBin("transparent", 3)
        self._templates = {style: puff_template(look) for style, look in STYLES.items()}
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
            if event.kind not in self.kinds:
                continue
            point = burst_point(event)
            style = burst_style(event)
            age_s = now - event.t_s
            if point is None or not 0.0 <= age_s < STYLES[style].seconds:
                continue
            wanted[(event.t_s, *point, style)] = age_s
        for key in [k for k in self.puffs if k not in wanted]:
            self.puffs.pop(key).removeNode()
        radius = PUFF_PER_SCALE_FT * self.settings.mini_scale
        for key, age_s in wanted.items():
            point, look = key[1:4], STYLES[key[4]]
            puff = self.puffs.get(key)
            if puff is None:
                puff = self.puffs[key] = self._templates[key[4]].copyTo(self.root)
                puff.setPos(*point)
            size, alpha = puff_shape(age_s, look.seconds)
            near = radius
            if self.eye is not None:
                near = max(radius, PUFF_LEAST_PX * self.eye.px_ft(point))
            puff.setScale(near * look.size * size)
            shade = 1.0 + (look.fade_to - 1.0) * min(1.0, age_s / look.seconds)
            puff.setColorScale(shade, shade, shade, alpha)

    def destroy(self) -> None:
        self.root.removeNode()
        for template in self._templates.values():
            template.removeNode()
        self.puffs.clear()
