"""Gun tracers: a short burst of bright dashes from a shooter toward its target.

For each gunfire event (:data:`TRACER_SHOTS`: Birds of Prey's ``gunshot``, Over the Lines'
``otl.fire``; entities: shooter, target) the layer draws, for :data:`BURST_S`
seconds of snapshot time after the event, :data:`DASHES` short dashes fired one after the
other from just ahead of the shooter's nose toward the target's current position.  Each dash
flies the whole way in :data:`FLIGHT_S`, a muzzle flash flickers while the guns fire, and
the burst fades out towards its end.  Tracers are drawn over the minis and event markers.
Everything is a pure function of the snapshot (its time and the two entities' positions), so
scrubbing backwards or forwards shows the same tracers; a burst has nodes only while it
lasts.

A burst is one line Geom of ``2 * (DASHES + FLASH_RAYS)`` vertices, rewritten in place each
frame and drawn twice through instances: a wide, dim orange glow and a thin, bright yellow
core.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from panda3d.core import NodePath

from models.timeline import Event
from sim.snapshot import EntityState, Snapshot, Vec3
from sim.view.ground import make_geom_node
from sim.view.layer import ViewSettings, line_overlay_root

GUNSHOT_KIND = "gunshot"
"""Birds of Prey's gunfire event (entities: shooter, target)."""


@dataclass(frozen=True)
class TracerShot:
    """Which of a gunfire event's entities fires and which is fired at."""

    shooter: int = 0
    target: int = 1


TRACER_SHOTS: dict[str, TracerShot] = {
    GUNSHOT_KIND: TracerShot(),
    "otl.fire": TracerShot(),
}
"""The event kinds that fire a burst of tracers, by kind (any rule set's)."""

BURST_S = 1.2
"""How long a burst lasts after its event."""
DASHES = 6
"""Tracer dashes in a burst."""
FIRE_INTERVAL_S = 0.12
"""Time between one dash leaving the muzzle and the next."""
FLIGHT_S = 0.5
"""How long a dash takes from the muzzle to the target."""
FADE_START = 0.6
"""Fraction of :data:`BURST_S` after which the whole burst fades out."""

DASH_LENGTH_PER_SCALE_FT = 16.0
"""A dash's length per unit of mini scale (320 ft at the default 20)."""
DASH_MAX_FRACTION = 0.22
"""A dash is never longer than this fraction of the muzzle-to-target distance."""
MUZZLE_AHEAD_PER_SCALE_FT = 18.0
"""Dashes start this far ahead of the shooter's centre along its nose, per unit of mini
scale (about the nose of a fighter's box mini)."""
MUZZLE_MAX_FRACTION = 0.4
"""...but never more than this fraction of the way to the target."""
SPREAD_RAD = 0.012
"""Dispersion: how far (as an angle) a dash strays sideways from the line of fire."""
GOLDEN_ANGLE_RAD = math.pi * (3.0 - math.sqrt(5.0))
"""Turn between one dash's stray and the next's, so the strays spread evenly round the line."""
FLASH_RAYS = 3
"""Strokes of the muzzle flash (a six-pointed star)."""
FLASH_RADIUS_PER_SCALE_FT = 4.0
"""The muzzle flash's radius per unit of mini scale (80 ft at the default 20)."""

CORE_RGB = (1.0, 0.88, 0.35)
"""The bright core of a dash (yellow); the glow is the same dash scaled toward orange."""
GLOW_SCALE = (1.0, 0.5, 0.1, 0.6)
"""Colour scale of the glow instance."""
CORE_THICKNESS_PX = 4.0
GLOW_THICKNESS_PX = 11.0
TAIL_ALPHA = 0.25
"""A dash's tail is dimmer than its head, so it reads as a streak flying forward."""

FLOATS_PER_VERTEX = 7
"""x, y, z, r, g, b, a (float32), as :func:`sim.view.ground.make_geom_node` packs them."""

BurstKey = tuple[float, str, str, str]


@dataclass
class _Burst:
    path: NodePath
    lines: NodePath
    """The GeomNode (shared by the glow and core instances)."""


def _event_key(event: Event, shot: TracerShot) -> BurstKey:
    return (event.t_s, event.entities[shot.shooter], event.entities[shot.target], event.detail)


def nose_ft(state: EntityState) -> Vec3:
    """The unit vector along the entity's nose (body +y) in world axes."""
    w, x, y, z = state.quat_wxyz
    return (
        2.0 * (x * y - w * z),
        1.0 - 2.0 * (x * x + z * z),
        2.0 * (y * z + w * x),
    )


@dataclass(frozen=True)
class LineOfFire:
    """Where a burst flies: from the muzzle, along ``direction``, ``reach_ft`` to the target."""

    muzzle_ft: npt.NDArray[np.float64]
    direction: npt.NDArray[np.float64]
    reach_ft: float
    across: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]
    """Two unit vectors square to the line of fire and to each other."""


def line_of_fire(shooter: EntityState, target_ft: Vec3, mini_scale: float) -> LineOfFire | None:
    """The line from just ahead of the shooter's nose to the target (None if they coincide)."""
    start = np.asarray(shooter.position_ft, dtype=np.float64)
    end = np.asarray(target_ft, dtype=np.float64)
    distance = float(np.linalg.norm(end - start))
    if distance < 1e-6:
        return None
    ahead = min(MUZZLE_AHEAD_PER_SCALE_FT * mini_scale, MUZZLE_MAX_FRACTION * distance)
    muzzle = start + np.asarray(nose_ft(shooter)) * ahead
    reach = float(np.linalg.norm(end - muzzle))
    if reach < 1e-6:
        return None
    direction = (end - muzzle) / reach
    helper = np.array([0.0, 0.0, 1.0]) if abs(direction[2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    across_1 = np.cross(direction, helper)
    across_1 /= np.linalg.norm(across_1)
    across_2 = np.cross(direction, across_1)
    return LineOfFire(muzzle, direction, reach, (across_1, across_2))


def burst_fade(age_s: float) -> float:
    """The whole burst's opacity ``age_s`` after the shot: full, then easing out to zero."""
    if not 0.0 <= age_s < BURST_S:
        return 0.0
    late = (age_s / BURST_S - FADE_START) / (1.0 - FADE_START)
    return 1.0 - max(0.0, late) ** 2


def dash_segments_ft(
    fire: LineOfFire, age_s: float, mini_scale: float
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The dashes of a burst ``age_s`` after the shot: ``(points, alpha)``.

    ``points`` is ``(DASHES, 2, 3)``: each dash's tail and head in world feet; ``alpha`` is
    ``(DASHES, 2)``.  A dash not in flight at this age lies on the muzzle with zero alpha.
    """
    points = np.repeat(fire.muzzle_ft[None, None, :], DASHES, axis=0).repeat(2, axis=1)
    alpha = np.zeros((DASHES, 2))
    fade = burst_fade(age_s)
    if fade <= 0.0:
        return points, alpha
    dash_ft = min(DASH_LENGTH_PER_SCALE_FT * mini_scale, DASH_MAX_FRACTION * fire.reach_ft)
    for i in range(DASHES):
        progress = (age_s - i * FIRE_INTERVAL_S) / FLIGHT_S
        if not 0.0 <= progress <= 1.0:
            continue
        # A fixed stray per dash, spread evenly round the line (golden angle).
        angle = i * GOLDEN_ANGLE_RAD
        stray = fire.across[0] * math.cos(angle) + fire.across[1] * math.sin(angle)
        path = fire.direction + stray * SPREAD_RAD
        path /= np.linalg.norm(path)
        head_ft = progress * fire.reach_ft
        tail_ft = max(0.0, head_ft - dash_ft)
        points[i] = (fire.muzzle_ft + path * tail_ft, fire.muzzle_ft + path * head_ft)
        alpha[i] = (TAIL_ALPHA * fade, fade)
    return points, alpha


def flash_segments_ft(
    fire: LineOfFire, age_s: float, mini_scale: float
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The muzzle flash while the guns fire: ``(points, alpha)`` of ``FLASH_RAYS`` strokes
    crossing at the muzzle, square to the line of fire, flickering in size."""
    points = np.repeat(fire.muzzle_ft[None, None, :], FLASH_RAYS, axis=0).repeat(2, axis=1)
    alpha = np.zeros((FLASH_RAYS, 2))
    if not 0.0 <= age_s < DASHES * FIRE_INTERVAL_S:
        return points, alpha
    # Brightest as each round leaves the muzzle, smallest just before the next.
    phase = (age_s % FIRE_INTERVAL_S) / FIRE_INTERVAL_S
    size_ft = FLASH_RADIUS_PER_SCALE_FT * mini_scale * (1.0 - 0.5 * phase)
    for i in range(FLASH_RAYS):
        angle = math.pi * i / FLASH_RAYS
        ray = fire.across[0] * math.cos(angle) + fire.across[1] * math.sin(angle)
        points[i] = (fire.muzzle_ft - ray * size_ft, fire.muzzle_ft + ray * size_ft)
        alpha[i] = 1.0 - 0.4 * phase
    return points, alpha


class GunTracers:
    """Short bursts of tracer dashes for the snapshot's recent gunshots."""

    def __init__(self, parent: NodePath, settings: ViewSettings | None = None) -> None:
        self.settings = settings or ViewSettings()
        self.root = line_overlay_root(parent, "gun-tracers")
        self.root.setDepthTest(False)
        self.root.setBin("fixed", 12)
        self.bursts: dict[BurstKey, _Burst] = {}

    def _make(self) -> _Burst:
        n = (DASHES + FLASH_RAYS) * 2
        colours = np.tile([*CORE_RGB, 0.0], (n, 1))
        node = make_geom_node(
            "tracer-lines", np.zeros((n, 3)), "lines", colours=colours, dynamic=True
        )
        path = self.root.attachNewNode("tracer-burst")
        glow = path.attachNewNode("tracer-glow")
        glow.setRenderModeThickness(GLOW_THICKNESS_PX)
        glow.setColorScale(*GLOW_SCALE)
        core = path.attachNewNode("tracer-core")
        core.setRenderModeThickness(CORE_THICKNESS_PX)
        core.setBin("fixed", 13)
        lines = core.attachNewNode(node)
        lines.instanceTo(glow)
        return _Burst(path, lines)

    @staticmethod
    def _vertex_view(path: NodePath) -> npt.NDArray[np.float32]:
        """The Geom's vertex array, writable in place."""
        array = path.node().modifyGeom(0).modifyVertexData().modifyArray(0)
        view: npt.NDArray[np.float32] = np.frombuffer(memoryview(array), dtype=np.float32)
        return view.reshape(-1, FLOATS_PER_VERTEX)

    # -- Layer -----------------------------------------------------------------------------
    def update(self, snapshot: Snapshot) -> None:
        now = snapshot.t_s
        states = {state.id: state for state in snapshot.entities}
        wanted: dict[BurstKey, tuple[EntityState, EntityState, float]] = {}
        for event in snapshot.recent_events:
            shot = TRACER_SHOTS.get(event.kind)
            if shot is None or len(event.entities) <= max(shot.shooter, shot.target):
                continue
            age_s = now - event.t_s
            shooter = states.get(event.entities[shot.shooter])
            target = states.get(event.entities[shot.target])
            if shooter is None or target is None or not 0.0 <= age_s < BURST_S:
                continue
            wanted[_event_key(event, shot)] = (shooter, target, age_s)
        for key in [k for k in self.bursts if k not in wanted]:
            self.bursts.pop(key).path.removeNode()
        for key, (shooter, target, age_s) in wanted.items():
            burst = self.bursts.get(key)
            if burst is None:
                burst = self.bursts[key] = self._make()
            vertices = self._vertex_view(burst.lines)
            fire = line_of_fire(shooter, target.position_ft, self.settings.mini_scale)
            if fire is None:
                vertices[:, 6] = 0.0
                continue
            dashes, dash_alpha = dash_segments_ft(fire, age_s, self.settings.mini_scale)
            flash, flash_alpha = flash_segments_ft(fire, age_s, self.settings.mini_scale)
            vertices[:, 0:3] = np.concatenate([dashes, flash]).reshape(-1, 3)
            vertices[:, 6] = np.concatenate([dash_alpha, flash_alpha]).ravel()

    def destroy(self) -> None:
        self.root.removeNode()
        self.bursts.clear()
