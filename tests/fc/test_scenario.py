"""The Fighter Command scenario model: the field, the entry edges, each aircraft's box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from models.fc.scenario import FcScenario
from models.files import DataFileError, load_model


def _scenario(**changes: Any) -> dict[str, Any]:
    aircraft = {
        "callsign": "Blue 1",
        "type": "spitfire-ia",
        "side": "raf",
        "x_ft": 40.0,
        "y_ft": 5.0,
        "heading_deg": 0.0,
        "band": 40,
        "speed": 3,
        "group": "level",
        "skill": "veteran",
        "pilot": "script",
        "script": ["L3", "T3 R20*"],
    }
    enemy = {
        **aircraft,
        "callsign": "Red 1",
        "type": "bf109e",
        "side": "lw",
        "y_ft": 75.0,
        "heading_deg": 180.0,
        "skill": "roll",
        "pilot": "ai",
        "script": [],
    }
    data: dict[str, Any] = {
        "rules": "fc",
        "name": "Test",
        "field": {"width_ft": 80.0, "depth_ft": 80.0},
        "entry": {"raf": "south", "lw": "north"},
        "aircraft": [aircraft, enemy],
    }
    data.update(changes)
    return data


def test_a_scenario_validates_and_reads_its_script() -> None:
    scenario = FcScenario.model_validate(_scenario())
    blue = scenario.aircraft[0]
    assert blue.script[1].turns_deg == (20,) and blue.script[1].every_yardstick
    assert scenario.entry_edge(blue) == "south"
    assert scenario.aircraft[1].skill == "roll"


def test_problems_name_the_field() -> None:
    data = _scenario()
    data["aircraft"][0]["x_ft"] = 95.0
    data["aircraft"][1]["type"] = "zero"
    data["entry"] = {"raf": "south"}
    with pytest.raises(ValueError) as caught:
        FcScenario.model_validate(data)
    text = str(caught.value)
    assert "aircraft[0]" in text and "outside the 80 × 80 ft field" in text
    assert "aircraft[1].type" in text and "no control sheet 'zero'" in text
    assert "side 'lw' needs its entry edge" in text


def test_a_starting_box_must_be_on_the_sheet() -> None:
    data = _scenario()
    data["aircraft"][0]["group"] = "hard_turn"
    with pytest.raises(ValueError, match=r"aircraft\[0\]\.speed.*no hard_turn box at speed 3"):
        FcScenario.model_validate(data)


def test_a_bad_file_gets_one_line_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'rules = "fc"\nname = "x"\nentry = { raf = "south" }\n'
        "field = { width_ft = 50.0, depth_ft = 50.0 }\n"
        '[[aircraft]]\ncallsign = "Blue 1"\ntype = "spitfire-ia"\nside = "raf"\n'
        "x_ft = 1.0\ny_ft = 1.0\n"
        'heading_deg = 0.0\nband = 3\nspeed = 3\nscript = ["T3 Q9"]\npilot = "script"\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as caught:
        load_model(FcScenario, path)
    message = str(caught.value)
    assert message.count("\n") == 0
    assert "bad.toml" in message and "aircraft.0.script.0" in message and "'Q9'" in message
