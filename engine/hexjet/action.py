"""The Action Step (Этап Действия, §7.0): furball's completion, since the seed stops before it
(docs/rulings.md "H7. The Action Step").

The aircraft moves as many hexes as its new speed, one at a time, each into the hex across
the hexside its nose faces.  A facing change is one hexside (60°) made in the hex the
aircraft is in, before it moves on:

* §6.3.1 (the seed): a Left or Right cell makes the **first** move a turn that way; Ahead
  makes none.
* furball: a Left or Right cell may turn up to the display's turn allowance at the new
  speed, every turn the same way, at most one hexside in any hex; the turns are spread
  evenly over the move, the first before the first hex.  With the seed-only switch the
  first move's turn is the only one.
* The altitude change decided in §6.4–§6.5 is flown evenly over the hexes moved.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalOrder
from engine.hexmap import Hex

RULE = "H7"


@dataclass(frozen=True, slots=True)
class Step:
    """One hex of the move: the facing turned to in the hex left, and the hex entered."""

    turned: int
    """−1 a hexside left, 0 none, +1 right, made before leaving."""
    facing: int
    """The facing (0–5, clockwise from the north hexside) flown into ``hex``."""
    hex: Hex


@dataclass(frozen=True, slots=True)
class Move:
    """An aircraft's whole Action Step."""

    start: Hex
    start_facing: int
    steps: tuple[Step, ...]
    start_level: int
    end_level: int

    @property
    def end(self) -> Hex:
        return self.steps[-1].hex if self.steps else self.start

    @property
    def end_facing(self) -> int:
        return self.steps[-1].facing if self.steps else self.start_facing

    @property
    def hexsides_turned(self) -> int:
        return sum(abs(s.turned) for s in self.steps)


def heading_deg(facing: int) -> int:
    """The map heading of a facing 0–5."""
    return (facing % 6) * 60


def turn_points(speed: int, hexsides: int) -> frozenset[int]:
    """Before which hex (0 the first) each of ``hexsides`` turns is made: spread evenly,
    the first before the first hex."""
    if hexsides <= 0:
        return frozenset()
    return frozenset(k * speed // hexsides for k in range(hexsides))


def plan(
    start: Hex,
    facing: int,
    speed: int,
    direction: str,
    hexsides: int,
    start_level: int,
    end_level: int,
) -> Move:
    """The move of ``speed`` hexes turning ``hexsides`` hexsides ``direction`` (``left``,
    ``right`` or ``ahead``)."""
    sense = {"left": -1, "right": 1, "ahead": 0}[direction]
    turns = turn_points(speed, hexsides if sense else 0)
    steps: list[Step] = []
    here, face = start, facing % 6
    for index in range(speed):
        turned = sense if index in turns else 0
        face = (face + turned) % 6
        here = here.neighbour(heading_deg(face))
        steps.append(Step(turned, face, here))
    return Move(start, facing % 6, tuple(steps), start_level, end_level)


def check_turns(
    direction: str, hexsides: int, speed: int, allowance: int, aircraft: str, *, seed_only: bool
) -> None:
    """:class:`IllegalOrder` for a turn the cell or the allowance does not permit."""
    if direction == "ahead":
        if hexsides:
            raise IllegalOrder("§6.3.1", "an Ahead cell makes no turn", aircraft=aircraft)
        return
    if hexsides < 1:
        raise IllegalOrder(
            "§6.3.1", f"a {direction.title()} cell makes the first move a turn", aircraft=aircraft
        )
    most = 1 if seed_only else min(allowance, speed)
    if hexsides > most:
        why = (
            "the seed alone allows only the first move's turn"
            if seed_only
            else f"the turn allowance at speed {speed} is {most} hexside{'s' if most != 1 else ''}"
        )
        raise IllegalOrder(RULE, f"{hexsides} hexsides: {why}", aircraft=aircraft)
