"""``furball export-acmi``, ``furball --version`` and the commands' help."""

import json
import zipfile
from pathlib import Path

import pytest

from sim.cli.acmi_cmd import default_output
from sim.cli.main import build_parser
from sim.version import furball_version
from tests.sim.cli_helpers import run


def test_export_a_shipped_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    output = tmp_path / "fight.zip.acmi"
    code, out, err = run(capsys, f"export-acmi historical/missile-fight -o {output}")
    assert code == 0, err
    assert out.startswith(f"wrote {output} (101 frames over 60.0 s, 5 objects")
    assert "Tacview" in out
    with zipfile.ZipFile(output) as archive:
        assert archive.namelist() == ["acmi.txt"]


def test_export_a_timeline_file_as_text_with_a_json_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    timeline = tmp_path / "loop.furball.npz"
    assert run(capsys, f"run bfm/loop -o {timeline}")[0] == 0
    output = tmp_path / "loop.txt.acmi"
    code, out, err = run(capsys, f"export-acmi {timeline} -o {output} --json")
    assert code == 0, err
    data = json.loads(out)
    assert data["output"] == str(output) and data["frames"] == 61 and data["objects"] == 1
    assert data["bytes"] == output.stat().st_size
    assert data["reference"] == {"lat_deg": 36.0, "lon_deg": 18.0, "time": "2000-06-21T09:00:00Z"}
    assert output.read_text(encoding="utf-8").startswith("FileType=text/acmi/tacview\n")


def test_seed_and_turns_reach_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    output = tmp_path / "m.zip.acmi"
    code, out, err = run(
        capsys, f"export-acmi demo/2v2-merge --seed 9 --turns 2 -o {output} --json"
    )
    assert code == 0, err
    assert json.loads(out)["frames"] == 21


def test_the_default_output_is_named_after_the_source(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert default_output("bfm/loop") == Path("loop.zip.acmi")
    assert default_output("x/turn.furball.npz") == Path("turn.zip.acmi")
    assert default_output("logs/mig-alley") == Path("mig-alley.zip.acmi")
    assert default_output("my-game.log.toml") == Path("my-game.zip.acmi")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "export-acmi bfm/loop")
    assert code == 0, err
    assert (tmp_path / "loop.zip.acmi").is_file()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("bfm/loop -o out.acmi", "must end in .zip.acmi or .txt.acmi, e.g. NAME.zip.acmi"),
        ("bfm/loop -o nowhere/out.zip.acmi", "the folder nowhere does not exist"),
        ("nowhere -o out.zip.acmi", "no shipped scenario by that name"),
        ("bfm/loop --turns 0 -o out.zip.acmi", "--turns: 0 game-turns is outside 1 … 1000"),
        ("BAD_TIMELINE -o out.zip.acmi", "not a furball timeline"),
        ("BAD_TOML -o out.zip.acmi", "line 2"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    arguments: str,
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.furball.npz").write_text("not a zip")
    (tmp_path / "bad.toml").write_text('name = "x"\n[[aircraft]\n')
    arguments = arguments.replace("BAD_TIMELINE", "bad.furball.npz")
    arguments = arguments.replace("BAD_TOML", "bad.toml")
    code, out, err = run(capsys, f"export-acmi {arguments}")
    assert code == 2 and out == ""
    assert err.startswith("furball export-acmi: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not list(tmp_path.glob("*.acmi"))


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out == f"furball {furball_version()}\n"
    assert furball_version()[0].isdigit() or furball_version().startswith("unknown")


def test_every_command_shows_examples_in_its_help() -> None:
    parser = build_parser()
    assert "examples:" in parser.format_help()
    commands = next(a for a in parser._actions if a.dest == "command")
    choices = commands.choices
    assert choices is not None
    for name, subparser in choices.items():
        help_text = subparser.format_help()
        assert "examples:" in help_text, name
        assert f"furball {name}" in help_text.split("examples:", 1)[1], name
