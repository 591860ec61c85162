"""Specific energy and specific excess power over a whole timeline, for the energy strip
chart.

Energy height ``E_s = h + V²/2g`` (ft) at every tick from the altitude and the true
airspeed; specific excess power ``P_s = dE_s/dt`` (ft/s), the rate the aircraft gains or
loses it, read off the timeline rather than from thrust and drag (``P_s = V(T−D)/W`` in
E-M theory; the two agree in flight).  The derivative is the central difference over the
neighbouring ticks, one-sided at a track's ends.  Within a game-turn the engine changes the
speed evenly tick by tick, so ``E_s`` is a parabola there and the central difference is its
exact slope; at a game-turn boundary it averages the two turns' slopes.

Ticks where an aircraft is out of play are NaN.  No Panda3D here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from models.timeline import Timeline
from sim.bfm import FPS_PER_KT, G_FPS2

FloatArray = npt.NDArray[np.float64]


def specific_energy_ft(alt_ft: npt.ArrayLike, speed_kt: npt.ArrayLike) -> FloatArray:
    """``E_s = h + V²/2g`` for arrays of altitude (ft) and true airspeed (kt)."""
    v = np.asarray(speed_kt, dtype=np.float64) * FPS_PER_KT
    out: FloatArray = np.asarray(alt_ft, dtype=np.float64) + v * v / (2.0 * G_FPS2)
    return out


def specific_excess_power_fps(t_s: npt.ArrayLike, es_ft: npt.ArrayLike) -> FloatArray:
    """``P_s = dE_s/dt`` (ft/s) at each sample of one track: central differences inside,
    one-sided at the ends and next to gaps (NaN samples); NaN where ``E_s`` is."""
    t = np.asarray(t_s, dtype=np.float64)
    es = np.asarray(es_ft, dtype=np.float64)
    ps = np.full(es.shape, np.nan)
    valid = np.isfinite(es)
    # Runs of consecutive valid samples, each differentiated on its own.
    edges = np.flatnonzero(np.diff(np.concatenate([[0], valid.astype(np.int8), [0]])))
    for start, stop in zip(edges[::2], edges[1::2], strict=True):
        if stop - start >= 2:
            ps[start:stop] = np.gradient(es[start:stop], t[start:stop])
        else:
            ps[start:stop] = 0.0
    return ps


@dataclass(frozen=True, slots=True)
class EnergyHistory:
    """``E_s`` and ``P_s`` of every entity at every tick of a timeline."""

    ids: tuple[str, ...]
    t_s: FloatArray
    """Tick times, (ticks,)."""
    es_ft: FloatArray
    """Energy height, (entities, ticks); NaN out of play."""
    ps_fps: FloatArray
    """Specific excess power, (entities, ticks); NaN out of play."""

    @classmethod
    def from_timeline(cls, timeline: Timeline) -> EnergyHistory:
        channels = timeline.channels
        t = np.asarray(timeline.t_s, dtype=np.float64)
        alt = np.asarray(channels["z_ft"], dtype=np.float64)
        speed = np.asarray(channels["speed_kt"], dtype=np.float64)
        es = specific_energy_ft(alt, speed)
        active = channels.get("active")
        if active is not None:
            es = np.where(np.asarray(active, dtype=bool), es, np.nan)
        ps = np.stack([specific_excess_power_fps(t, row) for row in es]) if len(es) else es
        return cls(tuple(timeline.entity_ids), t, es, ps)

    def index(self, entity_id: str) -> int:
        return self.ids.index(entity_id)

    def at(self, entity_id: str, t_s: float) -> tuple[float, float]:
        """``(E_s, P_s)`` at a time, linear between ticks (NaN out of play)."""
        i = self.index(entity_id)
        return (
            float(np.interp(t_s, self.t_s, self.es_ft[i])),
            float(np.interp(t_s, self.t_s, self.ps_fps[i])),
        )

    def window(self, t_from_s: float, t_to_s: float) -> slice:
        """The ticks from the last one at or before ``t_from_s`` to the first at or after
        ``t_to_s``, so a plot of them covers the whole window."""
        first = max(int(np.searchsorted(self.t_s, t_from_s, side="right")) - 1, 0)
        last = min(int(np.searchsorted(self.t_s, t_to_s, side="left")) + 1, len(self.t_s))
        return slice(first, last)
