"""Box minis: each aircraft as the game's printed fold-up box, posed from the snapshot.

One Geom per aircraft: a box of the aircraft's length × span × height (times
``settings.mini_scale``) with its six faces UV-mapped into that aircraft's atlas
(:mod:`sim.view.atlas`).  Body axes are Panda3D's: y forward (the nose face), z up (the top
face), x right, so the snapshot's ``quat_wxyz`` is applied as it is.  The selected aircraft
wears a bright outline box that pulses with snapshot time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
from panda3d.core import (
    AmbientLight,
    DirectionalLight,
    NodePath,
    Point3,
    Quat,
    TransparencyAttrib,
    Vec3,
    Vec4,
)

from models.timeline import EntityInfo, Timeline
from sim.panda import forget_unused_states
from sim.side_picture import fade_alpha
from sim.snapshot import Snapshot
from sim.view.atlas import box_for_type, make_atlas
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, side_colour

SELECTED_RGB = (1.0, 0.92, 0.25)
OUTLINE_MARGIN = 1.12
AMBIENT_RGB = (0.34, 0.34, 0.37)
SUN_RGB = (0.78, 0.75, 0.68)
SUN_TOWARD = (-0.45, 0.5, -0.74)
"""The key light's direction of travel: from the south-east, high."""
FILL_RGB = (0.19, 0.2, 0.24)
FILL_TOWARD = (0.25, -0.9, -0.35)
"""The fill light's direction of travel: from the north, low, so a north face is not as
dark as a west one."""
"""The selection outline is this much larger than the box."""

# Each face: outward normal, the image's right and up directions (body axes).  Seen from
# outside every face reads the right way round (the callsign left to right on both sides).
_FACES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "top": ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    "bottom": ((0, 0, -1), (-1, 0, 0), (0, 1, 0)),
    "right": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "left": ((-1, 0, 0), (0, -1, 0), (0, 0, 1)),
    "nose": ((0, 1, 0), (-1, 0, 0), (0, 0, 1)),
    "tail": ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
}


def box_geometry(
    size_xyz: tuple[float, float, float], uvs: dict[str, tuple[float, float, float, float]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Vertices, normals, texture coordinates and triangle indices of a textured box.

    ``size_xyz`` is the box's extent along body x (span), y (length) and z (height).
    24 vertices: four per face so each face has its own normal and UVs.
    """
    half = np.asarray(size_xyz, dtype=np.float64) / 2.0
    vertices: list[np.ndarray] = []
    normals: list[np.ndarray] = []
    texcoords: list[tuple[float, float]] = []
    indices: list[int] = []
    for face, (normal, right, up) in _FACES.items():
        n, a, b = (np.asarray(v, dtype=np.float64) for v in (normal, right, up))
        centre = n * half
        u0, v0, u1, v1 = uvs[face]
        start = len(vertices)
        for su, sv, u, v in ((-1, -1, u0, v0), (1, -1, u1, v0), (1, 1, u1, v1), (-1, 1, u0, v1)):
            vertices.append(centre + su * a * half + sv * b * half)
            normals.append(n)
            texcoords.append((u, v))
        indices += [start, start + 1, start + 2, start, start + 2, start + 3]
    return (
        np.asarray(vertices, dtype=np.float32),
        np.asarray(normals, dtype=np.float32),
        np.asarray(texcoords, dtype=np.float32),
        np.asarray(indices, dtype=np.uint32),
    )


def _outline_geometry() -> tuple[np.ndarray, np.ndarray]:
    """The twelve edges of a unit box centred on the origin."""
    corners = np.array(
        [[x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)],
        dtype=np.float32,
    )
    edges = [
        (i, j)
        for i in range(8)
        for j in range(i + 1, 8)
        if int(np.sum(np.abs(corners[i] - corners[j]) > 0)) == 1
    ]
    return corners, np.asarray(edges, dtype=np.uint32).ravel()


@dataclass
class _Mini:
    path: NodePath
    size_xyz: tuple[float, float, float]
    shown: bool = True
    alpha: float = 1.0
    """How opaque it is drawn: below 1 for an enemy lost from one side's picture."""


class BoxMinis:
    """A box mini for every aircraft.

    ``entities`` are the aircraft to build up front (a Timeline, or its ``meta.entities``);
    aircraft first seen in a snapshot are built then.  Missiles are left to their own layer.
    ``box_lookup`` gives a type's box, ``(length, span, height)`` in feet (from its card, or
    a fighter's size for a type without one, by default).
    """

    def __init__(
        self,
        parent: NodePath,
        entities: Timeline | Iterable[EntityInfo] | None = None,
        settings: ViewSettings | None = None,
        box_lookup: Callable[[str], tuple[float, float, float]] = box_for_type,
    ) -> None:
        self.settings = settings or ViewSettings()
        self.box_lookup = box_lookup
        self.outer = parent.attachNewNode("box-minis")
        self.root = self.outer.attachNewNode("minis")
        # Lights live beside the lit subtree, not under it (a light under the node it lights
        # makes a reference cycle that leaks the subtree).
        # A key light high from the south-east, a weak cool fill from the north and
        # less ambient than before: the top, the lit side, the shaded side and the nose of
        # a box each get a clearly different brightness, so a box reads as a box.
        ambient = AmbientLight("minis-ambient")
        ambient.setColor(Vec4(*AMBIENT_RGB, 1.0))
        sun = DirectionalLight("minis-sun")
        sun.setColor(Vec4(*SUN_RGB, 1.0))
        fill = DirectionalLight("minis-fill")
        fill.setColor(Vec4(*FILL_RGB, 1.0))
        self.ambient = self.outer.attachNewNode(ambient)
        self.sun = self.outer.attachNewNode(sun)
        self.sun.lookAt(Vec3(*SUN_TOWARD))
        self.fill = self.outer.attachNewNode(fill)
        self.fill.lookAt(Vec3(*FILL_TOWARD))
        self.root.setLight(self.ambient)
        self.root.setLight(self.sun)
        self.root.setLight(self.fill)
        self.minis: dict[str, _Mini] = {}
        self._ignored: set[str] = set()
        infos = tuple(entities.meta.entities if isinstance(entities, Timeline) else entities or ())
        self.infos = {info.id: info for info in infos}
        """Who each entity is (its box's size and planform, when its timeline says)."""
        for info in infos:
            if info.kind == "aircraft":
                self._add(info.id, info.callsign, info.type_id, info.side)
            else:
                self._ignored.add(info.id)
        corners, edges = _outline_geometry()
        self.outline = NodePath(make_geom_node("selected-outline", corners, "lines", indices=edges))
        self.outline.setLightOff(1)
        self.outline.setTextureOff(1)
        self.outline.setColor(*SELECTED_RGB, 1.0)
        self._selected: str | None = None

    def _add(self, entity_id: str, callsign: str, type_id: str, side: str) -> _Mini:
        info = self.infos.get(entity_id)
        box = info.box_ft if info is not None else None
        length, span, height = box if box is not None else self.box_lookup(type_id)
        scale = self.settings.mini_scale
        size = (span * scale, length * scale, height * scale)
        planform = info.planform if info is not None else "swept"
        texture, uvs = make_atlas(side_colour(side), callsign, planform)
        vertices, normals, texcoords, indices = box_geometry(size, uvs)
        node = make_geom_node(
            f"mini-{entity_id}",
            vertices,
            "triangles",
            indices=indices,
            normals=normals,
            uvs=texcoords,
        )
        path = self.root.attachNewNode(node)
        path.setTexture(texture)
        mini = _Mini(path, size)
        self.minis[entity_id] = mini
        return mini

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        minis = self.minis
        for state in snapshot.entities:
            mini = minis.get(state.id)
            if mini is None:
                if state.id in self._ignored or state.kind != "aircraft":
                    self._ignored.add(state.id)
                    continue
                mini = self._add(state.id, state.callsign, state.type_id, state.side)
            if state.active != mini.shown:
                mini.shown = state.active
                if state.active:
                    mini.path.show()
                else:
                    mini.path.hide()
            if state.active:
                mini.path.setPosQuat(Point3(*state.position_ft), Quat(*state.quat_wxyz))
                self._fade(mini, fade_alpha(state.seen_age_s))
        self._select(snapshot.selected)
        if self._selected is not None:
            # A gentle, deterministic pulse: twice a second of snapshot time.
            glow = 0.75 + 0.25 * math.cos(snapshot.t_s * 4.0 * math.pi)
            self.outline.setColorScale(glow, glow, glow, 1.0)

    @staticmethod
    def _fade(mini: _Mini, alpha: float) -> None:
        """Draw a lost enemy faded at its last known place (:mod:`sim.side_picture`)."""
        if alpha == mini.alpha:
            return
        mini.alpha = alpha
        if alpha >= 1.0:
            mini.path.clearColorScale()
            mini.path.clearTransparency()
        else:
            mini.path.setTransparency(TransparencyAttrib.MAlpha)
            mini.path.setColorScale(1.0, 1.0, 1.0, alpha)

    def _select(self, entity_id: str | None) -> None:
        if entity_id == self._selected:
            return
        mini = self.minis.get(entity_id) if entity_id is not None else None
        if mini is None:
            self.outline.detachNode()
            self._selected = None
            return
        self.outline.reparentTo(mini.path)
        self.outline.setScale(*(s * OUTLINE_MARGIN for s in mini.size_xyz))
        self._selected = entity_id

    def destroy(self) -> None:
        textures = [m.path.getTexture() for m in self.minis.values()]
        self.outline.removeNode()
        self.root.clearLight()
        self.outer.removeNode()
        self.minis.clear()
        for texture in textures:  # each atlas is ~4 MB with its mipmaps and GL copy
            if texture is not None:
                texture.releaseAll()
        forget_unused_states()
