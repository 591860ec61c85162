"""The debrief sheet's key frames: the replay rendered offscreen at each moment worth a
picture, the camera behind the aircraft that made it."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from models.timeline import Timeline
from sim.cameras import CameraMode
from sim.report.content import Moment

FRAME_SIZE = (960, 540)
"""Key frames are 16:9, large enough to read the HUD when the page is projected."""


def render_frames(
    timeline: Timeline,
    moments: Sequence[Moment],
    size: tuple[int, int] = FRAME_SIZE,
    camera: CameraMode = "chase",
) -> list[tuple[Moment, bytes]]:
    """A PNG of the replay at each moment, with the HUD and the default view settings,
    the camera following the moment's aircraft. One offscreen renderer draws them all (a
    process has one: later sheets in the same process keep the first one's size)."""
    if not moments:
        return []
    from sim.app import ReplayScene
    from sim.export import save_png
    from sim.panda import open_base
    from sim.view.layer import ViewSettings

    base = open_base(size[0], size[1], offscreen=True)
    scene = ReplayScene(
        base,
        timeline,
        ViewSettings(mini_scale_from_map=True),
        camera=camera,
        selected=moments[0].entity,
    )
    frames: list[tuple[Moment, bytes]] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            for index, moment in enumerate(moments):
                scene.playback.select(moment.entity)
                scene.draw_at(moment.t_s)
                base.graphicsEngine.renderFrame()
                base.graphicsEngine.renderFrame()
                path = Path(folder) / f"frame-{index}.png"
                save_png(base, path)
                frames.append((moment, path.read_bytes()))
    finally:
        scene.destroy()
    return frames
