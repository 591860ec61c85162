"""What the debrief sheet tells, read from a timeline: the order of battle, the fight's key
events and the moments worth a picture. No Panda3D and no HTML here."""

from __future__ import annotations

from dataclasses import dataclass

from models.timeline import Event, Timeline
from sim.events import event_words, mark_kind

KEY_EVENT_KINDS = frozenset({"departure", "ground", "uncontrolled", "pilot"})
"""Besides shots, hits and kills (their scrub-bar marks), the events a debrief lists: a
departure, an aircraft reaching the ground, one flying on uncontrolled, and the pilots'
decisions (posture, the merge)."""
CREW_EFFECTS = frozenset({"loc", "black_out"})
"""A crew G check worth the debrief: a black-out or a loss of consciousness."""
MOST_FRAMES = 12
"""The sheet pictures at most this many moments (the first shots and kills)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One entry of the key-event timeline."""

    t_s: float
    turn: int
    kind: str
    """The scrub bar's mark kind (``gun``, ``launch``, ``hit``, ``kill``), else the event's
    own kind (``pilot``, ``departure``, ``crew_g``)."""
    words: str


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment the sheet pictures: a shot or a kill, seen from behind the one who made it."""

    t_s: float
    entity: str
    """Whom the camera follows (the shooter; the one shot down for a kill)."""
    caption: str


def names(timeline: Timeline) -> dict[str, str]:
    return {e.id: e.callsign for e in timeline.meta.entities}


def turn_of(timeline: Timeline, t_s: float) -> int:
    """The rules' turn an event time falls in (an end-of-turn event belongs to the turn
    that ends then)."""
    per_turn_s = timeline.meta.tick_s * timeline.meta.ticks_per_turn
    return max(1, int(-(-t_s // per_turn_s)))


def is_key(event: Event) -> bool:
    if mark_kind(event.kind) != "other" or event.kind in KEY_EVENT_KINDS:
        return True
    return event.data.get("effect") in CREW_EFFECTS


def shown_kind(event: Event) -> str:
    kind = mark_kind(event.kind)
    return event.kind.replace("_", " ") if kind == "other" else kind


def key_events(timeline: Timeline) -> list[Line]:
    """The fight's key events in time order, in words with callsigns."""
    callsigns = names(timeline)
    return [
        Line(e.t_s, turn_of(timeline, e.t_s), shown_kind(e), event_words(e, callsigns))
        for e in timeline.meta.events
        if is_key(e)
    ]


def moments(timeline: Timeline) -> list[Moment]:
    """Each gunshot, launch and kill (the first ``MOST_FRAMES``), one a time and aircraft."""
    callsigns = names(timeline)
    aircraft = {e.id for e in timeline.meta.entities if e.kind == "aircraft"}
    found: list[Moment] = []
    seen: set[tuple[float, str]] = set()
    for event in timeline.meta.events:
        if mark_kind(event.kind) not in ("gun", "launch", "kill"):
            continue
        # the first aircraft the event names: the shooter (a launch names its missile first)
        entity = next((e for e in event.entities if e in aircraft), None)
        if entity is None or (event.t_s, entity) in seen:
            continue
        seen.add((event.t_s, entity))
        found.append(Moment(event.t_s, entity, event_words(event, callsigns)))
        if len(found) == MOST_FRAMES:
            break
    return found
