"""ACMI export speed and memory: an hour of sixteen aircraft written for Tacview.

Playing an hour of a 16-aircraft fight through the rules would take the engine minutes, so
the timeline is built directly: sixteen aircraft (eight F-16Cs, eight MiG-29s) flying
banked circles with a gentle climb and descent, speed and load wandering every tick, fuel
burning, their radars switching between search and single-target track, one sample every
0.6 s tick — 6,001 ticks for an hour, with the channels the rules write.  The export is
timed several times into a ``.zip.acmi``; the median is the figure.  Target: ≤ 5 s.

Memory: the export's peak allocation (``tracemalloc``, the timeline itself not counted)
for a 10-minute and a 60-minute timeline.  The writer streams, so the two should match.

    python -m benchmarks.acmi_speed [--runs 5] [--minutes 60] [--aircraft 16]
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

from models.timeline import EntityInfo, Event, Timeline, TimelineMeta
from sim.acmi import export_acmi

TICK_S = 0.6
TICKS_PER_MINUTE = 100
TARGET_S = 5.0
"""The export time target for an hour of sixteen aircraft."""


def synthetic_timeline(minutes: float, aircraft: int = 16) -> Timeline:
    """``aircraft`` aircraft flying level-ish 3 G circles for ``minutes`` minutes."""
    ticks = round(minutes * TICKS_PER_MINUTE) + 1
    t_s = np.arange(ticks, dtype=np.float64) * TICK_S
    speed_kt, radius_ft = 450.0, 6000.0
    speed_fps = speed_kt * 1.68781
    bank = math.atan(speed_fps**2 / (32.174 * radius_ft))
    half = aircraft // 2
    infos, columns = [], []
    for i in range(aircraft):
        blue = i < half
        entity_id = f"{'viper' if blue else 'fulcrum'}-{i % half + 1}"
        infos.append(
            EntityInfo(
                id=entity_id,
                callsign=f"{'Viper' if blue else 'Fulcrum'} {i % half + 1}",
                type_id="F-16C" if blue else "MiG-29",
                side="blue" if blue else "red",
                pilot="ai, average crew",
            )
        )
        phase = 2 * math.pi * i / aircraft
        angle = speed_fps / radius_ft * t_s + phase  # clockwise seen from above
        heading = angle + math.pi / 2
        columns.append(
            {
                "x_ft": (i % 4) * 20_000 + radius_ft * np.sin(angle),
                "y_ft": (i // 4) * 20_000 + radius_ft * np.cos(angle),
                "z_ft": 20_000 + 1_000 * np.sin(t_s / 60.0 + phase),
                "quat_wxyz": _yaw_roll_quaternions(heading, bank),
            }
        )
    channels = {name: np.stack([c[name] for c in columns]) for name in columns[0]}
    shape = (aircraft, ticks)
    stt = (np.arange(ticks) // 50) % 2 == 1
    # Speed, KEAS, Mach and load wander every tick, as they do in a fight, so every tick
    # writes them (the worst case for the writer); the drawn circles ignore the wander.
    wander = 1.0 + 0.1 * np.sin(t_s / 20.0 + np.arange(aircraft)[:, None])
    channels.update(
        speed_kt=speed_kt * wander,
        keas_kt=335.0 * wander,
        mach=0.74 * wander,
        load_g=wander / math.cos(bank),
        throttle=np.full(shape, 0.5),
        throttle_label=np.full(shape, "mil", dtype="<U4"),
        speedbrake=np.zeros(shape, dtype=bool),
        fuel_fp=np.linspace(60.0, 20.0, ticks)[None, :].repeat(aircraft, axis=0),
        active=np.ones(shape, dtype=bool),
        radar_mode=np.where(stt, "STT", "Srch")[None, :].repeat(aircraft, axis=0),
        tracks=np.array([[infos[(i + half) % aircraft].id] * ticks for i in range(aircraft)]),
    )
    meta = TimelineMeta(
        rules="bop",
        seed=0,
        scenario=f"benchmark: {aircraft} aircraft for {minutes:g} minutes",
        tick_s=TICK_S,
        entities=tuple(infos),
        events=(Event(t_s=float(t_s[-1]), kind="note", detail="end"),),
    )
    return Timeline(meta=meta, t_s=t_s, channels=channels)


def _yaw_roll_quaternions(heading_rad: np.ndarray, roll_rad: float) -> np.ndarray:
    """Attitudes heading ``heading_rad`` (clockwise from north) banked ``roll_rad`` right:
    a turn about z by minus the heading, then a roll about the body's forward axis."""
    yaw = np.stack(
        [np.cos(-heading_rad / 2), 0 * heading_rad, 0 * heading_rad, np.sin(-heading_rad / 2)],
        axis=-1,
    )
    c, s = math.cos(roll_rad / 2), math.sin(roll_rad / 2)
    w, x, y, z = (yaw[:, k] for k in range(4))
    # yaw ⊗ (c, 0, s, 0)
    return np.stack([w * c - y * s, x * c - z * s, w * s + y * c, z * c + x * s], axis=-1)


def time_export(timeline: Timeline, runs: int, folder: Path) -> tuple[float, int]:
    """Median wall seconds to export ``timeline`` to a .zip.acmi, and the file's size."""
    walls = []
    path = folder / "benchmark.zip.acmi"
    for _ in range(runs):
        started = time.perf_counter()
        written = export_acmi(timeline, path)
        walls.append(time.perf_counter() - started)
    return statistics.median(walls), written.bytes


def peak_memory(timeline: Timeline, folder: Path) -> int:
    """The export's peak traced allocation in bytes (the timeline was allocated before)."""
    tracemalloc.start()
    try:
        export_acmi(timeline, folder / "memory.zip.acmi")
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--aircraft", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        timeline = synthetic_timeline(args.minutes, args.aircraft)
        wall, size = time_export(timeline, args.runs, Path(folder))
        verdict = "meets" if wall <= TARGET_S else "misses"
        print(
            f"ACMI export, {args.aircraft} aircraft for {args.minutes:g} min "
            f"({timeline.ticks} ticks): median {wall:.2f} s over {args.runs} runs "
            f"({verdict} the {TARGET_S:g} s target); {size / 1e6:.1f} MB .zip.acmi"
        )
        peaks = []
        for minutes in (10.0, 60.0):
            peak = peak_memory(synthetic_timeline(minutes, args.aircraft), Path(folder))
            peaks.append(peak)
            print(f"peak memory while exporting {minutes:g} min: {peak / 1e6:.2f} MB")
        print(f"60 min over 10 min: {peaks[1] / peaks[0]:.2f}x")


if __name__ == "__main__":
    main()
