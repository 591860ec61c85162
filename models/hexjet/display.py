"""An aircraft display of the hex jet game (планшет самолета, §4.8.1): what the Flight
Decision Steps read off it, as data.

The seed (§6.0–§6.6) names the display's parts without printing any: the throttle track
(трек режимов работы двигателя: AB / MIL / IDLE, with each setting's fuel cost), the
25-box fuel track (трек топлива) ending in the BINGO box, the Maneuver Matrix (Матрица
Маневра), the Altitude Change Track (трек изменения высоты, 0–6), the Altitude Track
(трек высоты, 0–15 in the basic game), the Speed Track (трек скорости) and the
Acceleration Chart (Таблица Ускорения): a column for subsonic (9 or less) and supersonic
(10 or more) speed, each split by High or Normal Acceleration, each by throttle, with a
row for each altitude change; a cell is a signed speed change or **P**, a prohibited
combination.  Whether the aircraft can use afterburner and which acceleration class it
has come from §1.2.1.2, which the seed does not hold.

The display is read-only: the aircraft's markers live in ``engine.hexjet.decision``.
furball's displays of eight types (``data/displays/``) are its own reconstruction, written by
``tools/hexjet_displays.py`` from the Birds of Prey cards (docs/hexjet.md "The displays");
they also carry what furball's completion of the Action Step and combat reads: the turn
allowance, the gun, the missiles, the damage rating and the miniature's size.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.hexjet.common import MAX_LEVEL, MAX_LEVEL_CHANGE, SUPERSONIC_SPEED

Throttle = Literal["AB", "MIL", "IDLE"]
"""§6.1: форсаж (afterburner), основной боевой режим (military), минимальная мощность."""
THROTTLES: tuple[Throttle, ...] = ("AB", "MIL", "IDLE")
SpeedClass = Literal["subsonic", "supersonic"]
AccelerationClass = Literal["high", "normal"]
SUPERSONIC_FROM_SPEED = SUPERSONIC_SPEED
"""§6.6.1: subsonic (дозвуковая) is 9 or less, supersonic (сверхзвуковая) 10 or more."""
MAX_ALTITUDE_CHANGE = MAX_LEVEL_CHANGE
"""§6.4: "never more than six altitude levels a turn"."""
BASIC_CEILING = MAX_LEVEL
"""§6.5: the highest altitude level for every aircraft in the basic game."""
ChartCell = int | Literal["P"]
"""A signed speed change (§6.6.4.1) or P, a prohibited combination (§6.6.4)."""


def speed_class(speed: int) -> SpeedClass:
    """§6.6.1: the chart's column for the speed now."""
    return "supersonic" if speed >= SUPERSONIC_FROM_SPEED else "subsonic"


class ChartColumn(DataModel):
    """One throttle sub-column: the result for each signed altitude change (climb +,
    dive −), from −6 to +6, lowest first."""

    throttle: Throttle
    results: tuple[ChartCell, ...] = Field(
        min_length=2 * MAX_ALTITUDE_CHANGE + 1, max_length=2 * MAX_ALTITUDE_CHANGE + 1
    )

    def result(self, altitude_change: int) -> ChartCell:
        return self.results[altitude_change + MAX_ALTITUDE_CHANGE]


class ChartBlock(DataModel):
    """The chart's sub-columns for one speed class and one acceleration class."""

    speed_class: SpeedClass
    acceleration: AccelerationClass
    columns: tuple[ChartColumn, ...] = Field(min_length=1, max_length=3)

    def column(self, throttle: Throttle) -> ChartColumn | None:
        return next((c for c in self.columns if c.throttle == throttle), None)


class AccelerationChart(DataModel):
    """The Acceleration Chart (Таблица Ускорения, §6.6)."""

    blocks: tuple[ChartBlock, ...] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _one_block_each(self) -> Self:
        keys = [(b.speed_class, b.acceleration) for b in self.blocks]
        if len(set(keys)) != len(keys):
            raise FieldProblems([("blocks", "two blocks for the same speed and acceleration")])
        return self

    def result(
        self, speed: int, acceleration: AccelerationClass, throttle: Throttle, altitude_change: int
    ) -> ChartCell:
        """§6.6.1–§6.6.3: the cell for the speed's column, the acceleration sub-column, the
        throttle and the altitude-change row; P where the chart has no such column."""
        block = next(
            (
                b
                for b in self.blocks
                if b.speed_class == speed_class(speed) and b.acceleration == acceleration
            ),
            None,
        )
        column = block.column(throttle) if block is not None else None
        return "P" if column is None else column.result(altitude_change)


class Gun(DataModel):
    """The fixed gun (furball's completion): its name, the bursts it holds and its
    modifier to the hit roll (from its weight of fire on the Birds of Prey card)."""

    name: str = Field(min_length=1)
    bursts: int = Field(ge=1, le=20)
    hit_bonus: int = Field(default=0, ge=-2, le=2)


Guidance = Literal["ir", "radar"]


class Missile(DataModel):
    """An air-to-air missile (furball's completion, ``data/weapons.toml``)."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    name: str = Field(min_length=1)
    guidance: Guidance
    all_aspect: bool
    """Fires at a target in any quadrant; otherwise only from the target's rear
    hemisphere (the early heat-seekers)."""
    min_hexes: int = Field(ge=0, le=30)
    max_hexes: int = Field(ge=1, le=40)
    hit: int = Field(ge=2, le=12)
    """2d6 at least this hits."""
    damage: int = Field(ge=0, le=12)
    """Damage points a hit adds to a d6."""
    sources: tuple[str, ...] = ()


class WeaponsFile(DataModel):
    missile: tuple[Missile, ...] = Field(min_length=1)


class AircraftDisplay(DataModel):
    """What the Flight Decision Steps read off one type's display."""

    id: str = Field(pattern=r"^[a-z0-9_\-]+$")
    name: str = Field(min_length=1)
    afterburner: bool
    """§6.1's exception: an aircraft that cannot use afterburner (§1.2.1.2) may not pick
    AB."""
    acceleration: AccelerationClass
    """Its acceleration class (§6.6.1, "see 1.2.1.2"; read as the type's rating)."""
    ceiling: int = Field(default=BASIC_CEILING, ge=1, le=BASIC_CEILING)
    max_speed: int = Field(ge=3, le=30)
    """The Speed Track's last box."""
    chart: AccelerationChart
    reconstruction: bool = True
    """furball's own derivation, not a printed display."""
    turns: tuple[int, ...] = Field(default=(), max_length=31)
    """The Maneuver Matrix's turn allowance (furball's completion): the most hexsides the
    aircraft may turn in one turn, by speed box from 0; empty for no allowance beyond the
    first move's turn (§6.3.1)."""
    gun: Gun | None = None
    missiles: dict[str, int] = Field(default_factory=dict)
    """Air-to-air missiles carried, by weapon id (``data/weapons.toml``)."""
    damage_rating: int = Field(default=4, ge=1, le=20)
    """Damage points that destroy it (furball's completion)."""
    length_ft: float = Field(default=50.0, gt=0.0, le=200.0)
    span_ft: float = Field(default=35.0, gt=0.0, le=200.0)
    height_ft: float = Field(default=15.0, gt=0.0, le=60.0)
    sources: tuple[str, ...] = ()
    derivation: str = ""

    @model_validator(mode="after")
    def _tracks_fit(self) -> Self:
        if self.turns and len(self.turns) != self.max_speed + 1:
            raise FieldProblems(
                [
                    (
                        "turns",
                        f"one allowance for each speed 0–{self.max_speed}, not {len(self.turns)}",
                    )
                ]
            )
        return self

    def turn_allowance(self, speed: int) -> int:
        """Hexsides it may turn this turn at ``speed`` (at least the first move's one)."""
        if not self.turns:
            return 1
        return max(1, self.turns[min(max(speed, 0), self.max_speed)])


DATA_DIR = Path(__file__).resolve().parent / "data"
DISPLAYS_DIR = DATA_DIR / "displays"
WEAPONS_PATH = DATA_DIR / "weapons.toml"


@cache
def displays(folder: Path = DISPLAYS_DIR) -> dict[str, AircraftDisplay]:
    """The shipped aircraft displays by id (TOML, parsed and never executed)."""
    from models.files import load_model

    found = {}
    for path in sorted(folder.glob("*.toml")):
        display = load_model(AircraftDisplay, path)
        found[display.id] = display
    return found


@cache
def missiles(path: Path = WEAPONS_PATH) -> dict[str, Missile]:
    """The shipped missiles by id."""
    from models.files import load_model

    return {m.id: m for m in load_model(WeaponsFile, path).missile}
