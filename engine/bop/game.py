"""A Birds of Prey game: ``Game(scenario, seed)``, played a game-turn at a time.

``game.play_turn(orders)`` plays one game-turn by the Sequence of Play
(:mod:`engine.bop.sequence`) and returns its per-tick samples and events; ``game.run()`` plays
the scenario with its pilots (:mod:`engine.bop.pilots`) and builds the Timeline. The pieces:
setup checks in :mod:`engine.bop.setup`, the one legality judge in :mod:`engine.bop.legality`,
an aircraft's flight in :mod:`engine.bop.flight`, combat glue in :mod:`engine.bop.combat_play`,
tick sampling in :mod:`engine.bop.ticks`. The engine is a step function: no wall clock, no
I/O, and every random number comes from the game's own seeded generator.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from engine.bop import phases
from engine.bop.aircraft_state import AircraftState
from engine.bop.awareness import Awareness, initial_spots
from engine.bop.combat_play import CombatPlay
from engine.bop.crew import recover
from engine.bop.errors import IllegalOrder
from engine.bop.flight import AircraftTurn
from engine.bop.legality import flight_conditions, judge, judge_all, plan
from engine.bop.legality import order_problems as judge_each
from engine.bop.missile_play import MissileTrack
from engine.bop.pilots import Pilots, keep_declarations
from engine.bop.plotting import FlightConditions, PlottedTurn
from engine.bop.sequence import TurnPlay, play_sequence
from engine.bop.setup import ScenarioError, setup_problems, state_from_setup
from engine.bop.sighting import AltitudeBand, Weather
from engine.bop.ticks import awareness_text, build_timeline, hold, initial_sample
from engine.bop.turn import TICK_S, TICKS_PER_TURN, TurnContext
from engine.dice import Dice, game_seed
from engine.hexmap import Hex
from models.bop_tables import BopTables, playing_with, shipped_bop_tables
from models.orders import BopPlot, Throttle
from models.scenario import Scenario
from models.timeline import Event, Timeline

__all__ = [
    "TICKS_PER_TURN",
    "TICK_S",
    "AircraftTurn",
    "Game",
    "ScenarioError",
    "TurnResult",
    "setup_problems",
]


@dataclass(frozen=True)
class TurnResult:
    """One game-turn: per-aircraft results, per-tick samples (ticks 1–10) and events."""

    turn: int
    aircraft: dict[str, AircraftTurn]
    samples: dict[str, dict[str, npt.NDArray[Any]]]
    events: tuple[Event, ...]


Result = TypeVar("Result")


def _with_tables(method: Callable[..., Result]) -> Callable[..., Result]:
    """``method`` of a :class:`Game`, run with the game's own tables in force."""

    @functools.wraps(method)
    def with_tables(self: Game, *args: Any, **kwargs: Any) -> Result:
        with playing_with(self.tables):
            return method(self, *args, **kwargs)

    return with_tables


class Game:
    """A Birds of Prey game in progress."""

    def __init__(
        self, scenario: Scenario, seed: int | None = None, tables: BopTables | None = None
    ) -> None:
        self.tables = tables or shipped_bop_tables()
        """The play aids every rule of this game reads: the shipped ones, or a player's own
        printed tables (:func:`models.bop_tables.load_bop_tables`)."""
        with playing_with(self.tables):
            self._set_up(scenario, seed)

    def _set_up(self, scenario: Scenario, seed: int | None) -> None:
        problems = [p for i, s in enumerate(scenario.aircraft) for p in setup_problems(i, s)]
        if problems:
            raise ScenarioError(problems)
        chosen = game_seed(seed, scenario.seed)
        self.scenario = scenario
        self.seed: int = chosen
        self.dice = Dice(np.random.default_rng(chosen))
        """Every random number of the game; each roll is recorded and becomes an event."""
        self.turn = 0
        self.pilots = Pilots(scenario)
        """Who writes each aircraft's orders (script, maneuver, AI) and what they remember."""
        self.missiles: dict[str, MissileTrack] = {}
        """Every missile launched, in launch order (they stay after they leave play)."""
        self.aircraft: dict[str, AircraftState] = {
            setup.entity_id: state_from_setup(setup) for setup in scenario.aircraft
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
        self.moved: set[str] = set()
        """The aircraft that have flown the game-turn being played (earlier move classes)."""
        self.combat = CombatPlay(self.aircraft, self.awareness, self.dice)
        """What the combat rules read of the game (SoP 07)."""

    # -- orders --------------------------------------------------------------------------
    @_with_tables
    def scripted_orders(self) -> dict[str, BopPlot]:
        """The pilots' orders for the next game-turn, each written now from the positions at
        the start of the game-turn: each script's plot, and for an aircraft flown by a
        maneuver or the AI the plot it writes now. Handed to :meth:`play_turn` they are
        fixed inputs; ``play_turn()`` without orders lets a maneuver or AI pilot in a later
        plot class plot again after the earlier classes moved (SoP 03)."""
        return self.pilots.orders(self, self._plot_problem)

    def _plot_problem(self, entity: str, plot: BopPlot) -> IllegalOrder | None:
        """What makes one aircraft's plot illegal for the next game-turn, or None (the
        checks :meth:`play_turn` makes, after the orders the rules impose)."""
        orders = phases.imposed_orders(
            self.aircraft, {entity: plot}, advanced_rules=self.scenario.advanced_rules
        )
        try:
            judge(
                entity,
                self.aircraft[entity],
                orders,
                self.turn + 1,
                self.aircraft,
                self._fixes(),
                advanced_rules=self.scenario.advanced_rules,
            )
        except IllegalOrder as problem:
            return problem
        return None

    def _fixes(self) -> dict[str, str] | None:
        """This game-turn's fixes (fixer → target) with the awareness rules on, else None."""
        if not self.scenario.awareness:
            return None
        order = self.awareness.order
        return dict(order.fixes) if order is not None else {}

    @_with_tables
    def legal(self, orders: dict[str, BopPlot]) -> bool:
        """True when every order is legal now (the same checks :meth:`play_turn` makes)."""
        try:
            orders = phases.imposed_orders(
                self.aircraft, orders, advanced_rules=self.scenario.advanced_rules
            )
            judge_all(
                self.aircraft,
                orders,
                self.turn + 1,
                self._fixes(),
                advanced_rules=self.scenario.advanced_rules,
            )
        except IllegalOrder:
            return False
        return True

    @_with_tables
    def order_problems(self, orders: dict[str, BopPlot]) -> list[IllegalOrder]:
        """Every aircraft's illegal order for the next game-turn, each judged on its own (the
        same checks :meth:`play_turn` makes, without changing any state)."""
        orders = phases.imposed_orders(
            self.aircraft, orders, advanced_rules=self.scenario.advanced_rules
        )
        return judge_each(
            self.aircraft,
            orders,
            self.turn + 1,
            self._fixes(),
            advanced_rules=self.scenario.advanced_rules,
        )

    def has_moved(self, entity: str) -> bool:
        """True when ``entity`` has already flown the game-turn being played."""
        return entity in self.moved

    @_with_tables
    def flight_conditions(self, entity: str, throttle: Throttle = "mil") -> FlightConditions:
        """What Ap finds for ``entity`` at the start of its next Flight Phase (for pilots
        looking ahead)."""
        return flight_conditions(
            self.aircraft[entity], throttle, advanced_rules=self.scenario.advanced_rules
        )

    @_with_tables
    def preview(self, entity: str, plot: BopPlot) -> tuple[PlottedTurn, Hex, int]:
        """The fast look-ahead path for pilots: ``entity``'s plot flown as the rules would
        fly it next game-turn (imposed flight overrides it), without changing any state;
        returns the plotted turn and the end hex and altitude. Raises
        :class:`IllegalOrder` for a plot the rules refuse. Weapons orders are not judged."""
        return self.preview_state(self.aircraft[entity], plot, self.turn + 1)

    @_with_tables
    def preview_state(
        self, state: AircraftState, plot: BopPlot, turn: int
    ) -> tuple[PlottedTurn, Hex, int]:
        """:meth:`preview` for an aircraft state that is not (or not yet) the game's: a
        pilot asking where a plot would take it from where another plot left it, in
        game-turn ``turn``."""
        flown = phases.imposed_orders(
            {state.id: state}, {state.id: plot}, advanced_rules=self.scenario.advanced_rules
        )[state.id]
        planned = plan(
            state,
            flown,
            turn,
            state.involuntary_unload(),
            advanced_rules=self.scenario.advanced_rules,
        )
        last = planned.moves[-1]
        return planned.plot, last.end_hex, last.end_alt_steps

    # -- one game-turn -------------------------------------------------------------------
    @_with_tables
    def play_turn(self, orders: dict[str, BopPlot] | None = None) -> TurnResult:
        """Play the next game-turn by the Sequence of Play.

        ``orders`` holds every active aircraft's orders (a game log's, a test's), fixed
        inputs flown in the order of flight; without them the scenario's pilots write them,
        and with the awareness rules on a maneuver or AI pilot in a later plot class plots
        again after seeing the earlier classes move (SoP 03, SoP 08). Raises
        :class:`IllegalOrder` (naming aircraft, turn and segment) before changing any state
        when an order is illegal.
        """
        turn = self.turn + 1
        self.moved.clear()
        from_pilots = orders is None
        written = self.scripted_orders() if orders is None else orders
        orders = phases.imposed_orders(
            self.aircraft, written, advanced_rules=self.scenario.advanced_rules
        )
        plotted = judge_all(
            self.aircraft, orders, turn, self._fixes(), advanced_rules=self.scenario.advanced_rules
        )
        ctx = TurnContext(self.dice, turn, self.scenario.advanced_rules, tables=self.tables)
        play = TurnPlay(
            scenario=self.scenario,
            turn=turn,
            aircraft=self.aircraft,
            awareness=self.awareness,
            missiles=self.missiles,
            combat=self.combat,
            orders=orders,
            plotted=plotted,
            pilot_notes=list(self.pilots.events),
            provisional={
                e
                for e in orders
                if from_pilots and self.pilots.replots(e) and orders[e] is written.get(e)
            },
            replot=self._replot,
            moved=self.moved,
        )
        self.pilots.events.clear()
        play_sequence(ctx, play)
        self.moved.clear()
        ctx.emit(self._roll_events(ctx.end_s))
        self.turn = turn
        return TurnResult(turn, play.results, play.samples, tuple(ctx.events))

    def _replot(self, ctx: TurnContext, play: TurnPlay, entity: str) -> None:
        """``entity``'s pilot plots again in its plot class, after the earlier classes moved
        (SoP 03); what it declared in SoP 02 stands. A replot the rules refuse leaves the
        orders it declared with."""
        declared = play.orders[entity]
        memory = self.pilots.states.get(entity)
        fresh = self.pilots.replot(self, entity, self._plot_problem)
        ctx.emit(self.pilots.events)
        self.pilots.events.clear()
        state = self.aircraft[entity]
        plot = keep_declarations(fresh, declared)
        plot = phases.imposed_orders(
            {entity: state}, {entity: plot}, advanced_rules=self.scenario.advanced_rules
        )[entity]
        try:
            planned = judge(
                entity,
                state,
                {entity: plot},
                ctx.turn,
                self.aircraft,
                self._fixes(),
                advanced_rules=self.scenario.advanced_rules,
            )
        except IllegalOrder:
            self.pilots.states[entity] = memory
            return
        play.orders[entity] = plot
        play.plotted[entity] = planned

    def _roll_events(self, t_end: float) -> list[Event]:
        """The turn's die rolls as ``dice`` events (rolled during the turn, so timed at its
        end), and clears them from the record."""
        events = [
            Event(
                t_s=t_end,
                kind="dice",
                detail=f"{roll.kind} {roll.value if roll.value is not None else '-'} for "
                f"{roll.purpose}" + (f": {roll.result} pips" if roll.result is not None else ""),
                data={
                    k: v
                    for k, v in (
                        ("kind", roll.kind),
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

    # -- whole scenario ------------------------------------------------------------------
    @_with_tables
    def run(
        self,
        turns: int | None = None,
        orders: Callable[[int], dict[str, BopPlot] | None] | None = None,
        progress: Callable[[int, int], None] | None = None,
        published: Callable[[Timeline], None] | None = None,
    ) -> Timeline:
        """Play ``turns`` game-turns (the scenario's count by default) and build the timeline.

        ``orders(turn)`` gives each game-turn's orders (a game log's); by default, or when
        it gives None for a game-turn, the scenario's pilots write them, plotting in the
        order of flight.
        ``progress(played, turns)`` is told after every game-turn.
        ``published(timeline)``, when given, is handed the timeline so far: the starting
        positions first, then after every game-turn; each is a prefix of the next, and the
        last is the one returned (a viewer can replay the game while it is still played)."""
        count = self.scenario.turns if turns is None else turns
        ids = list(self.aircraft)
        first = {
            entity: initial_sample(state, awareness_text(state, self.aircraft, self.awareness))
            for entity, state in self.aircraft.items()
        }
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
            result = self.play_turn(orders(self.turn + 1) if orders is not None else None)
            played += 1
            if progress is not None:
                progress(played, count)
            events.extend(result.events)
            for entity, turn_samples in result.samples.items():
                if entity not in per_entity:  # a missile launched this turn
                    ids.append(entity)
                    before = hold(turn_samples)
                    per_entity[entity] = [{k: v[:1] for k, v in before.items()}]
                    per_entity[entity].extend(hold(turn_samples) for _ in range(played - 1))
            for entity in ids:
                if entity in result.samples:
                    per_entity[entity].append(result.samples[entity])
                else:
                    per_entity[entity].append(hold(per_entity[entity][-1]))
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
        missiles = [track.info for track in self.missiles.values()]
        return build_timeline(
            self.scenario,
            self.seed,
            self.aircraft,
            missiles,
            ids,
            per_entity,
            events,
            table,
            played,
            from_log,
        )
