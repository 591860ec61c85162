"""Short-lived objects the timeline's events imply but the timeline does not track: gun
bursts, flares and chaff, parachutists and explosions.

Each is placed from positions the timeline does record, at the tick of its event:

* a gun burst (``Projectile+Bullet``, for every ``hit`` or ``miss`` of a gun that fired)
  leaves the shooter at the event's tick and reaches the target's position a tick later;
* each decoy a ``decoys`` event releases (``Misc+Decoy+Flare`` or ``Misc+Decoy+Chaff``)
  is dropped where the aircraft is, one a tick from the event's tick, and stays there;
* each crew member who gets out (an ``ejection`` event whose data says ``ejected``) is a
  ``Ground+Light+Human+Air+Parachutist`` where the aircraft was;
* a kill or a crash (``kill``, ``ground``) is a ``Misc+Explosion`` at the victim.

The rules say nothing of where a decoy, a chute or a fireball goes after that, so none of
them moves; how long each is shown (:data:`SHOWN_TICKS`) is a display choice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from models.timeline import Event, Timeline

BULLET_TYPE = "Projectile+Bullet"
FLARE_TYPE = "Misc+Decoy+Flare"
CHAFF_TYPE = "Misc+Decoy+Chaff"
PARACHUTIST_TYPE = "Ground+Light+Human+Air+Parachutist"
EXPLOSION_TYPE = "Misc+Explosion"
DECOY_TYPES = {"flares": FLARE_TYPE, "chaff": CHAFF_TYPE}
SHOWN_TICKS = {
    BULLET_TYPE: 2,
    FLARE_TYPE: 5,
    CHAFF_TYPE: 5,
    PARACHUTIST_TYPE: 10,
    EXPLOSION_TYPE: 3,
}
"""Ticks each kind of object stays in the recording (a burst flies one tick)."""
RELEASE_PATTERN = re.compile(r"releases (\d+) (flares|chaff)\b")
"""A release as the ``decoys`` event's sentence words it (timelines whose events carry no
``decoy`` and ``count`` data)."""

PointFt = tuple[float, float, float]


@dataclass(frozen=True)
class Ephemeral:
    """One short-lived object: its ACMI number, fixed properties and where it is."""

    number: int
    properties: tuple[tuple[str, str], ...]
    first_tick: int
    path_ft: tuple[PointFt, ...]
    """Its map position (x east, y north, z up) on each tick from ``first_tick``; it stays
    at the last one while it is shown."""
    shown_ticks: int

    @property
    def removal_tick(self) -> int:
        """The tick it is taken out of the recording."""
        return self.first_tick + max(self.shown_ticks, len(self.path_ft))

    @property
    def type(self) -> str:
        return dict(self.properties)["Type"]


def decoy_release(event: Event) -> tuple[str, int] | None:
    """The kind (``flares``, ``chaff``) and number of decoys a ``decoys`` event put out;
    None for one that released none (setting a program)."""
    kind, count = event.data.get("decoy"), event.data.get("count")
    if isinstance(kind, str) and isinstance(count, int) and kind in DECOY_TYPES:
        return kind, count
    found = RELEASE_PATTERN.search(event.detail)
    return (found[2], int(found[1])) if found else None


class EphemeralPlanner:
    """Plans the short-lived objects of a timeline, numbered from ``first_number``.

    ``tick_of(t_s)`` gives the tick of an event time, ``side_of(entity)`` the Coalition and
    Color of an entity."""

    def __init__(
        self,
        timeline: Timeline,
        first_number: int,
        tick_of: Callable[[float], int],
        side_of: Callable[[str], tuple[tuple[str, str], ...]],
    ) -> None:
        self.timeline = timeline
        self.next_number = first_number
        self.tick_of = tick_of
        self.side_of = side_of
        self.index = {info.id: i for i, info in enumerate(timeline.meta.entities)}
        self.callsign = {info.id: info.callsign for info in timeline.meta.entities}
        self.last_tick = timeline.ticks - 1

    def plan(self) -> list[Ephemeral]:
        """Every object, in the order of their first tick (then of their events)."""
        planned: list[Ephemeral] = []
        for event in self.timeline.meta.events:
            planned.extend(self._from_event(event))
        planned.sort(key=lambda obj: obj.first_tick)
        return planned

    def _from_event(self, event: Event) -> list[Ephemeral]:
        known = [entity for entity in event.entities if entity in self.index]
        if not known:
            return []
        data = event.data
        if event.kind in ("hit", "miss") and "gun" in data and data.get("fired"):
            shooter, target = (*event.entities, "")[:2]
            return self._burst(event, shooter, target, str(data["gun"]))
        if event.kind == "decoys":
            release = decoy_release(event)
            return self._decoys(event, known[0], *release) if release else []
        if event.kind == "ejection" and data.get("ejected"):
            return [self._parachutist(event, known[0])]
        if event.kind in ("kill", "ground"):
            return [self._explosion(event, known[0])]
        return []

    def _point_ft(self, entity: str, tick: int) -> PointFt:
        i, channels = self.index[entity], self.timeline.channels
        tick = min(max(tick, 0), self.last_tick)
        return (
            float(channels["x_ft"][i, tick]),
            float(channels["y_ft"][i, tick]),
            float(channels["z_ft"][i, tick]),
        )

    def _new(
        self,
        kind: str,
        name: str,
        owner: str,
        first_tick: int,
        path_ft: tuple[PointFt, ...],
    ) -> Ephemeral:
        number, self.next_number = self.next_number, self.next_number + 1
        properties = (
            ("Type", kind),
            ("Name", name),
            ("Parent", f"{self.index[owner] + 1:x}"),
            *self.side_of(owner),
        )
        return Ephemeral(number, properties, first_tick, path_ft, SHOWN_TICKS[kind])

    def _burst(self, event: Event, shooter: str, target: str, gun: str) -> list[Ephemeral]:
        if shooter not in self.index or target not in self.index:
            return []
        tick = self.tick_of(event.t_s)
        path = (self._point_ft(shooter, tick), self._point_ft(target, tick + 1))
        return [self._new(BULLET_TYPE, gun, shooter, tick, path)]

    def _decoys(self, event: Event, owner: str, kind: str, count: int) -> list[Ephemeral]:
        tick = self.tick_of(event.t_s)
        name = "Flare" if kind == "flares" else "Chaff"
        return [
            self._new(
                DECOY_TYPES[kind],
                name,
                owner,
                min(tick + j, self.last_tick),
                (self._point_ft(owner, tick + j),),
            )
            for j in range(count)
        ]

    def _parachutist(self, event: Event, owner: str) -> Ephemeral:
        tick = self.tick_of(event.t_s)
        name = f"{self.callsign[owner]} crew"
        return self._new(PARACHUTIST_TYPE, name, owner, tick, (self._point_ft(owner, tick),))

    def _explosion(self, event: Event, victim: str) -> Ephemeral:
        tick = self.tick_of(event.t_s)
        return self._new(EXPLOSION_TYPE, "Explosion", victim, tick, (self._point_ft(victim, tick),))
