"""§Parachutes."""

from __future__ import annotations

import pytest

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.optional.parachutes import bail_out, has_parachutes, parachute_result
from models.otl.scenario import OtlOptions
from tests.otl.test_optional_planes import plane

CHUTES = OtlOptions(parachutes=True)


def test_german_crews_from_march_1918() -> None:
    fokker = plane("fokker-1", "central", nation="Germany")
    assert not has_parachutes(fokker, "1918-02")
    assert has_parachutes(fokker, "1918-03")
    assert not has_parachutes(plane(nation="Britain"), "1918-10")


@pytest.mark.parametrize(
    ("roll", "wounded", "result"),
    [
        (1, False, "killed"),
        (2, False, "captured"),
        (3, True, "captured"),
        (4, True, "killed"),
        (4, False, "safe"),
        (5, True, "safe"),
        (6, False, "safe"),
    ],
)
def test_the_parachute_table(roll: int, wounded: bool, result: str) -> None:
    assert parachute_result(roll, wounded) == result


def test_the_crew_jumps_and_each_man_rolls() -> None:
    halberstadt = plane("cl2-1", "central", nation="Germany", observer=True, alt_ft=3_000.0)
    halberstadt.observer.wound = "light"  # type: ignore[union-attr]
    dice = Dice.seeded(0, [("d6", 5), ("d6", 4)])
    event = bail_out(halberstadt, "1918-06", CHUTES, dice, 7)
    assert event.kind == "otl.parachute"
    assert event.data["results"] == {"pilot": "safe", "observer": "killed"}
    assert halberstadt.status == "bailed_out"
    assert halberstadt.observer.wound == "killed"  # type: ignore[union-attr]
    assert dice.rolls[0].purpose == "parachute, Cl2 1 pilot, round 7"


@pytest.mark.parametrize(
    ("nation", "date", "alt_ft", "options", "blamed"),
    [
        ("Germany", "1918-06", 900.0, CHUTES, "at or above 1,000 ft"),
        ("Germany", "1917-11", 3_000.0, CHUTES, "from 1918-03, not in 1917-11"),
        ("Britain", "1918-06", 3_000.0, CHUTES, "only German crews"),
        ("Germany", "1918-06", 3_000.0, OtlOptions(), "not in play"),
    ],
)
def test_who_may_not_jump(
    nation: str, date: str, alt_ft: float, options: OtlOptions, blamed: str
) -> None:
    jumper = plane("d7-1", "central", nation=nation, alt_ft=alt_ft)
    with pytest.raises(IllegalOrder, match=blamed) as error:
        bail_out(jumper, date, options, Dice.seeded(0), 3)
    assert "bail_out:" in str(error.value)
    assert jumper.flying
