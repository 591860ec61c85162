"""The hex jet game's initiative and Flight Decision Steps (§5.1, §6.1–§6.6), with every
worked example the seed prints.

The Acceleration Chart here is a test fixture, not a type's chart: the seed prints none."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.hexjet.decision import (
    Choice,
    DecisionRefused,
    Markers,
    altitude_step,
    decide,
    fuel_step,
    speed_step,
)
from engine.hexjet.initiative import precedence
from models.hexjet.display import (
    MAX_ALTITUDE_CHANGE,
    AccelerationChart,
    AircraftDisplay,
    ChartBlock,
    ChartColumn,
    speed_class,
)
from models.hexjet.orders import HexjetDecision


def column(throttle: str, base: int) -> ChartColumn:
    """Climbing costs speed, diving gives it; a 6-level climb at IDLE is prohibited."""
    cells: list[int | str] = [base - change // 2 for change in range(-6, 7)]
    if throttle == "IDLE":
        cells[-1] = "P"
    return ChartColumn(throttle=throttle, results=tuple(cells))  # type: ignore[arg-type]


def display(afterburner: bool = True) -> AircraftDisplay:
    blocks = [
        ChartBlock(
            speed_class=sc,
            acceleration="high",  # type: ignore[arg-type]
            columns=(column("AB", 2), column("MIL", 0), column("IDLE", -2)),
        )
        for sc in ("subsonic", "supersonic")
    ]
    return AircraftDisplay(
        id="fixture",
        name="test jet",
        afterburner=afterburner,
        acceleration="high",
        max_speed=14,
        chart=AccelerationChart(blocks=tuple(blocks)),
    )


def test_the_seeds_initiative_example() -> None:
    """§5.1: A 6+7 = 13, B 7+6 = 13, C 4+8 = 12: C is last; A and B roll off."""
    order, sums = precedence(
        Dice.seeded(0, [("d6", 2), ("d6", 5)]), {"A": (6, 7), "B": (7, 6), "C": (4, 8)}
    )
    assert sums == {"A": 13, "B": 13, "C": 12}
    assert order == ["B", "A", "C"]
    order, _ = precedence(
        Dice.seeded(0, [("d6", 6), ("d6", 1)]), {"A": (6, 7), "B": (7, 6), "C": (4, 8)}
    )
    assert order == ["A", "B", "C"]


def test_a_tied_roll_off_is_rolled_again() -> None:
    dice = Dice.seeded(0, [("d6", 3), ("d6", 3), ("d6", 1), ("d6", 4)])
    order, _ = precedence(dice, {"A": (5, 5), "B": (4, 6)})
    assert order == ["B", "A"]
    assert len(dice.rolls) == 4


def test_the_seeds_fuel_example() -> None:
    """§6.2: AB takes the marker from 25 to 23; MIL moves it one box."""
    assert fuel_step(25, "AB") == (23, "AB", False)
    assert fuel_step(23, "MIL") == (22, "MIL", False)
    assert fuel_step(23, "IDLE") == (23, "IDLE", False)


def test_landing_in_bingo_cancels_the_throttle_to_idle() -> None:
    assert fuel_step(3, "AB") == (3, "IDLE", True)
    assert fuel_step(2, "MIL") == (2, "IDLE", True)
    assert fuel_step(4, "AB") == (2, "AB", False)


def test_the_seeds_altitude_example() -> None:
    """§6.5: at 10, a Dive of 2 → 8."""
    assert altitude_step(display(), 10, -2) == 8


def test_altitude_stays_between_the_surface_and_the_ceiling() -> None:
    assert altitude_step(display(), 1, -1) == 0
    with pytest.raises(DecisionRefused, match="below the surface"):
        altitude_step(display(), 1, -2)
    with pytest.raises(DecisionRefused, match="above the ceiling"):
        altitude_step(display(), 12, 4)


@pytest.mark.parametrize(
    ("speed", "throttle", "change", "expected"),
    [(6, "MIL", -4, 8), (6, "MIL", 0, 6), (6, "IDLE", -2, 5)],
)
def test_the_speed_change_is_applied_at_once(
    speed: int, throttle: str, change: int, expected: int
) -> None:
    """§6.6.4.1–2: "+2" from speed 6 → 8; "0" no change; "−1" one less."""
    assert speed_step(display(), speed, throttle, change) == expected  # type: ignore[arg-type]


def test_a_p_result_is_refused() -> None:
    with pytest.raises(DecisionRefused, match="P \\(prohibited\\)"):
        speed_step(display(), 8, "IDLE", 6)


def test_under_the_stall_speed_is_refused() -> None:
    """Derived from §6.6.4.2.1: speed 4 with −2 → 2 < 3."""
    with pytest.raises(DecisionRefused, match="stall speed 3"):
        speed_step(display(), 4, "IDLE", 0)


def test_a_speed_under_the_levels_changed_is_refused() -> None:
    """Derived from §6.6.4.2.1: speed 5, a six-level climb with a 0 result → 5 < 6."""
    chart = display().chart.model_copy()
    flat = ChartColumn(throttle="AB", results=(0,) * (2 * MAX_ALTITUDE_CHANGE + 1))
    blocks = tuple(b.model_copy(update={"columns": (flat,)}) for b in chart.blocks)
    jet = display().model_copy(update={"chart": AccelerationChart(blocks=blocks)})
    with pytest.raises(DecisionRefused, match="less than the 6 levels"):
        speed_step(jet, 5, "AB", 6)


def test_no_afterburner_no_ab() -> None:
    with pytest.raises(DecisionRefused, match="cannot use afterburner"):
        decide(display(afterburner=False), Markers("MIL", 20, 8, 6), Choice("AB"))


def test_the_steps_run_in_order_and_record_each() -> None:
    decision = decide(display(), Markers("MIL", 20, 8, 6), Choice("AB", "left", "climb", 2))
    assert [rule for rule, _ in decision.steps] == ["§6.1", "§6.2", "§6.3", "§6.4", "§6.5", "§6.6"]
    assert decision.markers.fuel == 18
    assert decision.markers.altitude == 10
    assert decision.markers.speed == 6 + 2 - 1
    assert decision.first_turn == "left"


def test_a_level_cell_keeps_the_altitude_change_at_zero() -> None:
    with pytest.raises(DecisionRefused, match="Level cell"):
        decide(display(), Markers("MIL", 20, 8, 6), Choice("MIL", "ahead", "level", 1))
    with pytest.raises(DecisionRefused, match="1–6 levels"):
        decide(display(), Markers("MIL", 20, 8, 6), Choice("MIL", "ahead", "dive", 7))


def test_speed_classes() -> None:
    assert speed_class(9) == "subsonic" and speed_class(10) == "supersonic"


def test_a_written_decision_is_decided() -> None:
    written = HexjetDecision.parse("AB RC2")
    decision = decide(display(), Markers("MIL", 20, 8, 6), Choice.of(written))
    assert decision.markers.altitude == 10 and decision.first_turn == "right"
