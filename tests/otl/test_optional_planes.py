"""Planes and ground units the optional rules' tests fly (a made-up chart, not a shipped one)."""

from __future__ import annotations

from typing import Any

from engine.otl.state import CrewState, GunState, PlaneState
from models.otl.chart import PlaneChart
from models.otl.scenario import Crew, GroundUnit

_POWER = (
    ("S", "S", "S", "S", "S", "4", "4", "3", "3", "2", "2", "1", "0")
    + ("-1",) * 8
    + (
        "-2u",
        "-2u",
    )
)
"""Stall up to 4 (Minimum Speed 5), Maximum Level Speed 12."""


def chart(**changes: Any) -> PlaneChart:
    """A two-seater-capable test chart; ``changes`` override its fields."""
    fields: dict[str, Any] = {
        "id": "testplane",
        "name": "Test Plane",
        "nation": "Britain",
        "service_from": "1917-01",
        "engine": "inline",
        "crew": 1,
        "turn_rate": "B",
        "roll_mp_left": 2,
        "roll_mp_right": 2,
        "pitch_mp": 3,
        "climb_ft": 75,
        "wing_strength": 12,
        "fuselage_strength": 12,
        "size": 0,
        "enter_spin": 9,
        "exit_spin": 7,
        "targeting_in": {"front": 20, "side": 15, "rear": 10, "up": 12, "down": 12},
        "guns": ({"id": "vickers", "name": "Vickers", "firepower": 10, "ammo": 20},),
        "bands": (
            {"floor_ft": 0, "power": _POWER},
            {"floor_ft": 10_000, "power": ("S",) * 7 + _POWER[7:]},
        ),
        "sources": ("test",),
        "derivation": "made up for tests",
    }
    fields.update(changes)
    return PlaneChart.model_validate(fields)


def plane(
    id: str = "camel-1",
    side: str = "entente",
    *,
    x_in: float = 0.0,
    y_in: float = 0.0,
    alt_ft: float = 5_000.0,
    heading_deg: float = 0.0,
    bank: int = 0,
    pitch: int = 0,
    speed: int = 8,
    missions: int = 6,
    observer: bool = False,
    **chart_changes: Any,
) -> PlaneState:
    """A flying plane at a place; ``chart_changes`` go to :func:`chart`."""
    if observer:
        chart_changes.setdefault("crew", 2)
    the_chart = chart(**chart_changes)
    return PlaneState(
        id=id,
        callsign=id.replace("-", " ").title(),
        side=side,
        chart=the_chart,
        pilot=CrewState(Crew(missions=missions)),
        observer=CrewState(Crew(missions=missions)) if observer else None,
        x_in=x_in,
        y_in=y_in,
        alt_ft=alt_ft,
        heading_deg=heading_deg,
        bank=bank,
        pitch=pitch,
        speed=speed,
        guns=[GunState(g, g.ammo, g.drums) for g in the_chart.guns],
    )


def unit(id: str, kind: str, side: str = "central", **fields: Any) -> GroundUnit:
    return GroundUnit.model_validate(
        {"id": id, "kind": kind, "side": side, "x_in": 0.0, "y_in": 0.0, **fields}
    )


def test_the_test_plane_stalls_below_5_and_flies_level_at_12() -> None:
    band = chart().band_at(0)
    assert (band.stall_speed, band.min_speed, band.max_level_speed) == (4, 5, 12)
    assert chart().band_at(12_000).stall_speed == 6
