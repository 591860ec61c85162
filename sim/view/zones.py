"""Instructor zones drawn in the 3D scene: the missile launch envelope and the control-zone
wedge.

Both are bands between an inner and an outer edge sampled along a fan of directions: a
translucent fill with a solid outline, turning green while the selected aircraft has the
shot (the target in the envelope) or the position (itself in the target's control zone).
A :class:`Band` has fixed vertex and index buffers rewritten in place each frame; a piece
of band where a direction has no edge collapses to a point and draws nothing.  The
numbers come from :mod:`sim.missile_envelope` and :mod:`sim.bfm`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath

from sim import bfm
from sim.missile_envelope import MissileEnvelope
from sim.snapshot import EntityState
from sim.view.ground import make_geom_node, quad_indices

FLOATS_PER_VERTEX = 7
"""x, y, z, r, g, b, a (float32), as :func:`sim.view.ground.make_geom_node` packs them."""
Rgba = tuple[float, float, float, float]
FloatArray = npt.NDArray[np.float64]

ENVELOPE_FILL: Rgba = (1.0, 0.45, 0.85, 0.14)
ENVELOPE_EDGE: Rgba = (1.0, 0.55, 0.9, 0.95)
ZONE_FILL: Rgba = (0.7, 0.6, 1.0, 0.22)
ZONE_EDGE: Rgba = (0.78, 0.7, 1.0, 0.95)
HOT_FILL: Rgba = (0.2, 1.0, 0.3, 0.22)
HOT_EDGE: Rgba = (0.2, 1.0, 0.3, 1.0)
"""Green, as the gun cone on target: the shot or the position is there."""
ZONE_SAMPLES = 13
"""Directions across each side's wedge (20° to 50° of aspect, 2.5° apart)."""


def _vertex_view(path: NodePath) -> npt.NDArray[np.float32]:
    """The Geom's vertex array, writable in place (no copy is kept between frames)."""
    array = path.node().modifyGeom(0).modifyVertexData().modifyArray(0)
    view: npt.NDArray[np.float32] = np.frombuffer(memoryview(array), dtype=np.float32)
    return view.reshape(-1, FLOATS_PER_VERTEX)


class Band:
    """A fill and an outline between an inner and an outer edge over ``samples`` directions.

    Each piece between neighbouring directions owns its four fill vertices and outline
    segments, so a piece next to a direction without edges can vanish on its own.
    """

    def __init__(self, parent: NodePath, name: str, samples: int) -> None:
        self.samples = samples
        pieces = samples - 1
        self.root = parent.attachNewNode(name)
        self.fill = self.root.attachNewNode(
            make_geom_node(
                f"{name}-fill",
                np.zeros((pieces * 4, 3)),
                "triangles",
                indices=quad_indices(pieces),
                colours=np.zeros((pieces * 4, 4)),
                dynamic=True,
            )
        )
        # Per piece the inner and outer edges; per direction its radial edge.
        segments = pieces * 2 + samples
        self.outline = self.root.attachNewNode(
            make_geom_node(
                f"{name}-edge",
                np.zeros((segments * 2, 3)),
                "lines",
                colours=np.zeros((segments * 2, 4)),
                dynamic=True,
            )
        )
        self.root.hide()

    def set(
        self,
        inner: FloatArray,
        outer: FloatArray,
        valid: npt.NDArray[np.bool_],
        fill: Rgba,
        edge: Rgba,
    ) -> None:
        """Edges (samples, 3) and which directions have them; the radial edge is drawn where
        the band starts or ends."""
        both = valid[:-1] & valid[1:]
        a_in, b_in, a_out, b_out = inner[:-1], inner[1:], outer[:-1], outer[1:]
        quads = np.stack([a_in, a_out, b_out, b_in], axis=1)
        quads[~both] = 0.0
        fill_view = _vertex_view(self.fill)
        fill_view[:, 0:3] = quads.reshape(-1, 3)
        fill_view[:, 3:7] = fill
        fill_view.reshape(-1, 4, FLOATS_PER_VERTEX)[~both, :, 6] = 0.0
        previous = np.concatenate([[False], both])
        following = np.concatenate([both, [False]])
        radial = valid & ~(previous & following)
        lines = np.concatenate(
            [np.stack([a_in, b_in], 1), np.stack([a_out, b_out], 1), np.stack([inner, outer], 1)]
        )
        shown = np.concatenate([both, both, radial])
        lines[~shown] = 0.0
        edge_view = _vertex_view(self.outline)
        edge_view[:, 0:3] = lines.reshape(-1, 3)
        edge_view[:, 3:7] = edge
        edge_view.reshape(-1, 2, FLOATS_PER_VERTEX)[~shown, :, 6] = 0.0
        self.root.show()

    def hide(self) -> None:
        self.root.hide()


class MissileEnvelopeView:
    """The selected aircraft's launch envelope for one missile type, in the launch plane."""

    def __init__(self, parent: NodePath, samples: int) -> None:
        self.band = Band(parent, "missile-envelope", samples)

    def draw(self, envelope: MissileEnvelope | None) -> None:
        if envelope is None:
            self.band.hide()
            return
        valid = np.isfinite(envelope.min_range_ft) & np.isfinite(envelope.max_range_ft)
        if not valid.any():
            self.band.hide()
            return
        inner = envelope.points_ft(np.nan_to_num(envelope.min_range_ft))
        outer = envelope.points_ft(np.nan_to_num(envelope.max_range_ft))
        hot = envelope.in_range
        self.band.set(
            inner,
            outer,
            valid,
            HOT_FILL if hot else ENVELOPE_FILL,
            HOT_EDGE if hot else ENVELOPE_EDGE,
        )

    def hide(self) -> None:
        self.band.hide()

    def destroy(self) -> None:
        self.band.root.removeNode()


class ControlZoneView:
    """The control zone on both sides of the target's tail: 20–50° of aspect, 2,500 to
    4,500 ft, in the plane of its path and 3/9 line."""

    def __init__(self, parent: NodePath) -> None:
        self.sides = [Band(parent, f"control-zone-{name}", ZONE_SAMPLES) for name in "rl"]
        low, high = bfm.CONTROL_ZONE_AA_DEG
        self.aspects_deg = np.linspace(low, high, ZONE_SAMPLES)

    def draw(self, target: EntityState, hot: bool) -> None:
        near, far = bfm.CONTROL_ZONE_RANGE_FT
        valid = np.ones(ZONE_SAMPLES, dtype=bool)
        fill, edge = (HOT_FILL, HOT_EDGE) if hot else (ZONE_FILL, ZONE_EDGE)
        for band, side in zip(self.sides, (1.0, -1.0), strict=True):
            inner = bfm.control_zone_points(
                target, self.aspects_deg, np.full(ZONE_SAMPLES, near), side
            )
            outer = bfm.control_zone_points(
                target, self.aspects_deg, np.full(ZONE_SAMPLES, far), side
            )
            band.set(inner, outer, valid, fill, edge)

    def hide(self) -> None:
        for band in self.sides:
            band.hide()

    def destroy(self) -> None:
        for band in self.sides:
            band.root.removeNode()
