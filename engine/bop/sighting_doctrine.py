"""What a crew member declares first in Visual Sighting (SoP 09) when its orders are silent:
an EO identification, then a padlock (docs/rulings.md, "Crew doctrine").

Pure choices over the phase's sight lines and spots; the caller pays and plays them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.bop.activity import ActivityLedger
from engine.bop.sighting import (
    Searcher,
    SightingTables,
    SightLine,
    SpotState,
    padlock_refusal,
    sighting_tables,
    tally_modifiers,
    tally_range_fp,
    visible,
)

PADLOCK_WHEN_TALLY_KEEPS_IN_10 = 7
"""Doctrine: the aircraft the crew fight is padlocked when a Tally would keep it on this many
faces of the d10 or fewer, i.e. fail three times in ten or more ("Padlock", "Tally")."""


def tally_keeps_in_10(
    searcher: Searcher, line: SightLine, tables: SightingTables | None = None
) -> int:
    """On how many of the d10's ten faces a Tally of ``line.target`` keeps it: 10 within
    Auto-Tally, 0 when it cannot be seen or its Tally Range is past the last band
    ("Maintaining Spots")."""
    tables = tables or sighting_tables()
    if visible(line, tables) is not None:
        return 0
    tally_range = tally_range_fp(line.visual_range_fp, line.target_auto_tally_fp)
    if tally_range <= 0:
        return 10
    band = tables.tally.band(tally_range)
    if band is None:
        return 0
    total = sum(m for _, m in tally_modifiers(searcher, line, band, tables))
    return max(0, min(10, 10 + total))  # d10 0-9 plus the total must reach 0


def padlock_target(
    searcher: Searcher,
    ledger: ActivityLedger,
    lines: dict[str, SightLine],
    spots: SpotState,
    enemies: Sequence[str],
    fight: str | None,
) -> str | None:
    """The aircraft the doctrine padlocks, or None.

    The crew member keeps its eyes on the aircraft it fights: the subject of its guns task,
    else the target of this game-turn's gun or missile order, else the nearest enemy (of
    ``enemies``, nearest first) it had spotted last phase.  It padlocks that one when the
    padlock is free (a guns task includes it) or a tally of it is doubtful
    (:data:`PADLOCK_WHEN_TALLY_KEEPS_IN_10`), and it can pay.
    """
    spotted = [t for t in enemies if spots.had_spotted(searcher.observer, t) and t in lines]
    if not spotted:
        return None
    wanted = next((t for t in (searcher.guns_subject, fight) if t in spotted), spotted[0])
    line = lines[wanted]
    if padlock_refusal(searcher, line, spots) is not None:
        return None
    if not ledger.can_spend("padlock", wanted):
        return None
    free = ledger.price("padlock", wanted) == 0
    if free or tally_keeps_in_10(searcher, line) <= PADLOCK_WHEN_TALLY_KEEPS_IN_10:
        return wanted
    return None


def eo_target(
    searcher: Searcher,
    spots: SpotState,
    tracked: Sequence[str],
    identified: frozenset[str],
) -> str | None:
    """The aircraft the sensor operator identifies with the EO sensor, or None.

    The camera is for long range ("EO Sensor"), and it doubles the crew member's other
    sighting tasks: the doctrine uses it only when the crew member had no enemy spotted last
    phase (nothing to keep in sight), on the nearest enemy the radar tracks (``tracked``,
    nearest first) that the aircraft has not identified and no crew member aboard had
    spotted.
    """
    observer = searcher.observer
    if any(spots.had_spotted(observer, t) for t in tracked):
        return None
    for target in tracked:
        seen = spots.previous_aircraft_spotted(observer.aircraft, target)
        if target not in identified and not seen:
            return target
    return None


def major_model(type_id: str) -> str:
    """The major model an identification gives, without the variant ("EO Sensor"):
    ``MiG-21MF`` → ``MiG-21``, ``F-4E`` → ``F-4``, ``F-15C`` → ``F-15``."""
    found = re.match(r"[A-Za-z]+-\d+", type_id)
    return found.group(0) if found else type_id
