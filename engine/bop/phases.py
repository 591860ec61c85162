"""The rule phases of a game-turn around the Flight Phase, one function each.

Orders the rules impose (before plotting), G Onset (end of plotting, SoP 03), Flight Effects
(SoP 04), Spin Recovery and Departure (SoP 05–06), Collisions, the Administrative phase
(SoP 11), Engine Out, cockpit wounds and Ejection. Each takes the game's aircraft states and
the game-turn's :class:`~engine.bop.turn.TurnContext` (dice, game-turn, times, advanced rules),
changes the states in place, and returns its events; the order the Sequence of Play
(:mod:`engine.bop.sequence`) calls them in is the order the dice are rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Literal, TypeVar

from engine.bop.aircraft_state import AircraftState
from engine.bop.crew import (
    CREW_NAMES,
    hand_over_control,
    pay_control,
    pay_damage_control,
    pay_spin_recovery,
    pay_strain,
    pay_take_control,
    why_eject,
)
from engine.bop.damage import (
    DAMAGE_CONTROL_MAX_LOAD_G,
    CombatEvent,
    damage_control,
    damage_systems,
    progressive_damage,
)
from engine.bop.departure import (
    DepartureResult,
    departure_check,
    departure_tables,
    max_lift_departure,
    recovered_attitude,
    spin_gyration,
    spin_recovery,
)
from engine.bop.effects import (
    AirframeState,
    CrewMember,
    FlightEffectsConditions,
    TurnLoads,
    g_onset_check,
    resolve_flight_effects,
)
from engine.bop.errors import IllegalOrder
from engine.bop.legality import Planned, plan
from engine.bop.missile_play import pilot_quality
from engine.bop.plotting import FlightConditions, ImposedUnload, PlottedTurn
from engine.bop.special import (
    CollisionParty,
    attempt_ejection,
    engine_loss,
    may_collide,
    post_battle_fate,
    resolve_collision,
)
from engine.bop.turn import TurnContext
from engine.bop.uncontrolled import play_end_hex
from engine.hexmap import Position
from engine.performance.movement import SECONDS_PER_TICK, TICKS_PER_TURN
from models.orders import BopPlot, CrewOrders, Segment, StraightSegment, Throttle, UnloadSegment
from models.scenario import AdvancedRule
from models.timeline import Event

THROTTLE_STEPS: dict[Throttle, Literal[0, 1, 2, 3]] = {"idle": 0, "mil": 2, "ab": 3}
"""Compressor Stall / Engine Out throttle steps of our three settings (Idle, Mil, AB)."""

T = TypeVar("T")

Replan = Callable[[str, BopPlot, ImposedUnload | None], None]
"""Plots and moves an aircraft's changed orders again: ``replan(entity, orders, imposed)``."""


def imposed_orders(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    *,
    advanced_rules: Collection[AdvancedRule],
) -> dict[str, BopPlot]:
    """Orders the rules impose over the script: an uncontrolled or spinning aircraft flies
    an involuntary unloaded game-turn ("Uncontrolled Aircraft", "Spinning"); one that
    suffered a High-Speed Departure flies its unloaded ticks, then its own plot
    (:func:`after_high_speed_departure`). With the Nose at ±90 the unloaded flight is a
    straight segment ("Unloaded Flight"). The crew orders stand: the crew still act."""
    changed = dict(orders)
    for entity, state in aircraft.items():
        if not state.active:
            continue
        if entity in changed and changed[entity].guns and not state.damage_effects().guns_work:
            changed[entity] = changed[entity].model_copy(update={"guns": None})
        # pointing ends as the Flight Phase starts: the Velocity is where the Nose will be
        vertical = abs(state.attitude.end_pointing().nose.pitch_deg) == 90
        unload: Literal["unload", "straight"] = "straight" if vertical else "unload"
        if state.spin is not None:
            segments = [{"kind": "unload", "ticks": 10}]  # falls off the vertical first
        elif state.uncontrolled:
            segments = [{"kind": unload, "ticks": 10}]
        elif state.imposed_unload is not None:
            changed[entity] = after_high_speed_departure(
                state, changed.get(entity), unload, advanced_rules=advanced_rules
            )
            continue
        else:
            continue
        crew = changed[entity].crew if entity in changed else CrewOrders()
        changed[entity] = BopPlot.model_validate(
            {"throttle": state.throttle, "segments": segments, "crew": crew}
        )
    return changed


def after_high_speed_departure(
    state: AircraftState,
    orders: BopPlot | None,
    unload: Literal["unload", "straight"],
    *,
    advanced_rules: Collection[AdvancedRule],
) -> BopPlot:
    """A High-Speed Departure's game-turn (Departed Flight, SoP 06): the rules' non-rolling
    unloaded ticks first, then the pilot's own plot, cut off where it runs past the tenth
    tick (Plotting: a segment past tick 10 is cut off). Weapons orders are dropped: the
    aircraft declared them while departed. When the cut plot cannot be flown from where the
    unloaded ticks leave the aircraft, it flies straight for the rest of the game-turn."""
    imposed = state.imposed_unload
    assert imposed is not None
    first: Segment = (
        UnloadSegment(ticks=imposed.ticks)
        if unload == "unload"
        else StraightSegment(ticks=imposed.ticks)
    )
    straight = BopPlot(
        throttle=state.throttle,
        segments=(first, StraightSegment(ticks=TICKS_PER_TURN - imposed.ticks)),
    )
    if orders is None:
        return straight
    rest = cut_segments(orders.segments, TICKS_PER_TURN - imposed.ticks)
    flown = orders.model_copy(
        update={
            "segments": (first, *rest),
            "guns": None,
            "missile": None,
            "jettison": False,
        }
    )
    try:
        plan(state, flown, 0, state.involuntary_unload(), advanced_rules=advanced_rules)
    except IllegalOrder:
        return straight.model_copy(update={"throttle": orders.throttle})
    return flown


def cut_segments(segments: Sequence[Segment], ticks: int) -> list[Segment]:
    """``segments`` cut off after ``ticks`` ticks: those beyond dropped, the one across the
    limit shortened."""
    kept: list[Segment] = []
    left = ticks
    for segment in segments:
        if left <= 0:
            break
        kept.append(
            segment if segment.ticks <= left else segment.model_copy(update={"ticks": left})
        )
        left -= kept[-1].ticks
    return kept


def spin_gyrations(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    replan: Replan,
    ctx: TurnContext,
) -> list[Event]:
    """Spin Gyrations for each spinning aircraft ("Spinning", SoP 06), rolled once its
    orders stand; ``replan`` plots its spinning turn again with them."""
    dice, turn, t0 = ctx.dice, ctx.turn, ctx.start_s
    events: list[Event] = []
    for entity, state in aircraft.items():
        if not state.active or state.spin is None or entity not in orders:
            continue
        state.spin_gyration_cells, record = spin_gyration(dice, state.callsign, turn)
        events.append(record.event(t0, (entity,)))
        replan(entity, orders[entity], state.involuntary_unload())
    return events


def uncontrolled_play(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    plotted: dict[str, Planned],
    replan: Replan,
    ctx: TurnContext,
) -> list[Event]:
    """Using Play When Uncontrolled (SoP 03): a d10 picks where in the wedge of its 2D move
    an aircraft uncontrolled for the whole game-turn ends; ``orders`` records the hex (and
    the move's climb) on its involuntary segment and ``replan`` moves it there."""
    events: list[Event] = []
    for entity, state in aircraft.items():
        if not (state.active and state.uncontrolled and state.spin is None):
            continue
        if entity not in plotted or entity not in orders:
            continue
        segment, move = plotted[entity].plot.segments[0], plotted[entity].moves[0]
        picked = play_end_hex(
            state.hex, move.h_hexes, segment.movement_vector, ctx.dice, state.callsign, ctx.turn
        )
        if picked is None:
            continue
        end_hex, roll = picked
        first = (
            orders[entity]
            .segments[0]
            .model_copy(update={"end_hex": str(end_hex), "alt_change_steps": move.v_steps})
        )
        rest = orders[entity].segments[1:]
        orders[entity] = orders[entity].model_copy(update={"segments": (first, *rest)})
        replan(entity, orders[entity], state.involuntary_unload())
        events.append(
            Event(
                t_s=ctx.start_s,
                kind="uncontrolled_play",
                entities=(entity,),
                detail=f"{state.callsign}, uncontrolled, drifts to {end_hex} in its wedge "
                "(Using Play When Uncontrolled)",
                data={"roll": roll, "end_hex": str(end_hex)},
            )
        )
    return events


def g_onset(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    plots: dict[str, PlottedTurn],
    replan: Replan,
    ctx: TurnContext,
) -> list[Event]:
    """G Onset (advanced rule, end of plotting, SoP 03), when the scenario plays it: a load
    5 G or more above last turn's greatest makes each conscious crew member check. A pilot
    knocked out flies the rest of the turn unloaded from the segment where the load rose,
    and fires nothing; ``orders`` is changed in place and ``replan`` plots its new orders."""
    dice, turn, t0 = ctx.dice, ctx.turn, ctx.start_s
    events: list[Event] = []
    if "g_onset" not in ctx.advanced_rules:
        return events
    for entity, plot in plots.items():
        state = aircraft[entity]
        equipment = state.crew_equipment()
        knocked_out_at: int | None = None
        for seat, (name, member) in enumerate(zip(CREW_NAMES, state.crew, strict=False)):
            result = g_onset_check(
                CrewMember(name, member, equipment),
                state.greatest_load_g,
                plot.loads_by_tick,
                _strained(state, seat),
                dice,
                state.callsign,
                turn,
            )
            if result is None:
                continue
            state.crew[seat] = result.state
            state.onset_effects[seat] = result.effect
            tick = result.onset_tick or 0
            events.append(result.record.event(t0 + tick * SECONDS_PER_TICK, (state.id,)))
            if seat == state.flyer_seat and not result.state.conscious:
                knocked_out_at = tick
        if knocked_out_at is not None:
            orders[entity], imposed = _unloaded_from(orders[entity], plot, knocked_out_at)
            replan(entity, orders[entity], imposed)
    return events


def strain(aircraft: dict[str, AircraftState], plots: dict[str, PlottedTurn]) -> None:
    """The Strain task, paid once the plots stand and before the turn's first crew G check
    (SoP 03-04): each seat's AP go into it as the crew orders or doctrine say."""
    for entity, plot in plots.items():
        state = aircraft[entity]
        greatest = TurnLoads.from_plot(plot).greatest_positive_g
        state.strain_ap = pay_strain(state, state.orders_crew, greatest)


def _strained(state: AircraftState, seat: int) -> int:
    """AP the crew member in ``seat`` strains with this game-turn (none once knocked out)."""
    member = state.crew[seat]
    if seat >= len(state.strain_ap) or not member.conscious or member.wounds:
        return 0
    return state.strain_ap[seat]


def flight_effects(
    state: AircraftState,
    plot: PlottedTurn,
    flight: FlightConditions,
    ctx: TurnContext,
) -> list[Event]:
    """Flight Effects (SoP 04): overspeed, structure G and crew G after the turn's flight;
    the damage they do goes on the Damage track."""
    dice, turn, t_end, advanced_rules = ctx.dice, ctx.turn, ctx.end_s, ctx.advanced_rules
    if not state.active or state.damage is None:
        return []
    card = state.card
    equipment = state.crew_equipment()
    loads = TurnLoads.from_plot(plot)
    members = [
        CrewMember(
            name,
            crew_state,
            equipment,
            strain_ap=_strained(state, index),
            flies=index == state.flyer_seat,
            onset_effect=state.onset_effects.get(index, "normal"),
        )
        for index, (name, crew_state) in enumerate(zip(CREW_NAMES, state.crew, strict=False))
    ]
    damage = state.damage
    airframe = AirframeState(
        damage_points=damage.points,
        overstress_points=state.overstress_points,
        structure_criticals=damage.hits_on("Structure"),
        engine_criticals=sum(damage.engine_hits),
    )
    conditions = FlightEffectsConditions(
        keas=flight.keas,
        safe_load_g=flight.safe_load_g,
        crew_fatigue_rule="crew_fatigue" in advanced_rules,
    )
    state.onset_effects = {}
    result = resolve_flight_effects(
        card, airframe, members, conditions, loads, dice, state.callsign, turn
    )
    events = [record.event(t_end, (state.id,)) for record in result.records]
    state.crew = list(result.crew_states)
    state.overstress_points = result.airframe.overstress_points
    systems = ["Structure"] * (
        result.airframe.structure_criticals - airframe.structure_criticals
    ) + ["Engine"] * (result.airframe.engine_criticals - airframe.engine_criticals)
    points = result.airframe.damage_points - airframe.damage_points
    if points > 0 or systems:
        applied = damage_systems(
            damage,
            max(points, 0),
            systems,
            dice,
            card=card,
            who=state.callsign,
            turn=turn,
            source="flight effects",
        )
        state.damage = applied.state
        events.extend(
            Event(t_s=t_end, kind=e.kind, entities=(state.id,), detail=e.detail, data=e.data)
            for e in applied.events
        )
    if result.destroyed or (state.damage is not None and state.damage.destroyed):
        state.active = False
    state.uncontrolled = result.uncontrolled
    return events


def departure(state: AircraftState, conditions: FlightConditions, ctx: TurnContext) -> list[Event]:
    """Spin Recovery (SoP 05) for a spinning aircraft, otherwise the Departure check
    (SoP 06) on the Departure Points of the game-turn, which are then spent."""
    dice, turn, t_end = ctx.dice, ctx.turn, ctx.end_s
    held, state.departure_points = state.departure_points, 0
    if not state.active:
        return []
    if held:
        held += state.damage_effects().extra_departure_points
    quality = pilot_quality(state.crew_quality)
    if state.spin is not None:
        if state.uncontrolled or not pay_spin_recovery(state):
            return []  # nobody at the controls to try
        recovery = spin_recovery(state.card, state.spin, quality, dice, state.callsign, turn)
        state.spin = recovery.spin
        state.overstress_points += recovery.overstress_points
        if recovery.outcome in ("high_speed_departure", "normal_flight"):
            state.attitude = recovered_attitude(state.attitude)
        if recovery.outcome == "high_speed_departure":
            state.imposed_unload = _high_speed_departure()
        if recovery.removed_at_end_of_turn:
            state.active = False
        return [recovery.record.event(t_end, (state.id,))] if recovery.record else []
    if state.max_lift_exceeded:
        state.max_lift_exceeded = False
        return _max_lift_departure(state, conditions, ctx)
    return _departure_check(state, held, conditions, ctx)


def _max_lift_departure(
    state: AircraftState, conditions: FlightConditions, ctx: TurnContext
) -> list[Event]:
    """Of Max Aero Load: past Max-Lift the aircraft departs with −(d10 / 2); the turn's
    Departure Points are spent with it (docs/rulings.md "Max-Lift departures")."""
    result = max_lift_departure(
        conditions.q_mark,
        ctx.dice,
        state.callsign,
        ctx.turn,
    )
    _apply_departure(state, result)
    return [record.event(ctx.end_s, (state.id,)) for record in result.records]


def _apply_departure(state: AircraftState, result: DepartureResult) -> None:
    state.departure_result = result.departure_result
    if result.outcome == "high_speed":
        state.imposed_unload = ImposedUnload(result.imposed_unloaded_ticks, result.imposed_load_g)
    elif result.outcome == "spin":
        state.spin = result.spin


def _departure_check(
    state: AircraftState,
    held: int,
    conditions: FlightConditions,
    ctx: TurnContext,
) -> list[Event]:
    """A Departure check (SoP 06) on ``held`` DP; a departure shapes the next turn."""
    quality = pilot_quality(state.crew_quality)
    control_ap = pay_control(state, state.orders_crew, held)
    result = departure_check(
        state.card,
        held,
        quality,
        control_ap,
        conditions.q_mark,
        ctx.dice,
        state.callsign,
        ctx.turn,
    )
    _apply_departure(state, result)
    return [record.event(ctx.end_s, (state.id,)) for record in result.records]


def _high_speed_departure() -> ImposedUnload:
    hsd = departure_tables().high_speed_departure
    return ImposedUnload(hsd.unloaded_ticks, hsd.load_g)


def collisions(aircraft: dict[str, AircraftState], ctx: TurnContext) -> list[Event]:
    """Aircraft ending the turn in one hex at one altitude may collide ("Collisions");
    both pilots try to avoid it, and a collision damages both."""
    dice, turn, t_end = ctx.dice, ctx.turn, ctx.end_s
    events: list[Event] = []
    active = [s for s in aircraft.values() if s.active and s.damage is not None]
    for index, a in enumerate(active):
        for b in active[index + 1 :]:
            if not (
                a.active
                and b.active
                and may_collide(Position(a.hex, a.alt_steps), Position(b.hex, b.alt_steps))
            ):
                continue
            parties = [
                CollisionParty(
                    s.callsign,
                    s.card,
                    s.damage,  # type: ignore[arg-type]  # filtered above
                    pilot_quality(s.crew_quality),
                    has_sight=not s.uncontrolled,
                )
                for s in (a, b)
            ]
            result = resolve_collision(parties[0], parties[1], dice, turn=turn)
            ids = {a.callsign: a.id, b.callsign: b.id}
            for state, damage in zip((a, b), result.damage, strict=False):
                state.damage = damage.state
                if damage.state.destroyed:
                    state.active = False
            events.extend(
                Event(
                    t_s=t_end,
                    kind=e.kind,
                    entities=tuple(ids[name] for name in e.entities if name in ids) or (a.id, b.id),
                    detail=e.detail,
                    data=dict(e.data),
                )
                for e in result.events
            )
    return events


def administrative(aircraft: dict[str, AircraftState], ctx: TurnContext) -> list[Event]:
    """Administrative phase (SoP 11): each crew member treats one damaged system with
    Damage Control, then every untreated one rolls for Progressive Damage."""
    dice, turn, t_end = ctx.dice, ctx.turn, ctx.end_s
    events: list[Event] = []
    for state in aircraft.values():
        if not state.active or state.damage is None or not state.damage.damaged_systems:
            continue
        damage = state.damage
        treatable = [
            system
            for system in damage.damaged_systems
            if system not in damage.treated and dict(damage.last_hit_turn).get(system) != turn
        ]
        if state.greatest_load_g <= DAMAGE_CONTROL_MAX_LOAD_G:
            hands = 0
            for seat in range(len(state.ledgers)):
                if hands < len(treatable) and pay_damage_control(state, seat):
                    hands += 1
            for system in treatable[:hands]:
                damage = damage_control(
                    damage, system, turn=turn, greatest_load_g=state.greatest_load_g
                ).state
                events.append(
                    Event(
                        t_s=t_end,
                        kind="damage_control",
                        entities=(state.id,),
                        detail=f"{state.callsign} crew treat the {system} damage (Damage Control)",
                        data={"system": system},
                    )
                )
        result = progressive_damage(damage, dice, card=state.card, who=state.callsign, turn=turn)
        state.damage = result.state
        events.extend(aircraft_event(e, t_end, state.id) for e in result.events)
        if result.state.destroyed:
            state.active = False
    return events


def engine_losses(
    aircraft: dict[str, AircraftState],
    running_before: dict[str, int],
    conditions: dict[str, FlightConditions],
    ctx: TurnContext,
) -> list[Event]:
    """An engine lost to damage this turn ("Engine Out"): a multi-engine type still
    under power collects DP by throttle step and checks for departure at once."""
    turn, t_end = ctx.turn, ctx.end_s
    events: list[Event] = []
    for entity, before in running_before.items():
        state = aircraft[entity]
        running = sum(e.running for e in state.damage_effects().engines)
        if not state.active or running >= before or entity not in conditions:
            continue
        loss = engine_loss(
            state.callsign,
            step=THROTTLE_STEPS[state.throttle],
            total=state.card.engines.count,
            operating_after=running,
            cause="damage",
            turn=turn,
        )
        events.extend(aircraft_event(e, t_end, state.id) for e in loss.events)
        if loss.departure_check_now and loss.departure_points and state.spin is None:
            held = loss.departure_points + state.damage_effects().extra_departure_points
            events.extend(_departure_check(state, held, conditions[entity], ctx))
    return events


def cockpit_wounds(aircraft: dict[str, AircraftState], t_end: float) -> list[Event]:
    """Cockpit critical hits wound or kill the crew in seat order ("Damage"); with the
    pilot killed the aircraft is uncontrolled ("Uncontrolled Aircraft")."""
    events: list[Event] = []
    for state in aircraft.values():
        wounds = state.damage_effects().crew_wounds
        for seat, (name, member) in enumerate(zip(CREW_NAMES, state.crew, strict=False)):
            if wounds[seat] <= member.wounds:
                continue
            hurt = replace(member, wounds=wounds[seat])
            state.crew[seat] = hurt
            text = "killed" if hurt.killed else "wounded"
            events.append(
                Event(
                    t_s=t_end,
                    kind="crew_wound",
                    entities=(state.id,),
                    detail=f"{state.callsign} {name} is {text} (Cockpit hit)",
                    data={"crew": name, "wounds": hurt.wounds},
                )
            )
            if seat == state.flyer_seat and hurt.killed:
                state.uncontrolled = True
    return events


def _per_aircraft(
    aircraft: dict[str, AircraftState],
    decide: Callable[[AircraftState], T | None],
    event: Callable[[AircraftState, T], Event],
) -> list[Event]:
    """One event for each aircraft in play for which ``decide`` finds something."""
    events: list[Event] = []
    for state in aircraft.values():
        if not state.active:
            continue
        found = decide(state)
        if found is not None:
            events.append(event(state, found))
    return events


def voluntary_ejections(
    aircraft: dict[str, AircraftState], ground_alt_steps: int, ctx: TurnContext
) -> list[Event]:
    """Ejection by choice in the Administrative phase (SoP 11, "Ejection"): a crew the
    orders or doctrine send out abandon the aircraft, which leaves play; the crew then make
    their ejection attempts as from a destroyed aircraft (:func:`ejections`)."""

    def abandon(state: AircraftState, reason: str) -> Event:
        state.active = False
        return Event(
            t_s=ctx.end_s,
            kind="abandon",
            entities=(state.id,),
            detail=f"{state.callsign}'s crew abandon the aircraft ({reason}; Ejection)",
            data={"reason": reason},
        )

    return _per_aircraft(aircraft, lambda state: why_eject(state, ground_alt_steps), abandon)


def ejections(
    aircraft: dict[str, AircraftState],
    lost: list[str],
    conditions: dict[str, FlightConditions],
    ctx: TurnContext,
) -> list[Event]:
    """Each conscious crew member of an aircraft destroyed this turn tries to eject
    (twice at most, "Ejection"); those who get out roll their Post-Battle Fate."""
    dice, turn, t_end = ctx.dice, ctx.turn, ctx.end_s
    events: list[Event] = []
    for entity in lost:
        state = aircraft[entity]
        keas = conditions[entity].keas if entity in conditions else 0.0
        departed = state.spin is not None or state.imposed_unload is not None
        for name, member in zip(CREW_NAMES, state.crew, strict=False):
            if not member.conscious:
                continue
            who = f"{state.callsign} {name}"
            failures = 0
            while True:
                attempt = attempt_ejection(
                    who,
                    dice,
                    keas=keas,
                    alt_steps=state.alt_steps,
                    turn=turn,
                    failures=failures,
                    departed=departed,
                    wounded=member.wounds > 0,
                )
                failures = attempt.failures
                events.extend(aircraft_event(e, t_end, state.id) for e in attempt.events)
                if not attempt.may_try_again:
                    break
            if attempt.ejected:
                fate = post_battle_fate(who, dice, over=state.bailout_over)
                events.extend(aircraft_event(e, t_end, state.id) for e in fate.events)
    return events


def take_control(aircraft: dict[str, AircraftState], ctx: TurnContext) -> list[Event]:
    """Non-pilot flight, paid as soon as the crew's AP are back (SoP 01, docs/rulings.md
    "Crew doctrine"): a crew member permitted to fly takes control for 4 AP, by doctrine
    when the one flying is unconscious or killed."""

    def paid(state: AircraftState, seat: int) -> Event:
        return Event(
            t_s=ctx.start_s,
            kind="take_control",
            entities=(state.id,),
            detail=f"{state.callsign} {CREW_NAMES[seat]} pays 4 AP to take control; "
            "flies from the next game-turn (Non-pilot flight)",
            data={"seat": seat},
        )

    return _per_aircraft(aircraft, pay_take_control, paid)


def control_handovers(aircraft: dict[str, AircraftState], ctx: TurnContext) -> list[Event]:
    """The end of the game-turn a crew member paid to take control (SoP 11): they fly the
    aircraft from the next game-turn, which is no longer uncontrolled."""
    for state in aircraft.values():
        if not state.active:
            state.taking_control_seat = None

    def handed(state: AircraftState, seat: int) -> Event:
        return Event(
            t_s=ctx.end_s,
            kind="control",
            entities=(state.id,),
            detail=f"{state.callsign} {CREW_NAMES[seat]} has control (Non-pilot flight)",
            data={"seat": seat},
        )

    return _per_aircraft(aircraft, hand_over_control, handed)


def _unloaded_from(
    orders: BopPlot, plot: PlottedTurn, tick: int
) -> tuple[BopPlot, ImposedUnload | None]:
    """``orders`` up to the segment flying at ``tick``, then involuntary unloaded flight
    (straight with the Nose at ±90) for the rest of the game-turn, and no weapons."""
    flying = next(s for s in plot.segments if s.start_tick <= tick < s.end_tick)
    kept = list(orders.segments[: flying.index])
    ticks = TICKS_PER_TURN - sum(segment.ticks for segment in kept)
    vertical = abs(flying.start_attitude.nose.pitch_deg) == 90
    rest = {"kind": "straight" if vertical else "unload", "ticks": ticks}
    changed = BopPlot.model_validate(
        {
            "throttle": orders.throttle,
            "engine_dspeed_kt": orders.engine_dspeed_kt,
            "speedbrake": orders.speedbrake,
            "segments": [*(s.model_dump() for s in kept), rest],
        }
    )
    imposed = None if vertical else ImposedUnload(ticks, 0.0, segment_index=len(kept))
    return changed, imposed


def aircraft_event(record: CombatEvent, t_s: float, entity: str) -> Event:
    """A record about an aircraft or its crew (ejection, fate, damage) as an event naming
    the aircraft by id."""
    return Event(
        t_s=t_s, kind=record.kind, entities=(entity,), detail=record.detail, data=dict(record.data)
    )
