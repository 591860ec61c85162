"""The field's boundary: where a flight line leaves the marked-out lawn and by which edge
(§Getting Started, §Damage: "leave the playing field on the same side you entered").

Lawn feet from the south-west corner, x east and y north.  A line that leaves the field is
cut at the boundary: the stand is picked up where it crossed.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from models.fc.scenario import Edge, FieldRect

INWARD_HEADING_DEG: dict[str, float] = {"south": 0.0, "west": 90.0, "north": 180.0, "east": 270.0}
"""The heading straight into the field from each edge."""


@dataclass(frozen=True, slots=True)
class Exit:
    """Where a flight line first crosses the boundary."""

    edge: Edge
    x_ft: float
    y_ft: float
    fraction: float
    """How far along the line (0–1, by length) it crossed."""


def first_exit(field: FieldRect, line_ft: Sequence[tuple[float, float]]) -> Exit | None:
    """The first crossing of the boundary along ``line_ft`` (None when it stays inside)."""
    lengths = [
        ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        for (x0, y0), (x1, y1) in itertools.pairwise(line_ft)
    ]
    total = sum(lengths) or 1.0
    done = 0.0
    for (x0, y0), (x1, y1), length in zip(line_ft, line_ft[1:], lengths, strict=False):
        crossing = _segment_exit(field, x0, y0, x1, y1)
        if crossing is not None:
            edge, t = crossing
            return Exit(edge, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, (done + t * length) / total)
        done += length
    return None


def _segment_exit(
    field: FieldRect, x0: float, y0: float, x1: float, y1: float
) -> tuple[Edge, float] | None:
    if field.contains(x1, y1):
        return None
    best: tuple[Edge, float] | None = None
    limits: tuple[tuple[Edge, float, float, float], ...] = (
        ("west", x0, x1, 0.0),
        ("east", x0, x1, field.width_ft),
        ("south", y0, y1, 0.0),
        ("north", y0, y1, field.depth_ft),
    )
    for edge, a, b, bound in limits:
        if a == b:
            continue
        t = (bound - a) / (b - a)
        outward = b < bound if edge in ("west", "south") else b > bound
        if 0.0 <= t <= 1.0 and outward and (best is None or t < best[1]):
            best = (edge, t)
    return best if best is not None else ("north", 0.0)


def nearest_edge(field: FieldRect, x_ft: float, y_ft: float) -> Edge:
    """The edge nearest a point (an aircraft that started off the lawn)."""
    distances: dict[Edge, float] = {
        "west": x_ft,
        "east": field.width_ft - x_ft,
        "south": y_ft,
        "north": field.depth_ft - y_ft,
    }
    return min(distances, key=lambda edge: (distances[edge], edge))
