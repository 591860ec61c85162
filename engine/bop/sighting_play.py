"""Visual Sighting in the game loop (SoP 09): every conscious crew member keeps, gains and
loses spots by the game-turn's crew orders or the standing doctrine, paying each task.

Each crew member, in seat order, aircraft in scenario order (docs/rulings.md, "Crew
doctrine"):

1. the sensor operator of a type with an EO sensor may identify a radar track ("EO Sensor");
2. a Padlock, declared before the other attempts ("Padlock");
3. a Tally of every enemy spotted last phase, nearest first, a Quick Search after a failed
   one ("Maintaining Spots");
4. for each enemy not yet seen, nearest first: a Tally by a cue (HUD, HMD, datalink, a
   radio call; :mod:`engine.bop.tally_cues`) when there is one, with a Quick Search if it
   fails; otherwise a Visual Search, while the AP last ("Searching");
5. Tally Friendlies by radio ("Maintaining Friendlies").

Then the order of flight is adjusted for what changed.  Aircraft are named by callsign
inside the rules and by timeline id in events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.bearing import slant_range_fp
from engine.bop.activity import ActivityLedger, Task, TaskRefused
from engine.bop.aircraft_state import AircraftState
from engine.bop.awareness import Awareness, _enemies, _event, _line, _position, seat_names
from engine.bop.initiative import adjust_for_sighting
from engine.bop.missile_play import pilot_quality
from engine.bop.sensor_phase import operator
from engine.bop.sensors.common import IllegalSensorAction
from engine.bop.sensors.integration import eo_identify
from engine.bop.sighting import (
    FieldOfView,
    Friendly,
    IllegalSighting,
    Observer,
    Searcher,
    SightingResult,
    SightLine,
    SpotState,
    padlock,
    padlock_refusal,
    quick_search,
    search_refusal,
    sighting_tables,
    tally,
    tally_friendlies,
    visible,
    visual_search,
)
from engine.bop.sighting_doctrine import eo_target, major_model, padlock_target
from engine.bop.tally_cues import Caller, Cue, datalink_cue, radio_call, sensor_cue
from engine.bop.turn import TurnContext
from engine.phad import Cell
from models.orders import BopPlot
from models.timeline import Event


def _pay(ledger: ActivityLedger, task: Task, target: str | None) -> bool:
    try:
        if not ledger.can_spend(task, target):
            return False
        ledger.spend(task, target)
    except TaskRefused:
        return False
    return True


def _sight_lines(
    state: AircraftState, active: list[AircraftState], before: SpotState, awareness: Awareness
) -> dict[str, SightLine]:
    """Sight lines from ``state`` to the aircraft its crew might see or keep: those within
    the limit of sight, those its crew had spotted, and (for the grey-out field of view) its
    own flight. Others are not worked out: no one could see them."""
    here = _position(state)
    limit = sighting_tables().search.visibility_limit_auto_tally
    restricted = any(member.g_state in ("grey_out", "black_out") for member in state.crew)
    lines = {}
    for other in active:
        if other is state or other.card.sighting is None:
            continue
        friendly = other.side == state.side
        far = slant_range_fp(here, _position(other)) > limit * other.card.sighting.auto_tally_fp
        known = before.aircraft_has_spotted(state.callsign, other.callsign)
        if (far and not known) or (friendly and not restricted):
            continue
        line = _line(state, other, awareness.weather)
        if line is not None:
            lines[other.callsign] = line
    return lines


def _field_of_view(
    state: AircraftState, seat: int, lines: dict[str, SightLine], previous: Iterable[str]
) -> FieldOfView:
    """A greyed- or blacked-out crew member looks towards the nearest aircraft it had
    spotted, or along the Nose when it had none (docs/rulings.md)."""
    g_state = state.crew[seat].g_state
    if g_state not in ("grey_out", "black_out"):
        return FieldOfView(g_state)
    known = [lines[t] for t in previous if t in lines and lines[t].bearing is not None]
    centre: Cell = state.attitude.nose
    if known:
        nearest = min(known, key=lambda line: (line.visual_range_fp, line.target))
        assert nearest.bearing is not None
        centre = nearest.bearing
    return FieldOfView(g_state, centre)


@dataclass
class _Phase:
    """One Visual Sighting phase as it is being resolved."""

    ctx: TurnContext
    awareness: Awareness
    active: list[AircraftState]
    ids: dict[str, str]
    """Timeline id by callsign."""
    plots: Mapping[str, BopPlot]
    """This game-turn's orders by timeline id."""
    before: SpotState
    spots: SpotState
    events: list[Event] = field(default_factory=list)

    def note(self, result: SightingResult) -> None:
        self.spots = self.spots.record(result)
        if result.record is not None:
            entities = (self.ids[result.observer.aircraft],)
            self.events.append(result.record.event(self.ctx.end_s, entities))

    def say(self, state: AircraftState, kind: str, text: str, *others: str) -> None:
        entities = (state.id, *(self.ids[o] for o in others if o in self.ids))
        self.events.append(Event(t_s=self.ctx.end_s, kind=kind, entities=entities, detail=text))

    def aware(self, observer: Observer, target: str) -> bool:
        """``observer`` has ``target`` spotted as the phase stands: this phase's spots once
        it has made an attempt, last phase's until then (docs/rulings.md)."""
        if observer in self.spots.acted:
            return self.spots.has_spotted(observer, target)
        return self.before.has_spotted(observer, target)

    def callsign(self, entity: str | None) -> str | None:
        """The callsign of the aircraft an order names by id (None when it names none)."""
        by_id = {s.id: s.callsign for s in self.active}
        return by_id.get(entity) if entity is not None else None

    def fight(self, state: AircraftState) -> str | None:
        """The aircraft this game-turn's gun or missile order aims at (callsign)."""
        plot = self.plots.get(state.id)
        if plot is None:
            return None
        aimed = plot.guns.target if plot.guns else plot.missile.target if plot.missile else None
        return self.callsign(aimed)


def sighting_phase(
    aircraft: dict[str, AircraftState],
    awareness: Awareness,
    ctx: TurnContext,
    plots: Mapping[str, BopPlot] | None = None,
) -> list[Event]:
    """Every conscious crew member keeps, searches for and loses spots (SoP 09), by its
    crew orders or the doctrine, paying each task; then the order of flight is adjusted
    for what changed."""
    active = [s for s in aircraft.values() if s.active]
    before = awareness.spots
    phase = _Phase(
        ctx,
        awareness,
        active,
        {s.callsign: s.id for s in active},
        plots or {},
        before,
        SpotState.start_phase(before, ctx.turn),
    )
    for state in active:
        if state.card.sighting is None:
            continue
        lines = _sight_lines(state, active, before, awareness)
        enemies = sorted(
            (e.callsign for e in _enemies(state, active) if e.callsign in lines),
            key=lambda c: (lines[c].visual_range_fp, c),
        )
        for seat, name in enumerate(seat_names(state)):
            if state.crew[seat].conscious and state.ledgers[seat].able:
                _crew_member(phase, state, seat, name, lines, enemies)
    awareness.spots = phase.spots
    phase.events.extend(_adjust_order(awareness, before, active, ctx.end_s, phase.ids))
    return phase.events


def _crew_member(
    phase: _Phase,
    state: AircraftState,
    seat: int,
    name: str,
    lines: dict[str, SightLine],
    enemies: list[str],
) -> None:
    """One crew member's sighting tasks, in the doctrine's order."""
    ledger = state.ledgers[seat]
    observer = Observer(state.callsign, name)
    previous = [t for t in lines if phase.before.has_spotted(observer, t)]
    searcher = Searcher.from_card(
        state.card,
        state.callsign,
        name,
        crew_quality=pilot_quality(state.crew_quality),
        field_of_view=_field_of_view(state, seat, lines, previous),
        guns_subject=ledger.engaged or ledger.defending_against,
    )
    _eo_identification(phase, state, ledger, searcher)
    padlocked = _padlock(phase, state, ledger, searcher, lines, enemies)
    _keep_spots(phase, ledger, searcher, lines, enemies, padlocked)
    _find_unseen(phase, state, seat, ledger, searcher, lines, enemies)
    _tally_friendlies(phase, state, ledger, searcher, lines)


def _eo_identification(
    phase: _Phase, state: AircraftState, ledger: ActivityLedger, searcher: Searcher
) -> None:
    """The sensor operator identifies a radar track with the EO sensor ("EO Sensor"): the
    order's aircraft, or the doctrine's (:func:`~engine.bop.sighting_doctrine.eo_target`)."""
    fit, radar = state.sensors.fit, state.sensors.radar
    ordered = state.orders_crew.eo_identify
    if fit is None or fit.eo_sensor is None or radar is None or ordered is False:
        return
    if operator(state) is not ledger:
        return
    identified = phase.awareness.identified.get(state.callsign, frozenset())
    if ordered is not None:
        target = phase.callsign(ordered)
    else:
        here = _position(state)
        tracked = sorted(
            (
                (slant_range_fp(here, _position(e)), e.callsign)
                for e in _enemies(state, phase.active)
                if radar.tracks_target(e.callsign)
            ),
        )
        target = eo_target(searcher, phase.before, [c for _, c in tracked], identified)
    if target is None:
        if ordered is not None:
            phase.say(
                state, "no_eo_identify", f"{searcher.observer}: no aircraft {ordered!r} in play"
            )
        return
    try:
        eo_identify(fit, radar, target)
    except IllegalSensorAction as refused:
        phase.say(
            state, "no_eo_identify", f"{searcher.observer} identifies nothing: {refused}", target
        )
        return
    if not _pay(ledger, "eo_identification", target):
        phase.say(
            state,
            "no_eo_identify",
            f"{searcher.observer} identifies nothing: {ledger.remaining_ap} AP left (EO Sensor)",
            target,
        )
        return
    seen = next(s for s in phase.active if s.callsign == target)
    phase.awareness.identified[state.callsign] = identified | {target}
    phase.events.append(
        Event(
            t_s=phase.ctx.end_s,
            kind="eo_identify",
            entities=(state.id, seen.id),
            detail=f"{searcher.observer} identifies {target} with {fit.eo_sensor.name}: a "
            f"{major_model(seen.card.type_id)} of the {seen.side} side; other sighting tasks "
            "cost double this game-turn",
            data={"target": target, "type": major_model(seen.card.type_id), "side": seen.side},
        )
    )


def _padlock(
    phase: _Phase,
    state: AircraftState,
    ledger: ActivityLedger,
    searcher: Searcher,
    lines: dict[str, SightLine],
    enemies: list[str],
) -> str | None:
    """The Padlock the crew member declares first ("Padlock"): the order's aircraft, or the
    doctrine's (:func:`~engine.bop.sighting_doctrine.padlock_target`); the callsign."""
    ordered = state.orders_crew.padlock
    if ordered is False:
        return None
    if ordered is None:
        target = padlock_target(searcher, ledger, lines, phase.spots, enemies, phase.fight(state))
        if target is None:
            return None
    else:
        target = phase.callsign(ordered) or ordered
    line = lines.get(target)
    refusal = (
        f"{target} is out of sight"
        if line is None
        else padlock_refusal(searcher, line, phase.spots)
    )
    if refusal is None and not _pay(ledger, "padlock", target):
        refusal = f"a padlock costs more than the {ledger.remaining_ap} AP left"
    if refusal is not None or line is None:
        phase.say(state, "no_padlock", f"{searcher.observer} padlocks nothing: {refusal} (Padlock)")
        return None
    phase.note(padlock(searcher, line, phase.spots, phase.ctx.turn))
    return target


def _keep_spots(
    phase: _Phase,
    ledger: ActivityLedger,
    searcher: Searcher,
    lines: dict[str, SightLine],
    enemies: list[str],
    padlocked: str | None,
) -> None:
    """Tally every enemy spotted last phase, nearest first; a failed tally is followed at
    once by a Quick Search when it can be paid ("Maintaining Spots")."""
    dice, turn = phase.ctx.dice, phase.ctx.turn
    observer = searcher.observer
    for target in enemies:
        if target == padlocked or not phase.spots.had_spotted(observer, target):
            continue
        if not ledger.can_spend("tally", target):
            continue
        try:
            kept = tally(searcher, lines[target], phase.spots, dice, turn)
        except IllegalSighting:
            continue
        _pay(ledger, "tally", target)
        phase.note(kept)
        _quick_search_after(phase, ledger, searcher, lines[target], kept)


def _quick_search_after(
    phase: _Phase,
    ledger: ActivityLedger,
    searcher: Searcher,
    line: SightLine,
    failed: SightingResult,
) -> None:
    if failed.spotted or not ledger.can_spend("quick_search", line.target):
        return
    if search_refusal(searcher, line, quick=True) is None:
        _pay(ledger, "quick_search", line.target)
        phase.note(quick_search(searcher, line, failed, phase.ctx.dice, phase.ctx.turn))


def _find_unseen(
    phase: _Phase,
    state: AircraftState,
    seat: int,
    ledger: ActivityLedger,
    searcher: Searcher,
    lines: dict[str, SightLine],
    enemies: list[str],
) -> None:
    """Each enemy not yet seen, nearest first: a Tally by cue when the crew member has one
    (then a Quick Search if it fails), otherwise a Visual Search, while the AP last."""
    dice, turn = phase.ctx.dice, phase.ctx.turn
    observer = searcher.observer
    for target in enemies:
        if phase.spots.has_spotted(observer, target) or phase.spots.had_spotted(observer, target):
            continue
        line = lines[target]
        if visible(line) is not None:
            continue  # no AP spent looking where nothing can be seen
        if ledger.can_spend("tally", target) and searcher.field_of_view.sees(line.bearing):
            cue = _cue(phase, state, seat, line)
            if cue is not None:
                cued = tally(searcher, line, phase.spots, dice, turn, cue=str(cue))
                _pay(ledger, "tally", target)
                phase.note(cued)
                _quick_search_after(phase, ledger, searcher, line, cued)
                continue
        if search_refusal(searcher, line) is not None:
            continue
        if not _pay(ledger, "visual_search", target):
            break
        phase.note(visual_search(searcher, line, dice, turn))


def _cue(phase: _Phase, state: AircraftState, seat: int, line: SightLine) -> Cue | None:
    """The first cue the crew's orders allow: the aircraft's own HUD or HMD, a friend's
    datalink, then a call from a crew-mate or the flight (docs/rulings.md)."""
    allowed = state.orders_crew.cues
    flight = [f for f in phase.active if f is not state and f.side == state.side]
    cue = sensor_cue(state, seat, line, allowed) or datalink_cue(
        state, line.target, flight, allowed
    )
    if cue is not None or "radio" not in allowed:
        return cue
    callers = [
        Caller(aircraft, other, Observer(aircraft.callsign, name))
        for aircraft in (state, *flight)
        if aircraft.card.sighting is not None
        for other, name in enumerate(seat_names(aircraft))
        if (aircraft, other) != (state, seat)
    ]
    listening = Observer(state.callsign, seat_names(state)[seat])
    heard, events = radio_call(
        state,
        seat,
        listening,
        line.target,
        callers,
        phase.aware,
        phase.ctx.dice,
        phase.ctx.end_s,
        phase.ids,
    )
    phase.events.extend(events)
    return heard


def _tally_friendlies(
    phase: _Phase,
    state: AircraftState,
    ledger: ActivityLedger,
    searcher: Searcher,
    lines: dict[str, SightLine],
) -> None:
    """Tally Friendlies by radio (1 AP) when the aircraft has a wingman ("Maintaining
    Friendlies")."""
    friends = [o for o in phase.active if o is not state and o.side == state.side]
    restricted = searcher.g_state in ("grey_out", "black_out")
    flight = [
        Friendly(
            f.callsign,
            bool(f.card.sighting and f.card.sighting.radio),
            lines[f.callsign].bearing if f.callsign in lines else None,
        )
        for f in friends
        if not restricted or f.callsign in lines  # a bearing to check the view
    ]
    if flight and searcher.radio and _pay(ledger, "tally_friendlies", None):
        try:
            result = tally_friendlies(searcher, flight, phase.ctx.turn)
        except IllegalSighting:
            return
        phase.spots = phase.spots.record(result)
        phase.events.append(result.record.event(phase.ctx.end_s, (state.id,)))


def _adjust_order(
    awareness: Awareness,
    before: SpotState,
    active: list[AircraftState],
    t_s: float,
    ids: dict[str, str],
) -> list[Event]:
    """Adjust the order of flight for the sighting changes ("Adjust Order of Flight due to
    Visual Sighting Changes")."""
    order = awareness.order
    if order is None:
        return []
    spots = awareness.spots
    by_callsign = {s.callsign: s for s in active}
    lost_fix = [
        fixer
        for fixer, target in order.fixes.items()
        if fixer in by_callsign and not awareness.pilot_has_spotted(by_callsign[fixer], target)
    ]

    def seen_by_enemy(state: AircraftState, where: SpotState) -> bool:
        return any(
            where.aircraft_has_spotted(e.callsign, state.callsign) for e in _enemies(state, active)
        )

    newly_spotted = [
        s.callsign
        for s in active
        if s.callsign in order.move_class
        and seen_by_enemy(s, spots)
        and not seen_by_enemy(s, before)
    ]
    newly_unspotted = [
        s.callsign
        for s in active
        if s.callsign in order.move_class
        and seen_by_enemy(s, before)
        and not seen_by_enemy(s, spots)
        and any(awareness.has_spotted(s.callsign, e.callsign) for e in _enemies(s, active))
    ]
    if not (lost_fix or newly_spotted or newly_unspotted):
        return []
    adjusted = adjust_for_sighting(
        order, lost_fix=lost_fix, newly_spotted=newly_spotted, newly_unspotted=newly_unspotted
    )
    awareness.order = adjusted
    return [
        _event(record, t_s, tuple(ids[c] for c in record.data.values() if c in ids))
        for record in adjusted.records[len(order.records) :]
    ]
