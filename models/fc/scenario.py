"""A Fighter Command scenario file: the field, the sides' entry edges and each aircraft's
start (§Pre-Flight Instructions).

"Any scenario that you want to play should have starting positions for both sides that
include altitude and speed limitations": a furball scenario gives, for each aircraft, its
place on the lawn, heading, band, speed and box; its pilot's skill (or "roll" for the
quick method, §Pilot Skill); its flight and section (the Flight Leader roll-off orders
them within a flight); and who flies it.  The field is the rectangle of lawn marked out
(§Getting Started), x east and y north from its south-west corner, in lawn feet.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.fc.common import MAX_BANDS, MAX_SPEED, Group, PilotLevel
from models.fc.orders import FcPlot
from models.scenario_common import MAX_AIRCRAFT, AircraftCommon, ScenarioCommon

Edge = Literal["north", "south", "east", "west"]
MAX_FIELD_LAWN_FT = 1000.0
"""The largest field a scenario may mark out (a park, about 300 m)."""


class FieldRect(DataModel):
    """The marked-out field, from its south-west corner (0, 0)."""

    width_ft: float = Field(gt=0.0, le=MAX_FIELD_LAWN_FT)
    """East–west, lawn feet."""
    depth_ft: float = Field(gt=0.0, le=MAX_FIELD_LAWN_FT)
    """South–north, lawn feet."""

    def contains(self, x_ft: float, y_ft: float) -> bool:
        return 0.0 <= x_ft <= self.width_ft and 0.0 <= y_ft <= self.depth_ft


class FcAircraft(AircraftCommon):
    """One aircraft at the start, in the lawn's units."""

    x_ft: float = Field(ge=0.0, le=MAX_FIELD_LAWN_FT)
    """Lawn feet east of the field's south-west corner."""
    y_ft: float = Field(ge=0.0, le=MAX_FIELD_LAWN_FT)
    """Lawn feet north of it."""
    heading_deg: float = Field(ge=0.0, lt=360.0)
    """The flight stand's arrow, clockwise from north."""
    band: int = Field(ge=0, le=MAX_BANDS)
    speed: int = Field(ge=1, le=MAX_SPEED)
    group: Group = "level"
    """The maneuver group the pin starts in (with ``speed``, the starting box)."""
    skill: PilotLevel | Literal["roll"] = "roll"
    """The pilot's classification, or ``roll`` for the quick 1D6 (§Pilot Skill)."""
    kills: int = Field(default=0, ge=0, le=500)
    """Kills so far (the campaign method, §Pilot Skill)."""
    flight: str = Field(default="", max_length=24)
    """The flight the pilot flies in (the Flight Leader roll-off is per flight); the side
    when left out."""
    section: int = Field(default=1, ge=1, le=8)
    """Which section of the flight (movement by sections from eight aircraft, §Movement)."""
    pilot: Literal["script", "ai"] = "ai"
    script: tuple[FcPlot, ...] = ()
    """A script pilot's plots, one a turn; the AI pilot flies on when it runs out."""
    enters_from: Edge | None = None
    """The edge this aircraft entered by, when not its side's (leaving by it is going home,
    §Damage)."""

    @model_validator(mode="after")
    def _script_for_script_pilot(self) -> Self:
        if self.pilot == "script" and not self.script:
            raise ValueError('a script pilot needs a script of plots (or pilot = "ai")')
        return self

    @property
    def box(self) -> tuple[Group, int]:
        return (self.group, self.speed)


class FcScenario(ScenarioCommon):
    """A scenario of Fighter Command (``rules = "fc"``)."""

    rules: Literal["fc"]
    field: FieldRect
    entry: dict[str, Edge]
    """Each side's entry edge, by side name (§Damage: home is the side you entered)."""
    aircraft: tuple[FcAircraft, ...] = Field(min_length=1, max_length=MAX_AIRCRAFT)

    @model_validator(mode="after")
    def _on_the_field(self) -> Self:
        from models.fc.sheet import control_sheets

        sheets = control_sheets()
        problems: list[tuple[str, str]] = []
        for side in self.sides:
            if side not in self.entry:
                problems.append(
                    ("entry", f"side {side!r} needs its entry edge (north, south, east or west)")
                )
        for index, setup in enumerate(self.aircraft):
            where = f"aircraft[{index}]"
            if not self.field.contains(setup.x_ft, setup.y_ft):
                problems.append(
                    (
                        where,
                        f"({setup.x_ft:g}, {setup.y_ft:g}) ft is outside the "
                        f"{self.field.width_ft:g} × {self.field.depth_ft:g} ft field",
                    )
                )
            sheet = sheets.get(setup.type)
            if sheet is None:
                problems.append(
                    (
                        f"{where}.type",
                        f"no control sheet {setup.type!r}; known: {', '.join(sorted(sheets))}",
                    )
                )
            elif sheet.box(setup.group, setup.speed) is None:
                speeds = ", ".join(map(str, sheet.speeds(setup.group))) or "none"
                problems.append(
                    (
                        f"{where}.speed",
                        f"the {sheet.name} has no {setup.group} box at speed "
                        f"{setup.speed} (its speeds: {speeds})",
                    )
                )
        if problems:
            raise FieldProblems(problems)
        return self

    def entry_edge(self, setup: FcAircraft) -> Edge:
        """The edge ``setup`` entered by: its own, else its side's."""
        return setup.enters_from or self.entry[setup.side]
