"""The turn and slip templates as data (§Turning, §Slips; furball's reconstruction)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.otl.templates import TemplateSet, load_templates
from models.files import DataFileError
from models.otl.chart import TURN_RATES


def test_every_rate_has_a_turn_and_a_slip_template() -> None:
    templates = load_templates()
    for rate in TURN_RATES:
        turn = templates.template(f"{rate}1")
        assert turn.rate == rate and turn.length_in in turn.blue_in
        assert templates.slip_for(rate).speed_per_mp == 1


def test_radii_widen_letter_by_letter_and_are_quarter_circles() -> None:
    turns = [load_templates().template(f"{rate}1") for rate in TURN_RATES]
    radii = [t.radius_in for t in turns]
    assert radii == sorted(radii) and radii[0] == 3.0 and radii[-1] == 10.8
    for turn in turns:
        assert abs(turn.length_in - math.pi * turn.radius_in / 2) <= 0.5
    throws = [load_templates().slip_for(rate).sideways_in for rate in TURN_RATES]
    assert throws == sorted(throws, reverse=True)


def test_the_camel_derivation_behind_the_best_rate() -> None:
    """A lift-limited turn at 80 mph with a 48 mph stall: n = 2.8, r ≈ 165 ft ≈ 3.3 in."""
    v_fps, stall_fps, g = 80 * 5280 / 3600, 48 * 5280 / 3600, 32.17
    n = (v_fps / stall_fps) ** 2
    radius_in = v_fps**2 / (g * math.sqrt(n * n - 1)) / 50
    assert radius_in == pytest.approx(3.3, abs=0.1)
    assert load_templates().template("AA1").radius_in <= radius_in


def test_usable_templates_are_the_own_rate_and_wider() -> None:
    names = [t.name for t in load_templates().usable(TURN_RATES.index("C"))]
    assert names == ["C1", "D1", "E1", "F1", "G1"]


def test_a_bad_template_file_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "templates.toml"
    bad.write_text(
        'format_version = 1\n[[turn]]\nrate = "AA"\nname = "AA1"\nradius_in = 3.0\n'
        "length_in = 5\nblue_in = [2, 6]\n"
        '[[slip]]\nrate = "AA"\nsideways_in = 0.5\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError, match=r"turn\.0\.blue_in: marks lie from 1 to the length"):
        load_templates(bad)
    bad.write_text(bad.read_text(encoding="utf-8").replace("[2, 6]", "[2, 5]"), encoding="utf-8")
    with pytest.raises(DataFileError, match="no turn template for rate G"):
        load_templates(bad)


def test_the_model_round_trips() -> None:
    shipped = load_templates()
    assert TemplateSet.model_validate(shipped.model_dump()) == shipped
