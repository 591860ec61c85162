"""What a radar channel becomes in Tacview: the locks (``LockedTarget`` … ``LockedTarget9``)
and the range of the mode it is in.

The timeline records the radar's mode (``bop.radar_mode``) and what it tracks
(``bop.tracks``, the entities its radar or IRST holds).  It records no antenna angles and no
beam: Birds of Prey's arcs are sets of PHAD cells a bearing falls in, not a beam shape, so
no beamwidth is written.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from models.bop_channels import HEX_FT
from models.sensors import RADAR_MODES, UnknownSensorFit, sensor_fit
from models.timeline import split_ids
from sim.acmi.telemetry import M_PER_FT

LOCK_SLOTS = 9
"""Tacview names up to nine locks: ``LockedTarget``, then ``LockedTarget2`` to ``…9``."""
LOCK_PROPERTIES = ("LockedTarget", *(f"LockedTarget{n}" for n in range(2, LOCK_SLOTS + 1)))
TRACKING_MODE = "STT"


def lock_slots(mode: str, tracks: str, in_play: Callable[[str], bool]) -> list[str]:
    """The entity ids in Tacview's lock slots, one per slot (empty for none).

    In STT the first track is the single-target lock (slot 1) and any others follow from
    slot 2; in any other mode with the radar on, the tracks fill slots 2 to 9 and slot 1
    stays empty, as nothing is locked.  With the radar off there are no locks, and a track
    on an entity no longer in play (``in_play`` false) is dropped."""
    slots = [""] * LOCK_SLOTS
    if not mode:
        return slots
    held = tuple(entity for entity in split_ids(tracks) if in_play(entity))
    if mode == TRACKING_MODE and held:
        slots[0], held = held[0], held[1:]
    for slot, entity in enumerate(held[: LOCK_SLOTS - 1], start=1):
        slots[slot] = entity
    return slots


@cache
def radar_range_m(type_id: str, mode: str) -> float | None:
    """The range of ``mode`` on the type's sensor fit (its ADC's sensor block, in Flight
    Points of 400 ft) in metres; None for a type without a shipped fit, a fit without a
    radar, or a mode the radar lacks."""
    if mode not in RADAR_MODES:
        return None
    try:
        fit = sensor_fit(type_id)
    except UnknownSensorFit:
        return None
    modes = fit.radar.modes if fit.radar is not None else ()
    entry = next((listed for listed in modes if listed.mode == mode), None)
    if entry is None:
        return None
    return entry.range_fp * HEX_FT * M_PER_FT
