"""The Maneuver Marking Segment: placing maneuver and climb/dive markers (§6.1–§6.3), the
order aircraft mark in (§6.1, Tailing Advantage) and jettisoning stores (§11.0).

Where the markers lie (docs/rulings.md (Phantoms), "Climb/dive markers"): the
climb/dive markers lie one each in the first ``levels`` hexes ahead, and the maneuver
marker ``distance − levels`` hexes ahead (§6.3).  The maneuver completes on entering the
marker's hex with no climb/dive marker left; an aircraft that reaches (or starts in) its
marker's hex with markers still ahead flies on straight and completes the maneuver in the
hex of its last climb/dive marker.  So a maneuver completes after ``max(distance − levels,
levels)`` moves, and never after none.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.errors import IllegalOrder
from engine.phantoms.hexgrid import tailing
from engine.phantoms.state import Marker, PlaneState
from models.phantoms.common import MANEUVER_CLASS, Maneuver

HARD_CLASSES = ("hard_turn", "loop")
"""The maneuvers a loaded, wounded or structurally damaged aircraft may not start."""


def placement_distance(plane: PlaneState, maneuver: Maneuver) -> int | None:
    """Hexes ahead the marker goes before any climb or dive, from the Maneuver Chart at the
    current speed, one more when loaded (§6.1, §11.0); None where the chart has no entry.

    A Straight is always one hex, loaded or not (docs/rulings.md (Phantoms),
    "Loaded +1 hex")."""
    kind = MANEUVER_CLASS[maneuver]
    hexes = plane.card.row(plane.speed).hexes(kind)
    if hexes is None:
        return None
    if plane.loaded and kind != "straight":
        hexes += 1
    return hexes


def marker_problems(plane: PlaneState, maneuver: Maneuver, levels: int) -> list[str]:
    """Why ``maneuver`` climbing (``levels`` > 0) or diving (< 0) may not be marked now;
    empty when it may.

    A climb and a dive in one maneuver (§6.3) cannot be written: ``levels`` has one sign.
    """
    if not plane.in_play:
        return ["the aircraft has left the game"]
    if plane.out_of_control:
        return ["an out-of-control aircraft places no marker (§6.4)"]
    problems: list[str] = []
    if plane.marker is not None:
        problems.append("the aircraft already has a maneuver marker out (§6.1)")
    kind = MANEUVER_CLASS[maneuver]
    if kind in HARD_CLASSES:
        word = "Hard Turn" if kind == "hard_turn" else "Loop"
        if plane.loaded:
            problems.append(f"a loaded aircraft may not {word} (§11.0)")
        if plane.pilot_wounded:
            problems.append(f"a wounded pilot may not start a {word} (Critical Hit 4)")
        if plane.structural:
            problems.append(f"structural damage forbids a {word} (Critical Hit 5–6)")
    distance = placement_distance(plane, maneuver)
    if distance is None:
        problems.append(
            f"the {plane.card.name}'s Maneuver Chart has no {maneuver} at speed "
            f"{max(plane.speed, 1)} (§6.1)"
        )
    elif abs(levels) > distance:
        problems.append(
            f"{abs(levels)} levels is more than the {distance}-hex placement distance (§6.3)"
        )
    if levels < 0 and plane.level + levels < 0:
        problems.append(f"diving {-levels} levels from level {plane.level} goes below level 0")
    return problems


def place_marker(plane: PlaneState, maneuver: Maneuver, levels: int = 0) -> Marker:
    """Place the maneuver marker and its climb/dive markers (§6.1, §6.3) and return it.
    Raises :class:`IllegalOrder` naming the rule when it may not be placed."""
    problems = marker_problems(plane, maneuver, levels)
    if problems:
        raise IllegalOrder("§6.1–§6.3 Maneuver Marking", "; ".join(problems), aircraft=plane.id)
    distance = placement_distance(plane, maneuver)
    assert distance is not None  # marker_problems refuses a missing chart entry
    count = abs(levels)
    marker = Marker(
        maneuver=maneuver,
        hexes_to_go=distance - count,
        levels=levels,
        levels_left=count,
        level_hexes=tuple(range(1, count + 1)),
    )
    plane.marker = marker
    plane.levels_dived_run = 0
    return marker


def moves_to_complete(marker: Marker) -> int:
    """Moves still to make before the maneuver completes (see the module doc)."""
    return max(marker.hexes_to_go, marker.levels_left)


def tailed_enemy(plane: PlaneState, planes: Iterable[PlaneState]) -> PlaneState | None:
    """The enemy this aircraft tails, if any: it is in the hex behind it, facing it (§6.1)."""
    for other in planes:
        if (
            other.side != plane.side
            and other.in_play
            and tailing(plane.hex, plane.facing, other.hex, other.facing)
        ):
            return other
    return None


def marking_order(planes: Sequence[PlaneState], initiative_side: str) -> list[PlaneState]:
    """The aircraft that must place a marker, in the order they place them (§6.1).

    The Initiative side's aircraft first, then the other side's, then every tailer.  Among
    the tailers one tailing another tailer places after it; otherwise the Initiative side's
    first (docs/rulings.md (Phantoms), "Tailers' order")."""
    needing = [p for p in planes if p.in_play and not p.out_of_control and p.marker is None]

    def depth(plane: PlaneState, seen: frozenset[str] = frozenset()) -> int:
        target = tailed_enemy(plane, planes)
        if target is None or target.id in seen:
            return 0
        return 1 + depth(target, seen | {plane.id})

    def side_rank(plane: PlaneState) -> int:
        return 0 if plane.side == initiative_side else 1

    untailing = [p for p in needing if tailed_enemy(p, planes) is None]
    tailers = [p for p in needing if tailed_enemy(p, planes) is not None]
    untailing.sort(key=side_rank)
    tailers.sort(key=lambda p: (depth(p), side_rank(p)))
    return untailing + tailers


def jettison(plane: PlaneState) -> dict[str, int]:
    """Drop every air-to-ground store and external tank (§11.0, in any Maneuver Marking
    Segment).  The aircraft stays loaded only while its damage exceeds its maximum.
    Returns the stores dropped."""
    dropped = dict(plane.stores)
    plane.stores.clear()
    plane.loaded = plane.damage > plane.card.max_damage
    return dropped
