"""Initiative markers: counters laid out off the map in the order the aircraft move.

Some rules lay a counter per aircraft beside the map in move order (the hex jet game's
initiative markers, §5.2).  A timeline whose map declares an ``initiative_channel`` (each
aircraft's place, 1 first, 0 when it has none this turn) gets one flat counter per aircraft
in play, in its side's colour with its place and callsign, in a row just south of the
aircraft flying now (where the camera frames the table), first on the west.  Everything
is a function of the snapshot.
"""

from __future__ import annotations

import numpy as np
from panda3d.core import NodePath, TextNode

from models.timeline import Timeline
from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, side_colour

GAP_FRACTION = 0.25
"""Space between counters, as a share of a counter's side."""
LIFT_FT = 5.0


class InitiativeMarkers:
    """The row of initiative counters, reordered every turn."""

    def __init__(
        self, parent: NodePath, timeline: Timeline, settings: ViewSettings | None = None
    ) -> None:
        self.settings = settings or ViewSettings()
        scale = timeline.meta.scale
        self.channel = scale.initiative_channel if scale is not None else ""
        self.root = parent.attachNewNode("initiative-markers")
        self.root.setLightOff(1)
        unit = scale.unit_ft if scale is not None else 1000.0
        self.size_ft = unit * 1.8
        self.counters: dict[str, tuple[NodePath, TextNode]] = {}
        if not self.channel:
            self.root.hide()

    def _counter(self, entity_id: str, side: str) -> tuple[NodePath, TextNode]:
        found = self.counters.get(entity_id)
        if found is not None:
            return found
        half = self.size_ft / 2
        r, g, b = side_colour(side)
        vertices = np.array(
            [(-half, -half, 0), (half, -half, 0), (half, half, 0), (-half, half, 0)]
        )
        colours = np.array([(r * 0.8, g * 0.8, b * 0.8, 1.0)] * 4)
        node = make_geom_node(
            f"initiative-{entity_id}",
            vertices,
            "triangles",
            indices=np.array([0, 1, 2, 0, 2, 3], dtype=np.int32),
            colours=colours,
        )
        path = self.root.attachNewNode(node)
        path.setTwoSided(True)
        text = TextNode(f"initiative-text-{entity_id}")
        text.setAlign(TextNode.ACenter)
        text.setTextColor(1, 1, 1, 1)
        label = path.attachNewNode(text)
        label.setP(-90)
        label.setPos(0, -half * 0.05, 1.0)
        label.setScale(self.size_ft * 0.28)
        self.counters[entity_id] = (path, text)
        return path, text

    def update(self, snapshot: Snapshot) -> None:
        if not self.channel:
            return
        placed = []
        for state in snapshot.entities:
            place = state.values.get(self.channel) if state.kind == "aircraft" else None
            if isinstance(place, (int, np.integer)) and place > 0 and state.active:
                placed.append((int(place), state))
            elif state.id in self.counters:
                self.counters[state.id][0].hide()
        if not placed:
            return
        x0 = min(state.position_ft[0] for _, state in placed)
        y0 = min(state.position_ft[1] for _, state in placed)
        origin = (x0, y0 - self.size_ft * 1.5)
        step = self.size_ft * (1.0 + GAP_FRACTION)
        for index, (place, state) in enumerate(sorted(placed, key=lambda p: (p[0], p[1].id))):
            path, text = self._counter(state.id, state.side)
            text.setText(f"{place}\n{short_callsign(state.callsign)}")
            path.setPos(origin[0] + index * step, origin[1], LIFT_FT)
            path.show()

    def destroy(self) -> None:
        self.root.removeNode()
        self.counters.clear()


def short_callsign(callsign: str) -> str:
    """``Flanker 2`` → ``Flan 2``: what fits on a counter."""
    words = callsign.split()
    if not words:
        return ""
    return words[0][:4] + (f" {words[-1][:3]}" if len(words) > 1 else "")
