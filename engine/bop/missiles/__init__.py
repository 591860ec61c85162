"""Missile combat (rulebook, "Missile Combat (SoP 07)" and "Declare a Missile Snapshot",
SoP 02): pure procedures the game loop calls, each taking a :class:`MissileState` (or the
launcher's situation) and the :class:`~engine.dice.Dice` and returning a result with the new
state and timeline-ready :class:`MissileEvent` s.

As the game loop calls them:

1. **Declarations (SoP 02)** -- :func:`can_declare_snapshot` for a snapshot declaration.
2. **Flight (SoP 03)** -- after the target moves (an RH missile: after its launcher too),
   :func:`fly_missile` for each missile in flight, with this turn's guidance (the
   launcher's radar track and the missile's own sensor Maintenance).  It removes a missile
   that lost guidance, was defeated kinematically or stalled, and says whether it attacks.
3. **Combat (SoP 07), Missile Attack sub-phase** -- :func:`missile_attack` for every
   missile whose flight reached its target (all simultaneous: apply damage afterwards
   with ``apply_damage(..., weapon="missile")``); :func:`missile_defense_allowed` says
   whether the target may defend.
4. **Combat (SoP 07), Missile Launch** -- :func:`can_launch` (or :func:`can_snapshot`
   after a declared snapshot and its FoV slaved acquisition), then :func:`launch`: the
   launch roll and the boost.  Then :func:`can_follow_on` and :func:`launch` with
   ``follow_on=True`` for a second missile.

The Missile Combat play aid's numbers are rebuilt in ``models/tables/missiles.toml``.
"""

from engine.bop.missiles.attack import (
    WEAPON,
    MissileAttackResult,
    attack_hits,
    critical_hits_for,
    defense_column,
    missile_attack,
)
from engine.bop.missiles.common import (
    MISSILE_TABLES_PATH,
    MissileEvent,
    MissileEventKind,
    MissileState,
    MissileStatus,
    MissileTables,
    Waypoint,
    missile_tables,
)
from engine.bop.missiles.flight import (
    Advance,
    GuidanceCheck,
    MissileFlight,
    advance,
    check_guidance,
    flight_range_fp,
    fly_missile,
)
from engine.bop.missiles.launch import (
    LaunchCheck,
    LaunchResult,
    boost_speed_and_bleed,
    can_declare_snapshot,
    can_follow_on,
    can_launch,
    can_snapshot,
    follow_on_boost_fp,
    launch,
    launch_target_number,
    missile_defense_allowed,
)

__all__ = [
    "MISSILE_TABLES_PATH",
    "WEAPON",
    "Advance",
    "GuidanceCheck",
    "LaunchCheck",
    "LaunchResult",
    "MissileAttackResult",
    "MissileEvent",
    "MissileEventKind",
    "MissileFlight",
    "MissileState",
    "MissileStatus",
    "MissileTables",
    "Waypoint",
    "advance",
    "attack_hits",
    "boost_speed_and_bleed",
    "can_declare_snapshot",
    "can_follow_on",
    "can_launch",
    "can_snapshot",
    "check_guidance",
    "critical_hits_for",
    "defense_column",
    "flight_range_fp",
    "fly_missile",
    "follow_on_boost_fp",
    "launch",
    "launch_target_number",
    "missile_attack",
    "missile_defense_allowed",
    "missile_tables",
]
