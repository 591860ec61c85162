"""A hex jet game scenario file (``rules = "hexjet"``): the map, the rules in play, and each
aircraft's start as its display's markers show it.

The seed holds no scenario (§4.8–§6.6 only); a furball scenario gives, for each aircraft,
its type (an aircraft display, ``models/hexjet/data/displays/``), side, hex and facing, and
the markers its display starts with: throttle, fuel, altitude and speed (§6.1–§6.6).  The
map is ``columns`` × ``rows`` hexes from hex 0,0 at its south-west corner; an aircraft that
flies off it leaves the fight (furball's completion, docs/rulings.md H7).

``scope = "seed"`` plays only what the seed defines: initiative, the Flight Decision Steps,
and a move of speed hexes with the first move's turn (§6.3.1); no further turns, no fire,
no damage.  ``scope = "full"`` (the default) adds furball's completion.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, field_validator, model_validator

from models.base import DataModel, FieldProblems
from models.hexjet.common import MAX_LEVEL, STALL_SPEED
from models.hexjet.display import Throttle
from models.hexjet.orders import HexjetDecision
from models.scenario_common import MAX_AIRCRAFT, AircraftCommon, ScenarioCommon

Scope = Literal["seed", "full"]
MAX_MAP_HEXES = 200
FUEL_BOXES = 25


class HexMap(DataModel):
    """The map's size in hexes; columns run east (q), rows north."""

    columns: int = Field(ge=4, le=MAX_MAP_HEXES)
    rows: int = Field(ge=4, le=MAX_MAP_HEXES)

    def contains(self, q: int, r: int) -> bool:
        """Whether axial hex (q, r) is on the map (offset rows: r + q // 2 from 0)."""
        row = r + q // 2
        return 0 <= q < self.columns and 0 <= row < self.rows


class HexjetAircraft(AircraftCommon):
    """One aircraft at the start."""

    hex: str = Field(pattern=r"^\s*-?\d+\s*,\s*-?\d+\s*$")
    """Axial ``q,r`` (``engine.hexmap``): q columns east, r along the north–south hexrow."""
    facing: int = Field(ge=0, le=5)
    """The hexside the nose faces, 0 north, clockwise (§4.9.2)."""
    altitude: int = Field(ge=0, le=MAX_LEVEL)
    speed: int = Field(ge=STALL_SPEED, le=30)
    throttle: Throttle = "MIL"
    fuel: int = Field(default=FUEL_BOXES, ge=1, le=FUEL_BOXES)
    """The fuel marker's box (§6.2): 25 full, 1 the BINGO box."""
    pilot: Literal["script", "ai"] = "ai"
    script: tuple[HexjetDecision, ...] = ()
    """A script pilot's decisions, one a turn (``"AB RC2"``); the AI flies on after."""

    @field_validator("script", mode="before")
    @classmethod
    def _decisions(cls, value: object) -> object:
        return tuple(value) if isinstance(value, list) else value

    @model_validator(mode="after")
    def _script_for_script_pilot(self) -> Self:
        if self.pilot == "script" and not self.script:
            raise ValueError('a script pilot needs a script of decisions (or pilot = "ai")')
        return self

    @property
    def q_r(self) -> tuple[int, int]:
        q, r = (int(part) for part in self.hex.split(","))
        return q, r


class HexjetScenario(ScenarioCommon):
    """A scenario of the hex jet game (``rules = "hexjet"``)."""

    rules: Literal["hexjet"]
    scope: Scope = "full"
    """``seed``: only what the seed defines (decisions and movement); ``full``: with
    furball's completion (turns, fire, damage)."""
    map: HexMap
    aircraft: tuple[HexjetAircraft, ...] = Field(min_length=1, max_length=MAX_AIRCRAFT)

    @model_validator(mode="after")
    def _known_and_on_the_map(self) -> Self:
        from models.hexjet.display import displays

        known = displays()
        problems: list[tuple[str, str]] = []
        for index, setup in enumerate(self.aircraft):
            where = f"aircraft[{index}]"
            display = known.get(setup.type)
            if display is None:
                problems.append(
                    (
                        f"{where}.type",
                        f"no display {setup.type!r}; known: {', '.join(sorted(known))}",
                    )
                )
            else:
                if setup.speed > display.max_speed:
                    problems.append(
                        (
                            f"{where}.speed",
                            f"the {display.name}'s speed track ends at {display.max_speed}",
                        )
                    )
                if setup.throttle == "AB" and not display.afterburner:
                    problems.append(
                        (f"{where}.throttle", f"the {display.name} has no afterburner (§6.1)")
                    )
                if setup.altitude > display.ceiling:
                    problems.append(
                        (f"{where}.altitude", f"above the {display.name}'s ceiling (§6.5)")
                    )
            q, r = setup.q_r
            if not self.map.contains(q, r):
                problems.append(
                    (
                        f"{where}.hex",
                        f"{setup.hex.strip()} is off the {self.map.columns} × {self.map.rows} "
                        "hex map",
                    )
                )
        if problems:
            raise FieldProblems(problems)
        return self
