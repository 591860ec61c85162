"""Who decides for an aircraft when the rules ask (§3.0): a script, the AI pilot, or
Intruders' solitaire tables.

Every decision the sequence of play offers is one method; the game calls it at the moment
the rules make the player decide, and judges the answer by the rules.  A script pilot
answers from its orders where they say something and leaves the rest to its AI pilot.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Protocol

from engine.phantoms.state import PlaneState
from models.phantoms.missiles import MissileType
from models.phantoms.orders import MarkerOrder, PhantomsTurn
from models.phantoms.scenario import PhantomsAircraft

if TYPE_CHECKING:
    from engine.phantoms.game import PhantomsGame

Shot = tuple[MissileType, PlaneState]


class Pilot(Protocol):
    """The decisions of one aircraft's player."""

    def speed(self, game: PhantomsGame, plane: PlaneState) -> int:
        """The speed to set in the Set Phase (§5.0)."""
        ...

    def break_off(self, game: PhantomsGame, plane: PlaneState) -> bool:
        """Whether to try to leave the fight this turn (§10.0)."""
        ...

    def afterburner(self, game: PhantomsGame, plane: PlaneState) -> bool:
        """Whether to light the afterburner in this Afterburner Segment (§6.5)."""
        ...

    def marker(self, game: PhantomsGame, plane: PlaneState) -> MarkerOrder:
        """The next maneuver marker to place (§6.1)."""
        ...

    def gun_target(
        self, game: PhantomsGame, plane: PlaneState, targets: list[PlaneState]
    ) -> PlaneState | None:
        """Which eligible enemy to fire the gun at, if any (§7.2)."""
        ...

    def missile_shot(self, game: PhantomsGame, plane: PlaneState, shots: list[Shot]) -> Shot | None:
        """Which missile to launch at which enemy, if any (§7.1)."""
        ...

    def lock_target(
        self, game: PhantomsGame, plane: PlaneState, candidates: list[PlaneState]
    ) -> PlaneState | None:
        """Which enemy in the cone to try to lock (§7.1.1b)."""
        ...

    def break_lock(self, game: PhantomsGame, plane: PlaneState, locker: PlaneState) -> bool:
        """Whether to try to break ``locker``'s lock (§7.1.1c)."""
        ...


class ScriptPilot:
    """Flies a scenario's script: its per-turn orders and its queue of markers, one taken
    per marker placed.  Fire, locks and whatever the script leaves out are its AI pilot's,
    unless the turn's orders hold fire."""

    def __init__(self, setup: PhantomsAircraft, ai: Pilot) -> None:
        self.ai = ai
        self.queue: deque[MarkerOrder] = deque(setup.markers)
        self.script = setup.script
        self.orders = PhantomsTurn()
        self.turn_queue: deque[MarkerOrder] = deque()

    def give(self, orders: PhantomsTurn) -> None:
        """This turn's orders (the script's, a game log's or a caller's)."""
        self.orders = orders
        self.turn_queue = deque(orders.markers)

    @property
    def scripted(self) -> bool:
        """Whether the script still has anything to say."""
        return bool(self.queue or self.turn_queue)

    def speed(self, game: PhantomsGame, plane: PlaneState) -> int:
        if self.orders.speed is not None:
            return self.orders.speed
        if self.scripted:
            legal = game.legal_speeds(plane)
            held = max(plane.speed, 1)
            return min(legal, key=lambda s: (abs(s - held), s)) if legal else held
        return self.ai.speed(game, plane)

    def break_off(self, game: PhantomsGame, plane: PlaneState) -> bool:
        return self.orders.break_off or (not self.scripted and self.ai.break_off(game, plane))

    def afterburner(self, game: PhantomsGame, plane: PlaneState) -> bool:
        if game.impulse in self.orders.afterburner:
            return True
        return not self.scripted and self.ai.afterburner(game, plane)

    def marker(self, game: PhantomsGame, plane: PlaneState) -> MarkerOrder:
        if self.turn_queue:
            return self.turn_queue.popleft()
        if self.queue:
            return self.queue.popleft()
        return self.ai.marker(game, plane)

    def gun_target(
        self, game: PhantomsGame, plane: PlaneState, targets: list[PlaneState]
    ) -> PlaneState | None:
        return None if self.orders.fire == "hold" else self.ai.gun_target(game, plane, targets)

    def missile_shot(self, game: PhantomsGame, plane: PlaneState, shots: list[Shot]) -> Shot | None:
        return None if self.orders.fire == "hold" else self.ai.missile_shot(game, plane, shots)

    def lock_target(
        self, game: PhantomsGame, plane: PlaneState, candidates: list[PlaneState]
    ) -> PlaneState | None:
        return self.ai.lock_target(game, plane, candidates)

    def break_lock(self, game: PhantomsGame, plane: PlaneState, locker: PlaneState) -> bool:
        return self.ai.break_lock(game, plane, locker)
