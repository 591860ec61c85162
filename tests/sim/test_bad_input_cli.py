"""``furball validate`` and ``furball run`` on hostile data files: one line naming the file
and the field, exit status 2, no traceback, no hang."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.scenario_toml import STRAIGHT, aircraft_toml
from tests.sim.cli_helpers import run

LOGS = Path(__file__).resolve().parents[2] / "scenarios" / "logs"
TWO = aircraft_toml("Viper 1") + aircraft_toml("Mig 1", side="red", at_hex="5,5")
HEAD = 'name = "x"\nturns = 2\n'


def _first(extra: str) -> str:
    return HEAD + TWO.replace("speed_kt = 450", f"speed_kt = 450\n{extra}", 1)


def _guns_at_ghost() -> str:
    plot = '{ segments = [ { kind = "straight", ticks = 10 } ], guns = { target = "ghost" } }'
    return HEAD + TWO.replace(STRAIGHT, plot, 1)


TEXTS: dict[str, tuple[Callable[[], str], str]] = {
    "boolean for a number": (
        lambda: HEAD.replace("turns = 2", "turns = true") + TWO,
        "turns: should be an integer",
    ),
    "number for a list": (lambda: _first("missiles = 5"), "aircraft.0.missiles: should be an"),
    "long text for a list": (
        lambda: _first(f'missiles = "{"AIM-9L" * 3000}"'),
        "aircraft.0.missiles: should be an array",
    ),
    "hex too big for C": (
        lambda: HEAD + TWO.replace('"0,0"', '"1000000000000000000000000000000,0"', 1),
        "aircraft.0.hex: ",
    ),
    "hex far off the map": (
        lambda: HEAD + TWO.replace('"0,0"', '"4000,0"', 1),
        "aircraft.0.hex: hex 4000,0 is 4,000 hexes from 0,0",
    ),
    "huge fuel": (lambda: _first("bingo_fp = 900000"), "aircraft.0.bingo_fp: should be less"),
    "type as a path": (
        lambda: HEAD + TWO.replace('type = "F-16C"', 'type = "../cards/f-16c"', 1),
        "aircraft.0.type: no aircraft card for '../cards/f-16c'",
    ),
    "type of 255 characters": (
        lambda: HEAD + TWO.replace('type = "F-16C"', f'type = "{"x" * 255}"', 1),
        "aircraft.0.type: no aircraft card for 'xxxx",
    ),
    "a gun target nobody is": (
        _guns_at_ghost,
        "aircraft.0.script.plots.0.guns.target: no aircraft 'ghost'",
    ),
    "dotted keys": (lambda: "a" + ".a" * 100_000 + " = 1\n", "a dotted key of more than 16"),
    "nested arrays": (lambda: "x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deep"),
}


def _one_line_refusal(err: str, path: Path, expected: str) -> None:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(path) in lines[0] and expected in lines[0], err


@pytest.mark.parametrize("case", sorted(TEXTS))
@pytest.mark.parametrize("command", ["validate", "run"])
def test_a_hostile_scenario_gets_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, case: str
) -> None:
    write, expected = TEXTS[case]
    path = tmp_path / "bad.toml"
    path.write_text(write(), encoding="utf-8")
    output = f" -o {tmp_path / 'out.furball.npz'}" if command == "run" else ""
    started = time.perf_counter()
    code, out, err = run(capsys, f"{command} {path}{output}")
    assert time.perf_counter() - started < 10
    assert code == 2 and out == ""
    _one_line_refusal(err, path, expected)
    assert not (tmp_path / "out.furball.npz").exists()


def _special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.toml"
    if kind == "folder":
        path.mkdir()
    elif kind == "pipe":
        os.mkfifo(path)
    else:
        path.symlink_to(os.devnull)
    return path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize(
    ("kind", "expected"),
    [("folder", "is a folder"), ("pipe", "is a named pipe"), ("device", "is a device")],
)
@pytest.mark.parametrize("command", ["validate", "run"])
def test_a_special_file_is_refused_without_reading_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, kind: str, expected: str
) -> None:
    path = _special(tmp_path, kind)
    output = f" -o {tmp_path / 'out.furball.npz'}" if command == "run" else ""
    code, out, err = run(capsys, f"{command} {path}{output}")
    assert code == 2 and out == ""
    _one_line_refusal(err, path, expected)


def test_a_log_with_orders_for_a_ghost_is_refused_by_validate_and_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "mig-alley.setup.toml").write_text((LOGS / "mig-alley.setup.toml").read_text())
    text = (LOGS / "mig-alley.log.toml").read_text()
    path = tmp_path / "ghost.log.toml"
    path.write_text(text.replace("[turn.orders.fagot-1]", "[turn.orders.ghost-9]", 1))
    code, _, err = run(capsys, f"validate {path}")
    assert code == 2 and "Traceback" not in err
    assert "turn.0.orders.ghost-9: no aircraft 'ghost-9' in the scenario" in err
    code, _, err = run(capsys, f"run {path} -o {tmp_path / 'out.furball.npz'}")
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "turn.0.orders.ghost-9: no aircraft 'ghost-9' in the scenario" in err
