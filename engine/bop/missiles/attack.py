"""A missile's attack on its target (rulebook, "Missile Attack", "Missile Defense", the
Missile Defense task and "Damage")."""

from __future__ import annotations

from dataclasses import dataclass

from engine.bop import purposes
from engine.bop.departure import check_pilot_quality
from engine.bop.missiles.common import (
    EventData,
    MissileEvent,
    MissileState,
    MissileTables,
    entities,
    event_data,
    missile_tables,
    removed,
)
from engine.dice import Dice
from models.missile import MissileCard

WEAPON = "missile"
"""The critical-hit table missiles use in :func:`engine.bop.damage.apply_damage`."""


@dataclass(frozen=True, slots=True)
class MissileAttackResult:
    """One missile attack.  On a hit, apply ``damage_points`` and ``critical_hits`` with
    ``apply_damage(..., weapon=WEAPON, source=state.id)``."""

    state: MissileState
    """The missile, now out of play (``hit`` or ``missed``)."""
    hit: bool
    attack_column: int
    attack_result: int
    defense_column: int
    defense_result: int
    defending: bool
    excess_pips: int
    direct_hit: bool
    direct_hit_roll: int | None
    damage_points: int
    critical_hits: int
    warhead_type: str
    events: tuple[MissileEvent, ...]


def attack_hits(attack: int, defense: int, defending: bool) -> bool:
    """Attack above defense hits; a tie hits only a target not using Missile Defense."""
    return attack > defense or (attack == defense and not defending)


def critical_hits_for(points: int, direct_hit: bool) -> int:
    """A direct hit gives a critical hit per damage point; otherwise every odd damage point
    (the first, third, ...) gives one."""
    return points if direct_hit else (points + 1) // 2


def defense_column(
    pilot_quality: int,
    defending: bool,
    countermeasure_columns: int = 0,
    tables: MissileTables | None = None,
) -> int:
    """The defender's Pips column (furball rebuild, ``models/tables/missiles.toml``)."""
    table = (tables or missile_tables()).attack
    column = table.defense_base_column + pilot_quality + countermeasure_columns
    if defending:
        column += table.defending_bonus
    return table.clamp(column)


def missile_attack(
    state: MissileState,
    card: MissileCard,
    *,
    defender_pilot_quality: int,
    defending: bool,
    dice: Dice,
    who: str,
    turn: int,
    countermeasure_columns: int = 0,
    attack_columns: int = 0,
    tables: MissileTables | None = None,
) -> MissileAttackResult:
    """Resolve the attack of a missile whose flight reached its target ("Missile Attack",
    Combat SoP 07).

    The missile rolls Pips on its Attack rating (+ ``attack_columns``), the defender on
    :func:`defense_column` (``defending`` when it spends the Missile Defense activity point,
    see :func:`~engine.bop.missiles.launch.missile_defense_allowed`;
    ``countermeasure_columns`` for any decoys the caller credits).  On a hit the warhead
    rolls Pips on the Warhead rating for damage points, then the Direct Hit check: a d10
    below the Excess Pips (attack minus defense, times the table's factor).  The missile
    is removed from play either way.
    """
    if not state.active:
        raise ValueError(f"{state.id} is out of play ({state.status}); it cannot attack")
    check_pilot_quality(defender_pilot_quality)
    tables = tables or missile_tables()
    missile = (state.id, card.type_id, state.target, turn)
    a_col = tables.attack.clamp(card.attack_pips + attack_columns)
    d_col = defense_column(defender_pilot_quality, defending, countermeasure_columns, tables)
    attack = dice.pips(a_col, purposes.missile_attack(*missile))
    defense = dice.pips(d_col, purposes.missile_defense(*missile))
    hit = attack_hits(attack, defense, defending)
    base: EventData = {
        "who": who,
        "attack_column": a_col,
        "attack_result": attack,
        "defense_column": d_col,
        "defense_result": defense,
        "defending": defending,
    }
    if not hit:
        out = removed(state, "missed", "Missile Attack: attack did not beat the defense")
        event = MissileEvent(
            "miss",
            f"{state.id} misses {state.target}: attack {attack} against "
            f"defense {defense}" + (" (defending)" if defending else ""),
            event_data(out, turn, **base),
            entities(out),
        )
        return MissileAttackResult(
            out,
            False,
            a_col,
            attack,
            d_col,
            defense,
            defending,
            0,
            False,
            None,
            0,
            0,
            card.warhead_type,
            (event,),
        )
    excess = attack - defense
    points = dice.pips(card.warhead_pips, purposes.missile_warhead(*missile))
    roll = dice.d10(purposes.missile_direct_hit(*missile))
    direct = roll < excess * tables.direct_hit.d10_faces_per_excess_pip
    criticals = critical_hits_for(points, direct)
    out = removed(state, "hit", "Missile Attack: hit")
    event = MissileEvent(
        "hit",
        f"{state.id} hits {state.target}: attack {attack} against defense "
        f"{defense}, {points} damage points, {criticals} critical hits"
        + (" (direct hit)" if direct else ""),
        event_data(
            out,
            turn,
            **base,
            excess_pips=excess,
            direct_hit=direct,
            direct_hit_roll=roll,
            damage_points=points,
            critical_hits=criticals,
            warhead_type=card.warhead_type,
        ),
        entities(out),
    )
    return MissileAttackResult(
        out,
        True,
        a_col,
        attack,
        d_col,
        defense,
        defending,
        excess,
        direct,
        roll,
        points,
        criticals,
        card.warhead_type,
        (event,),
    )
