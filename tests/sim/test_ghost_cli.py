"""``--ghost``, ``--ghost-seed`` and ``--no-ghost-panel`` on ``furball play`` and ``furball
render``: parsed, refused in one line when they make no sense, and a PNG with a ghost."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bop.game import Game
from models.scenario import load_scenario
from sim.cli.main import build_parser
from tests.sim.cli_helpers import furball_process, run

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


@pytest.mark.parametrize("command", ["play", "render"])
def test_the_options_parse(command: str) -> None:
    args = build_parser().parse_args(
        [command, "bfm/perch-9000", "--ghost", "bfm/perch-9000", "--ghost-seed", "24"]
        + (["--png", "x.png"] if command == "render" else [])
    )
    assert args.ghost == "bfm/perch-9000" and args.ghost_seed == 24
    assert not args.no_ghost_panel


@pytest.mark.parametrize("command", ["play", "render --png x.png"])
def test_ghost_flags_without_a_ghost_are_refused(
    capsys: pytest.CaptureFixture[str], command: str, tmp_path: Path
) -> None:
    for flag in ("--ghost-seed 3", "--no-ghost-panel"):
        code, _, err = run(capsys, f"{command} bfm/loop {flag}")
        assert code == 2
        assert f"{flag.split()[0]} is for --ghost" in err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_bad_ghost_seed_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "render bfm/loop --png x.png --ghost bfm/loop --ghost-seed -1")
    assert code == 2 and "--ghost-seed" in err


def test_a_ghost_of_another_scenario_names_the_file_and_the_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    other = tmp_path / "loop.furball.npz"
    Game(load_scenario(SCENARIOS / "bfm" / "loop.toml"), seed=1).run().save(other)
    out = tmp_path / "x.png"
    code, _, err = run(capsys, f"render bfm/perch-9000 --seed 1 --png {out} --ghost {other}")
    assert code == 2, err
    assert str(other) in err and "a ghost must be of the same scenario" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
    code, _, err = run(capsys, f"render bfm/perch-9000 --png {out} --ghost {other} --ghost-seed 2")
    assert code == 2 and "--ghost-seed" in err and "saved timeline" in err


def test_a_missing_ghost_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, f"render bfm/loop --png {tmp_path / 'x.png'} --ghost no/such-fight")
    assert code == 2 and "no/such-fight" in err and "Traceback" not in err


def test_render_a_png_with_a_ghost(tmp_path: Path) -> None:
    out = tmp_path / "ghost.png"
    done = furball_process(
        "render", "bfm/perch-9000", "--ghost", "bfm/perch-9000", "--ghost-seed", "24",
        "--png", str(out), "--at", "20", "--camera", "chase", "--size", "640x480", "--json",
        cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert '"ghost": "bfm/perch-9000"' in done.stdout
    assert out.stat().st_size > 10_000


def test_a_branch_played_over_its_parent_names_the_ghost_as_its_parent() -> None:
    from engine.bop.game import Game
    from engine.whatif import open_source, plot_from_data, what_if
    from models.scenario import load_scenario
    from scenarios import find_scenario
    from sim.cli.replay_cmds import ghost_label

    source = open_source("bfm/perch-9000")
    straight = {"throttle": "mil", "segments": [{"kind": "straight", "ticks": 10}]}
    branch = what_if(source, 3, "viper-1", plot_from_data(straight, source.rules, "test"))
    parent = Game(load_scenario(find_scenario("bfm/perch-9000")), 1).run()
    assert branch.timeline.meta.branch is not None
    change = branch.timeline.meta.branch.changes[-1].description
    assert ghost_label("b.furball.npz", branch.timeline, parent) == change
    assert ghost_label("bfm/perch-9000", parent, branch.timeline) == "this branch's parent"
    assert ghost_label("bfm/perch-9000", parent, parent) == "bfm/perch-9000 seed 1"
