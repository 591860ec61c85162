"""``furball list``: the shipped scenarios by folder, a folder of one's own, and files that
cannot be read listed with their problem instead of stopping the listing."""

import json
import os
from pathlib import Path

import pytest

from models.scenario import load_scenario
from scenarios import find_scenario, shipped
from tests.scenario_toml import aircraft_toml
from tests.sim.cli_helpers import run, run_json

GOOD = (
    'name = "A good one"\ndescription = "Two Vipers, level."\nturns = 3\n'
    + aircraft_toml("Viper 1")
    + aircraft_toml("Viper 2", at_hex="2,0")
)


def test_list_groups_the_shipped_scenarios_by_folder(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "list")
    assert code == 0, err
    lines = out.splitlines()
    headings = [line for line in lines if line and not line.startswith(" ")][:6]
    assert headings == ["bfm/", "historical/", "demo/", "otl/", "phantoms/", "fc/"]
    for found in shipped():
        assert f"  {Path(str(found)).parent.name}/{found.name.removesuffix('.toml')} " in out
    title = next(i for i, line in enumerate(lines) if "bfm/maneuver-break-turn " in line)
    assert "Break turn: F-16C vs MiG-29" in lines[title]
    assert lines[title + 1].strip() == "bop, 6 turns, 2 aircraft: F-16C, MiG-29"
    assert "game log: bop, 10 turns, 2 aircraft: F-86F, MiG-15bis" in out
    assert "F-16C ×6" in out  # bfm/pursuit-curves
    assert "problem:" not in out


def test_every_listed_name_plays_with_furball_run(capsys: pytest.CaptureFixture[str]) -> None:
    entries = run_json(capsys, "list")["scenarios"]
    assert {e["kind"] for e in entries} == {"scenario", "game log"}
    for entry in entries:
        assert find_scenario(entry["name"]).is_file(), entry["name"]
        assert entry["problem"] is None
        assert entry["aircraft"] == len(entry["types"]) > 0
    setup = next(e for e in entries if e["name"] == "logs/mig-alley.setup")
    assert setup["title"] == load_scenario(find_scenario("logs/mig-alley.setup")).name


def test_long_wraps_each_briefing_to_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    code, out, _ = run(capsys, "list -v")
    assert code == 0
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "bfm/maneuver-break-turn " in line)
    end = lines.index("", start)
    briefing = lines[start + 2 : end]
    assert len(briefing) > 3 and all(len(line) <= 60 for line in briefing)
    expected = load_scenario(find_scenario("bfm/maneuver-break-turn")).description
    assert " ".join(line.strip() for line in briefing) == " ".join(expected.split())


def test_a_folder_of_ones_own_with_files_that_cannot_be_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "good.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "broken.toml").write_text('name = "oops\n', encoding="utf-8")
    (tmp_path / "spitfire.toml").write_text(GOOD.replace('"F-16C"', '"Spitfire"', 1))
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "empty.toml").write_text("", encoding="utf-8")
    code, out, err = run(capsys, f"list {tmp_path}")
    assert code == 2  # every file is listed, and the bad ones make it an error
    assert err == "furball list: 3 of 4 files listed have a problem (shown with each)\n"
    good = next(line for line in out.splitlines() if "good.toml" in line)
    assert good.endswith("A good one")
    assert "bop, 3 turns, 2 aircraft: F-16C ×2" in out
    code, out, _ = run(capsys, f"list {tmp_path} --json")
    assert code == 2
    entries = {Path(e["name"]).name: e for e in json.loads(out)["scenarios"]}
    assert set(entries) == {"good.toml", "broken.toml", "spitfire.toml", "empty.toml"}
    assert entries["good.toml"]["problem"] is None
    assert "line 1" in entries["broken.toml"]["problem"]
    assert entries["spitfire.toml"]["title"] == "A good one"
    assert entries["spitfire.toml"]["problem"].startswith("aircraft.0.type:")
    assert entries["empty.toml"]["folder"] == str(tmp_path / "more")
    assert "(and" in entries["empty.toml"]["problem"]  # no name, no aircraft
    for entry in entries.values():
        assert entry["problem"] is None or "\n" not in entry["problem"]


def test_a_folder_that_is_not_there_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, f"list {tmp_path / 'nowhere'}")
    assert code == 2 and not out
    assert err.startswith("furball list: no folder") and err.count("\n") == 1


def test_help_gives_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list --help")
    assert code == 0
    assert "examples:" in out and "furball list --long" in out
    _, top, _ = run(capsys, "--help")
    assert "list" in top


def test_every_file_of_a_folder_is_listed_whatever_is_wrong_with_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A FIFO is never opened (reading one waits for a writer), a broken link or a folder
    named like a scenario is said to be one, and a file that makes the reader fail (deeply
    nested arrays) is listed with its problem: the listing goes on, then exits 2."""
    (tmp_path / "a-good.toml").write_text(GOOD, encoding="utf-8")
    os.mkfifo(tmp_path / "b-pipe.toml")
    (tmp_path / "c-link.toml").symlink_to(tmp_path / "gone.toml")
    (tmp_path / "d-folder.toml").mkdir()
    (tmp_path / "e-deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    (tmp_path / "f-good.toml").write_text(GOOD, encoding="utf-8")
    code, out, err = run(capsys, f"list {tmp_path} --json")
    assert code == 2
    assert err == "furball list: 4 of 6 files listed have a problem (shown with each)\n"
    entries = {Path(e["name"]).name: e["problem"] for e in json.loads(out)["scenarios"]}
    assert entries == {
        "a-good.toml": None,
        "b-pipe.toml": "not a regular file (a FIFO, device or socket)",
        "c-link.toml": "a symbolic link to a file that does not exist",
        "d-folder.toml": "a folder, not a file",
        "e-deep.toml": entries["e-deep.toml"],
        "f-good.toml": None,
    }
    assert entries["e-deep.toml"] and "\n" not in entries["e-deep.toml"]


def test_a_folder_with_nothing_wrong_lists_with_exit_status_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "good.toml").write_text(GOOD, encoding="utf-8")
    code, _, err = run(capsys, f"list {tmp_path}")
    assert code == 0 and err == ""
