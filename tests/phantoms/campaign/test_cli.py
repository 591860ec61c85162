"""``furball campaign``: it plays and writes the ledger and the timelines, resumes, and
refuses bad arguments in one line with exit status 2, changing nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.campaign import load_ledger
from models.timeline import Timeline
from sim.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(["campaign", *args])
    except SystemExit as stop:  # argparse refuses a value before the command runs
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_day_one_prints_the_sorties_and_writes_playable_timelines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--out", str(tmp_path / "suez"), "--days", "1")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Operation Musketeer: 4 days, 1956-11-01 to 1956-11-04, seed 1956")
    assert sum(1 for line in lines if line.startswith("  day 1 ")) == 6
    assert "end of day 1:" in lines
    assert any(line.startswith("campaign paused after day 1") for line in lines)
    folder = tmp_path / "suez"
    ledger = load_ledger(folder / "musketeer.ledger.json")
    timelines = sorted(p.name for p in folder.glob("*.furball.npz"))
    assert timelines == sorted(s.timeline for s in ledger.sorties if s.timeline)
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]
    loaded = Timeline.load(folder / timelines[0])
    assert loaded.meta.seed in {s.seed for s in ledger.sorties}


def test_resume_carries_on_to_the_same_end_as_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    assert run(capsys, "--out", str(a), "--days", "1", "--seed", "5")[0] == 0
    code, out, _ = run(capsys, "--out", str(a), "--resume", "--days", "2")
    assert code == 0 and "resuming from" in out
    assert run(capsys, "--out", str(b), "--days", "2", "--seed", "5")[0] == 0
    ledger_a = (a / "musketeer.ledger.json").read_bytes()
    assert ledger_a == (b / "musketeer.ledger.json").read_bytes()
    for timeline in b.glob("*.furball.npz"):
        assert (a / timeline.name).read_bytes() == timeline.read_bytes()


def test_json_prints_one_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "musketeer", "--out", str(tmp_path), "--days", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["seed"] == 1956 and data["result"] is None
    assert data["strengths"]["6-sqn"]["start"] == 16
    assert len([s for s in data["sorties"] if s["day"] == 1]) == 6


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["nowhere", "--out", "{tmp}/x"], "no campaign file 'nowhere'"),
        (["--out", "{tmp}/x", "--days", "0"], "0 days is outside 1 … 30 days"),
        (["--out", "{tmp}/x", "--days", "5"], "--days 5: Operation Musketeer has 4 days"),
        (["--out", "{tmp}/x", "--seed", "-1"], "--seed"),
        (["--out", "{tmp}/x", "--resume"], "--resume: --out"),
        (["--out", "{tmp}/no/such/x"], "does not exist"),
        (["--out", "{tmp}/file.txt"], "is not a folder"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], expected: str
) -> None:
    (tmp_path / "file.txt").write_text("keep me", encoding="utf-8")
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and expected in err
    assert (tmp_path / "file.txt").read_text(encoding="utf-8") == "keep me"
    assert not (tmp_path / "x").exists()


def test_a_ledger_is_never_overwritten_without_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ledger = tmp_path / "musketeer.ledger.json"
    ledger.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "--out", str(tmp_path))
    assert code == 2 and "give --resume" in err and ledger.read_text(encoding="utf-8") == "{}"
    code, _, err = run(capsys, "--out", str(tmp_path), "--resume")
    assert code == 2 and str(ledger) in err and "campaign_file: is missing" in err


def test_resume_refuses_another_seed_or_a_changed_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = Path(__file__).parents[3] / "scenarios/phantoms/campaigns/musketeer.campaign.toml"
    mine = tmp_path / "mine.campaign.toml"
    mine.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "run"
    assert run(capsys, str(mine), "--out", str(out), "--days", "1")[0] == 0
    code, _, err = run(capsys, str(mine), "--out", str(out), "--resume", "--seed", "4")
    assert code == 2 and "plays seed 1956" in err
    mine.write_text(mine.read_text(encoding="utf-8").replace("bofors = 6", "bofors = 5"),
                    encoding="utf-8")  # fmt: skip
    code, _, err = run(capsys, str(mine), "--out", str(out), "--resume")
    assert code == 2 and "another version" in err


def test_a_bad_campaign_file_is_named_with_its_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.campaign.toml"
    bad.write_text('kind = "phantoms.campaign"\nrules = "phantoms"\nname = "x"\n', encoding="utf-8")
    code, _, err = run(capsys, str(bad), "--out", str(tmp_path / "o"))
    assert code == 2 and str(bad) in err and "days: is missing" in err
