"""Framing the demo's top-down shots on the fight they show.

The replay's top view frames the whole engagement, so on a big screen a merge can be a
speck, and the aircraft can fly under the demo's banner at the top. A top shot in the demo
frames instead where the aircraft fly during that shot, with room left for the banner above
and the attract line below.
"""

from __future__ import annotations

import numpy as np

from models.timeline import Timeline
from sim.cameras import Bounds

TOP_MARGIN_FT = 2500.0
"""Around the aircraft's tracks during the shot."""
TOP_MIN_SIZE_FT = 9000.0
"""A shot frames at least this much, so the minis (~1,000 ft long at scale 20) stay small
beside the distances between them."""
BANNER_ROOM = 0.3
ATTRACT_ROOM = 0.1
"""The frame grows north by this share of its size for the banner (and the clock), and
south by this share for the attract line."""


def top_shot_bounds(timeline: Timeline, start_s: float, end_s: float) -> Bounds | None:
    """The ground the aircraft cover from ``start_s`` to ``end_s`` (active samples only),
    squared up to at least :data:`TOP_MIN_SIZE_FT` and grown for the overlay; None when no
    aircraft flies then."""
    rows = np.flatnonzero((timeline.t_s >= start_s - 1e-6) & (timeline.t_s <= end_s + 1e-6))
    planes = np.array(
        [i for i, info in enumerate(timeline.meta.entities) if info.kind == "aircraft"], dtype=int
    )
    if rows.size == 0 or planes.size == 0:
        return None
    ch = timeline.channels
    window = np.ix_(planes, rows)
    flying = ch["active"][window].astype(bool)
    if not flying.any():
        return None
    xyz = np.stack(
        [ch["x_ft"][window][flying], ch["y_ft"][window][flying], ch["z_ft"][window][flying]],
        axis=1,
    )
    tracks = Bounds.of_points(xyz, TOP_MARGIN_FT)
    (x0, y0, z0), (x1, y1, z1) = tracks.low, tracks.high
    half = max(x1 - x0, y1 - y0, TOP_MIN_SIZE_FT) / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    size = 2 * half
    return Bounds(
        (cx - half, cy - half - ATTRACT_ROOM * size, z0),
        (cx + half, cy + half + BANNER_ROOM * size, z1),
    )
