"""Per-tick poses of one Phantoms aircraft through one game turn (reference §7).

The rules move a plane a whole hex at a time, and only in the impulses of its speed column
(§6.0), so a literal drawing would hop and stop.  This module draws instead a smooth path
through the hexes the Movement Segments entered and flies it at a steady speed:

- **The path.** Each hex entered is a *node*, drawn from the hexside the plane came in by to
  the hexside it leaves by.  A straight node is a straight line through the centre; a turn
  (60°) or hard turn (120°) is a circular arc tangent to both hexrows half a hex either side
  of the centre (§6.2; reference §7 "Heading"); a sideslip is an S-curve at constant heading
  from the hex before the marker into the slipped hex (ambiguity #10); a loop is an
  Immelmann when its step climbs, a split-S when it dives, otherwise a teardrop reversal
  (ambiguity #11).  Each node's *mark* is its middle: the hex centre on a straight, the
  point nearest the centre on an arc, the vertical on a loop.
- **Levels.** A climb or dive marker hex is one level up or down over the move into that
  hex, eased in and out (45° on average, as a level equals a hex, reference §1).
- **The clock.** Where the plane is drawn at an impulse's end (where that impulse's combat
  segments are shown) must lie inside its rule hex: between the hexside marks of the node
  the rules have it in.  Within that corridor the drawn progress along the path is the
  *taut string*, the shortest time-distance curve: a straight line, i.e. constant speed,
  whenever the corridor allows it (ambiguity #20).  A game turn may end with the plane up
  to half a hex ahead of or behind its rule hex's mark, chosen so that a plane keeping
  its speed flies every turn at one speed; the turn hands that lead, and any maneuver or
  climb it ended in the middle of, to the next (:class:`Carry`).
- **Out of control** (§6.4). The plane holds its mark, yaws round clockwise nose down, and
  eases down a level in each impulse the record says it fell; a crash ends at level 0.

Attitude is written the way :mod:`engine.otl.ticks` writes it: heading clockwise from north,
pitch nose up, bank right wing down, as the unit quaternion (w, x, y, z) of the timeline's
``quat_wxyz`` channel (body y forward, z up).  The rulings are in
``docs/rulings.md (Phantoms)``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from engine.hexmap import Hex
from engine.phantoms.hexgrid import ahead, centre_ft
from engine.phantoms.state import MoveStep
from engine.quaternion import attitude_quaternions
from models.phantoms.common import (
    HEX_FT,
    IMPULSES_PER_TURN,
    LEVEL_FT,
    MANEUVER_CLASS,
    TURN_HEXSIDES,
    TURN_S,
    Maneuver,
)

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int32]

TICKS_PER_TURN: Final = 100
"""Timeline ticks in a game turn: 10 an impulse, or 20 under the five-impulse option."""
TICKS_PER_IMPULSE: Final = TICKS_PER_TURN // IMPULSES_PER_TURN
TICK_S: Final = TURN_S / TICKS_PER_TURN
"""0.25 s."""
SPEED_POINT_FT_S: Final = HEX_FT / TURN_S
"""200 ft/s: a speed-s plane flies s hexes in a 25 s turn (reference §1)."""
G_FT_S2: Final = 32.174
MAX_BANK_DEG: Final = 85.0
"""The coordinated-turn bank is clamped here (reference §7 "Bank")."""
SLIP_BANK_DEG: Final = 40.0
"""Peak roll toward a sideslip (reference §7: 30–45°)."""
JINK_BANK_DEG: Final = 45.0
"""Most bank in the teardrop reversal's short opposite turns."""
SPIN_PITCH_DEG: Final = -45.0
"""Nose-down attitude of an out-of-control plane."""
SPIN_YAW_DEG_PER_TICK: Final = 30.0
"""Nominal yaw rate of a spin (120°/s)."""
MAX_SPIN_YAW_DEG_PER_TICK: Final = 55.0

_HALF_FT: Final = HEX_FT / 2.0
_TEARDROP_RADIUS_FT: Final = 0.75 * HEX_FT / (1.0 + math.sqrt(3.0))
"""A teardrop of three equal-radius arcs reaches (1 + √3)·r ahead of its entry; this puts its
tip a quarter hex past the marker hex centre."""
_SAMPLES: Final = 24
_JOINT_FT: Final = 1e-3
_PACE_MARGIN: Final = 1.5
"""Loops are timed for a drawn speed this much above the speed's own, which the corridor
can ask for where it bends."""
"""Dense path samples per half node."""

Shape = Literal["straight", "turn", "slip", "loop"]


@dataclass(frozen=True, slots=True)
class TurnSamples:
    """One aircraft's per-tick samples for one game turn; tick ``k`` is the pose at
    ``t_s[k] = (k + 1) · 0.25 s`` after the turn began (the turn's start is the previous
    turn's last tick).  Every array has one row per tick."""

    t_s: Floats
    x_ft: Floats
    """East of the mat origin."""
    y_ft: Floats
    """North of the mat origin."""
    z_ft: Floats
    """Altitude (level 0 is the deck)."""
    heading_deg: Floats
    """Nose heading, clockwise from north, in [0, 360)."""
    pitch_deg: Floats
    """Nose above the horizon, −90 to 90."""
    bank_deg: Floats
    """Right wing down positive."""
    quat_wxyz: Floats
    """Shape (ticks, 4): the attitude as the timeline's ``quat_wxyz`` channel."""
    hex_q: Ints
    """The rule hex over each tick: for the ticks of impulse i, where impulse i's
    Movement Segment left the plane (movement opens the impulse, §3.0)."""
    hex_r: Ints
    level: Ints
    """The rule level over each tick (a crash reads 0)."""
    facing: Ints
    """The rule facing over each tick."""
    spinning: npt.NDArray[np.bool_]
    """Drawn out of control (§6.4)."""
    carry: Carry
    """Pass to the next turn's :func:`sample_turn`."""
    crashed: bool


@dataclass(frozen=True, slots=True)
class Carry:
    """What one turn's drawing hands the next, so that it runs on unbroken."""

    lead_ft: float = 0.0
    """How far along its path (over the ground) the plane was left past its rule hex's
    mark (negative: short of it); never more than half a hex."""
    out_of_control: bool = False
    """Out of control at the turn's end (§6.4): the next turn spins."""
    spinning: bool = False
    """Already drawn spinning (not just lost control in the last impulse)."""
    maneuver: Maneuver | None = None
    """The maneuver completed in the hex the plane ended in, whose drawing straddles the
    turns: the next turn draws its second half."""
    climb: int = 0
    """Levels that maneuver climbed (+) or dived (−): a loop's Immelmann or split-S."""
    ramp_from: tuple[float, float, int] | None = None
    """The drawn climb or dive into the hex the plane ended in: where it starts and ends,
    in hexes from that hex's mark (−1 and 0 for a whole move), and the level it starts
    from; the plane may be left on it."""


def sample_turn(
    start_hex: Hex,
    start_facing: int,
    start_level: int,
    steps: Sequence[MoveStep],
    speed_points: int,
    carry: Carry | None = None,
) -> TurnSamples:
    """The per-tick poses of one aircraft over one game turn.

    ``steps`` are its Movement Segments in impulse order, one per impulse (ten, or five
    under the §15.0 option); ``speed_points`` is the speed it flies the turn at (it sets
    the bank of its turns).  ``carry`` is the previous turn's :attr:`TurnSamples.carry`
    (none for the first turn: the plane starts on its hex centre, flying straight, or
    ``Carry(out_of_control=True)``).
    """
    carry = Carry() if carry is None else carry
    out_of_control = carry.out_of_control
    impulses = len(steps)
    if impulses not in (IMPULSES_PER_TURN, IMPULSES_PER_TURN // 2):
        raise ValueError(f"a turn has 10 impulses (or 5 under §15.0), not {impulses}")
    per_impulse = TICKS_PER_TURN // impulses
    speed_ft_s = max(speed_points, 1) * SPEED_POINT_FT_S
    plan = _plan(start_hex, start_facing, start_level, steps, carry)
    # A loop's shape depends on the speed alone, so that a turn that begins halfway
    # through it draws the same loop as the turn that ended there.
    pace_ft_s = _PACE_MARGIN * speed_ft_s
    ramp_from = None if out_of_control else carry.ramp_from
    lead = 0.0 if out_of_control else float(np.clip(carry.lead_ft, -_HALF_FT, _HALF_FT))
    # Starting past the mark (the previous turn drew the rest of the hex level), the
    # first move's climb or dive can only start where the plane starts.
    nu_start = 0.5 if lead > 0.0 else 0.0
    track = _Track.build(plan.nodes, speed_ft_s, pace_ft_s, ramp_from, nu_start)

    impulse_s = TURN_S / impulses
    knot_t = np.arange(impulses + 1, dtype=np.float64) * impulse_s
    lo = np.empty(impulses + 1)
    hi = np.empty(impulses + 1)
    start_at = float(np.interp(track.mark_ground[0] + lead, track.ground, track.s))
    start_s = float(np.clip(start_at, track.entry_s[0], track.exit_s[0]))
    if lead > 0.0:
        nu_start = float(np.interp(start_s, track.s, track.nu))
        track = _Track.build(plan.nodes, speed_ft_s, pace_ft_s, ramp_from, nu_start)
        start_at = float(np.interp(track.mark_ground[0] + lead, track.ground, track.s))
        start_s = float(np.clip(start_at, track.entry_s[0], track.exit_s[0]))
    lo[0] = hi[0] = start_s
    for i in range(impulses):
        node = plan.rule_node[i]
        if plan.pinned[i]:
            lo[i + 1] = hi[i + 1] = track.mark_s[node]
        elif plan.nodes[node].shape == "slip":
            # The slip's first half is still in the marker hex's row: be past it.
            lo[i + 1] = track.mark_s[node]
            hi[i + 1] = track.exit_s[node]
        else:
            lo[i + 1] = track.entry_s[node]
            hi[i + 1] = track.exit_s[node]
    end_lead = (
        0.0
        if plan.pinned[-1]
        else _end_lead_ft(
            track, knot_t, lo, hi, start_s - float(track.mark_s[0]), plan.nodes[-1].shape == "slip"
        )
    )
    lo[-1] = hi[-1] = track.mark_s[-1] + end_lead
    end_lead_ground = float(np.interp(lo[-1], track.s, track.ground) - track.mark_ground[-1])
    lo = np.maximum.accumulate(lo)
    hi = np.minimum.accumulate(hi[::-1])[::-1]
    knot_s = taut_string(knot_t, lo, hi)

    t_s = (np.arange(TICKS_PER_TURN, dtype=np.float64) + 1.0) * TICK_S
    s = np.interp(t_s, knot_t, knot_s)
    x_ft = np.interp(s, track.s, track.x)
    y_ft = np.interp(s, track.s, track.y)
    z_ft = np.interp(s, track.s, track.z)
    heading = np.interp(s, track.s, track.heading)
    pitch = np.interp(s, track.s, track.pitch)
    bank = np.interp(s, track.s, track.bank)

    spinning = np.zeros(TICKS_PER_TURN, dtype=bool)
    _overlay_spin(plan, track, steps, per_impulse, spinning, heading, pitch, bank, z_ft)
    if plan.crash_impulse is not None:
        last = (plan.crash_impulse + 1) * per_impulse - 1
        for array in (x_ft, y_ft, z_ft, heading, pitch, bank):
            array[last + 1 :] = array[last]
        spinning[last + 1 :] = False

    rows = [i for i in range(impulses) for _ in range(per_impulse)]
    return TurnSamples(
        t_s=t_s,
        x_ft=x_ft,
        y_ft=y_ft,
        z_ft=z_ft,
        heading_deg=np.mod(heading, 360.0),
        pitch_deg=pitch,
        bank_deg=bank,
        quat_wxyz=attitude_quaternions(heading, pitch, bank),
        hex_q=np.array([steps[i].to_hex.q for i in rows], dtype=np.int32),
        hex_r=np.array([steps[i].to_hex.r for i in rows], dtype=np.int32),
        level=np.array(
            [0 if steps[i].kind == "crash" else max(steps[i].to_level, 0) for i in rows],
            dtype=np.int32,
        ),
        facing=np.array([steps[i].to_facing % 6 for i in rows], dtype=np.int32),
        spinning=spinning,
        carry=_carry(plan, track, end_lead_ground, ramp_from, bool(spinning[-1])),
        crashed=plan.crash_impulse is not None,
    )


def _end_lead_ft(
    track: _Track, knot_t: Floats, lo: Floats, hi: Floats, lead_ft: float, slipped: bool
) -> float:
    """Where to leave the plane at the turn's end, relative to its rule hex's mark.

    A plane flying s hexes a turn at a steady speed follows the line ``mark₀ + c + v·t``;
    the leads ``c`` for which that line stays in every impulse's corridor make a range.
    Keep the lead the turn began with when it is in range (then the plane flies the whole
    turn at one speed); else take the nearest in range, or the middle of the conflict when
    none is.  The lead never passes half a hex, nor the last node's drawn halves."""
    start, end = float(track.mark_s[0]), float(track.mark_s[-1])
    rate = (end - start) / float(knot_t[-1])
    line = start + rate * knot_t[1:-1]
    low = float(np.max(lo[1:-1] - line, initial=-math.inf))
    high = float(np.min(hi[1:-1] - line, initial=math.inf))
    floor = max(float(track.entry_s[-1]) - end, -_HALF_FT)
    if slipped:
        floor = 0.0
    ceiling = min(float(track.exit_s[-1]) - end, _HALF_FT)
    choice = min(max(lead_ft, low), high) if low <= high else (low + high) / 2.0
    return min(max(choice, floor), ceiling)


def coordinated_bank_deg(speed_ft_s: float, radius_ft: float) -> float:
    """The bank of a level coordinated turn, tan φ = v² / (g R), clamped to 85°."""
    return min(math.degrees(math.atan2(speed_ft_s**2, G_FT_S2 * radius_ft)), MAX_BANK_DEG)


def turn_radius_ft(hexsides: int) -> float:
    """The drawn radius of a turn of ``hexsides`` (1: 60°, 2: 120°): an arc tangent to both
    hexrows half a hex from the marker hex centre, R = (hex/2) / tan(θ/2)."""
    return _HALF_FT / math.tan(math.radians(30.0 * abs(hexsides)))


def taut_string(t: Floats, lo: Floats, hi: Floats) -> Floats:
    """The values at the knots ``t`` of the shortest piecewise-linear curve with
    ``lo ≤ curve ≤ hi`` at every knot, from ``lo[0]`` to ``lo[-1]`` (the first and last
    knots must have ``lo == hi``).  It is a straight line wherever the corridor allows, so
    the drawn speed changes only where the rules force it."""
    n = len(t)
    out = np.empty(n)
    a = 0
    pa = float(lo[0])
    out[0] = pa
    while a < n - 1:
        slope_min, slope_max = -math.inf, math.inf
        arg_min = arg_max = a
        bend: tuple[int, float] | None = None
        for j in range(a + 1, n):
            dt = float(t[j] - t[a])
            s_lo = (float(lo[j]) - pa) / dt
            s_hi = (float(hi[j]) - pa) / dt
            if s_lo > slope_max:
                bend = (arg_max, float(hi[arg_max]))
                break
            if s_hi < slope_min:
                bend = (arg_min, float(lo[arg_min]))
                break
            if s_lo > slope_min:
                slope_min, arg_min = s_lo, j
            if s_hi < slope_max:
                slope_max, arg_max = s_hi, j
        if bend is None:
            bend = (n - 1, float(lo[n - 1]))
        b, pb = bend
        span = t[a : b + 1] - t[a]
        out[a : b + 1] = pa + (pb - pa) * span / float(t[b] - t[a])
        a, pa = b, pb
    return out


# -- the plan: nodes, rule hexes and control, read from the MoveSteps ----------------------


@dataclass(slots=True)
class _Node:
    """One hex on the drawn path."""

    hex: Hex
    heading_in_deg: float
    """Unwrapped: headings run on continuously through the turn."""
    heading_out_deg: float
    shape: Shape
    level_in: int
    """The level on reaching the mark (after the step's climb or dive)."""
    level_out: int
    """The level on leaving it (after any falls while out of control)."""
    climb: int = 0
    """Levels gained (+) or lost (−) on entering this hex."""
    maneuver: Maneuver | None = None
    """The maneuver completed on entering this hex."""
    pivot_out_deg: float | None = None
    """Set when the plane recovered here (§6.4): it leaves on this heading from the mark."""
    slip_side: int = 0
    """+1 right, −1 left for a sideslip."""


@dataclass(slots=True)
class _Plan:
    nodes: list[_Node]
    rule_node: list[int] = field(default_factory=list)
    """Per impulse: the node the rules have the plane in after its Movement Segment."""
    pinned: list[bool] = field(default_factory=list)
    """Per impulse: out of control (or crashed) at its end, so held on its mark."""
    spin: list[bool] = field(default_factory=list)
    """Per impulse: drawn spinning."""
    out_of_control_at_start: bool = False
    spinning_at_start: bool = False
    out_of_control_at_end: bool = False
    crash_impulse: int | None = None


def _shape(maneuver: Maneuver | None) -> Shape:
    kind = MANEUVER_CLASS[maneuver] if maneuver is not None else "straight"
    if kind in ("turn", "hard_turn"):
        return "turn"
    if kind == "sideslip":
        return "slip"
    if kind == "loop":
        return "loop"
    return "straight"


def _plan(
    start_hex: Hex,
    start_facing: int,
    start_level: int,
    steps: Sequence[MoveStep],
    carry: Carry,
) -> _Plan:
    heading = 60.0 * start_facing
    first = _Node(start_hex, heading, heading, "straight", start_level, start_level)
    if carry.maneuver is not None and not carry.out_of_control:
        shape = _shape(carry.maneuver)
        first.shape = shape
        first.maneuver = carry.maneuver
        first.heading_in_deg = heading - 60.0 * TURN_HEXSIDES[carry.maneuver]
        first.climb = carry.climb if shape == "loop" else 0
        first.slip_side = 1 if carry.maneuver == "RS" else -1
    plan = _Plan([first], out_of_control_at_start=carry.out_of_control)
    plan.spinning_at_start = carry.out_of_control and carry.spinning
    here, facing, level = start_hex, start_facing, start_level
    ooc = carry.out_of_control
    for step in steps:
        node = plan.nodes[-1]
        spin = False
        if plan.crash_impulse is not None:
            pass
        elif step.kind in ("fall", "crash"):
            spin = True
            ooc = True
            level = 0 if step.kind == "crash" else step.to_level
            node.level_out = max(level, 0)
            if step.kind == "crash":
                plan.crash_impulse = len(plan.rule_node)
        elif step.kind == "still":
            spin = ooc
        elif step.kind == "recover":
            spin = True
            ooc = False
            turned = 60.0 * ((step.to_facing - facing) % 6)
            heading += turned
            node.pivot_out_deg = heading
            node.heading_out_deg = heading
            facing = step.to_facing % 6
        if step.kind in ("move", "recover") and plan.crash_impulse is None:
            here, facing, level, heading = _enter(plan, step, here, facing, level, heading)
            if step.kind == "move" and step.speed <= 0:
                ooc = True
        plan.rule_node.append(len(plan.nodes) - 1)
        plan.pinned.append(ooc or plan.crash_impulse is not None)
        plan.spin.append(spin)
    plan.out_of_control_at_end = ooc and plan.crash_impulse is None
    return plan


def _carry(
    plan: _Plan,
    track: _Track,
    lead_ft: float,
    ramp_from: tuple[float, float, int] | None,
    spinning: bool,
) -> Carry:
    last = plan.nodes[-1]
    drawn_through = last.maneuver is not None and last.pivot_out_deg is None
    moves = len(plan.nodes) - 1
    ramp = ramp_from
    if plan.out_of_control_at_end:
        ramp = None
    elif moves > 0:
        ramp = (track.ramp_start_ft, track.ramp_end_ft, plan.nodes[-2].level_out)
    return Carry(
        lead_ft=lead_ft,
        out_of_control=plan.out_of_control_at_end,
        spinning=plan.out_of_control_at_end and spinning,
        maneuver=last.maneuver if drawn_through else None,
        climb=last.climb if drawn_through else 0,
        ramp_from=ramp,
    )


def _entered_hexes(step: MoveStep, here: Hex, facing: int) -> list[Hex]:
    """The hexes a step moved into, one node each: a sideslip's marker hex is folded into
    the slip (the plane is drawn straight into the slipped hex)."""
    entered = list(step.path)
    if not entered and step.to_hex != here:
        entered = [step.to_hex]
    if not entered:
        return []
    sideslip = step.maneuver is not None and MANEUVER_CLASS[step.maneuver] == "sideslip"
    if sideslip and len(entered) >= 2 and entered[-1] != ahead(entered[-2], facing):
        entered.pop(-2)
    entered[-1] = step.to_hex
    return entered


def _enter(
    plan: _Plan, step: MoveStep, here: Hex, facing: int, level: int, heading: float
) -> tuple[Hex, int, int, float]:
    entered = _entered_hexes(step, here, facing)
    if not entered:
        return here, facing, level, heading
    change = step.level_change
    per_hex = [0] * len(entered)
    sign = 1 if change > 0 else -1
    for k in range(abs(change)):
        per_hex[max(len(entered) - 1 - k, 0)] += sign
    for k, hex_ in enumerate(entered):
        last = k == len(entered) - 1
        maneuver = step.maneuver if last else None
        shape = _shape(maneuver)
        turned = 60.0 * TURN_HEXSIDES[maneuver] if maneuver is not None else 0.0
        new_level = level + per_hex[k]
        node = _Node(
            hex_,
            heading,
            heading + turned,
            shape,
            new_level,
            new_level,
            climb=per_hex[k],
            maneuver=maneuver,
            slip_side=1 if maneuver == "RS" else -1,
        )
        plan.nodes.append(node)
        heading += turned
        level = new_level
    plan.nodes[-1].level_in = plan.nodes[-1].level_out = step.to_level
    return step.to_hex, step.to_facing % 6, step.to_level, heading


# -- the drawn path ---------------------------------------------------------------------


def _dir(heading_deg: float) -> Floats:
    h = math.radians(heading_deg)
    return np.array([math.sin(h), math.cos(h)])


def _right(heading_deg: float) -> Floats:
    h = math.radians(heading_deg)
    return np.array([math.cos(h), -math.sin(h)])


def _smooth(u: Floats) -> Floats:
    c = np.clip(u, 0.0, 1.0)
    out: Floats = c * c * (3.0 - 2.0 * c)
    return out


def _bump(u: Floats, ramp: float = 0.45) -> Floats:
    """0 at both ends, 1 in the middle, eased in and out over ``ramp`` of the span."""
    return _smooth(np.minimum(u, 1.0 - u) / ramp)


@dataclass(slots=True)
class _Piece:
    """Dense samples of part of a node: horizontal position, height relative to the
    node's base (NaN: follow the level ramps), heading and bank."""

    xy: Floats
    z_rel: Floats
    heading: Floats
    bank: Floats

    @staticmethod
    def join(pieces: list[_Piece]) -> _Piece:
        return _Piece(
            np.concatenate([p.xy for p in pieces]),
            np.concatenate([p.z_rel for p in pieces]),
            np.concatenate([p.heading for p in pieces]),
            np.concatenate([p.bank for p in pieces]),
        )

    @property
    def end(self) -> Floats:
        end: Floats = self.xy[-1]
        return end


def _line(
    start: Floats,
    end: Floats,
    heading_deg: float,
    bank: tuple[float, float] = (0.0, 0.0),
    z_rel: tuple[float, float] | None = None,
    n: int = _SAMPLES,
) -> _Piece:
    u = np.linspace(0.0, 1.0, n)
    xy = start + (end - start) * u[:, None]
    roll = bank[0] + (bank[1] - bank[0]) * _smooth(u)
    z = np.full(n, np.nan) if z_rel is None else z_rel[0] + (z_rel[1] - z_rel[0]) * u
    return _Piece(xy, z, np.full(n, heading_deg), roll)


def _arc(
    start: Floats, heading_deg: float, turn_deg: float, radius_ft: float, bank_deg: float
) -> _Piece:
    """A level arc turning ``turn_deg`` (clockwise positive) with the bank eased in and out
    to ``bank_deg`` toward the turn."""
    side = 1.0 if turn_deg > 0 else -1.0
    n = 2 * max(int(abs(turn_deg) / 10.0), _SAMPLES // 2) + 1  # odd: a sample at mid-arc
    u = np.linspace(0.0, 1.0, n)
    psi = np.radians(heading_deg + turn_deg * u)
    centre = start + side * radius_ft * _right(heading_deg)
    xy = centre - side * radius_ft * np.stack([np.cos(psi), -np.sin(psi)], axis=-1)
    return _Piece(xy, np.full(n, np.nan), heading_deg + turn_deg * u, side * bank_deg * _bump(u))


def _vertical_quarter(
    start: Floats,
    forward: Floats,
    radius_ft: float,
    up: float,
    z0: float,
    heading_deg: float,
    bank_deg: tuple[float, float],
    rising: bool,
) -> _Piece:
    """A quarter of a vertical loop: level to vertical (``rising``: forward and up/down)
    or vertical to level (moving back along ``-forward``), rolling steadily through
    ``bank_deg``."""
    a = np.linspace(0.0, math.pi / 2.0, _SAMPLES)
    if rising:
        along = radius_ft * np.sin(a)
        z = z0 + up * radius_ft * (1.0 - np.cos(a))
    else:
        along = -radius_ft * (1.0 - np.cos(a))
        z = z0 + up * radius_ft * np.sin(a)
    xy = start + along[:, None] * forward
    roll = np.linspace(bank_deg[0], bank_deg[1], _SAMPLES)
    return _Piece(xy, z, np.full(_SAMPLES, heading_deg), roll)


def _node_pieces(
    node: _Node, entry: Floats, speed_ft_s: float, pace_ft_s: float
) -> tuple[_Piece, _Piece]:
    """The two halves of a node (entry hexside to mark, mark to exit hexside)."""
    centre = np.array(centre_ft(node.hex))
    h_in, h_out = node.heading_in_deg, node.heading_out_deg
    if node.shape == "turn":
        turn = h_out - h_in
        radius = _HALF_FT / math.tan(math.radians(abs(turn) / 2.0))
        bank = coordinated_bank_deg(speed_ft_s, radius)
        whole = _arc(entry, h_in, turn, radius, bank)
        first, second = _split(whole, len(whole.heading) // 2)
    elif node.shape == "slip":
        exit_ = centre + _HALF_FT * _dir(h_in)
        first, second = _slip(entry, exit_, h_in, node.slip_side)
    elif node.shape == "loop" and node.climb != 0:
        first, second = _vertical_loop(entry, h_in, node.climb, pace_ft_s)
    elif node.shape == "loop":
        first, second = _teardrop(entry, h_in, speed_ft_s)
    else:
        first = _line(entry, centre, h_in)
        second = _line(centre, centre + _HALF_FT * _dir(h_out), h_out)
    if node.pivot_out_deg is not None:
        mark = first.end
        second = _line(mark, centre + _HALF_FT * _dir(node.pivot_out_deg), node.pivot_out_deg)
    return first, second


def _split(piece: _Piece, index: int) -> tuple[_Piece, _Piece]:
    def part(sl: slice) -> _Piece:
        return _Piece(piece.xy[sl], piece.z_rel[sl], piece.heading[sl], piece.bank[sl])

    return part(slice(0, index + 1)), part(slice(index, None))


def _slip(entry: Floats, exit_: Floats, heading_deg: float, side: int) -> tuple[_Piece, _Piece]:
    """A sideslip at constant heading: forward steadily, sideways on an eased S, rolled
    toward the slip and back (ambiguity #10; reference §7)."""
    n = 2 * _SAMPLES + 1
    u = np.linspace(0.0, 1.0, n)
    move = exit_ - entry
    forward = float(move @ _dir(heading_deg))
    sideways = float(move @ _right(heading_deg))
    xy = (
        entry
        + (forward * u)[:, None] * _dir(heading_deg)
        + (sideways * _smooth(u))[:, None] * _right(heading_deg)
    )
    toward = math.copysign(1.0, sideways) if sideways else float(side)
    whole = _Piece(
        xy,
        np.full(n, np.nan),
        np.full(n, heading_deg),
        toward * SLIP_BANK_DEG * np.sin(math.pi * u),
    )
    return _split(whole, n // 2)


def _vertical_loop(
    entry: Floats, heading_deg: float, climb: int, speed_ft_s: float
) -> tuple[_Piece, _Piece]:
    """An Immelmann (``climb`` > 0) or a split-S (< 0) of ``|climb|`` levels, ending over or
    under its entry point on the reverse heading (ambiguity #11).

    In the vertical the heading swings round 180° with the bank, which leaves the attitude
    unchanged (at pitch ±90° only heading − bank, or heading + bank, matters); so the
    heading, pitch and bank channels stay continuous as well as the quaternion."""
    up = 1.0 if climb > 0 else -1.0
    height = abs(climb) * LEVEL_FT
    tick_ft = speed_ft_s * TICK_S
    vertical = min(0.6 * height, 8.0 * tick_ft)
    radius = (height - vertical) / 2.0
    run = max(_HALF_FT - radius, 4.0 * tick_ft)
    forward = _dir(heading_deg)
    h, back = heading_deg, heading_deg + 180.0
    p1 = entry + run * forward
    p2 = p1 + radius * forward
    immelmann = climb > 0
    # The half roll (upright at the top of an Immelmann, inverted into a split-S) is spread
    # over the quarter loop next to it and the straight run.
    bank_in = (0.0, 0.0) if immelmann else (0.0, 90.0)
    bank_pull = (0.0, 0.0) if immelmann else (90.0, 180.0)
    bank_top = 0.0 if immelmann else 180.0
    bank_over = (180.0, 90.0) if immelmann else (0.0, 0.0)
    bank_out = (90.0, 0.0) if immelmann else (0.0, 0.0)
    level_run = _line(entry, p1, h, bank_in, (0.0, 0.0))
    pull = _vertical_quarter(p1, forward, radius, up, 0.0, h, bank_pull, rising=True)
    z_mid = up * (radius + vertical / 2.0)

    def sweep(z0: float, z1: float, h0: float, b0: float) -> _Piece:
        u = np.linspace(0.0, 1.0, _SAMPLES)
        turn = 90.0 * u
        roll = b0 + (turn if immelmann else -turn)
        return _Piece(np.repeat(p2[None, :], _SAMPLES, axis=0), z0 + (z1 - z0) * u, h0 + turn, roll)

    climb_a = sweep(up * radius, z_mid, h, bank_top)
    climb_b = sweep(z_mid, up * (radius + vertical), h + 90.0, 90.0)
    over = _vertical_quarter(
        p2, forward, radius, up, up * (radius + vertical), back, bank_over, rising=False
    )
    level_out = _line(p1, entry, back, bank_out, (up * height, up * height))
    return _Piece.join([level_run, pull, climb_a]), _Piece.join([climb_b, over, level_out])


def _teardrop(entry: Floats, heading_deg: float, speed_ft_s: float) -> tuple[_Piece, _Piece]:
    """A hard level reversal drawn as a teardrop: 60° away to the left, 300° round to the
    right, 60° back to the left, closing on its entry point on the reverse heading (equal
    radii close it exactly).  The loop's three hexsides are clockwise (§6.2)."""
    radius = _TEARDROP_RADIUS_FT
    bank = coordinated_bank_deg(speed_ft_s, radius)
    jink = min(bank, JINK_BANK_DEG)
    away = _arc(entry, heading_deg, -60.0, radius, jink)
    round_ = _arc(away.end, heading_deg - 60.0, 300.0, radius, bank)
    back = _arc(round_.end, heading_deg + 240.0, -60.0, radius, jink)
    first, second = _split(round_, len(round_.heading) // 2)
    return _Piece.join([away, first]), _Piece.join([second, back])


@dataclass(frozen=True, slots=True)
class _Track:
    """The turn's drawn path, densely sampled from the first node's entry on: 3-D arc length
    ``s`` and the pose at each sample, with each node's entry, mark and exit positions."""

    s: Floats
    nu: Floats
    """Node coordinate: k at node k's mark, k ∓ ½ at its hexsides."""
    x: Floats
    y: Floats
    z: Floats
    heading: Floats
    pitch: Floats
    bank: Floats
    entry_s: Floats
    mark_s: Floats
    exit_s: Floats
    mark_heading_in: Floats
    mark_heading_out: Floats
    ground: Floats
    """Distance along the path over the ground."""
    mark_ground: Floats
    ramp_start_ft: float
    """Where the ramp into the last node starts, over the ground from its mark."""
    ramp_end_ft: float

    @staticmethod
    def build(
        nodes: list[_Node],
        speed_ft_s: float,
        pace_ft_s: float,
        ramp_from: tuple[float, float, int] | None = None,
        nu_start: float = 0.0,
    ) -> _Track:
        """``speed_ft_s`` sets the banks of turns, ``pace_ft_s`` (the speed the path is
        drawn at) how long a loop's rolls and vertical are, so they take a few ticks;
        ``ramp_from`` and ``nu_start`` place the level ramps (:func:`_level_knots`)."""
        entry = _first_entry(nodes[0])
        parts: list[tuple[_Piece, float, float, float]] = []
        """(piece, ν at its start, ν at its end, base height in ft); a first half ends at
        its node's ν = k, a second half starts there."""
        heading_in: list[float] = []
        heading_out: list[float] = []
        for k, node in enumerate(nodes):
            first, second = _node_pieces(node, entry, speed_ft_s, pace_ft_s)
            entry = second.end
            base = (node.level_in - node.climb) * LEVEL_FT
            parts.append((first, k - 0.5, float(k), base))
            parts.append((second, float(k), k + 0.5, base))
            heading_in.append(float(first.heading[-1]))
            heading_out.append(float(second.heading[0]))
        xs, rel, hs, bs, nus, befores, index = [], [], [], [], [], [], []
        for piece, nu0, nu1, base in parts:
            xyz = np.column_stack([piece.xy, np.nan_to_num(piece.z_rel)])
            steps = np.linalg.norm(np.diff(xyz, axis=0), axis=1)
            run = np.concatenate([[0.0], np.cumsum(steps)])
            share = run / run[-1] if run[-1] > 0 else np.linspace(0.0, 1.0, len(run))
            nus.append(nu0 + (nu1 - nu0) * share)
            rel.append(np.where(np.isnan(piece.z_rel), np.nan, base + piece.z_rel))
            befores.append(np.full(len(run), nu1 == round(nu1)))
            xs.append(piece.xy)
            hs.append(piece.heading)
            bs.append(piece.bank)
            index.append(len(piece.heading))
        xy = np.concatenate(xs)
        nu_all = np.concatenate(nus)
        # Leads and level ramps are measured along the path's own shape, over the ground
        # (and up and over a vertical loop), leaving out the level ramps: the same in the
        # turn that ends in a hex and the turn that starts there, and a climb is as steep
        # through a tight arc as along a hexrow.
        shaped = np.column_stack([xy, np.nan_to_num(np.concatenate(rel))])
        flat = np.linalg.norm(np.diff(shaped, axis=0), axis=1)
        flat[np.cumsum(index)[:-1] - 1] = 0.0
        ground = np.concatenate([[0.0], np.cumsum(flat)])
        mark_ground = float(ground[int(np.cumsum(index)[0]) - 1])
        carried = ramp_from is not None and not (nodes[0].shape == "loop" and nodes[0].climb)
        first_arrive = None
        if carried and ramp_from is not None:
            first_arrive = float(np.interp(mark_ground + ramp_from[1], ground, nu_all))
        knots_nu, knots_z, ramp_start, ramp_end = _level_knots(nodes, first_arrive, nu_start)
        knots_ground = np.interp(knots_nu, nu_all, ground)
        if carried and ramp_from is not None:
            knots_ground = np.concatenate([[mark_ground + ramp_from[0]], knots_ground])
            knots_z = np.concatenate([[ramp_from[2] * LEVEL_FT], knots_z])
        before = np.concatenate(befores)
        ramp = np.where(
            before,
            _ramp(knots_ground, knots_z, ground, before=True),
            _ramp(knots_ground, knots_z, ground, before=False),
        )
        explicit = np.concatenate(rel)
        z = np.where(np.isnan(explicit), ramp, explicit)
        heading = np.concatenate(hs)
        d = np.diff(np.column_stack([xy, z]), axis=0)
        length = np.linalg.norm(d, axis=1)
        # Consecutive pieces share their joint.  The joint costs no distance (a fall or a
        # recovery turn drawn there by the spin is not flown along the path) but a hair,
        # so that the pose just before it is the one read at the mark.
        joints = np.cumsum(index)[:-1] - 1
        length[joints] = _JOINT_FT
        s = np.concatenate([[0.0], np.cumsum(length)])
        h = np.radians(heading[:-1])
        along = d[:, 0] * np.sin(h) + d[:, 1] * np.cos(h)
        seg_pitch = np.where(length > 1e-6, np.degrees(np.arctan2(d[:, 2], along)), np.nan)
        seg_pitch[joints] = np.nan
        pitch = _fill_nan(np.concatenate([seg_pitch, seg_pitch[-1:]]))
        starts = np.concatenate([[0], np.cumsum(index)])
        # parts: (first half, second half) for each node.
        mark = [int(starts[2 * k + 1]) - 1 for k in range(len(nodes))]
        first_at = [int(starts[2 * k]) for k in range(len(nodes))]
        last_at = [int(starts[2 * k + 2]) - 1 for k in range(len(nodes))]
        return _Track(
            s=s,
            nu=nu_all,
            x=xy[:, 0].copy(),
            y=xy[:, 1].copy(),
            z=z,
            heading=heading,
            pitch=pitch,
            bank=np.concatenate(bs),
            entry_s=s[first_at],
            mark_s=s[mark],
            exit_s=s[last_at],
            mark_heading_in=np.array(heading_in),
            mark_heading_out=np.array(heading_out),
            ground=ground,
            mark_ground=ground[mark],
            ramp_start_ft=float(np.interp(ramp_start, nu_all, ground)) - float(ground[mark[-1]]),
            ramp_end_ft=float(np.interp(ramp_end, nu_all, ground)) - float(ground[mark[-1]]),
        )


def _first_entry(node: _Node) -> Floats:
    """Where the turn's first node was entered (the previous turn drew most of its first
    half)."""
    centre = np.array(centre_ft(node.hex))
    if node.shape == "slip":
        facing = round(node.heading_in_deg / 60.0)
        before = node.hex.neighbour(60 * ((facing + 3 + node.slip_side) % 6))
        entry: Floats = np.array(centre_ft(before)) + _HALF_FT * _dir(node.heading_in_deg)
        return entry
    start: Floats = centre - _HALF_FT * _dir(node.heading_in_deg)
    return start


def _level_knots(
    nodes: list[_Node], first_arrive: float | None, nu_start: float
) -> tuple[Floats, Floats, float, float]:
    """(ν, z) knots of the level ramps, and where the ramp into the last node starts and
    ends (ν).

    Each move's climb or dive is eased over one hex of path from the last mark to this
    one; a vertical loop owns its node's span instead.  When the first move starts past
    its mark (``nu_start``) its ramp starts there and runs a hex on, up to half a hex past
    the marker hex's mark, and the ramps after it catch up.  The first node's own ramp,
    as the previous turn drew it, ends at ``first_arrive`` (its start is added by the
    caller)."""
    nu: list[float] = []
    z: list[float] = []
    arrive = 0.0 if first_arrive is None else max(first_arrive, 0.0)
    start = 0.0
    for k, node in enumerate(nodes):
        looping = node.shape == "loop" and node.climb != 0
        if k == 0 and not looping:
            start = arrive
        elif looping:
            start, arrive = k - 0.5, k + 0.5
            nu.append(start)
            z.append((node.level_in - node.climb) * LEVEL_FT)
        elif node.climb:
            start = max(arrive, nu_start if k == 1 else 0.0)
            nu.append(start)
            z.append(nodes[k - 1].level_out * LEVEL_FT)
            arrive = min(start + 1.0, k + 0.5)
            after = nodes[k + 1] if k + 1 < len(nodes) else None
            if after is not None and after.shape == "loop" and after.climb:
                arrive = min(arrive, k + 0.5)
        else:
            start, arrive = max(arrive, float(k)), max(arrive, float(k))
        nu += [arrive, arrive]
        z += [node.level_in * LEVEL_FT, node.level_out * LEVEL_FT]
    return np.array(nu), np.array(z), start, arrive


def _ramp(knots_nu: Floats, knots_z: Floats, nu: Floats, before: bool) -> Floats:
    """Heights at ``nu`` on the eased level ramps; at a mark with two knots (a fall there)
    ``before`` reads the level on arriving, otherwise the level on leaving."""
    i = np.searchsorted(knots_nu, nu, side="left" if before else "right") - 1
    i = np.clip(i, 0, len(knots_nu) - 1)
    j = np.minimum(i + 1, len(knots_nu) - 1)
    span = knots_nu[j] - knots_nu[i]
    u = np.where(span > 0, (nu - knots_nu[i]) / np.where(span > 0, span, 1.0), 1.0)
    z: Floats = knots_z[i] + (knots_z[j] - knots_z[i]) * _smooth(u)
    return np.where(nu < knots_nu[0], knots_z[0], z)


def _fill_nan(values: Floats) -> Floats:
    out = values.copy()
    for i in range(1, len(out)):
        if np.isnan(out[i]):
            out[i] = out[i - 1]
    for i in range(len(out) - 2, -1, -1):
        if np.isnan(out[i]):
            out[i] = out[i + 1]
    return np.nan_to_num(out)


# -- out of control ------------------------------------------------------------------------


def _ease(u: Floats, start: bool, stop: bool) -> Floats:
    """0 → 1 with zero rate at a fresh ``start`` and at a ``stop``; otherwise the rate
    carries on steadily across a turn's boundary."""
    if start and stop:
        return _smooth(u)
    if start:
        out: Floats = u * u * (2.0 - u)
        return out
    if stop:
        v = 1.0 - u
        back: Floats = 1.0 - v * v * (2.0 - v)
        return back
    return u


def _overlay_spin(
    plan: _Plan,
    track: _Track,
    steps: Sequence[MoveStep],
    per_impulse: int,
    spinning: npt.NDArray[np.bool_],
    heading: Floats,
    pitch: Floats,
    bank: Floats,
    z_ft: Floats,
) -> None:
    """Draw each run of out-of-control impulses as a spin on the node's mark: yawing round
    clockwise, nose down, sinking a level in each impulse it fell (§6.4)."""
    i = 0
    count = len(steps)
    while i < count:
        if not plan.spin[i]:
            i += 1
            continue
        first = i
        while i + 1 < count and plan.spin[i + 1] and steps[i].kind != "recover":
            i += 1
        last = i
        i += 1
        k0, k1 = first * per_impulse, (last + 1) * per_impulse
        n = k1 - k0
        held = plan.rule_node[first - 1] if first > 0 else 0
        fresh = not (first == 0 and plan.spinning_at_start)
        recovers = steps[last].kind == "recover"
        h0 = float(track.mark_heading_in[held])
        if plan.crash_impulse == last:
            turn = SPIN_YAW_DEG_PER_TICK * n
        else:
            h_end = (
                float(track.mark_heading_out[held]) if recovers else 60.0 * steps[last].to_facing
            )
            turn = _spin_turn_deg((h_end - h0) % 360.0, n, fresh, recovers)
        u = (np.arange(n, dtype=np.float64) + 1.0) / n
        heading[k0:k1] = h0 + turn * _ease(u, fresh, recovers)
        weight = np.ones(n)
        ramp = (np.arange(per_impulse, dtype=np.float64) + 1.0) / per_impulse
        if fresh:
            weight[:per_impulse] = np.minimum(weight[:per_impulse], _smooth(ramp))
        if recovers:
            weight[-per_impulse:] = np.minimum(weight[-per_impulse:], _smooth(1.0 - ramp))
        pitch[k0:k1] = pitch[k0:k1] * (1.0 - weight) + SPIN_PITCH_DEG * weight
        bank[k0:k1] = bank[k0:k1] * (1.0 - weight)
        spinning[k0:k1] = True
        for impulse in range(first, last + 1):
            step = steps[impulse]
            if step.kind not in ("fall", "crash", "still"):
                continue
            start = step.from_level
            end = 0 if step.kind == "crash" else (step.to_level if step.kind == "fall" else start)
            rows = slice(impulse * per_impulse, (impulse + 1) * per_impulse)
            z_ft[rows] = (start + (end - start) * _smooth(ramp)) * LEVEL_FT
            z_ft[rows] = np.maximum(z_ft[rows], 0.0)


def _spin_turn_deg(change_deg: float, ticks: int, fresh: bool, recovers: bool) -> float:
    """The yaw of a spin over ``ticks``: the heading change plus whole turns, as near the
    nominal rate as the easing allows under the maximum."""
    peak = 1.5 if fresh and recovers else (4.0 / 3.0 if fresh or recovers else 1.0)
    turns = max(0, round((SPIN_YAW_DEG_PER_TICK * ticks - change_deg) / 360.0))
    while turns > 0 and (change_deg + 360.0 * turns) / ticks * peak > MAX_SPIN_YAW_DEG_PER_TICK:
        turns -= 1
    return change_deg + 360.0 * turns
