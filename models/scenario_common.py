"""What every rule set's scenario file shares: a small header and, for each aircraft, who it
is (DESIGN §4).

A scenario file names its rule system in ``rules`` (Birds of Prey when absent, as in every
file written before there were others); the rest of the file is that rule set's body, in its
own units.  :func:`engine.rulesets.load_scenario` reads ``rules`` first and validates the
file with that rule set's model, a subclass of :class:`ScenarioCommon` whose aircraft
subclass :class:`AircraftCommon`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Self

from pydantic import Field, field_validator, model_validator

from models.base import DataModel
from models.files import LARGEST_WHOLE_NUMBER
from models.reference import GeoReference

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"
"""Where the committed JSON Schemas of furball's file formats are."""
MAX_TURNS = 1000
"""Turns a scenario may play: for Birds of Prey 50 minutes of game time, far more than a
fight lasts."""
MAX_AIRCRAFT = 32
"""Aircraft in one scenario: a large furball; the shipped scenarios fly at most 8."""
DEFAULT_RULES = "bop"
"""The rule set of a scenario file that does not say (Birds of Prey's files predate the
others)."""


class AircraftCommon(DataModel):
    """Who one aircraft is, whatever the rules: callsign, id, type and side."""

    callsign: str = Field(min_length=1, max_length=24)
    id: str | None = Field(default=None, max_length=32, pattern=r"^[a-z0-9_\-]+$")
    """Stable id in timelines; the callsign in lower case with spaces as dashes by default."""
    type: str
    """Aircraft type id, e.g. ``F-16C`` (the rule set's catalogue knows it)."""
    side: str = Field(min_length=1, max_length=24)
    """Side name, e.g. ``blue`` / ``red``."""

    @field_validator("callsign")
    @classmethod
    def _callsign_makes_an_id(cls, value: str) -> str:
        """The callsign becomes the aircraft's id in the timeline, where sensor channels list
        ids separated by commas: no commas, and no spacing but plain spaces."""
        if "," in value or any((c.isspace() and c != " ") or not c.isprintable() for c in value):
            raise ValueError(
                "a callsign may not hold a comma, a tab, a line break or a control character"
            )
        return value

    @property
    def entity_id(self) -> str:
        return self.id or self.callsign.lower().replace(" ", "-")


class ScenarioCommon(DataModel):
    """The header every scenario file shares; a rule set's scenario model adds its body."""

    format_version: int = 1
    name: str = Field(min_length=1, max_length=200)
    """The scenario's title."""
    description: str = ""
    """The briefing."""
    rules: str = DEFAULT_RULES
    """Rule system: the name of a registered rule set (``bop`` when absent)."""
    turns: int = Field(default=10, ge=1, le=MAX_TURNS)
    """Turns to play, in the rules' own turns."""
    seed: int | None = Field(default=None, ge=0, le=LARGEST_WHOLE_NUMBER)
    """Random seed; one is chosen and recorded when omitted."""
    reference: GeoReference = Field(default_factory=GeoReference)
    """Where the map lies on the globe and when the fight starts, for exports such as
    Tacview's (``reference = { lat_deg = 20.0, lon_deg = 107.3, time =
    1972-05-10T08:30:00Z }``); the default is a point over open sea."""
    aircraft: tuple[AircraftCommon, ...] = Field(min_length=1, max_length=MAX_AIRCRAFT)

    @model_validator(mode="after")
    def _unique_ids(self) -> Self:
        seen: set[str] = set()
        for setup in self.aircraft:
            if setup.entity_id in seen:
                raise ValueError(f"two aircraft share the id {setup.entity_id!r}")
            seen.add(setup.entity_id)
        return self

    @property
    def entity_ids(self) -> tuple[str, ...]:
        """Every aircraft's id, in the order the file lists them."""
        return tuple(setup.entity_id for setup in self.aircraft)

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides, in the order their first aircraft appear."""
        return tuple(dict.fromkeys(setup.side for setup in self.aircraft))


def scenario_rules(raw: dict[str, Any]) -> Any:
    """The ``rules`` a scenario file's table names (the default when it names none); any
    value the file holds, for the caller to check."""
    return raw.get("rules", DEFAULT_RULES)
