"""The awareness overlay: who has spotted whom (Visual Sighting, SoP 09), as lines between
the aircraft.

Each aircraft's ``spotted`` list gives a line from it to every aircraft its crew have
spotted, coloured by the spotter's side:

* a **mutual** spot (each crew has the other) is one solid line, each half in the colour of
  the crew at that end;
* a **one-way** spot is a dashed line in the spotter's colour, with an arrowhead at the
  aircraft spotted ("A sees B" reads along the arrow).

Lines stop short of the minis at both ends so they never hide them.  Everything is a
function of the snapshot; the lines are one dynamic line Geom whose vertices are rewritten
in place each frame (unused vertices fully transparent), grown only when more are needed.
Off by default; nothing is computed while it is hidden.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath

from models import bop_channels as bop
from sim.snapshot import EntityState, Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root, side_colour
from sim.view.toggleable import Toggleable

FLOATS_PER_VERTEX = 7
"""x, y, z, r, g, b, a (float32), as :func:`sim.view.ground.make_geom_node` packs them."""
TRIM_PER_SCALE_FT = 28.0
"""Lines stop this far from each aircraft's centre, per unit of mini scale (560 ft at 20)."""
TRIM_MAX_FRACTION = 0.2
"""...but never trim more than this fraction of the line from either end."""
DASH_PITCH_PER_SCALE_FT = 30.0
"""One dash and its gap, per unit of mini scale (600 ft at 20)."""
DASH_FILL = 0.55
"""The fraction of a dash pitch that is drawn."""
MIN_DASHES, MAX_DASHES = 4, 40
ARROW_PER_SCALE_FT = 45.0
"""Length of the arrowhead's barbs per unit of mini scale (900 ft at 20)."""
ARROW_MAX_FRACTION = 0.3
ARROW_HALF_ANGLE_DEG = 25.0
LINE_ALPHA = 0.9
THICKNESS_PX = 3.0
LIGHTEN = 0.12
"""Side colours are mixed this far toward white so thin lines read on the dark map."""

FloatArray = npt.NDArray[np.float64]
Segments = npt.NDArray[np.float64]
"""(n, 2, 3): the two ends of each line segment, feet."""
Colours = npt.NDArray[np.float64]
"""(n, 2, 4): RGBA at each end."""


@dataclass(frozen=True, slots=True)
class SightLine:
    """One line of the overlay: ``spotter``'s crew have spotted ``spotted``; when ``mutual``,
    ``spotted``'s crew have ``spotter`` too (and the pair gets this one line only)."""

    spotter: str
    spotted: str
    mutual: bool


def sight_lines(entities: Sequence[EntityState]) -> tuple[SightLine, ...]:
    """Every spot between active aircraft, in snapshot order: one line per mutual pair (the
    first of the two in the snapshot as ``spotter``), one per one-way spot."""
    active = {e.id: e for e in entities if e.active and e.kind == "aircraft"}
    order = {entity_id: i for i, entity_id in enumerate(active)}
    seen: dict[str, frozenset[str]] = {
        e.id: frozenset(e.ids(bop.SPOTTED)) for e in active.values() if bop.SPOTTED in e.values
    }
    lines: list[SightLine] = []
    for spotter, spotted_ids in seen.items():
        for spotted in sorted(spotted_ids, key=lambda i: order.get(i, len(order))):
            if spotted == spotter or spotted not in active:
                continue
            mutual = spotter in seen.get(spotted, frozenset())
            if mutual and order[spotted] < order[spotter]:
                continue  # drawn from the other end
            lines.append(SightLine(spotter, spotted, mutual))
    return tuple(lines)


@lru_cache(maxsize=16)
def line_colour(side: str) -> tuple[float, float, float, float]:
    """A side's colour lightened for thin lines."""
    r, g, b = side_colour(side)
    return (r + (1 - r) * LIGHTEN, g + (1 - g) * LIGHTEN, b + (1 - b) * LIGHTEN, LINE_ALPHA)


def sight_segments(
    lines: Sequence[SightLine], states: dict[str, EntityState], mini_scale: float
) -> tuple[Segments, Colours]:
    """The overlay's line segments and their colours, for every line at once.

    Each line is first pulled in from both aircraft (so it stops short of the minis).  A
    mutual line is two segments meeting halfway, each in its own end's colour; a one-way
    line is its dashes and the two barbs of its arrowhead, in the spotter's colour.  The
    segments come in that order: the mutual lines' halves, then every dash, then every barb.
    """
    if not lines:
        return np.zeros((0, 2, 3)), np.zeros((0, 2, 4))
    a = np.array([states[line.spotter].position_ft for line in lines], dtype=np.float64)
    b = np.array([states[line.spotted].position_ft for line in lines], dtype=np.float64)
    colour_a = np.array([line_colour(states[line.spotter].side) for line in lines])
    colour_b = np.array([line_colour(states[line.spotted].side) for line in lines])
    mutual = np.array([line.mutual for line in lines])
    return _segments(a, b, colour_a, colour_b, mutual, mini_scale)


def _segments(
    a: FloatArray,
    b: FloatArray,
    colour_a: FloatArray,
    colour_b: FloatArray,
    mutual: npt.NDArray[np.bool_],
    mini_scale: float,
) -> tuple[Segments, Colours]:
    """:func:`sight_segments` from the lines' ends, colours and kinds as arrays."""
    length = np.linalg.norm(b - a, axis=1)
    keep = length > 1e-6
    a, b, colour_a, colour_b, mutual, length = (
        x[keep] for x in (a, b, colour_a, colour_b, mutual, length)
    )
    direction = (b - a) / np.where(length > 0, length, 1.0)[:, None]
    trim = np.minimum(TRIM_PER_SCALE_FT * mini_scale, TRIM_MAX_FRACTION * length)
    start = a + direction * trim[:, None]
    end = b - direction * trim[:, None]
    run = length - 2 * trim

    middle = (start[mutual] + end[mutual]) / 2
    halves = [
        np.stack([start[mutual], middle], axis=1),
        np.stack([middle, end[mutual]], axis=1),
    ]
    half_colours = [colour_a[mutual], colour_b[mutual]]

    one_way = ~mutual
    start, end, direction, run, colour = (
        x[one_way] for x in (start, end, direction, run, colour_a)
    )
    pitch = DASH_PITCH_PER_SCALE_FT * mini_scale
    counts = np.clip(np.round(run / pitch), MIN_DASHES, MAX_DASHES).astype(np.int64)
    step = run / np.maximum(counts, 1)
    of_line = np.repeat(np.arange(len(counts)), counts)
    k = np.arange(len(of_line)) - np.repeat(np.cumsum(counts) - counts, counts)
    heads = start[of_line] + direction[of_line] * (k * step[of_line])[:, None]
    tails = heads + direction[of_line] * (step[of_line] * DASH_FILL)[:, None]
    barb = np.minimum(ARROW_PER_SCALE_FT * mini_scale, ARROW_MAX_FRACTION * run)
    angle = math.radians(ARROW_HALF_ANGLE_DEG)
    # Barbs open out level (in the map's plane), so the arrowhead reads from above.
    across = np.stack([-direction[:, 1], direction[:, 0], np.zeros(len(run))], axis=1)
    flat = np.linalg.norm(across, axis=1)
    across = np.where(
        flat[:, None] > 1e-6, across / np.maximum(flat, 1e-6)[:, None], [[1.0, 0.0, 0.0]]
    )
    back = end - direction * (math.cos(angle) * barb)[:, None]
    spread = across * (math.sin(angle) * barb)[:, None]
    barbs = [np.stack([end, back + spread], axis=1), np.stack([end, back - spread], axis=1)]

    segments = np.concatenate([*halves, np.stack([heads, tails], axis=1), *barbs])
    colours = np.concatenate([*half_colours, colour[of_line], colour, colour])
    return segments, np.repeat(colours[:, None, :], 2, axis=1)


class AwarenessLines(Toggleable):
    """Lines from each aircraft to the aircraft its crew have spotted."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = line_overlay_root(parent, "awareness")
        self.root.setBin("transparent", 1)
        self.root.setRenderModeThickness(THICKNESS_PX)
        self.capacity = 0
        """Segments the Geom holds."""
        self.lines: NodePath | None = None
        self.drawn: tuple[SightLine, ...] = ()
        """The lines drawn now."""
        # The lines change only when a crew spots or loses an aircraft: kept between
        # frames as index and colour arrays, so a frame only reads the positions.
        self._key: tuple[object, ...] | None = None
        self._ends = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
        self._colours = (np.zeros((0, 4)), np.zeros((0, 4)))
        self._mutual = np.zeros(0, dtype=bool)
        self.set_shown(self.settings.show_awareness)

    def _on_change(self, shown: bool) -> None:
        if not shown:  # nothing is drawn while hidden: start afresh when shown again
            self.drawn = ()
            self._key = None

    def _rebuild(self, segments: int) -> None:
        if self.lines is not None:
            self.lines.removeNode()
        self.capacity = max(16, 1 << math.ceil(math.log2(max(segments, 1))))
        n = self.capacity * 2
        node = make_geom_node(
            "awareness-lines", np.zeros((n, 3)), "lines", colours=np.zeros((n, 4)), dynamic=True
        )
        self.lines = self.root.attachNewNode(node)

    @staticmethod
    def _vertex_view(path: NodePath) -> npt.NDArray[np.float32]:
        """The Geom's vertex array, writable in place."""
        array = path.node().modifyGeom(0).modifyVertexData().modifyArray(0)
        view: npt.NDArray[np.float32] = np.frombuffer(memoryview(array), dtype=np.float32)
        return view.reshape(-1, FLOATS_PER_VERTEX)

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        if not self.shown:
            return
        entities = snapshot.entities
        key = tuple((e.id, e.side, e.kind, e.active, e.values.get(bop.SPOTTED)) for e in entities)
        if key != self._key:
            self._key = key
            self.drawn = sight_lines(entities)
            index = {e.id: i for i, e in enumerate(entities)}
            self._ends = (
                np.array([index[line.spotter] for line in self.drawn], dtype=np.int64),
                np.array([index[line.spotted] for line in self.drawn], dtype=np.int64),
            )
            sides = [entities[i].side for i in range(len(entities))]
            self._colours = (
                np.array([line_colour(sides[i]) for i in self._ends[0]]).reshape(-1, 4),
                np.array([line_colour(sides[i]) for i in self._ends[1]]).reshape(-1, 4),
            )
            self._mutual = np.array([line.mutual for line in self.drawn], dtype=bool)
        positions = np.array([e.position_ft for e in entities], dtype=np.float64).reshape(-1, 3)
        segments, colours = _segments(
            positions[self._ends[0]],
            positions[self._ends[1]],
            *self._colours,
            self._mutual,
            self.settings.mini_scale,
        )
        count = len(segments)
        if self.lines is None or count > self.capacity:
            self._rebuild(count)
        assert self.lines is not None
        vertices = self._vertex_view(self.lines)
        used = count * 2
        vertices[:used, 0:3] = segments.reshape(-1, 3)
        vertices[:used, 3:7] = colours.reshape(-1, 4)
        vertices[used:, 6] = 0.0

    def destroy(self) -> None:
        self.root.removeNode()
        self.lines = None
