"""Basic fighter manoeuvring geometry between two aircraft, for the instructor overlays.

Definitions follow ``reference/bfm.md``: with ``u`` the unit line of sight from the attacker
(the selected aircraft) to the target and ``v̂`` unit velocities,

* range ``R`` (ft, and Flight Points of one 400 ft hex), closure ``Vc = −Ṙ`` (kt);
* antenna train angle ``ATA = arccos(v̂_a·u)`` (0° = target on the attacker's nose);
* aspect angle ``AA = arccos(v̂_t·u)`` (0° = attacker at the target's tail, 180° head-on);
* heading crossing angle ``HCA = arccos(v̂_a·v̂_t)``;
* line-of-sight rate ``|u × (v_t − v_a)| / R``;
* level turn radius ``V² / (g·√(n²−1))`` and rate ``g·√(n²−1) / V``;
* specific energy ``E_s = h + V²/2g``;
* the control zone behind a target: roughly 20–50° AA, HCA within 30° and 2,500–4,500 ft
  (an F-15 against an F-15).

Velocities are those of the drawn flight path, not the nose: the replay's positions are a
spline through the engine's tick samples, and its speed along the path can differ from the
rules' airspeed by a fifth or more (board movement in whole Flight Points), so closure read
from ``speed_kt`` along the nose would disagree with what the viewer sees.  A snapshot holds
no velocity, so :func:`path_velocity_fps` rebuilds it from the entity's trail: the quadratic
through the last two tick samples and the current interpolated point, differentiated at
now.  The spline is a cubic, so this is second-order accurate and, unlike the chord from
the last tick, does not lag by half a tick.  With no trail (the first tick, or just
activated) it falls back to the nose times the airspeed.

The gun cone is the one thing read along the nose: the gun points where the nose does.
Everything here is numpy; no Panda3D.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.turning import turn_radius_ft
from models import bop_channels as bop
from sim.snapshot import EntityState

FloatArray = npt.NDArray[np.float64]

FP_FT = 400.0
"""One Flight Point of range is one hex: 400 ft."""
FPS_PER_KT = 6076.12 / 3600.0
"""Feet per second in a knot."""
G_FPS2 = 32.174
"""Standard gravity, ft/s²."""
MIN_HISTORY_DT_S = 1e-3
"""Trail samples closer than this to now are skipped when differentiating the path."""
HISTORY_S = 1.5
"""Trail the playback must keep for :func:`path_velocity_fps`: two ticks and a margin."""
GUN_HALF_ANGLE_DEG = 2.0
GUN_MIN_FT, GUN_MAX_FT = 500.0, 3000.0
"""The gun weapons engagement zone, a common simplification: a 2° cone, 500–3,000 ft."""
CONTROL_ZONE_AA_DEG = (20.0, 50.0)
CONTROL_ZONE_HCA_DEG = 30.0
CONTROL_ZONE_RANGE_FT = (2500.0, 4500.0)
"""The control zone: where an attacker can stay behind a turning target (bfm.md, F-15 vs
F-15): aspect 20–50°, heading crossing within 30°, 2,500–4,500 ft."""


def body_axes(quat_wxyz: Sequence[float]) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The body's forward (nose), right wing and up (lift) axes in the world frame, for a
    quaternion with body y forward and z up."""
    w, x, y, z = (float(c) for c in quat_wxyz)
    right = np.array([1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)])
    forward = np.array([2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)])
    up = np.array([2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)])
    return forward, right, up


def path_velocity_fps(state: EntityState) -> FloatArray:
    """The velocity (ft/s) of the drawn flight path at the snapshot's time.

    The derivative at now of the quadratic through the last two trail samples and the
    current point (the chord to the one sample there is, with only one); the nose times the
    airspeed when the trail has no earlier sample.
    """
    times = np.asarray(state.trail_t_s, dtype=np.float64)
    points = np.asarray(state.trail_ft, dtype=np.float64)
    now = np.asarray(state.position_ft, dtype=np.float64)
    if len(times) >= 1 and len(points) == len(times):
        t_now = float(times[-1])
        earlier = np.flatnonzero(times[:-1] < t_now - MIN_HISTORY_DT_S)
        if len(earlier) >= 2:
            i, j = earlier[-2], earlier[-1]
            t0, t1 = float(times[i]), float(times[j])
            p0, p1 = points[i], points[j]
            # Newton form: the slope of the last chord plus the curvature term at now.
            d01 = (p1 - p0) / (t1 - t0)
            d12 = (now - p1) / (t_now - t1)
            second = (d12 - d01) / (t_now - t0)
            velocity: FloatArray = d12 + second * (t_now - t1)
            return velocity
        if len(earlier) == 1:
            j = earlier[-1]
            chord: FloatArray = (now - points[j]) / (t_now - float(times[j]))
            return chord
    forward, _right, _up = body_axes(state.quat_wxyz)
    nose: FloatArray = forward * state.speed_kt * FPS_PER_KT
    return nose


def _unit(v: FloatArray) -> FloatArray:
    norm = float(np.linalg.norm(v))
    result: FloatArray = v / norm if norm > 1e-9 else np.zeros(3)
    return result


def _angle_deg(a: FloatArray, b: FloatArray) -> float:
    """Angle between two unit vectors (0 when either is zero)."""
    if not a.any() or not b.any():
        return 0.0
    return math.degrees(math.acos(min(max(float(a @ b), -1.0), 1.0)))


@dataclass(frozen=True, slots=True)
class BfmGeometry:
    """The geometry between an attacker and its target at one moment."""

    range_ft: float
    closure_kt: float
    """``−Ṙ``: positive when the range is closing."""
    ata_deg: float
    """Antenna train angle: the line of sight off the attacker's velocity."""
    aa_deg: float
    """Aspect angle: the line of sight off the target's velocity (0 at its tail)."""
    hca_deg: float
    """Heading crossing angle between the two velocities."""
    los_rate_dps: float
    """How fast the line of sight turns, degrees per second."""

    @property
    def range_fp(self) -> float:
        """Range in Flight Points (hexes of 400 ft)."""
        return self.range_ft / FP_FT

    def label_lines(self) -> tuple[str, str]:
        """The angles, then range and closure: ``AA 35° ATA 10° HCA 40°``, ``3,200 ft Vc
        +120 kt``."""
        return (
            f"AA {self.aa_deg:.0f}° ATA {self.ata_deg:.0f}° HCA {self.hca_deg:.0f}°",
            f"{self.range_ft:,.0f} ft Vc {self.closure_kt:+.0f} kt",
        )

    def label(self) -> str:
        """``AA 35° ATA 10° HCA 40° 3,200 ft Vc +120 kt``."""
        return " ".join(self.label_lines())


def geometry_of(
    attacker_ft: npt.ArrayLike,
    attacker_fps: npt.ArrayLike,
    target_ft: npt.ArrayLike,
    target_fps: npt.ArrayLike,
) -> BfmGeometry:
    """The geometry from positions (ft) and velocities (ft/s)."""
    pa, va = np.asarray(attacker_ft, dtype=np.float64), np.asarray(attacker_fps, dtype=np.float64)
    pt, vt = np.asarray(target_ft, dtype=np.float64), np.asarray(target_fps, dtype=np.float64)
    los = pt - pa
    range_ft = float(np.linalg.norm(los))
    u = _unit(los)
    relative = vt - va
    range_rate = float(u @ relative)
    los_rate = float(np.linalg.norm(np.cross(u, relative))) / range_ft if range_ft > 1e-9 else 0.0
    return BfmGeometry(
        range_ft=range_ft,
        closure_kt=-range_rate / FPS_PER_KT,
        ata_deg=_angle_deg(_unit(va), u),
        aa_deg=_angle_deg(_unit(vt), u),
        hca_deg=_angle_deg(_unit(va), _unit(vt)),
        los_rate_dps=math.degrees(los_rate),
    )


def geometry(attacker: EntityState, target: EntityState) -> BfmGeometry:
    """The geometry between two entities of a snapshot, from their flight paths."""
    return geometry_of(
        attacker.position_ft,
        path_velocity_fps(attacker),
        target.position_ft,
        path_velocity_fps(target),
    )


def specific_energy_ft(alt_ft: float, speed_kt: float) -> float:
    """Energy height ``E_s = h + V²/2g``, feet."""
    v = speed_kt * FPS_PER_KT
    return alt_ft + v * v / (2.0 * G_FPS2)


def in_gun_cone(attacker: EntityState, target: EntityState) -> bool:
    """Whether the target is in the attacker's gun cone: within 2° of the nose and 500 to
    3,000 ft away."""
    los = np.asarray(target.position_ft) - np.asarray(attacker.position_ft)
    range_ft = float(np.linalg.norm(los))
    if not GUN_MIN_FT <= range_ft <= GUN_MAX_FT:
        return False
    forward, _right, _up = body_axes(attacker.quat_wxyz)
    return _angle_deg(forward, los / range_ft) <= GUN_HALF_ANGLE_DEG


def enemies_by_range(entities: Sequence[EntityState], own: EntityState) -> tuple[str, ...]:
    """Ids of the active aircraft on other sides than ``own``, nearest first."""
    here = np.asarray(own.position_ft)
    others = [
        e
        for e in entities
        if e.active and e.kind == "aircraft" and e.side != own.side and e.id != own.id
    ]
    others.sort(key=lambda e: float(np.linalg.norm(np.asarray(e.position_ft) - here)))
    return tuple(e.id for e in others)


def chosen_target(enemies: Sequence[str], picked: str | None) -> str | None:
    """The target among ``enemies`` (nearest first): the picked one while it is still
    there, else the nearest; None with no enemy in the air.  The instructor overlays and
    the padlock camera share this choice."""
    if picked is not None and picked in enemies:
        return picked
    return enemies[0] if enemies else None


@dataclass(frozen=True, slots=True)
class TurnCircle:
    """Where an aircraft's flight path would go in a full turn at its present load."""

    centre_ft: FloatArray
    normal: FloatArray
    """Unit normal of the plane of motion (velocity × lift)."""
    radial: FloatArray
    """Unit vector from the centre to the aircraft."""
    radius_ft: float


def plane_of_motion(state: EntityState) -> tuple[FloatArray, FloatArray]:
    """The unit velocity and the unit lift direction square to it: the two in-plane axes of
    the plane of motion.  The lift is the body's up axis; when it lies along the velocity,
    the nose's up axis is used instead."""
    velocity = _unit(path_velocity_fps(state))
    forward, _right, up = body_axes(state.quat_wxyz)
    if not velocity.any():
        velocity = forward
    lift = up - (up @ velocity) * velocity
    if float(np.linalg.norm(lift)) < 1e-6:
        lift = forward - (forward @ velocity) * velocity
    return velocity, _unit(lift)


def turn_circle(state: EntityState) -> TurnCircle | None:
    """The full turn circle at the aircraft's load and airspeed, in its plane of motion
    toward its lift; None when the load cannot turn it (1 g or less)."""
    radius = turn_radius_ft(state.speed_kt, state.number(bop.LOAD_G, 1.0))
    if not math.isfinite(radius):
        return None
    velocity, lift = plane_of_motion(state)
    if not lift.any():
        return None
    centre = np.asarray(state.position_ft, dtype=np.float64) + lift * radius
    return TurnCircle(centre, _unit(np.cross(velocity, lift)), -lift, radius)


def three_nine_axis(state: EntityState) -> FloatArray:
    """Unit direction of the 3/9 line: in the wing plane, square to the flight path."""
    velocity = _unit(path_velocity_fps(state))
    _forward, right, _up = body_axes(state.quat_wxyz)
    across = right - (right @ velocity) * velocity
    return _unit(across) if float(np.linalg.norm(across)) > 1e-6 else right


def in_control_zone(geo: BfmGeometry) -> bool:
    """Whether the attacker is in the target's control zone: aspect, heading crossing angle
    and range all inside :data:`CONTROL_ZONE_AA_DEG`, :data:`CONTROL_ZONE_HCA_DEG` and
    :data:`CONTROL_ZONE_RANGE_FT`."""
    aa_low, aa_high = CONTROL_ZONE_AA_DEG
    near, far = CONTROL_ZONE_RANGE_FT
    return (
        aa_low <= geo.aa_deg <= aa_high
        and geo.hca_deg <= CONTROL_ZONE_HCA_DEG
        and near <= geo.range_ft <= far
    )


def control_zone_points(
    target: EntityState, aa_deg: npt.ArrayLike, range_ft: npt.ArrayLike, side: float
) -> FloatArray:
    """Points behind the target at these aspect angles and ranges, on one side (+1 its
    right, −1 its left), in the plane of its path velocity and 3/9 line: an attacker there
    has that aspect angle.  Shapes (n, 3) for n angles and ranges."""
    velocity = _unit(path_velocity_fps(target))
    if not velocity.any():
        velocity, _right, _up = body_axes(target.quat_wxyz)
    across = three_nine_axis(target)
    a = np.radians(np.asarray(aa_deg, dtype=np.float64))
    r = np.asarray(range_ft, dtype=np.float64)
    # From such a point the line of sight to the target is cos(a)·v̂ − side·sin(a)·across.
    offsets = -np.cos(a)[:, None] * velocity + side * np.sin(a)[:, None] * across
    points: FloatArray = np.asarray(target.position_ft, dtype=np.float64) + r[:, None] * offsets
    return points
