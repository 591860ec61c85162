"""Rule sets register here; ``Game(scenario)`` builds the one the scenario names.

Each rule set declares what it offers as data (DESIGN §6): its tick length and the gauges its
HUD shows beyond the common core.  Birds of Prey is the first; the others arrive on the same
interface and write the same Timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.bop.game import TICK_S, TICKS_PER_TURN
from engine.bop.game import Game as BopGame
from models.scenario import Scenario
from models.timeline import Timeline


class RulesGame(Protocol):
    """What every rule set's game offers (Birds of Prey's is :class:`engine.bop.game.Game`)."""

    seed: int
    turn: int

    def scripted_orders(self) -> Any: ...

    def legal(self, orders: Any) -> bool: ...

    def play_turn(self, orders: Any) -> Any: ...

    def run(
        self,
        turns: int | None = None,
        orders: Any = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Timeline: ...


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A registered rule system."""

    name: str
    title: str
    tick_s: float
    ticks_per_turn: int
    hud_gauges: tuple[str, ...]
    """Gauges beyond the common core that the HUD should show for this rule set."""
    make_game: Callable[[Scenario, int | None], RulesGame]


RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Add a rule set to the registry (its ``name`` is the scenario's ``rules`` value)."""
    RULESETS[ruleset.name] = ruleset


register(
    Ruleset(
        name="bop",
        title="Birds of Prey",
        tick_s=TICK_S,
        ticks_per_turn=TICKS_PER_TURN,
        hud_gauges=("phad", "throttle", "engine_output", "speed", "keas", "mach", "load", "fuel"),
        make_game=BopGame,
    )
)


def Game(scenario: Scenario, seed: int | None = None) -> RulesGame:
    """A new game of the scenario's rule system, seeded (a seed is chosen and recorded when
    neither ``seed`` nor the scenario gives one)."""
    try:
        ruleset = RULESETS[scenario.rules]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"no rule set {scenario.rules!r}; registered: {known}") from None
    return ruleset.make_game(scenario, seed)
