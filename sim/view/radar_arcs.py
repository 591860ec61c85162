"""Radar scan arcs: the selected aircraft's radar coverage as a translucent fan on the map.

Shown only from the top-down and table cameras, where a flat fan reads as the arc diagram
laid on the map.  The fan lies on the map (at the Tile Base Altitude, like the hexes), drawn
just after the hexes and before everything else, so minis, stacks and trails stay on top of
it.  Its apex is under the aircraft, its centre line the aircraft's heading;
its half-width is the widest AoN the mode's arc reaches in the level ring, in 30° PHAD
cells, plus 15° so the fan covers the whole of that cell; its radius is the mode's range
on the ADC, in Flight Points of 400 ft (one hex).  Arcs and ranges are the sensor fit's
(``models.sensors.sensor_fit``), with the rebuilt Sensors play aid's arc diagrams where the
fit sets none ("Radar", SoP 10).  No fan when the radar is off, or the type has no radar or
no such mode.

The fan is one Geom per (type, mode), built when first needed and kept; each frame only
moves and turns its node.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from panda3d.core import NodePath

from engine.hexmap import HEX_FT, STEP_FT
from models import bop_channels as bop
from models.sensors import (
    RADAR_MODES,
    Arc,
    BodyDiamondArc,
    UnknownSensorFit,
    sensor_fit,
    sensor_tables,
)
from sim.cameras import CameraMode
from sim.snapshot import Snapshot
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root, side_colour

CELL_DEG = 30.0
"""One PHAD cell: AoN counts cells of 30° off the nose."""
CELL_HALF_DEG = 15.0
"""Added to the half-width so the fan covers the whole of its outermost cell."""
FP_FT = HEX_FT
"""One Flight Point of range is one 400 ft hex."""
LEVEL_AOC = 3
"""On the body diamond, AoC 3 is the wing plane: the level ring of a body-fixed arc."""
ARC_CAMERAS: frozenset[CameraMode] = frozenset({"top", "table"})
"""The cameras that show the fan."""
FILL_ALPHA = 0.16
EDGE_ALPHA = 0.85
EDGE_THICKNESS_PX = 2.0
ARC_STEP_DEG = 2.5
"""The fan's curved edge is drawn in steps of this many degrees."""


@dataclass(frozen=True, slots=True)
class RadarFan:
    """The flat shape of one radar mode's scan arc."""

    mode: str
    half_width_deg: float
    """From the centre line (the heading) to either edge."""
    radius_ft: float
    """The mode's range."""


def level_aon(arc: Arc) -> int:
    """The widest AoN an arc reaches in its level ring: the 00 bearing pitch row of a
    stabilised arc, the AoC 3 squares of a body-diamond one (or, with no square or row
    there, the ones nearest it)."""
    if isinstance(arc, BodyDiamondArc):
        nearest = min(abs(aoc - LEVEL_AOC) for _aon, aoc in arc.squares)
        return max(aon for aon, aoc in arc.squares if abs(aoc - LEVEL_AOC) == nearest)
    nearest = min(abs(row.pitch_deg) for row in arc.rows)
    return max(row.max_aon for row in arc.rows if abs(row.pitch_deg) == nearest)


@lru_cache(maxsize=128)
def radar_fan(type_id: str, mode: str) -> RadarFan | None:
    """The fan of ``type_id``'s radar in ``mode``; None when the radar is off, the type has
    no sensor fit or radar, or its radar lacks the mode."""
    if mode not in RADAR_MODES:
        return None
    try:
        fit = sensor_fit(type_id)
    except UnknownSensorFit:
        return None
    radar = fit.radar
    entry = None if radar is None else radar.mode(mode)
    if entry is None:
        return None
    arc = entry.arc or sensor_tables().radar_modes[entry.mode].acquisition_arc
    half = level_aon(arc) * CELL_DEG + CELL_HALF_DEG
    return RadarFan(entry.mode, half, entry.range_fp * FP_FT)


def fan_outline(fan: RadarFan, step_deg: float = ARC_STEP_DEG) -> np.ndarray:
    """The fan's curved edge as (n, 3) points, for an aircraft at the origin heading north
    (``x`` east, ``y`` north), from the left edge clockwise to the right edge."""
    count = max(2, math.ceil(2 * fan.half_width_deg / step_deg) + 1)
    bearings = np.radians(np.linspace(-fan.half_width_deg, fan.half_width_deg, count))
    return np.stack(
        [fan.radius_ft * np.sin(bearings), fan.radius_ft * np.cos(bearings), np.zeros(count)],
        axis=1,
    )


class RadarArcs:
    """The selected aircraft's radar scan arc, from the top-down and table cameras.

    ``shown`` is the user's toggle; :meth:`set_camera` says whether the camera in use is
    one the fan is drawn for.
    """

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = line_overlay_root(parent, "radar-arcs")
        # After the map's parts (background 0-3), before every other layer.
        self.root.setBin("background", 10)
        self.root.setDepthTest(False)
        self.root.setTwoSided(True)
        self.z_ft = self.settings.tile_base_alt_steps * STEP_FT
        self.shown = self.settings.show_radar_arcs
        self.camera_allows = False
        self.fans: dict[tuple[str, str, str], NodePath] = {}
        """Fan nodes by (type, mode, side), built once each."""
        self.current: tuple[str, str, str] | None = None
        self.fan: RadarFan | None = None
        """The fan drawn now (None when none is)."""

    def toggle(self) -> bool:
        """Show or hide the arcs; returns whether they are shown now."""
        self.shown = not self.shown
        return self.shown

    def set_camera(self, mode: CameraMode) -> None:
        self.camera_allows = mode in ARC_CAMERAS

    def _node(self, fan: RadarFan, key: tuple[str, str, str]) -> NodePath:
        node = self.fans.get(key)
        if node is not None:
            return node
        rgb = side_colour(key[2])
        edge = fan_outline(fan)
        points = np.concatenate([np.zeros((1, 3)), edge])
        n = len(edge)
        triangles = np.stack([np.zeros(n - 1), np.arange(1, n), np.arange(2, n + 1)], axis=1)
        fill = np.tile([*rgb, FILL_ALPHA], (n + 1, 1))
        fill[0, 3] = FILL_ALPHA * 1.6  # a little denser at the apex
        node = self.root.attachNewNode(f"radar-fan-{key[0]}-{key[1]}")
        node.attachNewNode(
            make_geom_node("radar-fan-fill", points, "triangles", indices=triangles, colours=fill)
        )
        outline = np.concatenate([np.zeros((1, 3)), edge, np.zeros((1, 3))])
        lines = np.stack([np.arange(n + 1), np.arange(1, n + 2)], axis=1)
        bright = tuple(0.55 + 0.45 * c for c in rgb)
        edges = node.attachNewNode(
            make_geom_node(
                "radar-fan-edge",
                outline,
                "lines",
                indices=lines,
                colours=np.tile([*bright, EDGE_ALPHA], (n + 2, 1)),
            )
        )
        edges.setRenderModeThickness(EDGE_THICKNESS_PX)
        node.hide()
        self.fans[key] = node
        return node

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        state = snapshot.selected_state
        fan = None
        key = None
        if self.shown and self.camera_allows and state is not None and state.active:
            mode = state.text(bop.RADAR_MODE) or "off"  # rules without radars: no fan
            fan = radar_fan(state.type_id, mode)
            key = (state.type_id, mode, state.side)
        if key != self.current and self.current is not None:
            self.fans[self.current].hide()
        self.current = key if fan is not None else None
        self.fan = fan
        if fan is None or key is None or state is None:
            return
        node = self._node(fan, key)
        node.show()
        node.setPos(state.position_ft[0], state.position_ft[1], self.z_ft)
        node.setH(-state.heading_deg)  # Panda's H turns anticlockwise; headings clockwise

    def destroy(self) -> None:
        self.root.removeNode()
        self.fans.clear()
        self.current = None
