"""A Phantoms aircraft's orders, and the maneuver-marker notation scripts are written in.

The decisions a player makes (§3.0) come at different moments: a speed in each turn's Set
Phase, a break-off attempt in the Break-Off Check Phase, and in each impulse the afterburner,
fire and locks, and — whenever its marker has been reached — the next maneuver marker with
its climb or dive levels.  A script therefore gives, per aircraft, a queue of maneuvers
consumed one per marker placement, and per turn a speed and anything else it decides; what
a script leaves out the aircraft's AI pilot decides when the rules ask.

The maneuver notation, one token per marker, spaces or commas between tokens, not
case-sensitive:

===========  =============================================================================
token        meaning
===========  =============================================================================
``S``        Straight (§6.2)
``LT`` ``RT``    Turn left / right one hexside
``LHT`` ``RHT``  Hard Turn left / right two hexsides
``LS`` ``RS``    Sideslip left / right
``LOOP``     Loop (three hexsides)
``RT+2``     the maneuver climbing two levels (§6.3); ``S-1`` diving one level
``J``        jettison stores before the next marker (§11.0)
===========  =============================================================================

The notation is parsed, never executed.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator

from models.base import DataModel
from models.phantoms.common import MANEUVERS, Maneuver

_TOKEN = re.compile(r"^(S|LT|RT|LHT|RHT|LS|RS|LOOP)([+-]\d)?$")
MAX_LEVELS = 9
"""The most levels one maneuver may climb or dive (no Maneuver Chart places a marker
further than this)."""


class NotationError(ValueError):
    """A maneuver written in the notation that cannot be read; names the token."""


class MarkerOrder(DataModel):
    """One maneuver marker to place, with its climb (+) or dive (−) levels (§6.1–§6.3)."""

    maneuver: Maneuver
    levels: int = Field(default=0, ge=-MAX_LEVELS, le=MAX_LEVELS)
    jettison: bool = False
    """Jettison the stores in this Maneuver Marking Segment, before placing (§11.0)."""

    @property
    def text(self) -> str:
        sign = f"{self.levels:+d}" if self.levels else ""
        return ("J " if self.jettison else "") + f"{self.maneuver}{sign}"


def parse_markers(text: str) -> tuple[MarkerOrder, ...]:
    """The markers a script line stands for: ``"RT S+1 J LHT-2 LOOP"``."""
    found: list[MarkerOrder] = []
    jettison = False
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    for number, token in enumerate(tokens, start=1):
        upper = token.upper()
        if upper == "J":
            jettison = True
            continue
        match = _TOKEN.match(upper)
        if match is None:
            choices = ", ".join(MANEUVERS)
            raise NotationError(
                f"token {number} {token!r}: not a maneuver; write one of {choices}, "
                "with +N to climb or -N to dive N levels (RT+1), or J to jettison"
            )
        levels = int(match[2]) if match[2] else 0
        maneuver: Maneuver = match[1]  # type: ignore[assignment]
        found.append(MarkerOrder(maneuver=maneuver, levels=levels, jettison=jettison))
        jettison = False
    if jettison:
        raise NotationError("a J (jettison) must come before the maneuver it goes with")
    return tuple(found)


def write_markers(markers: tuple[MarkerOrder, ...]) -> str:
    return " ".join(marker.text for marker in markers)


class PhantomsTurn(DataModel):
    """One turn's orders for one aircraft (§3.0): what the player decides this turn.

    Everything is optional: a speed left out is held (or set by the AI pilot), markers left
    out come from the script's queue or the AI pilot, and fire is the AI pilot's unless
    held.
    """

    speed: int | None = Field(default=None, ge=1, le=10)
    """Speed to set in the Set Phase (§5.0)."""
    markers: tuple[MarkerOrder, ...] = ()
    """Maneuvers to place this turn, first to last, before the script's queue."""
    afterburner: tuple[int, ...] = ()
    """Impulses (1–10) in whose Afterburner Segment to light it (§6.5)."""
    break_off: bool = False
    """Try to leave the fight in this turn's Break-Off Check Phase (§10.0)."""
    fire: Literal["auto", "hold"] = "auto"
    """``auto``: the pilot fires guns and missiles when a shot is worth it; ``hold``: no fire."""

    @field_validator("markers", mode="before")
    @classmethod
    def _markers_from_text(cls, value: object) -> object:
        """Markers may be written in the notation: ``markers = "RT S+1 LHT"``."""
        if isinstance(value, str):
            try:
                return parse_markers(value)
            except NotationError as error:
                raise ValueError(str(error)) from None
        return value

    @field_validator("afterburner")
    @classmethod
    def _impulses(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 1 <= impulse <= 10 for impulse in value):
            raise ValueError("afterburner impulses are numbered 1–10")
        return value
