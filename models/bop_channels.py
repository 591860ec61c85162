"""Birds of Prey's timeline channels, declared as data: what each of its own per-tick
channels holds (``bop.alt_steps``, ``bop.nose``, ``bop.spotted``, …), its time scale and
its map, and the rules' words for an aircraft's altitude and position.

Every Birds of Prey timeline carries these in its metadata, so it replays without the
rule set installed.  A timeline of format 1 (written before the channels were namespaced)
is read through :data:`V1_CHANNEL_NAMES`.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from models.ruleset_spec import ChannelSpec, MapScale, TimeScale

RULES: Final = "bop"
"""The scenario's ``rules`` value, and the prefix of Birds of Prey's own channels."""

HEX_FT: Final = 400.0
"""Across the flats of a map hex (DESIGN §3, Units and frames)."""
STEP_FT: Final = 200.0
"""Feet in one altitude step (step 0 is sea level)."""

BOP_TIME: Final = TimeScale(
    tick_s=0.6, ticks_per_turn=10, turn_word="game-turn", clock_turn_word="turn"
)
"""A game-turn is 6 s of 10 ticks (SoP, Flight Phase)."""
BOP_SCALE: Final = MapScale(
    grid="hex", hex_ft=HEX_FT, hex_top="flat", alt_unit_ft=STEP_FT, alt_unit_name="step"
)
"""400 ft flat-topped hexes in axial coordinates, altitude in 200 ft steps."""


# The channels' names, for the code that reads them (``state.ids(bop_channels.TRACKS)``).
KEAS_KT: Final = "bop.keas_kt"
MACH: Final = "bop.mach"
ALT_STEPS: Final = "bop.alt_steps"
HEX_Q: Final = "bop.hex_q"
HEX_R: Final = "bop.hex_r"
LOAD_G: Final = "bop.load_g"
ENGINE_OUTPUT: Final = "bop.engine_output"
SPEEDBRAKE: Final = "bop.speedbrake"
FUEL_FP: Final = "bop.fuel_fp"
NOSE: Final = "bop.nose"
CANOPY: Final = "bop.canopy"
WING: Final = "bop.wing"
VELOCITY: Final = "bop.velocity"
LIFT: Final = "bop.lift"
WEAPONS: Final = "bop.weapons"
CREW_STATE: Final = "bop.crew_state"
DAMAGE: Final = "bop.damage"
SPOTTED: Final = "bop.spotted"
INITIATIVE: Final = "bop.initiative"
FLIGHT_CLASS: Final = "bop.flight_class"
ACTIVITY: Final = "bop.activity"
RADAR_MODE: Final = "bop.radar_mode"
TRACKS: Final = "bop.tracks"
IR_LOCK: Final = "bop.ir_lock"
RWR: Final = "bop.rwr"
WING_POSITION: Final = "bop.wing_position"

PHAD_MARKS: Final = {
    "nose": NOSE,
    "canopy": CANOPY,
    "wing": WING,
    "velocity": VELOCITY,
    "lift": LIFT,
}
"""The PHAD's marks (SoP 03), mark → channel."""


def _cell(mark: str) -> ChannelSpec:
    return ChannelSpec(meaning=f"PHAD {mark} cell, e.g. 030+30", interp="nearest", gauge="phad")


BOP_CHANNELS: Final[dict[str, ChannelSpec]] = {
    "bop.keas_kt": ChannelSpec(meaning="knots equivalent airspeed", unit="kt", gauge="keas"),
    "bop.mach": ChannelSpec(meaning="Mach number", gauge="mach"),
    "bop.alt_steps": ChannelSpec(
        meaning="altitude in 200 ft steps (the rules' value at segment ends)",
        unit="step",
        interp="nearest",
        gauge="steps",
    ),
    "bop.hex_q": ChannelSpec(meaning="map hex, axial q", unit="hex", interp="nearest"),
    "bop.hex_r": ChannelSpec(meaning="map hex, axial r", unit="hex", interp="nearest"),
    "bop.load_g": ChannelSpec(
        meaning="Load Used this tick (Flight Phase)", unit="G", turn_mean=True, gauge="load"
    ),
    "bop.engine_output": ChannelSpec(
        meaning="thrust over the thrust available at full throttle here (Ep12)",
        gauge="throttle",
    ),
    "bop.speedbrake": ChannelSpec(
        meaning="speedbrakes extended (SoP 02)", interp="nearest", gauge="throttle"
    ),
    "bop.fuel_fp": ChannelSpec(meaning="fuel left, 100 lb Fuel Points", unit="FP", gauge="fuel"),
    "bop.nose": _cell("Nose"),
    "bop.canopy": _cell("Canopy"),
    "bop.wing": _cell("right Wing"),
    "bop.velocity": _cell("Velocity"),
    "bop.lift": _cell("Lift"),
    "bop.weapons": ChannelSpec(
        meaning="guns and stores left, e.g. M61A1 6, AIM-7E-2 x2", interp="nearest", gauge="weapons"
    ),
    "bop.crew_state": ChannelSpec(
        meaning="each crew member's state, e.g. pilot: ok", interp="nearest", gauge="crew"
    ),
    "bop.damage": ChannelSpec(
        meaning="hits taken over damage boxes, or destroyed", interp="nearest", gauge="damage"
    ),
    "bop.spotted": ChannelSpec(
        meaning="the aircraft its crew have spotted (SoP 09)", interp="ids", gauge="phad"
    ),
    "bop.initiative": ChannelSpec(
        meaning="Initiative of the last Initiative phase, e.g. 5.37 (SoP 08)",
        interp="nearest",
        gauge="initiative",
    ),
    "bop.flight_class": ChannelSpec(
        meaning="plot class / move class for the next game-turn, e.g. B/b (SoP 08)",
        interp="nearest",
        gauge="initiative",
    ),
    "bop.activity": ChannelSpec(
        meaning="Activity Points left by crew seat, pilot first; - for one who cannot act",
        interp="nearest",
        gauge="initiative",
    ),
    "bop.radar_mode": ChannelSpec(
        meaning="radar mode (Bo, Dog, SS, STT, Srch, TWS), or off (SoP 10)",
        interp="nearest",
        gauge="radar",
    ),
    "bop.tracks": ChannelSpec(
        meaning="the entities its radar or IRST tracks", interp="ids", gauge="tracks"
    ),
    "bop.ir_lock": ChannelSpec(
        meaning="the entity its active IR missile seeker has acquired", interp="ids", gauge="ir"
    ),
    "bop.rwr": ChannelSpec(meaning="the enemy radars its RWR warns of", interp="ids", gauge="rwr"),
    "bop.wing_position": ChannelSpec(
        meaning="a swing wing's position (its name on the card), empty for a fixed wing",
        interp="nearest",
    ),
}
"""Birds of Prey's own channels, by timeline name."""

V1_CHANNEL_NAMES: Final[dict[str, str]] = {name.removeprefix("bop."): name for name in BOP_CHANNELS}
"""A format-1 timeline's flat channel name → its name since format 2 (``nose`` →
``bop.nose``)."""


def alt_labels(alt_steps: npt.NDArray[Any]) -> npt.NDArray[np.str_]:
    """The altitude as the rules write it, ``12 steps`` (``1 step``), for every sample."""
    values, where = np.unique(np.asarray(alt_steps, dtype=np.int64), return_inverse=True)
    words = [f"{v} step" if v == 1 else f"{v} steps" for v in values.tolist()]
    return np.asarray(words, dtype="<U16")[where.reshape(np.shape(alt_steps))]


def pos_labels(hex_q: npt.NDArray[Any], hex_r: npt.NDArray[Any]) -> npt.NDArray[np.str_]:
    """The position as the rules write it, ``hex 3,-2`` (axial q, r), for every sample."""
    pairs = np.stack([np.asarray(hex_q, dtype=np.int64), np.asarray(hex_r, dtype=np.int64)], -1)
    values, where = np.unique(pairs.reshape(-1, 2), axis=0, return_inverse=True)
    words = [f"hex {q},{r}" for q, r in values.tolist()]
    return np.asarray(words, dtype="<U24")[where.reshape(np.shape(hex_q))]
