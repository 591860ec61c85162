"""The shape every view layer has, and the settings views share."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Protocol

from panda3d.core import NodePath, Point2, Point3, TransparencyAttrib

from sim.snapshot import Snapshot

SIDE_COLOURS: dict[str, tuple[float, float, float]] = {
    "blue": (0.16, 0.36, 0.85),
    "red": (0.82, 0.16, 0.14),
}
"""Side colours like the game's cards; other sides fall back to grey."""
OTHER_SIDE_COLOUR = (0.55, 0.55, 0.55)

ALTITUDE_TILES: tuple[tuple[int, tuple[float, float, float]], ...] = (
    (100, (0.05, 0.05, 0.05)),
    (25, (0.05, 0.12, 0.45)),
    (5, (0.45, 0.70, 0.95)),
    (1, (0.97, 0.97, 0.97)),
)
"""Altitude tile denominations in steps and their colours (Orient Box Mini, Update Tiles)."""


def side_colour(side: str) -> tuple[float, float, float]:
    return SIDE_COLOURS.get(side.lower(), OTHER_SIDE_COLOUR)


@dataclass(frozen=True, slots=True)
class ViewSettings:
    """Choices that change how the scene looks, not what it shows."""

    mini_scale: float = 20.0
    """Box minis drawn this many times life size so they read at map scale."""
    mini_scale_from_map: bool = False
    """Take ``mini_scale`` from the timeline's map instead (its rule set's own, so minis read
    on hexes of any size or on an open table) when it declares one."""
    trail_seconds: float = 24.0
    """How much trail to draw behind each aircraft."""
    tile_base_alt_steps: int = 0
    """Altitude stacks count from here (Tile Base Altitude)."""
    show_stacks: bool = True
    show_trails: bool = True
    show_hud: bool = True
    show_awareness: bool = False
    """Lines between aircraft whose crews have spotted each other (toggled with ``a``)."""
    show_radar_arcs: bool = False
    """The selected aircraft's radar scan arc on the top-down and table cameras (``r``)."""
    show_sight_line: bool = False
    """Instructor overlay: the labelled line of sight to the selected aircraft's target (``s``)."""
    show_three_nine: bool = False
    """Instructor overlay: the target's 3/9 line, the selected aircraft's lift vector and
    plane of motion (``9``)."""
    show_turn_circles: bool = False
    """Instructor overlay: both aircraft's turn circles at their present load (``c``)."""
    show_gun_cone: bool = False
    """Instructor overlay: the selected aircraft's gun cone, green on target (``g``)."""
    show_missile_envelope: bool = False
    """Instructor overlay: the launch envelope of the selected aircraft's best missile
    against its target, green with the target inside (``m``)."""
    show_control_zone: bool = False
    """Instructor overlay: the control-zone wedges behind the target, green with the
    selected aircraft in them (``z``)."""
    show_energy: bool = False
    """Instructor overlay: the E_s / P_s strip chart of the selected pair (``e``)."""
    show_time_ticks: bool = False
    """Instructor overlay: matching time marks on the selected pair's trails (``p``)."""
    label_mode: Literal["callsign", "full", "off"] = "callsign"
    """Labels beside the aircraft: the callsign, also type / altitude / speed, or none
    (``n`` cycles)."""
    instructor_target: str | None = None
    """The instructor overlays' first target (None: the nearest enemy; ``t`` steps on)."""


@dataclass(frozen=True, slots=True)
class Eye:
    """Where the camera is and how many feet one pixel of the window spans, so that marks
    drawn in the world (a flight stand's rings, a ground unit's label, a shell burst) can
    keep a readable size on screen however far away they are."""

    position_ft: tuple[float, float, float]
    ft_per_px_per_ft: float = 0.0
    """A perspective lens: feet per pixel at one foot from the eye (it grows with distance)."""
    ft_per_px: float = 0.0
    """An orthographic lens: feet per pixel everywhere."""

    @classmethod
    def of_lens(
        cls,
        position_ft: tuple[float, float, float],
        height_px: int,
        aspect: float,
        fov_deg: float,
        film_ft: float | None = None,
    ) -> Eye:
        """The eye of a camera at ``position_ft`` with a horizontal field of view of
        ``fov_deg`` (or an orthographic film ``film_ft`` high) on a window ``height_px``
        high of width / height ``aspect``."""
        height = max(height_px, 1)
        if film_ft is not None:
            return cls(position_ft, ft_per_px=film_ft / height)
        half_v = math.atan(math.tan(math.radians(fov_deg) / 2) / max(aspect, 1e-6))
        return cls(position_ft, ft_per_px_per_ft=2 * math.tan(half_v) / height)

    def px_ft(self, point_ft: tuple[float, float, float]) -> float:
        """Feet one pixel spans at ``point_ft``."""
        if self.ft_per_px:
            return self.ft_per_px
        return self.ft_per_px_per_ft * math.dist(self.position_ft, point_ft)


class Layer(Protocol):
    """A view layer: built under a parent node, updated each frame, destroyed at the end."""

    def update(self, snapshot: Snapshot) -> None: ...

    def destroy(self) -> None: ...


def line_overlay_root(parent: NodePath, name: str) -> NodePath:
    """A node for untextured, unlit, see-through lines (trails, tracers) that do not write
    depth, so they never hide what is drawn after them."""
    root = parent.attachNewNode(name)
    root.setLightOff(1)
    root.setTextureOff(1)
    root.setTransparency(TransparencyAttrib.M_alpha)
    root.setDepthWrite(False)
    return root


ScreenBox = tuple[float, float, float, float]
"""A rectangle on screen: left, right, bottom, top, in a 2D node's units."""


def shown_box(node: NodePath, relative_to: NodePath) -> ScreenBox | None:
    """The rectangle a 2D node's shown parts cover, in ``relative_to``'s units; None when
    nothing of it shows. (Panda3D's tight bounds count hidden children too: a PHAD's hidden
    marks and legend rows would widen them.)"""
    if node.isHidden():
        return None
    edges = [math.inf, -math.inf, math.inf, -math.inf]
    for leaf in [node, *node.findAllMatches("**")]:
        if leaf.getNumChildren() or leaf.isHidden():
            continue
        bounds = leaf.getTightBounds(relative_to)
        if bounds:
            low, high = bounds
            edges = [
                min(edges[0], low.x),
                max(edges[1], high.x),
                min(edges[2], low.z),
                max(edges[3], high.z),
            ]
    if edges[0] > edges[1]:
        return None
    return (edges[0], edges[1], edges[2], edges[3])


def screen_point(
    camera: NodePath, scene: NodePath, overlay: NodePath, point: tuple[float, float, float]
) -> Point3 | None:
    """Where a point of ``scene`` appears in the 2D node ``overlay`` (a child of render2d,
    such as aspect2d), through ``camera``'s lens; None when it is behind the camera or off
    the film."""
    lens = camera.node().getLens()
    local = camera.getRelativePoint(scene, Point3(*point))
    film = Point2()
    if not lens.project(local, film):
        return None
    # The lens gives film coordinates (-1..1), which are render2d's: the overlay's parent.
    return overlay.getRelativePoint(overlay.getParent(), Point3(film.x, 0.0, film.y))
