"""One round's orders for one plane in Over the Lines, and the inch-by-inch move notation.

A round's orders are what a player decides at the table (§Sequence of Play): a target to
focus on (Phase 1), the engine and power, the move spent MP by MP (Phase 2), and each gun's
fire, jam clearing and reloads (Phase 3).

The move is written as a player writes it on the record sheet, one token per manoeuvre:

=============  =======================================================================
token          meaning
=============  =======================================================================
``L`` ``R``    roll one bank step left (counterclockwise) or right, before the next MP
``U`` ``D``    pitch one step up or down, before the next MP
``3``          fly 3 MP in the current bank and pitch (straight when the bank is even)
``B1:3``       fly 3 MP on turn template B1, towards the low wing
``slip:2``     fly 2 MP slipping towards the low wing, on the plane's slip template
``@50``        from here on, 50 ft per vertical MP (climb: 25 to the Climb Rate; dive:
               25 to 100)
=============  =======================================================================

Tokens are separated by spaces or commas and are not case-sensitive: ``R B1:3 L 2 U @25 4``.
In a Climb or Dive every second MP is vertical (half, rounded down, §Climb, §Diving); in a
vertical pitch every MP is.  The notation is parsed, never executed.
"""

from __future__ import annotations

import re
from typing import Literal, Self

from pydantic import Field, field_validator, model_validator

from models.base import DataModel

ROLL_TOKENS = {"l": "left", "r": "right"}
PITCH_TOKENS = {"u": "up", "d": "down"}
_TEMPLATE = re.compile(r"^(aa|[a-g])(\d):(\d+)$")
_SLIP = re.compile(r"^slip:(\d+)$")
_FEET = re.compile(r"^@(\d+)$")
MAX_MP = 40
"""The most MP one token may fly (no chart reaches speed 23)."""


class OtlStep(DataModel):
    """A run of MP flown the same way, after at most one roll and one pitch step."""

    roll: Literal["left", "right"] | None = None
    pitch: Literal["up", "down"] | None = None
    mp: int = Field(default=0, ge=0, le=MAX_MP)
    """MP flown after the roll and pitch (0: the roll or pitch waits for the next run)."""
    fly: Literal["straight", "turn", "slip"] = "straight"
    template: str | None = Field(default=None, pattern=r"^(AA|[A-G])\d$")
    """The turn template, ``B1``: the plane's own rate or a wider one (§Turning)."""
    vertical_ft: int | None = Field(default=None, ge=25, le=200)
    """Feet per vertical MP from this run on (the pilot's choice, §Climb, §Diving)."""

    @model_validator(mode="after")
    def _template_for_turns(self) -> Self:
        if (self.fly == "turn") != (self.template is not None):
            raise ValueError("a turn names its template, and only a turn does")
        return self


class NotationError(ValueError):
    """A move written in the notation that cannot be read; names the token."""


def parse_moves(text: str) -> tuple[OtlStep, ...]:
    """The steps a move in the notation stands for (see the module's docstring)."""
    steps: list[OtlStep] = []
    roll: str | None = None
    pitch: str | None = None
    feet: int | None = None
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    for number, token in enumerate(tokens, start=1):
        low = token.lower()
        where = f"token {number} {token!r}"
        if low in ROLL_TOKENS:
            if roll is not None:
                raise NotationError(f"{where}: two rolls with no MP flown between them")
            roll = ROLL_TOKENS[low]
            continue
        if low in PITCH_TOKENS:
            if pitch is not None:
                raise NotationError(f"{where}: two pitch steps with no MP flown between them")
            pitch = PITCH_TOKENS[low]
            continue
        found = _FEET.match(low)
        if found:
            feet = int(found.group(1))
            if not 25 <= feet <= 200:
                raise NotationError(f"{where}: feet per vertical MP run from 25 to 200")
            continue
        fly, template, mp = _flight(low, where)
        steps.append(
            OtlStep(roll=roll, pitch=pitch, mp=mp, fly=fly, template=template, vertical_ft=feet)  # type: ignore[arg-type]
        )
        roll = pitch = feet = None
    if roll is not None or pitch is not None or feet is not None:
        steps.append(OtlStep(roll=roll, pitch=pitch, vertical_ft=feet))  # type: ignore[arg-type]
    return tuple(steps)


def _flight(low: str, where: str) -> tuple[str, str | None, int]:
    """(fly, template, MP) of a token that flies MP."""
    if low.isdigit():
        mp = int(low)
        fly, template = "straight", None
    elif found := _TEMPLATE.match(low):
        fly, template, mp = "turn", f"{found.group(1).upper()}{found.group(2)}", int(found.group(3))
    elif found := _SLIP.match(low):
        fly, template, mp = "slip", None, int(found.group(1))
    else:
        raise NotationError(
            f"{where}: not a move (L, R, U, D, a number of MP, a template like B1:3, slip:2 or @50)"
        )
    if not 1 <= mp <= MAX_MP:
        raise NotationError(f"{where}: MP run from 1 to {MAX_MP}")
    return fly, template, mp


def write_moves(steps: tuple[OtlStep, ...]) -> str:
    """The notation for ``steps`` (the inverse of :func:`parse_moves`)."""
    tokens: list[str] = []
    for step in steps:
        if step.roll:
            tokens.append(step.roll[0].upper())
        if step.pitch:
            tokens.append(step.pitch[0].upper())
        if step.vertical_ft is not None:
            tokens.append(f"@{step.vertical_ft}")
        if step.mp:
            if step.fly == "turn":
                tokens.append(f"{step.template}:{step.mp}")
            elif step.fly == "slip":
                tokens.append(f"slip:{step.mp}")
            else:
                tokens.append(str(step.mp))
    return " ".join(tokens)


class OtlRound(DataModel):
    """What one plane does in one round (§Sequence of Play, Phases 1–3)."""

    kind: Literal["otl.round"] = "otl.round"
    target: str | None = None
    """Phase 1: the enemy the pilot focuses on (an id), or none."""
    engine: Literal["run", "off", "restart"] = "run"
    """At the start of the round: keep it as it is, switch it off, or try a restart."""
    spin: bool = False
    """When stalled, a Regular or better pilot spins on purpose instead of rolling."""
    stall_turn_deg: int = Field(default=0, ge=-180, le=180)
    """A Veteran's Stall Turn in the first inch, clockwise positive (0: none)."""
    power: int | None = Field(default=None, ge=-1, le=20)
    """Power applied: 0 up to the chart's value, −1 to brake; None for all the chart gives."""
    moves: tuple[OtlStep, ...] = ()
    """Phase 2, MP by MP; a file may write it in the notation (``"R B1:3 L 2"``)."""
    fire: dict[str, str] = Field(default_factory=dict)
    """Phase 3: gun id → target id, for each gun that fires."""
    auto_fire: bool = True
    """With no ``fire`` given, the gunners fire at will (whenever a shot is worth it)."""
    clear_jams: bool = True
    """Try to clear every jammed gun, and reload empty drums, when the flying allows."""
    bail_out: bool = False
    """Jump (German crews from spring 1918, at or above 1,000 ft, optional rule)."""
    bomb: str | None = None
    """Drop the bombs on this ground target at the end of this round's run."""
    photograph: str | None = None
    """Photograph this ground target this round."""

    @field_validator("moves", mode="before")
    @classmethod
    def _notation(cls, value: object) -> object:
        if isinstance(value, str):
            try:
                return parse_moves(value)
            except NotationError as error:
                raise ValueError(str(error)) from None
        return value

    @property
    def mp_planned(self) -> int:
        """MP the move flies."""
        return sum(step.mp for step in self.moves)
