"""Typed errors of the Birds of Prey engine."""

from __future__ import annotations


class IllegalOrder(ValueError):
    """An order the rules do not allow in the aircraft's present state.

    The message names the rule (with its Sequence of Play step), the aircraft, the game-turn
    and the segment, and says what would be legal.
    """

    def __init__(
        self,
        rule: str,
        problem: str,
        *,
        aircraft: str = "",
        turn: int | None = None,
        segment: int | None = None,
    ) -> None:
        self.rule = rule
        self.problem = problem
        self.aircraft = aircraft
        self.turn = turn
        self.segment = segment
        where = ", ".join(
            part
            for part in (
                aircraft,
                f"turn {turn}" if turn is not None else "",
                f"segment {segment + 1}" if segment is not None else "",
            )
            if part
        )
        super().__init__(f"{where}: {problem} ({rule})" if where else f"{problem} ({rule})")

    def located(self, aircraft: str, turn: int) -> IllegalOrder:
        """The same error with the aircraft and game-turn filled in."""
        return IllegalOrder(
            self.rule, self.problem, aircraft=aircraft, turn=turn, segment=self.segment
        )
