"""Reading a timeline of format 1 as format 2.

Format 1 was written by Birds of Prey alone, before channels were declared: its rule-set
channels had flat names (``alt_steps``, ``nose``, ``spotted``) and its metadata carried no
channel specs, map or HUD.  Read today, a format-1 file gets the names of format 2
(``bop.alt_steps``; :data:`models.bop_channels.V1_CHANNEL_NAMES`), the core's altitude and
position labels made from its steps and hexes, and Birds of Prey's specs, scale, HUD and
turn, so that nothing past the reader ever sees format 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy.typing as npt

from models.bop_channels import (
    BOP_CHANNELS,
    BOP_SCALE,
    BOP_TIME,
    RULES,
    V1_CHANNEL_NAMES,
    alt_labels,
    pos_labels,
)
from models.bop_hud import BOP_HUD
from models.ruleset_spec import ChannelSpec
from models.timeline import CORE_CHANNELS, TIMELINE_FORMAT_VERSION, TimelineMeta

READABLE_VERSIONS: Final = (1, TIMELINE_FORMAT_VERSION)
"""The timeline formats this furball reads (format 1 is read as 2)."""
V1_RULES: Final = RULES
"""The only rule set that wrote format 1."""
V1_REQUIRED: Final = (
    "x_ft",
    "y_ft",
    "z_ft",
    "quat_wxyz",
    "speed_kt",
    "throttle",
    "throttle_label",
    "active",
    "alt_steps",
    "hex_q",
    "hex_r",
)
"""What a format-1 file must hold to be read as format 2 (the labels are made from the
steps and the hexes)."""
_LABELS: Final = ("alt_label", "pos_label")


def v1_channel_name(name: str) -> str:
    """A format-1 channel's name in format 2: the core's kept, every other ``bop.``."""
    if name in CORE_CHANNELS:
        return name
    return V1_CHANNEL_NAMES.get(name, f"{RULES}.{name}")


def v1_missing_problem(names: Sequence[str]) -> str | None:
    """The channels a format-1 file lacks, in one line."""
    missing = [name for name in V1_REQUIRED if name not in names]
    if not missing:
        return None
    listed = ", ".join(f"ch_{name}.npy" for name in missing)
    return f"missing {listed}; a timeline of format 1 holds {', '.join(V1_REQUIRED)}"


def v1_meta(meta: TimelineMeta, names: Sequence[str]) -> TimelineMeta:
    """Format-1 metadata with Birds of Prey's turn, map, HUD and the specs of the channels
    ``names`` (format-2 names) it knows, plus the labels."""
    known = {**CORE_CHANNELS, **BOP_CHANNELS}
    channels = {name: known[name] for name in sorted({*names, *_LABELS}) if name in known}
    return meta.model_copy(
        update={
            "ticks_per_turn": BOP_TIME.ticks_per_turn,
            "turn_word": BOP_TIME.turn_word,
            "substep_word": BOP_TIME.substep_word,
            "clock_turn_word": BOP_TIME.clock_turn_word,
            "scale": BOP_SCALE,
            "hud": BOP_HUD,
            "channels": channels,
        }
    )


def v1_upgrade(
    meta: TimelineMeta, channels: dict[str, npt.NDArray[Any]]
) -> tuple[TimelineMeta, dict[str, npt.NDArray[Any]]]:
    """The checked channels of a format-1 file (already under format-2 names) with the
    labels added, and the metadata as format 2 (a channel it has no spec for is declared
    by its type: numbers linearly, anything else from the nearer tick)."""
    upgraded = dict(channels)
    upgraded["alt_label"] = alt_labels(channels["bop.alt_steps"])
    upgraded["pos_label"] = pos_labels(channels["bop.hex_q"], channels["bop.hex_r"])
    specs = dict(meta.channels)
    for name, array in sorted(upgraded.items()):
        if name not in specs:
            numeric = array.dtype.kind == "f" and array.ndim == 2
            specs[name] = ChannelSpec(
                meaning=f"{name.removeprefix(RULES + '.')} (a format-1 channel)",
                interp="linear" if numeric else "nearest",
            )
    meta = meta.model_copy(
        update={"format_version": TIMELINE_FORMAT_VERSION, "channels": dict(sorted(specs.items()))}
    )
    return meta, upgraded


def upgrade_v1(
    meta: TimelineMeta, channels: dict[str, npt.NDArray[Any]]
) -> tuple[TimelineMeta, dict[str, npt.NDArray[Any]]]:
    """A format-1 timeline's parts (flat names, as in a file) as format 2's."""
    renamed = {v1_channel_name(name): array for name, array in channels.items()}
    return v1_upgrade(v1_meta(meta, list(renamed)), renamed)
