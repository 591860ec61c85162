"""The Sequence of Play of one Birds of Prey game-turn, as a table (the rulebook's SoP page).

:data:`SEQUENCE_OF_PLAY` lists the phases top to bottom: the SoP step, its name, when it
applies (always, or with the scenario's awareness rules on) and the function that plays it.
:func:`play_sequence` walks the table for a :class:`TurnPlay` (the game-turn in progress) and
its :class:`~engine.bop.turn.TurnContext`. The order of the rows is the order the dice are
rolled, so a game log replays it exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal

import numpy.typing as npt

from engine import performance as perf
from engine.bop import phases
from engine.bop.aircraft_state import AircraftState
from engine.bop.awareness import Awareness, initiative_phase
from engine.bop.combat import GunSubPhase, Placement
from engine.bop.combat_play import CombatPlay
from engine.bop.crew import recover
from engine.bop.decoys import declare_program
from engine.bop.flight import AircraftTurn, fly, placement_ft
from engine.bop.launch_play import launch_all
from engine.bop.legality import Planned, plan
from engine.bop.missile_play import MissileTrack, attack_all, fly_all
from engine.bop.plotting import FlightConditions, ImposedUnload
from engine.bop.sensor_phase import declare_sensors, declare_snapshots, sensor_phase
from engine.bop.sighting_play import sighting_phase
from engine.bop.stores import jettison
from engine.bop.swing_wing import declare_wing, move_wing
from engine.bop.throttle_phase import compressor_restarts, compressor_stalls
from engine.bop.ticks import awareness_text
from engine.bop.turn import TurnContext
from engine.bop.weapon_select import select_weapons
from models.orders import BopPlot
from models.scenario import Scenario
from models.timeline import Event


@dataclass
class TurnPlay:
    """One game-turn in progress: the game's state the phases change, the judged orders and
    what the phases have found so far."""

    scenario: Scenario
    turn: int
    """The game-turn being played."""
    aircraft: dict[str, AircraftState]
    awareness: Awareness
    missiles: dict[str, MissileTrack]
    combat: CombatPlay
    orders: dict[str, BopPlot]
    """Every active aircraft's orders, after the orders the rules impose."""
    plotted: dict[str, Planned]
    """Every active aircraft's orders judged, plotted and moved (not yet flown)."""
    pilot_notes: list[Event] = field(default_factory=list)
    """What the pilots decided while writing the orders."""
    results: dict[str, AircraftTurn] = field(default_factory=dict)
    samples: dict[str, dict[str, npt.NDArray[Any]]] = field(default_factory=dict)
    before: dict[str, Placement] = field(default_factory=dict)
    """Where each aircraft in flight started the game-turn."""
    flying: list[str] = field(default_factory=list)
    """The aircraft in flight when the Flight Phase began."""
    running_before: dict[str, int] = field(default_factory=dict)
    """Engines running in each aircraft when the Flight Phase began."""
    conditions: dict[str, FlightConditions] = field(default_factory=dict)
    provisional: set[str] = field(default_factory=set)
    """Aircraft whose pilots wrote their orders at the start of the game-turn and decide
    their plot at the table: in a later plot class they plot again after earlier moves."""
    moved: set[str] = field(default_factory=set)
    """The aircraft that have flown this game-turn so far."""
    attacking: list[MissileTrack] = field(default_factory=list)
    """The missiles that reached their targets in Missile Flight and attack in SoP 07."""
    replot: Callable[[TurnContext, TurnPlay, str], None] | None = None
    """Asks ``entity``'s pilot to plot again now (the game's pilots), keeping what it
    declared in SoP 02."""

    def replan(self, entity: str, changed: BopPlot, imposed: ImposedUnload | None) -> None:
        """Plot and move ``entity``'s changed orders again (the rules changed them)."""
        self.plotted[entity] = plan(
            self.aircraft[entity],
            changed,
            self.turn,
            imposed,
            advanced_rules=self.scenario.advanced_rules,
        )

    def awareness_text(self, state: AircraftState) -> dict[str, str]:
        """The awareness channels' values for ``state`` now."""
        return awareness_text(state, self.aircraft, self.awareness)


# -- the phases, top to bottom -----------------------------------------------------------


def activity_point_recovery(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 01: each crew member's Activity Points come back; the crew orders stand, and a
    crew member permitted to fly may pay to take control ("Non-pilot flight")."""
    for entity, state in play.aircraft.items():
        if state.active:
            recover(state.ledgers, state.crew, ctx.turn)
            state.orders_crew = play.orders[entity].crew
    ctx.emit(phases.take_control(play.aircraft, ctx))


def declarations(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 02: what the pilots decided, weapons selected, swing-wing positions and DDS
    programs."""
    ctx.emit(play.pilot_notes)
    ctx.emit(select_weapons(play.aircraft, play.orders, ctx))
    for entity, state in play.aircraft.items():
        if entity in play.orders:
            ctx.emit(declare_wing(state, play.orders[entity], ctx.start_s))
            ctx.emit(declare_program(state, play.orders[entity], ctx.start_s))


def sensor_declarations(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 02: radar modes and missile snapshots (a snapshot needs this turn's fix)."""
    order = play.awareness.order
    fixes = dict(order.fixes) if order else {}
    ctx.emit(declare_sensors(play.aircraft, play.orders, ctx))
    ctx.emit(declare_snapshots(play.aircraft, play.orders, fixes, ctx))


def set_throttle(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 02, Set Throttle: a throttle moved may stall a compressor, which changes the
    orders it flies."""
    declared = play.orders
    play.orders, stalls = compressor_stalls(play.aircraft, declared, ctx)
    for entity, plot in play.orders.items():
        if plot is not declared[entity]:
            play.replan(entity, plot, play.aircraft[entity].involuntary_unload())
            play.provisional.discard(entity)  # the rules now fly it
    ctx.emit(stalls)


def spin_gyrations(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 03 for a spinning aircraft ("Spinning"): its gyrations are rolled once its orders
    stand, and its crew lose every spot and sensor track."""
    ctx.emit(phases.spin_gyrations(play.aircraft, play.orders, play.replan, ctx))
    for state in play.aircraft.values():
        if state.active and state.spin is not None:
            state.sensors.clear()
            play.awareness.forget(state)


def uncontrolled_play(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 03 for an uncontrolled aircraft ("Using Play When Uncontrolled"): a d10 picks
    where in its wedge it ends the game-turn."""
    ctx.emit(phases.uncontrolled_play(play.aircraft, play.orders, play.plotted, play.replan, ctx))


def flight(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 03 in the order of flight: plot class A plots (Strain, then G Onset at the end of
    plotting), move class a moves in Initiative order, plot class B plots after seeing those
    moves, and so on; every aircraft left (move classes y and z) then moves. With the
    awareness rules off, or before the first Initiative Phase, everyone plots in A and the
    moves are simultaneous. Combat is resolved later on every aircraft's whole path."""
    play.flying = [e for e, s in play.aircraft.items() if s.active]
    play.running_before = {
        e: sum(engine.running for engine in play.aircraft[e].damage_effects().engines)
        for e in play.flying
    }
    play.before = {e: s.placement() for e, s in play.aircraft.items() if s.active}
    stages = flight_stages(play)
    moved: set[str] = set()
    for index, (plotters, movers) in enumerate(stages):
        if index > 0 and play.replot is not None:
            for entity in plotters:
                if entity in play.provisional:
                    play.replot(ctx, play, entity)
        plots = {e: play.plotted[e].plot for e in plotters}
        phases.strain(play.aircraft, plots)
        ctx.emit(phases.g_onset(play.aircraft, play.orders, plots, play.replan, ctx))
        last = index == len(stages) - 1
        for entity in movers if not last else [e for e in play.plotted if e not in moved]:
            _move(ctx, play, entity)
            moved.add(entity)
    play.results = {e: play.results[e] for e in play.plotted}  # the card's order
    play.conditions = {e: planned.conditions for e, planned in play.plotted.items()}


def flight_stages(play: TurnPlay) -> list[tuple[list[str], list[str]]]:
    """The Flight Phase as (plot class, the move class after it) stages, by entity id (SoP
    03 with the classes of SoP 08). The last plot class's stage is followed by every aircraft
    not yet moved: nobody plots after them, so their order changes nothing."""
    entities = list(play.plotted)
    order = play.awareness.order if play.scenario.awareness else None
    if order is None:
        return [(entities, [])]
    plot_index = {
        e: ord(order.plot_class.get(play.aircraft[e].callsign, "A")) - ord("A") for e in entities
    }
    classes = sorted(set(plot_index.values()))
    moving = order.movement_order()
    position = {c: i for i, c in enumerate(moving)}
    stages: list[tuple[list[str], list[str]]] = []
    for k in classes:
        letter = chr(ord("a") + k)
        movers = [
            e
            for e in entities
            if order.move_class.get(play.aircraft[e].callsign) == letter and plot_index[e] <= k
        ]
        movers.sort(key=lambda e: position.get(play.aircraft[e].callsign, len(moving)))
        stages.append(([e for e in entities if plot_index[e] == k], movers))
    return stages


def _move(ctx: TurnContext, play: TurnPlay, entity: str) -> None:
    """``entity`` flies its whole game-turn (Dp–Jm)."""
    state = play.aircraft[entity]
    result, samples, events = fly(
        state,
        play.plotted[entity],
        play.orders[entity],
        ctx.start_s,
        play.scenario.map.ground_alt_steps,
        play.awareness_text,
    )
    play.results[entity] = result
    play.samples[entity] = samples
    play.moved.add(entity)
    ctx.emit(events)


def after_flight(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 04–06, aircraft by aircraft: Flight Effects, then Spin Recovery or Departure."""
    for entity, planned in play.plotted.items():
        state = play.aircraft[entity]
        state.imposed_unload = None
        ctx.emit(phases.flight_effects(state, planned.plot, planned.conditions, ctx))
        ctx.emit(phases.departure(state, planned.conditions, ctx))


def compressor_restart(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 06 ("Compressor Stall"): a stalled engine tries to restart."""
    ctx.emit(compressor_restarts(play.aircraft, ctx))


def missile_flight(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 03 Missile Flight: each missile in play follows its target's movement (and the
    firer's, for an RH missile); those that reach their targets attack in SoP 07."""
    shooters = {e: s.shooter() for e, s in play.aircraft.items()}
    paths = {
        entity: (
            placement_ft(play.before[entity]),
            *zip(
                play.samples[entity]["x_ft"].tolist(),
                play.samples[entity]["y_ft"].tolist(),
                play.samples[entity]["z_ft"].tolist(),
                strict=True,
            ),
        )
        for entity in play.samples
        if entity in play.before
    }
    combat = play.combat
    aware = play.scenario.awareness
    guided = combat.guided if aware else None
    seeker = partial(combat.seeker, ctx) if aware else None
    flown, play.attacking = fly_all(play.missiles, shooters, ctx, paths, guided, seeker)
    ctx.emit(flown)


def initial_gunshots(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 07 Initial Gunshots: the Initial Shots declared in SoP 02, all at once, before
    any missile attack ("Firing": each gun sub-phase is simultaneous)."""
    _gun_sub_phase(ctx, play, "initial")


def missile_attack(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 07 Missile Attack, for each missile that reached its target in Missile Flight;
    a target the Initial Gunshots destroyed is no longer there to attack."""
    shooters = {e: s.shooter() for e, s in play.aircraft.items()}
    combat = play.combat
    damage = {e: s.damage for e, s in play.aircraft.items() if s.damage is not None}
    cards = {e: s.card for e, s in play.aircraft.items()}
    decoy_notes: list[Event] = []
    defends = partial(combat.missile_defense, notes=decoy_notes, t_s=ctx.end_s)
    attacks = attack_all(play.attacking, shooters, damage, cards, ctx, defends)
    play.attacking = []
    ctx.emit(decoy_notes)
    ctx.emit(attacks)
    for entity, track_damage in damage.items():
        play.aircraft[entity].damage = track_damage
        if track_damage.destroyed:
            play.aircraft[entity].active = False


def normal_and_tracking_gunshots(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 07 Normal and Tracking Gunshots, on every aircraft's path after all movement."""
    _gun_sub_phase(ctx, play, "normal_and_tracking")


def _gun_sub_phase(ctx: TurnContext, play: TurnPlay, sub_phase: GunSubPhase) -> None:
    start_speeds = {e: r.start_speed_kt for e, r in play.results.items()}
    ctx.emit(
        play.combat.gun_combat(
            ctx, play.orders, play.before, start_speeds, play.samples, sub_phase=sub_phase
        )
    )


def missile_launch(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 07 Missile Launch, with the second IR missile's Slaved Acquisition and Second
    Missile Launch."""
    shooters = {e: s.shooter() for e, s in play.aircraft.items()}
    seeker_notes: list[Event] = []
    launched = launch_all(
        play.orders,
        shooters,
        {e: s.missiles_left for e, s in play.aircraft.items()},
        play.missiles,
        ctx,
        play.combat.launch_aids(ctx, seeker_notes) if play.scenario.awareness else None,
    )
    ctx.emit(seeker_notes)
    ctx.emit(launched)


def collisions(ctx: TurnContext, play: TurnPlay) -> None:
    """Collisions, between aircraft that ended the turn in one hex at one altitude."""
    ctx.emit(phases.collisions(play.aircraft, ctx))


def initiative(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 08: Initiative rolls, Fix attempts and the next game-turn's order of flight."""
    ctx.emit(initiative_phase(play.aircraft, play.awareness, ctx))


def visual_sighting(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 09: searches, tallies and padlocks; the order of flight adjusted to them."""
    ctx.emit(sighting_phase(play.aircraft, play.awareness, ctx, play.orders))


def sensors(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 10: sensor maintenance and acquisition, then the RWR warnings."""
    ctx.emit(sensor_phase(play.aircraft, play.orders, ctx))


def administrative(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 11: Damage Control and Progressive Damage."""
    ctx.emit(phases.administrative(play.aircraft, ctx))


def stores_and_wings(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 11: stores jettisoned and swing wings moved."""
    for entity, plot in play.orders.items():
        state = play.aircraft[entity]
        dropped = jettison(state, ctx.end_s) if plot.jettison and state.active else None
        if dropped is not None:
            ctx.emit([dropped])
        if entity in play.results:
            mach = perf.initial_state(
                state.card, state.alt_ft, state.speed_kt, state.weight_lb
            ).mach
            ctx.emit(move_wing(state, mach, ctx.end_s))


def losses(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 11: engines lost to damage ("Engine Out"), cockpit wounds, crews who abandon
    their aircraft by choice, and the crews of the aircraft lost this turn eject
    ("Ejection")."""
    ctx.emit(phases.engine_losses(play.aircraft, play.running_before, play.conditions, ctx))
    ctx.emit(phases.cockpit_wounds(play.aircraft, ctx.end_s))
    ground = play.scenario.map.ground_alt_steps
    ctx.emit(phases.voluntary_ejections(play.aircraft, ground, ctx))
    crashed = {e for event in ctx.events if event.kind == "ground" for e in event.entities}
    lost = [e for e in play.flying if not play.aircraft[e].active and e not in crashed]
    ctx.emit(phases.ejections(play.aircraft, lost, play.conditions, ctx))


def control(ctx: TurnContext, play: TurnPlay) -> None:
    """SoP 11: a crew member who paid to take control this game-turn flies from the next
    ("Non-pilot flight")."""
    ctx.emit(phases.control_handovers(play.aircraft, ctx))


def last_tick(ctx: TurnContext, play: TurnPlay) -> None:
    """The turn's last tick shows what the phases after movement left (weapons, crew,
    damage, awareness), and each missile still in flight adds its game-turn of samples."""
    for entity, state in play.aircraft.items():
        if entity in play.samples:
            last = play.samples[entity]
            last["weapons"][-1] = state.weapons_text()
            last["crew_state"][-1] = state.crew_text()
            last["damage"][-1] = state.damage_text()
            for name, value in play.awareness_text(state).items():
                last[name][-1] = value
    for missile_id, track in play.missiles.items():
        if track.samples and len(track.samples) == ctx.turn - track.first_turn + 1:
            play.samples[missile_id] = track.samples[-1]


# -- the table ---------------------------------------------------------------------------

When = Literal["always", "awareness rules on"]
"""When a phase applies: in every game, or only with the scenario's awareness rules."""


@dataclass(frozen=True, slots=True)
class Phase:
    """One row of the Sequence of Play."""

    step: str
    """The rulebook's SoP step ("SoP 03"), or where the engine places a rule without one."""
    name: str
    when: When
    play: Callable[[TurnContext, TurnPlay], None]

    def applies(self, scenario: Scenario) -> bool:
        """True when this phase is played in ``scenario``."""
        return self.when == "always" or scenario.awareness


AWARE: When = "awareness rules on"

SEQUENCE_OF_PLAY: tuple[Phase, ...] = (
    Phase("SoP 01", "Activity Point Recovery", "always", activity_point_recovery),
    Phase("SoP 02", "Declarations: weapon, swing wing, DDS program", "always", declarations),
    Phase("SoP 02", "Declarations: radar mode, missile snapshot", AWARE, sensor_declarations),
    Phase("SoP 02", "Set throttle: compressor stalls", "always", set_throttle),
    Phase("SoP 03", "Spin gyrations", "always", spin_gyrations),
    Phase("SoP 03", "Uncontrolled play", "always", uncontrolled_play),
    Phase("SoP 03", "Flight: plot (Strain, G Onset), move", "always", flight),
    Phase("SoP 04-06", "Flight Effects, Spin Recovery, Departure", "always", after_flight),
    Phase("SoP 06", "Compressor stall restarts", "always", compressor_restart),
    Phase("SoP 03", "Missile Flight", "always", missile_flight),
    Phase("SoP 07", "Combat: Initial Gunshots", "always", initial_gunshots),
    Phase("SoP 07", "Combat: Missile Attack", "always", missile_attack),
    Phase("SoP 07", "Combat: Normal and Tracking Gunshots", "always", normal_and_tracking_gunshots),
    Phase("SoP 07", "Combat: Missile Launch, Second Missile Launch", "always", missile_launch),
    Phase("after SoP 07", "Collisions", "always", collisions),
    Phase("SoP 08", "Order of Flight Determination", AWARE, initiative),
    Phase("SoP 09", "Visual Sighting", AWARE, visual_sighting),
    Phase("SoP 10", "Sensors", AWARE, sensors),
    Phase("SoP 11", "Administrative: Damage Control, Progressive Damage", "always", administrative),
    Phase("SoP 11", "Administrative: stores and swing wings", "always", stores_and_wings),
    Phase("SoP 11", "Administrative: Engine Out, wounds, Ejections", "always", losses),
    Phase("SoP 11", "Administrative: control handed over", "always", control),
    Phase("end of turn", "The last tick and the missiles' samples", "always", last_tick),
)
"""The game-turn, top to bottom: (SoP step, name, when it applies, phase)."""


def play_sequence(ctx: TurnContext, play: TurnPlay) -> None:
    """Play every phase of :data:`SEQUENCE_OF_PLAY` that applies to the scenario, in order."""
    for phase in SEQUENCE_OF_PLAY:
        if phase.applies(play.scenario):
            phase.play(ctx, play)
