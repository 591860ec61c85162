"""Every entity's state at one time, as ``furball inspect --at`` reports it.

The values are the replay's (:class:`~sim.playback.Playback` makes the same snapshot the
HUD draws), shown under the HUD's captions and, in JSON, its keys
(:mod:`sim.hud_captions`).  Every channel the timeline holds appears: the ones the HUD
shows in their panels, any other (a rule set's own) by its channel name under ``other``.
A rule set other than Birds of Prey is reported by the HUD it declares: its gauges and
panels under their own captions.
No Panda3D here.
"""

from __future__ import annotations

from typing import Any, Final

from models import bop_channels as bop
from models.timeline import CORE_CHANNELS, Timeline
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
        *CORE_CHANNELS,
        bop.KEAS_KT,
        bop.MACH,
        bop.ALT_STEPS,
        bop.HEX_Q,
        bop.HEX_R,
        bop.LOAD_G,
        bop.ENGINE_OUTPUT,
        bop.SPEEDBRAKE,
        bop.FUEL_FP,
        bop.SPOTTED,
        *bop.PHAD_MARKS.values(),
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


def _declared(timeline: Timeline) -> bool:
    """Whether the report follows the timeline's own HUD declaration: a rule set other than
    Birds of Prey, whose instruments (KEAS, fuel, hexes, the PHAD's cells) it does not have."""
    return timeline.meta.hud is not None and bop.HEX_Q not in timeline.channels


def _declared_entry(
    timeline: Timeline, state: EntityState, bearings: dict[str, str], raw: dict[str, Any]
) -> dict[str, Any]:
    """A rule set's own state: the core, then its HUD's gauges and panels by key, then any
    channel the HUD does not show."""
    hud = timeline.meta.hud
    assert hud is not None
    entry: dict[str, Any] = {
        "active": state.active,
        "position_ft": list(state.position_ft),
        "quat_wxyz": list(state.quat_wxyz),
        "heading_deg": state.heading_deg,
        "pitch_deg": state.pitch_deg,
        "roll_deg": state.roll_deg,
        "speed_kt": state.speed_kt,
        "alt_ft": state.alt_ft,
        "alt_label": state.alt_label,
        "pos_label": state.pos_label,
        "throttle": state.throttle_label,
        "throttle_fraction": state.throttle,
        "bearings": dict(bearings),
        "gauges": {g.key: raw.get(g.channel) for g in hud.gauges},
        "panels": {
            panel.key: {row.key: raw.get(row.channel) for row in panel.rows} for panel in hud.panels
        },
    }
    shown = {*CORE_CHANNELS, *(g.channel for g in hud.gauges)}
    shown |= {row.channel for panel in hud.panels for row in panel.rows}
    other = {name: raw[name] for name in sorted(timeline.channels) if name not in shown}
    if other:
        entry["other"] = other
    return entry


def _declared_lines(timeline: Timeline, state: EntityState, entry: dict[str, Any]) -> list[str]:
    hud = timeline.meta.hud
    assert hud is not None
    x, y, _ = state.position_ft
    where = f"  {state.pos_label}" if state.pos_label else ""
    lines = [
        f"  {state.id:<12} {state.callsign}, {state.type_id}, {state.side}"
        + ("" if state.active else "  (out of play)"),
        f"    hdg {state.heading_deg:5.1f}  pitch {state.pitch_deg:+5.1f}  "
        f"roll {state.roll_deg:+6.1f}{where}  x {x:.0f} ft  y {y:.0f} ft  "
        f"alt {state.alt_ft:,.0f} ft",
        "    " + "  ".join(f"{g.caption} {_text(entry['gauges'][g.key])}" for g in hud.gauges),
    ]
    if hud.throttle is not None:
        lines.append(f"    {hud.throttle.title} {state.throttle_label or NOTHING}")
    for panel in hud.panels:
        values = entry["panels"][panel.key]
        rows = "  ".join(f"{row.caption} {_text(values[row.key])}" for row in panel.rows)
        lines.append(f"    {panel.title}: {rows}")
    bearings = " ".join(f"{who} {cell}" for who, cell in entry["bearings"].items())
    if bearings:
        lines.append(f"    bearings (derived PHAD) {bearings}")
    if "other" in entry:
        lines.append("    " + "  ".join(f"{k} {_text(v)}" for k, v in entry["other"].items()))
    return lines


def _entry(
    timeline: Timeline, state: EntityState, bearings: dict[str, str], raw: dict[str, Any]
) -> dict[str, Any]:
    if _declared(timeline):
        return _declared_entry(timeline, state, bearings, raw)
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
        "keas_kt": state.number(bop.KEAS_KT),
        "mach": state.number(bop.MACH),
        "alt_ft": state.alt_ft,
        "alt_steps": int(state.number(bop.ALT_STEPS)),
        "alt_label": state.alt_label,
        "hex": _hex(state),
        "pos_label": state.pos_label,
        "load_g": state.number(bop.LOAD_G),
        "average_load_g": state.turn_means.get(bop.LOAD_G, 0.0),
        "fuel_fp": state.number(bop.FUEL_FP),
        "throttle": state.throttle_label,
        "throttle_fraction": state.throttle,
        "engine_output": state.number(bop.ENGINE_OUTPUT),
        "speedbrake": bool(state.values.get(bop.SPEEDBRAKE, False)),
        "phad": {mark: state.text(bop.PHAD_MARKS[mark]) for mark in MARK_CAPTIONS},
        "bearings": dict(bearings),
    }
    for group, rows in (("sensors", SENSOR_ROWS), ("status", (*STATUS_ROWS, *_INIT_ROWS))):
        shown = {key: panels[key] for key, _ in rows if PANEL_CHANNELS[key] in held}
        if shown:
            entry[group] = shown
    if bop.SPOTTED in held:
        entry["spotted"] = list(state.ids(bop.SPOTTED))
    other = {name: raw[name] for name in sorted(held) if name not in SHOWN_CHANNELS}
    if other:
        entry["other"] = other
    return entry


def _panels(state: EntityState) -> dict[str, Any]:
    """The sensors and status panels' values, by HUD key."""
    weapons = state.text(bop.WEAPONS)
    return {
        "radar": state.text(bop.RADAR_MODE) or "off",
        "tracks": list(state.ids(bop.TRACKS)),
        "ir": ",".join(state.ids(bop.IR_LOCK)),
        "rwr": list(state.ids(bop.RWR)),
        "weapons": [item.strip() for item in weapons.split(",") if item.strip()],
        "crew": state.text(bop.CREW_STATE),
        "damage": state.text(bop.DAMAGE),
        "initiative": state.text(bop.INITIATIVE),
        "flight_class": state.text(bop.FLIGHT_CLASS),
        "activity": state.text(bop.ACTIVITY),
    }


def _hex(state: EntityState) -> str:
    """``3,-2``: the map hex, from the rules' own channels."""
    return f"{int(state.number(bop.HEX_Q))},{int(state.number(bop.HEX_R))}"


def _lines(timeline: Timeline, state: EntityState, entry: dict[str, Any]) -> list[str]:
    if _declared(timeline):
        return _declared_lines(timeline, state, entry)
    x, y, _ = state.position_ft
    gauges = {
        "speed": f"{state.speed_kt:.0f}",
        "keas": f"{entry['keas_kt']:.0f}",
        "mach": f"{entry['mach']:.2f}",
        "fuel": f"{entry['fuel_fp']:.1f}",
        "alt": f"{round(state.alt_ft, -1):,.0f}",
        "steps": f"{entry['alt_steps']:d}",
        "load": f"{entry['load_g']:.1f}",
        "avg_load": f"{entry['average_load_g']:.1f}",
    }
    throttle = {
        "throttle": state.throttle_label or f"{state.throttle:.2f}",
        "engine_output": f"{round(entry['engine_output'] * 100):d}%",
        "speedbrake": "out" if entry["speedbrake"] else "in",
    }
    bearings = " ".join(f"{who} {cell}" for who, cell in entry["bearings"].items())
    marks = "  ".join(
        f"{caption} {entry['phad'][mark] or NOTHING}" for mark, caption in MARK_CAPTIONS.items()
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
