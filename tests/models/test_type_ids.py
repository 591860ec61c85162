"""Aircraft, missile and sensor types are ids looked up among the shipped cards, never file
paths (models/aircraft.py, models/missile.py, models/sensors.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.aircraft import CARDS_DIR, UnknownAircraftType, card, card_path, shipped_types
from models.missile import MISSILES_DIR, UnknownMissileType, missile_card
from models.sensors import UnknownSensorFit, sensor_fit
from tests.models.bad_files import TWO_AIRCRAFT, scenario_problems, scenario_text

OUTSIDE = [
    "../cards/f-16c",
    "../missiles/aim-9l",
    str(CARDS_DIR / "f-16c"),
    str(MISSILES_DIR / "aim-9l"),
    "f-16c.toml",
    "x" * 255,
    "x" * 5000,
    "",
    "f-16c\x00",
]
"""Ids that name a file by a path, or could not be a file name at all."""


@pytest.mark.parametrize("type_id", OUTSIDE, ids=range(len(OUTSIDE)))
def test_a_path_or_an_impossible_name_is_an_unknown_type(type_id: str) -> None:
    with pytest.raises(UnknownAircraftType, match="shipped types: F-15C, F-16C") as caught:
        card(type_id)
    assert len(str(caught.value)) < 300
    with pytest.raises(UnknownMissileType, match="shipped missiles: AIM-120A"):
        missile_card(type_id)
    with pytest.raises(UnknownSensorFit, match="shipped fits: F-15C"):
        sensor_fit(type_id)


def test_a_card_outside_the_shipped_folder_is_never_read(tmp_path: Path) -> None:
    (tmp_path / "spitfire.toml").write_text((CARDS_DIR / "f-16c.toml").read_text())
    with pytest.raises(UnknownAircraftType):
        card(str(tmp_path / "spitfire"))
    relative = Path("..") / ".." / tmp_path.relative_to(tmp_path.anchor) / "spitfire"
    with pytest.raises(UnknownAircraftType):
        card(str(relative))


def test_every_shipped_type_is_found_by_its_id_in_any_case() -> None:
    for type_id in shipped_types():
        assert card(type_id.upper()).type_id == type_id
        assert card_path(type_id).parent == CARDS_DIR


def test_a_scenario_naming_a_type_by_path_says_which_types_exist(tmp_path: Path) -> None:
    for type_id in ("../cards/f-16c", "y" * 255):
        text = scenario_text(TWO_AIRCRAFT.replace('type = "F-16C"', f'type = "{type_id}"', 1))
        problems = scenario_problems(tmp_path, text)
        assert len(problems) == 1, problems
        assert problems[0].startswith("aircraft.0.type: no aircraft card for '")
        assert "shipped types: F-15C, F-16C, F-4B" in problems[0]
    text = scenario_text(
        TWO_AIRCRAFT.replace("speed_kt = 450", 'speed_kt = 450\nmissiles = ["../x"]', 1)
    )
    assert scenario_problems(tmp_path, text)[0].startswith(
        "aircraft.0.missiles.0: no missile card for '../x'; shipped missiles: AIM-120A"
    )
