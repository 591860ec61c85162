"""Pacing offscreen frames: at most one finished frame waits in the GL driver.

In a window, swapping buffers makes the program wait whenever the driver falls behind. An
offscreen buffer has no swap, so nothing waits: the task loop hands the driver frame after
frame. Mesa's llvmpipe (the software renderer of a machine without a GPU) draws on worker
threads and keeps every frame it has queued in a pool of "scenes" that never shrinks. In the
demo loop that pool grew by about 0.7 GB in ten seconds of one vignette at 320x180; it is
what the demo soak measured as a leak.

The pacer puts a GL fence after each frame and waits for the previous frame's fence, as a
swap chain with two buffers would: the program prepares one frame while the driver draws the
one before. Recording paths need no pacer (reading the frame back already waits for it).
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

GL_SYNC_GPU_COMMANDS_COMPLETE = 0x9117
GL_SYNC_FLUSH_COMMANDS_BIT = 0x1
GL_TIMEOUT_EXPIRED = 0x911B
GL_WAIT_FAILED = 0x911D
WAIT_TIMEOUT_NS = 2_000_000_000
"""Longest wait for one frame; a driver that takes longer is let go rather than waited on."""
PACER_TASK = "pace-offscreen-frames"
"""(Not a "furball-" name: the test fixtures clear those after each test.)"""
PACER_SORT = 55
"""After ShowBase's ``igLoop`` task (sort 50), which renders the frame."""


def _load_gl() -> Any:
    """The system's OpenGL library with the three sync calls typed, or None."""
    name = ctypes.util.find_library("GL")
    if name is None:
        return None
    try:
        gl = ctypes.CDLL(name)
        fence_sync, client_wait, delete_sync = gl.glFenceSync, gl.glClientWaitSync, gl.glDeleteSync
    except (OSError, AttributeError):
        return None
    fence_sync.restype = ctypes.c_void_p
    fence_sync.argtypes = [ctypes.c_uint, ctypes.c_uint]
    client_wait.restype = ctypes.c_uint
    client_wait.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint64]
    delete_sync.restype = None
    delete_sync.argtypes = [ctypes.c_void_p]
    return gl


class FramePacer:
    """Fence each frame; before going on, wait until the driver has drawn the one before.

    Call :meth:`frame_done` after each rendered frame, with the GL context current (Panda3D's
    single-threaded pipeline leaves it current on the main thread).
    """

    def __init__(self, gl: Any) -> None:
        self._gl = gl
        self._pending: int | None = None
        self.frames_fenced = 0
        self.timeouts = 0
        """Waits the driver ended without the frame drawn (timed out, or failed)."""

    @classmethod
    def for_system(cls) -> FramePacer | None:
        """A pacer on the system's OpenGL library, or None where there is none to load."""
        gl = _load_gl()
        return None if gl is None else cls(gl)

    def frame_done(self) -> None:
        fence = self._gl.glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0)
        previous, self._pending = self._pending, fence or None
        if fence:
            self.frames_fenced += 1
        if previous:
            status = self._gl.glClientWaitSync(
                previous, GL_SYNC_FLUSH_COMMANDS_BIT, WAIT_TIMEOUT_NS
            )
            self.timeouts += status in (GL_TIMEOUT_EXPIRED, GL_WAIT_FAILED)
            self._gl.glDeleteSync(previous)

    def close(self) -> None:
        """Let go of the last fence (still with the context current)."""
        if self._pending:
            self._gl.glDeleteSync(self._pending)
            self._pending = None


def pace_offscreen_frames(base: Any) -> FramePacer | None:
    """Pace ``base``'s frames when it renders through OpenGL (the caller knows it renders
    offscreen: a window's buffer swap paces it already).

    Returns the pacer, also kept as ``base.frame_pacer`` (its task runs after every frame the
    task manager renders), or None where the display is not OpenGL or no OpenGL library can
    be loaded."""
    pipe = getattr(base, "pipe", None)
    if pipe is None or pipe.getInterfaceName() != "OpenGL":
        return None
    pacer = FramePacer.for_system()
    if pacer is None:
        return None

    def pace(task: Any) -> Any:
        pacer.frame_done()
        return task.cont

    base.taskMgr.add(pace, PACER_TASK, sort=PACER_SORT)
    base.frame_pacer = pacer
    return pacer
