"""Test-only Control Cards, aircraft and recorded dice for the Intruders tests.

The figures are plain round numbers, not any real type's: the tests give each aircraft the
defence factor, countermeasures and bombsight the worked example names.
"""

from __future__ import annotations

from typing import Literal

from engine.dice import RollKind
from engine.hexmap import Hex
from engine.phantoms.state import Marker, PlaneState
from models.phantoms.card import ControlCard, ManeuverCost, ManeuverRow
from models.phantoms.common import Maneuver, Quality


def test_card(
    *,
    defense: int = 4,
    bombsight: Literal["none", "manual", "advanced", "computer"] = "manual",
    gun_attack: int | None = 4,
    max_damage: int = 8,
    crew: int = 1,
    radar: int | None = None,
    wild_weasel: bool = False,
) -> ControlCard:
    """A card with the given defence, bombsight and gun, and a plain maneuver chart."""
    rows = tuple(
        ManeuverRow(speed=s, turn=2, hard_turn=1, sideslip=2, loop=1) for s in range(1, 11)
    )
    return ControlCard(
        id="test-striker",
        name="Test striker",
        country="US",
        group="us",
        year=1968,
        crew=crew,
        role="striker",
        max_level_speed=8,
        max_loaded_speed=6,
        max_dive_speed=10,
        speed_change=2,
        speed_change_damaged=1,
        climb_cost=1,
        dive_gain=1,
        maneuver_chart=rows,
        maneuver_cost=ManeuverCost(turn=1, hard_turn=2, sideslip=1, loop=3),
        gun_attack=gun_attack,
        gun_table=(1, 2, 3, 4) if gun_attack is not None else (),
        gun_bursts=6 if gun_attack is not None else 0,
        defense=defense,
        max_damage=max_damage,
        bombsight=bombsight,
        radar=radar,
        wild_weasel=wild_weasel,
        length_ft=50.0,
        span_ft=35.0,
        height_ft=15.0,
        sources=("test",),
        derivation="test-only figures",
    )


def plane(
    *,
    hex_: str = "0,0",
    facing: int = 0,
    level: int = 2,
    speed: int = 5,
    quality: Quality = "average",
    defense: int = 4,
    bombsight: Literal["none", "manual", "advanced", "computer"] = "manual",
    maneuver: Maneuver | None = "S",
    moved: bool = True,
    id_: str = "us-1",
    crew: int = 1,
    radar: int | None = None,
    wild_weasel: bool = False,
) -> PlaneState:
    """An aircraft that has just moved, holding a ``maneuver`` marker."""
    state = PlaneState(
        id=id_,
        side="us",
        card=test_card(
            defense=defense, bombsight=bombsight, crew=crew, radar=radar, wild_weasel=wild_weasel
        ),
        quality=quality,
        hex=Hex.parse(hex_),
        facing=facing,
        level=level,
        speed=speed,
    )
    if maneuver is not None:
        state.marker = Marker(maneuver=maneuver, hexes_to_go=1)
    state.moved = moved
    return state


def faces(*readings: int) -> list[tuple[RollKind, int]]:
    """d10 readings 1–10 as the faces a game log records (a 10 is face 0)."""
    return [("d10", reading % 10) for reading in readings]
