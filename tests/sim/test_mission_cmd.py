"""``furball mission``: bad arguments are one line naming the option, exit status 2; a
mission is briefed with every die roll, played and saved."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest

from engine.phantoms.intruders.mission_generator import generate_mission
from engine.phantoms.mission_scenario import mission_scenario
from models.phantoms.scenario import PhantomsScenario
from sim.cli.mission_cmd import mission_lines, roll_text
from tests.sim.cli_helpers import run


@pytest.fixture
def in_tmp(tmp_path: Path) -> Path:
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("--threat extreme", "argument --threat: invalid choice: 'extreme'"),
        ("--mission 11", "argument --mission: 11 is outside 1 … 10"),
        ("--mission two", "argument --mission: 'two' is not a whole number; give 1 … 10"),
        ("--players 0", "argument --players: 0 players is outside 1 … 12 players"),
        ("--seed -3", "argument --seed: -3 is outside 0 … 9223372036854775807"),
        ("--year 1900", "argument --year: 1900 is outside 1945 … 2030"),
        (
            "--solitaire --threat high",
            "--threat high: solitaire play uses the Low threat level (Intruders I-p.14); "
            "give --threat low or leave it out",
        ),
        ("--seed 5 --out raid.txt", "--out raid.txt: the file name must end in .furball.npz"),
        ("--seed 5 --write raid.json", "--write raid.json: the file name must end in .toml"),
        ("--seed 5 --out nowhere/raid.furball.npz", "the folder nowhere does not exist"),
        (
            "--seed 5 --out x.furball.npz --write x.furball.npz",
            "--write x.furball.npz: the file name must end in .toml",
        ),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], in_tmp: Path, arguments: str, message: str
) -> None:
    code, out, err = run(capsys, f"mission {arguments}")
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert list(in_tmp.iterdir()) == []  # nothing written


def test_an_output_that_is_a_folder_is_refused(
    capsys: pytest.CaptureFixture[str], in_tmp: Path
) -> None:
    (in_tmp / "a.furball.npz").mkdir()
    code, _, err = run(capsys, "mission --seed 5 --out a.furball.npz")
    assert code == 2 and "--out a.furball.npz: is a folder" in err
    (in_tmp / "b.toml").mkdir()
    code, _, err = run(capsys, "mission --seed 5 --out b.furball.npz --write b.toml")
    assert code == 2 and "--write b.toml: is a folder" in err


def test_help_lists_the_command_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "mission" in out and "furball mission --seed 5" in out
    code, out, _ = run(capsys, "mission --help")
    for option in ("--threat", "--mission", "--players", "--seed", "--solitaire", "--year",
                   "--write", "--out", "--json"):  # fmt: skip
        assert option in out


def test_the_briefing_lists_both_buys_and_every_roll() -> None:
    rolled = generate_mission(5, "medium")
    lines = mission_lines(rolled)
    text = "\n".join(lines)
    assert lines[0] == "Intruders mission 6: River Crossing (medium threat, 4 players, seed 5)"
    assert f"US buys {rolled.us_points_spent} of {rolled.attacker_points} points:" in text
    assert "  2 × F-105 Bunker Buster, 210 points each = 420" in lines
    assert f"NVA buys {rolled.nva_points_spent} of {rolled.defender_points} points:" in text
    assert "entry edge: east (named: north, east, south)" in lines
    assert "known defences: d10 6: 75% in view" in text
    assert "MiG deployment: d10 2: anywhere on the mat" in lines
    assert f"die rolls ({len(rolled.rolls)}):" in lines
    assert lines[-len(rolled.rolls) :] == [f"  {roll_text(r)}" for r in rolled.rolls]
    assert lines[-len(rolled.rolls)] == "  d10    6  Mission Table (Intruders I-p.9)"


def test_a_d10_face_of_0_reads_10() -> None:
    rolled = generate_mission(5, "medium")
    zero = next(r for r in rolled.rolls if r.kind == "d10" and r.value == 0)
    assert roll_text(zero).startswith("d10   10  ")


def test_a_mission_end_to_end(capsys: pytest.CaptureFixture[str], in_tmp: Path) -> None:
    code, out, err = run(
        capsys, "mission --seed 5 --threat medium --out raid.furball.npz --write raid.toml"
    )
    assert code == 0, err
    assert out.startswith("Intruders mission 6: River Crossing (medium threat, 4 players, seed 5)")
    assert "die rolls (" in out and "result:" in out
    assert "wrote raid.furball.npz" in out and "wrote raid.toml (the scenario)" in out
    assert (in_tmp / "raid.furball.npz").stat().st_size > 0
    kept = PhantomsScenario.model_validate(
        tomllib.loads((in_tmp / "raid.toml").read_text(encoding="utf-8"))
    )
    assert kept == mission_scenario(generate_mission(5, "medium"))
    code, again, _ = run(capsys, "mission --seed 5 --threat medium --out raid.furball.npz --json")
    assert code == 0
    data = json.loads(again)
    assert data["seed"] == 5 and data["mission_id"] == "river-crossing"
    assert data["output"] == "raid.furball.npz" and set(data["results"]) == {
        "lost", "left", "ground", "special", "verdict"
    }  # fmt: skip
    assert data["results"]["verdict"].endswith("crossed")  # River Crossing's bridges


def test_the_default_timeline_is_named_for_the_mission(
    capsys: pytest.CaptureFixture[str], in_tmp: Path
) -> None:
    code, out, err = run(capsys, "mission --seed 5 --mission 10 --threat low --solitaire")
    assert code == 0, err
    assert (in_tmp / "intruders-bridge-destruction.furball.npz").exists()
    assert "Intruders mission 10: Bridge Destruction (low threat, 4 players, solitaire" in out
