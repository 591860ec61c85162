"""Who holds the Initiative Marker at the start of the game (§4.0).

Each side rolls a d10 with its modifiers; the highest total takes the marker, ties re-roll.
The holder places maneuver markers, declares afterburners and fires first.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.dice import Dice
from engine.phantoms.dice import d10
from engine.phantoms.state import PlaneState

ACE_BONUS = 2
ONLY_WEAK_PILOTS = -2
LOADED_PENALTY = -2
CONTROLLER_BONUS = 1


def initiative_modifier(planes: Sequence[PlaneState], controlled: bool) -> int:
    """A side's initiative modifier (§4.0): +2 with any Ace; −2 when every pilot is Green or
    Inexperienced; −2 with any loaded aircraft; +1 with a ground or airborne controller
    (docs/rulings.md (Phantoms), "Initiative modifiers")."""
    flying = [p for p in planes if p.in_play]
    modifier = 0
    if any(p.quality == "ace" for p in flying):
        modifier += ACE_BONUS
    if flying and all(p.quality in ("green", "inexperienced") for p in flying):
        modifier += ONLY_WEAK_PILOTS
    if any(p.loaded for p in flying):
        modifier += LOADED_PENALTY
    if controlled:
        modifier += CONTROLLER_BONUS
    return modifier


def roll_initiative(
    sides: Mapping[str, Sequence[PlaneState]], controllers: Collection[str], dice: Dice
) -> str:
    """The side that takes the Initiative Marker (§4.0).  ``controllers`` names the sides
    with a ground or airborne controller.  Tied leaders re-roll until one is highest (with
    more than two sides, only the tied leaders roll again)."""
    if not sides:
        raise ValueError("no sides to roll initiative for")
    modifiers = {
        side: initiative_modifier(planes, side in controllers) for side, planes in sides.items()
    }
    rolling = list(sides)
    attempt = 1
    while True:
        totals = {
            side: d10(dice, f"initiative, side {side}, roll {attempt}") + modifiers[side]
            for side in rolling
        }
        best = max(totals.values())
        leaders = [side for side in rolling if totals[side] == best]
        if len(leaders) == 1:
            return leaders[0]
        rolling = leaders
        attempt += 1
