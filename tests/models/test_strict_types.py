"""Strict types in every data file (models/base.py): a boolean is not a number, text is not
a number, a number is not an array; and every model read from a file is a DataModel."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import tomllib
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

import engine
import models
from engine.bop.ai import AiParams
from models.aircraft import CARDS_DIR, load_card
from models.base import DataModel
from models.files import DataFileError
from models.gamelog import load_log
from models.playlist import load_playlist
from models.scenario import Scenario, load_scenario
from tests.models.bad_files import TWO_AIRCRAFT, refusal, scenario_problems, scenario_text
from tests.scenario_toml import aircraft_toml

LOGS = Path(__file__).resolve().parents[2] / "scenarios" / "logs"
PLAYLIST = Path(__file__).resolve().parents[2] / "scenarios" / "demo" / "convention.playlist.toml"

NOT_READ_FROM_FILES = {
    "models.timeline",
    "models.timeline_file",
    "models.ruleset_spec",
    "models.hud_spec",
    "engine.campaign.ledger",
}
"""Timeline metadata (with the rule set's declarations it carries) is read from a timeline
archive, by its own strict loader (:mod:`models.timeline_file`).  A campaign's ledger is
the record furball writes after every sortie and changes in place, so its models are not
frozen; they are as strict and as closed to unknown keys as a DataModel
(:class:`engine.campaign.ledger.LedgerModel`)."""


def _model_classes() -> list[type[BaseModel]]:
    found: list[type[BaseModel]] = []
    for package in (models, engine):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if info.name in NOT_READ_FROM_FILES:
                continue
            module = importlib.import_module(info.name)
            found.extend(
                value
                for value in vars(module).values()
                if inspect.isclass(value)
                and issubclass(value, BaseModel)
                and value.__module__ == module.__name__
            )
    return found


def test_every_model_of_a_file_format_is_a_strict_data_model() -> None:
    classes = _model_classes()
    assert len(classes) > 40
    lax = [c.__qualname__ for c in classes if not issubclass(c, DataModel)]
    assert lax == [], f"models not derived from models.base.DataModel: {lax}"
    for model in classes:
        assert model.model_config.get("strict") is True, model
        assert model.model_config.get("allow_inf_nan") is False, model


def _turn_plot(load: str = "4.0", cells: str = "1") -> str:
    return f'{{ segments = [ {{ kind = "turn", load_g = {load}, cells = {cells}, ticks = 10 }} ] }}'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            scenario_text().replace("turns = 2", "turns = true"),
            "turns: should be an integer (a whole number) (got true)",
        ),
        (
            scenario_text(TWO_AIRCRAFT.replace("alt_steps = 50", "alt_steps = true", 1)),
            "aircraft.0.alt_steps: should be an integer (a whole number) (got true)",
        ),
        (
            scenario_text(TWO_AIRCRAFT.replace("alt_steps = 50", 'alt_steps = "50"', 1)),
            "aircraft.0.alt_steps: should be an integer (a whole number) (got '50')",
        ),
        (
            scenario_text(TWO_AIRCRAFT.replace("speed_kt = 450", "speed_kt = 450.0", 1)),
            "aircraft.0.speed_kt: should be an integer (a whole number) (got 450.0)",
        ),
        (
            scenario_text(aircraft_toml("Viper 1", plots=(_turn_plot(load="true"),))),
            "aircraft.0.script.plots.0.segments.0.load_g: should be a number, or should be "
            "'max' or 'sustained' (got true)",
        ),
        (
            scenario_text(aircraft_toml("Viper 1", plots=(_turn_plot(cells="false"),))),
            "aircraft.0.script.plots.0.segments.0.cells: should be an integer (a whole number) "
            "(got false)",
        ),
        (
            scenario_text(TWO_AIRCRAFT.replace("speed_kt = 450", "speed_kt = 450\ngci = 1", 1)),
            "aircraft.0.gci: should be true or false (got 1)",
        ),
        (
            scenario_text(head='awareness = "no"'),
            "awareness: should be true or false (got 'no')",
        ),
        (
            scenario_text(
                TWO_AIRCRAFT.replace("speed_kt = 450", "speed_kt = 450\nmissiles = 5", 1)
            ),
            "aircraft.0.missiles: should be an array (got 5)",
        ),
        (
            scenario_text(TWO_AIRCRAFT.replace('callsign = "Viper 1"', "callsign = 7", 1)),
            "aircraft.0.callsign: should be a string in quotes (got 7)",
        ),
        (
            scenario_text(head="reference = { time = 1972 }"),
            "reference.time: should be a date-time such as 1972-05-10T08:30:00Z (got 1972)",
        ),
        (
            scenario_text(head="weather = 3"),
            "weather: should be a table (got 3)",
        ),
    ],
)
def test_a_scenario_value_of_the_wrong_type_is_refused(
    tmp_path: Path, text: str, expected: str
) -> None:
    problems = scenario_problems(tmp_path, text)
    assert expected in problems, problems


def test_a_long_text_for_a_list_of_missiles_is_refused_at_once(tmp_path: Path) -> None:
    """It was read one character at a time as a missile type, each unknown one reloading
    every missile card: a minute or more."""
    text = scenario_text(
        TWO_AIRCRAFT.replace("speed_kt = 450", f'speed_kt = 450\nmissiles = "{"AIM-9L" * 3000}"', 1)
    )
    problems = scenario_problems(tmp_path, text)
    assert len(problems) == 1 and problems[0].startswith("aircraft.0.missiles: should be an array")


def test_an_ai_table_of_the_wrong_types_is_refused(tmp_path: Path) -> None:
    aircraft = aircraft_toml("Viper 1").replace(
        'script = { plots = [ { segments = [ { kind = "straight", ticks = 10 } ] } ] }',
        'pilot = "ai"\nai = { floor_ft = true, guns = "yes" }',
    ) + aircraft_toml("Mig 1", side="red", at_hex="5,5")
    problems = scenario_problems(tmp_path, scenario_text(aircraft))
    assert "aircraft.0.ai.floor_ft: should be a number (got true)" in problems, problems
    assert "aircraft.0.ai.guns: should be true or false (got 'yes')" in problems, problems
    with pytest.raises(ValidationError):
        AiParams.model_validate({"floor_ft": float("nan")})


def test_a_logged_die_must_be_a_number(tmp_path: Path) -> None:
    text = (LOGS / "mig-alley.log.toml").read_text()
    assert '{ kind = "d10", value = 4 }' in text
    bad = tmp_path / "bad.log.toml"
    bad.write_text(text.replace('{ kind = "d10", value = 4 }', '{ kind = "d10", value = true }', 1))
    message = refusal(bad, load_log)
    assert "turn.0.dice.0.value: should be an integer (a whole number) (got true)" in message


def test_a_playlist_time_must_be_a_number(tmp_path: Path) -> None:
    text = PLAYLIST.read_text()
    assert "\nto_s = 36\n" in text
    bad = tmp_path / "bad.playlist.toml"
    bad.write_text(text.replace("\nto_s = 36\n", '\nto_s = "36"\n', 1))
    assert "vignettes.0.to_s: should be a number (got '36')" in refusal(bad, load_playlist)


def test_a_card_value_of_the_wrong_type_is_refused(tmp_path: Path) -> None:
    text = (CARDS_DIR / "f-16c.toml").read_text()
    bad = tmp_path / "f-16c.toml"
    bad.write_text(text.replace("internal_fuel_fp = 70", "internal_fuel_fp = true"))
    assert "weights.internal_fuel_fp: should be an integer" in refusal(bad, load_card)


def test_whole_numbers_still_stand_for_decimals() -> None:
    plot = '{ segments = [ { kind = "turn", load_g = 4, cells = 1, ticks = 10 } ] }'
    text = scenario_text(
        aircraft_toml("Viper 1", plots=(plot,)), head="reference = { lat_deg = 20 }"
    )
    scenario = Scenario.model_validate(tomllib.loads(text))
    assert scenario.reference.lat_deg == 20.0
    script = scenario.aircraft[0].script
    assert script is not None and script.plots[0].segments[0].load_g == 4


def test_the_shipped_files_are_all_still_read(tmp_path: Path) -> None:
    from engine import rulesets
    from models.files import read_toml
    from scenarios import shipped, shipped_log_setups, shipped_logs

    for found in [*shipped(), *shipped_log_setups()]:
        rulesets.load_scenario(Path(str(found)))
    for found in shipped_logs():
        path = Path(str(found))
        kind = rulesets.log_ruleset(read_toml(path))
        assert kind is not None, path
        kind.log_summary(path)
    load_playlist(PLAYLIST)
    with pytest.raises(DataFileError):
        load_scenario(tmp_path / "missing.toml")
