"""Playing a game with some orders replaced: the engine of a what-if branch.

:func:`fly` plays the source's game with the seed it was played with. For each change at
(turn N, aircraft A) the aircraft's order for turn N is replaced; every other order is what
the source gives (a game log's, or what the scenario's pilots write, from the same
positions). After the earliest change, the scenario's pilots write every order. The dice
reuse the parent's rolls by purpose (:mod:`engine.whatif.dice`).

Birds of Prey replaces the order inside its pilots (:attr:`engine.bop.pilots.Pilots.replacements`),
so the other pilots plot in their plot class as they would (SoP 03); another rule set is
played through the registry's generic game (:class:`engine.rulesets.RulesGame`), its
replacement handed in with the turn's orders.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice
from engine.whatif.dice import ParentRolls, RollRecorder, TurnRoll
from engine.whatif.orders import Replacement
from engine.whatif.source import Source
from models.timeline import Timeline


@dataclass(frozen=True)
class Change:
    """One order replaced: at ``turn`` (from 1), ``aircraft`` flies ``replacement``."""

    turn: int
    aircraft: str
    replacement: Replacement
    parent_file: str = ""
    """The timeline file this change was made from, when one was given."""


@dataclass
class Flown:
    """A game played: its timeline, every roll it made, the game at the end, and for each
    change the orders (replaced, flown instead) as data."""

    timeline: Timeline
    rolls: list[TurnRoll]
    game: Any
    orders: dict[tuple[int, str], list[Any]] = field(default_factory=dict)
    reused: int = 0
    fresh: int = 0


def fly(
    source: Source,
    changes: Sequence[Change] = (),
    parent_rolls: Sequence[TurnRoll] | None = None,
    fresh_seed: int = 0,
    turns: int | None = None,
) -> Flown:
    """The source's game with ``changes``; with ``parent_rolls``, rolls reused by purpose and
    the rest drawn from ``fresh_seed``; ``turns`` stops it early (the position at a turn)."""
    game = source.rules.game(source.scenario, source.seed)
    recorder = RollRecorder(game)
    dice = getattr(game, "dice", None)
    reuse = None
    if isinstance(dice, Dice):
        dice.listener = recorder
        if parent_rolls is not None:
            reuse = dice.source = ParentRolls(game, parent_rolls, fresh_seed)
    orders: dict[tuple[int, str], list[Any]] = {}
    if source.rules.name == "bop":
        timeline = _fly_bop(game, source, changes, orders, turns)
    else:
        timeline, stopped = _fly_generic(game, changes, orders, turns)
        if turns is None and stopped is not None:
            return fly(source, changes, parent_rolls, fresh_seed, stopped)
    flown = Flown(timeline, recorder.rolls, game, orders)
    if reuse is not None:
        flown.reused, flown.fresh = reuse.reused, reuse.fresh
    return flown


def _fly_bop(
    game: Any,
    source: Source,
    changes: Sequence[Change],
    orders: dict[tuple[int, str], list[Any]],
    turns: int | None,
) -> Timeline:
    from engine.whatif.bop_orders import writer
    from models.scenario import Scenario

    assert isinstance(source.scenario, Scenario)
    setups = {s.entity_id: s for s in source.scenario.aircraft}
    writers = {
        (c.turn, c.aircraft): writer(
            c.replacement, setups[c.aircraft], orders.setdefault((c.turn, c.aircraft), [])
        )
        for c in changes
    }
    game.pilots.replacements.update(writers)
    if source.log is None:
        timeline: Timeline = game.run(turns)
        return timeline
    log = source.log
    divergence = min((c.turn for c in changes), default=None)

    def logged(turn: int) -> dict[str, Any] | None:
        if divergence is not None and turn > divergence:
            return None  # the scenario's pilots fly on from here
        played = log.turn[turn - 1]
        if not changes:  # the log as written, its table dice in order
            game.dice.recorded.extend((roll.kind, roll.value) for roll in played.dice)
        written = dict(played.orders)
        for (at, entity), write in writers.items():
            if at == turn and entity in written:
                written[entity] = write(game, written[entity])
        return written

    count = len(log.turn) if turns is None else min(turns, len(log.turn))
    timeline = game.run(count, logged)
    return timeline


def _fly_generic(
    game: Any,
    changes: Sequence[Change],
    orders: dict[tuple[int, str], list[Any]],
    turns: int | None,
) -> tuple[Timeline, int | None]:
    """Any rule set through :class:`~engine.rulesets.RulesGame`: each turn's orders are what
    its pilots write, the changed aircraft's replaced. Played with orders given, its game does
    not stop when the fight is over, so the turns played before it was found over are
    returned too, and the caller plays again to there, as the game would have stopped."""
    stopped: list[int] = []
    if not changes:
        timeline: Timeline = game.run(turns)
        return timeline, None

    def written(turn: int) -> Any:
        if getattr(game, "over", False) and not stopped:
            stopped.append(turn - 1)
        given = dict(game.scripted_orders())
        for change in changes:
            if change.turn == turn:
                order = change.replacement.order
                orders[(turn, change.aircraft)] = [given.get(change.aircraft), order]
                given[change.aircraft] = order  # over a pilot that would plot it in play
        return given

    play: Callable[[int], Any] = written
    timeline = game.run(turns, play)
    return timeline, (stopped[0] if stopped else None)
