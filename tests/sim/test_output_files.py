"""Output files are checked before the work starts and written whole or not at all: never
over the input, never into a folder that is not there, never half-written."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from models.timeline import Timeline
from scenarios import find_scenario
from sim.output_file import PARTIAL_PREFIX, OutputError, OutputFile
from tests.sim.cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
"""Root may write anywhere: permission checks cannot be seen to refuse."""


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    """A copy of a shipped scenario in a folder of its own."""
    path = tmp_path / "fight.toml"
    shutil.copyfile(find_scenario("bfm/loop"), path)
    return path


@pytest.fixture
def timeline(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "loop.furball.npz"
    code, _, err = run(capsys, f"run bfm/loop --turns 1 -o {path}")
    assert code == 0, err
    return path


def partial_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob(f"{PARTIAL_PREFIX}*"))


# -- refused before the work starts -------------------------------------------------------


def test_run_refuses_to_write_its_timeline_over_the_scenario(
    capsys: pytest.CaptureFixture[str], scenario: Path
) -> None:
    before = scenario.read_bytes()
    code, out, err = run(capsys, f"run {scenario} -o {scenario}")
    assert code == 2 and out == ""
    assert f"-o {scenario}: that is {scenario}, which this command reads" in err
    assert "NAME.furball.npz" in err and err.count("\n") == 1
    assert scenario.read_bytes() == before
    assert partial_files(scenario.parent) == []


def test_the_input_is_recognised_through_a_link(
    capsys: pytest.CaptureFixture[str], scenario: Path
) -> None:
    before = scenario.read_bytes()
    for made, how in (
        (scenario.parent / "soft.furball.npz", os.symlink),
        (scenario.parent / "hard.furball.npz", os.link),
    ):
        how(scenario, made)
        code, _, err = run(capsys, f"run {scenario} -o {made}")
        assert code == 2 and "which this command reads" in err, err
        assert scenario.read_bytes() == before


def test_render_refuses_to_write_a_png_over_its_timeline(
    capsys: pytest.CaptureFixture[str], timeline: Path
) -> None:
    before = timeline.read_bytes()
    code, out, err = run(capsys, f"render {timeline} --png {timeline}")
    assert code == 2 and out == ""
    assert f"--png {timeline}: that is {timeline}, which this command reads" in err
    assert timeline.read_bytes() == before
    code, _, err = run(capsys, f"export-acmi {timeline} -o {timeline}")
    assert code == 2 and "which this command reads" in err
    code, _, err = run(capsys, f"play {timeline} --or-mp4 {timeline}")
    assert code == 2 and "which this command reads" in err
    assert timeline.read_bytes() == before
    assert partial_files(timeline.parent) == []


@pytest.mark.parametrize(
    ("command", "fragment"),
    [
        ("render TIMELINE --png FOLDER", "--png FOLDER: is a folder; name a file in it"),
        ("render TIMELINE --png nowhere/x.png", "the folder nowhere does not exist"),
        ("render TIMELINE --png FILE/x.png", "the folder FILE is not a folder"),
        ("render TIMELINE --png x.jpg", "--png x.jpg: the file name must end in .png"),
        ("render TIMELINE --png .png", "the file name must end in .png, e.g. NAME.png"),
        ("render TIMELINE --mp4 x.avi", "must end in .mp4"),
        ("render TIMELINE --gif x.mp4", "must end in .gif"),
        ("render TIMELINE --png LONG.png", "the file name is longer than 255 bytes"),
        ("run bfm/loop -o out.toml", "must end in .furball.npz or .npz"),
        ("run bfm/loop -o FOLDER", "is a folder"),
        ("run bfm/loop -o nowhere/x.furball.npz", "the folder nowhere does not exist"),
        ("export-acmi TIMELINE -o FOLDER", "is a folder"),
        ("export-acmi TIMELINE -o x.acmi", "must end in .zip.acmi or .txt.acmi"),
        ("play TIMELINE --or-mp4 nowhere/x.mp4", "the folder nowhere does not exist"),
        ("demo --mp4 FOLDER", "is a folder"),
        ("demo --mp4 nowhere/x.mp4", "the folder nowhere does not exist"),
    ],
)
def test_an_output_that_cannot_work_is_refused_before_anything_is_played(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    timeline: Path,
    command: str,
    fragment: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("not a folder")
    before = sorted(p.name for p in tmp_path.iterdir())

    def nothing_played(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work started before the output was checked")

    monkeypatch.setattr("sim.cli.scenario_cmds.play_source", nothing_played)
    monkeypatch.setattr("sim.panda.open_base", nothing_played)
    monkeypatch.setattr(Timeline, "load", nothing_played)
    long_name = "x" * 300
    command = command.replace("TIMELINE", timeline.name).replace("LONG", long_name)
    command = command.replace("FOLDER", "folder").replace("FILE", "file")
    fragment = fragment.replace("FOLDER", "folder").replace("FILE", "file")
    code, out, err = run(capsys, command)
    assert code == 2 and out == "", err
    assert fragment in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # no DIR.pz, no partial
    assert list((tmp_path / "folder").iterdir()) == []


@pytest.mark.skipif(AS_ROOT, reason="root may write into any folder")
def test_a_folder_one_cannot_write_into_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        with pytest.raises(OutputError, match="cannot write into the folder"):
            OutputFile.check(locked / "x.png", (".png",))
        existing = tmp_path / "kept.png"
        existing.write_bytes(b"saved")
        existing.chmod(stat.S_IRUSR)
        with pytest.raises(OutputError, match="read-only"):
            OutputFile.check(existing, (".png",))
    finally:
        locked.chmod(stat.S_IRWXU)


def test_permissions_are_checked_for_the_folder_and_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As :func:`test_a_folder_one_cannot_write_into_is_refused`, for any user: the checks
    ask the system what this process may write."""
    existing = tmp_path / "kept.png"
    existing.write_bytes(b"saved")
    denied = {tmp_path}
    monkeypatch.setattr("sim.output_file.os.access", lambda path, mode: Path(path) not in denied)
    with pytest.raises(OutputError, match=f"cannot write into the folder {tmp_path}"):
        OutputFile.check(tmp_path / "x.png", (".png",))
    denied = {existing}
    with pytest.raises(OutputError, match="the file is read-only"):
        OutputFile.check(existing, (".png",))
    assert existing.read_bytes() == b"saved"


def test_a_special_file_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="not a regular file"):
        OutputFile.check(fifo, (".png",), option="--png")


def test_the_checked_output_keeps_the_suffix_as_written(tmp_path: Path) -> None:
    checked = OutputFile.check(tmp_path / "Fight.ZIP.ACMI", (".zip.acmi", ".txt.acmi"))
    assert checked.suffix == ".ZIP.ACMI"
    assert OutputFile.check(tmp_path / "t.furball.npz", (".furball.npz", ".npz")).suffix == (
        ".furball.npz"
    )


# -- written whole or not at all ----------------------------------------------------------


def test_a_write_replaces_the_output_only_when_it_is_done(tmp_path: Path) -> None:
    out = tmp_path / "frame.png"
    out.write_bytes(b"saved before")
    checked = OutputFile.check(out, (".png",))
    with checked.writing() as partial:
        assert partial.parent == tmp_path and partial.name.endswith(".png")
        assert partial.name.startswith(PARTIAL_PREFIX)
        partial.write_bytes(b"new")
        assert out.read_bytes() == b"saved before"
    assert out.read_bytes() == b"new"
    assert partial_files(tmp_path) == []
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize(
    "failure",
    [
        OSError(errno.ENOSPC, "No space left on device"),
        KeyboardInterrupt(),
        RuntimeError("encoder gave up"),
    ],
)
def test_a_failed_or_interrupted_write_leaves_nothing_half_written(
    tmp_path: Path, failure: BaseException
) -> None:
    out = tmp_path / "video.mp4"
    out.write_bytes(b"saved before")
    checked = OutputFile.check(out, (".mp4",), option="--mp4")
    expected = OutputError if isinstance(failure, OSError) else type(failure)
    with pytest.raises(expected) as raised, checked.writing() as partial:
        partial.write_bytes(b"half")
        raise failure
    if isinstance(failure, OSError):
        assert str(raised.value) == f"--mp4 {out}: cannot write (No space left on device)"
    assert out.read_bytes() == b"saved before"
    assert partial_files(tmp_path) == []


def test_a_run_whose_save_fails_keeps_the_earlier_timeline(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "loop.furball.npz"
    out.write_bytes(b"an earlier timeline")

    def disk_full(self: Timeline, path: Path) -> None:
        path.write_bytes(b"PK\x03\x04 half a zip")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Timeline, "save", disk_full)
    code, out_text, err = run(capsys, f"run bfm/loop --turns 1 -o {out}")
    assert code == 2 and out_text == ""
    assert err == f"furball run: -o {out}: cannot write (No space left on device)\n"
    assert out.read_bytes() == b"an earlier timeline"
    assert partial_files(tmp_path) == []


def test_an_interrupted_run_exits_130_and_leaves_nothing_behind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "loop.furball.npz"

    def interrupted(self: Timeline, path: Path) -> None:
        path.write_bytes(b"PK\x03\x04 half")
        raise KeyboardInterrupt

    monkeypatch.setattr(Timeline, "save", interrupted)
    code, _, err = run(capsys, f"run bfm/loop --turns 1 -o {out}")
    assert code == 130 and err == "furball run: interrupted\n"
    assert list(tmp_path.iterdir()) == []


def test_successful_writes_leave_only_their_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, timeline: Path
) -> None:
    acmi = tmp_path / "loop.txt.acmi"
    code, _, err = run(capsys, f"export-acmi {timeline} -o {acmi}")
    assert code == 0, err
    assert acmi.read_text(encoding="utf-8").startswith("FileType=text/acmi/tacview")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.furball.npz", "loop.txt.acmi"]


def test_a_render_terminated_mid_video_leaves_nothing_behind(tmp_path: Path) -> None:
    """SIGTERM unwinds the command like ctrl-c: the half-encoded video is removed."""
    command = [sys.executable, "-m", "sim.cli.main", "render", "bfm/loop"]
    command += ["--mp4", str(tmp_path / "out.mp4"), "--size", "320x180"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    ) as child:
        deadline = time.monotonic() + 120.0
        while not partial_files(tmp_path) and child.poll() is None:
            assert time.monotonic() < deadline, "the render never started writing"
            time.sleep(0.05)
        child.send_signal(signal.SIGTERM)
        _, err = child.communicate(timeout=60)
    assert child.returncode == 128 + signal.SIGTERM, err
    assert b"Traceback" not in err
    assert list(tmp_path.iterdir()) == []
