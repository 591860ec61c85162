"""Per-tick paths of Phantoms weapons: missiles, bombs and SAMs (reference §7, "Missiles
and bombs as entities").

The rules move weapons abstractly: a heat-seeker strikes in the impulse after its launch,
a radar missile flies 5 hexes an impulse along the line of sight (§7.1), a bomb moves a hex
toward its target each time its dropper moves (Intruders I-p.5), and a SAM is resolved at
its site (Intruders I-p.3).  The game decides the launch and impact ticks; these functions
draw a path between them at the timeline's tick rate that reads right and ends exactly on
the target:

- **Missiles** close on the target at a constant rate (the range falls evenly from launch
  to impact), always pointing at where the target is drawn now: a pursuit curve.  Radar
  missiles fired from beyond two hexes are drawn lofted a little above the line of sight.
- **Bombs** fall ballistically: steady over the ground, dropping ever faster.
- **SAMs** boost nearly straight up for the first part of their flight, then pursue.

Ticks are indices into the turn's (or the timeline's) tick axis; the arrays cover every
tick of ``target_track_xyz_ft`` (or ``ticks``), with ``active`` true from launch to impact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, get_args

import numpy as np
import numpy.typing as npt

from engine.phantoms.ticks import TICKS_PER_TURN
from engine.quaternion import attitude_quaternions
from models.phantoms.common import HEX_FT, Guidance

Floats = npt.NDArray[np.float64]

RADAR_LOFT: Final = 0.12
"""A radar missile's drawn loft above the line of sight, as a share of the launch range."""
LOFT_FROM_FT: Final = 2.0 * HEX_FT
"""Launches from closer than this are drawn flat."""
SAM_BOOST_SHARE: Final = 0.3
"""The share of a SAM's flight drawn as its boost."""
SAM_MIN_BOOST_FT: Final = 1_500.0
SAM_BOOST_DRIFT: Final = 0.05
"""How far toward the target a SAM drifts in its boost, as a share of the ground range."""
_RADAR: Final = frozenset({"RH", "ARH"})


@dataclass(frozen=True, slots=True)
class WeaponSamples:
    """A weapon's per-tick samples.  Before launch it sits at its launch point, after impact
    on the point of impact, with ``active`` false."""

    x_ft: Floats
    y_ft: Floats
    z_ft: Floats
    heading_deg: Floats
    """Along its flight, clockwise from north, in [0, 360)."""
    pitch_deg: Floats
    quat_wxyz: Floats
    """Shape (ticks, 4), bank 0."""
    active: npt.NDArray[np.bool_]


def sample_missile(
    launch_xyz_ft: tuple[float, float, float],
    target_track_xyz_ft: Floats,
    launch_tick: int,
    impact_tick: int,
    guidance: Guidance,
) -> WeaponSamples:
    """An air-to-air missile from its launch point onto the target's drawn track.

    ``target_track_xyz_ft`` has one row (x, y, z) per tick; the missile meets it at
    ``impact_tick``.  A heat-seeker's impact is one impulse after launch, a radar
    missile's as many impulses as its 5-hex steps take (§7.1); the caller says which."""
    if guidance not in get_args(Guidance):
        raise ValueError(f"unknown guidance {guidance!r}: one of {', '.join(get_args(Guidance))}")
    track = _track(target_track_xyz_ft)
    _check_ticks(launch_tick, impact_tick, len(track))
    start = np.asarray(launch_xyz_ft, dtype=np.float64)
    path = _pursuit(start, track, launch_tick, impact_tick)
    reach = float(np.linalg.norm(track[launch_tick] - start))
    if guidance in _RADAR and reach > LOFT_FROM_FT:
        span = impact_tick - launch_tick
        u = np.arange(span + 1, dtype=np.float64) / span
        path[launch_tick : impact_tick + 1, 2] += RADAR_LOFT * reach * np.sin(math.pi * u)
    return _samples(path, track, launch_tick, impact_tick)


def sample_bomb(
    release_xyz_ft: tuple[float, float, float],
    target_xyz_ft: tuple[float, float, float],
    release_tick: int,
    impact_tick: int,
    ticks: int = TICKS_PER_TURN,
) -> WeaponSamples:
    """A bomb from its release point onto its target (its hex centre at level 0, z = 0) at
    ``impact_tick``: steady over the ground, falling from level flight ever faster."""
    _check_ticks(release_tick, impact_tick, ticks)
    start = np.asarray(release_xyz_ft, dtype=np.float64)
    end = np.asarray(target_xyz_ft, dtype=np.float64)
    path = np.repeat(start[None, :], ticks, axis=0)
    span = impact_tick - release_tick
    u = np.arange(span + 1, dtype=np.float64) / span
    flight = start + (end - start) * u[:, None]
    flight[:, 2] = start[2] + (end[2] - start[2]) * u * u
    path[release_tick : impact_tick + 1] = flight
    path[impact_tick + 1 :] = end
    target = np.repeat(end[None, :], ticks, axis=0)
    return _samples(path, target, release_tick, impact_tick)


def sample_sam(
    site_xyz_ft: tuple[float, float, float],
    target_track_xyz_ft: Floats,
    launch_tick: int,
    impact_tick: int,
) -> WeaponSamples:
    """A surface-to-air missile: a near-vertical boost off its site, then pursuit onto the
    target's drawn track at ``impact_tick``."""
    track = _track(target_track_xyz_ft)
    _check_ticks(launch_tick, impact_tick, len(track))
    site = np.asarray(site_xyz_ft, dtype=np.float64)
    span = impact_tick - launch_tick
    boost_ticks = max(1, min(span - 1, round(SAM_BOOST_SHARE * span)))
    aim = track[launch_tick] - site
    ground = aim.copy()
    ground[2] = 0.0
    height = max(SAM_MIN_BOOST_FT, 0.4 * float(aim[2]))
    v = np.arange(boost_ticks + 1, dtype=np.float64) / boost_ticks
    boost = site + (SAM_BOOST_DRIFT * ground) * (v * v)[:, None]
    boost[:, 2] = site[2] + height * v * v
    path = np.repeat(site[None, :], len(track), axis=0)
    path[launch_tick : launch_tick + boost_ticks + 1] = boost
    burnout = launch_tick + boost_ticks
    if burnout < impact_tick:
        chase = _pursuit(boost[-1], track, burnout, impact_tick)
        path[burnout:] = chase[burnout:]
    else:
        path[impact_tick:] = track[impact_tick]
    return _samples(path, track, launch_tick, impact_tick)


def _track(target_track_xyz_ft: Floats) -> Floats:
    track = np.asarray(target_track_xyz_ft, dtype=np.float64)
    if track.ndim != 2 or track.shape[1] != 3:
        raise ValueError(f"a target track is one (x, y, z) row per tick, not {track.shape}")
    return track


def _check_ticks(launch_tick: int, impact_tick: int, ticks: int) -> None:
    if not 0 <= launch_tick < impact_tick < ticks:
        raise ValueError(
            f"a weapon flies from tick {launch_tick} to tick {impact_tick}: need "
            f"0 ≤ launch < impact < {ticks}"
        )


def _pursuit(start: Floats, track: Floats, first: int, last: int) -> Floats:
    """Pure pursuit with the range falling evenly to zero at ``last``; every tick outside
    ``first..last`` holds the nearer end."""
    path = np.repeat(start[None, :], len(track), axis=0)
    reach = float(np.linalg.norm(track[first] - start))
    here = start
    span = last - first
    for k in range(first + 1, last + 1):
        left = reach * (1.0 - (k - first) / span)
        line = track[k] - here
        distance = float(np.linalg.norm(line))
        here = track[k] - line / distance * left if distance > 1e-9 else track[k].copy()
        path[k] = here
    path[last] = track[last]
    path[last + 1 :] = track[last]
    return path


def _samples(path: Floats, target: Floats, first: int, last: int) -> WeaponSamples:
    """Attitude along the velocity; where the weapon climbs or falls straight, its heading
    is the bearing to its target."""
    ticks = len(path)
    velocity = np.zeros_like(path)
    flight = path[first : last + 1]
    velocity[first : last + 1] = np.gradient(flight, axis=0)
    velocity[:first] = velocity[first]
    velocity[last + 1 :] = velocity[last]
    across = np.hypot(velocity[:, 0], velocity[:, 1])
    toward = target - path
    bearing = np.degrees(np.arctan2(toward[:, 0], toward[:, 1]))
    course = np.degrees(np.arctan2(velocity[:, 0], velocity[:, 1]))
    speed = np.linalg.norm(velocity, axis=1)
    heading = np.where(across > 1e-3 * np.maximum(speed, 1e-9), course, bearing)
    pitch = np.degrees(np.arctan2(velocity[:, 2], across))
    active = np.zeros(ticks, dtype=bool)
    active[first : last + 1] = True
    return WeaponSamples(
        x_ft=path[:, 0].copy(),
        y_ft=path[:, 1].copy(),
        z_ft=path[:, 2].copy(),
        heading_deg=np.mod(heading, 360.0),
        pitch_deg=pitch,
        quat_wxyz=attitude_quaternions(heading, pitch, np.zeros(ticks)),
        active=active,
    )
