"""The Birds of Prey rule set's channels in the timeline.

The engine builds its samples under short names (``alt_steps``, ``nose``, ``spotted``);
:func:`timeline_channels` turns them into the timeline's: the common core as it is, the
rules' own under ``bop.``, plus the core's altitude and position labels.  What each channel
means is declared once, as data, in :mod:`models.bop_channels`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from models.bop_channels import (
    BOP_CHANNELS,
    BOP_SCALE,
    BOP_TIME,
    V1_CHANNEL_NAMES,
    alt_labels,
    pos_labels,
)
from models.bop_hud import BOP_HUD
from models.ruleset_spec import ChannelSpec
from models.timeline import CORE_CHANNELS

AWARENESS_NAMES: tuple[str, ...] = (
    "spotted",
    "initiative",
    "flight_class",
    "activity",
    "radar_mode",
    "tracks",
    "ir_lock",
    "rwr",
    "wing_position",
)
"""The awareness channels (what each crew knows and can do: SoP 08–10), by the engine's
short name."""

AWARENESS_CHANNELS: dict[str, str] = {
    name: BOP_CHANNELS[f"bop.{name}"].meaning for name in AWARENESS_NAMES
}
"""Awareness channel (the engine's short name) → meaning."""


def text_channels(values: dict[str, str], ticks: int) -> dict[str, npt.NDArray[Any]]:
    """``ticks`` samples of each awareness channel, from ``values`` (blank where missing)."""
    return {
        name: np.full(ticks, values.get(name, ""), dtype="<U128") for name in AWARENESS_CHANNELS
    }


def timeline_channels(raw: dict[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    """The timeline's channels from the engine's samples (entities × ticks): core names
    kept, the rules' own renamed to ``bop.<name>``, and ``alt_label`` (``12 steps``) and
    ``pos_label`` (``hex 3,-2``) made from the altitude steps and the hex."""
    out: dict[str, npt.NDArray[Any]] = {}
    for name, array in raw.items():
        if name in CORE_CHANNELS:
            out[name] = array
        else:
            out[V1_CHANNEL_NAMES.get(name, f"bop.{name}")] = array
    if "alt_steps" in raw:
        out["alt_label"] = alt_labels(raw["alt_steps"])
    if "hex_q" in raw and "hex_r" in raw:
        out["pos_label"] = pos_labels(raw["hex_q"], raw["hex_r"])
    return out


def channel_specs(names: Any) -> dict[str, ChannelSpec]:
    """The spec of every channel named, core or Birds of Prey's, in the order given."""
    specs = {**CORE_CHANNELS, **BOP_CHANNELS}
    return {name: specs[name] for name in names}


def timeline_meta_fields(channels: dict[str, npt.NDArray[Any]]) -> dict[str, Any]:
    """What a Birds of Prey timeline's metadata says about the rules, beside the game's
    own fields: the turn and its words, the map, the channel specs and the HUD."""
    return {
        "ticks_per_turn": BOP_TIME.ticks_per_turn,
        "turn_word": BOP_TIME.turn_word,
        "substep_word": BOP_TIME.substep_word,
        "clock_turn_word": BOP_TIME.clock_turn_word,
        "scale": BOP_SCALE,
        "channels": channel_specs(sorted(channels)),
        "hud": BOP_HUD,
    }
