"""A Phantoms scenario file: the shared header, the year and the optional rules in play,
each aircraft's start on the hex mat, reinforcements, and the ground and naval units.

Positions are in the game's own units: a hex written ``Q,R`` (flat-topped axial, as every
furball hex map), a facing 0–5 (0 crosses the north hexside, clockwise), an altitude level
and a speed in points.
"""

from __future__ import annotations

import re
from typing import Literal, Self

from pydantic import Field, field_validator, model_validator

from models.base import DataModel, FieldProblems
from models.phantoms.card import Countermeasures
from models.phantoms.common import TOP_SPEED, Quality
from models.phantoms.ground import GroundUnit
from models.phantoms.orders import MarkerOrder, PhantomsTurn, parse_markers
from models.scenario_common import MAX_AIRCRAFT, AircraftCommon, ScenarioCommon

MAT_LIMIT_HEXES = 200
"""How far from the mat's centre a scenario may place anything (about 160 nm)."""
TOP_LEVEL = 14
"""The highest altitude level a scenario may use (70,000 ft at 5,000 ft a level)."""
_HEX = r"^\s*-?\d+\s*,\s*-?\d+\s*$"
_HEX_TEXT = re.compile(_HEX)
_MOVING_KINDS = ("target", "infantry")
_BRIDGE_TYPES = ("pontoon", "bridge", "large-bridge")


def _hex_of(text: str) -> tuple[int, int]:
    q, r = (int(part) for part in text.split(","))
    return q, r


def _hex_text(place: tuple[int, int]) -> str:
    return f"{place[0]},{place[1]}"


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two axial hexes (models import nothing of the engine's)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _markers(value: object) -> object:
    if isinstance(value, str):
        from models.phantoms.orders import NotationError

        try:
            return parse_markers(value)
        except NotationError as error:
            raise ValueError(str(error)) from None
    return value


class AiSetup(DataModel):
    """How the AI pilot flies."""

    target: str | None = None
    """The enemy (aircraft or ground unit id) it goes after first; the nearest when none."""
    role: Literal["fighter", "striker", "escort", "recon"] = "fighter"
    """A striker flies its profile to the target, releases and egresses; a recon aircraft
    overflies its target and leaves; an escort stays
    with the strikers and engages what threatens them."""
    profile: Literal["level", "dive", "low", "toss", "standoff"] = "dive"
    """A striker's attack profile (Intruders I-p.4)."""
    aggression: float = Field(default=0.6, ge=0.0, le=1.0)
    locate_on: int = Field(default=7, ge=1, le=10)
    """A recon aircraft above level 3 finds its target on a d10 of this or more, one try a
    pass (U-p.9: 7–10 over Al Basra; U-p.6: 6–10 over the Weser crossings)."""


class PhantomsAircraft(AircraftCommon):
    """One aircraft at the start, or entering as a reinforcement."""

    hex: str = Field(pattern=_HEX)
    """``Q,R`` of its hex."""
    facing: int = Field(ge=0, le=5)
    level: int = Field(ge=0, le=TOP_LEVEL)
    speed: int = Field(ge=1, le=TOP_SPEED)
    quality: Quality = "average"
    pilot: Literal["script", "ai", "solitaire"] = "ai"
    """``solitaire``: flown by Intruders' enemy behaviour tables (I-p.14)."""
    ai: AiSetup = Field(default_factory=AiSetup)
    markers: tuple[MarkerOrder, ...] = ()
    """A script pilot's maneuver queue, one entry per marker placed (``"RT S+1 LHT"``);
    when it runs out the AI pilot flies on."""
    script: tuple[PhantomsTurn, ...] = ()
    """Per-turn orders (speed, afterburner, break-off) for a script pilot."""
    missiles: dict[str, int] | None = None
    """Air-to-air missiles by id; the card's default load when left out."""
    stores: dict[str, int] = Field(default_factory=dict)
    """Air-to-ground stores by weapon id (a loaded aircraft, §11.0)."""
    ecm_pods: int = Field(default=0, ge=0, le=2)
    ir_jammers: int = Field(default=0, ge=0, le=2)
    wingman: str | None = None
    """The aircraft it flies as a designated wingman with (shares visual spots, §13.0)."""
    marker: MarkerOrder | None = None
    """A marker already out at the start, e.g. an overshooting MiG's turn (U-p.15)."""
    marker_hexes: int | None = Field(default=None, ge=0, le=12)
    """How far ahead the starting marker lies (its card distance when left out)."""

    bombsight: Literal["none", "manual", "advanced", "computer"] | None = None
    """A bombsight other than the card's (U-p.7: the Canberras' jammed Green Satin aims as
    a manual sight)."""
    radar_working: bool = True
    """False when its radar cannot lock (U-p.15: the F-4s' one working radar could not
    guide Sparrows)."""
    countermeasures: Countermeasures | None = None
    """This aircraft's own C/M where its operator's differ from the card's (an export
    type, §14.0)."""
    top_speed: int | None = Field(default=None, ge=1, le=TOP_SPEED)
    """A top speed the scenario's rules set in place of the card's (I-p.11: the SAR
    mission's rescue helicopter moves at speed 3)."""

    @field_validator("markers", mode="before")
    @classmethod
    def _markers_from_text(cls, value: object) -> object:
        return _markers(value)

    @field_validator("marker", mode="before")
    @classmethod
    def _one_marker(cls, value: object) -> object:
        if isinstance(value, str):
            parsed = _markers(value)
            if not isinstance(parsed, tuple) or len(parsed) != 1:
                raise ValueError('the starting marker is one maneuver, e.g. "RT"')
            return parsed[0]
        return value

    @model_validator(mode="after")
    def _script_for_script_pilot(self) -> Self:
        if self.pilot == "script" and not (self.markers or self.script):
            raise ValueError('a script pilot needs markers or a script (or pilot = "ai")')
        return self


class Reinforcement(DataModel):
    """Aircraft that may join at a turn's start on a die roll (U-p.15's MiG-21 pairs,
    U-p.7's MiG replacements)."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    roll_at_least: int = Field(default=1, ge=1, le=10)
    """They arrive on a d10 of this or more, rolled at each turn's start."""
    from_turn: int = Field(default=1, ge=1)
    times: int = Field(default=1, ge=1, le=10)
    """How many times the group may arrive (each arrival is the listed aircraft once)."""
    aircraft: tuple[PhantomsAircraft, ...] = Field(min_length=1, max_length=8)
    replaces: str | None = None
    """The aircraft (by id) this group stands in for: it arrives, without a roll, at the
    start of the turn after that aircraft is shot down or damaged (I-p.11: another rescue
    helicopter appears at a mat edge)."""
    either_edge: bool = False
    """A second d10 picks the edge: 1–5 as listed, 6–10 the opposite edge (each hex's q and
    the facing mirrored east–west), as U-p.15's diagram has the MiG-21s enter."""


class LoadRoll(DataModel):
    """Missiles that only some aircraft of a group carry, by a die rolled at set-up
    (U-p.15: a d4 says how many MiG-21s carry two Atolls)."""

    die: Literal["d4", "d6", "d10"] = "d4"
    aircraft: tuple[str, ...] = Field(min_length=1)
    """The group's aircraft ids, first to be armed first."""
    missiles: dict[str, int] = Field(min_length=1)


class GroundMove(DataModel):
    """A ground unit that moves along a route: the Railroad mission's train, the SAR
    mission's infantry closing on the downed crew (Intruders I-p.10–11)."""

    route: tuple[str, ...] = Field(min_length=1, max_length=MAT_LIMIT_HEXES)
    """The hexes it moves through, ``Q,R`` each, in order; the first is next to its own."""
    hexes_per_turn: int = Field(ge=1, le=TOP_SPEED)
    """Its speed: it moves a hex in each impulse the Impulse Chart moves an aircraft of
    this speed (§6.0)."""
    turns: tuple[int, ...] = ()
    """The game turns it moves in (the SAR infantry's 2, 5 and 8); every turn when empty."""
    leaves_mat: bool = False
    """Past the route's last hex it leaves the mat (the train gets away)."""

    @field_validator("route")
    @classmethod
    def _hexes(cls, route: tuple[str, ...]) -> tuple[str, ...]:
        for number, place in enumerate(route):
            if not _HEX_TEXT.match(place):
                raise ValueError(f'route.{number}: {place!r} is no hex; write "Q,R"')
        return route

    @field_validator("turns")
    @classmethod
    def _turns(cls, turns: tuple[int, ...]) -> tuple[int, ...]:
        if any(turn < 1 for turn in turns) or list(turns) != sorted(set(turns)):
            raise ValueError("the turns are game turns from 1, in order, each once")
        return turns


class Crossing(DataModel):
    """A bridge ground units cross one at a time: on each listed turn one unit of the
    bridge's side waiting on the near bank crosses to the far bank, while the bridge stands
    (River Crossing, I-p.11)."""

    near: str = Field(pattern=_HEX)
    """The near-bank hex the units wait in, next to the bridge's."""
    far: str = Field(pattern=_HEX)
    """The far-bank hex they cross to, next to the bridge's."""
    turns: tuple[int, ...] = Field(default=(2, 5, 8), min_length=1)
    """The game turns a unit crosses (I-p.11: 2, 5 and 8)."""

    @field_validator("turns")
    @classmethod
    def _turns(cls, turns: tuple[int, ...]) -> tuple[int, ...]:
        return GroundMove._turns(turns)


class Capture(DataModel):
    """How a downed crew is captured (SAR, I-p.11): while enemy infantry stands in its
    hex, a d10 at each turn's end of ``at_most`` or less takes it and ends the game."""

    at_most: int = Field(ge=1, le=10)
    """The highest d10 that captures (I-p.11: 6)."""


class Site(GroundUnit):
    """A ground or naval unit and the side it fights for (Intruders, U-p.2)."""

    side: str = Field(min_length=1, max_length=24)
    move: GroundMove | None = None
    """It moves along a route (a train, infantry closing on a crew)."""
    crossing: Crossing | None = None
    """A bridge ground units cross (a pontoon on the River Crossing mission)."""
    capture: Capture | None = None
    """A downed crew the enemy's infantry may capture."""

    @model_validator(mode="after")
    def _special_rules(self) -> Self:
        problems: list[tuple[str, str]] = []
        here = _hex_of(self.hex)
        if self.move is not None:
            if self.kind not in _MOVING_KINDS:
                kinds = " and ".join(_MOVING_KINDS)
                problems.append(("move", f"only {kinds} units move along a route (I-p.10–11)"))
            before = here
            for number, place in enumerate(self.move.route):
                step = _hex_of(place)
                if _hex_distance(before, step) != 1:
                    problems.append(
                        (
                            f"move.route.{number}",
                            f"{place!r} is not next to {_hex_text(before)!r}: a unit moves "
                            "hex by hex (I-p.10–11)",
                        )
                    )
                    break
                before = step
        if self.crossing is not None:
            if self.kind != "target" or self.type_id not in _BRIDGE_TYPES:
                bridges = ", ".join(_BRIDGE_TYPES)
                problems.append(("crossing", f"only a bridge ({bridges}) is crossed (I-p.11)"))
            for name in ("near", "far"):
                place = getattr(self.crossing, name)
                if _hex_distance(here, _hex_of(place)) != 1:
                    problems.append(
                        (f"crossing.{name}", f"{place!r} is not next to the bridge's hex (I-p.11)")
                    )
            if self.crossing.near.replace(" ", "") == self.crossing.far.replace(" ", ""):
                problems.append(("crossing.far", "the far bank is the near bank's hex"))
        if self.capture is not None and self.kind != "crew":
            problems.append(("capture", "only a downed crew (kind crew) is captured (I-p.11)"))
        if problems:
            raise FieldProblems(problems)
        return self


class Controller(DataModel):
    """A ground or airborne controller (GCI, AWACS) helping one side (§4.0, §13.0)."""

    side: str = Field(min_length=1)
    kind: Literal["gci", "awacs"] = "gci"


class PhantomsOptions(DataModel):
    """The optional rules a group switches on (§13.0–§15.0, Intruders)."""

    five_impulse: bool = False
    """§15.0: five impulses a turn."""
    hidden_markers: bool = False
    """Markers are placed face down and shown when reached (§15.1)."""
    launch_rolls: Literal["off", "phantoms", "vietnam"] = "off"
    """§15.2 launch rolls by era, or Intruders' Vietnam launch numbers (I-p.13)."""
    emergency_maneuvers: bool = False
    spotting: bool = False
    """§13.0: radar and visual spotting; unspotted firers get their bonuses."""
    stealth: bool = False
    vietnam: bool = False
    """Intruders' Vietnam rules: US rules of engagement, speed 5 at levels 0–1 (I-p.13)."""
    static_map: bool = False
    """The mat's edges bound the fight; otherwise everything is shifted (§10.0)."""
    visibility_hexes: int | None = Field(default=None, ge=1, le=30)
    """Weather's limit on visual spotting range (U-p.6)."""
    visibility_roll: Literal["none", "d10", "mean_2d10"] = "none"
    """The visual range rolled at set-up: a d10 (U-p.6 scenario 1: 1 is cloud and fog, roll
    again; 2–4 rain and cumulus; 5 and more clear) or the mean of two d10s rounded up
    (scenario 2)."""


class PhantomsScenario(ScenarioCommon):
    """A scenario of Phantoms (``rules = "phantoms"``)."""

    rules: Literal["phantoms"]
    year: int = Field(default=1972, ge=1945, le=2030)
    """The year of the fight: C/M by era (§14.0) and launch numbers (§15.2) read it."""
    options: PhantomsOptions = Field(default_factory=PhantomsOptions)
    aircraft: tuple[PhantomsAircraft, ...] = Field(min_length=1, max_length=MAX_AIRCRAFT)
    reinforcements: tuple[Reinforcement, ...] = ()
    controllers: tuple[Controller, ...] = ()
    load_rolls: tuple[LoadRoll, ...] = ()
    ground: tuple[Site, ...] = ()
    """AAA sites, SAM batteries and their radars, ground targets and ships."""
    mat_hexes: tuple[int, int] = (30, 24)
    """The mat's width and height in hexes (the minimum mat is 12 × 18)."""
    exit_edge: Literal["north", "south", "east", "west"] | None = None
    """Where a side's victory says it leaves (U-p.15: the lower edge)."""
    victory: str = ""
    """The scenario's victory conditions, as the briefing gives them."""
    history: str = ""

    @model_validator(mode="after")
    def _inside(self) -> Self:
        for number, setup in enumerate(self.aircraft):
            q, r = (int(part) for part in setup.hex.split(","))
            if max(abs(q), abs(r), abs(q + r)) > MAT_LIMIT_HEXES:
                raise ValueError(f"aircraft.{number}.hex: more than {MAT_LIMIT_HEXES} hexes out")
        return self
