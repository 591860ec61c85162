"""What the shot log's records mean for a count: which are shots, which results, which hit.

The shot log (:mod:`.shot_log`) keeps each rule set's own record shapes. A Birds of Prey
gunshot carries its outcome (``hit: 6 damage points``), a missile launch does not (its
missile's result is a record of its own), and Fighter Command writes both a ``fc fire`` that
hit and a ``fc hit`` for the same bullets. Counting hits once per shot across all of them is
what this module does, for the charts' strip and for the odds of a sweep.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from sim.debrief.shot_log import ShotRecord

RecordCategory = Literal["shot", "result", "kill"]

SHOT_WHATS = frozenset({"gunshot", "launch", "launch failed", "gun miss"})
"""Records of a gun or a launcher used (a gun miss: the attack was made, nothing fired)."""
FIRED_WHATS = frozenset({"gunshot", "launch"})
"""Of those, the ones in which something left the aircraft."""


def category(record: ShotRecord) -> RecordCategory:
    """A record is a shot, a shot's result, or a kill."""
    if record.what == "kill":
        return "kill"
    if record.what in SHOT_WHATS or record.what.endswith(("fire", "launch")):
        return "shot"
    return "result"


def fired(record: ShotRecord) -> bool:
    """A shot in which a gun fired or a weapon left the rail (not a failed launch, not a
    gun attack whose pipper never came on)."""
    return category(record) == "shot" and (
        record.what in FIRED_WHATS or record.what.endswith(" fire")
    )


def shots(records: Sequence[ShotRecord]) -> list[ShotRecord]:
    """Every shot fired, in order: the records of a gun fired or a weapon launched, and a
    result that stands alone — a gun attack whose rules write only what came of it
    (*Phantoms*: ``Gauntlet 3 gun → Sokol 3: miss``), with no shot record at that moment
    between the same two aircraft and no missile of its own."""
    shot_at = {(r.t_s, r.shooter, r.target) for r in records if category(r) == "shot"}
    return [
        r
        for r in records
        if fired(r)
        or (
            category(r) == "result"
            and not r.missile
            and r.shooter
            and (r.t_s, r.shooter, r.target) not in shot_at
        )
    ]


def is_hit(record: ShotRecord) -> bool:
    """The record says the target was hit (``hit: …``, ``missile hit``, ``2 hits``)."""
    outcome = record.outcome.lower()
    if outcome.startswith("hit") or record.what.endswith(" hit"):
        return True
    words = outcome.split()
    return len(words) == 2 and words[1] == "hits" and words[0].isdigit() and int(words[0]) > 0


def carries_outcome(record: ShotRecord) -> bool:
    """A shot record that says what came of it (a gunshot), rather than leaving it to a
    result record of its own (a launch)."""
    return category(record) == "shot" and (record.outcome == "miss" or is_hit(record))


def hits(records: Sequence[ShotRecord]) -> list[ShotRecord]:
    """Each hit once: the shots that carry a hit, and the results that hit unless they
    repeat a shot's hit at the same moment between the same two aircraft."""
    carried = {(r.t_s, r.shooter, r.target) for r in records if carries_outcome(r) and is_hit(r)}
    found: list[ShotRecord] = []
    for record in records:
        if not is_hit(record):
            continue
        kind = category(record)
        carried_here = kind == "shot" and carries_outcome(record)
        repeated = (record.t_s, record.shooter, record.target) in carried
        if carried_here or (kind == "result" and not repeated):
            found.append(record)
    return found
