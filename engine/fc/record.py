"""The record of a Fighter Command game: ten samples a turn of every aircraft's flight
line and control sheet, the yardsticks laid for each move, the turn table, the events and
the dice, and the timeline made of them.

Position and attitude follow the drawn move (:mod:`engine.fc.ticks`).  The control sheet
(damage, guns, skill tests, control) changes when a hit lands, part way through the turn:
each change is snapshotted at the moment of the shot, and a tick shows the last snapshot
taken by its time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from engine.fc import combat_phase
from engine.fc.declaration import FIGHTER_COMMAND as FC
from engine.fc.state import FcPlane, Pose
from engine.fc.ticks import attitude_quaternion, end_attitude, move_ticks
from engine.timeline_rows import channel_array
from models.fc.common import (
    BAND_WORLD_FT,
    GROUP_TITLES,
    KT_PER_MPH,
    MPH_PER_SPEED,
    SKILL_TEST_TARGET,
    WORLD_FT_PER_LAWN_FT,
    YARDSTICK_WORLD_FT,
)
from models.timeline import (
    CORE_CHANNELS,
    EntityInfo,
    Event,
    MeasuredMove,
    Timeline,
    TimelineMeta,
)

if TYPE_CHECKING:
    from engine.fc.game import FcGame, TurnPlay

TICKS = FC.ticks_per_turn
TURN_S = FC.time.turn_s


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """What a turn did: who won the initiative (and the rolls), and the events."""

    number: int
    initiative: str
    initiative_rolls: tuple[tuple[str, int], ...]
    events: tuple[Event, ...]


def box_text(plane: FcPlane) -> str:
    """``Turning 3`` — the box a pin is in."""
    return f"{GROUP_TITLES[plane.group]} {plane.speed}"


class FcRecorder:
    """Collects the samples, the yardsticks, the turn table and the events as the game is
    played."""

    def __init__(self, game: FcGame) -> None:
        self.game = game
        self.ids = list(game.planes)
        self.rows: dict[str, list[dict[str, Any]]] = {pid: [] for pid in self.ids}
        self.table: list[dict[str, Any]] = []
        self.all_events: list[Event] = []
        self.sticks: list[MeasuredMove] = []
        self.snapshots: dict[str, list[tuple[float, dict[str, Any]]]] = {}

    def start(self) -> None:
        """The first sample: every aircraft where the scenario sets it, after the
        pre-flight rolls."""
        for pid, plane in self.game.planes.items():
            self.rows[pid].append(self._row(pid, plane.pose, plane, None, self.sheet(pid)))

    # -- times ------------------------------------------------------------------------------
    @staticmethod
    def turn_start_s(number: int) -> float:
        return round((number - 1) * TURN_S, 6)

    @staticmethod
    def turn_end_s(number: int) -> float:
        return round(number * TURN_S, 6)

    # -- the control sheet as the HUD reads it ------------------------------------------------
    def sheet(self, pid: str) -> dict[str, Any]:
        """The control-sheet channels now (damage, guns, tests, control, skill, role)."""
        game = self.game
        plane = game.planes[pid]
        sortie = game.sorties[pid]
        values = combat_phase.sheet_channels(game, pid)
        kills = sortie.kills
        values["fc.skill"] = (
            f"{plane.skill.title()} {SKILL_TEST_TARGET[plane.skill]}+ · "
            f"{kills} kill{'s' if kills != 1 else ''}"
        )
        values["fc.role"] = sortie.role
        values["active"] = sortie.status in ("flying", "falling")
        return values

    def snapshot(self, pid: str, t_s: float) -> None:
        """Keep the control sheet as it stands at ``t_s`` (after a hit, say)."""
        self.snapshots.setdefault(pid, []).append((t_s, self.sheet(pid)))

    # -- one turn's samples -------------------------------------------------------------------
    def turn_record(
        self,
        number: int,
        start: Mapping[str, Pose],
        plays: Mapping[str, TurnPlay],
        events: list[Event],
        rolls_before: int,
        initiative: str,
        initiative_rolls: tuple[tuple[str, int], ...],
    ) -> TurnRecord:
        """Sample the turn just played."""
        t0 = self.turn_start_s(number)
        dice = [
            Event(
                t_s=self.turn_end_s(number),
                kind="dice",
                detail=f"{roll.kind} {roll.value}: {roll.purpose}",
                data={"kind": roll.kind, "value": -1 if roll.value is None else roll.value},
            )
            for roll in self.game.dice.rolls[rolls_before:]
        ]
        everything = sorted([*events, *dice], key=lambda e: e.t_s)
        self.all_events.extend(everything)
        for pid in self.ids:
            self.snapshot(pid, self.turn_end_s(number))
            self._sample(pid, number, t0, start[pid], plays.get(pid))
        self.snapshots = {}
        return TurnRecord(number, initiative, initiative_rolls, tuple(everything))

    def _sample(self, pid: str, number: int, t0: float, start: Pose, play: TurnPlay | None) -> None:
        plane = self.game.planes[pid]
        move = play.move if play is not None else None
        taken = self.snapshots.get(pid, [])
        if move is None or play is None:
            for k in range(1, TICKS + 1):
                sheet = _sheet_at(taken, t0 + k * TURN_S / TICKS)
                self.rows[pid].append(self._row(pid, plane.pose, plane, None, sheet))
            self._table_row(number, pid, play)
            return
        samples = move_ticks(
            move, start_bank_deg=play.start_bank_deg, start_pitch_deg=play.start_pitch_deg
        )
        plane.bank_deg, plane.pitch_deg = end_attitude(samples)
        gone_after = (
            int(np.ceil(play.exit_fraction * TICKS)) if play.exit_fraction is not None else None
        )
        for k, sample in enumerate(samples, start=1):
            sheet = dict(_sheet_at(taken, t0 + k * TURN_S / TICKS))
            if gone_after is not None and k > gone_after:
                sheet["active"] = False
            row = self._row(pid, plane.pose, plane, play, sheet)
            row.update(
                {
                    "x_ft": sample.x_ft,
                    "y_ft": sample.y_ft,
                    "z_ft": sample.z_ft,
                    "quat": sample.quat_wxyz,
                    "speed_kt": sample.speed_kt,
                    "alt_label": f"band {sample.z_ft / BAND_WORLD_FT:.1f} · {sample.z_ft:,.0f} ft",
                    "pos_label": _pos(
                        sample.x_ft / WORLD_FT_PER_LAWN_FT, sample.y_ft / WORLD_FT_PER_LAWN_FT
                    ),
                }
            )
            self.rows[pid].append(row)
        if move.yardsticks_ft:
            self.sticks.append(
                MeasuredMove(
                    entity=pid,
                    start_s=t0,
                    end_s=self.turn_end_s(number),
                    points_ft=tuple(
                        (x * WORLD_FT_PER_LAWN_FT, y * WORLD_FT_PER_LAWN_FT)
                        for x, y in move.line_ft
                    ),
                    stick_ft=YARDSTICK_WORLD_FT,
                )
            )
        self._table_row(number, pid, play)

    def _row(
        self,
        pid: str,
        pose: Pose,
        plane: FcPlane,
        play: TurnPlay | None,
        sheet: Mapping[str, Any],
    ) -> dict[str, Any]:
        speed = play.plot.speed if play is not None else plane.speed
        last = play.previous if play is not None else None
        box_now = play.plot.text if play is not None else box_text(plane)
        if play is not None and play.forced:
            box_now += f" ({play.forced})"
        mph = speed * MPH_PER_SPEED
        return {
            "x_ft": pose.x_ft * WORLD_FT_PER_LAWN_FT,
            "y_ft": pose.y_ft * WORLD_FT_PER_LAWN_FT,
            "z_ft": pose.band * BAND_WORLD_FT,
            "quat": attitude_quaternion(pose.heading_deg, plane.pitch_deg, plane.bank_deg),
            "speed_kt": mph * KT_PER_MPH,
            "throttle": speed / 5.0,
            "throttle_label": f"{speed} yd",
            "alt_label": f"band {pose.band} · {pose.band * BAND_WORLD_FT:,.0f} ft",
            "pos_label": _pos(pose.x_ft, pose.y_ft),
            "fc.box": box_now,
            "fc.last_box": last.text if last is not None else "",
            "fc.band": pose.band,
            "fc.speed": speed,
            **sheet,
        }

    def _table_row(self, number: int, pid: str, play: TurnPlay | None) -> None:
        plane = self.game.planes[pid]
        sortie = self.game.sorties[pid]
        if play is None and not sortie.in_play:
            return
        self.table.append(
            {
                "turn": number,
                "plane": pid,
                "x_ft": round(plane.pose.x_ft, 1),
                "y_ft": round(plane.pose.y_ft, 1),
                "band": plane.pose.band,
                "heading": round(plane.pose.heading_deg) % 360,
                "plot": (play.plot.text + (f" ({play.forced})" if play.forced else ""))
                if play
                else "-",
                "yd": play.plot.speed if play else plane.speed,
                "status": combat_phase.status_text(self.game, pid),
                "damage": combat_phase.sheet_channels(self.game, pid)["fc.damage"],
            }
        )

    # -- the whole timeline -------------------------------------------------------------------
    def timeline(self) -> Timeline:
        game = self.game
        count = len(self.rows[self.ids[0]])
        channels: dict[str, npt.NDArray[Any]] = {}
        names = [n for n in self.rows[self.ids[0]][0] if n != "quat"]
        for name in names:
            values = [[row[name] for row in self.rows[pid]] for pid in self.ids]
            channels[name] = channel_array(name, values)
        channels["quat_wxyz"] = np.array(
            [[row["quat"] for row in self.rows[pid]] for pid in self.ids], dtype=np.float64
        )
        field = game.scenario.field
        meta = TimelineMeta(
            rules=FC.name,
            seed=game.seed,
            scenario=game.scenario.name,
            description=game.scenario.description,
            reference=game.scenario.reference,
            tick_s=FC.tick_s,
            ticks_per_turn=FC.ticks_per_turn,
            turn_word=FC.time.turn_word,
            substep_word=FC.time.substep_word,
            scale=FC.map,
            channels={**CORE_CHANNELS, **FC.channel_specs()},
            hud=FC.hud,
            entities=tuple(
                EntityInfo(
                    id=pid,
                    callsign=game.sorties[pid].callsign,
                    type_id=plane.sheet.id,
                    side=game.sorties[pid].side,
                    pilot=f"{game.setups[pid].pilot}, {plane.skill}",
                    box_ft=(plane.sheet.length_ft, plane.sheet.span_ft, plane.sheet.height_ft),
                    planform="straight",
                )
                for pid, plane in game.planes.items()
            ),
            events=tuple(self.all_events),
            turn_table=tuple(self.table),
            field_ft=(
                0.0,
                0.0,
                field.width_ft * WORLD_FT_PER_LAWN_FT,
                field.depth_ft * WORLD_FT_PER_LAWN_FT,
            ),
            measured_moves=tuple(self.sticks),
        )
        times = np.arange(count, dtype=np.float64) * np.float64(FC.tick_s)
        return Timeline(meta, times, channels)


def _pos(x_lawn_ft: float, y_lawn_ft: float) -> str:
    return f"{x_lawn_ft:.1f}E {y_lawn_ft:.1f}N lawn ft"


def _sheet_at(taken: list[tuple[float, dict[str, Any]]], t_s: float) -> dict[str, Any]:
    """The last snapshot taken by ``t_s`` (the first one when none is that early)."""
    chosen = taken[0][1]
    for when, sheet in taken:
        if when <= t_s + 1e-9:
            chosen = sheet
    return chosen
