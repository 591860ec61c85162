"""What came of one game, in the counts a sweep of seeds totals: the first shot, and per
side the shots, hits, kills, losses, ejections, departures and the fuel left at the end.

Read from the timeline any rule set writes: shots, hits and kill credits from its shot log
(:mod:`sim.debrief.shot_log`, counted by :mod:`sim.debrief.shot_outcomes`), losses,
ejections and departures from its events. Where a rule set has no such thing (no
parachutes over the Western Front in *Over the Lines*, no fuel track in *Fighter Command*)
the count is ``None``, not zero, so a table can say "not in these rules".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from models.timeline import Event, Timeline
from sim.debrief.kinds import base_kind
from sim.debrief.series import FUEL_CHANNELS, numeric_channel
from sim.debrief.shot_log import ShotRecord, shot_log
from sim.debrief.shot_outcomes import hits, shots

LOSS_WORDS = frozenset({"kill", "destroyed", "crash", "falls", "shot_down", "ground", "lost"})
"""Event kinds (the word after a rule set's dot) that take the aircraft they name first out
of the fight for good: shot down, destroyed, crashed or flown into the ground, and Fighter
Command's "lost" (off the wrong edge of the table)."""

EventTest = Callable[[Event], bool]


def _kind(*kinds: str) -> EventTest:
    return lambda event: event.kind in kinds


def _note(kind: str, *starts: str) -> EventTest:
    return lambda event: event.kind == kind and event.detail.startswith(starts)


DEPARTURES: dict[str, EventTest] = {
    "bop": _kind("departure"),  # a departure result other than "keeps control" (SoP 07)
    "hexjet": _kind("departure"),  # pulling past Max-Lift departs
    "phantoms": _kind("phantoms.out_of_control"),  # §6.4
    "otl": _note("otl.note", "stalls and spins"),  # §Stalls and Spins: not a spin on purpose
}
"""Per rule set, the events that record an aircraft departing controlled flight. Fighter
Command has no departure rule (its "out of control" is damage), so it is absent."""

EJECTIONS: dict[str, EventTest] = {
    "bop": _kind("ejection"),
    "phantoms": lambda event: event.kind == "kill" and bool(event.data.get("ejected")),  # §8.2
}
"""Per rule set, the events that record a crew ejecting; the rule sets without ejection
rules are absent."""


@dataclass(frozen=True, slots=True)
class FirstShot:
    """The fight's first shot: who fired, with what, when."""

    t_s: float
    side: str
    shooter: str
    weapon: str

    def as_dict(self) -> dict[str, Any]:
        return {"t_s": self.t_s, "side": self.side, "shooter": self.shooter, "weapon": self.weapon}


@dataclass(slots=True)
class SideTally:
    """One side's counts in one game (``None``: not in these rules, or not recorded)."""

    shots: int = 0
    hits: int = 0
    kills: int = 0
    losses: int = 0
    ejections: int | None = None
    departures: int | None = None
    fuel_end: list[float] = field(default_factory=list)
    """Each of its aircraft's fuel at its last tick in play, in the rule set's unit."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "shots": self.shots,
            "hits": self.hits,
            "kills": self.kills,
            "losses": self.losses,
            "ejections": self.ejections,
            "departures": self.departures,
            "fuel_end": [round(f, 3) for f in self.fuel_end],
        }


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What came of one game."""

    end_s: float
    first_shot: FirstShot | None
    sides: dict[str, SideTally]
    fuel_unit: str
    """The fuel channel's unit (``FP``), empty when the rule set records no fuel."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "end_s": self.end_s,
            "first_shot": None if self.first_shot is None else self.first_shot.as_dict(),
            "sides": {side: tally.as_dict() for side, tally in sorted(self.sides.items())},
            "fuel_unit": self.fuel_unit,
        }


def game_outcome(timeline: Timeline) -> GameOutcome:
    """Read one game's timeline."""
    meta = timeline.meta
    aircraft = {e.id: e.side for e in meta.entities if e.kind == "aircraft"}
    sides = {side: SideTally() for side in sorted(set(aircraft.values()))}
    records = shot_log(timeline)
    first = None
    for record in shots(records):
        if record.shooter in aircraft:
            side = aircraft[record.shooter]
            sides[side].shots += 1
            if first is None:
                first = FirstShot(round(record.t_s, 3), side, record.shooter, record.weapon)
    landed = hits(records)
    for record in landed:
        if record.shooter in aircraft:
            sides[aircraft[record.shooter]].hits += 1
    lost = _lost(meta.events, aircraft)
    for entity in lost:
        sides[aircraft[entity]].losses += 1
    for victim, shooter in _kill_credits(records, landed, lost).items():
        if shooter in aircraft and aircraft[shooter] != aircraft[victim]:
            sides[aircraft[shooter]].kills += 1
    _count(sides, aircraft, meta.events, DEPARTURES.get(meta.rules), "departures")
    _count(sides, aircraft, meta.events, EJECTIONS.get(meta.rules), "ejections")
    unit = _fuel_end(timeline, aircraft, sides)
    end_s = float(timeline.t_s[-1]) if timeline.ticks else 0.0
    return GameOutcome(round(end_s, 3), first, sides, unit)


def _lost(events: Iterable[Event], aircraft: dict[str, str]) -> dict[str, float]:
    """Each aircraft out of the fight for good, once, with when it went."""
    lost: dict[str, float] = {}
    for event in events:
        if base_kind(event.kind) in LOSS_WORDS and event.entities:
            entity = event.entities[0]
            if entity in aircraft and entity not in lost:
                lost[entity] = event.t_s
    return lost


def _kill_credits(
    records: Sequence[ShotRecord], landed: Sequence[ShotRecord], lost: dict[str, float]
) -> dict[str, str]:
    """Who each lost aircraft is credited to: the shooter its rules name (a kill record),
    else the last aircraft that hit it before it went (a pilot killed by a gun hit, his
    aircraft then flying into the ground, is that gunner's kill). One lost without a hit
    on it is credited to nobody."""
    credits = {r.target: r.shooter for r in records if r.what == "kill" and r.shooter}
    for victim, t_s in lost.items():
        if victim in credits:
            continue
        before = [r for r in landed if r.target == victim and r.t_s <= t_s + 1e-6]
        if before:
            credits[victim] = before[-1].shooter
    return credits


def _count(
    sides: dict[str, SideTally],
    aircraft: dict[str, str],
    events: Iterable[Event],
    test: EventTest | None,
    name: str,
) -> None:
    """Count the events ``test`` picks, by the side of the aircraft each names first;
    without a test the rule set has no such rule and the count stays ``None``."""
    if test is None:
        return
    for tally in sides.values():
        setattr(tally, name, 0)
    for event in events:
        if event.entities and event.entities[0] in aircraft and test(event):
            tally = sides[aircraft[event.entities[0]]]
            setattr(tally, name, getattr(tally, name) + 1)


def _fuel_end(timeline: Timeline, aircraft: dict[str, str], sides: dict[str, SideTally]) -> str:
    """Each aircraft's fuel at its last tick in play, into its side's tally; the unit."""
    name = numeric_channel(timeline, FUEL_CHANNELS, "fuel")
    if name is None or not timeline.ticks:
        return ""
    values = timeline.channels[name]
    active = timeline.channels.get("active")
    for entity, side in aircraft.items():
        index = timeline.entity_index(entity)
        row = np.asarray(values[index], dtype=np.float64)
        if active is not None:
            in_play = np.flatnonzero(np.asarray(active[index], dtype=bool))
            last = int(in_play[-1]) if len(in_play) else len(row) - 1
        else:
            last = len(row) - 1
        value = float(row[last])
        if math.isfinite(value):
            sides[side].fuel_end.append(value)
    return timeline.channel_spec(name).unit or ""
