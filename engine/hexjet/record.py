"""The record of a hex jet game: forty samples a turn of every aircraft's drawn move and its
display's tracks, the turn table, the events and the dice, and the timeline made of them.

The display's markers show this turn's decision for the whole turn (every aircraft's Move
Phase is drawn over the same ten seconds); damage and weapons change at the turn's end,
when its attacks have been resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from engine.hexjet.action import Move, heading_deg, plan
from engine.hexjet.declaration import HEXJET as HJ
from engine.hexjet.state import HexjetPlane
from engine.hexjet.ticks import centre_ft, sample_move
from engine.hexmap import Hex
from engine.quaternion import attitude_quaternions
from engine.timeline_rows import channel_array
from models.hexjet.common import (
    FT_S_PER_SPEED,
    HEX_FT,
    KT_PER_FT_S,
    LEVEL_FT,
    STALL_SPEED,
    SUPERSONIC_SPEED,
)
from models.hexjet.display import MAX_ALTITUDE_CHANGE, missiles
from models.timeline import CORE_CHANNELS, EntityInfo, Event, Timeline, TimelineMeta

if TYPE_CHECKING:
    from engine.hexjet.game import HexjetGame, TurnPlay

TICKS = HJ.ticks_per_turn
TURN_S = HJ.time.turn_s
THROTTLE_FRACTION = {"IDLE": 0.0, "MIL": 0.7, "AB": 1.0}
FUEL_BOXES = 25


def fuel_track(fuel: int) -> str:
    """``B################........ 17``: the BINGO box, then the boxes left and spent."""
    boxes = "".join(
        "B" if box == 1 else ("#" if box <= fuel else ".") for box in range(1, FUEL_BOXES + 1)
    )
    return f"{boxes} {fuel}"


def speed_track(speed: int, top: int) -> str:
    """``###|######.....|... 9``: stall at 3, supersonic from 10, the track's last box."""
    out = []
    for box in range(1, top + 1):
        if box == SUPERSONIC_SPEED:
            out.append("|")
        out.append("#" if box <= speed else ".")
        if box == STALL_SPEED:
            out.append(":")
    return f"{''.join(out)} {speed}"


def altitude_change_track(change: int, vertical: str) -> str:
    """``C 0 1 [2] 3 4 5 6``: the marker on the track, C climbing, D diving."""
    cells = [f"[{n}]" if n == change else f" {n} " for n in range(MAX_ALTITUDE_CHANGE + 1)]
    sense = {"climb": "C", "dive": "D", "level": "-"}[vertical]
    return f"{sense}{''.join(cells)}".rstrip()


def matrix_row(vertical: str, direction: str, chosen_vertical: str) -> str:
    """One row of the Maneuver Matrix, the chosen cell bracketed: ``[L] A  R``."""
    cells = []
    for d, letter in (("left", "L"), ("ahead", "A"), ("right", "R")):
        chosen = vertical == chosen_vertical and d == direction
        cells.append(f"[{letter}]" if chosen else f" {letter} ")
    return "".join(cells)


class HexjetRecorder:
    """Collects samples, the turn table and the events as the game is played."""

    def __init__(self, game: HexjetGame) -> None:
        self.game = game
        self.ids = list(game.planes)
        self.rows: dict[str, list[dict[str, Any]]] = {pid: [] for pid in self.ids}
        self.table: list[dict[str, Any]] = []
        self.all_events: list[Event] = []

    @staticmethod
    def turn_start_s(number: int) -> float:
        return round((number - 1) * TURN_S, 6)

    @staticmethod
    def turn_end_s(number: int) -> float:
        return round(number * TURN_S, 6)

    def start(self) -> None:
        for pid, plane in self.game.planes.items():
            x, y = centre_ft(plane.hex)
            quat = attitude_quaternions(
                np.array([float(heading_deg(plane.facing))]), np.zeros(1), np.zeros(1)
            )[0]
            self.rows[pid].append(
                self._row(
                    plane,
                    None,
                    x,
                    y,
                    plane.markers.altitude * LEVEL_FT,
                    quat,
                    True,
                    self._sheet(plane),
                )
            )

    def _sheet(self, plane: HexjetPlane) -> dict[str, Any]:
        left = ", ".join(
            f"{missiles()[m].name.split(' ')[0]} x{n}"
            for m, n in sorted(plane.missiles.items())
            if n
        )
        gun = plane.display.gun
        guns = f"{gun.name} {plane.gun_bursts}" if gun else "none"
        state = {
            "flying": "crippled" if plane.crippled else "ok",
            "destroyed": "SHOT DOWN",
            "off map": "OFF MAP",
            "departed": "DEPARTED",
        }[plane.status]
        return {
            "hexjet.damage": f"{plane.damage}/{plane.display.damage_rating} {state}",
            "hexjet.missiles": left or "none",
            "hexjet.gun": guns,
            "active": plane.in_play,
        }

    def _row(
        self,
        plane: HexjetPlane,
        play: TurnPlay | None,
        x: float,
        y: float,
        z: float,
        quat: Any,
        active: bool,
        sheet: Mapping[str, Any],
    ) -> dict[str, Any]:
        m = plane.markers
        direction = m.direction
        vertical = m.vertical
        order = play.order.text if play is not None and play.order is not None else ""
        place = play.place if play is not None else 0
        total = play.sum if play is not None else m.altitude + m.speed
        return {
            "x_ft": float(x),
            "y_ft": float(y),
            "z_ft": float(z),
            "quat": [float(v) for v in quat],
            "speed_kt": m.speed * FT_S_PER_SPEED * KT_PER_FT_S,
            "throttle": THROTTLE_FRACTION[m.throttle],
            "throttle_label": m.throttle,
            "alt_label": f"level {m.altitude} · {m.altitude * LEVEL_FT:,.0f} ft",
            "pos_label": f"hex {plane.hex} facing {plane.facing}",
            "hexjet.hex": str(plane.hex),
            "hexjet.facing": plane.facing,
            "hexjet.level": m.altitude,
            "hexjet.speed": m.speed,
            "hexjet.fuel": m.fuel,
            "hexjet.fuel_track": fuel_track(m.fuel),
            "hexjet.bingo": 1 if m.fuel <= 1 else 0,
            "hexjet.speed_track": speed_track(m.speed, plane.max_speed),
            "hexjet.decision": order,
            "hexjet.matrix_climb": matrix_row("climb", direction, vertical),
            "hexjet.matrix_level": matrix_row("level", direction, vertical),
            "hexjet.matrix_dive": matrix_row("dive", direction, vertical),
            "hexjet.alt_change": altitude_change_track(m.altitude_change, vertical),
            "hexjet.place": place,
            "hexjet.initiative": f"{place} of {len(self.game.in_play()) or 1} · sum {total}"
            if place
            else "",
            **sheet,
            "active": bool(active and sheet["active"]),
        }

    # -- a turn ------------------------------------------------------------------------------
    def turn(
        self,
        number: int,
        start: Mapping[str, tuple[Hex, int, int, int]],
        plays: Mapping[str, TurnPlay],
        events: list[Event],
        rolls_before: int,
    ) -> None:
        dice = [
            Event(
                t_s=self.turn_end_s(number),
                kind="dice",
                detail=f"{roll.kind} {roll.value}: {roll.purpose}",
                data={"kind": roll.kind, "value": -1 if roll.value is None else roll.value},
            )
            for roll in self.game.dice.rolls[rolls_before:]
        ]
        self.all_events.extend(sorted([*events, *dice], key=lambda e: e.t_s))
        for pid in self.ids:
            plane = self.game.planes[pid]
            play = plays.get(pid)
            hex_, facing, level, speed = start[pid]
            sheet = self._sheet(plane)
            move: Move | None = play.move if play is not None else None
            if move is None and play is not None and play.wreck:
                fall = max(0, level - 3)
                move = plan(hex_, facing, speed, "ahead", 0, level, fall)
            if move is None:
                for _ in range(TICKS):
                    row = self.rows[pid][-1].copy()
                    row["active"] = False
                    self.rows[pid].append(row)
                continue
            samples = sample_move(
                move, TICKS, speed if play is None or not play.speed else play.speed
            )
            quats = samples.quat_wxyz
            shown = play.move is not None if play is not None else False
            for k in range(TICKS):
                last = k == TICKS - 1
                row = self._row(
                    plane,
                    play,
                    samples.x_ft[k],
                    samples.y_ft[k],
                    samples.z_ft[k],
                    quats[k],
                    shown or not last,
                    sheet if last else self._earlier_sheet(pid, sheet),
                )
                self.rows[pid].append(row)
            self._table_row(number, plane, play)

    def _earlier_sheet(self, pid: str, sheet: Mapping[str, Any]) -> dict[str, Any]:
        previous = self.rows[pid][-1]
        keep = {k: previous[k] for k in ("hexjet.damage", "hexjet.missiles", "hexjet.gun")}
        return {**sheet, **keep, "active": bool(previous["active"]) or sheet["active"]}

    def _table_row(self, number: int, plane: HexjetPlane, play: TurnPlay | None) -> None:
        self.table.append(
            {
                "turn": number,
                "aircraft": plane.id,
                "place": play.place if play else "",
                "decision": play.order.text if play and play.order else "-",
                "hex": str(plane.hex),
                "facing": plane.facing,
                "level": plane.markers.altitude,
                "speed": plane.markers.speed,
                "fuel": plane.markers.fuel,
                "damage": f"{plane.damage}/{plane.display.damage_rating}",
                "status": plane.status,
            }
        )

    def timeline(self) -> Timeline:
        game = self.game
        count = len(self.rows[self.ids[0]])
        channels: dict[str, npt.NDArray[Any]] = {}
        for name in [n for n in self.rows[self.ids[0]][0] if n != "quat"]:
            channels[name] = channel_array(
                name, [[row[name] for row in self.rows[pid]] for pid in self.ids]
            )
        channels["quat_wxyz"] = np.array(
            [[row["quat"] for row in self.rows[pid]] for pid in self.ids], dtype=np.float64
        )
        hex_map = game.scenario.map
        width = (hex_map.columns - 1) * HEX_FT * np.sqrt(3.0) / 2.0
        meta = TimelineMeta(
            rules=HJ.name,
            seed=game.seed,
            scenario=game.scenario.name,
            description=game.scenario.description,
            reference=game.scenario.reference,
            tick_s=HJ.tick_s,
            ticks_per_turn=HJ.ticks_per_turn,
            turn_word=HJ.time.turn_word,
            substep_word=HJ.time.substep_word,
            scale=HJ.map,
            channels={**CORE_CHANNELS, **HJ.channel_specs()},
            hud=HJ.hud,
            entities=tuple(
                EntityInfo(
                    id=pid,
                    callsign=plane.callsign,
                    type_id=plane.display.id,
                    side=plane.side,
                    pilot=plane.pilot,
                    box_ft=(
                        plane.display.length_ft,
                        plane.display.span_ft,
                        plane.display.height_ft,
                    ),
                )
                for pid, plane in game.planes.items()
            ),
            events=tuple(self.all_events),
            turn_table=tuple(self.table),
            field_ft=(
                -HEX_FT * 0.5,
                -HEX_FT * 0.5,
                float(width) + HEX_FT * 0.5,
                hex_map.rows * HEX_FT,
            ),
        )
        times = np.arange(count, dtype=np.float64) * np.float64(HJ.tick_s)
        return Timeline(meta, times, channels)
