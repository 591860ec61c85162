"""``furball chart`` and ``furball shots`` from the command line, and their refusals."""

import io
from pathlib import Path

import matplotlib.image as mpimg
import pytest

from tests.sim.cli_helpers import run, run_json


def test_chart_writes_a_png_of_the_size(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "perch.png"
    data = run_json(
        capsys, f"chart bfm/perch-9000 --seed 1 --aircraft viper-1 -o {out} --size 1000x800"
    )
    assert data["against"] == "bandit-1" and data["output"] == str(out)
    image = mpimg.imread(io.BytesIO(out.read_bytes()), format="png")
    assert image.shape[:2] == (800, 1000)


def test_shots_lists_the_perch_gunshot_and_kill(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "shots bfm/perch-9000 --seed 1")
    assert code == 0, err
    assert "gunshot: Viper 1 M61A1 Vulcan → Bandit 1" in out
    assert "dice: pipper on, gun attack, Viper 1 on Bandit 1, turn 3: percentile 86" in out
    assert "kill: Viper 1 → Bandit 1" in out
    shots = run_json(capsys, "shots bfm/perch-9000 --seed 1")["shots"]
    assert [(s["t_s"], s["what"]) for s in shots] == [(18.0, "gunshot"), (24.0, "kill")]


def test_shots_of_a_saved_timeline(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "furball.furball.npz"
    code, _, err = run(capsys, f"run historical/modern-furball --seed 18 -o {saved}")
    assert code == 0, err
    shots = run_json(capsys, f"shots {saved}")["shots"]
    assert [s["t_s"] for s in shots if s["weapon"] == "AIM-9L"] == [42.0, 48.0, 72.0, 78.0]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("shots missing.furball.npz", "furball shots: missing.furball.npz: no such file"),
        ("shots bfm/nope", "furball shots: no scenario file 'bfm/nope'"),
        (
            "chart bfm/perch-9000 --seed 1 --aircraft nobody -o {tmp}/x.png",
            "furball chart: --aircraft 'nobody': no such aircraft; choose one of viper-1, bandit-1",
        ),
        (
            "chart bfm/perch-9000 --seed 1 --aircraft viper-1 --against ghost -o {tmp}/x.png",
            "furball chart: --against 'ghost': no such aircraft",
        ),
        (
            "chart bfm/perch-9000 --aircraft viper-1 -o {tmp}/x.jpg",
            "furball chart: -o {tmp}/x.jpg: the file name must end in .png",
        ),
        ("chart bfm/perch-9000 -o {tmp}/x.png", "the following arguments are required: --aircraft"),
        (
            "chart bfm/perch-9000 --aircraft viper-1 --size 10x10",
            "argument --size: '10x10' is outside",
        ),
    ],
)
def test_bad_arguments_get_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, message: str
) -> None:
    code, _out, err = run(capsys, command.format(tmp=tmp_path))
    assert code == 2
    assert err.count("\n") == 1 and message.format(tmp=tmp_path) in err
    assert "Traceback" not in err


def test_a_file_that_is_not_a_timeline(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.furball.npz"
    bad.write_text("not a zip")
    code, _, err = run(capsys, f"shots {bad}")
    assert code == 2 and f"{bad}: not a furball timeline" in err
