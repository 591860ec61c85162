"""Writing a data file with one thing wrong, and reading the refusal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from engine.bop.game import setup_problems
from models.files import DataFileError, describe_validation_error, read_toml
from models.scenario import Scenario
from tests.scenario_toml import aircraft_toml

TWO_AIRCRAFT = aircraft_toml("Viper 1") + aircraft_toml("Mig 1", side="red", at_hex="5,5")
"""An F-16C at 0,0 and another (on the red side) at 5,5, each flying straight."""


def scenario_text(aircraft: str = TWO_AIRCRAFT, head: str = "") -> str:
    """A two-turn scenario with ``head`` lines before its aircraft."""
    return f'name = "x"\nturns = 2\n{head}\n{aircraft}'


def refusal(path: Path, loader: Callable[[Path], Any]) -> str:
    """The message of the :class:`DataFileError` ``loader`` raises for ``path``."""
    with pytest.raises(DataFileError) as caught:
        loader(path)
    message = str(caught.value)
    assert message.startswith(str(path)), message
    return message


def scenario_problems(tmp_path: Path, text: str) -> list[str]:
    """What ``furball validate`` reports before playing: the format's problems and the rules'
    set-up checks, each with its field path."""
    path = tmp_path / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    try:
        raw = read_toml(path)
    except DataFileError as error:
        return error.problems
    problems: list[str] = []
    try:
        Scenario.model_validate(raw)
    except ValidationError as error:
        problems.extend(describe_validation_error(error, raw))
    for index, entry in enumerate(raw.get("aircraft") or []):
        if isinstance(entry, dict):
            problems.extend(setup_problems(index, entry))
    return problems
