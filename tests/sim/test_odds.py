"""furball odds: variations, one game's outcome for each rule set, the intervals, the sweep
(resume, ctrl-c, a game that raises, processes against one process) and the command line."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from engine.rulesets import Game, load_scenario
from models.files import read_toml
from scenarios import find_scenario
from sim.cli.main import main
from sim.odds import games as odds_games
from sim.odds.odds_file import OddsFileError, SweepSetup
from sim.odds.outcomes import game_outcome
from sim.odds.runners import in_processes, in_this_process
from sim.odds.stats import frequency, mean
from sim.odds.sweep import SweepInterrupted, run_sweep
from sim.odds.variations import (
    Variation,
    VariationError,
    overrides,
    parse_value,
    split_values,
    variations,
)
from sim.output_file import OutputFile

DUEL = "historical/guns-duel"
"""A quick Birds of Prey game with dice and gunshots (~0.1 s)."""


def outcome_of(name: str, seed: int) -> Any:
    return game_outcome(Game(load_scenario(find_scenario(name)), seed=seed).run())


# -- variations -------------------------------------------------------------------------------


def test_values_read_as_toml_with_bare_words_as_strings() -> None:
    assert parse_value("450") == 450
    assert parse_value("0.5") == 0.5
    assert parse_value("true") is True
    assert parse_value("mil") == "mil"
    assert parse_value('"max ab"') == "max ab"
    assert split_values('400, 450,[1,2],"a,b"') == ["400", "450", "[1,2]", '"a,b"']


def test_variations_are_every_combination_first_option_slowest() -> None:
    found = variations(["aircraft.0.speed_kt=400,500", "aircraft.1.throttle=mil,max"])
    assert [v.label for v in found] == [
        "aircraft.0.speed_kt=400 aircraft.1.throttle=mil",
        "aircraft.0.speed_kt=400 aircraft.1.throttle=max",
        "aircraft.0.speed_kt=500 aircraft.1.throttle=mil",
        "aircraft.0.speed_kt=500 aircraft.1.throttle=max",
    ]
    assert variations([]) == [Variation()]


def test_a_variation_changes_a_copy_of_the_table() -> None:
    table = read_toml(find_scenario("bfm/perch-3000"))
    changed = overrides(["aircraft.0.speed_kt=450"]).apply(table)
    assert changed["aircraft"][0]["speed_kt"] == 450
    assert table["aircraft"][0]["speed_kt"] == 540


@pytest.mark.parametrize(
    ("assignment", "words"),
    [
        ("aircraft.5.speed_kt=450", "has 2 entries, numbered 0 to 1"),
        ("aircraft.first.speed_kt=450", "name an entry by its number"),
        ("wings.0=1", "has no 'wings'"),
        ("aircraft.0.speed_kt", "write it as PATH=VALUE"),
        ("aircraft..speed_kt=4", "empty part"),
    ],
)
def test_a_bad_path_is_named(assignment: str, words: str) -> None:
    table = read_toml(find_scenario("bfm/perch-3000"))
    with pytest.raises(VariationError, match=words):
        for variation in variations([assignment]):
            variation.apply(table, "--vary")


def test_too_many_combinations_are_refused() -> None:
    with pytest.raises(VariationError, match="at most 64"):
        variations(["a=" + ",".join(map(str, range(9))), "b=" + ",".join(map(str, range(9)))])


# -- one game's outcome -----------------------------------------------------------------------


def test_the_perch_gunshot_is_the_first_shot_and_a_hit() -> None:
    outcome = outcome_of("bfm/perch-3000", 1)
    assert outcome.first_shot is not None
    assert (outcome.first_shot.t_s, outcome.first_shot.side) == (6.0, "blue")
    assert outcome.first_shot.weapon == "M61A1 Vulcan"
    blue, red = outcome.sides["blue"], outcome.sides["red"]
    assert (blue.shots, blue.hits, red.shots, red.losses) == (1, 1, 0, 0)
    assert outcome.fuel_unit == "FP" and len(blue.fuel_end) == 1


def test_a_loss_after_a_hit_is_the_hitter_s_kill() -> None:
    """Seed 4: the gun hit kills the bandit's pilot, his aircraft flies into the ground."""
    outcome = outcome_of("bfm/perch-3000", 4)
    assert outcome.sides["red"].losses == 1
    assert outcome.sides["blue"].kills == 1


def test_a_missile_kill_with_an_ejection() -> None:
    outcome = outcome_of("historical/coral-sea-1972", 3)
    assert outcome.first_shot is not None and outcome.first_shot.weapon == "AIM-9G"
    assert outcome.sides["blue"].kills == 1
    assert (outcome.sides["red"].losses, outcome.sides["red"].ejections) == (1, 1)


def test_departures_are_counted() -> None:
    assert (outcome_of("bfm/departure-spin", 3).sides["blue"].departures or 0) >= 1


def test_rules_without_ejection_or_departure_rules_say_none() -> None:
    fc = outcome_of("fc/hurricane-bf110-escort", 3)
    assert all(t.ejections is None and t.departures is None for t in fc.sides.values())
    assert sum(t.kills for t in fc.sides.values()) >= 1
    otl = outcome_of("otl/camel-vs-albatros", 3)
    assert all(t.ejections is None and t.departures == 0 for t in otl.sides.values())


def test_phantoms_gun_attacks_count_as_shots() -> None:
    """Phantoms writes a gun attack as its result alone; each is still a shot."""
    outcome = outcome_of("phantoms/vampire-first-contact", 3)
    assert outcome.first_shot is not None and outcome.first_shot.weapon == "gun"
    assert outcome.sides["vvs"].shots >= outcome.sides["vvs"].hits > 0


# -- intervals --------------------------------------------------------------------------------


def test_wilson_intervals() -> None:
    half = frequency(10, 20)
    assert half.value == 0.5
    assert half.low == pytest.approx(0.2993, abs=1e-4)
    assert half.high == pytest.approx(0.7007, abs=1e-4)
    none = frequency(0, 20)
    assert none.low == 0.0 and none.high == pytest.approx(0.1611, abs=1e-4)
    assert math.isnan(frequency(0, 0).value)


def test_mean_interval() -> None:
    found = mean([1.0, 2.0, 3.0, 4.0])
    assert found.value == 2.5
    assert found.high - found.value == pytest.approx(3.182446 * 1.290994 / 2, rel=1e-5)
    assert math.isnan(mean([2.0]).low)


# -- the sweep --------------------------------------------------------------------------------


def setup_of(name: str, seeds: int, vary: list[str] | None = None) -> SweepSetup:
    return SweepSetup.of(name, seeds, tuple(variations(vary or [])))


def odds_output(tmp_path: Path, name: str = "duel.odds.json") -> OutputFile:
    return OutputFile.check(tmp_path / name, (".odds.json",))


def test_a_sweep_totals_each_variation(tmp_path: Path) -> None:
    setup = setup_of(DUEL, 4, ["aircraft.0.speed_kt=350,450"])
    final = run_sweep(setup, odds_output(tmp_path), in_this_process, "here")
    assert final["complete"] and len(final["games"]) == 8
    assert [r["label"] for r in final["results"]] == [
        "aircraft.0.speed_kt=350",
        "aircraft.0.speed_kt=450",
    ]
    rows = {row["key"]: row for row in final["results"][0]["rows"]}
    assert rows["first_shot.any"]["games"]["n"] == 4
    assert {"blue.kills", "red.losses", "blue.fuel_end"} <= set(rows)
    saved = json.loads((tmp_path / "duel.odds.json").read_text())
    assert saved["games"] == final["games"]


def test_a_resumed_sweep_plays_only_what_is_missing(tmp_path: Path) -> None:
    output = odds_output(tmp_path)
    first = run_sweep(setup_of(DUEL, 3), output, in_this_process, "here")
    again = run_sweep(setup_of(DUEL, 3), output, in_this_process, "here")
    assert again["run"]["games_this_run"] == 0 and again["games"] == first["games"]
    longer = run_sweep(setup_of(DUEL, 5), output, in_this_process, "here")
    assert longer["run"] == {**longer["run"], "games_this_run": 2, "games_resumed": 3}
    assert longer["games"][:3] == first["games"]


def test_ctrl_c_keeps_the_finished_games_and_resuming_gives_the_same_odds(tmp_path: Path) -> None:
    whole = run_sweep(
        setup_of(DUEL, 4), odds_output(tmp_path, "whole.odds.json"), in_this_process, ""
    )

    def stopped_after_two(jobs: Any, on_result: Any) -> None:
        for job in jobs[:2]:
            on_result(odds_games.play_game(job))
        raise KeyboardInterrupt

    output = odds_output(tmp_path)
    with pytest.raises(SweepInterrupted, match="2 of 4 games kept"):
        run_sweep(setup_of(DUEL, 4), output, stopped_after_two, "here")
    kept = json.loads(output.path.read_text())
    assert len(kept["games"]) == 2 and kept["complete"] is False
    resumed = run_sweep(setup_of(DUEL, 4), output, in_this_process, "here")
    assert resumed["games"] == whole["games"] and resumed["results"] == whole["results"]


def test_a_game_that_raises_is_reported_with_its_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = odds_games.Game

    def breaks_on_seed_2(scenario: Any, seed: int | None = None) -> Any:
        if seed == 2:
            raise RuntimeError("the engine broke")
        return real(scenario, seed=seed)

    monkeypatch.setattr(odds_games, "Game", breaks_on_seed_2)
    final = run_sweep(setup_of(DUEL, 3), odds_output(tmp_path), in_this_process, "here")
    result = final["results"][0]
    assert result["games"] == 2
    assert result["errors"] == [{"seed": 2, "error": "RuntimeError: the engine broke"}]


def test_processes_give_the_same_file_as_one_process(tmp_path: Path) -> None:
    setup = setup_of(DUEL, 4)
    alone = run_sweep(setup, odds_output(tmp_path, "a.odds.json"), in_this_process, "")
    pooled = run_sweep(setup, odds_output(tmp_path, "b.odds.json"), in_processes(2), "")
    assert pooled["games"] == alone["games"] and pooled["results"] == alone["results"]


def test_another_set_up_s_file_is_not_overwritten(tmp_path: Path) -> None:
    output = odds_output(tmp_path)
    run_sweep(setup_of(DUEL, 2), output, in_this_process, "here")
    before = output.path.read_bytes()
    with pytest.raises(OddsFileError, match="another set-up"):
        run_sweep(setup_of(DUEL, 2, ["aircraft.0.speed_kt=400"]), output, in_this_process, "")
    assert output.path.read_bytes() == before


# -- the command line -------------------------------------------------------------------------


def test_the_command_prints_the_odds_and_writes_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "duel.odds.json"
    png = tmp_path / "duel.png"
    code = main(
        [
            *("odds", DUEL, "--seeds", "3", "--workers", "1"),
            *("--vary", "aircraft.0.speed_kt=350,450", "-o", str(out), "--png", str(png)),
        ]
    )
    text = capsys.readouterr().out
    assert code == 0
    assert "aircraft.0.speed_kt=350: 3 games" in text and "first shot by blue" in text
    assert "one game again: furball play" in text and "duel.odds-v2.toml --seed 1" in text
    assert png.read_bytes().startswith(b"\x89PNG")
    varied = read_toml(tmp_path / "duel.odds-v2.toml")
    assert varied["aircraft"][0]["speed_kt"] == 450
    # the variation's file plays the sweep's game: the same outcome for the same seed
    saved = json.loads(out.read_text())
    game = next(g for g in saved["games"] if g["variation"] == 1 and g["seed"] == 1)
    replayed = game_outcome(Game(load_scenario(tmp_path / "duel.odds-v2.toml"), seed=1).run())
    assert replayed.as_dict() == game["outcome"]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--vary", "aircraft.0.speed_kt=9999"], "--vary aircraft.0.speed_kt=9999: "),
        (["--vary", "aircraft.7.speed_kt=400"], "aircraft has 2 entries"),
        (["--workers", "0"], "0 processes is outside 1"),
        (["--cluster", "tcp://x:1", "--workers", "2"], "a --cluster has its own workers"),
    ],
)
def test_bad_arguments_are_named(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(["odds", DUEL, "--seeds", "1", "-o", str(tmp_path / "x.odds.json"), *argv])
    except SystemExit as stop:  # argparse's own refusal
        code = int(stop.code or 0)
    assert code == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "x.odds.json").exists()


def test_a_game_log_or_a_foreign_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", "logs/mig-alley", "--seeds", "1"]) == 2
    assert "is a game log" in capsys.readouterr().err
    mine = tmp_path / "notes.odds.json"
    mine.write_text("my own notes\n")
    assert main(["odds", DUEL, "--seeds", "1", "--workers", "1", "-o", str(mine)]) == 2
    assert "is not an odds file" in capsys.readouterr().err
    assert mine.read_text() == "my own notes\n"


def test_the_debrief_sheet_carries_the_odds_of_its_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odds_file = tmp_path / "duel.odds.json"
    assert main(["odds", DUEL, "--seeds", "3", "--workers", "1", "-o", str(odds_file)]) == 0
    page = tmp_path / "duel.html"
    argv = ["report", DUEL, "-o", str(page), "--no-frames", "--odds", str(odds_file)]
    assert main(argv) == 0
    html = page.read_text(encoding="utf-8")
    assert "<h2>The odds</h2>" in html and "as written: 3 games" in html
    assert html.count("data:image/png;base64,") >= 2  # the fight's chart and the odds chart
    capsys.readouterr()
    other = tmp_path / "perch.html"
    wrong = ["report", "bfm/perch-3000", "-o", str(other), "--no-frames", "--odds", str(odds_file)]
    assert main(wrong) == 2
    assert "a sweep of 'Guns duel: F-86F vs MiG-15bis'" in capsys.readouterr().err
    assert not other.exists()
