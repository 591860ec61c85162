"""Altitude stacks: the game's stacking tiles under each aircraft, and its hex on the map.

The rulebook ("Orient Box Mini, Update Tiles") stacks altitude tiles like poker chips under
each box mini: black 100 steps, dark blue 25, light blue 5, white 1, counted from the Tile
Base Altitude, the largest denomination on top.  Here the tiles are short cylinders in those
colours, as many as the rules would stack, stretched together to reach from the map up to
just under the mini, so the column is both a count of tiles and a true altitude.  A hex
outline in the side colour marks the aircraft's hex on the map.

Per frame only transforms change; a column's geometry is rebuilt when its tile count changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from panda3d.core import NodePath, TransparencyAttrib

from engine.hexmap import HEX_FT, STEP_FT, Hex
from models import bop_channels as bop
from models.timeline import Timeline
from sim.snapshot import QuatWXYZ, Snapshot
from sim.view.atlas import box_for_type
from sim.view.ground import disc_triangles, make_geom_node, rgba
from sim.view.layer import ALTITUDE_TILES, ViewSettings, side_colour

TILE_RADIUS_PER_SCALE_FT = 7.0
"""Tile radius per unit of mini scale (84 ft at the default scale of 12)."""
TILE_GAP = 0.012
"""Fraction of the column left empty between two tiles, so single tiles can be counted."""
CLEARANCE_FT = 30.0
"""Space between the top tile and the lowest corner of the mini."""
SEGMENTS = 20
LIGHT_DIR = np.array([0.45, -0.55, 0.70]) / np.linalg.norm([0.45, -0.55, 0.70])
"""Shading baked into the tiles' vertex colours (from the south-east, high, like the minis'
light), so the stacks need no lights."""


def tile_counts(steps: int) -> list[tuple[int, int]]:
    """``(denomination, count)`` of the tiles stacking ``steps`` altitude steps, largest
    first (fewest tiles: 107 steps is one black, one light blue and two white tiles)."""
    counts = []
    left = max(0, steps)
    for value, _colour in ALTITUDE_TILES:
        n, left = divmod(left, value)
        if n:
            counts.append((value, n))
    return counts


def tile_colours_bottom_up(steps: int) -> list[tuple[float, float, float]]:
    """The colour of every tile from the bottom of the stack up: smallest at the bottom,
    largest on top."""
    colour_of = dict(ALTITUDE_TILES)
    colours = []
    for value, n in reversed(tile_counts(steps)):
        colours += [colour_of[value]] * n
    return colours


def _tile_template() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One tile of unit radius: its vertices' x-y, whether each sits on the tile's top
    (z1) or bottom (z0), a baked shading factor per vertex, and the triangles.

    Vertices: the side's bottom ring, the side's top ring, the top cap's ring (its own
    vertices, shaded as facing up) and the cap's centre.
    """
    angles = np.linspace(0.0, 2.0 * math.pi, SEGMENTS, endpoint=False)
    ring = np.stack([np.cos(angles), np.sin(angles)], axis=1)
    xy = np.concatenate([ring, ring, ring, np.zeros((1, 2))])
    on_top = np.concatenate([np.zeros(SEGMENTS), np.ones(2 * SEGMENTS + 1)]).astype(bool)
    side_light = np.clip(ring @ LIGHT_DIR[:2], 0.0, 1.0)
    up_light = float(LIGHT_DIR[2])
    light = np.concatenate([side_light, side_light, np.full(SEGMENTS + 1, up_light)])
    shade = 0.62 + 0.45 * light
    k = np.arange(SEGMENTS)
    k1 = (k + 1) % SEGMENTS
    top, cap, centre = SEGMENTS, 2 * SEGMENTS, 3 * SEGMENTS
    triangles = np.concatenate(
        [
            np.stack([k, k1, top + k1], axis=1),
            np.stack([k, top + k1, top + k], axis=1),
            np.stack([np.full(SEGMENTS, centre), cap + k, cap + k1], axis=1),
        ]
    )
    return xy, on_top, shade, triangles


_TEMPLATE = _tile_template()


def stack_geometry(
    colours: list[tuple[float, float, float]], radius: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Vertices, RGBA colours and triangles of a column of tiles one unit tall (z 0 to 1),
    one tile per colour from the bottom up, with a small gap between tiles.  Shading is baked
    into the colours (light from :data:`LIGHT_DIR`), so the stacks need no lights."""
    n = len(colours)
    if n == 0:
        return np.zeros((0, 3)), np.zeros((0, 4)), np.zeros(0, dtype=np.uint32)
    xy, on_top, shade, triangles = _TEMPLATE
    per_tile = len(xy)
    gap = min(TILE_GAP, 0.3 / n)
    tile = (1.0 - gap * (n - 1)) / n
    z0 = np.arange(n) * (tile + gap)
    z = z0[:, None] + on_top[None, :] * tile
    vertices = np.concatenate(
        [np.broadcast_to(xy * radius, (n, per_tile, 2)), z[:, :, None]], axis=2
    ).reshape(-1, 3)
    rgb = np.clip(np.asarray(colours)[:, None, :] * shade[None, :, None], 0.0, 1.0)
    rgba_out = np.concatenate([rgb, np.ones((n, per_tile, 1))], axis=2).reshape(-1, 4)
    indices = (triangles[None, :, :] + (np.arange(n) * per_tile)[:, None, None]).ravel()
    return vertices, rgba_out, indices.astype(np.uint32)


def hex_marker_geometry(
    colour: tuple[float, float, float],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A hex in the side colour, centred on the origin: a solid band just inside the hex's
    outline around a translucent fill."""
    outer = HEX_FT / math.sqrt(3.0) * 0.96
    inner = outer * 0.72
    vertices, colours, indices = disc_triangles(
        [0.0, inner, inner, outer],
        [rgba(colour, 0.35), rgba(colour, 0.35), rgba(colour), rgba(colour)],
        6,
    )
    return vertices, colours, indices


def lowest_corner_ft(quat: QuatWXYZ, half_xyz: tuple[float, float, float]) -> float:
    """How far below its centre a box's lowest corner lies, for an attitude."""
    w, x, y, z = quat
    # The world-up row of the rotation matrix.
    r20 = 2.0 * (x * z - w * y)
    r21 = 2.0 * (y * z + w * x)
    r22 = 1.0 - 2.0 * (x * x + y * y)
    return abs(r20) * half_xyz[0] + abs(r21) * half_xyz[1] + abs(r22) * half_xyz[2]


@dataclass
class _Stack:
    column: NodePath
    marker: NodePath
    half_xyz: tuple[float, float, float]
    steps: int | None = None
    hex_qr: tuple[int, int] | None = None
    column_shown: bool = False
    marker_shown: bool = False

    def show(self, column: bool, marker: bool) -> None:
        """Show or hide the column and the hex marker (touching Panda only on a change)."""
        if column != self.column_shown:
            _set_shown(self.column, column)
            self.column_shown = column
        if marker != self.marker_shown:
            _set_shown(self.marker, marker)
            self.marker_shown = marker


def _set_shown(path: NodePath, shown: bool) -> None:
    if shown:
        path.show()
    else:
        path.hide()


def has_altitude_tiles(timeline: Timeline) -> bool:
    """Whether the timeline's rules stack altitude tiles (Birds of Prey's steps); a map
    whose minis stand on flight stands has none."""
    scale = timeline.meta.scale
    if scale is not None and scale.flight_stands:
        return False
    return bop.ALT_STEPS in timeline.channels


class AltitudeStacks:
    """A column of altitude tiles under every active aircraft and its hex marked on the map."""

    def __init__(
        self,
        parent: NodePath,
        settings: ViewSettings | None = None,
        box_lookup: Callable[[str], tuple[float, float, float]] = box_for_type,
    ) -> None:
        self.settings = settings or ViewSettings()
        self.box_lookup = box_lookup
        self.base_steps = self.settings.tile_base_alt_steps
        self.base_ft = self.base_steps * STEP_FT
        self.radius_ft = TILE_RADIUS_PER_SCALE_FT * self.settings.mini_scale
        self.root = parent.attachNewNode("altitude-stacks")
        self.root.setLightOff(1)
        self.stacks: dict[str, _Stack] = {}
        self._ignored: set[str] = set()
        self._marker_geometry: dict[str, NodePath] = {}
        self._tiles: dict[int, NodePath] = {}
        if not self.settings.show_stacks:
            self.root.hide()

    def _add(self, entity_id: str, type_id: str, side: str) -> _Stack:
        length, span, height = self.box_lookup(type_id)
        scale = self.settings.mini_scale
        half = (span * scale / 2.0, length * scale / 2.0, height * scale / 2.0)
        column = self.root.attachNewNode(f"stack-{entity_id}")
        marker = self._marker(side).copyTo(self.root)
        marker.setName(f"hex-marker-{entity_id}")
        column.hide()
        marker.hide()
        stack = _Stack(column, marker, half)
        self.stacks[entity_id] = stack
        return stack

    def _marker(self, side: str) -> NodePath:
        if side not in self._marker_geometry:
            vertices, colours, indices = hex_marker_geometry(side_colour(side))
            node = make_geom_node(
                f"hex-marker-{side}", vertices, "triangles", indices=indices, colours=colours
            )
            marker = NodePath(node)
            marker.setTransparency(TransparencyAttrib.M_alpha)
            marker.setDepthWrite(False)
            self._marker_geometry[side] = marker
        return self._marker_geometry[side]

    def _rebuild(self, stack: _Stack, steps: int) -> None:
        """Give the column the tiles for a new altitude (shared between columns: the
        geometry depends only on the number of steps above the base)."""
        for child in stack.column.getChildren():
            child.detachNode()
        count = steps - self.base_steps
        tiles = self._tiles.get(count)
        if tiles is None:
            colours = tile_colours_bottom_up(count)
            vertices, vcolours, indices = stack_geometry(colours, self.radius_ft)
            node = make_geom_node(
                f"tiles-{count}", vertices, "triangles", indices=indices, colours=vcolours
            )
            tiles = self._tiles[count] = NodePath(node)
        if count > 0:
            tiles.instanceTo(stack.column)
        stack.steps = steps

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        if not self.settings.show_stacks:
            return
        stacks = self.stacks
        base_ft = self.base_ft
        for state in snapshot.entities:
            stack = stacks.get(state.id)
            if stack is None:
                if state.id in self._ignored or state.kind != "aircraft":
                    self._ignored.add(state.id)
                    continue
                stack = self._add(state.id, state.type_id, state.side)
            steps = state.values.get(bop.ALT_STEPS)
            hex_q = state.values.get(bop.HEX_Q)
            hex_r = state.values.get(bop.HEX_R)
            if (
                not state.active
                or not isinstance(steps, int)
                or not isinstance(hex_q, int)
                or not isinstance(hex_r, int)
            ):
                stack.show(False, False)  # out of play, or rules without tiles and hexes
                continue
            if steps != stack.steps:
                self._rebuild(stack, steps)
            hex_qr = (hex_q, hex_r)
            if hex_qr != stack.hex_qr:
                x, y = Hex(*hex_qr).centre_ft()
                stack.marker.setPos(x, y, base_ft)
                stack.hex_qr = hex_qr
            px, py, pz = state.position_ft
            top = pz - lowest_corner_ft(state.quat_wxyz, stack.half_xyz) - CLEARANCE_FT
            height = top - base_ft
            if height > 1.0:
                stack.column.setPosHprScale(px, py, base_ft, 0.0, 0.0, 0.0, 1.0, 1.0, height)
            stack.show(height > 1.0, True)

    def destroy(self) -> None:
        self.root.removeNode()
        self.stacks.clear()
        self._marker_geometry.clear()
        self._tiles.clear()
