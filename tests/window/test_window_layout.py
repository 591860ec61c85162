"""The HUD's panels stay clear of each other and on screen at the shapes users have: 16:9,
16:10, 4:3 (the classroom projector), 5:4, half a 1080p screen, a portrait phone-like
window and ultra-wide ones, in the compact and the cockpit layouts, with and without the
instructor overlays.  Checked from the panels' boxes the window reports, in pixels."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

import pytest

from tests.window.conftest import Window

SHAPES = [
    "1920x1080",
    "1280x800",
    "1024x768",
    "1280x1024",
    "960x1080",
    "600x900",
    "1080x1920",
    "2560x1080",
    "1900x500",
]
OVERLAYS = {"help", "aircraft-list", "event-list"}
"""Called up over the scene on purpose: not part of the layout."""


def overlaps(panels: dict[str, list[float]]) -> list[str]:
    found = []
    for (a, box_a), (b, box_b) in combinations(sorted(panels.items()), 2):
        if a in OVERLAYS or b in OVERLAYS:
            continue
        left, top = max(box_a[0], box_b[0]), max(box_a[1], box_b[1])
        right, bottom = min(box_a[2], box_b[2]), min(box_a[3], box_b[3])
        if right - left > 1.0 and bottom - top > 1.0:
            found.append(f"{a} and {b} overlap by {right - left:.0f}x{bottom - top:.0f} px")
    return found


def off_screen(panels: dict[str, list[float]], size: list[int]) -> list[str]:
    width, height = size
    return [
        f"{name} runs off screen {box}"
        for name, box in panels.items()
        if box[0] < -1 or box[1] < -1 or box[2] > width + 1 or box[3] > height + 1
    ]


def check_layout(status: dict[str, Any], shape: str, layout: str) -> None:
    panels = status["panels"]
    assert "header" in panels and "phad" in panels, f"{shape} {layout}: no HUD in {panels}"
    problems = overlaps(panels) + off_screen(panels, status["size"])
    assert not problems, f"{shape} {layout}: " + "; ".join(problems)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_panels_keep_clear_at_every_shape(
    open_window: Callable[..., Window], shape: str
) -> None:
    window = open_window(
        f"layout-{shape}", "play", "demo/2v2-merge", "--size", shape, "--camera", "chase"
    )
    width, height = (int(v) for v in shape.split("x"))
    window.ready()
    window.key("space")  # hold still: panels change size with their values
    window.wait_for(f"{shape}: paused", lambda s: not s["playing"])
    window.key("bracketright")
    window.key("bracketright")  # a game-turn in, with something on the ticker
    status = window.wait_for(
        f"{shape}: the window at its size", lambda s: s["size"] == [width, height]
    )
    status = window.wait_for(f"{shape}: turn 2", lambda s: s["t_s"] >= 11.9)
    check_layout(status, shape, "compact")
    window.screenshot("compact")
    for keys, layout, camera in (
        (["3"], "cockpit", "cockpit"),
        (["e", "s"], "cockpit with instructor overlays", "cockpit"),
        (["2"], "compact with instructor overlays", "chase"),
    ):
        for key in keys:
            window.key(key)
        status = window.wait_for(
            f"{shape} {layout}",
            lambda s, c=camera, on="instructor" in layout: (
                s["camera"] == c and s["overlays"]["instructor"]["energy"] == on
            ),
        )
        status = window.wait_for(
            f"{shape} {layout}: a later status", lambda s, f=status["frame"]: s["frame"] > f + 2
        )
        check_layout(status, shape, layout)
        window.screenshot(layout.replace(" ", "-"))
