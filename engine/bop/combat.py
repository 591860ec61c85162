"""The Combat Phase's gun combat in the game loop (SoP 07, "Gun Combat"; "Damage").

Gun combat has two sub-phases (SoP 07; "Firing"): the Initial Shots declared in SoP 02 come
first, before the missile attacks, and the normal and tracking shots after them.  In each,
every aircraft ordered to fire at a target looks at the geometry at the start and end of the
turn (:func:`engine.bop.guns.gun_engagement`), takes the shot its order asks for (an
Initial Shot, or the best of a tracking and a normal shot), and fires every gun type it
carries together (one Pipper On roll).  Shots within a sub-phase are simultaneous: all are
rolled first, then each target's damage is applied (:func:`engine.bop.damage.apply_damage`),
so two aircraft can shoot each other down.  Every roll goes through the game's Dice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from engine.bearing import NoBearing, shoot_bearing
from engine.bop.damage import CombatEvent, DamageState, apply_damage
from engine.bop.guns import (
    GunSituation,
    declare_initial_gunshot,
    gun_engagement,
    gun_situation,
    relative_speed_fp,
    resolve_gun_attack,
)
from engine.bop.turn import TurnContext
from engine.hexmap import Hex, Position
from engine.performance.movement import segment_fp
from engine.phad import Attitude, Cell, distance
from models.aircraft import AircraftCard
from models.orders import BopPlot
from models.timeline import Event

GunSubPhase = Literal["initial", "normal_and_tracking"]
"""The two gun sub-phases of the Combat Phase (SoP 07): Initial Shots, then (after the
missile attacks) normal and tracking shots."""


def shoots_in(plot: BopPlot, sub_phase: GunSubPhase) -> bool:
    """True when ``plot`` orders a gunshot that belongs to ``sub_phase`` (SoP 07): an
    Initial Shot order fires in the first, a best-shot order in the second."""
    if plot.guns is None:
        return False
    return (plot.guns.shot == "initial") == (sub_phase == "initial")


@dataclass(frozen=True, slots=True)
class Placement:
    """Where an aircraft was and how it sat, at the start or the end of the movement."""

    hex: Hex
    alt_steps: int
    attitude: Attitude

    @property
    def position(self) -> Position:
        return Position(self.hex, max(0, self.alt_steps))


@dataclass
class Combatant:
    """What gun combat needs to know about, and may change in, one aircraft."""

    id: str
    callsign: str
    card: AircraftCard
    before: Placement
    after: Placement
    damage: DamageState
    shots_left: dict[str, int]
    active: bool = True
    speed_kt: int = 0
    """Speed at the start of the game-turn (an Initial Shot's closure)."""
    shot_last_turn: bool = False
    """A normal or tracking shot was fired in the preceding game-turn (no Initial Shot)."""
    fired_normal_or_tracking: bool = False
    """Set when this turn's shot is a normal or tracking one."""
    pilot_quality: int = 0


@lru_cache(maxsize=16_384)
def situation_between(shooter: Placement, target: Placement) -> GunSituation | None:
    """The gun geometry from one placement to another; the shooter picks the bearing
    candidate nearest its Nose when the line lies on a border ("Ambiguity"). Placements
    are values, and a pilot weighing his shots asks the same ones again: kept."""
    try:
        bearing = shoot_bearing(shooter.position, target.position)
    except NoBearing:
        return None
    cell: Cell = min(
        bearing.candidates,
        key=lambda c: (distance(shooter.attitude.nose, c), distance(shooter.attitude.canopy, c)),
    )
    return gun_situation(shooter.attitude, target.attitude, cell, bearing.slant_range_fp)


def _event(record: CombatEvent, t_s: float, entities: tuple[str, ...]) -> Event:
    """A combat record as a timeline event naming ``entities`` by id (the record itself
    names aircraft by callsign, for its text)."""
    return Event(
        t_s=t_s,
        kind=record.kind,
        entities=entities,
        detail=record.detail,
        data=dict(record.data),
    )


def gun_combat(
    combatants: Mapping[str, Combatant],
    orders: Mapping[str, BopPlot],
    ctx: TurnContext,
    engage: Callable[[str, str], str] | None = None,
    defend: Callable[[str, str], int] | None = None,
    sub_phase: GunSubPhase = "normal_and_tracking",
) -> list[Event]:
    """Resolve every gun attack ordered for ``sub_phase`` and apply the damage; returns
    events (SoP 07: call it for "initial", then, after the missile attacks, for
    "normal_and_tracking").

    ``engage(shooter, target)`` pays the shooter's Guns Engagement task, or says why it may
    not engage; ``defend(target, shooter)`` pays the target's Guns Defense and gives its AP
    (0 without it).  Combatants hit hard enough are marked inactive (shot down).
    """
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    events: list[Event] = []
    damage: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    for shooter_id, plot in orders.items():
        if plot.guns is None or not shoots_in(plot, sub_phase) or shooter_id not in combatants:
            continue
        shooter = combatants[shooter_id]
        target = combatants.get(plot.guns.target)
        if not shooter.active or target is None or not target.active or not shooter.card.guns:
            continue
        start = situation_between(shooter.before, target.before)
        end = situation_between(shooter.after, target.after)
        if start is None or end is None:
            continue
        if plot.guns.shot == "initial":
            closure = relative_speed_fp(
                segment_fp(shooter.speed_kt, 0, 10), segment_fp(target.speed_kt, 0, 10), start.aot
            )
            record = declare_initial_gunshot(
                target.id, start, closure, shot_last_turn=shooter.shot_last_turn
            )
            if record is None:
                continue  # no Initial Shot could be declared: no gunshot this turn
            option = gun_engagement(start, end, initial=record).option("initial")
        else:
            engagement = gun_engagement(start, end)
            option = engagement.option("tracking") or engagement.option("normal")
        reach = max(gun.max_range_fp for gun in shooter.card.guns)
        if option is None or option.range_fp > reach:
            continue  # no shot, or out of the guns' range: the pilot holds fire
        refused = engage(shooter.id, target.id) if engage is not None else ""
        if refused:
            events.append(
                Event(
                    t_s=t_s,
                    kind="no_gunshot",
                    entities=(shooter.id, target.id),
                    detail=f"{shooter.callsign} cannot engage {target.callsign}: {refused}",
                )
            )
            continue
        shooter.fired_normal_or_tracking = option.shot != "initial"
        results = resolve_gun_attack(
            shooter.card,
            [gun.name for gun in shooter.card.guns],
            option,
            dice,
            shooter.callsign,
            turn,
            target=target.callsign,
            pilot_quality=shooter.pilot_quality,
            guns_defense_ap=defend(target.id, shooter.id) if defend is not None else 0,
            shots_left=shooter.shots_left,
        )
        for result in results:
            shooter.shots_left[result.gun] = max(
                0, shooter.shots_left.get(result.gun, 0) - result.shots_expended
            )
            events.extend(_event(e, t_s, (shooter.id, target.id)) for e in result.events)
            if result.damage_points:
                damage[target.id].append(
                    (result.damage_points, result.critical_hits, shooter.callsign)
                )
    for target_id, hits in damage.items():
        target = combatants[target_id]
        for points, criticals, source in hits:
            if target.damage.destroyed:
                break
            applied = apply_damage(
                target.damage,
                points,
                dice,
                card=target.card,
                criticals=criticals,
                weapon="gun",
                who=target.callsign,
                turn=turn,
                source=source,
            )
            target.damage = applied.state
            events.extend(_event(e, t_s, (target.id,)) for e in applied.events)
        if target.damage.destroyed:
            target.active = False
    return events
