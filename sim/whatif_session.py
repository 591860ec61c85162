"""The window's what-if: the menu of other orders for one aircraft's game-turn, the branches
flown from it, and their saving — everything but drawing (:mod:`sim.whatif_window` draws).

A session starts from what the replay shows: a scenario or game log (played with the
replay's seed), a branch file (its lineage, :func:`engine.whatif.lineage_of`), or a saved
timeline of a shipped scenario (found by its name and rule set, then checked by flying it
again: :meth:`WhatIfSession.check_parent`). Each branch flown is a :class:`Generation`; one
adopted becomes the replay, and a branch of it adds a generation to its lineage, as
``furball whatif`` does with a branch file.

Flying takes seconds (the parent is flown again, then the branch), so the window runs
:class:`Job` in a worker thread and takes the result when it is done.
"""

from __future__ import annotations

import math
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

import numpy as np

from engine.whatif import (
    Alternative,
    Change,
    Replacement,
    Source,
    WhatIfError,
    ai_choice,
    alternatives_at,
    fly,
    lineage_of,
    maneuver_named,
    open_source,
    turns_played,
    what_if,
)
from models.files import read_toml
from models.timeline import TIMELINE_SUFFIX, Timeline
from sim.main_thread_gc import hold_collection, release_collection

T = TypeVar("T")

AI_LABEL = "the AI's choice"


def turn_at(timeline: Timeline, t_s: float) -> int:
    """The game-turn (from 1) the replay is in at ``t_s``; on a turn's boundary, the turn
    that starts there (a what-if changes that turn's order), and at the very end the last
    turn played."""
    meta = timeline.meta
    tick = math.floor(t_s / meta.tick_s + 1e-6)  # a time between ticks is in the earlier
    played = max(1, turns_played(timeline))
    return max(1, min(tick // meta.ticks_per_turn + 1, played))


def turn_start_s(timeline: Timeline, turn: int) -> float:
    """The replay time game-turn ``turn`` starts at."""
    meta = timeline.meta
    return (turn - 1) * meta.ticks_per_turn * meta.tick_s


def maneuver_label(name: str) -> str:
    """A library maneuver as the menu lists it: ``bfm/high-yo-yo`` → ``high yo-yo``."""
    return name.removeprefix("bfm/").replace("-", " ").replace(" yo yo", " yo-yo")


@dataclass(frozen=True)
class MenuChoice:
    """One line of the menu: what it says and the order it flies."""

    label: str
    replacement: Replacement
    alternative: Alternative | None = None
    """The legal plot behind a grid cell (None for the AI and the maneuvers)."""


@dataclass(frozen=True)
class WhatIfMenu:
    """The orders on offer for ``aircraft`` in ``turn``: the AI's choice and the library's
    maneuvers as a list, and the planner's legal plots by roll and pull."""

    turn: int
    aircraft: str
    callsign: str
    listed: tuple[MenuChoice, ...]
    plots: tuple[MenuChoice, ...]

    def plot_at(self, roll_cells: int, pull: str) -> MenuChoice | None:
        """The legal plot that rolls ``roll_cells`` then flies ``pull`` (None: no such plot)."""
        for choice in self.plots:
            alternative = choice.alternative
            if alternative is not None and (alternative.roll_cells, alternative.pull) == (
                roll_cells,
                pull,
            ):
                return choice
        return None


def menu_for(source: Source, changes: list[Change], turn: int, aircraft: str) -> WhatIfMenu:
    """The menu for ``aircraft``'s ``turn`` in the game ``changes`` make of ``source``
    (Birds of Prey: the planner, the maneuver library and the AI are its)."""
    if source.rules.name != "bop":
        raise WhatIfError(
            f"what-if: the window's menu of orders is for Birds of Prey; give a "
            f"{source.rules.title} aircraft another order with "
            f"furball whatif SOURCE --turn {turn} --aircraft {aircraft} --plot FILE.toml"
        )
    from engine.bop.maneuvers.registry import MANEUVERS

    found = alternatives_at(source, turn, aircraft, changes)
    listed = [MenuChoice(AI_LABEL, ai_choice(source.rules))]
    listed += [
        MenuChoice(maneuver_label(name), maneuver_named(name, source.rules)) for name in MANEUVERS
    ]
    plots = [MenuChoice(a.name, Replacement("plot", order=a.plot), alternative=a) for a in found]
    return WhatIfMenu(turn, aircraft, source.callsign(aircraft), tuple(listed), tuple(plots))


@dataclass
class Generation:
    """One timeline of the session: the source as played (no changes) or a branch."""

    changes: list[Change]
    timeline: Timeline
    parent_timeline: Timeline | None = None
    """The timeline it departs from (None for the source as played)."""
    saved_as: Path | None = None

    @property
    def description(self) -> str:
        """What its latest change was, as its timeline records it ("" for the source)."""
        branch = self.timeline.meta.branch
        return branch.changes[-1].description if branch is not None else ""


def same_flight(a: Timeline, b: Timeline) -> bool:
    """Whether two timelines hold the same flight: the same ticks and the same positions."""
    if a.ticks != b.ticks or a.channels["x_ft"].shape != b.channels["x_ft"].shape:
        return False
    return all(
        np.allclose(a.channels[name], b.channels[name], equal_nan=True, atol=1e-6)
        for name in ("x_ft", "y_ft", "z_ft")
    )


def shipped_source_for(timeline: Timeline) -> str | None:
    """The shipped scenario a saved timeline was played from, found by its name and rule
    set (None when none matches)."""
    from scenarios import shipped

    meta = timeline.meta
    for found in shipped():
        try:
            data = read_toml(Path(str(found)))
        except ValueError:
            continue
        if data.get("name") == meta.scenario and data.get("rules", "bop") == meta.rules:
            group = Path(str(found)).parent.name
            return f"{group}/{found.name.removesuffix('.toml')}"
    return None


@dataclass
class WhatIfSession:
    """The source a replay shows, its generations flown, and which one is shown."""

    source: Source
    generations: list[Generation]
    name: str
    """The source as the user gave it (the stem of saved branches' names)."""
    shown: int = 0
    needs_check: bool = False
    """A saved timeline matched to a shipped scenario by name: flown again and compared
    before its first branch (:meth:`check_parent`)."""
    parent_file: str = ""
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def for_replay(cls, source_text: str, timeline: Timeline) -> WhatIfSession:
        """The session for a replay of ``timeline`` played from ``source_text``."""
        if not source_text.endswith((TIMELINE_SUFFIX, ".npz")):
            source = open_source(source_text, timeline.meta.seed)
            return cls(source, [Generation([], timeline)], source_text)
        if timeline.meta.branch is not None:
            source, changes = lineage_of(timeline)
            return cls(
                source, [Generation(changes, timeline)], source_text, parent_file=source_text
            )
        name = shipped_source_for(timeline)
        if name is None:
            raise WhatIfError(
                f"what-if: {Path(source_text).name} is a saved timeline of "
                f"{timeline.meta.scenario!r}, which is not a shipped scenario; play the "
                "scenario or game log it came from to branch it"
            )
        source = open_source(name, timeline.meta.seed)
        return cls(source, [Generation([], timeline)], source_text, needs_check=True)

    @property
    def current(self) -> Generation:
        return self.generations[self.shown]

    def check_parent(self) -> None:
        """For a saved timeline matched by name: fly the scenario with its seed and refuse
        when the flight differs (another version of the scenario, or another game)."""
        if not self.needs_check:
            return
        flown = fly(self.source).timeline
        if not same_flight(flown, self.generations[0].timeline):
            raise WhatIfError(
                f"what-if: {Path(self.name).name} does not fly as {self.source.name} with "
                f"seed {self.source.seed} does today; play the scenario to branch it"
            )
        self.needs_check = False

    def menu(self, turn: int, aircraft: str) -> WhatIfMenu:
        """The menu of orders for ``aircraft``'s ``turn`` in the shown timeline."""
        self.check_parent()
        return menu_for(self.source, self.current.changes, turn, aircraft)

    def branch(self, turn: int, aircraft: str, replacement: Replacement) -> Generation:
        """The shown timeline flown again with ``aircraft``'s ``turn`` order replaced (not
        yet shown: :meth:`adopt`)."""
        self.check_parent()
        shown = self.current
        flown = what_if(
            self.source,
            turn,
            aircraft,
            replacement,
            shown.changes,
            str(shown.saved_as) if shown.saved_as is not None else self.parent_file,
        )
        changes = [*shown.changes, flown_change(flown.change, replacement)]
        return Generation(changes, flown.timeline, flown.parent.timeline)

    def adopt(self, generation: Generation) -> None:
        """Show ``generation``: it follows the shown one (any it replaced are dropped)."""
        with self._lock:
            del self.generations[self.shown + 1 :]
            if generation.parent_timeline is not None and not self.current.changes:
                # The source played whole (a streamed replay may not have been).
                self.current.timeline = generation.parent_timeline
            self.generations.append(generation)
            self.shown = len(self.generations) - 1

    def back(self) -> Generation | None:
        """Show the generation before the shown one (None at the first)."""
        if self.shown == 0:
            return None
        self.shown -= 1
        return self.current

    def save(self, directory: Path) -> Path:
        """Write the shown branch beside the others as
        ``<source>-whatif-t<turn>-<aircraft>.furball.npz`` (never over an existing file)."""
        from sim.cli.arguments import source_stem
        from sim.output_file import OutputFile

        shown = self.current
        branch = shown.timeline.meta.branch
        if branch is None:
            raise WhatIfError("what-if: this is the game as played; fly a branch to save it")
        change = branch.changes[-1]
        stem = f"{source_stem(self.name)}-whatif-t{change.turn}-{change.aircraft}"
        path = directory / f"{stem}{TIMELINE_SUFFIX}"
        number = 2
        while path.exists():
            path = directory / f"{stem}-{number}{TIMELINE_SUFFIX}"
            number += 1
        output = OutputFile.check(path, (TIMELINE_SUFFIX,), option="what-if save")
        with output.writing() as partial:
            shown.timeline.save(partial)
        shown.saved_as = output.path
        return output.path


def flown_change(record: object, replacement: Replacement) -> Change:
    """The change a branch records, as a :class:`Change` to branch from again."""
    turn, aircraft = record.turn, record.aircraft  # type: ignore[attr-defined]
    parent_file = record.parent_file  # type: ignore[attr-defined]
    return Change(turn, aircraft, replacement, parent_file)


SWITCH_S = 0.0005
"""The interpreter's thread switch interval while a job runs beside the window (as the
streamed engine's: the window gets the lock back quickly)."""


class Job(Generic[T]):
    """``work`` run in a worker thread beside the window: :attr:`done`, then
    :attr:`result` or :attr:`error` (one line, never a traceback)."""

    _running = 0
    _switch_s = 0.0
    _count_lock = threading.Lock()

    def __init__(self, work: Callable[[], T], what: str) -> None:
        self.what = what
        self.result: T | None = None
        self.error: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True)
        hold_collection()
        with Job._count_lock:
            if Job._running == 0:
                Job._switch_s = sys.getswitchinterval()
                sys.setswitchinterval(SWITCH_S)
            Job._running += 1
        self._thread.start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout_s: float | None = None) -> bool:
        """Wait for the job (True when it is done)."""
        return self._done.wait(timeout_s)

    def _run(self, work: Callable[[], T]) -> None:
        try:
            self.result = work()
        except ValueError as error:  # a what-if the rules refuse: the message says why
            self.error = str(error)
        except Exception as error:  # anything else: one line too
            self.error = f"{self.what} stopped: {type(error).__name__}: {error}"
        finally:
            with Job._count_lock:
                Job._running -= 1
                if Job._running == 0:
                    sys.setswitchinterval(Job._switch_s)
            release_collection()
            self._done.set()
