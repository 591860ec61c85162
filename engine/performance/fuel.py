"""Fuel ("Fuel"): Fuel Points of 100 lb, spent as Engine Output accumulates.

Each game-turn the engines' Engine Output is added to one of two boxes on the control card,
the Dry carry at Mil and the AB carry in afterburner.  When a box holds at least the Usage
of its column of the Engine table's Fuel row, a Fuel Point is spent and the rest stays in
the box.  The boxes never mix.

furball's cards give thrust and TSFC rather than an Engine table, so two figures are ours:

* one point of Engine Output is :data:`LBF_PER_FT2_PER_OUTPUT` lbf of thrust per square foot
  of wing, read at the turn's altitude and Mach the way the Engine step reads its thrust;
* a Usage, unless the card gives it, is the Engine Output that burns 100 lb at the card's
  TSFC over 6 s game-turns.

With these the F-15C card reproduces the rulebook's example: 20 Engine Output in AB and 12
at Mil at 12,000 ft (between 310 and 345 kt), and Usages of 16 and 45.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine import aero
from engine.aero import Throttle
from engine.atmosphere import isa
from engine.performance._checks import check_speed_kt
from engine.performance.rounding import round_half_up
from engine.performance.speed import SECONDS_PER_TURN
from engine.performance.state import LB_PER_FUEL_POINT
from models.aircraft import AircraftCard

LBF_PER_FT2_PER_OUTPUT: Final = 3.0
"""Thrust per square foot of wing in one point of Engine Output (ours, see the module)."""
S_PER_HR: Final = 3600.0


@dataclass(frozen=True, slots=True)
class FuelCarry:
    """The Dry carry and AB carry boxes: Engine Output counted toward the next Fuel Point."""

    dry_points: int = 0
    ab_points: int = 0

    def __post_init__(self) -> None:
        for name, value in (("dry", self.dry_points), ("AB", self.ab_points)):
            if value < 0:
                raise ValueError(f"{name} carry {value} cannot be negative")


@dataclass(frozen=True, slots=True)
class EngineOutput:
    """One game-turn's Engine Output, split by the box it goes into ("Fuel")."""

    dry_points: int = 0
    ab_points: int = 0


def fuel_usage(card: AircraftCard, box: Throttle) -> int:
    """The Usage of the Fuel row's Dry (``"mil"``) or AB (``"ab"``) column: the card's own
    figure, else the Engine Output that burns one Fuel Point at the card's TSFC ("Fuel")."""
    engines = card.engines
    if box == "ab":
        if engines.tsfc_ab_per_hr is None:
            raise ValueError(f"the {card.type_id} has no afterburner")
        given, tsfc = engines.fuel_usage_ab, engines.tsfc_ab_per_hr
    elif box == "mil":
        given, tsfc = engines.fuel_usage_dry, engines.tsfc_dry_per_hr
    else:
        raise ValueError(f"the Fuel row has a Dry and an AB column, not {box!r}")
    if given is not None:
        return given
    lb_per_output = LBF_PER_FT2_PER_OUTPUT * card.wing_area_ft2 * tsfc / S_PER_HR * SECONDS_PER_TURN
    return max(1, round_half_up(LB_PER_FUEL_POINT / lb_per_output))


def engine_output(
    card: AircraftCard,
    throttle: Throttle,
    alt_ft: float,
    speed_kt: int,
    engine_outputs: Sequence[tuple[Throttle, float]] | None = None,
) -> EngineOutput:
    """This game-turn's Engine Output by box, at the altitude and speed of the Engine step.

    ``engine_outputs`` gives each engine's setting and output factor when damage, a stall or
    a throttle held at Normal set them apart (as for Engine ΔSpeed); an engine at Mil counts
    toward the Dry box, one in afterburner toward the AB box.  An idling engine adds nothing:
    Idle's Engine Output is 0 ("Compressor Stall").
    """
    check_speed_kt(speed_kt)
    mach = speed_kt / isa(alt_ft).speed_of_sound_kt
    shares = engine_outputs if engine_outputs is not None else [(throttle, 1.0)]
    per_engine = 1.0 / len(shares) if shares else 0.0
    thrust_lbf = {"mil": 0.0, "ab": 0.0}
    for setting, factor in shares:
        if setting != "idle":
            share = factor * per_engine
            thrust_lbf[setting] += share * aero.thrust_lbf(card, setting, alt_ft, mach)
    lbf_per_output = LBF_PER_FT2_PER_OUTPUT * card.wing_area_ft2
    return EngineOutput(
        dry_points=round_half_up(thrust_lbf["mil"] / lbf_per_output),
        ab_points=round_half_up(thrust_lbf["ab"] / lbf_per_output),
    )


def fuel_burn(card: AircraftCard, output: EngineOutput, carry: FuelCarry) -> tuple[int, FuelCarry]:
    """Fuel Points spent this game-turn and the carries after it ("Fuel").

    Each box takes its own Engine Output; for every whole Usage it then holds, a Fuel Point
    is spent and the Usage taken out, so a box always ends below its Usage.
    """
    spent, dry = divmod(carry.dry_points + output.dry_points, fuel_usage(card, "mil"))
    ab = carry.ab_points + output.ab_points
    if card.engines.has_afterburner:
        ab_spent, ab = divmod(ab, fuel_usage(card, "ab"))
        spent += ab_spent
    return spent, FuelCarry(dry_points=dry, ab_points=ab)
