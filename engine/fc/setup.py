"""Every problem a Fighter Command scenario can have beyond its format: one side only,
two aircraft with one id, a script whose first plot cannot be pinned from the starting box,
a tailing claim on a friend (§Pre-Flight Instructions, §Plot for the Turn, §Movement)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.errors import ScenarioError
from engine.fc.plotting import plot_problems
from engine.fc.state import FcPlane, Pose
from models.fc.scenario import FcScenario
from models.fc.sheet import control_sheets
from models.files import describe_validation_error


def setup_problems(scenario: FcScenario) -> list[str]:
    """Every problem of a well-formed scenario the rules cannot set up, ``field: text``."""
    sheets = control_sheets()
    problems: list[str] = []
    sides = {a.entity_id: a.side for a in scenario.aircraft}
    seen: set[str] = set()
    for index, setup in enumerate(scenario.aircraft):
        where = f"aircraft.{index}"
        if setup.entity_id in seen:
            problems.append(f"{where}.id: two aircraft share the id {setup.entity_id!r}")
        seen.add(setup.entity_id)
        sheet = sheets[setup.type]
        if setup.script:
            skill = setup.skill if setup.skill != "roll" else "recruit"
            plane = FcPlane(
                setup.entity_id,
                sheet,
                Pose(setup.x_ft, setup.y_ft, setup.heading_deg, setup.band),
                setup.speed,
                setup.group,
                skill,
            )
            first = setup.script[0]
            for problem in plot_problems(plane, first):
                problems.append(f"{where}.script.0: {first.text}: {problem.text} ({problem.rule})")
        for number, plot in enumerate(setup.script):
            if plot.tail is not None and sides.get(plot.tail, setup.side) == setup.side:
                problems.append(
                    f"{where}.script.{number}: tail:{plot.tail} is not an enemy aircraft "
                    "(§Movement: tailing is on an opponent)"
                )
    if len(scenario.sides) < 2:
        problems.append("aircraft: every aircraft is on one side; a fight needs two")
    return problems


def scenario_problems(raw: dict[str, Any]) -> list[str]:
    """Every problem of a Fighter Command scenario's table: its format, then the set-up's."""
    try:
        scenario = FcScenario.model_validate(raw)
    except ValidationError as error:
        return describe_validation_error(error, raw)
    return setup_problems(scenario)


def check_setup(scenario: FcScenario) -> None:
    """:class:`ScenarioError` with every set-up problem, if there are any."""
    problems = setup_problems(scenario)
    if problems:
        raise ScenarioError(problems)
