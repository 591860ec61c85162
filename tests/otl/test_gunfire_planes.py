"""A small test Plane Chart and planes built from it, for the geometry, gunfire and damage
tests (the shipped charts are not used, so these tests read only the rules)."""

from __future__ import annotations

from typing import Any

from engine.otl.state import CrewState, GunState, PlaneState
from models.otl.chart import PlaneChart
from models.otl.chits import chit_mix
from models.otl.scenario import Crew

POWER = ("S",) * 5 + ("3",) * 4 + ("2",) * 3 + ("1",) * 2 + ("0",) + ("-1",) * 4 + ("-2u",) * 4
"""Stalls at 4, Max Level Speed 14, overdive from 19."""
VICKERS = {"id": "vickers", "name": "twin Vickers", "firepower": 10, "ammo": 10, "dual": True}
LEWIS = {
    "id": "lewis",
    "name": "Scarff Lewis",
    "crew": "observer",
    "mount": "flexible",
    "arc": "4-8+; 4,5,7,8-",
    "firepower": 6,
    "feed": "drum",
    "ammo": 2,
    "drums": 3,
}


def chart(**overrides: Any) -> PlaneChart:
    data: dict[str, Any] = {
        "id": "testplane",
        "name": "Test Scout",
        "nation": "test",
        "service_from": "1917-01",
        "engine": "inline",
        "crew": 1,
        "turn_rate": "B",
        "roll_mp_left": 2,
        "roll_mp_right": 2,
        "pitch_mp": 2,
        "climb_ft": 50,
        "wing_strength": 14,
        "fuselage_strength": 12,
        "size": 0,
        "enter_spin": 10,
        "exit_spin": 8,
        "targeting_in": {"front": 20, "side": 12, "rear": 8, "up": 10, "down": 6},
        "guns": [VICKERS],
        "bands": [{"floor_ft": 0, "power": list(POWER)}],
        "sources": ["a test chart"],
        "derivation": "made up for the tests",
    }
    data.update(overrides)
    return PlaneChart.model_validate(data)


TWO_SEATER = chart(
    id="twoseater", name="Test Two-Seater", crew=2, dual_control=True, guns=[VICKERS, LEWIS]
)


def plane(
    plane_id: str = "a",
    x_in: float = 0.0,
    y_in: float = 0.0,
    alt_ft: float = 5000.0,
    heading_deg: float = 0.0,
    *,
    bank: int = 0,
    pitch: int = 0,
    speed: int = 10,
    side: str = "allies",
    plane_chart: PlaneChart | None = None,
    missions: int = 6,
    kills: int = 0,
    target: str | None = None,
) -> PlaneState:
    the_chart = plane_chart or chart()
    observer = CrewState(Crew(missions=missions)) if the_chart.crew == 2 else None
    return PlaneState(
        id=plane_id,
        callsign=plane_id.title(),
        side=side,
        chart=the_chart,
        pilot=CrewState(Crew(missions=missions, kills=kills)),
        observer=observer,
        x_in=x_in,
        y_in=y_in,
        alt_ft=alt_ft,
        heading_deg=heading_deg,
        bank=bank,
        pitch=pitch,
        speed=speed,
        guns=[GunState(chart=g, ammo=g.ammo, drums=g.drums) for g in the_chart.guns],
        target=target,
    )


def chit_number(key: str) -> int:
    """The first number a chit of ``key`` has in the cup."""
    number = 1
    for chit in chit_mix().chit:
        if chit.key == key:
            return number
        number += chit.count
    raise KeyError(key)


def test_the_test_chart_reads_as_meant() -> None:
    band = chart().bands[0]
    assert band.stall_speed == 4 and band.max_level_speed == 14
    assert TWO_SEATER.gun("lewis").mount == "flexible"
    assert plane().pilot.level == "veteran"
    assert chit_mix().by_number(chit_number("wing_1")).key == "wing_1"
