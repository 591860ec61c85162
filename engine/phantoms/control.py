"""Losing control of an aircraft and recovering it (§6.4, chart p.14).

Every check is one d10 that keeps control on a roll within the pilot's safe band:

==================  =======  =============  ==============================
check               Green    Inexperienced  Average / Experienced / Ace
==================  =======  =============  ==============================
Hard Turn           1–4      1–6            no check
Loop                1–4      no check       no check
speed driven ≤ 0    1–4      1–6            1–8 (one less per point below 0)
recovery            1–4      1–6            1–8
==================  =======  =============  ==============================

A wounded pilot finishing a Hard Turn or Loop checks as an Inexperienced one, or as Green
if Green (Critical Hit 4).
"""

from __future__ import annotations

from typing import Literal

from engine.dice import Dice
from engine.phantoms.dice import d6, d10
from engine.phantoms.state import PlaneState
from models.phantoms.common import Quality

ManeuverCheck = Literal["hard_turn", "loop"]
SAFE_BAND: dict[Quality, int] = {
    "green": 4,
    "inexperienced": 6,
    "average": 8,
    "experienced": 8,
    "ace": 8,
}
"""Highest d10 roll that keeps (or regains) control, by pilot quality (§6.4)."""


def maneuver_check_band(plane: PlaneState, maneuver: ManeuverCheck) -> int | None:
    """The safe band of the loss-of-control check for completing a Hard Turn or Loop, or
    None when this pilot makes no check (§6.2, §6.4, §12.1–12.2, Critical Hit 4)."""
    if plane.quality == "green":
        return SAFE_BAND["green"]
    if plane.pilot_wounded or (plane.quality == "inexperienced" and maneuver == "hard_turn"):
        return SAFE_BAND["inexperienced"]
    return None


def lose_control(plane: PlaneState) -> None:
    """The aircraft is out of control: its maneuver is abandoned with its marker (§6.4)."""
    plane.out_of_control = True
    plane.marker = None


def check_maneuver_control(
    plane: PlaneState, maneuver: ManeuverCheck, dice: Dice, when: str
) -> bool:
    """The Hard Turn or Loop check on reaching the marker (§6.4); True if control is kept.
    Losing it leaves the aircraft out of control."""
    band = maneuver_check_band(plane, maneuver)
    if band is None:
        return True
    word = "hard turn" if maneuver == "hard_turn" else "loop"
    roll = d10(dice, f"loss of control, {word}, {plane.id}, {when}")
    if roll <= band:
        return True
    lose_control(plane)
    return False


def check_speed_control(plane: PlaneState, dice: Dice, when: str) -> bool:
    """The check for a speed driven to 0 or less by a maneuver or a climb (§6.4); True if
    control is kept, and the speed is then set to 1.

    Each point below 0 counts against the pilot: one off the safe band
    (docs/rulings.md (Phantoms), "−1 per point below zero")."""
    below = max(0, -plane.speed)
    band = SAFE_BAND[plane.quality] - below
    roll = d10(dice, f"loss of control, speed {plane.speed}, {plane.id}, {when}")
    if roll <= band:
        plane.speed = 1
        return True
    lose_control(plane)
    return False


def try_recovery(plane: PlaneState, dice: Dice, when: str) -> bool:
    """An out-of-control aircraft's recovery check, made in each impulse in which it would
    have moved (§6.4).  On recovery its speed drops by a d6 (to 1 if that leaves it 0 or
    less) and it turns clockwise a d6 of hexsides; it may not fire this impulse (§7.0).
    Returns whether it recovered; the caller applies a failure's fall (§6.4)."""
    roll = d10(dice, f"recovery, {plane.id}, {when}")
    if roll > SAFE_BAND[plane.quality]:
        return False
    speed_loss = d6(dice, f"recovery speed loss, {plane.id}, {when}")
    new_speed = max(plane.speed, 1) - speed_loss
    plane.speed = new_speed if new_speed > 0 else 1
    hexsides = d6(dice, f"recovery facing, hexsides clockwise, {plane.id}, {when}")
    plane.facing = (plane.facing + hexsides) % 6
    plane.out_of_control = False
    plane.recovered_this_impulse = True
    return True
