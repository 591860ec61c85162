"""Same dice in a what-if branch: the parent's rolls reused by purpose, fresh ones derived.

The game's dice are a seeded sequence and every roll carries its purpose (DESIGN, "Dice are
explicit"). A branch asks for its rolls in its own order, so the sequence alone cannot give
it its parent's dice; the purpose can. A roll the branch makes in the same game-turn, of the
same kind and for the same purpose as one its parent made takes that roll's face (each
parent roll used once, in the order the parent made them); a roll the parent never made is
drawn from a generator seeded from the parent's seed and the branch's changes
(docs/rulings.md, "What-if branches").
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from engine.dice import Roll, RollKind

SEED_LIMIT = 2**63
"""Derived seeds are below this (the range numpy and the timeline's seed take)."""


class TurnCounter(Protocol):
    """A game that says how many turns it has played (every rule set's does)."""

    turn: int


@dataclass(frozen=True, slots=True)
class TurnRoll:
    """One roll a game made: in which turn (from 1), of what kind, for what, and its face."""

    turn: int
    kind: RollKind
    purpose: str
    face: int


class RollRecorder:
    """A :attr:`engine.dice.Dice.listener` that keeps every roll with its turn."""

    def __init__(self, game: TurnCounter) -> None:
        self.game = game
        self.rolls: list[TurnRoll] = []

    def __call__(self, roll: Roll) -> None:
        if roll.value is not None:  # a Pips column of zero or less rolls nothing
            self.rolls.append(TurnRoll(self.game.turn + 1, roll.kind, roll.purpose, roll.value))


class ParentRolls:
    """A :class:`engine.dice.RollSource`: the parent's face for the same (turn, kind,
    purpose), else a fresh draw from the branch's own generator."""

    def __init__(self, game: TurnCounter, parent: Iterable[TurnRoll], fresh_seed: int) -> None:
        self.game = game
        self._faces: dict[tuple[int, str, str], deque[int]] = {}
        for roll in parent:
            self._faces.setdefault((roll.turn, roll.kind, roll.purpose), deque()).append(roll.face)
        self._fresh = np.random.default_rng(fresh_seed)
        self.reused = 0
        self.fresh = 0

    def face(self, kind: RollKind, purpose: str, low: int, high: int) -> int:
        faces = self._faces.get((self.game.turn + 1, kind, purpose))
        if faces and low <= faces[0] <= high:
            self.reused += 1
            return faces.popleft()
        self.fresh += 1
        return int(self._fresh.integers(low, high + 1))


def fresh_seed(seed: int, changes: Sequence[dict[str, Any]]) -> int:
    """The seed of a branch's fresh rolls: a hash of the parent's seed and every change of
    its lineage (the same branch always draws the same fresh rolls)."""
    text = json.dumps([seed, list(changes)], sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT
