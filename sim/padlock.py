"""The padlock camera's geometry: behind the selected aircraft, looking past it at its target.

The camera stands :data:`PADLOCK_DISTANCE_PER_SCALE` mini scales from the own aircraft, on
the far side of it from the target, raised out of the line of sight in the vertical plane
that holds it.  How far it is raised is worked out so that, seen from the camera, the own
mini and the target are :data:`PADLOCK_SEPARATION` times the own mini's angular radius
apart: the target is never behind the own mini, and the pair always spans the same angle,
which fits a 60° lens on any screen from 16:9 to 4:3.

In the triangle camera C, own aircraft P, target T, with the camera raised by ``e`` from
the line of sight behind P (the angle at P is 180° − e), the angle ``θ`` at C obeys the
law of sines: ``sin(e − θ) = ρ·sin θ / R`` for camera distance ``ρ`` and range ``R``.  So
``e = θ + asin(ρ·sin θ / R)``: a little more than ``θ`` for a far target, and up to
``θ + 90°`` (the camera above the pair, looking down across them) for a close one.  The
camera never goes below the map: it is raised further when it would.  Then the view
direction is turned between the two so that the pair's extent (the own mini's angular
radius below it, the target's above) is centred, with the own mini in the lower half and
the target above it.  The screen's up lies in the same vertical plane, so the horizon
stays level whatever the line of sight.

No Panda3D here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.phad.rotation import rotate
from sim import bfm
from sim.snapshot import EntityState, Snapshot, Vec3

MINI_RADIUS_PER_SCALE_FT = 40.0
"""Half the diagonal of the biggest box mini on the aircraft cards (an F-14's or F-15's
about 64 × 43 × 19 ft), per unit of mini scale: the own mini's bounding sphere the camera
keeps the target out of."""
PADLOCK_DISTANCE_PER_SCALE = 300.0
"""The camera's distance from the own aircraft, in mini scales (a chase stands off 260)."""
PADLOCK_SEPARATION = 2.0
"""The angle between the own mini and the target seen from the camera, in own-mini angular
radii: the target stays a whole radius clear of the mini's outline."""
PADLOCK_ASIDE_DEG = 30.0
"""The camera is raised this far round to the left of straight up from the line of sight,
so the target stands above and to the left of the own mini, not on top of it (its altitude
stack then clears the own mini, and the pair sits between the HUD's lower panels)."""
LEVEL_VIEW = 0.5
"""While the view's horizontal share is above this (within 60° of level) the horizon is
kept level; looking more steeply down or up the screen's up turns to the pair's plane."""
GROUND_CLEARANCE_FT = 200.0
"""The camera keeps at least this far above the map."""
VERTICAL_FALLBACK = 0.2
"""Below this horizontal share of the line of sight (within about 11.5° of straight up or
down) the plane of the view leans toward the own aircraft's tail, so a target overhead
still has a plane to be framed in."""

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class PadlockView:
    """Where the padlock camera stands, the point it looks at and its up direction."""

    position: Vec3
    look_at: Vec3
    up: Vec3


def padlock_target(snapshot: Snapshot, picked: str | None = None) -> EntityState | None:
    """The selected aircraft's target: the picked enemy while it is in the air, else the
    nearest (the instructor overlays' choice, stepped with ``t``); None when nothing is
    selected, the selected aircraft is down or no enemy flies."""
    own = snapshot.selected_state
    if own is None or not own.active or own.kind != "aircraft":
        return None
    chosen = bfm.chosen_target(bfm.enemies_by_range(snapshot.entities, own), picked)
    return None if chosen is None else snapshot.entity(chosen)


def _unit(v: FloatArray) -> FloatArray:
    return v / float(np.linalg.norm(v))


def _vec3(v: FloatArray) -> Vec3:
    return (float(v[0]), float(v[1]), float(v[2]))


def _angle(a: FloatArray, b: FloatArray) -> float:
    return math.atan2(float(np.linalg.norm(np.cross(a, b))), float(a @ b))


def _raise_direction(los: FloatArray, own: EntityState) -> FloatArray:
    """The unit direction across the line of sight, toward which the camera is raised:
    world up made square to the line of sight, leaning toward the own aircraft's tail when
    the line is near vertical."""
    up = np.array([0.0, 0.0, 1.0])
    across = up - float(los @ up) * los
    horizontal = float(np.linalg.norm(across))
    if horizontal < VERTICAL_FALLBACK:
        forward = np.asarray(rotate(own.quat_wxyz, (0.0, 1.0, 0.0)), dtype=float)
        tail = np.array([-forward[0], -forward[1], 0.0])
        if float(np.linalg.norm(tail)) < 1e-9:  # pointing straight up or down
            tail = np.array([0.0, -1.0, 0.0])
        tail = tail - float(los @ tail) * los
        across = across + (1.0 - horizontal / VERTICAL_FALLBACK) * _unit(tail)
        if float(np.linalg.norm(across)) < 1e-9:
            across = tail
    return _unit(across)


def padlock_view(
    own: EntityState, target: EntityState, mini_scale: float, ground_ft: float = 0.0
) -> PadlockView | None:
    """The padlock camera on ``own`` and ``target`` (see the module doc); None when the two
    are in the same place and there is no line of sight to look along."""
    here = np.asarray(own.position_ft, dtype=float)
    there = np.asarray(target.position_ft, dtype=float)
    range_ft = float(np.linalg.norm(there - here))
    if range_ft < 1.0:
        return None
    los = (there - here) / range_ft
    level = _raise_direction(los, own)
    aside = math.radians(PADLOCK_ASIDE_DEG)
    lift = math.cos(aside) * level - math.sin(aside) * np.cross(los, level)
    side = np.cross(los, lift)
    distance_ft = PADLOCK_DISTANCE_PER_SCALE * mini_scale
    radius_ft = MINI_RADIUS_PER_SCALE_FT * mini_scale
    apart = PADLOCK_SEPARATION * math.asin(radius_ft / distance_ft)
    raised = apart + math.asin(min(1.0, distance_ft * math.sin(apart) / range_ft))
    # Height above the own aircraft as the camera is raised: distance * (sin e * lift_z -
    # cos e * los_z), which is distance * size * sin(e - phase).
    size = math.hypot(float(lift[2]), float(los[2]))
    phase = math.atan2(float(los[2]), float(lift[2]))
    need = (ground_ft + GROUND_CLEARANCE_FT - float(here[2])) / distance_ft
    if size > 1e-9 and -1.0 < need / size < 1.0:
        raised = max(raised, phase + math.asin(need / size))
    raised = min(raised, math.radians(170.0))
    camera = here + distance_ft * (-math.cos(raised) * los + math.sin(raised) * lift)
    to_own, to_target = _unit(here - camera), _unit(there - camera)
    between = _angle(to_own, to_target)
    own_radius = math.asin(min(1.0, radius_ft / distance_ft))
    target_radius = math.asin(min(1.0, radius_ft / float(np.linalg.norm(there - camera))))
    # Turn from the own mini toward the target until the pair's extent is centred.
    turn = min(max((between - own_radius + target_radius) / 2, 0.0), between)
    if between > 1e-9:
        view = (math.sin(between - turn) * to_own + math.sin(turn) * to_target) / math.sin(between)
    else:
        view = to_own
    view = _unit(view)
    reach = float(np.linalg.norm((here + there) / 2 - camera))
    return PadlockView(
        position=_vec3(camera), look_at=_vec3(camera + view * reach), up=_screen_up(view, side)
    )


def _screen_up(view: FloatArray, side: FloatArray) -> Vec3:
    """World up square to the view (a level horizon), turning to the up of the plane the
    pair is framed in as the view nears straight down or up, where world up has no
    direction square to it."""
    world = np.array([0.0, 0.0, 1.0])
    level = world - float(view[2]) * view
    share = float(np.linalg.norm(level))
    up = level + max(0.0, 1.0 - share / LEVEL_VIEW) * np.cross(side, view)
    return _vec3(_unit(up))
