"""The rulebook's worked PHAD examples, kept as data in data/phad_examples.toml."""

import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine.phad import Attitude, Cell, Edge, angles_between, distance, pitch_down
from tests.engine.phad_strategies import canopy_for, right_wing

EXAMPLES: dict[str, Any] = tomllib.loads(
    (Path(__file__).parent / "data" / "phad_examples.toml").read_text(encoding="utf-8")
)
P = Cell.parse


def ids(kind: str) -> list[str]:
    return [e["source"] for e in EXAMPLES[kind]]


@pytest.mark.parametrize("example", EXAMPLES["angles"], ids=ids("angles"))
def test_angle_determination_example(example: dict[str, Any]) -> None:
    nose, target_nose = P(example["nose"]), P(example["target_nose"])
    # The example gives only the Noses; any legal Canopy/Wing gives the same AoN/AoT/TCA.
    from engine.phad import RINGS

    canopy = RINGS[nose][0]
    aircraft = Attitude(nose=nose, canopy=canopy, wing=right_wing(nose, canopy))
    t_canopy = RINGS[target_nose][0]
    target = Attitude(nose=target_nose, canopy=t_canopy, wing=right_wing(target_nose, t_canopy))
    found = angles_between(aircraft, target, P(example["bearing"]))
    assert (found.aon, found.aot, found.tca) == (example["aon"], example["aot"], example["tca"])


@pytest.mark.parametrize("example", EXAMPLES["reciprocal"], ids=ids("reciprocal"))
def test_reciprocal_bearing_example(example: dict[str, Any]) -> None:
    assert P(example["bearing"]).antipode() == P(example["reciprocal"])
    assert P(example["reciprocal"]).antipode() == P(example["bearing"])


@pytest.mark.parametrize("example", EXAMPLES["turns"], ids=ids("turns"))
def test_turning_example(example: dict[str, Any]) -> None:
    nose, wing = P(example["start_nose"]), P(example["wing"])
    start = Attitude(nose=nose, canopy=canopy_for(nose, wing), wing=wing)
    plotted = start.plot_turn(example["cells"])
    assert str(plotted.attitude.nose) == example["end_nose"]
    assert str(plotted.movement_vector) == example["movement_vector"]
    assert plotted.attitude.wing == wing
    assert all(distance(c, wing) == 3 for c in plotted.nose_path)
    assert start.turn(example["cells"]) == plotted.attitude


def test_turning_example_3_moves_between_the_two_centre_cells() -> None:
    nose, wing = P("090-30"), P("330-60")
    plotted = Attitude(nose=nose, canopy=canopy_for(nose, wing), wing=wing).plot_turn(3)
    assert plotted.movement_vector == Edge(P("120-30"), P("150-30"))
    assert [str(c) for c in plotted.nose_path] == ["090-30", "120-30", "150-30", "180-30"]


@pytest.mark.parametrize("example", EXAMPLES["pitch_down"], ids=ids("pitch_down"))
def test_pitch_down_example(example: dict[str, Any]) -> None:
    start = Attitude(**example["start"])
    result = pitch_down(start, example["amount"])
    assert result.attitude == Attitude(**example["end"])
