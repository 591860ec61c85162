"""Replaying and checking a game log (:mod:`models.gamelog`): the game is played turn by
turn from the logged orders, the table's dice fed to the game's dice in order.

* :func:`play_log`: the timeline of the logged game.
* :func:`log_problems`: every problem at once, each with its turn, aircraft, segment, rule
  and what the rules would allow; an aircraft whose orders are illegal flies straight that
  turn so the rest of the log can still be checked.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.bop.game import Game
from engine.dice import RecordedRollMismatch
from models.gamelog import GameLog, log_reference_problems
from models.orders import BopPlot
from models.scenario import Scenario
from models.timeline import Timeline


class LogError(ValueError):
    """A game log that cannot be replayed as written."""


def _seed(log: GameLog, scenario: Scenario, seed: int | None) -> int | None:
    return seed if seed is not None else log.seed if log.seed is not None else scenario.seed


def play_log(
    log: GameLog,
    scenario: Scenario,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Timeline:
    """The timeline of the game the log records; raises :class:`LogError` (or the rules'
    :class:`~engine.bop.errors.IllegalOrder`) where it cannot be played as written.
    ``progress(played, turns)`` is told after every game-turn."""
    unresolved = log_reference_problems(log, scenario)
    if unresolved:
        more = f"; and {len(unresolved) - 1} more" if len(unresolved) > 1 else ""
        raise LogError(f"{unresolved[0]}{more} (furball validate lists every problem)")
    game = Game(scenario, seed=_seed(log, scenario, seed))
    unused: list[int] = []

    def orders(turn: int) -> dict[str, BopPlot]:
        _check_dice_used(game, unused)
        logged = log.turn[turn - 1]
        game.dice.recorded.extend((roll.kind, roll.value) for roll in logged.dice)
        unused.append(turn)
        return dict(logged.orders)

    timeline = game.run(len(log.turn), orders, progress)
    _check_dice_used(game, unused)
    return timeline


def _check_dice_used(game: Game, turns: list[int]) -> None:
    if turns and game.dice.recorded:
        left = ", ".join(f"{kind} {value}" for kind, value in game.dice.recorded)
        raise LogError(
            f"turn {turns[-1]}: the rules made fewer rolls than the log gives; not used: {left}"
        )
    turns.clear()


def log_problems(log: GameLog, scenario: Scenario, seed: int | None = None) -> list[str]:
    """Every problem in the log at once, found by playing it: orders for aircraft the
    scenario does not have, aircraft left without orders, illegal orders (turn, aircraft,
    segment, rule and the rules' own advice), names of aircraft and missiles the scenario
    does not have, and table dice the rules did not use or did not roll in that order (the
    check stops at such a turn)."""
    problems = log_reference_problems(log, scenario)
    game = Game(scenario, seed=_seed(log, scenario, seed))
    for logged in log.turn:
        if not any(state.active for state in game.aircraft.values()):
            problems.append(f"turn.{logged.number - 1}: every aircraft is out of the fight by now")
            break
        where = f"turn.{logged.number - 1}"
        orders = {e: plot for e, plot in logged.orders.items() if e in game.aircraft}
        callsign_of = {state.callsign: entity for entity, state in game.aircraft.items()}
        for error in game.order_problems(orders):
            entity = callsign_of.get(error.aircraft or "", error.aircraft or "")
            at = f"{where}.orders.{entity}"
            if error.segment is not None:
                at += f".segments.{error.segment}"
            problems.append(
                f"{at}: turn {logged.number}, {error.aircraft}: {error.problem} ({error.rule})"
            )
            orders[entity] = _straight(game, entity, orders.get(entity))
        game.dice.recorded.extend((roll.kind, roll.value) for roll in logged.dice)
        try:
            game.play_turn(orders)
        except RecordedRollMismatch as mismatch:  # the game cannot go on from half a turn
            problems.append(f"{where}.dice: {mismatch}")
            break
        if game.dice.recorded:
            left = ", ".join(f"{kind} {value}" for kind, value in game.dice.recorded)
            problems.append(
                f"{where}.dice: the rules made fewer rolls than the log gives; not used: {left}"
            )
            game.dice.recorded.clear()
    return problems


def _straight(game: Game, entity: str, plot: BopPlot | None) -> BopPlot:
    """A stand-in for an illegal order, so the check can go on: straight flight at the
    logged throttle (or Mil)."""
    state = game.aircraft[entity]
    throttle = plot.throttle if plot is not None else "mil"
    if throttle == "ab" and not state.card.engines.has_afterburner:
        throttle = "mil"
    return BopPlot.model_validate(
        {"throttle": throttle, "segments": [{"kind": "straight", "ticks": 10}]}
    )
