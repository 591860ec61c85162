"""A synthetic Over the Lines timeline for the viewer's tests: three planes flying arcs and
climbing over a 50 ft-inch table, an observation balloon on its tether, an archie gun and an
airfield, archie bursts and gunfire, and every ``otl.*`` channel the rule set declares filled
with values a game would write.

It is built from the rule set's declaration alone (time, map, channels and HUD), without
its game, so the viewer can be checked before the rules play a round.  Run as a script it
saves the timeline: ``python -m tests.sim.otl_timeline out.furball.npz``.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from engine.otl.declaration import OTL_CHANNELS, OTL_HUD, OTL_SCALE, OTL_TIME
from models.timeline import CORE_CHANNELS, EntityInfo, Event, Timeline, TimelineMeta

INCH_FT = 50.0
SPEED_POINT_FT_S = 10 * 5280 / 3600
"""One speed point is 10 mph (§Game Scale)."""
FT_PER_S_PER_KT = 1.6878
ROUNDS = 12
TICKS = ROUNDS * OTL_TIME.ticks_per_turn + 1
TICK_S = OTL_TIME.tick_s
BANK_DEG = {"UE": 0.0, "UR": 45.0, "PR": 90.0, "UL": -45.0, "PL": -90.0}
PITCH_DEG = {"L": 0.0, "C": 45.0, "D": -45.0}

BALLOON_ID = "drachen"
ARCHIE_ID = "archie-1"
AIRFIELD_ID = "vert-galand"
BALLOON_FALLS_ROUND = 9
"""The balloon is flamed at the end of this round and leaves play."""


@dataclass(frozen=True)
class Plane:
    """One plane's flight: where it starts, how fast and how hard it turns, how it climbs."""

    id: str
    callsign: str
    type_id: str
    side: str
    x_in: float
    y_in: float
    heading_deg: float
    alt_ft: float
    speed: int
    """Speed points (inches a round)."""
    turn_deg_per_round: float
    climb_ft_per_round: float
    bank: str
    pitch: str


PLANES = (
    Plane(
        "camel-1", "Camel 1", "Sopwith Camel", "blue", -20, -30, 40, 3_000, 11, 30, 120, "UR", "C"
    ),
    Plane(
        "camel-2", "Camel 2", "Sopwith Camel", "blue", -32, -24, 50, 2_800, 10, 20, 80, "UR", "C"
    ),
    Plane(
        "albatros-1", "Jasta 1", "Albatros D.III", "red", 30, 30, 220, 3_600, 10, -25, 60, "UL", "C"
    ),
)


CALLSIGNS = {**{plane.id: plane.callsign for plane in PLANES}, BALLOON_ID: "Drachen"}
"""Who is who in the events' words."""


def _quat_wxyz(heading_deg: float, pitch_deg: float, roll_deg: float) -> npt.NDArray[np.float64]:
    """Body y forward, z up: heading clockwise from north, pitch nose up, roll right wing
    down, applied in that order."""
    yaw = _axis_quat((0.0, 0.0, 1.0), -heading_deg)
    pitch = _axis_quat((1.0, 0.0, 0.0), pitch_deg)
    roll = _axis_quat((0.0, 1.0, 0.0), roll_deg)
    return _product(_product(yaw, pitch), roll)


def _axis_quat(axis: tuple[float, float, float], angle_deg: float) -> npt.NDArray[np.float64]:
    half = math.radians(angle_deg) / 2
    return np.array([math.cos(half), *(math.sin(half) * a for a in axis)])


def _product(a: npt.NDArray[np.float64], b: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The Hamilton product ``a b`` of two (w, x, y, z) quaternions."""
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return np.array(
        [
            w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
            w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
            w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
        ]
    )


def _plane_path(plane: Plane) -> dict[str, npt.NDArray[Any]]:
    """Positions and attitudes tick by tick: a steady arc and climb, the same each round."""
    ticks = np.arange(TICKS)
    per_tick = OTL_TIME.ticks_per_turn
    heading = plane.heading_deg + plane.turn_deg_per_round * ticks / per_tick
    step_ft = plane.speed * INCH_FT / per_tick
    x = np.empty(TICKS)
    y = np.empty(TICKS)
    x[0], y[0] = plane.x_in * INCH_FT, plane.y_in * INCH_FT
    for k in range(1, TICKS):
        middle = math.radians((heading[k - 1] + heading[k]) / 2)
        x[k] = x[k - 1] + step_ft * math.sin(middle)
        y[k] = y[k - 1] + step_ft * math.cos(middle)
    z = plane.alt_ft + plane.climb_ft_per_round * ticks / per_tick
    roll = BANK_DEG[plane.bank]
    pitch = PITCH_DEG[plane.pitch] / 3  # the flight path's climb, not the nominal 45°
    quat = np.array([_quat_wxyz(h, pitch, roll) for h in heading])
    return {"x_ft": x, "y_ft": y, "z_ft": z, "quat_wxyz": quat}


def _still(x_ft: float, y_ft: float, z_ft: float) -> dict[str, npt.NDArray[Any]]:
    """An entity that does not move (a balloon on its winch, a gun, an airfield)."""
    return {
        "x_ft": np.full(TICKS, x_ft),
        "y_ft": np.full(TICKS, y_ft),
        "z_ft": np.full(TICKS, z_ft),
        "quat_wxyz": np.tile(_quat_wxyz(90.0, 0.0, 0.0), (TICKS, 1)),
    }


def _plane_channels(plane: Plane, index: int) -> dict[str, npt.NDArray[Any]]:
    """The rules' channels of a plane: held for the round, changing round by round."""
    rounds = np.minimum(np.arange(TICKS) // OTL_TIME.ticks_per_turn, ROUNDS - 1)
    enemy = "albatros-1" if plane.side == "blue" else "camel-1"
    by = "" if plane.side == "blue" else "camel-1,camel-2"
    speed = np.full(TICKS, plane.speed, dtype=np.int64)
    engine_off = (rounds == 6) & (index == 0)
    throttle_labels = ["full", "2 of 4", "closed", "full"]
    throttle_values = {"full": 1.0, "2 of 4": 0.57, "closed": 0.15, "brake": 0.0}
    labels = np.array([throttle_labels[r % len(throttle_labels)] for r in rounds])
    labels[engine_off] = "closed"
    if index == 2:
        labels[rounds == 3] = "brake"
    return {
        "throttle": np.array([throttle_values[str(v)] for v in labels]),
        "throttle_label": labels.astype("<U8"),
        "otl.bank": np.full(TICKS, plane.bank, dtype="<U2"),
        "otl.pitch": np.full(TICKS, plane.pitch, dtype="<U2"),
        "otl.speed": speed,
        "otl.speed_next": speed - 1,
        "otl.power": np.where(engine_off, 0, 2).astype(np.int64),
        "otl.power_avail": np.full(TICKS, 3, dtype=np.int64),
        "otl.engine": np.where(engine_off, "OFF", "ON").astype("<U7"),
        "otl.engine_off": engine_off.astype(np.int64),
        "otl.condition": np.where(engine_off, "STALL", "ok").astype("<U9"),
        "otl.target": np.full(TICKS, enemy, dtype="<U32"),
        "otl.targeted_by": np.full(TICKS, by, dtype="<U32"),
        "otl.move_class": np.full(TICKS, f"{index + 2} ({index + 3}rd)", dtype="<U16"),
        "otl.guns": np.full(TICKS, "VICK 38 · LEWIS 2+3d J", dtype="<U32"),
        "otl.wing": np.full(TICKS, "3/14", dtype="<U8"),
        "otl.fuselage": np.full(TICKS, "0/12", dtype="<U8"),
        "otl.crits": np.full(TICKS, "aileron jammed" if index == 0 else "", dtype="<U32"),
        "otl.crew": np.full(TICKS, "P LW · O ok", dtype="<U16"),
    }


_BLANKS: dict[str, tuple[Any, str]] = {
    "otl.bank": ("", "<U2"),
    "otl.pitch": ("", "<U2"),
    "otl.engine": ("", "<U7"),
    "otl.condition": ("", "<U9"),
    "otl.target": ("", "<U32"),
    "otl.targeted_by": ("", "<U32"),
    "otl.move_class": ("", "<U16"),
    "otl.guns": ("", "<U32"),
    "otl.wing": ("", "<U8"),
    "otl.fuselage": ("", "<U8"),
    "otl.crits": ("", "<U32"),
    "otl.crew": ("", "<U16"),
}
"""What a balloon or a ground unit holds in the text channels (the numbers are 0)."""


def _unit_channels(guns: str = "") -> dict[str, npt.NDArray[Any]]:
    channels: dict[str, npt.NDArray[Any]] = {
        "throttle": np.full(TICKS, np.nan),
        "throttle_label": np.full(TICKS, "", dtype="<U8"),
    }
    for name in OTL_CHANNELS:
        value, dtype = _BLANKS.get(name, (0, "int64"))
        channels[name] = np.full(TICKS, value, dtype=dtype)
    if guns:
        channels["otl.guns"] = np.full(TICKS, guns, dtype="<U32")
    return channels


def _events(paths: dict[str, dict[str, npt.NDArray[Any]]]) -> list[Event]:
    """Archie bursts near the Camels, a burst of fire each way, the balloon flamed."""
    events = []
    for round_no in range(1, ROUNDS):
        tick = round_no * OTL_TIME.ticks_per_turn
        target = "camel-1" if round_no % 2 else "camel-2"
        path = paths[target]
        offset = ((round_no * 37) % 9 - 4) * 20.0
        events.append(
            Event(
                t_s=round(tick * TICK_S, 6),
                kind="otl.archie",
                entities=(ARCHIE_ID, target),
                detail=f"Flak 1 fires at {CALLSIGNS[target]}, round {round_no}",
                data={
                    "x_ft": float(path["x_ft"][tick]) + offset,
                    "y_ft": float(path["y_ft"][tick]) - offset,
                    "z_ft": float(path["z_ft"][tick]) + 40.0,
                },
            )
        )
    shots = ((4, "albatros-1", "camel-1", 2), (6, "camel-1", "albatros-1", 3))
    for round_no, firer, target, hits in (*shots, (8, "camel-2", BALLOON_ID, 1)):
        events.append(
            Event(
                t_s=round((round_no * OTL_TIME.ticks_per_turn + 5) * TICK_S, 6),
                kind="otl.fire",
                entities=(firer, target),
                detail=f"{CALLSIGNS[firer]} fires at {CALLSIGNS[target]}: {hits} hits",
                data={"hits": hits},
            )
        )
    return sorted(events, key=lambda e: e.t_s)


def otl_timeline() -> Timeline:
    """The synthetic Over the Lines timeline (12 rounds, 121 ticks)."""
    entities: list[EntityInfo] = []
    paths: dict[str, dict[str, npt.NDArray[Any]]] = {}
    rules: dict[str, dict[str, npt.NDArray[Any]]] = {}
    speeds: dict[str, npt.NDArray[np.float64]] = {}
    for index, plane in enumerate(PLANES):
        entities.append(
            EntityInfo(
                id=plane.id,
                callsign=plane.callsign,
                type_id=plane.type_id,
                side=plane.side,
                pilot="script, veteran pilot",
            )
        )
        paths[plane.id] = _plane_path(plane)
        rules[plane.id] = _plane_channels(plane, index)
        speeds[plane.id] = np.full(TICKS, plane.speed * SPEED_POINT_FT_S / FT_PER_S_PER_KT)
    units = (
        (EntityInfo(id=BALLOON_ID, callsign="Drachen", type_id="balloon", side="red",
                    kind="balloon"), (900.0, 1_400.0, 2_500.0), ""),
        (EntityInfo(id=ARCHIE_ID, callsign="Flak 1", type_id="archie", side="red",
                    kind="ground"), (1_500.0, 600.0, 0.0), "ARCHIE"),
        (EntityInfo(id=AIRFIELD_ID, callsign="Vert Galand", type_id="airfield", side="blue",
                    kind="ground"), (-1_800.0, -1_500.0, 0.0), ""),
    )  # fmt: skip
    for info, (x_ft, y_ft, z_ft), guns in units:
        entities.append(info)
        paths[info.id] = _still(x_ft, y_ft, z_ft)
        rules[info.id] = _unit_channels(guns)
        speeds[info.id] = np.zeros(TICKS)
    ids = [e.id for e in entities]
    active = np.ones((len(ids), TICKS), dtype=bool)
    active[ids.index(BALLOON_ID), BALLOON_FALLS_ROUND * OTL_TIME.ticks_per_turn + 1 :] = False
    z = np.stack([paths[e]["z_ft"] for e in ids])
    channels: dict[str, npt.NDArray[Any]] = {
        "x_ft": np.stack([paths[e]["x_ft"] for e in ids]),
        "y_ft": np.stack([paths[e]["y_ft"] for e in ids]),
        "z_ft": z,
        "quat_wxyz": np.stack([paths[e]["quat_wxyz"] for e in ids]),
        "speed_kt": np.stack([speeds[e] for e in ids]),
        "active": active,
        "alt_label": np.array([[f"{v:,.0f} ft" for v in row] for row in z], dtype="<U16"),
        "pos_label": np.full(z.shape, "", dtype="<U8"),
    }
    for name in ("throttle", "throttle_label", *OTL_CHANNELS):
        channels[name] = np.stack([rules[e][name] for e in ids])
    meta = TimelineMeta(
        rules="otl",
        seed=1917,
        scenario="Synthetic: balloon busting over the lines",
        description="Two Camels go for a Drachen; an Albatros and the archie defend it.",
        tick_s=TICK_S,
        ticks_per_turn=OTL_TIME.ticks_per_turn,
        turn_word=OTL_TIME.turn_word,
        substep_word=OTL_TIME.substep_word,
        scale=OTL_SCALE.model_copy(update={"flight_stands": True}),
        channels={**CORE_CHANNELS, **OTL_CHANNELS},
        hud=OTL_HUD,
        entities=tuple(entities),
        events=tuple(_events(paths)),
    )
    return Timeline(meta, np.round(np.arange(TICKS) * TICK_S, 9), channels)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "otl.furball.npz")
    otl_timeline().save(target)
    print(target)
