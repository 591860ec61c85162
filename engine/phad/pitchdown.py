"""Pitching down: gravity drops the Nose of an unloaded aircraft (Unloaded Flight).

Rulebook, "Unloaded Flight" and "Pitching Down":

1. The Nose (and the Velocity, if separated) moves pitchdown-amount cells toward the −90
   ring keeping its heading.  Where the heading falls on the border of two cells (from
   +30 into the 00 ring, for example) the player picks one; Nose and Velocity must keep
   their distance from each other.  The Nose cannot pass through −90, and a Nose at +90 has
   no heading to keep (an aircraft there flies a straight segment instead).
2. Whichever of Wing and Canopy is nearer the horizon (the Wing when equal) moves the
   fewest cells that put it three from the Nose; between two such cells, the one nearer its
   original pitch ring.
3. The other mark moves the fewest cells that put it three from both.

The choices are exposed: :func:`pitch_down_options` lists every legal outcome;
:func:`pitch_down` picks one by ``side`` or by the default in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.phad.attitude import Attitude, InvalidAttitude
from engine.phad.cells import PITCH_RINGS_DEG, Cell, headings_covering
from engine.phad.graph import RINGS, cells_at, distance
from engine.phad.movement import MovementVector, centre_of_path

Side = Literal["cw", "ccw"]
"""Which of two border cells to take: clockwise (higher heading) or counter-clockwise."""

SIDES: tuple[Side, Side] = ("cw", "ccw")


@dataclass(frozen=True, slots=True)
class PitchDown:
    """One outcome of pitching down."""

    attitude: Attitude
    nose_path: tuple[Cell, ...]
    """From the starting Nose to the pitchdown-target (at least one step, as the rule
    asks when the amount is zero)."""
    movement_vector: MovementVector
    """Centre-most cell or edge between the Nose and the pitchdown-target."""
    side: Side
    """The border choice used for the Nose (irrelevant when no border was met)."""
    marks_moved_cells: int
    """Cells moved by Canopy and Wing together."""


def descend(start: Cell, cells: int, side: Side) -> tuple[Cell, ...]:
    """The path of a mark moved ``cells`` rings down, keeping its heading.

    Stops at All-90 (the Nose cannot pass through it).  Raises ``InvalidAttitude`` for a
    mark at All+90, which has no heading to keep.
    """
    if start.heading_deg is None and start.pitch_deg > 0 and cells > 0:
        raise InvalidAttitude(
            "All+90 has no heading to keep, so a mark there cannot pitch down; an aircraft "
            "with its Nose there flies a straight segment instead (Unloaded Flight)"
        )
    heading = float(start.heading_deg) if start.heading_deg is not None else 0.0
    path = [start]
    for _ in range(cells):
        here = path[-1]
        if here.pitch_deg == -90:
            break
        below = PITCH_RINGS_DEG[here.ring + 1]
        if below == -90:
            path.append(Cell(-90, None))
            continue
        ccw_first = headings_covering(below, heading)
        path.append(Cell(below, ccw_first[-1] if side == "cw" else ccw_first[0]))
    return tuple(path)


def pitch_down_options(attitude: Attitude, amount: int) -> tuple[PitchDown, ...]:
    """Every legal outcome of pitching down ``amount`` cells (Pitching Down).

    ``amount`` 0 leaves the marks in place, but the movement vector is still found with a
    pitchdown-target one cell below (Unloaded Flight).
    """
    if amount < 0:
        raise InvalidAttitude(f"a pitchdown-amount is 0 or more cells, not {amount}")
    outcomes: list[PitchDown] = []
    for side in SIDES:
        target_path = descend(attitude.nose, max(amount, 1), side)
        if amount == 0:
            outcomes.append(PitchDown(attitude, target_path, centre_of_path(target_path), side, 0))
            continue
        nose = descend(attitude.nose, amount, side)[-1]
        velocity = _velocity_after(attitude, amount, nose)
        outcomes.extend(
            PitchDown(end, target_path, centre_of_path(target_path), side, moved)
            for end, moved in _settle_canopy_and_wing(attitude, nose, velocity)
        )
    unique: dict[tuple[Attitude, tuple[Cell, ...]], PitchDown] = {}
    for outcome in outcomes:
        # Two sides that end with the same marks still differ when the Nose passed through
        # different border cells: the movement vector is then the player's choice too.
        unique.setdefault((outcome.attitude, outcome.nose_path), outcome)
    return tuple(unique.values())


def _velocity_after(attitude: Attitude, amount: int, nose: Cell) -> Cell | None:
    if not attitude.is_separated:
        return None
    keep = distance(attitude.nose, attitude.velocity)
    choices = {descend(attitude.velocity, amount, side)[-1] for side in SIDES}
    best = min(choices, key=lambda c: (abs(distance(nose, c) - keep), c.ring, c.heading_deg))
    return best


def _settle_canopy_and_wing(
    attitude: Attitude, nose: Cell, velocity: Cell | None
) -> list[tuple[Attitude, int]]:
    canopy_first = abs(attitude.canopy.pitch_deg) < abs(attitude.wing.pitch_deg)
    second = attitude.canopy if canopy_first else attitude.wing
    reachable = cells_at(nose, 3)
    nearest = min(distance(second, c) for c in reachable)
    choices = [c for c in reachable if distance(second, c) == nearest]
    ring_gap = min(abs(c.ring - second.ring) for c in choices)
    choices = [c for c in choices if abs(c.ring - second.ring) == ring_gap]
    ring = RINGS[nose]
    results: list[tuple[Attitude, int]] = []
    for placed in choices:
        index = ring.index(placed)
        if canopy_first:
            canopy, wing = placed, ring[(index + 3) % len(ring)]
        else:
            canopy, wing = ring[(index - 3) % len(ring)], placed
        lift = None
        if velocity is not None and attitude.lift != attitude.canopy:
            lift = _lift_for(velocity, wing, attitude.lift)
        end = Attitude(nose=nose, canopy=canopy, wing=wing, velocity=velocity, lift=lift)
        moved = distance(attitude.canopy, canopy) + distance(attitude.wing, wing)
        results.append((end, moved))
    return results


def _lift_for(velocity: Cell, wing: Cell, old_lift: Cell) -> Cell | None:
    """Lift three from Velocity and Wing, nearest where it was; None if none fits."""
    fits = [c for c in cells_at(velocity, 3) if distance(c, wing) == 3]
    if not fits:
        return None
    return min(fits, key=lambda c: (distance(old_lift, c), c.ring, c.heading_deg or 0))


def pitch_down(attitude: Attitude, amount: int, side: Side | None = None) -> PitchDown:
    """Pitch down ``amount`` cells, choosing among the legal outcomes.

    ``side`` picks the border cell when the Nose's heading cannot be kept.  Without it the
    outcome that moves Canopy and Wing the fewest cells is taken, clockwise on a tie
    (docs/rulings.md, "Pitching down: the player's choices").
    """
    options = pitch_down_options(attitude, amount)
    if side is not None:
        chosen = [o for o in options if o.side == side] or list(options)
        return chosen[0]
    return min(options, key=lambda o: (o.marks_moved_cells, SIDES.index(o.side)))
