"""Gathers a debrief sheet's parts from a timeline: the words, the shot log, the charts and
the key frames."""

from __future__ import annotations

import math

from models.timeline import Timeline
from sim.debrief.charts import chart_png
from sim.debrief.series import aircraft_ids, default_opponent
from sim.debrief.shot_log import ShotRecord, shot_log
from sim.report.content import moments, names
from sim.report.frames import FRAME_SIZE, render_frames
from sim.report.page import Picture, Sheet, ShotRow

MOST_CHARTS = 4
"""Charts on one sheet: each aircraft that fired (the first few), against its opponent."""
CHART_SIZE_PX = (1600, 1200)


def shot_row(record: ShotRecord, callsigns: dict[str, str]) -> ShotRow:
    """A shot-log record in the sheet's words."""
    range_text = f"{record.range_ft:,.0f} ft" if math.isfinite(record.range_ft) else "—"
    if record.range_fp is not None:
        range_text += f" ({record.range_fp:g} FP)"
    angles = (
        f"ATA {record.ata_deg:.0f}°, AA {record.aa_deg:.0f}°"
        if math.isfinite(record.ata_deg) and math.isfinite(record.aa_deg)
        else "—"
    )
    dice = "; ".join(part for part in (record.table, *(d.text() for d in record.dice)) if part)
    return ShotRow(
        t_s=record.t_s,
        shooter=callsigns.get(record.shooter, record.shooter or "—"),
        target=callsigns.get(record.target, record.target or "—"),
        weapon=record.weapon or record.what,
        range_text=range_text,
        angles_text=angles,
        dice_text=dice or "—",
        outcome=record.outcome or record.what,
    )


def charted(timeline: Timeline, records: list[ShotRecord]) -> list[tuple[str, str | None]]:
    """Whom to chart: each aircraft that fired, in the order it first fired, against its
    opponent; with no shot, the first aircraft of the timeline against its opponent."""
    shooters: list[str] = []
    flying = set(aircraft_ids(timeline))
    for record in records:
        if record.shooter in flying and record.shooter not in shooters and record.what != "kill":
            shooters.append(record.shooter)
    if not shooters and flying:
        shooters = [aircraft_ids(timeline)[0]]
    return [(entity, default_opponent(timeline, entity)) for entity in shooters[:MOST_CHARTS]]


def build_sheet(
    timeline: Timeline, frames: bool = True, frame_size: tuple[int, int] = FRAME_SIZE
) -> Sheet:
    """The sheet of ``timeline``; ``frames``: render a key frame at each shot and kill."""
    callsigns = names(timeline)
    records = shot_log(timeline)
    sheet = Sheet(timeline)
    sheet.shots = [shot_row(r, callsigns) for r in records if r.what != "kill"]
    for entity, against in charted(timeline, records):
        caption = callsigns.get(entity, entity)
        if against is not None:
            caption += f" against {callsigns.get(against, against)}"
        png = chart_png(timeline, entity, against, CHART_SIZE_PX)
        sheet.charts.append(
            Picture(png, f"{caption}: altitude, speed, load, energy, range, angles")
        )
    if frames:
        sheet.frames = render_frames(timeline, moments(timeline), frame_size)
    return sheet
