"""A library of basic fighter maneuvers (BFM) that write legal Birds of Prey plots.

Each maneuver is a function ``fly(game, aircraft, params, state) -> ManeuverStep``: given the
game before the next game-turn, the id of the aircraft flying it and its parameters (a
pydantic model; a target id where the maneuver needs one), it returns a
:class:`~models.orders.BopPlot` that the Flight Phase accepts (SoP 03, Bp–Im: the same checks
as :meth:`~engine.bop.game.Game.legal`) and the :class:`ManeuverState` for the next turn.

How the plots are found: a maneuver states what it wants (where the lift vector should go,
where the Nose should end, how far from a bandit to be) and :mod:`.search` tries a small set
of candidate plots (a roll of every size, then a pull, an unload or a barrel roll)
through the game's own planner, keeping the best legal one.  The loads come from the card at
the aircraft's present speed: ``"max"`` (aero limit or safe load) and ``"sustained"``.

``MANEUVERS["bfm/high-yo-yo"].step(game, "viper-1", {"target": "mig-1"})`` flies one turn.
"""

from engine.bop.maneuvers.base import (
    ManeuverError,
    ManeuverParams,
    ManeuverState,
    ManeuverStep,
    TargetParams,
)
from engine.bop.maneuvers.geometry import (
    antenna_train_angle_deg,
    aspect_angle_deg,
    range_ft,
)
from engine.bop.maneuvers.registry import MANEUVERS, Maneuver, UnknownManeuver, maneuver

__all__ = [
    "MANEUVERS",
    "Maneuver",
    "ManeuverError",
    "ManeuverParams",
    "ManeuverState",
    "ManeuverStep",
    "TargetParams",
    "UnknownManeuver",
    "antenna_train_angle_deg",
    "aspect_angle_deg",
    "maneuver",
    "range_ft",
]
