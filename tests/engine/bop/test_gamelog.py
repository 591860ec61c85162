"""Game logs: a table game replayed from its logged orders and dice (models/gamelog.py)."""

from pathlib import Path

import numpy as np
import pytest

from engine.bop.gamelog import LogError, log_problems, play_log
from engine.bop.log_files import log_and_scenario
from engine.bop.log_files import problems as log_file_problems
from models.files import DataFileError
from models.gamelog import LoggedRoll, load_log

LOGS = Path(__file__).resolve().parents[3] / "scenarios" / "logs"
EXAMPLE = LOGS / "mig-alley.log.toml"


def test_the_shipped_log_is_ten_turns_of_a_one_versus_one_and_replays_cleanly() -> None:
    log, scenario = log_and_scenario(EXAMPLE)
    assert len(log.turn) >= 10 and len(scenario.aircraft) == 2
    assert log_problems(log, scenario) == []
    timeline = play_log(log, scenario)
    assert max(row["turn"] for row in timeline.meta.turn_table) == 10
    assert any(e.kind == "gunshot" for e in timeline.meta.events)


def test_the_tables_dice_are_used_in_order_and_recorded() -> None:
    log, scenario = log_and_scenario(EXAMPLE)
    as_logged = play_log(log, scenario)
    first = log.turn[0]
    assert first.dice  # the example gives turn 1's rolls
    rolls = [e for e in as_logged.meta.events if e.kind == "dice" and e.t_s == 6.0]
    assert [e.data["roll"] for e in rolls[: len(first.dice)]] == [r.value for r in first.dice]
    # The example's table dice are the seed's own rolls: leaving them out changes nothing.
    bare = log.model_copy(update={"turn": (first.model_copy(update={"dice": ()}), *log.turn[1:])})
    again = play_log(bare, scenario)
    assert np.array_equal(again.channels["x_ft"], as_logged.channels["x_ft"])
    # A different die at the table changes the game and is what the timeline records.
    changed = (LoggedRoll(kind="d10", value=0), *first.dice[1:])
    other = log.model_copy(
        update={"turn": (first.model_copy(update={"dice": changed}), *log.turn[1:])}
    )
    events = play_log(other, scenario).meta.events
    assert next(e for e in events if e.kind == "dice").data["roll"] == 0


def test_dice_the_rules_never_roll_are_reported() -> None:
    log, scenario = log_and_scenario(EXAMPLE)
    extra = (*log.turn[0].dice, *[LoggedRoll(kind="d10", value=1)] * 40)
    too_many = log.model_copy(
        update={"turn": (log.turn[0].model_copy(update={"dice": extra}), *log.turn[1:])}
    )
    with pytest.raises(LogError, match="fewer rolls than the log gives"):
        play_log(too_many, scenario)
    problems = log_problems(too_many, scenario)
    assert problems and problems[0].startswith("turn.0.dice:")


def test_validation_reports_every_illegal_order_with_turn_aircraft_segment_and_rule(
    tmp_path: Path,
) -> None:
    text = EXAMPLE.read_text()
    text = text.replace(
        '{ kind = "turn", load_g = "max", cells = 1, ticks = 10 }',
        '{ kind = "turn", load_g = 12.0, cells = 1, ticks = 10 }',
        2,
    )
    # Turn 2's Fagot orders go to an aircraft the scenario lacks (turn 1 rolls the table's
    # dice, which a stand-in order would not match).
    first = text.index("[turn.orders.fagot-1]") + 1
    at = text.index("[turn.orders.fagot-1]", first)
    text = text[:at] + "[turn.orders.fagot-2]" + text[at + len("[turn.orders.fagot-1]") :]
    (tmp_path / "mig-alley.setup.toml").write_text((LOGS / "mig-alley.setup.toml").read_text())
    broken = tmp_path / "broken.log.toml"
    broken.write_text(text)
    problems = log_file_problems(broken)
    joined = "\n".join(problems)
    assert "turn.1.orders.fagot-2: no aircraft 'fagot-2' in the scenario" in joined
    assert "turn.1.orders.fagot-1: turn 2, Fagot 1: no orders for this aircraft" in joined
    assert "turn.3.orders.sabre-1.segments.0: turn 4, Sabre 1: load 12.0 G" in joined
    assert "turn.3.orders.fagot-1.segments.0: turn 4, Fagot 1: load 12.0 G" in joined
    assert "(Max Aero Load, Ap4)" in joined


def test_a_log_with_turns_out_of_order_names_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.log.toml"
    bad.write_text(EXAMPLE.read_text().replace("number = 2\n", "number = 3\n", 1))
    with pytest.raises(DataFileError, match="turn numbers must run 1, 2, 3"):
        load_log(bad)
