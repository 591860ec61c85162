"""Per-tick series of one aircraft, and of its geometry against a second, for the debrief
charts.

From a :class:`~models.timeline.Timeline`: altitude (``z_ft``), true airspeed
(``speed_kt``), load (the rule set's load channel: ``bop.load_g``), specific energy
``E_s`` and specific excess power ``P_s`` (from :class:`sim.energy.EnergyHistory`), fuel
(the channel whose gauge is ``fuel``: ``bop.fuel_fp``, ``hexjet.fuel``) and, against the
second aircraft, range, antenna train angle and aspect angle (``reference/bfm.md``, as
:func:`sim.bfm.geometry_of` computes them).  A channel the timeline lacks gives no series.

The angles take each aircraft's velocity along its flight path (the derivative of the
tick positions, as the replay draws them), not its nose, so they agree with the instructor
overlays.  Ticks where either aircraft is out of play are NaN.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from models.timeline import Timeline, split_ids
from sim.bfm import geometry_of
from sim.debrief.kinds import shot_role, victim_first
from sim.energy import EnergyHistory

FloatArray = npt.NDArray[np.float64]

LOAD_CHANNELS = ("bop.load_g",)
"""Load channels by name, tried before any channel whose gauge is ``load``."""
FUEL_CHANNELS = ("bop.fuel_fp", "hexjet.fuel")
"""Fuel channels by name, tried before any channel whose gauge is ``fuel``."""
LOCK_GAUGES = frozenset({"tracks", "ir", "lock", "target"})
"""Gauges of the entity-id channels that say whom an aircraft's sensors hold or whom its
crew focus on (``bop.tracks``, ``bop.ir_lock``, ``phantoms.locks``, ``otl.target``)."""
POSITION_CHANNELS = ("x_ft", "y_ft", "z_ft")


class SeriesError(ValueError):
    """An aircraft the timeline does not hold, or one that cannot be charted against
    another; the message names it and what would do."""


@dataclass(frozen=True, slots=True)
class Series:
    """One quantity at every tick."""

    name: str
    """With its unit: ``alt_ft``, ``ata_deg``."""
    label: str
    """As a chart's axis says it: ``Altitude``."""
    unit: str
    values: FloatArray
    """(ticks,); NaN where the aircraft (or its opponent, for geometry) is out of play."""


@dataclass(frozen=True, slots=True)
class AircraftSeries:
    """The series of one aircraft, against ``against`` (None: no geometry)."""

    entity: str
    against: str | None
    t_s: FloatArray
    series: dict[str, Series] = field(default_factory=dict)
    """By name, in the order the charts stack them."""

    def get(self, name: str) -> Series | None:
        return self.series.get(name)

    def at(self, name: str, t_s: float) -> float:
        """A series' value at the tick nearest ``t_s`` (NaN without the series)."""
        found = self.series.get(name)
        if found is None or not len(self.t_s):
            return float("nan")
        return float(found.values[nearest_tick(self.t_s, t_s)])


def nearest_tick(t_s: FloatArray, at_s: float) -> int:
    """The index of the tick nearest ``at_s`` (the earlier one on a tie)."""
    upper = int(np.searchsorted(t_s, at_s, side="left"))
    if upper <= 0:
        return 0
    if upper >= len(t_s):
        return len(t_s) - 1
    return upper if t_s[upper] - at_s < at_s - t_s[upper - 1] else upper - 1


def aircraft_ids(timeline: Timeline) -> tuple[str, ...]:
    return tuple(e.id for e in timeline.meta.entities if e.kind == "aircraft")


def check_aircraft(timeline: Timeline, entity_id: str, option: str = "--aircraft") -> None:
    """Refuse an id that is not an aircraft of the timeline, listing those that are."""
    known = aircraft_ids(timeline)
    if entity_id not in known:
        listed = ", ".join(known) or "none"
        raise SeriesError(f"{option} {entity_id!r}: no such aircraft; choose one of {listed}")


def active_mask(timeline: Timeline, index: int) -> npt.NDArray[np.bool_]:
    active = timeline.channels.get("active")
    if active is None:
        return np.ones(timeline.ticks, dtype=bool)
    return np.asarray(active[index], dtype=bool)


def numeric_channel(timeline: Timeline, names: tuple[str, ...], gauge: str) -> str | None:
    """The first of ``names`` the timeline holds as numbers, else its first numeric
    channel whose spec's gauge is ``gauge``; None when there is neither."""
    for name in names:
        array = timeline.channels.get(name)
        if array is not None and array.dtype.kind in "iuf" and array.ndim == 2:
            return name
    for name, array in timeline.channels.items():
        numeric = array.dtype.kind in "iuf" and array.ndim == 2
        if numeric and timeline.channel_spec(name).gauge == gauge:
            return name
    return None


def _row(timeline: Timeline, name: str, index: int, mask: npt.NDArray[np.bool_]) -> FloatArray:
    values = np.asarray(timeline.channels[name][index], dtype=np.float64)
    return np.where(mask, values, np.nan)


def positions_ft(timeline: Timeline, index: int) -> FloatArray | None:
    """(ticks, 3) positions of one entity, or None without the position channels."""
    if not all(name in timeline.channels for name in POSITION_CHANNELS):
        return None
    columns = [np.asarray(timeline.channels[n][index], dtype=np.float64) for n in POSITION_CHANNELS]
    return np.stack(columns, axis=1)


def path_velocities_fps(
    t_s: FloatArray, points_ft: FloatArray, active: npt.NDArray[np.bool_]
) -> FloatArray:
    """(ticks, 3) velocities along a track: central differences of the positions inside
    each run of ticks in play, one-sided at its ends (a run of one tick: zero), NaN out of
    play, so a track never borrows a position from before it came into play or after it
    left."""
    velocity: FloatArray = np.full(points_ft.shape, np.nan)
    edges = np.flatnonzero(np.diff(np.concatenate([[0], active.astype(np.int8), [0]])))
    for start, stop in zip(edges[::2], edges[1::2], strict=True):
        if stop - start >= 2:
            velocity[start:stop] = np.gradient(points_ft[start:stop], t_s[start:stop], axis=0)
        else:
            velocity[start:stop] = 0.0
    return velocity


def pair_geometry(timeline: Timeline, entity_id: str, against: str) -> dict[str, FloatArray]:
    """Range (ft), ATA and AA (deg) from ``entity_id`` to ``against`` at every tick; NaN
    where either is out of play; empty without the position channels."""
    i, j = timeline.entity_index(entity_id), timeline.entity_index(against)
    own, other = positions_ft(timeline, i), positions_ft(timeline, j)
    if own is None or other is None:
        return {}
    t = np.asarray(timeline.t_s, dtype=np.float64)
    own_active, other_active = active_mask(timeline, i), active_mask(timeline, j)
    own_v = path_velocities_fps(t, own, own_active)
    other_v = path_velocities_fps(t, other, other_active)
    both = own_active & other_active
    out = {name: np.full(timeline.ticks, np.nan) for name in ("range_ft", "ata_deg", "aa_deg")}
    for k in np.flatnonzero(both):
        geo = geometry_of(own[k], own_v[k], other[k], other_v[k])
        out["range_ft"][k] = geo.range_ft
        out["ata_deg"][k] = geo.ata_deg
        out["aa_deg"][k] = geo.aa_deg
    return out


def _side(timeline: Timeline, entity_id: str) -> str:
    return next(e.side for e in timeline.meta.entities if e.id == entity_id)


def enemies(timeline: Timeline, entity_id: str) -> tuple[str, ...]:
    side = _side(timeline, entity_id)
    return tuple(
        e.id
        for e in timeline.meta.entities
        if e.kind == "aircraft" and e.side != side and e.id != entity_id
    )


def _shot_targets(timeline: Timeline, entity_id: str, foes: tuple[str, ...]) -> Counter[str]:
    """How often the aircraft's shots and their results name each enemy."""
    counts: Counter[str] = Counter()
    for event in timeline.meta.events:
        if shot_role(event.kind) not in ("shot", "result") or victim_first(event.kind):
            continue
        named = [e for e in event.entities if e == entity_id or e in foes]
        if named[:1] == [entity_id] and len(named) > 1:
            counts[named[1]] += 1
    return counts


def _locked_targets(timeline: Timeline, entity_id: str, foes: tuple[str, ...]) -> Counter[str]:
    """Ticks each enemy spends in the aircraft's lock, track or focus channels."""
    counts: Counter[str] = Counter()
    index = timeline.entity_index(entity_id)
    for name, array in timeline.channels.items():
        spec = timeline.channel_spec(name)
        if spec.interp != "ids" or spec.gauge not in LOCK_GAUGES or array.ndim != 2:
            continue
        for text in array[index]:
            counts.update(e for e in split_ids(str(text)) if e in foes)
    return counts


def _nearest(timeline: Timeline, entity_id: str, foes: tuple[str, ...]) -> str | None:
    """The enemy at the least median range while both are in play."""
    best: tuple[float, str] | None = None
    i = timeline.entity_index(entity_id)
    own = positions_ft(timeline, i)
    if own is None:
        return foes[0] if foes else None
    for foe in foes:
        j = timeline.entity_index(foe)
        other = positions_ft(timeline, j)
        both = active_mask(timeline, i) & active_mask(timeline, j)
        if other is None or not both.any():
            continue
        median = float(np.median(np.linalg.norm(other[both] - own[both], axis=1)))
        if best is None or median < best[0]:
            best = (median, foe)
    return best[1] if best else (foes[0] if foes else None)


def default_opponent(timeline: Timeline, entity_id: str) -> str | None:
    """Whom an aircraft fought: the enemy its shots named most, else the one its sensors
    held longest, else the nearest; None with no enemy aircraft."""
    foes = enemies(timeline, entity_id)
    shots = _shot_targets(timeline, entity_id, foes)
    for counts in (shots, _locked_targets(timeline, entity_id, foes)):
        if counts:
            # most often, then first in the timeline's order
            return max(foes, key=lambda foe: (counts[foe], -foes.index(foe)))
    return _nearest(timeline, entity_id, foes)


def aircraft_series(
    timeline: Timeline, entity_id: str, against: str | None = None, *, opponent: bool = True
) -> AircraftSeries:
    """The series of ``entity_id``; its geometry against ``against`` (its default opponent
    when None and ``opponent``, none when ``opponent`` is false)."""
    check_aircraft(timeline, entity_id)
    if against is not None:
        check_aircraft(timeline, against, "--against")
        if against == entity_id:
            raise SeriesError(f"--against {against!r}: that is the charted aircraft itself")
    elif opponent:
        against = default_opponent(timeline, entity_id)
    index = timeline.entity_index(entity_id)
    mask = active_mask(timeline, index)
    t = np.asarray(timeline.t_s, dtype=np.float64)
    found: dict[str, Series] = {}

    def add(name: str, label: str, unit: str, values: FloatArray) -> None:
        found[name] = Series(name, label, unit, values)

    if "z_ft" in timeline.channels:
        add("alt_ft", "Altitude", "ft", _row(timeline, "z_ft", index, mask))
    if "speed_kt" in timeline.channels:
        add("tas_kt", "True airspeed", "kt", _row(timeline, "speed_kt", index, mask))
    load = numeric_channel(timeline, LOAD_CHANNELS, "load")
    if load is not None:
        add("load_g", "Load", "G", _row(timeline, load, index, mask))
    if "z_ft" in timeline.channels and "speed_kt" in timeline.channels:
        energy = EnergyHistory.from_timeline(timeline)
        add("es_ft", "Energy height E_s", "ft", np.where(mask, energy.es_ft[index], np.nan))
        add("ps_fps", "Excess power P_s", "ft/s", np.where(mask, energy.ps_fps[index], np.nan))
    fuel = numeric_channel(timeline, FUEL_CHANNELS, "fuel")
    if fuel is not None:
        unit = timeline.channel_spec(fuel).unit
        add("fuel", "Fuel", unit, _row(timeline, fuel, index, mask))
    if against is not None:
        geometry = pair_geometry(timeline, entity_id, against)
        labels = {"range_ft": ("Range", "ft"), "ata_deg": ("ATA", "deg"), "aa_deg": ("AA", "deg")}
        for name, values in geometry.items():
            add(name, *labels[name], values)
    return AircraftSeries(entity_id, against, t, found)
