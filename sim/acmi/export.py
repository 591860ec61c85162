"""A timeline as a Tacview recording: one ACMI frame per tick, aircraft and missiles as
objects, the game's shots and kills as Tacview events.

The timeline is read a block of ticks at a time (numbers converted with numpy for the
block) and written line by line, so memory stays the same however long the fight.  Only
what changed since the last frame is written for each object, as ACMI allows.

What goes where:

* global object: ReferenceTime and the reference point, RecordingTime (when the file is
  written, or the time given), Title and Briefing (the scenario's), Category (the rules
  and the scenario), Author, DataSource and DataRecorder (furball and its version),
  Comments (the rules and seed), and a Debriefing (:mod:`sim.acmi.debrief`: launches,
  hits, losses and ejections);
* aircraft (``Air+FixedWing``): Name (the type), CallSign, Pilot, Group (the callsign's
  flight), Coalition and Color (the side); each tick T (position and attitude), TAS, IAS,
  Mach, AOA, Throttle, Afterburner, AirBrakes, FuelWeight, VerticalGForce;
  from the radar channels (:mod:`sim.acmi.radar`) RadarMode, LockedTarget (the STT
  target), LockedTarget2 to LockedTarget9 (the other tracks), RadarRange (the mode's range
  on the type's sensor fit), RadarAzimuth and RadarElevation (at the STT target, else
  straight ahead); from the damage and crew channels (:mod:`sim.acmi.status`) Health,
  Disabled (the one flying unconscious or killed, or the crew out) and a Label;
* missiles (``Weapon+Missile``): Name, Parent (launcher), LockedTarget (its target), from
  launch until they leave play, when they are removed;
* every other kind as the Tacview type it implies (:func:`acmi_type`: helicopters
  ``Air+Rotorcraft``, bombs ``Weapon+Bomb``, ships ``Sea+Watercraft``, ground units
  ``Ground+Static``), or the type its entity names (``Ground+AntiAircraft`` for a gun or
  a SAM site);
* short-lived objects placed from the events (:mod:`sim.acmi.ephemeral`): gun bursts
  (``Projectile+Bullet``), flares and chaff released (``Misc+Decoy+Flare``,
  ``Misc+Decoy+Chaff``), crew who eject (``Ground+Light+Human+Air+Parachutist``) and an
  explosion at every kill or crash (``Misc+Explosion``);
* events: a Bookmark at the start of every game-turn, a Message for every launch, a
  Timeout (Tacview's shot log) for every gunshot and for every missile when it leaves play,
  Destroyed for a kill or a crash and for a missile that went off at its target, and
  LeftArea before any other object is removed, so that Tacview counts no false kill.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.atmosphere import MAX_ALT_FT, isa_arrays
from engine.rulesets import RULESETS
from models import bop_channels as bop
from models.aircraft import card as aircraft_card
from models.timeline import EntityInfo, Event, Timeline
from sim.acmi.debrief import debriefing
from sim.acmi.ephemeral import Ephemeral, EphemeralPlanner, PointFt
from sim.acmi.geodesy import TangentPlane
from sim.acmi.radar import LOCK_PROPERTIES, lock_slots, radar_range_m
from sim.acmi.status import flyer_out, read_damage, status_label
from sim.acmi.telemetry import (
    KG_PER_FUEL_POINT,
    M_PER_FT,
    angle_of_attack_deg,
    body_bearing_deg,
    calibrated_airspeed_mps,
    radar_mode_numbers,
    roll_pitch_yaw_deg,
)
from sim.acmi.writer import AcmiWriter, open_acmi
from sim.version import furball_version

BLOCK_TICKS = 256
"""Ticks converted at once: large enough for numpy to pay, small enough to stay small."""
MPS_PER_KT = 1852.0 / 3600.0
LB_PER_FUEL_POINT = 100.0
TACVIEW_COLOURS = ("Red", "Orange", "Yellow", "Green", "Cyan", "Blue", "Violet")
SPARE_COLOURS = ("Green", "Yellow", "Orange", "Cyan", "Violet")
"""Colours for sides not named after one, in order of appearance."""
ACMI_TYPES: dict[str, str] = {
    "aircraft": "Air+FixedWing",
    "missile": "Weapon+Missile",
    "bomb": "Weapon+Bomb",
    "ship": "Sea+Watercraft",
    "ground": "Ground+Static",
    "balloon": "Air+FixedWing",
}
"""Each entity kind's Tacview object type, when the entity names none of its own.  A
balloon has no Tacview type of its own and has always been written as an aircraft."""
ROTORCRAFT_TYPE = "Air+Rotorcraft"
CREWED_KINDS = frozenset({"aircraft", "balloon"})
"""Kinds written with a pilot, a flight and the cockpit's telemetry (throttle, fuel, load,
radar); the others get their position, attitude and speeds only."""
MISSILE_END_KINDS = frozenset(
    {
        "hit",
        "miss",
        "stall",
        "defeated",
        "lost_guidance",
        "guidance_lost",
        "seeker_lost",
        "target_gone",
    }
)
"""Events that take a missile out of play."""
LOSS_KINDS = frozenset({"kill", "ground"})
"""Events that destroy what they name first: a kill, a flight into the ground."""
HIT_OUTCOMES = frozenset({"Hit", "Kill"})
"""Shot outcomes of a missile that went off at its target."""
ACMI_TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


@dataclass(frozen=True)
class AcmiExport:
    """What an export wrote."""

    path: Path
    frames: int
    objects: int
    duration_s: float
    bytes: int


def export_acmi(
    timeline: Timeline,
    path: Path,
    progress: Callable[[int], None] | None = None,
    block_ticks: int = BLOCK_TICKS,
    recorded_at: datetime | None = None,
) -> AcmiExport:
    """Write ``timeline`` to ``path`` (``.zip.acmi`` or ``.txt.acmi``).

    ``progress(ticks_done)`` is told after every block of ticks.  ``recorded_at`` is the
    RecordingTime written (now when None); the same timeline and time give the same bytes."""
    if timeline.ticks == 0:
        raise ValueError("the timeline has no ticks to export")
    recorded_at = recorded_at or datetime.now(UTC)
    with open_acmi(path) as writer:
        objects = _Recorder(timeline, writer, recorded_at).record(progress, block_ticks)
    return AcmiExport(
        path=path,
        frames=timeline.ticks,
        objects=objects,
        duration_s=float(timeline.t_s[-1] - timeline.t_s[0]),
        bytes=path.stat().st_size,
    )


def acmi_type(info: EntityInfo) -> str:
    """The Tacview object type of an entity: the one it names, else its kind's."""
    if info.acmi_type:
        return info.acmi_type
    if info.kind == "aircraft" and info.rotorcraft:
        return ROTORCRAFT_TYPE
    return ACMI_TYPES.get(info.kind, ACMI_TYPES["aircraft"])


def acmi_number(index: int) -> int:
    """The ACMI object number of the timeline's entity ``index`` (0 is the global object)."""
    return index + 1


def unwrap(text: str) -> str:
    """Prose as a file wraps it, as one line per paragraph."""
    return re.sub(r"[ \t]*(?<!\n)\n(?!\n)[ \t]*", " ", text.strip())


def flight_name(callsign: str) -> str:
    """The flight an aircraft flies in: its callsign without the number (``Eagle 2``)."""
    return callsign.rstrip("0123456789 -") or callsign


def side_colours(sides: list[str]) -> dict[str, str]:
    """A Tacview colour for each side: its own name when it is one, else a spare colour."""
    colours: dict[str, str] = {}
    spare = iter(c for c in SPARE_COLOURS if c.lower() not in {s.lower() for s in sides})
    for side in sides:
        if side in colours:
            continue
        named = next((c for c in TACVIEW_COLOURS if c.lower() == side.lower()), None)
        colours[side] = named or next(spare, "Violet")
    return colours


@dataclass
class _Shot:
    """A missile's shot-log entry, completed when it leaves play."""

    launcher: str
    target: str
    type_id: str
    outcome: str = "Miss"


@dataclass
class _Object:
    """An entity as the recording knows it."""

    index: int
    info: EntityInfo
    static: list[tuple[str, str]]
    shown: bool = False
    removed: bool = False
    last: dict[str, str] = field(default_factory=dict)
    last_t: list[str] = field(default_factory=lambda: [""] * 6)

    @property
    def number(self) -> int:
        return acmi_number(self.index)


class _Recorder:
    """Walks the timeline tick by tick, writing what changed."""

    def __init__(self, timeline: Timeline, writer: AcmiWriter, recorded_at: datetime) -> None:
        self.timeline = timeline
        self.writer = writer
        self.recorded_at = recorded_at
        self.meta = timeline.meta
        self.plane = TangentPlane(self.meta.reference.lat_deg, self.meta.reference.lon_deg)
        self.index = {info.id: i for i, info in enumerate(self.meta.entities)}
        self.callsign = {info.id: info.callsign for info in self.meta.entities}
        self.shots: dict[str, _Shot] = {}
        """Each launched missile's shot, by missile id."""
        self.timed: list[tuple[int, str, tuple[int, ...], str]] = []
        self._read_events()
        sides = [info.side for info in self.meta.entities]
        colours = side_colours(sides)
        self.side_properties = {
            info.id: (("Coalition", info.side.capitalize()), ("Color", colours[info.side]))
            for info in self.meta.entities
        }
        self.objects = [
            _Object(i, info, self._static(info, colours[info.side]))
            for i, info in enumerate(self.meta.entities)
        ]
        self.destroyed = self._destroyed_ids()
        """Entities whose leaving play is a destruction (Destroyed), not a LeftArea."""
        self.crew = _CrewRecord.of(timeline, self.index, self._tick_of)
        self.ephemera = EphemeralPlanner(
            timeline,
            acmi_number(len(self.meta.entities)),
            self._tick_of,
            lambda entity: self.side_properties[entity],
        ).plan()
        self.ticks_per_turn = self.meta.ticks_per_turn
        self.turn_caption = self.meta.turn_word.capitalize()
        """A bookmark's word for the rules' turn (``Game-turn``, ``Round``)."""
        ruleset = RULESETS.get(self.meta.rules)
        self.rules_title = ruleset.title if ruleset else self.meta.rules

    # -- what the timeline's events become -------------------------------------------------
    def _tick_of(self, t_s: float) -> int:
        tick = int(np.searchsorted(self.timeline.t_s, t_s - 1e-6))
        return min(max(tick, 0), self.timeline.ticks - 1)

    def _numbers(self, ids: tuple[str, ...] | list[str]) -> tuple[int, ...]:
        return tuple(acmi_number(self.index[i]) for i in ids if i in self.index)

    def _read_events(self) -> None:
        kills = {
            (e.entities[0], e.t_s) for e in self.meta.events if e.kind == "kill" and e.entities
        }
        for event in self.meta.events:
            data = event.data
            missile = str(data.get("missile", ""))
            if event.kind == "launch" and data.get("launched") and missile in self.index:
                self.shots[missile] = _Shot(
                    str(data.get("launcher", "")),
                    str(data.get("target", "")),
                    str(data.get("type", "")),
                )
            elif event.kind == "launch":
                self._at(event, "Message", event.entities, event.detail)
            elif event.kind in ("kill", "ground") and event.entities:
                self._at(event, "Destroyed", event.entities[:1], event.detail)
            elif event.kind in ("hit", "miss") and "gun" in data and data.get("fired"):
                shooter, target = (*event.entities, "")[:2]
                outcome = self._outcome(event.kind, target, event.t_s, kills)
                self._at(
                    event, "Timeout", (), self._shot_log(shooter, target, data["gun"], outcome)
                )
            elif event.kind in MISSILE_END_KINDS and event.entities:
                shot = self.shots.get(event.entities[0])
                if shot is not None:
                    shot.outcome = self._outcome(event.kind, shot.target, event.t_s, kills)
        self.timed.sort(key=lambda entry: entry[0])

    def _destroyed_ids(self) -> set[str]:
        lost = {e.entities[0] for e in self.meta.events if e.kind in LOSS_KINDS and e.entities}
        hit = {missile for missile, shot in self.shots.items() if shot.outcome in HIT_OUTCOMES}
        return lost | hit

    @staticmethod
    def _outcome(kind: str, target: str, t_s: float, kills: set[tuple[str, float]]) -> str:
        if kind != "hit":
            return "Miss"
        return "Kill" if (target, t_s) in kills else "Hit"

    def _at(self, event: Event, kind: str, ids: tuple[str, ...], text: str) -> None:
        self.timed.append((self._tick_of(event.t_s), kind, self._numbers(ids), text))

    def _shot_log(self, shooter: str, target: str, ammo: Any, outcome: str) -> str:
        fields = [f"SourceId:{acmi_number(self.index[shooter]):x}"] if shooter in self.index else []
        fields += [f"AmmoType:{ammo}", "AmmoCount:1"]
        if target in self.index:
            fields.append(f"TargetId:{acmi_number(self.index[target]):x}")
        fields.append(f"Outcome:{outcome}")
        return "|".join(fields)

    # -- objects ----------------------------------------------------------------------------
    def _static(self, info: EntityInfo, colour: str) -> list[tuple[str, str]]:
        common = [("Name", info.type_id), ("CallSign", info.callsign)]
        side = [("Coalition", info.side.capitalize()), ("Color", colour)]
        if info.kind == "missile":
            props = [("Type", acmi_type(info)), *common]
            shot = self.shots.get(info.id)
            if shot is not None and shot.launcher in self.index:
                props.append(("Parent", f"{acmi_number(self.index[shot.launcher]):x}"))
            if shot is not None and shot.target in self.index:
                props.append(("LockedTarget", f"{acmi_number(self.index[shot.target]):x}"))
            return props + side
        props = [("Type", acmi_type(info)), *common]
        if info.kind not in CREWED_KINDS:
            return props + side
        if info.pilot:
            props.append(("Pilot", info.pilot))
        return [*props, ("Group", flight_name(info.callsign)), *side]

    # -- the recording ---------------------------------------------------------------------
    def record(self, progress: Callable[[int], None] | None, block_ticks: int) -> int:
        self.writer.header(self._globals())
        timed = iter(self.timed)
        pending = next(timed, None)
        ephemera = _EphemeraSchedule(self.ephemera)
        ticks = self.timeline.ticks
        for start in range(0, ticks, block_ticks):
            stop = min(ticks, start + block_ticks)
            block = _Block(self.timeline, self.plane, start, stop, self.crew)
            for k in range(stop - start):
                tick = start + k
                self.writer.frame(float(self.timeline.t_s[tick] - self.timeline.t_s[0]))
                for obj in self.objects:
                    if obj.removed:
                        continue
                    if block.active[obj.index][k]:
                        self._update(obj, block, k)
                    elif obj.shown:
                        self._remove(obj)
                ephemera.write(tick, self.writer, self._ephemeral_point)
                while pending is not None and pending[0] == tick:
                    self.writer.event(pending[1], pending[2], pending[3])
                    pending = next(timed, None)
                if self.ticks_per_turn and tick % self.ticks_per_turn == 0 and tick < ticks - 1:
                    turn = tick // self.ticks_per_turn + 1
                    self.writer.event("Bookmark", (), f"{self.turn_caption} {turn}")
            if progress is not None:
                progress(stop)
        return sum(obj.shown for obj in self.objects)

    def _ephemeral_point(self, point_ft: tuple[float, float, float]) -> str:
        """A map point as a three-field T (longitude, latitude, altitude)."""
        x, y, z = (value * M_PER_FT for value in point_ft)
        lon, lat = self.plane.lon_lat_deg(np.array(x), np.array(y))
        offsets = (float(lon) - self.plane.lon_deg, float(lat) - self.plane.lat_deg)
        return "|".join(format(round(v, 7) + 0.0, ".7f") for v in offsets) + f"|{z:.2f}"

    def _globals(self) -> Iterator[tuple[str, str]]:
        meta = self.meta
        reference = meta.reference
        version = furball_version()
        yield "ReferenceTime", reference.time.strftime(ACMI_TIME_FORMAT)
        yield "RecordingTime", self.recorded_at.astimezone(UTC).strftime(ACMI_TIME_FORMAT)
        yield "ReferenceLongitude", f"{reference.lon_deg:.7f}"
        yield "ReferenceLatitude", f"{reference.lat_deg:.7f}"
        yield "Title", meta.scenario
        yield "Category", f"{self.rules_title}: {meta.scenario}"
        yield "Author", f"furball {version}"
        if meta.description:
            yield "Briefing", unwrap(meta.description)
        summary = debriefing(meta)
        if summary:
            yield "Debriefing", summary
        yield "DataSource", f"furball {version}: {self.rules_title}, seed {meta.seed}"
        yield "DataRecorder", f"furball {version}"
        yield (
            "Comments",
            (
                f"Played by the {self.rules_title} rules with seed {meta.seed}; one frame per "
                f"{meta.tick_s:g} s tick. Map origin at the reference point, altitudes above sea "
                "level."
            ),
        )

    def _update(self, obj: _Object, block: _Block, k: int) -> None:
        changed: list[tuple[str, str]] = []
        appears = not obj.shown
        if appears:
            obj.shown = True
            changed.extend(obj.static)
        parts = block.transform[obj.index]
        last_t = obj.last_t
        t_fields = []
        moved = False
        for j in range(6):
            value = parts[j][k]
            if value != last_t[j]:
                last_t[j] = value
                moved = True
                t_fields.append(value)
            else:
                t_fields.append("")
        if moved:
            changed.append(("T", "|".join(t_fields)))
        last = obj.last
        for name, values in block.properties[obj.index]:
            value = values[k]
            if value != last.get(name, ""):
                last[name] = value
                changed.append((name, value))
        if changed:
            self.writer.update(obj.number, changed)
        if appears and obj.info.id in self.shots:
            self._launch_message(obj)

    def _launch_message(self, obj: _Object) -> None:
        shot = self.shots[obj.info.id]
        who = self.callsign.get(shot.launcher, shot.launcher)
        at = self.callsign.get(shot.target, shot.target)
        text = f"{who} launches {shot.type_id} at {at}" if at else f"{who} launches {shot.type_id}"
        numbers = self._numbers([obj.info.id, shot.launcher, shot.target])
        self.writer.event("Message", numbers, text)

    def _remove(self, obj: _Object) -> None:
        """Take an entity out: Destroyed for a missile that went off at its target (a loss
        was marked when it happened), LeftArea for anything else, so that Tacview counts
        no false kill."""
        obj.removed = True
        info = obj.info
        if info.id not in self.destroyed:
            self.writer.event("LeftArea", (obj.number,), f"{info.callsign} leaves play")
        elif info.id in self.shots:
            self.writer.event("Destroyed", (obj.number,), f"{info.callsign} goes off")
        self.writer.remove(obj.number)
        shot = self.shots.get(obj.info.id)
        if shot is not None:
            self.writer.event(
                "Timeout",
                (),
                self._shot_log(shot.launcher, shot.target, shot.type_id, shot.outcome),
            )


@dataclass(frozen=True)
class _CrewRecord:
    """What the events add to the crew channel: who flies (``control`` events hand the
    controls to another seat from the next game-turn) and when the crew got out."""

    flyer_changes: dict[int, list[tuple[int, int]]]
    """By entity index: (tick, seat now flying), in time order."""
    ejected_tick: dict[int, int]
    """By entity index: the tick of its first successful ejection."""

    @classmethod
    def of(
        cls, timeline: Timeline, index: dict[str, int], tick_of: Callable[[float], int]
    ) -> _CrewRecord:
        changes: dict[int, list[tuple[int, int]]] = {}
        ejected: dict[int, int] = {}
        for event in timeline.meta.events:
            if not event.entities or event.entities[0] not in index:
                continue
            i = index[event.entities[0]]
            seat = event.data.get("seat")
            if event.kind == "control" and isinstance(seat, int):
                changes.setdefault(i, []).append((tick_of(event.t_s), seat))
            elif event.kind == "ejection" and event.data.get("ejected"):
                ejected.setdefault(i, tick_of(event.t_s))
        return cls(changes, ejected)

    def flyer_seats(self, entity: int, start: int, stop: int) -> list[int]:
        """The seat flying on each tick from ``start`` to ``stop`` (the pilot's, 0, until
        a hand-over)."""
        seats = [0] * (stop - start)
        for tick, seat in self.flyer_changes.get(entity, []):
            for k in range(max(tick, start) - start, stop - start):
                seats[k] = seat
        return seats


class _EphemeraSchedule:
    """Writes the short-lived objects as their ticks come: each appears, moves along its
    path, then leaves with a LeftArea event."""

    def __init__(self, planned: list[Ephemeral]) -> None:
        self.waiting = iter(planned)
        self.next = next(self.waiting, None)
        self.live: list[Ephemeral] = []

    def write(self, tick: int, writer: AcmiWriter, point: Callable[[PointFt], str]) -> None:
        while self.next is not None and self.next.first_tick == tick:
            self.live.append(self.next)
            self.next = next(self.waiting, None)
        still: list[Ephemeral] = []
        for obj in self.live:
            step = tick - obj.first_tick
            if tick >= obj.removal_tick:
                writer.event("LeftArea", (obj.number,), f"{dict(obj.properties)['Name']} gone")
                writer.remove(obj.number)
                continue
            still.append(obj)
            if step == 0:
                writer.update(obj.number, [*obj.properties, ("T", point(obj.path_ft[0]))])
            elif step < len(obj.path_ft):
                writer.update(obj.number, [("T", point(obj.path_ft[step]))])
        self.live = still


class _Block:
    """Ticks ``start`` to ``stop`` of every entity, as the text ACMI writes."""

    def __init__(
        self, timeline: Timeline, plane: TangentPlane, start: int, stop: int, crew: _CrewRecord
    ) -> None:
        channels = timeline.channels
        span = slice(start, stop)
        count = len(timeline.meta.entities)
        self.active: list[list[bool]] = _channel(channels, "active", span, count, True).tolist()
        x = channels["x_ft"][:, span] * M_PER_FT
        y = channels["y_ft"][:, span] * M_PER_FT
        z = channels["z_ft"][:, span]
        lon, lat = plane.lon_lat_deg(x, y)
        lon -= plane.lon_deg
        lat -= plane.lat_deg
        quat = channels["quat_wxyz"][:, span]
        roll, pitch, yaw = roll_pitch_yaw_deg(quat)
        yaw = np.round(yaw, 1) % 360.0
        columns = [
            _texts(lon, 7),
            _texts(lat, 7),
            _texts(z * M_PER_FT, 2),
            _texts(roll, 1),
            _texts(pitch, 1),
            _texts(yaw, 1),
        ]
        self.transform = [[column[e] for column in columns] for e in range(count)]
        tas = _channel(channels, "speed_kt", span, count, 0.0)
        if bop.MACH in channels and bop.KEAS_KT in channels:
            mach = channels[bop.MACH][:, span]
            keas = channels[bop.KEAS_KT][:, span]
        else:  # rules that write neither: from the airspeed and the altitude (ISA)
            sigma, sound_kt = isa_arrays(np.clip(np.asarray(z, dtype=np.float64), 0, MAX_ALT_FT))
            mach = tas / sound_kt
            keas = tas * np.sqrt(sigma)
        speeds = [
            ("TAS", _texts(tas * MPS_PER_KT, 1)),
            ("IAS", _texts(calibrated_airspeed_mps(mach, z), 1)),
            ("Mach", _texts(mach, 3)),
        ]
        fuel = _channel(channels, bop.FUEL_FP, span, count, 0.0)
        load = _channel(channels, bop.LOAD_G, span, count, 1.0)
        aircraft = [
            *self._engine(channels, span, count),
            ("FuelWeight", _texts(fuel * KG_PER_FUEL_POINT, 1)),
            ("VerticalGForce", _texts(load, 2)),
            *self._radar(timeline, span, count),
        ]
        status = _status(timeline, span, crew)
        self.properties: list[list[tuple[str, list[str]]]] = []
        for e, info in enumerate(timeline.meta.entities):
            listed = [(name, values[e]) for name, values in speeds]
            if info.kind in CREWED_KINDS:
                wing = _wing(info.type_id)
                if wing is not None:
                    area, aspect, dry_lb, cl_max = wing
                    weight = dry_lb + fuel[e] * LB_PER_FUEL_POINT
                    aoa = angle_of_attack_deg(load[e], keas[e], weight, area, aspect, cl_max)
                    listed.append(("AOA", _texts(aoa[None, :], 1)[0]))
                listed.extend((name, values[e]) for name, values in aircraft)
                listed.extend((name, values[e]) for name, values in status)
            self.properties.append(listed)

    @staticmethod
    def _engine(
        channels: dict[str, npt.NDArray[Any]], span: slice, count: int
    ) -> list[tuple[str, list[list[str]]]]:
        # NaN: the rules have no throttle; Tacview is shown military power.
        throttle = np.nan_to_num(_channel(channels, "throttle", span, count, 0.5), nan=0.5)
        brakes = _channel(channels, bop.SPEEDBRAKE, span, count, False)
        return [
            ("Throttle", _texts(2.0 * throttle, 2)),
            ("Afterburner", _texts((throttle > 0.5).astype(np.float64), 0)),
            ("AirBrakes", _texts(brakes.astype(np.float64), 0)),
        ]

    @staticmethod
    def _radar(timeline: Timeline, span: slice, count: int) -> list[tuple[str, list[list[str]]]]:
        channels = timeline.channels
        if bop.RADAR_MODE not in channels:
            return []
        modes: list[list[str]] = channels[bop.RADAR_MODE][:, span].tolist()
        tracks: list[list[str]] = (
            channels[bop.TRACKS][:, span].tolist()
            if bop.TRACKS in channels
            else [[""] * len(m) for m in modes]
        )
        entities = timeline.meta.entities
        index = {info.id: i for i, info in enumerate(entities)}
        numbers = [[str(n) for n in radar_mode_numbers(row)] for row in modes]
        active: list[list[bool]] = _channel(channels, "active", span, count, True).tolist()

        def slots_on(tick: int, mode: str, track: str) -> list[str]:
            return lock_slots(mode, track, lambda e: e in index and active[index[e]][tick])

        slots = [
            [
                slots_on(k, mode, track)
                for k, (mode, track) in enumerate(zip(mode_row, track_row, strict=True))
            ]
            for mode_row, track_row in zip(modes, tracks, strict=True)
        ]
        locks = [
            (
                name,
                [[_object_id(row[slot], index) for row in entity_slots] for entity_slots in slots],
            )
            for slot, name in enumerate(LOCK_PROPERTIES)
        ]
        ranges = [
            [_range_text(info.type_id, mode) for mode in mode_row]
            for info, mode_row in zip(entities, modes, strict=True)
        ]
        held = [[index.get(row[0], -1) for row in entity_slots] for entity_slots in slots]
        azimuth, elevation = _antenna_deg(timeline, span, np.array(held, dtype=np.int64))
        return [
            ("RadarMode", numbers),
            *locks,
            ("RadarRange", ranges),
            ("RadarAzimuth", _texts(azimuth, 1)),
            ("RadarElevation", _texts(elevation, 1)),
        ]


def _object_id(entity: str, index: dict[str, int]) -> str:
    """An entity as ACMI names it; empty for none or one not in the recording."""
    return f"{acmi_number(index[entity]):x}" if entity in index else ""


def _range_text(type_id: str, mode: str) -> str:
    """RadarRange: the mode's range on the type's sensor fit, 0 with the radar off, empty
    for a type or mode without a range on record (nothing is written)."""
    if not mode:
        return "0"
    range_m = radar_range_m(type_id, mode)
    return "" if range_m is None else f"{range_m:.0f}"


def _antenna_deg(
    timeline: Timeline, span: slice, held: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Where the antenna points, relative to the nose (azimuth right, elevation up): at the
    target of a single-target track (``held``: its index on each tick, -1 for none), else
    straight ahead, the centre of every mode's arc."""
    channels = timeline.channels
    position = np.stack([channels[k][:, span] for k in ("x_ft", "y_ft", "z_ft")], axis=-1)
    locked = held >= 0
    ticks = np.broadcast_to(np.arange(held.shape[1]), held.shape)
    toward = position[np.where(locked, held, 0), ticks] - position
    azimuth, elevation = body_bearing_deg(channels["quat_wxyz"][:, span], toward)
    return np.where(locked, azimuth, 0.0), np.where(locked, elevation, 0.0)


def _status(
    timeline: Timeline, span: slice, crew: _CrewRecord
) -> list[tuple[str, list[list[str]]]]:
    """Health, Disabled and Label of every entity over the block, from the damage and crew
    channels (each property only when its channel is in the timeline)."""
    channels = timeline.channels
    count = len(timeline.meta.entities)
    ticks = span.stop - span.start
    damage_rows = channels[bop.DAMAGE][:, span].tolist() if bop.DAMAGE in channels else None
    crew_rows = channels[bop.CREW_STATE][:, span].tolist() if bop.CREW_STATE in channels else None
    if damage_rows is None and crew_rows is None:
        return []
    health: list[list[str]] = []
    disabled: list[list[str]] = []
    labels: list[list[str]] = []
    for e in range(count):
        damages = [read_damage(text) for text in damage_rows[e]] if damage_rows else [None] * ticks
        crew_texts = crew_rows[e] if crew_rows else [""] * ticks
        seats = crew.flyer_seats(e, span.start, span.stop)
        out_from = crew.ejected_tick.get(e, timeline.ticks)
        ejected = [span.start + k >= out_from for k in range(ticks)]
        off = [
            gone or flyer_out(text, seat)
            for gone, text, seat in zip(ejected, crew_texts, seats, strict=True)
        ]
        health.append(["" if d is None else f"{d.health:.2f}" for d in damages])
        disabled.append(["1" if flag else "0" for flag in off])
        labels.append(
            [
                status_label(d, text, flag, gone)
                for d, text, flag, gone in zip(damages, crew_texts, off, ejected, strict=True)
            ]
        )
    listed: list[tuple[str, list[list[str]]]] = [("Label", labels)]
    if damage_rows is not None:
        listed.append(("Health", health))
    if crew_rows is not None:
        listed.append(("Disabled", disabled))
    return listed


def _channel(
    channels: dict[str, npt.NDArray[Any]], name: str, span: slice, count: int, default: Any
) -> npt.NDArray[Any]:
    """A channel's block, or ``default`` throughout for a channel the rule set lacks."""
    if name in channels:
        return channels[name][:, span]
    return np.full((count, span.stop - span.start), default)


def _texts(values: npt.NDArray[Any], decimals: int) -> list[list[str]]:
    """Numbers as ACMI text, one list per entity; never ``-0``."""
    rounded = np.round(np.asarray(values, dtype=np.float64), decimals) + 0.0
    spec = f".{decimals}f"
    return [[format(v, spec) for v in row] for row in rounded.tolist()]


@cache
def _wing(type_id: str) -> tuple[float, float, float, float] | None:
    """Wing area (ft²), aspect ratio, weight without fuel (lb) and greatest C_Lmax from
    the type's card; ``None`` for a type without a shipped card or without a span."""
    try:
        found = aircraft_card(type_id)
    except ValueError:
        return None
    if found.span_ft is None:
        return None
    weights = found.weights
    aspect = found.span_ft**2 / found.wing_area_ft2
    dry_lb = weights.empty_lb + weights.crew_and_fixed_lb
    return found.wing_area_ft2, aspect, dry_lb, max(row.cl_max for row in found.polar)
