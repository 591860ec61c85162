"""Print how well each aircraft card reproduces its published figures.

    python tools/calibrate_cards.py            # every shipped card
    python tools/calibrate_cards.py F-16C mig-21mf

For each card: every calibration target (published, computed, error, pass or fail), then a
few context figures for tuning: top speed at sea level and 36,000 ft, the sustained turn at
15,000 ft and 450 KTAS, corner speed, and 1 g specific excess power at 15,000 ft and 400 KTAS.
All figures come from :mod:`engine.calibration`, the same code the test suite checks.
Exit status: 0 when every target passes, 1 when any fails, 2 for an unknown type.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing furball
    sys.path.insert(0, str(ROOT))

from engine.aero import (  # noqa: E402
    THROTTLES,
    Throttle,
    corner_keas,
    safe_load_g,
    sustained_load_g,
)
from engine.atmosphere import isa  # noqa: E402
from engine.calibration import (  # noqa: E402
    UNITS,
    check,
    max_level_speed_kt,
    specific_excess_power_ft_s,
    sustained_turn_deg_s,
)
from models.aircraft import (  # noqa: E402
    AircraftCard,
    CalibrationTarget,
    UnknownAircraftType,
    card,
    shipped_types,
)

POWER = tuple(t for t in THROTTLES if t != "idle")


def describe(target: CalibrationTarget) -> str:
    """A short label for a target: what, where and at which throttle."""
    weight = ""
    if target.weight_lb is not None:
        weight = f", {target.weight_lb:,.0f} lb"
    if target.quantity == "corner_keas_kt":
        return f"corner speed{weight}"
    where = f"{target.alt_ft:,.0f} ft"
    if target.quantity == "max_level_speed_kt":
        return f"max level speed, {where}, {target.throttle}{weight}"
    return f"sustained turn, {where}, {target.speed_kt:,.0f} KTAS, {target.throttle}{weight}"


def per_throttle(aircraft: AircraftCard, figure: Callable[[Throttle], str]) -> str:
    """``mil …, ab …`` for the powered throttle settings the card has."""
    parts = []
    for throttle in POWER:
        if throttle == "ab" and not aircraft.engines.has_afterburner:
            parts.append("ab: no afterburner")
        else:
            parts.append(f"{throttle} {figure(throttle)}")
    return ", ".join(parts)


def context_lines(aircraft: AircraftCard) -> list[str]:
    """Tuning context at fixed conditions, at the reference combat weight."""
    weight = aircraft.weights.reference_combat_lb

    def top_speed(alt_ft: float) -> Callable[[Throttle], str]:
        sound = isa(alt_ft).speed_of_sound_kt

        def text(throttle: Throttle) -> str:
            speed = max_level_speed_kt(aircraft, alt_ft, throttle, weight)
            return f"{speed:,.0f} kt (M{speed / sound:.2f})"

        return text

    def turn(throttle: Throttle) -> str:
        rate = sustained_turn_deg_s(aircraft, 15_000, 450, throttle, weight)
        load = min(
            sustained_load_g(aircraft, throttle, 15_000, 450, weight), safe_load_g(aircraft, weight)
        )
        return f"{rate:.1f} deg/s ({load:.1f} g)"

    def excess_power(throttle: Throttle) -> str:
        return f"{specific_excess_power_ft_s(aircraft, 15_000, 400, throttle, weight):,.0f} ft/s"

    cl_max = aircraft.polar_row("Slow").cl_max
    return [
        f"max level speed, sea level: {per_throttle(aircraft, top_speed(0))}",
        f"max level speed, 36,000 ft: {per_throttle(aircraft, top_speed(36_000))}",
        f"sustained turn, 15,000 ft, 450 KTAS: {per_throttle(aircraft, turn)}",
        f"corner speed: {corner_keas(aircraft, weight):.0f} KEAS "
        f"(safe load {safe_load_g(aircraft, weight):g} g, C_Lmax {cl_max:.2f})",
        f"1 g P_s, 15,000 ft, 400 KTAS: {per_throttle(aircraft, excess_power)}",
    ]


def report(aircraft: AircraftCard) -> tuple[list[str], bool]:
    """The lines printed for one card, and whether all of its targets pass."""
    weight = aircraft.weights.reference_combat_lb
    lines = [
        f"{aircraft.type_id}: {aircraft.name} "
        f"(reference {weight:,.0f} lb, {weight / aircraft.wing_area_ft2:.1f} lb/sq ft)"
    ]
    all_pass = True
    for target in aircraft.calibration:
        result = check(aircraft, target)
        all_pass &= result.passed
        unit = UNITS[target.quantity]
        verdict = "pass" if result.passed else "FAIL"
        lines.append(
            f"  {describe(target):<46} published {target.published:8.1f} {unit:<5} "
            f"computed {result.computed:8.1f}  {result.error_pct:+6.1f} %  "
            f"{verdict} (±{target.tolerance_pct:g} %)"
        )
    lines.append("  context at the reference weight:")
    lines.extend(f"    {line}" for line in context_lines(aircraft))
    return lines, all_pass


def main(argv: Sequence[str] | None = None) -> int:
    """Print the calibration report; returns the exit status."""
    parser = argparse.ArgumentParser(
        description="Compare each aircraft card's computed figures with its published ones."
    )
    parser.add_argument(
        "types", nargs="*", metavar="TYPE", help="type ids (any case); default: every card"
    )
    args = parser.parse_args(argv)
    try:
        cards = [card(type_id) for type_id in (args.types or shipped_types())]
    except UnknownAircraftType as error:
        parser.error(str(error))
    everything_passes = True
    for index, aircraft in enumerate(cards):
        lines, passed = report(aircraft)
        everything_passes &= passed
        if index:
            print()
        print("\n".join(lines))
    return 0 if everything_passes else 1


if __name__ == "__main__":
    sys.exit(main())
