"""Every numeric flag is checked as it is parsed: NaN, infinities, words and numbers out of
range are refused in one line naming the flag and its limits, never replaced by a default."""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

import pytest

from sim.cli.arguments import FPS, SEED, TURNS, Bounded, frame_size
from tests.sim.cli_helpers import run

LEVEL = "--nose 015+00 --canopy All+90 --wing 105+00"
HUGE = "1" + "0" * 30


@pytest.mark.parametrize(
    ("command", "fragment"),
    [
        ("render bfm/loop --png x.png --at nan", "--at: 'nan' is not a finite number"),
        ("render bfm/loop --png x.png --at -1", "--at: -1 s is outside 0 … 86400 s"),
        ("render bfm/loop --png x.png --at 1e400", "--at: '1e400' is not a finite number"),
        ("render bfm/loop --mp4 x.mp4 --fps 0", "--fps: 0 fps is outside 1 … 120 fps"),
        ("render bfm/loop --mp4 x.mp4 --fps 2.5", "--fps: '2.5' is not a whole number"),
        ("render bfm/loop --mp4 x.mp4 --from nan", "--from: 'nan' is not a finite number"),
        ("render bfm/loop --mp4 x.mp4 --to inf", "--to: 'inf' is not a finite number"),
        ("render bfm/loop --mp4 x.mp4 --from 9 --to 3", "--to 3 is before --from 9"),
        ("render bfm/loop --png x.png --size 8000x100", "7680x4320"),
        ("render bfm/loop --png x.png --size 0x0", "64x64"),
        ("render bfm/loop --png x.png --size 1e3x5", "WIDTHxHEIGHT"),
        ("render bfm/loop --mp4 x.mp4 --size 641x361", "must be even, e.g. 640x360"),
        ("render bfm/loop --png x.png --trail-s -1", "--trail-s: -1 s is outside 0 … 3600 s"),
        ("render bfm/loop --png x.png --trail-s nan", "--trail-s: 'nan' is not a finite"),
        ("render bfm/loop --png x.png --mini-scale 0", "--mini-scale: 0 times life size"),
        ("render bfm/loop --png x.png --seed -1", "--seed: -1 is outside 0 …"),
        ("render bfm/loop --png x.png --from 3", "--from is for --mp4 and --gif"),
        ("render bfm/loop --png x.png --fps 10", "--fps is for --mp4 and --gif"),
        ("render bfm/loop --gif x.gif --at 3", "--at is for --png"),
        ("play bfm/loop --size 99999x1", "--size"),
        ("play bfm/loop --trail-s inf", "--trail-s"),
        ("run bfm/loop --turns 100000", "--turns: 100000 game-turns is outside 1 … 1000"),
        ("run bfm/loop --turns 0", "--turns: 0 game-turns is outside"),
        (f"run bfm/loop --turns {HUGE}", "--turns"),
        ("run bfm/loop --seed nan", "--seed: 'nan' is not a whole number"),
        (f"run bfm/loop --seed {HUGE}", "--seed"),
        ("export-acmi bfm/loop --turns 1001", "--turns: 1001 game-turns is outside"),
        ("export-acmi bfm/loop --seed -5", "--seed"),
        ("inspect x.furball.npz --at nan", "--at: 'nan' is not a finite number"),
        ("demo --mp4 x.mp4 --fps 0", "--fps: 0 fps is outside 1 … 120"),
        ("demo --mp4 x.mp4 --fps 500", "--fps"),
        ("demo --mp4 x.mp4 --idle-s nan", "--idle-s: 'nan' is not a finite"),
        ("demo --mp4 x.mp4 --idle-s 0", "--idle-s: 0 s is outside 1 … 3600 s"),
        ("demo --mp4 x.mp4 --minutes inf", "--minutes"),
        ("demo --mp4 x.mp4 --minutes 0", "--minutes: 0 minutes is outside more than 0"),
        ("demo --mp4 x.mp4 --size 10x10", "--size"),
        ("demo --minutes 3", "--minutes is how much to record: add --mp4 OUT"),
        (f"phad turn {LEVEL} --cells {HUGE}", "--cells: 1000000000000000000000000000000 cells"),
        (f"phad turn {LEVEL} --cells 15", "--cells: 15 cells is outside 0 … 14 cells"),
        (f"phad roll {LEVEL} --cells -15", "--cells: -15 cells is outside -14 … 14 cells"),
        (f"phad pitchdown {LEVEL} --amount {HUGE}", "--amount"),
        (f"phad pitchdown {LEVEL} --amount -1", "--amount: -1 cells is outside 0 … 12"),
        ("perf F-16C --alt-ft nan --speed-kt 400", "--alt-ft: 'nan' is not a finite"),
        ("perf F-16C --alt-ft 15000 --speed-kt inf", "--speed-kt: 'inf' is not a finite"),
        ("perf F-16C --alt-ft 15000 --speed-kt 400 --load-g nan", "--load-g: 'nan'"),
        ("perf F-16C --alt-ft 15000 --speed-kt 400 --weight-lb inf", "--weight-lb: 'inf'"),
        ("perf F-16C --alt-ft 15000 --speed-kt 400 --weight-lb 0", "--weight-lb: 0 lb"),
        ("bearing --from 0,0,10 --to 1000000,0,10", "--to: '1000000,0,10' is off the map"),
        (f"bearing --from 0,0,{HUGE} --to 1,0,10", "--from"),
    ],
)
def test_a_flag_out_of_range_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], command: str, fragment: str
) -> None:
    started = time.perf_counter()
    code, out, err = run(capsys, command)
    assert code == 2, err
    assert out == ""
    assert fragment in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert time.perf_counter() - started < 5.0  # refused up front, nothing played or drawn


@pytest.mark.parametrize(
    ("command", "limits"),
    [
        ("render", ["1 … 120 fps", "0 … 3600 s", "1 … 200 times life size", "7680x4320"]),
        ("play", ["7680x4320", "0 … 9223372036854775807"]),
        ("run", ["1 … 1000 game-turns", "4.0 GB"]),
        ("export-acmi", ["1 … 1000 game-turns"]),
        ("demo", ["1 … 120 fps", "1 … 3600 s", "more than 0 … 600 minutes", "7680x4320"]),
        ("phad turn", ["0 … 14 cells"]),
        ("phad roll", ["-14 … 14 cells"]),
        ("phad pitchdown", ["0 … 12 cells"]),
        ("perf", ["0 … 104987 ft", "0 … 1000 kt", "-12 … 12 g"]),
        ("bearing", ["±100,000"]),
        ("inspect", ["0 … 86400 s"]),
    ],
)
def test_each_command_help_gives_its_limits(
    capsys: pytest.CaptureFixture[str], command: str, limits: list[str]
) -> None:
    code, out, _ = run(capsys, f"{command} --help")
    assert code == 0
    flat = " ".join(re.sub(r"-\n\s*", "-", out).split())  # help wraps after hyphens
    for limit in limits:
        assert limit in flat, (command, limit)


def test_bounded_numbers() -> None:
    assert FPS("30") == 30 and isinstance(FPS(" 7 "), int)
    assert TURNS("1000") == 1000
    assert SEED(str(2**63 - 1)) == 2**63 - 1
    half = Bounded(0.0, 1.0, "g")
    assert half("0.5") == 0.5 and half("0") == 0.0 and half("1") == 1.0
    for bad in ("nan", "-inf", "1.0001", "-0.1", "", "one"):
        with pytest.raises(argparse.ArgumentTypeError):
            half(bad)
    above = Bounded(0.0, 1.0, above_low=True)
    with pytest.raises(argparse.ArgumentTypeError, match="more than 0"):
        above("0")
    assert above.limits == "more than 0 … 1"


def test_frame_sizes() -> None:
    assert frame_size("1920x1080") == (1920, 1080)
    assert frame_size("7680X4320") == (7680, 4320)
    assert frame_size("64×64") == (64, 64)
    for bad in ("7681x4320", "7680x4321", "63x64", "1280", "-1x5", "1" * 20 + "x5"):
        with pytest.raises(argparse.ArgumentTypeError):
            frame_size(bad)


@pytest.mark.parametrize(
    ("flags", "fragment"),
    [
        ("--png x.png --at 36.5", "--at 36.5: the replay runs from 0 to 36.0 s"),
        ("--mp4 x.mp4 --to 999", "--to 999: the replay runs from 0 to 36.0 s"),
        ("--gif x.gif --from 40", "--from 40: the replay runs from 0 to 36.0 s"),
    ],
)
def test_times_beyond_the_replay_are_refused_before_anything_is_drawn(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    flags: str,
    fragment: str,
) -> None:
    """Today's code clamped ``--to`` to the end; now it says what the replay holds."""
    monkeypatch.chdir(tmp_path)

    def no_window(*args: object, **kwargs: object) -> None:
        raise AssertionError("a window was opened for a refused render")

    monkeypatch.setattr("sim.panda.open_base", no_window)
    code, out, err = run(capsys, f"render bfm/loop {flags}")
    assert code == 2 and out == "" and fragment in err, err
    assert list(tmp_path.iterdir()) == []
