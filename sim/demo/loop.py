"""The demo loop on a ShowBase: one replay scene per vignette, driven by the director and
the auto-director, with the demo overlay on top.  The same code runs in the window and
offscreen; :func:`record` steps it by frame time into a video.

Each vignette's scenario is run through the engine once, up front (:func:`load_reels`), and
its timeline kept for every pass of the loop: a run is deterministic, and the 4v4 furball
takes seconds to play.  Moving to the next vignette destroys the previous scene (layers,
HUD, nodes) before building the next, so a loop left running for a day holds one scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from models.playlist import Playlist, Vignette
from models.timeline import Timeline
from sim.cameras import Bounds
from sim.demo.director import Cue, DemoDirector
from sim.demo.framing import top_shot_bounds
from sim.demo.shots import Plan, Shot, plan_shots, vignette_subject

TITLE_ORBIT_DEG_PER_S = 5.0
"""Behind the title card, the camera circles the frozen scene this fast."""


@dataclass(frozen=True)
class Reel:
    """A vignette ready to show: its timeline and the auto-director's plan for it."""

    vignette: Vignette
    timeline: Timeline
    plan: Plan

    @property
    def subject(self) -> str | None:
        return vignette_subject(self.timeline, self.vignette)


def _source(vignette: Vignette, playlist_dir: Path | None) -> str:
    """The scenario as :func:`~sim.cli.scenario_cmds.play_source` takes it: a file beside
    the playlist if there is one, else the text as written (a file or a shipped name)."""
    if playlist_dir is not None and (playlist_dir / vignette.scenario).is_file():
        return str(playlist_dir / vignette.scenario)
    return vignette.scenario


def load_reels(
    playlist: Playlist,
    playlist_dir: Path | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> list[Reel]:
    """Play every vignette's scenario (each distinct one once) and plan its shots.

    Raises ValueError naming the vignette when its aircraft or times do not fit its replay.
    """
    from sim.cli.scenario_cmds import play_source

    timelines: dict[str, Timeline] = {}
    reels: list[Reel] = []
    count = len(playlist.vignettes)
    for index, vignette in enumerate(playlist.vignettes):
        source = _source(vignette, playlist_dir)
        if progress is not None:
            progress(index, count, vignette.scenario)
        if source not in timelines:
            timelines[source] = play_source(source)[2]
        timeline = timelines[source]
        where = f"vignette {index + 1} ({vignette.title})"
        if vignette.select is not None and vignette.select not in timeline.entity_ids:
            known = ", ".join(timeline.entity_ids)
            raise ValueError(
                f"{where}: select {vignette.select!r} is not in {vignette.scenario}; "
                f"choose one of {known}"
            )
        end_s = float(timeline.t_s[-1])
        if vignette.to_s > end_s + 1e-6:
            raise ValueError(
                f"{where}: to_s {vignette.to_s:g} is past the end of {vignette.scenario}'s "
                f"replay ({end_s:g} s)"
            )
        reels.append(Reel(vignette, timeline, plan_shots(timeline, vignette)))
    return reels


def demo_settings(vignette: Vignette, mini_scale: float = 20.0) -> Any:
    """The view settings of a vignette: its instructor overlays are the five that read
    across a room (sight line, 3/9 line, turn circles, gun cone, control zone)."""
    from sim.view.layer import ViewSettings

    on = vignette.instructor
    return ViewSettings(
        mini_scale=mini_scale,
        show_sight_line=on,
        show_three_nine=on,
        show_turn_circles=on,
        show_gun_cone=on,
        show_control_zone=on,
    )


class DemoLoop:
    """The attract loop on ``base``: the director's cue drawn into the scene and overlay.

    :meth:`step` moves the loop on and draws it; in viewer mode only the overlay is drawn
    here (the viewer's :class:`~sim.app.ReplayApp` draws the scene).
    """

    def __init__(
        self,
        base: Any,
        playlist_title: str,
        reels: Sequence[Reel],
        director: DemoDirector,
        mini_scale: float = 20.0,
    ) -> None:
        from sim.demo.overlay import DemoOverlay

        if len(reels) != len(director.vignettes):
            raise ValueError("one reel per vignette")
        self.base = base
        self.reels = tuple(reels)
        self.director = director
        self.mini_scale = mini_scale
        self.overlay = DemoOverlay(base.aspect2d, playlist_title, len(reels))
        self.scene: Any = None
        self._vignette: int | None = None
        self._top_bounds: dict[tuple[int, float, float], Bounds | None] = {}
        self.scenes_built = 0

    # -- stepping ------------------------------------------------------------------------
    def step(self, wall_dt_s: float) -> Cue:
        """Advance the director by ``wall_dt_s`` and draw the cue."""
        cue = self.director.advance(wall_dt_s)
        self.show(cue, wall_dt_s)
        return cue

    def show(self, cue: Cue, wall_dt_s: float) -> None:
        """Draw ``cue``: the scene (unless a viewer is driving it) and the overlay."""
        scene = self._scene_for(cue.vignette)
        aspect = float(self.base.getAspectRatio())
        if cue.mode == "viewer":
            self.overlay.update(cue, "", aspect)
            return
        reel = self.reels[cue.vignette]
        playback, rig = scene.playback, scene.rig
        if cue.phase == "title":
            playback.pause()
            playback.seek(cue.t_s)
            playback.select(reel.subject)
            rig.set_mode("orbit")
            rig.bounds, rig.fixed_bounds = scene.bounds, None
            rig.orbit = rig.orbit.turned(TITLE_ORBIT_DEG_PER_S * wall_dt_s, 0.0)
            caption = ""
        else:
            shot = reel.plan.shot_at(cue.t_s)
            playback.play()
            playback.set_speed(cue.speed)
            playback.seek(cue.t_s)
            playback.select(shot.subject)
            rig.set_mode(shot.camera)
            rig.fixed_bounds = self._bounds_for(cue.vignette, shot)  # None: follow the fight
            rig.bounds = rig.fixed_bounds or scene.bounds
            caption = reel.plan.caption_at(cue.t_s)
        scene.draw(playback.snapshot(), wall_dt_s)
        # After the HUD's own update, which shows its instruments when it has a selection.
        _show_hud(scene, cue.phase != "title", ticker=self.overlay.leaves_ticker_room)
        self.overlay.update(cue, caption, aspect)

    def hand_over(self) -> Any:
        """Ready the scene on screen for a viewer (HUD, scrub bar, normal speed) and return
        it; :meth:`show` draws only the overlay until the director resumes the loop."""
        scene = self.scene
        if scene is not None:
            scene.rig.bounds, scene.rig.fixed_bounds = scene.bounds, None  # follow the fight
            _show_hud(scene, True)
            scene.scrub.root.show()
            scene.playback.set_speed(1.0)
        return scene

    def _scene_for(self, index: int) -> Any:
        if index == self._vignette and self.scene is not None:
            return self.scene
        from sim.app import ReplayScene

        if self.scene is not None:
            self.scene.destroy()
            self.scene = None
        reel = self.reels[index]
        vignette = reel.vignette
        self.scene = ReplayScene(
            self.base,
            reel.timeline,
            demo_settings(vignette, self.mini_scale),
            camera="orbit",
            selected=reel.subject,
        )
        self.scene.scrub.root.hide()
        self._keep_label_off_overlay(self.scene)
        self._vignette = index
        self.scenes_built += 1
        self.overlay.set_vignette(
            index,
            vignette,
            self.director.segments(index),
            float(self.base.getAspectRatio()),
        )
        return self.scene

    def _bounds_for(self, index: int, shot: Shot) -> Bounds | None:
        """What a top shot frames (:mod:`sim.demo.framing`); None: the whole engagement."""
        if shot.camera != "top":
            return None
        key = (index, shot.start_s, shot.end_s)
        if key not in self._top_bounds:
            timeline = self.reels[index].timeline
            self._top_bounds[key] = top_shot_bounds(timeline, shot.start_s, shot.end_s)
        return self._top_bounds[key]

    def _keep_label_off_overlay(self, scene: Any) -> None:
        """The instructor label keeps clear of the banner, caption and attract line as well
        as of the HUD."""
        hud_boxes = scene.instructor.keep_clear
        overlay, aspect2d = self.overlay, self.base.aspect2d

        def boxes() -> list[Any]:
            return [*(hud_boxes() if hud_boxes else ()), *overlay.panel_boxes(aspect2d)]

        scene.instructor.keep_clear = boxes

    def destroy(self) -> None:
        if self.scene is not None:
            self.scene.destroy()
            self.scene = None
        self.overlay.destroy()


def _show_hud(scene: Any, shown: bool, ticker: bool = True) -> None:
    """Hide the HUD behind the title card (the card says all there is to say then), and
    its event ticker where the attract line needs the room."""
    hud = scene.hud
    if hud is None:
        return
    for element in (*hud.instruments, hud.clock, hud.ticker):
        visible = shown and (ticker or element is not hud.ticker)
        if visible and element.root.isHidden():
            element.root.show()
        elif not visible and not element.root.isHidden():
            element.root.hide()


def record(
    base: Any,
    loop: DemoLoop,
    path: Path,
    seconds: float,
    fps: int,
    size: tuple[int, int],
    progress: Callable[[int], None] | None = None,
) -> int:
    """Step the loop ``1/fps`` at a time for ``seconds`` and encode every frame into
    ``path`` (MP4); returns the number of frames."""
    from sim.export import FrameGrabber, encode_video

    count = max(1, round(seconds * fps))
    with FrameGrabber(base) as grabber:

        def frames() -> Any:
            for i in range(count):
                loop.step(0.0 if i == 0 else 1.0 / fps)
                base.graphicsEngine.renderFrame()
                yield grabber.grab()

        return encode_video(path, frames, size[0], size[1], fps, progress, "bgra")
