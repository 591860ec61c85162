"""An aircraft in Fighter Command as the rules keep it between turns: where its stand is,
which way the arrow points, its band, the pins on its control sheet and its pilot.

Positions are lawn feet from the field's south-west corner (x east, y north); headings are
degrees clockwise from north, the flight stand's arrow (§Movement).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from models.fc.common import Group, PilotLevel
from models.fc.orders import FcPlot
from models.fc.sheet import Box, ControlSheet


@dataclass(frozen=True, slots=True)
class Pose:
    """A flight stand on the lawn: place, arrow and band."""

    x_ft: float
    y_ft: float
    heading_deg: float
    band: int

    def forward(self) -> tuple[float, float]:
        """The unit vector along the arrow (x east, y north)."""
        return heading_vector(self.heading_deg)

    def right(self) -> tuple[float, float]:
        """The unit vector 90° right of the arrow."""
        return heading_vector(self.heading_deg + 90.0)


def heading_vector(heading_deg: float) -> tuple[float, float]:
    rad = math.radians(heading_deg)
    return math.sin(rad), math.cos(rad)


def wrap_deg(heading_deg: float) -> float:
    """A heading in [0, 360)."""
    wrapped = heading_deg % 360.0
    return 0.0 if wrapped >= 360.0 else wrapped


@dataclass(slots=True)
class FcPlane:
    """One aircraft's record between turns."""

    id: str
    sheet: ControlSheet
    pose: Pose
    speed: int
    """The speed pin: yardsticks last turn (the box's row)."""
    group: Group
    """The maneuver pin: last turn's group (with ``speed``, the box a plot moves from)."""
    skill: PilotLevel
    last_plot: FcPlot | None = None
    """Last turn's plot: what an attacker sees of an aircraft that has not moved yet
    (§Plot for the Turn)."""
    bank_deg: float = 0.0
    pitch_deg: float = 0.0
    """The attitude the last move ended in (drawing only: the next move starts from it)."""

    @property
    def box_key(self) -> tuple[Group, int]:
        return (self.group, self.speed)

    @property
    def box(self) -> Box | None:
        return self.sheet.box(self.group, self.speed)

    def clone(self) -> FcPlane:
        return replace(self)
