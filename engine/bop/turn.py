"""The context every phase of one game-turn shares: :class:`TurnContext`.

Instead of each phase taking the dice, the game-turn and its times by hand, the Sequence of
Play hands every phase one context: the game's dice, the game-turn being played, when it
starts and ends (seconds), the scenario's advanced rules, where the phase's events go, and the
play-aid tables the turn plays with (the game's own, which may be a player's printed ones).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine import performance as perf
from engine.dice import Dice
from models.bop_tables import BopTables, shipped_bop_tables
from models.scenario import AdvancedRule
from models.timeline import Event

TICKS_PER_TURN = perf.TICKS_PER_TURN
TICK_S = perf.movement.SECONDS_PER_TICK
TURN_S = TICKS_PER_TURN * TICK_S
"""Seconds in one game-turn (10 ticks of 0.6 s)."""


def turn_start_s(turn: int) -> float:
    """When game-turn ``turn`` (1, 2, …) starts: the end of the one before."""
    return (turn - 1) * TICKS_PER_TURN * TICK_S


@dataclass(slots=True)
class TurnContext:
    """What one game-turn's phases share (dice, game-turn, times, rules, event sink)."""

    dice: Dice
    turn: int
    """The game-turn being played (1 for the first)."""
    advanced_rules: tuple[AdvancedRule, ...] = ()
    tables: BopTables = field(default_factory=shipped_bop_tables)
    """The play-aid tables this turn plays with (in force while the game plays, through
    :func:`models.bop_tables.playing_with`)."""
    events: list[Event] = field(default_factory=list)
    """Everything the phases report, in the order it happened."""

    @property
    def start_s(self) -> float:
        """Time of the game-turn's start (its tick 0), seconds."""
        return turn_start_s(self.turn)

    @property
    def end_s(self) -> float:
        """Time of the game-turn's end (its tick 10), seconds: when after-movement phases
        are timed."""
        return self.start_s + TICKS_PER_TURN * TICK_S

    def tick_s(self, tick: int) -> float:
        """Time of tick ``tick`` (0–10) of this game-turn, seconds."""
        return self.start_s + tick * TICK_S

    def emit(self, events: Iterable[Event]) -> None:
        """Report ``events`` (in order)."""
        self.events.extend(events)
