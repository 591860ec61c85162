"""Speed: the Set Phase (§5.0), the speed caps of each condition, and the afterburner (§6.5).

An aircraft's condition sets its cap: level flight caps it at the card's maximum level
speed, loaded at the maximum loaded speed (§11.0), diving at the maximum dive speed (§6.3).
"""

from __future__ import annotations

from engine.errors import IllegalOrder
from engine.phantoms.state import PlaneState


def is_diving(plane: PlaneState) -> bool:
    """Whether the aircraft is diving: it dived this impulse, or its marker still has dive
    markers to reach (§6.3)."""
    marker = plane.marker
    return plane.dived or (marker is not None and marker.levels < 0 and marker.levels_left > 0)


def max_speed_now(plane: PlaneState, diving: bool) -> int:
    """The fastest speed the aircraft's condition allows (§5.0, §6.3, §6.5, §11.0).

    Diving lifts the cap to the dive speed, loaded or not (docs/rulings.md (Phantoms),
    "Afterburner while loaded and diving")."""
    card = plane.card
    if diving:
        return card.max_dive_speed
    if plane.loaded:
        return card.max_loaded_speed
    return card.max_level_speed


def speed_change_allowed(plane: PlaneState) -> int:
    """Speed points the Set Phase may add or take away: the Normal chart, or the Damaged
    chart with a damaged engine (§5.0, Critical Hit 7)."""
    card = plane.card
    return card.speed_change_damaged if plane.engine_damaged else card.speed_change


def speed_range(plane: PlaneState) -> tuple[int, int]:
    """The lowest and highest speed the Set Phase allows (§5.0).

    Above the cap already (after a dive), the change may not get it back under the cap; the
    cap wins and the range is the cap alone (docs/rulings.md (Phantoms), "Set Phase
    above the cap")."""
    change = speed_change_allowed(plane)
    cap = max_speed_now(plane, diving=False)
    current = max(plane.speed, 1)
    low = max(1, min(current - change, cap))
    high = max(low, min(cap, current + change))
    return low, high


def set_speed_problems(plane: PlaneState, speed: int) -> list[str]:
    """Why ``speed`` may not be set this Set Phase (§5.0); empty when it may."""
    problems: list[str] = []
    if not plane.in_play:
        problems.append("the aircraft has left the game")
        return problems
    if plane.out_of_control:
        problems.append("an out-of-control aircraft sets no speed (§6.4)")
        return problems
    card = plane.card
    if speed < 1:
        problems.append(f"speed {speed} is below 1 (§5.0)")
    if speed > card.max_level_speed:
        problems.append(
            f"speed {speed} is above the maximum level speed {card.max_level_speed} (§5.0)"
        )
    if plane.loaded and speed > card.max_loaded_speed:
        problems.append(
            f"speed {speed} is above the maximum loaded speed {card.max_loaded_speed} (§11.0)"
        )
    low, high = speed_range(plane)
    if not low <= speed <= high and not problems:
        chart = "Damaged" if plane.engine_damaged else "Normal"
        problems.append(
            f"speed {speed} is outside {low}–{high}: the {chart} chart allows "
            f"±{speed_change_allowed(plane)} from {plane.speed} (§5.0)"
        )
    return problems


def set_speed(plane: PlaneState, speed: int) -> None:
    """Set the turn's speed (§5.0); raises :class:`IllegalOrder` naming the rule."""
    problems = set_speed_problems(plane, speed)
    if problems:
        raise IllegalOrder("§5.0 Set Phase", "; ".join(problems), aircraft=plane.id)
    plane.speed = speed
    plane.speed_set = speed


def afterburner_problems(plane: PlaneState) -> list[str]:
    """Why the aircraft may not light its afterburner this impulse (§6.5); empty if it may."""
    problems: list[str] = []
    if not plane.in_play:
        return ["the aircraft has left the game"]
    if plane.card.afterburner_gain == 0:
        problems.append(f"the {plane.card.name} has no afterburner (§6.5)")
    elif plane.ab_left <= 0:
        problems.append("no afterburner uses left on the ammunition track (§6.5)")
    if plane.engine_damaged:
        problems.append("no afterburner with a damaged engine (§6.5)")
    if plane.on_fire:
        problems.append("no afterburner while on fire (§6.5)")
    if plane.used_ab:
        problems.append("the afterburner was already used this impulse (§6.5)")
    if plane.out_of_control:
        problems.append("no afterburner while out of control (docs/rulings.md (Phantoms))")
    return problems


def use_afterburner(plane: PlaneState) -> int:
    """Light the afterburner (§6.5): speed rises at once by the card's value, up to the
    condition's cap, the excess lost; one use is spent.  Returns the speed points gained
    (0 when already at the cap; a speed above the cap is not cut).  Raises
    :class:`IllegalOrder` when it may not be used."""
    problems = afterburner_problems(plane)
    if problems:
        raise IllegalOrder("§6.5 Afterburners", "; ".join(problems), aircraft=plane.id)
    cap = max_speed_now(plane, diving=is_diving(plane))
    new_speed = max(plane.speed, min(plane.speed + plane.card.afterburner_gain, cap))
    gained = new_speed - plane.speed
    plane.speed = new_speed
    plane.ab_left -= 1
    plane.used_ab = True
    return gained
