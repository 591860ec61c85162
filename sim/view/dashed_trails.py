"""Dashed trails: where each aircraft has been, as one dash per tick, for a ghost.

A dash starts at the aircraft's position at a tick and runs along the chord toward the next
tick's for :data:`DASH_FRACTION` of the tick, so the dashes are pinned to the ticks and
never crawl along the trail as the replay plays; a gap follows each.  They fade with age
like the solid trails (:mod:`sim.view.trails`).

One line Geom holds every dash: each aircraft owns a fixed slot of dashes, two vertices
each, rewritten in place each frame; unused dashes are fully transparent.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath

from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root, side_colour
from sim.view.trails import FLOATS_PER_VERTEX

DASH_FRACTION = 0.5
"""How much of each tick's stretch of trail a dash covers (the rest is the gap)."""


def dash_segments(
    trail_ft: npt.ArrayLike, trail_t_s: npt.ArrayLike, tick_s: float
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The dashes of one trail: ``(ends, start_times)``, ``ends`` of shape ``(n, 2, 3)``.

    A dash per stretch between consecutive trail points, from the earlier point for
    ``DASH_FRACTION * tick_s`` seconds along it (the whole of a shorter stretch, such as
    the last one, from the last tick to now)."""
    points = np.asarray(trail_ft, dtype=np.float64).reshape(-1, 3)
    times = np.asarray(trail_t_s, dtype=np.float64)
    if len(points) < 2:
        return np.zeros((0, 2, 3)), np.zeros(0)
    tails, heads = points[:-1], points[1:]
    span_s = np.maximum(times[1:] - times[:-1], 1e-9)
    share = np.minimum(1.0, DASH_FRACTION * tick_s / span_s)[:, None]
    ends = np.stack([tails, tails + (heads - tails) * share], axis=1)
    return ends, times[:-1].copy()


class DashedTrails:
    """A fading dashed line behind every aircraft of a snapshot, in its side's colour,
    at most ``alpha`` opaque."""

    def __init__(
        self,
        parent: NodePath,
        settings: ViewSettings | None = None,
        alpha: float = 1.0,
        name: str = "dashed-trails",
    ) -> None:
        self.settings = settings or ViewSettings()
        self.alpha = alpha
        self.root = line_overlay_root(parent, name)
        self.root.setBin("transparent", 0)
        self.slots: dict[str, int] = {}
        self.colours: list[tuple[float, float, float]] = []
        self.capacity = 0
        """Dashes per slot."""
        self.lines: NodePath | None = None
        if not self.settings.show_trails:
            self.root.hide()

    def _rebuild(self) -> None:
        if self.lines is not None:
            self.lines.removeNode()
        slots, cap = len(self.colours), self.capacity
        count = slots * cap * 2
        colours = np.zeros((slots, cap * 2, 4), dtype=np.float32)
        colours[:, :, :3] = np.asarray(self.colours, dtype=np.float32)[:, None, :]
        node = make_geom_node(
            f"{self.root.getName()}-lines",
            np.zeros((count, 3)),
            "lines",
            colours=colours.reshape(-1, 4),
            dynamic=True,
        )
        self.lines = self.root.attachNewNode(node)

    def _vertex_view(self) -> npt.NDArray[np.float32]:
        """The Geom's vertex rows, writable in place (no copy is kept between frames)."""
        assert self.lines is not None
        array = self.lines.node().modifyGeom(0).modifyVertexData().modifyArray(0)
        view: npt.NDArray[np.float32] = np.frombuffer(memoryview(array), dtype=np.float32)
        return view.reshape(-1, FLOATS_PER_VERTEX)

    def update(self, snapshot: Snapshot) -> None:
        if not self.settings.show_trails:
            return
        aircraft = [s for s in snapshot.entities if s.kind == "aircraft"]
        grown = False
        for state in aircraft:
            if state.id not in self.slots and len(state.trail_t_s) >= 2:
                self.slots[state.id] = len(self.colours)
                self.colours.append(side_colour(state.side))
                grown = True
            needed = len(state.trail_t_s) - 1
            if needed > self.capacity:
                self.capacity = 1 << math.ceil(math.log2(max(needed, 16)))
                grown = True
        if grown:
            self._rebuild()
        if self.lines is None:
            return
        vertices = self._vertex_view()
        cap = self.capacity
        fade_s = max(self.settings.trail_seconds, 1e-6)
        vertices[:, 6] = 0.0
        for state in aircraft:
            slot = self.slots.get(state.id)
            if slot is None:
                continue
            ends, starts_s = dash_segments(state.trail_ft, state.trail_t_s, snapshot.tick_s)
            n = len(ends)
            if n == 0:
                continue
            age = snapshot.t_s - starts_s
            alpha = np.clip(1.0 - age / fade_s, 0.0, 1.0) * self.alpha
            rows = vertices[slot * cap * 2 : slot * cap * 2 + n * 2]
            rows[:, 0:3] = ends.reshape(-1, 3)
            rows[:, 6] = np.repeat(alpha, 2)

    def destroy(self) -> None:
        self.root.removeNode()
        self.lines = None
        self.slots.clear()
        self.colours.clear()
