"""What a pilot may read of a game in progress: the :class:`GameView` protocol.

The AI and the BFM maneuver library plot from this view, not from the game class, so the
game can ask them for orders without the two importing each other.
"""

from __future__ import annotations

from typing import Protocol

from engine.bop.aircraft_state import AircraftState
from engine.bop.awareness import Awareness
from engine.bop.plotting import FlightConditions, PlottedTurn
from engine.hexmap import Hex
from models.orders import BopPlot, Throttle
from models.scenario import Scenario


class GameView(Protocol):
    """The game as a pilot sees it while writing the next game-turn's orders."""

    @property
    def scenario(self) -> Scenario: ...

    @property
    def aircraft(self) -> dict[str, AircraftState]: ...

    @property
    def awareness(self) -> Awareness: ...

    @property
    def turn(self) -> int:
        """The last game-turn played (0 before the first)."""
        ...

    def has_moved(self, entity: str) -> bool:
        """True when ``entity`` has already flown the game-turn being plotted (it moved in
        an earlier class of the order of flight, SoP 03)."""
        ...

    def flight_conditions(self, entity: str, throttle: Throttle = "mil") -> FlightConditions:
        """What Ap finds for ``entity`` at the start of its next plot."""
        ...

    def preview(self, entity: str, plot: BopPlot) -> tuple[PlottedTurn, Hex, int]:
        """``entity``'s plot flown as the rules would fly it, without changing any state."""
        ...

    def preview_state(
        self, state: AircraftState, plot: BopPlot, turn: int
    ) -> tuple[PlottedTurn, Hex, int]:
        """The same from an aircraft state of the pilot's imagining, in game-turn ``turn``."""
        ...
