"""The pilots: who writes each aircraft's orders for the next game-turn.

A scenario names each aircraft's pilot (DESIGN 4): a **script** of plots (``script``, which
may hand an unflyable game-turn to the AI), a **BFM maneuver** of the library
(``pilot = "script:bfm/..."``, :mod:`engine.bop.maneuvers`) or the **AI**
(``pilot = "ai"``, :mod:`engine.bop.ai`); a **game log** supplies orders from outside
(:mod:`engine.bop.gamelog`). :class:`Pilots` asks each of them and keeps their memory between
game-turns; the game asks it for orders and judges what it gets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.bop import ai
from engine.bop.errors import IllegalOrder
from engine.bop.maneuvers import maneuver
from engine.bop.turn import TICK_S, TICKS_PER_TURN
from engine.bop.view import GameView
from models.orders import BopPlot, GunOrder
from models.scenario import AircraftSetup, Scenario
from models.timeline import Event

PlotProblem = Callable[[str, BopPlot], IllegalOrder | None]
"""What makes an aircraft's plot illegal for the next game-turn, or None."""
Replacement = Callable[[GameView, BopPlot], BopPlot]
"""A what-if's order for one aircraft in one game-turn: given the game at the start of the
game-turn and the plot the aircraft's own pilot wrote, the plot it flies instead."""


class Pilots:
    """The scenario's pilots and what they remember between game-turns."""

    def __init__(self, scenario: Scenario) -> None:
        self.setups: dict[str, AircraftSetup] = {s.entity_id: s for s in scenario.aircraft}
        self.states: dict[str, Any] = {}
        """Each maneuver or AI pilot's state between game-turns."""
        self._fallback_turn: dict[str, int] = {}
        """The last game-turn the AI flew a scripted aircraft whose plot did not fit."""
        self.events: list[Event] = []
        """What pilots decided while writing orders, until the game-turn reports them."""
        self._turn_start: dict[str, Any] = {}
        """Each pilot's state before it wrote this game-turn's orders (for a replot)."""
        self.replacements: dict[tuple[int, str], Replacement] = {}
        """What-if orders by (game-turn, aircraft): that aircraft's pilot writes its plot as
        usual (so it remembers what it planned) and the aircraft flies the replacement, a
        fixed input that is not plotted again (:mod:`engine.whatif`)."""
        self._writing_turn = 0
        """The game-turn the pilots last wrote orders for."""

    def replots(self, entity: str) -> bool:
        """True when the pilot decides its plot at the table (a maneuver or the AI), so it
        can plot after seeing earlier movers; a script's plots and a what-if's replacement
        are fixed inputs."""
        if (self._writing_turn, entity) in self.replacements:
            return False
        return self.setups[entity].script is None

    def orders(
        self,
        game: GameView,
        problem: PlotProblem,
        entities: Iterable[str] | None = None,
    ) -> dict[str, BopPlot]:
        """Each active aircraft's orders for the next game-turn (of ``entities``, scenario
        order): its script's plot, the plot its maneuver writes now, or the AI's."""
        wanted = set(self.setups if entities is None else entities)
        self._turn_start = {e: self.states.get(e) for e in wanted if e in self.states}
        turn = self._writing_turn = game.turn + 1
        written = {
            entity: self._plot(game, entity, problem)
            for entity in self.setups
            if entity in wanted and game.aircraft[entity].active
        }
        for entity, plot in written.items():
            replace = self.replacements.get((turn, entity))
            if replace is not None:
                written[entity] = replace(game, plot)
        return written

    def replot(self, game: GameView, entity: str, problem: PlotProblem) -> BopPlot:
        """``entity``'s pilot writes its plot again now, from the memory it had when the
        game-turn began (a later plot class plots after seeing earlier moves, SoP 03)."""
        self.states.pop(entity, None)
        if entity in self._turn_start:
            self.states[entity] = self._turn_start[entity]
        return self._plot(game, entity, problem)

    def _plot(self, game: GameView, entity: str, problem: PlotProblem) -> BopPlot:
        setup = self.setups[entity]
        turn = game.turn + 1
        if setup.script is not None:
            plot = setup.script.plot_for_turn(turn)
            adapts = setup.script.when_unflyable == "ai"
            unflyable = problem(entity, plot) if adapts else None
            if unflyable is None:
                return plot
            if self._fallback_turn.get(entity) != turn - 1:
                self.states.pop(entity, None)  # its memory is stale
            self._fallback_turn[entity] = turn
            self.events.append(
                Event(
                    t_s=game.turn * TICKS_PER_TURN * TICK_S,
                    kind="pilot",
                    entities=(entity,),
                    detail=f"{game.aircraft[entity].callsign} cannot fly the scripted "
                    f"plot for game-turn {turn} ({unflyable.problem}, {unflyable.rule}): "
                    "the AI pilot flies this game-turn",
                    data={"script": "unflyable", "rule": unflyable.rule},
                )
            )
            return self._ai(game, entity, setup.ai)
        if setup.pilot == "ai":
            return self._ai(game, entity, setup.ai)
        flown = maneuver(setup.pilot.removeprefix("script:"))
        step = flown.step(game, entity, setup.maneuver, self.states.get(entity))
        self.states[entity] = step.state
        plot = step.plot
        if setup.guns_at is not None and setup.guns_at in game.aircraft:
            plot = plot.model_copy(update={"guns": GunOrder(target=setup.guns_at)})
        return plot

    def _ai(self, game: GameView, entity: str, table: dict[str, Any]) -> BopPlot:
        """The AI pilot's plot for ``entity``; what it decided becomes a ``pilot`` event."""
        step = ai.fly(game, entity, ai.AiParams.model_validate(table), self.states.get(entity))
        self.states[entity] = step.state
        t_s = game.turn * TICKS_PER_TURN * TICK_S
        self.events.extend(
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


def keep_declarations(plot: BopPlot, declared: BopPlot) -> BopPlot:
    """``plot`` with what the aircraft declared in SoP 02 (``declared``) kept: throttle,
    sensors (radar mode, selected weapon, decoy program), swing wing and crew tasks, an
    Initial Shot and a missile snapshot. A later plot class plots after earlier moves, but
    declared with everyone at the start of the game-turn."""
    update: dict[str, Any] = {
        "throttle": declared.throttle,
        "sensors": declared.sensors,
        "swing_wing": declared.swing_wing,
        "crew": declared.crew,
    }
    if declared.guns is not None and declared.guns.shot == "initial":
        update["guns"] = declared.guns
    if declared.missile is not None and declared.missile.snapshot:
        update["missile"] = declared.missile
    return plot.model_copy(update=update)
