"""Break-off checks: leaving the fight after the Set Phase (§10.0, game-turn track p.14).

An aircraft no enemy tails may try.  It rolls a d10 plus the game-turn track's modifier
(+1 in turns 1–2, −2 in 3–5, +2 in 6, +4 from 7 on), +1 for an Ace, −2 for a Green pilot and
+5 if it is not spotted (optional §13.0); one enemy rolls a plain d10.  It breaks off when
its total beats the enemy's roll (docs/rulings.md (Phantoms), "Break-off").
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.dice import Dice
from engine.phantoms.dice import d10
from engine.phantoms.hexgrid import tailing
from engine.phantoms.state import PlaneState

TRACK: dict[int, int] = {1: 1, 2: 1, 3: -2, 4: -2, 5: -2, 6: 2, 7: 4}
"""The game-turn track's break-off modifier; turn 7 stands for every later turn."""
NOT_SPOTTED_BONUS = 5
"""The "+" whose digit the seed lost: a 5 (ours)."""


def track_modifier(turn: int) -> int:
    """The game-turn track's break-off modifier for game turn ``turn`` (1 and up)."""
    if turn < 1:
        raise ValueError(f"game turn {turn}: turns count from 1")
    return TRACK[min(turn, 7)]


def can_try_break_off(plane: PlaneState, enemies: Iterable[PlaneState]) -> bool:
    """Whether the aircraft may try to break off: in play, in control, and no enemy in the
    tailing position behind it (§10.0)."""
    if not plane.in_play or plane.out_of_control:
        return False
    return not any(
        enemy.in_play and tailing(enemy.hex, enemy.facing, plane.hex, plane.facing)
        for enemy in enemies
    )


def break_off_modifier(plane: PlaneState, turn: int, not_spotted: bool = False) -> int:
    """The breaker's modifier (§10.0)."""
    modifier = track_modifier(turn)
    if plane.quality == "ace":
        modifier += 1
    elif plane.quality == "green":
        modifier -= 2
    if not_spotted:
        modifier += NOT_SPOTTED_BONUS
    return modifier


def break_off(plane: PlaneState, turn: int, dice: Dice, not_spotted: bool = False) -> bool:
    """Try to break off in game turn ``turn`` (§10.0): the breaker's modified d10 against
    one enemy d10.  On success the aircraft leaves the game (missiles already fired at it
    may still hit, §7.1).  The caller checks :func:`can_try_break_off` first."""
    mine = d10(dice, f"break-off, {plane.id}, turn {turn}") + break_off_modifier(
        plane, turn, not_spotted
    )
    theirs = d10(dice, f"break-off, enemy against {plane.id}, turn {turn}")
    if mine > theirs:
        plane.broke_off = True
        plane.cause = "broke off"
        return True
    return False
