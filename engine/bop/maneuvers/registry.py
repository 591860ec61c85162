"""The BFM maneuver library by name: ``bfm/high-yo-yo`` → its parameters and generator.

A scenario may later name ``pilot = "script:bfm/high-yo-yo"`` with a parameter table; the
table is checked against the maneuver's pydantic model (``extra="forbid"``), so a misspelt
parameter is an error naming the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.bop.maneuvers import turns, vertical
from engine.bop.maneuvers.base import ManeuverError, ManeuverParams, ManeuverState, ManeuverStep
from engine.bop.view import GameView

P = TypeVar("P", bound=ManeuverParams)


@dataclass(frozen=True, slots=True)
class Maneuver(Generic[P]):
    """A named maneuver: its parameter model and the function that flies one game-turn."""

    name: str
    params: type[P]
    fly: Callable[[GameView, str, P, ManeuverState], ManeuverStep]

    def parse(self, params: Mapping[str, Any] | P | None = None) -> P:
        """The maneuver's parameters from a table (raises pydantic's ValidationError)."""
        if isinstance(params, self.params):
            return params
        return self.params.model_validate(dict(params or {}))

    def step(
        self,
        game: GameView,
        aircraft: str,
        params: Mapping[str, Any] | P | None = None,
        state: ManeuverState | None = None,
    ) -> ManeuverStep:
        """Fly one game-turn of the maneuver from ``state`` (a fresh start by default)."""
        if aircraft not in game.aircraft or not game.aircraft[aircraft].active:
            raise ManeuverError(
                f"no aircraft {aircraft!r} in play to fly {self.name}; aircraft: "
                f"{', '.join(game.aircraft)}"
            )
        return self.fly(game, aircraft, self.parse(params), state or ManeuverState())


def _entry(
    name: str, params: type[P], fly: Callable[[GameView, str, P, ManeuverState], ManeuverStep]
) -> tuple[str, Maneuver[Any]]:
    return f"bfm/{name}", Maneuver(f"bfm/{name}", params, fly)


MANEUVERS: dict[str, Maneuver[Any]] = dict(
    [
        _entry("break-turn", turns.BreakTurn, turns.break_turn),
        _entry("hard-turn", turns.HardTurn, turns.hard_turn),
        _entry("lead-pursuit", turns.LeadPursuit, turns.lead_pursuit),
        _entry("pure-pursuit", turns.PurePursuit, turns.pure_pursuit),
        _entry("lag-pursuit", turns.LagPursuit, turns.lag_pursuit),
        _entry("guns-jink", turns.GunsJink, turns.guns_jink),
        _entry("flat-scissors", turns.FlatScissors, turns.flat_scissors),
        _entry("defensive-spiral", turns.DefensiveSpiral, turns.defensive_spiral),
        _entry("extension", turns.Extension, turns.extension),
        _entry("high-yo-yo", vertical.YoYo, vertical.high_yo_yo),
        _entry("low-yo-yo", vertical.YoYo, vertical.low_yo_yo),
        _entry("lag-roll", vertical.LagRoll, vertical.lag_roll),
        _entry("barrel-roll-attack", vertical.BarrelRollAttack, vertical.barrel_roll_attack),
        _entry("rolling-scissors", vertical.RollingScissors, vertical.rolling_scissors),
        _entry("immelmann", vertical.HalfLoop, vertical.immelmann),
        _entry("split-s", vertical.HalfLoop, vertical.split_s),
        _entry("wingover", vertical.Wingover, vertical.wingover),
    ]
)
"""Every maneuver of the library, by name."""


class UnknownManeuver(KeyError):
    """A maneuver name the library does not have."""


def maneuver(name: str) -> Maneuver[Any]:
    """The maneuver called ``name`` (``bfm/`` may be left off)."""
    key = name if name.startswith("bfm/") else f"bfm/{name}"
    if key not in MANEUVERS:
        raise UnknownManeuver(f"no maneuver {name!r}; maneuvers: {', '.join(MANEUVERS)}")
    return MANEUVERS[key]
