"""The hex jet game played whole: determinism, the seed-only switch, refused decisions, the
game log, the shipped displays' derivation and bad files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import IllegalOrder
from engine.hexjet.game import HexjetGame
from engine.rulesets import load_scenario, ruleset
from models.hexjet.display import displays
from models.hexjet.orders import HexjetDecision
from models.hexjet.scenario import HexjetScenario
from scenarios import find_scenario

ROOT = Path(__file__).resolve().parents[2]
TYPES = {"mig-21", "mig-23", "mig-29", "su-27", "f-4e", "f-5e", "f-15c", "f-16c"}


def _duel() -> HexjetScenario:
    scenario = load_scenario(Path(str(find_scenario("hexjet/duel"))))
    assert isinstance(scenario, HexjetScenario)
    return scenario


def test_the_eight_displays_are_shipped_and_up_to_date() -> None:
    assert set(displays()) >= TYPES
    result = subprocess.run(
        [sys.executable, "-m", "tools.hexjet_displays", "--check"], cwd=ROOT, capture_output=True
    )
    assert result.returncode == 0, result.stdout.decode()


def test_every_display_has_a_chart_for_both_speed_classes() -> None:
    for display in displays().values():
        for speed in (5, 12):
            cell = display.chart.result(speed, display.acceleration, "MIL", 0)
            assert cell != "P", display.id
        assert display.turn_allowance(6) >= 1


def test_same_seed_same_timeline() -> None:
    first = HexjetGame(_duel(), seed=7).run()
    second = HexjetGame(_duel(), seed=7).run()
    assert first.meta.turn_table == second.meta.turn_table
    assert (first.channels["x_ft"] == second.channels["x_ft"]).all()


def test_the_seed_only_switch_plays_no_fire_and_no_extra_turns() -> None:
    scenario = _duel().model_copy(update={"scope": "seed"})
    timeline = HexjetGame(scenario, seed=3).run(turns=8)
    kinds = {e.kind for e in timeline.meta.events}
    assert not kinds & {"launch", "gunshot", "hit", "kill"}
    assert all(" T" not in row["decision"] for row in timeline.meta.turn_table)


def test_a_refused_decision_names_the_aircraft_the_turn_and_the_rule() -> None:
    game = HexjetGame(_duel(), seed=1)
    orders = {
        "viper-1": HexjetDecision.parse("IDLE AC6"),
        "fulcrum-1": HexjetDecision.parse("MIL AL"),
    }
    refused = r"viper-1, turn 1: the Acceleration Chart gives P.*§6\.6\.4"
    with pytest.raises(IllegalOrder, match=refused):
        game.play_turn(orders)


def test_the_game_log_replays_the_scenario_with_the_tables_dice() -> None:
    log = ruleset("hexjet")
    title, timeline = log.play_log(ROOT / "scenarios/logs/hexjet-duel.log.toml", None, None)
    played = HexjetGame(_duel()).run(turns=4)
    assert title.startswith("Fulcrum against Falcon")
    assert timeline.meta.turn_table == played.meta.turn_table


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('type = "mig-29"', 'type = "mig-31"', "aircraft[1].type: no display 'mig-31'"),
        ('"IDLE AL", "MIL LL"', '"MIL AL T2", "MIL LL"', "Ahead cell makes no turn (§6.3.1)"),
        ('"IDLE AL", "MIL LL"', '"IDLE AC6", "MIL LL"', "script.0: IDLE AC6: the Acceleration"),
        ('hex = "14,4"', 'hex = "60,4"', "aircraft[0].hex: 60,4 is off the 40 × 36 hex map"),
    ],
)
def test_bad_scenarios_get_one_line_errors(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    bad = tmp_path / "bad.toml"
    text = (ROOT / "scenarios/hexjet/duel.toml").read_text(encoding="utf-8")
    assert old in text
    bad.write_text(text.replace(old, new), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "sim.cli.main", "validate", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    out = result.stderr + result.stdout
    assert result.returncode != 0 and "Traceback" not in out
    assert str(bad) in out and message in out
