"""Flight gauges: speed, KEAS, Mach, altitude (feet and steps), load (now and average), fuel.

Each gauge is a tile: a small caption over big white digits on a dark translucent backing,
so the numbers read over sky and map alike.  The cluster's origin is its top-left corner
(aspect2d units); :meth:`GaugeCluster.set_columns` rearranges the tiles by moving them.
Altitude is shown to the nearest 10 ft, so its text is not regenerated every frame in a
climb (text regeneration is the costly part of a HUD frame).
"""

from __future__ import annotations

from collections.abc import Callable

from panda3d.core import NodePath

from sim.hud_captions import GAUGE_CAPTIONS
from sim.snapshot import EntityState, Snapshot
from sim.view.hud.panels import (
    CAPTION,
    TEXT_BIG,
    Label,
    backing,
    make_root,
    selected_state,
)

TILE_WIDTH, TILE_HEIGHT, GAP = 0.37, 0.175, 0.018


def _fuel(fp: float) -> str:
    tenths = round(fp * 10)
    return f"{tenths // 10:d}" if tenths % 10 == 0 else f"{tenths / 10:.1f}"


GAUGES: tuple[tuple[str, str, Callable[[EntityState], str]], ...] = (
    ("speed", GAUGE_CAPTIONS["speed"], lambda s: f"{s.speed_kt:.0f}"),
    ("keas", GAUGE_CAPTIONS["keas"], lambda s: f"{s.keas_kt:.0f}"),
    ("mach", GAUGE_CAPTIONS["mach"], lambda s: f"{s.mach:.2f}"),
    ("fuel", GAUGE_CAPTIONS["fuel"], lambda s: _fuel(s.fuel_fp)),
    ("alt", GAUGE_CAPTIONS["alt"], lambda s: f"{round(s.alt_ft, -1):,.0f}"),
    ("steps", GAUGE_CAPTIONS["steps"], lambda s: f"{s.alt_steps:d}"),
    ("load", GAUGE_CAPTIONS["load"], lambda s: f"{s.load_g:.1f}"),
    ("avg_load", GAUGE_CAPTIONS["avg_load"], lambda s: f"{s.average_load_g:.1f}"),
)
"""(key, caption, format) per tile, in reading order."""


class GaugeCluster:
    """The selected aircraft's flight values as big-digit tiles."""

    def __init__(self, parent: NodePath, columns: int = 2) -> None:
        self.root = make_root(parent, "hud-gauges")
        self.tiles: dict[str, NodePath] = {}
        self.values: dict[str, Label] = {}
        self._formats = [(key, fmt) for key, _caption, fmt in GAUGES]
        for key, caption, _fmt in GAUGES:
            tile = self.root.attachNewNode(f"tile-{key}")
            backing(tile, "backing", 0.0, -TILE_HEIGHT, TILE_WIDTH, 0.0)
            Label(tile, "caption", caption, pos=(0.022, -0.052), colour=CAPTION)
            self.values[key] = Label(
                tile,
                key,
                "—",
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
        half = -(-len(GAUGES) // 2)
        half_width = columns * TILE_WIDTH + (columns - 1) * GAP
        for i, (key, _caption, _fmt) in enumerate(GAUGES):
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
        for key, fmt in self._formats:
            values[key].set(fmt(state))

    def destroy(self) -> None:
        self.root.removeNode()
