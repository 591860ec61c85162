"""Departure (SoP 06), Spin Recovery (SoP 05) and too-slow flight ("Net Speed Change").

Pure procedures over explicit inputs, rolling through :class:`~engine.dice.Dice` and returning
results plus :class:`~engine.bop.effects.EffectRecord` entries for the timeline.  The numbers a
printed ADC or play aid would give are rebuilt in ``models/tables/departure.toml``.

* :func:`too_slow_flight`: below 40 kt the aircraft loses a step, flies at 40 kt and collects
  4 Departure Points for the coming check (departed aircraft too).
* :func:`controllability_region`: where the Q-mark (Ap3) falls in the Controllability Region.
* :func:`departure_check`: Pips rating = Depart + PQ + Control AP; Departure Result = Pips
  result − Departure Points; 1 or more keeps control.  Otherwise the aircraft departs: a
  High-Speed Departure above the Controllability Region; inside it a Spin Check, d10 +
  Departure Result, 0 or more a High-Speed Departure, below 0 a spin.
* :func:`spin_recovery`: the optional attempt each Recovery phase while spinning, and
  :func:`recovered_attitude`, the box-miniature reoriented on recovering.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.bop import purposes
from engine.bop.effects import EffectRecord
from engine.dice import Dice
from engine.phad import RINGS, Attitude
from engine.phad.graph import distance
from models.aircraft import AircraftCard
from models.bop_tables import tables_in_play
from models.bop_tables.departure import DEPARTURE_PATH as DEPARTURE_PATH
from models.bop_tables.departure import ControllabilityRow
from models.bop_tables.departure import DepartureTables as DepartureTables
from models.bop_tables.departure import load_departure_tables as load_departure_tables

PILOT_QUALITY_RANGE = (-2, 3)
"""Crew Quality runs from −2 to +3 ("Activity Point Recovery")."""


def departure_tables() -> DepartureTables:
    """The Departure tables in force when a procedure is given none: the shipped ones."""
    return tables_in_play().departure


def check_pilot_quality(pilot_quality: int) -> None:
    low, high = PILOT_QUALITY_RANGE
    if not low <= pilot_quality <= high:
        raise ValueError(f"Pilot Quality runs from {low} to +{high}, not {pilot_quality}")


# --------------------------------------------------------------------------------------
# Too-slow flight and the Controllability Region
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TooSlowResult:
    speed_kt: int
    alt_steps: int
    departure_points: int
    """Departure Points added for the coming check (0 if the speed was not too slow)."""
    record: EffectRecord | None = None


def too_slow_flight(
    end_speed_kt: int, alt_steps: int, who: str, tables: DepartureTables | None = None
) -> TooSlowResult:
    """Too-Slow Flight: below 40 kt lose one step, set 40 kt, collect 4 Departure Points."""
    t = (tables or departure_tables()).too_slow
    if end_speed_kt >= t.min_speed_kt:
        return TooSlowResult(end_speed_kt, alt_steps, 0)
    record = EffectRecord(
        "speed_floor",
        f"{who} fell below {t.min_speed_kt} kt: loses {t.altitude_loss_steps} step, speed "
        f"{t.min_speed_kt}, +{t.departure_points} DP (Too-Slow Flight)",
        {"speed_kt": end_speed_kt, "dp": t.departure_points},
    )
    return TooSlowResult(
        t.min_speed_kt, alt_steps - t.altitude_loss_steps, t.departure_points, record
    )


def controllability_region(
    q_mark: float, tables: DepartureTables | None = None
) -> ControllabilityRow | None:
    """The Controllability Region the Q-mark falls in (worst first), or None above it."""
    for row in (tables or departure_tables()).controllability:
        if q_mark < row.q_mark_below:
            return row
    return None


def controllability_roll_dp(
    roll_points: float, q_mark: float, tables: DepartureTables | None = None
) -> int:
    """DP for normal or boosted rolling in the Controllability Region: 1 for every 2 roll
    points ("Select the Type of Roll"); safe rolls never generate DP and are not passed here."""
    if controllability_region(q_mark, tables) is None or roll_points <= 0:
        return 0
    return int(roll_points // 2)


# --------------------------------------------------------------------------------------
# Departure checks
# --------------------------------------------------------------------------------------

DepartureOutcome = Literal["controlled", "high_speed", "spin"]


@dataclass(frozen=True, slots=True)
class SpinState:
    """A spinning aircraft: the Departure Result it spins with (0 or less)."""

    departure_result: int

    def __post_init__(self) -> None:
        if self.departure_result > 0:
            raise ValueError("a spin's departure result is 0 or less")


@dataclass(frozen=True, slots=True)
class DepartureResult:
    outcome: DepartureOutcome
    checked: bool
    """False when no Departure Points were held: no check, control kept."""
    departure_points: int
    """Departure Points held (the Controllability Region's were collected in flight)."""
    column: int = 0
    pips: int | None = None
    departure_result: int | None = None
    region: str | None = None
    spin_check: int | None = None
    """d10 + Departure Result for a low-speed departure."""
    imposed_unloaded_ticks: int = 0
    """High-Speed Departure: ticks of non-rolling unloaded flight at the start of next turn."""
    imposed_load_g: float = 0.0
    """…each counting as this load for Average Load."""
    spin: SpinState | None = None
    records: tuple[EffectRecord, ...] = field(default=())

    @property
    def departed(self) -> bool:
        return self.outcome != "controlled"


def depart_value(card: AircraftCard, tables: DepartureTables | None = None) -> int:
    """The ADC Depart value: the table's base plus the card's departure_rating."""
    return (tables or departure_tables()).check.depart_base + card.departure_rating


def departure_check(
    card: AircraftCard,
    departure_points: int,
    pilot_quality: int,
    control_ap: int,
    q_mark: float,
    dice: Dice,
    who: str,
    turn: int,
    tables: DepartureTables | None = None,
) -> DepartureResult:
    """The end-of-turn Departure check (SoP 06) for an aircraft that is not spinning.

    ``departure_points`` are all the DP collected this game-turn (plot, Controllability
    Region, too-slow flight); ``q_mark`` is the Ap3 Q-mark, whose region decides only which
    kind of departure follows; ``control_ap`` the AP spent on the Control task.
    """
    tables = tables or departure_tables()
    check_pilot_quality(pilot_quality)
    if not 0 <= control_ap <= tables.check.control_ap_max:
        raise ValueError(
            f"the Control task takes 0 to {tables.check.control_ap_max} AP, not {control_ap}"
        )
    if departure_points < 0:
        raise ValueError("departure_points cannot be negative")
    if departure_points == 0:
        return DepartureResult("controlled", False, 0)
    region = controllability_region(q_mark, tables)
    held = departure_points
    column = depart_value(card, tables) + pilot_quality + control_ap
    pips = dice.pips(column, purposes.departure_check(who, turn))
    result = pips - held
    data: dict[str, float | int | str | bool] = {
        "dp": held,
        "column": column,
        "control_ap": control_ap,
        "pips": pips,
        "departure_result": result,
        "region": region.name if region else "",
    }
    where = f" in the {region.name} Controllability Region" if region else ""
    if result >= 1:
        record = EffectRecord(
            "departure_check",
            f"{who} holds {held} DP{where}: departure result {result}, keeps control",
            {**data, "outcome": "controlled"},
        )
        return DepartureResult(
            "controlled",
            True,
            held,
            column,
            pips,
            result,
            region.name if region else None,
            records=(record,),
        )
    return _departed(held, column, pips, result, region, where, data, dice, who, turn, tables)


def max_lift_departure(
    q_mark: float,
    dice: Dice,
    who: str,
    turn: int,
    tables: DepartureTables | None = None,
) -> DepartureResult:
    """Of Max Aero Load (Ap4): a Lift Used above Max-Lift departs controlled flight with a
    departure result of −(d10 / 2), a half rounding up (docs/rulings.md "Max-Lift
    departures"); it is then a High-Speed Departure or, in a Controllability Region, the
    spin check decides."""
    tables = tables or departure_tables()
    region = controllability_region(q_mark, tables)
    roll = dice.d10(purposes.max_lift_departure(who, turn))
    result = -((roll + 1) // 2)
    where = f" in the {region.name} Controllability Region" if region else ""
    data: dict[str, float | int | str | bool] = {
        "dp": 0,
        "column": 0,
        "control_ap": 0,
        "pips": 0,
        "max_lift_roll": roll,
        "departure_result": result,
        "region": region.name if region else "",
    }
    return _departed(0, 0, None, result, region, where, data, dice, who, turn, tables, roll)


def _departed(
    held: int,
    column: int,
    pips: int | None,
    result: int,
    region: ControllabilityRow | None,
    where: str,
    data: dict[str, float | int | str | bool],
    dice: Dice,
    who: str,
    turn: int,
    tables: DepartureTables,
    max_lift_roll: int | None = None,
) -> DepartureResult:
    """A departure with ``result`` (0 or less): the spin check in a Controllability Region,
    otherwise a High-Speed Departure."""
    hsd = tables.high_speed_departure
    spin_check = None
    outcome: DepartureOutcome = "high_speed"
    if region is not None:
        spin_check = dice.d10(purposes.spin_check(who, turn)) + result
        outcome = "high_speed" if spin_check >= 0 else "spin"
    text = {"high_speed": "High-Speed Departure", "spin": "spins"}[outcome]
    cause = (
        f"{who} pulls past Max-Lift (d10 {max_lift_roll}){where}"
        if max_lift_roll is not None
        else f"{who} holds {held} DP{where}"
    )
    record = EffectRecord(
        "departure",
        f"{cause}: departure result {result}"
        + (f", spin check {spin_check}" if spin_check is not None else "")
        + f": {text}",
        {**data, "outcome": outcome, "spin_check": spin_check if spin_check is not None else 0},
    )
    spinning = outcome == "spin"
    return DepartureResult(
        outcome,
        True,
        held,
        column,
        pips,
        result,
        region.name if region else None,
        spin_check,
        imposed_unloaded_ticks=0 if spinning else hsd.unloaded_ticks,
        imposed_load_g=0.0 if spinning else hsd.load_g,
        spin=SpinState(result) if spinning else None,
        records=(record,),
    )


# --------------------------------------------------------------------------------------
# Spin recovery
# --------------------------------------------------------------------------------------

SpinRecoveryOutcome = Literal["flat_spin", "continue", "high_speed_departure", "normal_flight"]


@dataclass(frozen=True, slots=True)
class SpinRecoveryResult:
    outcome: SpinRecoveryOutcome
    roll: int
    score: int
    spin: SpinState | None
    """The spin that continues (weakened), or None once out of it (or lost)."""
    overstress_points: int = 0
    """Overstress points suffered (one on recovering to normal flight)."""
    removed_at_end_of_turn: bool = False
    """Flat spin / deep stall: remove the aircraft at the end of the game-turn."""
    record: EffectRecord | None = None


def spin_recovery(
    card: AircraftCard,
    spin: SpinState,
    pilot_quality: int,
    dice: Dice,
    who: str,
    turn: int,
    tables: DepartureTables | None = None,
) -> SpinRecoveryResult:
    """An attempt to recover from a spin (SoP 05); it uses all the pilot's remaining AP.

    score = d10 + the spin's Departure Result + PQ + the card's departure_rating.
    """
    tables = tables or departure_tables()
    check_pilot_quality(pilot_quality)
    t = tables.spin_recovery
    roll = dice.d10(purposes.spin_recovery(who, turn))
    score = roll + spin.departure_result + pilot_quality + card.departure_rating
    outcome: SpinRecoveryOutcome
    if score <= t.flat_spin_at_or_below:
        outcome = "flat_spin"
        result = SpinRecoveryResult(outcome, roll, score, None, removed_at_end_of_turn=True)
        text = "enters a flat spin / deep stall and is lost at the end of the game-turn"
    elif score <= t.continue_at_or_below:
        outcome = "continue"
        weakened = SpinState(min(0, spin.departure_result + t.weaken_by))
        result = SpinRecoveryResult(outcome, roll, score, weakened)
        text = f"keeps spinning; departure result now {weakened.departure_result}"
    elif score <= t.high_speed_departure_at_or_below:
        outcome = "high_speed_departure"
        result = SpinRecoveryResult(outcome, roll, score, None)
        text = "recovers to a High-Speed Departure next game-turn"
    else:
        outcome = "normal_flight"
        result = SpinRecoveryResult(outcome, roll, score, None, t.overstress_on_recovery)
        text = f"recovers to normal flight (+{t.overstress_on_recovery} Overstress point)"
    record = EffectRecord(
        "spin_recovery",
        f"{who} spin recovery {score}: {text} (Spin Recovery)",
        {"roll": roll, "score": score, "outcome": outcome},
    )
    return SpinRecoveryResult(
        result.outcome,
        roll,
        score,
        result.spin,
        result.overstress_points,
        result.removed_at_end_of_turn,
        record,
    )


def spin_gyration(
    dice: Dice, who: str, turn: int, tables: DepartureTables | None = None
) -> tuple[int, EffectRecord]:
    """Spin Gyrations ("Spinning", SoP 06): a d10 on our rebuilt table gives the roll cells
    the spinning aircraft whirls about its Nose this game-turn (negative to the left)."""
    roll = dice.d10(purposes.spin_gyrations(who, turn))
    rows = (tables or departure_tables()).spin_gyration
    cells = next(row.roll_cells for row in rows if roll <= row.upto)
    side = "left" if cells < 0 else "right"
    record = EffectRecord(
        "spin_gyration",
        f"{who} gyrates {abs(cells)} cells to the {side} in its spin (Spin Gyrations)",
        {"roll": roll, "roll_cells": cells},
    )
    return cells, record


def recovered_attitude(attitude: Attitude) -> Attitude:
    """The box-miniature reoriented after a "Recover to…" spin recovery result (Spin
    Recovery, SoP 05): the Nose goes to the Velocity cell; the Canopy moves the fewest cells
    to one three from the Nose, the highest-pitched of equals (then the first in ring order,
    our choice for the player's); the Wing takes its cell three from both, on the right."""
    nose = attitude.velocity
    ring = RINGS[nose]
    nearest = min(distance(attitude.canopy, cell) for cell in ring)
    choices = [cell for cell in ring if distance(attitude.canopy, cell) == nearest]
    canopy = max(choices, key=lambda cell: cell.pitch_deg)
    wing = ring[(ring.index(canopy) + 3) % len(ring)]
    return Attitude(nose=nose, canopy=canopy, wing=wing)
