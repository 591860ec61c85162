"""Offscreen exports: a PNG of one moment, an MP4 or GIF of a stretch of time.

The exporter drives the same :class:`sim.app.ReplayScene` the window uses, one frame per
video frame at times set from the frame index (never the wall clock), so an export is the
same every time.  Frames are read back from the GPU buffer into numpy and encoded with PyAV
(libx264 for MP4, GIF with a generated palette) on a second thread while the next frame
renders.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from sim.main_thread_gc import collect_garbage, main_thread_collects

Frame = npt.NDArray[np.uint8]


class ExportError(ValueError):
    """An export that cannot be made as asked (bad range, unknown format)."""


def read_frame(base: Any) -> Frame:
    """The window's last rendered frame as RGB, top row first."""
    texture = base.win.getScreenshot()
    height, width = texture.getYSize(), texture.getXSize()
    data = np.frombuffer(texture.getRamImageAs("RGB"), np.uint8).reshape(height, width, 3)
    return data[::-1].copy()


class FrameGrabber:
    """Copies every rendered frame into RAM as it is drawn (cheaper than screenshots).

    Frames come back as BGRA arrays, top row first.  Use as a context manager: the copy
    is attached to the window on entry and removed on exit.
    """

    def __init__(self, base: Any) -> None:
        self.base = base
        self.texture: Any = None

    def __enter__(self) -> FrameGrabber:
        from panda3d.core import GraphicsOutput, Texture

        self.texture = Texture("furball-frame")
        self.base.win.addRenderTexture(self.texture, GraphicsOutput.RTM_copy_ram)
        return self

    def __exit__(self, *_: object) -> None:
        self.base.win.clearRenderTextures()

    def grab(self) -> Frame:
        """The last rendered frame (a copy: Panda reuses its RAM image)."""
        texture = self.texture
        height, width = texture.getYSize(), texture.getXSize()
        data = np.frombuffer(memoryview(texture.getRamImage()), np.uint8)
        return data.reshape(height, width, 4)[::-1].copy()


def save_png(base: Any, path: Path) -> None:
    """Save the window's last rendered frame as a PNG."""
    from panda3d.core import Filename

    if not base.win.saveScreenshot(Filename.fromOsSpecific(str(path))):
        raise ExportError(f"could not write {path}")


def video_size_problem(suffix: str, width: int, height: int) -> str | None:
    """Why a video of this size cannot be encoded, or None: H.264 in an MP4 (4:2:0 colour)
    needs an even width and height."""
    if suffix.lower() == ".mp4" and (width % 2 or height % 2):
        even = f"{width - width % 2}x{height - height % 2}"
        return f"an MP4's width and height must be even, e.g. {even}"
    return None


def frame_times(t_from: float, t_to: float, fps: float) -> list[float]:
    """Times of the frames from ``t_from`` to ``t_to`` inclusive at ``fps``."""
    if fps <= 0:
        raise ExportError(f"--fps must be positive, not {fps}")
    if t_to < t_from:
        raise ExportError(f"--to {t_to} is before --from {t_from}")
    count = round((t_to - t_from) * fps) + 1
    return [t_from + i / fps for i in range(count)]


def encode_video(
    path: Path,
    frames: Callable[[], Any],
    width: int,
    height: int,
    fps: int,
    progress: Callable[[int], None] | None = None,
    pixel_format: str = "rgb24",
) -> int:
    """Encode frames from the ``frames`` iterator factory into ``path`` (.mp4 or .gif).

    Frames are ``pixel_format`` arrays (``rgb24`` or ``bgra``), top row first.

    Encoding runs on a worker thread so the next frame can render meanwhile.  Returns the
    number of frames written.
    """
    import av

    suffix = path.suffix.lower()
    if suffix not in (".mp4", ".gif"):
        raise ExportError(f"{path}: videos are .mp4 or .gif")
    problem = video_size_problem(suffix, width, height)
    if problem is not None:
        raise ExportError(f"{path}: {problem}")
    container = av.open(str(path), mode="w")
    if suffix == ".mp4":
        stream = container.add_stream("libx264", rate=fps)
        stream.pix_fmt = "yuv420p"
        stream.options = {"preset": "ultrafast", "crf": "21", "tune": "animation"}
    else:
        stream = container.add_stream("gif", rate=fps)
        stream.pix_fmt = "rgb8"
    stream.width = width
    stream.height = height
    pending: queue.Queue[Frame | None] = queue.Queue(maxsize=4)
    failure: list[BaseException] = []

    def worker() -> None:
        try:
            while (frame := pending.get()) is not None:
                video_frame = av.VideoFrame.from_ndarray(frame, format=pixel_format)
                for packet in stream.encode(video_frame):
                    container.mux(packet)
            for packet in stream.encode():
                container.mux(packet)
        except BaseException as error:  # handed back to the caller below
            failure.append(error)

    thread = threading.Thread(target=worker, name="furball-encoder", daemon=True)
    written = 0
    with main_thread_collects():  # never in the encoder's thread (sim.main_thread_gc)
        thread.start()
        try:
            for frame in frames():
                if failure:
                    break
                pending.put(frame)
                written += 1
                collect_garbage()
                if progress is not None:
                    progress(written)
        finally:
            pending.put(None)
            thread.join()
            container.close()
    if failure:
        raise ExportError(f"{path}: encoding failed ({failure[0]})")
    return written
