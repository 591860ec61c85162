"""Departure (SoP 06), spin checks, Spin Recovery (SoP 05) and too-slow flight."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bop.departure import (
    DEPARTURE_PATH,
    SpinState,
    controllability_region,
    controllability_roll_dp,
    depart_value,
    departure_check,
    departure_tables,
    load_departure_tables,
    recovered_attitude,
    spin_recovery,
    too_slow_flight,
)
from engine.dice import Dice
from engine.phad import Attitude
from models.aircraft import card
from models.files import DataFileError

F16 = card("F-16C")  # departure_rating 2: Depart 12
F4 = card("F-4E")  # departure_rating -2: Depart 8
HIGH_Q = 3.0  # well above the Controllability Region
LOW_Q = 1.0  # in the Low (2) region


def dice(*rolls: tuple[str, int]) -> Dice:
    return Dice.seeded(0, rolls)  # type: ignore[arg-type]


def pct(value: int) -> tuple[str, int]:
    return ("percentile", value)


def d10(value: int) -> tuple[str, int]:
    return ("d10", value)


def test_shipped_tables_load() -> None:
    assert load_departure_tables(DEPARTURE_PATH) == departure_tables()


def test_bad_table_names_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "departure.toml"
    bad.write_text(
        DEPARTURE_PATH.read_text(encoding="utf-8").replace("depart_base = 10", "depart_base = -3")
    )
    with pytest.raises(DataFileError) as caught:
        load_departure_tables(bad)
    assert str(bad) in str(caught.value) and "check.depart_base" in str(caught.value)


# -- Too-Slow Flight ---------------------------------------------------------------------


def test_too_slow_flight() -> None:
    """Below 40 kt: lose one step, fly at 40, +4 DP ("Net Speed Change", "Too-Slow Flight")."""
    slow = too_slow_flight(35, 20, "Viper 1")
    assert (slow.speed_kt, slow.alt_steps, slow.departure_points) == (40, 19, 4)
    assert slow.record is not None and slow.record.kind == "speed_floor"
    fine = too_slow_flight(40, 20, "Viper 1")
    assert (fine.speed_kt, fine.alt_steps, fine.departure_points, fine.record) == (40, 20, 0, None)


# -- The Controllability Region ----------------------------------------------------------


@pytest.mark.parametrize(
    ("q", "name"), [(0.5, "No"), (0.9, "Low"), (1.3, "Marginal"), (1.6, None), (4.0, None)]
)
def test_regions(q: float, name: str | None) -> None:
    region = controllability_region(q)
    assert (region.name if region else None) == name


def test_rolling_in_the_region_one_dp_per_two_roll_points() -> None:
    assert controllability_roll_dp(5.0, LOW_Q) == 2
    assert controllability_roll_dp(5.0, HIGH_Q) == 0


# -- Departure checks -------------------------------------------------------------------


def test_no_departure_points_no_check() -> None:
    rolled = dice()
    result = departure_check(F16, 0, 0, 0, LOW_Q, rolled, "Viper 1", 7)
    assert result.outcome == "controlled" and not result.checked and not rolled.rolls


def test_pips_rating_is_depart_plus_pq_plus_control_ap() -> None:
    """Pips Rating = Depart (ADC) + PQ + AP ("Departure Checks")."""
    rolled = dice(pct(50))
    result = departure_check(F16, 1, 2, 1, HIGH_Q, rolled, "Viper 1", 7)
    assert depart_value(F16) == 12
    assert result.column == 12 + 2 + 1
    assert rolled.rolls[0].purpose == "departure check, Viper 1, turn 7"


def test_result_one_keeps_control_zero_departs() -> None:
    """Departure Result = Pips − DP: 1 or more keeps control, 0 or less departs."""
    # column 12 thresholds 0, 2, 8, 20, 35, 52: roll 40 → 5 pips
    kept = departure_check(F16, 4, 0, 0, HIGH_Q, dice(pct(40)), "V", 1)
    assert (kept.pips, kept.departure_result, kept.outcome) == (5, 1, "controlled")
    lost = departure_check(F16, 5, 0, 0, HIGH_Q, dice(pct(40)), "V", 1)
    assert (lost.departure_result, lost.outcome) == (0, "high_speed")
    assert (lost.imposed_unloaded_ticks, lost.imposed_load_g) == (2, 3.0)
    assert lost.records[0].kind == "departure"


def test_low_speed_departure_spin_check() -> None:
    """In the region: d10 + Departure Result; 0 or more High-Speed Departure, below 0 spin
    (Departed Flight, SoP 06). The region's DP were collected in flight, not at the check."""
    # 5 held; roll 40 → 5 pips → result 0
    hsd = departure_check(F16, 5, 0, 0, LOW_Q, dice(pct(40), d10(0)), "V", 1)
    assert (hsd.departure_points, hsd.departure_result, hsd.spin_check) == (5, 0, 0)
    assert hsd.outcome == "high_speed" and hsd.region == "Low"
    spin = departure_check(F16, 8, 0, 0, LOW_Q, dice(pct(40), d10(2)), "V", 1)
    assert spin.departure_result == -3 and spin.spin_check == -1
    assert spin.outcome == "spin" and spin.spin == SpinState(-3)
    assert spin.imposed_unloaded_ticks == 0


def test_argument_checks() -> None:
    with pytest.raises(ValueError, match="Pilot Quality"):
        departure_check(F16, 1, 4, 0, HIGH_Q, dice(), "V", 1)
    with pytest.raises(ValueError, match="Control task"):
        departure_check(F16, 1, 0, 3, HIGH_Q, dice(), "V", 1)


@settings(max_examples=60)
@given(
    roll=st.integers(0, 99), dp=st.integers(1, 15), more=st.integers(1, 5), pq=st.integers(-2, 3)
)
def test_more_departure_points_never_help(roll: int, dp: int, more: int, pq: int) -> None:
    few = departure_check(F4, dp, pq, 0, HIGH_Q, dice(pct(roll)), "V", 1)
    many = departure_check(F4, dp + more, pq, 0, HIGH_Q, dice(pct(roll)), "V", 1)
    assert few.departure_result is not None and many.departure_result is not None
    assert many.departure_result < few.departure_result
    assert not (few.departed and not many.departed)


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), dp=st.integers(0, 12), q=st.floats(0.3, 4.0))
def test_same_seed_same_results(seed: int, dp: int, q: float) -> None:
    first = departure_check(F4, dp, 0, 1, q, Dice.seeded(seed), "V", 1)
    again = departure_check(F4, dp, 0, 1, q, Dice.seeded(seed), "V", 1)
    assert first == again


# -- Spin Recovery -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spin", "pq", "face", "score", "outcome"),
    [
        (-5, 1, 0, -6, "flat_spin"),
        (-5, 1, 1, -5, "continue"),
        (-5, 1, 6, 0, "continue"),
        (-5, 1, 7, 1, "high_speed_departure"),
        (-5, 1, 9, 3, "high_speed_departure"),
        (-2, 3, 9, 8, "normal_flight"),
    ],
)
def test_spin_recovery_results(spin: int, pq: int, face: int, score: int, outcome: str) -> None:
    """score = d10 + Departure Result + PQ + departure_rating (F-4E: −2), read on the table's
    bands: flat spin at −6 or less, continue to 0, High-Speed Departure to 3, else normal."""
    result = spin_recovery(F4, SpinState(spin), pq, dice(d10(face)), "Phantom 1", 4)
    assert (result.score, result.outcome) == (score, outcome)
    assert result.record is not None and result.record.kind == "spin_recovery"


def test_continue_spin_weakens_the_departure_check() -> None:
    result = spin_recovery(F4, SpinState(-5), 0, dice(d10(3)), "V", 1)
    assert result.outcome == "continue" and result.spin == SpinState(-4)


def test_recover_to_normal_flight_costs_an_overstress_point() -> None:
    result = spin_recovery(F16, SpinState(-1), 3, dice(d10(9)), "V", 1)
    assert result.outcome == "normal_flight" and result.overstress_points == 1
    assert result.spin is None


def test_flat_spin_removes_the_aircraft_at_end_of_turn() -> None:
    result = spin_recovery(F4, SpinState(-9), -2, dice(d10(0)), "V", 1)
    assert result.outcome == "flat_spin" and result.removed_at_end_of_turn


@pytest.mark.parametrize(("roll", "result"), [(1, -1), (3, -2), (4, -2), (10, -5)])
def test_a_pull_past_max_lift_departs_with_minus_half_a_d10(roll: int, result: int) -> None:
    """Of Max Aero Load: Lift Used above Max-Lift departs with −(d10 / 2), a half rounding
    up; above the Controllability Regions that is a High-Speed Departure."""
    from engine.bop.departure import max_lift_departure

    dice = Dice.seeded(1, [("d10", roll)])
    departed = max_lift_departure(50.0, dice, "Viper 1", 3)
    assert departed.departure_result == result and departed.outcome == "high_speed"
    assert "past Max-Lift" in departed.records[0].detail
    assert [r.purpose for r in dice.rolls] == ["Max-Lift departure, Viper 1, turn 3"]


def test_an_f16_slow_at_altitude_exceeds_max_lift_at_two_g() -> None:
    """At 200 kt true and 15,000 ft (159 KEAS) an F-16C at its reference weight has a
    Max-Lift limit of about 1.7 G: a 2.0 G plot asks more lift than the wing has."""
    from engine import performance as perf

    f16 = card("F-16C")
    weight = f16.weights.reference_combat_lb
    assert perf.exceeds_max_lift(f16, 15_000.0, 200, weight, 2.0)
    assert not perf.exceeds_max_lift(f16, 15_000.0, 200, weight, 1.5)


def test_a_recovered_aircraft_is_reoriented_on_its_velocity() -> None:
    """Spin Recovery, SoP 05, on a "Recover to…" result: Nose to the Velocity cell, the
    Canopy the fewest cells to one three from it (highest pitch among equals), the Wing
    three from both."""
    separated = Attitude(nose="030+30", canopy="150+60", wing="090-30", velocity="015+00")
    assert recovered_attitude(separated) == Attitude(nose="015+00", canopy="All+90", wing="105+00")
    # A spin's Velocity moves with its Nose (docs/rulings.md): nothing to move then.
    spinning = Attitude(nose="All-90", canopy="105+00", wing="195+00")
    assert recovered_attitude(spinning) == spinning
