"""The hex jet game's decision notation."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from models.hexjet.orders import HexjetDecision


@pytest.mark.parametrize("text", ["MIL AL", "AB RC2", "IDLE LD3", "AB AC6", "MIL RL"])
def test_the_notation_round_trips(text: str) -> None:
    assert HexjetDecision.parse(text).text == text


def test_it_reads_the_fields() -> None:
    decision = HexjetDecision.parse("ab rc2")
    assert (decision.throttle, decision.direction, decision.vertical, decision.levels) == (
        "AB",
        "right",
        "climb",
        2,
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("FULL AL", "token 1 'FULL'"),
        ("MIL XX", "token 2 'XX'"),
        ("MIL", "write the throttle and the cell"),
        ("MIL AL2", "Level cell"),
        ("MIL RC", "needs 1–6 levels"),
        ("MIL RC7", "less than or equal to 6"),
    ],
)
def test_bad_decisions_name_the_token(text: str, words: str) -> None:
    with pytest.raises((ValueError, ValidationError), match=words):
        HexjetDecision.model_validate(text)
