"""Fuel ("Fuel"): Engine Output accumulates in the Dry carry or AB carry box, and a box
that reaches its Usage spends a Fuel Point, keeping the excess."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import performance as perf
from engine.aero import Throttle
from models.aircraft import AircraftCard, Engines, card

EAGLE = card("F-15C")
EXAMPLE_ALT_FT = 12_000  # "level 60": 60 steps of 200 ft
EXAMPLE_SPEED_KT = 330  # the example gives no speed; 310–345 kt give its Engine Outputs


def without_usages(aircraft: AircraftCard) -> AircraftCard:
    engines = aircraft.engines.model_copy(update={"fuel_usage_dry": None, "fuel_usage_ab": None})
    return aircraft.model_copy(update={"engines": engines})


def test_the_rulebooks_fuel_example() -> None:
    """ "Fuel", the worked example: a half-loaded F-15C (67 FP) at 12,000 ft gets 20 Engine
    Output in AB against a Usage of 16, so it spends a Fuel Point at once and carries 4; a
    second AB turn carries 8. Back at Dry it gets 12 against 45: 12, 24, 36 in the Dry box,
    and on turn 6 the box reaches 48, spends its first Dry Fuel Point and keeps 3. The AB
    carry is untouched meanwhile."""
    fuel_fp = perf.round_half_up(EAGLE.weights.internal_fuel_fp / 2)
    assert fuel_fp == 67
    ab = perf.engine_output(EAGLE, "ab", EXAMPLE_ALT_FT, EXAMPLE_SPEED_KT)
    dry = perf.engine_output(EAGLE, "mil", EXAMPLE_ALT_FT, EXAMPLE_SPEED_KT)
    assert ab == perf.EngineOutput(ab_points=20)
    assert dry == perf.EngineOutput(dry_points=12)
    assert perf.fuel_usage(EAGLE, "ab") == 16 and perf.fuel_usage(EAGLE, "mil") == 45
    carry = perf.FuelCarry()
    spent, boxes, left = [], [], []
    for output in (ab, ab, dry, dry, dry, dry):
        used, carry = perf.fuel_burn(EAGLE, output, carry)
        fuel_fp -= used
        spent.append(used)
        boxes.append((carry.dry_points, carry.ab_points))
        left.append(fuel_fp)
    assert spent == [1, 1, 0, 0, 0, 1]
    assert boxes == [(0, 4), (0, 8), (12, 8), (24, 8), (36, 8), (3, 8)]
    assert left == [66, 65, 65, 65, 65, 64]


@pytest.mark.parametrize(("box", "rulebook"), [("ab", 16), ("mil", 45)])
def test_usage_from_the_tsfc_gives_the_rulebooks_f15c_usages(box: Throttle, rulebook: int) -> None:
    """The Fuel row's Usage, worked out from the card's TSFC and wing area for a card that
    gives none, is the rulebook's own F-15C figure ("Fuel")."""
    assert perf.fuel_usage(without_usages(EAGLE), box) == rulebook


def test_idle_adds_nothing_to_either_box() -> None:
    """Idle's Engine Output is 0 ("Compressor Stall"), so an idling engine burns no Fuel
    Points ("Fuel")."""
    assert perf.engine_output(EAGLE, "idle", 0, 300) == perf.EngineOutput()
    spent, carry = perf.fuel_burn(EAGLE, perf.EngineOutput(), perf.FuelCarry(7, 3))
    assert spent == 0 and carry == perf.FuelCarry(7, 3)


def test_engines_at_different_settings_fill_their_own_boxes() -> None:
    """With one engine's afterburner lost, the engine at Mil counts toward the Dry box and
    the other toward the AB box; each gives its share of the whole ("Fuel", "Engine Out")."""
    whole_ab = perf.engine_output(EAGLE, "ab", EXAMPLE_ALT_FT, EXAMPLE_SPEED_KT).ab_points
    whole_dry = perf.engine_output(EAGLE, "mil", EXAMPLE_ALT_FT, EXAMPLE_SPEED_KT).dry_points
    split = perf.engine_output(
        EAGLE, "ab", EXAMPLE_ALT_FT, EXAMPLE_SPEED_KT, [("ab", 1.0), ("mil", 1.0)]
    )
    assert split == perf.EngineOutput(dry_points=whole_dry // 2, ab_points=whole_ab // 2)
    dead = perf.engine_output(
        EAGLE, "mil", EXAMPLE_ALT_FT, EXAMPLE_SPEED_KT, [("mil", 1.0), ("mil", 0.0)]
    )
    assert dead.dry_points == whole_dry // 2 and dead.ab_points == 0


def test_a_box_holding_two_usages_spends_two_fuel_points() -> None:
    """A box never keeps a whole Usage: it spends a Fuel Point for each one it holds
    (docs/rulings.md, "Fuel")."""
    spent, carry = perf.fuel_burn(EAGLE, perf.EngineOutput(ab_points=20), perf.FuelCarry(0, 15))
    assert spent == 2 and carry == perf.FuelCarry(0, 35 - 32)


@given(
    st.lists(
        st.tuples(st.sampled_from(["mil", "ab"]), st.integers(0, 200), st.integers(100, 900)),
        min_size=1,
        max_size=30,
    )
)
def test_fuel_points_and_carries_account_for_all_engine_output(
    turns: list[tuple[Throttle, int, int]],
) -> None:
    """Every point of Engine Output is in a box or in a spent Fuel Point of that box, each
    box stays below its Usage, and the two boxes never mix ("Fuel")."""
    carry, spent = perf.FuelCarry(), 0
    total = {"mil": 0, "ab": 0}
    for throttle, alt_steps, speed_kt in turns:
        output = perf.engine_output(EAGLE, throttle, alt_steps * 200, speed_kt)
        used, carry = perf.fuel_burn(EAGLE, output, carry)
        spent += used
        total["mil"] += output.dry_points
        total["ab"] += output.ab_points
    usage_dry, usage_ab = perf.fuel_usage(EAGLE, "mil"), perf.fuel_usage(EAGLE, "ab")
    assert 0 <= carry.dry_points < usage_dry and 0 <= carry.ab_points < usage_ab
    assert spent == total["mil"] // usage_dry + total["ab"] // usage_ab
    assert carry.dry_points == total["mil"] % usage_dry
    assert carry.ab_points == total["ab"] % usage_ab


def test_the_fuel_row_needs_an_afterburner_for_its_ab_column() -> None:
    sabre = card("F-86F").engines.model_dump()
    with pytest.raises(ValueError, match="fuel_usage_ab needs an afterburner"):
        Engines.model_validate({**sabre, "fuel_usage_ab": 20})
    with pytest.raises(ValueError, match="no afterburner"):
        perf.fuel_usage(card("F-86F"), "ab")


def test_a_carry_cannot_be_negative() -> None:
    with pytest.raises(ValueError, match="dry carry"):
        perf.FuelCarry(dry_points=-1)
    with pytest.raises(ValueError, match="AB carry"):
        perf.FuelCarry(ab_points=-1)
