"""Time-ticked pursuit trails: where the selected aircraft and its target were at the same
instants.

Along both trails a bold mark every :data:`TICK_EVERY_S` seconds (across the path and
upright, in each side's colour made lighter), a faint line joining the two marks of the
same instant, and at every game-turn the time written at the middle of that line (at the
selected aircraft's mark when the target's trail does not reach back that far).
The trails themselves (:mod:`sim.view.trails`) already carry a small cross at every
game-turn; the marks fall on the same ticks (:func:`sim.view.trails.on_multiple`), so the
two agree.  The marks span whatever trail the playback keeps (``--trail-s``).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath, TextNode

from sim.snapshot import EntityState
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root, screen_point, side_colour
from sim.view.trails import across_path, on_multiple

FLOATS_PER_VERTEX = 7
TICK_EVERY_S = 3.0
"""A mark every five ticks: two per game-turn."""
MARK_HALF_PER_SCALE_FT = 9.0
"""Half a mark's length per unit of mini scale (180 ft at 20): bolder than a trail cross."""
JOIN_COLOUR = (1.0, 1.0, 1.0, 0.45)
LIGHTEN = 0.45
"""Marks take their side colour mixed this far toward white."""
LEAST_ALPHA = 0.35
"""The oldest marks fade to this, not out, so they still read."""
LABEL_SCALE = 0.042
"""Time labels in aspect2d units: about 23 px at 1080p."""
LABEL_OFFSET = (0.025, 0.02)
"""Labels sit this far right of and above their mark (aspect2d units)."""
LABEL_COLOUR = (0.02, 0.03, 0.05, 0.72)
LABEL_BIN_SORT = 5
"""Drawn over the scene but under the HUD (whose panels sort at 10)."""
LABEL_MIN_AGE_S = 1.5
"""No label on a mark this fresh: it would sit on the aircraft's own mini."""
THICKNESS_PX = 3.0


def lighter(side: str) -> tuple[float, float, float]:
    r, g, b = side_colour(side)
    return (r + (1 - r) * LIGHTEN, g + (1 - g) * LIGHTEN, b + (1 - b) * LIGHTEN)


def tick_marks(state: EntityState, every_s: float) -> tuple[npt.NDArray[np.float64], ...]:
    """The trail's points on multiples of ``every_s``: times, positions and the unit
    horizontal across the path at each."""
    times = np.asarray(state.trail_t_s, dtype=np.float64)
    points = np.asarray(state.trail_ft, dtype=np.float64).reshape(-1, 3)
    index = np.flatnonzero(on_multiple(times, every_s))
    last = len(times) - 1
    ahead = points[np.minimum(index + 1, last)]
    behind = points[np.maximum(index - 1, 0)]
    return times[index], points[index], across_path(behind, ahead)


class TimeTicks:
    """The marks, joins and time labels for one pair of aircraft."""

    def __init__(
        self,
        parent: NodePath,
        label_parent: NodePath,
        settings: ViewSettings,
        camera: NodePath | None = None,
    ) -> None:
        self.camera = camera
        self.label_parent = label_parent
        self.half_ft = MARK_HALF_PER_SCALE_FT * settings.mini_scale
        self.fade_s = max(settings.trail_seconds, 1e-6)
        self.root = line_overlay_root(parent, "time-ticks")
        self.root.setBin("transparent", 3)
        self.root.setRenderModeThickness(THICKNESS_PX)
        self.capacity = 0
        """Segments in the line Geom."""
        self.lines: NodePath | None = None
        self.labels: list[tuple[TextNode, NodePath]] = []
        self.root.hide()

    def _lines(self, segments: int) -> NodePath:
        if self.lines is None or segments > self.capacity:
            if self.lines is not None:
                self.lines.removeNode()
            self.capacity = max(16, 1 << math.ceil(math.log2(max(segments, 1))))
            n = self.capacity * 2
            node = make_geom_node(
                "time-tick-lines", np.zeros((n, 3)), "lines", colours=np.zeros((n, 4)), dynamic=True
            )
            self.lines = self.root.attachNewNode(node)
        return self.lines

    def _label(self, i: int) -> tuple[TextNode, NodePath]:
        from sim.view.hud.panels import hud_font

        while len(self.labels) <= i:
            text = TextNode(f"time-tick-label-{len(self.labels)}")
            text.setFont(hud_font())
            text.setTextColor(1.0, 1.0, 1.0, 1.0)
            text.setCardColor(*LABEL_COLOUR)
            text.setCardAsMargin(0.25, 0.25, 0.12, 0.08)
            text.setCardDecal(True)
            path = self.label_parent.attachNewNode(text)
            path.setScale(LABEL_SCALE)
            path.setBin("fixed", LABEL_BIN_SORT)
            path.setDepthTest(False)
            path.setDepthWrite(False)
            self.labels.append((text, path))
        return self.labels[i]

    def draw(self, own: EntityState, target: EntityState, now_s: float, turn_s: float) -> None:
        marks = [tick_marks(state, TICK_EVERY_S) for state in (own, target)]
        segments: list[npt.NDArray[np.float64]] = []
        colours: list[npt.NDArray[np.float64]] = []
        up = np.array([0.0, 0.0, self.half_ft])
        for (times, points, across), state in zip(marks, (own, target), strict=True):
            if len(times) == 0:
                continue
            side = across * self.half_ft
            crosses = np.stack(
                [
                    np.stack([points - side, points + side], 1),
                    np.stack([points - up, points + up], 1),
                ],
                1,
            ).reshape(-1, 2, 3)
            alpha = np.clip(1.0 - (now_s - times) / self.fade_s, LEAST_ALPHA, 1.0)
            rgba = np.concatenate(
                [np.tile(lighter(state.side), (len(times), 1)), alpha[:, None]], 1
            )
            segments.append(crosses)
            colours.append(np.repeat(rgba, 2, axis=0))
        # Join the two marks of each instant.
        (own_t, own_p, _a), (tgt_t, tgt_p, _b) = marks
        common, own_i, tgt_i = np.intersect1d(
            np.round(own_t / TICK_EVERY_S).astype(np.int64),
            np.round(tgt_t / TICK_EVERY_S).astype(np.int64),
            return_indices=True,
        )
        if len(common):
            segments.append(np.stack([own_p[own_i], tgt_p[tgt_i]], 1))
            colours.append(np.tile(JOIN_COLOUR, (len(common), 1)))
        count = sum(len(s) for s in segments)
        lines = self._lines(count)
        view = np.frombuffer(
            memoryview(lines.node().modifyGeom(0).modifyVertexData().modifyArray(0)),
            dtype=np.float32,
        ).reshape(-1, FLOATS_PER_VERTEX)
        if count:
            view[: count * 2, 0:3] = np.concatenate(segments).reshape(-1, 3)
            view[: count * 2, 3:7] = np.repeat(np.concatenate(colours), 2, axis=0)
        view[count * 2 :, 6] = 0.0
        # Labels go at the middle of each join, else at the selected aircraft's mark.
        places = own_p.copy()
        places[own_i] = (own_p[own_i] + tgt_p[tgt_i]) / 2
        self._draw_labels(own_t, places, now_s, turn_s)
        self.root.show()

    def _draw_labels(
        self,
        times: npt.NDArray[np.float64],
        points: npt.NDArray[np.float64],
        now_s: float,
        turn_s: float,
    ) -> None:
        used = 0
        if self.camera is not None and turn_s > 0:
            for t_s, point in zip(times, points, strict=True):
                if not on_multiple([t_s], turn_s)[0] or now_s - t_s < LABEL_MIN_AGE_S:
                    continue
                at = screen_point(
                    self.camera,
                    self.root,
                    self.label_parent,
                    (float(point[0]), float(point[1]), float(point[2])),
                )
                if at is None:
                    continue
                text, path = self._label(used)
                words = f"{t_s:.0f} s"
                if text.getText() != words:
                    text.setText(words)
                path.setPos(at.x + LABEL_OFFSET[0], 0.0, at.z + LABEL_OFFSET[1])
                path.show()
                used += 1
        for _text, path in self.labels[used:]:
            path.hide()

    def hide(self) -> None:
        self.root.hide()
        for _text, path in self.labels:
            path.hide()

    def destroy(self) -> None:
        self.root.removeNode()
        for _text, path in self.labels:
            path.removeNode()
        self.labels.clear()
        self.lines = None
