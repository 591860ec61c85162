"""The record of an Over the Lines game: ten samples a round of every plane's path and
state, the turn table, the events and the dice, and the timeline made of them.

Position and attitude follow the inch-by-inch path (:mod:`engine.otl.ticks`); the bank and
pitch labels follow it too.  The rest of a plane's record sheet changes between phases, so
it is sampled after the move for the round's ticks and after Damage Resolution for the
round's last tick (which is also the next round's start).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from engine.otl.declaration import OVER_THE_LINES as OTL
from engine.otl.movement import PathPoint
from engine.otl.state import PlaneState, bank_name, pitch_name
from engine.otl.targeting import Mover
from engine.otl.ticks import INCH_FT, quaternions, sample_path, speed_kt
from engine.timeline_rows import blank_row, channel_array
from models.otl.orders import write_moves
from models.timeline import CORE_CHANNELS, EntityInfo, Event, Timeline, TimelineMeta

if TYPE_CHECKING:
    from engine.otl.game import OtlGame, RoundPlay

TICKS = OTL.ticks_per_turn
CRIT_SHORT = {
    "aileron_cable_cut": "aileron cable",
    "ailerons_damaged": "ailerons",
    "aileron_jammed": "aileron jam",
    "ammo_belt_cut": "belt cut",
    "elevator_cable_cut": "elevator cable",
    "elevators_hit": "elevators",
    "elevator_jammed": "elevator jam",
    "engine_fire": "FIRE",
    "engine_hit": "engine hit",
    "engine_out": "engine out",
    "engine_smoking": "smoking",
    "fabric_tear": "fabric",
    "fuel_line_cut": "fuel line",
    "gas_tank": "tank hole",
    "gas_tank_fire": "TANK FIRE",
    "gun_destroyed": "gun lost",
    "landing_gear_damaged": "gear",
    "rudder_cable_cut": "rudder cable",
    "rudder_hit": "rudder",
    "rudder_jammed": "rudder jam",
    "struts_hit": "struts",
}
"""How the HUD writes each critical hit in effect."""
GUN_SHORT = {"vickers": "VICK", "spandau": "SPAN", "lewis": "LEWIS", "parabellum": "PARA"}
"""How the HUD names each gun (its id, shortened)."""
WOUND_SHORT = {"none": "ok", "light": "LW", "heavy": "HW", "killed": "KIA"}


class EventLike(Protocol):
    """An event as the rules' phases return it."""

    @property
    def kind(self) -> str: ...

    @property
    def entities(self) -> tuple[str, ...]: ...

    @property
    def detail(self) -> str: ...

    @property
    def data(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What a round did: the movement order and the events (dice included)."""

    number: int
    movers: tuple[Mover, ...]
    events: tuple[Event, ...]


def pose_point(plane: PlaneState) -> PathPoint:
    """Where and how a plane sits now, as the start of a path."""
    return PathPoint(
        mp=0.0,
        x_in=plane.x_in,
        y_in=plane.y_in,
        alt_ft=plane.alt_ft,
        heading_deg=plane.heading_deg,
        bank_deg=45.0 * plane.bank,
        pitch_deg=45.0 * plane.pitch,
    )


def guns_text(plane: PlaneState) -> str:
    """``VICK 38 · LEWIS 2+3d J``: each gun's ammo boxes left, spare drums, J jammed, X stuck
    or destroyed."""
    parts = []
    for gun in plane.guns:
        name = GUN_SHORT.get(gun.id, gun.id.upper()[:5])
        if gun.destroyed:
            parts.append(f"{name} X")
            continue
        text = f"{name} {gun.ammo}"
        if gun.drums:
            text += f"+{gun.drums}d"
        if gun.jammed == "jammed" or gun.jammed_half:
            text += " J"
        elif gun.jammed == "stuck":
            text += " X"
        parts.append(text)
    return " · ".join(parts)


def crew_text(plane: PlaneState) -> str:
    """``ok`` when nobody is hurt, else ``P LW · O ok``; a blacked-out pilot is ``P OUT``."""
    pilot = "OUT" if plane.pilot.blacked_out else WOUND_SHORT[plane.pilot.wound]
    observer = WOUND_SHORT[plane.observer.wound] if plane.observer is not None else "ok"
    if pilot == "ok" and observer == "ok":
        return "ok"
    text = f"P {pilot}"
    if plane.observer is not None:
        text += f" · O {observer}"
    return text


def condition_text(plane: PlaneState, over_max_level: bool) -> str:
    if plane.status != "flying":
        return plane.status.replace("_", " ").upper()
    if plane.condition != "normal":
        return plane.condition.upper()
    return "OVERSPEED" if over_max_level else "ok"


def engine_text(plane: PlaneState) -> str:
    if plane.engine_dead:
        return "DEAD"
    return "ON" if plane.engine_on else "OFF"


def crits_text(plane: PlaneState) -> str:
    seen = dict.fromkeys(CRIT_SHORT.get(c, c.replace("_", " ")) for c in plane.crits)
    return ", ".join(seen)


class TimelineWriter:
    """Collects the samples, the turn table and the events of a game as it is played."""

    def __init__(self, game: OtlGame) -> None:
        self.game = game
        self.ids = list(game.planes)
        self.rows: dict[str, list[dict[str, Any]]] = {pid: [] for pid in self.ids}
        self.table: list[dict[str, Any]] = []
        self.all_events: list[Event] = []
        self.last_notes: dict[str, list[str]] = {}
        """Each plane's notes last round: a note repeated round after round (a spin going
        on) is told once."""
        for pid, plane in game.planes.items():
            self.rows[pid].append(self._row(plane, pose_point(plane), None, None))
        self.things = [u.id for u in game.scenario.ground]
        """Balloons and ground units, after the planes in the timeline."""
        for unit_id in self.things:
            self.rows[unit_id] = [self._thing_row(unit_id)]

    # -- events ----------------------------------------------------------------------------
    def events(self, found: Iterable[EventLike], number: int) -> list[Event]:
        """The phases' events as the timeline's, at the round's end."""
        return [
            Event(
                t_s=round(number * OTL.time.turn_s, 6),
                kind=e.kind,
                entities=tuple(e.entities),
                detail=e.detail,
                data={k: v for k, v in e.data.items() if isinstance(v, float | int | str | bool)},
            )
            for e in found
        ]

    # -- one round's samples ---------------------------------------------------------------
    def round_record(
        self,
        number: int,
        start: Mapping[str, PathPoint],
        plays: Mapping[str, RoundPlay],
        events: list[Event],
        rolls_before: int,
        mid_round: Mapping[str, dict[str, Any]],
    ) -> RoundRecord:
        """Sample the round just played: ``mid_round`` holds each plane's record sheet as it
        stood after the moves (shown until the round's last tick)."""
        t_start = (number - 1) * OTL.time.turn_s
        t_end = number * OTL.time.turn_s
        notes: list[Event] = []
        for pid, play in plays.items():
            said = self.last_notes.get(pid, [])
            notes.extend(
                Event(t_s=round(t_start, 6), kind="otl.note", entities=(pid,), detail=note)
                for note in play.notes
                if note not in said
            )
            self.last_notes[pid] = list(play.notes)
        dice = [
            Event(
                t_s=round(t_end, 6),
                kind="dice",
                detail=f"{roll.kind} {roll.value}: {roll.purpose}",
                data={"kind": roll.kind, "value": -1 if roll.value is None else roll.value},
            )
            for roll in self.game.dice.rolls[rolls_before:]
        ]
        everything = [*notes, *events, *dice]
        self.all_events.extend(everything)
        targeted_by: dict[str, list[str]] = {}
        for plane in self.game.planes.values():
            if plane.flying and plane.target:
                targeted_by.setdefault(plane.target, []).append(plane.id)
        for pid in self.ids:
            plane = self.game.planes[pid]
            moved = plays.get(pid)
            path = (
                moved.result.path
                if moved is not None and moved.result is not None
                else [start[pid]]
            )
            samples = sample_path(path, TICKS)
            during = mid_round.get(pid)
            for k, point in enumerate(samples, start=1):
                sheet = during if k < TICKS else None
                self.rows[pid].append(
                    self._row(plane, point, moved, targeted_by.get(pid, []), sheet)
                )
            if moved is not None:
                self.table.append(self._table_row(number, plane, moved))
        for unit_id in self.things:
            row = self._thing_row(unit_id)
            self.rows[unit_id].extend([row] * TICKS)
        movers = tuple(p.mover for p in plays.values() if p.mover is not None)
        return RoundRecord(number, tuple(sorted(movers, key=lambda m: m.place)), tuple(everything))

    def _row(
        self,
        plane: PlaneState,
        point: PathPoint,
        play: RoundPlay | None,
        targeted_by: list[str] | None,
        sheet: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        result = play.result if play is not None else None
        bank = round(point.bank_deg / 45.0)
        pitch = max(-2, min(2, round(point.pitch_deg / 45.0)))
        applied = result.power_applied if result is not None else 0
        avail = result.power_avail if result is not None else None
        if not plane.engine_on:
            label, fraction = "closed", 0.15
        elif applied < 0:
            label, fraction = "brake", 0.0
        elif avail is None or avail <= 0:
            label, fraction = "closed", 0.15
        elif applied >= avail:
            label, fraction = "full", 1.0
        else:
            label, fraction = f"{applied} of {avail}", 0.15 + 0.85 * applied / avail
        return {
            "x_ft": point.x_in * INCH_FT,
            "y_ft": point.y_in * INCH_FT,
            "z_ft": point.alt_ft,
            "quat": (point.heading_deg, point.pitch_deg, point.bank_deg),
            "speed_kt": speed_kt(_speed_now(plane, play)),
            "throttle": fraction,
            "throttle_label": label,
            "alt_label": f"{point.alt_ft:,.0f} ft",
            "pos_label": f"{point.x_in:.0f}E {point.y_in:.0f}N in",
            "otl.bank": bank_name(bank),
            "otl.pitch": pitch_name(pitch),
            "otl.speed": _speed_now(plane, play),
            "otl.speed_next": plane.speed,
            "otl.power": applied,
            "otl.power_avail": -99 if avail is None else avail,
            **(sheet if sheet is not None else self.sheet(plane, result)),
            "otl.target": plane.target or "",
            "otl.targeted_by": ",".join(sorted(targeted_by or [])),
            "otl.move_class": play.mover.label if play is not None and play.mover else "",
        }

    def _thing_row(self, unit_id: str) -> dict[str, Any]:
        """A balloon or ground unit: where it is (a balloon as high as its winch lets it),
        whether it is still there, and empty rule channels."""
        optional = self.game.optional
        unit = optional.units[unit_id]
        balloon = optional.balloons.get(unit_id)
        alt_ft = balloon.alt_ft if balloon is not None else 0.0
        active = (
            balloon.status != "exploded"
            if balloon is not None
            else unit_id not in optional.silenced
        )
        row = dict(self._blank)
        row.update(
            {
                "x_ft": unit.x_in * INCH_FT,
                "y_ft": unit.y_in * INCH_FT,
                "z_ft": alt_ft,
                "quat": (0.0, 0.0, 0.0),
                "active": active,
                "alt_label": f"{alt_ft:,.0f} ft",
                "pos_label": f"{unit.x_in:.0f}E {unit.y_in:.0f}N in",
                "otl.condition": "ok" if active else "DESTROYED",
            }
        )
        return row

    @property
    def _blank(self) -> dict[str, Any]:
        """Every channel at its empty value (the first plane's row, emptied)."""
        return blank_row(self.rows[self.ids[0]][0])

    def sheet(self, plane: PlaneState, result: Any = None) -> dict[str, Any]:
        """The record-sheet values that change between phases (engine, flight condition,
        guns, damage, crew), and whether the plane is still in the replay."""
        return {
            "active": plane.status == "flying",
            "otl.engine": engine_text(plane),
            "otl.engine_off": 0 if plane.engine_on else 1,
            "otl.condition": condition_text(plane, result.over_max_level if result else False),
            "otl.guns": guns_text(plane),
            "otl.wing": f"{plane.wing_damage}/{plane.chart.wing_strength}",
            "otl.fuselage": f"{plane.fuselage_damage}/{plane.chart.fuselage_strength}",
            "otl.crits": crits_text(plane),
            "otl.crew": crew_text(plane),
        }

    def _table_row(self, number: int, plane: PlaneState, play: RoundPlay) -> dict[str, Any]:
        result = play.result
        return {
            "round": number,
            "plane": plane.id,
            "x_in": round(plane.x_in, 1),
            "y_in": round(plane.y_in, 1),
            "alt_ft": round(plane.alt_ft),
            "heading": round(plane.heading_deg) % 360,
            "bank": plane.bank_label,
            "pitch": plane.pitch_label,
            "speed": _speed_now(plane, play),
            "next": plane.speed,
            "moves": (write_moves(play.order.moves) or "on") if result is not None else "-",
            "class": play.mover.label if play.mover else "",
            "target": plane.target or "-",
            "status": condition_text(plane, False),
        }

    # -- the whole timeline ----------------------------------------------------------------
    def timeline(self) -> Timeline:
        game = self.game
        everyone = [*self.ids, *self.things]
        count = len(self.rows[self.ids[0]])
        channels: dict[str, npt.NDArray[Any]] = {}
        names = [n for n in self.rows[self.ids[0]][0] if n != "quat"]
        for name in names:
            values = [[row[name] for row in self.rows[pid]] for pid in everyone]
            channels[name] = channel_array(name, values)
        quats = np.stack(
            [quaternions_from(row["quat"] for row in self.rows[pid]) for pid in everyone]
        )
        channels["quat_wxyz"] = quats
        meta = TimelineMeta(
            rules=OTL.name,
            seed=game.seed,
            scenario=game.scenario.name,
            description=game.scenario.description,
            reference=game.scenario.reference,
            tick_s=OTL.tick_s,
            ticks_per_turn=OTL.ticks_per_turn,
            turn_word=OTL.time.turn_word,
            substep_word=OTL.time.substep_word,
            scale=OTL.map,
            channels={**CORE_CHANNELS, **OTL.channel_specs()},
            hud=OTL.hud,
            entities=tuple(
                EntityInfo(
                    id=pid,
                    callsign=plane.callsign,
                    type_id=plane.chart.id,
                    side=plane.side,
                    pilot=f"{game.setups[pid].pilot}, {plane.pilot.level} pilot",
                    box_ft=plane.chart.box_ft,
                    planform="straight",
                )
                for pid, plane in game.planes.items()
            )
            + tuple(
                EntityInfo(
                    id=unit.id,
                    callsign=unit.id,
                    type_id="balloon" if unit.kind == "balloon" else unit.kind,
                    side=unit.side,
                    kind="balloon" if unit.kind == "balloon" else "ground",
                )
                for unit in game.scenario.ground
            ),
            events=tuple(self.all_events),
            turn_table=tuple(self.table),
        )
        times = np.arange(count, dtype=np.float64) * np.float64(OTL.tick_s)
        return Timeline(meta, times, channels)


def _speed_now(plane: PlaneState, play: RoundPlay | None) -> int:
    """The speed the plane flew this round (its record already holds the next one)."""
    return play.speed_flown if play is not None and play.result is not None else plane.speed


def quaternions_from(angles: Iterable[tuple[float, float, float]]) -> npt.NDArray[np.float64]:
    points = [
        PathPoint(mp=0.0, x_in=0.0, y_in=0.0, alt_ft=0.0, heading_deg=h, bank_deg=b, pitch_deg=p)
        for h, p, b in angles
    ]
    return quaternions(points)
