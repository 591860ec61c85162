"""The record of a Phantoms game: ten samples an impulse of every aircraft's drawn path
(:mod:`engine.phantoms.ticks`) and of what its Control Card shows, the missiles, SAMs and
bombs in flight, the ground units, the turn table and the events — and the timeline made
of them.

A game turn's samples are written when the turn is over, because the drawn path through a
turn needs every Movement Segment of it; what the card shows (marker, damage, locks,
missiles left) is taken at the end of each impulse and held over that impulse's ticks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from engine.phantoms.declaration import PHANTOMS, TICKS_PER_IMPULSE
from engine.phantoms.hexgrid import centre_ft, level_ft
from engine.phantoms.state import PlaneState
from engine.phantoms.ticks import TICKS_PER_TURN, Carry, sample_turn
from engine.phantoms.ticks_missiles import sample_missile
from engine.quaternion import attitude_quaternions
from engine.timeline_rows import blank_row, channel_array
from models.phantoms.common import SPEED_POINT_KT
from models.timeline import CORE_CHANNELS, EntityInfo, Event, Timeline, TimelineMeta

if TYPE_CHECKING:
    from engine.phantoms.game import GameEvent, PhantomsGame

TICK_S = PHANTOMS.time.tick_s
IMPULSE_S = TICK_S * TICKS_PER_IMPULSE
MISS_OFFSET_FT = 1_500.0
"""A missile that misses is drawn passing this far above its target."""
CRIT_SHORT = {
    "minor": "minor",
    "pilot_wounded": "PILOT WIA",
    "pilot_killed": "PILOT KIA",
    "structural": "STRUCT",
    "engine": "ENGINE",
    "fire": "FIRE",
    "major": "MAJOR",
}


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """What a game turn did: its number and its events (dice included)."""

    number: int
    events: tuple[Event, ...]


def impulse_time_s(turn: int, impulse: int, impulses: int) -> float:
    """When an impulse of a turn ends, from the start of the game (turn 0 is set-up)."""
    if turn <= 0:
        return 0.0
    per = PHANTOMS.time.turn_s / impulses
    return round((turn - 1) * PHANTOMS.time.turn_s + impulse * per, 6)


def state_text(plane: PlaneState, tailed: bool) -> str:
    if plane.destroyed or plane.crashed:
        return "DESTROYED" if plane.destroyed else "CRASHED"
    if plane.broke_off:
        return "LEFT"
    words = []
    if plane.out_of_control:
        words.append("OOC")
    if plane.loaded:
        words.append("loaded")
    if tailed:
        words.append("TAILED")
    return " ".join(words) or "ok"


def missiles_text(plane: PlaneState) -> str:
    parts = [f"{m.upper()} {n}" for m, n in sorted(plane.missiles.items()) if n > 0]
    return " · ".join(parts) or "none"


def crits_text(plane: PlaneState) -> str:
    seen = dict.fromkeys(CRIT_SHORT.get(c, c) for c in plane.criticals if c != "minor")
    return ", ".join(seen)


class TimelineWriter:
    """Collects the samples, the turn table and the events of a game as it is played."""

    def __init__(self, game: PhantomsGame) -> None:
        self.game = game
        self.ids: list[str] = []
        self.xyz: dict[str, list[npt.NDArray[np.float64]]] = {}
        self.quat: dict[str, list[npt.NDArray[np.float64]]] = {}
        self.rows: dict[str, list[dict[str, Any]]] = {}
        self.carry: dict[str, Carry] = {}
        self.sheets: dict[str, list[dict[str, Any]]] = {}
        self.table: list[dict[str, Any]] = []
        self.all_events: list[Event] = []
        self.ticks = 1
        """Ticks written so far: tick 0 is the set-up."""
        for plane in game.planes.values():
            self.add_plane(plane)

    # -- entities -------------------------------------------------------------------------
    def add_plane(self, plane: PlaneState) -> None:
        """Start an aircraft's record: inactive where it will appear until it arrives."""
        self.ids.append(plane.id)
        x, y = centre_ft(plane.hex)
        z = level_ft(plane.level)
        self.xyz[plane.id] = [np.tile([x, y, z], (self.ticks, 1))]
        quat = attitude_quaternions(
            np.full(self.ticks, 60.0 * plane.facing), np.zeros(self.ticks), np.zeros(self.ticks)
        )
        self.quat[plane.id] = [quat]
        sheet = self.sheet(plane)
        arrived = self.ticks == 1
        self.rows[plane.id] = [dict(sheet, active=arrived) for _ in range(self.ticks)]
        self.sheets[plane.id] = []

    def tick_now(self) -> int:
        """The tick at the end of the current impulse (the set-up's tick 0 before play)."""
        game = self.game
        if game.turn <= 0:
            return 0
        per = TICKS_PER_TURN // game.impulses
        return (game.turn - 1) * TICKS_PER_TURN + game.impulse * per

    # -- a turn ---------------------------------------------------------------------------
    def begin_turn(self) -> None:
        for pid in self.ids:
            self.sheets[pid] = []

    def impulse_done(self, impulse: int) -> None:
        """What each card shows at the end of an impulse (held over its ticks)."""
        for pid in self.ids:
            self.sheets[pid].append(self.sheet(self.game.planes[pid]))
        self.game.ground.impulse_done(impulse)

    def turn_done(self, number: int, rolls_before: int, events: Sequence[GameEvent]) -> TurnRecord:
        """Sample the turn just played."""
        game = self.game
        per = TICKS_PER_TURN // game.impulses
        for pid in self.ids:
            plane = game.planes[pid]
            steps = game.steps[pid]
            start = steps[0] if steps else None
            if start is None:
                continue
            samples = sample_turn(
                start.from_hex,
                start.from_facing,
                start.from_level,
                steps,
                max(1, plane.speed_set),
                self.carry.get(pid),
            )
            self.carry[pid] = samples.carry
            self.xyz[pid].append(np.stack([samples.x_ft, samples.y_ft, samples.z_ft], axis=1))
            self.quat[pid].append(samples.quat_wxyz)
            for k in range(TICKS_PER_TURN):
                impulse = k // per
                sheet = dict(self.sheets[pid][impulse])
                step = steps[impulse]
                sheet["phantoms.hex_q"] = int(samples.hex_q[k])
                sheet["phantoms.hex_r"] = int(samples.hex_r[k])
                sheet["phantoms.facing"] = int(samples.facing[k])
                sheet["phantoms.level"] = int(samples.level[k])
                sheet["phantoms.impulse"] = impulse + 1
                sheet["alt_label"] = f"level {int(samples.level[k])}"
                sheet["pos_label"] = f"hex {samples.hex_q[k]},{samples.hex_r[k]}"
                if step.kind == "crash" or not sheet["active"]:
                    sheet["active"] = sheet["active"] and step.kind != "crash"
                self.rows[pid].append(sheet)
            self.table.append(self._table_row(number, plane))
        self.ticks += TICKS_PER_TURN
        found = [self._event(e, number) for e in events]
        dice = [
            Event(
                t_s=impulse_time_s(number, game.impulses, game.impulses),
                kind="dice",
                detail=f"{roll.kind} {roll.value}: {roll.purpose}",
                data={"kind": roll.kind, "value": -1 if roll.value is None else roll.value},
            )
            for roll in game.dice.rolls[rolls_before:]
        ]
        everything = [*found, *dice]
        self.all_events.extend(everything)
        return TurnRecord(number, tuple(everything))

    def _event(self, event: GameEvent, number: int) -> Event:
        t_s = impulse_time_s(
            number if event.impulse else number - 1,
            event.impulse or self.game.impulses,
            self.game.impulses,
        )
        if number == 1 and event.impulse == 0:
            t_s = 0.0
        data = {k: v for k, v in event.data.items() if isinstance(v, float | int | str | bool)}
        return Event(
            t_s=t_s, kind=event.kind, entities=event.entities, detail=event.detail, data=data
        )

    def setup_events(self) -> list[Event]:
        """Events of the set-up (load rolls, weather, the first markers), at time 0."""
        return [
            Event(
                t_s=0.0,
                kind=e.kind,
                entities=e.entities,
                detail=e.detail,
                data={k: v for k, v in e.data.items() if isinstance(v, float | int | str | bool)},
            )
            for e in self.game.events
            if e.impulse == 0 and self.game.turn == 0
        ]

    # -- what the card shows ---------------------------------------------------------------
    def sheet(self, plane: PlaneState) -> dict[str, Any]:
        game = self.game
        locked_by = sorted(p.id for p in game.planes.values() if plane.id in p.locks)
        inbound = [
            f"{m.missile_id.upper()} {max(0, m.impulses_to_impact)}" for m in game.inbound(plane.id)
        ]
        tailed = any(
            p.side != plane.side and p.in_play and p.hex != plane.hex and _behind(p, plane)
            for p in game.planes.values()
        )
        card = plane.card
        top = card.max_loaded_speed if plane.loaded else card.max_level_speed
        throttle = 1.0 if plane.used_ab else min(0.7, 0.7 * plane.speed_set / max(top, 1))
        label = "AB" if plane.used_ab else f"speed {plane.speed_set}"
        guns = "none" if card.gun_attack is None else f"{plane.gun_bursts} bursts"
        stores = " · ".join(f"{w.upper()} {n}" for w, n in sorted(plane.stores.items()) if n)
        return {
            "speed_kt": max(plane.speed, 0) * SPEED_POINT_KT,
            "active": plane.in_play,
            "throttle": throttle,
            "throttle_label": label,
            "alt_label": f"level {plane.level}",
            "pos_label": f"hex {plane.hex}",
            "phantoms.hex_q": plane.hex.q,
            "phantoms.hex_r": plane.hex.r,
            "phantoms.facing": plane.facing,
            "phantoms.level": plane.level,
            "phantoms.speed": plane.speed,
            "phantoms.speed_set": plane.speed_set,
            "phantoms.impulse": max(game.impulse, 1),
            "phantoms.maneuver": plane.marker.text if plane.marker is not None else "",
            "phantoms.ab_left": plane.ab_left,
            "phantoms.ab_lit": 1 if plane.used_ab else 0,
            "phantoms.state": state_text(plane, tailed),
            "phantoms.damage": f"{plane.damage}/{card.max_damage}",
            "phantoms.crits": crits_text(plane),
            "phantoms.missiles": missiles_text(plane),
            "phantoms.gun": guns,
            "phantoms.stores": stores,
            "phantoms.locks": ",".join(sorted(plane.locks)),
            "phantoms.locked_by": ",".join(locked_by),
            "phantoms.spotted": ",".join(sorted(plane.visual_spots | plane.radar_spots)),
            "phantoms.inbound": " · ".join(inbound),
            "phantoms.rwr": game.ground.rwr_text(plane),
            "phantoms.initiative": game.initiative,
        }

    def _table_row(self, number: int, plane: PlaneState) -> dict[str, Any]:
        return {
            "turn": number,
            "aircraft": plane.id,
            "hex": str(plane.hex),
            "facing": plane.facing,
            "level": plane.level,
            "speed": plane.speed,
            "marker": plane.marker.text if plane.marker is not None else "-",
            "damage": f"{plane.damage}/{plane.card.max_damage}",
            "status": state_text(plane, False),
            "locks": ",".join(sorted(plane.locks)) or "-",
            "missiles": missiles_text(plane),
        }

    # -- the whole timeline -----------------------------------------------------------------
    def timeline(self) -> Timeline:
        game = self.game
        count = self.ticks
        planes = list(self.ids)
        xyz = {pid: np.concatenate(self.xyz[pid])[:count] for pid in planes}
        quats = {pid: np.concatenate(self.quat[pid])[:count] for pid in planes}
        names = [n for n in self.rows[planes[0]][0]]
        weapons = self._weapons(xyz, count)
        ground = game.ground.timeline_rows(count, self.rows[planes[0]][0])
        channels: dict[str, npt.NDArray[Any]] = {}
        for name in names:
            values = [[row[name] for row in self.rows[pid][:count]] for pid in planes]
            values += [[row[name] for row in weapons[wid]["rows"]] for wid in weapons]
            values += [[row[name] for row in ground[gid]["rows"]] for gid in ground]
            channels[name] = channel_array(name, values)
        channels["x_ft"] = np.stack(
            [xyz[p][:, 0] for p in planes]
            + [weapons[w]["xyz"][:, 0] for w in weapons]
            + [ground[g]["xyz"][:, 0] for g in ground]
        )
        channels["y_ft"] = np.stack(
            [xyz[p][:, 1] for p in planes]
            + [weapons[w]["xyz"][:, 1] for w in weapons]
            + [ground[g]["xyz"][:, 1] for g in ground]
        )
        channels["z_ft"] = np.stack(
            [xyz[p][:, 2] for p in planes]
            + [weapons[w]["xyz"][:, 2] for w in weapons]
            + [ground[g]["xyz"][:, 2] for g in ground]
        )
        channels["quat_wxyz"] = np.stack(
            [quats[p] for p in planes]
            + [weapons[w]["quat"] for w in weapons]
            + [ground[g]["quat"] for g in ground]
        )
        infos = [
            EntityInfo(
                id=pid,
                callsign=game.setups[pid].callsign,
                type_id=game.planes[pid].card.id,
                side=game.planes[pid].side,
                pilot=f"{game.setups[pid].pilot}, {game.planes[pid].quality} pilot",
                box_ft=game.planes[pid].card.box_ft,
                planform="straight" if game.planes[pid].card.year < 1950 else "swept",
                rotorcraft=game.planes[pid].card.role == "helicopter",
            )
            for pid in planes
        ]
        infos += [weapons[w]["info"] for w in weapons]
        infos += [ground[g]["info"] for g in ground]
        setup = self.setup_events()
        meta = TimelineMeta(
            rules=PHANTOMS.name,
            seed=game.seed,
            scenario=game.scenario.name,
            description=game.scenario.description,
            reference=game.scenario.reference,
            tick_s=PHANTOMS.tick_s,
            ticks_per_turn=PHANTOMS.ticks_per_turn,
            turn_word=PHANTOMS.time.turn_word,
            substep_word=PHANTOMS.time.substep_word,
            scale=PHANTOMS.map,
            channels={**CORE_CHANNELS, **PHANTOMS.channel_specs()},
            hud=PHANTOMS.hud,
            entities=tuple(infos),
            events=tuple(sorted([*setup, *self.all_events], key=lambda e: e.t_s)),
            turn_table=tuple(self.table),
            burst_kinds=("phantoms.flak", "phantoms.sam_burst", "phantoms.blast"),
        )
        times = np.arange(count, dtype=np.float64) * np.float64(TICK_S)
        return Timeline(meta, times, channels)

    def _weapons(
        self, xyz: dict[str, npt.NDArray[np.float64]], count: int
    ) -> dict[str, dict[str, Any]]:
        """Every air-to-air missile launched, as a timeline entity from launch to its end."""
        found: dict[str, dict[str, Any]] = {}
        blank = self._blank()
        for missile_id, track in self.game.missile_tracks.items():
            flight = track.flight
            start = min(track.start_tick, count - 1)
            end = min(track.end_tick if track.end_tick is not None else count - 1, count - 1)
            end = max(end, start + 1) if start + 1 < count else start
            target = xyz.get(flight.target_id)
            if target is None or end <= start:
                continue
            aim = target.copy()
            if track.outcome != "hit":
                aim[:, 2] += MISS_OFFSET_FT
            firer = xyz[flight.firer_id][start]
            samples = sample_missile(tuple(firer), aim, start, end, flight.guidance)
            kind = self.game.missile_types[flight.missile_id]
            rows = []
            for k in range(count):
                row = dict(blank)
                row["active"] = bool(samples.active[k])
                row["speed_kt"] = 1_500.0
                row["alt_label"] = f"{samples.z_ft[k]:,.0f} ft"
                rows.append(row)
            found[missile_id] = {
                "rows": rows,
                "xyz": np.stack([samples.x_ft, samples.y_ft, samples.z_ft], axis=1),
                "quat": samples.quat_wxyz,
                "info": EntityInfo(
                    id=missile_id,
                    callsign=kind.name,
                    type_id=kind.id,
                    side=self.game.planes[flight.firer_id].side,
                    kind="missile",
                ),
            }
        return found

    def _blank(self) -> dict[str, Any]:
        """Every channel at its empty value (the first aircraft's first row, emptied)."""
        return blank_row(self.rows[self.ids[0]][0])


def _behind(enemy: PlaneState, plane: PlaneState) -> bool:
    from engine.phantoms.hexgrid import tailing

    return tailing(enemy.hex, enemy.facing, plane.hex, plane.facing)
