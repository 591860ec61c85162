"""``furball perf …``: the Performance and Turning nomographs for one aircraft state.

A level-flight calculator for the table: Initial State (Ap1–Ap4), FP for the game-turn, Turn
Points at a load, and the four ΔSpeeds with the End Speed.
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from engine import performance as perf
from engine.aero import THROTTLES, Throttle, polar_at
from engine.atmosphere import MAX_ALT_FT, ktas_from_keas
from models.aircraft import AircraftCard, card
from sim.cli.arguments import Bounded

ALT_FT = Bounded(0.0, MAX_ALT_FT, "ft")
SPEED_KT = Bounded(0.0, 1000.0, "kt")
LOAD_G = Bounded(-12.0, 12.0, "g")
WEIGHT_LB = Bounded(0.0, 1_000_000.0, "lb", above_low=True)

EXAMPLES = """\
examples:
  furball perf F-16C --alt-ft 15000 --speed-kt 450
  furball perf F-4E --alt-ft 20000 --speed-kt 500 --load-g 5 --throttle ab
  furball perf MiG-21MF --alt-ft 10000 --speed-kt 400 --weight-lb 17000 --json
"""


def register(commands: Any) -> None:
    parser = commands.add_parser(
        "perf",
        help="performance calculator: KEAS, Mach, limits, FP, Turn Points, ΔSpeeds",
        description=(
            "Level-flight performance of one aircraft: Initial State (Ap1–Ap4), FP this turn, "
            "Turn Points at a load (Turn-G = load) and the ΔSpeeds for a constant load."
        ),
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("type", metavar="TYPE", help="aircraft type, e.g. F-16C")
    parser.add_argument(
        "--alt-ft", type=ALT_FT, required=True, help=f"altitude in feet, {ALT_FT.limits}"
    )
    parser.add_argument(
        "--speed-kt", type=SPEED_KT, required=True, help=f"speed (KTAS), {SPEED_KT.limits}"
    )
    parser.add_argument(
        "--load-g", type=LOAD_G, default=1.0, help=f"load in g, {LOAD_G.limits} (default 1.0)"
    )
    parser.add_argument(
        "--throttle", choices=THROTTLES, default="mil", help="throttle setting (default mil)"
    )
    parser.add_argument(
        "--weight-lb",
        type=WEIGHT_LB,
        help="weight, above the type's empty weight (default: the card's reference combat weight)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=_perf)


def _signed(kt: int) -> str:
    return f"{kt:+d}" if kt else "0"


def _g(load: float) -> str:
    """A load as the card writes it: 7.0, 6.5, or a card figure such as 7.33."""
    return f"{load:.1f}" if (2 * load).is_integer() else f"{load:.2f}"


def _ticks(ticks: int | None) -> str:
    return "more than 10 ticks" if ticks is None else f"{ticks} tick{'' if ticks == 1 else 's'}"


def _inputs(args: argparse.Namespace, aircraft: AircraftCard) -> tuple[float, int, float, float]:
    """Altitude, speed (to 5 kt), load (to 0.5 g) and weight (their ranges are checked as
    they are parsed; the weight against the type's here)."""
    weight = aircraft.weights.reference_combat_lb if args.weight_lb is None else args.weight_lb
    if not weight > aircraft.weights.empty_lb:
        raise ValueError(
            f"--weight-lb: {weight:g} lb is not above the {aircraft.type_id}'s empty weight "
            f"{aircraft.weights.empty_lb:g} lb"
        )
    load = perf.round_load_g(args.load_g)
    return args.alt_ft, perf.round_speed_kt(args.speed_kt), load, weight


def _perf(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    aircraft = card(args.type)
    throttle: Throttle = args.throttle
    if throttle == "ab" and not aircraft.engines.has_afterburner:
        raise ValueError(f"--throttle ab: the {aircraft.type_id} has no afterburner")
    alt, speed, load, weight = _inputs(args, aircraft)

    state = perf.initial_state(aircraft, alt, speed, weight)
    fp_row = perf.fp_cumulative(speed)
    rate = perf.tp_per_tick(speed, load)
    tp_row = tuple(perf.turn_points(speed, load, ticks) for ticks in range(1, 11))
    change = perf.speed_change(
        aircraft,
        throttle,
        alt,
        speed,
        weight,
        average_load_g=load,
        negative_loads_used=load < 0,
    )
    corner_ktas = ktas_from_keas(state.corner_keas, alt)

    cell_ticks = {tp: perf.ticks_for_turn_points(speed, load, tp) for tp in (6, 5)}

    notes: list[str] = []
    if speed != args.speed_kt:
        notes.append(f"note: speed {args.speed_kt:g} kt is tracked as {speed} kt")
    if load != args.load_g:
        notes.append(f"note: load {args.load_g:g} g is rounded to {_g(load)} g")
    warnings: list[str] = []
    if change.exceeds_max_lift:
        cl_max = polar_at(aircraft, state.mach).cl_max
        needs = (
            "there is no airspeed to lift it"
            if math.isinf(change.lift_used)
            else f"Lift Used {change.lift_used:.2f} is above Max-Lift {cl_max:.2f}"
        )
        warnings.append(
            f"{_g(load)} g departs: {needs} (aero load limit {cl_max * state.q_mark:.2f} g, "
            f"written {_g(state.aero_load_limit_g)} g); turn drag uses Max-Lift"
        )
    if load > state.safe_load_g:
        warnings.append(f"{_g(load)} g is above the safe load {_g(state.safe_load_g)} g")
    if load < aircraft.structure.negative_safe_load_g:
        warnings.append(
            f"{_g(load)} g is beyond the negative safe load "
            f"{_g(aircraft.structure.negative_safe_load_g)} g"
        )
    if change.below_minimum:
        warnings.append(
            f"end speed {change.end_speed_kt} kt is below {perf.MIN_SPEED_KT} kt: lose one "
            f"altitude step, speed becomes {perf.MIN_SPEED_KT} kt, 4 Departure Points"
        )

    region = state.mach_region
    fast = "  Fast" if state.fast else ""
    terms = (
        f"engine {_signed(change.engine_kt)}  form {_signed(change.form_kt)}  "
        f"turn {_signed(change.turn_kt)}  gravity {_signed(change.gravity_kt)}"
    )
    lines = [
        *notes,
        f"{aircraft.type_id} at {alt:,.0f} ft, {speed} kt, {weight:,.0f} lb "
        f"(wing load {state.wing_load_psf:.1f} lb/ft²), throttle {throttle}, load {_g(load)} g",
        f"KEAS {state.keas:.0f}  Mach {state.mach:.2f} ({region})  Q-mark {state.q_mark:.2f}{fast}",
        f"aero load limit {_g(state.aero_load_limit_g)} g  safe load {_g(state.safe_load_g)} g  "
        f"corner {state.corner_keas:.0f} KEAS = {corner_ktas:.0f} KTAS here",
        f"FP this turn {fp_row[-1]}: by tick {' '.join(str(fp) for fp in fp_row)}",
        f"Turn-G {_g(load)}: {rate:.2f} TP per tick, {tp_row[-1]} TP in 10 ticks: "
        f"by tick {' '.join(str(tp) for tp in tp_row)}",
        (
            "no turn: a Turn-G of 1.0 or less collects no TP"
            if rate == 0
            else f"one cell: 6 TP in {_ticks(cell_ticks[6])}, "
            f"5 TP (within a ±30 ring) in {_ticks(cell_ticks[5])}"
        ),
        f"ΔSpeed {terms}  net {_signed(change.net_kt)}  end speed {change.end_speed_kt} kt",
        *(f"warning: {w}" for w in warnings),
    ]
    data: dict[str, Any] = {
        "type": aircraft.type_id,
        "alt_ft": alt,
        "speed_kt": speed,
        "weight_lb": weight,
        "wing_load_psf": state.wing_load_psf,
        "throttle": throttle,
        "load_g": load,
        "keas": state.keas,
        "mach": state.mach,
        "mach_region": region,
        "fast": state.fast,
        "q_mark": state.q_mark,
        "aero_load_limit_g": state.aero_load_limit_g,
        "safe_load_g": state.safe_load_g,
        "corner_keas": state.corner_keas,
        "corner_ktas": corner_ktas,
        "fp_per_turn": fp_row[-1],
        "fp_cumulative": list(fp_row),
        "turn_g": load,
        "tp_per_tick": rate,
        "tp_cumulative": list(tp_row),
        "tp_10_ticks": tp_row[-1],
        "ticks_per_cell": {"6_tp": cell_ticks[6], "5_tp": cell_ticks[5]},
        "lift_used": None if math.isinf(change.lift_used) else change.lift_used,
        "departs": change.exceeds_max_lift,
        "dspeed": {
            "engine": change.engine_kt,
            "form": change.form_kt,
            "turn": change.turn_kt,
            "gravity": change.gravity_kt,
            "net": change.net_kt,
        },
        "end_speed_kt": change.end_speed_kt,
        "warnings": warnings,
    }
    return "\n".join(lines), data
