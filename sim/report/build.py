"""Gathers a debrief sheet's parts from a timeline: the words, the shot log, the charts and
the key frames."""

from __future__ import annotations

from models.timeline import Timeline
from sim.report.content import moments
from sim.report.frames import FRAME_SIZE, render_frames
from sim.report.page import Sheet


def build_sheet(
    timeline: Timeline, frames: bool = True, frame_size: tuple[int, int] = FRAME_SIZE
) -> Sheet:
    """The sheet of ``timeline``; ``frames``: render a key frame at each shot and kill."""
    sheet = Sheet(timeline)
    if frames:
        sheet.frames = render_frames(timeline, moments(timeline), frame_size)
    return sheet
