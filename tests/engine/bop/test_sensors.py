"""Sensors (SoP 10): arcs, IR and radar procedures, radar modes, integration, data files."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bop.sensors import (
    Awareness,
    Contact,
    Emission,
    IllegalSensorAction,
    IrmSeekers,
    RadarState,
    after_rhm_launch,
    dump_seeker,
    ecm_modifier,
    eo_identify,
    guides_rhm,
    handoff_ap,
    handoff_procedure,
    irm_acquisition,
    irm_maintenance,
    irst_acquisition,
    irst_maintenance,
    lookdown_rating,
    radar_handoff,
    radar_in_arc,
    radar_sensor_phase,
    range_value,
    rhm_eccm,
    rwr_warnings,
    select_closest,
    set_seeker_mode,
    slaved_irm_acquisition,
    stabilised_usable,
    switch_mode,
    track_modifiers,
    tws_switch,
)
from engine.dice import Dice, pips_table
from engine.phad import Aspect, Attitude, Cell
from models.files import DataFileError
from models.missile import missile_card, shipped_missiles
from models.sensors import (
    SENSORS_DIR,
    UnknownSensorFit,
    load_sensor_fit,
    load_sensor_tables,
    sensor_fit,
    sensor_tables,
)

LEVEL = Attitude("015+00", "All+90", "105+00")


def contact(
    target: str = "Red 1",
    range_fp: int = 20,
    aon: int = 0,
    aoc: int = 3,
    bearing: str = "015+00",
    aot: int = 0,
    alt_ft: float = 20_000,
    **more: int | bool,
) -> Contact:
    return Contact(target, range_fp, Cell.parse(bearing), Aspect(aon, aoc), aot, alt_ft, **more)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------
# The worked example and the arcs
# --------------------------------------------------------------------------------------


def test_stabilised_arc_worked_example() -> None:
    """ "Radar": bearing 120+30 with the Nose at 150-30 has pitch +30 and AoN 2, in the
    Search and TWS arcs."""
    attitude = Attitude("150-30", "150+60", "225+00")
    bearing = Cell.parse("120+30")
    seen = Contact.seen_from(attitude, "Red 1", LEVEL, bearing, 100, 20_000)
    assert seen.bearing.pitch_deg == 30
    assert seen.aon == 2
    radar = sensor_fit("F-15C").radar
    assert radar is not None
    for mode in ("Srch", "TWS"):
        assert radar_in_arc(radar, mode, attitude, seen, acquisition=True)
    # STT reads the body diamond: [2,1] is inside its AoN-2 gimbal limit.
    assert radar_in_arc(radar, "STT", attitude, seen, acquisition=False)
    # ...and outside Boresight, which acquires only in the Nose cell.
    assert not radar_in_arc(radar, "Bo", attitude, seen, acquisition=True)


def test_stabilised_modes_need_canopy_up_and_nose_within_sixty() -> None:
    assert stabilised_usable(LEVEL)
    assert not stabilised_usable(Attitude("015+00", "105+00", "All-90"))  # knife edge
    assert not stabilised_usable(Attitude("030+60", "210+30", "135+00"))  # nose +60
    radar = sensor_fit("F-16C").radar
    assert radar is not None
    knife_edge = Attitude("015+00", "105+00", "All-90")
    assert not radar_in_arc(radar, "Srch", knife_edge, contact(), acquisition=True)


def test_search_arc_by_pitch_ring() -> None:
    radar = sensor_fit("F-16C").radar
    assert radar is not None
    steep = contact(aon=2, aoc=1, bearing="030+60")
    assert not radar_in_arc(radar, "Srch", LEVEL, steep, acquisition=True)
    near_steep = contact(aon=1, aoc=2, bearing="030+60")
    assert radar_in_arc(radar, "Srch", LEVEL, near_steep, acquisition=True)
    assert not radar_in_arc(radar, "TWS", LEVEL, near_steep, acquisition=True)


def test_boresight_may_acquire_on_the_start_position() -> None:
    radar = sensor_fit("F-15C").radar
    assert radar is not None
    moved_off = contact(aon=1, aoc=2, start_aspect=Aspect(0, 3))  # type: ignore[arg-type]
    assert radar_in_arc(radar, "Bo", LEVEL, moved_off, acquisition=True)
    assert not radar_in_arc(radar, "Dog", LEVEL, contact(aon=1, aoc=4), acquisition=True)


# --------------------------------------------------------------------------------------
# Data files
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "type_id",
    [
        "F-86F",
        "MiG-15bis",
        "MiG-17F",
        "MiG-21MF",
        "MiG-23MLD",
        "F-4B",
        "F-4E",
        "F-5E",
        "F-15C",
        "F-16C",
        "MiG-29",
    ],
)
def test_every_shipped_type_has_a_fit(type_id: str) -> None:
    fit = sensor_fit(type_id)
    assert fit.type_id == type_id
    if fit.radar is not None and fit.radar.kind == "ranging":
        assert [m.mode for m in fit.radar.modes] == ["Bo"]


def test_the_fits_match_each_types_real_sensors() -> None:
    assert sensor_fit("MiG-15bis").radar is None
    mig29 = sensor_fit("MiG-29")
    assert mig29.irst is not None and mig29.helmet is not None and mig29.helmet.kind == "hms"
    assert sensor_fit("F-15C").radar.rating_text == "8e4"  # type: ignore[union-attr]
    assert sensor_fit("f-16c").type_id == "F-16C"


def test_unknown_type_names_the_shipped_fits() -> None:
    with pytest.raises(UnknownSensorFit, match="F-15C"):
        sensor_fit("Su-27")


def test_bad_fit_file_names_file_and_field(tmp_path: Path) -> None:
    text = (SENSORS_DIR / "f-5e.toml").read_text().replace("rating = 3", "rating = 30")
    bad = tmp_path / "f-5e.toml"
    bad.write_text(text)
    with pytest.raises(DataFileError) as error:
        load_sensor_fit(bad)
    assert "radar.rating" in str(error.value) and "f-5e.toml" in str(error.value)


def test_ranging_radar_cannot_list_search(tmp_path: Path) -> None:
    text = (SENSORS_DIR / "f-86f.toml").read_text()
    bad = tmp_path / "f-86f.toml"
    bad.write_text(
        text.replace('{ mode = "Bo", range_fp = 15 }', '{ mode = "Srch", range_fp = 15 }')
    )
    with pytest.raises(DataFileError, match="Boresight mode only"):
        load_sensor_fit(bad)


def test_bad_table_file_names_the_field(tmp_path: Path) -> None:
    from models.sensors import SENSOR_TABLES_PATH

    text = SENSOR_TABLES_PATH.read_text().replace('maintenance = "tws"', 'maintenance = "fast"')
    bad = tmp_path / "sensors.toml"
    bad.write_text(text)
    with pytest.raises(DataFileError, match=r"radar_modes\.TWS\.maintenance"):
        load_sensor_tables(bad)


def test_every_shipped_missile_has_seeker_figures() -> None:
    for type_id in shipped_missiles():
        assert sensor_tables().seeker(type_id).rating >= 1
    with pytest.raises(KeyError, match="AIM-9L"):
        sensor_tables().seeker("AIM-54")


def test_range_values() -> None:
    tables = sensor_tables()
    assert range_value(10, 76, tables) == 1
    assert range_value(38, 76, tables) == 2
    assert range_value(76, 76, tables) == 4
    assert range_value(77, 76, tables) is None


# --------------------------------------------------------------------------------------
# Infrared
# --------------------------------------------------------------------------------------


def test_irm_acquisition_only_in_the_nose_cell() -> None:
    dice = Dice.seeded(1)
    roll, _ = irm_acquisition(missile_card("AIM-9L"), contact(aon=1, aoc=2), dice, "Blue 1", 3)
    assert roll.outcome == "not_possible"
    assert dice.rolls == []


def test_irm_acquisition_success_and_false_lock_until_dump() -> None:
    card = missile_card("AIM-9L")
    # Column 7 + 2 (tail) = 9; a roll of 99 gives the column's top result.
    dice = Dice.seeded(1, recorded=[("percentile", 99)])
    roll, seekers = irm_acquisition(card, contact(range_fp=70), dice, "Blue 1", 3)
    assert roll.outcome == "acquired"
    assert roll.roll == pips_table().read(9, 99)
    assert seekers.active == "AIM-9L" and not seekers.false_lock
    # A roll of 0 is a Pips result of 0: a false lock.
    dice = Dice.seeded(1, recorded=[("percentile", 0)])
    roll, seekers = irm_acquisition(card, contact(), dice, "Blue 1", 4)
    assert roll.outcome == "false_lock" and seekers.false_lock
    again, _ = irm_acquisition(card, contact(), Dice.seeded(2), "Blue 1", 5, seekers=seekers)
    assert again.outcome == "not_possible"
    dice = Dice.seeded(1, recorded=[("percentile", 99)])
    cleared, _ = irm_acquisition(card, contact(), dice, "Blue 1", 5, seekers=dump_seeker(seekers))
    assert cleared.outcome == "acquired"


def test_ground_noise_turns_a_bare_result_into_a_false_lock() -> None:
    card = missile_card("AIM-9L")
    # Column 9 at roll 5 gives 1 pip; against the ground (Noise 1) it nets 0.
    assert pips_table().read(9, 5) == 1
    dice = Dice.seeded(1, recorded=[("percentile", 5)])
    level, _ = irm_acquisition(card, contact(range_fp=10), dice, "Blue 1", 3)
    assert level.outcome == "acquired"
    dice = Dice.seeded(1, recorded=[("percentile", 5)])
    below, _ = irm_acquisition(card, contact(range_fp=10, bearing="030-30"), dice, "Blue 1", 3)
    assert below.outcome == "false_lock"


def test_rear_aspect_seeker_needs_the_tail() -> None:
    card = missile_card("AIM-9B")
    assert card.rear_aspect_cells is not None
    roll, _ = irm_acquisition(
        card, contact(aot=card.rear_aspect_cells + 1), Dice.seeded(1), "Blue 1", 3
    )
    assert roll.outcome == "not_possible"


def test_irm_maintenance_fov_and_in_flight() -> None:
    card = missile_card("AIM-9L")
    wide = contact(aon=card.fov_cells + 1, aoc=2)
    assert irm_maintenance(card, wide, Dice.seeded(1), "Blue 1", 3).outcome == "lost"
    # In flight the target is always in arc: d10 9 + (7 - 5) + 2 (tail) = 13 >= 1.
    dice = Dice.seeded(1, recorded=[("d10", 9)])
    kept = irm_maintenance(card, wide, dice, "AIM-9L (Blue 1)", 4, in_flight=True)
    assert kept.outcome == "maintained" and kept.net == 13


def test_slaved_acquisition_snapshot_noise() -> None:
    card = missile_card("AIM-9L")
    # d10 0 + (7 - 5) + 2 (tail) + 1 (cue) = 5 against Target Value 4 at 70 FP.
    far = contact(range_fp=70)
    dice = Dice.seeded(1, recorded=[("d10", 0)])
    roll, _ = slaved_irm_acquisition(card, far, dice, "Blue 1", 3)
    assert (roll.net, roll.target_value, roll.outcome) == (5, 4, "acquired")
    # A snapshot whose Nose moved two cells adds 2 to Noise: 3, short of 4.
    dice = Dice.seeded(1, recorded=[("d10", 0)])
    roll, _ = slaved_irm_acquisition(card, far, dice, "Blue 1", 3, nose_cells_moved=2)
    assert (roll.net, roll.outcome) == (3, "failed")


def test_seeker_mode_change_needs_sensor_cued() -> None:
    cued = set_seeker_mode(IrmSeekers(), missile_card("AIM-9L"), "cued")
    assert cued.mode("AIM-9L") == "cued" and cued.mode("AIM-9B") == "boresight"
    assert not missile_card("AIM-9B").sensor_cued
    with pytest.raises(IllegalSensorAction, match="cannot be sensor cued"):
        set_seeker_mode(IrmSeekers(), missile_card("AIM-9B"), "cued")


def test_irst_acquires_every_target_in_the_nose_cell() -> None:
    irst = sensor_fit("MiG-29").irst
    assert irst is not None
    targets = [contact("Blue 1"), contact("Blue 2", range_fp=30), contact("Blue 3", aon=1, aoc=2)]
    dice = Dice.seeded(1, recorded=[("percentile", 99), ("percentile", 99)])
    rolls = irst_acquisition(irst, targets, dice, "Red 1", 2)
    assert [r.target for r in rolls] == ["Blue 1", "Blue 2"]
    # Maintained out to AoN 1, cued to AoN 1 with +1.
    side = contact("Blue 3", aon=1, aoc=2)
    dice = Dice.seeded(1, recorded=[("d10", 3), ("d10", 3)])
    plain = irst_maintenance(irst, side, dice, "Red 1", 3)
    cued = irst_maintenance(irst, side, dice, "Red 1", 3, cued=True)
    assert cued.net == plain.net + 1  # type: ignore[operator]
    assert irst_maintenance(irst, contact(aon=2, aoc=1), dice, "Red 1", 3).outcome == "lost"


# --------------------------------------------------------------------------------------
# Radar: Track modifiers
# --------------------------------------------------------------------------------------


def test_ecm_against_eccm() -> None:
    assert ecm_modifier(3, 1) == -2
    assert ecm_modifier(3, 4) == 0
    assert rhm_eccm(sensor_fit("F-4E").radar, 4) == 4  # type: ignore[arg-type]


def test_lookdown_pulse_versus_pulse_doppler() -> None:
    down = Cell.parse("030-30")
    assert lookdown_rating(0, down, 20_000) == 6
    assert lookdown_rating(6, down, 20_000) == 0
    assert lookdown_rating(6, down, 500) == 4  # low target in clutter too
    assert lookdown_rating(6, Cell.parse("015+00"), 20_000) == 0  # no condition: no roll
    # A pulse radar looking down rolls Pips on 6; a roll of 99 is the top of that column.
    f4 = sensor_fit("F-4E").radar
    assert f4 is not None
    dice = Dice.seeded(1, recorded=[("percentile", 99)])
    mods = track_modifiers(f4, contact(bearing="030-30"), dice, "Blue 1", 2)
    assert mods.lookdown == -pips_table().read(6, 99)
    f15 = sensor_fit("F-15C").radar
    assert f15 is not None
    dice = Dice.seeded(1)
    assert track_modifiers(f15, contact(bearing="030-30"), dice, "Blue 1", 2).lookdown == 0
    assert dice.rolls == []


# --------------------------------------------------------------------------------------
# Radar modes
# --------------------------------------------------------------------------------------


def test_select_closest_by_range_then_signature_then_dice() -> None:
    near, far = contact("A", 10), contact("B", 20)
    assert select_closest([far, near], Dice.seeded(1), "Blue 1", 1) is near
    big = contact("C", 10, radar_signature=1)
    assert select_closest([near, big], Dice.seeded(1), "Blue 1", 1) is big
    # Three tied: a d10 of 9 is rerolled (limit 9), 4 picks index 1.
    tied = [contact("A", 10), contact("B", 10), contact("C", 10)]
    dice = Dice.seeded(1, recorded=[("d10", 9), ("d10", 4)])
    assert select_closest(tied, dice, "Blue 1", 1).target == "B"  # type: ignore[union-attr]


def test_boresight_tracks_the_closest_at_once() -> None:
    radar = sensor_fit("F-15C").radar
    assert radar is not None
    targets = [contact("Red 1", 40), contact("Red 2", 20)]
    dice = Dice.seeded(1, recorded=[("percentile", 99)])
    phase = radar_sensor_phase(radar, RadarState("Bo"), LEVEL, targets, dice, "Blue 1", 2)
    assert phase.state.awareness == (Awareness("radar", "Red 2", "track", 2),)
    # Next turn it maintains the track and makes no new attempt.
    dice = Dice.seeded(1, recorded=[("d10", 5)])
    phase = radar_sensor_phase(radar, phase.state, LEVEL, targets, dice, "Blue 1", 3)
    assert phase.state.tracks_target("Red 2") and len(dice.rolls) == 1
    # Firing an RHM shifts Boresight to STT, which guides it.
    stt = after_rhm_launch(phase.state)
    assert stt.mode == "STT" and guides_rhm(stt, "Red 2") and not guides_rhm(phase.state, "Red 2")


def test_search_acquires_all_then_converts_one() -> None:
    radar = sensor_fit("F-4E").radar
    assert radar is not None
    targets = [contact("Red 1", 100, aon=1, aoc=2, bearing="045+00"), contact("Red 2", 150)]
    dice = Dice.seeded(1, recorded=[("percentile", 99), ("percentile", 99)])
    phase = radar_sensor_phase(radar, RadarState("Srch"), LEVEL, targets, dice, "Blue 1", 2)
    assert {a.target for a in phase.state.acquisitions} == {"Red 1", "Red 2"}
    assert phase.state.tracks == ()
    # Turn 3: both maintained (d10 9 each), then a conversion of the closest (d10 9).
    dice = Dice.seeded(1, recorded=[("d10", 9), ("d10", 9), ("d10", 9)])
    phase = radar_sensor_phase(radar, phase.state, LEVEL, targets, dice, "Blue 1", 3)
    assert phase.state.awareness == (Awareness("radar", "Red 1", "track", 3),)
    # STT is now allowed; the track is in the STT arc.
    stt = switch_mode(radar, phase.state, "STT", LEVEL, targets)
    assert guides_rhm(stt, "Red 1")


def test_search_converts_the_wanted_contact_or_else_the_closest_still_held() -> None:
    radar = sensor_fit("F-4E").radar
    assert radar is not None
    targets = [contact("Red 1", 100, aon=1, aoc=2, bearing="045+00"), contact("Red 2", 150)]
    held = RadarState(
        "Srch",
        (
            Awareness("radar", "Red 1", "acquisition", 2),
            Awareness("radar", "Red 2", "acquisition", 2),
        ),
    )
    # Both maintained, then the wanted (farther) contact is converted.
    dice = Dice.seeded(1, recorded=[("d10", 9), ("d10", 9), ("d10", 9)])
    phase = radar_sensor_phase(radar, held, LEVEL, targets, dice, "Blue 1", 3, convert="Red 2")
    assert phase.state.awareness == (Awareness("radar", "Red 2", "track", 3),)
    # The wanted contact is lost in Maintenance (d10 0): the closest one left is tried.
    dice = Dice.seeded(1, recorded=[("d10", 9), ("d10", 0), ("d10", 9)])
    phase = radar_sensor_phase(radar, held, LEVEL, targets, dice, "Blue 1", 3, convert="Red 2")
    assert phase.state.awareness == (Awareness("radar", "Red 1", "track", 3),)


def test_stt_needs_a_track() -> None:
    radar = sensor_fit("F-4E").radar
    assert radar is not None
    only_acquired = RadarState("Srch", (Awareness("radar", "Red 1", "acquisition", 1),))
    with pytest.raises(IllegalSensorAction, match="STT"):
        switch_mode(radar, only_acquired, "STT", LEVEL, [contact()])
    with pytest.raises(IllegalSensorAction, match="no TWS"):
        switch_mode(radar, only_acquired, "TWS", LEVEL, [contact()])


def test_tws_converts_closest_acquisitions_up_to_four() -> None:
    radar = sensor_fit("F-16C").radar
    assert radar is not None
    names = ["R1", "R2", "R3", "R4", "R5"]
    targets = [contact(n, 20 + 10 * i) for i, n in enumerate(names)]
    state = RadarState("TWS", tuple(Awareness("radar", n, "acquisition", 1) for n in names))
    dice = Dice.seeded(1, recorded=[("d10", 9)] * 5)
    phase = radar_sensor_phase(radar, state, LEVEL, targets, dice, "Blue 1", 2)
    assert [a.target for a in phase.state.tracks] == ["R1", "R2", "R3", "R4"]
    assert [a.target for a in phase.state.acquisitions] == ["R5"]
    swapped = tws_switch(phase.state, convert="R5", drop="R1", turn=3)
    assert {a.target for a in swapped.tracks} == {"R2", "R3", "R4", "R5"}


def test_unusable_stabilised_mode_loses_everything() -> None:
    radar = sensor_fit("F-16C").radar
    assert radar is not None
    state = RadarState("TWS", (Awareness("radar", "R1", "track", 1),))
    knife_edge = Attitude("015+00", "105+00", "All-90")
    phase = radar_sensor_phase(radar, state, knife_edge, [contact("R1")], Dice.seeded(1), "B", 2)
    assert phase.state.awareness == ()


def test_maintenance_out_of_arc_is_lost_without_a_roll() -> None:
    radar = sensor_fit("F-15C").radar
    assert radar is not None
    state = RadarState("Bo", (Awareness("radar", "R1", "track", 1),))
    wide = contact("R1", aon=2, aoc=1)
    dice = Dice.seeded(1)
    phase = radar_sensor_phase(radar, state, LEVEL, [wide], dice, "B", 2, acquire=False)
    assert phase.state.awareness == () and dice.rolls == []


def test_maintenance_roll() -> None:
    """d10 + (8 - 5) + STT +2 + signature against Target Value 4 at the edge of range."""
    radar = sensor_fit("F-15C").radar
    assert radar is not None
    state = RadarState("STT", (Awareness("radar", "R1", "track", 1),))
    edge = contact("R1", 700)
    dice = Dice.seeded(1, recorded=[("d10", 0)])
    phase = radar_sensor_phase(radar, state, LEVEL, [edge], dice, "B", 2)
    assert phase.rolls[0].net == 5 and phase.state.tracks_target("R1")
    jammed = contact("R1", 700, ecm_rating=9)
    dice = Dice.seeded(1, recorded=[("d10", 0)])
    phase = radar_sensor_phase(radar, state, LEVEL, [jammed], dice, "B", 2)
    assert phase.rolls[0].net == 0 and phase.state.awareness == ()


# --------------------------------------------------------------------------------------
# Integration, RWR, EO
# --------------------------------------------------------------------------------------


def test_integration_table() -> None:
    assert handoff_procedure("radar_track", "ir_missile") == "slaved_irm_acquisition"
    assert handoff_procedure("radar_track", "irst") == "irst_maintenance"
    assert handoff_procedure("hms", "radar", radar_mode="SS") == "radar_maintenance"
    assert handoff_procedure("datalink", "display", display="hmd") == "automatic"
    assert handoff_procedure("radar_track", "datalink") == "automatic"
    with pytest.raises(IllegalSensorAction, match="Boresight or Supersearch"):
        handoff_procedure("hms", "radar", radar_mode="Srch")
    with pytest.raises(IllegalSensorAction):
        handoff_procedure("radar_track", "display", display="hms")


def test_handoff_costs_by_cockpit() -> None:
    assert [handoff_ap("basic", n) for n in range(2)] == [2, 2]
    assert [handoff_ap("improved", n) for n in range(2)] == [1, 0]
    assert handoff_ap("advanced", 0) == 0


def test_hms_cue_to_boresight_ignores_closer_targets() -> None:
    radar = sensor_fit("MiG-29").radar
    assert radar is not None
    held = RadarState("Bo", (Awareness("radar", "Blue 2", "track", 1),))
    cued = contact("Blue 1", 60)
    dice = Dice.seeded(1, recorded=[("d10", 5)])
    state, roll = radar_handoff(radar, held, LEVEL, cued, dice, "Red 1", 2)
    # d10 5 + (6 - 5) + mode 0 + signature 0 + cue 1 = 7 against Target Value 3 (60/82 FP).
    assert (roll.net, roll.target_value, roll.outcome) == (7, 3, "acquired")
    assert state.awareness == (Awareness("radar", "Blue 1", "track", 2),)


def test_rwr_warnings_like_messages() -> None:
    fit = sensor_fit("F-16C")
    emissions = [Emission("Red 1", "STT", "track"), Emission("Red 2", "Srch", "acquisition")]
    calm = rwr_warnings(fit, emissions, busy=False, dice=Dice.seeded(1), who="B", turn=2)
    assert [(w.level, w.received) for w in calm] == [("guidance", True), ("search", True)]
    dice = Dice.seeded(1, recorded=[("d10", 2), ("d10", 3)])
    busy = rwr_warnings(fit, emissions, busy=True, dice=dice, who="B", turn=2)
    assert [w.received for w in busy] == [False, True]
    assert (
        rwr_warnings(sensor_fit("F-86F"), emissions, busy=False, dice=dice, who="B", turn=2) == ()
    )


def test_eo_sensor_identifies_radar_tracks() -> None:
    tracked = RadarState("STT", (Awareness("radar", "R1", "track", 1),))
    assert eo_identify(sensor_fit("F-4E"), tracked, "R1").ap_cost == 1
    with pytest.raises(IllegalSensorAction):
        eo_identify(sensor_fit("F-15C"), tracked, "R1")
