"""Flight Effects (SoP 04): overspeed, structure G effects and crew G effects.

Pure procedures: each takes the aircraft's and crew's state as explicit inputs, rolls through
:class:`~engine.dice.Dice` (every roll named for what it decides) and returns a result plus
:class:`EffectRecord` entries ready to become timeline events.  Nothing here mutates its inputs.

The rulebook states the procedures; the numbers its play aids would give are rebuilt in
``models/tables/flight_effects.toml``, which a player with the printed aids may override.

Order, as the rulebook gives it ("Flight Effects (SoP 04)", "Crew G Effects Order"):

1. Overspeed Effects (KEAS at or above the card's Overspeed Limit);
2. Structure G Effects (Greatest Load Used beyond the Safe Load, positive or negative);
3. for every crew member: Crew Fatigue (advanced), then the Crew G Effects (GLOC) check;
4. for every crew member: recovery from grey-out/black-out, from LOC, from fatigue.

G Onset (advanced) is checked at the end of plotting (SoP 03), not here: see
:func:`g_onset_check`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from engine.bop import purposes
from engine.dice import Dice, pips_table
from engine.performance.rounding import round_half_up
from models.aircraft import AircraftCard
from models.bop_tables import tables_in_play
from models.bop_tables.flight_effects import FLIGHT_EFFECTS_PATH as FLIGHT_EFFECTS_PATH
from models.bop_tables.flight_effects import FlightEffectsTables as FlightEffectsTables
from models.bop_tables.flight_effects import GEffect as GEffect
from models.bop_tables.flight_effects import GSuit as GSuit
from models.bop_tables.flight_effects import (
    load_flight_effects_tables as load_flight_effects_tables,
)
from models.bop_tables.flight_effects import row_for_net as _net_row
from models.bop_tables.flight_effects import row_for_pips as _row_for
from models.timeline import Event

if TYPE_CHECKING:
    from engine.bop.plotting import PlottedTurn


G_EFFECT_ORDER: tuple[GEffect, ...] = ("normal", "grey_out", "black_out", "loc")
GTraining = Literal["none", "early", "modern"]
MAX_STRAIN_AP: dict[GTraining, int] = {"none": 0, "early": 1, "modern": 2}
"""AP a crew member may spend straining, by G-training ("G-Training", the Strain task)."""
KILLING_WOUNDS = 2
"""A second Wound result kills ("Wounded")."""


def worse(a: GEffect, b: GEffect) -> GEffect:
    """The worse of two crew G effect states."""
    return a if G_EFFECT_ORDER.index(a) >= G_EFFECT_ORDER.index(b) else b


def better_by_one(state: GEffect) -> GEffect:
    """One step of recovery: black-out to grey-out to normal (LOC recovers by its value)."""
    if state in ("grey_out", "black_out"):
        return G_EFFECT_ORDER[G_EFFECT_ORDER.index(state) - 1]
    return state


# --------------------------------------------------------------------------------------
# Events
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EffectRecord:
    """Something the procedure decided, ready to become a :class:`~models.timeline.Event`."""

    kind: str
    detail: str
    data: dict[str, float | int | str | bool] = field(default_factory=dict)

    def event(self, t_s: float, entities: tuple[str, ...]) -> Event:
        return Event(t_s=t_s, kind=self.kind, entities=entities, detail=self.detail, data=self.data)


# --------------------------------------------------------------------------------------
# The play-aid tables
# --------------------------------------------------------------------------------------


def flight_effects_tables() -> FlightEffectsTables:
    """The Flight Effects tables in force when a procedure is given none: the shipped ones."""
    return tables_in_play().flight_effects


def pips_distribution(column: int) -> tuple[float, ...]:
    """Chance of each Pips result in a column, by reading every percentile roll as
    :class:`~engine.dice.Dice` does (so columns above 24 are right too)."""
    if column <= 0:
        return (1.0,)
    table = pips_table()
    results = [table.read(column, roll) for roll in range(100)]
    counts = [0] * (max(results) + 1)
    for result in results:
        counts[result] += 1
    return tuple(c / 100 for c in counts)


# --------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AirframeState:
    """The structural boxes of the control card: carried from turn to turn."""

    damage_points: int = 0
    overstress_points: int = 0
    """Never lost ("Structure G Effects")."""
    structure_criticals: int = 0
    engine_criticals: int = 0
    destroyed: bool = False

    def __post_init__(self) -> None:
        for name in ("damage_points", "overstress_points", "structure_criticals"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative")
        if self.engine_criticals < 0:
            raise ValueError("engine_criticals cannot be negative")


@dataclass(frozen=True, slots=True)
class CrewEquipment:
    """GLOC protection ("GLOC Protection", "G-Training"); cards do not carry these yet,
    so the defaults are an unprotected, untrained crew member."""

    g_suit: GSuit = "none"
    reclined_seat: bool = False
    pressure_mask: bool = False
    g_training: GTraining = "none"

    @property
    def max_strain_ap(self) -> int:
        return MAX_STRAIN_AP[self.g_training]


@dataclass(frozen=True, slots=True)
class CrewState:
    """One crew member's G state, carried from turn to turn."""

    g_state: GEffect = "normal"
    loc_value: int = 0
    """While unconscious: recovery phases' worth of LOC left ("Recovery from LOC")."""
    fatigue: int = 0
    """Fatigue points (advanced rule "Crew Fatigue")."""
    wounds: int = 0
    """Wound results; the second kills ("Wounded")."""

    def __post_init__(self) -> None:
        if self.loc_value < 0 or self.fatigue < 0 or self.wounds < 0:
            raise ValueError("loc_value, fatigue and wounds cannot be negative")
        if (self.g_state == "loc") != (self.loc_value > 0) and not self.killed:
            raise ValueError("an unconscious crew member has a LOC value above 0, others 0")

    @property
    def killed(self) -> bool:
        return self.wounds >= KILLING_WOUNDS

    @property
    def conscious(self) -> bool:
        return not self.killed and self.g_state != "loc"


@dataclass(frozen=True, slots=True)
class CrewMember:
    """A crew member as the Flight Effects phase sees them."""

    name: str
    state: CrewState = CrewState()
    equipment: CrewEquipment = CrewEquipment()
    strain_ap: int = 0
    """AP spent on the Strain task this game-turn."""
    flies: bool = False
    """This crew member is flying the aircraft (if they are LOC or killed it is uncontrolled)."""
    onset_effect: GEffect = "normal"
    """The effect G Onset caused this game-turn (already in ``state``; counts for recovery)."""

    def __post_init__(self) -> None:
        check_strain(self.state, self.equipment, self.strain_ap)


def check_strain(state: CrewState, equipment: CrewEquipment, strain_ap: int) -> None:
    """Strain task limits: untrained and wounded crew may not strain; early G-training up to
    1 AP, modern up to 2 ("Strain", "G-Training", "Wounded")."""
    if strain_ap < 0:
        raise ValueError("strain_ap cannot be negative")
    if strain_ap == 0:
        return
    if not state.conscious:
        raise ValueError("an unconscious or killed crew member cannot strain")
    if state.wounds:
        raise ValueError("a wounded crew member cannot strain (Wounded)")
    if strain_ap > equipment.max_strain_ap:
        raise ValueError(
            f"{equipment.g_training} G-training allows straining with at most "
            f"{equipment.max_strain_ap} AP, not {strain_ap} (G-Training)"
        )


@dataclass(frozen=True, slots=True)
class TurnLoads:
    """The loads of the game-turn just flown, as Flight Effects reads them."""

    greatest_positive_g: float
    greatest_negative_g: float = 0.0
    """Size of the greatest negative load used (0 if none)."""

    def __post_init__(self) -> None:
        if self.greatest_negative_g < 0:
            raise ValueError("greatest_negative_g is a size: give it without the minus sign")

    @classmethod
    def from_plot(cls, plot: PlottedTurn) -> TurnLoads:
        """From a plotted game-turn (its segments record load sizes and a negative flag)."""
        positive = max((s.load_g for s in plot.segments if not s.negative), default=0.0)
        negative = max((s.load_g for s in plot.segments if s.negative), default=0.0)
        return cls(positive, negative)


@dataclass(frozen=True, slots=True)
class FlightEffectsConditions:
    """What the Flight Effects phase needs from the aircraft's state this game-turn."""

    keas: float
    """Ap1 KEAS of the game-turn just flown, unrounded ("Overspeed Effects")."""
    safe_load_g: float
    """Safe Load at the current wing load (ADC)."""
    crew_fatigue_rule: bool = True
    """Play the advanced Crew Fatigue rule."""


# --------------------------------------------------------------------------------------
# Overspeed
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OverspeedResult:
    column: int
    pips: int
    effect: Literal["none", "damage", "destroyed"]
    damage: int = 0
    criticals: tuple[Literal["engine", "structure"], ...] = ()


def overspeed_column(keas: float, limit_keas: float, tables: FlightEffectsTables) -> int:
    """Overspeed Pips rating: (KEAS − limit) / 40, rounded up; None below the limit is 0."""
    if keas < limit_keas:
        return 0
    return math.ceil((keas - limit_keas) / tables.overspeed.keas_per_column - 1e-9)


def check_overspeed(
    card: AircraftCard,
    keas: float,
    dice: Dice,
    who: str,
    turn: int,
    tables: FlightEffectsTables | None = None,
) -> OverspeedResult | None:
    """Overspeed Effects; None when the KEAS is below the card's Overspeed Limit."""
    tables = tables or flight_effects_tables()
    limit = card.structure.overspeed_keas_kt
    if keas < limit:
        return None
    column = overspeed_column(keas, limit, tables)
    pips = dice.pips(column, purposes.overspeed_check(who, turn))
    row = _row_for(tables.overspeed.results, pips)
    effect: Literal["none", "damage", "destroyed"] = (
        "damage" if row.effect == "damage" else "destroyed" if row.effect == "destroyed" else "none"
    )
    return OverspeedResult(column, pips, effect, row.damage, row.criticals)


# --------------------------------------------------------------------------------------
# Structure G Effects
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StructureResult:
    load_g: float
    """The load checked: Greatest Load Used (positive, or the size of the negative) plus
    the Structure critical allowance."""
    safe_load_g: float
    negative: bool
    column: int
    pips: int
    effect: Literal["none", "overstress", "damage", "destroyed"]
    overstress_added: int = 0
    damage_added: int = 0
    structure_criticals_added: int = 0


def structure_excess(
    card: AircraftCard,
    airframe: AirframeState,
    loads: TurnLoads,
    safe_load_g: float,
    tables: FlightEffectsTables,
) -> tuple[float, float, float, bool]:
    """(excess, load, safe load, negative): the load beyond its safe load, the worse of the
    positive and negative checks; Structure criticals add to the load either way."""
    extra = airframe.structure_criticals * tables.structure.load_per_structure_critical_g
    positive = (loads.greatest_positive_g + extra, safe_load_g, False)
    negative_safe = abs(card.structure.negative_safe_load_g)
    negative = (loads.greatest_negative_g + extra, negative_safe, True)
    candidates = [positive]
    if loads.greatest_negative_g > 0:
        candidates.append(negative)
    load, safe, is_negative = max(candidates, key=lambda c: c[0] - c[1])
    return load - safe, load, safe, is_negative


def structure_column(excess_g: float, overstress_points: int, tables: FlightEffectsTables) -> int:
    """Structure G Effects Pips rating: one column per 0.5 G (or part) beyond the safe load,
    plus one per Overstress Point."""
    if excess_g <= 0:
        return 0
    steps = math.ceil(excess_g / tables.structure.load_per_column_g - 1e-9)
    return steps + overstress_points * tables.structure.columns_per_overstress


def check_structure(
    card: AircraftCard,
    airframe: AirframeState,
    loads: TurnLoads,
    safe_load_g: float,
    dice: Dice,
    who: str,
    turn: int,
    tables: FlightEffectsTables | None = None,
) -> StructureResult | None:
    """Structure G Effects; None when no load exceeded its safe load."""
    tables = tables or flight_effects_tables()
    excess, load, safe, negative = structure_excess(card, airframe, loads, safe_load_g, tables)
    if excess <= 0:
        return None
    column = structure_column(excess, airframe.overstress_points, tables)
    pips = dice.pips(column, purposes.structure_check(who, turn))
    row = _row_for(tables.structure.results, pips)
    if row.effect == "overstress":
        return StructureResult(load, safe, negative, column, pips, "overstress", overstress_added=1)
    if row.effect == "damage":
        # One damage point and one Overstress point, then Structure criticals: a Pips roll
        # rated at the damage suffered so far (this point included) minus 1.
        rating = airframe.damage_points + 1 - 1
        criticals = dice.pips(rating, purposes.structure_criticals(who, turn))
        return StructureResult(
            load, safe, negative, column, pips, "damage", 1, 1, structure_criticals_added=criticals
        )
    if row.effect == "destroyed":
        return StructureResult(load, safe, negative, column, pips, "destroyed")
    return StructureResult(load, safe, negative, column, pips, "none")


def structure_outcome_chances(
    card: AircraftCard,
    airframe: AirframeState,
    loads: TurnLoads,
    safe_load_g: float,
    tables: FlightEffectsTables | None = None,
) -> dict[str, float]:
    """Chance of each Structure G Effects result (for debriefs and property tests)."""
    tables = tables or flight_effects_tables()
    excess, *_ = structure_excess(card, airframe, loads, safe_load_g, tables)
    chances = {"none": 0.0, "overstress": 0.0, "damage": 0.0, "destroyed": 0.0}
    if excess <= 0:
        chances["none"] = 1.0
        return chances
    column = structure_column(excess, airframe.overstress_points, tables)
    for pips, p in enumerate(pips_distribution(column)):
        chances[_row_for(tables.structure.results, pips).effect] += p
    return chances


# --------------------------------------------------------------------------------------
# Crew G Effects
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrewLoad:
    """The load a crew member's G checks use."""

    load_g: float
    negative: bool
    """True when a negative load was the worse: × 3, and no G-suit, training or straining."""


def crew_load(loads: TurnLoads, tables: FlightEffectsTables | None = None) -> CrewLoad:
    """The worse of the positive load and 3 × the negative load ("Negative G… Bad")."""
    tables = tables or flight_effects_tables()
    negative = loads.greatest_negative_g * tables.crew_g.negative_load_factor
    if loads.greatest_negative_g > 0 and negative > loads.greatest_positive_g:
        return CrewLoad(negative, True)
    return CrewLoad(loads.greatest_positive_g, False)


@dataclass(frozen=True, slots=True)
class GlocResult:
    """One Crew G Effects (GLOC) check."""

    load_g: float
    negative: bool
    demand: int
    column: int
    pips: int | None
    """None when the demand was 0 or less and no roll was needed."""
    net: int | None
    effect: GEffect
    loc_value: int = 0
    wounded: bool = False


def gloc_column(
    equipment: CrewEquipment,
    fatigue: int,
    strain_ap: int,
    negative: bool,
    tables: FlightEffectsTables | None = None,
) -> int:
    """Crew G Effects Pips rating (negative loads ignore G-suit, training and straining)."""
    t = (tables or flight_effects_tables()).crew_g
    column = t.base_column - fatigue * t.fatigue_column_per_point
    column += t.reclined_seat if equipment.reclined_seat else 0
    column += t.pressure_mask if equipment.pressure_mask else 0
    if not negative:
        column += t.g_suit.of(equipment.g_suit) + strain_ap * t.strain_column_per_ap
    return column


def loc_value_roll(
    state: CrewState,
    equipment: CrewEquipment,
    multiplier: int,
    dice: Dice,
    purpose: str,
    tables: FlightEffectsTables | None = None,
) -> int:
    """LOC value: Pips result in column 6 + Fatigue − 2 with a pressure mask; at least 1."""
    t = (tables or flight_effects_tables()).loc
    column = t.base_column + state.fatigue - (t.pressure_mask if equipment.pressure_mask else 0)
    value = dice.pips(column, purpose) * multiplier
    return max(value, t.minimum_value)


def _apply_effect(state: CrewState, effect: GEffect, loc_value: int, wounded: bool) -> CrewState:
    new = worse(state.g_state, effect)
    loc = max(state.loc_value, loc_value) if new == "loc" else 0
    return replace(state, g_state=new, loc_value=loc, wounds=state.wounds + int(wounded))


def gloc_check(
    member: CrewMember,
    loads: TurnLoads,
    dice: Dice,
    who: str,
    turn: int,
    tables: FlightEffectsTables | None = None,
) -> tuple[GlocResult, CrewState]:
    """The Crew G Effects check for one crew member; returns the check and the new state.

    States only worsen here; they improve in recovery (:func:`recover_crew`).
    """
    tables = tables or flight_effects_tables()
    state = member.state
    load = crew_load(loads, tables)
    demand = round_half_up(load.load_g - tables.crew_g.demand_from_g)
    strain = 0 if load.negative else member.strain_ap
    column = gloc_column(member.equipment, state.fatigue, strain, load.negative, tables)
    if demand <= 0 or state.killed:
        return GlocResult(load.load_g, load.negative, demand, column, None, None, "normal"), state
    pips = dice.pips(column, purposes.crew_g_check(member.name, who, turn))
    net = pips - demand
    rows = tables.crew_g.negative_results if load.negative else tables.crew_g.positive_results
    row = _net_row(rows, net)
    loc_value = 0
    if row.effect == "loc":
        loc_value = loc_value_roll(
            state,
            member.equipment,
            row.loc_multiplier,
            dice,
            purposes.loc_value(member.name, who, turn),
            tables,
        )
    result = GlocResult(
        load.load_g, load.negative, demand, column, pips, net, row.effect, loc_value, row.wounded
    )
    return result, _apply_effect(state, row.effect, loc_value, row.wounded)


@dataclass(frozen=True, slots=True)
class FatigueResult:
    roll: int
    result: int
    fatigue_added: int


def fatigue_check(
    member: CrewMember,
    loads: TurnLoads,
    dice: Dice,
    who: str,
    turn: int,
    tables: FlightEffectsTables | None = None,
) -> tuple[FatigueResult | None, CrewState]:
    """Crew Fatigue (advanced): rolled only by a crew member who strained this game-turn."""
    tables = tables or flight_effects_tables()
    if member.strain_ap == 0:
        return None, member.state
    t = tables.fatigue
    roll = dice.d10(purposes.crew_fatigue(member.name, who, turn))
    protection = t.g_suit.of(member.equipment.g_suit)
    protection += t.pressure_mask if member.equipment.pressure_mask else 0
    load_steps = max(0, round_half_up(loads.greatest_positive_g - t.load_free_g))
    result = roll + protection - load_steps - (member.strain_ap - 1) * t.per_ap_beyond_first
    added = 1 if result < 0 else 0
    return FatigueResult(roll, result, added), replace(
        member.state, fatigue=member.state.fatigue + added
    )


@dataclass(frozen=True, slots=True)
class GOnsetResult:
    """A G Onset check (advanced rule; made at the end of plotting, SoP 03)."""

    increase_g: float
    demand: int
    column: int
    pips: int
    net: int
    effect: GEffect
    loc_value: int
    state: CrewState
    """The crew member's state after G Onset."""
    onset_tick: int | None
    """The first tick (0-based) whose load is the onset increase or more above last turn's
    Greatest Load Used: on LOC the plot from this tick's segment becomes involuntary unload."""
    record: EffectRecord


def g_onset_check(
    member: CrewMember,
    previous_greatest_g: float,
    loads_by_tick: Sequence[float],
    strain_ap_last_turn: int,
    dice: Dice,
    who: str,
    turn: int,
    tables: FlightEffectsTables | None = None,
) -> GOnsetResult | None:
    """G Onset (advanced): None unless the Greatest Load Used rose by 5 G or more.

    ``loads_by_tick`` is the plot's per-tick load record (``PlottedTurn.loads_by_tick``).
    Straining carries over from the previous game-turn ("G Onset").
    """
    tables = tables or flight_effects_tables()
    t = tables.g_onset
    if not loads_by_tick or not member.state.conscious:
        return None
    increase = max(loads_by_tick) - previous_greatest_g
    if increase < t.increase_g:
        return None
    onset_tick = next(
        (i for i, load in enumerate(loads_by_tick) if load - previous_greatest_g >= t.increase_g),
        None,
    )
    eq = member.equipment
    column = t.base_column - member.state.fatigue * t.fatigue_column_per_point
    column += t.g_suit.of(eq.g_suit) + strain_ap_last_turn * t.strain_column_per_ap
    column += (t.reclined_seat if eq.reclined_seat else 0) + (
        t.pressure_mask if eq.pressure_mask else 0
    )
    demand = round_half_up(increase - t.demand_from_g)
    pips = dice.pips(column, purposes.g_onset(member.name, who, turn))
    net = pips - demand
    row = _net_row(tables.crew_g.positive_results, net)
    loc_value = 0
    if row.effect == "loc":
        loc_value = loc_value_roll(
            member.state, eq, 1, dice, purposes.loc_value(member.name, who, turn), tables
        )
    state = _apply_effect(member.state, row.effect, loc_value, False)
    record = EffectRecord(
        "g_onset",
        f"{who} {member.name}: G onset +{increase:.1f} G, {_label(row.effect)}",
        {
            "crew": member.name,
            "increase_g": increase,
            "pips": pips,
            "net": net,
            "effect": row.effect,
            "loc_value": loc_value,
        },
    )
    return GOnsetResult(
        increase, demand, column, pips, net, row.effect, loc_value, state, onset_tick, record
    )


def _recovery_text(who: str, crew: str, recovery: RecoveryResult, loc_value: int) -> str:
    """``Viper 1 pilot recovers from grey-out to normal``, or, still out,
    ``Fulcrum 2 pilot is still unconscious, LOC value 1``."""
    before, after = recovery.g_state_before, recovery.g_state_after
    if after == "loc":
        return f"{who} {crew} is still unconscious, LOC value {loc_value}"
    now = "normal" if after == "normal" else _label(after)
    return f"{who} {crew} recovers from {_label(before)} to {now}"


def _label(effect: GEffect) -> str:
    return {
        "normal": "no effect",
        "grey_out": "grey-out",
        "black_out": "black-out",
        "loc": "loss of consciousness",
    }[effect]


@dataclass(frozen=True, slots=True)
class RecoveryResult:
    g_state_before: GEffect
    g_state_after: GEffect
    loc_reduced_by: int = 0
    intercom_pips: int | None = None
    regained_consciousness: bool = False
    fatigue_recovered: int = 0


def recover_crew(
    before: CrewState,
    after_checks: CrewState,
    member: CrewMember,
    effect_this_turn: GEffect,
    net: int | None,
    other_conscious: bool,
    dice: Dice,
    who: str,
    turn: int,
    tables: FlightEffectsTables | None = None,
) -> tuple[RecoveryResult, CrewState]:
    """Recovery from grey-out/black-out, LOC and fatigue for one crew member.

    ``before`` is the state carried in from last game-turn; ``after_checks`` the state after
    this game-turn's G Onset, fatigue and GLOC checks; ``effect_this_turn`` the worst effect
    they caused; ``net`` the GLOC check's net effect pips (None if no roll was needed).
    """
    tables = tables or flight_effects_tables()
    state = after_checks
    result = RecoveryResult(state.g_state, state.g_state)
    if state.killed:
        return result, state
    had_effects = effect_this_turn != "normal"
    if before.g_state in ("grey_out", "black_out") and state.g_state in ("grey_out", "black_out"):
        if not had_effects:
            state = replace(state, g_state="normal")
        elif net is not None and net > 0:
            state = replace(state, g_state=worse(better_by_one(state.g_state), effect_this_turn))
    elif before.g_state == "loc" and state.g_state == "loc":
        t = tables.loc
        reduced = t.recovery_per_phase
        intercom = None
        if other_conscious:
            intercom = dice.pips(t.intercom_column, purposes.loc_intercom(member.name, who, turn))
            reduced += intercom
        value = max(0, state.loc_value - reduced)
        regained = value == 0
        state = replace(state, loc_value=value, g_state="normal" if regained else "loc")
        result = replace(
            result, loc_reduced_by=reduced, intercom_pips=intercom, regained_consciousness=regained
        )
    recovered = 0
    if member.strain_ap == 0 and not had_effects and state.g_state != "loc" and state.fatigue:
        t_f = tables.fatigue
        amount = t_f.recovery_with_pressure_mask if member.equipment.pressure_mask else t_f.recovery
        recovered = min(amount, state.fatigue)
        state = replace(state, fatigue=state.fatigue - recovered)
    return replace(result, g_state_after=state.g_state, fatigue_recovered=recovered), state


# --------------------------------------------------------------------------------------
# The whole phase
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrewEffects:
    """What happened to one crew member this Flight Effects phase."""

    name: str
    before: CrewState
    after: CrewState
    fatigue: FatigueResult | None
    gloc: GlocResult
    recovery: RecoveryResult


@dataclass(frozen=True, slots=True)
class FlightEffectsResult:
    """The Flight Effects phase for one aircraft: new states, the checks made, the records."""

    airframe: AirframeState
    crew: tuple[CrewEffects, ...]
    overspeed: OverspeedResult | None
    structure: StructureResult | None
    records: tuple[EffectRecord, ...]
    uncontrolled: bool = False
    """The crew member flying is unconscious or killed ("Uncontrolled Aircraft")."""

    @property
    def destroyed(self) -> bool:
        return self.airframe.destroyed

    @property
    def crew_states(self) -> tuple[CrewState, ...]:
        return tuple(c.after for c in self.crew)


def resolve_flight_effects(
    card: AircraftCard,
    airframe: AirframeState,
    crew: Sequence[CrewMember],
    conditions: FlightEffectsConditions,
    loads: TurnLoads,
    dice: Dice,
    who: str,
    turn: int,
    tables: FlightEffectsTables | None = None,
) -> FlightEffectsResult:
    """The Flight Effects phase (SoP 04) for one aircraft, in the rulebook's order."""
    tables = tables or flight_effects_tables()
    records: list[EffectRecord] = []
    if airframe.destroyed:
        return FlightEffectsResult(airframe, tuple(_unchanged(m) for m in crew), None, None, ())
    overspeed = check_overspeed(card, conditions.keas, dice, who, turn, tables)
    if overspeed is not None:
        airframe = _apply_overspeed(airframe, overspeed)
        records.append(_overspeed_record(who, conditions.keas, card, overspeed))
    structure = None
    if not airframe.destroyed:
        structure = check_structure(
            card, airframe, loads, conditions.safe_load_g, dice, who, turn, tables
        )
        if structure is not None:
            airframe = replace(
                airframe,
                overstress_points=airframe.overstress_points + structure.overstress_added,
                damage_points=airframe.damage_points + structure.damage_added,
                structure_criticals=airframe.structure_criticals
                + structure.structure_criticals_added,
                destroyed=structure.effect == "destroyed",
            )
            records.append(_structure_record(who, structure))
    if airframe.destroyed:
        return FlightEffectsResult(
            airframe,
            tuple(_unchanged(m) for m in crew),
            overspeed,
            structure,
            tuple(records),
        )
    # Crew: fatigue and the GLOC check for everyone, then recovery.
    checked: list[tuple[CrewMember, FatigueResult | None, GlocResult, CrewState]] = []
    for member in crew:
        fatigue = None
        state = member.state
        if conditions.crew_fatigue_rule:
            fatigue, state = fatigue_check(member, loads, dice, who, turn, tables)
            if fatigue is not None and fatigue.fatigue_added:
                records.append(
                    EffectRecord(
                        "crew_fatigue",
                        f"{who} {member.name} gains a fatigue point ({state.fatigue})",
                        {
                            "crew": member.name,
                            "roll": fatigue.roll,
                            "result": fatigue.result,
                            "fatigue": state.fatigue,
                        },
                    )
                )
        gloc, state = gloc_check(replace(member, state=state), loads, dice, who, turn, tables)
        if gloc.pips is not None:
            records.append(_gloc_record(who, member.name, gloc))
        checked.append((member, fatigue, gloc, state))
    results: list[CrewEffects] = []
    for index, (member, fatigue, gloc, state) in enumerate(checked):
        others = any(s.conscious for i, (_, _, _, s) in enumerate(checked) if i != index)
        effect = worse(gloc.effect, member.onset_effect)
        recovery, after = recover_crew(
            member.state, state, member, effect, gloc.net, others, dice, who, turn, tables
        )
        if recovery.g_state_after != recovery.g_state_before or recovery.loc_reduced_by:
            records.append(
                EffectRecord(
                    "crew_recovery",
                    _recovery_text(who, member.name, recovery, after.loc_value),
                    {
                        "crew": member.name,
                        "from": recovery.g_state_before,
                        "to": recovery.g_state_after,
                        "loc_value": after.loc_value,
                    },
                )
            )
        results.append(CrewEffects(member.name, member.state, after, fatigue, gloc, recovery))
    uncontrolled = any(not c.after.conscious for c, m in zip(results, crew, strict=True) if m.flies)
    if uncontrolled:
        records.append(
            EffectRecord(
                "uncontrolled",
                f"{who} is uncontrolled: the crew member flying it is unconscious or killed "
                "(Uncontrolled Aircraft)",
            )
        )
    return FlightEffectsResult(
        airframe, tuple(results), overspeed, structure, tuple(records), uncontrolled
    )


def _unchanged(member: CrewMember) -> CrewEffects:
    gloc = GlocResult(0.0, False, 0, 0, None, None, "normal")
    state = member.state.g_state
    return CrewEffects(
        member.name, member.state, member.state, None, gloc, RecoveryResult(state, state)
    )


def _apply_overspeed(airframe: AirframeState, result: OverspeedResult) -> AirframeState:
    return replace(
        airframe,
        damage_points=airframe.damage_points + result.damage,
        engine_criticals=airframe.engine_criticals + result.criticals.count("engine"),
        structure_criticals=airframe.structure_criticals + result.criticals.count("structure"),
        destroyed=result.effect == "destroyed",
    )


def _overspeed_record(
    who: str, keas: float, card: AircraftCard, result: OverspeedResult
) -> EffectRecord:
    what = {
        "none": "no effect",
        "damage": f"{result.damage} damage"
        + (f" and {' and '.join(result.criticals)} critical" if result.criticals else ""),
        "destroyed": "aircraft destroyed",
    }[result.effect]
    return EffectRecord(
        "overspeed",
        f"{who} at {keas:.0f} KEAS, over its {card.structure.overspeed_keas_kt:.0f} KEAS limit: "
        f"{what} (Overspeed Effects)",
        {
            "keas": keas,
            "column": result.column,
            "pips": result.pips,
            "effect": result.effect,
            "damage": result.damage,
            "criticals": ",".join(result.criticals),
        },
    )


def _structure_record(who: str, result: StructureResult) -> EffectRecord:
    sign = "-" if result.negative else ""
    what = {
        "none": "no effect",
        "overstress": "one Overstress point",
        "damage": f"1 damage, 1 Overstress point, {result.structure_criticals_added} "
        "Structure critical(s)",
        "destroyed": "aircraft destroyed",
    }[result.effect]
    return EffectRecord(
        "structure_g",
        f"{who} pulled {sign}{result.load_g:.1f} G against a safe "
        f"{sign}{result.safe_load_g:.1f} G: {what} (Structure G Effects)",
        {
            "load_g": result.load_g,
            "safe_load_g": result.safe_load_g,
            "negative": result.negative,
            "column": result.column,
            "pips": result.pips,
            "effect": result.effect,
        },
    )


def _gloc_record(who: str, name: str, gloc: GlocResult) -> EffectRecord:
    detail = f"{who} {name}: crew G check at {gloc.load_g:.1f} G"
    if gloc.negative:
        detail += " (negative load ×3)"
    detail += f", net {gloc.net}: {_label(gloc.effect)}"
    if gloc.effect == "loc":
        detail += f", LOC value {gloc.loc_value}"
    if gloc.wounded:
        detail += ", wounded"
    return EffectRecord(
        "crew_g",
        detail,
        {
            "crew": name,
            "load_g": gloc.load_g,
            "negative": gloc.negative,
            "column": gloc.column,
            "pips": gloc.pips if gloc.pips is not None else -1,
            "net": gloc.net or 0,
            "effect": gloc.effect,
            "loc_value": gloc.loc_value,
            "wounded": gloc.wounded,
        },
    )
