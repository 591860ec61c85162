"""An Over the Lines scenario file: the shared header, the date and weather, the optional
rules in play, each plane's start on the table and the ground units.

The seed's set-up rules are "in a separate document" it does not include (§Scenario
Set-up); what a furball scenario states is what its rules read: the date (spins before
summer 1916, ground fire by year, German parachutes from spring 1918), the time of day (the
sun), a cloud layer, and each plane's place, attitude, speed and pilot.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.otl.orders import OtlRound
from models.scenario_common import MAX_AIRCRAFT, AircraftCommon, ScenarioCommon

BANKS = ("UE", "UR", "PR", "IR", "I", "IL", "PL", "UL")
"""The eight banks in 45° steps clockwise from upright (docs/rulings.md, OtL banks)."""
BankName = Literal["UE", "UR", "PR", "IR", "I", "IL", "PL", "UL"]
PITCHES = ("VD", "D", "L", "C", "VC")
"""The five pitches from Vertical Dive to Vertical Climb (§Pitch and Altitude Changes)."""
PitchName = Literal["VD", "D", "L", "C", "VC"]
LEVELS = ("green", "inexperienced", "regular", "veteran")
"""Pilot levels by missions flown: 0, 1, 3, 6 (§Pilot Capabilities)."""
TABLE_LIMIT_IN = 2_000.0
"""How far from the table's middle a scenario may place anything (about 19 miles)."""


class Crew(DataModel):
    """A pilot's record: missions flown and kills (§Pilot Capabilities, Gunfire Chart)."""

    missions: int = Field(default=6, ge=0, le=500)
    kills: int = Field(default=0, ge=0, le=200)

    @property
    def level(self) -> str:
        """Green (0), Inexperienced (1–2), Regular (3–5) or Veteran (6 and more)."""
        if self.missions >= 6:
            return "veteran"
        if self.missions >= 3:
            return "regular"
        return "inexperienced" if self.missions >= 1 else "green"


class AiSetup(DataModel):
    """How the AI pilot flies: whom it hunts first and how readily it breaks."""

    target: str | None = None
    """The enemy it goes after first (the nearest when none)."""
    aggression: float = Field(default=0.5, ge=0.0, le=1.0)
    """0: breaks at any threat; 1: presses the attack whatever is behind it."""


class OtlAircraft(AircraftCommon):
    """One plane at the start: its chart, place, attitude, speed and crew."""

    x_in: float = Field(ge=-TABLE_LIMIT_IN, le=TABLE_LIMIT_IN)
    """Table inches east of the table's middle."""
    y_in: float = Field(ge=-TABLE_LIMIT_IN, le=TABLE_LIMIT_IN)
    """Table inches north of the table's middle."""
    heading_deg: int = Field(ge=0, lt=360)
    """Compass heading, clockwise from north."""
    alt_ft: int = Field(ge=0, le=25_000)
    bank: BankName = "UE"
    pitch: PitchName = "L"
    speed: int = Field(ge=0, le=22)
    """Speed points (10 mph each); 0 only for a plane on the ground about to take off."""
    pilot: Literal["script", "ai"] = "script"
    pilot_crew: Crew = Field(default_factory=Crew)
    observer_crew: Crew | None = None
    """A two-seater's observer (the chart says whether it has one)."""
    ai: AiSetup = Field(default_factory=AiSetup)
    script: tuple[OtlRound, ...] = ()
    """A script pilot's rounds; when it runs out the AI pilot flies on."""
    engine_on: bool = True
    bombs: bool = False
    """Carries a full bomb load (positive power and Climb Rate halved until it drops)."""
    incendiary: bool = False
    """Loaded with incendiary ammunition (optional rule)."""

    @model_validator(mode="after")
    def _script_for_script_pilot(self) -> Self:
        if self.pilot == "script" and not self.script:
            raise ValueError('a script pilot needs a script of rounds (or pilot = "ai")')
        return self


class CloudLayer(DataModel):
    """One thick layer of cloud between two altitudes (§Clouds)."""

    base_ft: int = Field(ge=0, le=25_000)
    top_ft: int = Field(ge=0, le=25_000)

    @model_validator(mode="after")
    def _above(self) -> Self:
        if self.top_ft <= self.base_ft:
            raise ValueError("the cloud's top must be above its base")
        return self


class OtlOptions(DataModel):
    """The optional rules a club switches on (§Advanced and Optional Rules)."""

    damage: Literal["chits", "percentile"] = "chits"
    """Draw damage chits from the cup, or roll the Critical Hits table's d100 column."""
    parachutes: bool = False
    clouds: CloudLayer | None = None
    sun: bool = False
    hidden_damage: bool = False
    spotting: bool = False
    ground_fire: bool = False
    """Archie, machine guns and troops fire (they must be among the ground units)."""
    bombing: bool = False
    photography: bool = False
    balloons: bool = False
    incendiary: bool = False
    take_off_landing: bool = False
    static_table: bool = False
    """The table's edges bound the fight (otherwise planes are slid back together)."""


class GroundUnit(DataModel):
    """Something on the ground: a gun, troops, a balloon, a target or an airfield."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    kind: Literal["archie", "machine_gun", "troops", "balloon", "target", "airfield"]
    side: str = Field(min_length=1, max_length=24)
    x_in: float = Field(ge=-TABLE_LIMIT_IN, le=TABLE_LIMIT_IN)
    y_in: float = Field(ge=-TABLE_LIMIT_IN, le=TABLE_LIMIT_IN)
    alt_ft: int | None = Field(default=None, ge=0, le=25_000)
    """A balloon's height (1d6 × 500 ft when left out); a photo target's altitude."""
    size: Literal["small", "normal", "large", "huge"] = "normal"
    """A bombing target's size (Bombing Table)."""
    radius_in: float = Field(default=6.0, gt=0.0, le=100.0)
    """An airfield's extent."""


class OtlScenario(ScenarioCommon):
    """A scenario of Over the Lines (``rules = "otl"``)."""

    rules: Literal["otl"]
    date: str = Field(default="1917-06", pattern=r"^19(1[4-9])-(0[1-9]|1[0-2])$")
    """Year and month, ``YYYY-MM``: date-dependent rules read it."""
    time_of_day: Literal["morning", "midday", "afternoon"] = "midday"
    options: OtlOptions = Field(default_factory=OtlOptions)
    aircraft: tuple[OtlAircraft, ...] = Field(min_length=1, max_length=MAX_AIRCRAFT)
    ground: tuple[GroundUnit, ...] = ()
    front_line_y_in: float | None = None
    """The front line on the table (north–south inches); sides go home across it."""
