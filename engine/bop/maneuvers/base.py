"""What every BFM maneuver shares: its parameters, its phase and the plot it returns.

A maneuver is a function ``fly(game, aircraft, params, state) -> ManeuverStep``: it reads the
game as the pilot would at the start of the next game-turn and returns a legal
:class:`~models.orders.BopPlot` for it, plus the :class:`ManeuverState` to pass in next turn.
Multi-turn maneuvers keep their phase in that state (the rulebook has no notion of a
maneuver; the PHAD loses the heading at the poles, so a loop's entry heading must be kept).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from pydantic import Field

from models.base import DataModel
from models.orders import BopPlot

Side = Literal["left", "right"]


class ManeuverError(ValueError):
    """A maneuver asked of an aircraft or target the game does not have in play."""


class ManeuverParams(DataModel):
    """Parameters common to every maneuver (none yet); subclasses add their own."""


class TargetParams(ManeuverParams):
    """A maneuver flown against (or away from) another aircraft."""

    target: str = Field(min_length=1)
    """Id of the other aircraft (the bandit to pursue, or the attacker to defend against)."""


@dataclass(frozen=True, slots=True)
class ManeuverState:
    """Where a multi-turn maneuver stands between game-turns.

    ``phase`` names the step being flown (``"start"`` before the first turn, ``"done"`` once
    the maneuver is complete and the aircraft just holds its attitude), ``turns`` counts
    game-turns in the current phase, ``entry_heading_deg`` is the heading the maneuver was
    entered on (loops and wingovers reverse it) and ``sense`` is +1 right / −1 left for
    maneuvers that alternate.
    """

    phase: str = "start"
    turns: int = 0
    entry_heading_deg: int | None = None
    sense: int = 1

    def next(self, phase: str | None = None, sense: int | None = None) -> ManeuverState:
        """The state after this game-turn: the phase's turn count advances, or restarts
        at 1 when the phase changes; ``sense`` replaces the alternating sense if given."""
        sense_ = self.sense if sense is None else sense
        if phase is None or phase == self.phase:
            return replace(self, turns=self.turns + 1, sense=sense_)
        return replace(self, phase=phase, turns=1, sense=sense_)


@dataclass(frozen=True, slots=True)
class ManeuverStep:
    """One game-turn of a maneuver: the plot to order and the state to pass in next turn."""

    plot: BopPlot
    state: ManeuverState
    note: str = ""
    """A short description of what the plot does, for logs and the timeline."""
