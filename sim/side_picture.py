"""One side's picture of the fight (the fog of war): what its crews had spotted or their
sensors tracked, and where the rest were when last known.

An enemy is *known* to a side at a tick when any aircraft of that side lists it in a channel
of sightings or tracks, as the rule set declares them (Birds of Prey: ``bop.spotted``,
Visual Sighting, SoP 09, and ``bop.tracks``, radar and IRST, SoP 10). A known enemy is
drawn as it is; an enemy lost is drawn where it was at the last tick it was known, fading
with the time since; one never known is not drawn. The side's own aircraft, and everything
on a timeline without such channels, are always known (the rules there have no fog to
show). The picture is a
transformation of the :class:`~sim.snapshot.Snapshot`, so the PHAD, the HUD and the
instructor overlays drawn from it know only what the side knew. No Panda3D here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from models.timeline import Timeline, split_ids
from sim.snapshot import EntityState, Snapshot

KNOWLEDGE_GAUGES = frozenset({"phad", "tracks"})
"""An ``ids`` channel shown on one of these gauges lists whom an aircraft's crew have
spotted (the PHAD's marks) or its sensors track: what its side knows."""
FADE_S = 30.0
"""A lost enemy's mini fades out over this long after it was last known."""
LEAST_ALPHA = 0.25
"""...to no fainter than this, so that its last known place stays on the map."""


def knowledge_channels(timeline: Timeline) -> tuple[str, ...]:
    """The sighting and track channels this timeline holds, as its rule set declares them."""
    return tuple(
        name
        for name in timeline.channels
        if (spec := timeline.channel_spec(name)).interp == "ids" and spec.gauge in KNOWLEDGE_GAUGES
    )


def sides(timeline: Timeline) -> tuple[str, ...]:
    """The sides that fly aircraft, in the order the timeline lists them."""
    found: list[str] = []
    for info in timeline.meta.entities:
        if info.kind == "aircraft" and info.side not in found:
            found.append(info.side)
    return tuple(found)


def fade_alpha(seen_age_s: float) -> float:
    """How opaque a mini last known ``seen_age_s`` ago is drawn (1 when known now)."""
    if seen_age_s <= 0.0:
        return 1.0
    if math.isinf(seen_age_s):
        return 0.0
    return max(LEAST_ALPHA, 1.0 - seen_age_s / FADE_S)


class SidePicture:
    """What ``side`` knew, tick by tick, of every entity in ``timeline``."""

    def __init__(self, timeline: Timeline, side: str) -> None:
        known_sides = sides(timeline)
        if side not in known_sides:
            raise ValueError(
                f"no side {side!r} flies in this timeline; sides: {', '.join(known_sides)}"
            )
        self.side = side
        self.channels = knowledge_channels(timeline)
        self.t_s: npt.NDArray[np.float64] = np.asarray(timeline.t_s, dtype=float)
        self.known = self._known(timeline)
        self.last_known_tick = self._last_known(self.known)

    @property
    def has_fog(self) -> bool:
        """Whether the timeline says who knew of whom (else the picture is the whole fight)."""
        return bool(self.channels)

    def _known(self, timeline: Timeline) -> npt.NDArray[np.bool_]:
        """``known[e, tick]``: the side knew of entity ``e`` then."""
        infos = timeline.meta.entities
        ticks = len(self.t_s)
        known = np.zeros((len(infos), ticks), dtype=bool)
        own = np.array([info.side == self.side for info in infos])
        known[own] = True
        if not self.channels:
            known[:] = True
            return known
        index = {info.id: e for e, info in enumerate(infos)}
        watchers = [e for e, info in enumerate(infos) if own[e] and info.kind == "aircraft"]
        parsed: dict[str, tuple[str, ...]] = {}
        for name in self.channels:
            values = timeline.channels[name]
            for e in watchers:
                for tick in range(ticks):
                    text = str(values[e, tick])
                    if text not in parsed:
                        parsed[text] = tuple(split_ids(text))
                    for entity_id in parsed[text]:
                        target = index.get(entity_id)
                        if target is not None:
                            known[target, tick] = True
        return known

    @staticmethod
    def _last_known(known: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """``last[e, tick]``: the latest tick at or before ``tick`` the side knew of ``e``
        (−1 when it never had)."""
        ticks = known.shape[1]
        index = np.where(known, np.arange(ticks)[None, :], -1)
        return np.maximum.accumulate(index, axis=1)

    def apply(
        self, snapshot: Snapshot, tick: int, snapshot_at: Callable[[float], Snapshot]
    ) -> Snapshot:
        """``snapshot`` (taken at ``tick``, the nearer tick of its time) as the side saw it;
        ``snapshot_at(t_s)`` gives the whole picture at another time (for where a lost
        enemy was last known)."""
        if not self.has_fog:
            return snapshot
        earlier: dict[int, Snapshot] = {}
        entities: list[EntityState] = []
        for e, state in enumerate(snapshot.entities):
            if self.known[e, tick]:
                entities.append(state)
                continue
            last = int(self.last_known_tick[e, tick])
            if last < 0:
                entities.append(replace(state, active=False, seen_age_s=math.inf))
                continue
            if last not in earlier:
                earlier[last] = snapshot_at(float(self.t_s[last]))
            then = earlier[last].entities[e]
            entities.append(replace(then, seen_age_s=snapshot.t_s - float(self.t_s[last])))
        hidden = {s.id for s in entities if s.seen_age_s > 0.0}
        bearings = {k: v for k, v in snapshot.bearings.items() if k not in hidden}
        return replace(snapshot, entities=tuple(entities), bearings=bearings, side=self.side)
