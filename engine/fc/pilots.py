"""Before the game: the Flight Leader roll-off and the flight's order of command
(§Pre-Flight Instructions), and the sections a side moves in from eight aircraft
(§Movement).

Each pilot of a flight rolls 1D6.  The highest is the Flight Leader, the second his
Wingman, the third leads the first section and the fourth is his wingman, and so on in
pairs; ties are rolled again among the tied pilots until each place has one pilot.  A
Wingman takes the lead when his leader is lost, then the first section's leader, and so on
down the order: the order is the succession.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.dice import Dice

RULE = "§Pre-Flight Instructions"


@dataclass(frozen=True, slots=True)
class FlightOrder:
    """One flight's pilots in command order: index 0 the Flight Leader."""

    flight: str
    order: tuple[str, ...]

    def role(self, plane_id: str) -> str:
        """``Flight Leader``, ``Wingman``, ``Section 1 leader``, ``Section 1 wingman``, …"""
        place = self.order.index(plane_id)
        pair, second = divmod(place, 2)
        if pair == 0:
            return "Wingman" if second else "Flight Leader"
        return f"Section {pair} {'wingman' if second else 'leader'}"

    def leader(self, in_play: frozenset[str] | set[str]) -> str | None:
        """Who leads now: the first in the order still in play (§Pre-Flight Instructions:
        the Wingman takes over when the leader is lost)."""
        return next((pid for pid in self.order if pid in in_play), None)


def roll_off(dice: Dice, flight: str, pilots: Sequence[str]) -> FlightOrder:
    """The flight's command order by 1D6 each, ties re-rolled among the tied."""
    return FlightOrder(flight, tuple(_ranked(dice, flight, list(pilots), 1)))


def _ranked(dice: Dice, flight: str, pilots: list[str], round_number: int) -> list[str]:
    if len(pilots) <= 1:
        return pilots
    rolls = {
        pid: dice.d6(f"Flight Leader roll-off, {flight}, {pid}, roll {round_number} ({RULE})")
        for pid in pilots
    }
    ranked: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        tied = [pid for pid in pilots if rolls[pid] == face]
        ranked.extend(_ranked(dice, flight, tied, round_number + 1) if len(tied) > 1 else tied)
    return ranked


def movement_halves(
    order: Sequence[str], chosen_sections: dict[str, int]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A side split into the two sections that alternate with the enemy's (§Movement: "divide
    the flight into equal halves").  When the scenario puts the side's aircraft in different
    sections, sections 1 and below move first and the rest second; otherwise the command
    order is halved by pairs, the Flight Leader's pair in the first half."""
    if len(set(chosen_sections.get(pid, 1) for pid in order)) > 1:
        lowest = min(chosen_sections.get(pid, 1) for pid in order)
        first = tuple(pid for pid in order if chosen_sections.get(pid, 1) == lowest)
        return first, tuple(pid for pid in order if pid not in first)
    pairs = (len(order) + 1) // 2
    split = 2 * ((pairs + 1) // 2)
    return tuple(order[:split]), tuple(order[split:])
