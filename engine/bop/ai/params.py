"""What an AI pilot is given (its scenario table), remembers between game-turns and
returns each game-turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from engine.bop.ai.contacts import (
    Sighting,
)
from models.base import DataModel
from models.orders import (
    BopPlot,
)

Posture = Literal["offensive", "defensive", "neutral", "search"]
Fight = Literal["one-circle", "two-circle"]


class AiParams(DataModel):
    """How a scenario sets an AI pilot up (``pilot = "ai"``, ``ai = { ... }``)."""

    target: str | None = None
    """Id of the bandit to fight; by default the nearest enemy the crew knows of."""
    posture: Literal["auto", "offensive", "defensive", "neutral"] = "auto"
    """Fix the posture instead of reading it from the geometry each game-turn."""
    fight: Literal["auto", "one-circle", "two-circle"] = "auto"
    """The fight to make after a high-aspect merge; ``auto``: two circles when this aircraft
    out-rates the bandit (sustained turn rate), one circle when it turns tighter."""
    guns: bool = True
    """Declare guns at the bandit when near."""
    missiles: bool = True
    """Launch missiles when the geometry suits their seekers."""
    floor_ft: float = Field(default=5_000.0, ge=0, le=60_000)
    """The lowest altitude the pilot is willing to fly (BFM training's hard deck: 5,000 ft)."""


@dataclass(frozen=True, slots=True)
class AiState:
    """What the pilot remembers between game-turns."""

    sightings: dict[str, Sighting] = field(default_factory=dict)
    posture: str = ""
    bandit: str = ""
    fight: str = ""
    """The fight chosen at a merge, once chosen."""
    sense: int = 0
    """The turn the merge asked for: +1 left, −1 right."""
    last_launch_turn: int = -99


@dataclass(frozen=True, slots=True)
class AiStep:
    """One game-turn of the AI pilot: the orders, the state for next turn, and what to tell
    the debrief (posture changes, the merge decision)."""

    plot: BopPlot
    state: AiState
    posture: Posture
    notes: tuple[str, ...] = ()
