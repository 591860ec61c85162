"""A branch against its parent at the end: shots, hits, kills, range and energy.

The energy is the changed aircraft's specific energy, as an energy height: altitude plus
the height its speed would buy, ``h + V²/2g`` in feet (true airspeed; the standard
energy-maneuverability measure).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from models.timeline import Timeline

G_FT_S2 = 32.174
"""Standard gravity in ft/s²."""
FT_S_PER_KT = 6076.12 / 3600.0
SHOT_KINDS = frozenset({"gunshot", "launch"})


@dataclass(frozen=True, slots=True)
class EndState:
    """What a timeline shows at its end for one aircraft and its bandit."""

    shots: int
    hits: int
    kills: int
    range_ft: float | None
    """Between the aircraft and its bandit at the last tick both are in play."""
    energy_height_ft: float


def bandit_of(timeline: Timeline, aircraft: str, tick: int) -> str | None:
    """The enemy aircraft nearest ``aircraft`` at ``tick``, or None."""
    infos = {e.id: e for e in timeline.meta.entities}
    me = timeline.entity_index(aircraft)
    here = _position_ft(timeline, me, tick)
    best: tuple[float, str] | None = None
    for info in timeline.meta.entities:
        if info.kind != "aircraft" or info.side == infos[aircraft].side:
            continue
        index = timeline.entity_index(info.id)
        gap = math.dist(here, _position_ft(timeline, index, tick))
        if best is None or gap < best[0]:
            best = (gap, info.id)
    return None if best is None else best[1]


def _position_ft(timeline: Timeline, index: int, tick: int) -> tuple[float, float, float]:
    c = timeline.channels
    return (
        float(c["x_ft"][index, tick]),
        float(c["y_ft"][index, tick]),
        float(c["z_ft"][index, tick]),
    )


def end_state(timeline: Timeline, aircraft: str, bandit: str | None) -> EndState:
    """Counts over the whole game (every aircraft's), range and energy at the end."""
    kinds = [event.kind for event in timeline.meta.events]
    me = timeline.entity_index(aircraft)
    active = timeline.channels["active"].astype(bool)
    mine = np.flatnonzero(active[me])
    last = int(mine[-1]) if mine.size else timeline.ticks - 1
    range_ft = None
    if bandit is not None and bandit in timeline.entity_ids:
        other = timeline.entity_index(bandit)
        both = np.flatnonzero(active[me] & active[other])
        if both.size:
            tick = int(both[-1])
            range_ft = math.dist(
                _position_ft(timeline, me, tick), _position_ft(timeline, other, tick)
            )
    speed_ft_s = float(timeline.channels["speed_kt"][me, last]) * FT_S_PER_KT
    energy = float(timeline.channels["z_ft"][me, last]) + speed_ft_s**2 / (2.0 * G_FT_S2)
    return EndState(
        shots=sum(kind in SHOT_KINDS for kind in kinds),
        hits=kinds.count("hit"),
        kills=kinds.count("kill"),
        range_ft=range_ft,
        energy_height_ft=energy,
    )
