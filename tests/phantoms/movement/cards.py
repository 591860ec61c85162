"""Control Cards built for the movement tests (not shipped cards): round figures that make
each rule's arithmetic easy to follow."""

from __future__ import annotations

from typing import Any

from engine.hexmap import Hex
from engine.phantoms.state import PlaneState
from models.phantoms.card import ControlCard
from models.phantoms.common import Quality


def card(**changes: Any) -> ControlCard:
    """A jet fighter: level 8, loaded 6, dive 10; ±2 speed (±1 damaged); a climb costs 1,
    a dive gains 1; afterburner +2, 3 uses.  Its Maneuver Chart: Turn 2 hexes (3 below
    speed 4), Hard Turn 3, Sideslip 2, Loop 4; no Loop below speed 5.  Costs: Turn 1, Hard
    Turn 2, Sideslip 1, Loop 3."""
    rows = []
    for speed in range(1, 11):
        row: dict[str, int] = {"speed": speed, "turn": 3 if speed < 4 else 2}
        row |= {"hard_turn": 3, "sideslip": 2}
        if speed >= 5:
            row["loop"] = 4
        rows.append(row)
    data: dict[str, Any] = {
        "id": "test-jet",
        "name": "Test Jet",
        "country": "US",
        "group": "us",
        "year": 1970,
        "crew": 1,
        "max_level_speed": 8,
        "max_loaded_speed": 6,
        "max_dive_speed": 10,
        "speed_change": 2,
        "speed_change_damaged": 1,
        "climb_cost": 1,
        "dive_gain": 1,
        "afterburner_gain": 2,
        "afterburner_uses": 3,
        "maneuver_chart": rows,
        "maneuver_cost": {"turn": 1, "hard_turn": 2, "sideslip": 1, "loop": 3},
        "defense": 4,
        "max_damage": 8,
        "length_ft": 60.0,
        "span_ft": 38.0,
        "height_ft": 16.0,
        "sources": ["test figures"],
        "derivation": "round figures for the movement tests",
    }
    data |= changes
    return ControlCard.model_validate(data)


FREE_CARD = card(
    id="free-jet",
    climb_cost=0,
    dive_gain=0,
    maneuver_cost={"turn": 0, "hard_turn": 0, "sideslip": 0, "loop": 0},
)
"""Maneuvers, climbs and dives cost it nothing: its speed stays as set."""


def plane(
    id_: str = "blue-1",
    side: str = "blue",
    *,
    quality: Quality = "average",
    speed: int = 5,
    level: int = 4,
    hex_: Hex | None = None,
    facing: int = 0,
    control_card: ControlCard | None = None,
    **fields: Any,
) -> PlaneState:
    the_card = control_card or card()
    state = PlaneState(
        id=id_,
        side=side,
        card=the_card,
        quality=quality,
        hex=hex_ or Hex(0, 0),
        facing=facing,
        level=level,
        speed=speed,
        speed_set=speed,
        ab_left=the_card.afterburner_uses,
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return state
