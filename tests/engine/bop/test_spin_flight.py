"""A spinning aircraft's flight: the Velocity's fall and Spin Gyrations ("Spinning", SoP 06)."""

from pathlib import Path

import pytest

from engine.bop.departure import load_departure_tables, spin_gyration
from engine.bop.plotting import ImposedUnload, plot_turn, spin_fall
from engine.dice import Dice
from engine.phad import Attitude
from engine.phad.pitchdown import pitch_down
from models.files import DataFileError
from models.orders import BopPlot
from tests.engine.bop.conftest import conditions

SPINNING_TURN = BopPlot.model_validate({"segments": [{"kind": "unload", "ticks": 10}]})
LEVEL = Attitude(nose="015+00", canopy="All+90", wing="105+00")


def test_the_velocity_falls_one_cell_towards_minus_90() -> None:
    fallen = spin_fall(LEVEL)
    assert fallen == pitch_down(LEVEL, 1).attitude
    assert fallen.nose.pitch_deg == -30


def test_at_minus_90_it_stays_and_from_plus_90_it_falls_towards_the_canopy() -> None:
    straight_down = Attitude(nose="All-90", canopy="015+00", wing="105+00")
    assert spin_fall(straight_down) == straight_down
    straight_up = Attitude(nose="All+90", canopy="195+00", wing="105+00")
    fallen = spin_fall(straight_up)
    assert str(fallen.nose) == "210+60"  # the +60 cell spanning heading 195


def test_the_spin_falls_a_cell_more_than_plain_unloaded_flight() -> None:
    slow = conditions(speed_kt=300)
    unloaded = plot_turn(slow, LEVEL, SPINNING_TURN, imposed=ImposedUnload(10))
    spinning = plot_turn(slow, LEVEL, SPINNING_TURN, imposed=ImposedUnload(10, spin=True))
    assert spinning.end_attitude.nose.pitch_deg == unloaded.end_attitude.nose.pitch_deg - 30
    # The segment still starts at the turn's starting attitude, so the replay shows the fall.
    assert spinning.segments[0].start_attitude == LEVEL


def test_a_vertical_spinning_aircraft_still_flies_its_unloaded_turn() -> None:
    straight_up = Attitude(nose="All+90", canopy="195+00", wing="105+00")
    plot = plot_turn(
        conditions(speed_kt=150), straight_up, SPINNING_TURN, imposed=ImposedUnload(10, spin=True)
    )
    assert plot.end_attitude.nose.pitch_deg < 90


def test_gyrations_roll_the_aircraft_about_its_nose_over_the_turn() -> None:
    slow = conditions(speed_kt=300)
    still = plot_turn(slow, LEVEL, SPINNING_TURN, imposed=ImposedUnload(10, spin=True))
    whirled = plot_turn(
        slow, LEVEL, SPINNING_TURN, imposed=ImposedUnload(10, spin=True, gyration_roll_cells=-6)
    )
    assert whirled.end_attitude == still.end_attitude.roll(-6)
    assert whirled.end_attitude.nose == still.end_attitude.nose


@pytest.mark.parametrize(("face", "cells"), [(0, -3), (3, -6), (4, -9), (5, 9), (7, 6), (9, 3)])
def test_the_gyration_table_reads_the_d10(face: int, cells: int) -> None:
    rolled, record = spin_gyration(Dice.seeded(0, recorded=[("d10", face)]), "Red 1", 4)
    assert rolled == cells and record.data == {"roll": face, "roll_cells": cells}


def test_a_gyration_table_that_misses_faces_names_the_file(tmp_path: Path) -> None:
    shipped = (
        Path(__file__).resolve().parents[3] / "models" / "tables" / "departure.toml"
    ).read_text()
    broken = tmp_path / "departure.toml"
    broken.write_text(shipped.replace("upto = 9\nroll_cells = 3", "upto = 8\nroll_cells = 3"))
    with pytest.raises(DataFileError, match=r"departure\.toml") as error:
        load_departure_tables(broken)
    assert "spin_gyration" in str(error.value) or "ending at 9" in str(error.value)
