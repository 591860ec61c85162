"""Flight gauges: the tiles a rule set declares (:attr:`models.hud_spec.HudSpec.gauges`).

Each gauge is a tile: a small caption over big white digits on a dark translucent backing,
so the numbers read over sky and map alike.  The cluster's origin is its top-left corner
(aspect2d units); :meth:`GaugeCluster.set_columns` rearranges the tiles by moving them.
Altitude in feet is shown to the nearest 10 ft (the ``thousands`` format), so its text is
not regenerated every frame in a climb (text regeneration is the costly part of a HUD
frame).
"""

from __future__ import annotations

from collections.abc import Sequence

from panda3d.core import NodePath

from models.hud_spec import GaugeSpec
from sim.snapshot import Snapshot
from sim.view.hud.panels import (
    CAPTION,
    TEXT_BIG,
    Label,
    backing,
    make_root,
    selected_state,
)
from sim.view.hud.values import NONE_TEXT, gauge_text

TILE_WIDTH, TILE_HEIGHT, GAP = 0.37, 0.175, 0.018


class GaugeCluster:
    """The selected aircraft's flight values as big-digit tiles, one per declared gauge."""

    def __init__(self, parent: NodePath, gauges: Sequence[GaugeSpec], columns: int = 2) -> None:
        self.root = make_root(parent, "hud-gauges")
        self.gauges = tuple(gauges)
        self.tiles: dict[str, NodePath] = {}
        self.values: dict[str, Label] = {}
        for gauge in self.gauges:
            key = gauge.key
            tile = self.root.attachNewNode(f"tile-{key}")
            backing(tile, "backing", 0.0, -TILE_HEIGHT, TILE_WIDTH, 0.0)
            Label(tile, "caption", gauge.caption, pos=(0.022, -0.052), colour=CAPTION)
            self.values[key] = Label(
                tile,
                key,
                NONE_TEXT,
                scale=TEXT_BIG,
                pos=(TILE_WIDTH - 0.022, -TILE_HEIGHT + 0.03),
                align="right",
            )
            self.tiles[key] = tile
        self.arrangement: tuple[int, float | None] = (0, None)
        self.set_columns(columns)

    def set_columns(self, columns: int, split: float | None = None) -> None:
        """Arrange the tiles in rows of ``columns`` (reading order left to right).

        With ``split`` the tiles form two halves side by side, ``split`` apart (for the
        cockpit: speeds and fuel left of the PHAD, altitude and load right of it), each half
        in rows of ``columns``.
        """
        if (columns, split) == self.arrangement:
            return
        self.arrangement = (columns, split)
        half = -(-len(self.gauges) // 2)
        half_width = columns * TILE_WIDTH + (columns - 1) * GAP
        for i, key in enumerate(self.tiles):
            x0 = 0.0
            if split is not None:
                x0 = 0.0 if i < half else half_width + split
                i = i % half
            row, col = divmod(i, columns)
            self.tiles[key].setPos(x0 + col * (TILE_WIDTH + GAP), 0, -row * (TILE_HEIGHT + GAP))

    def text(self, key: str) -> str:
        """What a gauge shows now."""
        return self.values[key].text

    def update(self, snapshot: Snapshot) -> None:
        state = selected_state(snapshot)
        if state is None:
            return
        values = self.values
        for gauge in self.gauges:
            values[gauge.key].set(gauge_text(state, gauge))

    def destroy(self) -> None:
        self.root.removeNode()
