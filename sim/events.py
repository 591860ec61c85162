"""Which timeline events make news for a viewer (the ticker and the scrub bar's marks).

Every event stays in the timeline for the debrief; these are the ones worth showing as they
happen. No Panda3D here.
"""

from __future__ import annotations

from models.timeline import Event

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
