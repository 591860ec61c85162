"""What a what-if departs from: a scenario played with its seed, or a game log."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.dice import game_seed
from engine.rulesets import Ruleset, load_scenario, log_ruleset, ruleset
from models.files import read_toml
from models.scenario_common import ScenarioCommon
from scenarios import find_scenario


@dataclass(frozen=True)
class Source:
    """A game as written: its scenario, the seed it plays with, and a game log's orders."""

    name: str
    """The scenario or log as the user named it (a shipped name or a file)."""
    path: Path
    rules: Ruleset
    scenario: ScenarioCommon
    seed: int
    log: Any = None
    """A Birds of Prey :class:`models.gamelog.GameLog`, for a game log."""

    def aircraft_ids(self) -> list[str]:
        return [setup.entity_id for setup in self.scenario.aircraft]

    def callsign(self, entity: str) -> str:
        return next((s.callsign for s in self.scenario.aircraft if s.entity_id == entity), entity)


def open_source(name: str, seed: int | None = None) -> Source:
    """The scenario or game log ``name`` names, with the seed it plays with (``seed``, else
    the log's or scenario's, else a fresh one, so parent and branch share it)."""
    from engine.whatif.orders import WhatIfError

    path = find_scenario(name)
    logged = log_ruleset(read_toml(path))
    if logged is None:
        scenario = load_scenario(path)
        return Source(name, path, ruleset(scenario.rules), scenario, game_seed(seed, scenario.seed))
    if logged.name != "bop":
        raise WhatIfError(
            f"{name}: a what-if from a {logged.title} game log is not available; "
            "give the scenario it was played from"
        )
    from engine.bop.log_files import log_and_scenario

    log, bop_scenario = log_and_scenario(path)
    chosen = seed if seed is not None else log.seed if log.seed is not None else bop_scenario.seed
    return Source(name, path, logged, bop_scenario, game_seed(chosen, None), log)
