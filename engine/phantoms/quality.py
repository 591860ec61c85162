"""Pilot quality (§12.1–§12.5, the Pilot Skill Summary p.16) and the opposed roll it feeds.

Every combat roll in Phantoms is the same contest: each side rolls a d10 and adds its
modifiers, and the side that acts (locks, fires, spots) succeeds only when its total is
strictly greater; ties go to the defender (§7.1.1b, §7.1, §7.2, §13.0).  Pilot quality is a
line of modifiers in almost every one of those contests, so the table and the contest live
together here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.phantoms.dice import d10
from models.phantoms.common import ManeuverClass, Quality

Modifier = tuple[str, int]
"""One named die-roll modifier, e.g. ``("Ace pilot", 2)``."""


@dataclass(frozen=True, slots=True)
class QualityEffects:
    """One row of the pilot-quality summary (§12)."""

    control_checks: frozenset[ManeuverClass]
    """Maneuvers that call for a loss-of-control check (§6.4)."""
    lock: int
    """Radar lock and radar spot attempts (§7.1.1b, §13.0)."""
    visual_spot: int
    """Visual spot attempts (§13.0)."""
    gun_attack: int
    """Firing guns (§7.2)."""
    gun_defence: int
    """Being fired at with guns (§7.2)."""
    missile_defence: int
    """Defending against a missile (§7.1, "Pilot Ability")."""


QUALITY_TABLE: dict[Quality, QualityEffects] = {
    "green": QualityEffects(frozenset({"hard_turn", "loop"}), -2, -2, -2, 0, 0),
    "inexperienced": QualityEffects(frozenset({"hard_turn"}), 0, 0, 0, 0, 0),
    "average": QualityEffects(frozenset(), 0, 0, 0, 0, 1),
    "experienced": QualityEffects(frozenset(), 1, 2, 2, 1, 2),
    "ace": QualityEffects(frozenset(), 2, 3, 4, 2, 3),
}
"""§12 with the p.16 summary; visual spot values from §13.0.  The missile defence numbers
(lost from §12's text with every other digit after "modifier of") are the summary's."""


def quality_effects(quality: Quality) -> QualityEffects:
    """The pilot-quality row for ``quality``."""
    return QUALITY_TABLE[quality]


def quality_modifier(quality: Quality, value: int) -> list[Modifier]:
    """A one-item list naming the pilot's modifier, or nothing when it is 0."""
    return [(f"{quality} pilot", value)] if value else []


class NotAllowed(ValueError):
    """An action the rules do not allow now; the message names the rule and the reason."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"{rule}: {reason}")


@dataclass(frozen=True, slots=True)
class OpposedRoll:
    """Both sides' d10s and modifiers; the acting side wins only on a strictly greater total."""

    attacker_roll: int
    attacker_modifiers: tuple[Modifier, ...]
    target_roll: int
    target_modifiers: tuple[Modifier, ...]

    @property
    def attacker_total(self) -> int:
        return self.attacker_roll + sum(value for _, value in self.attacker_modifiers)

    @property
    def target_total(self) -> int:
        return self.target_roll + sum(value for _, value in self.target_modifiers)

    @property
    def difference(self) -> int:
        """Attacker total minus target total (hits, for guns and missiles)."""
        return self.attacker_total - self.target_total

    @property
    def won(self) -> bool:
        """The acting side succeeded: its total is greater; a tie fails (§7.1.1b)."""
        return self.difference > 0

    def describe(self) -> str:
        def side(roll: int, mods: tuple[Modifier, ...], total: int) -> str:
            parts = "".join(f" {value:+d} {name}" for name, value in mods)
            return f"{roll}{parts} = {total}"

        return (
            f"{side(self.attacker_roll, self.attacker_modifiers, self.attacker_total)} vs "
            f"{side(self.target_roll, self.target_modifiers, self.target_total)}"
        )


def roll_opposed(
    dice: Dice,
    attacker_modifiers: list[Modifier],
    target_modifiers: list[Modifier],
    attacker_purpose: str,
    target_purpose: str,
) -> OpposedRoll:
    """Roll the contest: the acting side's d10 first, then the defender's."""
    attacker_roll = d10(dice, attacker_purpose)
    target_roll = d10(dice, target_purpose)
    return OpposedRoll(
        attacker_roll,
        tuple(m for m in attacker_modifiers if m[1]),
        target_roll,
        tuple(m for m in target_modifiers if m[1]),
    )
