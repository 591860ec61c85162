"""The plot notation and the plot model's own checks."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from models.fc.orders import FcPlot, PlotNotationError


@pytest.mark.parametrize(
    "text",
    [
        "T3 R30*",
        "HT2 ^L50 L50",
        "D4-3",
        "IM3 F-20 S+1",
        "LP3 F+10 S-0.5",
        "L3 0 0 0",
        "C2+2 tail:red-1",
        "J1",
    ],
)
def test_notation_round_trips(text: str) -> None:
    plot = FcPlot.parse(text)
    assert plot.text == text
    assert FcPlot.parse(plot.text) == plot


def test_parse_reads_the_fields() -> None:
    plot = FcPlot.parse("t2-1, ^l20 L25")
    assert (plot.group, plot.speed, plot.bands) == ("turning", 2, -1)
    assert plot.turns_deg == (-20, -25)
    assert plot.first_turn_at_start


def test_a_plot_may_be_written_as_notation_in_a_file() -> None:
    assert FcPlot.model_validate("L3 R5 0 L5").turns_deg == (5, 0, -5)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("X3", "token 1 'X3': not a box"),
        ("T3 Q5", "token 2 'Q5'"),
        ("", "empty plot"),
        ("T3 R20 ^R20", "only the first turn"),
    ],
)
def test_notation_errors_name_the_token(text: str, words: str) -> None:
    with pytest.raises(PlotNotationError, match=words):
        FcPlot.parse(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("IM3 R20", "changes facing with F"),
        ("LP3 F30", "up to 20°"),
        ("IM3 F50", "less than or equal to 45"),
        ("IM3+1", "sets its own altitude"),
        ("T3 F10", "only an Immelmann or a Loop"),
        ("T3 R30* R20", "written once"),
        ("HT3 R65", "more than 60°"),
        ("L6", "less than or equal to 5"),
    ],
)
def test_the_model_refuses_what_no_box_could_fly(text: str, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        FcPlot.parse(text)
