"""``furball whatif``: a branch written whole with a summary, --list, and one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.timeline import Timeline
from tests.sim.cli_helpers import run, run_json

STRAIGHT = 'throttle = "mil"\nsegments = [{ kind = "straight", ticks = 10 }]\n'


@pytest.fixture
def straight(tmp_path: Path) -> Path:
    path = tmp_path / "straight.toml"
    path.write_text(STRAIGHT)
    return path


def test_a_branch_is_written_with_its_summary(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, straight: Path
) -> None:
    out = tmp_path / "b.furball.npz"
    code, text, err = run(
        capsys, f"whatif bfm/perch-9000 --turn 3 --aircraft viper-1 --plot {straight} -o {out}"
    )
    assert code == 0, err
    assert 'Viper 1 flew "straight" instead of "max G pull" in game-turn 3' in text
    for row in ("shots", "hits", "kills", "range to bandit-1 ft", "energy height ft"):
        assert row in text
    info = Timeline.load(out).meta.branch
    assert info is not None and info.changes[0].turn == 3


def test_json_summary_compares_with_the_parent(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, straight: Path
) -> None:
    out = tmp_path / "b.furball.npz"
    data = run_json(
        capsys, f"whatif bfm/perch-9000 --turn 3 --aircraft viper-1 --plot {straight} -o {out}"
    )
    assert (data["parent"]["shots"], data["branch"]["shots"]) == (1, 0)
    assert data["parent"]["kills"] == 1 and data["branch"]["kills"] == 0


def test_a_branch_of_a_branch_from_its_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, straight: Path
) -> None:
    first, second = tmp_path / "b.furball.npz", tmp_path / "bb.furball.npz"
    run(capsys, f"whatif bfm/perch-9000 --turn 3 --aircraft viper-1 --plot {straight} -o {first}")
    code, _, err = run(capsys, f"whatif {first} --turn 5 --aircraft viper-1 --ai -o {second}")
    assert code == 0, err
    info = Timeline.load(second).meta.branch
    assert info is not None
    assert [c.turn for c in info.changes] == [3, 5]
    assert info.changes[-1].parent_file == str(first)


def test_list_gives_named_legal_plots(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "whatif bfm/perch-9000 --turn 3 --aircraft viper-1 --list")
    names = [plot["name"] for plot in data["plots"]]
    assert "straight" in names and "roll 2 right, 7 G pull" in names


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("--turn 9 --aircraft viper-1 --ai", "--turn 9: the parent played game-turns 1 to 8"),
        (
            "--turn 2 --aircraft viper --ai",
            "--aircraft viper: no such aircraft in bfm/perch-9000; aircraft: viper-1, bandit-1",
        ),
        ("--turn 2 --aircraft viper-1 --maneuver loopy", "--maneuver: no maneuver 'loopy'"),
        ("--turn 2 --aircraft viper-1 --ai", "-o: give the branch's timeline file"),
    ],
)
def test_bad_arguments_give_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, arguments: str, message: str
) -> None:
    output = "" if "give the branch" in message else f" -o {tmp_path / 'b.furball.npz'}"
    code, _, err = run(capsys, f"whatif bfm/perch-9000 {arguments}{output}")
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_bad_plot_names_the_file_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "pull.toml"
    bad.write_text(
        'throttle = "mil"\nsegments = [{ kind = "turn", ticks = 10, load_g = 7.2, cells = 1 }]\n'
    )
    code, _, err = run(
        capsys,
        f"whatif bfm/perch-9000 --turn 3 --aircraft viper-1 --plot {bad} -o {tmp_path / 'b.npz'}",
    )
    assert code == 2
    assert f"{bad}: segments.0:" in err and "0.5 G" in err


def test_a_failed_branch_leaves_an_existing_output_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "b.furball.npz"
    out.write_bytes(b"kept")
    code, _, _ = run(capsys, f"whatif bfm/perch-9000 --turn 6 --aircraft bandit-1 --ai -o {out}")
    assert code == 2
    assert out.read_bytes() == b"kept"
    assert [p.name for p in tmp_path.iterdir()] == ["b.furball.npz"]


def test_a_plain_timeline_is_not_a_source(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plain = tmp_path / "p.furball.npz"
    assert run(capsys, f"run bfm/perch-9000 -o {plain}")[0] == 0
    code, _, err = run(
        capsys, f"whatif {plain} --turn 2 --aircraft viper-1 --ai -o {tmp_path / 'b.furball.npz'}"
    )
    assert code == 2 and "is not a what-if branch" in err
