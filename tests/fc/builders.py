"""Shared builders for the Fighter Command tests."""

from __future__ import annotations

from engine.fc.state import FcPlane, Pose
from models.fc.common import Group, PilotLevel
from models.fc.sheet import control_sheets


def plane(
    type_id: str = "spitfire-ia",
    *,
    group: Group = "level",
    speed: int = 3,
    skill: PilotLevel = "recruit",
    x_ft: float = 50.0,
    y_ft: float = 50.0,
    heading_deg: float = 0.0,
    band: int = 20,
) -> FcPlane:
    """An aircraft on the lawn with its pin in (``group``, ``speed``)."""
    return FcPlane(
        id="blue-1",
        sheet=control_sheets()[type_id],
        pose=Pose(x_ft, y_ft, heading_deg, band),
        speed=speed,
        group=group,
        skill=skill,
    )
