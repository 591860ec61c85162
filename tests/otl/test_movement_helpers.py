"""A small Plane Chart and record sheets for the movement tests (no shipped chart needed)."""

from __future__ import annotations

from typing import Any

from engine.otl.movement import MoveContext
from engine.otl.state import CrewState, PlaneState
from models.otl.chart import PlaneChart
from models.otl.scenario import Crew

LOW_BAND = (
    "S",
    "S",
    "S",
    "S",
    "5",
    "4",
    "4",
    "3",
    "3",
    "3",
    "2",
    "2",
    "1",
    "0",
    "-1",
    "-1",
    "-2",
    "-2",
    "-2u",
    "-3u",
    "-3u",
    "-4u",
    "-4u",
)
HIGH_BAND = (
    "S",
    "S",
    "S",
    "S",
    "S",
    "3",
    "3",
    "2",
    "2",
    "2",
    "1",
    "1",
    "0",
    "-1",
    "-1",
    "-2",
    "-2",
    "-2",
    "-3u",
    "-3u",
    "-4u",
    "-4u",
    "-5u",
)
"""Stall 3 and Max Level Speed 13 low down; stall 4, Max Level 12 from 10,000 ft."""
LEVEL_MISSIONS = {"green": 0, "inexperienced": 1, "regular": 3, "veteran": 6}
CTX = MoveContext(round=3, date="1917-06")


def scout_chart(**changes: Any) -> PlaneChart:
    """A Camel-like scout: Turn Rate B, Roll Rate 1/2, Pitch Rate 1/2, climb 75 ft."""
    data: dict[str, Any] = {
        "id": "testscout",
        "name": "Test Scout",
        "nation": "GB",
        "service_from": "1917-06",
        "engine": "inline",
        "crew": 1,
        "turn_rate": "B",
        "roll_mp_left": 2,
        "roll_mp_right": 2,
        "pitch_mp": 2,
        "climb_ft": 75,
        "dive_ft": 100,
        "wing_strength": 12,
        "fuselage_strength": 12,
        "size": 0,
        "enter_spin": 9,
        "exit_spin": 7,
        "targeting_in": {"front": 12, "side": 8, "rear": 6, "up": 8, "down": 8},
        "guns": [{"id": "vickers", "name": "Vickers", "firepower": 8, "ammo": 20}],
        "bands": [
            {"floor_ft": 0, "power": list(LOW_BAND)},
            {"floor_ft": 10000, "power": list(HIGH_BAND)},
        ],
        "sources": ["test figures"],
        "derivation": "made up for the tests",
    }
    data.update(changes)
    return PlaneChart.model_validate(data)


def make_plane(level: str = "veteran", **fields: Any) -> PlaneState:
    """A plane at the table's middle, 5,000 ft, heading north, UE and level, speed 10."""
    chart = fields.pop("chart", None) or scout_chart()
    pilot = CrewState(Crew(missions=LEVEL_MISSIONS[level]))
    values: dict[str, Any] = {
        "id": "camel1",
        "callsign": "Camel 1",
        "side": "allies",
        "chart": chart,
        "pilot": pilot,
        "observer": None,
        "x_in": 0.0,
        "y_in": 0.0,
        "alt_ft": 5000.0,
        "heading_deg": 0.0,
        "bank": 0,
        "pitch": 0,
        "speed": 10,
    }
    values.update(fields)
    return PlaneState(**values)
