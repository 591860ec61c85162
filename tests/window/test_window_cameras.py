"""Every camera in a real window keeps drawing: the frame counter, the replay clock and the
picture keep changing for 30 s of replay (the top view once froze for good at 17.7 s of the
2v2 merge: anisotropic filtering of the box minis' edge-on faces spun Mesa's llvmpipe)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tests.window.conftest import Window


def play_through(window: Window, camera: str, until_s: float, wall_limit_s: float) -> None:
    """Sample the window every second until the replay reaches ``until_s``: each sample
    must show more frames and, every few samples, a different picture."""
    status = window.ready()
    last_frame, last_t = status["frame"], status["t_s"]
    last_shot = window.screenshot(f"{camera}-start")
    deadline = time.monotonic() + wall_limit_s
    sample = 0
    while last_t < until_s:
        assert time.monotonic() < deadline, (
            f"{camera} camera: the replay reached only {last_t:.1f} s of {until_s:.0f} s"
        )
        time.sleep(1.0)
        sample += 1
        status = window.wait_for(f"{camera} status", lambda s: bool(s))
        assert status["frame"] > last_frame, (
            f"{camera} camera froze: frame {status['frame']} at {status['t_s']:.1f} s of replay"
        )
        assert status["camera"] == camera
        last_frame, last_t = status["frame"], status["t_s"]
        if sample % 4 == 0:
            shot = window.screenshot(f"{camera}-{last_t:05.1f}s")
            assert shot != last_shot, f"{camera} camera: the picture stopped at {last_t:.1f} s"
            last_shot = shot


def test_the_top_view_plays_through_the_merge_at_real_speed(
    open_window: Callable[..., Window],
) -> None:
    window = open_window("top", "play", "demo/2v2-merge", "--camera", "top")
    play_through(window, "top", until_s=30.0, wall_limit_s=60.0)


@pytest.mark.parametrize("camera", ["orbit", "chase", "cockpit", "table", "padlock"])
def test_every_other_camera_keeps_drawing_for_thirty_seconds_of_replay(
    open_window: Callable[..., Window], camera: str
) -> None:
    window = open_window(camera, "play", "demo/2v2-merge", "--camera", camera)
    window.ready()
    window.key("Up")
    window.key("Up")  # 4x: thirty seconds of replay in under ten
    window.wait_for(f"{camera}: 4x after two Up keys", lambda s: s["speed"] == 4.0)
    play_through(window, camera, until_s=30.0, wall_limit_s=40.0)


def test_eight_aircraft_in_the_top_view(open_window: Callable[..., Window]) -> None:
    window = open_window("furball-top", "play", "historical/modern-furball", "--camera", "top")
    play_through(window, "top", until_s=10.0, wall_limit_s=45.0)
