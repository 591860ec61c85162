"""Performance layer: rounding, FP and TP tables, Initial State, ΔSpeeds and weight (fuel is
in test_fuel.py).

The aircraft is built here (the F-16C figures of reference/physics.md's worked check), so
these tests do not depend on the shipped cards.
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import performance as perf
from engine.aero import THROTTLES, Throttle
from engine.phad import NEIGHBOURS, Cell
from models.aircraft import AircraftCard, polar_regions
from tests.engine.phad_strategies import cells

P = Cell.parse


def make_card(*, afterburner: bool = True, speedbrake: bool = True) -> AircraftCard:
    """An F-16C-like card: S 300 ft², C_D0 0.020, k 0.117, C_Lmax 1.6, F100-class engine."""
    polar = []
    for region in polar_regions(2.05):
        cd0 = {"Slow": 0.020, "LTD": 0.024, "HTD": 0.036}.get(region, 0.040)
        k = 0.117 if region in {"Slow", "LTD"} else 0.20
        polar.append({"region": region, "cd0": cd0, "k": k, "cl_max": 1.6})
    engines: dict[str, object] = {
        "count": 1,
        "kind": "turbofan",
        "dry_thrust_lbf": 17_155,
        "tsfc_dry_per_hr": 0.8,
    }
    if afterburner:
        engines.update(ab_thrust_lbf=28_984, tsfc_ab_per_hr=2.0)
    data: dict[str, object] = {
        "type_id": "F-16C",
        "name": "test F-16C",
        "wing_area_ft2": 300.0,
        "weights": {"empty_lb": 18_600, "reference_combat_lb": 26_000, "internal_fuel_fp": 70},
        "engines": engines,
        "polar": polar,
        "structure": {
            "safe_load": [
                {"wing_load_psf_up_to": 100, "safe_load_g": 9.0},
                {"wing_load_psf_up_to": 200, "safe_load_g": 7.5},
            ],
            "overspeed_keas_kt": 800,
            "max_mach": 2.05,
        },
        "roll": [{"cl_up_to": 2.0, "safe": 1, "normal": 2, "boosted": 3}],
        "departure_rating": 0,
        "stores": {"stores_points_per_drag_point": 6.0, "derivation": "test figures"},
        "derivation": "test figures",
        "calibration": [
            {"quantity": "corner_keas_kt", "alt_ft": 0, "published": 380, "source": "test"}
        ],
        "sources": ["reference/physics.md"],
    }
    if speedbrake:
        data["speedbrake"] = {"cd0_increment": 0.03}
    return AircraftCard.model_validate(data)


CARD = make_card()
W = 26_000.0
ALT = 15_000.0
V = 400

# --- Rounding ------------------------------------------------------------------------------


def test_rulebook_rounding_examples() -> None:
    # "A value of 0.50 or more rounds up to 1, while a value of 0.49 or less rounds down to 0."
    assert perf.round_half_up(0.50) == 1
    assert perf.round_half_up(0.49) == 0
    # "12.5 rounds to 15, while 12.4 rounds to 10."
    assert perf.round_speed_kt(12.5) == 15
    assert perf.round_speed_kt(12.4) == 10
    # "7.25 rounds to 7.5, while 7.24 rounds to 7.0."
    assert perf.round_load_g(7.25) == 7.5
    assert perf.round_load_g(7.24) == 7.0


def test_negative_values_round_symmetrically() -> None:
    assert perf.round_speed_kt(-12.5) == -15
    assert perf.round_speed_kt(-12.4) == -10
    assert perf.round_load_g(-7.25) == -7.5
    assert perf.round_half_up(-2.5) == -3
    assert str(perf.round_load_g(-0.1)) == "0.0"  # no negative zero on the card


def test_float_noise_below_a_half_still_rounds_up() -> None:
    assert perf.round_load_g(7.25 - 1e-12) == 7.5
    assert perf.round_speed_kt(2.5 - 1e-12) == 5
    assert perf.round_half_up(0.1 + 0.2 + 0.2) == 1  # 0.5000000000000001 or a hair under


def test_rounding_rejects_nan() -> None:
    with pytest.raises(ValueError, match="round"):
        perf.round_half_up(math.nan)


finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)


@given(finite)
def test_rounding_is_idempotent(x: float) -> None:
    assert perf.round_half_up(perf.round_half_up(x)) == perf.round_half_up(x)
    assert perf.round_speed_kt(perf.round_speed_kt(x)) == perf.round_speed_kt(x)
    assert perf.round_load_g(perf.round_load_g(x)) == perf.round_load_g(x)


@given(finite)
def test_rounding_lands_on_the_step_within_half_a_step(x: float) -> None:
    speed = perf.round_speed_kt(x)
    assert speed % 5 == 0 and abs(speed - x) <= 2.5 + 1e-6
    load = perf.round_load_g(x)
    assert (load * 2).is_integer() and abs(load - x) <= 0.25 + 1e-6
    assert perf.round_speed_kt(-x) == -speed


# --- Speed-to-FP Table ---------------------------------------------------------------------


def test_ten_fp_row_is_one_per_tick() -> None:
    assert perf.fp_cumulative(395) == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    assert perf.fp_cumulative(790) == (2, 4, 6, 8, 10, 12, 14, 16, 18, 20)
    assert perf.fp_cumulative(0) == (0,) * 10


def test_only_the_10_and_20_fp_rows_divide_evenly() -> None:
    even = [
        speed
        for speed in range(40, 1001, 5)
        if len({perf.segment_fp(speed, t - 1, t) for t in range(1, 11)}) == 1
    ]
    ten_or_twenty = [s for s in range(40, 1001, 5) if perf.fp_cumulative(s)[-1] in {10, 20}]
    assert even == ten_or_twenty
    assert (even[0], even[-1]) == (380, 805)


def test_segments_of_equal_duration_can_differ() -> None:
    assert perf.fp_cumulative(300) == (1, 2, 2, 3, 4, 5, 5, 6, 7, 8)
    assert perf.segment_fp(300, 0, 2) == 2
    assert perf.segment_fp(300, 2, 4) == 1


def test_a_segment_starting_the_turn_reads_from_the_zero_column() -> None:
    assert perf.segment_fp(300, 0, 10) == 8
    assert perf.segment_fp(300, 4, 4) == 0


def test_flight_point_scale() -> None:
    kt_per_fp = perf.KT_PER_FP  # 400 ft per FP, 6 s per turn
    assert kt_per_fp == pytest.approx(39.5, abs=0.01)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: perf.fp_cumulative(-5), "outside 0"),
        (lambda: perf.fp_cumulative(1005), "outside 0"),
        (lambda: perf.segment_fp(300, 4, 2), "before it starts"),
        (lambda: perf.segment_fp(300, 0, 11), "end tick 11"),
    ],
)
def test_fp_table_errors(call: object, fragment: str) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match=fragment):
        call()


speeds = st.integers(min_value=0, max_value=1000)


@given(speeds)
def test_fp_row_rises_and_ends_at_speed_over_39_5(speed: int) -> None:
    row = perf.fp_cumulative(speed)
    assert len(row) == 10
    assert all(a <= b for a, b in itertools.pairwise((0, *row)))
    assert row[-1] == perf.round_half_up(speed / 39.5)


@given(speeds, st.lists(st.integers(min_value=1, max_value=9), unique=True))
def test_segment_lengths_add_up_to_the_turn(speed: int, cuts: list[int]) -> None:
    ticks = [0, *sorted(cuts), 10]
    total = sum(perf.segment_fp(speed, a, b) for a, b in itertools.pairwise(ticks))
    assert total == perf.fp_cumulative(speed)[-1]


# --- Turning Flight Points of multi-turns --------------------------------------------------


def test_turning_example_1_nine_fp_over_120_degrees_is_7() -> None:
    assert perf.turning_fp(9, cells=4) == 7


def test_turning_example_2_sixty_degrees_keeps_the_segment_length() -> None:
    assert perf.turning_fp(5, cells=2) == 5
    assert perf.turning_fp(20, cells=2) == 20  # under 3 cells nothing shrinks


def test_turning_example_3_by_chord_over_arc() -> None:
    # The rulebook says 7 FP for its 90° multi-turn under a header "Segment Length 9"
    # copied from Example 1; chord/arc gives 9 × 0.900 = 8.1 → 8 (see the ruling).  An
    # 8 FP segment gives the example's 7.
    assert perf.turning_fp(9, cells=3) == 8
    assert perf.turning_fp(8, cells=3) == 7


def test_a_full_circle_ends_where_it_started() -> None:
    assert perf.turning_fp(20, cells=12) == 0


def test_turning_fp_errors() -> None:
    with pytest.raises(ValueError, match="0 … 12 cells"):
        perf.turning_fp(9, cells=13)
    with pytest.raises(ValueError, match="negative"):
        perf.turning_fp(-1, cells=3)


@given(st.integers(min_value=0, max_value=40), st.integers(min_value=3, max_value=11))
def test_longer_multi_turns_cut_more_of_the_circle(fp: int, cells: int) -> None:
    assert perf.turning_fp(fp, cells + 1) <= perf.turning_fp(fp, cells) <= fp


# --- G Lines and the 5-TP rule -------------------------------------------------------------


def test_g_line_example_pulling_six_g_to_the_vertical() -> None:
    # "pulling 6 g's ... from 0° to +30° would have only 5 Turn-G's ... from +30° to +60°,
    # the Turn-G would remain 5 ... from +60° to +90° would be at 6 Turn-G's"
    assert perf.turn_g(6.0, P("015+00"), P("030+30")) == 5.0
    assert perf.turn_g(6.0, P("030+30"), P("030+60")) == 5.0
    assert perf.turn_g(6.0, P("030+60"), P("All+90")) == 6.0


def test_g_lines_pulling_down_add_a_g() -> None:
    assert perf.turn_g(6.0, P("015+00"), P("030-30")) == 7.0
    assert perf.turn_g(6.0, P("030-30"), P("030-60")) == 7.0
    assert perf.turn_g(6.0, P("030-60"), P("All-90")) == 6.0
    assert perf.turn_g(6.0, P("030+60"), P("030+30")) == 7.0


def test_no_g_line_within_a_ring() -> None:
    assert perf.turn_g(4.5, P("015+00"), P("045+00")) == 4.5
    assert perf.turn_g(4.5, P("000+30"), P("030+30")) == 4.5
    assert perf.turn_g(4.5, P("030+60"), P("090+60")) == 4.5


def test_negative_loads_mirror_by_size() -> None:
    assert perf.turn_g(-3.0, P("015+00"), P("030+30")) == -2.0  # pushing the Nose up
    assert perf.turn_g(-3.0, P("015+00"), P("030-30")) == -4.0  # pushing it down


adjacent_pairs = cells.flatmap(lambda a: st.tuples(st.just(a), st.sampled_from(NEIGHBOURS[a])))
loads = st.sampled_from([x / 2 for x in range(-8, 21)])


@given(adjacent_pairs, loads)
def test_turn_g_differs_from_the_load_by_at_most_one(pair: tuple[Cell, Cell], load: float) -> None:
    a, b = pair
    there, back = perf.turn_g(load, a, b), perf.turn_g(load, b, a)
    assert abs(there - load) in {0.0, 1.0}
    assert there + back == 2 * load  # the way back gets the g the way out lost


def test_five_tp_only_within_a_thirty_ring() -> None:
    assert perf.tp_per_cell(P("000+30"), P("030+30")) == 5
    assert perf.tp_per_cell(P("000-30"), P("330-30")) == 5
    assert perf.tp_per_cell(P("015+00"), P("045+00")) == 6
    assert perf.tp_per_cell(P("015+00"), P("030+30")) == 6
    assert perf.tp_per_cell(P("030+30"), P("030+60")) == 6
    assert perf.tp_per_cell(P("030+60"), P("090+60")) == 6
    with pytest.raises(ValueError, match="not adjacent"):
        perf.tp_per_cell(P("000+30"), P("060+30"))


# --- Turn Points ---------------------------------------------------------------------------


def test_tp_rate_constant_is_five_degrees_per_tp_per_tick() -> None:
    tp_per_tick_kt = perf.TP_PER_TICK_KT
    assert tp_per_tick_kt == pytest.approx(131.06, abs=0.01)


def test_worked_check_turn_rate_at_the_aero_limit() -> None:
    # reference/physics.md: 17.0°/s at 6.29 g and 400 KTAS.
    deg_per_s = perf.tp_per_tick(400, 6.29) * perf.DEG_PER_TP / 0.6
    assert deg_per_s == pytest.approx(17.0, abs=0.05)


def test_turn_points_round_the_product_of_rate_and_ticks() -> None:
    rate = perf.TP_PER_TICK_KT * math.sqrt(6.0**2 - 1) / 400  # 1.94 TP per tick
    assert [perf.turn_points(400, 6.0, t) for t in (1, 3, 10)] == [
        round(rate),
        round(3 * rate),
        round(10 * rate),
    ]
    assert perf.turn_points(400, 6.0, 10) == 19
    assert perf.turn_points(400, 6.0, 0) == 0


def test_turn_g_of_one_or_less_and_zero_speed_turn_nothing() -> None:
    assert perf.turn_points(400, 1.0, 10) == 0
    assert perf.turn_points(400, 0.5, 10) == 0
    assert perf.turn_points(0, 6.0, 10) == 0


def test_ticks_for_turn_points() -> None:
    assert perf.ticks_for_turn_points(400, 6.0, 6) == 3  # 5.8 → 6 TP in 3 ticks
    assert perf.ticks_for_turn_points(400, 6.0, 12) == 6
    assert perf.ticks_for_turn_points(400, 6.0, 20) is None
    assert perf.ticks_for_turn_points(400, 1.0, 0) == 1


turn_gs = st.sampled_from([x / 2 for x in range(-20, 25)])


@given(st.integers(min_value=0, max_value=1000), turn_gs)
def test_turn_points_rise_with_ticks(speed: int, tg: float) -> None:
    row = [perf.turn_points(speed, tg, t) for t in range(11)]
    assert row == sorted(row)
    assert perf.turn_points(speed, -tg, 10) == row[10]


@given(st.integers(min_value=0, max_value=1000), st.integers(0, 10), turn_gs, turn_gs)
def test_turn_points_rise_with_turn_g(speed: int, ticks: int, a: float, b: float) -> None:
    low, high = sorted((abs(a), abs(b)))
    assert perf.turn_points(speed, low, ticks) <= perf.turn_points(speed, high, ticks)


@given(st.integers(min_value=5, max_value=1000), turn_gs, st.integers(0, 30))
def test_ticks_for_turn_points_is_the_fewest(speed: int, tg: float, needed: int) -> None:
    ticks = perf.ticks_for_turn_points(speed, tg, needed)
    if ticks is None:
        assert perf.turn_points(speed, tg, 10) < needed
    else:
        assert perf.turn_points(speed, tg, ticks) >= needed
        assert ticks == 1 or perf.turn_points(speed, tg, ticks - 1) < needed


# --- Initial State (Ap) --------------------------------------------------------------------


def test_worked_check_initial_state() -> None:
    state = perf.initial_state(CARD, ALT, V, W)
    assert state.keas == pytest.approx(317.4, abs=0.1)
    assert state.mach == pytest.approx(0.639, abs=1e-3)
    assert state.mach_region == "Slow"
    assert state.q_mark == pytest.approx(3.93, abs=0.01)
    assert state.aero_load_limit_g == 6.5  # 6.29 g written to the nearest 0.5
    assert state.safe_load_g == 9.0
    assert state.wing_load_psf == pytest.approx(86.67, abs=0.01)
    # corner: √(295.37 × 9 × 86.67 / 1.6) KEAS
    assert state.corner_keas == pytest.approx(math.sqrt(295.37 * 9 * W / 300 / 1.6), rel=1e-4)
    assert state.corner_ktas == pytest.approx(state.corner_keas / math.sqrt(0.6295), rel=1e-3)
    assert not state.fast


def test_fast_above_600_keas() -> None:
    assert perf.initial_state(CARD, 0, 605, W).fast
    assert not perf.initial_state(CARD, 0, 600, W).fast


def test_initial_state_errors() -> None:
    with pytest.raises(ValueError, match="outside"):
        perf.initial_state(CARD, 200_000, V, W)
    with pytest.raises(ValueError, match="speed -5 kt"):
        perf.initial_state(CARD, ALT, -5, W)
    with pytest.raises(ValueError, match="positive"):
        perf.initial_state(CARD, ALT, V, 0)


# --- ΔSpeed --------------------------------------------------------------------------------


def test_worked_check_afterburner_at_one_g() -> None:
    # reference/physics.md: "AB at 1 g ≈ +81 kt per turn" before rounding.
    assert perf.excess_dspeed_kt(CARD, "ab", ALT, V, W, 1.0) == pytest.approx(81, abs=2)
    change = perf.speed_change(CARD, "ab", ALT, V, W, average_load_g=1.0)
    assert (change.engine_kt, change.form_kt, change.turn_kt, change.gravity_kt) == (
        95,
        -10,
        -5,
        0,
    )
    assert change.net_kt == 80 and change.end_speed_kt == 480


def test_speed_constant() -> None:
    kt_per_g = perf.DSPEED_KT_PER_G
    assert kt_per_g == pytest.approx(114.4, abs=0.05)


@pytest.mark.parametrize("load", [0.0, 1.0, 3.0, 5.5, 6.0])
def test_constant_load_turn_drag_is_induced_drag(load: float) -> None:
    q = perf.initial_state(CARD, ALT, V, W).q_mark
    expected = -perf.DSPEED_KT_PER_G * 0.117 * load**2 / q
    got = perf.turn_dspeed_kt(CARD, ALT, V, W, load, load, negative_loads_used=False)
    assert got == perf.round_speed_kt(expected)


def test_greatest_load_sets_the_lift_and_average_scales_it() -> None:
    # Ep14–Ep15: DpG at the greatest load's lift, times the average load.
    dpg = perf.drag_per_g_kt(CARD, ALT, V, W, 6.0, negative_loads_used=False)
    got = perf.turn_dspeed_kt(CARD, ALT, V, W, 3.0, 6.0, negative_loads_used=False)
    assert got == perf.round_speed_kt(-dpg * 3.0)
    assert got < perf.turn_dspeed_kt(CARD, ALT, V, W, 3.0, 3.0, negative_loads_used=False)


def test_negative_loads_multiply_dpg_by_one_and_a_half() -> None:
    plain = perf.drag_per_g_kt(CARD, ALT, V, W, 3.0, negative_loads_used=False)
    pushed = perf.drag_per_g_kt(CARD, ALT, V, W, -3.0, negative_loads_used=True)
    assert pushed == pytest.approx(1.5 * plain)
    got = perf.turn_dspeed_kt(CARD, ALT, V, W, -3.0, -3.0, negative_loads_used=True)
    assert got == perf.round_speed_kt(-1.5 * plain * 3.0)


def test_lift_above_max_lift_departs_and_drags_at_max_lift() -> None:
    assert perf.lift_used(CARD, ALT, V, W, 6.0) == pytest.approx(6.0 / 3.934, rel=1e-3)
    assert not perf.exceeds_max_lift(CARD, ALT, V, W, 6.0)
    assert perf.exceeds_max_lift(CARD, ALT, V, W, 7.0)  # the card's limit is 6.29 g
    at_limit = perf.drag_per_g_kt(CARD, ALT, V, W, 6.3, negative_loads_used=False)
    beyond = perf.drag_per_g_kt(CARD, ALT, V, W, 9.0, negative_loads_used=False)
    assert beyond == pytest.approx(at_limit)
    change = perf.speed_change(CARD, "mil", ALT, V, W, average_load_g=7.0)
    assert change.exceeds_max_lift


def test_turn_drag_errors_and_edges() -> None:
    with pytest.raises(ValueError, match="cannot exceed the greatest"):
        perf.turn_dspeed_kt(CARD, ALT, V, W, 4.0, 3.0, negative_loads_used=False)
    assert perf.turn_dspeed_kt(CARD, ALT, 0, W, 3.0, 3.0, negative_loads_used=False) == 0
    assert perf.lift_used(CARD, ALT, 0, W, 1.0) == math.inf
    assert perf.lift_used(CARD, ALT, 0, W, 0.0) == 0.0


def test_engine_ordering_and_missing_afterburner() -> None:
    idle, mil, ab = (perf.engine_dspeed_kt(CARD, t, ALT, V, W) for t in ("idle", "mil", "ab"))
    assert 0 <= idle < mil < ab
    with pytest.raises(ValueError, match="no afterburner"):
        perf.engine_dspeed_kt(make_card(afterburner=False), "ab", ALT, V, W)


def test_form_drag_with_speedbrake_and_stores() -> None:
    clean = perf.form_dspeed_kt(CARD, ALT, V, W, speedbrake=False)
    q = perf.initial_state(CARD, ALT, V, W).q_mark
    assert clean == perf.round_speed_kt(-perf.DSPEED_KT_PER_G * 0.020 * q)
    braked = perf.form_dspeed_kt(CARD, ALT, V, W, speedbrake=True)
    assert braked == perf.round_speed_kt(-perf.DSPEED_KT_PER_G * 0.050 * q)
    stores = perf.form_dspeed_kt(CARD, ALT, V, W, speedbrake=False, stores_cd0=0.010)
    assert stores == perf.round_speed_kt(-perf.DSPEED_KT_PER_G * 0.030 * q)
    with pytest.raises(ValueError, match="no speedbrake"):
        perf.form_dspeed_kt(make_card(speedbrake=False), ALT, V, W, speedbrake=True)
    with pytest.raises(ValueError, match="negative"):
        perf.form_dspeed_kt(CARD, ALT, V, W, speedbrake=False, stores_cd0=-0.01)


def test_form_drag_follows_the_mach_region() -> None:
    subsonic = perf.form_dspeed_kt(CARD, 30_000, 500, W, speedbrake=False)  # M 0.85
    transonic = perf.form_dspeed_kt(CARD, 30_000, 560, W, speedbrake=False)  # M 0.95
    assert transonic < subsonic


def test_gravity_worked_check() -> None:
    # "a 200 ft climb at 400 kt costs ≈ 5.7 kt", written −5.
    unrounded = perf.GRAVITY_KT_FT * 200 / 400
    assert unrounded == pytest.approx(5.65, abs=0.01)
    assert perf.gravity_dspeed_kt(200, 400) == -5
    assert perf.gravity_dspeed_kt(-200, 400) == 5
    assert perf.gravity_dspeed_kt(0, 400) == 0


def test_gravity_at_zero_speed_uses_the_40_knot_floor() -> None:
    assert perf.gravity_dspeed_kt(-200, 0) == perf.gravity_dspeed_kt(-200, 40) == 55


@given(st.integers(-20, 20), st.integers(min_value=0, max_value=1000))
def test_gravity_is_symmetric_and_opposes_the_climb(steps: int, speed: int) -> None:
    climb = perf.gravity_dspeed_kt(200 * steps, speed)
    assert climb == -perf.gravity_dspeed_kt(-200 * steps, speed)
    assert climb * steps <= 0


def test_average_load_counts_negative_loads_as_positive() -> None:
    assert perf.average_load_g([6.0] * 5 + [1.0] * 5) == 3.5
    assert perf.average_load_g([-2.0] * 10) == 2.0
    assert perf.average_load_g([7.0] * 5 + [-0.5] * 5) == 4.0  # 3.75 → 4.0
    assert perf.greatest_load_g([1.0, -3.0, 2.0]) == 3.0
    with pytest.raises(ValueError, match="10 ticks"):
        perf.average_load_g([1.0] * 9)


def test_net_speed_stays_within_0_and_1000() -> None:
    assert perf.net_speed(400, [95, -10, -5, 0]) == 480
    assert perf.net_speed(990, [20]) == 1000
    assert perf.net_speed(10, [-20]) == 0


def test_end_speed_below_40_is_flagged() -> None:
    change = perf.speed_change(CARD, "idle", 0, 60, W, average_load_g=1.0, alt_change_ft=600)
    assert change.end_speed_kt < 40
    assert change.below_minimum and change.next_speed_kt == 40


def test_speed_change_adds_its_terms() -> None:
    change = perf.speed_change(
        CARD,
        "mil",
        ALT,
        V,
        W,
        average_load_g=3.0,
        greatest_load_g=5.0,
        alt_change_ft=-400,
        speedbrake=True,
    )
    terms = (change.engine_kt, change.form_kt, change.turn_kt, change.gravity_kt)
    assert change.net_kt == sum(terms)
    assert change.end_speed_kt == V + change.net_kt
    assert change.gravity_kt == perf.gravity_dspeed_kt(-400, V) == 10


@given(
    st.sampled_from(THROTTLES),
    st.integers(0, 50_000),
    st.integers(100, 1000),
    st.sampled_from([0.0, 1.0, 2.0, 4.0]),
)
def test_rounded_terms_stay_near_the_physics(
    throttle: Throttle, alt: int, speed: int, load: float
) -> None:
    exact = perf.excess_dspeed_kt(CARD, throttle, alt, speed, W, load)
    change = perf.speed_change(CARD, throttle, alt, speed, W, average_load_g=load)
    if not change.exceeds_max_lift:
        assert abs(change.net_kt - exact) <= 7.5 + 1e-6  # three terms, each within 2.5


# --- Weight and fuel -----------------------------------------------------------------------


def test_weight_and_wing_load() -> None:
    assert perf.weight_lb(CARD, 35) == 18_600 + 250 + 3_500
    assert perf.weight_lb(CARD, 35, stores_lb=1_000) == 23_350
    assert perf.wing_load_psf(CARD, 30_000) == 100.0
    with pytest.raises(ValueError, match="negative"):
        perf.weight_lb(CARD, -1)
