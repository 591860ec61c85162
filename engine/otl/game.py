"""A game of Over the Lines: ``OtlGame(scenario, seed)``, played a round at a time
(§Sequence of Play).

Each round runs the seed's four phases in order: Targeting (every pilot picks his focus),
Movement (start-of-round checks, then each plane's inch-by-inch move in the movement order,
§Movement Order), Gunfire (ground fire, jam clearing, then simultaneous firing) and Damage
Resolution.  A plane whose orders the round does not give is flown by its AI pilot, which
decides each thing when the rules let it: its focus in Phase 1, its move when its turn to
move comes (seeing the planes that moved before it), its fire in Phase 3.  Every roll goes
through the game's seeded dice and is recorded in the timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.dice import Dice, game_seed
from engine.errors import IllegalOrder
from engine.otl.ai import OtlAi
from engine.otl.damage import resolve_damage
from engine.otl.gunfire import FireContext, FlightFlags, resolve_gunfire
from engine.otl.movement import (
    MoveContext,
    MoveResult,
    PathPoint,
    apply_move,
    end_of_round,
    plan_move,
    start_of_round,
)
from engine.otl.optional_play import OptionalRules
from engine.otl.record import RoundRecord, TimelineWriter, pose_point
from engine.otl.setup import check_setup, new_plane
from engine.otl.state import PlaneState
from engine.otl.targeting import Mover, check_target, movement_order
from models.otl.chart import plane_charts
from models.otl.orders import OtlRound
from models.otl.scenario import OtlScenario
from models.scenario_common import ScenarioCommon
from models.timeline import Event, Timeline

WRAP_UP_ROUNDS = 2
"""Rounds played on once only one side is left fighting, so the last wreck is seen going
down, before the game stops early."""


@dataclass
class RoundPlay:
    """What one plane did this round, for the record."""

    order: OtlRound
    result: MoveResult | None = None
    mover: Mover | None = None
    notes: list[str] = field(default_factory=list)
    speed_flown: int = 0
    """The speed (MP) the plane flew this round with."""
    stalled_or_spun: bool = False
    """Stalled or spinning at the start of its move (no jam clearing, §Jamming)."""


class OtlGame:
    """A game of Over the Lines in progress."""

    def __init__(
        self, scenario: ScenarioCommon, seed: int | None = None, tables: object = None
    ) -> None:
        if not isinstance(scenario, OtlScenario):
            raise TypeError("an Over the Lines game needs an Over the Lines scenario")
        check_setup(scenario)
        self.scenario = scenario
        chosen = game_seed(seed, scenario.seed)
        self.seed: int = chosen
        self.dice = Dice.seeded(chosen)
        self.turn = 0
        charts = plane_charts()
        self.setups = {a.entity_id: a for a in scenario.aircraft}
        self.planes: dict[str, PlaneState] = {
            a.entity_id: new_plane(a, charts[a.type]) for a in scenario.aircraft
        }
        self.ai = {pid: OtlAi(setup.ai) for pid, setup in self.setups.items()}
        self.move_ctx = MoveContext(
            round=0, date=scenario.date, take_off_landing=scenario.options.take_off_landing
        )
        self.optional = OptionalRules(scenario, self.dice)
        self.writer = TimelineWriter(self)
        self.wrap_up = 0
        self.shot_at_by: dict[str, set[str]] = {}
        """Who fired on each plane last round (the AI breaks from them first)."""
        self.moved_this_round: set[str] = set()
        """Planes that have made this round's move (the AI sees them where they are)."""

    @property
    def aircraft(self) -> dict[str, PlaneState]:
        """The planes in play (what the command line counts for a run's size)."""
        return self.planes

    # -- what the pilots see ----------------------------------------------------------------
    def can_see(self, viewer: PlaneState, other: PlaneState) -> bool:
        """Whether ``viewer`` can sight ``other`` (cloud and sun, optional rules)."""
        return self.optional.can_see(viewer, other)

    def fire_context(self) -> FireContext:
        """What the Gunfire Phase's rules read beside the planes."""
        return FireContext(round=self.turn, options=self.scenario.options, can_see=self.can_see)

    def scripted_orders(self) -> dict[str, OtlRound]:
        """The script's orders for next round of each plane that still has script left;
        the rest are flown by their AI pilots."""
        index = self.turn
        return {
            pid: setup.script[index]
            for pid, setup in self.setups.items()
            if setup.pilot == "script" and index < len(setup.script) and self.planes[pid].flying
        }

    def legal(self, orders: dict[str, OtlRound]) -> bool:
        """Whether every order names a plane still flying (the rest is judged as played)."""
        return all(pid in self.planes and self.planes[pid].flying for pid in orders)

    @property
    def over(self) -> bool:
        """Only one side still fights (or none), and the wreck has been seen going down."""
        return self.wrap_up > WRAP_UP_ROUNDS

    # -- one round ----------------------------------------------------------------------------
    def play_turn(self, orders: dict[str, OtlRound]) -> RoundRecord:
        """Play one round with the given orders (the AI flies every plane left out);
        :class:`IllegalOrder` names the plane, the round, the step and the rule."""
        try:
            return self._play_round(orders)
        except IllegalOrder as error:
            named = error.problem.startswith("step ")
            raise error.in_rules_words("round", self.turn, segment=not named) from None

    def _play_round(self, orders: dict[str, OtlRound]) -> RoundRecord:
        stray = sorted(pid for pid in orders if pid not in self.planes)
        if stray:
            raise IllegalOrder(
                "orders", f"no plane {stray[0]!r} in the scenario", turn=self.turn + 1
            )
        self.turn += 1
        number = self.turn
        ctx = MoveContext(round=number, date=self.move_ctx.date,
                          take_off_landing=self.move_ctx.take_off_landing)  # fmt: skip
        rolls_before = len(self.dice.rolls)
        start = {pid: pose_point(p) for pid, p in self.planes.items()}
        flying = [pid for pid in sorted(self.planes) if self.planes[pid].flying]
        given = {pid: orders[pid] for pid in flying if pid in orders}
        plays: dict[str, RoundPlay] = {}
        events: list[Event] = self.writer.events(
            self.optional.start_round(list(self.planes.values()), number), number
        )

        # Phase 1: Targeting — every pilot chooses, seeing last round's markers, then all
        # the markers go down at once.
        chosen: dict[str, str | None] = {}
        for pid in flying:
            plane = self.planes[pid]
            order = given.get(pid)
            target = order.target if order is not None else self.ai[pid].choose_target(self, plane)
            check_target(plane, target, self.planes, number, self.can_see)
            chosen[pid] = target
            plays[pid] = RoundPlay(order=order or OtlRound(target=target))
        for pid, target in chosen.items():
            self.planes[pid].target = target

        # Orders written five rounds ahead (cloud, spotting), and bombing or photo runs.
        for pid in flying:
            plane = self.planes[pid]
            if self.optional.locked(pid):
                fresh = given.get(pid) or self.ai[pid].choose_move(self, plane, ctx, plane.target)
                given[pid] = self.optional.order_to_fly(plane, fresh)
                plays[pid].order = given[pid]
            if pid in given:
                self.optional.check_runs(plane, given[pid], number)

        # Phase 2: Movement — the start-of-round checks, then each plane in order.
        for pid in flying:
            plane = self.planes[pid]
            plays[pid].notes.extend(start_of_round(plane, plays[pid].order, self.dice, ctx))
        movers = movement_order(self.planes, self.dice, number)
        self.moved_this_round = set()
        for mover in movers:
            plane = self.planes[mover.id]
            play = plays[mover.id]
            play.mover = mover
            if mover.id not in given:
                play.order = self.ai[mover.id].choose_move(self, plane, ctx, plane.target)
            play.speed_flown = plane.speed
            play.stalled_or_spun = plane.condition != "normal"
            result = self._planned(plane, play, ctx)
            apply_move(plane, result)
            self.moved_this_round.add(mover.id)
            play.result = result
            play.notes.extend(result.notes)
            play.notes.extend(end_of_round(plane, result, self.dice, ctx))
            if result.reached_ground and plane.flying:
                events.extend(
                    self.writer.events(self.optional.touch_down(plane, result, number), number)
                )

        mid_round = {
            pid: self.writer.sheet(plane, plays[pid].result if pid in plays else None)
            for pid, plane in self.planes.items()
        }
        for pid in self.planes:
            if pid in plays:
                mid_round[pid]["active"] = True

        # Phase 3: Gunfire — ground fire, then jam clearing and firing, all simultaneous.
        flags = {
            pid: FlightFlags(
                entered_inverted=p.result.entered_inverted,
                entered_vertical=p.result.entered_vertical,
                over_max_level=p.result.over_max_level,
                stalled_or_spun=p.stalled_or_spun,
                slipped_whole_round=p.result.slipped_whole_round,
            )
            for pid, p in plays.items()
            if p.result is not None
        }
        chits, ground_events = self.optional.ground_fire(self.planes, number)
        events.extend(self.writer.events(ground_events, number))
        fire_orders = {}
        for pid, play in plays.items():
            plane = self.planes[pid]
            if not plane.flying:
                continue
            if pid in given and (play.order.fire or not play.order.auto_fire):
                fire_orders[pid] = play.order
            else:
                fire_orders[pid] = play.order.model_copy(
                    update={"fire": self.ai[pid].choose_fire(self, plane)}
                )
        fired = resolve_gunfire(
            self.planes,
            fire_orders,
            flags,
            self.dice,
            self.fire_context(),
            others=self.optional.shot_targets(),
        )
        events.extend(self.writer.events(fired.events, number))
        self.shot_at_by = {}
        for shot in fired.shots:
            self.shot_at_by.setdefault(shot.target, set()).add(shot.firer)
        for target, count in fired.chits.items():
            chits[target] = chits.get(target, 0) + count
        chits, hit_units = self.optional.hits_on_ground_units(
            chits, fired, self.fire_context(), self.planes, number
        )
        events.extend(self.writer.events(hit_units, number))

        # Phase 4: Damage Resolution.
        overdive = {
            pid: p.result.overdive_chits
            for pid, p in plays.items()
            if p.result is not None and p.result.overdive_chits
        }
        damage_events = resolve_damage(
            self.planes,
            chits,
            overdive,
            flags,
            self.dice,
            self.fire_context(),
            incendiary_chits=fired.incendiary_chits,
        )
        events.extend(self.writer.events(damage_events, number))

        # The round's end: balloons sink, crews bail out, planes go home or hit the ground.
        events.extend(
            self.writer.events(self.optional.end_of_round(self.planes, plays, number), number)
        )
        for plane in self.planes.values():
            plane.last_target = plane.target
        if len({p.side for p in self.planes.values() if p.flying and p.condition != "broken"}) < 2:
            self.wrap_up += 1
        return self.writer.round_record(number, start, plays, events, rolls_before, mid_round)

    def _planned(self, plane: PlaneState, play: RoundPlay, ctx: MoveContext) -> MoveResult:
        """The move's plan; a move written five rounds ahead (cloud, spotting) that the
        rules refuse in the plane's state now is not flown: the plane flies on as it is
        (docs/rulings.md, orders written ahead)."""
        try:
            return plan_move(plane, play.order, ctx)
        except IllegalOrder as error:
            if not self.optional.locked(plane.id):
                raise
            play.order = play.order.model_copy(update={"moves": ()})
            play.notes.append(f"its written move cannot be flown now ({error.problem}); flies on")
            return plan_move(plane, play.order, ctx)

    def run(
        self,
        turns: int | None = None,
        orders: Callable[[int], dict[str, OtlRound]] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Timeline:
        """Play ``turns`` rounds (the scenario's by default, stopping early once the fight is
        over) and return the timeline."""
        count = self.scenario.turns if turns is None else turns
        for played in range(1, count + 1):
            given = orders(played) if orders is not None else self.scripted_orders()
            self.play_turn(given)
            if progress is not None:
                progress(played, count)
            if orders is None and self.over:
                break
        return self.writer.timeline()


def path_of(play: RoundPlay, start: PathPoint) -> list[PathPoint]:
    """The path flown this round, or the plane standing where it was."""
    return play.result.path if play.result is not None else [start]
