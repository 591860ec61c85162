"""Over the Lines from the command line, as for Birds of Prey: run, validate, inspect,
Tacview export and rendering, and bad files refused on one line with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from models.timeline import Timeline
from tests.sim.cli_helpers import furball_process, run

DUEL = "otl/camel-vs-albatros"


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from sim.cli.main import main

    out = tmp_path_factory.mktemp("otl") / "duel.furball.npz"
    assert main(["run", DUEL, "-o", str(out)]) == 0
    return out


def test_run_prints_the_round_table_in_the_rules_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text, err = run(capsys, f"run {DUEL} -o {tmp_path / 'd.furball.npz'}")
    assert code == 0, err
    first = text.splitlines()[0]
    assert first.startswith("Camel vs Albatros") and " rounds, seed 2" in first
    header = text.splitlines()[1].split()
    assert header[:4] == ["round", "plane", "x_in", "y_in"] and "moves" in header
    meta = Timeline.load(tmp_path / "d.furball.npz").meta
    assert meta.rules == "otl" and meta.turn_word == "round" and meta.ticks_per_turn == 10


def test_validate_says_ok_for_every_shipped_scenario_and_the_log(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name in (DUEL, "otl/balloon-attack", "otl/two-seater-2v2", "otl/circus-4v4",
                 "logs/salient-duel"):  # fmt: skip
        code, text, err = run(capsys, f"validate {name}")
        assert code == 0 and text.strip().endswith(": ok"), (name, err)


def test_inspect_reports_the_record_sheet_under_the_huds_captions(
    duel: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text, err = run(capsys, f"inspect {duel} --at 20")
    assert code == 0, err
    assert "FLIGHT: BANK " in text and "GUNS: AMMO VICK" in text and "TARGETING:" in text
    assert "KEAS" not in text and "FUEL" not in text and "hex " not in text
    code, out, err = run(capsys, f"inspect {duel} --at 20 --json")
    assert code == 0, err
    report = json.loads(out)
    assert report["rules"] == "otl"
    camel = report["state"]["camel-1"]
    assert set(camel["panels"]) == {"flight", "guns", "damage", "targeting"}
    assert camel["panels"]["flight"]["bank"] in ("UE", "UR", "PR", "IR", "I", "IL", "PL", "UL")
    assert "keas_kt" not in camel and "hex" not in camel


def test_tacview_export_bookmarks_rounds_and_names_the_rules(
    duel: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "duel.txt.acmi"
    code, _, err = run(capsys, f"export-acmi {duel} -o {out}")
    assert code == 0, err
    text = out.read_text(encoding="utf-8-sig")
    assert "0,Event=Bookmark|Round 2" in text and "Game-turn" not in text
    assert "Over the Lines rules" in text


def test_render_png_and_gif(duel: Path, tmp_path: Path) -> None:
    done = furball_process(
        "render", str(duel), "--png", "d.png", "--at", "17", "--camera", "chase",
        "--select", "camel-1", "--size", "480x270", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "d.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    done = furball_process(
        "render", str(duel), "--gif", "d.gif", "--from", "14", "--to", "15",
        "--size", "320x180", cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "d.gif").read_bytes()[:6] in (b"GIF89a", b"GIF87a")


def test_a_bad_scenario_is_refused_on_one_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scenarios import find_scenario

    text = find_scenario(DUEL).read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('type = "albatros-dv"', 'type = "albatross"'), encoding="utf-8")
    out = tmp_path / "out.furball.npz"
    code, _, err = run(capsys, f"run {bad} -o {out}")
    assert code != 0 and str(bad) in err and "aircraft.1.type: no Plane Chart 'albatross'" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_a_bad_move_in_a_log_names_the_round_the_plane_the_step_and_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from scenarios import find_scenario

    text = find_scenario("logs/salient-duel").read_text(encoding="utf-8")
    bad = tmp_path / "bad.log.toml"
    bad.write_text(text.replace('moves = "R G1:4 L 8"', 'moves = "R G1:1 L 11"'), "utf-8")
    code, _, err = run(capsys, f"validate {bad}")
    assert code != 0 and str(bad) in err
    assert "Camel 1, round 3: step 2 (L 11)" in err and "(§Rolls)" in err
    assert "Traceback" not in err
