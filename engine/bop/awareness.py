"""Awareness in the game loop: the spots every other rule reads, the spots the game starts
with, and Initiative and Fix attempts (SoP 08).

The procedures are :mod:`engine.bop.initiative` and :mod:`engine.bop.sighting`; this module
decides who attempts a Fix, pays it from the pilot's
:class:`~engine.bop.activity.ActivityLedger`, and keeps the results between game-turns in an
:class:`Awareness`.  Visual Sighting (SoP 09) is played in :mod:`engine.bop.sighting_play`.
Aircraft are named by callsign inside the rules and by timeline id in events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.bearing import NoBearing, shoot_bearing
from engine.bop.aircraft_state import AircraftState
from engine.bop.effects import EffectRecord
from engine.bop.initiative import (
    FixRequest,
    FlightOrder,
    FlightStatus,
    Initiative,
    break_ties,
    initiative_roll,
    order_of_flight,
    resolve_fix_attempts,
    successful_fixes,
)
from engine.bop.missile_play import pilot_quality
from engine.bop.sighting import (
    Observer,
    SightLine,
    Spot,
    SpotState,
    Weather,
    in_blind_arc,
    sight_line,
    visible,
)
from engine.bop.turn import TurnContext
from engine.hexmap import Position
from engine.phad.angles import angles_between
from models.timeline import Event


@dataclass
class Awareness:
    """Who has whom spotted, and the order of flight, between game-turns."""

    spots: SpotState
    initiatives: dict[str, Initiative] = field(default_factory=dict)
    """This turn's Initiative by callsign (SoP 08)."""
    order: FlightOrder | None = None
    """Plot and move classes for the next game-turn, by callsign."""
    weather: Weather = field(default_factory=Weather)
    """The scenario's haze and cloud layers."""
    identified: dict[str, frozenset[str]] = field(default_factory=dict)
    """The aircraft each aircraft's crew have identified with an EO sensor, by callsign
    ("EO Sensor")."""

    def has_spotted(self, aircraft: str, target: str) -> bool:
        """Some crew member of ``aircraft`` has ``target`` spotted (callsigns)."""
        return self.spots.aircraft_has_spotted(aircraft, target)

    def pilot_has_spotted(self, state: AircraftState, target: str) -> bool:
        """The crew member flying the aircraft (the pilot, unless another has taken control)
        has ``target`` spotted."""
        seat = seat_names(state)[state.flyer_seat]
        return self.spots.has_spotted(Observer(state.callsign, seat), target)

    def forget(self, state: AircraftState) -> None:
        """``state``'s crew lose every spot ("Spinning")."""
        for seat in seat_names(state):
            self.spots = self.spots.forget(Observer(state.callsign, seat))

    def spotted_by(self, state: AircraftState) -> tuple[str, ...]:
        """Callsigns ``state``'s crew have spotted, in name order."""
        return tuple(
            sorted({s.target for s in self.spots.spots if s.observer.aircraft == state.callsign})
        )


def seat_names(state: AircraftState) -> list[str]:
    """The canopy-diagram seat name of each crew member, pilot first."""
    if state.card.sighting is None:
        return ["pilot"] * len(state.crew)
    names = [canopy.seat for canopy in state.card.sighting.canopies]
    return (names + [names[-1]] * len(state.crew))[: len(state.crew)]


def _position(state: AircraftState) -> Position:
    return Position(state.hex, max(0, state.alt_steps))


def _line(
    observer: AircraftState, target: AircraftState, weather: Weather | None = None
) -> SightLine | None:
    """The sight line from ``observer`` to ``target``; None when they share a hex and an
    altitude (no bearing) or the target's card has no sighting data."""
    if target.card.sighting is None:
        return None
    try:
        return sight_line(
            target.callsign,
            _position(observer),
            observer.attitude,
            _position(target),
            target.attitude,
            target.card,
            weather,
        )
    except NoBearing:
        return None


def initial_spots(
    aircraft: dict[str, AircraftState], everyone: bool = False, weather: Weather | None = None
) -> SpotState:
    """The spots the game starts with: every crew member has spotted each aircraft it could
    see, within the limit of sight and outside its blind arc, without a roll
    (docs/rulings.md, "Awareness at the start"). With ``everyone`` (a scenario that leaves
    the awareness phases out) every crew member sees every aircraft, for good."""
    spots: set[Spot] = set()
    active = [s for s in aircraft.values() if s.active]
    for state in active:
        if state.card.sighting is None:
            continue
        for seat, name in enumerate(seat_names(state)):
            canopy = state.card.sighting.canopies[min(seat, len(state.card.sighting.canopies) - 1)]
            for other in active:
                if other is state:
                    continue
                line = None if everyone else _line(state, other, weather)
                if not everyone and (
                    line is None or visible(line) is not None or in_blind_arc(canopy, line.aspect)
                ):
                    continue
                spots.add(Spot(Observer(state.callsign, name), other.callsign, "visual_search", 0))
    return SpotState(0, frozenset(spots))


def _enemies(state: AircraftState, active: Iterable[AircraftState]) -> list[AircraftState]:
    return [other for other in active if other.side != state.side]


def _event(record: EffectRecord, t_s: float, entities: tuple[str, ...]) -> Event:
    return record.event(t_s, entities)


# --------------------------------------------------------------------------------------
# SoP 08: Initiative and Fix attempts
# --------------------------------------------------------------------------------------


def initiative_phase(
    aircraft: dict[str, AircraftState], awareness: Awareness, ctx: TurnContext
) -> list[Event]:
    """Roll Initiative for every aircraft, break ties, make each pilot's Fix attempt in
    Initiative order and set the plot and move classes (SoP 08)."""
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    active = [s for s in aircraft.values() if s.active]
    ids = {s.callsign: s.id for s in active}
    events: list[Event] = []
    if not active:
        awareness.initiatives, awareness.order = {}, None
        return events
    spots = awareness.spots
    bases: dict[str, int] = {}
    status: dict[str, FlightStatus] = {}
    for state in active:
        enemies = _enemies(state, active)
        pilot_sees = any(awareness.pilot_has_spotted(state, e.callsign) for e in enemies)
        crew_sees = any(awareness.has_spotted(state.callsign, e.callsign) for e in enemies)
        seen = any(spots.aircraft_has_spotted(e.callsign, state.callsign) for e in enemies)
        departed = state.spin is not None or state.imposed_unload is not None
        conscious = state.flyer_conscious
        roll = initiative_roll(
            state.callsign,
            pilot_quality(state.crew_quality),
            dice,
            turn,
            departed=departed,
            pilot_sees_enemy=pilot_sees,
            pilot_conscious=conscious,
            spotted_by_enemy=seen,
            crew_sees_enemy=crew_sees,
        )
        bases[state.callsign] = roll.base
        events.append(_event(roll.record, t_s, (state.id,)))
        status[state.callsign] = FlightStatus(
            spotted_by_enemy=seen,
            sees_enemy=crew_sees,
            can_fix=pilot_sees and conscious and not departed,
            spinning=state.spin is not None,
        )
    rolloffs = break_ties(bases, dice, turn)
    for record in rolloffs.records:
        events.append(_event(record, t_s, tuple(ids.values())))
    initiatives = rolloffs.initiatives
    requests = [
        request
        for state in active
        if status[state.callsign].can_fix
        for request in [_fix_request(state, active, awareness)]
        if request is not None
    ]
    ledgers = {s.callsign: s.flyer_ledger for s in active if s.flyer_ledger is not None}
    results = resolve_fix_attempts(requests, initiatives, dice, turn, ledgers)
    for result in results:
        if result.record is not None:
            events.append(_event(result.record, t_s, (ids[result.fixer], ids[result.target])))
    order = order_of_flight(initiatives, successful_fixes(results), status)
    awareness.initiatives, awareness.order = initiatives, order
    return events


def _fix_request(
    state: AircraftState, active: list[AircraftState], awareness: Awareness
) -> FixRequest | None:
    """The pilot's Fix attempt, by doctrine on the nearest spotted enemy inside the
    advantage arc (no request when there is none)."""
    if state.card.sighting is None:
        return None
    arc = frozenset(state.card.sighting.advantage_arc)
    candidates: list[tuple[int, FixRequest]] = []
    for enemy in _enemies(state, active):
        if not awareness.pilot_has_spotted(state, enemy.callsign):
            continue
        try:
            shot = shoot_bearing(_position(state), _position(enemy))
        except NoBearing:
            continue
        angles = angles_between(state.attitude, enemy.attitude, shot.candidates[0])
        if (angles.aon, angles.aoc) not in arc:
            continue
        ledger = state.flyer_ledger
        request = FixRequest(
            fixer=state.callsign,
            target=enemy.callsign,
            pilot_quality=pilot_quality(state.crew_quality),
            aspect=angles.aspect,
            aot=angles.aot,
            visual_awareness=True,
            advantage_arc=arc,
            wounded=bool(state.crew and state.crew[state.flyer_seat].wounds),
            guns_subject=(ledger.engaged or ledger.defending_against) if ledger else None,
        )
        candidates.append((shot.slant_range_fp, request))
    if not candidates:
        return None
    return min(candidates, key=lambda c: (c[0], c[1].target))[1]
