"""The Impulse Movement Chart: which speeds move in which impulse (§6.0, §15.0).

The printed chart's layout is lost; what the seed keeps (each impulse's count of moving
speeds, and the five-impulse chart's singles and doubles) is met by the derived charts in
``models/phantoms/data/impulse_chart.toml`` (docs/rulings.md (Phantoms), "Impulse
chart").  A speed-``s`` aircraft moves ``s`` hexes a turn under either chart.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.phantoms.common import IMPULSES_PER_TURN, TOP_SPEED

CHART_PATH = (
    Path(__file__).resolve().parents[2] / "models" / "phantoms" / "data" / "impulse_chart.toml"
)
FIVE_IMPULSES = 5
"""Impulses in a turn under the five-impulse option (§15.0)."""


class TenImpulseRow(DataModel):
    """One impulse of the ten-impulse chart: the speeds that move one hex in it."""

    impulse: int = Field(ge=1, le=IMPULSES_PER_TURN)
    speeds: tuple[int, ...]


class FiveImpulseRow(DataModel):
    """One impulse of the five-impulse chart: hexes moved, for speeds 1 to 10 in order."""

    impulse: int = Field(ge=1, le=FIVE_IMPULSES)
    moves: tuple[int, ...] = Field(min_length=TOP_SPEED, max_length=TOP_SPEED)


class ImpulseChart(DataModel):
    """Both movement charts, as shipped."""

    derived: Literal[True] = True
    """The charts are furball's derivation, not the printed ones."""
    ten: tuple[TenImpulseRow, ...]
    five: tuple[FiveImpulseRow, ...]

    @model_validator(mode="after")
    def _every_speed_moves_its_speed(self) -> Self:
        problems: list[tuple[str, str]] = []
        if [row.impulse for row in self.ten] != list(range(1, IMPULSES_PER_TURN + 1)):
            problems.append(("ten", f"needs impulses 1–{IMPULSES_PER_TURN} in order"))
        if [row.impulse for row in self.five] != list(range(1, FIVE_IMPULSES + 1)):
            problems.append(("five", f"needs impulses 1–{FIVE_IMPULSES} in order"))
        for index, row in enumerate(self.ten):
            if list(row.speeds) != sorted(set(row.speeds)) or not all(
                1 <= s <= TOP_SPEED for s in row.speeds
            ):
                problems.append(
                    (f"ten.{index}.speeds", f"speeds 1–{TOP_SPEED}, each once, ascending")
                )
        for index, five_row in enumerate(self.five):
            if not all(0 <= m <= 2 for m in five_row.moves):
                problems.append((f"five.{index}.moves", "each speed moves 0, 1 or 2 hexes"))
        for speed in range(1, TOP_SPEED + 1):
            ten_moves = sum(speed in row.speeds for row in self.ten)
            if ten_moves != speed:
                problems.append(("ten", f"speed {speed} moves {ten_moves} times, not {speed}"))
            five_moves = sum(row.moves[speed - 1] for row in self.five)
            if five_moves != speed:
                problems.append(("five", f"speed {speed} moves {five_moves} hexes, not {speed}"))
        if problems:
            raise FieldProblems(problems)
        return self

    def moves(self, speed: int, impulse: int, five_impulse: bool = False) -> int:
        """Hexes a speed-``speed`` aircraft moves in ``impulse`` (0, 1 or 2)."""
        turn_impulses = FIVE_IMPULSES if five_impulse else IMPULSES_PER_TURN
        if not 1 <= impulse <= turn_impulses:
            raise ValueError(f"impulse {impulse} is not one of 1–{turn_impulses}")
        if not 1 <= speed <= TOP_SPEED:
            raise ValueError(f"speed {speed} is not on the chart (1–{TOP_SPEED})")
        if five_impulse:
            return self.five[impulse - 1].moves[speed - 1]
        return 1 if speed in self.ten[impulse - 1].speeds else 0


@cache
def impulse_chart(path: Path = CHART_PATH) -> ImpulseChart:
    """The movement charts in ``path`` (the shipped ones by default)."""
    from models.files import load_model

    return load_model(ImpulseChart, path)


def moves_in_impulse(speed: int, impulse: int, five_impulse: bool = False) -> int:
    """Hexes a speed-``speed`` aircraft moves in ``impulse`` of the turn (§6.0; §15.0 with
    ``five_impulse``).

    A speed of 0 or less reads as speed 1: only an out-of-control aircraft keeps one, and it
    is treated as speed 1 (§6.4, Recovery).
    """
    return impulse_chart().moves(max(speed, 1), impulse, five_impulse)


def impulses_per_turn(five_impulse: bool = False) -> int:
    return FIVE_IMPULSES if five_impulse else IMPULSES_PER_TURN
