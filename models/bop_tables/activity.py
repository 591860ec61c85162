"""The Aircrew Tasks play aid, rebuilt (SoP 01): ``activity.toml``.

Activity Points by Crew Quality, what each Aircrew Task costs and who may perform it, the
surcharges (guns tasks, the Hands Off Switch Action, wounds) and the Cockpit Actions by
cockpit type.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Self, get_args

from pydantic import Field, model_validator

from models.base import DataModel
from models.bop_tables.shipped import SHIPPED_TABLES_DIR
from models.files import CARD_LIMITS, load_model

ACTIVITY_PATH = SHIPPED_TABLES_DIR / "activity.toml"

Task = Literal[
    "padlock",
    "tally",
    "tally_friendlies",
    "visual_search",
    "quick_search",
    "spin_recovery",
    "fix",
    "strain",
    "guns_engagement",
    "guns_defense",
    "missile_defense",
    "communications_receipt",
    "control",
    "sensor_handoff",
    "damage_control",
    "radar_operation",
    "eo_identification",
    "hands_off_switch",
    "take_control",
]
CockpitType = Literal["basic", "regular", "improved", "advanced"]
CockpitActionClass = Literal["offensive", "defensive", "sensor", "configuration"]
CockpitAction = Literal[
    "weapon_select",
    "launch",
    "shot_call",
    "decoy_release",
    "set_dds",
    "warning_call",
    "set_mode",
    "designate",
    "recycle_dump",
    "stores_jettison",
    "tally_call",
    "general_comm",
    "swing_wing",
]
MESSAGE_RECEIVED_AT_LEAST = 3


class ActivityPointsRow(DataModel):
    crew_quality: int = Field(ge=-2, le=3)
    ap: int = Field(ge=0, le=20)
    """Activity Points a conscious crew member of this quality starts the game-turn with."""


class Surcharges(DataModel):
    sighting_multiplier: int = Field(ge=1)
    """Sighting tasks against other aircraft cost this many times as much while using Guns
    Engagement or Guns Defense."""
    hands_off_visual: int = Field(ge=0)
    """Added to each visual task once the Hands Off Switch Action has been used."""
    wounded: int = Field(ge=0)
    """Added to every paid task of a wounded crew member."""


class TaskCost(DataModel):
    ap: tuple[int, ...]
    """The amounts the task may cost: one entry is a fixed cost, several a choice."""
    all_remaining: bool = False
    """The task takes all the crew member's remaining AP (Spin Recovery)."""
    by_cockpit: bool = False
    """The cost comes from the cockpit type (Sensor Handoff)."""
    crew: Literal["any", "pilot"]
    """Who may perform it: any crew member, or only the one flying the aircraft."""
    visual: bool = False
    """A visual task: the Hands Off Switch Action adds to its cost."""
    sighting: bool = False
    """A sighting task: doubled against other aircraft under Guns Engagement/Defense."""

    @model_validator(mode="after")
    def _one_kind_of_cost(self) -> Self:
        kinds = (bool(self.ap), self.all_remaining, self.by_cockpit)
        if sum(kinds) != 1:
            raise ValueError("give exactly one of: ap = [...], all_remaining, by_cockpit")
        if any(a < 0 for a in self.ap) or list(self.ap) != sorted(set(self.ap)):
            raise ValueError("ap lists distinct amounts of 0 or more, rising")
        return self


class CockpitTypeCost(DataModel):
    grouping: Literal["each", "most_used_per_class"]
    """``each``: every action is paid; ``most_used_per_class``: each class costs the count of
    its most-used action."""
    free_actions: int = Field(ge=0, le=1)
    """Cockpit actions each crew member may ignore every game-turn."""
    handoff_ap: int = Field(ge=0, le=2)
    """AP for a Sensor Handoff."""
    handoff_once_per_turn: bool
    """Pay for the first handoff of the game-turn only."""


class CockpitActionInfo(DataModel):
    action_class: CockpitActionClass
    switch: bool
    """A "(sw)" action: without HOTAS it needs the Hands Off Switch Action."""
    even_with_hotas: bool = False
    """Needs the Hands Off Switch Action even with HOTAS (manual swing-wing)."""


class CockpitTable(DataModel):
    ap_per_action: int = Field(ge=0)
    types: dict[CockpitType, CockpitTypeCost]
    actions: dict[CockpitAction, CockpitActionInfo]

    @model_validator(mode="after")
    def _complete(self) -> Self:
        missing = [t for t in ("basic", "regular", "improved", "advanced") if t not in self.types]
        if missing:
            raise ValueError(f"cockpit types missing: {', '.join(missing)}")
        missing_actions = [a for a in get_args(CockpitAction) if a not in self.actions]
        if missing_actions:
            raise ValueError(f"cockpit actions missing: {', '.join(missing_actions)}")
        return self


class ActivityTables(DataModel):
    """The Aircrew Tasks play aid, rebuilt (``models/tables/activity.toml``)."""

    format_version: Literal[1] = 1
    activity_points: tuple[ActivityPointsRow, ...] = Field(min_length=6, max_length=6)
    """AP by Crew Quality, −2 to +3 in order."""
    surcharges: Surcharges
    tasks: dict[Task, TaskCost]
    cockpit: CockpitTable

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        qualities = [row.crew_quality for row in self.activity_points]
        if qualities != list(range(-2, 4)):
            raise ValueError("activity_points rows go crew_quality -2 to 3, one each")
        missing = [t for t in get_args(Task) if t not in self.tasks]
        if missing:
            raise ValueError(f"tasks missing: {', '.join(missing)}")
        if not self.tasks["sensor_handoff"].by_cockpit:
            raise ValueError("tasks.sensor_handoff: its cost comes from the cockpit type")
        return self


def load_activity_tables(path: Path) -> ActivityTables:
    """Read an activity table file; a :class:`DataFileError` names the file and fields."""
    return load_model(ActivityTables, path, CARD_LIMITS)
