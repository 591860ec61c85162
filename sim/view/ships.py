"""Ships: a naval target as a long, low grey hull with its superstructure, on the water.

Each ``ship`` entity gets one lit Geom of boxes: a hull (a narrower piece at the bow so
its heading reads from above), a bridge and funnel block amidships, a mast, and a small
deck patch aft in its side's colour.  Its size is the timeline's
(:attr:`EntityInfo.box_ft`: length, beam and hull height) or a destroyer's.  Drawn at the
aircraft's mini scale a ship would cover several hexes, so it is drawn at
:data:`SHIP_SCALE_SHARE` of it, and larger from afar so that it keeps
:data:`SHIP_LEAST_PX` pixels of length.  It sits on the table, turned to its heading (a ship
neither pitches nor rolls on the map), and disappears when its ``active`` channel turns
false (sunk), as a mini does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from panda3d.core import NodePath

from engine.hexmap import STEP_FT
from models.timeline import EntityInfo
from sim.snapshot import Snapshot
from sim.view.balloons import Box, boxes_geometry
from sim.view.ground import make_geom_node
from sim.view.layer import Eye, ViewSettings, side_colour

SHIP_KIND = "ship"
DEFAULT_SHIP_FT = (480.0, 52.0, 18.0)
"""Length, beam and hull height of a ship whose timeline gives none: a Kashin destroyer's."""
SHIP_SCALE_SHARE = 0.25
"""A ship is drawn at this share of the aircraft's mini scale: on a hex mat drawn for
fighters, a destroyer is about as long as a hex and twice a fighter."""
SHIP_LEAST_PX = 48.0
"""Seen from afar a ship is drawn larger, so that its length keeps this many pixels."""
HULL_RGB = (0.5, 0.52, 0.55)
"""Haze grey."""
UPPER_RGB = (0.64, 0.65, 0.67)
"""The superstructure, a lighter grey than the hull so the two read apart."""
MAST_RGB = (0.3, 0.3, 0.32)


def ship_boxes(
    length_ft: float, beam_ft: float, height_ft: float, side_rgb: tuple[float, float, float]
) -> list[Box]:
    """The boxes of a ship, body y forward and z up, its keel on z = 0."""
    half = length_ft / 2
    bow = length_ft * 0.18
    hull = length_ft - bow
    upper_z = height_ft * 1.3
    return [
        ((0.0, -half + hull / 2, height_ft / 2), (beam_ft, hull, height_ft), HULL_RGB),
        ((0.0, half - bow / 2, height_ft * 0.5), (beam_ft * 0.55, bow, height_ft), HULL_RGB),
        (
            (0.0, length_ft * 0.08, height_ft + upper_z / 2),
            (beam_ft * 0.62, length_ft * 0.3, upper_z),
            UPPER_RGB,
        ),
        (
            (0.0, -length_ft * 0.12, height_ft + upper_z * 0.4),
            (beam_ft * 0.4, length_ft * 0.1, upper_z * 0.8),
            UPPER_RGB,
        ),
        (
            (0.0, length_ft * 0.12, height_ft + upper_z * 1.6),
            (beam_ft * 0.08, beam_ft * 0.08, upper_z * 1.3),
            MAST_RGB,
        ),
        (
            (0.0, -half + length_ft * 0.07, height_ft + 0.6),
            (beam_ft * 0.7, length_ft * 0.1, 1.2),
            side_rgb,
        ),
    ]


@dataclass
class _Ship:
    path: NodePath
    length_ft: float
    shown: bool = True


class Ships:
    """A hull for every ship entity.

    ``parent`` is best the minis' lit node (:attr:`sim.view.minis.BoxMinis.root`), so the
    hull is lit as the minis are; ``entities`` are the timeline's (their ``box_ft``)."""

    def __init__(
        self,
        parent: NodePath,
        settings: ViewSettings | None = None,
        entities: Iterable[EntityInfo] = (),
    ) -> None:
        self.settings = settings or ViewSettings()
        self.infos = {info.id: info for info in entities}
        self.root = parent.attachNewNode("ships")
        self.table_ft = self.settings.tile_base_alt_steps * STEP_FT
        self.ships: dict[str, _Ship] = {}
        self._ignored: set[str] = set()
        self.eye: Eye | None = None
        """The camera (set before each update), for ships readable from afar."""

    def set_eye(self, eye: Eye) -> None:
        """The camera this frame."""
        self.eye = eye

    def _add(self, entity_id: str, side: str) -> _Ship:
        info = self.infos.get(entity_id)
        size = info.box_ft if info is not None and info.box_ft is not None else DEFAULT_SHIP_FT
        scale = self.settings.mini_scale * SHIP_SCALE_SHARE
        length, beam, height = (v * scale for v in size)
        vertices, normals, colours, indices = boxes_geometry(
            ship_boxes(length, beam, height, side_colour(side))
        )
        node = make_geom_node(
            f"ship-{entity_id}",
            vertices,
            "triangles",
            indices=indices,
            normals=normals,
            colours=colours,
        )
        ship = _Ship(self.root.attachNewNode(node), length)
        self.ships[entity_id] = ship
        return ship

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        for state in snapshot.entities:
            ship = self.ships.get(state.id)
            if ship is None:
                if state.id in self._ignored or state.kind != SHIP_KIND:
                    self._ignored.add(state.id)
                    continue
                ship = self._add(state.id, state.side)
            if state.active != ship.shown:
                ship.shown = state.active
                ship.path.show() if state.active else ship.path.hide()
            if not state.active:
                continue
            x, y, z = state.position_ft
            at = (x, y, max(z, self.table_ft))
            grow = 1.0
            if self.eye is not None:
                grow = max(1.0, SHIP_LEAST_PX * self.eye.px_ft(at) / ship.length_ft)
            ship.path.setPos(*at)
            ship.path.setHpr(-state.heading_deg, 0.0, 0.0)
            ship.path.setScale(grow)

    def destroy(self) -> None:
        self.root.removeNode()
        self.ships.clear()
