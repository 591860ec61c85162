"""The ticker and the event list call the entities an event names by their callsigns: a
ground war's events name units and aircraft by id (``nva-sa-2-battery-2 fires at us-2``)."""

from __future__ import annotations

from models.timeline import Event
from sim.events import event_words
from sim.view.event_list import event_lines
from sim.view.hud.clock import event_text

LAUNCH = Event(
    t_s=5.0,
    kind="launch",
    entities=("nva-sa-2-battery-2-sam1", "nva-sa-2-battery-2", "us-2"),
    detail="nva-sa-2-battery-2 fires SA-2 Guideline at us-2 (range 9)",
)
NAMES = {"nva-sa-2-battery-2": "SA-2 site", "us-2": "Strike 2", "us-12": "Strike 12"}


def test_ids_become_callsigns_whole_words_only() -> None:
    assert event_words(LAUNCH, NAMES) == "SA-2 site fires SA-2 Guideline at Strike 2 (range 9)"
    other = Event(t_s=1.0, kind="kill", entities=("us-2",), detail="us-2 and us-22 collide")
    assert event_words(other, NAMES) == "Strike 2 and us-22 collide"


def test_an_id_the_event_does_not_name_is_left_alone() -> None:
    event = Event(t_s=1.0, kind="note", entities=("us-2",), detail="us-12 sees us-2")
    assert event_words(event, NAMES) == "us-12 sees Strike 2"


def test_the_ticker_and_the_list_both_use_the_names() -> None:
    assert event_text(LAUNCH, names=NAMES).endswith("at Strike 2 (range 9)")
    assert "Strike 2" in " ".join(event_lines(LAUNCH, names=NAMES))
    assert event_text(LAUNCH) == "5.0 s  " + LAUNCH.detail
