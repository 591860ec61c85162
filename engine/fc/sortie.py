"""Where an aircraft's sortie stands: flying on the field, gone home to rearm or repair,
down, or lost (§Damage), and what its pilot has scored.

An aircraft that leaves the field across its own entry edge goes home: it sits out one
turn to rearm, or spends turns on the ground repairing 2D6 points a turn, and then flies
back in where it left.  Leaving by any other edge, or being pushed off, loses it.  A pilot
who has survived his third damage test must leave at once, and his sortie ends when he is
home (§Skill Test Due to Damage).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Status = Literal["flying", "falling", "home", "landed", "crashed", "lost"]
"""``flying`` on the field; ``falling`` a section destroyed, plummeting; ``home`` off the
field by its entry edge, rearming or repairing; ``landed`` home with its sortie over;
``crashed`` hit the ground; ``lost`` left the field by another edge."""
IN_PLAY: frozenset[Status] = frozenset({"flying"})
"""The statuses of an aircraft that fights: it may fire and be fired at."""


@dataclass(slots=True)
class Sortie:
    """One aircraft's sortie: status, role, kills and the turn-by-turn ground work."""

    side: str
    callsign: str
    home_edge: str
    role: str = ""
    """Its place in the flight's command order (§Pre-Flight Instructions)."""
    status: Status = "flying"
    kills: int = 0
    """Kills before this game (the campaign record) plus kills this game."""
    kills_this_game: int = 0
    last_hit_by: str | None = None
    """The enemy whose fire last damaged it (credited with its loss)."""
    ground_turns: int = 0
    """Turns spent at home this visit."""
    left_at: tuple[float, float, float, int] | None = None
    """Where it crossed its home edge: x, y (lawn ft), heading, band."""
    returns_on_turn: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def in_play(self) -> bool:
        return self.status in IN_PLAY

    @property
    def out_of_game(self) -> bool:
        """Gone for good: landed, crashed or lost."""
        return self.status in ("landed", "crashed", "lost")
