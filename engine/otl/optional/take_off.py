"""Taking off (§Taking Off), switched on with landing by ``take_off_landing``.

A plane starts its take-off at speed 0 and gains each round one less than the power its
chart gives at Minimum Speed in the lowest band, never less than 1.  It rolls straight
along the ground at 0 ft, level and in UE, until its speed is above the Stall Speed; from
then on it may pitch up and leave the ground.  On the ground it cannot pass speed 8.  (An
engine not yet running is started as §Engine Off and Restarting says.)
"""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.otl.state import PlaneState
from models.otl.chart import PlaneChart
from models.otl.orders import OtlRound

RULE = "§Taking Off"
GROUND_SPEED_LIMIT = 8
"""The fastest a plane may roll along the ground."""


def take_off_acceleration(chart: PlaneChart) -> int:
    """Speed gained per round of the ground roll."""
    band = chart.bands[0]
    return max(1, band.cells[band.min_speed].value - 1)


def may_leave_ground(plane: PlaneState) -> bool:
    """True once the plane's speed is above the Stall Speed at the ground."""
    return plane.speed > plane.chart.bands[0].stall_speed


def ground_roll_speed(plane: PlaneState) -> int:
    """Next round's speed for a plane that stays on the ground this round (engine running)."""
    if not plane.engine_on:
        return max(0, plane.speed - 1)
    return min(GROUND_SPEED_LIMIT, plane.speed + take_off_acceleration(plane.chart))


def check_ground_roll(plane: PlaneState, order: OtlRound, round_no: int) -> None:
    """Raise :class:`IllegalOrder` unless the order rolls straight along the ground, or (once
    above the Stall Speed) pitches up to leave it."""

    def refuse(problem: str) -> IllegalOrder:
        return IllegalOrder(RULE, f"moves: {problem}", aircraft=plane.callsign, turn=round_no)

    for number, step in enumerate(order.moves, start=1):
        if step.roll is not None or step.fly != "straight":
            raise refuse(f"move {number}: a plane on the ground rolls straight, in UE")
        if step.pitch == "down":
            raise refuse(f"move {number}: a plane on the ground cannot pitch down")
        if step.pitch == "up" and not may_leave_ground(plane):
            stall = plane.chart.bands[0].stall_speed
            raise refuse(
                f"move {number}: at speed {plane.speed} the plane cannot leave the ground; "
                f"it lifts off above its Stall Speed of {stall}"
            )
