"""Damage, critical hits, fire and ejection (§8.0, §8.2, §9.0, charts p.14 and p.16).

Hits fill the damage track and do nothing until they pass the card's maximum, when the
aircraft flies as loaded for the rest of the game.  Aircraft fall only to critical hits,
which come from: each missile hit (automatic, two for a large warhead); every full 3 hits
of one combat; and every hit point inflicted past the maximum (§8.0 and its examples).

Critical results (the names kept in ``PlaneState.criticals``) and what
:func:`roll_critical` returns:

=====  ==================  ==========================================================
d10    row                 outcome
=====  ==================  ==========================================================
1–3    ``minor``           ``minor``: no effect
4      ``pilot_wounded``   ``pilot_wounded``; the second time ``pilot_killed``
5–6    ``structural``      ``structural``; ``break_up`` if in a Hard Turn or Loop;
                           the second time ``major``
7      ``engine``          ``engine`` (fly by the Damaged chart); the second ``major``
8      ``fire``            ``fire``; the second time ``fire_destroyed``
9–10   ``major``           ``major``: the aircraft is lost
=====  ==================  ==========================================================
"""

from __future__ import annotations

from typing import Final

from engine.dice import Dice
from engine.phantoms.dice import d10
from engine.phantoms.quality import Modifier
from engine.phantoms.state import PlaneState

HITS_PER_CRITICAL: Final = 3
DESTROYING: Final = frozenset({"pilot_killed", "break_up", "major", "fire_destroyed"})
"""Outcomes that take the aircraft out of the game."""
EJECT_AT_LEAST: Final = 3
"""A modified ejection roll of 3 or more gets the crew out (§8.2)."""
EJECTION_CAUSE_MODIFIER: Final = {"major": -2, "break_up": -4}


def critical_row(roll: int) -> str:
    """The Critical Hit Table row for a d10 reading 1–10."""
    if roll <= 3:
        return "minor"
    if roll == 4:
        return "pilot_wounded"
    if roll <= 6:
        return "structural"
    return {7: "engine", 8: "fire"}.get(roll, "major")


def criticals_due(damage_before: int, hits: int, max_damage: int) -> int:
    """Criticals for ``hits`` in one combat, besides a missile's automatic ones (§8.0): one
    per full 3 hits and one per point inflicted beyond the maximum."""
    past_before = max(0, damage_before - max_damage)
    past_after = max(0, damage_before + hits - max_damage)
    return hits // HITS_PER_CRITICAL + (past_after - past_before)


def _destroy(plane: PlaneState, outcome: str) -> None:
    plane.destroyed = True
    if not plane.cause:
        plane.cause = f"destroyed ({outcome})"


def roll_critical(plane: PlaneState, dice: Dice, purpose: str = "") -> str:
    """Roll once on the Critical Hit Table for ``plane`` and apply the result (§8.0)."""
    roll = d10(dice, f"critical hit (§8.0), {plane.id}{', ' + purpose if purpose else ''}")
    row = critical_row(roll)
    again = row in plane.criticals or (row == "fire" and plane.on_fire)
    plane.criticals.append(row)
    outcome = row
    if row == "pilot_wounded":
        if again:
            outcome = "pilot_killed"
        plane.pilot_wounded = True
    elif row == "structural":
        if again:
            outcome = "major"
        elif plane.in_hard_maneuver:
            outcome = "break_up"
        plane.structural = True
    elif row == "engine":
        if again:
            outcome = "major"
        plane.engine_damaged = True
    elif row == "fire":
        if again:
            outcome = "fire_destroyed"
        plane.on_fire = True
    if outcome in DESTROYING:
        _destroy(plane, outcome)
    return outcome


def apply_hits(plane: PlaneState, hits: int, auto_criticals: int, dice: Dice) -> list[str]:
    """Mark ``hits`` on the damage track and roll the criticals they and ``auto_criticals``
    (a missile's) bring (§8.0).  Rolling stops once the aircraft is destroyed.  Returns the
    critical outcomes in order."""
    if hits < 0 or auto_criticals < 0:
        raise ValueError("hits and criticals cannot be negative")
    due = auto_criticals + criticals_due(plane.damage, hits, plane.card.max_damage)
    plane.damage += hits
    if plane.damage > plane.card.max_damage:
        plane.loaded = True
    outcomes: list[str] = []
    for number in range(1, due + 1):
        if plane.destroyed:
            break
        outcomes.append(roll_critical(plane, dice, f"{number} of {due}"))
    return outcomes


FIRE_OUT_AT_LEAST: Final = 9
"""A modified fire check of 9 or more puts the fire out (§9.0, ">9" read as ≥ 9)."""
FIRE_BURNS_AT_LEAST: Final = 5
"""5–8 burns on; below 5 rolls a critical (the lost 5 restored, docs ruling "Fire bands")."""


def fire_modifiers(plane: PlaneState) -> list[Modifier]:
    """The fire check's modifiers (§9.0): speed over 7 +3, 5–7 +2, 4 +1 (the lost bands
    ours); dived this impulse +1; Ace +2, Experienced +1, Green −1."""
    mods: list[Modifier] = []
    if plane.speed > 7:
        mods.append(("speed > 7", 3))
    elif plane.speed >= 5:
        mods.append(("speed 5–7", 2))
    elif plane.speed == 4:
        mods.append(("speed 4", 1))
    if plane.dived:
        mods.append(("dived", 1))
    quality = {"ace": 2, "experienced": 1, "green": -1}.get(plane.quality, 0)
    if quality:
        mods.append((f"{plane.quality} pilot", quality))
    return mods


def fire_check(plane: PlaneState, dice: Dice) -> str:
    """The Fire-Check segment roll for a burning aircraft (§9.0).  Returns ``out``,
    ``burning`` or the outcome of the critical hit a low roll brings."""
    if not plane.on_fire:
        raise ValueError(f"{plane.id} is not on fire")
    total = d10(dice, f"fire check (§9.0), {plane.id}") + sum(v for _, v in fire_modifiers(plane))
    if total >= FIRE_OUT_AT_LEAST:
        plane.on_fire = False
        return "out"
    if total >= FIRE_BURNS_AT_LEAST:
        return "burning"
    return roll_critical(plane, dice, "fire spreading")


def ejection_modifiers(plane: PlaneState, cause: str) -> list[Modifier]:
    """§8.2: wounded −2, on fire −3, Major Damage −2, structural break-up −4."""
    mods: list[Modifier] = []
    if plane.pilot_wounded:
        mods.append(("pilot wounded", -2))
    if plane.on_fire:
        mods.append(("on fire", -3))
    if cause in EJECTION_CAUSE_MODIFIER:
        mods.append((cause, EJECTION_CAUSE_MODIFIER[cause]))
    return mods


def ejection(plane: PlaneState, cause: str, dice: Dice) -> bool:
    """The crew of a destroyed aircraft try to eject (§8.2); ``cause`` is the outcome that
    destroyed it (``major``, ``break_up``, ``fire_destroyed``, ``crash``...).  A killed pilot
    cannot.  Sets and returns ``plane.ejected``."""
    if cause == "pilot_killed":
        plane.ejected = False
        return False
    roll = d10(dice, f"ejection (§8.2), {plane.id}")
    plane.ejected = roll + sum(v for _, v in ejection_modifiers(plane, cause)) >= EJECT_AT_LEAST
    return plane.ejected
