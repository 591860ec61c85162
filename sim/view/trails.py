"""Trails: where each entity has been, in its side colour, fading with age.

All trails share one line Geom: every entity owns a fixed slot of vertices, the index buffer
joins consecutive vertices inside each slot, and each frame the vertex positions and alphas
are rewritten in place through a memoryview (unused vertices sit on the trail's last point,
fully transparent).  A second line Geom draws a small cross at every game-turn boundary along
the trails.  Slots only grow (rebuilding the Geoms) when a trail outgrows them.

:func:`on_multiple` and :func:`across_path` find those marks and their direction; the
instructor's time ticks (:mod:`sim.view.time_ticks`) use them too, for the selected pair.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath

from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root, side_colour

FLOATS_PER_VERTEX = 7
"""x, y, z, r, g, b, a (float32)."""
TICK_HALF_PER_SCALE_FT = 5.0
"""Half the size of a game-turn cross, per unit of mini scale (60 ft at the default 12)."""


def on_multiple(times_s: npt.ArrayLike, every_s: float) -> npt.NDArray[np.bool_]:
    """Which times fall on a whole multiple of ``every_s`` (tick times are sums of binary
    fractions, so within a millionth of a step)."""
    steps = np.asarray(times_s, dtype=np.float64) / every_s
    with np.errstate(invalid="ignore"):
        hit: npt.NDArray[np.bool_] = np.abs(steps - np.round(steps)) < 1e-6
    return hit


def across_path(behind: npt.ArrayLike, ahead: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """Unit horizontal vectors square to the path from ``behind`` to ``ahead`` (rows), east
    where the path is vertical or still."""
    direction = np.asarray(ahead, dtype=np.float64) - np.asarray(behind, dtype=np.float64)
    direction = direction.reshape(-1, 3)
    across = np.stack([-direction[:, 1], direction[:, 0], np.zeros(len(direction))], axis=1)
    norm = np.linalg.norm(across, axis=1, keepdims=True)
    unit: npt.NDArray[np.float64] = np.where(
        norm > 1e-6, across / np.maximum(norm, 1e-6), [[1.0, 0.0, 0.0]]
    )
    return unit


SMOKE_RGB = (0.86, 0.86, 0.84)
"""A missile's trail is drawn as light grey smoke (see :func:`smoke_trails`)."""
SMOKE_FADE_S = 10.0
"""Smoke fades out over this many seconds, faster than the aircraft trails."""


class Trails:
    """A fading line behind every entity, with a cross at each game-turn.

    ``kinds`` limits it to entities of those kinds (None: every entity); ``colour`` draws
    every trail in one colour instead of its side's, ``fade_s`` fades them over that many
    seconds instead of ``settings.trail_seconds``, and ``turn_marks`` False leaves out the
    game-turn crosses."""

    def __init__(
        self,
        parent: NodePath,
        settings: ViewSettings | None = None,
        kinds: frozenset[str] | None = None,
        colour: tuple[float, float, float] | None = None,
        fade_s: float | None = None,
        turn_marks: bool = True,
        name: str = "trails",
    ) -> None:
        self.settings = settings or ViewSettings()
        self.kinds = kinds
        self.colour = colour
        self.fade_s = fade_s
        self.turn_marks = turn_marks
        self.root = line_overlay_root(parent, name)
        self.root.setBin("transparent", 0)
        self.slots: dict[str, int] = {}
        self.colours: list[tuple[float, float, float]] = []
        self.capacity = 0
        """Vertices per slot."""
        self.tick_capacity = 0
        """Crosses in the tick Geom."""
        self.lines: NodePath | None = None
        self.ticks: NodePath | None = None
        self.tick_half_ft = TICK_HALF_PER_SCALE_FT * self.settings.mini_scale
        self._points = np.zeros((0, 0, 3), dtype=np.float32)
        self._times = np.zeros((0, 0), dtype=np.float64)
        if not self.settings.show_trails:
            self.root.hide()

    # -- geometry ------------------------------------------------------------------------
    def _rebuild_lines(self) -> None:
        if self.lines is not None:
            self.lines.removeNode()
        slots, cap = len(self.colours), self.capacity
        data = np.zeros((slots, cap, FLOATS_PER_VERTEX), dtype=np.float32)
        data[:, :, 3:6] = np.asarray(self.colours, dtype=np.float32)[:, None, :]
        starts = (np.arange(slots)[:, None] * cap + np.arange(cap - 1)[None, :]).ravel()
        indices = np.stack([starts, starts + 1], axis=1)
        node = make_geom_node(
            "trail-lines",
            data[:, :, :3].reshape(-1, 3),
            "lines",
            indices=indices,
            colours=data[:, :, 3:].reshape(-1, 4),
            dynamic=True,
        )
        self.lines = self.root.attachNewNode(node)
        self._points = np.zeros((slots, cap, 3), dtype=np.float32)
        self._times = np.full((slots, cap), -np.inf)

    def _rebuild_ticks(self) -> None:
        if self.ticks is not None:
            self.ticks.removeNode()
        n = self.tick_capacity * 4
        node = make_geom_node(
            "trail-ticks",
            np.zeros((n, 3)),
            "lines",
            colours=np.zeros((n, 4)),
            dynamic=True,
        )
        self.ticks = self.root.attachNewNode(node)

    def _slot(self, entity_id: str, side: str) -> int:
        self.slots[entity_id] = len(self.colours)
        self.colours.append(self.colour or side_colour(side))
        self.capacity = max(self.capacity, 16)
        self._rebuild_lines()
        return self.slots[entity_id]

    @staticmethod
    def _vertex_view(path: NodePath) -> npt.NDArray[np.float32]:
        """The Geom's vertex array, writable in place (no copy is kept between frames)."""
        array = path.node().modifyGeom(0).modifyVertexData().modifyArray(0)
        view: npt.NDArray[np.float32] = np.frombuffer(memoryview(array), dtype=np.float32)
        return view.reshape(-1, FLOATS_PER_VERTEX)

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        if not self.settings.show_trails:
            return
        slots, kinds = self.slots, self.kinds
        for state in snapshot.entities:
            n = len(state.trail_t_s)
            if state.id not in slots:
                if n == 0 or (kinds is not None and state.kind not in kinds):
                    continue
                self._slot(state.id, state.side)
            if n > self.capacity:
                self.capacity = 1 << math.ceil(math.log2(n))
                self._rebuild_lines()
        if self.lines is None:
            return
        points, times = self._points, self._times
        for state in snapshot.entities:
            slot = slots.get(state.id)
            if slot is None:
                continue
            n = len(state.trail_t_s)
            if n == 0:
                times[slot] = -np.inf
                continue
            points[slot, :n] = state.trail_ft
            points[slot, n:] = state.trail_ft[-1]
            times[slot, :n] = state.trail_t_s
            times[slot, n:] = -np.inf
        age = snapshot.t_s - times
        fade_s = self.fade_s if self.fade_s is not None else self.settings.trail_seconds
        alpha = np.clip(1.0 - age / max(fade_s, 1e-6), 0.0, 1.0)
        alpha[age < -1e-6] = 0.0
        vertices = self._vertex_view(self.lines)
        vertices[:, 0:3] = points.reshape(-1, 3)
        vertices[:, 6] = alpha.ravel()
        if not self.turn_marks:
            return
        turn_s = snapshot.tick_s * snapshot.ticks_per_turn
        self._update_ticks(points, times, alpha, turn_s)

    def _update_ticks(
        self,
        points: npt.NDArray[np.float32],
        times: npt.NDArray[np.float64],
        alpha: npt.NDArray[np.float64],
        turn_s: float,
    ) -> None:
        """A cross at every trail point that falls on a game-turn boundary."""
        if turn_s <= 0.0:
            return
        on_turn = on_multiple(np.where(alpha > 0.0, times, 0.5 * turn_s), turn_s)
        slot_of, index = np.nonzero(on_turn)
        count = len(slot_of)
        if count > self.tick_capacity or self.ticks is None:
            self.tick_capacity = max(8, 1 << math.ceil(math.log2(max(count, 1))))
            self._rebuild_ticks()
        # The trail's direction at each tick (from its neighbours), for a cross across it.
        cap = points.shape[1]
        ahead = points[slot_of, np.minimum(index + 1, cap - 1)]
        behind = points[slot_of, np.maximum(index - 1, 0)]
        across = across_path(behind, ahead)
        centre = points[slot_of, index].astype(np.float64)
        half = self.tick_half_ft
        up = np.array([0.0, 0.0, half])
        crosses = np.stack(
            [centre - across * half, centre + across * half, centre - up, centre + up], axis=1
        )
        colours = np.asarray(self.colours, dtype=np.float32)[slot_of]
        assert self.ticks is not None
        vertices = self._vertex_view(self.ticks)
        used = count * 4
        vertices[:used, 0:3] = crosses.reshape(-1, 3)
        vertices[:used, 3:6] = np.repeat(colours, 4, axis=0)
        vertices[:used, 6] = np.repeat(alpha[slot_of, index], 4)
        vertices[used:, 6] = 0.0

    def destroy(self) -> None:
        self.root.removeNode()
        self.lines = None
        self.ticks = None
        self.slots.clear()
        self.colours.clear()


def smoke_trails(parent: NodePath, settings: ViewSettings | None = None) -> Trails:
    """Missiles' trails as smoke: light grey, a little thicker, fading in ``SMOKE_FADE_S``,
    without game-turn crosses."""
    trails = Trails(
        parent,
        settings,
        kinds=frozenset({"missile"}),
        colour=SMOKE_RGB,
        fade_s=SMOKE_FADE_S,
        turn_marks=False,
        name="smoke-trails",
    )
    trails.root.setRenderModeThickness(2.5)
    return trails
