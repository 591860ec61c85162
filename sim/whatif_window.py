"""The what-if in the replay window: ``y`` opens the menu on the game-turn the replay is
in, for the selected aircraft; enter flies the order under the cursor from that turn; the
branch becomes the replay, with the timeline it departs from as its ghost and the "what
changed" panel open.

While the menu is open its keys are the only ones bound (it is modal): the arrows move the
cursor, enter (or a click) flies, tab steps to the next aircraft, backspace goes back to the
shown branch's parent, ``s`` saves the shown branch, esc or ``y`` closes the menu. Finding
the legal plots and flying a branch take seconds, so they run as :class:`sim.whatif_session.Job`
in a worker thread; :meth:`WhatIfControl.update` takes their results once a frame.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from direct.showbase.DirectObject import DirectObject

from sim.main_thread_gc import collect_garbage
from sim.view.whatif_menu import WhatIfPanel
from sim.whatif_cursor import MenuCursor
from sim.whatif_session import (
    Generation,
    Job,
    MenuChoice,
    WhatIfMenu,
    WhatIfSession,
    turn_at,
    turn_start_s,
)

PARENT_LABEL = "this branch's parent"
"""The ghost's name in the "what changed" panel while a branch is shown."""


class WhatIfControl:
    """The menu, its keys, its jobs, and swapping the replay for a branch."""

    def __init__(self, app: Any, source_text: str, save_dir: Path | None = None) -> None:
        self.app = app
        self.source_text = source_text
        self.save_dir = save_dir or Path.cwd()
        self.session: WhatIfSession | None = None
        self.panel = WhatIfPanel(app.base.aspect2d)
        self.keys = DirectObject()
        self.open = False
        self.turn = 1
        self.aircraft: str | None = None
        self.cursor: MenuCursor | None = None
        self.menu_job: Job[WhatIfMenu] | None = None
        self.fly_job: Job[Generation] | None = None
        self.said = ""
        """The last line the menu said (the status line; also printed)."""
        self.saved: list[Path] = []

    # -- opening and closing -------------------------------------------------------------
    def toggle(self) -> None:
        if self.open:
            self.close()
        else:
            self.open_menu()

    def open_menu(self) -> None:
        """Pause on the game-turn the replay is in, for the selected aircraft (the first
        in play without one), and find the orders on offer."""
        app = self.app
        pb = app.playback
        timeline = app.scene.timeline
        pb.pause()
        self.turn = turn_at(timeline, pb.t_s)
        pb.seek(turn_start_s(timeline, self.turn))
        app.scene.help.set_shown(False)
        self.aircraft = pb.selected or self._aircraft_ids()[0]
        pb.select(self.aircraft)
        self.open = True
        app.keys.ignoreAll()
        self._bind()
        self.panel.set_shown(True)
        self._place()
        self._write_lineage()
        self._find_menu()

    def close(self) -> None:
        self.open = False
        self.keys.ignoreAll()
        self.panel.set_shown(False)
        self.app.rebind()

    def _bind(self) -> None:
        accept = self.keys.accept
        for key in ("up", "down", "left", "right"):
            accept(f"arrow_{key}", self._move, [key])
            accept(f"arrow_{key}-repeat", self._move, [key])
        accept("enter", self.fly_chosen)
        accept("tab", self.next_aircraft)
        accept("backspace", self.back)
        accept("s", self.save)
        accept("escape", self.close)
        accept("y", self.close)
        accept("mouse1", self._click)

    # -- the session and its jobs --------------------------------------------------------
    def _session(self) -> WhatIfSession:
        if self.session is None:
            self.session = WhatIfSession.for_replay(self.source_text, self.app.scene.timeline)
        return self.session

    def _aircraft_ids(self) -> list[str]:
        meta = self.app.scene.timeline.meta
        return [e.id for e in meta.entities if e.kind == "aircraft"]

    def _find_menu(self) -> None:
        """Find the menu for the aircraft and turn in the background."""
        self.cursor = None
        self.panel.set_cursor(None)
        self._title()
        try:
            session = self._session()
        except ValueError as error:
            self._say(str(error), warning=True)
            return
        turn, aircraft = self.turn, self.aircraft
        assert aircraft is not None
        self._say(f"finding the legal plots for {self._callsign()} in {self._turn_words()}…")
        self.menu_job = Job(lambda: session.menu(turn, aircraft), "the menu")

    def fly_chosen(self) -> None:
        """Fly the order under the cursor from the menu's turn."""
        if self.cursor is None or self.busy:
            return
        chosen = self.cursor.choice()
        if chosen is None:
            self._say(self.cursor.words(), warning=True)
            return
        self._fly(chosen)

    def _fly(self, chosen: MenuChoice) -> None:
        session, menu = self._session(), self.cursor.menu if self.cursor else None
        assert menu is not None
        self._say(f"flying {menu.callsign}: {chosen.label} in {self._turn_words()}…")
        self.fly_job = Job(
            lambda: session.branch(menu.turn, menu.aircraft, chosen.replacement), "the branch"
        )

    @property
    def busy(self) -> bool:
        """Whether a job runs, or has ended and :meth:`update` has yet to take its result."""
        return self.menu_job is not None or self.fly_job is not None

    def update(self) -> None:
        """Once a frame: collect garbage here while a job runs (never in its thread), and
        take what a finished job made."""
        collect_garbage()
        job = self.menu_job
        if job is not None and job.done:
            self.menu_job = None
            if job.error is not None:
                self._say(job.error, warning=True)
            elif job.result is not None and self.open:
                self.cursor = MenuCursor(job.result)
                self.panel.set_cursor(self.cursor)
                count = len(job.result.plots)
                self._say(f"{count} legal plots, {len(job.result.listed)} other orders")
        flight = self.fly_job
        if flight is not None and flight.done:
            self.fly_job = None
            if flight.error is not None:
                self._say(flight.error, warning=True)
            elif flight.result is not None:
                self._adopt(flight.result)

    def _adopt(self, generation: Generation) -> None:
        """Show a flown branch: the replay is its timeline, the parent its ghost."""
        session = self._session()
        session.adopt(generation)
        self._show(generation)
        self.close()
        print(f"what-if: {generation.description}", flush=True)

    def _show(self, generation: Generation) -> None:
        ghost = generation.parent_timeline
        self.app.show_timeline(generation.timeline, ghost=ghost, ghost_label=PARENT_LABEL)
        self.app.playback.seek(turn_start_s(generation.timeline, self.turn))
        self.app.playback.pause()
        self._write_lineage()

    def back(self) -> None:
        """Show the shown branch's parent (the menu stays open on it)."""
        if self.busy or self.session is None:
            return
        shown = self.session.back()
        if shown is None:
            self._say("this is the game as played: there is no parent", warning=True)
            return
        self._show(shown)
        self._say("back to the parent")
        self._find_menu()

    def save(self) -> None:
        """Save the shown branch in the save folder (never over a file)."""
        if self.session is None:
            self._say("fly a branch to save it", warning=True)
            return
        try:
            path = self.session.save(self.save_dir)
        except ValueError as error:
            self._say(str(error), warning=True)
            return
        self.saved.append(path)
        self._say(f"saved {path.name}")
        print(f"what-if: saved {path}", flush=True)

    def next_aircraft(self) -> None:
        """The menu for the next aircraft in the same turn."""
        if self.busy:
            return
        ids = self._aircraft_ids()
        now = ids.index(self.aircraft) if self.aircraft in ids else -1
        self.aircraft = ids[(now + 1) % len(ids)]
        self.app.playback.select(self.aircraft)
        self._find_menu()

    # -- the cursor ----------------------------------------------------------------------
    def _move(self, key: str) -> None:
        if self.cursor is not None:
            self.cursor.move(key)
            self.panel.refresh()

    def _click(self) -> None:
        at = self.app.mouse()
        if at is None or self.cursor is None:
            return
        base = self.app.base
        point = base.aspect2d.getRelativePoint(base.render2d, (at[0], 0, at[1]))
        hit = self.panel.hit(point.x, point.z, base.aspect2d)
        if hit is None:
            return
        same = (self.cursor.area, self.cursor.row, self.cursor.column) == hit
        self.cursor.put(*hit)
        self.panel.refresh()
        if same:  # a second click on the same order flies it
            self.fly_chosen()

    # -- words ---------------------------------------------------------------------------
    def _callsign(self) -> str:
        meta = self.app.scene.timeline.meta
        return next(
            (e.callsign for e in meta.entities if e.id == self.aircraft), str(self.aircraft)
        )

    def _turn_words(self) -> str:
        return f"{self.app.scene.timeline.meta.turn_word} {self.turn}"

    def _title(self) -> None:
        start = turn_start_s(self.app.scene.timeline, self.turn)
        shown = self.session.shown if self.session is not None else 0
        depth = f"  (branch {shown})" if shown else ""
        word = self.app.scene.timeline.meta.turn_word
        after = f", the end of {word} {self.turn - 1}" if self.turn > 1 else ", the start"
        self.panel.set_title(
            f"WHAT IF  {self._callsign().upper()}  {self._turn_words().upper()} "
            f"from {start:.1f} s{after}{depth}"
        )

    def _write_lineage(self) -> None:
        shown = self.session.current if self.session is not None else None
        if shown is None or not shown.description:
            self.panel.set_lineage("the replay: the game as played")
        else:
            self.panel.set_lineage(f"the replay: {shown.description}")

    def _say(self, text: str, warning: bool = False) -> None:
        self.said = text
        self.panel.set_status(text, warning)
        if warning:
            print(f"what-if: {text}", flush=True)

    def _place(self) -> None:
        base = self.app.base
        self.panel.place(float(base.a2dRight), float(base.a2dTop))

    def frame(self) -> None:
        """Once a frame while the menu shows: keep it fitted to the window."""
        if self.open:
            self._place()

    def status(self) -> dict[str, Any]:
        """What the menu shows (for the window tests)."""
        cursor = self.cursor
        return {
            "open": self.open,
            "turn": self.turn,
            "aircraft": self.aircraft,
            "busy": self.busy,
            "said": self.said,
            "choices": None if cursor is None else len(cursor.menu.plots),
            "cursor": None if cursor is None else cursor.words(),
            "branches": 0 if self.session is None else len(self.session.generations) - 1,
            "shown": 0 if self.session is None else self.session.shown,
            "saved": [str(p) for p in self.saved],
        }

    def destroy(self) -> None:
        """Wait for a running job (its thread holds the garbage collector off), then go."""
        for job in (self.menu_job, self.fly_job):
            if job is not None:
                job.wait(30.0)
        self.keys.ignoreAll()
        self.panel.destroy()
