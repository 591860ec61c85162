"""Which timeline events make news for a viewer (the ticker and the scrub bar's marks).

Every event stays in the timeline for the debrief; these are the ones worth showing as they
happen. No Panda3D here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from models.timeline import Event

if TYPE_CHECKING:
    from sim.snapshot import EntityState

QUIET_EVENT_KINDS = frozenset(
    {
        "incomplete_turn",
        "departure_points",
        "dice",
        "initiative",
        "initiative_rolloff",
        "tally_friendlies",
        "crew_fatigue",
        "sensor_maintained",
        "sensor_failed",
        "sensor_not_possible",
        "sensor_radar",
    }
)
"""Bookkeeping events kept in the timeline for the debrief but left out of the ticker."""
SPOT_EVENT_KINDS = frozenset({"visual_search", "tally"})
"""Sighting attempts: only a spot gained by a search, or lost by a tally, makes news."""


def notable(event: Event) -> bool:
    """Whether the ticker shows ``event``: not bookkeeping, and a sighting attempt only when
    it changed what a crew sees."""
    if event.kind in QUIET_EVENT_KINDS:
        return False
    if event.kind in SPOT_EVENT_KINDS:
        spotted = event.data.get("spotted")
        return spotted is True if event.kind == "visual_search" else spotted is False
    return True


def event_words(event: Event, names: Mapping[str, str] | None = None) -> str:
    """What happened, as the ticker and the event list say it: the event's detail (or its
    kind and entities), with each entity it names that has a callsign in ``names`` called
    by that (``nva-sa-2-battery-2 fires at us-2`` → ``SA-2 Guideline fires at Strike 2``)."""
    what = event.detail or f"{event.kind.replace('_', ' ')} {', '.join(event.entities)}"
    for entity_id in sorted(set(event.entities), key=len, reverse=True):
        name = (names or {}).get(entity_id)
        if name and name != entity_id:
            what = re.sub(rf"(?<![\w-]){re.escape(entity_id)}(?![\w-])", name, what)
    return what.strip()


def callsigns(entities: Iterable[EntityState]) -> dict[str, str]:
    """Each entity's callsign by id, from a snapshot's entity states."""
    return {e.id: e.callsign for e in entities if e.callsign}


MARK_KINDS: tuple[tuple[str, str, tuple[float, float, float, float]], ...] = (
    ("other", "other", (0.72, 0.74, 0.78, 1.0)),
    ("gun", "gun", (1.0, 0.85, 0.2, 1.0)),
    ("launch", "launch", (0.25, 0.8, 1.0, 1.0)),
    ("hit", "hit/miss", (1.0, 0.5, 0.1, 1.0)),
    ("kill", "kill", (1.0, 0.18, 0.22, 1.0)),
)
"""(key, legend text, colour) of each kind of event mark, least telling first: where events
of several kinds fall on one place of the bar, the mark shows the most telling."""
EVENT_MARK_KIND = {
    "gunshot": "gun",
    "launch": "launch",
    "hit": "hit",
    "miss": "hit",
    "critical": "hit",
    "kill": "kill",
    "ejection": "kill",
}
"""Event kinds (timeline ``Event.kind``) that have their own mark colour; the rest are
"other"."""


def mark_kind(event_kind: str) -> str:
    """The scrub-bar mark kind (a :data:`MARK_KINDS` key) of a timeline event kind."""
    return EVENT_MARK_KIND.get(event_kind, "other")


def shooter_of(event: Event) -> str | None:
    """Who fired, by an attack event: a missile event's launcher, else its first entity."""
    launcher = event.data.get("launcher")
    if isinstance(launcher, str):
        return launcher
    return event.entities[0] if event.entities else None


def target_of(event: Event) -> str | None:
    """Whom an attack event aims at: the target its data names, else its last entity when
    it names more than one (a missile event names missile, launcher, target)."""
    target = event.data.get("target")
    if isinstance(target, str):
        return target
    return event.entities[-1] if len(event.entities) > 1 else None
