"""The plotting rule: a pin moves only to an adjacent box (§Plot for the Turn), the
asterisked maneuvers need top speed, and refusals name the rule."""

from __future__ import annotations

import pytest

from engine.fc.errors import IllegalPlot
from engine.fc.plotting import (
    adjacent_boxes,
    check_plot,
    is_legal,
    legal_plots_boxes,
    plot_problems,
)
from models.fc.orders import FcPlot
from models.fc.sheet import control_sheets
from tests.fc.builders import plane


def test_adjacent_boxes_from_level_three() -> None:
    sheet = control_sheets()["spitfire-ia"]
    assert set(adjacent_boxes(sheet, "level", 3)) == {
        ("level", 3),
        ("level", 2),
        ("turning", 3),
        ("climb", 3),
        ("dive", 3),
        ("jink", 3),
    }


def test_adjacency_is_symmetric() -> None:
    for sheet in control_sheets().values():
        for box in sheet.boxes:
            for other in adjacent_boxes(sheet, *box.key):
                assert box.key in adjacent_boxes(sheet, *other)


@pytest.mark.parametrize("text", ["L3", "L2", "T3 R20*", "C3+1", "D3-1", "J3"])
def test_adjacent_plots_are_legal(text: str) -> None:
    assert is_legal(plane(), FcPlot.parse(text))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("T2 R20*", "not adjacent"),  # a diagonal: speed and group at once
        ("L1", "not adjacent"),  # two speed rows
        ("BR3", "not adjacent"),  # two groups away
        ("IM3", "not adjacent"),
        ("HT3 R45*", "no Hard Turn box at speed 3"),
    ],
)
def test_other_plots_are_refused(text: str, words: str) -> None:
    problems = plot_problems(plane(), FcPlot.parse(text))
    assert problems and words in problems[0].text
    assert problems[0].rule == "§Plot for the Turn"


def test_the_immelmann_is_reached_from_the_dive_or_the_climb() -> None:
    assert is_legal(plane(group="dive", speed=4), FcPlot.parse("IM4"))
    assert is_legal(plane(group="climb", speed=3), FcPlot.parse("IM3"))
    assert not is_legal(plane(group="climb", speed=2), FcPlot.parse("IM2"))


def test_top_speed_maneuvers_are_never_offered_slower() -> None:
    for group, speed in legal_plots_boxes(plane(group="climb", speed=2)):
        assert group not in ("immelmann", "loop") or speed >= 3


def test_a_stall_may_put_the_pin_in_any_dive_box() -> None:
    stalled = plane(group="turning", speed=3)
    assert not is_legal(stalled, FcPlot.parse("D1-3"))
    assert is_legal(stalled, FcPlot.parse("D1-3"), any_dive_box=True)
    assert not is_legal(stalled, FcPlot.parse("L1"), any_dive_box=True)


def test_the_refusal_is_one_line_naming_aircraft_turn_and_rule() -> None:
    with pytest.raises(IllegalPlot) as caught:
        check_plot(plane(), FcPlot.parse("BR3"), turn=4)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith("blue-1, turn 4: BR3: Barrel Roll 3 is not adjacent")
    assert text.endswith("(§Plot for the Turn)")
