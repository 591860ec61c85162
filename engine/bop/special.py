"""Special rules that stand on their own: Collisions, Ejection, Post-Battle Fate, Engine Out
and Compressor Stall (rulebook, "Special Rules").

Collision, ejection and fate numbers are rebuilt in ``models/tables/damage.toml`` (the
rulebook leaves them to the play aids); Engine Out and Compressor Stall are printed in full
in the rulebook and are coded here as written.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from engine.bop import purposes
from engine.bop.damage import (
    CombatEvent,
    DamageResult,
    DamageState,
    DamageTables,
    apply_damage,
    damage_tables,
)
from engine.dice import Dice
from engine.hexmap import Position
from models.aircraft import AircraftCard

# --- Collisions ---------------------------------------------------------------------------


def may_collide(a: Position, b: Position) -> bool:
    """Aircraft ending a turn in the same hex at the same altitude may collide."""
    return a.hex == b.hex and a.alt_steps == b.alt_steps


@dataclass(frozen=True, slots=True)
class CollisionParty:
    """One aircraft in a possible collision."""

    callsign: str
    card: AircraftCard
    damage: DamageState
    pilot_quality: int = 0
    has_sight: bool = True
    """Whether the pilot can see the other aircraft (and so try to avoid it)."""


@dataclass(frozen=True, slots=True)
class CollisionResult:
    avoidance: tuple[int, int]
    """Each pilot's Pips result."""
    final: int
    collided: bool
    damage: tuple[DamageResult, ...]
    """One per aircraft, in the order given; empty when they missed."""
    events: tuple[CombatEvent, ...]


def resolve_collision(
    a: CollisionParty,
    b: CollisionParty,
    dice: Dice,
    *,
    turn: int,
    tables: DamageTables | None = None,
) -> CollisionResult:
    """Both pilots roll to avoid; a positive final result is a collision ("Collisions").

    Each aircraft then rolls damage on the Pips column of twice the final result and takes
    one critical hit (collision table) per damage point.
    """
    tables = tables or damage_tables()
    rule = tables.collision
    results = []
    for party, other in ((a, b), (b, a)):
        column = rule.sighted_column if party.has_sight else rule.unsighted_column
        column += party.pilot_quality
        results.append(
            dice.pips(column, purposes.collision_avoidance(party.callsign, other.callsign, turn))
        )
    final = rule.base - results[0] - results[1]
    names = (a.callsign, b.callsign)
    if final <= 0:
        event = CombatEvent(
            "collision",
            f"{a.callsign} and {b.callsign} share a hex and altitude but miss each other",
            {"turn": turn, "final": final, "collided": False},
            names,
        )
        return CollisionResult((results[0], results[1]), final, False, (), (event,))
    events = [
        CombatEvent(
            "collision",
            f"{a.callsign} and {b.callsign} collide (final result {final})",
            {"turn": turn, "final": final, "collided": True, "column": 2 * final},
            names,
        )
    ]
    damages = []
    for party, other in ((a, b), (b, a)):
        points = dice.pips(
            2 * final, purposes.collision_damage(party.callsign, other.callsign, turn)
        )
        result = apply_damage(
            party.damage,
            points,
            dice,
            card=party.card,
            criticals=points,
            weapon="collision",
            who=party.callsign,
            turn=turn,
            source=f"collision with {other.callsign}",
            tables=tables,
        )
        damages.append(result)
        events.extend(result.events)
    return CollisionResult((results[0], results[1]), final, True, tuple(damages), tuple(events))


# --- Ejection and Post-Battle Fate --------------------------------------------------------

MAX_FAILED_EJECTIONS = 2
"""A crew member who fails two ejection attempts may not try again."""


@dataclass(frozen=True, slots=True)
class EjectionResult:
    ejected: bool
    roll: int | None
    modifier: int
    failures: int
    """Failed attempts so far, this one included."""
    events: tuple[CombatEvent, ...]

    @property
    def may_try_again(self) -> bool:
        return not self.ejected and self.failures < MAX_FAILED_EJECTIONS


def attempt_ejection(
    crew: str,
    dice: Dice,
    *,
    keas: float,
    alt_steps: int,
    turn: int,
    failures: int = 0,
    departed: bool = False,
    wounded: bool = False,
    tables: DamageTables | None = None,
) -> EjectionResult:
    """One ejection attempt ("Ejection"): allowed when the aircraft is destroyed or in the
    Administrative phase (the caller checks when).  d10 + modifiers ≥ the table's target."""
    if failures >= MAX_FAILED_EJECTIONS:
        raise ValueError(f"{crew} has failed {failures} ejection attempts and may not try again")
    rule = (tables or damage_tables()).ejection
    modifier = 0
    if keas > rule.safe_keas:
        modifier += rule.per_100_keas_over * math.ceil((keas - rule.safe_keas) / 100)
    if alt_steps < rule.low_altitude_steps:
        modifier += rule.low_altitude
    if departed:
        modifier += rule.departed
    if wounded:
        modifier += rule.wounded
    roll = dice.d10(purposes.ejection(crew, turn))
    ejected = roll + modifier >= rule.success_on
    failures += 0 if ejected else 1
    event = CombatEvent(
        "ejection",
        f"{crew} ejects"
        if ejected
        else f"{crew}'s ejection attempt fails ({failures} of {MAX_FAILED_EJECTIONS})",
        {
            "turn": turn,
            "roll": roll,
            "modifier": modifier,
            "ejected": ejected,
            "failures": failures,
        },
        (crew,),
    )
    return EjectionResult(ejected, roll, modifier, failures, (event,))


@dataclass(frozen=True, slots=True)
class FateResult:
    fate: str
    text: str
    roll: int
    events: tuple[CombatEvent, ...]


def post_battle_fate(
    crew: str,
    dice: Dice,
    *,
    over: Literal["friendly", "hostile"],
    tables: DamageTables | None = None,
) -> FateResult:
    """Post-Battle Fate of an ejected crew member: for the story only, no effect on play."""
    rows = getattr((tables or damage_tables()).post_battle_fate, over)
    roll = dice.d10(purposes.post_battle_fate(crew))
    row = next(r for r in rows if roll <= r.upto)
    event = CombatEvent("fate", f"{crew}: {row.text}", {"roll": roll, "fate": row.fate}, (crew,))
    return FateResult(row.fate, row.text, roll, (event,))


# --- Engine Out ---------------------------------------------------------------------------

ThrottleStep = Literal[0, 1, 2, 3]
"""Compressor Stall throttle steps: 0 Idle, 1 Normal, 2 Mil, 3 AB."""
STEP_NAMES = ("Idle", "Normal", "Mil", "AB")


def engine_output(adc_output: int, operating: int, total: int) -> int:
    """Aggregate Engine Output = ADC Engine Output × operating / total engines, rounded by
    the general rule (a half rounds up)."""
    if not 0 <= operating <= total or total < 1:
        raise ValueError(f"{operating} operating engines of {total} is not possible")
    return math.floor(adc_output * operating / total + 0.5)


@dataclass(frozen=True, slots=True)
class EngineLoss:
    departure_points: int
    departure_check_now: bool
    events: tuple[CombatEvent, ...]


def engine_loss(
    who: str,
    *,
    step: ThrottleStep,
    total: int,
    operating_after: int,
    cause: Literal["damage", "compressor stall"],
    turn: int,
) -> EngineLoss:
    """What losing an engine costs ("Engine Out").

    A multi-engine type that still has an engine running collects 1 Departure Point per
    throttle step (the Compressor Stall steps: Normal 1, Mil 2, AB 3); an engine lost to
    damage calls for an immediate departure check.
    """
    points = step if total > 1 and 0 < operating_after < total else 0
    check = cause == "damage"
    event = CombatEvent(
        "engine",
        f"{who} loses an engine to {cause}: {operating_after} of {total} running"
        + (f", {points} Departure Points" if points else ""),
        {
            "turn": turn,
            "operating": operating_after,
            "total": total,
            "departure_points": points,
            "departure_check": check,
        },
        (who,),
    )
    return EngineLoss(points, check, (event,))


# --- Compressor Stall ---------------------------------------------------------------------


def throttle_step(
    throttle: Literal["idle", "mil", "ab"], engine_output_used: int, mil_entry: int
) -> ThrottleStep:
    """The Compressor Stall step of a throttle setting and the Engine Output taken."""
    if throttle == "ab":
        return 3
    if throttle == "idle" or engine_output_used <= 0:
        return 0
    return 1 if engine_output_used <= mil_entry / 2 else 2


@dataclass(frozen=True, slots=True)
class StallCheck:
    rolled: bool
    result: int | None
    new_step: ThrottleStep
    """The step the throttle actually reaches (stalled engines sit at Idle)."""
    stalled_engines: tuple[int, ...]
    """1-based engine numbers that stalled."""
    events: tuple[CombatEvent, ...]


def compressor_stall_check(
    who: str,
    dice: Dice,
    *,
    from_step: ThrottleStep,
    to_step: ThrottleStep,
    q_mark_in_controllability: bool,
    subject_to_stall: bool,
    engines: int,
    turn: int,
) -> StallCheck:
    """Advancing the throttle more than one step with the Q-Mark in the controllability
    region rolls Pips on twice the steps advanced: 0–1 normal, 2 only one step, 3 one engine
    stalls (d10 picks it), 4+ two engines stall."""
    advanced = to_step - from_step
    if not (subject_to_stall and q_mark_in_controllability and advanced > 1):
        return StallCheck(False, None, to_step, (), ())
    result = dice.pips(2 * advanced, purposes.compressor_stall(who, turn))
    stalled: tuple[int, ...] = ()
    new_step: ThrottleStep = to_step
    if result == 2:
        new_step = _step(from_step + 1)
    elif result == 3:
        which = (
            1 if engines == 1 else dice.d10(purposes.stalled_engine(who, turn)) * engines // 10 + 1
        )
        stalled = (which,)
    elif result >= 4:
        stalled = tuple(range(1, min(2, engines) + 1))
    if stalled and len(stalled) == engines:
        new_step = 0
    events: tuple[CombatEvent, ...] = ()
    if stalled:
        events = (
            CombatEvent(
                "engine",
                f"{who}: compressor stall, engine {', '.join(map(str, stalled))} at Idle",
                {"turn": turn, "result": result, "stalled": len(stalled)},
                (who,),
            ),
        )
    return StallCheck(True, result, new_step, stalled, events)


def _step(value: int) -> ThrottleStep:
    if value <= 0:
        return 0
    if value == 1:
        return 1
    if value == 2:
        return 2
    return 3


MIN_RESTART_KEAS = 240


def compressor_stall_restart(
    who: str, dice: Dice, *, keas: float, departure_net: int = 0, turn: int
) -> bool | None:
    """Try to restart a stalled engine: needs 240 KEAS or more, then d10 + the Departure net
    value (if any) of 1 or more succeeds; the engine restarts at Idle.  None: no attempt."""
    if keas < MIN_RESTART_KEAS:
        return None
    return dice.d10(purposes.compressor_stall_restart(who, turn)) + departure_net >= 1
