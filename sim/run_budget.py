"""How long a run may be: the game-turn limit and the memory a run's timeline may take.

A run holds its whole timeline in memory until it is written or replayed, and that grows
with every entity (aircraft and missiles in play) and tick: measured on the shipped modern
furball (``python -m benchmarks.peak_memory``), the peak resident memory of ``furball run``
grows by about :data:`BYTES_PER_ENTITY_TICK` for each.  So a run is checked twice against
:data:`MAX_RUN_BYTES`: before it starts, counting the aircraft alone, and after every
game-turn, counting the missiles launched so far; either way it is refused with the number
of game-turns that would fit, rather than growing until the machine runs out of memory.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

# The most game-turns a run plays (a scenario's ``turns`` or ``--turns``) is the scenario
# format's limit: 100 minutes of Birds of Prey, far beyond any fuel load.
from models.scenario_common import MAX_TURNS

MAX_RUN_BYTES = 4_000_000_000
"""The memory a run's timeline may take (4 GB)."""
BYTES_PER_ENTITY_TICK = 12_000
"""Peak memory per entity and tick while a run builds its timeline (measured: 12.0 kB over
a process of about 150 MB, 2.56 GB in all for the modern furball's 1,000 game-turns with
its 20 aircraft and missiles)."""
NOTE_BYTES = 500_000_000
"""A run expected to take more than this says so before it starts."""


class RunTooLarge(ValueError):
    """A run whose timeline would not fit in :data:`MAX_RUN_BYTES`."""


def run_bytes(entities: int, turns: int, ticks_per_turn: int) -> int:
    """The peak memory of a run of ``turns`` game-turns with ``entities`` in play."""
    return entities * (turns * ticks_per_turn + 1) * BYTES_PER_ENTITY_TICK


def turns_within(entities: int, ticks_per_turn: int) -> int:
    """The most game-turns with ``entities`` in play that fit in :data:`MAX_RUN_BYTES`."""
    ticks = MAX_RUN_BYTES // (max(entities, 1) * BYTES_PER_ENTITY_TICK)
    return int(min(MAX_TURNS, max(0, (ticks - 1) // ticks_per_turn)))


def size_text(count: float) -> str:
    """Bytes as a reader writes them: ``350 MB``, ``2.4 GB``."""
    if count >= 1e9:
        return f"{count / 1e9:.1f} GB"
    return f"{max(1, round(count / 1e6))} MB"


def check_run(
    entities: int, turns: int, ticks_per_turn: int, what: str, note: TextIO | None = None
) -> None:
    """Refuse a run of ``turns`` game-turns that cannot fit, before it starts; say what a
    large one will take (on ``note``, by default stderr)."""
    if turns > MAX_TURNS:
        raise RunTooLarge(f"{what}: {turns} game-turns is more than the {MAX_TURNS} a run plays")
    need = run_bytes(entities, turns, ticks_per_turn)
    if need > MAX_RUN_BYTES:
        fits = turns_within(entities, ticks_per_turn)
        raise RunTooLarge(
            f"{what}: {turns} game-turns of {entities} aircraft would take about "
            f"{size_text(need)} of memory, more than the {size_text(MAX_RUN_BYTES)} a run "
            f"may use; play at most {fits} game-turns (--turns {fits})"
        )
    if need > NOTE_BYTES:
        print(
            f"{what}: {turns} game-turns of {entities} aircraft will take at least "
            f"{size_text(need)} of memory (a run may use {size_text(MAX_RUN_BYTES)})",
            file=sys.stderr if note is None else note,
            flush=True,
        )


def turn_guard(
    entities: Callable[[], int], ticks_per_turn: int, what: str
) -> Callable[[int, int], None]:
    """A ``progress(played, turns)`` callback that stops the run as soon as the entities
    now in play (missiles included) would make the whole run too large."""

    def after_turn(played: int, turns: int) -> None:
        count = entities()
        need = run_bytes(count, turns, ticks_per_turn)
        if need > MAX_RUN_BYTES:
            fits = turns_within(count, ticks_per_turn)
            raise RunTooLarge(
                f"{what}: stopped after game-turn {played} of {turns}: with {count} aircraft "
                f"and missiles in play the run would take about {size_text(need)} of memory, "
                f"more than the {size_text(MAX_RUN_BYTES)} a run may use; play at most "
                f"{fits} game-turns (--turns {fits})"
            )

    return after_turn
