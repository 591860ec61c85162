"""The AI pilot's plot (SoP 03): candidate rolls and pulls flown through the game's planner,
each end of turn scored for the posture (:mod:`.scoring`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.bop.ai import gun_setup, scoring
from engine.bop.ai.contacts import (
    Contact,
    guesses,
    turn_sense,
)
from engine.bop.ai.declarations import corner_speed_kt, gun_range_ft
from engine.bop.ai.g_risk import crew_g_cost, tolerable_load_g
from engine.bop.ai.params import AiParams, AiState, AiStep, Posture
from engine.bop.aircraft_state import AircraftState
from engine.bop.maneuvers.geometry import TURN_S, Vec, angle_deg, norm, sub
from engine.bop.maneuvers.search import (
    ROLL_TICKS,
    Load,
    Outcome,
    Tail,
    best,
    fly_straight,
    plot_of,
    pull,
    pull_toward,
    start_attitude,
    straight_segment,
    try_plot,
    unload,
)
from engine.bop.view import GameView
from engine.performance import speed_change
from engine.phad import Attitude
from models.aircraft import AircraftCard
from models.orders import (
    BopPlot,
    Throttle,
)
from models.scenario import ADVANCED_RULES, AdvancedRule


def search(game: GameView, me: AircraftState, state: AiState, params: AiParams) -> AiStep:
    """No enemy known: head for where one was last seen (as if it were still there), or
    level off on the present heading (a pilot waking from a black-out in a dive pulls out),
    at military power."""
    start = start_attitude(game, me.id)
    last = max(state.sightings.values(), key=lambda s: s.turn, default=None)
    limits = limits_for(game, me, params)
    start_velocity = me.attitude.velocity.unit_vector()
    if last is None:
        ahead = (start_velocity[0], start_velocity[1], 0.0)
        level = ahead if norm(ahead) > 1e-6 else (0.0, 1.0, 0.0)  # from the vertical: north
        outcome = best(
            game,
            me.id,
            candidates("mil", start, tails_for(level, 4.0, game.scenario.advanced_rules), False),
            lambda o: scoring.cruise(
                own_end(game, me, o, "mil", False, start_velocity), level, limits
            ),
        )
    else:
        still = scoring.Bandit(last.position_ft, last.velocity_ft_s, last.position_ft)
        goal = sub(last.position_ft, me.position_ft())
        groups = candidates("mil", start, tails_for(goal, 4.0, game.scenario.advanced_rules), False)
        outcome = best(
            game,
            me.id,
            groups,
            lambda o: scoring.offensive(
                own_end(game, me, o, "mil", False, start_velocity), still, limits
            ),
        )
    note = () if state.posture == "search" else (f"{me.callsign} searches: no enemy in sight",)
    return AiStep(outcome.plot, replace(state, posture="search", bandit=""), "search", note)


def limits_for(game: GameView, me: AircraftState, params: AiParams) -> scoring.Limits:
    return scoring.Limits(
        gun_range_ft=gun_range_ft(me) or 2_000.0,
        slowest_kt=0.6 * corner_speed_kt(game, me),
        floor_ft=params.floor_ft,
        start_alt_ft=me.alt_ft,
    )


def candidates(
    throttle: Throttle, start: Attitude, tails: list[tuple[Tail, int]], speedbrake: bool
) -> Iterator[Iterator[BopPlot]]:
    """Every roll (every ``step``-th for a tail that only flies on) followed by each tail,
    each tried at roll durations of 1-4 ticks; plots are built only as the search reaches
    them (the first legal duration of a group ends it)."""
    half = start.roll_ring_cells() // 2
    for tail, step in tails:
        for cells in range(-half, half + 1, step):
            if cells == 0:
                yield iter((plot_of(throttle, tail(start, 10), speedbrake),))
                continue
            yield rolled_plots(throttle, start, cells, tail, speedbrake)


def rolled_plots(
    throttle: Throttle, start: Attitude, cells: int, tail: Tail, speedbrake: bool
) -> Iterator[BopPlot]:
    rolled = start.roll(cells)
    for ticks in ROLL_TICKS:
        roll = straight_segment(ticks, cells)
        yield plot_of(throttle, [roll, *tail(rolled, 10 - ticks)], speedbrake)


MODERATE_LOADS_G = (3.0, 5.0)
"""Fixed loads tried besides the maximum and sustained ones (a 3 G and a 5 G pull)."""


def tails_for(
    goal: Vec,
    max_load_g: float,
    played: Collection[AdvancedRule] = ADVANCED_RULES,
    tolerable_g: float | None = None,
) -> list[tuple[Tail, int]]:
    """What may follow the roll, each with the roll step it is tried at: the pulls after
    every roll, straight flight and the unload after every second one (when the scenario
    plays the advanced rule Unloaded Flight). A pilot whose tolerance (``tolerable_g``,
    :func:`.g_risk.tolerable_load_g`) is below what the aircraft may pull also tries his own
    hardest pull, and pulls the Nose onto the bandit at it."""
    hard: Load = "max"
    extra: list[tuple[Tail, int]] = []
    if tolerable_g is not None and tolerable_g < max_load_g:
        hard = tolerable_g
        extra = [(pull(tolerable_g), 1)]
    moderate = [(pull(load), 1) for load in MODERATE_LOADS_G if load < max_load_g]
    unloads = [(unload, 2)] if "unloaded_flight" in played else []
    return [
        (pull("max"), 1),
        *extra,
        (pull("sustained"), 1),
        *moderate,
        (pull_toward(hard, goal), 1),
        (fly_straight, 2),
        *unloads,
    ]


def best_plot(
    game: GameView,
    me: AircraftState,
    opponent: Contact,
    posture: Posture,
    throttle: Throttle,
    speedbrake: bool,
    sense: int,
    params: AiParams,
    crowded: bool = False,
) -> Outcome:
    """The best plot against ``opponent`` for the posture; ``crowded``: the pilot knows of
    other enemies besides it, and guards against losing consciousness (:mod:`.g_risk`)."""
    hypotheses = []
    # to the end of this game-turn: none left when it moved earlier in the order of flight
    ahead_s = (game.turn + 1 - opponent.seen.turn) * TURN_S
    for guess in guesses(opponent):
        end_ft, end_velocity = guess.predict(ahead_s)
        later_ft, _ = guess.predict(ahead_s + TURN_S)
        hypotheses.append(scoring.Bandit(end_ft, end_velocity, later_ft))
    end_ft = hypotheses[len(hypotheses) // 2].position_ft
    limits = limits_for(game, me, params)
    start = start_attitude(game, me.id)
    start_velocity = me.attitude.velocity.unit_vector()
    goal = sub(end_ft, me.position_ft())
    conditions = game.flight_conditions(me.id, throttle)
    max_load_g = min(conditions.aero_load_limit_g, conditions.safe_load_g)
    tolerable_g = tolerable_load_g(me, max_load_g) if crowded else None
    tails = tails_for(goal, max_load_g, game.scenario.advanced_rules, tolerable_g)
    g_costs = GCosts(me, crowded)

    def score(outcome: Outcome) -> float:
        own = own_end(game, me, outcome, throttle, speedbrake, start_velocity, crowded, g_costs)
        if posture == "defensive":
            scores = [scoring.defensive(own, b, limits) for b in hypotheses]
        elif posture == "neutral":
            scores = [scoring.merge(own, b, limits, sense) for b in hypotheses]
        else:
            scores = [scoring.offensive(own, b, limits) for b in hypotheses]
        return sum(scores) / len(scores)

    scored = searched(game, me.id, throttle, start, tails, speedbrake, score)
    if not scored:
        return best(game, me.id, iter(()), score)  # straight flight, always plottable
    if posture != "offensive" or not me.card.guns:
        return scored[0][1]
    aim = Aim(game, me, opponent, throttle, speedbrake, limits, ahead_s, crowded)
    return aim.best(scored)


def searched(
    game: GameView,
    aircraft: str,
    throttle: Throttle,
    start: Attitude,
    tails: list[tuple[Tail, int]],
    speedbrake: bool,
    score: Callable[[Outcome], float],
) -> list[tuple[float, Outcome]]:
    """Every legal candidate (:func:`candidates`: the first legal duration of each roll
    and tail) with its score, best first; ties go to the earlier tail, then the roll
    further left (the order they are tried in)."""
    scored: list[tuple[float, Outcome]] = []
    for group in candidates(throttle, start, tails, speedbrake):
        for plot in group:
            outcome = try_plot(game, aircraft, plot)
            if outcome is not None:
                scored.append((score(outcome), outcome))
                break
    scored.sort(key=lambda pair: pair[0])
    return scored


SETUP_RANGE_GUN_RANGES = 5.0
"""Within this many gun ranges the attacker asks the gun rules about its plots
(:mod:`.gun_setup`)."""
SHOT_NOW_BONUS = 100.0
"""Score taken off a plot that ends with a gunshot open (the rules', not the angles')."""
SETUP_BONUS = 50.0
"""Score taken off a plot from which a pull next game-turn opens a gunshot."""


@dataclass(frozen=True, slots=True)
class Aim:
    """The attacker's best plot with the gun rules asked (:mod:`.gun_setup`): a plot that
    opens a shot now, or sets one up for the next game-turn, is worth more than its angles
    say, when it and the pull after it stay within the pilot's tolerance
    (:func:`.g_risk.tolerable_load_g`: a shot is not worth his consciousness)."""

    game: GameView
    me: AircraftState
    opponent: Contact
    throttle: Throttle
    speedbrake: bool
    limits: scoring.Limits
    ahead_s: float
    crowded: bool

    def best(self, scored: list[tuple[float, Outcome]]) -> Outcome:
        """Of the candidates searched (best first, never empty), the one the gun rules
        favour; the best when the bandit is far."""
        game, me = self.game, self.me
        start_ft = self.opponent.at_turn_start(game.turn).position_ft
        if (
            norm(sub(start_ft, me.position_ft()))
            > SETUP_RANGE_GUN_RANGES * self.limits.gun_range_ft
        ):
            return scored[0][1]
        likely = guesses(self.opponent)[len(guesses(self.opponent)) // 2]
        attitude = game.aircraft[self.opponent.id].attitude  # its miniature, as seen
        expected = gun_setup.Expected(
            likely.predict(self.ahead_s)[0], likely.predict(self.ahead_s + TURN_S)[0], attitude
        )
        gun_fp = max(gun.max_range_fp for gun in me.card.guns or ())
        start_me = me.placement()
        start_it = gun_setup.placement_at(start_ft, attitude)
        chosen = scored[0]
        tolerable_g = tolerable_load_g(me, 99.0)
        # a shot is not worth the pilot's consciousness: only pulls within his tolerance
        scored = [pair for pair in scored if pair[1].flown.greatest_load_g <= tolerable_g]
        for value, outcome in scored[: gun_setup.NOW_CHECKS]:
            if value - SHOT_NOW_BONUS < chosen[0] and gun_setup.shot_now(
                start_me, start_it, outcome, expected, gun_fp
            ):
                chosen = (value - SHOT_NOW_BONUS, outcome)
        checks = 0
        for value, outcome in scored:
            if checks >= gun_setup.SETUP_CHECKS or value - SETUP_BONUS >= chosen[0]:
                break
            speed_kt = self.end_speed_kt(outcome)
            if not gun_setup.could_reach(outcome, speed_kt, expected, self.limits.gun_range_ft):
                continue
            checks += 1
            ghost = gun_setup.imagined(me, outcome, speed_kt)
            goal = sub(expected.next_ft, ghost.position_ft())
            tails = gun_setup.next_turn_tails(goal, tolerable_g)
            next_groups = candidates(
                self.throttle, ghost.attitude.end_pointing(), tails, self.speedbrake
            )
            if gun_setup.sets_up_shot(game, ghost, outcome, expected, next_groups, gun_fp):
                chosen = (value - SETUP_BONUS, outcome)
                break
        return chosen[1]

    def end_speed_kt(self, outcome: Outcome) -> int:
        start_velocity = self.me.attitude.velocity.unit_vector()
        own = own_end(
            self.game,
            self.me,
            outcome,
            self.throttle,
            self.speedbrake,
            start_velocity,
            self.crowded,
        )
        return own.speed_kt


def own_end(
    game: GameView,
    me: AircraftState,
    outcome: Outcome,
    throttle: Throttle,
    speedbrake: bool,
    start_velocity: Vec,
    crowded: bool = False,
    g_costs: GCosts | None = None,
) -> scoring.OwnEnd:
    """Where ``outcome`` leaves the pilot's aircraft, for the scores: position, velocity,
    end speed, DP, turn sense and what its loads cost the crew (``g_costs``: the search's
    own memory of them, :class:`GCosts`)."""
    loads = outcome.flown.loads_by_tick
    end_speed_kt = _end_speed_kt(
        me.card,
        throttle,
        me.alt_ft,
        me.speed_kt,
        me.weight_lb,
        sum(loads) / len(loads),
        max(loads),
        outcome.end_ft[2] - outcome.start_ft[2],
        speedbrake,
        me.stores_cd0,
        outcome.flown.negative_loads_used,
    )
    velocity = outcome.end_attitude.velocity.unit_vector()
    heading_change = angle_deg(
        (start_velocity[0], start_velocity[1], 0.0), (velocity[0], velocity[1], 0.0)
    )
    sense = turn_sense(start_velocity, velocity) if heading_change > 10.0 else 0
    return scoring.OwnEnd(
        outcome.end_ft,
        velocity,
        end_speed_kt,
        outcome.flown.departure_points,
        sense,
        greatest_load_g=max(loads),
        crew_g_cost=(g_costs or GCosts(me, crowded))(max(loads)),
        onset_g=max(loads) - me.greatest_load_g,
    )


@lru_cache(maxsize=8_192)
def _end_speed_kt(
    card: AircraftCard,
    throttle: Throttle,
    alt_ft: float,
    speed_kt: int,
    weight_lb: float,
    average_load_g: float,
    greatest_load_g: float,
    alt_change_ft: float,
    speedbrake: bool,
    stores_cd0: float,
    negative_loads_used: bool,
) -> int:
    """The End Speed a plot's loads and climb give (Speed Change Phase); candidates share
    their loads and climbs, so each is worked out once."""
    return speed_change(
        card,
        throttle,
        alt_ft,
        speed_kt,
        weight_lb,
        average_load_g=average_load_g,
        greatest_load_g=greatest_load_g,
        alt_change_ft=alt_change_ft,
        speedbrake=speedbrake,
        stores_cd0=stores_cd0,
        negative_loads_used=negative_loads_used,
    ).end_speed_kt


class GCosts:
    """The Crew G cost of each greatest load (:func:`.g_risk.crew_g_cost`) for one pilot as
    he is while he plots: his candidates share a few loads, so each is worked out once."""

    __slots__ = ("_costs", "_crowded", "_me")

    def __init__(self, me: AircraftState, crowded: bool) -> None:
        self._me = me
        self._crowded = crowded
        self._costs: dict[float, float] = {}

    def __call__(self, load_g: float) -> float:
        cost = self._costs.get(load_g)
        if cost is None:
            cost = self._costs[load_g] = crew_g_cost(self._me, load_g, self._crowded)
        return cost
