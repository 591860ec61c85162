"""From a move on the lawn to the replay's ten samples a turn (reference §7).

The rules give a polyline: yardsticks with the heading changed at their joints.  The
drawing keeps the yardsticks' lines and rounds each joint with a circular fillet that
takes up to 40 % of the two yardsticks beside it, so the track is tangent-continuous and
passes through every line the rules laid; a turn at the very start or end of the move
(the stand turned on the spot) swings the nose over the first or last 2.4 lawn feet
instead.  A climb or dive spreads its bands evenly over the move; the nose
pitches to the flight path's angle.  Bank follows the degrees turned at each yardstick
(0–10° → up to 20°, 20–45° → 45–60°, 45–60° → 60–80°); a Barrel Roll adds a full roll,
a Hard Roll banks hard and rolls level, a Jink rocks the wings.  Bank and pitch ease from
how the last move ended, so nothing jumps between turns.

The Immelmann is drawn as a half loop one band high (its top is the band above), a half
roll on top onto the new facing, then any movement after; the Loop as a full loop one
band in radius, back at its band.  Along them ``pitch_deg`` runs on past 90° (the
attitude the quaternion holds is the true one; ``heading_deg`` stays the loop's plane).

Every piece of a move takes time in proportion to its length (an Immelmann's half loop and
half roll take a speed-3 move's time between them, half each), and tick k of ten falls at
k/10 of it.  World feet: the lawn's feet
× 72, band × 72 ft up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from engine.fc.indicator import turn_direction
from engine.fc.movement import Move
from engine.quaternion import about_axis, product
from models.fc.common import (
    BAND_WORLD_FT,
    KT_PER_MPH,
    MPH_PER_SPEED,
    ONE_WAY_GROUPS,
    TICK_S,
    TICKS_PER_TURN,
    WORLD_FT_PER_LAWN_FT,
    YARDSTICK_LAWN_FT,
    YARDSTICK_WORLD_FT,
)

FILLET_SHARE = 0.4
"""The most of a yardstick one joint's fillet may take (two joints never overlap)."""
PIVOT_YARDSTICKS = 0.8
"""How much of a yardstick's length a start or end turn swings the nose over (a part
yardstick's turn reaches back into the yardstick before it)."""
EASE_SHARE = 0.25
"""The share of a move over which bank and pitch ease from the last move's."""
BANK_BY_TURN = ((0.0, 0.0), (10.0, 20.0), (20.0, 45.0), (45.0, 60.0), (60.0, 80.0))
"""(degrees turned at a yardstick, bank drawn) — reference §7's figures, interpolated."""
HARD_ROLL_BANK_DEG = 80.0
JINK_BANK_DEG = 30.0
IMMELMANN_RADIUS_FT = BAND_WORLD_FT / 2.0
LOOP_RADIUS_FT = BAND_WORLD_FT
IMMELMANN_WORLD_FT = 3 * YARDSTICK_WORLD_FT
"""The Immelmann's half loop and half roll take the time of three yardsticks (its speed 3),
half each; any speed beyond is flown after them in its own time."""


@dataclass(frozen=True, slots=True)
class TickSample:
    """Where an aircraft is at one tick, and how it sits (world feet, degrees)."""

    t_s: float
    """Seconds into the turn."""
    x_ft: float
    y_ft: float
    z_ft: float
    heading_deg: float
    pitch_deg: float
    """Nose up positive; runs past 90° around a loop."""
    bank_deg: float
    """Right wing down positive."""
    speed_kt: float
    quat_wxyz: tuple[float, float, float, float]
    """The attitude (w, x, y, z), body y forward and z up: from the angles, except in an
    Immelmann's half roll, which turns the shortest way onto its new facing."""


def smooth(u: float) -> float:
    """0 → 1 with zero slope at both ends."""
    u = min(max(u, 0.0), 1.0)
    return u * u * (3.0 - 2.0 * u)


def bank_for_turn(turn_deg: float) -> float:
    """The bank drawn for a turn of ``turn_deg`` at a yardstick (sign kept)."""
    size = min(abs(turn_deg), BANK_BY_TURN[-1][0])
    for (d0, b0), (d1, b1) in pairwise(BANK_BY_TURN):
        if size <= d1:
            bank = b0 + (b1 - b0) * (size - d0) / (d1 - d0)
            return math.copysign(bank, turn_deg) if turn_deg else 0.0
    return math.copysign(BANK_BY_TURN[-1][1], turn_deg)


def _interpolate(knots: list[tuple[float, float]], s: float) -> float:
    if s <= knots[0][0]:
        return knots[0][1]
    for (s0, v0), (s1, v1) in pairwise(knots):
        if s <= s1:
            return v0 if s1 <= s0 else v0 + (v1 - v0) * (s - s0) / (s1 - s0)
    return knots[-1][1]


class MovePath:
    """A move drawn as a continuous path, read at any fraction of the turn."""

    def __init__(self, move: Move, *, start_bank_deg: float = 0.0, start_pitch_deg: float = 0.0):
        self.move = move
        self.start_bank_deg = start_bank_deg
        self.start_pitch_deg = start_pitch_deg
        self.speed_kt = move.plot.speed * MPH_PER_SPEED * KT_PER_MPH
        if move.shape == "yardsticks":
            self._build_track()

    # --- yardstick moves -------------------------------------------------------------
    def _build_track(self) -> None:
        """Straights and fillet arcs along the yardsticks, in lawn feet."""
        move = self.move
        sticks, schedule = move.yardsticks_ft, move.schedule_deg
        n = len(sticks)
        tangents = [0.0] * (n + 1)
        for j in range(1, n):
            if schedule[j]:
                tangents[j] = FILLET_SHARE * min(sticks[j - 1], sticks[j])
        pieces: list[tuple[str, float, float, float, float, float, float]] = []
        # (kind, s0, length, x0, y0, heading0, turn_rad_per_ft)
        s = 0.0
        bank_knots: list[tuple[float, float]] = [(0.0, self.start_bank_deg)]
        for i in range(n):
            x0, y0 = move.line_ft[i]
            heading = move.headings_deg[i]
            fx, fy = math.sin(math.radians(heading)), math.cos(math.radians(heading))
            a, b = tangents[i], tangents[i + 1]
            straight = sticks[i] - a - b
            pieces.append(("line", s, straight, x0 + fx * a, y0 + fy * a, heading, 0.0))
            s += straight
            if i + 1 < n and schedule[i + 1]:
                turn = math.radians(schedule[i + 1])
                radius = b / math.tan(abs(turn) / 2.0)
                length = radius * abs(turn)
                xs, ys = x0 + fx * (sticks[i] - b), y0 + fy * (sticks[i] - b)
                pieces.append(("arc", s, length, xs, ys, heading, turn / length))
                bank_knots.append((s + length / 2.0, bank_for_turn(schedule[i + 1])))
                s += length
        self.pieces = pieces
        self.length_ft = s
        total = max(s, 1e-9)
        window = min(PIVOT_YARDSTICKS * YARDSTICK_LAWN_FT, total)
        self.pivot_start = (-schedule[0], window) if schedule[0] else None
        self.pivot_end = (schedule[-1], window) if n and schedule[-1] else None
        if self.pivot_start:
            bank_knots.append((window, bank_for_turn(schedule[0])))
            bank_knots.sort()
        if self.pivot_end:
            bank_knots.append((total - window / 2.0, bank_for_turn(schedule[-1])))
        group = move.plot.group
        turning = [bank for at, bank in bank_knots[1:]]
        end_bank = turning[-1] if group in ONE_WAY_GROUPS and turning else 0.0
        bank_knots.append((total, end_bank))
        direction = turn_direction(move.plot)
        if group == "hard_roll":
            bank_knots = [
                (0.0, self.start_bank_deg),
                (0.4 * total, direction * HARD_ROLL_BANK_DEG),
                (total, 0.0),
            ]
        elif group == "jink":
            bank_knots = [(0.0, self.start_bank_deg)]
            offset = 0.0
            for index, length in enumerate(sticks):
                sign = 1.0 if index % 2 == 0 else -1.0
                bank_knots.append(
                    ((offset + length / 2.0) / sum(sticks) * total, sign * JINK_BANK_DEG)
                )
                offset += length
            bank_knots.append((total, 0.0))
        self.bank_knots = sorted(bank_knots, key=lambda knot: knot[0])
        climb_ft = move.bands * BAND_WORLD_FT
        self.flight_path_deg = (
            math.degrees(math.atan2(climb_ft, total * WORLD_FT_PER_LAWN_FT)) if s > 0 else 0.0
        )

    def _track(self, s: float) -> tuple[float, float, float]:
        """(x, y, track heading) in lawn feet, ``s`` lawn feet along."""
        if not self.pieces:
            pose = self.move.start
            return pose.x_ft, pose.y_ft, pose.heading_deg
        piece = self.pieces[-1]
        for candidate in self.pieces:
            if s <= candidate[1] + candidate[2]:
                piece = candidate
                break
        kind, s0, length, x0, y0, heading, curvature = piece
        run = min(max(s - s0, 0.0), length)
        h0 = math.radians(heading)
        if kind == "line" or curvature == 0.0:
            return x0 + math.sin(h0) * run, y0 + math.cos(h0) * run, heading
        h1 = h0 + curvature * run
        radius = 1.0 / curvature
        x = x0 + radius * (math.cos(h0) - math.cos(h1))
        y = y0 + radius * (math.sin(h1) - math.sin(h0))
        return x, y, heading + math.degrees(curvature * run)

    def _yardsticks_at(self, fraction: float) -> tuple[float, float, float, float, float, float]:
        total = self.length_ft
        s = fraction * total
        x, y, heading = self._track(s)
        if self.pivot_start and s < self.pivot_start[1]:
            heading += self.pivot_start[0] * (1.0 - smooth(s / self.pivot_start[1]))
        if self.pivot_end and s > total - self.pivot_end[1]:
            heading += self.pivot_end[0] * smooth(
                (s - (total - self.pivot_end[1])) / self.pivot_end[1]
            )
        start, end = self.move.start, self.move.end
        z = (start.band + (end.band - start.band) * fraction) * BAND_WORLD_FT
        ease = smooth(fraction / EASE_SHARE)
        pitch = self.start_pitch_deg + (self.flight_path_deg - self.start_pitch_deg) * ease
        bank = _interpolate(self.bank_knots, s)
        if self.move.plot.group == "barrel_roll":
            bank += turn_direction(self.move.plot) * 360.0 * fraction
        return x * WORLD_FT_PER_LAWN_FT, y * WORLD_FT_PER_LAWN_FT, z, heading, pitch, bank

    # --- the vertical maneuvers ----------------------------------------------------
    def _vertical_at(
        self, fraction: float
    ) -> tuple[float, float, float, float, float, float, tuple[float, float, float, float] | None]:
        move = self.move
        start = move.start
        h0 = start.heading_deg
        fx, fy = start.forward()
        rx, ry = start.right()
        x0, y0 = start.x_ft * WORLD_FT_PER_LAWN_FT, start.y_ft * WORLD_FT_PER_LAWN_FT
        z0 = start.band * BAND_WORLD_FT
        side_ft = move.plot.set_down_ft * WORLD_FT_PER_LAWN_FT
        facing = float(move.plot.facing_deg)
        immelmann = move.shape == "immelmann"
        radius = IMMELMANN_RADIUS_FT if immelmann else LOOP_RADIUS_FT
        sweep = math.pi if immelmann else 2.0 * math.pi
        loop_len = IMMELMANN_WORLD_FT / 2.0 if immelmann else 1.0
        roll_len = IMMELMANN_WORLD_FT / 2.0 if immelmann else 0.0
        after_ft = move.distance_ft * WORLD_FT_PER_LAWN_FT
        total = loop_len + roll_len + after_ft
        w = fraction * total
        if w <= loop_len:
            theta = w / loop_len * sweep
            u = theta / sweep
            x = x0 + fx * radius * math.sin(theta) + rx * side_ft * smooth(u)
            y = y0 + fy * radius * math.sin(theta) + ry * side_ft * smooth(u)
            z = z0 + radius * (1.0 - math.cos(theta))
            heading = h0
            if not immelmann:
                heading += facing * smooth((u - 0.75) / 0.25)
            bank = self.start_bank_deg * (1.0 - smooth(u / EASE_SHARE))
            pitch = self.start_pitch_deg * (1.0 - smooth(u / EASE_SHARE)) + math.degrees(theta)
            return x, y, z, heading, pitch, bank, None
        top_x, top_y = x0 + rx * side_ft, y0 + ry * side_ft
        top_z = z0 + 2.0 * radius
        if w <= loop_len + roll_len:
            v = (w - loop_len) / roll_len
            over = attitude_quaternion(h0 + 180.0, 0.0, 180.0)
            out = attitude_quaternion(h0 + 180.0 + facing, 0.0, 0.0)
            quat = slerp(over, out, v)
            return top_x, top_y, top_z, h0 + 180.0 + facing * v, 0.0, 180.0 * (1.0 - v), quat
        run = w - loop_len - roll_len
        heading = h0 + 180.0 + facing
        hx, hy = math.sin(math.radians(heading)), math.cos(math.radians(heading))
        return top_x + hx * run, top_y + hy * run, top_z, heading, 0.0, 0.0, None

    def at(self, fraction: float) -> TickSample:
        """The aircraft ``fraction`` (0–1) of the way through its turn."""
        fraction = min(max(fraction, 0.0), 1.0)
        quat: tuple[float, float, float, float] | None = None
        if self.move.shape == "yardsticks":
            x, y, z, heading, pitch, bank = self._yardsticks_at(fraction)
        else:
            x, y, z, heading, pitch, bank, quat = self._vertical_at(fraction)
        return TickSample(
            t_s=fraction * TICK_S * TICKS_PER_TURN,
            x_ft=x,
            y_ft=y,
            z_ft=z,
            heading_deg=heading % 360.0,
            pitch_deg=pitch,
            bank_deg=bank,
            speed_kt=self.speed_kt,
            quat_wxyz=quat or attitude_quaternion(heading, pitch, bank),
        )


def move_ticks(
    move: Move,
    *,
    start_bank_deg: float = 0.0,
    start_pitch_deg: float = 0.0,
    ticks: int = TICKS_PER_TURN,
) -> tuple[TickSample, ...]:
    """The samples at ticks 1…``ticks`` of the turn (tick 0 is the last turn's end)."""
    path = MovePath(move, start_bank_deg=start_bank_deg, start_pitch_deg=start_pitch_deg)
    return tuple(path.at(k / ticks) for k in range(1, ticks + 1))


def end_attitude(samples: tuple[TickSample, ...]) -> tuple[float, float]:
    """(bank, pitch) the move ends in, for the next move to start from."""
    last = samples[-1]
    bank = (last.bank_deg + 180.0) % 360.0 - 180.0
    pitch = (last.pitch_deg + 180.0) % 360.0 - 180.0
    return bank, pitch


def attitude_quaternion(
    heading_deg: float, pitch_deg: float, bank_deg: float
) -> tuple[float, float, float, float]:
    """(w, x, y, z) of the attitude (body y forward, z up): turn to the heading (clockwise
    from north), raise the nose by the pitch, then roll right wing down by the bank."""
    yaw = about_axis((0.0, 0.0, 1.0), -math.radians(heading_deg))
    pitch = about_axis((1.0, 0.0, 0.0), math.radians(pitch_deg))
    roll = about_axis((0.0, 1.0, 0.0), math.radians(bank_deg))
    w, x, y, z = product(product(yaw, pitch), roll)
    norm = math.sqrt(w * w + x * x + y * y + z * z)
    return (w / norm, x / norm, y / norm, z / norm)


def quaternion_angle_deg(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The rotation between two attitudes, degrees (q and −q are the same attitude)."""
    dot = min(1.0, abs(sum(p * q for p, q in zip(a, b, strict=True))))
    return math.degrees(2.0 * math.acos(dot))


def slerp(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float], u: float
) -> tuple[float, float, float, float]:
    """The attitude ``u`` of the shortest way from ``a`` to ``b``."""
    dot = sum(p * q for p, q in zip(a, b, strict=True))
    if dot < 0.0:
        b, dot = (-b[0], -b[1], -b[2], -b[3]), -dot
    if dot > 0.9995:
        mixed = tuple(p + (q - p) * u for p, q in zip(a, b, strict=True))
    else:
        angle = math.acos(dot)
        wa = math.sin((1.0 - u) * angle) / math.sin(angle)
        wb = math.sin(u * angle) / math.sin(angle)
        mixed = tuple(wa * p + wb * q for p, q in zip(a, b, strict=True))
    norm = math.sqrt(sum(c * c for c in mixed))
    w, x, y, z = (c / norm for c in mixed)
    return (w, x, y, z)
