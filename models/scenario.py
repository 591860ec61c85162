"""Scenarios: who flies what, where, and how (the file a user writes).

A scenario is TOML, parsed into these frozen models.  Everything the models can check without
the rules is checked here (shapes, ranges, cell spelling); what needs the rules (is the
attitude legal, does the aircraft type exist, are the plotted segments flyable) is checked by
the engine, and ``furball validate`` reports both kinds together with field paths.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal, Self, get_args

from pydantic import Field, field_validator, model_validator

from models.base import DataModel, FieldProblems
from models.files import load_model, shown
from models.hexes import check_hex_text
from models.orders import BopPlot
from models.scenario_common import MAX_AIRCRAFT, MAX_TURNS, AircraftCommon, ScenarioCommon

SCENARIO_FORMAT_VERSION = 1
MAX_MISSILES = 16
"""Missile rounds one aircraft may carry; the shipped loadouts carry at most 8."""
MAX_FUEL_FP = 1000
"""Fuel Points (of 100 lb) any file may give; a type's card bounds its own fuel tighter."""
MAX_WEATHER_LAYERS = 16
"""Haze or cloud layers of each kind."""

_CELL_TEXT = re.compile(
    r"^\s*(all|\d{1,3})\s*e?\s*[+\-\u2013\u2014\u2212±]\s*\d{1,2}\s*$", re.IGNORECASE
)


class AttitudeMarks(DataModel):
    """PHAD marks as written on the control card."""

    nose: str
    """Nose cell, e.g. ``015+00``."""
    canopy: str
    """Canopy cell, e.g. ``All+90``."""
    wing: str
    """Right Wing cell, e.g. ``105+00``."""

    @field_validator("nose", "canopy", "wing")
    @classmethod
    def _looks_like_a_cell(cls, value: str) -> str:
        if not _CELL_TEXT.match(value):
            raise ValueError(f"{value!r} is not PHAD cell text such as 030+30, 015+00, All+90")
        return value


class Script(DataModel):
    """Scripted orders: one plot per game-turn, then held or repeated."""

    plots: tuple[BopPlot, ...] = Field(min_length=1, max_length=MAX_TURNS)
    """Plots for game-turns 1, 2, …"""
    after: Literal["hold", "repeat"] = "hold"
    """When the plots run out: fly the last one again (hold) or start over (repeat)."""
    when_unflyable: Literal["stop", "ai"] = "stop"
    """When a game-turn's plot breaks the rules in the aircraft's state on that game-turn
    (other dice, another speed): stop the game naming the order (``stop``), or let the AI
    pilot fly that game-turn, set up by the aircraft's ``ai`` table, and take the script up
    again on the next (``ai``; the timeline says so)."""

    def plot_for_turn(self, turn: int) -> BopPlot:
        """The plot for game-turn ``turn`` (1-based)."""
        index = turn - 1
        if index < len(self.plots):
            return self.plots[index]
        if self.after == "repeat":
            return self.plots[index % len(self.plots)]
        return self.plots[-1]


class AircraftSetup(AircraftCommon):
    """One aircraft at the start of a Birds of Prey scenario, in the rules' units."""

    hex: str
    """Starting hex ``Q,R``."""
    alt_steps: int = Field(ge=0, le=400)
    """Starting altitude in 200 ft steps."""
    attitude: AttitudeMarks
    speed_kt: int = Field(ge=40, le=1000)
    """Starting speed, a multiple of 5 knots."""
    throttle: Literal["idle", "mil", "ab"] = "mil"
    fuel_fp: int | None = Field(default=None, ge=0, le=MAX_FUEL_FP)
    """Fuel in Fuel Points; half the internal fuel when omitted, which with the card's fixed
    load is its reference combat weight."""
    crew_quality: Literal["green", "average", "veteran", "ace"] = "average"
    bailout_over: Literal["friendly", "hostile"] = "friendly"
    """Whose ground this crew comes down on if it ejects (Post-Battle Fate)."""
    gci: bool = False
    """A ground controller feeds this aircraft: a type with a GCI datalink gets a cue on the
    nearest enemy in the game's first Sensor phase ("GCI Datalink")."""
    bingo_fp: int | None = Field(default=None, ge=0, le=MAX_FUEL_FP)
    """The scenario's Bingo limit: the Fuel Points it needs to get home ("Fuel"); the
    timeline marks the game-turn it is reached."""
    missiles: tuple[str, ...] = Field(default=(), max_length=MAX_MISSILES)
    """Missiles carried, one entry per round, e.g. ``["AIM-7E-2", "AIM-7E-2", "AIM-9B"]``."""
    pilot: str = Field(default="script", pattern=r"^(script(:bfm/[a-z0-9\-]+)?|ai)$")
    """Who flies it: ``script`` (the plots below), a maneuver from the BFM library,
    ``script:bfm/high-yo-yo``, flown every game-turn with the ``maneuver`` parameters, or
    ``ai``, the AI pilot, set up by the ``ai`` table."""
    maneuver: dict[str, Any] = Field(default_factory=dict)
    """The maneuver's parameters, e.g. ``{ target = "fagot-1" }`` (checked against the
    maneuver when the game is set up)."""
    ai: dict[str, Any] = Field(default_factory=dict)
    """The AI pilot's set-up, e.g. ``{ target = "fagot-1", fight = "two-circle" }``
    (checked against the AI's parameters when the game is set up)."""
    script: Script | None = None
    """The plots a ``script`` pilot flies."""
    guns_at: str | None = Field(default=None, min_length=1)
    """A maneuver pilot's gun target (an aircraft id): it fires whenever the geometry offers
    a shot (Gun Combat)."""

    @model_validator(mode="after")
    def _a_script_for_a_script_pilot(self) -> Self:
        if self.pilot == "script" and self.script is None:
            raise ValueError("a script pilot needs a script (or name a maneuver as the pilot)")
        if self.pilot != "script" and self.script is not None:
            raise ValueError(f"pilot {self.pilot!r} writes its own plots: leave the script out")
        if self.maneuver and not self.pilot.startswith("script:"):
            raise ValueError("maneuver parameters are for a maneuver pilot (script:bfm/...)")
        if self.ai and self.pilot != "ai":
            raise ValueError('an ai table is for pilot = "ai"')
        return self

    @field_validator("hex")
    @classmethod
    def _hex_text(cls, value: str) -> str:
        return check_hex_text(value)

    @field_validator("speed_kt")
    @classmethod
    def _multiple_of_five(cls, value: int) -> int:
        if value % 5:
            raise ValueError(f"speeds are tracked to the nearest 5 knots; {value} is not")
        return value


class MapSetup(DataModel):
    """The playing area."""

    name: str = Field(default="open sea", max_length=200)
    ground_alt_steps: int = Field(default=0, ge=0, le=100)
    """Height of the ground in steps; an aircraft flying below it has hit the ground."""
    tile_base_alt_steps: int = Field(default=0, ge=0, le=400)
    """Tile Base Altitude ("Orient Box Mini, Update Tiles"): altitude stacks count from it."""


class WeatherLayer(DataModel):
    """A layer of haze or cloud between two altitudes in 200 ft steps, inclusive."""

    bottom_steps: int = Field(ge=0, le=400)
    top_steps: int = Field(ge=0, le=400)

    @model_validator(mode="after")
    def _ordered(self) -> Self:
        if self.top_steps < self.bottom_steps:
            raise ValueError(
                f"top_steps {self.top_steps} is below bottom_steps {self.bottom_steps}"
            )
        return self


class WeatherSetup(DataModel):
    """The scenario's weather ("Weather"): haze makes aircraft harder to see through it;
    cloud between two aircraft hides them from each other (Visual Sighting, SoP 09)."""

    haze: tuple[WeatherLayer, ...] = Field(default=(), max_length=MAX_WEATHER_LAYERS)
    cloud: tuple[WeatherLayer, ...] = Field(default=(), max_length=MAX_WEATHER_LAYERS)


AdvancedRule = Literal[
    "inverted_flight",
    "negative_loads",
    "pointing",
    "unloaded_flight",
    "barrel_rolls",
    "g_onset",
    "crew_fatigue",
    "odd_couple",
]
"""The rulebook's advanced rules, each of which a scenario plays or leaves out: "(Advanced)
Inverted Flight" (a long inverted straight counts as -1.0 G), "Negative Loads" (pushes),
"Pointing", "Unloaded Flight" (voluntary unloads), "Barrel Rolls", "G Onset", "Crew
Fatigue" and "The Odd Couple" (a matched IR/RH pair fired at one target on a radar
track, docs/rulings.md). Without any of them the game is the rulebook's basic game."""
ADVANCED_RULES: tuple[AdvancedRule, ...] = get_args(AdvancedRule)
"""Every advanced rule, in the rulebook's order."""
PLAYED_BY_DEFAULT: tuple[AdvancedRule, ...] = tuple(
    r for r in ADVANCED_RULES if r not in ("g_onset", "odd_couple")
)
"""The advanced rules a scenario plays when it does not list them: all but G Onset and The
Odd Couple, the set furball played before each rule had its own switch (docs/rulings.md)."""


class Scenario(ScenarioCommon):
    """A Birds of Prey scenario file."""

    format_version: Literal[1] = 1
    rules: Literal["bop"] = "bop"
    """Rule system: Birds of Prey."""
    turns: int = Field(default=10, ge=1, le=MAX_TURNS)
    """Game-turns to play."""
    advanced_rules: tuple[AdvancedRule, ...] = PLAYED_BY_DEFAULT
    """The rulebook's advanced rules played: ``inverted_flight``, ``negative_loads``,
    ``pointing``, ``unloaded_flight``, ``barrel_rolls``, ``g_onset`` (sharp rises in load
    check the crew at the end of plotting), ``crew_fatigue`` and ``odd_couple`` (an IR twin
    may follow its radar twin at one target). Left out, every one but ``g_onset`` and
    ``odd_couple``; ``[]`` plays the basic game, which refuses pushes, voluntary unloads and
    barrel rolls."""
    awareness: bool = True
    """Play Initiative, Visual Sighting and the Sensor phase (SoP 08–10) and the radar
    switches of SoP 02. A solo drill with nothing to see may leave them out (``false``);
    its launches then take the launcher to hold what its missile needs."""
    weather: WeatherSetup = Field(default_factory=WeatherSetup)
    map: MapSetup = Field(default_factory=MapSetup)
    aircraft: tuple[AircraftSetup, ...] = Field(min_length=1, max_length=MAX_AIRCRAFT)

    @model_validator(mode="after")
    def _above_ground(self) -> Self:
        for index, setup in enumerate(self.aircraft):
            if setup.alt_steps < self.map.ground_alt_steps:
                raise ValueError(
                    f"aircraft.{index} starts at step {setup.alt_steps}, below the ground at "
                    f"step {self.map.ground_alt_steps}"
                )
        return self

    @model_validator(mode="after")
    def _references_resolve(self) -> Self:
        problems: list[tuple[str, str]] = []
        for index, setup in enumerate(self.aircraft):
            problems.extend(setup_reference_problems(f"aircraft.{index}", setup, self))
        if problems:
            raise FieldProblems(problems)
        return self

    def setup(self, entity_id: str) -> AircraftSetup | None:
        """The set-up of the aircraft with this id, or None."""
        return next((s for s in self.aircraft if s.entity_id == entity_id), None)


def _other_aircraft_problem(name: str, own: AircraftSetup, scenario: Scenario) -> str | None:
    """Why ``name`` is not another aircraft of the scenario, or None when it is one."""
    others = [i for i in scenario.entity_ids if i != own.entity_id]
    if name in others:
        return None
    listed = ", ".join(others) if others else "none"
    if name == own.entity_id:
        return f"names {own.entity_id!r} itself; the other aircraft: {listed}"
    return f"no aircraft {shown(name)} in the scenario; the other aircraft: {listed}"


def _carried_problem(name: str, own: AircraftSetup) -> str | None:
    """Why ``name`` is not a missile type this aircraft carries, or None when it is."""
    if name in own.missiles:
        return None
    carried = ", ".join(dict.fromkeys(own.missiles)) or "none"
    return f"{own.entity_id} carries no {shown(name)}; it carries: {carried}"


def plot_reference_problems(
    where: str, plot: BopPlot, own: AircraftSetup, scenario: Scenario
) -> list[tuple[str, str]]:
    """Each aircraft or missile a plot names that the scenario does not have, as
    (field path, problem): gun, missile and radar targets are other aircraft; the missile
    launched and the IR missile selected are types the aircraft carries."""
    named: list[tuple[str, str | None, bool]] = [
        ("guns.target", plot.guns.target if plot.guns else None, True),
        ("missile.target", plot.missile.target if plot.missile else None, True),
        ("missile.type", plot.missile.type if plot.missile else None, False),
        ("weapon", plot.weapon, False),
        ("sensors.radar_target", plot.sensors.radar_target, True),
        ("sensors.ir_missile", plot.sensors.ir_missile, False),
    ]
    problems: list[tuple[str, str]] = []
    for field, name, is_aircraft in named:
        if name is None:
            continue
        problem = (
            _other_aircraft_problem(name, own, scenario)
            if is_aircraft
            else _carried_problem(name, own)
        )
        if problem is not None:
            problems.append((f"{where}.{field}", problem))
    return problems


def setup_reference_problems(
    where: str, setup: AircraftSetup, scenario: Scenario
) -> list[tuple[str, str]]:
    """Each other aircraft or missile an aircraft's set-up names that the scenario does not
    have: its gun target, its AI pilot's or maneuver's target, and what its scripted plots
    name."""
    problems: list[tuple[str, str]] = []
    targets = [
        ("guns_at", setup.guns_at),
        ("ai.target", setup.ai.get("target")),
        ("maneuver.target", setup.maneuver.get("target")),
    ]
    for field, name in targets:
        if isinstance(name, str):
            problem = _other_aircraft_problem(name, setup, scenario)
            if problem is not None:
                problems.append((f"{where}.{field}", problem))
    if setup.script is not None:
        for index, plot in enumerate(setup.script.plots):
            problems.extend(
                plot_reference_problems(f"{where}.script.plots.{index}", plot, setup, scenario)
            )
    return problems


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file; :class:`~models.files.DataFileError` lists every problem."""
    return load_model(Scenario, path)
