"""Landing (§Landing, §Landing Table).

A plane that reaches 0 ft at its airfield in UE bank at Minimum Speed or one above lands
safely, unless its landing gear is damaged (that chit sends it to the Landing Table).  Any
other landing rolls d6 + modifiers: 1–6 a good landing; 7 the plane is destroyed and the
crew unhurt; 8 light wounds; 9 heavy wounds; 10 or more the crew is killed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from engine.dice import Dice
from engine.otl.optional._geometry import horizontal_in, plane_xyz
from engine.otl.optional.events import OptionalEvent
from engine.otl.state import CrewState, PlaneState, Wound
from models.otl.scenario import GroundUnit

LANDING_GEAR = "landing_gear_damaged"
GOOD_UP_TO = 6
WOUND_ORDER: tuple[Wound, ...] = ("none", "light", "heavy", "killed")
CRASH_WOUNDS: dict[int, Wound] = {7: "none", 8: "light", 9: "heavy", 10: "killed"}
"""A destroyed plane's crew, by the modified roll (10 and over: killed)."""
WOUND_MODIFIER = {"none": 0, "light": 1, "heavy": 2, "killed": 0}
Outcome = Literal["good", "destroyed"]


def own_airfield(plane: PlaneState, ground: Iterable[GroundUnit]) -> GroundUnit | None:
    """The plane's side's airfield it is over (within the airfield's radius), if any."""
    for unit in ground:
        over_in = horizontal_in(plane_xyz(plane), (unit.x_in, unit.y_in, 0.0))
        if unit.kind == "airfield" and unit.side == plane.side and over_in <= unit.radius_in:
            return unit
    return None


def flyer(plane: PlaneState) -> tuple[str, CrewState] | None:
    """Who has the controls: the pilot unless he is killed or blacked out, then an able
    observer of a dual-control plane; None when nobody does."""
    if plane.pilot.wound != "killed" and not plane.pilot.blacked_out:
        return ("pilot", plane.pilot)
    if plane.observer is not None and plane.observer.able and plane.chart.dual_control:
        return ("observer", plane.observer)
    return None


def minimum_speed(plane: PlaneState) -> int:
    """Minimum Speed at the ground."""
    return plane.chart.band_at(0).min_speed


def sure_landing(plane: PlaneState, at_airfield: bool) -> bool:
    """At the airfield, in UE, at Minimum Speed or one above, landing gear whole."""
    low = minimum_speed(plane)
    return (
        at_airfield
        and plane.bank == 0
        and low <= plane.speed <= low + 1
        and not plane.has(LANDING_GEAR)
    )


def landing_modifier(plane: PlaneState, at_airfield: bool) -> int:
    """The Landing Table's modifiers for the plane as it touches down."""
    at_controls = flyer(plane)
    modifier = max(0, plane.speed - (minimum_speed(plane) + 1))
    if abs(plane.bank) == 1:
        modifier += 2
    elif plane.bank != 0:
        modifier += 6
    if plane.pitch != 0:
        modifier += 4
    if not at_airfield:
        modifier += 2
    if plane.has(LANDING_GEAR):
        modifier += 3
    if at_controls is not None:
        seat, man = at_controls
        modifier += WOUND_MODIFIER[man.wound]
        if seat == "observer":
            modifier += 2
        if man.level == "veteran":
            modifier -= 1
    return modifier


def _worse(now: Wound, new: Wound) -> Wound:
    return max(now, new, key=WOUND_ORDER.index)


def land(
    plane: PlaneState, ground: Iterable[GroundUnit], dice: Dice, round_no: int
) -> OptionalEvent:
    """The plane has reached 0 ft: land it, on the Landing Table unless the landing is sure.
    A plane nobody is flying is destroyed with its crew, without a roll."""
    field = own_airfield(plane, ground)
    at_airfield = field is not None
    plane.on_ground = True
    roll: int | None = None
    modifier = 0
    if flyer(plane) is None:
        total = 10
    elif sure_landing(plane, at_airfield):
        total = 0
    else:
        modifier = landing_modifier(plane, at_airfield)
        roll = dice.d6(f"landing, {plane.callsign}, round {round_no}")
        total = roll + modifier
    outcome: Outcome = "good" if total <= GOOD_UP_TO else "destroyed"
    wound: Wound = "none"
    if outcome == "good":
        plane.status = "landed"
    else:
        plane.status = "crashed"
        wound = CRASH_WOUNDS[min(total, 10)]
        for man in (plane.pilot, plane.observer):
            if man is not None:
                man.wound = _worse(man.wound, wound)
    plane.speed = 0
    where = f"at {field.id}" if field is not None else "away from an airfield"
    said = (
        "a good landing"
        if outcome == "good"
        else f"the plane is destroyed, crew {'unhurt' if wound == 'none' else wound}"
    )
    rolled = "" if roll is None else f" ({roll} {modifier:+d})"
    return OptionalEvent(
        "otl.landing",
        (plane.id,),
        f"{plane.callsign} lands {where}{rolled}: {said}",
        {"outcome": outcome, "roll": roll, "modifier": modifier, "crew_wound": wound},
    )
