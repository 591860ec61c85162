"""``furball validate`` for a Birds of Prey scenario: every problem at once.

First the file's format (the scenario model's checks, each with its field path) and the
rules' checks of each aircraft's set-up (a legal PHAD attitude, a known type, fuel within
the card); then, when those pass, each aircraft's first illegal scripted order, found by
playing the scenario's scripts.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.bop.errors import IllegalOrder
from engine.bop.game import Game, setup_problems
from models.files import describe_validation_error
from models.scenario import Scenario


def scenario_problems(raw: dict[str, Any]) -> list[str]:
    """Every problem of a scenario file's table, each as ``field path: text``."""
    problems: list[str] = []
    scenario: Scenario | None = None
    try:
        scenario = Scenario.model_validate(raw)
    except ValidationError as error:
        problems.extend(describe_validation_error(error, raw))
    entries = raw.get("aircraft")
    if isinstance(entries, list | tuple):
        for i, entry in enumerate(entries):
            if isinstance(entry, dict):
                problems.extend(p for p in setup_problems(i, entry) if p not in problems)
    if problems or scenario is None:
        return problems
    return illegal_scripted_orders(scenario)


def illegal_scripted_orders(scenario: Scenario) -> list[str]:
    """Each aircraft's first illegal scripted order, with its field path."""
    problems: list[str] = []
    game = Game(scenario, seed=scenario.seed or 0)
    index_of = {s.entity_id: i for i, s in enumerate(scenario.aircraft)}
    callsigns = {s.callsign: s.entity_id for s in scenario.aircraft}
    for _ in range(scenario.turns):
        orders = game.scripted_orders()
        if not orders:
            break
        try:
            game.play_turn(orders)
        except IllegalOrder as error:
            entity = callsigns[error.aircraft]
            i = index_of[entity]
            script = scenario.aircraft[i].script
            if script is None:  # a maneuver pilot wrote it
                where = f"aircraft.{i}.pilot"
            else:
                plot_index = script.plots.index(script.plot_for_turn(error.turn or 1))
                where = f"aircraft.{i}.script.plots.{plot_index}"
            if error.segment is not None:
                where += f".segments.{error.segment}"
            problems.append(f"{where}: turn {error.turn}: {error.problem} ({error.rule})")
            game.aircraft[entity].active = False
    return problems
