"""A Fighter Command plot: the box a player pins for the turn, and the plot notation.

A plot is what goes on the control sheet before the turn (§Plot for the Turn): the box (a
maneuver group at a speed, one push pin), the bands climbed or dived (the other pin), and
what the pilot will do with the turn indicator at each yardstick (§Movement).  A pilot in
position may also claim tailing (§Movement).  Which boxes may be pinned is the engine's
business (``engine.fc.plotting``): it needs the sheet and last turn's pin.

The notation, one plot a line, tokens apart by spaces or commas, not case-sensitive:

===============  =========================================================================
token            meaning
===============  =========================================================================
``T3``           the box: group code and speed, first on the line (codes below)
``C2+3`` ``D4-2``  the box climbing three bands, diving two
``R30`` ``L20``  the turn at one yardstick, right or left, in degrees; ``0`` for none;
                 one token per yardstick laid, first to last
``R30*``         the same turn at every yardstick
``^R30``         the first turn is made at the start of the move instead of at the end of
                 the first yardstick ("you may also turn at the beginning", §Movement)
``F+20``         Immelmann or Loop: the facing after it, degrees right (+) or left (−) of
                 the reversed heading (Immelmann) or the original heading (Loop)
``S-1`` ``S+0.5``  Immelmann or Loop: the stand set down this many lawn feet right (+) or
                 left (−), at 90° (§Flight Instructions)
``tail:red-2``   claim tailing on the aircraft with that id (§Movement)
===============  =========================================================================

Group codes: ``L`` Level Flight, ``T`` Turning, ``HT`` Hard Turn, ``BR`` Barrel Roll, ``RO``
Roll Out, ``HR`` Hard Roll, ``C`` Climb, ``D`` Dive, ``IM`` Immelmann Turn, ``LP`` Loop,
``J`` Jink.  ``T3 R30*``, ``HT2 ^L50 L50``, ``D4-3``, ``IM3 F-20 S+1``.  The notation is
parsed, never executed.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel
from models.fc.common import (
    GROUP_TITLES,
    IMMELMANN_FACING_DEG,
    LOOP_FACING_DEG,
    MAX_SPEED,
    SET_DOWN_LAWN_FT,
    Group,
)

CODES: dict[str, Group] = {
    "L": "level",
    "T": "turning",
    "HT": "hard_turn",
    "BR": "barrel_roll",
    "RO": "roll_out",
    "HR": "hard_roll",
    "C": "climb",
    "D": "dive",
    "IM": "immelmann",
    "LP": "loop",
    "J": "jink",
}
"""The notation's group codes."""
CODE_OF: dict[Group, str] = {group: code for code, group in CODES.items()}
MAX_PLOT_BANDS = 30
"""The most bands one plot may climb or dive (a speed-5 dive's 15 ft of movement doubled)."""
MAX_TURN_TOKENS = 20
_BOX = re.compile(r"^(HT|BR|RO|HR|IM|LP|L|T|C|D|J)(\d)([+-]\d+)?$")
_TURN = re.compile(r"^(\^?)(?:([LR])(\d+)|0)(\*?)$")
_FACING = re.compile(r"^F([+-]?\d+)$")
_SIDE = re.compile(r"^S([+-]?\d+(?:\.\d+)?)$")
_TAIL = re.compile(r"^TAIL:([a-z0-9_\-]+)$", re.IGNORECASE)


class PlotNotationError(ValueError):
    """A plot written in the notation that cannot be read; names the token."""


class FcPlot(DataModel):
    """One aircraft's plot for one turn (``kind = "fc.plot"``)."""

    kind: Literal["fc.plot"] = "fc.plot"
    group: Group
    speed: int = Field(ge=1, le=MAX_SPEED)
    """The box's speed, in yardsticks."""
    bands: int = Field(default=0, ge=-MAX_PLOT_BANDS, le=MAX_PLOT_BANDS)
    """Bands climbed (+) or dived (−) this turn (the altitude pin)."""
    turns_deg: tuple[int, ...] = Field(default=(), max_length=MAX_TURN_TOKENS)
    """The turn at each yardstick, first to last, degrees right (+) or left (−)."""
    every_yardstick: bool = False
    """``turns_deg`` holds one turn, made at every yardstick."""
    first_turn_at_start: bool = False
    """The first yardstick's turn is made before it, at the start of the move."""
    facing_deg: int = Field(default=0, ge=-IMMELMANN_FACING_DEG, le=IMMELMANN_FACING_DEG)
    """Immelmann or Loop: the facing change it ends with (right +)."""
    set_down_ft: float = Field(default=0.0, ge=-SET_DOWN_LAWN_FT, le=SET_DOWN_LAWN_FT)
    """Immelmann or Loop: lawn feet the stand moves sideways, right (+) or left (−)."""
    tail: str | None = Field(default=None, pattern=r"^[a-z0-9_\-]+$")
    """The id of the enemy this aircraft claims to be tailing (§Movement)."""

    @model_validator(mode="before")
    @classmethod
    def _from_notation(cls, data: Any) -> Any:
        """A plot may be written as one line of the notation: ``"T3 R30*"``."""
        if isinstance(data, str):
            try:
                return _parse_fields(data)
            except PlotNotationError as error:
                raise ValueError(str(error)) from None
        return data

    @model_validator(mode="after")
    def _fits_the_group(self) -> Self:
        vertical = self.group in ("immelmann", "loop")
        if any(abs(turn) > 60 for turn in self.turns_deg):
            raise ValueError(
                "no maneuver turns more than 60° at a yardstick (§Flight Instructions)"
            )
        if vertical:
            if self.turns_deg or self.every_yardstick or self.first_turn_at_start:
                raise ValueError(
                    f"the {GROUP_TITLES[self.group]} changes facing with F, not turns at yardsticks"
                )
            if self.bands:
                raise ValueError(
                    f"the {GROUP_TITLES[self.group]} sets its own altitude (Immelmann +1 band, "
                    "Loop none): "
                    "leave the bands out"
                )
            if self.group == "loop" and abs(self.facing_deg) > LOOP_FACING_DEG:
                raise ValueError(
                    f"a loop may change facing up to {LOOP_FACING_DEG}° (§Flight Instructions)"
                )
        elif self.facing_deg or self.set_down_ft:
            raise ValueError("only an Immelmann or a Loop sets a facing (F) or a set-down (S)")
        if self.every_yardstick and len(self.turns_deg) != 1:
            raise ValueError("a turn for every yardstick (*) is written once")
        return self

    @classmethod
    def parse(cls, text: str) -> FcPlot:
        """The plot a line of notation stands for."""
        return cls.model_validate(_parse_fields(text))

    @property
    def box(self) -> tuple[Group, int]:
        return (self.group, self.speed)

    @property
    def text(self) -> str:
        """The plot in the notation; ``FcPlot.parse(plot.text) == plot``."""
        parts = [CODE_OF[self.group] + str(self.speed) + (f"{self.bands:+d}" if self.bands else "")]
        for index, turn in enumerate(self.turns_deg):
            token = "0" if turn == 0 else ("R" if turn > 0 else "L") + str(abs(turn))
            if index == 0 and self.first_turn_at_start:
                token = "^" + token
            parts.append(token + ("*" if self.every_yardstick else ""))
        if self.facing_deg:
            parts.append(f"F{self.facing_deg:+d}")
        if self.set_down_ft:
            parts.append(f"S{self.set_down_ft:+g}")
        if self.tail:
            parts.append(f"tail:{self.tail}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text


def _parse_fields(text: str) -> dict[str, Any]:
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise PlotNotationError("an empty plot: start with the box, e.g. T3 or L2")
    head = _BOX.match(tokens[0].upper())
    if head is None:
        codes = ", ".join(CODES)
        raise PlotNotationError(
            f"token 1 {tokens[0]!r}: not a box; write a group code ({codes}) and a speed, "
            "with +N to climb or -N to dive N bands (C2+3)"
        )
    fields: dict[str, Any] = {"group": CODES[head[1]], "speed": int(head[2])}
    if head[3]:
        fields["bands"] = int(head[3])
    turns: list[int] = []
    for number, token in enumerate(tokens[1:], start=2):
        upper = token.upper()
        turn = _TURN.match(upper)
        if turn is not None:
            if turn[1]:
                if turns:
                    raise PlotNotationError(
                        f"token {number} {token!r}: only the first turn may be made at the "
                        "start (^)"
                    )
                fields["first_turn_at_start"] = True
            degrees = int(turn[3]) if turn[3] else 0
            turns.append(-degrees if turn[2] == "L" else degrees)
            if turn[4]:
                fields["every_yardstick"] = True
            continue
        if (facing := _FACING.match(upper)) is not None:
            fields["facing_deg"] = int(facing[1])
        elif (side := _SIDE.match(upper)) is not None:
            fields["set_down_ft"] = float(side[1])
        elif (tail := _TAIL.match(token)) is not None:
            fields["tail"] = tail[1].lower()
        else:
            raise PlotNotationError(
                f"token {number} {token!r}: not a turn (R30, L20, 0, R30*, ^R30), a facing "
                "(F+20), a set-down (S-1) or a tailing claim (tail:ID)"
            )
    if turns:
        fields["turns_deg"] = tuple(turns)
    return fields
