"""An aircraft's condition as Tacview shows it: Health, Disabled and a short Label, read from
Birds of Prey's damage and crew channels.

* ``bop.damage`` is ``""`` (no damage track), ``"4/14 Engine, Fuel"`` (damage points over
  the card's capacity, then the systems hit) or ``"destroyed (…)"``.
* ``bop.crew_state`` is ``"ok"`` or each crew member not in normal state,
  ``"pilot: loc, back seat: wounded grey_out"``.

A rule set without these channels gets none of these properties.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

DAMAGE_PATTERN = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*(.*)$")
CREW_SEATS = ("pilot", "back seat", "crew 3", "crew 4")
"""The crew channel's seat names, in seat order (as the engine writes them)."""
OUT_OF_ACTION = frozenset({"loc", "killed"})
"""Crew marks of a member who cannot fly: unconscious (G-LOC) or killed."""


@dataclass(frozen=True)
class Damage:
    """The damage channel's value, read."""

    points: int
    capacity: int
    systems: str = ""
    destroyed: bool = False

    @property
    def health(self) -> float:
        """1 undamaged, 0 destroyed: the damage boxes not yet filled, as a fraction."""
        if self.destroyed or self.capacity <= 0:
            return 0.0
        return max(0.0, 1.0 - self.points / self.capacity)


def read_damage(text: str) -> Damage | None:
    """The damage channel's text as a :class:`Damage`; None when it says nothing (a type
    without a damage track, or a text not in the channel's form)."""
    text = text.strip()
    if text.startswith("destroyed"):
        return Damage(points=0, capacity=0, destroyed=True)
    found = DAMAGE_PATTERN.match(text)
    if found is None:
        return None
    return Damage(int(found[1]), int(found[2]), found[3].strip())


def read_crew(text: str) -> dict[str, tuple[str, ...]]:
    """Each named crew member's marks: ``"pilot: loc, back seat: wounded"`` →
    ``{"pilot": ("loc",), "back seat": ("wounded",)}``; ``"ok"`` → ``{}``."""
    marks: dict[str, tuple[str, ...]] = {}
    for part in text.split(","):
        seat, colon, state = part.partition(":")
        if colon and seat.strip() in CREW_SEATS:
            marks[seat.strip()] = tuple(state.split())
    return marks


def flyer_out(crew_text: str, flyer_seat: int) -> bool:
    """The crew member flying is unconscious or killed: the rules' "Uncontrolled
    Aircraft"."""
    seat = CREW_SEATS[flyer_seat] if 0 <= flyer_seat < len(CREW_SEATS) else CREW_SEATS[0]
    return bool(OUT_OF_ACTION.intersection(read_crew(crew_text).get(seat, ())))


def crew_words(crew_text: str) -> str:
    """The crew channel for a label: ``pilot loc, back seat wounded``; empty when all is
    well."""
    return ", ".join(
        f"{seat} {' '.join(m.replace('_', ' ') for m in marks)}"
        for seat, marks in read_crew(crew_text).items()
    )


def damage_words(damage: Damage | None) -> str:
    """The damage for a label: ``shot down``, ``4/14 damage (Engine, Fuel)``; empty without
    damage."""
    if damage is None:
        return ""
    if damage.destroyed:
        return "shot down"
    if damage.points == 0 and not damage.systems:
        return ""
    systems = f" ({damage.systems})" if damage.systems else ""
    return f"{damage.points}/{damage.capacity} damage{systems}"


def status_label(damage: Damage | None, crew_text: str, disabled: bool, ejected: bool) -> str:
    """A short state text: damage, crew, and ``uncontrolled`` or ``crew out``; parts joined
    by ``; ``; empty for an aircraft in good order."""
    parts = [damage_words(damage), crew_words(crew_text)]
    if ejected:
        parts.append("crew out")
    elif disabled:
        parts.append("uncontrolled")
    return "; ".join(part for part in parts if part)
