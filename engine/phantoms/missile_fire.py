"""Missile launch (§7.0, §7.1, "Missile Launch"; §7.1.1a–c).

An aircraft may launch one missile at one target in the Break Lock/Missile Launch segment
when it has one left, is under control and did not just recover, has not fired this impulse
(a missile and a gun may not both be used), and is not in the target's hex at its level.
Having climbed this impulse it may not shoot at lower targets; having dived, at higher ones.

- A **heat-seeker** needs the firing position of its sub-type and the target within one
  level.  The firing-position charts are lost; furball's reading (docs/rulings.md (Phantoms),
  "Heat-seeker envelopes"): the firer points at the target (the target in its radar cone,
  or in the same hex facing the same way), sits in the target's rear 60° (HN), rear 180° (HW)
  or anywhere (HA), and is within :data:`HEAT_MAX_RANGE`.  It hits on the next impulse.
- A **radar missile** needs a held lock and a range between the missile's minimum and
  maximum.  It flies :data:`RADAR_MISSILE_HEXES_PER_IMPULSE` hexes an impulse.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.hexgrid import Aspect, aspect, combat_range, in_cone, in_rear_arc
from engine.phantoms.quality import NotAllowed
from engine.phantoms.radar import LockResult, break_lock
from engine.phantoms.state import PlaneState
from models.phantoms.common import IMPULSES_PER_TURN, Guidance
from models.phantoms.missiles import MissileType

RADAR_MISSILE_HEXES_PER_IMPULSE = 5
"""§7.1.1b: "travels [5] hexes per impulse" (the 5 restored: Example 4's range-5 bonus)."""
HEAT_MAX_RANGE: dict[Guidance, int] = {"HN": 3, "HW": 3, "HA": 4}
"""Longest heat-seeker shot, hexes + levels (ours; the Combat Charts are lost)."""
HEAT_REAR_ARC_DEG: dict[Guidance, float] = {"HN": 60.0, "HW": 180.0, "HA": 360.0}
"""The part of the target's circle the firer must sit in (ours, reference ambiguity #12)."""
HEAT_POSITION_MODIFIER: dict[Aspect, int] = {"rear": 0, "side": -1, "front": -2}
"""All-aspect heat-seekers' Hit # by the target's aspect (ours); HN and HW fire only from
the rear arc and take 0 (Example 2's "Position Modifier: +0")."""
RADAR_ASPECT_MODIFIER: dict[Aspect, int] = {"rear": 0, "side": -2, "front": -3}
"""Radar missiles by the target's aspect at launch (§7.1 impact chart, Example 3's −3)."""


def heat_seeker_problem(firer: PlaneState, target: PlaneState, missile: MissileType) -> str | None:
    """Why ``firer`` is not in a firing position for heat-seeker ``missile``, or None."""
    if abs(firer.level - target.level) > 1:
        return "a heat-seeker's target must be within one level (§7.1.1a)"
    range_ = combat_range(firer.hex, firer.level, target.hex, target.level)
    longest = HEAT_MAX_RANGE[missile.guidance]
    if range_ > longest:
        return f"range {range_} is beyond the {missile.guidance} envelope of {longest}"
    if firer.hex == target.hex:
        if firer.facing != target.facing:
            return "in the target's hex a heat-seeker needs the target's facing"
        return None
    if not in_cone(firer.hex, firer.facing, target.hex):
        return f"{firer.id} is not pointing at {target.id}"
    arc = HEAT_REAR_ARC_DEG[missile.guidance]
    if arc < 360.0 and not in_rear_arc(target.hex, target.facing, firer.hex, arc):
        return f"{missile.guidance} needs the target's rear {arc:.0f}°"
    return None


def radar_missile_problem(
    firer: PlaneState, target: PlaneState, missile: MissileType
) -> str | None:
    """Why ``firer`` may not launch radar missile ``missile`` at ``target``, or None."""
    if target.id not in firer.locks:
        return f"{firer.id} holds no lock on {target.id} (§7.1.1b)"
    if not in_cone(firer.hex, firer.facing, target.hex):
        return f"{target.id} is not in {firer.id}'s radar cone"
    range_ = combat_range(firer.hex, firer.level, target.hex, target.level)
    if not missile.min_range <= range_ <= missile.max_range:
        return f"range {range_} is outside {missile.min_range}–{missile.max_range}"
    return None


def launch_problem(firer: PlaneState, target: PlaneState, missile: MissileType) -> str | None:
    """Why ``firer`` may not launch ``missile`` at ``target`` now, or None (§7.1)."""
    if not (firer.in_play and target.in_play):
        return "both aircraft must be in play"
    if firer.missiles.get(missile.id, 0) <= 0:
        return f"{firer.id} has no {missile.id} left"
    if firer.out_of_control or firer.recovered_this_impulse:
        return f"{firer.id} is out of control or has just recovered (§7.0)"
    if firer.fired:
        return f"{firer.id} has already fired this impulse (§7.0, §7.1)"
    if firer.hex == target.hex and firer.level == target.level:
        return "no launch at a target in the same hex and level (§7.1)"
    if firer.climbed and target.level < firer.level:
        return f"{firer.id} climbed this impulse: no shots at lower targets"
    if firer.dived and target.level > firer.level:
        return f"{firer.id} dived this impulse: no shots at higher targets"
    if missile.heat:
        return heat_seeker_problem(firer, target, missile)
    return radar_missile_problem(firer, target, missile)


def can_launch(firer: PlaneState, target: PlaneState, missile: MissileType) -> bool:
    return launch_problem(firer, target, missile) is None


def later(turn: int, impulse: int, impulses: int) -> tuple[int, int]:
    """The (turn, impulse) ``impulses`` after (turn, impulse), impulses counted 1–10."""
    index = (turn - 1) * IMPULSES_PER_TURN + (impulse - 1) + impulses
    return index // IMPULSES_PER_TURN + 1, index % IMPULSES_PER_TURN + 1


def flight_path(start: Hex, end: Hex, impulses: int) -> tuple[Hex, ...]:
    """Where the missile is after each impulse of flight, on the straight line to ``end``
    (the last entry is ``end``), for the record and the replay."""
    x0, y0 = start.centre_ft()
    x1, y1 = end.centre_ft()
    points = []
    for step in range(1, impulses + 1):
        t = step / impulses
        points.append(Hex.nearest(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    points[-1] = end
    return tuple(points)


@dataclass(slots=True)
class MissileInFlight:
    """A missile on its way (the missile marker on the target, §7.1)."""

    id: str
    missile_id: str
    guidance: Guidance
    firer_id: str
    target_id: str
    launch_hex: Hex
    launch_level: int
    launch_turn: int
    launch_impulse: int
    hit_number: int
    """The missile's Hit # with the firing-position modifier (§7.1)."""
    position_modifier: int
    launch_aspect: Aspect
    """The target's aspect from the firer at launch."""
    range_at_launch: int
    impulses_to_impact: int
    impact_turn: int
    impact_impulse: int
    path: tuple[Hex, ...]
    """Where it is after each impulse of flight; the last is the target's hex at launch."""
    seeker_lost: bool = False
    """An active radar homer whose own lock was broken (§7.1.1c): it will miss."""
    resolved: bool = False
    notes: list[str] = field(default_factory=list)

    def due(self, turn: int, impulse: int) -> bool:
        """Whether its Missile Impact segment is this (turn, impulse)."""
        return not self.resolved and (turn, impulse) == (self.impact_turn, self.impact_impulse)

    def position(self, turn: int, impulse: int) -> Hex:
        """Its hex in (turn, impulse): the launch hex until the first impulse has passed."""
        flown = (turn - self.launch_turn) * IMPULSES_PER_TURN + impulse - self.launch_impulse
        if flown <= 0:
            return self.launch_hex
        return self.path[min(flown, len(self.path)) - 1]


def launch(
    firer: PlaneState,
    target: PlaneState,
    missile: MissileType,
    turn: int,
    impulse: int,
) -> MissileInFlight:
    """Launch ``missile`` at ``target`` (§7.1): spend it, mark the firer as having fired and
    return the missile in flight.  Raises :class:`NotAllowed` when the launch is not
    allowed; a failed launch roll (§15.2) is the caller's, made before this."""
    problem = launch_problem(firer, target, missile)
    if problem is not None:
        raise NotAllowed("§7.1 missile launch", problem)
    range_ = combat_range(firer.hex, firer.level, target.hex, target.level)
    seen_aspect = aspect(target.hex, target.facing, firer.hex)
    if missile.heat:
        impulses = 1
        modifier = HEAT_POSITION_MODIFIER[seen_aspect] if missile.guidance == "HA" else 0
    else:
        impulses = max(1, math.ceil(range_ / RADAR_MISSILE_HEXES_PER_IMPULSE))
        modifier = RADAR_ASPECT_MODIFIER[seen_aspect]
    firer.missiles[missile.id] -= 1
    firer.fired = True
    impact_turn, impact_impulse = later(turn, impulse, impulses)
    return MissileInFlight(
        id=f"{firer.id}:{missile.id}:{turn}.{impulse}",
        missile_id=missile.id,
        guidance=missile.guidance,
        firer_id=firer.id,
        target_id=target.id,
        launch_hex=firer.hex,
        launch_level=firer.level,
        launch_turn=turn,
        launch_impulse=impulse,
        hit_number=missile.hit + (modifier if missile.heat else 0),
        position_modifier=modifier,
        launch_aspect=seen_aspect,
        range_at_launch=range_,
        impulses_to_impact=impulses,
        impact_turn=impact_turn,
        impact_impulse=impact_impulse,
        path=flight_path(firer.hex, target.hex, impulses),
    )


def break_missile_lock(
    target: PlaneState,
    firer: PlaneState,
    missile: MissileInFlight,
    missile_type: MissileType,
    dice: Dice,
    scenario_year: int,
    *,
    ecm_pods: int = 0,
    stealth_rule: bool = False,
) -> LockResult:
    """The target tries to shake an active radar homer's own seeker (§7.1.1c), rolling
    against the missile's radar value; if it succeeds the missile will miss."""
    if missile_type.guidance != "ARH" or missile_type.radar_value is None:
        raise NotAllowed("§7.1.1c break lock", f"{missile_type.id} is not an active homer")
    result = break_lock(
        target,
        firer,
        dice,
        scenario_year,
        radar_value=missile_type.radar_value,
        ecm_pods=ecm_pods,
        stealth_rule=stealth_rule,
    )
    if not result.locked:
        missile.seeker_lost = True
        missile.notes.append(f"{target.id} broke the seeker's lock")
    return result
