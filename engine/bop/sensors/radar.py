"""A radar through the Sensor phase (SoP 10, "Radar", "Tracks", the six modes).

:class:`RadarState` is a radar's mode and its acquisitions and tracks.
:func:`radar_sensor_phase` runs one Sensor phase for it:

1. a stabilised mode (Search, TWS) the attitude forbids can attempt nothing, so everything
   it held is lost;
2. start-of-phase conversions without a roll: TWS turns its closest acquisitions held a
   game-turn into tracks until it has four; Supersearch tracks its closest acquisition held a
   game-turn when it has no track;
3. Maintenance of every acquisition and track (the target must be viewable and in the mode's
   arc);
4. the mode's acquisitions: Boresight and Dogfight try the closest target (losing what they
   held) and gain a track at once; Supersearch tries one new target; Search tries to convert
   one acquisition held a game-turn (a track drops all other acquisitions and stops new
   ones), then acquires every target in arc; TWS acquires every target in arc; STT never
   acquires.

:func:`select_closest` is "Selecting the Closest Target"; :func:`switch_mode`,
:func:`clear_radar`, :func:`tws_switch` and :func:`after_rhm_launch` are the Switch actions
and the automatic shift to STT.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.bop import purposes
from engine.bop.effects import EffectRecord
from engine.bop.sensors.common import (
    Awareness,
    Contact,
    IllegalSensorAction,
    SensorRoll,
    stabilised_usable,
)
from engine.bop.sensors.radar_rolls import (
    mode_fit,
    radar_acquisition,
    radar_in_arc,
    radar_maintenance,
    track_conversion,
    track_modifiers,
)
from engine.dice import Dice
from engine.phad import Attitude
from models.bop_tables.sensors import SensorTables
from models.sensors import STABILISED_MODES, RadarFit, RadarMode, sensor_tables

SENSOR = "radar"


@dataclass(frozen=True, slots=True)
class RadarState:
    """A radar's mode and what it holds."""

    mode: RadarMode
    awareness: tuple[Awareness, ...] = ()

    @property
    def tracks(self) -> tuple[Awareness, ...]:
        return tuple(a for a in self.awareness if a.kind == "track")

    @property
    def acquisitions(self) -> tuple[Awareness, ...]:
        return tuple(a for a in self.awareness if a.kind == "acquisition")

    def holding(self, target: str) -> Awareness | None:
        return next((a for a in self.awareness if a.target == target), None)

    def tracks_target(self, target: str) -> bool:
        held = self.holding(target)
        return held is not None and held.kind == "track"


@dataclass(frozen=True, slots=True)
class RadarPhase:
    """One Sensor phase of one radar."""

    state: RadarState
    rolls: tuple[SensorRoll, ...] = ()
    records: tuple[EffectRecord, ...] = ()


def guides_rhm(state: RadarState, target: str) -> bool:
    """An RH missile needs the launcher's radar in STT with a track on its target."""
    return state.mode == "STT" and state.tracks_target(target)


def supports_ahm_launch(state: RadarState, target: str) -> bool:
    """An AH missile needs a radar track on its target at launch (any mode)."""
    return state.tracks_target(target)


def select_closest(contacts: Sequence[Contact], dice: Dice, who: str, turn: int) -> Contact | None:
    """The closest target: shortest slant range, then largest signature, then a random
    pick among those left (a d10, rerolled past a whole multiple of their number)."""
    if not contacts:
        return None
    nearest = min(c.range_fp for c in contacts)
    closest = [c for c in contacts if c.range_fp == nearest]
    largest = max(c.radar_signature for c in closest)
    tied = sorted((c for c in closest if c.radar_signature == largest), key=lambda c: c.target)
    if len(tied) == 1:
        return tied[0]
    if len(tied) > 10:
        return tied[dice.percentile(purposes.closest_target(who, turn)) % len(tied)]
    limit = 10 - 10 % len(tied)
    while True:
        face = dice.d10(purposes.closest_target(who, turn))
        if face < limit:
            return tied[face % len(tied)]


def _by_range(held: Sequence[Awareness], contacts: dict[str, Contact]) -> list[Awareness]:
    far = 10**9
    return sorted(
        held,
        key=lambda a: (
            contacts[a.target].range_fp if a.target in contacts else far,
            -(contacts[a.target].radar_signature if a.target in contacts else 0),
            a.target,
        ),
    )


def _note(who: str, text: str, **data: float | int | str | bool) -> EffectRecord:
    return EffectRecord("sensor_radar", f"{who} radar: {text}", dict(data))


def radar_sensor_phase(
    radar: RadarFit,
    state: RadarState,
    attitude: Attitude,
    contacts: Sequence[Contact],
    dice: Dice,
    who: str,
    turn: int,
    *,
    acquire: bool | None = None,
    convert: str | None = None,
    tables: SensorTables | None = None,
) -> RadarPhase:
    """One Sensor phase (SoP 10) for a radar.

    ``contacts`` are the targets the radar can view.  ``acquire``: None lets the mode do
    what it normally does (Boresight and Dogfight try only when they hold nothing, since an
    attempt drops what they hold); True or False forces or skips new acquisitions.
    ``convert``: in Search, the acquisition to try to turn into a track when it is still
    held after Maintenance (otherwise, and by default, the closest one held a game-turn).
    """
    tables = tables or sensor_tables()
    mode = state.mode
    mode_fit(radar, mode)
    by_target = {c.target: c for c in contacts}
    rolls: list[SensorRoll] = []
    records: list[EffectRecord] = []

    if mode in STABILISED_MODES and not stabilised_usable(attitude):
        if state.awareness:
            records.append(
                _note(who, f"{mode} is unusable in this attitude: all contacts lost", mode=mode)
            )
        return RadarPhase(RadarState(mode), (), tuple(records))

    held = list(state.awareness)
    # 2. Conversions at the start of the phase.
    if mode == "TWS":
        waiting = _by_range(
            [a for a in held if a.kind == "acquisition" and a.held_a_turn(turn)], by_target
        )
        while waiting and sum(a.kind == "track" for a in held) < tables.tws.max_tracks:
            first = waiting.pop(0)
            held[held.index(first)] = first.as_track(turn)
            records.append(_note(who, f"TWS tracks {first.target}", target=first.target))
    if mode == "SS" and not any(a.kind == "track" for a in held):
        waiting = _by_range(
            [a for a in held if a.kind == "acquisition" and a.held_a_turn(turn)], by_target
        )
        if waiting:
            first = waiting[0]
            held[held.index(first)] = first.as_track(turn)
            records.append(_note(who, f"Supersearch tracks {first.target}", target=first.target))

    # 3. Maintenance.
    kept: list[Awareness] = []
    for awareness in held:
        contact = by_target.get(awareness.target)
        if contact is None or not radar_in_arc(
            radar, mode, attitude, contact, acquisition=False, tables=tables
        ):
            why = "not viewable" if contact is None else "out of the mode's arc"
            records.append(_note(who, f"loses {awareness.target} ({why})", target=awareness.target))
            continue
        modifiers = track_modifiers(radar, contact, dice, who, turn, tables=tables)
        roll = radar_maintenance(radar, mode, contact, modifiers, dice, who, turn, tables=tables)
        rolls.append(roll)
        if roll.success:
            kept.append(awareness)

    # 4. The mode's own acquisitions and conversions.
    tried = {a.target for a in state.awareness}

    def in_acquisition_arc(contact: Contact) -> bool:
        return radar_in_arc(radar, mode, attitude, contact, acquisition=True, tables=tables)

    def attempt(contact: Contact) -> SensorRoll:
        modifiers = track_modifiers(radar, contact, dice, who, turn, tables=tables)
        roll = radar_acquisition(radar, mode, contact, modifiers, dice, who, turn, tables)
        rolls.append(roll)
        tried.add(contact.target)
        return roll

    fresh = [c for c in contacts if c.target not in tried and in_acquisition_arc(c)]
    if mode in ("Bo", "Dog"):
        wanted = (not kept) if acquire is None else acquire
        candidates = [c for c in contacts if in_acquisition_arc(c)]
        target = select_closest(candidates, dice, who, turn) if wanted else None
        if target is not None:
            roll = attempt(target)
            kept = [Awareness(SENSOR, target.target, "track", turn)] if roll.success else []
    elif mode == "SS":
        target = select_closest(fresh, dice, who, turn) if acquire is not False else None
        if target is not None and attempt(target).success:
            kept.append(Awareness(SENSOR, target.target, "acquisition", turn))
    elif mode == "TWS":
        if acquire is not False:
            for contact in sorted(fresh, key=lambda c: (c.range_fp, c.target)):
                if attempt(contact).success:
                    kept.append(Awareness(SENSOR, contact.target, "acquisition", turn))
    elif mode == "Srch":
        if not any(a.kind == "track" for a in kept):
            kept = _search_conversion(
                radar, kept, by_target, convert, dice, who, turn, tables, rolls
            )
        if acquire is not False and not any(a.kind == "track" for a in kept):
            for contact in sorted(fresh, key=lambda c: (c.range_fp, c.target)):
                if attempt(contact).success:
                    kept.append(Awareness(SENSOR, contact.target, "acquisition", turn))
    records.extend(r.record for r in rolls if r.record is not None)
    return RadarPhase(RadarState(mode, tuple(kept)), tuple(rolls), tuple(records))


def _search_conversion(
    radar: RadarFit,
    kept: list[Awareness],
    by_target: dict[str, Contact],
    convert: str | None,
    dice: Dice,
    who: str,
    turn: int,
    tables: SensorTables,
    rolls: list[SensorRoll],
) -> list[Awareness]:
    ready = [a for a in kept if a.kind == "acquisition" and a.held_a_turn(turn)]
    if convert is not None:
        # The wanted contact when it survived Maintenance, else the closest one ready.
        ready = [a for a in ready if a.target == convert] or ready
    if not ready:
        return kept
    chosen = _by_range(ready, by_target)[0]
    contact = by_target[chosen.target]
    modifiers = track_modifiers(radar, contact, dice, who, turn, tables=tables)
    roll = track_conversion(radar, "Srch", contact, modifiers, dice, who, turn, tables)
    rolls.append(roll)
    if roll.success:
        return [chosen.as_track(turn)]
    return kept


def switch_mode(
    radar: RadarFit,
    state: RadarState,
    mode: RadarMode,
    attitude: Attitude,
    contacts: Sequence[Contact],
    *,
    keep: str | None = None,
    tables: SensorTables | None = None,
) -> RadarState:
    """A Switch action in the Declarations phase: the radar keeps what the new mode allows
    (the player's ``keep``, else the closest).  STT needs a track already in the STT arc."""
    tables = tables or sensor_tables()
    mode_fit(radar, mode)
    by_target = {c.target: c for c in contacts}
    tracks = _by_range(state.tracks, by_target)
    acquisitions = _by_range(state.acquisitions, by_target)
    if keep is not None:
        if state.holding(keep) is None:
            raise IllegalSensorAction(f"the radar holds nothing on {keep} to keep")
        tracks.sort(key=lambda a: a.target != keep)
        acquisitions.sort(key=lambda a: a.target != keep)
    if mode == "STT":
        usable = [
            a
            for a in tracks
            if a.target in by_target
            and radar_in_arc(
                radar, "STT", attitude, by_target[a.target], acquisition=False, tables=tables
            )
        ]
        if not usable:
            raise IllegalSensorAction("STT Mode: needs a tracked target in the STT arc")
        return RadarState("STT", (usable[0],))
    if mode in ("Bo", "Dog"):
        first = (tracks + acquisitions)[:1]
        return RadarState(mode, tuple(first))
    if mode == "SS":
        return RadarState(mode, tuple(tracks[:1] + acquisitions))
    if mode == "Srch":
        return RadarState(mode, tuple(tracks[:1]) if tracks else tuple(acquisitions))
    return RadarState(mode, tuple(tracks[: tables.tws.max_tracks] + acquisitions))


def clear_radar(state: RadarState) -> RadarState:
    """A Switch action in the Sensor phase drops every acquisition and track."""
    return RadarState(state.mode)


def after_rhm_launch(state: RadarState) -> RadarState:
    """A radar in Boresight shifts to STT by itself when its aircraft fires an RHM."""
    return replace(state, mode="STT") if state.mode == "Bo" else state


def tws_switch(
    state: RadarState, convert: str, drop: str, turn: int, tables: SensorTables | None = None
) -> RadarState:
    """TWS with four tracks: a Switch action turns an acquisition into a track and drops
    one of the existing tracks (the player's choice)."""
    tables = tables or sensor_tables()
    if state.mode != "TWS":
        raise IllegalSensorAction("TWS Mode: the radar is not in TWS")
    if len(state.tracks) < tables.tws.max_tracks:
        raise IllegalSensorAction("TWS Mode: the radar converts by itself below four tracks")
    acquisition = state.holding(convert)
    dropped = state.holding(drop)
    if acquisition is None or acquisition.kind != "acquisition":
        raise IllegalSensorAction(f"TWS Mode: {convert} is not an acquisition")
    if dropped is None or dropped.kind != "track":
        raise IllegalSensorAction(f"TWS Mode: {drop} is not a track")
    return RadarState(
        "TWS",
        tuple(
            acquisition.as_track(turn) if a is acquisition else a
            for a in state.awareness
            if a is not dropped
        ),
    )
