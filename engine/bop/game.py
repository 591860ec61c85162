"""A Birds of Prey game: the Flight Phase each game-turn, and the timeline.

``Game(scenario, seed)`` sets up the aircraft; ``game.play_turn(orders)`` runs one game-turn's
Flight Phase for every aircraft (SoP 03: Ap, Bp–Ep, Fm–Jm) and returns its per-tick samples
and events; ``game.run()`` plays the scenario's scripted orders and builds the Timeline.
Each aircraft's state is an :class:`~engine.bop.aircraft_state.AircraftState`; the rule phases
around the Flight Phase (G Onset, Flight Effects, Departure, Collisions, Administrative, ...)
are in :mod:`engine.bop.phases`.
The engine is a step function: no wall clock, no I/O, and every random number comes from the
game's own seeded generator.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt
from pydantic import ValidationError

from engine import performance as perf
from engine.aero import thrust_lbf
from engine.atmosphere import isa, isa_arrays
from engine.bop import phases
from engine.bop.activity import TaskRefused, receive_message
from engine.bop.aircraft_state import AircraftState
from engine.bop.awareness import Awareness, initial_spots, initiative_phase, sighting_phase
from engine.bop.channels import text_channels, timeline_channels, timeline_meta_fields
from engine.bop.combat import Combatant, Placement, gun_combat
from engine.bop.crew import crew_ledgers, pay_missile_defense, recover
from engine.bop.damage import DamageState
from engine.bop.decoys import countermeasure_columns, declare_program, decoy_kind, release_against
from engine.bop.departure import too_slow_flight
from engine.bop.effects import CrewState
from engine.bop.errors import IllegalOrder
from engine.bop.launch_play import LaunchAids, launch_all
from engine.bop.missile_play import (
    MissileTrack,
    attack_all,
    fly_all,
    pilot_quality,
    readable,
)
from engine.bop.movement import IllegalMove, choose_move
from engine.bop.plotting import FlightConditions, ImposedUnload, PlottedTurn, plot_turn
from engine.bop.sensor_phase import (
    declare_sensors,
    declare_snapshots,
    seeker_in_flight,
    sensor_phase,
    slaved_acquisition,
    snapshot_acquisition,
)
from engine.bop.sensors.radar import guides_rhm
from engine.bop.sensors.suite import SensorSuite
from engine.bop.sighting import AltitudeBand, Weather
from engine.bop.stores import fuel_state, jettison, jettison_problem
from engine.bop.swing_wing import check_wing_order, declare_wing, move_wing
from engine.bop.throttle_phase import compressor_restarts, compressor_stalls
from engine.dice import Dice
from engine.errors import ScenarioError as RulesScenarioError
from engine.hexmap import STEP_FT, Hex
from engine.phad import Attitude, Cell, InvalidAttitude, InvalidCell
from models.aircraft import AircraftCard, UnknownAircraftType, card
from models.files import describe_validation_error
from models.missile import MissileCard, UnknownMissileType, missile_card
from models.orders import BopPlot, GunOrder, Throttle
from models.scenario import MAX_FUEL_FP, MAX_MISSILES, AircraftSetup, Scenario
from models.timeline import EntityInfo, Event, Timeline, TimelineMeta, slerp_many

MIN_SAFE_LOAD_G = 1.0
"""Structure damage never takes the safe load below level flight (docs/rulings.md)."""

PHAD_MARKS = ("nose", "canopy", "wing", "velocity", "lift")
TICKS_PER_TURN = perf.TICKS_PER_TURN
TICK_S = perf.movement.SECONDS_PER_TICK
THROTTLE_FRACTION: dict[str, float] = {"idle": 0.0, "mil": 0.5, "ab": 1.0}


class ScenarioError(RulesScenarioError):
    """A Birds of Prey scenario the rules cannot start: each problem with its field path."""


@dataclass(frozen=True)
class AircraftTurn:
    """What one aircraft did in one game-turn: the card's end-of-turn boxes."""

    aircraft: str
    plot: PlottedTurn
    average_load_g: float
    greatest_load_g: float
    speed_change: perf.SpeedChange
    alt_change_steps: int
    start_speed_kt: int
    end_speed_kt: int
    end_alt_steps: int
    end_hex: Hex
    fuel_used_fp: int
    moves: tuple[SegmentMove, ...] = ()
    """Each segment's 3D and 2D move, as chosen or defaulted."""

    def row(self) -> dict[str, Any]:
        """A flat summary for tables and golden files."""
        marks = self.plot.end_attitude
        return {
            "aircraft": self.aircraft,
            "speed_kt": self.end_speed_kt,
            "alt_steps": self.end_alt_steps,
            "hex": str(self.end_hex),
            "avg_load_g": self.average_load_g,
            "max_load_g": self.greatest_load_g,
            "nose": str(marks.nose),
            "canopy": str(marks.canopy),
            "wing": str(marks.wing),
            "engine_dspeed": self.speed_change.engine_kt,
            "form_dspeed": self.speed_change.form_kt,
            "turn_dspeed": self.speed_change.turn_kt,
            "gravity_dspeed": self.speed_change.gravity_kt,
            "tp_carry": self.plot.tp_carry,
        }


@dataclass(frozen=True)
class TurnResult:
    """One game-turn: per-aircraft results, per-tick samples (ticks 1–10) and events."""

    turn: int
    aircraft: dict[str, AircraftTurn]
    samples: dict[str, dict[str, npt.NDArray[Any]]]
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class SegmentMove:
    """Where one segment took the aircraft (Fm–Im)."""

    h_hexes: int
    v_steps: int
    end_hex: Hex
    end_alt_steps: int


@dataclass(frozen=True, slots=True)
class _Planned:
    conditions: FlightConditions
    plot: PlottedTurn
    moves: tuple[SegmentMove, ...]


def _move_segments(start_hex: Hex, start_alt: int, plot: PlottedTurn) -> tuple[SegmentMove, ...]:
    """Move each plotted segment: the 3D and 2D moves, plus an unloaded segment's drop."""
    hex_, alt = start_hex, start_alt
    moves: list[SegmentMove] = []
    for segment in plot.segments:
        canopy_heading = segment.start_attitude.canopy.heading_deg
        try:
            move, hex_ = choose_move(
                segment.fp,
                segment.movement_vector,
                hex_,
                Hex.parse(segment.end_hex) if segment.end_hex else None,
                segment.alt_change_steps,
                float(canopy_heading or 0),
            )
        except IllegalMove as error:
            raise IllegalOrder(error.rule, str(error), segment=segment.index) from None
        alt += move.v_steps - segment.altitude_loss_steps
        moves.append(SegmentMove(move.h_hexes, move.v_steps, hex_, alt))
    return tuple(moves)


def _pilot_problems(where: str, raw: dict[str, Any]) -> list[str]:
    """A maneuver pilot must name a maneuver of the library with parameters it takes; an AI
    pilot's table must hold the AI's parameters."""
    pilot = raw.get("pilot")
    if pilot == "ai":
        from engine.bop.ai import AiParams  # the AI builds on the game

        table = raw.get("ai") or {}
        if not isinstance(table, dict):
            return []  # the format's own check says it should be a table
        try:
            AiParams.model_validate(table)
        except ValidationError as error:
            return [f"{where}.ai.{line}" for line in describe_validation_error(error, table)]
        return []
    if not isinstance(pilot, str) or not pilot.startswith("script:"):
        return []
    from engine.bop.maneuvers import UnknownManeuver, maneuver  # the library builds on the game

    try:
        flown = maneuver(pilot.removeprefix("script:"))
    except UnknownManeuver as error:
        return [f"{where}.pilot: {error}"]
    table = raw.get("maneuver") or {}
    if not isinstance(table, dict):
        return []  # the format's own check says it should be a table
    try:
        flown.parse(table)
    except ValidationError as error:
        return [f"{where}.maneuver.{line}" for line in describe_validation_error(error, table)]
    return []


def setup_problems(index: int, setup: AircraftSetup | dict[str, Any]) -> list[str]:
    """Rule checks of one aircraft's starting state, each with its field path.

    Accepts the raw TOML table too, so these checks can run beside the format's own
    (``furball validate`` reports both at once); fields of the wrong shape are skipped.
    """
    raw = setup.model_dump() if isinstance(setup, AircraftSetup) else setup
    where = f"aircraft.{index}"
    problems: list[str] = _pilot_problems(where, raw)
    if isinstance(raw.get("type"), str):
        try:
            problems.extend(_fuel_problems(where, raw, card(raw["type"])))
        except UnknownAircraftType as error:
            problems.append(f"{where}.type: {error}")
    missiles = raw.get("missiles")
    if isinstance(missiles, list | tuple) and len(missiles) <= MAX_MISSILES:
        for k, kind in enumerate(missiles):
            if isinstance(kind, str):
                try:
                    missile_card(kind)
                except UnknownMissileType as error:
                    problems.append(f"{where}.missiles.{k}: {error}")
    marks = raw.get("attitude")
    if not isinstance(marks, dict):
        return problems
    cells: dict[str, Cell] = {}
    for name in ("nose", "canopy", "wing"):
        if not isinstance(marks.get(name), str):
            continue
        try:
            cells[name] = Cell.parse(marks[name])
        except InvalidCell as error:
            problems.append(f"{where}.attitude.{name}: {error}")
    if len(cells) == 3:
        try:
            Attitude(**cells)
        except InvalidAttitude as error:
            problems.append(f"{where}.attitude: {error}")
    return problems


def _fuel_problems(where: str, raw: dict[str, Any], aircraft_card: AircraftCard) -> list[str]:
    """Fuel and Bingo within the type's tanks: furball has no external tanks, so an aircraft
    starts with at most its card's internal fuel ("Fuel", docs/rulings.md)."""
    capacity = aircraft_card.weights.internal_fuel_fp
    problems = []
    for field in ("fuel_fp", "bingo_fp"):
        value = raw.get(field)
        if type(value) is int and capacity < value <= MAX_FUEL_FP:
            problems.append(
                f"{where}.{field}: {value} FP is more than the {aircraft_card.type_id}'s "
                f"{capacity} FP of internal fuel"
            )
    return problems


def _state_from_setup(setup: AircraftSetup) -> AircraftState:
    aircraft_card = card(setup.type)
    marks = setup.attitude
    suite = SensorSuite.for_type(aircraft_card.type_id)
    return AircraftState(
        id=setup.entity_id,
        callsign=setup.callsign,
        side=setup.side,
        card=aircraft_card,
        hex=Hex.parse(setup.hex),
        alt_steps=setup.alt_steps,
        speed_kt=setup.speed_kt,
        attitude=Attitude(nose=marks.nose, canopy=marks.canopy, wing=marks.wing),
        throttle=setup.throttle,
        throttle_step=phases.THROTTLE_STEPS[setup.throttle],
        fuel_fp=setup.fuel_fp
        if setup.fuel_fp is not None
        else perf.round_half_up(aircraft_card.weights.internal_fuel_fp / 2),
        damage=DamageState.for_card(aircraft_card) if aircraft_card.damage else None,
        shots_left={gun.name: gun.shots for gun in aircraft_card.guns or ()},
        missiles_left=dict(Counter(setup.missiles)),
        crew=[CrewState() for _ in range(aircraft_card.crew)],
        ledgers=crew_ledgers(setup.callsign, setup.crew_quality, aircraft_card),
        bingo_fp=setup.bingo_fp,
        gci=setup.gci,
        wing_position=aircraft_card.wing_position,
        selected_weapon=setup.missiles[0] if setup.missiles else None,
        sensors=suite,
        decoys_left=(
            {"flares": suite.fit.decoys.flares, "chaff": suite.fit.decoys.chaff}
            if suite.fit is not None and suite.fit.decoys is not None
            else None
        ),
        crew_quality=setup.crew_quality,
        bailout_over=setup.bailout_over,
    )


class Game:
    """A Birds of Prey game in progress."""

    def __init__(self, scenario: Scenario, seed: int | None = None) -> None:
        problems = [p for i, s in enumerate(scenario.aircraft) for p in setup_problems(i, s)]
        if problems:
            raise ScenarioError(problems)
        chosen = seed if seed is not None else scenario.seed
        if chosen is None:
            entropy = np.random.SeedSequence().entropy
            assert isinstance(entropy, int)
            chosen = entropy % (2**63)
        self.scenario = scenario
        self.seed: int = chosen
        self.dice = Dice(np.random.default_rng(chosen))
        """Every random number of the game; each roll is recorded and becomes an event."""
        self.turn = 0
        self._maneuver_states: dict[str, Any] = {}
        """Each maneuver or AI pilot's state between game-turns."""
        self._fallback_turn: dict[str, int] = {}
        """The last game-turn the AI flew a scripted aircraft whose plot did not fit."""
        self._pilot_events: list[Event] = []
        """What AI pilots decided while writing the next game-turn's orders."""
        self.missiles: dict[str, MissileTrack] = {}
        """Every missile launched, in launch order (they stay after they leave play)."""
        self.aircraft: dict[str, AircraftState] = {
            setup.entity_id: _state_from_setup(setup) for setup in scenario.aircraft
        }
        for state in self.aircraft.values():  # the crews start the game rested
            recover(state.ledgers, state.crew, 0)
        sky = scenario.weather
        weather = Weather(
            haze=tuple(AltitudeBand(band.bottom_steps, band.top_steps) for band in sky.haze),
            cloud=tuple(AltitudeBand(band.bottom_steps, band.top_steps) for band in sky.cloud),
        )
        self.awareness = Awareness(
            initial_spots(self.aircraft, everyone=not scenario.awareness, weather=weather),
            weather=weather,
        )
        """Spots, Initiative and the order of flight (SoP 08-09)."""

    # -- orders --------------------------------------------------------------------------
    def scripted_orders(self) -> dict[str, BopPlot]:
        """The scenario's orders for the next game-turn: each script's plot, and for an
        aircraft flown by a maneuver (``pilot = "script:bfm/..."``) the plot it writes now."""
        turn = self.turn + 1
        orders: dict[str, BopPlot] = {}
        for setup in self.scenario.aircraft:
            entity = setup.entity_id
            if not self.aircraft[entity].active:
                continue
            if setup.script is not None:
                plot = setup.script.plot_for_turn(turn)
                adapts = setup.script.when_unflyable == "ai"
                problem = self._plot_problem(entity, plot) if adapts else None
                if problem is not None:
                    if self._fallback_turn.get(entity) != turn - 1:
                        self._maneuver_states.pop(entity, None)  # its memory is stale
                    self._fallback_turn[entity] = turn
                    self._pilot_events.append(
                        Event(
                            t_s=self.turn * TICKS_PER_TURN * TICK_S,
                            kind="pilot",
                            entities=(entity,),
                            detail=f"{self.aircraft[entity].callsign} cannot fly the scripted "
                            f"plot for game-turn {turn} ({problem.problem}, {problem.rule}): "
                            "the AI pilot flies this game-turn",
                            data={"script": "unflyable", "rule": problem.rule},
                        )
                    )
                    plot = self._ai_orders(entity, setup.ai)
                orders[entity] = plot
                continue
            if setup.pilot == "ai":
                orders[entity] = self._ai_orders(entity, setup.ai)
                continue
            from engine.bop.maneuvers import maneuver  # the library builds on the game

            flown = maneuver(setup.pilot.removeprefix("script:"))
            step = flown.step(self, entity, setup.maneuver, self._maneuver_states.get(entity))
            self._maneuver_states[entity] = step.state
            plot = step.plot
            if setup.guns_at is not None and setup.guns_at in self.aircraft:
                plot = plot.model_copy(update={"guns": GunOrder(target=setup.guns_at)})
            orders[entity] = plot
        return orders

    def _plot_problem(self, entity: str, plot: BopPlot) -> IllegalOrder | None:
        """What makes one aircraft's plot illegal for the next game-turn, or None (the
        checks :meth:`play_turn` makes, after the orders the rules impose)."""
        orders = phases.imposed_orders(self.aircraft, {entity: plot})
        try:
            self._judge(entity, self.aircraft[entity], orders, self.turn + 1)
        except IllegalOrder as problem:
            return problem
        return None

    def _ai_orders(self, entity: str, table: dict[str, Any]) -> BopPlot:
        """The AI pilot's plot for ``entity``; what it decided becomes a ``pilot`` event."""
        from engine.bop.ai import AiParams, fly  # the AI builds on the game

        step = fly(self, entity, AiParams.model_validate(table), self._maneuver_states.get(entity))
        self._maneuver_states[entity] = step.state
        t_s = self.turn * TICKS_PER_TURN * TICK_S
        self._pilot_events.extend(
            Event(
                t_s=t_s,
                kind="pilot",
                entities=(entity,),
                detail=note,
                data={"posture": step.posture},
            )
            for note in step.notes
        )
        return step.plot

    # -- one game-turn -------------------------------------------------------------------
    def legal(self, orders: dict[str, BopPlot]) -> bool:
        """True when every order is legal now (the same checks :meth:`play_turn` makes)."""
        try:
            self._plot_all(phases.imposed_orders(self.aircraft, orders))
        except IllegalOrder:
            return False
        return True

    def play_turn(self, orders: dict[str, BopPlot]) -> TurnResult:
        """Run the Flight Phase of the next game-turn for every active aircraft.

        Raises :class:`IllegalOrder` (naming aircraft, turn and segment) before changing
        any state when an order is illegal.
        """
        turn = self.turn + 1
        orders = phases.imposed_orders(self.aircraft, orders)
        plotted = self._plot_all(orders)
        t0 = self.turn * TICKS_PER_TURN * TICK_S

        def replan(entity: str, changed: BopPlot, imposed: ImposedUnload | None) -> None:
            plotted[entity] = self._plan(self.aircraft[entity], changed, turn, imposed)

        for entity, state in self.aircraft.items():  # Activity Point Recovery (SoP 01)
            if state.active:
                recover(state.ledgers, state.crew, turn)
                state.orders_crew = orders[entity].crew
        declarations: list[Event] = [*self._pilot_events]
        self._pilot_events.clear()
        for entity, state in self.aircraft.items():
            if entity in orders:
                declarations.extend(declare_wing(state, orders[entity], t0))
                declarations.extend(declare_program(state, orders[entity], t0))
        if self.scenario.awareness:
            fixes = dict(self.awareness.order.fixes) if self.awareness.order else {}
            declarations.extend(declare_sensors(self.aircraft, orders, turn, t0))
            declarations.extend(declare_snapshots(self.aircraft, orders, fixes, turn, t0))
        declared = orders
        orders, stall_events = compressor_stalls(self.aircraft, orders, self.dice, turn, t0)
        for entity, plot in orders.items():
            if plot is not declared[entity]:
                replan(entity, plot, self.aircraft[entity].involuntary_unload())
        stall_events.extend(
            phases.spin_gyrations(self.aircraft, orders, replan, self.dice, turn, t0)
        )
        for state in self.aircraft.values():  # a spinning crew loses all awareness
            if state.active and state.spin is not None:
                state.sensors.clear()
                self.awareness.forget(state)
        phases.strain(self.aircraft, {entity: planned.plot for entity, planned in plotted.items()})
        onset_events = phases.g_onset(
            self.aircraft,
            orders,
            {entity: planned.plot for entity, planned in plotted.items()},
            replan,
            self.dice,
            self.scenario.advanced_rules,
            turn,
            t0,
        )
        conditions = {entity: planned.conditions for entity, planned in plotted.items()}
        flying = [e for e, s in self.aircraft.items() if s.active]
        running_before = {
            e: sum(engine.running for engine in self.aircraft[e].damage_effects().engines)
            for e in flying
        }
        before = {e: s.placement() for e, s in self.aircraft.items() if s.active}
        results: dict[str, AircraftTurn] = {}
        samples: dict[str, dict[str, npt.NDArray[Any]]] = {}
        events: list[Event] = [*declarations, *stall_events, *onset_events]
        for entity, planned in plotted.items():
            state = self.aircraft[entity]
            result, entity_samples, entity_events = self._fly(state, planned, orders[entity], t0)
            results[entity] = result
            samples[entity] = entity_samples
            events.extend(entity_events)
        t_end = t0 + TICKS_PER_TURN * TICK_S
        for entity, planned in plotted.items():
            state = self.aircraft[entity]
            state.imposed_unload = None
            events.extend(
                phases.flight_effects(
                    state,
                    planned.plot,
                    planned.conditions,
                    self.dice,
                    self.scenario.advanced_rules,
                    turn,
                    t_end,
                )
            )
            events.extend(phases.departure(state, planned.conditions, self.dice, turn, t_end))
        events.extend(compressor_restarts(self.aircraft, self.dice, turn, t_end))
        shooters = {e: s.shooter() for e, s in self.aircraft.items()}
        paths = {
            entity: (
                _placement_ft(before[entity]),
                *zip(
                    samples[entity]["x_ft"].tolist(),
                    samples[entity]["y_ft"].tolist(),
                    samples[entity]["z_ft"].tolist(),
                    strict=True,
                ),
            )
            for entity in samples
            if entity in before
        }
        guided = self._guided if self.scenario.awareness else None
        seeker = partial(self._seeker, turn=turn, t_s=t_end) if self.scenario.awareness else None
        flown, attacking = fly_all(self.missiles, shooters, turn, t_end, paths, guided, seeker)
        events.extend(flown)
        damage = {e: s.damage for e, s in self.aircraft.items() if s.damage is not None}
        cards = {e: s.card for e, s in self.aircraft.items()}
        decoy_notes: list[Event] = []
        defends = partial(self._missile_defense, notes=decoy_notes, t_s=t_end)
        attacks = attack_all(attacking, shooters, damage, cards, self.dice, turn, t_end, defends)
        events.extend(decoy_notes)
        events.extend(attacks)
        for entity, track_damage in damage.items():
            self.aircraft[entity].damage = track_damage
            if track_damage.destroyed:
                self.aircraft[entity].active = False
        start_speeds = {e: r.start_speed_kt for e, r in results.items()}
        events.extend(self._combat(orders, before, start_speeds, samples, turn, t0))
        shooters = {e: s.shooter() for e, s in self.aircraft.items()}
        seeker_notes: list[Event] = []
        launched = launch_all(
            orders,
            shooters,
            {e: s.missiles_left for e, s in self.aircraft.items()},
            self.missiles,
            self.dice,
            turn,
            t_end,
            self._launch_aids(turn, seeker_notes, t_end) if self.scenario.awareness else None,
        )
        events.extend(seeker_notes)
        events.extend(launched)
        events.extend(phases.collisions(self.aircraft, self.dice, turn, t_end))
        if self.scenario.awareness:  # SoP 08-10
            events.extend(initiative_phase(self.aircraft, self.awareness, self.dice, turn, t_end))
            events.extend(sighting_phase(self.aircraft, self.awareness, self.dice, turn, t_end))
            events.extend(sensor_phase(self.aircraft, orders, self.dice, turn, t_end))
        events.extend(phases.administrative(self.aircraft, self.dice, turn, t_end))
        for entity, plot in orders.items():  # stores changes and wing positions (SoP 11)
            state = self.aircraft[entity]
            dropped = jettison(state, t_end) if plot.jettison and state.active else None
            if dropped is not None:
                events.append(dropped)
            if entity in results:
                mach = perf.initial_state(
                    state.card, state.alt_ft, state.speed_kt, state.weight_lb
                ).mach
                events.extend(move_wing(state, mach, t_end))
        events.extend(
            phases.engine_losses(self.aircraft, running_before, conditions, self.dice, turn, t_end)
        )
        events.extend(phases.cockpit_wounds(self.aircraft, t_end))
        crashed = {e for event in events if event.kind == "ground" for e in event.entities}
        lost = [e for e in flying if not self.aircraft[e].active and e not in crashed]
        events.extend(phases.ejections(self.aircraft, lost, conditions, self.dice, turn, t_end))
        for entity, state in self.aircraft.items():
            if entity in samples:
                samples[entity]["weapons"][-1] = state.weapons_text()
                samples[entity]["crew_state"][-1] = state.crew_text()
                samples[entity]["damage"][-1] = state.damage_text()
                for name, value in self._awareness_text(state).items():
                    samples[entity][name][-1] = value
        for missile_id, track in self.missiles.items():
            if track.samples and len(track.samples) == turn - track.first_turn + 1:
                samples[missile_id] = track.samples[-1]
        events.extend(self._roll_events(t0))
        self.turn = turn
        return TurnResult(turn, results, samples, tuple(events))

    def _combat(
        self,
        orders: dict[str, BopPlot],
        before: dict[str, Placement],
        start_speeds: dict[str, int],
        samples: dict[str, dict[str, npt.NDArray[Any]]],
        turn: int,
        t0: float,
    ) -> list[Event]:
        """Gun combat after movement (SoP 07); the last tick shows what it left."""
        combatants = {
            entity: Combatant(
                entity,
                state.callsign,
                state.card,
                before[entity],
                state.placement(),
                state.damage,
                state.shots_left,
                speed_kt=start_speeds.get(entity, state.speed_kt),
                shot_last_turn=state.gun_shot_last_turn,
                pilot_quality=pilot_quality(state.crew_quality),
            )
            for entity, state in self.aircraft.items()
            if state.active and state.damage is not None and entity in before
        }
        t_end = t0 + TICKS_PER_TURN * TICK_S
        events = gun_combat(
            combatants, orders, self.dice, turn, t_end, self._engage, self._guns_defense
        )
        for entity, fighter in combatants.items():
            state = self.aircraft[entity]
            state.damage = fighter.damage
            state.gun_shot_last_turn = fighter.fired_normal_or_tracking
            if not fighter.active:
                state.active = False
            if entity in samples:
                samples[entity]["weapons"][-1] = state.weapons_text()
                samples[entity]["damage"][-1] = state.damage_text()
        return events

    def _sees_launch(
        self, target: str, launcher: str, notes: list[Event] | None = None, t_s: float = 0.0
    ) -> bool:
        """The target's crew know of the launch ("Missile Defense"): they have the launcher
        spotted, their RWR warns of its radar, or a wingman who sees the launcher makes a
        warning call on the radio that the pilot hears (Communications Receipt)."""
        watcher, shooter = self.aircraft[target], self.aircraft[launcher]
        if self.awareness.has_spotted(
            watcher.callsign, shooter.callsign
        ) or watcher.sensors.warned_by(shooter.callsign):
            return True
        return self._warning_call(watcher, shooter, notes if notes is not None else [], t_s)

    def _warning_call(
        self, watcher: AircraftState, shooter: AircraftState, notes: list[Event], t_s: float
    ) -> bool:
        """The first wingman with a working radio who has the launcher spotted makes the
        warning call (a Defensive Systems cockpit action); True when the pilot hears it."""
        if not watcher.ledgers or not _has_radio(watcher):
            return False
        for friend in self.aircraft.values():
            if (
                friend is watcher
                or friend.side != watcher.side
                or not friend.active
                or not friend.ledgers
                or not _has_radio(friend)
                or not self.awareness.has_spotted(friend.callsign, shooter.callsign)
            ):
                continue
            try:
                friend.ledgers[0].cockpit_action("warning_call")
            except TaskRefused:
                continue
            about = f"{shooter.callsign}'s launch"
            heard = receive_message(watcher.ledgers[0], self.dice, about)
            notes.append(
                Event(
                    t_s=t_s,
                    kind="warning_call",
                    entities=(friend.id, watcher.id),
                    detail=f"{friend.callsign} warns {watcher.callsign} of {about}"
                    + ("" if heard.received else f"; {watcher.callsign} does not hear it"),
                    data={"received": heard.received},
                )
            )
            if heard.record is not None:
                notes.append(heard.record.event(t_s, (watcher.id,)))
            return heard.received
        return False

    def _holds(self, launcher: str, target: str, card: MissileCard) -> tuple[bool, bool]:
        """(radar track, seeker lock) the launcher holds on the target for ``card``: an RH
        missile needs the radar in STT on it, an AH missile a track in any mode, an IR
        missile its own seeker's lock (SoP 07, SoP 10). An RH launch from Boresight shifts
        the radar to STT."""
        suite = self.aircraft[launcher].sensors
        callsign = self.aircraft[target].callsign
        radar = suite.radar
        track = False
        if radar is not None:
            track = (
                guides_rhm(radar, callsign)
                if card.seeker == "sarh"
                else radar.tracks_target(callsign)
            )
        lock = suite.ir_lock is not None and (suite.ir_lock.sensor, suite.ir_lock.target) == (
            card.type_id,
            callsign,
        )
        return track, lock

    def _launch_aids(self, turn: int, notes: list[Event], t_s: float) -> LaunchAids:
        """What the launch rules read of the sensors, the spots and the cards this turn; the
        seeker rolls they make leave their records in ``notes``."""
        aircraft, dice = self.aircraft, self.dice

        def slaved(launcher: str, target: str, card: MissileCard) -> bool:
            shooter, aimed = aircraft[launcher], aircraft[target]
            return slaved_acquisition(shooter, aircraft, aimed, card, dice, turn, notes, t_s)

        def snapshot(launcher: str, target: str, card: MissileCard) -> str:
            shooter, aimed = aircraft[launcher], aircraft[target]
            return snapshot_acquisition(shooter, aircraft, aimed, card, dice, turn, notes, t_s)

        return LaunchAids(
            holds=self._holds,
            sees_launch=partial(self._sees_launch, notes=notes, t_s=t_s),
            slaved=slaved,
            snapshot=snapshot,
            pair_capable=lambda launcher: aircraft[launcher].card.pair_launch,
            weapon_launch=self._weapon_launch,
        )

    def _weapon_launch(self, launcher: str, card: MissileCard) -> str:
        """The pilot's Weapon Launch cockpit action, with Weapon Select first when the type
        differs from the last one fired (Offensive Systems); returns why it cannot be paid."""
        state = self.aircraft[launcher]
        if not state.ledgers:
            return ""
        pilot = state.ledgers[0]
        try:
            if state.selected_weapon != card.type_id:
                pilot.cockpit_action("weapon_select")
                state.selected_weapon = card.type_id
            pilot.cockpit_action("launch")
        except TaskRefused as refused:
            return f"Weapon Launch: {refused.problem}"
        return ""

    def _seeker(self, track: MissileTrack, *, turn: int, t_s: float) -> tuple[bool, list[Event]]:
        """A self-guided missile's seeker maintenance in flight (SoP 10 for missiles)."""
        target = self.aircraft[track.state.target]
        roll = seeker_in_flight(track.state, track.card, target, self.dice, turn)
        if roll.record is None:
            return roll.success, []
        event = roll.record.event(t_s, (track.state.id,))
        # The roll names the missile by id and type; the event by its name.
        names = {f"{track.state.id} {track.card.type_id}": track.label, track.state.id: track.label}
        return roll.success, [event.model_copy(update={"detail": readable(event.detail, names)})]

    def _guided(self, track: MissileTrack) -> bool:
        """An RH missile in flight is guided while its launcher flies with its radar in STT
        on the target ("Missile Flight")."""
        launcher = self.aircraft.get(track.state.launcher)
        target = self.aircraft.get(track.state.target)
        if launcher is None or target is None or not launcher.active:
            return False
        radar = launcher.sensors.radar
        return radar is not None and guides_rhm(radar, target.callsign)

    def _missile_defense(
        self, track: MissileTrack, notes: list[Event], t_s: float
    ) -> tuple[bool, int]:
        """Missile Defense (SoP 07): a target that saw the launch defends, paying 1 AP, and
        puts its decoys out against the missile; gives (defending, decoy columns)."""
        target = self.aircraft[track.state.target]
        defending = track.target_aware and pay_missile_defense(target, track.state.id)
        if not defending:
            return False, countermeasure_columns(target.decoys_released[decoy_kind(track.card)])
        columns, released = release_against(target, track.card, t_s)
        notes.extend(released)
        return True, columns

    def _engage(self, shooter_id: str, target_id: str) -> str:
        """The Guns Engagement task (SoP 07): the pilot must have the target spotted and pay
        2 AP; returns why not, or ""."""
        shooter, target = self.aircraft[shooter_id], self.aircraft[target_id]
        if not self.awareness.pilot_has_spotted(shooter, target.callsign):
            return "its pilot has not spotted the target (Guns Engagement)"
        if not shooter.ledgers:
            return ""
        try:
            shooter.ledgers[0].spend("guns_engagement", target.callsign)
        except TaskRefused as refused:
            return refused.problem
        return ""

    def _guns_defense(self, target_id: str, shooter_id: str) -> int:
        """Guns Defense (SoP 07) by doctrine: a pilot who sees the engaging aircraft spends
        2 AP on it, or 1 when that is all it can; returns the AP spent."""
        target, shooter = self.aircraft[target_id], self.aircraft[shooter_id]
        if not target.ledgers or not self.awareness.pilot_has_spotted(target, shooter.callsign):
            return 0
        pilot = target.ledgers[0]
        for ap in (2, 1):
            if pilot.can_spend("guns_defense", shooter.callsign, ap):
                pilot.spend("guns_defense", shooter.callsign, ap)
                return ap
        return 0

    def _roll_events(self, t0: float) -> list[Event]:
        """The turn's die rolls as ``dice`` events (rolled during the turn, so timed at its
        end), and clears them from the record."""
        t_end = t0 + TICKS_PER_TURN * TICK_S
        events = [
            Event(
                t_s=t_end,
                kind="dice",
                detail=f"{roll.kind} {roll.value if roll.value is not None else '-'} for "
                f"{roll.purpose}" + (f": {roll.result} pips" if roll.result is not None else ""),
                data={
                    k: v
                    for k, v in (
                        ("roll", roll.value),
                        ("pips", roll.result),
                        ("column", roll.column),
                        ("modifier", roll.modifier),
                    )
                    if v is not None
                },
            )
            for roll in self.dice.rolls
        ]
        self.dice.rolls.clear()
        return events

    def _plot_all(self, orders: dict[str, BopPlot]) -> dict[str, _Planned]:
        """Plot and move every active aircraft's orders (Bp-Im) without changing any state:
        the one place orders are judged."""
        turn = self.turn + 1
        return {
            entity: self._judge(entity, state, orders, turn)
            for entity, state in self.aircraft.items()
            if state.active
        }

    def order_problems(self, orders: dict[str, BopPlot]) -> list[IllegalOrder]:
        """Every aircraft's illegal order for the next game-turn, each judged on its own (the
        same checks :meth:`play_turn` makes, without changing any state)."""
        turn = self.turn + 1
        orders = phases.imposed_orders(self.aircraft, orders)
        problems: list[IllegalOrder] = []
        for entity, state in self.aircraft.items():
            if not state.active:
                continue
            try:
                self._judge(entity, state, orders, turn)
            except IllegalOrder as error:
                problems.append(error)
        return problems

    def flight_conditions(self, entity: str, throttle: Throttle = "mil") -> FlightConditions:
        """What Ap finds for ``entity`` at the start of its next Flight Phase (for pilots
        looking ahead)."""
        return self._conditions(self.aircraft[entity], throttle)

    def preview(self, entity: str, plot: BopPlot) -> tuple[PlottedTurn, Hex, int]:
        """The fast look-ahead path for pilots: ``entity``'s plot flown as the rules would
        fly it next game-turn (imposed flight overrides it), without changing any state;
        returns the plotted turn and the end hex and altitude. Raises
        :class:`IllegalOrder` for a plot the rules refuse. Weapons orders are not judged."""
        state = self.aircraft[entity]
        flown = phases.imposed_orders({entity: state}, {entity: plot})[entity]
        planned = self._plan(state, flown, self.turn + 1, state.involuntary_unload())
        last = planned.moves[-1]
        return planned.plot, last.end_hex, last.end_alt_steps

    def _judge(
        self, entity: str, state: AircraftState, orders: dict[str, BopPlot], turn: int
    ) -> _Planned:
        """One aircraft's orders judged and planned; raises :class:`IllegalOrder`."""
        if entity not in orders:
            raise IllegalOrder(
                "Plotting, Bp", "no orders for this aircraft", aircraft=state.callsign, turn=turn
            )
        plot = orders[entity]
        if plot.throttle == "ab" and not state.card.engines.has_afterburner:
            raise IllegalOrder(
                "Set Throttle, SoP 02",
                f"the {state.card.type_id} has no afterburner; declare mil or idle",
                aircraft=state.callsign,
                turn=turn,
            )
        if plot.guns is not None:
            problem = self._gun_order_problem(entity, plot.guns.target)
            if problem:
                raise IllegalOrder(
                    "Gun Combat, SoP 07", problem, aircraft=state.callsign, turn=turn
                )
        if plot.missile is not None:
            problem = self._missile_order_problem(entity, plot.missile.type, plot.missile.target)
            if problem:
                raise IllegalOrder(
                    "Missile Combat, SoP 07", problem, aircraft=state.callsign, turn=turn
                )
        planned = self._plan(state, plot, turn, state.involuntary_unload())
        check_wing_order(state, plot, turn)
        if plot.jettison:
            problem = jettison_problem(planned.plot)
            if problem:
                raise IllegalOrder(
                    "Jettisoning External Stores", problem, aircraft=state.callsign, turn=turn
                )
        return planned

    def _plan(
        self, state: AircraftState, orders: BopPlot, turn: int, imposed: ImposedUnload | None
    ) -> _Planned:
        """Plot and move one aircraft's orders (Bp–Im) without changing its state."""
        conditions = self._conditions(state, orders.throttle)
        try:
            plot = plot_turn(
                conditions,
                state.attitude,
                orders,
                state.tp_carry,
                state.pitchdown_points,
                imposed,
            )
            moves = _move_segments(state.hex, state.alt_steps, plot)
        except IllegalOrder as error:
            raise error.located(state.callsign, turn) from None
        return _Planned(conditions, plot, moves)

    def _missile_order_problem(self, entity: str, kind: str, target: str) -> str:
        """Why a launch order cannot stand, or "" when it can (an empty rail is reported as
        an event instead, since a script cannot count)."""
        state = self.aircraft[entity]
        if kind not in state.missiles_left:
            carried = ", ".join(state.missiles_left) or "none"
            return f"{state.callsign} carries no {kind}; missiles carried: {carried}"
        if target == entity or target not in self.aircraft:
            return f"no aircraft {target!r} to launch at; aircraft: {', '.join(self.aircraft)}"
        return ""

    def _gun_order_problem(self, entity: str, target: str) -> str:
        """Why a gun order cannot stand, or "" when it can."""
        state = self.aircraft[entity]
        if not state.card.guns:
            return f"the {state.card.type_id} carries no guns"
        if target == entity:
            return "an aircraft cannot fire at itself"
        if target not in self.aircraft:
            return f"no aircraft {target!r} to fire at; aircraft: {', '.join(self.aircraft)}"
        return ""

    def _conditions(self, state: AircraftState, throttle: Throttle) -> FlightConditions:
        initial = perf.initial_state(state.card, state.alt_ft, state.speed_kt, state.weight_lb)
        effects = state.damage_effects()
        safe_load_g = max(MIN_SAFE_LOAD_G, initial.safe_load_g - effects.safe_load_loss_g)
        return FlightConditions(
            card=state.card,
            speed_kt=state.speed_kt,
            alt_ft=state.alt_ft,
            weight_lb=state.weight_lb,
            keas=initial.keas,
            mach=initial.mach,
            aero_load_limit_g=initial.aero_load_limit_g,
            safe_load_g=safe_load_g,
            throttle=throttle,
            roll_rate_factor=effects.roll_rate_factor,
            roll_rate_loss=effects.roll_rate_loss,
        )

    def _fly(
        self,
        state: AircraftState,
        planned: _Planned,
        orders: BopPlot,
        t0: float,
    ) -> tuple[AircraftTurn, dict[str, npt.NDArray[Any]], list[Event]]:
        conditions, plot = planned.conditions, planned.plot
        effects = state.damage_effects()
        events: list[Event] = []
        start_speed = state.speed_kt
        start_alt = state.alt_steps
        start_fuel = state.fuel_fp
        weight = state.weight_lb
        # Performance (Dp11–Ep15)
        average = perf.average_load_g(plot.loads_by_tick)
        greatest = perf.round_load_g(plot.greatest_load_g)
        drag_average, drag_greatest = average, greatest
        if state.spin is not None:  # Turn Drag at the highest non-pointing DpG ("Spinning")
            drag_average = drag_greatest = perf.round_load_g(conditions.spin_turn_drag_load_g)
        # Movement (Fm–Im), already found segment by segment from hex centre to hex centre.
        waypoints: list[tuple[float, float, float]] = [state.position_ft()]
        segment_ends: list[tuple[Hex, int]] = []
        for move in planned.moves:
            segment_ends.append((move.end_hex, move.end_alt_steps))
            x, y = move.end_hex.centre_ft()
            waypoints.append((x, y, move.end_alt_steps * STEP_FT))
        hex_, alt = segment_ends[-1]
        # Gravity and net speed (Jm16, Net Speed Change)
        alt_change = alt - start_alt
        change = perf.speed_change(
            card=state.card,
            throttle=orders.throttle,
            alt_ft=conditions.alt_ft,
            speed_kt=start_speed,
            weight_lb=weight,
            speedbrake=orders.speedbrake and effects.speedbrake_works,
            stores_cd0=effects.form_drag_cd0 + state.stores_cd0,
            engine_outputs=state.engine_outputs(orders.throttle),
            average_load_g=drag_average,
            greatest_load_g=drag_greatest,
            negative_loads_used=plot.negative_loads_used,
            alt_change_ft=alt_change * STEP_FT,
            spinning=state.spin is not None,
        )
        end_speed = change.end_speed_kt
        t_end = t0 + TICKS_PER_TURN * TICK_S
        too_slow = too_slow_flight(end_speed, alt, state.callsign)
        end_speed, alt = too_slow.speed_kt, too_slow.alt_steps
        state.departure_points += too_slow.departure_points
        if too_slow.record is not None:
            events.append(too_slow.record.event(t_end, (state.id,)))
        if plot.departure_points:
            state.departure_points += plot.departure_points
        if state.departure_points:
            events.append(
                Event(
                    t_s=t_end,
                    kind="departure_points",
                    entities=(state.id,),
                    detail=f"{state.callsign} holds {state.departure_points} Departure Points",
                    data={"dp": state.departure_points},
                )
            )
        events.extend(_overloads(state, conditions, plot, t_end))
        for segment in plot.segments:
            if segment.roll_cells_lost:
                rolled = abs(segment.rolled_cells)
                events.append(
                    Event(
                        t_s=t0 + segment.end_tick * TICK_S,
                        kind="roll_limited",
                        entities=(state.id,),
                        detail=f"{state.callsign}'s damaged controls roll {rolled} of "
                        f"{rolled + segment.roll_cells_lost} cells",
                        data={"rolled": rolled, "lost": segment.roll_cells_lost},
                    )
                )
            if segment.incomplete:
                events.append(
                    Event(
                        t_s=t0 + segment.end_tick * TICK_S,
                        kind="incomplete_turn",
                        entities=(state.id,),
                        detail=f"{state.callsign} carries {segment.tp_carry_after} TP into "
                        "the next game-turn (Incomplete Turning Segment)",
                    )
                )
        ground = self.scenario.map.ground_alt_steps
        crashed = alt < ground
        if crashed:
            alt = ground
            state.active = False
        # Fuel (Administrative) and the new state
        burned, state.fuel_carry = perf.fuel_burn(
            state.card, orders.throttle, conditions.alt_ft, start_speed, state.fuel_carry
        )
        state.fuel_fp = max(0, state.fuel_fp - burned - effects.fuel_leak_fp_per_turn)
        events.extend(fuel_state(state, start_fuel, state.bingo_fp, t_end))
        state.hex = hex_
        state.alt_steps = alt
        state.speed_kt = end_speed
        state.attitude = plot.end_attitude
        state.throttle = orders.throttle
        state.tp_carry = plot.tp_carry
        state.greatest_load_g = greatest
        state.pitchdown_points = plot.pitchdown_points
        result = AircraftTurn(
            aircraft=state.id,
            plot=plot,
            average_load_g=average,
            greatest_load_g=greatest,
            speed_change=change,
            alt_change_steps=alt - start_alt,
            start_speed_kt=start_speed,
            end_speed_kt=end_speed,
            end_alt_steps=alt,
            end_hex=hex_,
            fuel_used_fp=start_fuel - state.fuel_fp,
            moves=planned.moves,
        )
        samples = self._samples(
            state,
            conditions,
            plot,
            orders.throttle,
            orders.speedbrake,
            waypoints,
            segment_ends,
            result,
            start_fuel,
        )
        if crashed:
            impact = _stop_at_ground(samples, ground * STEP_FT)
            events.append(
                Event(
                    t_s=t0 + (impact + 1) * TICK_S,
                    kind="ground",
                    entities=(state.id,),
                    detail=f"{state.callsign} flew into the ground",
                )
            )
        return result, samples, events

    def _samples(
        self,
        state: AircraftState,
        conditions: FlightConditions,
        plot: PlottedTurn,
        throttle: Throttle,
        speedbrake: bool,
        waypoints: list[tuple[float, float, float]],
        segment_ends: list[tuple[Hex, int]],
        result: AircraftTurn,
        start_fuel: int,
    ) -> dict[str, npt.NDArray[Any]]:
        """Ticks 1–10 of this game-turn, drawn smoothly between the rules' positions."""
        n = TICKS_PER_TURN
        out: dict[str, npt.NDArray[Any]] = {
            "x_ft": np.zeros(n),
            "y_ft": np.zeros(n),
            "z_ft": np.zeros(n),
            "quat_wxyz": np.zeros((n, 4)),
            "speed_kt": np.zeros(n),
            "keas_kt": np.zeros(n),
            "mach": np.zeros(n),
            "alt_steps": np.zeros(n, dtype=np.int32),
            "hex_q": np.zeros(n, dtype=np.int32),
            "hex_r": np.zeros(n, dtype=np.int32),
            "load_g": np.zeros(n),
            "throttle": np.full(n, THROTTLE_FRACTION[throttle]),
            "throttle_label": np.full(n, throttle, dtype="<U4"),
            "engine_output": np.zeros(n),
            "speedbrake": np.full(n, speedbrake),
            "weapons": np.full(n, state.weapons_text(), dtype="<U64"),
            "crew_state": np.full(n, state.crew_text(), dtype="<U64"),
            "damage": np.full(n, state.damage_text(), dtype="<U64"),
            "fuel_fp": np.zeros(n),
            "nose": np.empty(n, dtype="<U6"),
            "canopy": np.empty(n, dtype="<U6"),
            "wing": np.empty(n, dtype="<U6"),
            "velocity": np.empty(n, dtype="<U6"),
            "lift": np.empty(n, dtype="<U6"),
            "active": np.ones(n, dtype=bool),
            **text_channels(self._awareness_text(state), n),
        }
        for k, segment in enumerate(plot.segments):
            p0 = np.array(waypoints[k])
            p1 = np.array(waypoints[k + 1])
            q0 = np.array(segment.start_attitude.quaternion_wxyz())
            q1 = np.array(segment.end_attitude.quaternion_wxyz())
            d0 = np.array(segment.start_attitude.velocity.unit_vector())
            d1 = np.array(segment.end_attitude.velocity.unit_vector())
            chord = float(np.linalg.norm(p1 - p0))
            end_hex, end_alt = segment_ends[k]
            start_marks = _mark_texts(segment.start_attitude)
            end_marks = _mark_texts(segment.end_attitude)
            ticks = np.arange(segment.start_tick + 1, segment.end_tick + 1)
            u = (ticks - segment.start_tick) / segment.ticks
            rows = ticks - 1
            positions = _hermite(p0, p1, d0 * chord, d1 * chord, u)
            out["x_ft"][rows] = positions[:, 0]
            out["y_ft"][rows] = positions[:, 1]
            out["z_ft"][rows] = positions[:, 2]
            out["quat_wxyz"][rows] = slerp_many(q0, q1, u)
            out["load_g"][rows] = segment.load_g
            for name, text in start_marks.items():
                out[name][rows[:-1]] = text
            for name, text in end_marks.items():
                out[name][rows[-1]] = text
            for i, position in zip(rows[:-1], positions[:-1], strict=True):
                nearest = Hex.nearest(float(position[0]), float(position[1]))
                out["hex_q"][i], out["hex_r"][i] = nearest.q, nearest.r
                out["alt_steps"][i] = round(float(position[2]) / STEP_FT)
            out["hex_q"][rows[-1]], out["hex_r"][rows[-1]] = end_hex.q, end_hex.r
            out["alt_steps"][rows[-1]] = end_alt
        # The rules give the end-of-turn speed; in between the speed changes evenly.
        fraction = np.arange(1, n + 1) / n
        speeds = result.start_speed_kt + (result.end_speed_kt - result.start_speed_kt) * fraction
        out["speed_kt"][:] = speeds
        out["fuel_fp"][:] = start_fuel + (state.fuel_fp - start_fuel) * fraction
        # Engine output is read at the start of the turn, as the Engine step (Ep12) does.
        full: Throttle = "ab" if state.card.engines.has_afterburner else "mil"
        available = thrust_lbf(state.card, full, conditions.alt_ft, conditions.mach)
        used = thrust_lbf(state.card, throttle, conditions.alt_ft, conditions.mach)
        out["engine_output"][:] = used / available if available > 0 else 0.0
        sigma, sound_kt = isa_arrays(np.maximum(out["z_ft"], 0.0))
        out["keas_kt"][:] = speeds * np.sqrt(sigma)
        out["mach"][:] = speeds / sound_kt
        return out

    # -- whole scenario ------------------------------------------------------------------
    def run(
        self,
        turns: int | None = None,
        orders: Callable[[int], dict[str, BopPlot]] | None = None,
        progress: Callable[[int, int], None] | None = None,
        published: Callable[[Timeline], None] | None = None,
    ) -> Timeline:
        """Play ``turns`` game-turns (the scenario's count by default) and build the timeline.

        ``orders(turn)`` gives each game-turn's orders (a game log's); by default the
        scenario's scripts.  ``progress(played, turns)`` is told after every game-turn.
        ``published(timeline)``, when given, is handed the timeline so far: the starting
        positions first, then after every game-turn; each is a prefix of the next, and the
        last is the one returned (a viewer can replay the game while it is still played)."""
        count = self.scenario.turns if turns is None else turns
        ids = list(self.aircraft)
        first = {entity: self._initial_sample(self.aircraft[entity]) for entity in ids}
        per_entity: dict[str, list[dict[str, npt.NDArray[Any]]]] = {e: [first[e]] for e in ids}
        events: list[Event] = []
        table: list[dict[str, Any]] = []
        played = 0
        from_log = orders is not None
        timeline = self._timeline(ids, per_entity, events, table, played, from_log)
        if published is not None:
            published(timeline)
        for _ in range(count):
            if not any(state.active for state in self.aircraft.values()):
                break
            result = self.play_turn(
                orders(self.turn + 1) if orders is not None else self.scripted_orders()
            )
            played += 1
            if progress is not None:
                progress(played, count)
            events.extend(result.events)
            for entity, turn_samples in result.samples.items():
                if entity not in per_entity:  # a missile launched this turn
                    ids.append(entity)
                    before = _hold(turn_samples)
                    per_entity[entity] = [{k: v[:1] for k, v in before.items()}]
                    per_entity[entity].extend(_hold(turn_samples) for _ in range(played - 1))
            for entity in ids:
                if entity in result.samples:
                    per_entity[entity].append(result.samples[entity])
                else:
                    per_entity[entity].append(_hold(per_entity[entity][-1]))
            table.extend({"turn": result.turn, **r.row()} for r in result.aircraft.values())
            if published is not None:
                timeline = self._timeline(ids, per_entity, events, table, played, from_log)
                published(timeline)
        if published is None or played == 0:
            timeline = self._timeline(ids, per_entity, events, table, played, from_log)
        return timeline

    def _timeline(
        self,
        ids: list[str],
        per_entity: dict[str, list[dict[str, npt.NDArray[Any]]]],
        events: list[Event],
        table: list[dict[str, Any]],
        played: int,
        from_log: bool,
    ) -> Timeline:
        """The timeline of the ``played`` game-turns so far (new arrays: the lists may grow)."""
        ticks = 1 + TICKS_PER_TURN * played
        names = per_entity[ids[0]][0]
        channels = timeline_channels(
            {
                name: np.stack([np.concatenate([c[name] for c in per_entity[e]]) for e in ids])
                for name in names
            }
        )
        setups = {setup.entity_id: setup for setup in self.scenario.aircraft}
        infos = [
            EntityInfo(
                id=s.id,
                callsign=s.callsign,
                type_id=s.card.type_id,
                side=s.side,
                pilot=_pilot_text(setups[s.id], from_log=from_log),
            )
            for s in self.aircraft.values()
        ]
        infos.extend(track.info for track in self.missiles.values())
        meta = TimelineMeta(
            rules="bop",
            seed=self.seed,
            scenario=self.scenario.name,
            description=self.scenario.description,
            reference=self.scenario.reference,
            tick_s=TICK_S,
            entities=tuple(infos),
            events=tuple(events),
            turn_table=tuple(table),
            **timeline_meta_fields(channels),
        )
        t_s = np.arange(ticks, dtype=np.float64) * TICK_S
        return Timeline(meta=meta, t_s=t_s, channels=channels)

    def _initial_sample(self, state: AircraftState) -> dict[str, npt.NDArray[Any]]:
        x, y, z = state.position_ft()
        air = isa(state.alt_ft)
        full: Throttle = "ab" if state.card.engines.has_afterburner else "mil"
        mach = state.speed_kt / air.speed_of_sound_kt
        available = thrust_lbf(state.card, full, state.alt_ft, mach)
        attitude = state.attitude
        return {
            "x_ft": np.array([x]),
            "y_ft": np.array([y]),
            "z_ft": np.array([z]),
            "quat_wxyz": np.array([attitude.quaternion_wxyz()]),
            "speed_kt": np.array([float(state.speed_kt)]),
            "keas_kt": np.array([state.speed_kt * math.sqrt(air.sigma)]),
            "mach": np.array([mach]),
            "alt_steps": np.array([state.alt_steps], dtype=np.int32),
            "hex_q": np.array([state.hex.q], dtype=np.int32),
            "hex_r": np.array([state.hex.r], dtype=np.int32),
            "load_g": np.array([1.0]),
            "throttle": np.array([THROTTLE_FRACTION[state.throttle]]),
            "throttle_label": np.array([state.throttle], dtype="<U4"),
            "speedbrake": np.array([False]),
            "weapons": np.array([state.weapons_text()], dtype="<U64"),
            "crew_state": np.array([state.crew_text()], dtype="<U64"),
            "damage": np.array([state.damage_text()], dtype="<U64"),
            "engine_output": np.array(
                [thrust_lbf(state.card, state.throttle, state.alt_ft, mach) / available]
            ),
            "fuel_fp": np.array([float(state.fuel_fp)]),
            "nose": np.array([str(attitude.nose)], dtype="<U6"),
            "canopy": np.array([str(attitude.canopy)], dtype="<U6"),
            "wing": np.array([str(attitude.wing)], dtype="<U6"),
            "velocity": np.array([str(attitude.velocity)], dtype="<U6"),
            "lift": np.array([str(attitude.lift)], dtype="<U6"),
            "active": np.array([True]),
            **text_channels(self._awareness_text(state), 1),
        }

    def _awareness_text(self, state: AircraftState) -> dict[str, str]:
        """The awareness channels' values for ``state`` now."""
        ids = {s.callsign: s.id for s in self.aircraft.values()}
        order = self.awareness.order
        initiative = self.awareness.initiatives.get(state.callsign)
        return {
            "spotted": ",".join(ids[c] for c in self.awareness.spotted_by(state) if c in ids),
            "initiative": "" if initiative is None else str(initiative),
            "flight_class": ""
            if order is None or state.callsign not in order.plot_class
            else f"{order.plot_class[state.callsign]}/{order.move_class[state.callsign]}",
            "activity": state.activity_text(),
            "wing_position": state.wing_position or "",
            **_sensor_text(state, ids),
        }


def _overloads(
    state: AircraftState, conditions: FlightConditions, plot: PlottedTurn, t_s: float
) -> list[Event]:
    """Loads beyond the safe load, positive or negative ("Negative Loads"; the Flight
    Effects they cause are resolved in a later version)."""
    found: list[Event] = []
    positive = max((s.load_g for s in plot.segments if not s.negative), default=0.0)
    negative = max((s.load_g for s in plot.segments if s.negative), default=0.0)
    limits = (
        (positive, conditions.safe_load_g, ""),
        (negative, -state.card.structure.negative_safe_load_g, "-"),
    )
    for load, safe, sign in limits:
        if load > safe:
            found.append(
                Event(
                    t_s=t_s,
                    kind="overload",
                    entities=(state.id,),
                    detail=f"{state.callsign} pulled {sign}{load:.1f} G, beyond its safe load "
                    f"{sign}{safe:.1f} G (Structure G Effects)",
                    data={
                        "load_g": -load if sign else load,
                        "safe_load_g": -safe if sign else safe,
                    },
                )
            )
    return found


def _placement_ft(placement: Placement) -> tuple[float, float, float]:
    x, y = placement.hex.centre_ft()
    return (x, y, placement.alt_steps * STEP_FT)


def _stop_at_ground(samples: dict[str, npt.NDArray[Any]], ground_ft: float) -> int:
    """Freeze the samples where the path first reaches the ground; returns that tick index."""
    below = np.nonzero(samples["z_ft"] <= ground_ft)[0]
    impact = int(below[0]) if below.size else len(samples["z_ft"]) - 1
    for name, array in samples.items():
        if name != "active":
            array[impact:] = array[impact]
    samples["z_ft"][impact:] = ground_ft
    samples["alt_steps"][impact:] = round(ground_ft / STEP_FT)
    samples["active"][impact + 1 :] = False
    return impact


def _pilot_text(setup: AircraftSetup, from_log: bool) -> str:
    """Who flies an aircraft, as the timeline records it: ``ai, veteran crew``."""
    who = "game log" if from_log else setup.pilot
    return f"{who}, {setup.crew_quality} crew"


def _hold(last: dict[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    """Ten ticks repeating an entity's last sample, marked inactive."""
    held = {name: np.repeat(array[-1:], TICKS_PER_TURN, axis=0) for name, array in last.items()}
    held["active"] = np.zeros(TICKS_PER_TURN, dtype=bool)
    return held


def _mark_texts(attitude: Attitude) -> dict[str, str]:
    """The five PHAD marks of an attitude as the timeline writes them."""
    return {name: str(getattr(attitude, name)) for name in PHAD_MARKS}


def _hermite(
    p0: npt.NDArray[np.float64],
    p1: npt.NDArray[np.float64],
    m0: npt.NDArray[np.float64],
    m1: npt.NDArray[np.float64],
    u: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """Cubic Hermite curve at each fraction of ``u`` (one row each): leaves p0 along m0 and
    arrives at p1 along m1."""
    u = np.asarray(u, dtype=np.float64)[:, None]
    u2, u3 = u * u, u * u * u
    return np.asarray(
        (2 * u3 - 3 * u2 + 1) * p0
        + (u3 - 2 * u2 + u) * m0
        + (-2 * u3 + 3 * u2) * p1
        + (u3 - u2) * m1,
        dtype=np.float64,
    )


def _sensor_text(state: AircraftState, ids: dict[str, str]) -> dict[str, str]:
    """The sensor channels' values for ``state`` now (targets as timeline ids)."""
    suite = state.sensors
    lock = suite.ir_lock
    return {
        "radar_mode": suite.radar.mode if suite.radar is not None else "off",
        "tracks": ",".join(ids[t] for t in suite.tracks() if t in ids),
        "ir_lock": ids.get(lock.target, "") if lock is not None else "",
        "rwr": ",".join(ids[who] for who, _ in suite.rwr if who in ids),
    }


def _has_radio(state: AircraftState) -> bool:
    """The type has a radio (its card's sighting data says so)."""
    return state.card.sighting is None or state.card.sighting.radio
