"""Legality of Birds of Prey orders: the one judge every order goes through.

:func:`judge` checks one aircraft's orders for the next game-turn against its state now
(throttle, guns, missiles, sensor declarations, swing wing, jettison) and plots and moves
them (Bp–Im, the ``plot_turn`` and ``choose_move`` checks, and the advanced rules the
scenario does not play), raising
:class:`~engine.bop.errors.IllegalOrder` with the rule, the aircraft, the game-turn and the
segment; :func:`plan` is the same plot and move without the order checks (the pilots'
look-ahead and the rules' own replans). Nothing here changes any state.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine import performance as perf
from engine.bop.advanced import plot_problem
from engine.bop.aircraft_state import AircraftState
from engine.bop.errors import IllegalOrder
from engine.bop.movement import IllegalMove, choose_move
from engine.bop.plotting import FlightConditions, ImposedUnload, PlottedTurn, plot_turn
from engine.bop.sensor_phase import radar_switch, snapshot_check
from engine.bop.sensors.common import IllegalSensorAction
from engine.bop.stores import jettison_problem
from engine.bop.swing_wing import check_wing_order
from engine.bop.weapon_select import WEAPON_RULE, weapon_order_problem
from engine.hexmap import Hex
from engine.phad import Attitude
from models.missile import IR_SEEKERS, missile_card
from models.orders import BopPlot, Throttle
from models.scenario import AdvancedRule

MODE_RULE = "Set Radar Mode, SoP 02"
DDS_RULE = "Setting Decoy Program, SoP 02"
SNAPSHOT_RULE = "Declare a Missile Snapshot, SoP 02"
ENGINE_RULE = "Engine ΔSpeed, Ep12"

MIN_SAFE_LOAD_G = 1.0
"""Structure damage never takes the safe load below level flight (docs/rulings.md)."""


@dataclass(frozen=True, slots=True)
class SegmentMove:
    """Where one segment took the aircraft (Fm–Im)."""

    h_hexes: int
    v_steps: int
    end_hex: Hex
    end_alt_steps: int


@dataclass(frozen=True, slots=True)
class Planned:
    """One aircraft's orders plotted and moved (Bp–Im), not yet flown."""

    conditions: FlightConditions
    plot: PlottedTurn
    moves: tuple[SegmentMove, ...]


def move_segments(start_hex: Hex, start_alt: int, plot: PlottedTurn) -> tuple[SegmentMove, ...]:
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


def judge(
    entity: str,
    state: AircraftState,
    orders: dict[str, BopPlot],
    turn: int,
    aircraft: dict[str, AircraftState],
    fixes: dict[str, str] | None = None,
    *,
    advanced_rules: Collection[AdvancedRule],
) -> Planned:
    """One aircraft's orders judged and planned; raises :class:`IllegalOrder`.

    ``fixes`` are this game-turn's fixes (fixer → target, by callsign) when the awareness
    rules are on, None when they are off (then no sensor state is judged: only what the
    aircraft's sets can do at all).
    """
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
    weapon = weapon_order_problem(state, plot)
    if weapon:
        raise IllegalOrder(WEAPON_RULE, weapon, aircraft=state.callsign, turn=turn)
    engine = engine_dspeed_problem(state, plot)
    if engine:
        raise IllegalOrder(ENGINE_RULE, engine, aircraft=state.callsign, turn=turn)
    if plot.guns is not None:
        problem = _gun_order_problem(state, entity, plot.guns.target, aircraft)
        if problem:
            raise IllegalOrder("Gun Combat, SoP 07", problem, aircraft=state.callsign, turn=turn)
    if plot.missile is not None:
        problem = _missile_order_problem(
            state, entity, plot.missile.type, plot.missile.target, aircraft
        )
        if problem:
            raise IllegalOrder(
                "Missile Combat, SoP 07", problem, aircraft=state.callsign, turn=turn
            )
    declared = sensor_order_problem(entity, state, plot, aircraft, fixes)
    if declared is not None:
        rule, why = declared
        raise IllegalOrder(rule, why, aircraft=state.callsign, turn=turn)
    crew = crew_order_problem(state, plot, entity, aircraft)
    if crew is not None:
        rule, why = crew
        raise IllegalOrder(rule, why, aircraft=state.callsign, turn=turn)
    planned = plan(state, plot, turn, state.involuntary_unload(), advanced_rules=advanced_rules)
    check_wing_order(state, plot, turn)
    if plot.jettison:
        problem = jettison_problem(planned.plot)
        if problem:
            raise IllegalOrder(
                "Jettisoning External Stores", problem, aircraft=state.callsign, turn=turn
            )
    return planned


def plan(
    state: AircraftState,
    orders: BopPlot,
    turn: int,
    imposed: ImposedUnload | None,
    *,
    advanced_rules: Collection[AdvancedRule],
) -> Planned:
    """Plot and move one aircraft's orders (Bp–Im) without changing its state. A segment
    needing an advanced rule the scenario does not play is refused, unless the rules fly it:
    the segment ``imposed`` names, or the whole game-turn of a spinning or uncontrolled
    aircraft. The pilot's own plot after a High-Speed Departure's unloaded ticks is judged."""
    conditions = flight_conditions(state, orders.throttle, advanced_rules=advanced_rules)
    try:
        ruled = state.uncontrolled or (imposed is not None and imposed.spin)
        skip = None if imposed is None else imposed.segment_index
        if ruled or imposed is not None:
            refused = None if ruled else plot_problem(orders, advanced_rules, skip)
            if refused is not None:
                raise refused
            plot = plot_turn(
                conditions,
                state.attitude,
                orders,
                state.tp_carry,
                state.pitchdown_points,
                imposed,
            )
        else:
            plot = _plotted(
                conditions, state.attitude, orders, state.tp_carry, state.pitchdown_points
            )
            return Planned(conditions, plot, _moved(state.hex, state.alt_steps, plot))
        moves = move_segments(state.hex, state.alt_steps, plot)
    except IllegalOrder as error:
        raise error.located(state.callsign, turn) from None
    return Planned(conditions, plot, moves)


_PLOTTED_KEPT = 32_768
_PLOTTED: dict[tuple[object, ...], PlottedTurn | IllegalOrder] = {}
"""Plots already worked out (or refused), by what decides them: a pilot's search plots the
same candidates from the same marks again when it plots again later in the game-turn."""


def _plotted(
    conditions: FlightConditions,
    attitude: Attitude,
    orders: BopPlot,
    tp_carry: int,
    pitchdown_points: int,
) -> PlottedTurn:
    """:func:`plot_turn` of a pilot's own plot (none imposed), with the plot problems of
    the advanced rules (:func:`plot_problem`), remembered."""
    key = (conditions, attitude, orders.segments, tp_carry, pitchdown_points)
    known = _PLOTTED.get(key)
    if known is None:
        try:
            refused = plot_problem(orders, conditions.advanced_rules, None)
            if refused is not None:
                raise refused
            known = plot_turn(conditions, attitude, orders, tp_carry, pitchdown_points)
        except IllegalOrder as error:
            known = error
        if len(_PLOTTED) >= _PLOTTED_KEPT:
            _PLOTTED.pop(next(iter(_PLOTTED)))
        _PLOTTED[key] = known
    if isinstance(known, IllegalOrder):
        raise known.with_traceback(None)
    return known


_MOVED: dict[tuple[int, Hex, int], tuple[PlottedTurn, tuple[SegmentMove, ...]]] = {}


def _moved(start_hex: Hex, start_alt: int, plot: PlottedTurn) -> tuple[SegmentMove, ...]:
    """:func:`move_segments` of a remembered plot (:func:`_plotted`), remembered too."""
    key = (id(plot), start_hex, start_alt)
    known = _MOVED.get(key)
    if known is not None and known[0] is plot:
        return known[1]
    moves = move_segments(start_hex, start_alt, plot)
    if len(_MOVED) >= _PLOTTED_KEPT:
        _MOVED.pop(next(iter(_MOVED)))
    _MOVED[key] = (plot, moves)
    return moves


def engine_dspeed_range_kt(state: AircraftState, throttle: Throttle) -> tuple[int, int]:
    """(least, most) Engine ΔSpeed ``state`` may take this game-turn at ``throttle`` (Ep12):
    any value up to what the throttle gives, but at afterburner no less than what the Dry
    (``mil``) setting would give."""

    def available(setting: Throttle) -> int:
        return perf.engine_term_kt(
            state.card,
            setting,
            state.alt_ft,
            state.speed_kt,
            state.weight_lb,
            state.engine_outputs(setting),
        )

    most = available(throttle)
    least = min(most, available("mil")) if throttle == "ab" else 0
    return least, most


def engine_dspeed_problem(state: AircraftState, plot: BopPlot) -> str:
    """Why the orders' Engine ΔSpeed cannot be taken (Ep12), or "" when it can."""
    wanted = plot.engine_dspeed_kt
    if wanted is None:
        return ""
    least, most = engine_dspeed_range_kt(state, plot.throttle)
    if least <= wanted <= most:
        return ""
    at = f"at {plot.throttle}, {state.speed_kt} kt and {state.alt_steps} steps"
    if wanted > most:
        return f"engine_dspeed_kt {wanted} is more than the {most} kt the throttle gives {at}"
    return (
        f"engine_dspeed_kt {wanted} is less than the {least} kt Dry gives; with afterburner "
        f"the pilot takes {least}-{most} kt {at} (or declares mil)"
    )


def _missile_order_problem(
    state: AircraftState, entity: str, kind: str, target: str, aircraft: dict[str, AircraftState]
) -> str:
    """Why a launch order cannot stand, or "" when it can (an empty rail is reported as
    an event instead, since a script cannot count)."""
    if kind not in state.missiles_left:
        carried = ", ".join(state.missiles_left) or "none"
        return f"{state.callsign} carries no {kind}; missiles carried: {carried}"
    if target == entity or target not in aircraft:
        return f"no aircraft {target!r} to launch at; aircraft: {', '.join(aircraft)}"
    return ""


def _gun_order_problem(
    state: AircraftState, entity: str, target: str, aircraft: dict[str, AircraftState]
) -> str:
    """Why a gun order cannot stand, or "" when it can."""
    if not state.card.guns:
        return f"the {state.card.type_id} carries no guns"
    if target == entity:
        return "an aircraft cannot fire at itself"
    if target not in aircraft:
        return f"no aircraft {target!r} to fire at; aircraft: {', '.join(aircraft)}"
    return ""


def flight_conditions(
    state: AircraftState, throttle: Throttle, *, advanced_rules: Collection[AdvancedRule]
) -> FlightConditions:
    """What Ap finds for ``state`` at the start of its Flight Phase (SoP 03, Ap1–Ap4), and
    the advanced rules it plots by. A pilot's search asks for the same conditions with
    every candidate, so the last few are kept, by what they are found from."""
    effects = state.damage_effects()
    rules = frozenset(advanced_rules)
    weight_lb = state.weight_lb
    key = (state.card, state.speed_kt, state.alt_ft, weight_lb, effects, throttle, rules)
    known = _CONDITIONS.get(key)
    if known is not None:
        return known
    initial = perf.initial_state(state.card, state.alt_ft, state.speed_kt, weight_lb)
    safe_load_g = max(MIN_SAFE_LOAD_G, initial.safe_load_g - effects.safe_load_loss_g)
    conditions = FlightConditions(
        card=state.card,
        speed_kt=state.speed_kt,
        alt_ft=state.alt_ft,
        weight_lb=weight_lb,
        keas=initial.keas,
        mach=initial.mach,
        aero_load_limit_g=initial.aero_load_limit_g,
        safe_load_g=safe_load_g,
        throttle=throttle,
        roll_rate_factor=effects.roll_rate_factor,
        roll_rate_loss=effects.roll_rate_loss,
        advanced_rules=rules,
    )
    if len(_CONDITIONS) >= _CONDITIONS_KEPT:
        _CONDITIONS.pop(next(iter(_CONDITIONS)))
    _CONDITIONS[key] = conditions
    return conditions


_CONDITIONS_KEPT = 32
_CONDITIONS: dict[tuple[object, ...], FlightConditions] = {}


def judge_all(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    turn: int,
    fixes: dict[str, str] | None = None,
    *,
    advanced_rules: Collection[AdvancedRule],
) -> dict[str, Planned]:
    """Every active aircraft's orders (after the orders the rules impose) judged, plotted and
    moved for game-turn ``turn``; raises the first :class:`IllegalOrder`."""
    return {
        entity: judge(entity, state, orders, turn, aircraft, fixes, advanced_rules=advanced_rules)
        for entity, state in aircraft.items()
        if state.active
    }


def order_problems(
    aircraft: dict[str, AircraftState],
    orders: dict[str, BopPlot],
    turn: int,
    fixes: dict[str, str] | None = None,
    *,
    advanced_rules: Collection[AdvancedRule],
) -> list[IllegalOrder]:
    """Every active aircraft's illegal order for game-turn ``turn``, each judged on its own."""
    problems: list[IllegalOrder] = []
    for entity, state in aircraft.items():
        if not state.active:
            continue
        try:
            judge(entity, state, orders, turn, aircraft, fixes, advanced_rules=advanced_rules)
        except IllegalOrder as error:
            problems.append(error)
    return problems


STRAIN_RULE = "Strain, SoP 04 (G-training)"
PADLOCK_RULE = "Padlock, SoP 09"
EO_RULE = "EO Sensor, SoP 09"
DATALINK_RULE = "Integration: HMS/HMD/Datalink Cue, SoP 10"


def crew_order_problem(
    state: AircraftState,
    plot: BopPlot,
    entity: str | None = None,
    aircraft: dict[str, AircraftState] | None = None,
) -> tuple[str, str] | None:
    """(rule, why) when the crew's orders ask what the crew can never do, else None: more
    Strain AP than the type's G-training allows a crew member (SoP 04), a padlock, EO
    identification or datalink cue of an aircraft not in the game, or with equipment the
    type lacks. What they can pay of what they may is settled in the phases, as the
    game-turn's tasks come."""
    crew = plot.crew
    wanted = crew.strain_ap
    if wanted is not None and state.ledgers:
        allowed = max(ledger.max_strain_ap for ledger in state.ledgers)
        if wanted > allowed:
            return STRAIN_RULE, (
                f"the {state.card.type_id}'s G-training lets a crew member strain with at most "
                f"{allowed} AP, not {wanted}"
            )
    fit = state.sensors.fit
    if crew.eo_identify and (fit is None or fit.eo_sensor is None):
        return EO_RULE, f"crew.eo_identify: the {state.card.type_id} has no EO sensor"
    tactical = state.tactical_datalink
    if crew.datalink_cue and not tactical:
        return DATALINK_RULE, (
            f"crew.datalink_cue: the {state.card.type_id} has no tactical datalink"
        )
    if aircraft is None:
        return None
    others = ", ".join(a for a in aircraft if a != entity)
    for name, rule, chosen in (
        ("padlock", PADLOCK_RULE, crew.padlock),
        ("eo_identify", EO_RULE, crew.eo_identify),
        ("datalink_cue", DATALINK_RULE, crew.datalink_cue),
    ):
        if chosen and (chosen == entity or chosen not in aircraft):
            return rule, (
                f"crew.{name} names no other aircraft {chosen!r}; aircraft: {others}, or "
                "false for none"
            )
    return None


def sensor_order_problem(
    entity: str,
    state: AircraftState,
    plot: BopPlot,
    aircraft: dict[str, AircraftState],
    fixes: dict[str, str] | None,
) -> tuple[str, str] | None:
    """(rule, why) when the orders' sensor declarations cannot stand (SoP 02), else None.

    Always judged: a radar mode the aircraft's set lacks, a radar target or an IR missile
    it cannot name, a decoy program without a dispenser. With the awareness rules on
    (``fixes`` given) also what the sensors hold now: a mode switch the radar cannot make
    (STT needs a track in its arc, "Switch") and a missile snapshot the pilot may not
    declare ("Declare a Missile Snapshot"). The Activity Points these cost are paid in the
    phases, once the game-turn's earlier tasks are known.
    """
    orders = plot.sensors
    fit = state.sensors.fit
    radar = fit.radar if fit is not None else None
    if orders.radar is not None:
        if radar is None or state.sensors.radar is None:
            return MODE_RULE, f"the {state.card.type_id} has no radar"
        modes = [m.mode for m in radar.modes]
        if orders.radar not in modes:
            return MODE_RULE, (
                f"the {state.card.type_id}'s radar has no {orders.radar} mode; "
                f"modes: {', '.join(modes)}"
            )
    if orders.radar_target is not None and (
        orders.radar_target == entity or orders.radar_target not in aircraft
    ):
        return MODE_RULE, (
            f"no aircraft {orders.radar_target!r} for the radar to work on; "
            f"aircraft: {', '.join(a for a in aircraft if a != entity)}"
        )
    if orders.ir_missile is not None:
        carried = [k for k in state.missiles_left if missile_card(k).seeker in IR_SEEKERS]
        if orders.ir_missile not in carried:
            return WEAPON_RULE, (
                f"{state.callsign} carries no {orders.ir_missile} IR missile to select; "
                f"IR missiles carried: {', '.join(carried) or 'none'}"
            )
    wanted = orders.decoy_program
    if wanted is not None and wanted != state.dds_program and state.decoys_left is None:
        return DDS_RULE, f"the {state.card.type_id} has no decoy dispenser"
    if fixes is None:
        return None
    if orders.radar is not None:
        try:
            radar_switch(state, aircraft, plot)
        except IllegalSensorAction as refused:
            return MODE_RULE, str(refused)
    missile = plot.missile
    if missile is not None and missile.snapshot and aircraft[missile.target].active:
        check = snapshot_check(state, aircraft, plot, fixes)
        if not check.allowed:
            return SNAPSHOT_RULE, check.reason
    return None
