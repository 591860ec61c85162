"""Plotting a game-turn (Flight Phase, SoP 03, Meta Steps Bp–Cp).

Each plotted segment becomes a :class:`PlottedSegment`: its ticks, Flight Points, movement
vector, the loads recorded on the Average Load table and the PHAD marks after it.  This is the
one place that decides whether a plot is legal; an illegal segment raises
:class:`~engine.bop.errors.IllegalOrder` naming the rule and what would be legal.

The segment kinds and their rules:

* straight — "Straight Flight" (Bp5–Bp10): load 1.0 at 00/±30 pitch, 0.0 at ±60/±90, −1.0
  inverted when the scenario plays Inverted Flight (advanced rule); may roll.
* turn — "Turning Flight", "Multi-Turns", "Incomplete Turning Segment", "Minimize Carry",
  "Movement Vector", "Negative Loads"; may roll 0–2 cells after a complete turn.
* unload — "Unloaded Flight", "Pitching Down": Pitchdown Points, altitude loss, no rolling.
* barrel_roll — "Barrel Rolls": at least 2.5 G, 9 TP for a half roll and 18 for a full one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import TypeVar

from engine import performance as perf
from engine.aero import Throttle, lift_coefficient, polar_at, q_mark, sustained_load_g
from engine.bop.departure import controllability_region, controllability_roll_dp
from engine.bop.errors import IllegalOrder
from engine.phad import RINGS, Attitude, Cell, MovementVector, pitch_down
from models.aircraft import AircraftCard, RollRow
from models.orders import (
    BarrelRollSegment,
    BopPlot,
    Segment,
    StraightSegment,
    TurnSegment,
    UnloadSegment,
)
from models.scenario import ADVANCED_RULES, AdvancedRule

_T = TypeVar("_T")

PITCHDOWN_POINTS_PER_TICK = 20
"""Pitchdown Points gained per tick unloaded ("Unloaded Flight")."""
HALF_BARREL_ROLL_TP = 9
FULL_BARREL_ROLL_TP = 18
BARREL_ROLL_MIN_LOAD_G = 2.5
SUSTAINED_ROLL_FACTOR = 1.5
"""Roll rates after the first FP of rolling are 1.5 times the listed rate (Sustained Rolls)."""


@dataclass(frozen=True, slots=True)
class FlightConditions:
    """What Ap finds for an aircraft at the start of its Flight Phase."""

    card: AircraftCard
    speed_kt: int
    alt_ft: float
    weight_lb: float
    keas: float
    mach: float
    aero_load_limit_g: float
    safe_load_g: float
    throttle: Throttle = "mil"
    roll_rate_factor: float = 1.0
    """Critical hits multiply every roll rate by this (Controls: "roll rates halved")."""
    roll_rate_loss: float = 0.0
    """Critical hits take this many cells per FP off every roll rate (Hydraulics)."""
    advanced_rules: frozenset[AdvancedRule] = frozenset(ADVANCED_RULES)
    """The advanced rules the scenario plays (every one unless told); plotting applies
    Inverted Flight and Pointing only when they are played."""

    _memo: dict[object, object] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """What has been worked out from these conditions (they never change; a pilot's search
    asks the same loads and rows of them hundreds of times a game-turn)."""

    def _remember(self, key: object, work: Callable[[], _T]) -> _T:
        memo = self._memo
        if key not in memo:
            memo[key] = work()
        return memo[key]  # type: ignore[return-value]

    @property
    def cl_max(self) -> float:
        return self._remember("cl_max", lambda: polar_at(self.card, self.mach).cl_max)

    @property
    def q_mark(self) -> float:
        """The Ap3 Q-mark, from KEAS and wing load."""
        return self._remember(
            "q_mark", lambda: q_mark(self.keas, self.weight_lb, self.card.wing_area_ft2)
        )

    @property
    def controllability_number(self) -> int:
        """The number of the Controllability Region the Q-mark falls in (Marginal 1, Low 2,
        No 3), or 0 above the region."""
        region = controllability_region(self.q_mark)
        return region.number if region is not None else 0

    def lift_at(self, load_g: float) -> float:
        """Lift coefficient at a load ("Finding the Roll Rate", Ep14)."""
        return lift_coefficient(load_g, self.weight_lb, self.keas, self.card.wing_area_ft2)

    @property
    def max_pull_g(self) -> float:
        """The most load a pilot can ask for: below both the exact aero limit (to 0.5 G,
        rounded down so as not to exceed Max-Lift) and the safe load."""

        def work() -> float:
            exact = self.cl_max * self.q_mark
            return math.floor(min(exact, self.safe_load_g) * 2 + 1e-9) / 2

        return self._remember("max_pull_g", work)

    @property
    def sustained_pull_g(self) -> float:
        """The most load (to 0.5 G, rounded down) at which thrust still balances drag at
        the declared throttle, at least 1 G and at most :attr:`max_pull_g`."""

        def work() -> float:
            sustained = sustained_load_g(
                self.card, self.throttle, self.alt_ft, self.speed_kt, self.weight_lb
            )
            return max(1.0, min(math.floor(sustained * 2 + 1e-9) / 2, self.max_pull_g))

        return self._remember("sustained_pull_g", work)

    @property
    def spin_turn_drag_load_g(self) -> float:
        """The load whose lift is the top of the highest non-pointing AoA row (capped at
        Max-Lift): a spinning aircraft's Turn Drag is found at it for the whole game-turn
        ("Spinning")."""
        rows = [row for row in self.card.roll if not row.pointing]
        cl = min(rows[-1].cl_up_to, self.cl_max) if rows else self.cl_max
        return cl * self.q_mark

    def roll_row(self, load_g: float) -> RollRow:
        """The AoA table row for the lift at this load, with its rates cut by any roll-rate
        damage (docs/rulings.md)."""

        def work() -> RollRow:
            lift = self.lift_at(load_g)
            row = next((row for row in self.card.roll if lift <= row.cl_up_to), self.card.roll[-1])
            if self.roll_rate_factor == 1.0 and not self.roll_rate_loss:
                return row
            return damaged_roll_row(row, self.roll_rate_factor, self.roll_rate_loss)

        return self._remember(("roll_row", load_g), work)

    def undamaged(self) -> FlightConditions:
        """These conditions with the card's own roll rates."""
        return self._remember(
            "undamaged", lambda: replace(self, roll_rate_factor=1.0, roll_rate_loss=0.0)
        )


def damaged_roll_row(row: RollRow, factor: float, loss: float) -> RollRow:
    """An AoA row's roll rates multiplied by ``factor``, then less ``loss`` cells per FP
    (never below zero); the rolling-while-turning allowance is cut the same way, rounded
    down."""

    def cut(rate: float) -> float:
        return max(0.0, rate * factor - loss)

    turning = min(2, max(0, math.floor(cut(row.turning_roll_cells) + 1e-9)))
    return row.model_copy(
        update={
            "safe": cut(row.safe),
            "normal": cut(row.normal),
            "boosted": cut(row.boosted),
            "turning_roll_cells": turning,
        }
    )


@dataclass(frozen=True, slots=True)
class PlottedSegment:
    """One plotted segment, ready to be moved."""

    index: int
    kind: str
    start_tick: int
    end_tick: int
    fp: int
    movement_vector: MovementVector
    start_attitude: Attitude
    end_attitude: Attitude
    load_g: float
    """Load recorded for each tick of the segment (magnitude; see ``negative``)."""
    negative: bool = False
    turn_g: float | None = None
    tp_generated: int = 0
    tp_carry_after: int = 0
    cells_turned: int = 0
    incomplete: bool = False
    rolled_cells: int = 0
    roll_points: float = 0.0
    roll_cells_lost: int = 0
    """Cells of the ordered roll that damaged roll rates could not give (docs/rulings.md)."""
    altitude_loss_steps: int = 0
    """Extra altitude lost by an unloaded segment (duration / 3, rounded)."""
    pitchdown_points_after: int = 0
    departure_points: int = 0
    end_hex: str | None = None
    """The player's recorded end hex, if any (2D move)."""
    alt_change_steps: int | None = None
    """The player's recorded altitude change, if any (3D move)."""

    @property
    def ticks(self) -> int:
        return self.end_tick - self.start_tick


@dataclass(slots=True)
class _PlotState:
    attitude: Attitude
    tick: int
    tp_carry: int
    pitchdown_points: int
    segments: list[PlottedSegment] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class PlottedTurn:
    """A whole game-turn's plot for one aircraft."""

    segments: tuple[PlottedSegment, ...]
    end_attitude: Attitude
    tp_carry: int
    pitchdown_points: int
    loads_by_tick: tuple[float, ...]
    negative_loads_used: bool
    departure_points: int

    @property
    def greatest_load_g(self) -> float:
        return max(self.loads_by_tick)


def roll_points(rate_cells_per_fp: float, fp: int, snap: bool = False) -> float:
    """Roll points over ``fp`` FP: the listed rate for the first FP, 1.5× after (Sustained
    Rolls); a snap roll uses the sustained rate from the first FP (Snap Rolls)."""
    if fp <= 0:
        return 0.0
    sustained = SUSTAINED_ROLL_FACTOR * rate_cells_per_fp
    first = sustained if snap else rate_cells_per_fp
    return first + sustained * (fp - 1)


@dataclass(frozen=True, slots=True)
class ImposedUnload:
    """An involuntary unloaded segment: a High-Speed Departure's at the start of the
    game-turn, or the rest of the turn after a pilot loses consciousness to G Onset. Its
    duration is the rules', not the voluntary minimum, and each tick counts as ``load_g``
    on the Average Load table ("Unloaded Flight": uncommanded unloads may specify a load)."""

    ticks: int
    load_g: float = 0.0
    segment_index: int = 0
    """Which of the plot's segments is the involuntary one."""
    spin: bool = False
    """A spinning aircraft's game-turn: the Velocity first falls a cell towards -90 and the
    aircraft gyrates ("Spinning", SoP 06)."""
    gyration_roll_cells: int = 0
    """Spin Gyrations: roll cells about the Nose over the segment (negative to the left)."""


def plot_turn(
    conditions: FlightConditions,
    attitude: Attitude,
    plot: BopPlot,
    tp_carry: int = 0,
    pitchdown_points: int = 0,
    imposed: ImposedUnload | None = None,
) -> PlottedTurn:
    """Plot every segment of ``plot`` (Bp–Cp); raises IllegalOrder for an illegal one.

    With ``imposed``, the unloaded segment it names is the involuntary one.
    """
    state = _PlotState(attitude.end_pointing(), 0, tp_carry, pitchdown_points)
    queue: list[tuple[int, Segment]] = list(enumerate(plot.segments))
    surplus = 0
    while queue:
        index, segment = queue.pop(0)
        if surplus:
            # Minimize Carry: ticks a segment did not need become part of the next one.
            segment = segment.model_copy(update={"ticks": segment.ticks + surplus})
            surplus = 0
        if not isinstance(segment, UnloadSegment):
            state.pitchdown_points = 0  # lost on starting any other segment
        involuntary = (
            imposed
            if imposed is not None
            and index == imposed.segment_index
            and isinstance(segment, UnloadSegment)
            else None
        )
        try:
            plotted = _plot_segment(conditions, state, index, segment, involuntary)
        except IllegalOrder as error:
            raise IllegalOrder(error.rule, error.problem, segment=index) from None
        if segment.end_hex is not None or segment.alt_change_steps is not None:
            plotted = replace(
                plotted, end_hex=segment.end_hex, alt_change_steps=segment.alt_change_steps
            )
        surplus = state.tick + segment.ticks - plotted.end_tick
        state.segments.append(plotted)
        state.attitude = plotted.end_attitude
        state.tick = plotted.end_tick
        state.tp_carry = plotted.tp_carry_after
        if isinstance(segment, UnloadSegment):
            state.pitchdown_points = plotted.pitchdown_points_after
        if surplus and not queue:
            queue.append((index, _continuation(segment, surplus)))
            surplus = 0
    last = state.segments[-1]
    end = state.attitude
    if (
        last.kind == "turn"
        and not last.incomplete
        and conditions.roll_row(last.load_g).pointing
        and "pointing" in conditions.advanced_rules
    ):
        end = end.point()
    loads: list[float] = []
    for segment_ in state.segments:
        loads.extend([segment_.load_g] * segment_.ticks)
    return PlottedTurn(
        segments=tuple(state.segments),
        end_attitude=end,
        tp_carry=state.tp_carry,
        pitchdown_points=state.pitchdown_points,
        loads_by_tick=tuple(loads),
        negative_loads_used=any(s.negative for s in state.segments),
        departure_points=sum(s.departure_points for s in state.segments),
    )


def _continuation(segment: Segment, ticks: int) -> Segment:
    """What fills the ticks a shortened last segment left: keep pulling one cell at a time
    after a turn by cells (the last may end incomplete), keep pulling toward a target Nose,
    fly straight after a barrel roll."""
    if isinstance(segment, TurnSegment):
        if segment.nose is not None:
            return segment.model_copy(
                update={"ticks": ticks, "roll_cells": 0, "end_hex": None, "alt_change_steps": None}
            )
        return TurnSegment(ticks=ticks, load_g=segment.load_g, cells=1, negative=segment.negative)
    return StraightSegment(ticks=ticks)


def _plot_segment(
    conditions: FlightConditions,
    state: _PlotState,
    index: int,
    segment: Segment,
    involuntary: ImposedUnload | None = None,
) -> PlottedSegment:
    start, end = state.tick, state.tick + segment.ticks
    if end > 10:
        raise IllegalOrder(
            "Plotting, Bp7",
            f"the segment runs to tick {end}; only {10 - start} ticks remain in the game-turn",
        )
    fp = perf.segment_fp(conditions.speed_kt, start, end)
    if isinstance(segment, StraightSegment):
        return _straight(conditions, state, index, segment, start, end, fp)
    if isinstance(segment, TurnSegment):
        return _turning(conditions, state, index, segment, start, end, fp)
    if isinstance(segment, UnloadSegment):
        return _unloaded(conditions, state, index, segment, start, end, fp, involuntary)
    return _barrel_roll(conditions, state, index, segment, start, end, fp)


def _check_load(conditions: FlightConditions, load_g: float) -> None:
    limit = conditions.aero_load_limit_g
    if load_g > limit + 1e-9:
        raise IllegalOrder(
            "Max Aero Load, Ap4",
            f"load {load_g:.1f} G is above the aero load limit of {limit:.1f} G at "
            f"{conditions.speed_kt} kt; plot {limit:.1f} G or less (more lift departs)",
        )


def _roll_allowance(
    conditions: FlightConditions, load_g: float, fp: int, rate: str, snap: bool
) -> tuple[float, int]:
    """Roll points available and the DP they cost (Rolling)."""
    row = conditions.roll_row(load_g)
    listed: float = getattr(row, rate)
    points = roll_points(listed, fp, snap)
    departure = 0
    if rate == "boosted":
        departure += fp  # 1 DP for every FP boosted
    if snap and fp > 0:
        departure += perf.round_half_up((SUSTAINED_ROLL_FACTOR - 1.0) * listed)
    return points, departure


def _region_roll_dp(conditions: FlightConditions, rate: str, rolled_cells: int) -> int:
    """DP for rolling at the normal or boosted rate in the Controllability Region: 1 for
    every 2 roll points performed, one point per cell rolled ("Select the Type of Roll").
    Safe rolls never cost DP."""
    if rate == "safe":
        return 0
    return controllability_roll_dp(abs(rolled_cells), conditions.q_mark)


def facing_change_dp(conditions: FlightConditions, facing_changes: int) -> int:
    """DP for changing facing in the Controllability Region: the region's number for each
    cell the Nose turns, an incomplete turning segment counting as one ("Departure
    Points", SoP 06)."""
    return conditions.controllability_number * facing_changes


def _straight(
    conditions: FlightConditions,
    state: _PlotState,
    index: int,
    segment: StraightSegment,
    start: int,
    end: int,
    fp: int,
) -> PlottedSegment:
    attitude = state.attitude
    nose = attitude.nose
    load = 1.0 if abs(nose.pitch_deg) <= 30 else 0.0
    inverted = segment.ticks > 3 and attitude.canopy.ring > nose.ring
    if load and inverted and "inverted_flight" in conditions.advanced_rules:
        load = -1.0  # (Advanced) Inverted Flight
    end_attitude = attitude
    points, departure = 0.0, 0
    rolled, lost = segment.roll_cells, 0
    if segment.roll_cells:
        points, departure = _roll_allowance(
            conditions, abs(load), fp, segment.roll_rate, segment.snap
        )
        if abs(rolled) > math.floor(points + 1e-9):
            healthy, _ = _roll_allowance(
                conditions.undamaged(), abs(load), fp, segment.roll_rate, segment.snap
            )
            if abs(rolled) > math.floor(healthy + 1e-9):
                raise IllegalOrder(
                    "Rolling, Cp",
                    f"rolling {abs(rolled)} cells needs that many roll points; the "
                    f"{segment.roll_rate} rate gives {healthy:.1f} over {fp} FP",
                )
            rolled, lost = _cut_by_damage(rolled, math.floor(points + 1e-9))
        end_attitude = attitude.roll(rolled)
        departure += _region_roll_dp(conditions, segment.roll_rate, rolled)
    carry = 0 if abs(rolled) >= 2 else state.tp_carry
    return PlottedSegment(
        index=index,
        kind="straight",
        start_tick=start,
        end_tick=end,
        fp=fp,
        movement_vector=nose,
        start_attitude=attitude,
        end_attitude=end_attitude,
        load_g=abs(load),
        negative=load < 0,
        tp_carry_after=carry,
        rolled_cells=rolled,
        roll_points=points,
        roll_cells_lost=lost,
        departure_points=departure,
    )


def _cut_by_damage(ordered_cells: int, allowed_cells: int) -> tuple[int, int]:
    """An ordered roll a healthy aircraft could make but a damaged one cannot: it rolls as
    far as its damaged rates allow, the same way (signed cells rolled, cells lost)."""
    rolled = min(abs(ordered_cells), allowed_cells)
    return (rolled if ordered_cells > 0 else -rolled), abs(ordered_cells) - rolled


def _turn_ring_path(attitude: Attitude, negative: bool, cells: int) -> tuple[Cell, ...]:
    """The Nose's path for ``cells`` cells along the ring about the Wing."""
    ring = RINGS[attitude.wing]
    sense = -1 if negative else 1
    here = ring.index(attitude.nose)
    return tuple(ring[(here + sense * k) % len(ring)] for k in range(cells + 1))


def _cells_to_target(attitude: Attitude, segment: TurnSegment) -> int:
    """How many cells the Nose must turn to reach the segment's target Nose."""
    ring = RINGS[attitude.wing]
    target = Cell.parse(segment.nose or "")
    if target not in ring:
        reachable = " ".join(str(c) for c in ring)
        raise IllegalOrder(
            "Movement Vector, Bp10",
            f"the Nose cannot reach {target}: it moves only along the path three cells from "
            f"the Wing {attitude.wing}: {reachable}",
        )
    sense = -1 if segment.negative else 1
    return (sense * (ring.index(target) - ring.index(attitude.nose))) % len(ring)


@dataclass(frozen=True, slots=True)
class _TurnPlan:
    cells: int
    turn_g: float
    tp_needed: int


@lru_cache(maxsize=65_536)
def _turn_plan(attitude: Attitude, negative: bool, load_g: float, cells: int) -> _TurnPlan:
    """Turn-G (constant through a multi-turn: the least of its steps) and TP needed."""
    steps = list(pairwise(_turn_ring_path(attitude, negative, max(cells, 1))))
    turn_g = min(perf.turn_g(load_g, a, b) for a, b in steps)
    return _TurnPlan(cells, turn_g, sum(perf.tp_per_cell(a, b) for a, b in steps))


def _turn_load(conditions: FlightConditions, segment: TurnSegment) -> float:
    if segment.load_g == "max":
        if segment.negative:  # a push is held to the negative safe load (docs/rulings.md)
            negative_safe = abs(conditions.card.structure.negative_safe_load_g)
            return min(conditions.max_pull_g, math.floor(negative_safe * 2 + 1e-9) / 2)
        return conditions.max_pull_g
    if segment.load_g == "sustained":
        return conditions.sustained_pull_g
    _check_load(conditions, segment.load_g)
    return segment.load_g


def _turning(
    conditions: FlightConditions,
    state: _PlotState,
    index: int,
    segment: TurnSegment,
    start: int,
    end: int,
    fp: int,
) -> PlottedSegment:
    """A turning segment (Bp5–Bp10, Cp).

    With ``cells`` the turn must complete unless it is a one-cell turn ending the game-turn
    (Incomplete Turning Segment).  With a target ``nose`` the aircraft turns as many cells
    toward it as the segment's TP allow.  Either way the segment lasts the fewest ticks that
    turn those cells (Minimize Carry); the caller passes the rest on.
    """
    attitude = state.attitude
    load = _turn_load(conditions, segment)
    speed = conditions.speed_kt
    carried = state.tp_carry
    if segment.cells is not None:
        plan = _turn_plan(attitude, segment.negative, load, segment.cells)
    else:
        wanted = _cells_to_target(attitude, segment)
        if wanted == 0:  # already there: fly on straight
            straight = StraightSegment(ticks=segment.ticks, roll_cells=segment.roll_cells)
            return _straight(conditions, state, index, straight, start, end, fp)
        plan = _turn_plan(attitude, segment.negative, load, 1)
        for cells in range(wanted, 0, -1):
            plan = _turn_plan(attitude, segment.negative, load, cells)
            if perf.turn_points(speed, plan.turn_g, segment.ticks) + carried >= plan.tp_needed:
                break
    generated = perf.turn_points(speed, plan.turn_g, segment.ticks) + carried
    one_cell = attitude.plot_turn(1, negative_load=segment.negative)
    incomplete = PlottedSegment(
        index=index,
        kind="turn",
        start_tick=start,
        end_tick=end,
        fp=fp,
        movement_vector=one_cell.movement_vector,
        start_attitude=attitude,
        end_attitude=attitude,
        load_g=load,
        negative=segment.negative,
        turn_g=plan.turn_g,
        tp_generated=generated,
        tp_carry_after=generated,
        incomplete=True,
        departure_points=facing_change_dp(conditions, 1),
    )
    if generated < plan.tp_needed:
        if end != 10 or plan.cells != 1:
            fewest = perf.ticks_for_turn_points(speed, plan.turn_g, plan.tp_needed - carried)
            hint = f"{fewest} ticks would" if fewest is not None else "no duration can"
            raise IllegalOrder(
                "Turning Flight, Bp7",
                f"turning {plan.cells} cells needs {plan.tp_needed} TP; {load:.1f} G "
                f"(Turn-G {plan.turn_g:.1f}) over {segment.ticks} ticks gives {generated} "
                f"with {carried} carried; {hint}. Only a one-cell turn ending the game-turn "
                "may be incomplete",
            )
        if segment.roll_cells:
            raise IllegalOrder(
                "Rolling While Turning", "no rolling at the end of an incomplete turning segment"
            )
        return incomplete
    fewest = perf.ticks_for_turn_points(speed, plan.turn_g, plan.tp_needed - carried)
    ticks = segment.ticks if fewest is None else max(1, min(fewest, segment.ticks))
    if ticks < segment.ticks:
        end = start + ticks
        fp = perf.segment_fp(speed, start, end)
        generated = perf.turn_points(speed, plan.turn_g, ticks) + carried
    plotted = attitude.plot_turn(plan.cells, negative_load=segment.negative)
    end_attitude = plotted.attitude
    carry = generated - plan.tp_needed
    rolled, lost = segment.roll_cells, 0
    if rolled:
        allowed = conditions.roll_row(load).turning_roll_cells
        if abs(rolled) > allowed:
            healthy = conditions.undamaged().roll_row(load).turning_roll_cells
            if abs(rolled) > healthy:
                raise IllegalOrder(
                    "Rolling While Turning",
                    f"at {load:.1f} G this aircraft may roll {healthy} cells at the end of a "
                    f"turning segment, not {abs(rolled)}",
                )
            rolled, lost = _cut_by_damage(rolled, allowed)
        end_attitude = end_attitude.roll(rolled)
        if abs(rolled) >= 2:
            carry = 0
    # rolling while turning is at the normal rate ("Rolling While Turning")
    departure = facing_change_dp(conditions, plan.cells) + _region_roll_dp(
        conditions, "normal", rolled
    )
    return replace(
        incomplete,
        end_tick=end,
        fp=perf.turning_fp(fp, plan.cells) if plan.cells >= 3 else fp,
        movement_vector=plotted.movement_vector,
        end_attitude=end_attitude,
        tp_generated=generated,
        tp_carry_after=carry,
        cells_turned=plan.cells,
        incomplete=False,
        rolled_cells=rolled,
        roll_cells_lost=lost,
        departure_points=departure,
    )


def _unloaded(
    conditions: FlightConditions,
    state: _PlotState,
    index: int,
    segment: UnloadSegment,
    start: int,
    end: int,
    fp: int,
    involuntary: ImposedUnload | None = None,
) -> PlottedSegment:
    attitude = state.attitude
    spinning = involuntary is not None and involuntary.spin
    if spinning:
        attitude = spin_fall(attitude)
    elif abs(attitude.nose.pitch_deg) == 90:
        raise IllegalOrder(
            "Unloaded Flight",
            f"the Nose is at {attitude.nose}: an aircraft pointing straight up or down may not "
            "unload; fly a straight segment",
        )
    speed = max(conditions.speed_kt, 1)
    points = state.pitchdown_points + PITCHDOWN_POINTS_PER_TICK * segment.ticks
    ticks_to_pitch = math.ceil(max(speed - state.pitchdown_points, 0) / PITCHDOWN_POINTS_PER_TICK)
    minimum = max(1, min(5, ticks_to_pitch))
    if involuntary is None and segment.ticks < minimum and end != 10:
        raise IllegalOrder(
            "Unloaded Flight, Bp7",
            f"an unloaded segment lasts at least {minimum} ticks here (5, or the ticks until the "
            f"Nose pitches down), not {segment.ticks}",
        )
    amount, remainder = divmod(points, speed)
    result = pitch_down(attitude, amount, segment.side)
    end_attitude = result.attitude
    if spinning and involuntary is not None and involuntary.gyration_roll_cells:
        end_attitude = end_attitude.roll(involuntary.gyration_roll_cells)
    return PlottedSegment(
        index=index,
        kind="unload",
        start_tick=start,
        end_tick=end,
        fp=fp,
        movement_vector=result.movement_vector,
        start_attitude=state.attitude,
        end_attitude=end_attitude,
        load_g=involuntary.load_g if involuntary is not None else 0.0,
        tp_carry_after=state.tp_carry,
        altitude_loss_steps=perf.round_half_up(segment.ticks / 3),
        pitchdown_points_after=remainder,
    )


def spin_fall(attitude: Attitude) -> Attitude:
    """The spinning aircraft's Velocity falls one cell towards -90 before its unloaded flight
    ("Spinning", SoP 06): pitched down a cell as in Unloaded Flight, held at -90 once there;
    from +90, where no heading says which way is down, it falls towards its Canopy."""
    pitch = attitude.nose.pitch_deg
    if pitch == -90:
        return attitude
    if pitch == 90:
        return attitude.plot_turn(1).attitude
    return pitch_down(attitude, 1).attitude


def _barrel_roll(
    conditions: FlightConditions,
    state: _PlotState,
    index: int,
    segment: BarrelRollSegment,
    start: int,
    end: int,
    fp: int,
) -> PlottedSegment:
    attitude = state.attitude
    _check_load(conditions, segment.load_g)
    needed = FULL_BARREL_ROLL_TP if segment.full else HALF_BARREL_ROLL_TP
    generated = perf.turn_points(conditions.speed_kt, segment.load_g, segment.ticks)
    fewest = perf.ticks_for_turn_points(conditions.speed_kt, segment.load_g, needed)
    if generated < needed:
        hint = f"{fewest} ticks would" if fewest is not None else "no duration can"
        raise IllegalOrder(
            "Barrel Rolls, Bp7",
            f"a {'full' if segment.full else 'half'} barrel roll needs {needed} TP; "
            f"{segment.load_g:.1f} G over {segment.ticks} ticks gives {generated}; {hint}",
        )
    if fewest is not None and fewest < segment.ticks:
        # The roll takes the fewest ticks that give its TP; the rest moves on.
        end = start + fewest
        fp = perf.segment_fp(conditions.speed_kt, start, end)
        generated = perf.turn_points(conditions.speed_kt, segment.load_g, fewest)
    roll_needed = 12 if segment.full else 6
    rate, points = _barrel_roll_rate(conditions, segment.load_g, fp, roll_needed)
    departure = (fp if rate == "boosted" else 0) + _region_roll_dp(conditions, rate, roll_needed)
    end_attitude = attitude if segment.full else attitude.half_barrel_roll(segment.direction)
    return PlottedSegment(
        index=index,
        kind="barrel_roll",
        start_tick=start,
        end_tick=end,
        fp=fp,
        movement_vector=attitude.barrel_roll_vector(segment.full, segment.direction),
        start_attitude=attitude,
        end_attitude=end_attitude,
        load_g=segment.load_g,
        tp_generated=generated,
        tp_carry_after=0,
        rolled_cells=roll_needed if segment.direction == "right" else -roll_needed,
        roll_points=points,
        departure_points=departure,
    )


ROLL_RATES = ("safe", "normal", "boosted")


def _barrel_roll_rate(
    conditions: FlightConditions, load_g: float, fp: int, roll_needed: int
) -> tuple[str, float]:
    """The slowest roll rate that gives a barrel roll its roll points, and those points
    ("Barrel Rolls": any rate may be used; a boosted one pays 1 DP per FP as any boosted
    roll does)."""
    row = conditions.roll_row(load_g)
    for rate in ROLL_RATES:
        points = roll_points(getattr(row, rate), fp)
        if points + 1e-9 >= roll_needed:
            return rate, points
    points = roll_points(max(row.safe, row.normal, row.boosted), fp)
    raise IllegalOrder(
        "Barrel Rolls, roll capability",
        f"the roll needs {roll_needed} roll points; at {load_g:.1f} G the best rate "
        f"gives {points:.1f} over {fp} FP; choose another load or segment",
    )
