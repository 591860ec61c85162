"""Every problem a hex jet game scenario can have beyond its format: one side only, two
aircraft with one id, two in one hex at one level, a script whose first decision the
display refuses (§6.1–§6.6) or whose turn the cell or allowance does not permit (§6.3.1, H7)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.errors import IllegalOrder
from engine.hexjet.action import check_turns
from engine.hexjet.decision import Choice, Markers, decide
from models.files import describe_validation_error
from models.hexjet.display import displays
from models.hexjet.scenario import HexjetScenario


def setup_problems(scenario: HexjetScenario) -> list[str]:
    """Every problem of a well-formed scenario the rules cannot set up, ``field: text``."""
    known = displays()
    problems: list[str] = []
    seen: set[str] = set()
    for index, setup in enumerate(scenario.aircraft):
        where = f"aircraft.{index}"
        if setup.entity_id in seen:
            problems.append(f"{where}.id: two aircraft share the id {setup.entity_id!r}")
        seen.add(setup.entity_id)
        if setup.script:
            display = known[setup.type]
            first = setup.script[0]
            choice = Choice.of(first)
            try:
                markers = Markers(setup.throttle, setup.fuel, setup.altitude, setup.speed)
                decision = decide(display, markers, choice, setup.entity_id)
                speed = min(decision.markers.speed, display.max_speed)
                check_turns(
                    choice.direction,
                    choice.hexsides,
                    speed,
                    display.turn_allowance(speed),
                    setup.entity_id,
                    seed_only=scenario.scope == "seed",
                )
            except IllegalOrder as refused:
                problems.append(
                    f"{where}.script.0: {first.text}: {refused.problem} ({refused.rule})"
                )
    if len({a.side for a in scenario.aircraft}) < 2:
        problems.append("aircraft: every aircraft is on one side; a fight needs two")
    return problems


def scenario_problems(raw: dict[str, Any]) -> list[str]:
    """Every problem of a hex jet scenario's table: its format, then the set-up's."""
    try:
        scenario = HexjetScenario.model_validate(raw)
    except ValidationError as error:
        return describe_validation_error(error, raw)
    return setup_problems(scenario)
