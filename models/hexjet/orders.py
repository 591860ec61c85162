"""A hex jet game decision as a player writes it: the throttle, the Maneuver Matrix cell
and the altitude change, one line (§6.1, §6.3, §6.4).

=============  ==========================================================================
token          meaning
=============  ==========================================================================
``AB``         throttle: AB (форсаж), MIL (основной боевой режим) or IDLE; first
``RC2``        the matrix cell and the altitude change: direction ``L`` Left (лево),
               ``A`` Ahead (вперед), ``R`` Right (право); then ``C`` Climb (набор высоты),
               ``L`` Level (уровень), ``D`` Dive (снижение); then the levels, 1–6 for a
               climb or a dive, none for Level
``T2``         optional (furball's Action Step, H7): the hexsides a Left or Right cell
               turns, 1 when left out; never with Ahead
=============  ==========================================================================

``MIL AL`` flies ahead, level, at military power; ``AB RC2`` climbs two levels turning right
first; ``IDLE LD3`` dives three turning left; ``MIL RL T3`` turns three hexsides right.
Not case-sensitive; parsed, never executed.
Whether the chart allows it is the engine's business (``engine.hexjet.decision``).
"""

from __future__ import annotations

import re
from typing import Any, Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.hexjet.display import MAX_ALTITUDE_CHANGE, Throttle

DIRECTIONS = {"L": "left", "A": "ahead", "R": "right"}
VERTICALS = {"C": "climb", "L": "level", "D": "dive"}
MAX_HEXSIDES = 6
"""A whole circle: more than any turn allowance."""
_CELL = re.compile(r"^([LAR])([CLD])(\d*)$")


class DecisionNotationError(ValueError):
    """A decision written in the notation that cannot be read; names the token."""


class HexjetDecision(DataModel):
    """One aircraft's Flight Decision for one turn (``kind = "hexjet.decision"``)."""

    kind: Literal["hexjet.decision"] = "hexjet.decision"
    throttle: Throttle
    direction: Literal["left", "ahead", "right"] = "ahead"
    vertical: Literal["climb", "level", "dive"] = "level"
    levels: int = Field(default=0, ge=0, le=MAX_ALTITUDE_CHANGE)
    hexsides: int = Field(default=0, ge=0, le=MAX_HEXSIDES)
    """Hexsides turned in the Action Step (furball's H7): 1 for a Left or Right cell and 0
    for Ahead when left out."""

    @model_validator(mode="before")
    @classmethod
    def _from_notation(cls, data: Any) -> Any:
        if isinstance(data, str):
            try:
                data = _parse(data)
            except DecisionNotationError as error:
                raise ValueError(str(error)) from None
        if isinstance(data, dict) and data.get("hexsides", -1) == -1:
            data = {**data, "hexsides": 0 if data.get("direction", "ahead") == "ahead" else 1}
        return data

    @model_validator(mode="after")
    def _levels_fit_the_cell(self) -> Self:
        if self.vertical == "level" and self.levels:
            raise ValueError("a Level cell puts the altitude change at 0 (§6.4)")
        if self.vertical != "level" and not self.levels:
            raise ValueError(f"a {self.vertical.title()} cell needs 1–6 levels (§6.4)")
        if self.direction == "ahead" and self.hexsides:
            raise ValueError("an Ahead cell makes no turn (§6.3.1)")
        if self.direction != "ahead" and not self.hexsides:
            raise ValueError(
                f"a {self.direction.title()} cell makes the first move a turn (§6.3.1)"
            )
        return self

    @classmethod
    def parse(cls, text: str) -> HexjetDecision:
        return cls.model_validate(_parse(text))

    @property
    def text(self) -> str:
        """The decision in the notation; ``parse(d.text) == d``."""
        direction = next(k for k, v in DIRECTIONS.items() if v == self.direction)
        vertical = next(k for k, v in VERTICALS.items() if v == self.vertical)
        turns = f" T{self.hexsides}" if self.hexsides > 1 else ""
        return f"{self.throttle} {direction}{vertical}{self.levels or ''}{turns}"


def _parse(text: str) -> dict[str, Any]:
    tokens = [t for t in re.split(r"[\s,]+", text.strip().upper()) if t]
    if len(tokens) not in (2, 3):
        raise DecisionNotationError(
            f"{text!r}: write the throttle and the cell, e.g. 'MIL AL' or 'AB RC2', and "
            "for a turn of more than one hexside its count, 'MIL RL T2'"
        )
    throttle, cell = tokens[:2]
    hexsides = -1
    if len(tokens) == 3:
        turns = re.fullmatch(r"T(\d+)", tokens[2])
        if turns is None:
            raise DecisionNotationError(
                f"token 3 {tokens[2]!r}: the hexsides to turn are T and a number, e.g. T2 (H7)"
            )
        hexsides = int(turns[1])
    if throttle not in ("AB", "MIL", "IDLE"):
        raise DecisionNotationError(f"token 1 {throttle!r}: the throttle is AB, MIL or IDLE (§6.1)")
    found = _CELL.match(cell)
    if found is None:
        raise DecisionNotationError(
            f"token 2 {cell!r}: a cell is L/A/R then C/L/D, with 1–6 levels for a climb or a "
            "dive (RC2, AL, LD3) (§6.3, §6.4)"
        )
    return {
        "throttle": throttle,
        "direction": DIRECTIONS[found[1]],
        "vertical": VERTICALS[found[2]],
        "levels": int(found[3]) if found[3] else 0,
        "hexsides": hexsides,
    }
