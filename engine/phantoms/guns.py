"""Gun attacks (§7.2, Gun Firing Modifiers chart p.15).

An aircraft fires its gun in the Gun segment when it moved this impulse, has a gun and
bursts left, has not fired a missile this impulse, and is in position:

- in an adjacent hex, pointing at the target, within one level; or
- in the target's hex, one level above or below; or
- in the target's hex and level, facing the same way, and the last of the two to have
  entered the hex — when both entered in this impulse, only the slower may fire.

Having climbed this impulse it may not fire at lower targets; having dived, at higher ones.
Both sides roll a d10; hits come from the firer's card's Gun Combat Table for a winning
difference, with a critical per 3 hits.

The Gun Firing Position Diagram is lost.  Furball reads it by the target's aspect seen
from the firer (docs/rulings.md (Phantoms), "Gun position"): from the rear 0, from the
side −2, from the front −3 (Example 1's MiG-21 takes "gun angle −3"; we set it up head-on).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.dice import Dice
from engine.phantoms.damage import DESTROYING, apply_hits, ejection
from engine.phantoms.hexgrid import Aspect, aspect, points_at
from engine.phantoms.quality import (
    Modifier,
    NotAllowed,
    OpposedRoll,
    quality_effects,
    quality_modifier,
    roll_opposed,
)
from engine.phantoms.spotting import after_gun_fire
from engine.phantoms.state import PlaneState
from models.phantoms.common import MANEUVER_CLASS, ManeuverClass

GUN_POSITION_MODIFIER: dict[Aspect, int] = {"rear": 0, "side": -2, "front": -3}
"""The lost Gun Firing Position Diagram, by the target's aspect (ours)."""
FIRER_MANEUVER_MODIFIER: dict[ManeuverClass, int] = {
    "hard_turn": -3,
    "loop": -3,
    "turn": -2,
    "sideslip": -2,
    "straight": 0,
}
DIFFERENT_LEVEL = -2
SPINNING_TARGET = 2
PILOT_WOUNDED = -1
UNSPOTTED_BONUS = 4


def firer_maneuver(plane: PlaneState) -> ManeuverClass:
    """What the firer is flying for the chart's Turn/Hard Turn lines: the maneuver it
    finished this impulse, else the one its marker is out for."""
    maneuver = plane.finished or (plane.marker.maneuver if plane.marker is not None else None)
    return "straight" if maneuver is None else MANEUVER_CLASS[maneuver]


def position_problem(
    firer: PlaneState, target: PlaneState, entered: Mapping[str, int] | None = None
) -> str | None:
    """Why ``firer`` is not in a gun position on ``target``, or None (§7.2).

    ``entered`` maps aircraft ids to when they entered their present hex (any increasing
    count, e.g. the impulse number of the game); it is needed only when the two share a hex
    and a level."""
    levels = abs(firer.level - target.level)
    distance = firer.hex.distance_to(target.hex)
    if distance == 1:
        if levels > 1:
            return "an adjacent target must be within one level"
        if not points_at(firer.hex, firer.facing, target.hex):
            return f"{firer.id} is not pointing at {target.id}"
        return None
    if distance > 1:
        return f"{target.id} is {distance} hexes away"
    if levels == 1:
        return None
    if levels > 1:
        return "in the same hex the target must be one level above or below"
    if firer.facing != target.facing:
        return "in the same hex and level the firer must face the target's way"
    if entered is None or firer.id not in entered or target.id not in entered:
        raise ValueError("same hex and level: who entered the hex last must be given")
    if entered[firer.id] < entered[target.id]:
        return f"{target.id} entered the hex after {firer.id}"
    if entered[firer.id] == entered[target.id] and firer.speed >= target.speed:
        return "both entered this impulse: only the slower may fire"
    return None


def gun_problem(
    firer: PlaneState, target: PlaneState, entered: Mapping[str, int] | None = None
) -> str | None:
    """Why ``firer`` may not fire its gun at ``target`` now, or None (§7.0, §7.2)."""
    if not (firer.in_play and target.in_play):
        return "both aircraft must be in play"
    if firer.card.gun_attack is None:
        return f"{firer.id} has no gun"
    if firer.gun_bursts <= 0:
        return f"{firer.id} has no bursts left"
    if not firer.moved:
        return f"{firer.id} did not move this impulse"
    if firer.out_of_control or firer.recovered_this_impulse:
        return f"{firer.id} is out of control or has just recovered (§7.0)"
    if firer.fired:
        return f"{firer.id} has already fired this impulse (§7.0)"
    if firer.climbed and target.level < firer.level:
        return f"{firer.id} climbed this impulse: no shots at lower targets"
    if firer.dived and target.level > firer.level:
        return f"{firer.id} dived this impulse: no shots at higher targets"
    return position_problem(firer, target, entered)


def gun_attack_modifiers(
    firer: PlaneState, target: PlaneState, *, firer_unspotted: bool = False
) -> list[Modifier]:
    """The firer's side of the gun roll (§7.2, chart p.15)."""
    assert firer.card.gun_attack is not None
    seen = aspect(target.hex, target.facing, firer.hex)
    mods: list[Modifier] = [
        ("gun attack value", firer.card.gun_attack),
        (f"gun position, {seen}", GUN_POSITION_MODIFIER[seen]),
    ]
    mods += quality_modifier(firer.quality, quality_effects(firer.quality).gun_attack)
    if firer.level != target.level:
        mods.append(("different altitude", DIFFERENT_LEVEL))
    if target.out_of_control:
        mods.append(("target spinning", SPINNING_TARGET))
    maneuver = firer_maneuver(firer)
    if FIRER_MANEUVER_MODIFIER[maneuver]:
        mods.append((f"firer in {maneuver.replace('_', ' ')}", FIRER_MANEUVER_MODIFIER[maneuver]))
    if firer.pilot_wounded:
        mods.append(("pilot wounded", PILOT_WOUNDED))
    if firer_unspotted:
        mods.append(("firer not spotted", UNSPOTTED_BONUS))
    return mods


def gun_defence_modifiers(target: PlaneState) -> list[Modifier]:
    """The target's side (§7.2): its Defence Factor, Ace +2, Experienced +1."""
    mods: list[Modifier] = [("defence factor", target.card.defense)]
    return mods + quality_modifier(target.quality, quality_effects(target.quality).gun_defence)


@dataclass(frozen=True, slots=True)
class GunResult:
    firer_id: str
    target_id: str
    roll: OpposedRoll
    hits: int
    criticals: tuple[str, ...] = ()
    ejected: bool | None = None


def gun_attack(
    firer: PlaneState,
    target: PlaneState,
    dice: Dice,
    *,
    entered: Mapping[str, int] | None = None,
    firer_unspotted: bool = False,
) -> GunResult:
    """Fire ``firer``'s gun at ``target`` (§7.2) and apply the result at once: one burst
    spent, hits from the Gun Combat Table, criticals, ejection if it falls, and every visual
    spot but the target's lost (§13.0).  Raises :class:`NotAllowed` when it may not fire."""
    problem = gun_problem(firer, target, entered)
    if problem is not None:
        raise NotAllowed("§7.2 gun attack", problem)
    firer.gun_bursts -= 1
    firer.fired = True
    after_gun_fire(firer, target.id)
    roll = roll_opposed(
        dice,
        gun_attack_modifiers(firer, target, firer_unspotted=firer_unspotted),
        gun_defence_modifiers(target),
        f"gun attack (§7.2), {firer.id} on {target.id}",
        f"gun defence (§7.2), {target.id}",
    )
    hits = firer.card.gun_hits(roll.difference)
    outcomes = apply_hits(target, hits, 0, dice) if hits else []
    ejected = None
    if target.destroyed:
        target.cause = f"shot down by {firer.id} (gun)"
        ejected = ejection(target, next((o for o in outcomes if o in DESTROYING), "major"), dice)
    return GunResult(firer.id, target.id, roll, hits, tuple(outcomes), ejected)
