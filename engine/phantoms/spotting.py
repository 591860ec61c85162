"""Spotting (optional §13.0): radar spots, visual spots, sharing and losing them.

- A **radar spot** is the radar-lock roll without the range bonus, against any number of
  aircraft in the spotter's radar cone; it is lost when the target leaves the cone or the
  spotter spins, and radar spots are shared by the whole side.
- A **visual spot** is one attempt per aircraft per Spotting segment at range 10 or less
  (hexes + levels).  Visual spots are the spotter's own, except between designated
  wingmen of one type within 5 hexes of each other.  They are lost beyond 10, all of them
  in a spin, and all but the target's when the aircraft fires its guns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.dice import Dice
from engine.phantoms.hexgrid import combat_range, in_cone
from engine.phantoms.quality import (
    Modifier,
    NotAllowed,
    OpposedRoll,
    quality_effects,
    quality_modifier,
    roll_opposed,
)
from engine.phantoms.radar import radar_attack_modifiers, radar_defence_modifiers
from engine.phantoms.state import PlaneState

VISUAL_RANGE = 10
"""Longest visual spot, hexes + levels (§13.0)."""
WINGMAN_HEXES = 5
"""Wingmen share visual spots within this many hexes (§13.0, the 5 restored)."""
SENSOR_BONUS = 3
"""Radar spot or lock on the target, or an off-map controller (§13.0)."""
STEALTH_CONTROLLER_BONUS = 1
"""The controller's help against a stealthy target (optional §14.0)."""


def radar_spot(
    spotter: PlaneState,
    target: PlaneState,
    dice: Dice,
    scenario_year: int,
    *,
    ecm_pods: int = 0,
    stealth_rule: bool = False,
) -> OpposedRoll:
    """Try a radar spot on ``target`` (§13.0); on success it joins ``spotter.radar_spots``."""
    if spotter.card.radar is None:
        raise NotAllowed("§13.0 radar spot", f"{spotter.id} has no radar")
    if spotter.out_of_control or not in_cone(spotter.hex, spotter.facing, target.hex):
        raise NotAllowed("§13.0 radar spot", f"{target.id} is not in {spotter.id}'s radar cone")
    purpose = f"radar spot (§13.0), {spotter.id} on {target.id}"
    roll = roll_opposed(
        dice,
        radar_attack_modifiers(spotter, target, spotter.card.radar),
        radar_defence_modifiers(
            target, dice, scenario_year, purpose, ecm_pods=ecm_pods, stealth_rule=stealth_rule
        ),
        f"{purpose}: {spotter.id}",
        f"{purpose}: {target.id}",
    )
    if roll.won:
        spotter.radar_spots.add(target.id)
    return roll


def visual_spotter_modifiers(spotter: PlaneState) -> list[Modifier]:
    """The spotter's own lines (§13.0): Ace +3, Experienced +2, Green −2; all-round canopy
    +2; two or more crew +1."""
    mods = quality_modifier(spotter.quality, quality_effects(spotter.quality).visual_spot)
    if spotter.card.all_round_canopy:
        mods.append(("all-round canopy", 2))
    if spotter.card.crew >= 2:
        mods.append(("two or more crew", 1))
    return mods


def visual_spot(
    spotter: PlaneState,
    target: PlaneState,
    dice: Dice,
    *,
    controller: bool = False,
    stealth_rule: bool = False,
    max_range: int = VISUAL_RANGE,
) -> OpposedRoll:
    """Try a visual spot on ``target`` (§13.0); on success it joins ``spotter.visual_spots``.

    ``controller``: the spotter's side has an off-map controller (GCI or AWACS);
    ``max_range``: weather may shorten the 10 (U-p.6)."""
    range_ = combat_range(spotter.hex, spotter.level, target.hex, target.level)
    if range_ > min(max_range, VISUAL_RANGE):
        raise NotAllowed("§13.0 visual spot", f"range {range_} is beyond {max_range}")
    if spotter.out_of_control:
        raise NotAllowed("§13.0 visual spot", f"{spotter.id} is out of control")
    mods = visual_spotter_modifiers(spotter)
    if target.id in spotter.radar_spots or target.id in spotter.locks:
        mods.append(("radar spot or lock", SENSOR_BONUS))
    elif controller:
        stealthy = stealth_rule and target.card.stealth
        mods.append(("controller", STEALTH_CONTROLLER_BONUS if stealthy else SENSOR_BONUS))
    if target.card.size == "large":
        mods.append(("large target", 2))
    if target.level == 0:
        mods.append(("target at level 0", -2))
    defence: list[Modifier] = [("range", range_)]
    if target.card.size == "small":
        defence.append(("small", 1))
    purpose = f"visual spot (§13.0), {spotter.id} on {target.id}"
    roll = roll_opposed(dice, mods, defence, f"{purpose}: {spotter.id}", f"{purpose}: {target.id}")
    if roll.won:
        spotter.visual_spots.add(target.id)
    return roll


def lose_spots(spotter: PlaneState, planes: Mapping[str, PlaneState]) -> set[str]:
    """Drop the spots that no longer hold (§13.0): every spot in a spin; radar spots out of
    the cone; visual spots beyond 10; anything no longer in play.  Returns the ids lost."""
    lost: set[str] = set()
    if spotter.out_of_control:
        lost = spotter.radar_spots | spotter.visual_spots
        spotter.radar_spots.clear()
        spotter.visual_spots.clear()
        return lost
    for target_id in list(spotter.radar_spots):
        target = planes.get(target_id)
        if (
            target is None
            or not target.in_play
            or not in_cone(spotter.hex, spotter.facing, target.hex)
        ):
            spotter.radar_spots.discard(target_id)
            lost.add(target_id)
    for target_id in list(spotter.visual_spots):
        target = planes.get(target_id)
        if (
            target is None
            or not target.in_play
            or combat_range(spotter.hex, spotter.level, target.hex, target.level) > VISUAL_RANGE
        ):
            spotter.visual_spots.discard(target_id)
            lost.add(target_id)
    return lost


def after_gun_fire(firer: PlaneState, target_id: str) -> None:
    """Firing guns loses every visual spot but the target's (§13.0)."""
    firer.visual_spots.intersection_update({target_id})


def share_wingman_spots(a: PlaneState, b: PlaneState) -> bool:
    """Designated wingmen of one type within 5 hexes pool their visual spots (§13.0).
    Returns whether they were close enough to share."""
    if a.card.id != b.card.id or a.hex.distance_to(b.hex) > WINGMAN_HEXES:
        return False
    pooled = a.visual_spots | b.visual_spots
    a.visual_spots |= pooled
    b.visual_spots |= pooled
    return True


def spotted(plane_id: str, viewer: PlaneState, viewer_side: Iterable[PlaneState]) -> bool:
    """Whether ``viewer`` has ``plane_id`` spotted, for the "not spotted" bonuses (§13.0):
    its own visual spot, or a radar spot or lock held by anyone on its side (radar spots
    are shared; visual ones only between wingmen, already pooled by
    :func:`share_wingman_spots`)."""
    if plane_id in viewer.visual_spots:
        return True
    return any(
        plane_id in friend.radar_spots or plane_id in friend.locks
        for friend in (viewer, *viewer_side)
        if friend.in_play
    )
