"""Every entity's state at one time, as ``furball inspect --at`` reports it.

The values are the replay's (:class:`~sim.playback.Playback` makes the same snapshot the
HUD draws), shown under the HUD's captions and, in JSON, its keys
(:mod:`sim.hud_captions`).  Every channel the timeline holds appears: the ones the HUD
shows in their panels, any other (a rule set's own) by its channel name under ``other``.
No Panda3D here.
"""

from __future__ import annotations

from typing import Any, Final

from models.timeline import Timeline
from sim.hud_captions import (
    GAUGE_CAPTIONS,
    INITIATIVE_CAPTIONS,
    MARK_CAPTIONS,
    PANEL_CHANNELS,
    SENSOR_ROWS,
    STATUS_ROWS,
    THROTTLE_CAPTIONS,
)
from sim.playback import Playback
from sim.snapshot import EntityState

SHOWN_CHANNELS: Final = frozenset(
    {
        "x_ft",
        "y_ft",
        "z_ft",
        "quat_wxyz",
        "speed_kt",
        "keas_kt",
        "mach",
        "alt_steps",
        "hex_q",
        "hex_r",
        "load_g",
        "throttle",
        "throttle_label",
        "engine_output",
        "speedbrake",
        "fuel_fp",
        "active",
        "spotted",
        *MARK_CAPTIONS,
        *PANEL_CHANNELS.values(),
    }
)
"""The channels the report shows in its own rows; the rest are listed under ``other``."""
NOTHING: Final = "-"
"""Printed for an empty value."""
_INIT_ROWS: Final = tuple(INITIATIVE_CAPTIONS.items())
"""The status panel's Initiative row, (key, caption)."""


def state_report(timeline: Timeline, t_s: float) -> tuple[list[str], dict[str, Any]]:
    """Text lines and JSON data (entity id → state) of every entity at ``t_s``."""
    playback = Playback(timeline)
    lines: list[str] = []
    data: dict[str, Any] = {}
    for index, info in enumerate(timeline.meta.entities):
        playback.select(info.id)
        snapshot = playback.snapshot_at(t_s)
        state = snapshot.entities[index]
        raw = timeline.state_at(t_s, index)
        entry = _entry(timeline, state, snapshot.bearings, raw)
        data[info.id] = entry
        lines.extend(_lines(timeline, state, entry))
    return lines, data


def _entry(
    timeline: Timeline, state: EntityState, bearings: dict[str, str], raw: dict[str, Any]
) -> dict[str, Any]:
    held = timeline.channels
    panels = _panels(state)
    entry: dict[str, Any] = {
        "active": state.active,
        "position_ft": list(state.position_ft),
        "quat_wxyz": list(state.quat_wxyz),
        "heading_deg": state.heading_deg,
        "pitch_deg": state.pitch_deg,
        "roll_deg": state.roll_deg,
        "speed_kt": state.speed_kt,
        "keas_kt": state.keas_kt,
        "mach": state.mach,
        "alt_ft": state.alt_ft,
        "alt_steps": state.alt_steps,
        "hex": f"{state.hex_qr[0]},{state.hex_qr[1]}",
        "load_g": state.load_g,
        "average_load_g": state.average_load_g,
        "fuel_fp": state.fuel_fp,
        "throttle": state.throttle_label,
        "throttle_fraction": state.throttle,
        "engine_output": state.engine_output,
        "speedbrake": state.speedbrake,
        "phad": {mark: getattr(state, mark) for mark in MARK_CAPTIONS},
        "bearings": dict(bearings),
    }
    for group, rows in (("sensors", SENSOR_ROWS), ("status", (*STATUS_ROWS, *_INIT_ROWS))):
        shown = {key: panels[key] for key, _ in rows if PANEL_CHANNELS[key] in held}
        if shown:
            entry[group] = shown
    if "spotted" in held:
        entry["spotted"] = list(state.spotted or ())
    other = {name: raw[name] for name in sorted(held) if name not in SHOWN_CHANNELS}
    if other:
        entry["other"] = other
    return entry


def _panels(state: EntityState) -> dict[str, Any]:
    """The sensors and status panels' values, by HUD key."""
    return {
        "radar": state.radar_mode,
        "tracks": list(state.tracks),
        "ir": state.ir_lock,
        "rwr": list(state.rwr),
        "weapons": list(state.weapons),
        "crew": state.crew_state,
        "damage": state.damage,
        "initiative": state.initiative,
        "flight_class": state.flight_class,
        "activity": state.activity,
    }


def _lines(timeline: Timeline, state: EntityState, entry: dict[str, Any]) -> list[str]:
    x, y, _ = state.position_ft
    gauges = {
        "speed": f"{state.speed_kt:.0f}",
        "keas": f"{state.keas_kt:.0f}",
        "mach": f"{state.mach:.2f}",
        "fuel": f"{state.fuel_fp:.1f}",
        "alt": f"{round(state.alt_ft, -1):,.0f}",
        "steps": f"{state.alt_steps:d}",
        "load": f"{state.load_g:.1f}",
        "avg_load": f"{state.average_load_g:.1f}",
    }
    throttle = {
        "throttle": state.throttle_label or f"{state.throttle:.2f}",
        "engine_output": f"{round(state.engine_output * 100):d}%",
        "speedbrake": "out" if state.speedbrake else "in",
    }
    bearings = " ".join(f"{who} {cell}" for who, cell in entry["bearings"].items())
    marks = "  ".join(
        f"{caption} {getattr(state, mark) or NOTHING}" for mark, caption in MARK_CAPTIONS.items()
    )
    lines = [
        f"  {state.id:<12} {state.callsign}, {state.type_id}, {state.side}"
        + ("" if state.active else "  (out of play)"),
        f"    hdg {state.heading_deg:5.1f}  pitch {state.pitch_deg:+5.1f}  "
        f"roll {state.roll_deg:+6.1f}  hex {entry['hex']}  x {x:.0f} ft  y {y:.0f} ft",
        "    " + _row(GAUGE_CAPTIONS, gauges),
        "    " + _row(THROTTLE_CAPTIONS, throttle),
        f"    {marks}" + (f"  bearings {bearings}" if bearings else ""),
    ]
    for group, rows in (("sensors", SENSOR_ROWS), ("status", (*STATUS_ROWS, *_INIT_ROWS))):
        values = entry.get(group)
        if values:
            lines.append("    " + _row(dict(rows), values))
    if "spotted" in entry:
        lines.append(f"    SPOTTED {_text(entry['spotted'])}")
    if "other" in entry:
        lines.append("    " + "  ".join(f"{k} {_text(v)}" for k, v in entry["other"].items()))
    return lines


def _row(captions: dict[str, str], values: dict[str, Any]) -> str:
    """``RADAR STT  TRACKS fulcrum-1``: each value after its caption."""
    return "  ".join(
        " ".join(part for part in (captions[key], _text(value)) if part)
        for key, value in values.items()
    )


def _text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or NOTHING
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value) if value != "" else NOTHING
