"""Flight Effects (SoP 04): overspeed, structure G, crew G effects, fatigue, recovery."""

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bop.effects import (
    FLIGHT_EFFECTS_PATH,
    AirframeState,
    CrewEquipment,
    CrewMember,
    CrewState,
    FlightEffectsConditions,
    TurnLoads,
    check_overspeed,
    check_structure,
    crew_load,
    fatigue_check,
    flight_effects_tables,
    g_onset_check,
    gloc_check,
    gloc_column,
    load_flight_effects_tables,
    overspeed_column,
    pips_distribution,
    recover_crew,
    resolve_flight_effects,
    structure_outcome_chances,
)
from engine.dice import Dice
from models.aircraft import card
from models.files import DataFileError

F16 = card("F-16C")
TABLES = flight_effects_tables()


def dice(*rolls: tuple[str, int]) -> Dice:
    """Dice that replay the given rolls ("d10" or "percentile", face) in order."""
    return Dice.seeded(0, rolls)  # type: ignore[arg-type]


def pct(value: int) -> tuple[str, int]:
    return ("percentile", value)


def d10(value: int) -> tuple[str, int]:
    return ("d10", value)


# -- the tables ------------------------------------------------------------------------


def test_shipped_tables_load() -> None:
    assert load_flight_effects_tables(FLIGHT_EFFECTS_PATH) == TABLES


def test_bad_table_names_file_and_field(tmp_path: Path) -> None:
    text = FLIGHT_EFFECTS_PATH.read_text(encoding="utf-8")
    bad = tmp_path / "effects.toml"
    bad.write_text(text.replace("keas_per_column = 40.0", "keas_per_column = -1"))
    with pytest.raises(DataFileError) as caught:
        load_flight_effects_tables(bad)
    assert str(bad) in str(caught.value)
    assert "overspeed.keas_per_column" in str(caught.value)


def test_result_rows_must_rise(tmp_path: Path) -> None:
    text = FLIGHT_EFFECTS_PATH.read_text(encoding="utf-8")
    bad = tmp_path / "effects.toml"
    bad.write_text(
        text.replace(
            '{ from_pips = 5, effect = "destroyed" }', '{ from_pips = 2, effect = "destroyed" }', 1
        )
    )
    with pytest.raises(DataFileError, match=r"overspeed\.results: from_pips must rise"):
        load_flight_effects_tables(bad)


def test_pips_distribution_sums_to_one_past_column_24() -> None:
    for column in (1, 6, 24, 30, 48):
        assert sum(pips_distribution(column)) == pytest.approx(1.0)


# -- Overspeed Effects -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("keas", "column"), [(799.9, 0), (800.0, 0), (800.1, 1), (840.0, 1), (840.5, 2), (920, 3)]
)
def test_overspeed_rating_is_excess_over_40_rounded_up(keas: float, column: int) -> None:
    """Overspeed Pips Rating = (KEAS − limit) / 40, rounded up ("Overspeed Effects")."""
    assert overspeed_column(keas, 800.0, TABLES) == column


def test_below_the_limit_no_check_and_at_it_no_effect() -> None:
    assert check_overspeed(F16, 799.0, dice(), "Viper 1", 1) is None
    rolled = dice()
    at_limit = check_overspeed(F16, 800.0, rolled, "Viper 1", 1)
    assert at_limit is not None and at_limit.effect == "none"
    assert rolled.rolls[0].value is None  # column 0 fails without a roll


def test_overspeed_damage_and_criticals() -> None:
    # column 3 (920 KEAS): thresholds 36, 73, 91, 98 → a roll of 95 gives 3 pips
    result = check_overspeed(F16, 920.0, dice(pct(95)), "Viper 1", 7)
    assert result is not None
    assert (result.pips, result.effect, result.damage, result.criticals) == (
        3,
        "damage",
        2,
        ("engine",),
    )


# -- Structure G Effects -----------------------------------------------------------------


def test_within_safe_load_no_check() -> None:
    assert check_structure(F16, AirframeState(), TurnLoads(9.0), 9.0, dice(), "V", 1) is None


def test_structure_column_counts_half_g_and_overstress() -> None:
    rolled = dice(pct(50))
    result = check_structure(
        F16, AirframeState(overstress_points=2), TurnLoads(10.0), 9.0, rolled, "Viper 1", 7
    )
    assert result is not None and result.column == 2 + 2
    assert rolled.rolls[0].purpose == "structure G check, Viper 1, turn 7"


def test_structure_criticals_add_to_the_load() -> None:
    """Prior Structure criticals make an otherwise safe load dangerous."""
    result = check_structure(
        F16, AirframeState(structure_criticals=1), TurnLoads(8.5), 9.0, dice(pct(0)), "V", 1
    )
    assert result is not None and result.load_g == 9.5


def test_negative_load_checked_as_positive_against_minus_3() -> None:
    result = check_structure(F16, AirframeState(), TurnLoads(1.0, 4.0), 9.0, dice(pct(0)), "V", 1)
    assert result is not None and result.negative and result.safe_load_g == 3.0
    assert result.column == 2


def test_airframe_damage_rolls_criticals_at_damage_so_far_minus_one() -> None:
    # column 4 (2 G over): 80 < 85 ≤ 93 gives 3 pips → Airframe Damage; the aircraft had 3
    # damage points, so with this one it has 4: criticals are rolled in column 3.
    rolled = dice(pct(85), pct(80))
    result = check_structure(
        F16, AirframeState(damage_points=3), TurnLoads(11.0), 9.0, rolled, "Viper 1", 7
    )
    assert result is not None and result.effect == "damage"
    assert (result.damage_added, result.overstress_added) == (1, 1)
    assert rolled.rolls[1].column == 3
    assert result.structure_criticals_added == 2  # column 3: 73 < 80 ≤ 91


def test_first_damage_point_gives_no_criticals() -> None:
    rolled = dice(pct(85))
    result = check_structure(F16, AirframeState(), TurnLoads(11.0), 9.0, rolled, "V", 1)
    assert result is not None and result.structure_criticals_added == 0
    assert rolled.rolls[1].value is None  # column 0: no roll


@settings(max_examples=60)
@given(
    over=st.integers(1, 20),
    overstress=st.integers(0, 10),
    more=st.integers(1, 5),
)
def test_more_overstress_never_reduces_destruction_chance(
    over: int, overstress: int, more: int
) -> None:
    loads = TurnLoads(9.0 + over / 2)
    low = structure_outcome_chances(F16, AirframeState(overstress_points=overstress), loads, 9.0)
    high = structure_outcome_chances(
        F16, AirframeState(overstress_points=overstress + more), loads, 9.0
    )
    assert high["destroyed"] >= low["destroyed"] - 1e-12
    assert sum(high.values()) == pytest.approx(1.0)


@settings(max_examples=60)
@given(load=st.floats(9.0, 20.0), extra=st.floats(0.0, 5.0))
def test_more_load_never_reduces_destruction_chance(load: float, extra: float) -> None:
    low = structure_outcome_chances(F16, AirframeState(), TurnLoads(load), 9.0)
    high = structure_outcome_chances(F16, AirframeState(), TurnLoads(load + extra), 9.0)
    assert high["destroyed"] >= low["destroyed"] - 1e-12


# -- Crew G Effects ----------------------------------------------------------------------


def test_negative_three_g_counts_as_nine_positive() -> None:
    """The rulebook's example: −3.0 load is equivalent to 9.0 positive ("Negative G… Bad")."""
    load = crew_load(TurnLoads(2.0, 3.0))
    assert (load.load_g, load.negative) == (9.0, True)
    assert crew_load(TurnLoads(9.0)).load_g == 9.0


def test_negative_g_ignores_suit_training_and_straining() -> None:
    eq = CrewEquipment(g_suit="modern", g_training="modern", reclined_seat=True)
    assert gloc_column(eq, 0, 2, negative=True) == gloc_column(
        CrewEquipment(reclined_seat=True), 0, 0, negative=True
    )
    assert gloc_column(eq, 0, 2, negative=False) > gloc_column(eq, 0, 0, negative=False)


def test_low_load_needs_no_check() -> None:
    rolled = dice()
    result, state = gloc_check(CrewMember("pilot"), TurnLoads(3.0), rolled, "V", 1)
    assert result.pips is None and result.effect == "normal" and state == CrewState()
    assert not rolled.rolls


def test_gloc_reading_of_net_pips() -> None:
    member = CrewMember("pilot")
    # column 6 thresholds 8, 28, 54, 75: rolls 60 → 3 pips, 40 → 2, 20 → 1, 5 → 0
    cases = ((60, 0, "normal"), (40, -1, "grey_out"), (20, -2, "black_out"), (5, -3, "loc"))
    for roll, net, effect in cases:
        result, state = gloc_check(member, TurnLoads(6.0), dice(pct(roll), pct(50)), "V", 1)
        assert (result.column, result.demand) == (6, 3)
        assert (result.net, result.effect, state.g_state) == (net, effect, effect)


def test_loc_value_is_pips_six_plus_fatigue_minus_mask() -> None:
    member = CrewMember(
        "pilot", CrewState(fatigue=2), CrewEquipment(pressure_mask=True, g_training="none")
    )
    rolled = dice(pct(0), pct(50))
    result, state = gloc_check(member, TurnLoads(9.0), rolled, "Viper 1", 7)
    assert result.effect == "loc"
    assert rolled.rolls[1].column == 6 + 2 - 2
    assert state.g_state == "loc" and state.loc_value == result.loc_value >= 1
    assert rolled.rolls[1].purpose == "LOC value, pilot, Viper 1, turn 7"


def test_negative_loc_and_wound_double_the_loc_value() -> None:
    # −3 G is 9 G: demand 6 at column 6 (no protection counts); roll 0 → net −6: LOC+W
    rolled = dice(pct(0), pct(50))
    result, state = gloc_check(CrewMember("pilot"), TurnLoads(1.0, 3.0), rolled, "V", 1)
    single = rolled.rolls[1].result
    assert single is not None
    assert result.effect == "loc" and result.wounded
    assert result.loc_value == max(1, 2 * single)
    assert state.wounds == 1


def test_states_only_worsen_in_the_check() -> None:
    member = CrewMember("pilot", CrewState(g_state="black_out"))
    result, state = gloc_check(member, TurnLoads(6.0), dice(pct(40)), "V", 1)
    assert result.effect == "grey_out" and state.g_state == "black_out"


def test_strain_limits() -> None:
    with pytest.raises(ValueError, match="at most 1 AP"):
        CrewMember("pilot", equipment=CrewEquipment(g_training="early"), strain_ap=2)
    with pytest.raises(ValueError, match="wounded"):
        CrewMember("pilot", CrewState(wounds=1), CrewEquipment(g_training="modern"), 1)
    with pytest.raises(ValueError, match="at most 0 AP"):
        CrewMember("pilot", strain_ap=1)


# -- Crew Fatigue --------------------------------------------------------------------------


def test_fatigue_only_when_straining() -> None:
    assert fatigue_check(CrewMember("pilot"), TurnLoads(9.0), dice(), "V", 1)[0] is None


def test_fatigue_point_when_result_below_zero() -> None:
    member = CrewMember("pilot", equipment=CrewEquipment(g_training="modern"), strain_ap=2)
    # 9 G: 5 load steps over 4 G, +1 for the second AP: d10 5 → −1
    result, state = fatigue_check(member, TurnLoads(9.0), dice(d10(5)), "V", 1)
    assert result is not None and (result.result, result.fatigue_added) == (-1, 1)
    assert state.fatigue == 1
    result, state = fatigue_check(member, TurnLoads(9.0), dice(d10(6)), "V", 1)
    assert result is not None and result.fatigue_added == 0 and state.fatigue == 0


# -- Recovery ------------------------------------------------------------------------------


def test_grey_out_recovers_fully_after_a_clean_turn() -> None:
    before = CrewState(g_state="black_out")
    member = CrewMember("pilot", before)
    result, state = recover_crew(before, before, member, "normal", None, False, dice(), "V", 1)
    assert state.g_state == "normal" and result.g_state_before == "black_out"


def test_one_step_when_net_positive_despite_other_effects() -> None:
    before = CrewState(g_state="black_out")
    member = CrewMember("pilot", before)
    # G Onset caused a grey-out this turn, but the GLOC check's net was +2
    _, state = recover_crew(before, before, member, "grey_out", 2, False, dice(), "V", 1)
    assert state.g_state == "grey_out"


def test_new_effects_do_not_recover_the_same_turn() -> None:
    before = CrewState()
    after = CrewState(g_state="grey_out")
    member = CrewMember("pilot", before)
    _, state = recover_crew(before, after, member, "grey_out", -1, False, dice(), "V", 1)
    assert state.g_state == "grey_out"


def test_loc_recovery_one_per_phase_plus_intercom() -> None:
    before = CrewState(g_state="loc", loc_value=4)
    member = CrewMember("pilot", before)
    _, alone = recover_crew(before, before, member, "normal", None, False, dice(), "V", 1)
    assert alone.loc_value == 3 and alone.g_state == "loc"
    # with a conscious crew member aboard: Pips in column 3; 80 → 2 pips (73 < 80 ≤ 91)
    rolled = dice(pct(80))
    result, helped = recover_crew(before, before, member, "normal", None, True, rolled, "V", 1)
    assert rolled.rolls[0].column == 3
    assert (result.intercom_pips, helped.loc_value) == (2, 1)
    two = CrewState(g_state="loc", loc_value=3)
    result, woke = recover_crew(
        two, two, CrewMember("p", two), "normal", None, True, dice(pct(80)), "V", 1
    )
    assert woke.g_state == "normal" and woke.loc_value == 0 and result.regained_consciousness


def test_fatigue_recovery_two_or_three_with_mask() -> None:
    before = CrewState(fatigue=4)
    plain = CrewMember("pilot", before)
    masked = CrewMember("pilot", before, CrewEquipment(pressure_mask=True))
    assert (
        recover_crew(before, before, plain, "normal", None, False, dice(), "V", 1)[1].fatigue == 2
    )
    assert (
        recover_crew(before, before, masked, "normal", None, False, dice(), "V", 1)[1].fatigue == 1
    )
    trained = CrewMember("p", before, CrewEquipment(g_training="modern"), strain_ap=1)
    assert (
        recover_crew(before, before, trained, "normal", None, False, dice(), "V", 1)[1].fatigue == 4
    )


# -- G Onset ---------------------------------------------------------------------------------


def test_g_onset_needs_five_g_more_than_last_turn() -> None:
    member = CrewMember("pilot")
    assert g_onset_check(member, 4.0, [1.0] * 5 + [8.5] * 5, 0, dice(), "V", 1) is None
    result = g_onset_check(member, 4.0, [1.0] * 5 + [9.0] * 5, 0, dice(pct(99)), "V", 1)
    assert result is not None and result.onset_tick == 5 and result.increase_g == 5.0


def test_g_onset_loc_marks_the_tick() -> None:
    member = CrewMember("pilot")
    result = g_onset_check(member, 1.0, [1.0, 1.0, 9.0, 9.0], 0, dice(pct(0), pct(40)), "V", 3)
    assert result is not None and result.effect == "loc" and result.onset_tick == 2
    assert result.state.g_state == "loc"


# -- The whole phase -------------------------------------------------------------------------


def _phase(seed: int, loads: TurnLoads, keas: float = 850.0) -> object:
    pilot = CrewMember(
        "pilot",
        equipment=CrewEquipment(g_suit="modern", g_training="modern", pressure_mask=True),
        strain_ap=2,
        flies=True,
    )
    wso = CrewMember("wso", CrewState(g_state="grey_out"))
    return resolve_flight_effects(
        F16,
        AirframeState(),
        [pilot, wso],
        FlightEffectsConditions(keas=keas, safe_load_g=9.0),
        loads,
        Dice.seeded(seed),
        "Viper 1",
        7,
    )


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), load=st.floats(1.0, 13.0), negative=st.floats(0, 4))
def test_same_seed_same_results(seed: int, load: float, negative: float) -> None:
    loads = TurnLoads(load, negative)
    assert _phase(seed, loads) == _phase(seed, loads)


def test_phase_order_and_records() -> None:
    pilot = CrewMember(
        "pilot", equipment=CrewEquipment(g_training="modern"), strain_ap=1, flies=True
    )
    rolled = dice(
        pct(70),  # overspeed, column 2 (850 KEAS): 60 < 70 ≤ 90, 1 pip → 1 damage
        pct(70),  # structure, column 2 (10 G vs 9): 1 pip → overstress
        d10(0),  # fatigue: 0 − 6 → a fatigue point
        pct(0),  # GLOC: column 6 + 2 − 1 = 7, 0 pips, demand 7: LOC
        pct(50),  # LOC value, column 7
    )
    result = resolve_flight_effects(
        F16,
        AirframeState(),
        [pilot],
        FlightEffectsConditions(keas=850.0, safe_load_g=9.0),
        TurnLoads(10.0),
        rolled,
        "Viper 1",
        7,
    )
    purposes = [r.purpose for r in rolled.rolls]
    assert purposes == [
        "overspeed check, Viper 1, turn 7",
        "structure G check, Viper 1, turn 7",
        "crew fatigue, pilot, Viper 1, turn 7",
        "crew G check, pilot, Viper 1, turn 7",
        "LOC value, pilot, Viper 1, turn 7",
    ]
    assert result.airframe == AirframeState(damage_points=1, overstress_points=1)
    assert result.crew_states[0].g_state == "loc" and result.crew_states[0].fatigue == 1
    assert result.uncontrolled
    kinds = [r.kind for r in result.records]
    assert kinds == ["overspeed", "structure_g", "crew_fatigue", "crew_g", "uncontrolled"]
    event = result.records[0].event(42.0, ("v1",))
    assert event.kind == "overspeed" and event.t_s == 42.0


def test_destroyed_aircraft_stops_the_phase() -> None:
    rolled = dice(pct(99))  # structure, column 24: 12 pips → destroyed
    result = resolve_flight_effects(
        F16,
        AirframeState(),
        [CrewMember("pilot", flies=True)],
        FlightEffectsConditions(keas=400.0, safe_load_g=9.0),
        TurnLoads(21.0),
        rolled,
        "Viper 1",
        7,
    )
    assert result.destroyed and len(rolled.rolls) == 1
    assert replace(result.crew[0]).after == CrewState()
