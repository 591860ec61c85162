"""Sensors in the game loop: radar mode switches in the Declarations phase (SoP 02) and the
Sensor phase (SoP 10) for every aircraft, with what the missile rules read of them.

The procedures are in :mod:`engine.bop.sensors`; this module decides, by the turn's orders or
the crew doctrine (docs/rulings.md, "Sensors in play"), which mode each radar flies and which
targets each sensor tries, pays the Radar Operation, cockpit-action and Sensor Handoff costs
from the crew's Activity Points, and keeps each aircraft's
:class:`~engine.bop.sensors.suite.SensorSuite`.  Targets are named by callsign.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.bearing import NoBearing, shoot_bearing
from engine.bop.activity import ActivityLedger, TaskRefused
from engine.bop.aircraft_state import AircraftState
from engine.bop.effects import EffectRecord
from engine.bop.missiles import LaunchCheck, MissileState, can_declare_snapshot, can_snapshot
from engine.bop.sensors.common import (
    Awareness,
    Contact,
    IllegalSensorAction,
    SensorRoll,
    stabilised_usable,
)
from engine.bop.sensors.infrared import (
    dump_seeker,
    irm_acquisition,
    irm_maintenance,
    irst_acquisition,
    irst_maintenance,
    keep_one,
    slaved_irm_acquisition,
)
from engine.bop.sensors.integration import Emission, radar_handoff, rwr_warnings
from engine.bop.sensors.radar import (
    RadarState,
    after_rhm_launch,
    radar_sensor_phase,
    switch_mode,
)
from engine.bop.sensors.radar_rolls import missile_radar_maintenance
from engine.bop.turn import TurnContext
from engine.bop.weapon_select import declared_weapon
from engine.dice import Dice
from engine.hexmap import Position
from engine.phad import Aspect, angle_off_tail, distance
from models.missile import IR_SEEKERS, MissileCard, missile_card
from models.orders import BopPlot
from models.sensors import RadarMode, sensor_tables
from models.timeline import Event


def _position(state: AircraftState) -> Position:
    return Position(state.hex, max(0, state.alt_steps))


def contacts_for(state: AircraftState, aircraft: dict[str, AircraftState]) -> list[Contact]:
    """Every enemy aircraft in play as ``state``'s sensors see it after movement."""
    contacts = []
    for other in aircraft.values():
        if not other.active or other.side == state.side:
            continue
        try:
            shot = shoot_bearing(_position(state), _position(other))
        except NoBearing:
            continue
        contacts.append(
            Contact.seen_from(
                state.attitude,
                other.callsign,
                other.attitude,
                shot.candidates[0],
                shot.slant_range_fp,
                other.alt_ft,
                target_fit=other.sensors.fit,
                afterburner=other.throttle == "ab",
            )
        )
    return contacts


def operator(state: AircraftState) -> ActivityLedger | None:
    """The crew member who works the sensors: the back seat of a two-seater while able,
    else the pilot (docs/rulings.md)."""
    seats = [ledger for ledger in state.ledgers if ledger.able]
    if not seats:
        return None
    return seats[1] if len(state.ledgers) > 1 and len(seats) > 1 else seats[0]


def _modes(state: AircraftState) -> tuple[RadarMode, ...]:
    fit = state.sensors.fit
    if fit is None or fit.radar is None:
        return ()
    return tuple(m.mode for m in fit.radar.modes)


def _wanted_target(aircraft: dict[str, AircraftState], orders: BopPlot | None) -> str | None:
    """Callsign of the aircraft the radar should work on: the orders' radar target, else
    this turn's missile target."""
    if orders is None:
        return None
    wanted = orders.sensors.radar_target or (orders.missile.target if orders.missile else None)
    target = aircraft.get(wanted) if wanted is not None else None
    return target.callsign if target is not None else None


def _doctrine_mode(
    state: AircraftState, wanted: str | None = None
) -> tuple[RadarMode | None, str | None]:
    """The mode a crew flies without orders: lock a track up in STT (the wanted target's
    when the radar tracks it); otherwise search, in the widest mode the attitude allows
    (docs/rulings.md)."""
    radar = state.sensors.radar
    modes = _modes(state)
    if radar is None or not modes:
        return None, None
    if radar.tracks and "STT" in modes:
        tracked = [a.target for a in radar.tracks]
        return "STT", wanted if wanted in tracked else tracked[0]
    for mode in ("Srch", "TWS", "SS", "Dog", "Bo"):
        if mode in modes and (mode not in ("Srch", "TWS") or stabilised_usable(state.attitude)):
            return mode, None
    return modes[0], None


def radar_switch(
    state: AircraftState, aircraft: dict[str, AircraftState], orders: BopPlot | None
) -> tuple[RadarMode, RadarState] | None:
    """The radar mode switch ``state``'s crew make in the Declarations phase (SoP 02): the
    orders' mode, else the doctrine's; None when the radar stays as it is. Raises
    :class:`IllegalSensorAction` when the set cannot switch so (the legality check asks
    before the game-turn starts; see :mod:`engine.bop.legality`)."""
    suite = state.sensors
    if suite.radar is None or suite.fit is None or suite.fit.radar is None:
        return None
    declared = orders.sensors.radar if orders is not None else None
    wanted = _wanted_target(aircraft, orders)
    mode, keep = declared, wanted
    if mode is None:
        mode, keep = _doctrine_mode(state, wanted)
    if mode is None or mode == suite.radar.mode:
        return None
    switched = switch_mode(
        suite.fit.radar,
        suite.radar,
        mode,
        state.attitude,
        contacts_for(state, aircraft),
        keep=keep if keep is not None and suite.radar.holding(keep) else None,
    )
    return mode, switched


def declare_sensors(
    aircraft: dict[str, AircraftState], orders: dict[str, BopPlot], ctx: TurnContext
) -> list[Event]:
    """Radar mode switches in the Declarations phase (SoP 02): the orders' mode (already
    judged legal), or the doctrine's; each switch is a cockpit action paid by the sensor
    operator, and one the crew cannot pay leaves the radar in its mode."""
    t_s = ctx.start_s
    events: list[Event] = []
    for entity, state in aircraft.items():
        suite = state.sensors
        if not state.active or suite.radar is None:
            continue
        try:
            switch = radar_switch(state, aircraft, orders.get(entity))
        except IllegalSensorAction as refused:  # the doctrine's choice did not fit
            events.append(_note(state, f"stays in {suite.radar.mode}: {refused}", t_s))
            continue
        if switch is None:
            continue
        mode, switched = switch
        crew = operator(state)
        if crew is not None:
            try:
                crew.cockpit_action("set_mode")
            except TaskRefused as refused:
                events.append(_note(state, f"stays in {suite.radar.mode}: {refused.problem}", t_s))
                continue
        events.append(_note(state, f"radar to {mode} (was {suite.radar.mode})", t_s))
        suite.radar = switched
    return events


def _note(state: AircraftState, text: str, t_s: float, kind: str = "sensor_radar") -> Event:
    return Event(t_s=t_s, kind=kind, entities=(state.id,), detail=f"{state.callsign} {text}")


def selected_ir_missile(state: AircraftState, orders: BopPlot | None = None) -> MissileCard | None:
    """The IR missile whose seeker works: the selected weapon, when it is an IR missile
    with rounds left (Select Weapon, SoP 02). With ``orders``, the one they select (for
    judging them before the selection is made)."""
    wanted = declared_weapon(state, orders) if orders is not None else state.selected_weapon
    if wanted is None or state.missiles_left.get(wanted, 0) <= 0:
        return None
    card = missile_card(wanted)
    return card if card.seeker in IR_SEEKERS else None


def sensor_phase(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    ctx: TurnContext,
) -> list[Event]:
    """The Sensor phase (SoP 10): each radar, IRST and active IR seeker maintains what it
    holds and tries to acquire more, after any cue a friend's tactical datalink hands it;
    then each RWR warns of the enemy radars holding it."""
    turn = ctx.turn
    events: list[Event] = []
    shared = datalink_tracks(aircraft)
    for entity, state in aircraft.items():
        if not state.active or state.sensors.fit is None:
            continue
        if state.spin is not None:
            state.sensors.clear()  # a spinning crew loses every sensor track ("Spinning")
            continue
        contacts = contacts_for(state, aircraft)
        if turn == 1 and state.gci:
            events.extend(_gci_cue(state, contacts, ctx))
        events.extend(_datalink_cue(state, contacts, shared, aircraft, ctx))
        wanted = _wanted_target(aircraft, orders.get(entity))
        events.extend(_radar(state, contacts, wanted, ctx))
        events.extend(_irst(state, contacts, ctx))
        events.extend(_seeker(state, contacts, ctx))
    for state in aircraft.values():
        if state.active and state.sensors.fit is not None:
            events.extend(_rwr(state, aircraft, ctx))
    return events


def _records(
    state: AircraftState, records: Iterable[EffectRecord | None], t_s: float
) -> list[Event]:
    return [record.event(t_s, (state.id,)) for record in records if record is not None]


def _radar(
    state: AircraftState,
    contacts: list[Contact],
    wanted: str | None,
    ctx: TurnContext,
) -> list[Event]:
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    suite = state.sensors
    fit = suite.fit
    if suite.radar is None or fit is None or fit.radar is None:
        return []
    if not contacts and not suite.radar.awareness:
        return []  # nothing to roll for: the Radar Operation task is not needed
    crew = operator(state)
    if crew is None or not _pay_operation(crew, fit.radar.operation_ap):
        if suite.radar.awareness:
            suite.radar = RadarState(suite.radar.mode)
            return [_note(state, "radar unattended: loses every contact (Radar Operation)", t_s)]
        return []
    held = suite.radar.holding(wanted) if wanted is not None else None
    convert = (
        wanted
        if suite.radar.mode == "Srch"
        and held is not None
        and held.kind == "acquisition"
        and held.held_a_turn(turn)
        else None
    )
    phase = radar_sensor_phase(
        fit.radar,
        suite.radar,
        state.attitude,
        contacts,
        dice,
        state.callsign,
        turn,
        convert=convert,
    )
    suite.radar = phase.state
    return _records(state, phase.records, t_s)  # the rolls' records are among them


def _pay_operation(crew: ActivityLedger, ap: int) -> bool:
    try:
        if not crew.can_spend("radar_operation", ap=ap):
            return False
        crew.spend("radar_operation", ap=ap)
    except TaskRefused:
        return False
    return True


def _irst(state: AircraftState, contacts: list[Contact], ctx: TurnContext) -> list[Event]:
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    suite = state.sensors
    if suite.fit is None or suite.fit.irst is None:
        return []
    irst = suite.fit.irst
    by_target = {c.target: c for c in contacts}
    if suite.irst is not None and suite.irst.since_turn == turn:
        return []  # gained this phase (a GCI cue): one attempt a target a turn
    if suite.irst is not None:
        contact = by_target.get(suite.irst.target)
        if contact is None:
            suite.irst = None
            return []
        roll = irst_maintenance(irst, contact, dice, state.callsign, turn)
        if not roll.success:
            suite.irst = None
        return _records(state, [roll.record], t_s)
    rolls = irst_acquisition(
        irst, sorted(contacts, key=lambda c: (c.range_fp, c.target)), dice, state.callsign, turn
    )
    kept = keep_one(rolls)
    if kept is not None:
        suite.irst = Awareness("irst", kept.target, "track", turn)
    return _records(state, [r.record for r in rolls], t_s)


def _seeker(state: AircraftState, contacts: list[Contact], ctx: TurnContext) -> list[Event]:
    """The active IR seeker keeps its lock, or tries to acquire: the nearest enemy in the
    Nose cell, else (Sensor Cued missiles) one the radar tracks, handed off by the pilot."""
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    suite = state.sensors
    card = selected_ir_missile(state)
    if card is None:
        suite.ir_lock = None
        return []
    by_target = {c.target: c for c in contacts}
    if suite.seekers.false_lock and suite.seekers.active == card.type_id:
        return _dump(state, t_s)
    lock = suite.ir_lock
    if lock is not None and lock.sensor == card.type_id and lock.target in by_target:
        roll = irm_maintenance(card, by_target[lock.target], dice, state.callsign, turn)
        if not roll.success:
            suite.ir_lock = None
        return _records(state, [roll.record], t_s)
    suite.ir_lock = None
    ahead = sorted((c for c in contacts if c.aon == 0), key=lambda c: (c.range_fp, c.target))
    if ahead:
        roll, suite.seekers = irm_acquisition(
            card, ahead[0], dice, state.callsign, turn, seekers=suite.seekers
        )
        if roll.success:
            suite.ir_lock = Awareness(card.type_id, roll.target, "acquisition", turn)
        return _records(state, [roll.record], t_s)
    tracked = [by_target[t] for t in suite.tracks() if t in by_target]
    pilot = state.flyer_ledger
    if not card.sensor_cued or not tracked or pilot is None:
        return []
    target = min(tracked, key=lambda c: (c.range_fp, c.target))
    if not pilot.can_spend("sensor_handoff", target.target):
        return []
    pilot.spend("sensor_handoff", target.target)
    roll, suite.seekers = slaved_irm_acquisition(
        card, target, dice, state.callsign, turn, seekers=suite.seekers
    )
    if roll.success:
        suite.ir_lock = Awareness(card.type_id, roll.target, "acquisition", turn)
    return _records(state, [roll.record], t_s)


def _gci_cue(state: AircraftState, contacts: list[Contact], ctx: TurnContext) -> list[Event]:
    """The ground controller's cue in the first Sensor phase ("GCI Datalink"): handed like
    a datalink cue to the radar in Boresight or Supersearch (a cued Radar Maintenance roll)
    or else to the IRST (a cued IRST Maintenance roll), on the nearest enemy."""
    fit = state.sensors.fit
    if fit is None or fit.datalink is None or fit.datalink.kind != "gci" or not contacts:
        return []
    nearest = min(contacts, key=lambda c: (c.range_fp, c.target))
    note = _note(state, f"{fit.datalink.name} cue from GCI on {nearest.target}", ctx.end_s, "gci")
    return [note, *_take_cue(state, nearest, ctx, "gci")]


def _take_cue(state: AircraftState, contact: Contact, ctx: TurnContext, kind: str) -> list[Event]:
    """A datalink cue on ``contact`` handed to the radar in Boresight or Supersearch (a cued
    Radar Maintenance roll), else to an IRST holding nothing (a cued IRST Maintenance roll)
    ("Integration": HMS/HMD/Datalink Cue)."""
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    fit = state.sensors.fit
    assert fit is not None
    radar = state.sensors.radar
    if fit.radar is not None and radar is not None and radar.mode in ("Bo", "SS"):
        try:
            state.sensors.radar, roll = radar_handoff(
                fit.radar, radar, state.attitude, contact, dice, state.callsign, turn
            )
        except IllegalSensorAction as refused:
            return [_note(state, f"cannot take the cue: {refused}", t_s, kind)]
        return _records(state, [roll.record], t_s)
    if fit.irst is not None and state.sensors.irst is None:
        roll = irst_maintenance(fit.irst, contact, dice, state.callsign, turn, cued=True)
        if roll.success:
            state.sensors.irst = Awareness("irst", contact.target, "track", turn)
        return _records(state, [roll.record], t_s)
    return []


def datalink_tracks(aircraft: dict[str, AircraftState]) -> dict[str, tuple[str, ...]]:
    """What each side's tactical datalinks share at the start of the Sensor phase: the
    radar and IRST tracks of every aircraft with one, by side ("Integration": Radar Track,
    pass via datalink)."""
    shared: dict[str, list[str]] = {}
    for state in aircraft.values():
        if state.active and state.tactical_datalink:
            held = shared.setdefault(state.side, [])
            held.extend(t for t in state.sensors.tracks() if t not in held)
    return {side: tuple(tracks) for side, tracks in shared.items()}


def _datalink_cue(
    state: AircraftState,
    contacts: list[Contact],
    shared: dict[str, tuple[str, ...]],
    aircraft: dict[str, AircraftState],
    ctx: TurnContext,
) -> list[Event]:
    """A friend's tactical datalink track handed to this aircraft's radar (Boresight or
    Supersearch) or idle IRST, the sensor operator paying the Sensor Handoff: the crew
    orders' aircraft, else the nearest enemy the datalink shows that its own sensors do not
    hold (docs/rulings.md, "Crew doctrine")."""
    fit = state.sensors.fit
    ordered = state.orders_crew.datalink_cue
    if fit is None or fit.datalink is None or fit.datalink.kind != "tactical" or ordered is False:
        return []
    radar = state.sensors.radar
    own = {a.target for a in radar.awareness} if radar is not None else set()
    if state.sensors.irst is not None:
        own.add(state.sensors.irst.target)
    offered = [
        c for c in contacts if c.target in shared.get(state.side, ()) and c.target not in own
    ]
    if ordered is not None:
        wanted = aircraft[ordered].callsign if ordered in aircraft else ordered
        offered = [c for c in offered if c.target == wanted]
        if not offered:
            text = f"takes no datalink cue: no friend's track of {wanted} to take"
            return [_note(state, text, ctx.end_s, "datalink")]
    receiver = radar is not None and radar.mode in ("Bo", "SS")
    if not offered or not (receiver or (fit.irst is not None and state.sensors.irst is None)):
        return []
    contact = min(offered, key=lambda c: (c.range_fp, c.target))
    crew = operator(state)
    if crew is None or not crew.can_spend("sensor_handoff", contact.target):
        return []
    crew.spend("sensor_handoff", contact.target)
    text = f"{fit.datalink.name} cue on {contact.target} from the flight's track"
    return [_note(state, text, ctx.end_s, "datalink"), *_take_cue(state, contact, ctx, "datalink")]


def _dump(state: AircraftState, t_s: float) -> list[Event]:
    """A seeker stuck on a false lock is Dumped (the Recycle/Dump cockpit action, paid by
    the pilot); it may acquire again from the next Sensor phase (docs/rulings.md)."""
    pilot = state.flyer_ledger
    if pilot is not None:
        try:
            pilot.cockpit_action("recycle_dump")
        except TaskRefused as refused:
            return [
                _note(
                    state,
                    f"cannot dump its seeker's false lock: {refused.problem}",
                    t_s,
                    "sensor_dump",
                )
            ]
    state.sensors.seekers = dump_seeker(state.sensors.seekers)
    return [_note(state, "dumps its seeker's false lock", t_s, "sensor_dump")]


def seeker_in_flight(
    missile: MissileState,
    card: MissileCard,
    target: AircraftState,
    dice: Dice,
    turn: int,
) -> SensorRoll:
    """Missile Seeker Maintenance in flight for a missile that guides itself (IR and AH):
    an IR seeker makes IRM Maintenance, always in arc past its boost; an active radar
    seeker its own maintenance roll ("Missile Flight", "Infrared and Optical", "Radar")."""
    anchor = missile.anchor
    where = _position(target)
    try:
        shot = shoot_bearing(anchor, where)
        bearing, range_fp = shot.candidates[0], shot.slant_range_fp
    except NoBearing:  # on top of the target: as close as it gets
        bearing, range_fp = missile.boost_direction, 0
    contact = Contact(
        target=target.callsign,
        range_fp=range_fp,
        bearing=bearing,
        aspect=Aspect(0, 3),  # past its boost the seeker always has the target in arc
        aot=angle_off_tail(bearing, target.attitude),
        target_alt_ft=target.alt_ft,
        radar_signature=target.sensors.fit.radar_signature if target.sensors.fit else 0,
        ecm_rating=target.sensors.fit.ecm_rating if target.sensors.fit else 0,
        afterburner=target.throttle == "ab",
    )
    who = missile.id
    if card.seeker in IR_SEEKERS:
        return irm_maintenance(card, contact, dice, who, turn, in_flight=True)
    seeker = sensor_tables().seeker(card.type_id)
    return missile_radar_maintenance(
        seeker.rating, seeker.range_fp, seeker.eccm, contact, dice, who, turn
    )


def _rwr(state: AircraftState, aircraft: dict[str, AircraftState], ctx: TurnContext) -> list[Event]:
    """RWR warnings of every enemy radar holding ``state`` (busy crews may miss them)."""
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    suite = state.sensors
    assert suite.fit is not None
    emissions = []
    for other in aircraft.values():
        radar = other.sensors.radar
        if not other.active or other.side == state.side or radar is None:
            continue
        held = radar.holding(state.callsign)
        if held is not None:
            emissions.append(Emission(other.callsign, radar.mode, held.kind))
    pilot = state.flyer_ledger
    busy = (
        pilot is None or pilot.remaining_ap == 0 or bool(pilot.engaged or pilot.defending_against)
    )
    warnings = rwr_warnings(
        suite.fit, emissions, busy=busy, dice=dice, who=state.callsign, turn=turn
    )
    before = set(suite.rwr)
    suite.rwr = tuple((w.emitter, w.level) for w in warnings if w.received)
    # The rwr channel holds the standing warnings; events mark a new or changed one, or
    # one a busy crew missed.
    changed = [w for w in warnings if not w.received or (w.emitter, w.level) not in before]
    return _records(state, [w.record for w in changed], t_s)


def after_launch(state: AircraftState, card: MissileCard) -> None:
    """A radar in Boresight shifts to STT when its aircraft fires an RH missile."""
    if state.sensors.radar is not None and card.seeker == "sarh":
        state.sensors.radar = after_rhm_launch(state.sensors.radar)


def declare_snapshots(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    fixes: dict[str, str],
    ctx: TurnContext,
) -> list[Event]:
    """Missile snapshots declared in the Declarations phase (SoP 02): the target fixed by the
    pilot (``fixes``, fixer → target by callsign) and inside the selected missile's extended
    FoV, with a sensor aware of it that can hand it to the missile (a helmet sight, or a
    radar or IRST track). Declaring pays the Weapon Launch action whether or not it fires."""
    t_s = ctx.start_s
    events: list[Event] = []
    for entity, state in aircraft.items():
        state.snapshot = None
        plot = orders.get(entity)
        if not state.active or plot is None or plot.missile is None or not plot.missile.snapshot:
            continue
        target = aircraft.get(plot.missile.target)
        if target is None or not target.active:
            continue
        check = snapshot_check(state, aircraft, plot, fixes)
        pilot = state.flyer_ledger
        if check.allowed and pilot is not None:
            try:
                pilot.cockpit_action("launch")
            except TaskRefused as refused:
                check = LaunchCheck(False, (refused.problem,))
        if not check.allowed:
            events.append(_note(state, f"declares no snapshot: {check.reason}", t_s, "snapshot"))
            continue
        card = missile_card(plot.missile.type)
        state.snapshot = (target.callsign, state.attitude.nose)
        events.append(
            _note(
                state, f"declares a {card.type_id} snapshot at {target.callsign}", t_s, "snapshot"
            )
        )
    return events


def snapshot_check(
    state: AircraftState, aircraft: dict[str, AircraftState], plot: BopPlot, fixes: dict[str, str]
) -> LaunchCheck:
    """May ``state`` declare the snapshot its orders ask for ("Declare a Missile Snapshot",
    SoP 02)? ``fixes`` are this game-turn's (fixer → target, by callsign). The Weapon Launch
    action it costs is paid when it is declared."""
    assert plot.missile is not None
    target = aircraft[plot.missile.target]
    card = missile_card(plot.missile.type)
    contact = _contact_of(state, aircraft, target)
    selected = selected_ir_missile(state, plot)
    fit = state.sensors.fit
    hands_off = bool(fit is not None and fit.helmet is not None) or (
        target.callsign in state.sensors.tracks()
    )
    return can_declare_snapshot(
        card,
        selected=selected is not None and selected.type_id == card.type_id,
        fixed_in_snapshot_parameters=fixes.get(state.callsign) == target.callsign,
        target_aon=contact.aon if contact is not None else 99,
        sensor_can_hand_off=hands_off,
    )


def _contact_of(
    state: AircraftState, aircraft: dict[str, AircraftState], target: AircraftState
) -> Contact | None:
    """``target`` as ``state``'s sensors see it now, or None (no bearing, or a friend)."""
    return next((c for c in contacts_for(state, aircraft) if c.target == target.callsign), None)


def _slaved_roll(
    state: AircraftState,
    card: MissileCard,
    contact: Contact,
    ctx: TurnContext,
    notes: list[Event],
    nose_cells_moved: int = 0,
    fov_cells: int | None = None,
) -> bool:
    """One Slaved IRM Acquisition by ``card``'s seeker (a snapshot's adds the Nose's cells
    moved to Noise and uses ``fov_cells``); its record goes to ``notes``."""
    dice, turn, t_s = ctx.dice, ctx.turn, ctx.end_s
    roll, state.sensors.seekers = slaved_irm_acquisition(
        card,
        contact,
        dice,
        state.callsign,
        turn,
        nose_cells_moved=nose_cells_moved,
        fov_cells=fov_cells,
        seekers=state.sensors.seekers,
    )
    notes.extend(_records(state, [roll.record], t_s))
    return roll.success


def snapshot_acquisition(
    state: AircraftState,
    aircraft: dict[str, AircraftState],
    target: AircraftState,
    card: MissileCard,
    ctx: TurnContext,
    notes: list[Event],
) -> str:
    """A declared snapshot in the Combat phase ("Snapshot Launch"): the target must now be
    in the missile's FoV, and the FoV Slaved IRM Acquisition, with the cells the Nose moved
    added to Noise, must lock on. Returns why not, or "" when the seeker has it; the roll's
    record goes to ``notes``."""
    declared = state.snapshot
    contact = _contact_of(state, aircraft, target)
    if declared is None or declared[0] != target.callsign or contact is None:
        return "Snapshot Launch: no snapshot at this target was declared this game-turn"
    moved = distance(declared[1], state.attitude.nose)
    check = can_snapshot(
        card,
        declared=True,
        in_parameters_at_declaration=True,
        target_aon=contact.aon,
        nose_cells_moved=moved,
    )
    if not check.allowed:
        return check.reason
    locked = _slaved_roll(
        state,
        card,
        contact,
        ctx,
        notes,
        nose_cells_moved=moved,
        fov_cells=card.fov_cells,
    )
    return "" if locked else "Snapshot Launch: the seeker did not lock on"


def slaved_acquisition(
    state: AircraftState,
    aircraft: dict[str, AircraftState],
    target: AircraftState,
    card: MissileCard,
    ctx: TurnContext,
    notes: list[Event],
) -> bool:
    """Slaved IRM Acquisition of ``target`` by a second IR missile (follow-on or pair); the
    roll's record goes to ``notes``."""
    contact = _contact_of(state, aircraft, target)
    if contact is None:
        return False
    return _slaved_roll(state, card, contact, ctx, notes)
