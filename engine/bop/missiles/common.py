"""What every Missile Combat procedure shares: the tables, the missile's state, events and
the bearing helpers (rulebook, "Missile Combat (SoP 07)")."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from engine.bearing import Bearing, NoBearing, shoot_bearing
from engine.hexmap import Position
from engine.phad import Cell, distance
from models.bop_tables import tables_in_play
from models.bop_tables.missiles import MISSILE_TABLES_PATH as MISSILE_TABLES_PATH
from models.bop_tables.missiles import MissileTables as MissileTables
from models.bop_tables.missiles import load_missile_tables

TICKS_PER_TURN = 10
"""Timeline samples per game-turn (ticks 1-10 follow tick 0, the start)."""

Waypoint = tuple[float, float, float]
"""A point on the map in feet: x east, y north, z altitude."""

EventData = dict[str, float | int | str | bool]
"""Flat event data, as :class:`models.timeline.Event` stores it."""

MissileEventKind = Literal["launch", "miss", "hit", "stall", "defeated", "lost_guidance"]

MissileStatus = Literal[
    "flying", "failed", "hit", "missed", "stalled", "defeated", "lost_guidance", "off_boresight"
]
"""``flying`` while in play; every other status has removed the missile from play."""


@dataclass(frozen=True, slots=True)
class MissileEvent:
    """A record ready for the timeline, shaped like :class:`engine.bop.damage.CombatEvent`
    (``kind``, a sentence, flat data, the entities involved) with the missile kinds."""

    kind: MissileEventKind
    detail: str
    data: dict[str, float | int | str | bool] = field(default_factory=dict)
    entities: tuple[str, ...] = ()


# --- the tables ---------------------------------------------------------------------------


def missile_tables(path: Path | None = None) -> MissileTables:
    """The Missile Combat tables in force (the shipped ones), or those of the file at
    ``path``; a :class:`~models.files.DataFileError` names file and field."""
    return tables_in_play().missiles if path is None else load_missile_tables(path)


# --- the missile in flight ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MissileState:
    """One missile as its Systems Control Card records it: the anchor (where the boost
    ended), the boost direction, Speed, Bleed and Distance ("Launch and Boost", "Missile
    Flight"), plus what the game loop needs to keep it in play."""

    id: str
    type_id: str
    launcher: str
    target: str
    side: str
    anchor: Position
    boost_direction: Cell
    """The missile's facing after boost: the launcher's Nose, or the cell a boost maneuver
    turned to."""
    speed_fp: float
    bleed: float
    launched_turn: int
    distance_fp: float = 0.0
    """Cumulative Distance flown from the anchor."""
    bearing: Cell | None = None
    """Bearing from the anchor to the target when last shot (start of the next turn)."""
    range_fp: int = 0
    """Range from the anchor to the target when last measured."""
    target_seen: Position | None = None
    """The target's position when last measured (for the timeline waypoints)."""
    turns_flown: int = 0
    follow_on: bool = False
    snapshot: bool = False
    guidance: Literal["own_seeker", "launcher_radar_track"] = "own_seeker"
    status: MissileStatus = "flying"
    status_reason: str = ""

    @property
    def active(self) -> bool:
        """Still in play."""
        return self.status == "flying"


def shoot(start: Position, end: Position) -> Bearing | None:
    """The bearing from ``start`` to ``end``, or None when they coincide."""
    try:
        return shoot_bearing(start, end)
    except NoBearing:
        return None


def choose_cell(bearing: Bearing, *prefer: Cell | None) -> Cell:
    """The candidate cell of an ambiguous bearing the missile's owner would read: nearest
    each ``prefer`` cell in turn (fewest cells off boresight first, then least swing)."""

    def score(cell: Cell) -> tuple[int, ...]:
        return tuple(distance(cell, p) for p in prefer if p is not None)

    return min(bearing.candidates, key=score)


def lerp(a: Waypoint, b: Waypoint, f: float) -> Waypoint:
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f)


def event_data(
    state: MissileState, turn: int, **extra: float | int | str | bool
) -> dict[str, float | int | str | bool]:
    """The flat data every missile event carries."""
    base: dict[str, float | int | str | bool] = {
        "turn": turn,
        "missile": state.id,
        "type": state.type_id,
        "launcher": state.launcher,
        "target": state.target,
        "speed_fp": state.speed_fp,
        "bleed": state.bleed,
        "distance_fp": state.distance_fp,
    }
    base.update(extra)
    return base


def entities(state: MissileState) -> tuple[str, ...]:
    return (state.id, state.launcher, state.target)


def removed(state: MissileState, status: MissileStatus, reason: str) -> MissileState:
    """The missile taken out of play with ``status``."""
    return replace(state, status=status, status_reason=reason)
