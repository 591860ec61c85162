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

from typing import Any

import numpy as np

from models.timeline import Timeline
from sim.bfm import HISTORY_S
from sim.cameras import CAMERA_MODES, Bounds, CameraMode, CameraPose, CameraRig
from sim.playback import Playback
from sim.snapshot import Snapshot
from sim.view.controls import HelpOverlay, ScrubBar
from sim.view.layer import ScreenBox, ViewSettings, shown_box
from sim.window_status import StatusWriter, box_pixels

NEAR_FT, FAR_FT = 20.0, 3_000_000.0
ORTHO_UNIT_FT = 1000.0
"""An orthographic camera measures its film in units of this many feet: in plain feet the
lens matrix of a 90,000 ft wide view is too small for Panda3D to invert, and nothing draws."""


def timeline_bounds(timeline: Timeline) -> Bounds:
    """The engagement's extent: every active sample's position, with a margin."""
    ch = timeline.channels
    xyz = np.stack([ch["x_ft"].ravel(), ch["y_ft"].ravel(), ch["z_ft"].ravel()], axis=1)
    return Bounds.of_points(xyz)


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
    ) -> None:
        from sim.energy import EnergyHistory
        from sim.view.awareness import AwarenessLines
        from sim.view.ground import HexGround
        from sim.view.hud import Hud
        from sim.view.instructor import InstructorOverlays
        from sim.view.markers import EventMarkers
        from sim.view.minis import BoxMinis
        from sim.view.radar_arcs import RadarArcs
        from sim.view.stacks import AltitudeStacks
        from sim.view.tents import TentMinis
        from sim.view.tracers import GunTracers
        from sim.view.trails import Trails

        self.base = base
        self.timeline = timeline
        self.settings = settings or ViewSettings()
        # The instructor overlays read velocities off the last ticks of the trails, so the
        # playback keeps a little trail even when none is drawn (older points are clear).
        trail_s = max(self.settings.trail_seconds, HISTORY_S)
        self.playback = Playback(timeline, loop=loop, trail_seconds=trail_s)
        if selected is not None:
            self.playback.select(selected)
        self.bounds = timeline_bounds(timeline)
        self.rig = CameraRig(self.bounds, camera, mini_scale=self.settings.mini_scale)
        self.root = base.render.attachNewNode("furball-scene")
        low, high = self.bounds.low, self.bounds.high
        self.layers: list[Any] = [
            HexGround(self.root, (low[0], low[1], high[0], high[1]), self.settings),
            BoxMinis(self.root, timeline, self.settings),
            TentMinis(self.root, self.settings),
            AltitudeStacks(self.root, self.settings),
            Trails(self.root, self.settings),
            GunTracers(self.root, self.settings),
        ]
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
        if self.settings.show_hud:
            self.hud = Hud(
                base.aspect2d,
                base.a2dTopLeft,
                base.a2dTopRight,
                base.a2dBottomLeft,
                base.a2dBottomRight,
            )
        turn_s = timeline.meta.tick_s * 10
        times = tuple(e.t_s for e in timeline.meta.events)
        if self.hud is not None:
            hud, aspect2d = self.hud, base.aspect2d
            self.instructor.keep_clear = lambda: hud.panel_boxes(aspect2d)
        self.scrub = ScrubBar(base.a2dBottomCenter, float(timeline.t_s[-1]), turn_s, times)
        self.help = HelpOverlay(base.aspect2d)
        self._ortho: bool | None = None

    # -- drawing -------------------------------------------------------------------------
    def draw(self, snapshot: Snapshot, dt_s: float) -> None:
        """Place the camera, then update every layer from the snapshot."""
        pose = self.rig.pose(snapshot, dt_s)
        self.markers.set_eye(pose.position)
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
        self.apply_camera(pose)
        self.instructor.update(snapshot)

    def screen_boxes(self) -> dict[str, ScreenBox]:
        """Every shown 2D panel's rectangle in aspect2d units, by name: the HUD's
        instruments, clock and ticker, the scrub bar, the help overlay and the instructor's
        label and energy chart."""
        aspect2d = self.base.aspect2d
        parts: dict[str, Any] = {"scrub": self.scrub.root, "help": self.help.root}
        if self.hud is not None:
            hud = self.hud
            parts |= {
                "header": hud.header.root,
                "gauges": hud.gauges.root,
                "sensors": hud.sensors.root,
                "status": hud.status.root,
                "throttle": hud.throttle.root,
                "phad": hud.phad.root,
                "clock": hud.clock.root,
                "ticker": hud.ticker.root,
            }
        parts |= self.instructor.screen_parts()
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
        if self.hud is not None:
            self.hud.destroy()
        self.scrub.destroy()
        self.help.destroy()
        self.root.removeNode()


class ReplayApp:
    """A window playing the replay: the update task and the key and mouse bindings."""

    ORBIT_DEG_PER_PIXEL = 0.3

    def __init__(self, base: Any, scene: ReplayScene, demo: bool = False) -> None:
        self.base = base
        self.scene = scene
        self.demo = demo
        """In the convention demo esc belongs to the loop (it hands the screen back)."""
        scene.help.set_demo(demo)
        self.playback = scene.playback
        self._drag: tuple[float, float] | None = None
        self.status = StatusWriter.from_environment()
        self._bind()
        self.playback.play()
        base.taskMgr.add(self._update, "furball-update")

    def _bind(self) -> None:
        pb, accept = self.playback, self.base.accept
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
        accept("a", self.scene.awareness.toggle)
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
        if not self.demo:
            accept("escape", self.base.userExit)
        for key, mode in zip("12345", CAMERA_MODES, strict=True):
            accept(key, self.scene.rig.set_mode, [mode])
        accept("mouse1", self._press)
        accept("mouse1-up", self._release)
        accept("wheel_up", self._zoom, [0.85])
        accept("wheel_down", self._zoom, [1 / 0.85])

    def _toggle_loop(self) -> None:
        self.playback.loop = not self.playback.loop

    def _zoom(self, factor: float) -> None:
        self.scene.rig.orbit = self.scene.rig.orbit.zoomed(factor)

    def _mouse(self) -> tuple[float, float] | None:
        watcher = self.base.mouseWatcherNode
        if not watcher.hasMouse():
            return None
        return (watcher.getMouseX(), watcher.getMouseY())

    def _press(self) -> None:
        at = self._mouse()
        if at is None:
            return
        from sim.view.controls import BAR_CLICK_HALF, BAR_Z

        bar = self.scene.scrub.root.getRelativePoint(self.base.render2d, (at[0], 0, at[1]))
        if abs(bar[2] - BAR_Z) < BAR_CLICK_HALF:
            self.playback.seek_fraction(self.scene.scrub.fraction_at(bar[0]))
            return
        self._drag = at

    def _release(self) -> None:
        self._drag = None

    def _update(self, task: Any) -> Any:
        dt = self.base.clock.getDt()
        if self._drag is not None and (at := self._mouse()) is not None:
            width, height = self.base.win.getXSize(), self.base.win.getYSize()
            dx = (at[0] - self._drag[0]) * width / 2
            dy = (at[1] - self._drag[1]) * height / 2
            rig = self.scene.rig
            rig.orbit = rig.orbit.turned(-dx * self.ORBIT_DEG_PER_PIXEL, -dy * 0.3)
            self._drag = at
        self.playback.advance(dt)
        self.scene.draw(self.playback.snapshot(), dt)
        if self.status is not None and self.status.due():
            self.status.write(self.window_status())
        return task.cont

    def window_status(self) -> dict[str, Any]:
        """What the window shows now (see :mod:`sim.window_status`)."""
        base, pb = self.base, self.playback
        size = (int(base.win.getXSize()), int(base.win.getYSize()))
        extent = (float(base.a2dRight), float(base.a2dTop))
        boxes = self.scene.screen_boxes()
        return {
            "app": "replay",
            "frame": int(base.clock.getFrameCount()),
            "t_s": round(pb.t_s, 3),
            "playing": pb.playing,
            "speed": pb.speed,
            "loop": pb.loop,
            "camera": self.scene.rig.mode,
            "selected": pb.selected,
            "help": self.scene.help.visible,
            "size": list(size),
            "panels": {name: box_pixels(box, extent, size) for name, box in boxes.items()},
        }

    def release(self) -> None:
        """Stop the update task and drop the bindings, leaving the scene to its owner (the
        demo loop takes its scene back when the viewer walks away)."""
        self.base.taskMgr.remove("furball-update")
        self.base.ignoreAll()

    def destroy(self) -> None:
        self.release()
        self.scene.destroy()
