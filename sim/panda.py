"""Starting Panda3D: a window when there is a display, an offscreen buffer otherwise.

Panda3D is imported only inside these functions so the rest of furball runs without it.
Configuration must be loaded before the first ShowBase (reference: Panda3D headless notes).
"""

from __future__ import annotations

import os
import sys
from typing import Any

QUIET_PRC = """
print-pipe-types false
notify-level-display error
notify-level-device fatal
"""
"""Keep Panda3D's start-up chatter (its list of graphics pipes, a missing /dev/input) off
stderr, where a user looks for furball's own messages."""
HEADLESS_PRC = (
    """
load-display p3headlessgl
aux-display p3tinydisplay
window-type offscreen
audio-library-name null
sync-video false
framebuffer-multisample 0
"""
    + QUIET_PRC
)
WINDOW_PRC = "audio-library-name null\nsync-video true\n" + QUIET_PRC


def display_available() -> bool:
    """True when a window can be opened (an X11/Wayland display, or a desktop OS)."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_base(width: int, height: int, offscreen: bool = True, title: str = "furball") -> Any:
    """A ShowBase rendering to an offscreen buffer (or a window) of the given size.

    One ShowBase per process: later calls return the existing one. An offscreen base has
    its frames paced (:mod:`sim.pacing`): with no buffer swap, nothing else stops a
    software renderer from queueing frames without bound.
    """
    import builtins

    existing = getattr(builtins, "base", None)
    if existing is not None:
        return existing
    from panda3d.core import loadPrcFileData

    settings = HEADLESS_PRC if offscreen else WINDOW_PRC
    loadPrcFileData("furball", settings + f"win-size {width} {height}\nwindow-title {title}\n")
    from direct.showbase.ShowBase import ShowBase

    base = ShowBase()
    base.disableMouse()
    base.setBackgroundColor(0.55, 0.72, 0.92, 1)
    if offscreen:
        from sim.pacing import pace_offscreen_frames

        pace_offscreen_frames(base)
    return base


def forget_unused_states() -> None:
    """Let go of the textures a destroyed scene's render states still hold.

    Panda3D caches render and transform states and the results of composing them; a cached
    state keeps its textures alive after every node using it is gone. Clearing the
    composition cache and collecting unused states frees them (measured: without this each
    box-mini build left its ~35 MB of atlases behind)."""
    from panda3d.core import RenderState, TransformState

    RenderState.clearCache()
    RenderState.garbageCollect()
    TransformState.garbageCollect()
