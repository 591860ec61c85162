"""The skill tests a move makes due (§Flight Instructions, §Stalls and Overdive).

A move does not roll them; it says which are due, with their modifiers, and what a failure
brings, for the turn's sequence to roll.  A test passes when 1D6 plus its modifier reaches
the pilot's number: Recruit 5, Veteran 4, Ace 3 (§Pilot Skill's table;
docs/rulings.md "The pass rule").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from models.fc.common import SKILL_TEST_GROUPS, SKILL_TEST_TARGET, PilotLevel
from models.fc.orders import FcPlot
from models.fc.sheet import Box, ControlSheet

PUSH_OVER_GROUPS = frozenset({"level", "climb", "jink"})
"""Groups a pilot pushes straight over from into a dive (from a turn he rolls and pulls)."""
TestReason = Literal["hard_maneuver", "climb_over_safe", "dive_over_safe", "dive_entry"]
Failure = Literal["stall", "overdive", "engine_cut"]


@dataclass(frozen=True, slots=True)
class SkillTestDue:
    """A skill test the move makes due."""

    reason: TestReason
    rule: str
    """Where the rules ask for it, by heading."""
    modifier: int
    """Added to the die (−1 a band beyond the safe rate)."""
    on_fail: Failure
    bands_over: int = 0

    def target(self, skill: PilotLevel) -> int:
        """The lowest die that passes, after the modifier (7 or more: no die can)."""
        return SKILL_TEST_TARGET[skill] - self.modifier

    def passes(self, die: int, skill: PilotLevel) -> bool:
        return die + self.modifier >= SKILL_TEST_TARGET[skill]

    @property
    def purpose(self) -> str:
        """The words a roll for it is recorded with."""
        words = {
            "hard_maneuver": "hard maneuver skill test",
            "climb_over_safe": f"climb skill test, {self.bands_over} band(s) over the safe rate",
            "dive_over_safe": f"overdive test, {self.bands_over} band(s) over the safe rate",
            "dive_entry": "negative-g cut-out skill test",
        }
        return f"{words[self.reason]} ({self.rule})"


def tests_due(
    sheet: ControlSheet, box: Box, plot: FcPlot, from_group: str
) -> tuple[SkillTestDue, ...]:
    """The tests ``plot`` makes due, flown from a pin in ``from_group``."""
    found: list[SkillTestDue] = []
    if plot.group in SKILL_TEST_GROUPS:
        modifier = sum(
            note.modifier
            for note in sheet.handling
            if note.kind == "hard_maneuver_modifier" and note.applies_at(plot.speed)
        )
        found.append(
            SkillTestDue(
                "hard_maneuver", "§Flight Instructions, Hard Turns / Hard Roll", modifier, "stall"
            )
        )
    if plot.bands > box.safe_climb_bands:
        over = plot.bands - box.safe_climb_bands
        found.append(
            SkillTestDue("climb_over_safe", "§Flight Instructions, Climb", -over, "stall", over)
        )
    if -plot.bands > box.safe_dive_bands:
        over = -plot.bands - box.safe_dive_bands
        found.append(
            SkillTestDue(
                "dive_over_safe",
                "§Flight Instructions, Dive; §Stalls and Overdive",
                -over,
                "overdive",
                over,
            )
        )
    if plot.group == "dive" and from_group in PUSH_OVER_GROUPS:
        for note in sheet.handling:
            if note.kind == "dive_entry_test" and note.applies_at(plot.speed):
                found.append(
                    SkillTestDue(
                        "dive_entry", "the sheet's special handling", note.modifier, "engine_cut"
                    )
                )
    return tuple(found)
