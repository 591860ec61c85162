"""Which timeline events are shots, shot results and kills, for any rule set.

Birds of Prey writes the core kinds (``gunshot``, ``launch``, ``hit``, ``miss``, ``kill``
and a missile's ``stall``, ``defeated``, ``lost_guidance``, ``target_gone``); Phantoms and
the hex jet game reuse the core kinds, and the other rule sets name their own
(``otl.fire``, ``fc.fire``, ``fc.hit``, ``otl.destroyed``).  A rule set's kind is
recognised by the word after its dot.
"""

from __future__ import annotations

from typing import Literal

ShotRole = Literal["shot", "result", "kill"]

SHOT_KINDS = frozenset({"gunshot", "launch", "fire"})
"""A gun fired or a missile launched (or a launch that failed)."""
RESULT_KINDS = frozenset(
    {"hit", "miss", "stall", "defeated", "lost_guidance", "target_gone", "no_hit"}
)
"""What came of a shot: a gun's hit or miss (a miss also when the pipper was not on), a
missile's attack, or a missile lost in flight."""
KILL_KINDS = frozenset({"kill", "destroyed", "crash", "shot_down"})
"""An aircraft out of the fight by damage."""
VICTIM_FIRST_KINDS = frozenset({"fc.hit"})
"""Kinds whose entities name the aircraft hit before the one that fired (beside the kill
kinds, which name the victim alone)."""


def base_kind(kind: str) -> str:
    """``otl.fire`` → ``fire``; ``gunshot`` → ``gunshot``."""
    return kind.rsplit(".", 1)[-1]


def shot_role(kind: str) -> ShotRole | None:
    """Whether an event kind is a shot, a shot's result or a kill; None for the rest."""
    word = base_kind(kind)
    if word in SHOT_KINDS:
        return "shot"
    if word in RESULT_KINDS:
        return "result"
    if word in KILL_KINDS:
        return "kill"
    return None


def victim_first(kind: str) -> bool:
    """Whether the event names the aircraft on the receiving end first."""
    return kind in VICTIM_FIRST_KINDS or shot_role(kind) == "kill"
