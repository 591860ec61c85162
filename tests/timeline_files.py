"""Timelines for tests: sound ones with every channel, and their files taken apart and put
back together with a member changed (the way a damaged or hostile file would be)."""

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from models.bop_channels import BOP_CHANNELS, BOP_SCALE
from models.bop_hud import BOP_HUD
from models.ruleset_spec import ChannelSpec
from models.timeline import CORE_CHANNELS, EntityInfo, Event, Timeline, TimelineMeta

TICK_S = 0.6


def core_channels(entities: int, ticks: int) -> dict[str, npt.NDArray[Any]]:
    """Plausible values of every core channel and Birds of Prey's flight channels: level
    flight north at 450 kt, 15,000 ft."""
    shape = (entities, ticks)
    y = np.arange(ticks) * TICK_S * 450 * 1.68781
    return {
        "x_ft": np.tile(np.arange(entities, dtype=np.float64)[:, None] * 2000.0, (1, ticks)),
        "y_ft": np.tile(y, (entities, 1)),
        "z_ft": np.full(shape, 15_000.0),
        "quat_wxyz": np.tile(np.array([1.0, 0.0, 0.0, 0.0]), (entities, ticks, 1)),
        "speed_kt": np.full(shape, 450.0),
        "throttle": np.full(shape, 0.5),
        "throttle_label": np.full(shape, "mil", dtype="<U4"),
        "alt_label": np.full(shape, "75 steps", dtype="<U16"),
        "pos_label": np.full(shape, "hex 0,0", dtype="<U24"),
        "active": np.ones(shape, dtype=bool),
        "bop.keas_kt": np.full(shape, 357.0),
        "bop.mach": np.full(shape, 0.72),
        "bop.alt_steps": np.full(shape, 75, dtype=np.int32),
        "bop.hex_q": np.zeros(shape, dtype=np.int32),
        "bop.hex_r": np.zeros(shape, dtype=np.int32),
        "bop.load_g": np.ones(shape),
        "bop.engine_output": np.full(shape, 0.6),
        "bop.speedbrake": np.zeros(shape, dtype=bool),
        "bop.fuel_fp": np.full(shape, 35.0),
        "bop.nose": np.full(shape, "015+00", dtype="<U6"),
        "bop.canopy": np.full(shape, "All+90", dtype="<U6"),
        "bop.wing": np.full(shape, "105+00", dtype="<U6"),
        "bop.velocity": np.full(shape, "015+00", dtype="<U6"),
        "bop.lift": np.full(shape, "All+90", dtype="<U6"),
    }


def declared(channels: dict[str, Any]) -> dict[str, ChannelSpec]:
    """The specs of ``channels`` (core or Birds of Prey's; any other as a number read
    linearly or a value from the nearer tick, by its type)."""
    known = {**CORE_CHANNELS, **BOP_CHANNELS}
    return {
        name: known.get(name)
        or ChannelSpec(
            meaning=name,
            interp="linear" if np.asarray(array).dtype.kind == "f" else "nearest",
        )
        for name, array in sorted(channels.items())
    }


def declare(timeline: Timeline) -> Timeline:
    """``timeline`` with its metadata declaring exactly the channels it holds."""
    meta = timeline.meta.model_copy(update={"channels": declared(timeline.channels)})
    return Timeline(meta=meta, t_s=timeline.t_s, channels=timeline.channels)


def sound_timeline(ticks: int = 6) -> Timeline:
    """Two aircraft a game-turn apart from nothing: every core channel and Birds of
    Prey's flight, sensor, weapon, crew and awareness channels, each holding something,
    and a few events."""
    meta = TimelineMeta(
        rules="bop",
        seed=7,
        scenario="test",
        tick_s=TICK_S,
        scale=BOP_SCALE,
        hud=BOP_HUD,
        entities=(
            EntityInfo(id="viper-1", callsign="Viper 1", type_id="F-16C", side="blue"),
            EntityInfo(id="fulcrum-1", callsign="Fulcrum 1", type_id="MiG-29", side="red"),
        ),
        events=(
            Event(t_s=0.6, kind="note", entities=("viper-1",), detail="hello", data={"n": 1}),
            Event(t_s=1.2, kind="rwr_warning", entities=("fulcrum-1", "viper-1")),
        ),
    )

    def text(first: str, second: str) -> npt.NDArray[Any]:
        return np.array([[first] * ticks, [second] * ticks], dtype="<U128")

    channels = core_channels(2, ticks)
    channels["bop.hex_q"][1] = 5  # five hexes along the 060 line from Viper 1
    channels["pos_label"][1] = "hex 5,0"
    channels.update(
        {
            "bop.radar_mode": text("STT", "Srch"),
            "bop.tracks": text("fulcrum-1", ""),
            "bop.ir_lock": text("", "viper-1"),
            "bop.rwr": text("", "viper-1"),
            "bop.spotted": text("fulcrum-1", "viper-1"),
            "bop.weapons": text("M61A1 5, AIM-9L x2", "GSh-30-1 5, R-73 x4"),
            "bop.crew_state": text("ok", "pilot: grey_out"),
            "bop.damage": text("0/14", "3/14 Fuel"),
            "bop.initiative": text("5.37", "-1.6"),
            "bop.flight_class": text("B/b", "A/a"),
            "bop.activity": text("4 6", "3"),
            "bop.wing_position": text("", ""),
        }
    )
    return declare(Timeline(meta=meta, t_s=np.arange(ticks) * TICK_S, channels=channels))


def saved(tmp_path: Path, timeline: Timeline | None = None) -> Path:
    """A sound timeline (or ``timeline``) written to a file."""
    path = tmp_path / "t.furball.npz"
    (timeline or sound_timeline()).save(path)
    return path


def members(path: Path) -> dict[str, bytes]:
    """Every member of a timeline file, by name, in order."""
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def write_members(path: Path, contents: dict[str, bytes]) -> Path:
    """Write ``contents`` as the zip at ``path``, deflated; returns ``path``."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in contents.items():
            archive.writestr(name, data)
    return path


def npy(array: Any) -> bytes:
    """``array`` as the bytes of a ``.npy`` file (no pickling)."""
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, np.asarray(array), allow_pickle=False)
    return buffer.getvalue()


def replaced(path: Path, changes: dict[str, bytes | None]) -> Path:
    """Rewrite the timeline file with members replaced, added or (``None``) removed."""
    contents = members(path)
    for name, data in changes.items():
        if data is None:
            contents.pop(name)
        else:
            contents[name] = data
    return write_members(path, contents)


def added(path: Path, channels: dict[str, Any], interp: str = "nearest") -> Path:
    """Rewrite the timeline file with ``channels`` added (or replaced) and declared in its
    metadata, each read between ticks by ``interp``."""
    contents = members(path)
    meta = json.loads(contents["meta.json"])
    for name, array in channels.items():
        contents[f"ch_{name}.npy"] = npy(array)
        meta["channels"][name] = {"meaning": name, "interp": interp}
    contents["meta.json"] = json.dumps(meta).encode()
    return write_members(path, contents)
