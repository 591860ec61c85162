"""The Movement Segment of an impulse (§6.0, §6.2–§6.4).

Each aircraft the Impulse Chart moves this impulse enters the hex straight ahead (two under
the five-impulse option, §15.0).  Entering a hex with a climb/dive marker changes its level
by one and its speed by the card's climb cost or dive gain (§6.3); entering its maneuver
marker's hex with no climb/dive marker left completes the maneuver (§6.2):

- Turn, Hard Turn: one or two hexsides left or right; Loop: three (a 180° reversal in the
  hex, docs/rulings.md (Phantoms) "Loop");
- Sideslip: over into the next row on the slip side and back half a hex — the neighbour
  of the marker hex 120° to that side of the nose — facing unchanged ("Sideslip");
- the maneuver's speed cost comes off at once.

An out-of-control aircraft does not move; in an impulse in which it would have moved it
rolls to recover, and on a failure falls a level — below level 0 it has crashed (§6.4).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.control import (
    ManeuverCheck,
    check_maneuver_control,
    check_speed_control,
    try_recovery,
)
from engine.phantoms.hexgrid import ahead, heading_deg
from engine.phantoms.impulse_chart import moves_in_impulse
from engine.phantoms.state import Marker, MoveKind, MoveStep, PlaneState
from models.phantoms.common import MANEUVER_CLASS, TURN_HEXSIDES, Maneuver

SLIP_SIDE: dict[Maneuver, int] = {"LS": -1, "RS": 1}
"""Which way a sideslip goes: −1 left, +1 right."""


def _enter_level_hex(plane: PlaneState, marker: Marker, when: str, dice: Dice) -> int:
    """Cross one climb/dive marker (§6.3); returns the level change."""
    card = plane.card
    marker.levels_left -= 1
    if marker.levels > 0:
        plane.level += 1
        plane.climbed = True
        plane.speed -= card.climb_cost
        if plane.speed <= 0:
            check_speed_control(plane, dice, f"{when}, climbing")
        return 1
    plane.level -= 1
    plane.dived = True
    plane.levels_dived_run += 1
    # Diving never lifts speed above the dive speed, though the dive itself goes on.
    plane.speed = max(plane.speed, min(plane.speed + card.dive_gain, card.max_dive_speed))
    return -1


def _complete(plane: PlaneState, marker: Marker, when: str, dice: Dice) -> Maneuver | None:
    """Carry out the maneuver on reaching its marker (§6.2); returns it, or None when the
    pilot lost control in the attempt (the maneuver is then not flown, §6.4)."""
    maneuver = marker.maneuver
    kind = MANEUVER_CLASS[maneuver]
    check: ManeuverCheck | None = (
        "hard_turn" if kind == "hard_turn" else "loop" if kind == "loop" else None
    )
    if check is not None and not check_maneuver_control(plane, check, dice, when):
        return None
    if kind == "sideslip":
        plane.hex = plane.hex.neighbour(heading_deg(plane.facing) + SLIP_SIDE[maneuver] * 120)
    else:
        plane.facing = (plane.facing + TURN_HEXSIDES[maneuver]) % 6
    plane.marker = None
    plane.finished = maneuver
    if kind != "straight":
        plane.straight_run = 0
    plane.speed -= plane.card.maneuver_cost.points(kind)
    if plane.speed <= 0:
        check_speed_control(plane, dice, f"{when}, {maneuver}")
    return maneuver


def _fly_one_hex(
    plane: PlaneState, path: list[Hex], when: str, dice: Dice
) -> tuple[int, Maneuver | None]:
    """One move ahead, with any climb/dive and maneuver it brings; returns the level change
    and the maneuver completed."""
    plane.hex = ahead(plane.hex, plane.facing)
    path.append(plane.hex)
    plane.moved = True
    plane.straight_run += 1
    marker = plane.marker
    if marker is None:
        return 0, None
    marker.moves_made += 1
    marker.hexes_to_go = max(0, marker.hexes_to_go - 1)
    level_change = 0
    if marker.levels_left > 0 and marker.moves_made in marker.level_hexes:
        level_change = _enter_level_hex(plane, marker, when, dice)
        if plane.out_of_control:
            return level_change, None
    if marker.hexes_to_go == 0 and marker.levels_left == 0:
        done = _complete(plane, marker, when, dice)
        if done is not None and MANEUVER_CLASS[done] == "sideslip":
            path.append(plane.hex)
        return level_change, done
    return level_change, None


def move_impulse(
    plane: PlaneState, turn: int, impulse: int, dice: Dice, five_impulse: bool = False
) -> MoveStep:
    """The aircraft's Movement Segment in ``impulse`` of ``turn`` (§6.0, §6.4, §15.0).

    Clears the impulse's flags, then moves it the chart's hexes, or makes its recovery check
    when out of control.  Returns what it did, for the record and the replay; ``path`` lists
    every hex entered (a sideslip enters its marker hex and then the hex it slips into).
    """
    plane.clear_impulse()
    from_hex, from_facing, from_level = plane.hex, plane.facing, plane.level
    when = f"turn {turn} impulse {impulse}"
    kind: MoveKind = "still"
    path: list[Hex] = []
    level_change = 0
    finished: Maneuver | None = None

    moves = moves_in_impulse(plane.speed, impulse, five_impulse) if plane.in_play else 0
    if plane.out_of_control and moves > 0:
        # One recovery check an impulse, however many hexes the chart gives (ours, §15.0).
        if try_recovery(plane, dice, when):
            kind = "recover"
        elif plane.level == 0:
            plane.crashed = True
            plane.cause = "crashed out of control"
            kind = "crash"
        else:
            plane.level -= 1
            level_change = -1
            kind = "fall"
    elif moves > 0:
        kind = "move"
        for _ in range(moves):
            change, done = _fly_one_hex(plane, path, when, dice)
            level_change += change
            finished = done or finished
            if plane.out_of_control:
                break

    return MoveStep(
        plane_id=plane.id,
        turn=turn,
        impulse=impulse,
        kind=kind,
        from_hex=from_hex,
        from_facing=from_facing,
        from_level=from_level,
        to_hex=plane.hex,
        to_facing=plane.facing,
        to_level=plane.level,
        speed=plane.speed,
        path=tuple(path),
        maneuver=finished,
        level_change=level_change,
    )
