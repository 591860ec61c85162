"""Phase 1, Targeting, and the movement order it sets (§Phase 1: Targeting, §Movement
Order).

Each pilot may focus on one enemy inside his Targeting Range for the arc it is in (doubled
when he keeps last round's target).  Who focuses and who is focused on puts every plane in
one of four classes: Not Focused but Targeted move first; Focused and Targeted right after
their target moves, or once the first class is done; Focused but not Targeted right after
their target; the uncommitted last.  Ties within a class go by the seed's tie-breakers in
turn, the last of them a roll of 2d6, lowest first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.geometry import arc_of, in_targeting_range
from engine.otl.state import PlaneState
from models.otl.chart import TURN_RATES
from models.otl.scenario import LEVELS

ARC_ORDER = ("rear", "up", "side", "down", "front")
"""Focused-and-Targeted planes whose target lies in an earlier arc move first."""
LOWER_FIRST_FT = 200.0
"""A plane this much lower than another moves first."""
CLASS_WORDS = {1: "targeted", 2: "focused and targeted", 3: "focused", 4: "uncommitted"}


def check_target(
    plane: PlaneState,
    target_id: str | None,
    planes: Mapping[str, PlaneState],
    round_number: int,
    can_see: Callable[[PlaneState, PlaneState], bool],
) -> None:
    """:class:`IllegalOrder` unless the pilot may focus on ``target_id`` now."""
    if target_id is None:
        return
    where = {"aircraft": plane.callsign, "turn": round_number}
    target = planes.get(target_id)
    if target is None or target.side == plane.side:
        raise IllegalOrder("§Phase 1: Targeting", f"{target_id!r} is not an enemy plane", **where)  # type: ignore[arg-type]
    if not target.flying:
        raise IllegalOrder(
            "§Phase 1: Targeting",
            f"{target.callsign} is out of the fight",
            **where,  # type: ignore[arg-type]
        )
    if not can_see(plane, target):
        raise IllegalOrder(
            "§Phase 1: Targeting",
            f"{target.callsign} cannot be seen (cloud or sun, optional rules)",
            **where,  # type: ignore[arg-type]
        )
    keeping = plane.last_target == target_id
    if not in_targeting_range(plane, target, keeping):
        raise IllegalOrder(
            "§Phase 1: Targeting",
            f"{target.callsign} is beyond the Targeting Range for its "
            f"{arc_of(plane, target)} arc{' (doubled: kept from last round)' if keeping else ''}",
            **where,  # type: ignore[arg-type]
        )


def targets_in_range(
    plane: PlaneState,
    planes: Mapping[str, PlaneState],
    can_see: Callable[[PlaneState, PlaneState], bool],
) -> list[str]:
    """The enemies ``plane`` may focus on now (and can see), in the order of ``planes``."""
    found = []
    for other in planes.values():
        if other.side == plane.side or not other.flying or not can_see(plane, other):
            continue
        if in_targeting_range(plane, other, plane.last_target == other.id):
            found.append(other.id)
    return found


@dataclass(frozen=True, slots=True)
class Mover:
    """One plane's place in the movement order."""

    id: str
    move_class: int
    place: int
    """1 for the first plane to move."""

    @property
    def label(self) -> str:
        """``2 (3rd)``: the class and the place in the whole order."""
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(
            self.place if self.place < 20 else self.place % 10, "th"
        )
        if 10 < self.place % 100 < 14:
            suffix = "th"
        return f"{self.move_class} ({self.place}{suffix})"


def movement_class(plane: PlaneState, targeted: bool) -> int:
    """1–4 by focus and being targeted (§Movement Order)."""
    focused = plane.target is not None
    if targeted:
        return 2 if focused else 1
    return 3 if focused else 4


def movement_order(planes: Mapping[str, PlaneState], dice: Dice, round_number: int) -> list[Mover]:
    """The order the flying planes move in this round.

    Each next mover is found when its place comes, among the planes still waiting then: the
    followers of the plane that has just moved (class 2 and 3 focused on it), else the
    waiting planes of the earliest class with any left.  So no tie is broken, and no die
    rolled, for a place a plane has already taken by following its target.
    """
    flying = {pid: p for pid, p in planes.items() if p.flying}
    targeted = {p.target for p in flying.values() if p.target is not None}
    classes = {pid: movement_class(p, pid in targeted) for pid, p in flying.items()}
    pick = _TieBreaker(flying, classes, dice, round_number)
    order: list[str] = []
    moved: set[str] = set()

    def move(pid: str) -> None:
        order.append(pid)
        moved.add(pid)
        while followers := [
            q
            for q, other in flying.items()
            if q not in moved and other.target == pid and classes[q] in (2, 3)
        ]:
            move(pick.first(followers))

    for klass in (1, 2, 3, 4):
        while waiting := [q for q, c in classes.items() if c == klass and q not in moved]:
            move(pick.first(waiting))
    return [Mover(pid, classes[pid], place) for place, pid in enumerate(order, start=1)]


class _TieBreaker:
    """Finds the first mover among waiting planes by the seed's tie-breakers, in turn.

    The class-2 arc of the target (between class-2 planes), then height (a plane with
    someone 200 ft or more below it cannot move first), then pilot level, seats and
    manoeuvrability; planes still tied roll 2d6, lowest first, again until they differ.
    Finding one first mover at a time keeps every "200 ft lower moves first" pair in order
    even when three planes sit less than 200 ft from their neighbours, and a tie the dice
    have settled is not rolled again (docs/rulings-otl-tests.md, MO1 and MO2).
    """

    def __init__(
        self,
        planes: Mapping[str, PlaneState],
        classes: Mapping[str, int],
        dice: Dice,
        round_number: int,
    ) -> None:
        self.planes = planes
        self.classes = classes
        self.dice = dice
        self.round_number = round_number
        self.arcs = {
            pid: ARC_ORDER.index(arc_of(plane, planes[target]))
            for pid, plane in planes.items()
            if (target := plane.target) is not None and target in planes
        }
        self.rolled: dict[str, tuple[int, int]] = {}
        """Each plane's (roll-off, place in it) once it has rolled."""
        self.roll_offs = 0

    def first(self, waiting: list[str]) -> str:
        tied = _first_movers(sorted(waiting), self.planes, self.classes, self.arcs)
        if len(tied) == 1:
            return tied[0]
        settled = {self.rolled[pid][0] for pid in tied if pid in self.rolled}
        if len(settled) != 1 or any(pid not in self.rolled for pid in tied):
            self.roll_offs += 1
            ranked = _rolled_off(tied, self.planes, self.dice, self.round_number)
            for place, pid in enumerate(ranked):
                self.rolled[pid] = (self.roll_offs, place)
        return min(tied, key=lambda pid: self.rolled[pid][1])


def _first_movers(
    waiting: list[str],
    planes: Mapping[str, PlaneState],
    classes: Mapping[str, int],
    arcs: Mapping[str, int],
) -> list[str]:
    """The planes the tie-breakers short of the dice leave in the running to move first."""
    running = waiting
    focused_and_targeted = [pid for pid in running if classes[pid] == 2]
    if focused_and_targeted:
        best_arc = min(arcs.get(pid, 0) for pid in focused_and_targeted)
        running = [pid for pid in running if classes[pid] != 2 or arcs.get(pid, 0) == best_arc]
    lowest = min(planes[pid].alt_ft for pid in running)
    running = [pid for pid in running if planes[pid].alt_ft - lowest < LOWER_FIRST_FT]
    best = min(_keys(planes[pid]) for pid in running)
    return [pid for pid in running if _keys(planes[pid]) == best]


def _rolled_off(
    group: list[str], planes: Mapping[str, PlaneState], dice: Dice, round_number: int
) -> list[str]:
    """Planes still tied, by 2d6 lowest first; those that roll alike roll again."""
    if len(group) < 2:
        return group
    rolls = {}
    for pid in group:
        purpose = f"movement tie-break, {planes[pid].callsign}, round {round_number}"
        rolls[pid] = dice.d6(purpose) + dice.d6(purpose)
    result: list[str] = []
    for value in sorted(set(rolls.values())):
        tied = [pid for pid in group if rolls[pid] == value]
        result.extend(_rolled_off(tied, planes, dice, round_number))
    return result


def _keys(plane: PlaneState) -> tuple[int, int, int, int]:
    """Pilot level (Green first), engines and seats (multi-engine, two-seater, single),
    manoeuvrability (the worse Turn Rate, then the slower roll, first)."""
    chart = plane.chart
    seats = 0 if chart.multi_engine else (1 if chart.crew >= 2 else 2)
    worst_roll = max(chart.roll_mp_left, chart.roll_mp_right)
    return (
        LEVELS.index(plane.pilot.level),
        seats,
        -TURN_RATES.index(chart.turn_rate),
        -worst_roll,
    )
