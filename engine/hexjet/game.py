"""A game of the hex jet game: ``HexjetGame(scenario, seed)``, played a turn at a time.

Each turn (§5.0, §6.0; the Action Step and fire are furball's completion, H7–H9):

1. **Initiative** (§5.1): the Precedence Listing by altitude plus speed, roll-offs on a d6.
2. **Each aircraft's Move Phase**, in that order:
   a. the **Flight Decision Steps** (§6.1–§6.6): a script's or a log's decision, or the
      AI pilot's; a refused one is an error naming the aircraft, the turn and the rule;
   b. the **Action Step** (H7): speed hexes through the cell's turn, the altitude change
      flown evenly; an aircraft that flies off the map leaves the fight;
   c. with ``scope = "full"``, **fire** (H8): one attack on the best target, resolved at
      once (H9), so an aircraft shot down before its Move Phase does not move.

Every roll goes through the game's seeded dice and is recorded in the timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.dice import Dice, game_seed
from engine.errors import IllegalOrder, ScenarioError
from engine.hexjet import ai, combat
from engine.hexjet.action import Move, check_turns, plan
from engine.hexjet.decision import Choice, Decision, DecisionRefused, Markers, decide
from engine.hexjet.initiative import precedence
from engine.hexjet.record import HexjetRecorder
from engine.hexjet.state import HexjetPlane
from engine.hexmap import Hex
from models.hexjet.display import displays
from models.hexjet.orders import HexjetDecision
from models.hexjet.scenario import HexjetScenario
from models.scenario_common import ScenarioCommon
from models.timeline import Event, Timeline

WRAP_UP_TURNS = 1
"""Turns played on once one side is left, before the game stops early."""
WRECK_FALL_LEVELS = 3


@dataclass
class TurnPlay:
    """What one aircraft did this turn."""

    order: HexjetDecision | None = None
    decision: Decision | None = None
    move: Move | None = None
    speed: int = 0
    place: int = 0
    sum: int = 0
    wreck: bool = False
    """Shot down before its Move Phase: drawn falling along its nose."""
    notes: list[str] = field(default_factory=list)


class HexjetGame:
    """A hex jet game in progress."""

    def __init__(
        self, scenario: ScenarioCommon, seed: int | None = None, tables: object = None
    ) -> None:
        if not isinstance(scenario, HexjetScenario):
            raise TypeError("a hex jet game needs a hex jet scenario")
        from engine.hexjet.setup import setup_problems

        problems = setup_problems(scenario)
        if problems:
            raise ScenarioError(problems)
        self.scenario = scenario
        self.seed_only = scenario.scope == "seed"
        self.seed: int = game_seed(seed, scenario.seed)
        self.dice = Dice.seeded(self.seed)
        self.turn = 0
        known = displays()
        self.setups = {a.entity_id: a for a in scenario.aircraft}
        self.planes: dict[str, HexjetPlane] = {}
        for pid, setup in self.setups.items():
            display = known[setup.type]
            q, r = setup.q_r
            self.planes[pid] = HexjetPlane(
                id=pid,
                callsign=setup.callsign,
                side=setup.side,
                display=display,
                markers=Markers(setup.throttle, setup.fuel, setup.altitude, setup.speed),
                hex=Hex(q, r),
                facing=setup.facing,
                pilot=setup.pilot,
                gun_bursts=display.gun.bursts if display.gun else 0,
                missiles=dict(display.missiles),
            )
        self.wrap_up = 0
        self.writer = HexjetRecorder(self)
        self.writer.start()

    # -- what the command line reads -------------------------------------------------------
    @property
    def aircraft(self) -> dict[str, HexjetPlane]:
        return self.planes

    def in_play(self) -> list[str]:
        return [pid for pid in sorted(self.planes) if self.planes[pid].in_play]

    def enemies_of(self, pid: str) -> list[HexjetPlane]:
        side = self.planes[pid].side
        return [self.planes[o] for o in self.in_play() if self.planes[o].side != side]

    def scripted_orders(self) -> dict[str, HexjetDecision]:
        index = self.turn
        return {
            pid: setup.script[index]
            for pid, setup in self.setups.items()
            if setup.pilot == "script" and index < len(setup.script) and self.planes[pid].in_play
        }

    def legal(self, orders: dict[str, HexjetDecision]) -> bool:
        return all(pid in self.planes and self.planes[pid].in_play for pid in orders)

    @property
    def over(self) -> bool:
        return self.wrap_up > WRAP_UP_TURNS

    # -- one turn ---------------------------------------------------------------------------
    def play_turn(self, orders: dict[str, HexjetDecision]) -> list[Event]:
        """Play one turn with the given decisions (the AI flies every aircraft left out)."""
        stray = sorted(pid for pid in orders if pid not in self.planes)
        if stray:
            raise IllegalOrder(
                "orders", f"no aircraft {stray[0]!r} in the scenario", turn=self.turn + 1
            )
        rolls_before = len(self.dice.rolls)
        self.turn += 1
        number = self.turn
        start = {
            pid: (p.hex, p.facing, p.markers.altitude, p.markers.speed)
            for pid, p in self.planes.items()
        }
        events: list[Event] = []
        flying = {
            pid: (p.markers.altitude, p.markers.speed)
            for pid, p in self.planes.items()
            if p.in_play
        }
        order, sums = precedence(self.dice, flying)
        plays: dict[str, TurnPlay] = {}
        events.append(
            self._event(
                number,
                "hexjet.initiative",
                tuple(order),
                "Precedence Listing (§5.1): "
                + ", ".join(
                    f"{i}. {self.planes[p].callsign} {sums[p]}" for i, p in enumerate(order, 1)
                ),
                start=True,
            )
        )
        for place, pid in enumerate(order, start=1):
            plays[pid] = TurnPlay(place=place, sum=sums[pid])
        for pid in order:
            plane = self.planes[pid]
            play = plays[pid]
            if not plane.in_play:
                play.wreck = True
                continue
            self._move_phase(plane, play, orders.get(pid), number, events)
        sides = {self.planes[p].side for p in self.in_play()}
        if len(sides) < 2:
            self.wrap_up += 1
        self.writer.turn(number, start, plays, events, rolls_before)
        return events

    def _move_phase(
        self,
        plane: HexjetPlane,
        play: TurnPlay,
        order: HexjetDecision | None,
        number: int,
        events: list[Event],
    ) -> None:
        if order is not None:
            choice = Choice.of(order)
            try:
                decision = decide(plane.display, plane.markers, choice, plane.id)
            except DecisionRefused as refused:
                raise IllegalOrder(
                    refused.rule, refused.problem, aircraft=plane.id, turn=number
                ) from None
            speed = min(decision.markers.speed, plane.max_speed)
            try:
                check_turns(
                    choice.direction,
                    choice.hexsides,
                    speed,
                    plane.turn_allowance(speed),
                    plane.id,
                    seed_only=self.seed_only,
                )
            except IllegalOrder as refused:
                raise IllegalOrder(
                    refused.rule, refused.problem, aircraft=plane.id, turn=number
                ) from None
            move = plan(
                plane.hex,
                plane.facing,
                speed,
                choice.direction,
                choice.hexsides,
                plane.markers.altitude,
                decision.markers.altitude,
            )
        else:
            chosen = ai.choose(
                plane, self.enemies_of(plane.id), self.scenario.map, seed_only=self.seed_only
            )
            if chosen is None:
                plane.status = "departed"
                events.append(
                    self._event(
                        number,
                        "departure",
                        (plane.id,),
                        f"{plane.callsign} has no decision the display allows "
                        "(§6.6.4.2.1): departs",
                    )
                )
                play.wreck = True
                return
            order = ai.as_order(chosen.choice)
            decision, move = chosen.decision, chosen.move
            speed = min(decision.markers.speed, plane.max_speed)
        markers = decision.markers
        if markers.speed != speed:
            from dataclasses import replace

            markers = replace(markers, speed=speed)
        play.order, play.decision, play.move, play.speed = order, decision, move, speed
        events.append(
            self._event(
                number,
                "hexjet.decision",
                (plane.id,),
                f"{plane.callsign} decides {order.text}: "
                + "; ".join(f"{r} {t}" for r, t in decision.steps),
                start=True,
            )
        )
        plane.markers = markers
        plane.hexsides_last_move = move.hexsides_turned
        for step in move.steps:
            if not self.scenario.map.contains(step.hex.q, step.hex.r):
                plane.status = "off map"
                events.append(
                    self._event(
                        number,
                        "hexjet.off_map",
                        (plane.id,),
                        f"{plane.callsign} flies off the map at {step.hex}: out of the fight (H7)",
                    )
                )
                break
        plane.hex, plane.facing = move.end, move.end_facing
        if self.seed_only or not plane.in_play:
            return
        shot = combat.best_shot(plane, self.enemies_of(plane.id))
        if shot is None:
            return
        target = self.planes[shot.target]
        result = combat.resolve(self.dice, shot, plane, target)
        kind = "gunshot" if shot.weapon == "gun" else "launch"
        events.append(
            self._event(
                number,
                kind,
                (plane.id, target.id),
                f"{plane.callsign} fires {shot.weapon_name} at {target.callsign}: {shot.why}, "
                f"needs {shot.needed} on 2d6 (H8)",
            )
        )
        if not result.hit:
            events.append(
                self._event(number, "miss", (plane.id, target.id), f"{result.roll}: a miss")
            )
            return
        rating = target.display.damage_rating
        detail = f"{result.roll}: a hit for {result.damage} damage, {target.damage}/{rating} (H9)"
        events.append(self._event(number, "hit", (plane.id, target.id), detail))
        if result.destroyed:
            events.append(
                self._event(
                    number,
                    "kill",
                    (target.id,),
                    f"{target.callsign} is shot down by {plane.callsign}",
                )
            )
        elif result.crippled:
            events.append(
                self._event(
                    number,
                    "hexjet.crippled",
                    (target.id,),
                    f"{target.callsign} is crippled: top speed {target.max_speed} (H9)",
                )
            )

    def _event(
        self, number: int, kind: str, entities: tuple[str, ...], detail: str, start: bool = False
    ) -> Event:
        t_s = self.writer.turn_start_s(number) if start else self.writer.turn_end_s(number)
        return Event(t_s=t_s, kind=kind, entities=entities, detail=detail)

    def run(
        self,
        turns: int | None = None,
        orders: Callable[[int], dict[str, HexjetDecision]] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Timeline:
        count = self.scenario.turns if turns is None else turns
        for played in range(1, count + 1):
            given = orders(played) if orders is not None else self.scripted_orders()
            self.play_turn(given)
            if progress is not None:
                progress(played, count)
            if orders is None and self.over:
                break
        return self.writer.timeline()


__all__ = ["WRECK_FALL_LEVELS", "HexjetGame", "TurnPlay"]
