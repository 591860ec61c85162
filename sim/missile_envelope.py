"""Where a missile launched now could reach its target: the launch envelope the instructor
overlay draws, read from the missile's data card by the Missile Combat procedures.

The game flies a missile in whole game-turns ("Launch and Boost", "Missile Flight", SoP 07):
the boost carries it Boost Distance along the launcher's Nose to the *anchor*; each later
game-turn adds Game-turn Bleed (for the average altitude's band), reads the new speed from
the Speed/Bleed table and adds the average of the old and new speeds to its Distance; it
attacks once the range from the anchor to the target is below that Distance, and stalls
when the Bleed passes 72.  :func:`flight_distances_fp` runs those steps with the engine's
own functions.

Against a target holding its present velocity ``V`` (FP per game-turn), a launch along the
unit direction ``u`` at range ``R`` (launcher at the origin, anchor at ``b·n̂``) attacks in
flight turn ``k`` when ``|R·u + k·V − b·n̂| < D_k``: a quadratic in ``R`` whose larger root,
maximised over ``k``, is the greatest launch range.  Head-on the target flies into the
missile and the range grows; in a tail chase it runs away and the range shrinks.

The inner edge is the card's minimum launch range, pushed out off the nose because the
target must bear within the Off-Boresight Angle of the boost direction as seen from the
anchor ("Launch and Boost").  The sides are that OBA, narrowed for IR missiles to the
seeker's field of view (it must hold the target to launch); a rear-aspect seeker also
needs the target's tail toward it.  The card's limits are in 30° PHAD cells; a continuous
angle is inside ``n`` cells when it is at most ``30·n + 15°`` (the far edge of the n-th
cell).

What is not modelled (docs/rulings.md, "Instructor overlays"): the target manoeuvring
after launch (Facing Bleed for the bearing's swing), the kinematic defeat test (cells off
the boost direction times Turn Radius against the range, which the game makes turn by turn
as the target moves), the launcher pointing or boost-manoeuvring, follow-on launches, and
whether the launcher's sensors hold the track a launch needs.  It is the envelope against
a target that holds its course.

No Panda3D here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.bop.missiles.flight import advance
from engine.bop.missiles.launch import boost_speed_and_bleed
from models.missile import (
    IR_SEEKERS,
    KT_PER_FP,
    STALL_BLEED,
    MissileCard,
    UnknownMissileType,
    missile_card,
)

FloatArray = npt.NDArray[np.float64]

FP_FT = 400.0
"""One Flight Point of range is one hex: 400 ft."""
FT_PER_NM = 6076.12
CELL_DEG = 30.0
"""A PHAD cell's width."""
RAYS = 41
"""Directions sampled across the envelope, nose in the middle."""


def cells_limit_deg(cells: int) -> float:
    """The largest angle inside ``cells`` PHAD cells: the far edge of the last one."""
    return CELL_DEG * (cells + 0.5)


def flight_distances_fp(card: MissileCard, launch_speed_fp: float, alt_ft: float) -> FloatArray:
    """The missile's Distance from the anchor after each game-turn of flight, until it
    stalls (FP), for a plain launch (not pointing, no boost manoeuvre, not a follow-on) and
    no swing of the bearing."""
    band = card.band(max(alt_ft, 0.0))
    speed, bleed = boost_speed_and_bleed(card, launch_speed_fp, band.facing_bleed, False, 0)
    distances: list[float] = []
    total = 0.0
    while bleed <= STALL_BLEED:
        step = advance(card, speed, bleed, band, 0)
        if step.speed_fp is None:
            break
        total += step.distance_fp
        distances.append(total)
        speed, bleed = step.speed_fp, step.bleed
    return np.asarray(distances, dtype=np.float64)


def max_reach_fp(
    direction: npt.ArrayLike,
    nose: npt.ArrayLike,
    target_fp_per_turn: npt.ArrayLike,
    boost_fp: float,
    distances_fp: Sequence[float] | FloatArray,
) -> float:
    """The greatest launch range (FP) along unit ``direction`` from which the missile
    reaches a target flying ``target_fp_per_turn``: the largest ``R`` with
    ``|R·u + k·V − b·n̂| < D_k`` for some flight turn ``k`` (0 when none)."""
    u = np.asarray(direction, dtype=np.float64).reshape(1, 3)
    return float(_max_reach_many(u, nose, target_fp_per_turn, boost_fp, distances_fp)[0])


def _max_reach_many(
    directions: FloatArray,
    nose: npt.ArrayLike,
    target_fp_per_turn: npt.ArrayLike,
    boost_fp: float,
    distances_fp: Sequence[float] | FloatArray,
) -> FloatArray:
    """:func:`max_reach_fp` for each row of ``directions`` (m, 3) at once."""
    n = np.asarray(nose, dtype=np.float64)
    v = np.asarray(target_fp_per_turn, dtype=np.float64)
    d = np.asarray(distances_fp, dtype=np.float64)
    if d.size == 0:
        return np.zeros(len(directions))
    k = np.arange(1, d.size + 1, dtype=np.float64)
    w = k[:, None] * v[None, :] - boost_fp * n[None, :]  # (turns, 3)
    along = w @ directions.T  # (turns, m)
    discriminant = along * along - np.einsum("ij,ij->i", w, w)[:, None] + (d * d)[:, None]
    roots = np.where(discriminant >= 0.0, -along + np.sqrt(np.maximum(discriminant, 0.0)), 0.0)
    reach: FloatArray = np.maximum(roots.max(axis=0), 0.0)
    return reach


def min_launch_fp(card: MissileCard, off_nose_deg: float) -> float:
    """The shortest launch range (FP) at ``off_nose_deg`` from the Nose: the card's minimum,
    or further where the target, seen from the anchor, would bear beyond the Off-Boresight
    Angle of the boost direction; infinite at and beyond the OBA."""
    phi = math.radians(abs(off_nose_deg))
    oba = math.radians(cells_limit_deg(card.oba_cells))
    if phi >= oba:
        return math.inf
    # The anchor is Boost Distance out along the Nose, so it sees the target further off
    # the Nose than the launcher does; at the OBA's edge exactly at this range (the law of
    # sines in the launcher-anchor-target triangle).
    b = float(card.boost_distance_fp)
    return max(float(card.min_launch_range_fp), b * math.sin(oba) / math.sin(oba - phi))


def half_angle_deg(card: MissileCard) -> float:
    """How far off the Nose a launch can be: the OBA, and for IR missiles the seeker's FoV
    (the seeker must hold the target to launch)."""
    cells = card.oba_cells
    if card.seeker in IR_SEEKERS:
        cells = min(cells, card.fov_cells)
    return cells_limit_deg(cells)


def aspect_ok(card: MissileCard, aspect_deg: float) -> bool:
    """Rear-aspect IR seekers lock only when the target's tail points at them: aspect angle
    within ``rear_aspect_cells`` (0° is the tail); any aspect for the others."""
    if card.rear_aspect_cells is None:
        return True
    return aspect_deg <= cells_limit_deg(card.rear_aspect_cells) + 1e-9


def _unit(v: FloatArray) -> FloatArray:
    norm = float(np.linalg.norm(v))
    out: FloatArray = v / norm if norm > 1e-9 else np.zeros(3)
    return out


def _angle_deg(a: FloatArray, b: FloatArray) -> float:
    if not a.any() or not b.any():
        return 0.0
    return math.degrees(math.acos(min(max(float(_unit(a) @ _unit(b)), -1.0), 1.0)))


def launch_window_ft(
    card: MissileCard,
    direction: npt.ArrayLike,
    nose: npt.ArrayLike,
    target_fps: npt.ArrayLike,
    distances_fp: Sequence[float] | FloatArray,
    turn_s: float,
) -> tuple[float, float] | None:
    """Shortest and greatest launch range (ft) along unit ``direction`` against a target
    moving at ``target_fps`` (ft/s); None where no launch can hit (outside the angle, wrong
    aspect for a rear-aspect seeker, or out-flown)."""
    u = np.asarray(direction, dtype=np.float64).reshape(1, 3)
    lows, highs = launch_windows_ft(card, u, nose, target_fps, distances_fp, turn_s)
    if not np.isfinite(lows[0]):
        return None
    return float(lows[0]), float(highs[0])


def launch_windows_ft(
    card: MissileCard,
    directions: npt.ArrayLike,
    nose: npt.ArrayLike,
    target_fps: npt.ArrayLike,
    distances_fp: Sequence[float] | FloatArray,
    turn_s: float,
) -> tuple[FloatArray, FloatArray]:
    """:func:`launch_window_ft` for each row of ``directions`` (m, 3): shortest and
    greatest ranges, NaN where there is no window."""
    u = np.asarray(directions, dtype=np.float64).reshape(-1, 3)
    u = u / np.maximum(np.linalg.norm(u, axis=1, keepdims=True), 1e-12)
    n = _unit(np.asarray(nose, dtype=np.float64))
    v_fps = np.asarray(target_fps, dtype=np.float64)
    off = np.degrees(np.arccos(np.clip(u @ n, -1.0, 1.0)))
    speed = float(np.linalg.norm(v_fps))
    aspect = (
        np.degrees(np.arccos(np.clip(u @ (v_fps / speed), -1.0, 1.0)))
        if speed > 1e-9
        else np.zeros(len(u))
    )
    usable = (off <= half_angle_deg(card) + 1e-9) & np.array([aspect_ok(card, a) for a in aspect])
    inner = np.array([min_launch_fp(card, a) for a in off])
    outer = _max_reach_many(
        u, n, v_fps * turn_s / FP_FT, float(card.boost_distance_fp), distances_fp
    )
    ok = usable & np.isfinite(inner) & (outer > inner)
    lows: FloatArray = np.where(ok, inner * FP_FT, np.nan)
    highs: FloatArray = np.where(ok, outer * FP_FT, np.nan)
    return lows, highs


@dataclass(frozen=True, slots=True)
class MissileEnvelope:
    """One missile type's launch envelope, sampled in the plane through the launcher that
    holds its Nose and the level line square to it, and the launch window along the line
    of sight to the target."""

    type_id: str
    attack_pips: int
    """The card's Attack rating ("Missile Attack"): the higher, the likelier a hit."""
    origin_ft: FloatArray
    nose: FloatArray
    """Unit Nose: the boost direction, angle 0."""
    side: FloatArray
    """Unit vector square to the Nose in the drawing plane (level unless the Nose points
    straight up or down), to the launcher's right."""
    angles_deg: FloatArray
    """The sampled directions, off the Nose toward ``side`` (negative: to the left)."""
    min_range_ft: FloatArray
    """Shortest launch range per direction (NaN where none reaches)."""
    max_range_ft: FloatArray
    """Greatest launch range per direction (NaN where none reaches)."""
    target_off_deg: float
    """The target's angle off the Nose."""
    target_range_ft: float
    window_ft: tuple[float, float] | None
    """The launch window along the line of sight to the target."""

    @property
    def in_range(self) -> bool:
        """A launch now would reach the target."""
        w = self.window_ft
        return w is not None and w[0] <= self.target_range_ft <= w[1]

    def points_ft(self, ranges_ft: FloatArray) -> FloatArray:
        """World points at these ranges along the sampled directions."""
        a = np.radians(self.angles_deg)
        directions = np.cos(a)[:, None] * self.nose + np.sin(a)[:, None] * self.side
        out: FloatArray = self.origin_ft + ranges_ft[:, None] * directions
        return out

    def label(self) -> str:
        """``AIM-9L IN RANGE 1.2–6.3 nm`` (the launch window along the line of sight),
        ``too close``, ``out of range``, or ``no shot`` when no launch along it reaches."""
        if self.window_ft is None:
            return f"{self.type_id} no shot"
        lo, hi = (r / FT_PER_NM for r in self.window_ft)
        if self.in_range:
            what = "IN RANGE"
        elif self.target_range_ft < self.window_ft[0]:
            what = "too close"
        else:
            what = "out of range"
        return f"{self.type_id} {what} {lo:.1f}–{hi:.1f} nm"


def level_across(nose: FloatArray, right: FloatArray) -> FloatArray:
    """The unit level vector square to the Nose, to the right (``nose × up``); the body's
    right axis, made square to the Nose, when the Nose is vertical.  With the Nose it spans
    a plane that stays level in a level turn whatever the bank, so the envelope does not
    swing as the aircraft rolls."""
    across = np.cross(nose, np.array([0.0, 0.0, 1.0]))
    if float(np.linalg.norm(across)) < 1e-6:
        across = right - (right @ nose) * nose
    return _unit(across)


def envelope(
    card: MissileCard,
    launcher_ft: npt.ArrayLike,
    nose: npt.ArrayLike,
    right: npt.ArrayLike,
    launcher_speed_kt: float,
    target_ft: npt.ArrayLike,
    target_fps: npt.ArrayLike,
    turn_s: float,
    rays: int = RAYS,
) -> MissileEnvelope:
    """The envelope of one missile type from a launcher (position, unit Nose and right
    wing, airspeed) against a target (position, path velocity); game-turns of ``turn_s``."""
    origin = np.asarray(launcher_ft, dtype=np.float64)
    n = _unit(np.asarray(nose, dtype=np.float64))
    target = np.asarray(target_ft, dtype=np.float64)
    v_fps = np.asarray(target_fps, dtype=np.float64)
    los = target - origin
    side = level_across(n, np.asarray(right, dtype=np.float64))
    # The flight band is read for the average of the two altitudes ("Missile Flight").
    alt_ft = (float(origin[2]) + float(target[2])) / 2
    distances = flight_distances_fp(card, launcher_speed_kt / KT_PER_FP, alt_ft)
    half = half_angle_deg(card)
    angles = np.linspace(-half, half, rays)
    a = np.radians(angles)
    directions = np.cos(a)[:, None] * n + np.sin(a)[:, None] * side
    lows, highs = launch_windows_ft(card, directions, n, v_fps, distances, turn_s)
    range_ft = float(np.linalg.norm(los))
    target_window = (
        launch_window_ft(card, los, n, v_fps, distances, turn_s) if range_ft > 1e-6 else None
    )
    return MissileEnvelope(
        type_id=card.type_id,
        attack_pips=card.attack_pips,
        origin_ft=origin,
        nose=n,
        side=side,
        angles_deg=angles,
        min_range_ft=lows,
        max_range_ft=highs,
        target_off_deg=_angle_deg(n, los),
        target_range_ft=range_ft,
        window_ft=target_window,
    )


def missiles_carried(weapons: str | Iterable[str]) -> tuple[str, ...]:
    """Missile types with rounds left, from Birds of Prey's weapons channel
    (``"M61A1 5, AIM-9L x2"``, or its items) → ``("AIM-9L",)``, in the order written."""
    items = weapons.split(",") if isinstance(weapons, str) else weapons
    types: list[str] = []
    for item in items:
        name, _, count = item.strip().rpartition(" ")
        rounds = int(count[1:]) if count.startswith("x") and count[1:].isdigit() else 0
        if name and rounds > 0 and name not in types:
            types.append(name)
    return tuple(types)


def known_cards(type_ids: Iterable[str]) -> tuple[MissileCard, ...]:
    """The shipped cards of these types (types without a card are left out)."""
    cards = []
    for type_id in type_ids:
        try:
            cards.append(missile_card(type_id))
        except UnknownMissileType:
            continue
    return tuple(cards)


def best_envelope(envelopes: Sequence[MissileEnvelope]) -> MissileEnvelope | None:
    """The envelope to show: of those the target is in, the missile with the best Attack
    rating (the likeliest hit; the longer reach on a tie); with none, the one reaching
    furthest along the line of sight, else the widest."""
    if not envelopes:
        return None
    inside = [e for e in envelopes if e.in_range and e.window_ft is not None]
    if inside:
        return max(inside, key=lambda e: (e.attack_pips, e.window_ft[1] if e.window_ft else 0))

    def reach(e: MissileEnvelope) -> tuple[float, float]:
        along = e.window_ft[1] if e.window_ft else 0.0
        return along, float(np.nan_to_num(e.max_range_ft).max())

    return max(envelopes, key=reach)
