"""One offscreen Panda3D ShowBase for the whole test session (Panda3D's task manager and
messenger are process-global), with helpers to read pixels back."""

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

TEST_WIDTH, TEST_HEIGHT = 960, 540


@pytest.fixture(autouse=True)
def collection_settled() -> Iterator[None]:
    """After each test, automatic garbage collection is back on if an engine thread the test
    started has ended (the main thread turns it back on: :mod:`sim.main_thread_gc`)."""
    yield
    from sim.main_thread_gc import settle_collection

    settle_collection()


@pytest.fixture(scope="session")
def panda_base() -> Iterator[Any]:
    """The session's offscreen ShowBase (960×540)."""
    from sim.panda import open_base

    base = open_base(TEST_WIDTH, TEST_HEIGHT, offscreen=True)
    base.graphicsEngine.renderFrame()  # warm-up frame (first-frame GL_LINES quirk)
    yield base


@pytest.fixture
def clean_scene(panda_base: Any) -> Iterator[Any]:
    """The ShowBase, with whatever a test parented under render/aspect2d/pixel2d removed and
    its tasks and messenger hooks cleared afterwards."""
    before = {
        name: set(getattr(panda_base, name).getChildren())
        for name in ("render", "aspect2d", "pixel2d")
    }
    yield panda_base
    for name, kept in before.items():
        for child in getattr(panda_base, name).getChildren():
            if child not in kept:
                child.removeNode()
    panda_base.render.clearLight()
    for task in list(panda_base.taskMgr.getAllTasks()):
        if task.name.startswith("furball"):
            panda_base.taskMgr.remove(task)
    panda_base.messenger.clear()


def grab(base: Any) -> np.ndarray:
    """Render a frame and return the buffer as an RGB array, top row first."""
    base.graphicsEngine.renderFrame()
    base.graphicsEngine.renderFrame()
    tex = base.win.getScreenshot()
    height, width = tex.getYSize(), tex.getXSize()
    data = np.frombuffer(tex.getRamImageAs("RGB"), np.uint8).reshape(height, width, 3)
    return data[::-1].copy()
