"""Setting up a Birds of Prey game: the rule checks of a scenario's starting state, and each
aircraft's :class:`~engine.bop.aircraft_state.AircraftState` built from its setup.

:func:`setup_problems` runs beside the scenario format's own checks (``furball validate``
reports both); :class:`ScenarioError` carries every problem with its field path.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from engine import performance as perf
from engine.bop.ai.params import AiParams
from engine.bop.aircraft_state import AircraftState
from engine.bop.crew import crew_ledgers
from engine.bop.damage import DamageState
from engine.bop.effects import CrewState
from engine.bop.maneuvers import UnknownManeuver, maneuver
from engine.bop.phases import THROTTLE_STEPS
from engine.bop.seeker_pairs import opening_member
from engine.bop.sensors.suite import SensorSuite
from engine.errors import ScenarioError as RulesScenarioError
from engine.hexmap import Hex
from engine.phad import Attitude, Cell, InvalidAttitude, InvalidCell
from models.aircraft import AircraftCard, UnknownAircraftType, card
from models.files import describe_validation_error
from models.missile import UnknownMissileType, missile_card
from models.scenario import MAX_FUEL_FP, MAX_MISSILES, AircraftSetup


class ScenarioError(RulesScenarioError):
    """A Birds of Prey scenario the rules cannot start: each problem with its field path."""


def _pilot_problems(where: str, raw: dict[str, Any]) -> list[str]:
    """A maneuver pilot must name a maneuver of the library with parameters it takes; an AI
    pilot's table must hold the AI's parameters."""
    pilot = raw.get("pilot")
    if pilot == "ai":
        table = raw.get("ai") or {}
        if not isinstance(table, dict):
            return []  # the format's own check says it should be a table
        try:
            AiParams.model_validate(table)
        except ValidationError as error:
            return [f"{where}.ai.{line}" for line in describe_validation_error(error, table)]
        return []
    if not isinstance(pilot, str) or not pilot.startswith("script:"):
        return []
    try:
        flown = maneuver(pilot.removeprefix("script:"))
    except UnknownManeuver as error:
        return [f"{where}.pilot: {error}"]
    table = raw.get("maneuver") or {}
    if not isinstance(table, dict):
        return []  # the format's own check says it should be a table
    try:
        flown.parse(table)
    except ValidationError as error:
        return [f"{where}.maneuver.{line}" for line in describe_validation_error(error, table)]
    return []


def setup_problems(index: int, setup: AircraftSetup | dict[str, Any]) -> list[str]:
    """Rule checks of one aircraft's starting state, each with its field path.

    Accepts the raw TOML table too, so these checks can run beside the format's own
    (``furball validate`` reports both at once); fields of the wrong shape are skipped.
    """
    raw = setup.model_dump() if isinstance(setup, AircraftSetup) else setup
    where = f"aircraft.{index}"
    problems: list[str] = _pilot_problems(where, raw)
    if isinstance(raw.get("type"), str):
        try:
            problems.extend(_fuel_problems(where, raw, card(raw["type"])))
        except UnknownAircraftType as error:
            problems.append(f"{where}.type: {error}")
    missiles = raw.get("missiles")
    if isinstance(missiles, list | tuple) and len(missiles) <= MAX_MISSILES:
        for k, kind in enumerate(missiles):
            if isinstance(kind, str):
                try:
                    missile_card(kind)
                except UnknownMissileType as error:
                    problems.append(f"{where}.missiles.{k}: {error}")
    marks = raw.get("attitude")
    if not isinstance(marks, dict):
        return problems
    cells: dict[str, Cell] = {}
    for name in ("nose", "canopy", "wing"):
        if not isinstance(marks.get(name), str):
            continue
        try:
            cells[name] = Cell.parse(marks[name])
        except InvalidCell as error:
            problems.append(f"{where}.attitude.{name}: {error}")
    if len(cells) == 3:
        try:
            Attitude(**cells)
        except InvalidAttitude as error:
            problems.append(f"{where}.attitude: {error}")
    return problems


def _fuel_problems(where: str, raw: dict[str, Any], aircraft_card: AircraftCard) -> list[str]:
    """Fuel and Bingo within the type's tanks: furball has no external tanks, so an aircraft
    starts with at most its card's internal fuel ("Fuel", docs/rulings.md)."""
    capacity = aircraft_card.weights.internal_fuel_fp
    problems = []
    for field in ("fuel_fp", "bingo_fp"):
        value = raw.get(field)
        if type(value) is int and capacity < value <= MAX_FUEL_FP:
            problems.append(
                f"{where}.{field}: {value} FP is more than the {aircraft_card.type_id}'s "
                f"{capacity} FP of internal fuel"
            )
    return problems


def state_from_setup(setup: AircraftSetup) -> AircraftState:
    """The aircraft as the scenario sets it up, before the first game-turn."""
    aircraft_card = card(setup.type)
    marks = setup.attitude
    suite = SensorSuite.for_type(aircraft_card.type_id)
    return AircraftState(
        id=setup.entity_id,
        callsign=setup.callsign,
        side=setup.side,
        card=aircraft_card,
        hex=Hex.parse(setup.hex),
        alt_steps=setup.alt_steps,
        speed_kt=setup.speed_kt,
        attitude=Attitude(nose=marks.nose, canopy=marks.canopy, wing=marks.wing),
        throttle=setup.throttle,
        throttle_step=THROTTLE_STEPS[setup.throttle],
        fuel_fp=setup.fuel_fp
        if setup.fuel_fp is not None
        else perf.round_half_up(aircraft_card.weights.internal_fuel_fp / 2),
        damage=DamageState.for_card(aircraft_card) if aircraft_card.damage else None,
        shots_left={gun.name: gun.shots for gun in aircraft_card.guns or ()},
        missiles_left=dict(Counter(setup.missiles)),
        crew=[CrewState() for _ in range(aircraft_card.crew)],
        ledgers=crew_ledgers(setup.callsign, setup.crew_quality, aircraft_card),
        bingo_fp=setup.bingo_fp,
        gci=setup.gci,
        wing_position=aircraft_card.wing_position,
        selected_weapon=(
            opening_member(setup.missiles[0], Counter(setup.missiles)) if setup.missiles else None
        ),
        sensors=suite,
        decoys_left=(
            {"flares": suite.fit.decoys.flares, "chaff": suite.fit.decoys.chaff}
            if suite.fit is not None and suite.fit.decoys is not None
            else None
        ),
        crew_quality=setup.crew_quality,
        bailout_over=setup.bailout_over,
    )
