"""The shipped control sheets: they load, they are the generator's output, and their
numbers follow the published figures the way docs/fc-sheets.md says."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.fc.common import RULE_TURN_DEG, SECTIONS
from models.fc.sheet import SHEETS_DIR, ControlSheet, control_sheets, load_sheet
from models.files import DataFileError
from tools import fc_sheets

TYPES = ("spitfire-ia", "hurricane-i", "bf109e", "bf110c")


def test_the_four_sheets_ship() -> None:
    assert set(control_sheets()) == set(TYPES)


def test_the_sheets_are_the_generators_output() -> None:
    for path, text in fc_sheets.outputs().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name}: run python -m tools.fc_sheets"
        )


def test_check_mode_reports_nothing_stale(capsys: pytest.CaptureFixture[str]) -> None:
    assert fc_sheets.main(["--check"]) == 0
    assert capsys.readouterr().out == ""


def test_every_sheet_is_marked_as_ours_with_sources() -> None:
    for sheet in control_sheets().values():
        assert sheet.reconstruction is True
        assert sheet.sources
        assert all(sheet.origins[key] for key in ("boxes", "guns", "sections", "damage"))


@pytest.mark.parametrize("type_id", TYPES)
def test_top_speed_is_three_yardsticks(type_id: str) -> None:
    """All four reached 328–362 mph: 3 yardsticks of 117.8 mph (§Movement's Spitfire)."""
    assert control_sheets()[type_id].top_speed == 3


@pytest.mark.parametrize("type_id", TYPES)
def test_boxes_stay_inside_the_rules_ranges(type_id: str) -> None:
    for box in control_sheets()[type_id].boxes:
        low, high = RULE_TURN_DEG[box.group]
        assert low <= box.min_turn_deg <= box.max_turn_deg <= high


def _max_turn(type_id: str, group: str, speed: int) -> int:
    box = control_sheets()[type_id].box(group, speed)  # type: ignore[arg-type]
    return -1 if box is None else box.max_turn_deg


def test_the_turning_order_of_the_histories() -> None:
    """At low speed the Spitfire and Hurricane out-turn the Bf 109E, which out-turns the
    Bf 110C; at top speed nobody hard-turns."""
    assert _max_turn("spitfire-ia", "turning", 1) > _max_turn("bf109e", "turning", 1)
    assert _max_turn("hurricane-i", "turning", 1) > _max_turn("bf109e", "turning", 1)
    assert _max_turn("bf109e", "turning", 1) > _max_turn("bf110c", "turning", 1)
    assert _max_turn("bf110c", "hard_turn", 1) == -1
    for type_id in TYPES:
        assert _max_turn(type_id, "hard_turn", 3) == -1
        assert _max_turn(type_id, "turning", 3) < _max_turn(type_id, "turning", 2) or (
            _max_turn(type_id, "turning", 3) == 25
        )


def test_climb_group_climbs_most_and_the_109_climbs_best() -> None:
    sheets = control_sheets()
    for sheet in sheets.values():
        climb = sheet.box("climb", 3)
        level = sheet.box("level", 3)
        assert climb is not None and level is not None
        assert climb.safe_climb_bands > level.safe_climb_bands
    assert (
        sheets["bf109e"].box("climb", 3).safe_climb_bands
        >= sheets["spitfire-ia"].box("climb", 3).safe_climb_bands
    )  # type: ignore[union-attr]
    assert (
        sheets["bf110c"].box("climb", 3).safe_climb_bands
        <= sheets["spitfire-ia"].box("climb", 3).safe_climb_bands
    )  # type: ignore[union-attr]


def test_only_the_dive_goes_past_top_speed() -> None:
    for sheet in control_sheets().values():
        fast = {box.group for box in sheet.boxes if box.speed > sheet.top_speed}
        assert fast <= {"dive", "immelmann", "loop"}
        assert "dive" in fast


def test_immelmann_and_loop_only_from_top_speed() -> None:
    for sheet in control_sheets().values():
        assert set(sheet.top_speed_only) == {"immelmann", "loop"}
        assert min(sheet.speeds("immelmann")) == sheet.top_speed


def test_eight_brownings_reach_their_harmonisation() -> None:
    """250 yd = 750 ft = 10.4 lawn feet: 3D6 (mean 10.5)."""
    spitfire = control_sheets()["spitfire-ia"]
    assert {gun.reach_dice for gun in spitfire.guns} == {3}
    assert sum(gun.guns for gun in spitfire.guns) == 8
    assert {gun.roll_group for gun in spitfire.guns} == {"brownings"}


def test_the_109s_cannon_reach_less_and_hit_harder() -> None:
    sheet = control_sheets()["bf109e"]
    cannon = sheet.gun("left_mg_ff")
    mg = sheet.gun("mg_17")
    assert cannon.reach_dice < mg.reach_dice
    assert cannon.ammo_bursts < mg.ammo_bursts
    assert sheet.damage.one_set["mg_ff"][5] > sheet.damage.one_set["mg_17"][5]


@pytest.mark.parametrize("type_id", TYPES)
def test_hit_chart_is_the_same_for_both_wings(type_id: str) -> None:
    chart = control_sheets()[type_id].hit_location
    mirrored = {"left_wing": "right_wing", "right_wing": "left_wing"}
    for low in range(2, 7):
        high = 14 - low
        assert mirrored.get(chart[low - 2], chart[low - 2]) == chart[high - 2]
    assert set(chart) == set(SECTIONS)


@pytest.mark.parametrize("type_id", TYPES)
def test_damage_rises_and_one_set_does_less(type_id: str) -> None:
    damage = control_sheets()[type_id].damage
    for row in damage.one_set.values():
        assert all(single <= full for single, full in zip(row, damage.all_sets, strict=True))
    assert damage.damage(12) >= damage.damage(7) >= damage.damage(2)


def test_section_arrows_lead_inward_to_the_cockpit() -> None:
    for sheet in control_sheets().values():
        for section in sheet.sections:
            seen = {section.id}
            current = section
            while current.inward is not None:
                assert current.inward not in seen, f"{sheet.id}: arrows go round"
                seen.add(current.inward)
                current = sheet.section(current.inward)
            assert current.id == "cockpit"


def test_a_bad_sheet_file_names_the_file_and_field(tmp_path: Path) -> None:
    text = (SHEETS_DIR / "spitfire-ia.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("max_turn_deg = 45", "max_turn_deg = 55", 1), encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        load_sheet(bad)
    message = str(caught.value)
    assert "bad.toml" in message and "boxes" in message and "20–45" in message
    assert "Traceback" not in message


def test_a_sheet_must_explain_its_numbers() -> None:
    data = fc_sheets.sheet_data(fc_sheets.FIGURES[0])
    data["origins"] = {"boxes": "ours"}
    with pytest.raises(ValueError, match="origins"):
        ControlSheet.model_validate(data)
