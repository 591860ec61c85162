"""Moving a segment on the map: the 3D move (Fm, Gm) and the 2D move (Hm, Im).

Rulebook, "Movement (Meta Steps Fm through Jm)":

* **3D move.** A segment's FP are counted out on the 3D Movement aid inside the wedge of the
  Velocity's pitch ring; the dot reached gives a horizontal move in hexes (H) and an altitude
  change in steps (V).  On the rebuilt diagram (:mod:`engine.move_diagram`, 8 hexes and 16
  steps) a move of n FP may end on any dot of the Velocity's ring colour that belongs to a
  cell n cells out: its centre, or an edge dot touching it (a dot cut by two wedges is legal
  for either).  Beyond the diagram each FP is one unit of slant range (a half rounded up)
  and the ring comes from the "Bearing Pitch Ring" formulas.
* **2D move.** Any hex at distance H inside the Velocity heading's wedge is a legal end hex
  (a hex on a wedge border is legal for either side).  At ±90 any direction is legal.

Among legal choices the player picks.  furball's default follows the true direction of the
movement vector: the (H, V) whose climb angle is nearest the vector's pitch, then the hex
whose map direction is nearest the vector's heading (docs/rulings.md, "3D and 2D moves").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine import move_diagram
from engine.bearing import pitch_ring_candidates
from engine.hexmap import HEX_FT, STEP_FT, Hex
from engine.phad import Cell, Edge, MovementVector

_ANGLE_EPS_DEG = 1e-9


@dataclass(frozen=True, slots=True)
class Move3D:
    """The horizontal and vertical parts of a segment's move."""

    h_hexes: int
    v_steps: int
    """Signed altitude change in steps (positive climbs)."""


def slant_range_fp(h_hexes: int, v_steps: int) -> int:
    """Slant range of a move ("Range"), a half rounded up."""
    v = abs(v_steps)
    return h_hexes if v <= h_hexes else (h_hexes + v + 1) // 2


def _vector_cells(vector: MovementVector) -> tuple[Cell, ...]:
    return vector.cells if isinstance(vector, Edge) else (vector,)


def _vector_pitch_deg(vector: MovementVector) -> float:
    x, y, z = vector.unit_vector()
    return math.degrees(math.atan2(z, math.hypot(x, y)))


@cache
def _vector_heading_deg(vector: MovementVector) -> float | None:
    x, y, _ = vector.unit_vector()
    if math.hypot(x, y) < 1e-9:
        return None
    return math.degrees(math.atan2(x, y)) % 360.0


def _reaches(fp: int, h_hexes: int, v_steps: int) -> bool:
    """True when a move of ``fp`` FP may end on the dot ``(H, V)``: a dot of a cell ``fp``
    cells out on the 3D Movement diagram, slant range ``fp`` beyond it."""
    if move_diagram.covers(h_hexes, v_steps):
        return fp in move_diagram.dot_ranges_fp(h_hexes, v_steps)
    return slant_range_fp(h_hexes, v_steps) == fp


@cache
def _slant_moves(fp: int) -> tuple[Move3D, ...]:
    """Every (H, V) a move of ``fp`` FP may reach, before the pitch ring is checked: the
    longest horizontal moves first, then by climb."""
    return tuple(
        Move3D(h, v)
        for h in range(fp, -1, -1)
        for v in range(-2 * fp - 1, 2 * fp + 2)
        if (h, v) != (0, 0) and _reaches(fp, h, v)
    )


def legal_3d_moves(fp: int, vector: MovementVector) -> tuple[Move3D, ...]:
    """Every (H, V) a segment of ``fp`` FP may reach along ``vector`` (Fm).

    Slant range must equal ``fp`` and the move's bearing pitch ring must be one of the
    vector's cells' rings.  A 00-ring vector may climb or sink a little.
    """
    if fp < 0:
        raise ValueError(f"a segment moves 0 or more FP, not {fp}")
    if fp == 0:
        return (Move3D(0, 0),)
    rings = {cell.pitch_deg for cell in _vector_cells(vector)}
    return tuple(
        move
        for move in _slant_moves(fp)
        if rings.intersection(pitch_ring_candidates(move.h_hexes, move.v_steps))
    )


def _climb_angle_deg(move: Move3D) -> float:
    return math.degrees(math.atan2(move.v_steps * STEP_FT, move.h_hexes * HEX_FT))


@cache
def default_3d_move(fp: int, vector: MovementVector) -> Move3D:
    """The legal (H, V) nearest the vector's true climb angle, then nearest its length.

    Every ring has a dot at every FP on the diagram (one FP in a ±60 ring has only the edge
    dot H 1, V 2); should none be legal, the nearest-angle reachable move of any ring is used.
    """
    target = _vector_pitch_deg(vector)
    if fp == 0:
        return Move3D(0, 0)
    candidates = legal_3d_moves(fp, vector) or _slant_moves(fp)
    length_ft = fp * HEX_FT

    def score(move: Move3D) -> tuple[float, float, int]:
        angle_error = abs(_climb_angle_deg(move) - target)
        length_error = abs(math.hypot(move.h_hexes * HEX_FT, move.v_steps * STEP_FT) - length_ft)
        return (round(angle_error, 9), round(length_error, 6), abs(move.v_steps))

    return min(candidates, key=score)


def legal_end_hexes(start: Hex, h_hexes: int, vector: MovementVector) -> tuple[Hex, ...]:
    """Hexes ``h_hexes`` away inside the wedge of the vector's heading(s) (Hm, Im).

    Close in, a narrow wedge along a hex spine may hold no hex centre (one hex along 030);
    the hexes nearest the wedge are legal then, as the printed aid colours them for either
    side (docs/rulings.md).
    """
    return tuple(Hex(start.q + dq, start.r + dr) for dq, dr in _legal_offsets(h_hexes, vector))


def _wedges(vector: MovementVector) -> tuple[tuple[float, float], ...]:
    """(centre heading, half width) of each of the vector's cells' wedges."""
    return tuple(
        (float(cell.heading_deg), 30.0 if abs(cell.pitch_deg) == 60 else 15.0)
        for cell in _vector_cells(vector)
        if cell.heading_deg is not None
    )


def offset_deg(direction: float, centre: float) -> float:
    """How far ``direction`` lies clockwise of ``centre``, in degrees from -180 to 180."""
    return (direction - centre + 180.0) % 360.0 - 180.0


def wedge_span_deg(vector: MovementVector) -> tuple[float, float] | None:
    """The counter-clockwise and clockwise border headings of the vector's 2D wedge (both
    cells' wedges together for an edge, read clockwise from the first); None at ±90, where
    any direction is legal (Im)."""
    if any(cell.heading_deg is None for cell in _vector_cells(vector)):
        return None
    wedges = _wedges(vector)
    reference = wedges[0][0]
    ccw = min(offset_deg(centre, reference) - half for centre, half in wedges)
    cw = max(offset_deg(centre, reference) + half for centre, half in wedges)
    return ((reference + ccw) % 360.0, (reference + cw) % 360.0)


@cache
def _ring_directions(h_hexes: int) -> tuple[tuple[Hex, ...], tuple[float, ...]]:
    """The hexes ``h_hexes`` from the origin and the direction to each (0 for the origin)."""
    origin = Hex(0, 0)
    ring = origin.ring(h_hexes)
    if h_hexes == 0:
        return ring, (0.0,)
    return ring, tuple(origin.heading_to_deg(h) for h in ring)


@cache
def _legal_offsets(h_hexes: int, vector: MovementVector) -> tuple[tuple[int, int], ...]:
    ring, directions = _ring_directions(h_hexes)
    if h_hexes == 0 or any(cell.heading_deg is None for cell in _vector_cells(vector)):
        return tuple((h.q, h.r) for h in ring)  # ±90: any direction
    wedges = _wedges(vector)
    misses = [min(abs(offset_deg(d, centre)) - half for centre, half in wedges) for d in directions]
    inside = [(h.q, h.r) for h, miss in zip(ring, misses, strict=True) if miss <= _ANGLE_EPS_DEG]
    if inside:
        return tuple(inside)
    nearest = min(misses)
    return tuple(
        (h.q, h.r) for h, miss in zip(ring, misses, strict=True) if miss <= nearest + _ANGLE_EPS_DEG
    )


def default_end_hex(
    start: Hex, h_hexes: int, vector: MovementVector, fallback_heading_deg: float = 0.0
) -> Hex:
    """The legal end hex whose direction is nearest the vector's true heading.

    A vertical vector has no heading; ``fallback_heading_deg`` (for instance the way the
    Canopy faces) is used instead.  Ties go clockwise.
    """
    if h_hexes == 0:
        return start
    dq, dr = _default_offset(h_hexes, vector, fallback_heading_deg)
    return Hex(start.q + dq, start.r + dr)


def _default_offset(
    h_hexes: int, vector: MovementVector, fallback_heading_deg: float
) -> tuple[int, int]:
    heading = _vector_heading_deg(vector)
    target = fallback_heading_deg if heading is None else heading
    return _offset_toward(h_hexes, vector, target)


@cache
def _offset_toward(h_hexes: int, vector: MovementVector, target: float) -> tuple[int, int]:
    origin = Hex(0, 0)

    def score(offset: tuple[int, int]) -> tuple[float, float]:
        off = offset_deg(origin.heading_to_deg(Hex(*offset)), target)
        return (round(abs(off), 9), -off)

    return min(_legal_offsets(h_hexes, vector), key=score)


class IllegalMove(ValueError):
    """A recorded movement choice the 3D or 2D move does not allow; ``rule`` names which."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(message)


def choose_move(
    fp: int,
    vector: MovementVector,
    start: Hex,
    end_hex: Hex | None = None,
    v_steps: int | None = None,
    fallback_heading_deg: float = 0.0,
) -> tuple[Move3D, Hex]:
    """The segment's (H, V) and end hex: the recorded choices where given, checked, and the
    defaults otherwise (Fm–Im)."""
    if end_hex is None and v_steps is None:
        move = default_3d_move(fp, vector)
        return move, default_end_hex(start, move.h_hexes, vector, fallback_heading_deg)
    legal = legal_3d_moves(fp, vector) or (default_3d_move(fp, vector),)
    options = [
        m
        for m in legal
        if (v_steps is None or m.v_steps == v_steps)
        and (end_hex is None or m.h_hexes == start.distance_to(end_hex))
    ]
    if not options:
        shown = ", ".join(f"H{m.h_hexes} V{m.v_steps:+d}" for m in legal)
        wanted = []
        if end_hex is not None:
            wanted.append(f"{start.distance_to(end_hex)} hexes")
        if v_steps is not None:
            wanted.append(f"{v_steps:+d} steps")
        raise IllegalMove(
            "3D Movement, Fm",
            f"{fp} FP along {vector} cannot move {' and '.join(wanted)}; legal moves: {shown}",
        )
    target = _vector_pitch_deg(vector)
    move = min(options, key=lambda m: (abs(_climb_angle_deg(m) - target), abs(m.v_steps)))
    if end_hex is None:
        return move, default_end_hex(start, move.h_hexes, vector, fallback_heading_deg)
    legal_hexes = legal_end_hexes(start, move.h_hexes, vector)
    if end_hex not in legal_hexes:
        shown = " ".join(str(h) for h in legal_hexes)
        raise IllegalMove(
            "2D Movement, Hm",
            f"{end_hex} is not in the {vector} wedge {move.h_hexes} hexes from {start}; "
            f"legal: {shown}",
        )
    return move, end_hex
