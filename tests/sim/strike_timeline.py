"""A synthetic strike timeline for the viewer's tests: a Phantom bombs past an SA-2 site and
an AAA gun, a destroyer steams below, a rescue helicopter hovers, and the defences fire.

It holds one entity of every kind the replay draws for a modern strike, each described by
data alone (:class:`EntityInfo`'s ``unit``, ``ring_ft``, ``rotorcraft`` and ``acmi_type``,
:attr:`TimelineMeta.burst_kinds`), on a hex mat of 5,000 ft hexes with minis 60 times life
size:

* an SA-2 site with a 15,000 ft ring and its FAN SONG radar beside it;
* a ZPU-4 gun with a 7,500 ft ring, knocked out at :data:`GUN_KNOCKED_OUT_S`;
* a Kashin steaming north-east at 30 kt;
* a 2,000 lb bomb released level at :data:`BOMB_RELEASE_S`, falling until it hits;
* an SA-2 flying from the site at the Phantom, its warhead bursting at :data:`SAM_BURST_S`;
* flak puffs by the Phantom at :data:`FLAK_TIMES_S`;
* the Phantom's RWR channel, empty until :data:`RWR_ON_S`.

Run as a script it saves the timeline: ``python -m tests.sim.strike_timeline out.furball.npz``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from models.hud_spec import GaugeSpec, HudSpec, PanelSpec, RowSpec
from models.ruleset_spec import ChannelSpec, MapScale
from models.timeline import CORE_CHANNELS, EntityInfo, Event, Timeline, TimelineMeta

TICK_S = 0.25
TICKS = 121
"""30 s: a little over one 25 s turn."""
HEX_FT = 5_000.0
G_FT_S2 = 32.174
FT_S_PER_KT = 1.6878

JET_ID, MIG_ID, HELO_ID = "phantom-1", "mig-1", "sar-helo"
SAM_SITE_ID, RADAR_ID, GUN_ID = "sa2-site", "fan-song", "zpu-4"
SHIP_ID, BOMB_ID, SAM_ID = "kashin", "bomb-1", "sa2-1"

SAM_SITE_FT = (6_000.0, 9_000.0)
RADAR_FT = (11_000.0, 13_000.0)
GUN_FT = (-4_000.0, -3_000.0)
SAM_RING_FT = 15_000.0
GUN_RING_FT = 7_500.0
SHIP_START_FT = (-14_000.0, 12_000.0)
SHIP_KT = 30.0
JET_START_FT = (-22_000.0, -6_000.0, 6_000.0)
JET_KT = 480.0
BOMB_RELEASE_S = 6.0
GUN_KNOCKED_OUT_S = 20.0
SAM_LAUNCH_S, SAM_BURST_S = 9.0, 15.0
FLAK_TIMES_S = (4.0, 5.0, 6.5)
FLAK_OFFSET_FT = (600.0, 2_600.0, 300.0)
"""A flak puff bursts this far from the Phantom (east, north, up): beside its mini."""
WARHEAD_OFFSET_FT = (900.0, 1_500.0, 900.0)
"""The SA-2's warhead bursts this far from the Phantom: a near miss."""
RWR_ON_S = 5.0
RWR_TEXT = "SA-2 FAN SONG 9h · MIG-21 12h"
FLAK_KIND, SAM_BURST_KIND = "phantoms.flak", "phantoms.sam_burst"

STRIKE_SCALE = MapScale(
    grid="hex",
    hex_ft=HEX_FT,
    hex_top="flat",
    alt_unit_ft=5_000.0,
    alt_unit_name="level",
    mini_scale=60.0,
    flight_stands=True,
)
STRIKE_CHANNELS: dict[str, ChannelSpec] = {
    "phantoms.rwr": ChannelSpec(
        meaning="radars painting it: SAM and AAA radars and fighters", interp="nearest"
    ),
}
STRIKE_HUD = HudSpec(
    gauges=(GaugeSpec(key="speed", caption="SPEED", channel="speed_kt"),),
    panels=(
        PanelSpec(
            key="sensors",
            title="SENSORS",
            rows=(RowSpec(key="rwr", caption="RWR", channel="phantoms.rwr", warn=True, chars=22),),
        ),
    ),
)

Path3 = dict[str, npt.NDArray[Any]]


def quat_wxyz(heading_deg: float, pitch_deg: float = 0.0) -> npt.NDArray[np.float64]:
    """Body y forward, z up: heading clockwise from north, then pitch nose up."""
    h, p = math.radians(-heading_deg) / 2, math.radians(pitch_deg) / 2
    yaw = np.array([math.cos(h), 0.0, 0.0, math.sin(h)])
    pitch = np.array([math.cos(p), math.sin(p), 0.0, 0.0])
    w1, x1, y1, z1 = yaw
    w2, x2, y2, z2 = pitch
    return np.array(
        [
            w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2,
            w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2,
            w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2,
        ]
    )


def times_s() -> npt.NDArray[np.float64]:
    return np.round(np.arange(TICKS) * TICK_S, 9)


def _straight(start_ft: tuple[float, float, float], heading_deg: float, speed_kt: float) -> Path3:
    """Level flight (or steaming) on a heading at a speed."""
    t = times_s()
    v = speed_kt * FT_S_PER_KT
    east, north = math.sin(math.radians(heading_deg)), math.cos(math.radians(heading_deg))
    return {
        "x_ft": start_ft[0] + east * v * t,
        "y_ft": start_ft[1] + north * v * t,
        "z_ft": np.full(TICKS, start_ft[2]),
        "quat_wxyz": np.tile(quat_wxyz(heading_deg), (TICKS, 1)),
        "speed_kt": np.full(TICKS, speed_kt),
    }


def _still(x_ft: float, y_ft: float, z_ft: float = 0.0, heading_deg: float = 0.0) -> Path3:
    return _straight((x_ft, y_ft, z_ft), heading_deg, 0.0)


def bomb_path(jet: Path3) -> tuple[Path3, npt.NDArray[np.bool_]]:
    """A bomb released level from the jet at :data:`BOMB_RELEASE_S`: the jet's speed
    forward, falling under gravity until it reaches the ground; nose along its velocity."""
    t = times_s()
    release = round(BOMB_RELEASE_S / TICK_S)
    x0, y0, z0 = (float(jet[k][release]) for k in ("x_ft", "y_ft", "z_ft"))
    vx = JET_KT * FT_S_PER_KT
    age = np.clip(t - BOMB_RELEASE_S, 0.0, None)
    z = np.maximum(z0 - 0.5 * G_FT_S2 * age**2, 0.0)
    x = x0 + vx * age
    vz = -G_FT_S2 * age
    quat = np.array([quat_wxyz(90.0, math.degrees(math.atan2(w, vx))) for w in vz])
    speed = np.hypot(vx, vz) / FT_S_PER_KT
    active = (t >= BOMB_RELEASE_S) & (z > 0.0)
    return {
        "x_ft": x,
        "y_ft": np.full(TICKS, y0),
        "z_ft": z,
        "quat_wxyz": quat,
        "speed_kt": speed,
    }, active


def sam_path(jet: Path3) -> tuple[Path3, npt.NDArray[np.bool_]]:
    """An SA-2 from the site to its burst beside the jet at :data:`SAM_BURST_S`, in a
    straight line at constant speed."""
    t = times_s()
    burst = round(SAM_BURST_S / TICK_S)
    start = np.array([*SAM_SITE_FT, 0.0])
    end = np.array([float(jet[k][burst]) for k in ("x_ft", "y_ft", "z_ft")])
    end += np.array(WARHEAD_OFFSET_FT)
    share = np.clip((t - SAM_LAUNCH_S) / (SAM_BURST_S - SAM_LAUNCH_S), 0.0, 1.0)
    points = start + share[:, None] * (end - start)
    step = end - start
    heading = math.degrees(math.atan2(step[0], step[1]))
    pitch = math.degrees(math.atan2(step[2], math.hypot(step[0], step[1])))
    speed = float(np.linalg.norm(step)) / (SAM_BURST_S - SAM_LAUNCH_S) / FT_S_PER_KT
    active = (t >= SAM_LAUNCH_S) & (t <= SAM_BURST_S)
    return {
        "x_ft": points[:, 0],
        "y_ft": points[:, 1],
        "z_ft": points[:, 2],
        "quat_wxyz": np.tile(quat_wxyz(heading, pitch), (TICKS, 1)),
        "speed_kt": np.full(TICKS, speed),
    }, active


def burst_point(jet: Path3, t_s: float, offset_ft: tuple[float, float, float]) -> dict[str, float]:
    tick = round(t_s / TICK_S)
    return {
        key: float(jet[key][tick]) + d
        for key, d in zip(("x_ft", "y_ft", "z_ft"), offset_ft, strict=True)
    }


def strike_timeline() -> Timeline:
    """The synthetic strike (121 ticks of 0.25 s)."""
    jet = _straight(JET_START_FT, 90.0, JET_KT)
    bomb, bomb_active = bomb_path(jet)
    sam, sam_active = sam_path(jet)
    t = times_s()
    ship_x, ship_y = SHIP_START_FT
    infos_paths: list[tuple[EntityInfo, Path3, npt.NDArray[np.bool_] | None]] = [
        (EntityInfo(id=JET_ID, callsign="Phantom 1", type_id="F-4E", side="blue",
                    pilot="script, veteran crew"), jet, None),
        (EntityInfo(id=MIG_ID, callsign="Red 1", type_id="MiG-21", side="red",
                    pilot="ai, average pilot"), _straight((12_000, -16_000, 9_000), 300, 450),
         None),
        (EntityInfo(id=HELO_ID, callsign="Jolly 1", type_id="HH-3E", side="blue",
                    rotorcraft=True, box_ft=(73.0, 62.0, 18.0)),
         _still(-18_000, 4_000, 500, 45), None),
        (EntityInfo(id=SAM_SITE_ID, callsign="Site 7", type_id="sa2_site", side="red",
                    kind="ground", unit="SA-2", ring_ft=SAM_RING_FT,
                    acmi_type="Ground+AntiAircraft"), _still(*SAM_SITE_FT), None),
        (EntityInfo(id=RADAR_ID, callsign="Site 7", type_id="radar", side="red",
                    kind="ground", unit="FAN SONG"), _still(*RADAR_FT), None),
        (EntityInfo(id=GUN_ID, callsign="Gun 3", type_id="aaa", side="red", kind="ground",
                    unit="AAA ZPU-4", ring_ft=GUN_RING_FT, acmi_type="Ground+AntiAircraft"),
         _still(*GUN_FT), t < GUN_KNOCKED_OUT_S),
        (EntityInfo(id=SHIP_ID, callsign="Kashin", type_id="Kashin", side="red", kind="ship"),
         _straight((ship_x, ship_y, 0.0), 45.0, SHIP_KT), None),
        (EntityInfo(id=BOMB_ID, callsign="Mk 84", type_id="Mk 84", side="blue", kind="bomb"),
         bomb, bomb_active),
        (EntityInfo(id=SAM_ID, callsign="SA-2", type_id="SA-2", side="red", kind="missile"),
         sam, sam_active),
    ]  # fmt: skip
    entities = tuple(info for info, _path, _active in infos_paths)
    active = np.stack([np.ones(TICKS, dtype=bool) if a is None else a for _i, _p, a in infos_paths])

    def stack(key: str) -> npt.NDArray[Any]:
        return np.stack([path[key] for _i, path, _a in infos_paths])

    z = stack("z_ft")
    rwr = np.full((len(entities), TICKS), "", dtype="<U40")
    rwr[0, t >= RWR_ON_S] = RWR_TEXT
    channels: dict[str, npt.NDArray[Any]] = {
        "x_ft": stack("x_ft"),
        "y_ft": stack("y_ft"),
        "z_ft": z,
        "quat_wxyz": stack("quat_wxyz"),
        "speed_kt": stack("speed_kt"),
        "active": active,
        "throttle": np.full(z.shape, np.nan),
        "throttle_label": np.full(z.shape, "", dtype="<U4"),
        "alt_label": np.array([[f"level {v / 5000:.1f}" for v in row] for row in z]),
        "pos_label": np.full(z.shape, "", dtype="<U8"),
        "phantoms.rwr": rwr,
    }
    events = [
        Event(t_s=t_s, kind=FLAK_KIND, entities=(GUN_ID, JET_ID), detail="ZPU-4 fires",
              data={**burst_point(jet, t_s, FLAK_OFFSET_FT), "style": "flak"})
        for t_s in FLAK_TIMES_S
    ]  # fmt: skip
    events.append(
        Event(
            t_s=SAM_BURST_S,
            kind=SAM_BURST_KIND,
            entities=(SAM_ID, JET_ID),
            detail="SA-2 bursts near Phantom 1",
            data={**burst_point(jet, SAM_BURST_S, WARHEAD_OFFSET_FT), "style": "warhead"},
        )
    )
    meta = TimelineMeta(
        rules="strike-test",
        seed=1972,
        scenario="Synthetic: a strike past an SA-2 site",
        tick_s=TICK_S,
        ticks_per_turn=100,
        turn_word="turn",
        substep_word="tick",
        scale=STRIKE_SCALE,
        channels={**CORE_CHANNELS, **STRIKE_CHANNELS},
        hud=STRIKE_HUD,
        entities=entities,
        events=tuple(sorted(events, key=lambda e: e.t_s)),
        burst_kinds=(FLAK_KIND, SAM_BURST_KIND),
    )
    return Timeline(meta, t, channels)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "strike.furball.npz")
    strike_timeline().save(target)
    print(target)
