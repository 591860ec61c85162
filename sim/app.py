"""The replay: one scene composed from the view layers, driven by one update task.

:class:`ReplayScene` builds every layer once (hex ground, box minis, altitude stacks, trails,
gun tracers, event markers, awareness lines, radar scan arc, instructor overlays, HUD, scrub
bar) under the nodes it is given, and
:meth:`ReplayScene.draw` updates them all from a Snapshot and places the camera.  It is the
same code on screen and offscreen: :class:`ReplayApp` adds the window's update task and
key/mouse bindings, the exporters in :mod:`sim.export` call :meth:`ReplayScene.draw_at`
frame by frame.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from engine.hexmap import STEP_FT
from models.timeline import Timeline
from sim.bfm import HISTORY_S
from sim.cameras import CAMERA_MODES, FOLLOWING_MODES, Bounds, CameraMode, CameraPose, CameraRig
from sim.debrief.shot_log import ShotRecord
from sim.events import notable
from sim.playback import Playback
from sim.snapshot import Snapshot
from sim.view.aircraft_list import PANEL_WIDTH as ROSTER_WIDTH
from sim.view.aircraft_list import AircraftList
from sim.view.chart_panel import ChartPanel
from sim.view.controls import HelpOverlay, ScrubBar
from sim.view.event_list import PANEL_WIDTH as EVENTS_WIDTH
from sim.view.event_list import EventList, next_event_time
from sim.view.layer import Eye, ScreenBox, ViewSettings, shown_box
from sim.view.shot_log_panel import ShotLogPanel
from sim.view.target_box import BOX_PX
from sim.window_status import StatusWriter, box_pixels

NEAR_FT, FAR_FT = 20.0, 3_000_000.0
ORTHO_UNIT_FT = 1000.0
"""An orthographic camera measures its film in units of this many feet: in plain feet the
lens matrix of a 90,000 ft wide view is too small for Panda3D to invert, and nothing draws."""


def timeline_bounds(timeline: Timeline) -> Bounds:
    """The engagement's extent: every active sample's position, and a bounded field's
    corners (the map covers the whole field), with a margin."""
    ch = timeline.channels
    xyz = np.stack([ch["x_ft"].ravel(), ch["y_ft"].ravel(), ch["z_ft"].ravel()], axis=1)
    field = timeline.meta.field_ft
    if field is not None:
        xmin, ymin, xmax, ymax = field
        corners = np.array([(xmin, ymin, 0.0), (xmax, ymax, 0.0)])
        xyz = np.concatenate([xyz, corners])
    return Bounds.of_points(xyz)


LEAST_LIST_SCALE = 0.7
"""The aircraft list is drawn at least this large where it can be: where the gap between
the HUD's top columns would make it smaller, it takes the window's whole width instead."""


def _span_scale(span: tuple[float, float], width: float) -> float:
    """The scale a list ``width`` wide is drawn at to fit ``span`` (at most 1)."""
    return min(1.0, (span[1] - span[0]) / width)


def frame_scale(timeline: Timeline) -> float:
    """How much smaller the timeline's map unit is than Birds of Prey's 400 ft hex (at most
    1): the cameras' least fight frame shrinks by it."""
    scale = timeline.meta.scale
    if scale is None:
        return 1.0
    return min(1.0, scale.unit_ft / 400.0)


def fitted_to_map(settings: ViewSettings, timeline: Timeline) -> ViewSettings:
    """``settings`` for this timeline's map: minis at its rule set's scale when the viewer
    chose none, and no altitude tiles for rules that have none."""
    from sim.view.stacks import has_altitude_tiles

    scale = timeline.meta.scale
    if settings.mini_scale_from_map and scale is not None:
        settings = replace(settings, mini_scale=scale.mini_scale)
    if not has_altitude_tiles(timeline):
        settings = replace(settings, show_stacks=False)
    return settings


class ReplayScene:
    """Every view layer of the replay, the camera rig and the playback state."""

    def __init__(
        self,
        base: Any,
        timeline: Timeline,
        settings: ViewSettings | None = None,
        camera: CameraMode = "orbit",
        selected: str | None = None,
        loop: bool = False,
        complete: bool = True,
        ghost: Timeline | None = None,
        ghost_label: str = "",
        ghost_panel: bool = True,
    ) -> None:
        from sim.energy import EnergyHistory
        from sim.view.awareness import AwarenessLines
        from sim.view.balloons import Balloons
        from sim.view.bombs import Bombs
        from sim.view.bursts import ShellBursts, burst_kinds
        from sim.view.droplines import DropLines
        from sim.view.ground import HexGround
        from sim.view.ground_units import GroundUnits
        from sim.view.hud import Hud
        from sim.view.initiative_markers import InitiativeMarkers
        from sim.view.instructor import InstructorOverlays
        from sim.view.labels import EntityLabels, ScreenSpace
        from sim.view.legend import AltitudeLegend
        from sim.view.markers import EventMarkers
        from sim.view.minis import BoxMinis
        from sim.view.missile_marks import MissileMarks, missile_targets
        from sim.view.pair_range import PairRange
        from sim.view.radar_arcs import RadarArcs
        from sim.view.ships import Ships
        from sim.view.stacks import AltitudeStacks
        from sim.view.stands import FlightStands
        from sim.view.target_box import TargetBoxes
        from sim.view.tents import TentMinis
        from sim.view.tracers import GunTracers
        from sim.view.trails import Trails, smoke_trails
        from sim.view.yardsticks import Yardsticks

        self.base = base
        self.timeline = timeline
        from sim.view.stacks import has_altitude_tiles

        self.settings = fitted_to_map(settings or ViewSettings(), timeline)
        self.has_altitude_tiles = has_altitude_tiles(timeline)
        """Whether the rules stack altitude tiles (and the ``k`` key shows their legend)."""
        # The instructor overlays read velocities off the last ticks of the trails, so the
        # playback keeps a little trail even when none is drawn (older points are clear).
        trail_s = max(self.settings.trail_seconds, HISTORY_S)
        self.playback = Playback(timeline, loop=loop, trail_seconds=trail_s, complete=complete)
        if selected is not None:
            self.playback.select(selected)
        self.bounds = timeline_bounds(timeline)
        if ghost is not None:
            from sim.ghost_compare import check_ghost

            check_ghost(timeline, ghost, ghost_label or "the ghost")
            self.bounds = self.bounds.union(timeline_bounds(ghost))
        self.rig = CameraRig(self.bounds, camera, mini_scale=self.settings.mini_scale)
        self.rig.frame_scale = frame_scale(timeline)
        self.rig.ground_ft = self.settings.tile_base_alt_steps * STEP_FT
        self.root = base.render.attachNewNode("furball-scene")
        low, high = self.bounds.low, self.bounds.high
        # A timeline still growing gets a map with room to spread (see extend).
        slack = 0.0 if complete else self.bounds.size_ft / 2
        minis = BoxMinis(self.root, timeline, self.settings)
        self.stands = FlightStands(self.root, timeline, self.settings)
        self.balloons = Balloons(minis.root, self.settings)
        self.ground_units = GroundUnits(self.root, self.settings, timeline.meta.entities)
        self.ships = Ships(minis.root, self.settings, timeline.meta.entities)
        self.bombs = Bombs(minis.root, self.settings)
        self.bursts = ShellBursts(self.root, self.settings, burst_kinds(timeline.meta))
        self.layers: list[Any] = [
            HexGround(
                self.root,
                (low[0] - slack, low[1] - slack, high[0] + slack, high[1] + slack),
                self.settings,
                scale=timeline.meta.scale,
                field_ft=timeline.meta.field_ft,
            ),
            minis,
            self.stands,
            self.balloons,
            self.ground_units,
            self.ships,
            self.bombs,
            TentMinis(self.root, self.settings),
            AltitudeStacks(self.root, self.settings),
            Trails(self.root, self.settings, kinds=frozenset({"aircraft"})),
            smoke_trails(self.root, self.settings),
            GunTracers(self.root, self.settings),
            self.bursts,
            InitiativeMarkers(self.root, timeline, self.settings),
        ]
        self.ghost: Any = None
        """The ghost timeline's layer (``--ghost``), drawn over the replay's trails."""
        self.ghost_label = ghost_label
        if ghost is not None:
            from sim.view.ghost import GhostLayer

            self.ghost = GhostLayer(self.root, ghost, self.settings)
            self.layers.append(self.ghost)
        if timeline.meta.measured_moves:
            self.layers.insert(
                1, Yardsticks(self.root, timeline.meta.measured_moves, self.settings)
            )
        self.drop_lines = DropLines(self.root, self.settings)
        if self.stands.enabled:  # a flight stand already drops a line to the table
            self.drop_lines.hide()
        self.layers.append(self.drop_lines)
        self.markers = EventMarkers(self.root, self.settings)
        self.awareness = AwarenessLines(self.root, self.settings)
        self.radar_arcs = RadarArcs(self.root, self.settings)
        self.layers += [self.markers, self.awareness, self.radar_arcs]
        # Updated after the camera moves: its label is placed through the camera's lens.
        self.instructor = InstructorOverlays(
            self.root,
            base.aspect2d,
            self.settings,
            base.cam,
            energy=EnergyHistory.from_timeline(timeline),
        )
        self.hud: Any = None
        meta = timeline.meta
        if self.settings.show_hud:
            from sim.view.hud.clock import ClockWords

            self.hud = Hud(
                base.aspect2d,
                base.a2dTopLeft,
                base.a2dTopRight,
                base.a2dBottomLeft,
                base.a2dBottomRight,
                spec=meta.hud,
                clock_words=ClockWords.of(meta),
                ticks_per_turn=meta.ticks_per_turn,
            )
        # The scrub bar's turn marks are the timeline's own turns.
        turn_s = meta.tick_s * meta.ticks_per_turn
        times = tuple(e for e in timeline.meta.events if notable(e))
        if self.hud is not None:
            hud, aspect2d = self.hud, base.aspect2d
            self.instructor.keep_clear = lambda: hud.panel_boxes(aspect2d)
        self.scrub = ScrubBar(base.a2dBottomCenter, float(timeline.t_s[-1]), turn_s, times)
        self.scrub.pending = not complete
        self.help = HelpOverlay(base.aspect2d)
        self.roster = AircraftList(base.aspect2d, timeline.meta.events)
        self.event_list = EventList(base.aspect2d, timeline.meta.events)
        self.shot_log = ShotLogPanel(base.aspect2d, timeline)
        self.charts = ChartPanel(base.aspect2d, timeline)
        """The chart pages (key ``u``), in the event list's place too."""
        """The shot log (key ``o``), in the event list's place: one of the two shows."""
        self.ghost_panel: Any = None
        """The "what changed" panel comparing the replay with its ghost (key ``w``)."""
        if ghost is not None:
            from sim.ghost_compare import GhostComparer, branch_change
            from sim.view.ghost_panel import WhatChangedPanel

            self.ghost_panel = WhatChangedPanel(
                base.aspect2d,
                GhostComparer(timeline, ghost, ghost_label or "the ghost", complete=complete),
                change=branch_change(timeline.meta),
            )
            self.ghost_panel.set_shown(ghost_panel)
        self._lists_key: tuple[object, ...] | None = None
        self._row_panels_hidden = False
        self._gauges_hidden = False
        self._throttle_hidden = False
        self._phad_hidden = False
        """The PHAD is hidden to make way for the shot log on a window too narrow beside it."""
        """The throttle is hidden to make way for the event list."""
        """The row panels are hidden to make way for the aircraft list."""
        self._events_shown = False
        # Screen-space layers: updated after the camera moves, projected through its lens.
        self.screen = ScreenSpace(
            base.cam, self.root, base.aspect2d, lambda: int(base.win.getYSize())
        )
        self.ground_units.screen = self.screen  # its labels keep out of each other's way
        targets = missile_targets(timeline)
        self.missile_marks = MissileMarks(self.screen, self.root, targets)
        self.labels = EntityLabels(self.screen, targets, self.settings.label_mode)
        self.target_boxes = TargetBoxes(self.screen)
        self.pair = PairRange(self.screen, self.root)
        self.legend = AltitudeLegend(
            base.aspect2d, self.settings, self.screen.extent, lambda: self.screen.pixel
        )
        if self.hud is not None:
            legend = self.legend
            self.labels.keep_clear = lambda: [
                *hud.panel_boxes(aspect2d),
                *legend.extra_boxes,
                *([legend.box()] if legend.shown else []),
                *self._list_boxes(),
            ]
            self.legend.keep_clear = self._legend_clear
            self.target_boxes.keep_clear = lambda: [
                *hud.panel_boxes(aspect2d),
                *legend.extra_boxes,
            ]
            hud = self.hud
            self.legend.also_clear = lambda: [
                box
                for node in (self.scrub.root, hud.ticker.root)
                if (box := shown_box(node, aspect2d)) is not None
            ]
        # The legend first: it measures the scrub bar and ticker the others keep clear of.
        self.screen_layers: list[Any] = [
            self.legend,
            self.missile_marks,
            self.target_boxes,
            self.pair,
            self.labels,
        ]
        self._ortho: bool | None = None

    def extend(self, timeline: Timeline, complete: bool = True) -> None:
        """Go on with a longer timeline of the same game (the engine published more): the
        playback keeps its time, speed and selection; what was worked out from the whole
        timeline (bounds, energy history, scrub bar) is worked out again, and the hex map
        is rebuilt only when the engagement has spread beyond it."""
        from sim.energy import EnergyHistory
        from sim.view.bursts import burst_kinds
        from sim.view.ground import HexGround

        self.timeline = timeline
        self.playback.extend(timeline, complete)
        self.stands.extend(timeline)
        # Entities and burst kinds the engine declared since: their words, rings and sizes.
        for layer in (self.ground_units, self.ships):
            layer.infos.update({info.id: info for info in timeline.meta.entities})
        self.bursts.kinds = burst_kinds(timeline.meta)
        self.bounds = timeline_bounds(timeline)
        self.rig.bounds = self.bounds
        low, high = self.bounds.low, self.bounds.high
        ground = self.layers[0]
        xmin, ymin, xmax, ymax = ground.map_bounds_ft
        if low[0] < xmin or low[1] < ymin or high[0] > xmax or high[1] > ymax:
            # Grown by half again each side, so a spreading fight rebuilds it only a few times.
            slack = self.bounds.size_ft / 2
            ground.destroy()
            self.layers[0] = HexGround(
                self.root,
                (low[0] - slack, low[1] - slack, high[0] + slack, high[1] + slack),
                self.settings,
                scale=timeline.meta.scale,
                field_ft=timeline.meta.field_ft,
            )
        chart = self.instructor.chart
        if chart is not None:
            history = EnergyHistory.from_timeline(timeline)
            if len(chart.history.t_s) < 2 <= len(history.t_s):
                # Built on the first tick alone, the chart could not size itself by the
                # tick step: build it again now that there is one.
                from sim.view.energy_chart import EnergyChart
                from sim.view.hud.hud import CHART_DOCK_TAG

                # The new chart keeps the place the HUD's layout left the old one (the
                # layout is made again only when the screen or the panels change).
                dock = chart.root.getPythonTag(CHART_DOCK_TAG)
                chart.destroy()
                self.instructor.chart = EnergyChart(self.instructor.label_parent, history)
                if dock is not None:
                    self.instructor.chart.root.setPythonTag(CHART_DOCK_TAG, dock)
            else:
                chart.history = history
        times = tuple(e for e in timeline.meta.events if notable(e))
        self.scrub.set_duration(float(timeline.t_s[-1]), times, pending=not complete)
        # What the newly published turns' events say: missiles' targets, the lists.
        from sim.view.missile_marks import missile_targets

        targets = missile_targets(timeline)
        self.missile_marks.targets = dict(targets)
        self.labels.missile_targets = dict(targets)
        self.roster.set_events(timeline.meta.events)
        self.event_list.set_events(timeline.meta.events)
        self.shot_log.set_timeline(timeline)
        self.charts.set_timeline(timeline)
        if self.ghost_panel is not None:
            self.ghost_panel.comparer.extend(timeline, complete)
            self.bounds = self.bounds.union(timeline_bounds(self.ghost.timeline))
            self.rig.bounds = self.bounds

    def carry_view_from(self, old: ReplayScene) -> None:
        """Look at this scene as the viewer looked at ``old`` (another timeline of the same
        game, as a what-if branch is): the camera, the speed, the side shown, and which
        overlays, labels and lists show."""
        self.rig.orbit = old.rig.orbit
        pb, was = self.playback, old.playback
        pb.speed, pb.loop = was.speed, was.loop
        if was.side is not None:
            pb.show_side(was.side)
        self.instructor.shown = dict(old.instructor.shown)
        self.instructor.picked = old.instructor.picked
        for layer, before in (
            (self.awareness, old.awareness),
            (self.radar_arcs, old.radar_arcs),
            (self.drop_lines, old.drop_lines),
            (self.legend, old.legend),
            (self.event_list, old.event_list),
            (self.shot_log, old.shot_log),
        ):
            if layer.shown != before.shown:
                layer.toggle()
        while self.labels.mode != old.labels.mode:
            self.labels.cycle()

    # -- drawing -------------------------------------------------------------------------
    def draw(self, snapshot: Snapshot, dt_s: float) -> None:
        """Place the camera, then update every layer from the snapshot."""
        self.rig.target_pick = self.instructor.picked  # ``t`` steps the padlock's target too
        pose = self.rig.pose(snapshot, dt_s)
        self.markers.set_eye(pose.position)
        eye = Eye.of_lens(
            pose.position,
            int(self.base.win.getYSize()),
            self.base.getAspectRatio(),
            pose.fov_deg,
            pose.film_ft,
        )
        for layer in (self.stands, self.ground_units, self.ships, self.bombs, self.bursts):
            layer.set_eye(eye)
        self.radar_arcs.set_camera(self.rig.mode)
        for layer in self.layers:
            layer.update(snapshot)
        aspect = float(self.base.a2dTopRight.getX())  # the screen's half width in aspect2d
        if self.hud is not None:
            cockpit = self.rig.mode == "cockpit"
            self.hud.set_prominent(cockpit, aspect)
            charted = self.instructor.shown["energy"]
            self.hud.share_ticker_row(charted)
            if charted:  # a hidden chart may stay where it is
                ticker_end = self.hud.ticker_right_x(self.base.aspect2d)
                self.instructor.dock_chart_right(cockpit, ticker_end)
            self.hud.update(snapshot)
        self.scrub.fit(aspect)
        self.scrub.update(snapshot)
        self._place_lists(aspect)
        self.roster.update(snapshot)
        self.event_list.update(snapshot)
        self.shot_log.update(snapshot)
        if self.charts.visible:
            self.charts.set_pixels_per_unit(
                self.base.win.getYSize() / (2 * float(self.base.a2dTop))
            )
            self.charts.update(snapshot, self.instructor.picked)
        if self.ghost_panel is not None:
            self.ghost_panel.update(snapshot, self.ghost.snapshot, self.instructor.picked)
        self.apply_camera(pose)
        self.instructor.update(snapshot)
        self.target_boxes.set_camera(self.rig.mode)
        self.labels.skip = snapshot.selected if self.rig.mode in FOLLOWING_MODES else None
        for layer in self.screen_layers:
            if layer is self.labels:
                boxed = self.target_boxes.shown
                half = BOX_PX / 2
                self.labels.mark_px = {i: half for i, shown in boxed.items() if shown == "box"}
                pair_box = self.pair.label_box()
                taken = self.target_boxes.taken
                self.labels.also_taken = taken if pair_box is None else [*taken, pair_box]
            layer.update(snapshot)
        # Once the camera has moved and the aircraft have their labels: the ground units'
        # labels keep out of those and of each other.
        self.ground_units.declutter(list(self.labels.placed.values()))

    def _place_lists(self, aspect: float) -> None:
        """The aircraft list hangs below the clock between the HUD's top columns; the event
        list stands above the scrub bar between the throttle and the PHAD, where it stands
        in for the event ticker (hidden while it shows).  Both narrow to fit."""
        roster, events = self._top_list(), self._bottom_list()
        if self.hud is not None and events.visible != self._events_shown:
            self._events_shown = events.visible  # only on a change: the demo hides it too
            if events.visible:
                self.hud.ticker.root.hide()
            else:
                self.hud.ticker.root.show()
        if not roster.visible:
            self._show_row_panels(True)
            self._show_gauges(True)
        if not events.visible:
            self._show_throttle(True)
        if not (self.shot_log.visible or self.charts.visible):
            self._show_phad(True)
        if not (roster.visible or events.visible):
            self._lists_key = None  # a list shown again is placed again (and its room made)
            return
        # The HUD's plan too: it lays its panels out again after the window's shape changes.
        plan = id(self.hud.plan) if self.hud is not None else 0
        key = (
            round(aspect, 4),
            self.rig.mode,
            id(roster),
            roster.visible,
            id(events),
            events.visible,
            plan,
        )
        if key == self._lists_key:
            return
        self._lists_key = key
        self._show_row_panels(True)
        self._show_gauges(True)
        self._show_throttle(True)
        self._show_phad(True)
        top, margin = float(self.base.a2dTop), 0.03
        full = (-aspect + 0.05, aspect - 0.05)
        spans = {"top": full, "bottom": full}
        roster_top, events_bottom = top - 0.2, -top + 0.2
        scrub = shown_box(self.scrub.root, self.base.aspect2d)
        if scrub is not None:  # above the scrub bar and its legend, however tall they draw
            events_bottom = max(events_bottom, scrub[3] + margin / 2)
        boxes: dict[str, ScreenBox] = {}
        if self.hud is not None:
            boxes = self.screen_boxes()
            # Between the gauges and the row panels; between the throttle (or the left
            # margin) and the PHAD.
            panel_lefts = [boxes[p.key][0] for p in self.hud.panels if p.key in boxes]
            if "gauges" in boxes:
                right = min(panel_lefts) - margin if panel_lefts else spans["top"][1]
                spans["top"] = (boxes["gauges"][1] + margin, right)
            if "phad" in boxes and not self.hud.prominent:
                left = boxes["throttle"][1] + margin if "throttle" in boxes else spans["bottom"][0]
                spans["bottom"] = (left, boxes["phad"][0] - margin)
        left, right = spans["bottom"]
        if (
            self.hud is not None
            and self.hud.throttle is not None
            and _span_scale(spans["bottom"], EVENTS_WIDTH) < LEAST_LIST_SCALE
            and events.visible
        ):
            # Too narrow between the throttle and the PHAD: the throttle makes way while
            # the event list shows.
            left = full[0]
            self._show_throttle(False)
        if events is self.shot_log:
            self._place_shot_log(left, right, events_bottom, full)
        elif events is self.charts:
            self._place_charts(left, right, events_bottom, full)
        else:
            scale = _span_scale((left, right), EVENTS_WIDTH)
            events.place((left + right) / 2, events_bottom, scale)
        left, right = spans["top"]
        if self.hud is not None and roster is self.ghost_panel:
            self._place_ghost_panel(boxes, full, margin)
            return
        roster.place((left + right) / 2, roster_top, _span_scale(spans["top"], ROSTER_WIDTH))
        if self.hud is not None and _span_scale(spans["top"], ROSTER_WIDTH) < LEAST_LIST_SCALE:
            self._roster_across(boxes, full, margin)

    def _place_shot_log(
        self, left: float, right: float, bottom: float, full: tuple[float, float]
    ) -> None:
        """The shot log in the gap: its full rows where they read at the HUD's smallest
        text size, short ones where the gap is narrower (a tall window), drawn larger on a
        short window so its text never reads smaller than the HUD's. On a window too
        narrow even for short rows beside the PHAD, the PHAD makes way while it shows."""
        from sim.view.hud.screen import LEAST_TEXT_PX
        from sim.view.shot_log_panel import TEXT_SCALE

        px_per_unit = self.base.win.getYSize() / (2 * float(self.base.a2dTop))
        least = LEAST_TEXT_PX / (TEXT_SCALE * px_per_unit)
        gap = right - left
        log = self.shot_log
        log.set_narrow(False)
        log.set_narrow(gap / log.width < max(least, LEAST_LIST_SCALE))
        if gap / log.width < least and self.hud is not None:
            self._show_phad(False)
            left, right = full
            gap = right - left
            log.set_narrow(False)
            log.set_narrow(gap / log.width < max(least, LEAST_LIST_SCALE))
        log.place((left + right) / 2, bottom, min(gap / log.width, max(1.0, least)))

    def _place_charts(
        self, left: float, right: float, bottom: float, full: tuple[float, float]
    ) -> None:
        """The charts in the gap over the scrub bar, as large as it lets them be below the
        HUD's top columns; where the gap would draw them too small to read, across the
        window with the PHAD making way while they show."""
        from sim.view.chart_panel import PANEL_WIDTH

        self.charts.set_pixels_per_unit(self.base.win.getYSize() / (2 * float(self.base.a2dTop)))
        self.charts.place(0.0, bottom, _span_scale((left, right), PANEL_WIDTH))
        height = self.charts.height()
        boxes = self.screen_boxes() if self.hud is not None else {}
        columns = [boxes[k] for k in ("header", "gauges", "sensors", "status") if k in boxes]

        def fitted(span: tuple[float, float]) -> float:
            centre, scale = (span[0] + span[1]) / 2, _span_scale(span, PANEL_WIDTH)
            half = PANEL_WIDTH * scale / 2
            above = [b[2] for b in columns if centre - half < b[1] and b[0] < centre + half]
            ceiling = min(above, default=float(self.base.a2dTop)) - 0.03
            return min(scale, (ceiling - bottom) / height)

        scale = fitted((left, right))
        if scale < LEAST_LIST_SCALE and self.hud is not None:
            self._show_phad(False)
            left, right = full
            scale = fitted(full)
        self.charts.place((left + right) / 2, bottom, max(scale, 0.3))

    def _roster_across(
        self, boxes: dict[str, ScreenBox], full: tuple[float, float], margin: float
    ) -> None:
        """On a window where the gap between the HUD's top columns would draw the aircraft
        list too small to read, the first of these with room for it at a readable size:
        the window's width under every top column, or under the row panels from the gauges
        to the right edge, or under the gauges from the left edge to the row panels; each
        clear of the throttle and the PHAD (drawn smaller to keep clear, down to
        :data:`LEAST_LIST_SCALE`). With none, it stays in the gap."""
        column_keys = self._top_column_keys()
        columns = [b for k, b in boxes.items() if k in column_keys]
        left_stack = [boxes[k] for k in ("header", "gauges") if k in boxes]
        right_stack = [b for k, b in boxes.items() if k in column_keys and b not in left_stack]
        footing = [boxes[k] for k in ("throttle", "phad") if k in boxes]
        if not columns:
            return
        slots = [(full, min(b[2] for b in columns))]
        if left_stack and right_stack:
            gauges_right = max(b[1] for b in left_stack) + margin
            panels_left = min(b[0] for b in right_stack) - margin
            slots.append(((gauges_right, full[1]), min(b[2] for b in right_stack)))
            slots.append(((full[0], panels_left), min(b[2] for b in left_stack)))
        middle = self._middle_slot(boxes, full, margin, columns)
        if middle is not None:
            slots.append(middle)
        top_list = self._top_list()
        height = self._top_list_height()
        floor = -float(self.base.a2dTop) + 0.2
        bottom = self._bottom_list()
        if bottom.visible and (shown := bottom.screen_box(self.base.aspect2d)):
            floor = shown[3]
        for span, under in slots:
            top = under - margin
            centre = (span[0] + span[1]) / 2
            scale = _span_scale(span, ROSTER_WIDTH)
            half = ROSTER_WIDTH * scale / 2
            below = [b[3] for b in footing if centre - half < b[1] and b[0] < centre + half]
            if below:  # as large as the room above the throttle or the PHAD lets it be
                scale = min(scale, (top - max(below) - margin) / height)
            scale = min(scale, (top - floor - margin) / height)
            if scale >= LEAST_LIST_SCALE:
                top_list.place(centre, top, scale)
                return
        if left_stack and right_stack:
            # No room anywhere: the row panels make way while the list shows (a rule set
            # with many panels on a 4:3 window), and come back when it closes.
            span = (max(b[1] for b in left_stack) + margin, full[1])
            top = float(self.base.a2dTop) - 0.2
            scale = min(_span_scale(span, ROSTER_WIDTH), (top - floor - margin) / height)
            centre, half = (span[0] + span[1]) / 2, ROSTER_WIDTH * scale / 2
            below = [b[3] for b in footing if centre - half < b[1] and b[0] < centre + half]
            if below:  # clear of the PHAD and the throttle too, where the floor allows
                scale = min(scale, (top - max(below) - margin) / height)
            self._show_row_panels(False)
            top_list.place((span[0] + span[1]) / 2, top, max(scale, LEAST_LIST_SCALE))

    def _place_ghost_panel(
        self, boxes: dict[str, ScreenBox], full: tuple[float, float], margin: float
    ) -> None:
        """Hang the "what changed" panel in the first of these with room for it at a
        readable size (:data:`LEAST_LIST_SCALE`): between the gauges and the row panels;
        across the window under every top column; from the gauges to the right edge with
        the row panels making way; else across the window under the header, the gauges and
        the row panels making way (the panel gives the altitude and speed itself).  Each
        keeps above the throttle, the PHAD and the room kept for the event ticker where
        they lie under it."""
        panel, hud = self.ghost_panel, self.hud
        assert panel is not None and hud is not None
        width, height = ROSTER_WIDTH, panel.height()
        screen_top = float(self.base.a2dTop)
        floors = [boxes[k] for k in ("throttle", "phad", "event-list") if k in boxes] + list(
            hud.reserved_boxes(self.base.aspect2d).values()
        )
        columns = {k: b for k, b in boxes.items() if k in self._top_column_keys()}
        gauges = [columns[k] for k in ("header", "gauges") if k in columns]
        rows = [b for k, b in columns.items() if k not in ("header", "gauges")]
        clock_bottom = boxes["clock"][2] if "clock" in boxes else screen_top - 0.2

        def fit(span: tuple[float, float], top: float) -> float:
            """The scale the panel fits ``span`` at, hung from ``top`` above the floors."""
            centre, half = (span[0] + span[1]) / 2, width / 2
            scale = min(1.0, (span[1] - span[0]) / width)
            for _pass in range(2):  # narrower once scaled: fewer floors may lie under it
                under = [
                    b[3]
                    for b in floors
                    if b[0] < centre + half * scale and centre - half * scale < b[1] and b[3] < top
                ]
                floor = max([-screen_top + 0.2, *under])
                scale = min(scale, (top - floor - margin) / height)
            return scale

        slots: list[tuple[tuple[float, float], float, tuple[bool, bool]]] = []
        if gauges and rows:
            gap = (max(b[1] for b in gauges) + margin, min(b[0] for b in rows) - margin)
            slots.append((gap, clock_bottom - margin, (True, True)))
        if columns:
            slots.append((full, min(b[2] for b in columns.values()) - margin, (True, True)))
        if gauges:
            beside = (max(b[1] for b in gauges) + margin, full[1])
            slots.append((beside, clock_bottom - margin, (True, False)))
        header = boxes.get("header")
        last_top = (header[2] if header is not None else clock_bottom) - margin
        slots.append((full, last_top, (False, False)))
        for index, (span, top, (gauges_shown, rows_shown)) in enumerate(slots):
            scale = fit(span, top)
            if scale >= LEAST_LIST_SCALE or index == len(slots) - 1:
                self._show_gauges(gauges_shown)
                self._show_row_panels(rows_shown)
                panel.place((span[0] + span[1]) / 2, top, max(scale, 0.3))
                return

    def _show_gauges(self, shown: bool) -> None:
        """Show or hide the HUD's gauges (they make way for the "what changed" panel on a
        window too narrow for it beside them)."""
        if self.hud is None or self._gauges_hidden == (not shown):
            return
        self._gauges_hidden = not shown
        if shown:
            self.hud.gauges.root.show()
        else:
            self.hud.gauges.root.hide()

    def _bottom_list(self) -> EventList | ShotLogPanel | ChartPanel:
        """What stands over the scrub bar: the charts, the shot log or the event list,
        whichever shows (one at a time)."""
        if self.charts.visible:
            return self.charts
        return self.shot_log if self.shot_log.visible else self.event_list

    def toggle_event_list(self) -> None:
        """``j``: the event list, in place of the shot log or the charts."""
        if self.event_list.toggle():
            self.shot_log.hide()
            self.charts.show_page(None)

    def toggle_shot_log(self) -> None:
        """``o``: the shot log, in place of the event list or the charts."""
        if self.shot_log.toggle():
            self.event_list.hide()
            self.charts.show_page(None)

    def cycle_charts(self) -> None:
        """``u``: the next chart page (then off), in place of the event list or shot log."""
        if self.charts.cycle() is not None:
            self.event_list.hide()
            self.shot_log.hide()

    def _top_list(self) -> Any:
        """What hangs below the clock: the "what changed" panel while it shows, else the
        aircraft list (the two take turns: showing one hides the other)."""
        panel = self.ghost_panel
        return panel if panel is not None and panel.visible else self.roster

    def _top_list_height(self) -> float:
        """The height of :meth:`_top_list` at scale 1."""
        top_list = self._top_list()
        if top_list is self.roster:
            return float(
                self.roster.height(
                    sum(info.kind == "aircraft" for info in self.timeline.meta.entities)
                )
            )
        return float(top_list.height())

    def toggle_roster(self) -> None:
        """Show or hide the aircraft list (``i``); it takes the "what changed" panel's place."""
        if self.roster.toggle() and self.ghost_panel is not None:
            self.ghost_panel.hide()

    def toggle_ghost_panel(self) -> None:
        """Show or hide the "what changed" panel (``w``); it takes the aircraft list's place."""
        if self.ghost_panel is not None and self.ghost_panel.toggle():
            self.roster.hide()

    def _show_throttle(self, shown: bool) -> None:
        """Show or hide the throttle quadrant (it makes way for the event list)."""
        if self.hud is None or self.hud.throttle is None or self._throttle_hidden == (not shown):
            return
        self._throttle_hidden = not shown
        if shown:
            self.hud.throttle.root.show()
        else:
            self.hud.throttle.root.hide()

    def _show_phad(self, shown: bool) -> None:
        """Show or hide the PHAD (it makes way for the shot log on a narrow window)."""
        if self.hud is None or self._phad_hidden == (not shown):
            return
        self._phad_hidden = not shown
        if shown:
            self.hud.phad.root.show()
        else:
            self.hud.phad.root.hide()

    def _show_row_panels(self, shown: bool) -> None:
        """Show or hide the HUD's row panels (they make way for the aircraft list)."""
        if self.hud is None or self._row_panels_hidden == (not shown):
            return
        self._row_panels_hidden = not shown
        for panel in self.hud.panels:
            if shown:
                panel.root.show()
            else:
                panel.root.hide()

    @staticmethod
    def _middle_slot(
        boxes: dict[str, ScreenBox],
        full: tuple[float, float],
        margin: float,
        columns: list[ScreenBox],
    ) -> tuple[tuple[float, float], float] | None:
        """The band between the throttle and the PHAD, under the top columns over it: the
        last place the aircraft list may take on a window whose top columns leave no room
        (a rule set with many panels on a 4:3 window)."""
        left = boxes["throttle"][1] + margin if "throttle" in boxes else full[0]
        right = boxes["phad"][0] - margin if "phad" in boxes else full[1]
        if right <= left:
            return None
        over = [b[2] for b in columns if b[0] < right and left < b[1]]
        return ((left, right), min(over)) if over else None

    def _top_column_keys(self) -> set[str]:
        """The HUD's panels stacked down from the top corners: the header, the gauges and
        the row panels."""
        assert self.hud is not None
        return {"header", "gauges", *(p.key for p in self.hud.panels)}

    def _legend_clear(self) -> list[ScreenBox]:
        """What the tile legend keeps off: the HUD's panels, the energy chart and the
        instructor's label, the aircraft and event lists while they show, and in the cockpit
        the middle of the view (it is for looking out)."""
        from sim.view.hud.layout import clear_middle

        hud = self.hud
        boxes = [*hud.panel_boxes(self.base.aspect2d), *self._chart_box(), *self._list_boxes()]
        if self.rig.mode == "cockpit" and hud.screen is not None:
            boxes.append(clear_middle(hud.screen, bool(self.instructor.shown["energy"])))
        return boxes

    def _chart_box(self) -> list[ScreenBox]:
        """The energy chart's and the instructor label's boxes while they show: the legend,
        placed after them each frame, keeps off both."""
        instructor, boxes = self.instructor, []
        if instructor.chart is not None and instructor.shown["energy"]:
            boxes.append(shown_box(instructor.chart.root, self.base.aspect2d))
        if not instructor.label.isHidden():
            boxes.append(shown_box(instructor.label, self.base.aspect2d))
        return [box for box in boxes if box is not None]

    def _list_boxes(self) -> list[ScreenBox]:
        """The aircraft and event lists' boxes while they show (labels keep off them)."""
        aspect2d = self.base.aspect2d
        return [
            box
            for shown in (
                self.roster,
                self.event_list,
                self.shot_log,
                self.charts,
                self.ghost_panel,
            )
            if shown is not None
            if shown.visible and (box := shown.screen_box(aspect2d)) is not None
        ]

    def screen_boxes(self) -> dict[str, ScreenBox]:
        """Every shown 2D panel's rectangle in aspect2d units, by name: the HUD's
        instruments, clock and ticker, the scrub bar, the help overlay and the instructor's
        label and energy chart."""
        aspect2d = self.base.aspect2d
        parts: dict[str, Any] = {
            "scrub": self.scrub.root,
            "help": self.help.root,
            "aircraft-list": self.roster.root,
            "event-list": self.event_list.root,
            "shot-log": self.shot_log.root,
            "charts": self.charts.root,
        }
        if self.ghost_panel is not None:
            parts["what-changed"] = self.ghost_panel.root
        if self.hud is not None:
            parts |= self.hud.named_roots()
        parts |= self.instructor.screen_parts()
        parts["legend"] = self.legend.root  # counted only while it shows
        boxes: dict[str, ScreenBox] = {}
        for name, node in parts.items():
            box = shown_box(node, aspect2d)
            if box is not None:
                boxes[name] = box
        return boxes

    def draw_at(self, t_s: float, dt_s: float = 0.0) -> Snapshot:
        """Draw the scene at a playback time (for exports) and return its snapshot."""
        self.playback.seek(t_s)
        snapshot = self.playback.snapshot()
        self.draw(snapshot, dt_s)
        return snapshot

    def apply_camera(self, pose: CameraPose) -> None:
        """Move the base camera and switch its lens to match the pose."""
        from panda3d.core import OrthographicLens, PerspectiveLens, Point3, Vec3

        cam_node = self.base.cam.node()
        aspect = self.base.getAspectRatio()
        if pose.orthographic != self._ortho:
            lens = OrthographicLens() if pose.orthographic else PerspectiveLens()
            lens.setNearFar(NEAR_FT, FAR_FT)
            cam_node.setLens(lens)
            self._ortho = pose.orthographic
        lens = cam_node.getLens()
        unit = ORTHO_UNIT_FT if pose.orthographic else 1.0
        if pose.film_ft is not None:
            lens.setFilmSize(pose.film_ft * aspect / unit, pose.film_ft / unit)
            lens.setNearFar(NEAR_FT / unit, FAR_FT / unit)
        else:
            lens.setFov(pose.fov_deg)
            lens.setAspectRatio(aspect)
        camera = self.base.camera
        camera.setPos(*pose.position)
        camera.lookAt(Point3(*pose.look_at), Vec3(*pose.up))
        camera.setScale(unit)

    def destroy(self) -> None:
        for layer in self.layers:
            layer.destroy()
        self.instructor.destroy()
        for layer in self.screen_layers:
            layer.destroy()
        if self.hud is not None:
            self.hud.destroy()
        self.scrub.destroy()
        self.help.destroy()
        self.roster.destroy()
        self.event_list.destroy()
        self.shot_log.destroy()
        self.charts.destroy()
        if self.ghost_panel is not None:
            self.ghost_panel.destroy()
        self.root.removeNode()


class ReplayApp:
    """A window playing the replay: the update task and the key and mouse bindings."""

    ORBIT_DEG_PER_PIXEL = 0.3

    def __init__(
        self,
        base: Any,
        scene: ReplayScene,
        demo: bool = False,
        source: str | None = None,
        save_dir: Path | None = None,
    ) -> None:
        from direct.showbase.DirectObject import DirectObject

        self.base = base
        self.scene = scene
        self.demo = demo
        """In the convention demo esc belongs to the loop (it hands the screen back)."""
        scene.help.set_demo(demo)
        self.playback = scene.playback
        self.keys = DirectObject()
        """The replay's key and mouse bindings (the what-if menu takes them while open)."""
        self.whatif: Any = None
        """The in-window what-if (``y``), for a replay of a scenario, game log or timeline
        file; none in the demo."""
        if source is not None and not demo:
            from sim.whatif_window import WhatIfControl

            self.whatif = WhatIfControl(self, source, save_dir)
        self._drag: tuple[float, float] | None = None
        # In the demo the loop writes the status, the viewer's part in it.
        self.status = None if demo else StatusWriter.from_environment()
        self._updates = 0
        self.first_frame_wall_s: float | None = None
        """Wall-clock time (Unix seconds) once the first frame has been drawn: the start of
        the second update, which follows the first frame's render."""
        self._bind()
        self.playback.play()
        base.taskMgr.add(self._update, "furball-update")

    def rebind(self) -> None:
        """Bind the replay's keys to the scene shown now (none while the what-if menu is
        open: it has the keys)."""
        self.keys.ignoreAll()
        if self.whatif is None or not self.whatif.open:
            self._bind()

    def show_timeline(
        self, timeline: Timeline, ghost: Timeline | None = None, ghost_label: str = ""
    ) -> None:
        """Replay another timeline of the same game (a what-if branch) in place of the
        shown one, looked at as the viewer looked at it, with ``ghost`` over it."""
        old = self.scene
        scene = ReplayScene(
            self.base,
            timeline,
            old.settings,
            camera=old.rig.mode,
            selected=old.playback.selected,
            ghost=ghost,
            ghost_label=ghost_label,
        )
        scene.carry_view_from(old)
        scene.help.set_demo(self.demo)
        old.destroy()
        self.scene = scene
        self.playback = scene.playback
        self.rebind()

    def _bind(self) -> None:
        pb, accept = self.playback, self.keys.accept
        accept("space", pb.toggle)
        accept("arrow_right", pb.step_tick, [1])
        accept("arrow_left", pb.step_tick, [-1])
        accept("arrow_right-repeat", pb.step_tick, [1])
        accept("arrow_left-repeat", pb.step_tick, [-1])
        accept("]", pb.step_turn, [1])
        accept("[", pb.step_turn, [-1])
        accept("arrow_up", pb.faster)
        accept("arrow_down", pb.slower)
        accept("home", pb.seek, [0.0])
        accept("l", self._toggle_loop)
        accept("tab", pb.select_next)
        accept("h", self.scene.help.toggle)
        accept("i", self.scene.toggle_roster)
        accept("j", self.scene.toggle_event_list)
        accept("o", self.scene.toggle_shot_log)
        accept("u", self.scene.cycle_charts)
        accept(".", self._jump_event, [1])
        accept(",", self._jump_event, [-1])
        accept("a", self.scene.awareness.toggle)
        accept("v", pb.cycle_side)
        accept("r", self.scene.radar_arcs.toggle)
        instructor = self.scene.instructor
        accept("s", instructor.toggle, ["sight"])
        accept("9", instructor.toggle, ["three_nine"])
        accept("c", instructor.toggle, ["circles"])
        accept("g", instructor.toggle, ["gun"])
        accept("m", instructor.toggle, ["missile"])
        accept("z", instructor.toggle, ["control_zone"])
        accept("e", instructor.toggle, ["energy"])
        accept("p", instructor.toggle, ["time_ticks"])
        accept("t", instructor.cycle_target)
        accept("f", instructor.freeze_and_annotate, [pb])
        scene = self.scene
        accept("n", scene.labels.cycle)
        unbound: set[str] = set()
        if scene.has_altitude_tiles:  # rules without altitude tiles have no tile legend
            accept("k", scene.legend.toggle)
        else:
            unbound.add("k")
        if scene.ghost_panel is not None:  # only a replay with a ghost has the panel
            accept("w", scene.toggle_ghost_panel)
        else:
            unbound.add("w")
        accept("d", scene.drop_lines.toggle)
        accept("b", self._pick_pair)
        accept("x", scene.pair.clear)
        if self.whatif is not None:
            accept("y", self.whatif.toggle)
        else:
            unbound.add("y")
        scene.help.set_unbound(frozenset(unbound))
        if not self.demo:
            accept("escape", self.base.userExit)
        for key, mode in zip("123456", CAMERA_MODES, strict=True):
            accept(key, self.scene.rig.set_mode, [mode])
        accept("mouse1", self._press)
        accept("mouse1-up", self._release)
        accept("wheel_up", self._wheel, [-1, 0.85])
        accept("wheel_down", self._wheel, [1, 1 / 0.85])

    def _jump_event(self, step: int) -> None:
        """Pause on the next (or previous) notable moment of the replay."""
        t_s = next_event_time(self.scene.event_list.moments_s, self.playback.t_s, step)
        if t_s is not None:
            self.playback.pause()
            self.playback.seek(t_s)

    def _pick_pair(self) -> None:
        """Pick the aircraft under the mouse as an end of the range-and-bearing pair, or,
        with no aircraft there, step the pair's other end on to the next aircraft."""
        pair = self.scene.pair
        # An offscreen base has no mouse at all.
        at = self.mouse()
        picked = None
        if at is not None:
            aspect2d = self.base.aspect2d
            point = aspect2d.getRelativePoint(self.base.render2d, (at[0], 0, at[1]))
            picked = pair.nearest((point[0], point[2]))
        if picked is None:
            pair.cycle()
        else:
            pair.pick(picked)

    def _toggle_loop(self) -> None:
        self.playback.loop = not self.playback.loop

    def _zoom(self, factor: float) -> None:
        self.scene.rig.orbit = self.scene.rig.orbit.zoomed(factor)

    def _wheel(self, rows: int, zoom: float) -> None:
        """The wheel scrolls the shot log while over it, else zooms the orbit camera."""
        at = self._aspect_point()
        if at is not None and self.scene.shot_log.contains(*at, self.base.aspect2d):
            self.scene.shot_log.scroll_by(rows)
            return
        self._zoom(zoom)

    def _aspect_point(self) -> tuple[float, float] | None:
        """The mouse in aspect2d units (None off the window)."""
        at = self.mouse()
        if at is None:
            return None
        point = self.base.aspect2d.getRelativePoint(self.base.render2d, (at[0], 0, at[1]))
        return point.x, point.z

    def jump_to_shot(self, record: ShotRecord) -> None:
        """Pause a little before a shot-log record with the shooter selected, its target the
        instructor's and the padlock camera's, and the padlock camera on (the chase when the
        record names no target)."""
        from sim.view.shot_log_panel import LEAD_S

        pb, scene = self.playback, self.scene
        pb.pause()
        pb.seek(max(0.0, record.t_s - LEAD_S))
        known = set(scene.timeline.entity_ids)
        if record.shooter in known:
            pb.select(record.shooter)
        if record.target in known:
            scene.instructor.picked = record.target
        scene.rig.set_mode("padlock" if record.target in known else "chase")

    def mouse(self) -> tuple[float, float] | None:
        """Where the mouse is in render2d units (None off the window, or offscreen)."""
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            return None
        return (watcher.getMouseX(), watcher.getMouseY())

    def _press(self) -> None:
        at = self.mouse()
        if at is None:
            return
        from sim.view.controls import BAR_CLICK_HALF, BAR_Z

        aspect2d = self.base.aspect2d
        point = aspect2d.getRelativePoint(self.base.render2d, (at[0], 0, at[1]))
        picked = self.scene.roster.row_at(point.x, point.z, aspect2d)
        if picked is not None:
            self.playback.select(picked)
            return
        record = self.scene.shot_log.record_at(point.x, point.z, aspect2d)
        if record is not None:
            self.jump_to_shot(record)
            return
        event = self.scene.event_list.event_at(point.x, point.z, aspect2d)
        if event is not None:
            self.playback.pause()
            self.playback.seek(event.t_s)
            return
        bar = self.scene.scrub.root.getRelativePoint(self.base.render2d, (at[0], 0, at[1]))
        if abs(bar[2] - BAR_Z) < BAR_CLICK_HALF:
            self.playback.seek_fraction(self.scene.scrub.fraction_at(bar[0]))
            return
        self._drag = at

    def _release(self) -> None:
        self._drag = None

    def _update(self, task: Any) -> Any:
        self._updates += 1
        if self._updates == 2:
            self.first_frame_wall_s = round(time.time(), 3)
        dt = self.base.clock.getDt()
        if self._drag is not None and (at := self.mouse()) is not None:
            width, height = self.base.win.getXSize(), self.base.win.getYSize()
            dx = (at[0] - self._drag[0]) * width / 2
            dy = (at[1] - self._drag[1]) * height / 2
            rig = self.scene.rig
            rig.orbit = rig.orbit.turned(-dx * self.ORBIT_DEG_PER_PIXEL, -dy * 0.3)
            self._drag = at
        if self.whatif is not None:
            self.whatif.update()
        self.playback.advance(dt)
        self.scene.draw(self.playback.snapshot(), dt)
        if self.whatif is not None:
            self.whatif.frame()
        if self.status is not None and self.status.due():
            self.status.write(self.window_status())
        return task.cont

    def _overlay_status(self) -> dict[str, Any]:
        """Which overlays and lists show (for the window tests that press their keys)."""
        scene = self.scene
        return {
            "awareness": scene.awareness.shown,
            "radar_arcs": scene.radar_arcs.shown,
            "instructor": dict(scene.instructor.shown),
            "instructor_target": scene.instructor.picked,
            "labels": scene.labels.mode,
            "legend": scene.legend.shown,
            "drop_lines": scene.drop_lines.shown,
            "pair": [scene.pair.first, scene.pair.second],
            "aircraft_list": scene.roster.visible,
            "event_list": scene.event_list.visible,
            "shot_log": scene.shot_log.visible,
            "charts": scene.charts.page_name,
            "what_changed": scene.ghost_panel is not None and scene.ghost_panel.visible,
            "ghost": scene.ghost_label if scene.ghost is not None else None,
        }

    def window_status(self) -> dict[str, Any]:
        """What the window shows now (see :mod:`sim.window_status`)."""
        base, pb = self.base, self.playback
        size = (int(base.win.getXSize()), int(base.win.getYSize()))
        extent = (float(base.a2dRight), float(base.a2dTop))
        boxes = self.scene.screen_boxes()
        if self.whatif is not None and (box := self.whatif.panel.screen_box(base.aspect2d)):
            boxes["what-if"] = box
        return {
            "app": "replay",
            "frame": int(base.clock.getFrameCount()),
            "first_frame_wall_s": self.first_frame_wall_s,
            "t_s": round(pb.t_s, 3),
            "playing": pb.playing,
            "speed": pb.speed,
            "loop": pb.loop,
            "duration_s": round(pb.duration_s, 3),
            "complete": pb.complete,
            "waiting": pb.waiting,
            "camera": self.scene.rig.mode,
            "selected": pb.selected,
            "side": pb.side,
            "help": self.scene.help.visible,
            "overlays": self._overlay_status(),
            "whatif": None if self.whatif is None else self.whatif.status(),
            "size": list(size),
            "panels": {name: box_pixels(box, extent, size) for name, box in boxes.items()},
        }

    def release(self) -> None:
        """Stop the update task and drop the bindings, leaving the scene to its owner (the
        demo loop takes its scene back when the viewer walks away)."""
        self.base.taskMgr.remove("furball-update")
        self.keys.ignoreAll()
        self.base.ignoreAll()

    def destroy(self) -> None:
        self.release()
        if self.whatif is not None:
            self.whatif.destroy()
        self.scene.destroy()
