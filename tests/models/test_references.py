"""Every aircraft or missile a file names must exist: orders and set-ups name other aircraft
of the scenario, launches name missiles the aircraft carries, a log's orders are for the
scenario's aircraft (models/scenario.py, models/gamelog.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bop.gamelog import LogError, log_problems, play_log
from models.gamelog import GameLog, load_log, log_reference_problems
from models.scenario import load_scenario
from tests.models.bad_files import scenario_problems, scenario_text
from tests.scenario_toml import STRAIGHT, aircraft_toml

LOGS = Path(__file__).resolve().parents[2] / "scenarios" / "logs"
MIG = aircraft_toml("Mig 1", side="red", at_hex="5,5")


def _plot(orders: str) -> str:
    """Straight ahead all game-turn, with ``orders`` (TOML key = value pairs) beside."""
    return f'{{ segments = [ {{ kind = "straight", ticks = 10 }} ], {orders} }}'


def _viper_with(plot_orders: str, missiles: str = "") -> str:
    viper = aircraft_toml("Viper 1", plots=(_plot(plot_orders),))
    if missiles:
        viper = viper.replace("speed_kt = 450", f"speed_kt = 450\nmissiles = {missiles}", 1)
    return scenario_text(viper + MIG)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            _viper_with('guns = { target = "ghost" }'),
            "aircraft.0.script.plots.0.guns.target: no aircraft 'ghost' in the scenario; "
            "the other aircraft: mig-1",
        ),
        (
            _viper_with('guns = { target = "viper-1" }'),
            "aircraft.0.script.plots.0.guns.target: names 'viper-1' itself; the other "
            "aircraft: mig-1",
        ),
        (
            _viper_with('missile = { type = "AIM-9L", target = "ghost" }', '["AIM-9L"]'),
            "aircraft.0.script.plots.0.missile.target: no aircraft 'ghost' in the scenario",
        ),
        (
            _viper_with('missile = { type = "AIM-7M", target = "mig-1" }', '["AIM-9L"]'),
            "aircraft.0.script.plots.0.missile.type: viper-1 carries no 'AIM-7M'; it carries: "
            "AIM-9L",
        ),
        (
            _viper_with('sensors = { radar_target = "ghost" }'),
            "aircraft.0.script.plots.0.sensors.radar_target: no aircraft 'ghost' in the scenario",
        ),
        (
            _viper_with('weapon = "AIM-7M"', '["AIM-9L"]'),
            "aircraft.0.script.plots.0.weapon: viper-1 carries no 'AIM-7M'; it carries: AIM-9L",
        ),
        (
            _viper_with('sensors = { ir_missile = "AIM-9L" }'),
            "aircraft.0.script.plots.0.sensors.ir_missile: viper-1 carries no 'AIM-9L'; it "
            "carries: none",
        ),
    ],
)
def test_a_plot_naming_what_the_scenario_lacks_is_refused(
    tmp_path: Path, text: str, expected: str
) -> None:
    problems = scenario_problems(tmp_path, text)
    assert any(p.startswith(expected) for p in problems), problems


def _pilot(pilot: str, table: str) -> str:
    viper = aircraft_toml("Viper 1").replace(
        f"script = {{ plots = [ {STRAIGHT} ] }}", f'pilot = "{pilot}"\n{table}'
    )
    return scenario_text(viper + MIG)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            _pilot("script:bfm/hard-turn", 'guns_at = "ghost"'),
            "aircraft.0.guns_at: no aircraft 'ghost' in the scenario; the other aircraft: mig-1",
        ),
        (
            _pilot("ai", 'ai = { target = "ghost" }'),
            "aircraft.0.ai.target: no aircraft 'ghost' in the scenario",
        ),
        (
            _pilot("script:bfm/pure-pursuit", 'maneuver = { target = "ghost" }'),
            "aircraft.0.maneuver.target: no aircraft 'ghost' in the scenario",
        ),
    ],
)
def test_a_set_up_naming_an_aircraft_the_scenario_lacks_is_refused(
    tmp_path: Path, text: str, expected: str
) -> None:
    problems = scenario_problems(tmp_path, text)
    assert any(p.startswith(expected) for p in problems), problems


def test_a_set_up_naming_another_aircraft_is_accepted(tmp_path: Path) -> None:
    text = _pilot("script:bfm/pure-pursuit", 'maneuver = { target = "mig-1" }\nguns_at = "mig-1"')
    assert scenario_problems(tmp_path, text) == []
    text = _viper_with('missile = { type = "AIM-9L", target = "mig-1" }', '["AIM-9L"]')
    assert scenario_problems(tmp_path, text) == []


def _ghost_log(tmp_path: Path) -> tuple[GameLog, Path]:
    text = (LOGS / "mig-alley.log.toml").read_text()
    assert "[turn.orders.fagot-1]" in text
    (tmp_path / "mig-alley.setup.toml").write_text((LOGS / "mig-alley.setup.toml").read_text())
    path = tmp_path / "ghost.log.toml"
    path.write_text(text.replace("[turn.orders.fagot-1]", "[turn.orders.ghost-9]", 1))
    return load_log(path), tmp_path / "mig-alley.setup.toml"


def test_a_log_with_orders_for_an_aircraft_not_in_its_scenario_is_refused_before_play(
    tmp_path: Path,
) -> None:
    """It was a KeyError in the middle of playing the game-turn."""
    log, setup = _ghost_log(tmp_path)
    scenario = load_scenario(setup)
    expected = "turn.0.orders.ghost-9: no aircraft 'ghost-9' in the scenario; aircraft: "
    assert log_reference_problems(log, scenario) == [expected + "sabre-1, fagot-1"]
    with pytest.raises(LogError, match=expected):
        play_log(log, scenario)
    assert any(p.startswith(expected) for p in log_problems(log, scenario))


def test_a_logged_plot_naming_a_ghost_target_is_refused(tmp_path: Path) -> None:
    text = (LOGS / "mig-alley.log.toml").read_text()
    (tmp_path / "mig-alley.setup.toml").write_text((LOGS / "mig-alley.setup.toml").read_text())
    marker = "[turn.orders.sabre-1]\n"
    assert marker in text
    path = tmp_path / "ghost.log.toml"
    path.write_text(text.replace(marker, marker + 'guns = { target = "ghost" }\n', 1))
    log = load_log(path)
    scenario = load_scenario(tmp_path / "mig-alley.setup.toml")
    assert log_reference_problems(log, scenario) == [
        "turn.0.orders.sabre-1.guns.target: no aircraft 'ghost' in the scenario; the other "
        "aircraft: fagot-1"
    ]
