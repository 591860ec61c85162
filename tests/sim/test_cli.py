"""The player-aid command line: answers, JSON, and one-line errors with exit status 2."""

import subprocess
import sys

import pytest

from tests.sim.cli_helpers import run, run_json

LEVEL_NORTH = "--nose 015+00 --canopy All+90 --wing 105+00"


def test_distance(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "phad distance 030+30 090–30")
    assert code == 0
    assert out.strip() == "030+30 to 090-30: 3 cells"
    assert run_json(capsys, "phad distance All+90 All-90")["distance"] == 6


def test_turn_reproduces_turning_example_1(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "phad turn --nose 045+00 --canopy 315+00 --wing All+90 --cells 4")
    assert data["end"]["nose"] == "285+00"
    assert data["movement_vector"] == {"cell": "345+00"}


def test_turn_with_odd_cells_reports_an_edge(capsys: pytest.CaptureFixture[str]) -> None:
    command = "phad turn --nose 090-30 --canopy 180-30 --wing 330-60 --cells 3"
    data = run_json(capsys, command)
    assert data["movement_vector"] == {"edge": ["120-30", "150-30"]}
    assert data["ring_cells"] == 14
    _, out, _ = run(capsys, command)
    assert "movement vector: 120-30/150-30" in out and "14 cells" in out


def test_negative_turn_moves_away_from_the_canopy(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, f"phad turn {LEVEL_NORTH} --cells 1 --negative")
    assert data["end"]["nose"] in {"000-30", "030-30"}


def test_roll_left_with_negative_cells(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, f"phad roll {LEVEL_NORTH} --cells -3")
    assert data["end"] == {"nose": "015+00", "canopy": "285+00", "wing": "All+90"}


def test_angles_with_and_without_a_target(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, f"phad angles {LEVEL_NORTH} --bearing 195+00")
    assert data["aspect"] == [6, 3]
    assert data["reciprocal_bearing"] == "015+00"
    target = "--target-nose 015+00 --target-canopy All+90 --target-wing 105+00"
    data = run_json(capsys, f"phad angles {LEVEL_NORTH} --bearing 015+00 {target}")
    assert (data["aon"], data["aot"], data["tca"], data["lca"]) == (0, 0, 0, 0)
    assert data["reciprocal_aspect"] == [6, 3]  # the target sees us dead astern


def test_pitchdown_example(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "phad pitchdown --nose 030+60 --canopy 150+30 --wing 090-30 --velocity 000+30 --amount 1",
    )
    assert data["end"]["canopy"] == "150+60" and data["end"]["velocity"] == "015+00"


def test_bearing_reports_h_v_slant_and_reciprocal(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "bearing --from 0,0,10 --to 3,2,14")
    assert (data["h_hexes"], data["v_steps"], data["slant_range_fp"]) == (5, 4, 5)
    assert data["candidates"] == ["030+30"] and data["reciprocal_candidates"] == ["210-30"]
    assert not data["ambiguous"]


def test_bearing_on_a_border_reports_both_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bearing --from 0,0,10 --to 0,4,10")
    assert code == 0
    assert "345+00 or 015+00" in out and "165+00 or 195+00" in out


@pytest.mark.parametrize(
    ("command", "fragment"),
    [
        ("phad distance 030+30 000E+60", "030, 090, 150"),
        ("phad distance 030+30 banana", "e.g. 030+30"),
        ("phad roll --nose 030+30 --canopy 150+60 --wing 105+00 --cells 1", "Canopy-Wing 2"),
        ("phad turn --nose 015+00 --canopy All+90 --wing 285+00 --cells 1", "left wing"),
        ("phad turn --nose 015+00 --canopy All+90 --wing 120+00 --cells 1", "--wing: '120+00'"),
        (f"phad turn {LEVEL_NORTH} --cells x", "'x' is not a whole number"),
        (f"phad turn {LEVEL_NORTH} --cells -1", "-1 cells is outside 0 … 14 cells"),
        ("phad turn --nose 015+00", "required"),
        (f"phad angles {LEVEL_NORTH} --bearing 015+00 --target-nose 015+00", "all three"),
        ("phad pitchdown --nose All+90 --canopy 015+00 --wing 285+00 --amount 1", "straight"),
        ("phad", "distance,angles,turn,roll,pitchdown"),
        ("bearing --from 0,0 --to 1,1,1", "--from: '0,0' is not a position"),
        ("bearing --from 0,0,1 --to 0,0,1", "same hex"),
        ("bearing --from 0,0,1 --to 0,0,-1", "--to"),
        ("fly", "invalid choice"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(
    capsys: pytest.CaptureFixture[str], command: str, fragment: str
) -> None:
    code, out, err = run(capsys, command)
    assert code == 2
    assert out == ""
    assert fragment in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_the_module_runs_as_a_program_without_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sim.cli.main", "phad", "distance", "030+30", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "'nope' is not a PHAD cell" in done.stderr
