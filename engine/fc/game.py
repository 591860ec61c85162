"""A game of Fighter Command: ``FcGame(scenario, seed)``, played a turn at a time.

Before the first turn each flight rolls off for its Flight Leader and order of command,
and every pilot whose scenario says ``skill = "roll"`` rolls his classification
(§Pre-Flight Instructions, §Pilot Skill).  Each turn then runs (docs/rulings.md "The
turn's sequence"):

1. **Home**: aircraft at home rearm (one turn) or repair (2D6 a turn) and fly back in.
2. **Plot** (§Plot for the Turn): every pilot pins a box; an aircraft out of control,
   blacked out, stalled or falling has its plot forced.  A pilot behind an enemy may claim
   tailing, hear the lead's loose description and re-plot (§Movement).
3. **Initiative** (§Initiative): the Flight Leaders roll; the winner picks who moves first.
4. **Compulsory movement** (§Movement): the out-of-control aircraft move first, all
   together, after each pilot not blacked out has tried to regain control.
5. **Normal movement** (§Movement): side after side, or section after section from eight
   aircraft.  A group moves, rolls the skill tests its moves made due, and then fires
   (§Weapons Fire) at the enemy where it stands: an enemy that has not moved yet is still
   where last turn left it, flying last turn's maneuver.  Each hit is resolved at once
   (§Damage, §Skill Test Due to Damage).  A line that crosses the field's edge takes the
   aircraft off: home by its entry edge, lost by any other.
6. **End of turn**: falling aircraft that reach the ground crash; blackouts count down.

Every roll goes through the game's seeded dice and is recorded in the timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.dice import Dice, game_seed
from engine.errors import IllegalOrder
from engine.fc import combat_phase, control_phase, home_phase, tailing
from engine.fc.ai import AiView, FcAi, describe, wants_tail
from engine.fc.condition import Condition
from engine.fc.control import quick_skill, skill_for_kills
from engine.fc.field_edges import first_exit
from engine.fc.initiative import movement_groups, roll_initiative
from engine.fc.movement import Move, apply_move, fly, fly_unchecked
from engine.fc.pilots import FlightOrder, movement_halves, roll_off
from engine.fc.record import FcRecorder, TurnRecord
from engine.fc.setup import check_setup
from engine.fc.sortie import Sortie
from engine.fc.state import FcPlane, Pose
from models.fc.orders import FcPlot
from models.fc.scenario import FcAircraft, FcScenario
from models.fc.sheet import control_sheets
from models.scenario_common import ScenarioCommon
from models.timeline import Event, Timeline

WRAP_UP_TURNS = 2
"""Turns played on once only one side is left on the field, so the last wreck is seen
going down, before the game stops early."""


@dataclass
class TurnPlay:
    """What one aircraft did this turn, for the record."""

    plot: FcPlot
    forced: str = ""
    """Why the plot was not the pilot's (``out of control``, ``stall``, …); empty when it was."""
    move: Move | None = None
    start_bank_deg: float = 0.0
    start_pitch_deg: float = 0.0
    compulsory: bool = False
    tailing: str = ""
    """The lead's description the pilot re-plotted on, when he claimed tailing."""
    exit_fraction: float | None = None
    """Where along its line it left the field (the replay stops it there)."""
    previous: FcPlot | None = None
    """Last turn's plot (the HUD's LAST pin while this one is flown)."""
    notes: list[str] = field(default_factory=list)


class FcGame:
    """A game of Fighter Command in progress."""

    def __init__(
        self, scenario: ScenarioCommon, seed: int | None = None, tables: object = None
    ) -> None:
        if not isinstance(scenario, FcScenario):
            raise TypeError("a Fighter Command game needs a Fighter Command scenario")
        check_setup(scenario)
        self.scenario = scenario
        self.seed: int = game_seed(seed, scenario.seed)
        self.dice = Dice.seeded(self.seed)
        self.turn = 0
        sheets = control_sheets()
        self.setups: dict[str, FcAircraft] = {a.entity_id: a for a in scenario.aircraft}
        self.planes: dict[str, FcPlane] = {}
        self.sorties: dict[str, Sortie] = {}
        self.conditions: dict[str, Condition] = {}
        for pid, setup in self.setups.items():
            sheet = sheets[setup.type]
            self.planes[pid] = FcPlane(
                id=pid,
                sheet=sheet,
                pose=Pose(setup.x_ft, setup.y_ft, setup.heading_deg, setup.band),
                speed=setup.speed,
                group=setup.group,
                skill=setup.skill if setup.skill != "roll" else skill_for_kills(setup.kills),
            )
            self.sorties[pid] = Sortie(
                side=setup.side,
                callsign=setup.callsign,
                home_edge=scenario.entry_edge(setup),
                kills=setup.kills,
            )
            self.conditions[pid] = Condition.fresh(sheet)
        self.flights: dict[str, FlightOrder] = {}
        self.ai = FcAi()
        self.writer = FcRecorder(self)
        self.started = False
        self.wrap_up = 0
        self.plays: dict[str, TurnPlay] = {}

    def preflight(self) -> None:
        """Before the first turn: each flight's Flight Leader roll-off, and the quick 1D6
        for every pilot whose scenario says ``skill = "roll"`` and who has no kills to go
        by (§Pre-Flight Instructions, §Pilot Skill).  Rolled when the first turn starts, so
        a game log's first dice are the yard's pre-flight rolls."""
        if self.started:
            return
        self.started = True
        for pid, setup in self.setups.items():
            if setup.skill == "roll" and not setup.kills:
                self.planes[pid].skill = quick_skill(self.dice, pid)
        for flight in dict.fromkeys(a.flight or a.side for a in self.scenario.aircraft):
            members = [pid for pid, a in self.setups.items() if (a.flight or a.side) == flight]
            order = roll_off(self.dice, flight, members)
            self.flights[flight] = order
            for pid in order.order:
                self.sorties[pid].role = f"{order.role(pid)}, {flight}"
        self.writer.start()

    # -- what the command line and the pilots read ----------------------------------------
    @property
    def aircraft(self) -> dict[str, FcPlane]:
        return self.planes

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.scenario.sides)

    def side_of(self, pid: str) -> str:
        return self.sorties[pid].side

    def in_play(self) -> list[str]:
        """Aircraft on the field and fighting, by id."""
        return [pid for pid in sorted(self.planes) if self.sorties[pid].in_play]

    def enemies_of(self, pid: str) -> list[str]:
        side = self.side_of(pid)
        return [other for other in self.in_play() if self.side_of(other) != side]

    def side_leader(self, side: str) -> str | None:
        """Who rolls the side's initiative: the leader of its first flight with anyone left
        on the field (§Initiative; the Wingman takes over, §Pre-Flight Instructions)."""
        on_field = set(self.in_play())
        for order in self.flights.values():
            if order.order and self.side_of(order.order[0]) == side:
                leader = order.leader(on_field)
                if leader is not None:
                    return leader
        return None

    def ai_view(self, pid: str, moved: frozenset[str] = frozenset()) -> AiView:
        condition = self.conditions[pid]
        plane = self.planes[pid]
        return AiView(
            planes={other: self.planes[other] for other in self.in_play()},
            side_of={other: self.side_of(other) for other in self.planes},
            moved=moved,
            field=self.scenario.field,
            home_edge=self.sorties[pid].home_edge,
            go_home=home_phase.wants_home(plane, condition),
            any_dive_box=condition.stall_recovery,
            turn_limit_deg=condition.turn_limit_deg,
            ready_reach_dice=combat_phase.ready_reach_dice(plane, condition),
        )

    def scripted_orders(self) -> dict[str, FcPlot]:
        """The script's plot for next turn of each aircraft that has script left; the rest
        are flown by their AI pilots."""
        index = self.turn
        return {
            pid: setup.script[index]
            for pid, setup in self.setups.items()
            if setup.pilot == "script" and index < len(setup.script) and self.sorties[pid].in_play
        }

    def legal(self, orders: dict[str, FcPlot]) -> bool:
        """Whether every plot names an aircraft on the field (the rest is judged as played)."""
        return all(pid in self.planes and self.sorties[pid].in_play for pid in orders)

    @property
    def over(self) -> bool:
        return self.wrap_up > WRAP_UP_TURNS

    # -- one turn ---------------------------------------------------------------------------
    def play_turn(self, orders: dict[str, FcPlot]) -> TurnRecord:
        """Play one turn with the given plots (the AI flies every aircraft left out);
        :class:`IllegalOrder` names the aircraft, the turn and the rule."""
        stray = sorted(pid for pid in orders if pid not in self.planes)
        if stray:
            raise IllegalOrder(
                "orders", f"no aircraft {stray[0]!r} in the scenario", turn=self.turn + 1
            )
        rolls_before = len(self.dice.rolls)
        self.preflight()
        self.turn += 1
        number = self.turn
        for pid in self.planes:
            self.writer.snapshot(pid, self.writer.turn_start_s(number))
        start = {pid: plane.pose for pid, plane in self.planes.items()}
        events: list[Event] = []
        events.extend(home_phase.ground_work(self, number))
        self.plays = plays = self._plots(orders, number, events)
        self._tailing(plays, orders, number, events)
        winner, first, rolls = self._initiative(number, events)
        events.extend(control_phase.regain_control(self, plays, number))
        self._compulsory(plays, number, events)
        self._normal_movement(plays, first, number, events)
        events.extend(control_phase.end_of_turn(self, plays, number))
        sides_left = {self.side_of(pid) for pid in self.in_play()}
        if len(sides_left) < 2:
            self.wrap_up += 1
        return self.writer.turn_record(number, start, plays, events, rolls_before, winner, rolls)

    def _plots(
        self, orders: dict[str, FcPlot], number: int, events: list[Event]
    ) -> dict[str, TurnPlay]:
        plays: dict[str, TurnPlay] = {}
        for pid in sorted(self.planes):
            sortie = self.sorties[pid]
            plane = self.planes[pid]
            if sortie.status == "falling":
                plays[pid] = TurnPlay(control_phase.falling_plot(plane), "falling", compulsory=True)
                continue
            if not sortie.in_play:
                continue
            forced = control_phase.forced(self, pid)
            if forced is not None:
                plot, why = forced
                plays[pid] = TurnPlay(plot, why, compulsory=why not in ("stall", "overdive"))
                continue
            plot = orders.get(pid) or self.ai.plot(plane, self.ai_view(pid))
            if pid in orders:
                condition = self.conditions[pid]
                fly(plane, plot, turn=number, any_dive_box=condition.stall_recovery)
                control_phase.check_turn_limit(plane, plot, condition, number)
            plays[pid] = TurnPlay(plot)
            events.append(
                Event(
                    t_s=self.writer.turn_start_s(number),
                    kind="fc.plot",
                    entities=(pid,),
                    detail=f"pins {plot.text}",
                )
            )
        return plays

    def _tailing(
        self,
        plays: dict[str, TurnPlay],
        orders: dict[str, FcPlot],
        number: int,
        events: list[Event],
    ) -> None:
        """A pilot behind an enemy claims tailing, hears what the lead seems to do and
        re-plots: the only exception to plotting (§Movement)."""
        for pid in sorted(plays):
            play = plays[pid]
            if play.forced or (pid in orders and not play.plot.tail):
                continue
            plane = self.planes[pid]
            target = play.plot.tail if pid in orders else wants_tail(plane, self.ai_view(pid))
            if not target or target not in plays or self.side_of(target) == self.side_of(pid):
                continue
            if not tailing.may_tail(plane.pose, self.planes[target].pose):
                events.append(
                    self._event(
                        number,
                        "fc.tail_refused",
                        (pid, target),
                        f"{self.sorties[pid].callsign} is not behind "
                        f"{self.sorties[target].callsign} within a band: no tailing (§Movement)",
                    )
                )
                continue
            said = describe(plays[target].plot)
            play.tailing = said
            if pid not in orders:
                play.plot = self.ai.replot_after_tail(plane, target, said, self.ai_view(pid))
            events.append(
                self._event(
                    number,
                    "fc.tailing",
                    (pid, target),
                    f"{self.sorties[pid].callsign} tails {self.sorties[target].callsign}: "
                    f'"{said}"; re-plots {play.plot.text} (§Movement)',
                )
            )

    def _initiative(
        self, number: int, events: list[Event]
    ) -> tuple[str, str, tuple[tuple[str, int], ...]]:
        leaders = {side: leader for side in self.sides if (leader := self.side_leader(side))}
        if len(leaders) < 2:
            only = next(iter(leaders), self.sides[0])
            return only, only, ()
        winner, rolls = roll_initiative(self.dice, leaders)
        first = combat_phase.choose_to_move_first(self, winner)
        second = next(side for side in self.sides if side != first)
        events.append(
            self._event(
                number,
                "fc.initiative",
                (leaders[winner],),
                f"{winner} wins the initiative ({', '.join(f'{s} {r}' for s, r in rolls)}); "
                f"{first} moves first, {second} second",
            )
        )
        return winner, first, rolls

    def _compulsory(self, plays: dict[str, TurnPlay], number: int, events: list[Event]) -> None:
        """Out-of-control aircraft move before any other, all together (§Movement)."""
        for pid in sorted(plays):
            play = plays[pid]
            if play.compulsory:
                self._move(pid, play, number, events, checked=False)

    def _normal_movement(
        self, plays: dict[str, TurnPlay], first: str, number: int, events: list[Event]
    ) -> None:
        on_field = [pid for pid in plays if not plays[pid].compulsory]
        halves = {}
        for side in self.sides:
            order = [
                pid
                for flight in self.flights.values()
                for pid in flight.order
                if pid in on_field and self.side_of(pid) == side
            ]
            sections = {pid: self.setups[pid].section for pid in order}
            halves[side] = movement_halves(order, sections)
        groups = movement_groups(first, self.sides, halves, len(self.in_play()))
        moved: set[str] = {pid for pid, play in plays.items() if play.compulsory}
        for _side, group in groups:
            movers = [pid for pid in group if self.sorties[pid].in_play]
            for pid in movers:
                self._move(pid, plays[pid], number, events, checked=True)
                moved.add(pid)
            events.extend(combat_phase.fire(self, movers, frozenset(moved), number))

    def _move(
        self, pid: str, play: TurnPlay, number: int, events: list[Event], *, checked: bool
    ) -> None:
        plane = self.planes[pid]
        play.start_bank_deg, play.start_pitch_deg = plane.bank_deg, plane.pitch_deg
        play.previous = plane.last_plot
        move = fly_unchecked(plane, play.plot)
        play.move = move
        if checked:
            events.extend(control_phase.move_tests(self, pid, move, number))
        apply_move(plane, move)
        exit_ = first_exit(self.scenario.field, move.line_ft)
        if exit_ is not None:
            play.exit_fraction = exit_.fraction
            events.extend(home_phase.left_field(self, pid, exit_, number))

    def _event(self, number: int, kind: str, entities: tuple[str, ...], detail: str) -> Event:
        return Event(
            t_s=self.writer.turn_end_s(number), kind=kind, entities=entities, detail=detail
        )

    def run(
        self,
        turns: int | None = None,
        orders: Callable[[int], dict[str, FcPlot]] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Timeline:
        """Play ``turns`` turns (the scenario's by default, stopping early once the fight is
        over) and return the timeline."""
        count = self.scenario.turns if turns is None else turns
        for played in range(1, count + 1):
            given = orders(played) if orders is not None else self.scripted_orders()
            self.play_turn(given)
            if progress is not None:
                progress(played, count)
            if orders is None and self.over:
                break
        self.preflight()
        return self.writer.timeline()
