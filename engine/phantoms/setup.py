"""Setting up a game of Phantoms from its scenario, and every problem a scenario file can
have beyond its format: unknown types, missiles a card cannot carry, speeds and levels the
card does not allow, wingmen and targets that are not there."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.errors import ScenarioError
from engine.hexmap import Hex
from engine.phantoms.state import PlaneState
from models.files import describe_validation_error
from models.phantoms.card import ControlCard, control_cards
from models.phantoms.ground import weapons
from models.phantoms.missiles import missile_types
from models.phantoms.scenario import PhantomsAircraft, PhantomsScenario


def card_for(setup: PhantomsAircraft, card: ControlCard) -> ControlCard:
    """The card as the scenario has it: its own bombsight, and a top speed its rules set
    (I-p.11's rescue helicopter at speed 3; above the chart's top row it turns as at the
    top row, :meth:`ControlCard.row`)."""
    update: dict[str, Any] = {}
    if setup.bombsight is not None:
        update["bombsight"] = setup.bombsight
    if setup.top_speed is not None:
        top = setup.top_speed
        update |= {
            "max_level_speed": top,
            "max_loaded_speed": top,
            "max_dive_speed": max(card.max_dive_speed, top),
        }
    return card.model_copy(update=update) if update else card


def new_plane(setup: PhantomsAircraft, card: ControlCard) -> PlaneState:
    """An aircraft's Control Card filled in for the start of the game (§5.0)."""
    card = card_for(setup, card)
    missiles = dict(card.missiles if setup.missiles is None else setup.missiles)
    stores = dict(setup.stores)
    return PlaneState(
        id=setup.entity_id,
        side=setup.side,
        card=card,
        quality=setup.quality,
        hex=Hex.parse(setup.hex),
        facing=setup.facing,
        level=setup.level,
        speed=setup.speed,
        speed_set=setup.speed,
        loaded=bool(stores),
        stores=stores,
        missiles=missiles,
        gun_bursts=card.gun_bursts,
        ab_left=card.afterburner_uses,
    )


def _aircraft_problems(
    where: str, setup: PhantomsAircraft, scenario: PhantomsScenario, ids: dict[str, str]
) -> list[str]:
    cards = control_cards()
    card = cards.get(setup.type)
    if card is None:
        known = ", ".join(sorted(cards))
        return [f"{where}.type: no Control Card {setup.type!r}; cards: {known}"]
    card = card_for(setup, card)
    found: list[str] = []
    missiles = missile_types()
    carried = card.missiles if setup.missiles is None else setup.missiles
    for missile_id, count in carried.items():
        if missile_id not in missiles:
            known = ", ".join(sorted(missiles))
            found.append(f"{where}.missiles.{missile_id}: no such missile; missiles: {known}")
        elif count < 0:
            found.append(f"{where}.missiles.{missile_id}: a count is 0 or more")
    stations = max(card.missile_stations, sum(card.missiles.values()))
    if sum(carried.values()) > stations:
        found.append(
            f"{where}.missiles: the {card.name} carries at most {stations} air-to-air missiles"
        )
    stores = weapons()
    for store in setup.stores:
        if store not in stores:
            found.append(f"{where}.stores.{store}: no such weapon; weapons: {', '.join(stores)}")
    no_stores = card.air_to_ground_load == 0 and card.role == "fighter"
    if setup.stores and no_stores and card.bombsight == "none":
        found.append(f"{where}.stores: the {card.name} carries no air-to-ground stores")
    top = card.max_loaded_speed if setup.stores else card.max_level_speed
    if setup.speed > max(top, card.max_dive_speed if setup.level > 0 else top):
        found.append(
            f"{where}.speed: {setup.speed} is over the {card.name}'s "
            f"{'loaded' if setup.stores else 'level'} maximum {top} (§5.0, §11.0)"
        )
    if setup.wingman is not None and setup.wingman not in ids:
        found.append(f"{where}.wingman: no aircraft {setup.wingman!r} in the scenario")
    elif setup.wingman is not None and ids[setup.wingman] != setup.side:
        found.append(f"{where}.wingman: {setup.wingman!r} is on the other side")
    elif setup.wingman is not None and setup.wingman == setup.entity_id:
        found.append(f"{where}.wingman: an aircraft is not its own wingman")
    target = setup.ai.target
    ground = {unit.id: unit.side for unit in scenario.ground}
    crews = {unit.id for unit in scenario.ground if unit.kind == "crew"}
    if target is not None and target in crews:
        if setup.ai.role != "recon" or ground[target] != setup.side:
            found.append(
                f"{where}.ai.target: {target!r} is a downed crew; only its own side's "
                'rescue (ai.role = "recon") flies to it (I-p.11)'
            )
    elif target is not None:
        side = ids.get(target, ground.get(target))
        if side is None or side == setup.side:
            found.append(f"{where}.ai.target: {target!r} is not an enemy aircraft or ground unit")
    if setup.ai.role in ("striker",) and not setup.stores:
        found.append(f"{where}.ai.role: a striker needs stores to drop")
    return found


def setup_problems(scenario: PhantomsScenario) -> list[str]:
    """Every problem of a well-formed scenario the rules cannot set up, ``field: text``."""
    problems: list[str] = []
    ids = {a.entity_id: a.side for a in scenario.aircraft}
    for group in scenario.reinforcements:
        for setup in group.aircraft:
            ids.setdefault(setup.entity_id, setup.side)
    for index, setup in enumerate(scenario.aircraft):
        problems.extend(_aircraft_problems(f"aircraft.{index}", setup, scenario, ids))
    for g, group in enumerate(scenario.reinforcements):
        for index, setup in enumerate(group.aircraft):
            where = f"reinforcements.{g}.aircraft.{index}"
            problems.extend(_aircraft_problems(where, setup, scenario, ids))
            if setup.entity_id in {a.entity_id for a in scenario.aircraft}:
                problems.append(f"{where}.id: {setup.entity_id!r} is already on the mat")
    for g, group in enumerate(scenario.reinforcements):
        if group.replaces is not None and group.replaces not in ids:
            problems.append(f"reinforcements.{g}.replaces: no aircraft {group.replaces!r}")
    seen: set[str] = set()
    for index, unit in enumerate(scenario.ground):
        where = f"ground.{index}"
        if unit.id in seen or unit.id in ids:
            problems.append(f"{where}.id: {unit.id!r} is already another unit's id")
        seen.add(unit.id)
    radars = {u.id for u in scenario.ground if u.kind in ("sam_radar", "aaa_radar")}
    for index, unit in enumerate(scenario.ground):
        if unit.radar is not None and unit.radar not in radars:
            problems.append(f"ground.{index}.radar: no radar unit {unit.radar!r}")
    for index, roll in enumerate(scenario.load_rolls):
        for name in roll.aircraft:
            if name not in ids:
                problems.append(f"load_rolls.{index}.aircraft: no aircraft {name!r}")
        for missile_id in roll.missiles:
            if missile_id not in missile_types():
                problems.append(f"load_rolls.{index}.missiles.{missile_id}: no such missile")
    sides = set(ids.values()) | {u.side for u in scenario.ground}
    if len(sides) < 2:
        problems.append("aircraft: everything is on one side; a fight needs two")
    for index, controller in enumerate(scenario.controllers):
        if controller.side not in sides:
            problems.append(f"controllers.{index}.side: no side {controller.side!r}")
    return problems


def scenario_problems(raw: dict[str, Any]) -> list[str]:
    """Every problem of a Phantoms scenario's table: its format, then the set-up's."""
    try:
        scenario = PhantomsScenario.model_validate(raw)
    except ValidationError as error:
        return describe_validation_error(error, raw)
    return setup_problems(scenario)


def check_setup(scenario: PhantomsScenario) -> None:
    """:class:`ScenarioError` with every set-up problem, if there are any."""
    problems = setup_problems(scenario)
    if problems:
        raise ScenarioError(problems)
