"""The event ticker: a long event wraps onto further rows within the ticker's width and is
read whole; the newest events come first and an older one that no longer fits is left out,
never cut."""

from __future__ import annotations

import itertools
from typing import Any

from models.timeline import Event
from sim.view.hud import EventTicker
from sim.view.hud.clock import event_text
from sim.view.layer import shown_box
from tests.sim.test_hud import selected_snapshot

UNCONTROLLED = Event(
    t_s=31.2,
    kind="uncontrolled",
    entities=("fulcrum-2",),
    detail="Fulcrum 2 is uncontrolled: the crew member flying it is unconscious or killed "
    "(Uncontrolled Aircraft)",
)
TALLY = Event(
    t_s=32.4,
    kind="critical",
    entities=("eagle-1",),
    detail="Eagle 1 pilot Tally of Fulcrum 4 at tally range 45 FP: d10 1 (tally range -4, "
    "canopy -1, target aspect +2, crew quality +1) = -1: lost",
)


def _rows_box(ticker: EventTicker, index: int, relative_to: Any) -> tuple[float, ...]:
    box = shown_box(ticker.lines[index].node, relative_to)
    assert box is not None
    return box


def test_a_long_event_wraps_and_is_shown_whole(clean_scene: Any) -> None:
    ticker = EventTicker(clean_scene.aspect2d, chars=40)
    ticker.update(selected_snapshot(events=(UNCONTROLLED,), t_s=31.5))
    assert ticker.texts == [event_text(UNCONTROLLED)]  # every word of it
    assert "…" not in ticker.texts[0]
    assert ticker.row_count(0) >= 2
    left, right, _bottom, _top = _rows_box(ticker, 0, ticker.root)
    margin = 0.05 * 0.45  # the card's side margin, at the ticker's text size
    assert right - left <= ticker.width + 2 * margin + 1e-3


def test_rows_break_at_spaces_never_inside_a_word(clean_scene: Any) -> None:
    ticker = EventTicker(clean_scene.aspect2d, chars=36)
    ticker.update(selected_snapshot(events=(TALLY,), t_s=33.0))
    node = ticker.lines[0].text_node
    wrapped = node.getWordwrappedWtext()
    rows = wrapped.split("\n")
    assert len(rows) >= 3
    words = set(event_text(TALLY).split())
    for row in rows:
        for word in row.split():
            assert word in words, (word, rows)


def test_newest_events_first_and_an_older_one_that_does_not_fit_is_left_out(
    clean_scene: Any,
) -> None:
    ticker = EventTicker(clean_scene.aspect2d, chars=40, rows=6)
    short = Event(t_s=33.0, kind="hit", entities=("viper-1",), detail="Viper 1 hit")
    ticker.update(selected_snapshot(events=(UNCONTROLLED, TALLY, short), t_s=33.0))
    texts = ticker.texts
    assert texts[-1] == event_text(short) and texts[-2] == event_text(TALLY)
    assert sum(ticker.row_count(i) for i in range(len(texts))) <= 6
    assert all("…" not in text for text in texts)
    # stacked without overlap, newest lowest
    boxes = [_rows_box(ticker, i, ticker.root) for i in range(len(texts))]
    for lower, upper in itertools.pairwise(boxes):
        assert lower[3] <= upper[2] + 1e-3
    assert max(box[3] for box in boxes) <= ticker.height + 0.05


def test_an_event_longer_than_every_row_is_cut_at_a_word(clean_scene: Any) -> None:
    ticker = EventTicker(clean_scene.aspect2d, chars=20, rows=2)
    ticker.update(selected_snapshot(events=(TALLY,), t_s=33.0))
    (text,) = ticker.texts
    assert text.endswith(" …") and ticker.row_count(0) <= 2
    assert event_text(TALLY).startswith(text[:-2])
