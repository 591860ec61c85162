"""What a rule set declares about itself as data: its time scale, its map and its channels.

A rule set's registry entry (:mod:`engine.rulesets`) holds these, and every timeline it
writes carries a copy in its metadata, so a saved timeline can be replayed, labelled and
explained without the rule set that wrote it (DESIGN §6).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Spec(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", use_attribute_docstrings=True, allow_inf_nan=False
    )


class TimeScale(_Spec):
    """How the rules divide time, and what they call the parts."""

    tick_s: float = Field(gt=0.0)
    """Seconds from one tick (the smallest step the timeline samples) to the next."""
    ticks_per_turn: int = Field(ge=1)
    """Ticks in one of the rules' turns."""
    turn_word: str = "turn"
    """What the rules call a turn: ``game-turn``, ``round``, ``turn``."""
    substep_word: str = "tick"
    """What the rules call one tick: ``tick``, ``impulse``, ``step``."""
    clock_turn_word: str = ""
    """A shorter word for a turn on the replay's clock, where room is tight (``turn`` for
    Birds of Prey's ``game-turn``); empty to write ``turn_word``."""

    @property
    def turn_s(self) -> float:
        """Seconds in one turn."""
        return self.tick_s * self.ticks_per_turn


class MapScale(_Spec):
    """The playing surface and the altitude unit of a rule set, in world feet."""

    grid: Literal["hex", "table"]
    """``hex``: a hex map; ``table``: an open table or lawn measured with a ruler."""
    hex_ft: float | None = Field(default=None, gt=0.0)
    """Across the flats of one hex (hex maps only)."""
    hex_top: Literal["flat", "pointy"] = "flat"
    """Which way the hexes lie: ``flat`` has a hexside facing north."""
    table_unit_ft: float | None = Field(default=None, gt=0.0)
    """World feet in one measuring unit on the table (an open table only)."""
    table_unit_name: str = ""
    """The measuring unit's name: ``inch``, ``yardstick``."""
    grid_units: int = Field(default=1, ge=1)
    """An open table's grid lines fall every this many measuring units."""
    alt_unit_ft: float | None = Field(default=None, gt=0.0)
    """Feet in one of the rules' altitude units; None when the rules count feet."""
    alt_unit_name: str = "ft"
    """The altitude unit's name: ``step``, ``level``, ``band``, ``ft``."""
    mini_scale: float = Field(default=20.0, ge=1.0, le=200.0)
    """How many times life size the viewer draws the box minis so that they read on this
    map the way the table's minis do (Birds of Prey's 400 ft hexes: 20)."""
    surface: Literal["board", "grass"] = "board"
    """What the map is: a ``board`` (a mat or a table top), or ``grass`` (a lawn, its ruled
    lines the mower's stripes), as a backyard game is played."""
    flight_stands: bool = False
    """The minis stand on flight stands whose height shows their altitude (a base on the
    table, a rod with a ring every 1,000 ft), as on a miniatures table; no altitude tiles."""
    initiative_channel: str = ""
    """A whole-number channel of each aircraft's place in the move order (1 first, 0 none):
    the replay lays an initiative counter per aircraft off the map in that order."""
    stand_wire: bool = False
    """The flight stands are bent wires (a backyard game's): the rod's top bends to meet
    the model's belly at its attitude."""

    @property
    def unit_ft(self) -> float:
        """World feet in one map unit: a hex across the flats, or a table unit."""
        value = self.hex_ft if self.grid == "hex" else self.table_unit_ft
        return 1.0 if value is None else value


Interpolation = Literal["linear", "slerp", "nearest", "ids"]
"""How a channel's value between two ticks is read: ``linear`` for numbers that change
smoothly, ``slerp`` for the attitude quaternion, ``nearest`` for labels, counts and cells
(the nearer tick's value), ``ids`` for comma-separated entity ids (the nearer tick's, split)."""


class ChannelSpec(_Spec):
    """What one per-tick channel of a timeline holds."""

    meaning: str
    unit: str = ""
    """``ft``, ``kt``, ``G``, ``step``, ``level``, ``points``; empty for text and flags."""
    interp: Interpolation = "linear"
    turn_mean: bool = False
    """The viewer also offers this number's mean over the turn flown so far."""
    gauge: str = ""
    """The key of the HUD gauge or panel row that shows it; empty when none does."""
