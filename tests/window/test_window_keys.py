"""The keys the help overlay lists do what it says, pressed in a real window."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.view.controls import HELP_LINES
from tests.window.conftest import Window

Check = Callable[[dict[str, Any]], bool]


def press(window: Window, key: str, what: str, check: Check) -> dict[str, Any]:
    window.key(key)
    return window.wait_for(f"key {key!r}: {what}", check, timeout_s=15.0)


def test_every_key_of_the_help_does_what_it_says(open_window: Callable[..., Window]) -> None:
    window = open_window("keys", "play", "demo/2v2-merge", "--camera", "chase")
    window.ready()
    window.wait_for("the replay under way", lambda s: s["t_s"] > 1.0)
    press(window, "space", "pauses", lambda s: not s["playing"])
    press(window, "space", "plays", lambda s: s["playing"])
    press(window, "Up", "2x", lambda s: s["speed"] == 2.0)
    press(window, "Down", "back to 1x", lambda s: s["speed"] == 1.0)
    press(window, "Home", "back to the start", lambda s: s["t_s"] < 1.0)
    paused = press(window, "Right", "steps a tick, paused", lambda s: not s["playing"])
    t0 = paused["t_s"]
    press(window, "Right", "one tick on", lambda s: abs(s["t_s"] - (t0 + 0.6)) < 1e-3)
    press(window, "Left", "one tick back", lambda s: abs(s["t_s"] - t0) < 1e-3)
    press(window, "bracketright", "a game-turn on", lambda s: abs(s["t_s"] - 6.0) < 1e-3)
    press(window, "bracketleft", "a game-turn back", lambda s: s["t_s"] < 1e-3)
    press(window, "l", "loop on", lambda s: s["loop"])
    first = window.status()["selected"]
    press(window, "Tab", "the next aircraft", lambda s: s["selected"] != first)
    cameras = ["orbit", "chase", "cockpit", "top", "table", "padlock"]
    for key, camera in zip("123456", cameras, strict=True):
        press(window, key, f"the {camera} camera", lambda s, c=camera: s["camera"] == c)
    press(window, "2", "chase again", lambda s: s["camera"] == "chase")
    overlays = {
        "a": lambda s: s["overlays"]["awareness"],
        "r": lambda s: s["overlays"]["radar_arcs"],
        "s": lambda s: s["overlays"]["instructor"]["sight"],
        "9": lambda s: s["overlays"]["instructor"]["three_nine"],
        "c": lambda s: s["overlays"]["instructor"]["circles"],
        "g": lambda s: s["overlays"]["instructor"]["gun"],
        "m": lambda s: s["overlays"]["instructor"]["missile"],
        "z": lambda s: s["overlays"]["instructor"]["control_zone"],
        "e": lambda s: s["overlays"]["instructor"]["energy"],
        "p": lambda s: s["overlays"]["instructor"]["time_ticks"],
        "d": lambda s: not s["overlays"]["drop_lines"],
        "k": lambda s: not s["overlays"]["legend"],
        "n": lambda s: s["overlays"]["labels"] != "callsign",
        "i": lambda s: s["overlays"]["aircraft_list"],
        "j": lambda s: s["overlays"]["event_list"],
        "o": lambda s: s["overlays"]["shot_log"] and not s["overlays"]["event_list"],
        "u": lambda s: s["overlays"]["charts"] is not None and not s["overlays"]["shot_log"],
        "b": lambda s: any(s["overlays"]["pair"]),
        "x": lambda s: s["overlays"]["pair"] == [None, None],
        "t": lambda s: s["overlays"]["instructor_target"] is not None,
        "v": lambda s: s["side"] is not None,
    }
    for key, check in overlays.items():
        press(window, key, "toggles its overlay", check)
    press(window, "period", "the next event", lambda s: s["t_s"] > 1e-3 and not s["playing"])
    first_event = window.status()["t_s"]
    press(window, "period", "the event after", lambda s: s["t_s"] > first_event)
    after = window.status()["t_s"]
    press(window, "comma", "the previous event", lambda s: s["t_s"] < after)
    press(window, "f", "freeze: paused", lambda s: not s["playing"])
    press(window, "y", "the what-if menu opens", lambda s: s["whatif"]["open"])
    press(window, "Escape", "the menu closes, the replay stays", lambda s: not s["whatif"]["open"])
    press(window, "h", "the help shows", lambda s: s["help"])
    window.screenshot("help")
    press(window, "h", "the help hides", lambda s: not s["help"])
    listed = {key for key, _ in HELP_LINES}
    tested = set(overlays) | {"space", "h", "l", "tab", "esc", "y", "1 2 3 4 5 6", ", / ."}
    untested = {k for k in listed if k not in tested and not k.startswith(("mouse", "click"))}
    # This replay has no ghost, so "w" (the what-changed panel) is not bound here.
    assert untested <= {"left / right", "[ / ]", "up / down", "home", "f", "w"}, untested
    window.key("Escape")
    assert window.process.wait(10) == 0, "esc should quit furball play"
    assert "Traceback" not in window.stderr()
