"""A run is bounded: at most MAX_TURNS game-turns, and a timeline that would not fit in the
memory budget is refused before the run starts, or as soon as the missiles in play make it
too large, with the number of game-turns that would fit."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest

from sim import run_budget
from sim.run_budget import (
    BYTES_PER_ENTITY_TICK,
    MAX_RUN_BYTES,
    MAX_TURNS,
    RunTooLarge,
    check_run,
    run_bytes,
    size_text,
    turn_guard,
    turns_within,
)
from tests.scenario_toml import aircraft_toml
from tests.sim.cli_helpers import run


def crowd(path: Path, aircraft: int) -> Path:
    """A scenario of ``aircraft`` Vipers in a row."""
    text = 'name = "A crowd"\nturns = 2\n' + "".join(
        aircraft_toml(f"Viper {i + 1}", at_hex=f"{3 * i},0") for i in range(aircraft)
    )
    path.write_text(text, encoding="utf-8")
    return path


def test_the_budget_arithmetic() -> None:
    assert run_bytes(20, 1000, 10) == 20 * 10_001 * BYTES_PER_ENTITY_TICK
    fits = turns_within(50, 10)
    assert run_bytes(50, fits, 10) <= MAX_RUN_BYTES < run_bytes(50, fits + 1, 10)
    assert turns_within(1, 10) == MAX_TURNS
    assert turns_within(10**9, 10) == 0
    assert size_text(2_400_000_000) == "2.4 GB" and size_text(350_000_000) == "350 MB"


def test_a_run_that_cannot_fit_is_refused_before_it_starts() -> None:
    with pytest.raises(RunTooLarge, match=f"more than the {MAX_TURNS} a run plays"):
        check_run(1, MAX_TURNS + 1, 10, "x.toml")
    with pytest.raises(RunTooLarge, match=r"play at most 666 game-turns \(--turns 666\)"):
        check_run(50, 1000, 10, "x.toml")
    note = io.StringIO()
    check_run(20, 1000, 10, "x.toml", note=note)  # the modern furball's size: it fits
    assert "will take at least 2.4 GB of memory" in note.getvalue()
    quiet = io.StringIO()
    check_run(8, 16, 10, "x.toml", note=quiet)
    assert quiet.getvalue() == ""


def test_the_guard_stops_a_run_once_its_missiles_make_it_too_large() -> None:
    in_play = [8]
    guard = turn_guard(lambda: in_play[0], 10, "fight.toml")
    guard(1, 1000)
    in_play[0] = 40
    with pytest.raises(RunTooLarge, match="stopped after game-turn 2 of 1000: with 40"):
        guard(2, 1000)


def test_run_refuses_a_crowd_too_large_for_its_turns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The most aircraft a scenario holds (32) fit 1,000 game-turns in the 4 GB budget,
    barely: with half the budget they must be refused before the engine starts."""
    monkeypatch.setattr(run_budget, "MAX_RUN_BYTES", 2_000_000_000)
    scenario = crowd(tmp_path / "crowd.toml", 32)
    started = time.perf_counter()
    code, out, err = run(capsys, f"run {scenario} --turns 1000 -o {tmp_path / 'c.furball.npz'}")
    assert code == 2 and out == ""
    assert "1000 game-turns of 32 aircraft would take about 3.8 GB of memory" in err
    assert "play at most 520 game-turns (--turns 520)" in err and err.count("\n") == 1
    assert time.perf_counter() - started < 10.0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crowd.toml"]


def test_run_stops_when_launched_missiles_outgrow_the_budget(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """historical/missile-fight: two aircraft fit a 4 MB budget over its 10 game-turns, the
    three missiles they launch do not."""
    monkeypatch.setattr(run_budget, "MAX_RUN_BYTES", 4_000_000)
    out = tmp_path / "fight.furball.npz"
    code, _, err = run(capsys, f"run historical/missile-fight -o {out}")
    assert code == 2
    assert re.search(r"stopped after game-turn \d+ of 10: with [345] aircraft and missiles", err)
    assert "more than the 4 MB a run may use" in err
    assert not out.exists()


def test_a_long_run_says_up_front_what_it_will_take(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(run_budget, "NOTE_BYTES", 1_000)
    code, _, err = run(capsys, f"run bfm/loop --turns 2 -o {tmp_path / 'l.furball.npz'}")
    assert code == 0
    assert "2 game-turns of 1 aircraft will take at least" in err.splitlines()[0]
