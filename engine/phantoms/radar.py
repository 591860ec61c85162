"""Radar lock-on and breaking a lock (§7.1.1b, §7.1.1c).

The locking aircraft needs a radar and the target in its radar cone
(:func:`engine.phantoms.hexgrid.in_cone`).  Both sides roll a d10; the lock is made when
the attacker's total is greater.  A lock then holds, with no further roll, while the target
stays in the cone and nobody breaks it; trying to lock another aircraft gives it up, unless
the card's radar holds several locks (``radar_locks``), when only the oldest goes once the
radar is full.  Breaking a lock is the same roll, made in the Break Lock segment at the
target's wish; against an active radar homer the missile's radar value stands in for the
aircraft's.

The seed gives "+2 if the range is more than 5 hexes" to the target's roll, but both worked
examples (Phantoms Example 4, Intruders Example 4) add it to the attacker's; furball follows
the examples (docs/rulings.md (Phantoms), "Lock range bonus").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.dice import Dice
from engine.phantoms.countermeasures import countermeasures, stealth_modifier
from engine.phantoms.hexgrid import combat_range, in_cone
from engine.phantoms.quality import (
    Modifier,
    NotAllowed,
    OpposedRoll,
    quality_effects,
    quality_modifier,
    roll_opposed,
)
from engine.phantoms.state import PlaneState

LONG_RANGE_HEXES = 5
"""A lock beyond this range (hexes + levels) earns the +2 (§7.1.1b, the 5 restored)."""
LONG_RANGE_BONUS = 2


def altitude_modifiers(attacker: PlaneState, target: PlaneState) -> list[Modifier]:
    """The lock/spot altitude lines (§7.1.1b, §13.0): target higher +1, lower −1, on the
    deck −4 (ours: the deck's −4 adds to the −1 for being lower)."""
    mods: list[Modifier] = []
    if target.level > attacker.level:
        mods.append(("target higher", 1))
    elif target.level < attacker.level:
        mods.append(("target lower", -1))
    if target.level == 0:
        mods.append(("target at level 0", -4))
    return mods


def radar_attack_modifiers(
    attacker: PlaneState, target: PlaneState, radar_value: int, *, pilot: bool = True
) -> list[Modifier]:
    """The attacker's side of a lock, break-lock or radar spot roll, less the range bonus."""
    mods: list[Modifier] = [("radar value", radar_value)]
    if pilot:
        mods += quality_modifier(attacker.quality, quality_effects(attacker.quality).lock)
    return mods + altitude_modifiers(attacker, target)


def radar_defence_modifiers(
    target: PlaneState,
    dice: Dice,
    scenario_year: int,
    purpose: str,
    *,
    ecm_pods: int = 0,
    stealth_rule: bool = False,
) -> list[Modifier]:
    """The target's side: its radar C/M, and 1d6 more if stealthy under the option."""
    radar_cm, _ = countermeasures(target.card, scenario_year, ecm_pods=ecm_pods)
    mods: list[Modifier] = [("radar C/M", radar_cm)]
    stealth = stealth_modifier(target, dice, purpose, stealth_rule=stealth_rule)
    if stealth:
        mods.append(("stealth 1d6", stealth))
    return mods


def lock_problem(attacker: PlaneState, target: PlaneState) -> str | None:
    """Why ``attacker`` may not try to lock ``target`` now, or None (§7.1.1b)."""
    if attacker.card.radar is None:
        return f"{attacker.id} has no radar"
    if not (attacker.in_play and target.in_play):
        return "both aircraft must be in play"
    if attacker.out_of_control:
        return f"{attacker.id} is out of control"
    if not in_cone(attacker.hex, attacker.facing, target.hex):
        return f"{target.id} is not in {attacker.id}'s radar cone"
    return None


@dataclass(frozen=True, slots=True)
class LockResult:
    """A lock (or break-lock) roll and its outcome."""

    attacker_id: str
    target_id: str
    roll: OpposedRoll
    range: int
    """Hexes plus levels between the two (§7.1.1b)."""
    dropped: tuple[str, ...] = ()
    """Locks the attacker gave up to make this attempt."""

    @property
    def locked(self) -> bool:
        return self.roll.won


def _lock_roll(
    attacker: PlaneState,
    target: PlaneState,
    dice: Dice,
    scenario_year: int,
    what: str,
    *,
    radar_value: int,
    pilot: bool,
    ecm_pods: int,
    stealth_rule: bool,
) -> tuple[OpposedRoll, int]:
    range_ = combat_range(attacker.hex, attacker.level, target.hex, target.level)
    mods = radar_attack_modifiers(attacker, target, radar_value, pilot=pilot)
    if range_ > LONG_RANGE_HEXES:
        mods.append((f"range > {LONG_RANGE_HEXES}", LONG_RANGE_BONUS))
    purpose = f"{what} (§7.1.1b), {attacker.id} on {target.id}"
    defence = radar_defence_modifiers(
        target, dice, scenario_year, purpose, ecm_pods=ecm_pods, stealth_rule=stealth_rule
    )
    roll = roll_opposed(dice, mods, defence, f"{purpose}: {attacker.id}", f"{purpose}: {target.id}")
    return roll, range_


def lock_attempt(
    attacker: PlaneState,
    target: PlaneState,
    dice: Dice,
    scenario_year: int,
    *,
    ecm_pods: int = 0,
    stealth_rule: bool = False,
) -> LockResult:
    """Try to lock ``target`` (§7.1.1b), in the Radar Lock segment.

    ``ecm_pods`` are the target's.  On success the target joins ``attacker.locks``.
    Raises :class:`NotAllowed` when the attempt may not be made."""
    problem = lock_problem(attacker, target)
    if problem is not None:
        raise NotAllowed("§7.1.1b radar lock", problem)
    assert attacker.card.radar is not None
    dropped: list[str] = []
    if target.id in attacker.locks:
        attacker.locks.remove(target.id)
    while len(attacker.locks) >= attacker.card.radar_locks:
        dropped.append(attacker.locks.pop(0))
    roll, range_ = _lock_roll(
        attacker,
        target,
        dice,
        scenario_year,
        "radar lock",
        radar_value=attacker.card.radar,
        pilot=True,
        ecm_pods=ecm_pods,
        stealth_rule=stealth_rule,
    )
    if roll.won:
        attacker.locks.append(target.id)
    return LockResult(attacker.id, target.id, roll, range_, tuple(dropped))


def break_lock(
    target: PlaneState,
    attacker: PlaneState,
    dice: Dice,
    scenario_year: int,
    *,
    radar_value: int | None = None,
    ecm_pods: int = 0,
    stealth_rule: bool = False,
) -> LockResult:
    """``target`` tries to break ``attacker``'s lock on it (§7.1.1c): the lock roll again.

    ``locked`` in the result means the lock held.  With ``radar_value`` given (an active
    radar homer's own) the roll stands for the missile's seeker, which has no pilot, and the
    caller decides what the missile does; otherwise a broken lock leaves ``attacker.locks``.
    """
    missile_seeker = radar_value is not None
    if not missile_seeker and target.id not in attacker.locks:
        raise NotAllowed("§7.1.1c break lock", f"{attacker.id} holds no lock on {target.id}")
    value = radar_value if radar_value is not None else attacker.card.radar
    if value is None:
        raise NotAllowed("§7.1.1c break lock", f"{attacker.id} has no radar")
    roll, range_ = _lock_roll(
        attacker,
        target,
        dice,
        scenario_year,
        "break lock",
        radar_value=value,
        pilot=not missile_seeker,
        ecm_pods=ecm_pods,
        stealth_rule=stealth_rule,
    )
    if not roll.won and not missile_seeker:
        attacker.locks.remove(target.id)
    return LockResult(attacker.id, target.id, roll, range_)


def keep_locks(attacker: PlaneState, planes: Mapping[str, PlaneState]) -> list[str]:
    """Drop the locks that no longer hold (§7.1.1b): target gone, out of the cone, or the
    locking aircraft out of control.  Returns the ids dropped."""
    lost = []
    for target_id in list(attacker.locks):
        target = planes.get(target_id)
        holds = (
            target is not None
            and target.in_play
            and attacker.in_play
            and not attacker.out_of_control
            and in_cone(attacker.hex, attacker.facing, target.hex)
        )
        if not holds:
            attacker.locks.remove(target_id)
            lost.append(target_id)
    return lost
