"""``furball run``, ``validate`` and ``inspect``."""

import json
from pathlib import Path

import pytest

from tests.scenario_toml import TURN_9G, aircraft_toml
from tests.sim.cli_helpers import run

SHORT_PLOT = '{ segments = [ { kind = "straight", ticks = 9 } ] }'
"""A game-turn's plot one tick short."""
BROKEN = (
    'name = "broken"\nturns = 2\n'
    + aircraft_toml("Bad 1", type_id="Spitfire", wing="285+00", plots=(SHORT_PLOT,))
    + aircraft_toml("Bad 2", side="red", at_hex="5,5", speed_kt=250, plots=(TURN_9G,))
)
"""No card for a Spitfire, a mirrored attitude (the left wing as the Wing mark) and a short
plot; and, once those are mended, a turn over the aero load limit."""


def test_run_writes_a_timeline_and_prints_a_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "loop.furball.npz"
    code, out, err = run(capsys, f"run bfm/loop -o {output}")
    assert code == 0, err
    assert output.is_file()
    lines = out.splitlines()
    assert lines[0].startswith("Loop: 6 game-turns, seed 1")
    assert "speed" in lines[1] and "nose" in lines[1]
    assert any(line.split()[:2] == ["1", "viper-1"] for line in lines)


def test_run_json_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    output = tmp_path / "m.furball.npz"
    code, out, _ = run(capsys, f"run demo/2v2-merge --turns 2 --seed 9 -o {output} --json")
    assert code == 0
    data = json.loads(out)
    assert data["seed"] == 9 and data["turns"] == 2 and data["ticks"] == 21
    assert data["entities"] == ["viper-1", "viper-2", "fulcrum-1", "fulcrum-2"]
    assert data["output"] == str(output) and data["wall_s"] >= 0


def test_validate_reports_every_problem_with_its_field_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN)
    code, out, err = run(capsys, f"validate {path}")
    assert code == 2 and out == ""
    assert str(path) in err
    for fragment in (
        "aircraft.0.script.plots.0: segment durations total 9 ticks",
        "aircraft.0.type: no aircraft card for 'Spitfire'",
        "aircraft.0.attitude:",
    ):
        assert fragment in err
    assert "Traceback" not in err


def test_validate_finds_illegal_scripted_orders(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "illegal.toml"
    path.write_text(
        BROKEN.replace('"Spitfire"', '"F-16C"')
        .replace("ticks = 9", "ticks = 10")
        .replace('wing = "285+00"', 'wing = "105+00"')
    )
    code, _, err = run(capsys, f"validate {path}")
    assert code == 2
    assert (
        "aircraft.1.script.plots.0.segments.0: turn 1: load 9.0 G is above the aero load limit"
        in err
    )


def test_validate_accepts_every_shipped_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("bfm/loop", "bfm/immelmann", "bfm/sustained-turn", "demo/2v2-merge"):
        code, out, err = run(capsys, f"validate {name}")
        assert code == 0, err
        assert out.strip().endswith(": ok")


def test_bad_toml_names_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "syntax.toml"
    path.write_text('name = "x"\n[[aircraft]\n')
    code, _, err = run(capsys, f"run {path}")
    assert code == 2 and "line 2" in err and "Traceback" not in err


def test_unknown_scenario_lists_the_shipped_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "run nowhere")
    assert code == 2 and "bfm/loop" in err


def test_inspect_lists_entities_events_and_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "loop.furball.npz"
    run(capsys, f"run bfm/loop -o {output}")
    code, out, _ = run(capsys, f"inspect {output} --at 3.3 --json")
    assert code == 0
    data = json.loads(out)
    assert {"format_version", "seed", "rules", "entities", "events", "state"} <= set(data)
    assert data["rules"] == "bop" and data["seed"] == 1
    assert data["entities"][0]["id"] == "viper-1"
    state = data["state"]["viper-1"]
    for key in (
        "position_ft",
        "heading_deg",
        "pitch_deg",
        "roll_deg",
        "speed_kt",
        "keas_kt",
        "mach",
        "alt_ft",
        "load_g",
        "throttle",
        "phad",
        "fuel_fp",
    ):
        assert key in state
    assert set(state["phad"]) == {"nose", "canopy", "wing", "velocity", "lift"}
    code, out, _ = run(capsys, f"inspect {output}")
    assert code == 0 and "viper-1" in out


def test_inspect_a_file_that_is_not_a_timeline(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "nope.furball.npz"
    path.write_text("x")
    code, _, err = run(capsys, f"inspect {path}")
    assert code == 2 and "not a furball timeline" in err


def test_run_and_validate_take_a_game_log(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    output = tmp_path / "log.furball.npz"
    code, out, err = run(capsys, f"run logs/mig-alley -o {output}")
    assert code == 0, err
    assert "MiG Alley, head-on: a Sabre and a MiG-15 fight it out: 10 game-turns" in out
    assert output.is_file()
    code, out, err = run(capsys, "validate logs/mig-alley")
    assert code == 0 and out.strip().endswith("mig-alley.log.toml: ok")


def test_validate_lists_every_problem_in_a_game_log(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    logs = Path(__file__).resolve().parents[2] / "scenarios" / "logs"
    (tmp_path / "mig-alley.setup.toml").write_text((logs / "mig-alley.setup.toml").read_text())
    text = (logs / "mig-alley.log.toml").read_text().replace('load_g = "max"', "load_g = 11.0")
    log = tmp_path / "bad.log.toml"
    log.write_text(text)
    code, out, err = run(capsys, f"validate {log}")
    assert code == 2 and not out
    assert err.count("(Max Aero Load, Ap4)") >= 4  # every illegal turn, both aircraft
    assert "Traceback" not in err


def test_run_names_the_file_when_an_ai_table_is_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shipped = Path(__file__).parents[2] / "scenarios" / "bfm" / "perch-6000.toml"
    bad = tmp_path / "bad-ai.toml"
    bad.write_text(
        shipped.read_text().replace('ai = { target = "bandit-1" }', 'ai = { posture = "angry" }')
    )
    code, out, err = run(capsys, f"run {bad} -o {tmp_path / 'x.furball.npz'}")
    assert code == 2 and out == ""
    assert "bad-ai.toml" in err and "aircraft.0.ai.posture" in err and "Traceback" not in err
