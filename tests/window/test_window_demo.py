"""The convention demo in a real window: a visitor takes over with a key that also does its
job, esc hands the screen back to the loop (it once crashed the demo: ``!is_empty()`` in the
box minis, a black screen), and ctrl-q quits."""

from __future__ import annotations

import time
from collections.abc import Callable

from tests.window.conftest import Window


def test_a_visitor_takes_over_and_esc_gives_the_screen_back(
    open_window: Callable[..., Window],
) -> None:
    window = open_window("demo", "demo", "--windowed", "--size", "1280x720", "--idle-s", "10")
    window.ready(timeout_s=120.0)  # the demo plays every vignette through the engine first
    window.wait_for("the loop", lambda s: s["app"] == "demo" and s["mode"] == "attract")
    window.key("2")
    taken = window.wait_for("a visitor's takeover", lambda s: s["mode"] == "viewer")
    assert taken["viewer"]["camera"] == "chase", "the visitor's first key 2 should pick chase"
    window.screenshot("visitor")
    time.sleep(1.0)
    window.key("Escape")
    back = window.wait_for("the loop taking the screen back", lambda s: s["mode"] == "attract")
    vignette = back["vignette"]
    frame = back["frame"]
    time.sleep(3.0)
    later = window.wait_for("the loop drawing on", lambda s: s["frame"] > frame + 10)
    assert later["mode"] == "attract" and later["vignette"] == vignette
    window.screenshot("loop-again")
    assert "Traceback" not in window.stderr(), window.stderr()[-2000:]
    window.key("ctrl+q")
    assert window.process.wait(15) == 0, "ctrl-q should quit the demo"
    assert "Traceback" not in window.stderr()
