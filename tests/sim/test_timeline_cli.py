"""Bad timeline files through the command line: ``inspect``, ``render``, ``play`` and
``export-acmi`` each refuse them in one line naming the file and the member, with exit
status 2 and no traceback; and ``inspect --at`` shows every channel under the HUD's keys."""

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from sim.hud_captions import GAUGE_CAPTIONS, MARK_CAPTIONS, SENSOR_ROWS, STATUS_ROWS
from tests.sim.cli_helpers import run
from tests.timeline_files import (
    added,
    declare,
    members,
    npy,
    replaced,
    saved,
    sound_timeline,
)


def _meta(path: Path, **changes: object) -> Path:
    meta = json.loads(members(path)["meta.json"])
    meta.update(changes)
    return replaced(path, {"meta.json": json.dumps(meta).encode()})


def _huge_npy() -> bytes:
    chunks: list[bytes] = []

    class Sink:
        def write(self, chunk: bytes) -> None:
            chunks.append(chunk)

    header = {"descr": "<f8", "fortran_order": False, "shape": (2**40,)}
    np.lib.format.write_array_header_1_0(Sink(), header)
    return b"".join(chunks) + b"\0" * 64


def _quat_off(path: Path) -> Path:
    quat = sound_timeline().channels["quat_wxyz"].copy()
    quat[0, 0] = (0.1, 0.0, 0.0, 0.0)
    return replaced(path, {"ch_quat_wxyz.npy": npy(quat)})


BAD: dict[str, tuple[Callable[[Path], Path], str]] = {
    "a channel missing": (lambda p: replaced(p, {"ch_x_ft.npy": None}), "ch_x_ft.npy"),
    "complex positions": (
        lambda p: replaced(p, {"ch_x_ft.npy": npy(np.zeros((2, 6), complex))}),
        "ch_x_ft.npy: holds complex128",
    ),
    "words for speeds": (
        lambda p: replaced(p, {"ch_speed_kt.npy": npy(np.full((2, 6), "fast"))}),
        "ch_speed_kt.npy: holds text",
    ),
    "a NaN tick": (
        lambda p: replaced(p, {"t_s.npy": npy(np.array([0, 0.6, np.nan, 1.8, 2.4, 3.0]))}),
        "t_s.npy: tick 2 is nan",
    ),
    "huge tick times": (
        lambda p: replaced(p, {"t_s.npy": npy(np.array([0, 0.6, 1.2, 1.8, 2.4, 1e12]))}),
        "t_s.npy: the timeline lasts 1e+12 s",
    ),
    "tick times of another length": (
        lambda p: replaced(p, {"t_s.npy": npy(np.arange(3) * 0.6)}),
        "every channel holds 2 entities by 6 ticks",
    ),
    "two to the forty elements": (
        lambda p: replaced(p, {"t_s.npy": _huge_npy()}),
        "t_s.npy: its header declares (1099511627776,)",
    ),
    "a zero tick length": (lambda p: _meta(p, tick_s=0), "meta.json: tick_s"),
    "no entities": (lambda p: _meta(p, entities=[], events=[]), "meta.json: entities: empty"),
    "a quaternion of length 0.1": (_quat_off, "ch_quat_wxyz.npy: entity 0 (viper-1) tick 0"),
}
COMMANDS = {
    "inspect": "inspect {path} --at 1",
    "render": "render {path} --png {out}.png",
    "play": "play {path} --or-mp4 {out}.mp4",
    "export-acmi": "export-acmi {path} -o {out}.txt.acmi",
}


def refused(capsys: pytest.CaptureFixture[str], command: str, path: Path, tmp_path: Path) -> str:
    """Run ``command`` on ``path``; it must be refused in one line.  Returns the line."""
    out = tmp_path / "out"
    code, _, err = run(capsys, COMMANDS[command].format(path=path, out=out))
    assert code == 2, err
    assert "Traceback" not in err
    assert err.count("\n") == 1, err
    assert err.startswith(f"furball {command}: {path}: "), err
    assert not list(tmp_path.glob("out*")), "nothing is written for a refused input"
    return err


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_timeline_is_refused_by_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str, command: str
) -> None:
    spoil, said = BAD[case]
    path = spoil(saved(tmp_path))
    assert said in refused(capsys, command, path, tmp_path)


def within(seconds: float, work: Callable[[], str]) -> str:
    """``work()``'s answer, failing when it takes longer than ``seconds``."""
    answer: list[str] = []
    worker = threading.Thread(target=lambda: answer.append(work()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert answer, f"no answer within {seconds} s"
    return answer[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="posix")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_fifo_and_a_link_to_a_device_are_refused_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    fifo = tmp_path / "fifo.furball.npz"
    os.mkfifo(fifo)
    link = tmp_path / "zero.furball.npz"
    link.symlink_to("/dev/zero")
    said = within(20, lambda: refused(capsys, command, fifo, tmp_path))
    assert "not a regular file (a FIFO)" in said
    said = within(20, lambda: refused(capsys, command, link, tmp_path))
    assert "not a regular file (a character device)" in said


# -- inspect --at ------------------------------------------------------------------------------
def test_inspect_at_shows_every_channel_under_the_huds_keys(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = added(saved(tmp_path), {"bop.energy_ft": np.full((2, 6), 1234.5)}, interp="linear")
    code, out, err = run(capsys, f"inspect {path} --at 1.5 --json")
    assert code == 0, err
    state = json.loads(out)["state"]
    assert set(state) == {"viper-1", "fulcrum-1"}
    viper = state["viper-1"]
    assert viper["sensors"] == {
        "radar": "STT",
        "tracks": ["fulcrum-1"],
        "ir": "",
        "rwr": [],
    }
    assert viper["status"] == {
        "weapons": ["M61A1 5", "AIM-9L x2"],
        "crew": "ok",
        "damage": "0/14",
        "initiative": "5.37",
        "flight_class": "B/b",
        "activity": "4 6",
    }
    assert viper["spotted"] == ["fulcrum-1"]
    # The PHAD cell of the world direction to Fulcrum 1: 2,000 ft due east and level, on
    # the border of 075+00 and 105+00, so the clockwise one.
    assert viper["bearings"] == {"fulcrum-1": "105+00"}
    assert viper["other"] == {"bop.energy_ft": 1234.5, "bop.wing_position": ""}
    assert set(viper["phad"]) == set(MARK_CAPTIONS)
    for key in ("speed_kt", "keas_kt", "mach", "fuel_fp", "alt_ft", "alt_steps", "load_g"):
        assert key in viper
    assert viper["average_load_g"] == pytest.approx(1.0)
    assert (viper["throttle"], viper["speedbrake"], viper["hex"]) == ("mil", False, "0,0")
    assert state["fulcrum-1"]["sensors"]["ir"] == "viper-1"
    assert state["fulcrum-1"]["status"]["crew"] == "pilot: grey_out"

    code, out, _ = run(capsys, f"inspect {path} --at 1.5")
    assert code == 0
    text = out.split("state at t=1.50 s:", 1)[1]
    captions = [
        *GAUGE_CAPTIONS.values(),
        *MARK_CAPTIONS.values(),
        *(caption for _, caption in (*SENSOR_ROWS, *STATUS_ROWS)),
        "THROTTLE mil",
        "ENG 60%",
        "SPD BRK in",
        "INIT 5.37",
        "AP 4 6",
        "SPOTTED fulcrum-1",
        "RADAR STT",
        "TRACKS fulcrum-1",
        "IR LOCK viper-1",
        "RWR viper-1",
        "CREW pilot: grey_out",
        "bop.energy_ft 1234.5",
    ]
    for caption in captions:
        assert caption in text, caption


def test_inspect_at_a_time_outside_the_timeline_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = saved(tmp_path)
    for at in ("nan", "inf", "-1"):  # no time at all: refused with the flag's limits
        code, _, err = run(capsys, f"inspect {path} --at {at}")
        assert code == 2 and "argument --at" in err and err.count("\n") == 1, err
    code, _, err = run(capsys, f"inspect {path} --at 3.5")
    assert code == 2 and "the timeline runs from 0 to 3 s" in err, err


def test_inspect_without_the_sensor_channels_shows_no_sensor_rows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bare = sound_timeline()
    gone = ("bop.radar_mode", "bop.tracks", "bop.rwr")
    kept = {k: v for k, v in bare.channels.items() if k not in gone}
    path = saved(tmp_path, declare(type(bare)(meta=bare.meta, t_s=bare.t_s, channels=kept)))
    code, out, _ = run(capsys, f"inspect {path} --at 0 --json")
    assert code == 0
    viper = json.loads(out)["state"]["viper-1"]
    assert viper["sensors"] == {"ir": ""}


@pytest.mark.parametrize(
    "source", ["historical/missile-fight", "demo/2v2-bvr", "logs/mig-alley", "bfm/loop"]
)
def test_what_the_engine_writes_keeps_every_rule(tmp_path: Path, source: str) -> None:
    from models.timeline import Timeline
    from models.timeline_checks import timeline_problems
    from sim.cli.scenario_cmds import play_source

    played = play_source(source)[2]
    assert timeline_problems(played) == []
    path = tmp_path / "t.furball.npz"
    played.save(path)
    assert Timeline.load(path).meta == played.meta
