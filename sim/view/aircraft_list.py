"""The aircraft list: every aircraft with its live altitude, speed, heading and state.

Shown with ``i`` over the top of the scene, a row per aircraft in the timeline's order,
grouped by side: callsign (in its side's colour), type, altitude in feet, speed in knots,
heading in degrees, and its state — ``ok``, ``damaged 3/14``, ``LOC`` (or another crew
state), ``uncontrolled``, ``departed``, ``shot down``, ``ejected``, ``crashed`` or ``out``.
The selected aircraft's row is marked; clicking a row selects that aircraft.

States come from the snapshot (active, crew, damage) and from the events up to the snapshot's
time (a kill, an ejection, a departure and its recovery), so scrubbing back shows the list
as it was.  :func:`aircraft_status` is pure and tested on its own.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass

from panda3d.core import NodePath

from models import bop_channels as bop
from models.timeline import Event
from sim.snapshot import EntityState, Snapshot
from sim.view.hud.panels import (
    CAPTION,
    WHITE,
    Label,
    backing,
    crew_summary,
    make_root,
)
from sim.view.layer import ScreenBox, shown_box, side_colour
from sim.view.toggleable import Toggleable

STATUS_EVENT_KINDS = frozenset(
    {"kill", "ejection", "ground", "departure", "spin_recovery", "uncontrolled", "crew_recovery"}
)
"""The events that change what the list says of an aircraft."""
COLUMNS: tuple[tuple[str, float, str], ...] = (
    ("callsign", 0.04, "left"),
    ("type", 0.40, "left"),
    ("alt", 0.92, "right"),
    ("speed", 1.12, "right"),
    ("heading", 1.28, "right"),
    ("state", 1.34, "left"),
)
"""Column key, x of its anchor in panel units and alignment."""
HEADINGS = {
    "callsign": "AIRCRAFT",
    "type": "TYPE",
    "alt": "ALT ft",
    "speed": "KT",
    "heading": "HDG",
    "state": "STATE",
}
PANEL_WIDTH = 1.80
ROW_STEP = 0.056
TEXT_SCALE = 0.042
TOP_PAD = 0.075
SELECTED_MARK = ">"
"""Drawn left of the selected aircraft's callsign."""


@dataclass(frozen=True, slots=True)
class StatusHistory:
    """Each aircraft's status-changing events in time order, for :func:`aircraft_status`."""

    times_s: dict[str, list[float]]
    kinds: dict[str, list[str]]

    @classmethod
    def of(cls, events: Iterable[Event]) -> StatusHistory:
        times: dict[str, list[float]] = {}
        kinds: dict[str, list[str]] = {}
        for event in sorted(events, key=lambda e: e.t_s):
            if event.kind not in STATUS_EVENT_KINDS or not event.entities:
                continue
            # A kill names the shooter first and the victim last; the rest name their subject.
            subject = event.entities[-1] if event.kind == "kill" else event.entities[0]
            times.setdefault(subject, []).append(float(event.t_s))
            kinds.setdefault(subject, []).append(event.kind)
        return cls(times, kinds)

    def kinds_until(self, entity_id: str, t_s: float) -> list[str]:
        """The status events of ``entity_id`` at or before ``t_s``, oldest first."""
        times = self.times_s.get(entity_id)
        if not times:
            return []
        return self.kinds[entity_id][: bisect.bisect_right(times, t_s + 1e-9)]


def aircraft_status(state: EntityState, kinds_so_far: list[str]) -> str:
    """What the list says of an aircraft: out of play first (how it left), then the crew's
    condition, loss of control, damage, else ``ok``."""
    if not state.active:
        for kind, word in (("ejection", "ejected"), ("kill", "shot down"), ("ground", "crashed")):
            if kind in kinds_so_far:
                return word
        return "shot down" if state.text(bop.DAMAGE).startswith("destroyed") else "out"
    crew = crew_summary(state.text(bop.CREW_STATE))
    if crew and crew != "ok":
        return crew
    last_control = next(
        (
            k
            for k in reversed(kinds_so_far)
            if k in ("departure", "spin_recovery", "uncontrolled", "crew_recovery")
        ),
        None,
    )
    if last_control == "departure":
        return "departed"
    if last_control == "uncontrolled":
        return "uncontrolled"
    hits, _, boxes = state.text(bop.DAMAGE).partition("/")
    if hits.strip().isdigit() and int(hits) > 0:
        return f"damaged {hits.strip()}/{boxes.strip()}"
    return "ok"


def row_values(state: EntityState, status: str) -> dict[str, str]:
    """The texts of one aircraft's row."""
    shown = state.active
    return {
        "callsign": state.callsign or state.id,
        "type": state.type_id,
        "alt": f"{state.alt_ft:,.0f}" if shown else "",
        "speed": f"{state.speed_kt:.0f}" if shown else "",
        "heading": f"{state.heading_deg % 360:03.0f}" if shown else "",
        "state": status,
    }


class AircraftList(Toggleable):
    """The aircraft list overlay (hidden until toggled)."""

    def __init__(self, parent: NodePath, events: Iterable[Event] = ()) -> None:
        self.root = make_root(parent, "aircraft-list")
        self.root.setBin("fixed", 25)  # over the HUD panels, under the help overlay
        self.history = StatusHistory.of(events)
        self._ids: list[str] = []
        self._rows: list[dict[str, Label]] = []
        self._backing: NodePath | None = None
        self._heading_labels = [
            Label(
                self.root,
                f"heading-{key}",
                HEADINGS[key],
                scale=TEXT_SCALE,
                colour=CAPTION,
                pos=(x, -0.05),
                align=align,
            )
            for key, x, align in COLUMNS
        ]
        self.set_shown(False)

    def set_events(self, events: Iterable[Event]) -> None:
        """Read the states from a longer list of events (a replay still being played)."""
        self.history = StatusHistory.of(events)

    def place(self, x: float, top: float, scale: float) -> None:
        """Hang the list from (``x`` its centre, ``top``) in its parent's units."""
        self.root.setPos(x - PANEL_WIDTH * scale / 2, 0, top)
        self.root.setScale(scale)

    @staticmethod
    def height(count: int) -> float:
        """The list's height at scale 1 with ``count`` aircraft."""
        return TOP_PAD + ROW_STEP * count + 0.02

    def _build_rows(self, count: int) -> None:
        if self._backing is not None:
            self._backing.removeNode()
        height = self.height(count)
        self._backing = backing(self.root, "backing", 0.0, -height, PANEL_WIDTH, 0.0)
        self._backing.setBin("fixed", 0)
        while len(self._rows) < count:
            y = -TOP_PAD - ROW_STEP * (len(self._rows) + 0.75)
            self._rows.append(
                {
                    key: Label(
                        self.root, f"row-{key}", "", scale=TEXT_SCALE, pos=(x, y), align=align
                    )
                    for key, x, align in COLUMNS
                }
            )

    def update(self, snapshot: Snapshot) -> None:
        if not self.visible:
            return
        aircraft = [s for s in snapshot.entities if s.kind == "aircraft"]
        aircraft.sort(key=lambda s: (s.side, 0))  # stable: timeline order within a side
        ids = [s.id for s in aircraft]
        if ids != self._ids:
            self._ids = ids
            self._build_rows(len(ids))
        for state, row in zip(aircraft, self._rows, strict=False):
            status = aircraft_status(state, self.history.kinds_until(state.id, snapshot.t_s))
            values = row_values(state, status)
            mark = f"{SELECTED_MARK} " if state.id == snapshot.selected else "   "
            row["callsign"].set(mark + values["callsign"])
            row["callsign"].set_colour((*_lighter(side_colour(state.side)), 1.0))
            for key in ("type", "alt", "speed", "heading", "state"):
                row[key].set(values[key])
            row["state"].set_colour(WHITE if status == "ok" else (1.0, 0.72, 0.15, 1.0))

    def row_at(self, point_x: float, point_z: float, relative_to: NodePath) -> str | None:
        """The id of the aircraft whose row is at a point (in ``relative_to``'s units), or
        None: for a click that selects."""
        if not self.visible or not self._ids:
            return None
        local = self.root.getRelativePoint(relative_to, (point_x, 0.0, point_z))
        if not 0.0 <= local.x <= PANEL_WIDTH:
            return None
        index = int((-local.z - TOP_PAD) // ROW_STEP)
        return self._ids[index] if 0 <= index < len(self._ids) else None

    def screen_box(self, relative_to: NodePath) -> ScreenBox | None:
        return shown_box(self.root, relative_to)

    def destroy(self) -> None:
        self.root.removeNode()
        self._rows.clear()


def _lighter(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """A side colour lifted toward white so it reads on the dark backing."""
    r, g, b = rgb
    return (r + (1 - r) * 0.45, g + (1 - g) * 0.45, b + (1 - b) * 0.45)
