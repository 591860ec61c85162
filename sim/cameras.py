"""Cameras for the replay: where to look from, as a pure function of the snapshot.

Five modes (DESIGN §5): ``orbit`` (mouse-driven around the engagement or the selected
aircraft), ``chase`` (behind the selected aircraft), ``cockpit`` (from its seat, along its
nose, HUD prominent), ``top`` (orthographic tactical view from straight above) and ``table``
(a player's eye over the table: high and oblique from the south edge).  :class:`CameraRig`
blends from one pose to the next so changes of mode or target are smooth; exports step it
by frame time, so the result does not depend on the wall clock.  No Panda3D here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from engine.phad.rotation import rotate
from sim.snapshot import Snapshot, Vec3

CameraMode = Literal["orbit", "chase", "cockpit", "top", "table"]
CAMERA_MODES: tuple[CameraMode, ...] = ("orbit", "chase", "cockpit", "top", "table")


@dataclass(frozen=True, slots=True)
class Bounds:
    """The engagement's extent in feet (x east, y north, z up)."""

    low: Vec3
    high: Vec3

    @property
    def centre(self) -> Vec3:
        return (
            (self.low[0] + self.high[0]) / 2,
            (self.low[1] + self.high[1]) / 2,
            (self.low[2] + self.high[2]) / 2,
        )

    @property
    def size_ft(self) -> float:
        """The larger horizontal side, at least 4,000 ft."""
        return max(self.high[0] - self.low[0], self.high[1] - self.low[1], 4000.0)

    @classmethod
    def of_points(cls, xyz: np.ndarray, margin_ft: float = 2000.0) -> Bounds:
        """Bounds of an (n, 3) array of points, grown by a margin."""
        low = xyz.min(axis=0) - margin_ft
        high = xyz.max(axis=0) + margin_ft
        return cls(
            (float(low[0]), float(low[1]), max(0.0, float(low[2]))),
            (float(high[0]), float(high[1]), float(high[2])),
        )


@dataclass(frozen=True, slots=True)
class CameraPose:
    """A camera: its position, the point it looks at, its up direction and its lens.

    ``film_ft`` set means an orthographic lens that many feet across; otherwise a
    perspective lens with ``fov_deg`` horizontal field of view.
    """

    position: Vec3
    look_at: Vec3
    up: Vec3 = (0.0, 0.0, 1.0)
    fov_deg: float = 60.0
    film_ft: float | None = None

    @property
    def orthographic(self) -> bool:
        return self.film_ft is not None


@dataclass(frozen=True, slots=True)
class OrbitState:
    """The mouse-driven orbit: angles around the target and distance from it."""

    azimuth_deg: float = 200.0
    """Compass direction from the target to the camera."""
    elevation_deg: float = 28.0
    distance_ft: float = 14_000.0

    def turned(self, d_azimuth: float, d_elevation: float) -> OrbitState:
        return replace(
            self,
            azimuth_deg=(self.azimuth_deg + d_azimuth) % 360.0,
            elevation_deg=min(89.0, max(-5.0, self.elevation_deg + d_elevation)),
        )

    def zoomed(self, factor: float) -> OrbitState:
        return replace(self, distance_ft=min(400_000.0, max(800.0, self.distance_ft * factor)))


def _offset(azimuth_deg: float, elevation_deg: float, distance_ft: float) -> Vec3:
    az, el = math.radians(azimuth_deg), math.radians(elevation_deg)
    return (
        distance_ft * math.cos(el) * math.sin(az),
        distance_ft * math.cos(el) * math.cos(az),
        distance_ft * math.sin(el),
    )


def _add(a: Vec3, b: Vec3) -> Vec3:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _scale(v: Vec3, k: float) -> Vec3:
    return (v[0] * k, v[1] * k, v[2] * k)


def target_pose(
    mode: CameraMode,
    snapshot: Snapshot,
    bounds: Bounds,
    orbit: OrbitState,
    mini_scale: float = 20.0,
) -> CameraPose:
    """Where the camera of ``mode`` wants to be for this snapshot."""
    selected = snapshot.selected_state
    if selected is not None and not selected.active:
        selected = None
    if mode == "top":
        centre = bounds.centre
        height = bounds.high[2] + bounds.size_ft * 2
        return CameraPose(
            position=(centre[0], centre[1], height),
            look_at=(centre[0], centre[1], 0.0),
            up=(0.0, 1.0, 0.0),
            film_ft=bounds.size_ft * 1.08,
        )
    if mode == "table":
        # Far enough back to see the whole map and the highest stack.
        centre = bounds.centre
        reach = max(bounds.size_ft * 1.2, bounds.high[2] * 2.6)
        return CameraPose(
            position=_add((centre[0], centre[1], 0.0), _offset(180.0, 32.0, reach)),
            look_at=(centre[0], centre[1], bounds.high[2] * 0.45),
            fov_deg=60.0,
        )
    if mode in ("chase", "cockpit") and selected is not None:
        q = selected.quat_wxyz
        forward = rotate(q, (0.0, 1.0, 0.0))
        up = rotate(q, (0.0, 0.0, 1.0))
        here = selected.position_ft
        if mode == "cockpit":
            # Sit just ahead of the (exaggerated) mini's nose so its own box is not in view.
            seat = _add(
                _add(here, _scale(forward, mini_scale * 32.0)), _scale(up, mini_scale * 3.0)
            )
            ahead = _add(seat, _scale(forward, 10_000.0))
            return CameraPose(position=seat, look_at=ahead, up=up, fov_deg=75.0)
        # Chase: behind and above along the flight path, world-up so the horizon stays level.
        heading = math.degrees(math.atan2(forward[0], forward[1]))
        behind = _offset(heading + 180.0, 14.0, 260.0 * mini_scale)
        return CameraPose(
            position=_add(here, behind),
            look_at=_add(here, _scale(forward, 60.0 * mini_scale)),
            fov_deg=60.0,
        )
    focus = selected.position_ft if selected is not None else bounds.centre
    return CameraPose(
        position=_add(focus, _offset(orbit.azimuth_deg, orbit.elevation_deg, orbit.distance_ft)),
        look_at=focus,
        fov_deg=60.0,
    )


def blend(a: CameraPose, b: CameraPose, u: float) -> CameraPose:
    """A pose ``u`` of the way from ``a`` to ``b`` (lens switches at the halfway point)."""

    def mix(p: Vec3, q: Vec3) -> Vec3:
        return (p[0] + (q[0] - p[0]) * u, p[1] + (q[1] - p[1]) * u, p[2] + (q[2] - p[2]) * u)

    up = np.array(mix(a.up, b.up))
    norm = float(np.linalg.norm(up))
    up_v: Vec3 = (0.0, 0.0, 1.0) if norm < 1e-6 else (up[0] / norm, up[1] / norm, up[2] / norm)
    lens = b if u >= 0.5 else a
    return CameraPose(
        position=mix(a.position, b.position),
        look_at=mix(a.look_at, b.look_at),
        up=up_v,
        fov_deg=a.fov_deg + (b.fov_deg - a.fov_deg) * u,
        film_ft=lens.film_ft,
    )


class CameraRig:
    """The camera's mode and orbit state, and a smoothed pose that follows the target.

    Following a moving aircraft is immediate; a change of mode or selection eases over
    ``transition_s`` seconds of frame time.
    """

    def __init__(
        self,
        bounds: Bounds,
        mode: CameraMode = "orbit",
        transition_s: float = 0.8,
        mini_scale: float = 20.0,
    ) -> None:
        self.bounds = bounds
        self.mode: CameraMode = mode
        self.orbit = OrbitState(distance_ft=max(9000.0, bounds.size_ft * 0.9, bounds.high[2]))
        self.transition_s = transition_s
        self.mini_scale = mini_scale
        self._from: CameraPose | None = None
        self._elapsed_s = transition_s
        self._last: CameraPose | None = None
        self._key: tuple[str, str | None] | None = None

    def set_mode(self, mode: CameraMode) -> None:
        if mode not in CAMERA_MODES:
            raise ValueError(f"no camera {mode!r}; cameras: {', '.join(CAMERA_MODES)}")
        self.mode = mode

    def pose(self, snapshot: Snapshot, dt_s: float) -> CameraPose:
        """The pose for this frame, easing from the previous one after a change."""
        target = target_pose(self.mode, snapshot, self.bounds, self.orbit, self.mini_scale)
        key = (self.mode, snapshot.selected)
        if self._key is not None and key != self._key and self._last is not None:
            self._from, self._elapsed_s = self._last, 0.0
        self._key = key
        self._elapsed_s += dt_s
        if self._from is not None and self._elapsed_s < self.transition_s:
            u = self._elapsed_s / self.transition_s
            pose = blend(self._from, target, u * u * (3 - 2 * u))
        else:
            pose = target
        self._last = pose
        return pose
