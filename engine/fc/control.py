"""Pilot skill and the skill test (§Pilot Skill, §Skill Test Due to Damage).

A pilot is a Recruit, a Veteran or an Ace: by the quick 1D6 (1 Recruit, 2–4 Veteran, 5–6
Ace) or by his kills in the campaign (0–1, 2–4, 5 or more).  A skill test passes when 1D6
plus its modifiers reaches his number: Recruit 5, Veteran 4, Ace 3 (docs/rulings.md "The
pass rule").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from models.fc.common import SKILL_TEST_TARGET, PilotLevel

SKILL_RULE = "§Pilot Skill"
VETERAN_KILLS = 2
ACE_KILLS = 5


def level_for_quick_roll(die: int) -> PilotLevel:
    """The quick method's table: 1 Recruit, 2–4 Veteran, 5–6 Ace (§Pilot Skill)."""
    if die <= 1:
        return "recruit"
    if die <= 4:
        return "veteran"
    return "ace"


def quick_skill(dice: Dice, pid: str) -> PilotLevel:
    """Roll the quick 1D6 for ``pid``'s pilot."""
    return level_for_quick_roll(dice.d6(f"pilot skill, quick method, {pid} ({SKILL_RULE})"))


def skill_for_kills(kills: int) -> PilotLevel:
    """The campaign method: Recruit 0–1 kills, Veteran 2–4, Ace 5 or more (§Pilot Skill)."""
    if kills >= ACE_KILLS:
        return "ace"
    if kills >= VETERAN_KILLS:
        return "veteran"
    return "recruit"


@dataclass(frozen=True, slots=True)
class TestRoll:
    """A skill test as rolled: the die, the modifier, the number needed and the result."""

    die: int
    modifier: int
    target: int
    passed: bool

    @property
    def text(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        verdict = "passes" if self.passed else "fails"
        return f"{self.die}{mod} against {self.target}+: {verdict}"


def passes(die: int, modifier: int, skill: PilotLevel) -> bool:
    """Whether 1D6 ``die`` plus ``modifier`` reaches the pilot's number."""
    return die + modifier >= SKILL_TEST_TARGET[skill]


def roll_test(dice: Dice, skill: PilotLevel, modifier: int, purpose: str) -> TestRoll:
    """Roll a skill test (recorded with ``purpose``)."""
    die = dice.d6(purpose)
    return TestRoll(die, modifier, SKILL_TEST_TARGET[skill], passes(die, modifier, skill))
