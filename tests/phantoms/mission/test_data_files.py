"""The Intruders data files: bad data is refused with the file and the field named."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.files import DataFileError
from models.phantoms.mission import (
    MISSIONS_PATH,
    POINTS_PATH,
    SOLITAIRE_PATH,
    mission_tables,
    points_table,
    solitaire_tables,
)


def test_the_shipped_files_load() -> None:
    assert len(points_table().aircraft) == 17
    assert [m.number for m in mission_tables().mission] == list(range(1, 11))
    assert [row.roll for row in solitaire_tables().maneuver] == list(range(1, 11))


def test_a_bad_cost_names_the_file_and_field(tmp_path: Path) -> None:
    text = POINTS_PATH.read_text().replace("cost = 80\n", 'cost = "80"\n', 1)
    path = tmp_path / "points.toml"
    path.write_text(text)
    with pytest.raises(DataFileError) as error:
        points_table(path)
    assert str(path) in str(error.value)
    assert "aircraft.0.cost" in str(error.value)


def test_a_loadout_of_an_unknown_store_is_refused(tmp_path: Path) -> None:
    text = POINTS_PATH.read_text().replace('"mk-83" = 12', '"mk-99" = 12', 1)
    path = tmp_path / "points.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match="mk-99"):
        points_table(path)


def test_a_known_defences_gap_is_refused(tmp_path: Path) -> None:
    text = MISSIONS_PATH.read_text().replace(
        "low = 10\nhigh = 10\npercent = 90", "low = 9\nhigh = 9\npercent = 90", 1
    )
    path = tmp_path / "missions.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match="known_defences"):
        mission_tables(path)


def test_an_unknown_maneuver_is_refused(tmp_path: Path) -> None:
    text = SOLITAIRE_PATH.read_text().replace('side = "LOOP"', 'side = "BARREL"', 1)
    path = tmp_path / "solitaire.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match=r"maneuver\.8\.side"):
        solitaire_tables(path)
