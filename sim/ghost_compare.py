"""What changed between a replay and its ghost: two timelines of one scenario compared.

The ghost is another timeline of the same scenario, rule set and tick length (another seed,
another plot, the AI's answer to a game log), played on the same clock.  :func:`ghost_problem`
says why a timeline cannot be a ghost; :class:`GhostComparer` gives, at any time, the
:class:`GhostComparison` the "what changed" panel draws:

* per side, the shots fired, hits scored and kills scored so far and over the whole game,
  counted from the events (:func:`side_tallies`);
* for the selected aircraft, now and at each timeline's end: altitude, true airspeed,
  specific energy and the range, ATA and AA to its target (:class:`AircraftFigures`).

The target is the instructor overlays' (the picked enemy while it is in the air, else the
nearest, :func:`sim.bfm.chosen_target`), chosen in the replay and kept in the ghost when it
is in the air there, so both columns measure the same pair.  Angles come from the drawn
flight paths (:func:`sim.bfm.geometry`), as the sight-line label reads them.

Entities are matched by id.  No Panda3D here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from models.timeline import Timeline, TimelineMeta
from sim.bfm import HISTORY_S, chosen_target, enemies_by_range, geometry
from sim.energy import specific_energy_ft
from sim.events import shooter_of, target_of
from sim.playback import Playback
from sim.snapshot import EntityState, Snapshot

SHOT_KINDS = frozenset({"gunshot", "launch"})
"""Events that fire a weapon (a launch that failed to leave the rail is not a shot)."""
HIT_KIND = "hit"
KILL_KIND = "kill"
TICK_MATCH_S = 1e-9
"""Two tick lengths closer than this are the same."""


class GhostMismatch(ValueError):
    """Two timelines that cannot be overlaid: one line naming the ghost and the rule."""


def ghost_problem(this: TimelineMeta, ghost: TimelineMeta) -> str | None:
    """Why ``ghost`` cannot be drawn over ``this`` (None when it can): it must be of the same
    scenario, the same rule set and the same tick length."""
    if ghost.scenario != this.scenario:
        return (
            f"a ghost must be of the same scenario: it is {ghost.scenario!r}, "
            f"the replay {this.scenario!r}"
        )
    if ghost.rules != this.rules:
        return (
            f"a ghost must be of the same rule set: it is {ghost.rules!r}, "
            f"the replay {this.rules!r}"
        )
    if abs(ghost.tick_s - this.tick_s) > TICK_MATCH_S:
        return (
            f"a ghost must have the same tick length: it ticks every {ghost.tick_s:g} s, "
            f"the replay every {this.tick_s:g} s"
        )
    return None


def check_ghost(this: Timeline, ghost: Timeline, ghost_name: str) -> None:
    """Raise :class:`GhostMismatch` naming ``ghost_name`` when it cannot be a ghost."""
    problem = ghost_problem(this.meta, ghost.meta)
    if problem is not None:
        raise GhostMismatch(f"--ghost {ghost_name}: {problem}")


def branch_change(meta: TimelineMeta) -> str:
    """The change a what-if branch made to its parent (its latest, when a branch of a
    branch), as its timeline records it; "" for a game played as written."""
    if meta.branch is None or not meta.branch.changes:
        return ""
    return meta.branch.changes[-1].description.strip()


# -- shots, hits and kills ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SideTally:
    """One side's shots fired, hits scored and kills scored."""

    shots: int = 0
    hits: int = 0
    kills: int = 0

    def text(self) -> str:
        """``shots/hits/kills``: ``2/1/1``."""
        return f"{self.shots}/{self.hits}/{self.kills}"


def side_tallies(timeline: Timeline, until_s: float = math.inf) -> dict[str, SideTally]:
    """Each side's shots, hits and kills in the events up to ``until_s``, every side of the
    timeline listed (with zeros), in the order the sides first appear.

    A shot is a ``gunshot`` or a ``launch`` that left the rail, credited to its shooter's
    side; a hit is a ``hit``, credited likewise.  A ``kill`` names its victim last; it is
    credited to the side of the shooter named with it, else of the last shooter to hit the
    victim, else of nobody (a crash)."""
    side_of = {info.id: info.side for info in timeline.meta.entities}
    counts: dict[str, list[int]] = {}
    for info in timeline.meta.entities:
        counts.setdefault(info.side, [0, 0, 0])
    last_hit_by: dict[str, str] = {}

    def credit(entity: str | None, column: int) -> None:
        side = side_of.get(entity or "")
        if side is not None:
            counts[side][column] += 1

    for event in sorted(timeline.meta.events, key=lambda e: e.t_s):
        if event.t_s > until_s + 1e-9:
            break
        if event.kind in SHOT_KINDS:
            if event.data.get("launched") is not False:
                credit(shooter_of(event), 0)
        elif event.kind == HIT_KIND:
            shooter, target = shooter_of(event), target_of(event)
            credit(shooter, 1)
            if shooter is not None and target is not None:
                last_hit_by[target] = shooter
        elif event.kind == KILL_KIND and event.entities:
            victim = event.entities[-1]
            named = event.entities[0] if len(event.entities) > 1 else None
            credit(named or last_hit_by.get(victim), 2)
    return {side: SideTally(*column) for side, column in counts.items()}


# -- the selected aircraft against its target ----------------------------------------------
@dataclass(frozen=True, slots=True)
class AircraftFigures:
    """One aircraft at one moment of one timeline, against its target."""

    t_s: float
    active: bool
    alt_ft: float
    speed_kt: float
    es_ft: float
    """Specific energy ``h + V²/2g``."""
    target: str | None = None
    """The target measured to; None with no enemy in the air (then no range or angles)."""
    range_ft: float | None = None
    ata_deg: float | None = None
    aa_deg: float | None = None


def target_in(snapshot: Snapshot, entity_id: str, picked: str | None) -> str | None:
    """The instructor overlays' target for ``entity_id`` in a snapshot: the picked enemy
    while it is in the air, else the nearest."""
    own = _state(snapshot, entity_id)
    if own is None or not own.active:
        return None
    return chosen_target(enemies_by_range(snapshot.entities, own), picked)


def aircraft_figures(
    snapshot: Snapshot, entity_id: str, target_id: str | None
) -> AircraftFigures | None:
    """``entity_id``'s figures in a snapshot, against ``target_id`` while both are in the
    air; None when the snapshot has no such entity."""
    own = _state(snapshot, entity_id)
    if own is None:
        return None
    es = float(specific_energy_ft(own.alt_ft, own.speed_kt))
    figures = AircraftFigures(snapshot.t_s, own.active, own.alt_ft, own.speed_kt, es)
    target = _state(snapshot, target_id) if target_id is not None else None
    if not own.active or target is None or not target.active:
        return figures
    geo = geometry(own, target)
    return AircraftFigures(
        snapshot.t_s,
        True,
        own.alt_ft,
        own.speed_kt,
        es,
        target.id,
        geo.range_ft,
        geo.ata_deg,
        geo.aa_deg,
    )


def _state(snapshot: Snapshot, entity_id: str | None) -> EntityState | None:
    for state in snapshot.entities:
        if state.id == entity_id:
            return state
    return None


# -- the comparison --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GhostComparison:
    """The replay and its ghost side by side, for the selected aircraft at one time."""

    label: str
    """What the ghost is: its change when it is a what-if branch, else its name."""
    entity: str | None
    callsign: str
    target_callsign: str
    now_s: float
    end_s: float
    """The replay's end."""
    ghost_end_s: float
    now: tuple[AircraftFigures | None, AircraftFigures | None]
    """(replay, ghost) at ``now_s`` (the ghost at its end once it has ended)."""
    end: tuple[AircraftFigures | None, AircraftFigures | None]
    """(replay, ghost), each at its own end."""
    tallies_now: tuple[Mapping[str, SideTally], Mapping[str, SideTally]]
    tallies_end: tuple[Mapping[str, SideTally], Mapping[str, SideTally]]
    complete: bool = True
    """Whether the replay is the whole game (False while the engine still plays it: its
    "end" is then the latest turn published)."""

    @property
    def sides(self) -> tuple[str, ...]:
        """Every side of either timeline, the replay's first."""
        seen = dict.fromkeys(self.tallies_end[0])
        seen.update(dict.fromkeys(self.tallies_end[1]))
        return tuple(seen)


class GhostComparer:
    """Compares a replay with its ghost: the whole-game figures worked out once, the moment's
    from the two snapshots drawn."""

    def __init__(self, this: Timeline, ghost: Timeline, label: str, complete: bool = True) -> None:
        self.label = label
        self._ghost = ghost
        self._ghost_end = Playback(ghost, trail_seconds=HISTORY_S)
        self._ghost_tallies = side_tallies(ghost)
        self._ghost_counted: dict[float, dict[str, SideTally]] = {}
        self._ends: dict[tuple[str, str | None], tuple[AircraftFigures | None, ...]] = {}
        self.extend(this, complete)

    @property
    def sides(self) -> tuple[str, ...]:
        """Every side of either timeline, the replay's first."""
        return tuple(dict.fromkeys((*self._this_tallies, *self._ghost_tallies)))

    def extend(self, this: Timeline, complete: bool = True) -> None:
        """Go on with a longer replay (the engine published more); ``complete`` says
        whether it is the whole game yet."""
        self._this = this
        self._complete = complete
        self._this_end = Playback(this, trail_seconds=HISTORY_S)
        self._this_tallies = side_tallies(this)
        self._this_counted: dict[float, dict[str, SideTally]] = {}
        self._ends.clear()

    def _callsign(self, entity_id: str | None) -> str:
        for info in (*self._this.meta.entities, *self._ghost.meta.entities):
            if info.id == entity_id:
                return info.callsign or info.id
        return entity_id or ""

    def _tallies_at(self, t_s: float) -> tuple[dict[str, SideTally], dict[str, SideTally]]:
        key = round(t_s, 6)
        this = self._this_counted.get(key)
        if this is None:
            self._this_counted = {key: (this := side_tallies(self._this, t_s))}
        ghost = self._ghost_counted.get(key)
        if ghost is None:
            self._ghost_counted = {key: (ghost := side_tallies(self._ghost, t_s))}
        return this, ghost

    def _at_end(
        self, entity: str, picked: str | None
    ) -> tuple[AircraftFigures | None, AircraftFigures | None]:
        key = (entity, picked)
        found = self._ends.get(key)
        if found is None:
            this = self._this_end.snapshot_at(float(self._this.t_s[-1]))
            ghost = self._ghost_end.snapshot_at(float(self._ghost.t_s[-1]))
            found = _pair(this, ghost, entity, picked)
            self._ends[key] = found
        return found[0], found[1]

    def compare(
        self, this_now: Snapshot, ghost_now: Snapshot, picked: str | None = None
    ) -> GhostComparison:
        """The comparison at ``this_now``'s time for its selected aircraft (``ghost_now`` is
        the ghost drawn then); ``picked`` is the instructor's target pick."""
        entity = this_now.selected
        now: tuple[AircraftFigures | None, ...] = (None, None)
        end: tuple[AircraftFigures | None, AircraftFigures | None] = (None, None)
        target = None
        if entity is not None:
            now = _pair(this_now, ghost_now, entity, picked)
            end = self._at_end(entity, picked)
            target = next((f.target for f in (*now, *end) if f is not None and f.target), None)
        this_counts, ghost_counts = self._tallies_at(this_now.t_s)
        return GhostComparison(
            label=self.label,
            entity=entity,
            callsign=self._callsign(entity),
            target_callsign=self._callsign(target) if target else "",
            now_s=this_now.t_s,
            end_s=float(self._this.t_s[-1]),
            ghost_end_s=float(self._ghost.t_s[-1]),
            complete=self._complete,
            now=(now[0], now[1]),
            end=end,
            tallies_now=(this_counts, ghost_counts),
            tallies_end=(self._this_tallies, self._ghost_tallies),
        )


def _pair(
    this: Snapshot, ghost: Snapshot, entity: str, picked: str | None
) -> tuple[AircraftFigures | None, AircraftFigures | None]:
    """The entity's figures in both snapshots, against the replay's target (the ghost's
    own when that one is not in the air there)."""
    target = target_in(this, entity, picked)
    ghost_target = target if _active(ghost, target) else target_in(ghost, entity, picked)
    return aircraft_figures(this, entity, target), aircraft_figures(ghost, entity, ghost_target)


def _active(snapshot: Snapshot, entity_id: str | None) -> bool:
    return any(s.id == entity_id and s.active for s in snapshot.entities)


# -- the panel's words -----------------------------------------------------------------------
Row = tuple[str, str, str, str, str]
"""A row of the panel: what, the replay now, the ghost now, the replay at its end, the
ghost at its end."""
NONE = "-"


def _number(value: float | None, unit_format: str = "{:,.0f}") -> str:
    return NONE if value is None or not math.isfinite(value) else unit_format.format(value)


def _angles(figures: AircraftFigures | None) -> str:
    if figures is None or figures.ata_deg is None or figures.aa_deg is None:
        return NONE
    return f"{figures.ata_deg:.0f}/{figures.aa_deg:.0f}"


def _own(figures: AircraftFigures | None, value: float | None) -> str:
    return "out" if figures is not None and not figures.active else _number(value)


def figure_rows(comparison: GhostComparison) -> list[Row]:
    """The selected aircraft's rows: range, ATA/AA, altitude, speed and specific energy,
    each now and at the end, in the replay and the ghost ("out" once it is out of play,
    "-" with no target)."""
    columns = (*comparison.now, *comparison.end)

    def row(what: str, read: Callable[[AircraftFigures | None], str]) -> Row:
        cells = [read(f) for f in columns]
        return (what, cells[0], cells[1], cells[2], cells[3])

    return [
        row("range ft", lambda f: _number(f.range_ft if f else None)),
        row("ATA/AA", _angles),
        row("alt ft", lambda f: _own(f, f.alt_ft if f else None)),
        row("speed kt", lambda f: _own(f, f.speed_kt if f else None)),
        row("Es ft", lambda f: _own(f, f.es_ft if f else None)),
    ]


def tally_rows(comparison: GhostComparison) -> list[Row]:
    """Per side: shots/hits/kills (``s/h/k``) so far and over the whole game, replay and
    ghost."""
    rows: list[Row] = []
    for side in comparison.sides:
        cells = [
            tallies.get(side, SideTally()).text()
            for tallies in (*comparison.tallies_now, *comparison.tallies_end)
        ]
        rows.append((f"{side} s/h/k", cells[0], cells[1], cells[2], cells[3]))
    return rows
