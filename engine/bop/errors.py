"""Typed errors of the Birds of Prey engine."""

from __future__ import annotations

from engine.errors import IllegalOrder as RulesIllegalOrder


class IllegalOrder(RulesIllegalOrder):
    """An order Birds of Prey does not allow in the aircraft's present state.

    The message names the rule (with its Sequence of Play step), the aircraft, the game-turn
    and the segment, and says what would be legal.
    """

    def located(self, aircraft: str, turn: int) -> IllegalOrder:
        """The same error with the aircraft and game-turn filled in."""
        return IllegalOrder(
            self.rule, self.problem, aircraft=aircraft, turn=turn, segment=self.segment
        )
