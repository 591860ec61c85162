"""Setting up a game of Over the Lines from its scenario, and every problem a scenario file
can have beyond its format: unknown plane types, targets that are not enemies, crews a
chart has no seat for, ground units the options do not bring into play."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.errors import ScenarioError
from engine.otl.state import CrewState, GunState, PlaneState, bank_of, pitch_of
from models.files import describe_validation_error
from models.otl.chart import PlaneChart, plane_charts
from models.otl.scenario import Crew, OtlAircraft, OtlScenario

GROUND_OPTION = {
    "archie": "ground_fire",
    "machine_gun": "ground_fire",
    "troops": "ground_fire",
    "balloon": "balloons",
}
"""The option a ground unit of each kind needs to take part (targets and airfields always
may)."""


def new_plane(setup: OtlAircraft, chart: PlaneChart) -> PlaneState:
    """A plane's record sheet at the start of the game."""
    observer = None
    if chart.crew >= 2:
        observer = CrewState(setup.observer_crew or Crew(missions=setup.pilot_crew.missions))
    guns = [GunState(chart=gun, ammo=gun.ammo, drums=gun.drums) for gun in chart.guns]
    return PlaneState(
        id=setup.entity_id,
        callsign=setup.callsign,
        side=setup.side,
        chart=chart,
        pilot=CrewState(setup.pilot_crew),
        observer=observer,
        x_in=setup.x_in,
        y_in=setup.y_in,
        alt_ft=float(setup.alt_ft),
        heading_deg=float(setup.heading_deg),
        bank=bank_of(setup.bank),
        pitch=pitch_of(setup.pitch),
        speed=setup.speed,
        engine_on=setup.engine_on,
        guns=guns,
        bombs=setup.bombs,
        incendiary=setup.incendiary,
        on_ground=setup.alt_ft == 0 and setup.speed == 0,
    )


def setup_problems(scenario: OtlScenario) -> list[str]:
    """Every problem of a well-formed scenario the rules cannot set up, ``field: text``."""
    charts = plane_charts()
    problems: list[str] = []
    sides = {a.entity_id: a.side for a in scenario.aircraft}
    ground_ids = {u.id for u in scenario.ground}
    ground_sides = {u.id: u.side for u in scenario.ground}
    known = ", ".join(sorted(charts))
    for index, setup in enumerate(scenario.aircraft):
        where = f"aircraft.{index}"
        chart = charts.get(setup.type)
        if chart is None:
            problems.append(f"{where}.type: no Plane Chart {setup.type!r}; charts: {known}")
            continue
        if setup.observer_crew is not None and chart.crew < 2:
            problems.append(
                f"{where}.observer_crew: the {chart.name} is a single-seater (Plane Chart)"
            )
        if setup.entity_id in ground_ids:
            problems.append(f"{where}.id: {setup.entity_id!r} is also a ground unit's id")
        if setup.speed == 0 and (setup.alt_ft > 0 or not scenario.options.take_off_landing):
            problems.append(
                f"{where}.speed: only a plane on the ground taking off starts at speed 0 "
                "(alt_ft = 0 and options.take_off_landing, §Taking Off)"
            )
        if setup.bombs and not chart.bomb_capable:
            problems.append(f"{where}.bombs: the {chart.name} carries no bombs (Plane Chart)")
        target = setup.ai.target
        enemy_side = ground_sides.get(target, sides.get(target)) if target else None
        if target is not None and (enemy_side is None or enemy_side == setup.side):
            problems.append(
                f"{where}.ai.target: {target!r} is not an enemy plane, balloon or ground "
                "unit in the scenario"
            )
        for number, order in enumerate(setup.script):
            at = f"{where}.script.{number}"
            if order.target is not None and sides.get(order.target, setup.side) == setup.side:
                problems.append(f"{at}.target: {order.target!r} is not an enemy plane")
            for gun, aim in order.fire.items():
                if gun not in {g.id for g in chart.guns}:
                    guns = ", ".join(g.id for g in chart.guns)
                    problems.append(
                        f"{at}.fire.{gun}: the {chart.name} has no gun {gun!r}; guns: {guns}"
                    )
                if aim not in sides and aim not in ground_ids:
                    problems.append(f"{at}.fire.{gun}: nothing called {aim!r} to fire at")
    seen: set[str] = set()
    for index, unit in enumerate(scenario.ground):
        where = f"ground.{index}"
        if unit.id in seen:
            problems.append(f"{where}.id: two ground units share the id {unit.id!r}")
        seen.add(unit.id)
        option = GROUND_OPTION.get(unit.kind)
        if option is not None and not getattr(scenario.options, option):
            problems.append(
                f"{where}.kind: a {unit.kind.replace('_', ' ')} needs options.{option} = true"
            )
        if unit.kind == "airfield" and not scenario.options.take_off_landing:
            problems.append(f"{where}.kind: an airfield needs options.take_off_landing = true")
    if len(scenario.sides) < 2:
        problems.append("aircraft: every plane is on one side; a fight needs two")
    return problems


def scenario_problems(raw: dict[str, Any]) -> list[str]:
    """Every problem of an Over the Lines scenario's table: its format, then the set-up's."""
    try:
        scenario = OtlScenario.model_validate(raw)
    except ValidationError as error:
        return describe_validation_error(error, raw)
    return setup_problems(scenario)


def check_setup(scenario: OtlScenario) -> None:
    """:class:`ScenarioError` with every set-up problem, if there are any."""
    problems = setup_problems(scenario)
    if problems:
        raise ScenarioError(problems)
