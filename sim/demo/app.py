"""The demo in a window: the loop's task, and handing the controls to a viewer and back.

Any key or click (the button thrower's generic button-down event) hands the scene on screen
to a :class:`~sim.app.ReplayApp` with all the usual bindings, and that first key then does
what it does in the replay (``2`` switches to the chase camera); each further key or click
restarts the idle clock, and after the idle timeout (or on ``esc``) the loop takes the
screen back at the next vignette.  ``ctrl-q`` quits, so a visitor's ``esc`` never ends the
demo.
"""

from __future__ import annotations

from typing import Any

from sim.demo.loop import DemoLoop
from sim.window_status import StatusWriter

BUTTON_EVENT = "furball-demo-button"
"""Thrown for every key or mouse button pressed (with the button's name)."""
MAX_STEP_S = 0.25
"""A frame that took longer (building the next scene) advances the loop this much only."""


class DemoApp:
    """The attract loop on screen, and the viewer's takeover."""

    def __init__(self, base: Any, loop: DemoLoop) -> None:
        from direct.showbase.DirectObject import DirectObject

        self.base = base
        self.loop = loop
        self.viewer: Any = None
        self._handed_over_frame = -1
        self._taken_back_frame = -1
        self.status = StatusWriter.from_environment()
        # Bindings of our own: the viewer's ReplayApp calls base.ignoreAll() on release.
        self.events = DirectObject()
        self._thrower = base.buttonThrowers[0].node() if base.buttonThrowers else None
        if self._thrower is not None:
            self._thrower.setButtonDownEvent(BUTTON_EVENT)
        self.events.accept(BUTTON_EVENT, self.on_input)
        self.events.accept("control-q", base.userExit)
        base.taskMgr.add(self._update, "furball-demo")

    def on_input(self, button: str = "") -> None:
        """A key or click: the viewer takes the controls, or keeps them a while longer."""
        # Panda3D throws a key's own event before the generic one: the esc that just gave
        # the screen back arrives here afterwards and must not take it over again.
        if self.base.clock.getFrameCount() == self._taken_back_frame:
            return
        director = self.loop.director
        was_attract = director.mode == "attract"
        director.user_input()
        if was_attract and self.loop.scene is not None:
            self._hand_over(button)

    def _hand_over(self, button: str = "") -> None:
        from sim.app import ReplayApp

        self.viewer = ReplayApp(self.base, self.loop.hand_over(), demo=True)
        self.base.ignore("escape")  # esc hands back to the loop; ctrl-q quits
        self.events.accept("escape", self._escape)
        self._handed_over_frame = self.base.clock.getFrameCount()
        self._cursor(hidden=False)
        # The key's own event went by before the replay's bindings existed: send it again,
        # so the visitor's first key also does what it says (esc only wakes the demo up).
        if button and button != "escape":
            self.base.messenger.send(button)

    def _escape(self) -> None:
        # The esc that woke the demo up arrives in the same frame: it only hands over.
        if self.base.clock.getFrameCount() != self._handed_over_frame:
            self.take_back()

    def take_back(self) -> None:
        """The loop takes the screen back (esc, or the idle timeout)."""
        if self.loop.director.mode == "viewer":
            self.loop.director.resume()
        self._taken_back_frame = self.base.clock.getFrameCount()
        self._release()

    def _release(self) -> None:
        if self.viewer is not None:
            self.viewer.release()
            self.viewer = None
            if self.loop.scene is not None:
                self.loop.scene.scrub.root.hide()
                self.loop.scene.help.hide()
        self.events.ignore("escape")
        self._cursor(hidden=True)

    def _cursor(self, hidden: bool) -> None:
        from panda3d.core import WindowProperties

        if hasattr(self.base.win, "requestProperties"):
            props = WindowProperties()
            props.setCursorHidden(hidden)
            self.base.win.requestProperties(props)

    def tick(self, wall_dt_s: float) -> None:
        """One frame: the director moves on; the loop draws (the viewer's app draws its own
        scene while it has the controls)."""
        cue = self.loop.director.advance(wall_dt_s)
        if self.viewer is not None and (
            cue.mode == "attract" or self.viewer.scene is not self.loop.scene
        ):
            self._release()  # before the loop replaces the viewer's scene
        self.loop.show(cue, wall_dt_s)

    def _update(self, task: Any) -> Any:
        self.tick(min(self.base.clock.getDt(), MAX_STEP_S))
        if self.status is not None and self.status.due():
            self.status.write(self.window_status())
        return task.cont

    def window_status(self) -> dict[str, Any]:
        """The loop's state, with the viewer's replay status while a visitor has the
        controls (see :mod:`sim.window_status`)."""
        director = self.loop.director
        status: dict[str, Any] = {
            "app": "demo",
            "frame": int(self.base.clock.getFrameCount()),
            "mode": director.mode,
            "vignette": director.vignette,
            "phase": director.phase,
            "size": [int(self.base.win.getXSize()), int(self.base.win.getYSize())],
        }
        if self.viewer is not None:
            status["viewer"] = self.viewer.window_status()
        return status

    def destroy(self) -> None:
        self._release()
        self.base.taskMgr.remove("furball-demo")
        self.events.ignoreAll()
        if self._thrower is not None:
            self._thrower.setButtonDownEvent("")
        self.loop.destroy()


def go_full_screen(base: Any, size: tuple[int, int] | None) -> None:
    """Ask for a full-screen window at ``size``, or at the display's own resolution."""
    from panda3d.core import WindowProperties

    props = WindowProperties()
    props.setFullscreen(True)
    props.setCursorHidden(True)
    if size is None and base.pipe is not None and base.pipe.getDisplayWidth() > 0:
        size = (base.pipe.getDisplayWidth(), base.pipe.getDisplayHeight())
    if size is not None:
        props.setSize(*size)
    base.win.requestProperties(props)
