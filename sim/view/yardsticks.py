"""The measuring sticks laid along each move for the turn being played.

A backyard game measures every move with sticks laid nose to tail along the stand's
arrow, turning at each joint (Fighter Command's yardsticks, §Movement).  The timeline keeps
each turn's moves as the players measured them (:class:`models.timeline.MeasuredMove`);
while that turn plays, its sticks lie on the lawn under the aircraft: two-tone wood, a
darker tick every third of a stick (a yardstick's feet), the last one cut short where the
move ends short of a whole stick.  Each move is one Geom built once; a frame only shows
and hides them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath

from engine.hexmap import STEP_FT
from models.timeline import MeasuredMove
from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node, quad_indices
from sim.view.layer import ViewSettings

STICK_RGB: tuple[tuple[float, float, float], ...] = ((0.86, 0.72, 0.42), (0.74, 0.58, 0.30))
"""The sticks' two woods, alternating along a move."""
TICK_RGB: tuple[float, float, float] = (0.30, 0.22, 0.12)
STICK_WIDTH_SHARE = 1.25 / 36.0
"""A yardstick is an inch and a quarter wide and 36 inches long."""
TICKS_PER_STICK = 3
"""A tick at each foot of a yardstick."""
TICK_SHARE = 0.012
"""A tick's length along the stick, as a share of the stick."""
LIFT_FT = 1.0
"""The sticks lie this far over the lawn, under the stands' bases."""


@dataclass(frozen=True, slots=True)
class Stick:
    """One stick laid on the table: from ``start`` to ``end`` (world feet, x and y)."""

    start: tuple[float, float]
    end: tuple[float, float]
    index: int
    """Its place along the move (0 first), for its wood."""

    @property
    def length_ft(self) -> float:
        return math.dist(self.start, self.end)


def lay_sticks(points_ft: Sequence[tuple[float, float]], stick_ft: float) -> list[Stick]:
    """The sticks along a move's line: each leg between two joints is laid with whole
    sticks from its start, the last cut short at the leg's end (a move's legs are a stick
    long but for the last, so the sticks fall on the joints)."""
    sticks: list[Stick] = []
    for (x0, y0), (x1, y1) in pairwise(points_ft):
        leg = math.dist((x0, y0), (x1, y1))
        if leg <= 1e-9:
            continue
        ux, uy = (x1 - x0) / leg, (y1 - y0) / leg
        laid = 0.0
        while leg - laid > 1e-6 * stick_ft:
            length = min(stick_ft, leg - laid)
            start = (x0 + ux * laid, y0 + uy * laid)
            end = (x0 + ux * (laid + length), y0 + uy * (laid + length))
            sticks.append(Stick(start, end, len(sticks)))
            laid += length
    return sticks


def stick_quads(
    sticks: Iterable[Stick], stick_ft: float, z_ft: float
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Vertices (4 a quad) and RGBA colours of the sticks and their ticks, lying flat."""
    half = stick_ft * STICK_WIDTH_SHARE / 2.0
    vertices: list[tuple[float, float, float]] = []
    colours: list[tuple[float, float, float, float]] = []

    def quad(
        a: tuple[float, float], b: tuple[float, float], w: float, rgb: Sequence[float]
    ) -> None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * w, dx / length * w
        for x, y in ((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
                     (a[0] - nx, a[1] - ny)):  # fmt: skip
            vertices.append((x, y, z_ft))
            colours.append((rgb[0], rgb[1], rgb[2], 1.0))

    for stick in sticks:
        quad(stick.start, stick.end, half, STICK_RGB[stick.index % 2])
        ux = (stick.end[0] - stick.start[0]) / max(stick.length_ft, 1e-9)
        uy = (stick.end[1] - stick.start[1]) / max(stick.length_ft, 1e-9)
        tick = TICK_SHARE * stick_ft / 2.0
        for n in range(1, TICKS_PER_STICK):
            along = stick_ft * n / TICKS_PER_STICK
            if along >= stick.length_ft:
                break
            cx, cy = stick.start[0] + ux * along, stick.start[1] + uy * along
            quad((cx - ux * tick, cy - uy * tick), (cx + ux * tick, cy + uy * tick), half, TICK_RGB)
    return np.asarray(vertices, dtype=np.float64), np.asarray(colours, dtype=np.float64)


class Yardsticks:
    """The measured moves of the turn being played, laid on the table (a layer)."""

    def __init__(
        self,
        parent: NodePath,
        moves: Sequence[MeasuredMove],
        settings: ViewSettings | None = None,
    ) -> None:
        settings = settings or ViewSettings()
        self.root = parent.attachNewNode("yardsticks")
        self.root.setLightOff(1)
        self.root.setTwoSided(True)
        self.root.setDepthWrite(False)
        self.root.setBin("fixed", 5)
        z_ft = settings.tile_base_alt_steps * STEP_FT + LIFT_FT
        self.moves = list(moves)
        self.nodes: list[NodePath] = []
        for number, move in enumerate(self.moves):
            sticks = lay_sticks(move.points_ft, move.stick_ft)
            vertices, colours = stick_quads(sticks, move.stick_ft, z_ft)
            node = make_geom_node(
                f"yardsticks-{move.entity}-{number}",
                vertices,
                "triangles",
                indices=quad_indices(len(vertices) // 4),
                colours=colours,
            )
            path = self.root.attachNewNode(node)
            path.hide()
            self.nodes.append(path)
        self.shown: set[int] = set()
        """The moves laid out now, by their place in ``moves``."""

    def update(self, snapshot: Snapshot) -> None:
        now = snapshot.t_s
        wanted = {i for i, m in enumerate(self.moves) if m.start_s <= now < m.end_s}
        for i in self.shown - wanted:
            self.nodes[i].hide()
        for i in wanted - self.shown:
            self.nodes[i].show()
        self.shown = wanted

    def destroy(self) -> None:
        self.root.removeNode()
        self.nodes.clear()
