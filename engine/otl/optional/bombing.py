"""Bombs: the loaded plane, the bombing run and the Bombing Table (§Bombing and Loaded Planes).

A plane with its bomb load has its positive power and its Climb Rate halved, rounding down,
until the bombs go.  A bombing run is a whole round flown straight in UE bank at Level or in
a Dive (the seed's Gentle and Steep Dives are both the 45° Dive of the five pitches); the
bombs drop at the end of the run.  The Bombing Table: d6 + 1 per full 1,000 ft + 1 per full
5 speed + the target's size; 1–4 hits and destroys the target.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.optional._geometry import horizontal_in, plane_xyz
from engine.otl.optional.events import OptionalEvent
from engine.otl.state import PlaneState, bank_name, pitch_name
from models.otl.orders import OtlRound
from models.otl.scenario import GroundUnit, OtlOptions

RULE = "§Bombing and Loaded Planes"
BOMBING_PITCHES = (0, -1)
"""Level, and the Dive that stands for the seed's Gentle and Steep Dives."""
SIZE_MODIFIER = {"small": 2, "normal": 0, "large": -1, "huge": -2}
HIT_ON_OR_BELOW = 4
BOMB_REACH_IN = 6.0
"""How far from the target, horizontally, the run may end and still bomb it (as for
photographs, §Photography); further off the bombs fall wide."""
CLIMB_STEP_FT = 25


def loaded_power(value: int, bombs: bool) -> int:
    """A power cell's value with the bomb load: positive power halved, rounding down; drag
    unchanged."""
    return value // 2 if bombs and value > 0 else value


def loaded_climb_ft(climb_ft: int, bombs: bool) -> int:
    """The Climb Rate with the bomb load: halved, rounding down to a 25 ft step, 25 at least."""
    if not bombs:
        return climb_ft
    return max(CLIMB_STEP_FT, (climb_ft // 2) // CLIMB_STEP_FT * CLIMB_STEP_FT)


def check_bombing_run(
    plane: PlaneState,
    order: OtlRound,
    target: GroundUnit | None,
    options: OtlOptions,
    round_no: int,
) -> None:
    """Raise :class:`IllegalOrder` unless ``order`` (``bomb`` set) is a legal bombing run for
    the plane as it starts the round."""

    def refuse(problem: str) -> IllegalOrder:
        return IllegalOrder(RULE, f"bomb: {problem}", aircraft=plane.callsign, turn=round_no)

    if not options.bombing:
        raise refuse("the bombing rule is not in play in this scenario")
    if not plane.bombs:
        raise refuse("the plane carries no bombs (dropped already, or none loaded)")
    if target is None:
        raise refuse(f"there is no ground unit {order.bomb!r} to bomb")
    if plane.bank != 0:
        raise refuse(f"a bombing run is flown in UE bank, not {bank_name(plane.bank)}")
    if plane.pitch not in BOMBING_PITCHES:
        raise refuse(f"a bombing run is flown at Level or in a Dive, not {pitch_name(plane.pitch)}")
    if plane.condition in ("spin", "broken"):
        raise refuse(f"a plane in a {plane.condition} cannot make a bombing run")
    if order.stall_turn_deg:
        raise refuse("a Stall Turn is not straight flight")
    for number, step in enumerate(order.moves, start=1):
        if step.roll is not None or step.pitch is not None:
            raise refuse(
                f"move {number} changes bank or pitch; the whole round is flown in UE at one pitch"
            )
        if step.fly != "straight":
            raise refuse(f"move {number} is a {step.fly}; the whole round is flown straight")


def bombing_modifier(alt_ft: float, speed: int, size: str) -> int:
    """+1 per full 1,000 ft, +1 per full 5 speed, and the target's size."""
    return int(alt_ft // 1000) + speed // 5 + SIZE_MODIFIER[size]


def drop_bombs(
    plane: PlaneState,
    target: GroundUnit,
    dice: Dice,
    *,
    speed: int,
    round_no: int,
) -> OptionalEvent:
    """Drop the bombs at the end of a legal run (``plane`` where the run ended, ``speed`` the
    round's speed) and roll the Bombing Table; the plane's load is gone either way."""
    plane.bombs = False
    off_in = horizontal_in(plane_xyz(plane), (target.x_in, target.y_in, 0.0))
    if off_in > BOMB_REACH_IN:
        return OptionalEvent(
            "otl.bomb",
            (plane.id, target.id),
            f"{plane.callsign} drops {off_in:.0f} in from {target.id}: the bombs fall wide",
            {"hit": False, "off_in": off_in},
        )
    modifier = bombing_modifier(plane.alt_ft, speed, target.size)
    roll = dice.d6(f"bombing, {plane.callsign} on {target.id}, round {round_no}")
    hit = roll + modifier <= HIT_ON_OR_BELOW
    said = "hit, target destroyed" if hit else "miss"
    return OptionalEvent(
        "otl.bomb",
        (plane.id, target.id),
        f"{plane.callsign} bombs {target.id}: {roll} {modifier:+d}, {said}",
        {"hit": hit, "roll": roll, "modifier": modifier, "off_in": off_in},
    )


def jettison(plane: PlaneState, round_no: int) -> OptionalEvent:
    """Drop the load anywhere, with no roll (the plane flies on its normal numbers)."""
    plane.bombs = False
    return OptionalEvent(
        "otl.bomb",
        (plane.id,),
        f"{plane.callsign} jettisons its bombs (round {round_no})",
        {"hit": False, "jettisoned": True},
    )
