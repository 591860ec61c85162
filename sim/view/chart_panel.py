"""The debrief charts in the window: the selected aircraft and its target against time, a
cursor at the replay clock and their values there.

Key ``u`` steps through three pages — altitude, speed and load; energy height, excess
power and fuel; range, ATA and AA — then off. A page is the debrief chart's panels
(:func:`sim.debrief.charts.draw_page`, the same as ``furball chart``) drawn once per
(aircraft, target, page, size) into a texture and kept; each frame only the cursor moves and
the values line changes. It stands over the scrub bar in the event list's place (the lists
there take turns), so the HUD and the energy strip chart stay clear.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from panda3d.core import CardMaker, LineSegs, NodePath, Texture, TransparencyAttrib

from models.timeline import Timeline
from sim.debrief.charts import ChartPage, draw_page
from sim.debrief.series import AircraftSeries, aircraft_series, default_opponent
from sim.snapshot import Snapshot
from sim.view.hud.panels import WHITE, Label, backing, make_root
from sim.view.hud.screen import LEAST_TEXT_PX
from sim.view.layer import ScreenBox, shown_box
from sim.view.toggleable import Toggleable


@dataclass(frozen=True, slots=True)
class Page:
    """One page of charts: its name and the series its panels draw."""

    name: str
    series: tuple[str, ...]


PAGES = (
    Page("altitude, speed, load", ("alt_ft", "tas_kt", "load_g")),
    Page("energy, excess power, fuel", ("es_ft", "ps_fps", "fuel")),
    Page("range, ATA, AA", ("range_ft", "ata_deg", "aa_deg")),
)
PANEL_WIDTH = 1.90
"""As wide as the event list, whose place it takes (its own units)."""
IMAGE_HEIGHT = 1.05
"""The chart image's height for that width (a little wider than 16:9)."""
TEXT_SCALE = 0.040
VALUES_STEP = 0.055
"""The values line under the image."""
CHART_DPI = 58.0
"""Drawn at this many dots per inch: the chart's 16-point ticks come out about 13 px high."""
LEAST_PX, MOST_PX = 320, 1600
"""The page's drawn width stays within these, whatever the window."""
RESIZE_SLACK = 0.15
"""A change in the on-screen width below this fraction keeps the drawn page."""
CURSOR = (1.0, 0.55, 0.1, 1.0)

Drawer = Callable[[Timeline, str, str | None, tuple[str, ...], tuple[int, int], float], ChartPage]


def value_text(series: AircraftSeries, name: str, t_s: float) -> str:
    """One series' value at the clock with its unit (``14,740 ft``), ``—`` where none."""
    found = series.get(name)
    value = series.at(name, t_s) if found is not None else math.nan
    if found is None or not math.isfinite(value):
        return "—"
    unit = {"deg": "°"}.get(found.unit, f" {found.unit}" if found.unit else "")
    digits = 1 if abs(value) < 20 and found.unit in ("G", "") else 0
    return f"{value:,.{digits}f}{unit}"


class ChartPanel(Toggleable):
    """The chart pages overlay (off until ``u``)."""

    width = PANEL_WIDTH

    def __init__(self, parent: NodePath, timeline: Timeline, drawer: Drawer = draw_page) -> None:
        self.root = make_root(parent, "charts")
        self.root.setBin("fixed", 25)
        self.timeline = timeline
        self.drawer = drawer
        self.page: int | None = None
        """The page shown (an index of :data:`PAGES`), None when off."""
        self.draws = 0
        """Pages drawn so far (each costs :attr:`last_draw_s`)."""
        self.last_draw_s = 0.0
        self._cache: dict[tuple[str, str | None, int, int, int], ChartPage] = {}
        self._shown_key: tuple[str, str | None, int, int, int] | None = None
        self._series: dict[
            tuple[str, str | None], tuple[AircraftSeries, AircraftSeries | None]
        ] = {}
        self._pair: tuple[str, str | None] | None = None
        self._px = 0
        self._scale = 1.0
        self._px_per_unit = 360.0
        self._backing = backing(
            self.root, "backing", 0.0, -(IMAGE_HEIGHT + VALUES_STEP + 0.05), PANEL_WIDTH, 0.0
        )
        self._text_scale = TEXT_SCALE
        card = CardMaker("chart")
        card.setFrame(0.02, PANEL_WIDTH - 0.02, -IMAGE_HEIGHT, -0.02)
        self.card = self.root.attachNewNode(card.generate())
        self.card.setTransparency(TransparencyAttrib.MAlpha)
        self.texture = Texture("chart")
        self.card.setTexture(self.texture)
        lines = LineSegs("cursor")
        lines.setColor(*CURSOR)
        lines.setThickness(2.0)
        lines.moveTo(0, 0, 0)
        lines.drawTo(0, 0, 1)
        self.cursor = self.root.attachNewNode(lines.create())
        self.values = Label(
            self.root,
            "values",
            "",
            scale=TEXT_SCALE,
            colour=WHITE,
            pos=(0.04, -IMAGE_HEIGHT - VALUES_STEP + 0.005),
        )
        self.set_shown(False)

    # -- pages ---------------------------------------------------------------------------
    def cycle(self) -> int | None:
        """``u``: the next page, and off after the last; returns the page shown."""
        self.page = 0 if self.page is None else self.page + 1
        if self.page >= len(PAGES):
            self.page = None
        self.set_shown(self.page is not None)
        return self.page

    def show_page(self, page: int | None) -> None:
        """Show a page by its index (``--charts``), or none."""
        self.page = page
        self.set_shown(page is not None)

    @property
    def page_name(self) -> str | None:
        return None if self.page is None else PAGES[self.page].name

    def set_timeline(self, timeline: Timeline) -> None:
        """A longer timeline (a replay still being played): the pages are drawn again."""
        self.timeline = timeline
        self._cache.clear()
        self._series.clear()
        self._shown_key = None

    # -- layout ----------------------------------------------------------------------------
    def height(self) -> float:
        """The panel's height in its own units: the image, then the values line."""
        return IMAGE_HEIGHT + 0.05 + self._text_scale * (VALUES_STEP / TEXT_SCALE)

    def place(self, x: float, bottom: float, scale: float) -> None:
        """Stand the panel on (``x`` its centre, ``bottom``) in its parent's units."""
        self._scale = scale
        # the values line reads at the HUD's smallest text however small the panel draws
        least = LEAST_TEXT_PX / max(self._px_per_unit * scale, 1e-6)
        text_scale = max(TEXT_SCALE, least)
        if abs(text_scale - self._text_scale) > 1e-4:
            self._text_scale = text_scale
            self.values.node.setScale(text_scale)
            self.values.node.setPos(0.04, 0, -IMAGE_HEIGHT - 0.02 - text_scale)
            self._backing.removeNode()
            self._backing = backing(self.root, "backing", 0.0, -self.height(), PANEL_WIDTH, 0.0)
            self._backing.setBin("fixed", 0)
        height = self.height()
        self.root.setScale(scale)
        self.root.setPos(x - PANEL_WIDTH * scale / 2, 0, bottom + height * scale)

    def _pixels(self) -> tuple[int, int]:
        """The image's size on screen in pixels, within the drawn limits."""
        across = self._scale * (PANEL_WIDTH - 0.04) * self._px_per_unit
        px = max(LEAST_PX, min(MOST_PX, round(across)))
        return px, self._height_px(px)

    @staticmethod
    def _height_px(width_px: int) -> int:
        return round(width_px * (IMAGE_HEIGHT - 0.02) / (PANEL_WIDTH - 0.04))

    def set_pixels_per_unit(self, px_per_unit: float) -> None:
        """The window's pixels per unit of the panel's parent (aspect2d)."""
        self._px_per_unit = px_per_unit

    # -- drawing ---------------------------------------------------------------------------
    def update(self, snapshot: Snapshot, target: str | None = None) -> None:
        """Show the page for the selected aircraft against ``target`` (its default opponent
        when None) with the cursor at the snapshot's time."""
        if not self.visible or self.page is None:
            return
        entity = snapshot.selected
        if entity is None or entity not in self.timeline.entity_ids:
            self.values.set("select an aircraft (tab) to chart it")
            return
        against = target if target in self.timeline.entity_ids else None
        if against is None:
            against = default_opponent(self.timeline, entity)
        width_px, height_px = self._pixels()
        if self._px and abs(width_px - self._px) < RESIZE_SLACK * self._px:
            width_px, height_px = self._px, self._height_px(self._px)
        key = (entity, against, self.page, width_px, height_px)
        page = self._cache.get(key)
        if page is None:
            started = time.perf_counter()
            page = self.drawer(
                self.timeline,
                entity,
                against,
                PAGES[self.page].series,
                (width_px, height_px),
                CHART_DPI,
            )
            self.last_draw_s = time.perf_counter() - started
            self.draws += 1
            self._cache[key] = page
        if key != self._shown_key:
            self._shown_key, self._px = key, width_px
            self._load(page)
        self._move_cursor(page, snapshot.t_s)
        self._show_values(entity, against, snapshot.t_s)

    def _load(self, page: ChartPage) -> None:
        height, width = page.rgba.shape[:2]
        self.texture.setup2dTexture(width, height, Texture.T_unsigned_byte, Texture.F_rgba8)
        # Panda3D wants the bottom row first and BGRA order
        flipped = np.ascontiguousarray(page.rgba[::-1][:, :, [2, 1, 0, 3]])
        self.texture.setRamImage(flipped.tobytes())

    def _move_cursor(self, page: ChartPage, t_s: float) -> None:
        fraction = (t_s - page.t0_s) / max(page.t1_s - page.t0_s, 1e-9)
        fraction = min(1.0, max(0.0, fraction))
        left, right = 0.02, PANEL_WIDTH - 0.02
        x = left + (right - left) * (page.x0 + (page.x1 - page.x0) * fraction)
        self.cursor.setPos(x, 0, -IMAGE_HEIGHT * 0.93)
        self.cursor.setScale(1, 1, IMAGE_HEIGHT * 0.78)
        if page.drawn:
            self.cursor.show()
        else:
            self.cursor.hide()

    def _show_values(self, entity: str, against: str | None, t_s: float) -> None:
        pair = self._series.get((entity, against))
        if pair is None:
            own = aircraft_series(self.timeline, entity, against)
            other = aircraft_series(self.timeline, against, opponent=False) if against else None
            pair = self._series[(entity, against)] = (own, other)
        own, other = pair
        names = {e.id: e.callsign for e in self.timeline.meta.entities}
        series = PAGES[self.page or 0].series
        if "range_ft" in series:
            text = "  ".join(
                f"{label} {value_text(own, name, t_s)}"
                for name, label in (("range_ft", "range"), ("ata_deg", "ATA"), ("aa_deg", "AA"))
            )
        else:
            parts = [
                f"{names.get(entity, entity)}: "
                + "  ".join(value_text(own, name, t_s) for name in series)
            ]
            if other is not None and against is not None:
                parts.append(
                    f"{names.get(against, against)}: "
                    + "  ".join(value_text(other, name, t_s) for name in series)
                )
            text = "   |   ".join(parts)
        self.values.set(f"{t_s:6.1f} s  {text}")

    def screen_box(self, relative_to: NodePath) -> ScreenBox | None:
        return shown_box(self.root, relative_to)

    def destroy(self) -> None:
        self.root.removeNode()
        self._cache.clear()
