"""Damage: damage points, critical hits, destruction and progressive damage (rulebook,
"Damage", "Aircraft Systems", "Damage Capacity", "Damage Control and Progressive Damage").

Every damage point marks one box of the Damage track; an aircraft is shot down when its
points reach the card's Damage rating, or when a critical (bracketed) system has taken as
many critical hits as its bracket.  A critical hit takes two d10 rolls: the first picks the
system from the weapon type's critical table, the second the specific result for that
system.  Controls takes no second roll: its results come in hit order.  Engine hits go to a
random engine (one more d10 on a multi-engine type), and each engine's hits are counted on
their own against the bracket.

The tables are in ``models/tables/damage.toml``, rebuilt because the rulebook leaves them to
the Damage Effects play aid; a player with the printed aid may replace them.

Everything here is a pure function of its inputs and the :class:`~engine.dice.Dice`: the game
loop keeps a :class:`DamageState` per aircraft and replaces it with the one each call returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from engine.bop import purposes
from engine.bop.errors import IllegalOrder
from engine.dice import Dice
from models.aircraft import AircraftCard
from models.bop_tables import tables_in_play
from models.bop_tables.damage import DAMAGE_TABLE_PATH as DAMAGE_TABLE_PATH
from models.bop_tables.damage import FALLBACK_SYSTEM as FALLBACK_SYSTEM
from models.bop_tables.damage import DamageTables as DamageTables
from models.bop_tables.damage import load_damage_tables
from models.bop_tables.damage import row_for_face as _read
from models.files import DataFileError

DAMAGE_CONTROL_MAX_LOAD_G = 1.5
"""Damage Control fails if the aircraft flew at a greater load (Damage Control task)."""

EventKind = Literal[
    "gunshot", "hit", "miss", "critical", "kill", "collision", "ejection", "engine", "fate"
]


@dataclass(frozen=True, slots=True)
class CombatEvent:
    """A record ready for the timeline: ``kind``, a sentence, and flat data."""

    kind: EventKind
    detail: str
    data: dict[str, float | int | str | bool] = field(default_factory=dict)
    entities: tuple[str, ...] = ()


# --- the tables ---------------------------------------------------------------------------


def damage_tables(path: Path | None = None) -> DamageTables:
    """The Damage Effects tables in force (the shipped ones), or those of the file at
    ``path``; a :class:`DataFileError` names the file and field."""
    return tables_in_play().damage if path is None else load_damage_tables(path)


def check_card_systems(card: AircraftCard, tables: DamageTables | None = None) -> None:
    """Raise :class:`DataFileError` if the card names a system the tables lack."""
    tables = tables or damage_tables()
    if card.damage is None:
        return
    problems = [
        f"damage.systems.{i}.name: {s.name!r} is not a system of the damage tables "
        f"({', '.join(sorted(tables.systems))})"
        for i, s in enumerate(card.damage.systems)
        if s.name not in tables.systems
    ]
    if problems:
        raise DataFileError(card.type_id, problems)


# --- the Damage box -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CriticalHit:
    """One critical hit as recorded in the Damage box."""

    system: str
    effect: str
    text: str
    engine: int | None = None
    """1-based engine number for an Engine hit."""
    system_roll: int | None = None
    """The first d10 (None when the system was given, e.g. progressive damage)."""
    result_roll: int | None = None
    """The second d10 (None for Controls)."""


@dataclass(frozen=True, slots=True)
class DamageState:
    """An aircraft's Damage track and Damage box."""

    capacity: int
    engines: int = 1
    points: int = 0
    hits: tuple[tuple[str, int], ...] = ()
    """Critical hits per system, in first-hit order."""
    engine_hits: tuple[int, ...] = ()
    """Critical hits per engine."""
    criticals: tuple[CriticalHit, ...] = ()
    treated: frozenset[str] = frozenset()
    """Systems circled by Damage Control."""
    last_hit_turn: tuple[tuple[str, int], ...] = ()
    destroyed_by: str | None = None
    """Why the aircraft was shot down; None while it flies."""

    @classmethod
    def for_card(cls, card: AircraftCard) -> DamageState:
        if card.damage is None:
            raise ValueError(f"{card.type_id}'s card has no damage section")
        return cls(
            capacity=card.damage.capacity,
            engines=card.engines.count,
            engine_hits=(0,) * card.engines.count,
        )

    @property
    def destroyed(self) -> bool:
        return self.destroyed_by is not None

    def hits_on(self, system: str) -> int:
        return dict(self.hits).get(system, 0)

    @property
    def damaged_systems(self) -> tuple[str, ...]:
        return tuple(name for name, count in self.hits if count > 0)


@dataclass(frozen=True, slots=True)
class DamageResult:
    """What one application of damage did."""

    state: DamageState
    points: int
    criticals: tuple[CriticalHit, ...]
    newly_destroyed: bool
    events: tuple[CombatEvent, ...]

    @property
    def destroyed(self) -> bool:
        return self.state.destroyed


def _bump(
    pairs: tuple[tuple[str, int], ...], key: str, value: int | None = None
) -> tuple[tuple[str, int], ...]:
    seen = dict(pairs)
    seen[key] = seen.get(key, 0) + 1 if value is None else value
    return tuple(seen.items())


def _resolve_critical(
    state: DamageState,
    card: AircraftCard,
    system: str | None,
    weapon: str,
    dice: Dice,
    purpose: str,
    tables: DamageTables,
    engine: int | None = None,
) -> tuple[DamageState, CriticalHit]:
    system_roll = None
    if system is None:
        system_roll = dice.d10(purposes.critical_hit_system(purpose))
        try:
            table = tables.critical_tables[weapon]
        except KeyError:
            raise ValueError(
                f"no critical table for weapon type {weapon!r}; "
                f"known: {', '.join(sorted(tables.critical_tables))}"
            ) from None
        system = table[system_roll]
    assert card.damage is not None
    if card.damage.system(system) is None:
        system = FALLBACK_SYSTEM
    results = tables.systems[system]
    engine_hits = state.engine_hits
    if system == "Engine":
        if engine is None:
            engine = 1
            if state.engines > 1:
                engine = dice.d10(purposes.critical_hit_engine(purpose)) * state.engines // 10 + 1
        engine_hits = tuple(
            n + 1 if i == engine - 1 else n for i, n in enumerate(state.engine_hits)
        )
    result_roll = None
    if results.ordered:
        row = results.results[min(state.hits_on(system), len(results.results) - 1)]
    else:
        result_roll = dice.d10(purposes.critical_hit_result(system, purpose))
        row = _read(results.results, result_roll)
    hit = CriticalHit(system, row.effect, row.text, engine, system_roll, result_roll)
    new = replace(
        state,
        hits=_bump(state.hits, system),
        engine_hits=engine_hits,
        criticals=(*state.criticals, hit),
        treated=state.treated - {system},
    )
    return new, hit


def _destruction(state: DamageState, card: AircraftCard) -> str | None:
    if state.points >= state.capacity:
        return f"{state.points} damage points reach the Damage rating {state.capacity}"
    assert card.damage is not None
    for system in card.damage.systems:
        if system.bracket is None:
            continue
        if system.name == "Engine":
            for number, count in enumerate(state.engine_hits, start=1):
                if count >= system.bracket:
                    return f"engine {number} took {count} critical hits [bracket {system.bracket}]"
        elif state.hits_on(system.name) >= system.bracket:
            return (
                f"{system.name} took {state.hits_on(system.name)} critical hits "
                f"[bracket {system.bracket}]"
            )
    return None


def apply_damage(
    state: DamageState,
    points: int,
    dice: Dice,
    *,
    card: AircraftCard,
    criticals: int = 0,
    weapon: str = "gun",
    who: str,
    turn: int,
    source: str = "",
    tables: DamageTables | None = None,
) -> DamageResult:
    """Mark ``points`` damage points and resolve ``criticals`` critical hits ("Damage").

    Each critical hit rolls a d10 on the ``weapon`` critical table for the system, a d10 for
    the engine on a multi-engine type, and a d10 for the result (not for Controls).  The
    aircraft is shot down when its points reach the Damage rating or a bracketed system's
    hits reach its bracket ("Damage Capacity"); hits keep being recorded after that.
    """
    if points < 0 or criticals < 0:
        raise ValueError("damage points and critical hits cannot be negative")
    tables = tables or damage_tables()
    check_card_systems(card, tables)
    was_destroyed = state.destroyed
    purpose = purposes.damage_to(who, source, turn)
    new = replace(state, points=state.points + points)
    hits: list[CriticalHit] = []
    events: list[CombatEvent] = []
    for n in range(criticals):
        new, hit = _resolve_critical(
            new, card, None, weapon, dice, purposes.critical_of(n + 1, criticals, purpose), tables
        )
        new = replace(new, last_hit_turn=_bump(new.last_hit_turn, hit.system, turn))
        hits.append(hit)
        events.append(_critical_event(hit, new, who, turn))
    return _finish(state, new, card, points, hits, events, was_destroyed, who, turn)


def damage_systems(
    state: DamageState,
    points: int,
    systems: Sequence[str],
    dice: Dice,
    *,
    card: AircraftCard,
    who: str,
    turn: int,
    source: str = "",
    tables: DamageTables | None = None,
) -> DamageResult:
    """Mark ``points`` damage points and a critical hit on each named system, with no system
    roll: the damage Flight Effects deal (structure and engine criticals from overstress or
    overspeed).  Destruction is judged as for :func:`apply_damage`."""
    if points < 0:
        raise ValueError("damage points cannot be negative")
    tables = tables or damage_tables()
    was_destroyed = state.destroyed
    purpose = purposes.damage_to(who, source, turn)
    new = replace(state, points=state.points + points)
    hits: list[CriticalHit] = []
    events: list[CombatEvent] = []
    for system in systems:
        new, hit = _resolve_critical(new, card, system, "gun", dice, purpose, tables)
        new = replace(new, last_hit_turn=_bump(new.last_hit_turn, hit.system, turn))
        hits.append(hit)
        events.append(_critical_event(hit, new, who, turn))
    return _finish(state, new, card, points, hits, events, was_destroyed, who, turn)


def _critical_event(hit: CriticalHit, state: DamageState, who: str, turn: int) -> CombatEvent:
    where = f"{hit.system}" + (f" (engine {hit.engine})" if hit.engine else "")
    return CombatEvent(
        "critical",
        f"{who}: critical hit to {where}: {hit.text}",
        {
            "turn": turn,
            "system": hit.system,
            "effect": hit.effect,
            "engine": hit.engine or 0,
            "system_hits": state.hits_on(hit.system),
        },
        (who,),
    )


def _finish(
    old: DamageState,
    new: DamageState,
    card: AircraftCard,
    points: int,
    hits: list[CriticalHit],
    events: list[CombatEvent],
    was_destroyed: bool,
    who: str,
    turn: int,
) -> DamageResult:
    cause = None if was_destroyed else _destruction(new, card)
    if cause is not None:
        new = replace(new, destroyed_by=cause)
        events.append(
            CombatEvent(
                "kill",
                f"{who} is shot down: {cause}",
                {"turn": turn, "points": new.points, "capacity": new.capacity},
                (who,),
            )
        )
    return DamageResult(new, points, tuple(hits), cause is not None, tuple(events))


# --- Damage Control and progressive damage (SoP 11) ----------------------------------------


@dataclass(frozen=True, slots=True)
class DamageControlResult:
    state: DamageState
    succeeded: bool
    reason: str


def damage_control(
    state: DamageState, system: str, *, turn: int, greatest_load_g: float
) -> DamageControlResult:
    """The Damage Control task on ``system`` (4 AP, paid by the caller).

    Raises :class:`IllegalOrder` for an undamaged system or one hit this game-turn; fails
    (nothing circled) when the aircraft flew above 1.5 G this turn.
    """
    rule = "Damage Control task, SoP 11"
    if state.hits_on(system) == 0:
        raise IllegalOrder(rule, f"{system} has taken no critical hit", turn=turn)
    if dict(state.last_hit_turn).get(system) == turn:
        raise IllegalOrder(rule, f"{system} was hit this game-turn; treat it next turn", turn=turn)
    if greatest_load_g > DAMAGE_CONTROL_MAX_LOAD_G:
        return DamageControlResult(
            state, False, f"flew at {greatest_load_g:.1f} G, above {DAMAGE_CONTROL_MAX_LOAD_G} G"
        )
    return DamageControlResult(
        replace(state, treated=state.treated | {system}), True, f"{system} treated"
    )


def progressive_damage(
    state: DamageState,
    dice: Dice,
    *,
    card: AircraftCard,
    who: str,
    turn: int,
    tables: DamageTables | None = None,
) -> DamageResult:
    """Administrative phase: a d10 on the Progressive Damage table for every damaged system
    not treated with Damage Control, in the order the systems were first hit.

    ``damage_point`` adds one point (two for a system with a ``fire`` result); ``critical``
    gives the system one more critical hit, with its own result roll.
    """
    tables = tables or damage_tables()
    was_destroyed = state.destroyed
    new = state
    hits: list[CriticalHit] = []
    events: list[CombatEvent] = []
    points = 0
    for system in state.damaged_systems:
        if system in state.treated:
            continue
        face = dice.d10(purposes.progressive_damage(system, who, turn))
        row = _read(tables.progressive.results, face)
        burning = any(c.system == system and c.effect == "fire" for c in new.criticals)
        if row.effect == "damage_point" or burning:
            add = 1 + (1 if burning and row.effect == "damage_point" else 0)
            points += add
            new = replace(new, points=new.points + add)
        if row.effect == "critical":
            engine = None
            if system == "Engine":
                engine = 1 + max(range(len(new.engine_hits)), key=lambda i: new.engine_hits[i])
            new, hit = _resolve_critical(
                new,
                card,
                system,
                "progressive",
                dice,
                purposes.progressive_critical(who, turn),
                tables,
                engine,
            )
            hits.append(hit)
            events.append(_critical_event(hit, new, who, turn))
    return _finish(state, new, card, points, hits, events, was_destroyed, who, turn)
