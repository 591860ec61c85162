"""Event markers: a brief label and an expanding ring where something happened.

For each recent event of a kind worth pointing at (gunshots, launches, hits, kills, hitting
the ground, overloads, falling below the speed floor, departures) the entities it names (only
the shooter of a shot, only the target of a hit or miss) get a billboarded label and a ring
that grows and fades over :data:`FADE_S` seconds of snapshot time after the event.  Markers
follow their entity while they last.  Everything is a function of the snapshot, so scrubbing
backwards or forwards shows the same markers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from panda3d.core import NodePath, TextNode, TransparencyAttrib

from models.timeline import Event
from sim.snapshot import Snapshot
from sim.view.ground import disc_triangles, make_geom_node
from sim.view.hud.panels import drawable
from sim.view.layer import ViewSettings

FADE_S = 3.0
"""How long a marker lasts after its event."""

MARKED_KINDS: dict[str, tuple[str, tuple[float, float, float]]] = {
    "gunshot": ("GUNS", (1.0, 0.85, 0.25)),
    "launch": ("LAUNCH", (1.0, 0.85, 0.25)),
    "hit": ("HIT", (1.0, 0.45, 0.10)),
    "miss": ("MISS", (0.85, 0.85, 0.85)),
    "kill": ("KILL", (1.0, 0.15, 0.10)),
    "ground": ("GROUND", (0.75, 0.45, 0.20)),
    "overload": ("OVER-G", (1.0, 0.30, 0.60)),
    "speed_floor": ("TOO SLOW", (1.0, 0.75, 0.20)),
    "departure": ("DEPARTED", (1.0, 0.35, 0.85)),
    "spin_recovery": ("SPIN RECOVERY", (1.0, 0.35, 0.85)),
    "uncontrolled": ("UNCONTROLLED", (1.0, 0.35, 0.85)),
    "collision": ("COLLISION", (1.0, 0.15, 0.10)),
    "engine": ("ENGINE", (1.0, 0.55, 0.10)),
    "crew_wound": ("CREW HIT", (1.0, 0.15, 0.10)),
    "ejection": ("EJECT", (0.95, 0.95, 0.95)),
}
"""Event kinds that get a marker: the label shown and the marker's colour.  Other kinds
(dice rolls, turning points carried, ...) are left to the event log."""

MARKED_ENTITIES: dict[str, slice] = {
    "gunshot": slice(0, 1),
    "launch": slice(0, 1),
    "hit": slice(-1, None),
    "miss": slice(-1, None),
}
"""Which of the entities an event names get its marker, by kind: a shot or launch marks the
first (the shooter, or the missile leaving its launcher), a hit or miss the last (the
target), so the shooter never wears a HIT.  Other kinds mark every entity they name."""
ALL_ENTITIES = slice(None)

LABEL_HEIGHT_PER_SCALE_FT = 28.0
"""Label letter size per unit of mini scale (336 ft at the default 12)."""
RING_RADIUS_PER_SCALE_FT = 40.0
NEAR_LABEL_FRACTION = 0.025
"""Near the camera a label is at most this fraction of its distance tall."""


def _event_key(event: Event, entity_id: str) -> tuple[float, str, str, str]:
    return (event.t_s, event.kind, entity_id, event.detail)


@dataclass
class _Marker:
    path: NodePath
    ring: NodePath
    t_s: float


class EventMarkers:
    """Short-lived markers at the entities named by the snapshot's recent events."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        scale = self.settings.mini_scale
        self.label_ft = LABEL_HEIGHT_PER_SCALE_FT * scale
        self.ring_ft = RING_RADIUS_PER_SCALE_FT * scale
        self.root = parent.attachNewNode("event-markers")
        self.root.setLightOff(1)
        self.root.setTransparency(TransparencyAttrib.M_alpha)
        self.root.setDepthWrite(False)
        self.root.setDepthTest(False)
        self.root.setBin("fixed", 10)
        vertices, colours, indices = disc_triangles(
            [0.9, 1.0], np.ones((2, 4), dtype=np.float32), 48
        )
        # A ring facing the camera (billboarded): lay it in the x-z plane.
        vertices = vertices[:, [0, 2, 1]]
        self._ring = NodePath(
            make_geom_node("marker-ring", vertices, "triangles", indices=indices, colours=colours)
        )
        self._ring.setTwoSided(True)
        self._ring.setTextureOff(1)
        self.markers: dict[tuple[float, str, str, str], _Marker] = {}
        self.eye: tuple[float, float, float] | None = None

    def set_eye(self, position: tuple[float, float, float]) -> None:
        """Where the camera is: markers close to it shrink so they never fill the view."""
        self.eye = position

    def _make(
        self, event: Event, label: str, colour: tuple[float, float, float], row: int
    ) -> _Marker:
        path = self.root.attachNewNode(f"marker-{event.kind}")
        path.setBillboardPointEye()
        ring = self._ring.copyTo(path)
        ring.setColor(*colour, 1.0)
        text = TextNode(f"marker-text-{event.kind}")
        text.setText(drawable(label))
        text.setAlign(TextNode.A_center)
        text.setTextColor(*colour, 1.0)
        text.setShadow(0.06, 0.06)
        text.setShadowColor(0.0, 0.0, 0.0, 0.8)
        label_path = path.attachNewNode(text.generate())
        label_path.setScale(self.label_ft)
        # Several events at one entity: their labels stack up instead of overlapping.
        label_path.setPos(0.0, 0.0, self.ring_ft * 1.35 + row * self.label_ft * 1.1)
        return _Marker(path, ring, event.t_s)

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        now = snapshot.t_s
        wanted: dict[tuple[float, str, str, str], tuple[Event, tuple[float, float, float]]] = {}
        for event in snapshot.recent_events:
            style = MARKED_KINDS.get(event.kind)
            if style is None or not 0.0 <= now - event.t_s < FADE_S:
                continue
            for entity_id in event.entities[MARKED_ENTITIES.get(event.kind, ALL_ENTITIES)]:
                wanted[_event_key(event, entity_id)] = (event, style[1])
        for key in [k for k in self.markers if k not in wanted]:
            self.markers.pop(key).path.removeNode()
        if not wanted:
            return
        positions = {state.id: state.position_ft for state in snapshot.entities}
        rows: dict[str, int] = {}
        for key, (event, colour) in wanted.items():
            entity_id = key[2]
            position = positions.get(entity_id)
            if position is None:
                continue
            row = rows[entity_id] = rows.get(entity_id, -1) + 1
            marker = self.markers.get(key)
            if marker is None:
                marker = self._make(event, MARKED_KINDS[event.kind][0], colour, row)
                self.markers[key] = marker
            age = (now - marker.t_s) / FADE_S
            marker.path.setPos(*position)
            if self.eye is not None:
                reach = math.dist(self.eye, position) * NEAR_LABEL_FRACTION
                marker.path.setScale(min(1.0, max(reach, 1.0) / self.label_ft))
            marker.path.setAlphaScale(1.0 - age * age)
            marker.ring.setScale(self.ring_ft * (0.6 + 0.6 * math.sqrt(age)))

    def destroy(self) -> None:
        self.root.removeNode()
        self.markers.clear()
