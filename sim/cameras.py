"""Cameras for the replay: where to look from, as a pure function of the snapshot.

Six modes (DESIGN §5): ``orbit`` (mouse-driven around the fight or the selected
aircraft), ``chase`` (behind the selected aircraft), ``cockpit`` (from its seat, along its
nose, HUD prominent), ``top`` (orthographic tactical view from straight above), ``table``
(a player's eye over the table: high and oblique from the south edge) and ``padlock``
(behind the selected aircraft, looking past it at its target so both stay in view, see
:mod:`sim.padlock`; a chase while it has no target).  ``top``, ``orbit``
and ``table`` frame the fight: where the active aircraft and missiles are now
(:func:`fight_bounds`), not the whole engagement.  :class:`CameraRig` eases that frame and
blends from one pose to the next so changes of mode or target are smooth; exports step it
by frame time, so the result does not depend on the wall clock.  No Panda3D here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from engine.phad.rotation import rotate
from sim.padlock import padlock_target, padlock_view
from sim.snapshot import Snapshot, Vec3

CameraMode = Literal["orbit", "chase", "cockpit", "top", "table", "padlock"]
CAMERA_MODES: tuple[CameraMode, ...] = ("orbit", "chase", "cockpit", "top", "table", "padlock")
FOLLOWING_MODES: frozenset[CameraMode] = frozenset({"chase", "cockpit", "padlock"})
"""The cameras that ride with the selected aircraft (its own label is left out there)."""

FIGHT_MIN_FT = 6000.0
"""The smallest fight frame, so a lone pair is not over-zoomed."""
FIGHT_MARGIN_FT = 2000.0
FIGHT_MARGIN_FRACTION = 0.15
"""The frame's margin on every side: this many feet plus this fraction of the extent."""
FIGHT_EASE_S = 1.5
"""Time constant of the frame's easing toward the fight's extent (frame time)."""
TOP_MIN_ASPECT = 4 / 3
"""The top view's film is tall enough for the frame's width on a window this wide or wider."""
ORBIT_REFERENCE_FT = 10_000.0
"""``OrbitState.distance_ft`` is the orbit's distance for a frame this many feet across;
the camera stands off in proportion to the frame, so the wheel zooms relative to it."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """The engagement's extent in feet (x east, y north, z up)."""

    low: Vec3
    high: Vec3
    floor_ft: float = 4000.0
    """The least horizontal side :attr:`size_ft` reports (smaller on a small-scale map)."""

    @property
    def centre(self) -> Vec3:
        return (
            (self.low[0] + self.high[0]) / 2,
            (self.low[1] + self.high[1]) / 2,
            (self.low[2] + self.high[2]) / 2,
        )

    @property
    def size_ft(self) -> float:
        """The larger horizontal side, at least :attr:`floor_ft`."""
        return max(self.high[0] - self.low[0], self.high[1] - self.low[1], self.floor_ft)

    def union(self, other: Bounds) -> Bounds:
        """The bounds covering both (the replay's and its ghost's)."""
        return Bounds(
            (
                min(self.low[0], other.low[0]),
                min(self.low[1], other.low[1]),
                min(self.low[2], other.low[2]),
            ),
            (
                max(self.high[0], other.high[0]),
                max(self.high[1], other.high[1]),
                max(self.high[2], other.high[2]),
            ),
            min(self.floor_ft, other.floor_ft),
        )

    @classmethod
    def of_points(cls, xyz: np.ndarray, margin_ft: float = 2000.0) -> Bounds:
        """Bounds of an (n, 3) array of points, grown by a margin."""
        low = xyz.min(axis=0) - margin_ft
        high = xyz.max(axis=0) + margin_ft
        return cls(
            (float(low[0]), float(low[1]), max(0.0, float(low[2]))),
            (float(high[0]), float(high[1]), float(high[2])),
        )


def fight_bounds(snapshot: Snapshot, fallback: Bounds, scale: float = 1.0) -> Bounds:
    """A frame around the active aircraft and missiles of ``snapshot``.

    Centred on their extent; each horizontal side is their extent plus a margin, at least
    :data:`FIGHT_MIN_FT` and no wider than ``fallback`` (the whole engagement) needs;
    ``fallback`` itself when nobody is active.  ``scale`` shrinks the least frame and the
    margins for a map drawn at a smaller scale than Birds of Prey's 400 ft hexes (an open
    table of 50 ft inches: 1/8), so a close fight there fills the view as one does on
    the hex map.
    """
    points = [s.position_ft for s in snapshot.entities if s.active]
    if not points:
        return fallback
    xyz = np.asarray(points, dtype=float)
    low, high = xyz.min(axis=0), xyz.max(axis=0)
    least_margin = FIGHT_MARGIN_FT * scale
    margin = least_margin + FIGHT_MARGIN_FRACTION * float(max(high[:2] - low[:2]))
    half: list[float] = []
    for axis in (0, 1):
        extent = float(high[axis] - low[axis])
        whole = fallback.high[axis] - fallback.low[axis]
        # Never wider than the whole engagement (a spread-out start), but always the margin.
        side = min(extent + 2 * margin, max(whole, extent + 2 * least_margin))
        half.append(max(FIGHT_MIN_FT * scale, side) / 2)
    cx, cy = float(low[0] + high[0]) / 2, float(low[1] + high[1]) / 2
    return Bounds(
        (cx - half[0], cy - half[1], max(0.0, float(low[2]) - margin)),
        (cx + half[0], cy + half[1], float(high[2]) + margin),
        floor_ft=fallback.floor_ft * scale if scale < 1.0 else fallback.floor_ft,
    )


def ease_bounds(
    current: Bounds, target: Bounds, dt_s: float, tau_s: float = FIGHT_EASE_S
) -> Bounds:
    """``current`` moved toward ``target`` by exponential easing over ``dt_s`` seconds."""
    k = 1.0 - math.exp(-max(0.0, dt_s) / tau_s)

    def mix(p: Vec3, q: Vec3) -> Vec3:
        return (p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k, p[2] + (q[2] - p[2]) * k)

    return Bounds(
        mix(current.low, target.low), mix(current.high, target.high), floor_ft=target.floor_ft
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
    distance_ft: float = 11_000.0
    """The distance for a frame :data:`ORBIT_REFERENCE_FT` across; scaled by the frame (as
    wide as seen from the orbit's focus)."""

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
    picked: str | None = None,
    ground_ft: float = 0.0,
) -> CameraPose:
    """Where the camera of ``mode`` wants to be for this snapshot.

    ``bounds`` is what ``top``, ``table`` and ``orbit`` frame: the fight (as
    :class:`CameraRig` passes it), a shot's own frame, or the whole engagement.  ``picked``
    is the padlock's picked target (see :func:`sim.padlock.padlock_target`) and
    ``ground_ft`` the map's height, which the padlock camera keeps above.
    """
    selected = snapshot.selected_state
    if selected is not None and not selected.active:
        selected = None
    if mode == "padlock" and selected is not None:
        target = padlock_target(snapshot, picked)
        view = None if target is None else padlock_view(selected, target, mini_scale, ground_ft)
        if view is not None:
            return CameraPose(view.position, view.look_at, view.up, fov_deg=60.0)
        mode = "chase"  # nobody to padlock: frame the selected aircraft as a chase does
    if mode == "top":
        centre = bounds.centre
        height = bounds.high[2] + bounds.size_ft * 2
        north = bounds.high[1] - bounds.low[1]
        east = bounds.high[0] - bounds.low[0]
        return CameraPose(
            position=(centre[0], centre[1], height),
            look_at=(centre[0], centre[1], 0.0),
            up=(0.0, 1.0, 0.0),
            film_ft=max(north, east / TOP_MIN_ASPECT, bounds.floor_ft) * 1.08,
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
    # The frame as wide as seen from the focus: an aircraft at the fight's edge still has
    # the rest of the fight in view.
    reach = max(
        bounds.size_ft,
        2 * abs(focus[0] - bounds.low[0]),
        2 * abs(bounds.high[0] - focus[0]),
        2 * abs(focus[1] - bounds.low[1]),
        2 * abs(bounds.high[1] - focus[1]),
        bounds.high[2] - bounds.low[2],
    )
    distance = orbit.distance_ft * reach / ORBIT_REFERENCE_FT
    return CameraPose(
        position=_add(focus, _offset(orbit.azimuth_deg, orbit.elevation_deg, distance)),
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


def blend_around(a: CameraPose, b: CameraPose, u: float, pivot: Vec3) -> CameraPose:
    """Like :func:`blend`, but the position swings around ``pivot`` (the aircraft both
    poses look at) instead of cutting straight across: from a padlock on a target ahead to
    one on a target behind, the camera passes over the aircraft, not through it."""
    mixed = blend(a, b, u)
    centre = np.asarray(pivot, dtype=float)
    p, q = np.asarray(a.position) - centre, np.asarray(b.position) - centre
    p_ft, q_ft = float(np.linalg.norm(p)), float(np.linalg.norm(q))
    if p_ft < 1e-6 or q_ft < 1e-6:
        return mixed
    p_dir, q_dir = p / p_ft, q / q_ft
    angle = math.acos(min(1.0, max(-1.0, float(p_dir @ q_dir))))
    if angle < 1e-6:
        return mixed
    if math.pi - angle < 1e-3:
        # Opposite sides: swing over the top (or round the side when looking straight down).
        across = np.array([0.0, 0.0, 1.0]) - float(p_dir[2]) * p_dir
        if float(np.linalg.norm(across)) < 1e-6:
            across = np.array([1.0, 0.0, 0.0]) - float(p_dir[0]) * p_dir
        across /= float(np.linalg.norm(across))
        direction = math.cos(angle * u) * p_dir + math.sin(angle * u) * across
    else:
        direction = (math.sin(angle * (1 - u)) * p_dir + math.sin(angle * u) * q_dir) / math.sin(
            angle
        )
    position = centre + direction * (p_ft + (q_ft - p_ft) * u)
    return replace(mixed, position=(float(position[0]), float(position[1]), float(position[2])))


class CameraRig:
    """The camera's mode and orbit state, and a smoothed pose that follows the target.

    Following a moving aircraft is immediate; a change of mode, selection or padlocked
    target eases over ``transition_s`` seconds of frame time (swinging around the selected
    aircraft when a padlock is involved, see :func:`blend_around`).  ``target_pick`` is the
    padlock's picked target and ``ground_ft`` the map's height, which the scene keeps up to
    date.  ``top``, ``orbit`` and ``table`` frame the
    fight (:func:`fight_bounds`), eased with a time constant of ``ease_s`` seconds of frame
    time so the frame neither jumps nor pumps; the first frame starts on the target.
    ``bounds`` is the whole engagement, the frame when nobody is active; ``fixed_bounds``,
    when set (a demo shot's own frame), is framed as it is instead of the fight.
    """

    def __init__(
        self,
        bounds: Bounds,
        mode: CameraMode = "orbit",
        transition_s: float = 0.8,
        mini_scale: float = 20.0,
        ease_s: float = FIGHT_EASE_S,
    ) -> None:
        self.bounds = bounds
        self.fixed_bounds: Bounds | None = None
        self.mode: CameraMode = mode
        self.orbit = OrbitState()
        self.transition_s = transition_s
        self.ease_s = ease_s
        self._fight: Bounds | None = None
        self.mini_scale = mini_scale
        self.frame_scale = 1.0
        """How much smaller than Birds of Prey's the map's scale is (1/8 for a table of
        50 ft inches): the fight frame's least size and margins shrink with it."""
        self._from: CameraPose | None = None
        self._elapsed_s = transition_s
        self._last: CameraPose | None = None
        self._key: tuple[CameraMode, str | None, str | None] | None = None
        self._from_mode: CameraMode = mode
        self.target_pick: str | None = None
        """The padlock's picked target (None: the nearest enemy)."""
        self.ground_ft = 0.0
        """The map's height: the padlock camera keeps above it."""

    def set_mode(self, mode: CameraMode) -> None:
        if mode not in CAMERA_MODES:
            raise ValueError(f"no camera {mode!r}; cameras: {', '.join(CAMERA_MODES)}")
        self.mode = mode

    def pose(self, snapshot: Snapshot, dt_s: float) -> CameraPose:
        """The pose for this frame, easing from the previous one after a change."""
        frame = self.frame(snapshot, dt_s)
        target = target_pose(
            self.mode,
            snapshot,
            frame,
            self.orbit,
            self.mini_scale,
            self.target_pick,
            self.ground_ft,
        )
        padlocked = None
        if self.mode == "padlock":
            on = padlock_target(snapshot, self.target_pick)
            padlocked = None if on is None else on.id
        key: tuple[CameraMode, str | None, str | None] = (self.mode, snapshot.selected, padlocked)
        if self._key is not None and key != self._key and self._last is not None:
            self._from, self._elapsed_s = self._last, 0.0
            self._from_mode = self._key[0]
        self._key = key
        self._elapsed_s += dt_s
        if self._from is not None and self._elapsed_s < self.transition_s:
            u = self._elapsed_s / self.transition_s
            w = u * u * (3 - 2 * u)
            selected = snapshot.selected_state
            if "padlock" in (self.mode, self._from_mode) and selected is not None:
                pose = blend_around(self._from, target, w, selected.position_ft)
            else:
                pose = blend(self._from, target, w)
        else:
            pose = target
        self._last = pose
        return pose

    def frame(self, snapshot: Snapshot, dt_s: float) -> Bounds:
        """What this frame's ``top``, ``orbit`` and ``table`` cameras frame (call once a
        frame: it steps the easing by ``dt_s``)."""
        goal = fight_bounds(snapshot, self.bounds, self.frame_scale)
        if self._fight is None:
            self._fight = goal
        else:
            self._fight = ease_bounds(self._fight, goal, dt_s, self.ease_s)
        return self.fixed_bounds if self.fixed_bounds is not None else self._fight

    @property
    def fight(self) -> Bounds | None:
        """The eased fight frame as of the last :meth:`pose` (None before the first)."""
        return self._fight
