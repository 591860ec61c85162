"""Missile impact (§7.1, "Missile Impact", "Missile Impact vs. Break Offs"; chart p.15).

In the Missile Impact segment every missile due this impulse is rolled for: the firer's d10
plus the modified Hit # against the target's d10 plus its countermeasures and pilot.  A hit
does as many hits as the difference, one automatic critical (two for a large warhead) and one
more per 3 hits, and a destroyed target's crew try to eject.

A semi-active radar missile misses without a roll when the target has left the firer's radar
cone, the firer's lock is gone, or the firer broke off or left the game; an active homer
needs none of these, but misses when its own seeker's lock was broken (§7.1.1c).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.countermeasures import countermeasures
from engine.phantoms.damage import DESTROYING, HITS_PER_CRITICAL, apply_hits, ejection
from engine.phantoms.hexgrid import combat_range, in_cone
from engine.phantoms.missile_fire import MissileInFlight
from engine.phantoms.quality import Modifier, OpposedRoll, quality_effects, roll_opposed
from engine.phantoms.radar import radar_defence_modifiers
from engine.phantoms.spotting import VISUAL_RANGE, visual_spotter_modifiers
from engine.phantoms.state import PlaneState
from models.phantoms.missiles import MissileType

AFTERBURNER_BONUS = 4
UNSPOTTED_BONUS = 4
HARD_MANEUVER_DEFENCE = 3
DECK_DEFENCE = 2
"""+2 at altitude "?" (lost); level 0, as in Intruders' SAM chart (ours)."""
BROKE_OFF_DEFENCE = 3
EMERGENCY_SPOT_BONUS = 3


@dataclass(frozen=True, slots=True)
class ImpactResult:
    """What one missile did."""

    missile_id: str
    target_id: str
    roll: OpposedRoll | None
    """None when it missed without a roll."""
    missed_because: str = ""
    hits: int = 0
    criticals: tuple[str, ...] = ()
    ejected: bool | None = None

    @property
    def hit(self) -> bool:
        return self.hits > 0


def automatic_miss(
    missile: MissileInFlight, missile_type: MissileType, firer: PlaneState | None
) -> str:
    """Why a radar missile misses without a roll, or "" (§7.1, §7.1.1b–c)."""
    if missile_type.heat:
        return ""
    if missile_type.guidance == "ARH":
        return "its seeker's lock was broken" if missile.seeker_lost else ""
    if firer is None or not firer.in_play:
        return "the firer broke off or left the game"
    if missile.target_id not in firer.locks:
        return "the firer's lock was lost"
    return ""


def attack_modifiers(
    missile: MissileInFlight,
    missile_type: MissileType,
    target: PlaneState,
    *,
    firer_unspotted: bool = False,
) -> list[Modifier]:
    """The firer's side (§7.1): modified Hit #, target's afterburner (heat-seekers), the
    target's aspect at launch (radar missiles), not spotted (optional)."""
    mods: list[Modifier] = [(f"{missile_type.id} Hit #", missile.hit_number)]
    if missile_type.heat and target.used_ab:
        mods.append(("target used afterburner", AFTERBURNER_BONUS))
    if not missile_type.heat and missile.position_modifier:
        mods.append((f"{missile.launch_aspect} aspect", missile.position_modifier))
    if firer_unspotted:
        mods.append(("firer not spotted", UNSPOTTED_BONUS))
    return mods


def defence_modifiers(
    missile_type: MissileType,
    target: PlaneState,
    dice: Dice,
    scenario_year: int,
    *,
    ecm_pods: int = 0,
    ir_jammers: int = 0,
    stealth_rule: bool = False,
) -> list[Modifier]:
    """The target's side (§7.1): C/M for the guidance (a stealthy target's radar C/M +1d6),
    pilot 0/0/1/2/3, in or just out of a Hard Turn or Loop +3, at level 0 +2, broke off
    but chased +3."""
    if missile_type.heat:
        _, ir = countermeasures(target.card, scenario_year, ir_jammers=ir_jammers)
        mods: list[Modifier] = [("IR C/M", ir)]
    else:
        mods = radar_defence_modifiers(
            target,
            dice,
            scenario_year,
            f"missile impact, {missile_type.id} at {target.id}",
            ecm_pods=ecm_pods,
            stealth_rule=stealth_rule,
        )
    mods.append((f"{target.quality} pilot", quality_effects(target.quality).missile_defence))
    if target.in_hard_maneuver:
        mods.append(("Hard Turn or Loop", HARD_MANEUVER_DEFENCE))
    if target.level == 0:
        mods.append(("at level 0", DECK_DEFENCE))
    if target.broke_off:
        mods.append(("broke off, chased", BROKE_OFF_DEFENCE))
    return mods


def resolve_missile(
    missile: MissileInFlight,
    missile_type: MissileType,
    firer: PlaneState | None,
    target: PlaneState,
    dice: Dice,
    scenario_year: int,
    *,
    firer_unspotted: bool = False,
    ecm_pods: int = 0,
    ir_jammers: int = 0,
    stealth_rule: bool = False,
) -> ImpactResult:
    """Resolve ``missile`` against ``target`` in its Missile Impact segment (§7.1).

    ``firer`` is None when the firing aircraft has left the game.  The target's
    ``ecm_pods``/``ir_jammers`` add to its C/M; ``firer_unspotted`` is the optional §13.0
    bonus.  Marks the missile resolved; applies hits, criticals and the ejection roll."""
    missile.resolved = True
    reason = automatic_miss(missile, missile_type, firer)
    if not reason and not missile_type.heat and missile_type.guidance != "ARH":
        assert firer is not None
        if not in_cone(firer.hex, firer.facing, target.hex):
            reason = "the target left the firer's radar cone"
    if not target.in_play and not target.broke_off:
        reason = reason or "the target has already left the game"
    if reason:
        return ImpactResult(missile.id, target.id, None, reason)
    roll = roll_opposed(
        dice,
        attack_modifiers(missile, missile_type, target, firer_unspotted=firer_unspotted),
        defence_modifiers(
            missile_type,
            target,
            dice,
            scenario_year,
            ecm_pods=ecm_pods,
            ir_jammers=ir_jammers,
            stealth_rule=stealth_rule,
        ),
        f"missile impact (§7.1), {missile.id}",
        f"missile defence (§7.1), {target.id}",
    )
    if not roll.won:
        return ImpactResult(missile.id, target.id, roll)
    hits = roll.difference
    automatic = 2 if missile_type.large_warhead else 1
    outcomes = apply_hits(target, hits, automatic, dice)
    ejected = None
    if target.destroyed:
        target.cause = f"shot down by {missile.firer_id} ({missile_type.name})"
        cause = next((o for o in outcomes if o in DESTROYING), "major")
        ejected = ejection(target, cause, dice)
    return ImpactResult(missile.id, target.id, roll, "", hits, tuple(outcomes), ejected)


def missile_criticals(hits: int, large_warhead: bool) -> int:
    """Criticals a missile's hits bring before any for passing the maximum (§7.1)."""
    return (2 if large_warhead else 1) + hits // HITS_PER_CRITICAL


def sees_missile(
    target: PlaneState,
    missile: MissileInFlight,
    dice: Dice,
    *,
    turn: int | None = None,
    impulse: int | None = None,
) -> bool:
    """Emergency maneuvers (optional §7.1; Intruders I-p.13): the target rolls a visual spot
    on the missile with +3.  The missile is where it was launched, or where it has flown by
    (turn, impulse) when given; beyond visual range it is not seen.  A target that sees it
    may swap its marker for a Hard Turn or Loop (the caller's choice)."""
    where = (
        missile.launch_hex if turn is None or impulse is None else missile.position(turn, impulse)
    )
    return sees_launch(target, where, missile.launch_level, missile.id, dice)


def sees_launch(target: PlaneState, where: Hex, level: int, missile_id: str, dice: Dice) -> bool:
    """The emergency-maneuver spot of :func:`sees_missile` on a missile at ``where`` and
    ``level``: an air-to-air missile, or a SAM leaving its site (Intruders I-p.13)."""
    range_ = combat_range(where, level, target.hex, target.level)
    if range_ > VISUAL_RANGE or target.out_of_control:
        return False
    mods = [*visual_spotter_modifiers(target), ("missile flash and smoke", EMERGENCY_SPOT_BONUS)]
    roll = roll_opposed(
        dice,
        mods,
        [("range", range_)],
        f"emergency maneuver spot (§7.1), {target.id} on {missile_id}",
        f"emergency maneuver spot (§7.1), {missile_id} against {target.id}",
    )
    return roll.won
