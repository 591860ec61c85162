"""The Birds of Prey rule set's own text channels in the timeline: what each aircraft's
crew knows and can do, held per tick (the core channels are in :mod:`models.timeline`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

AWARENESS_CHANNELS: dict[str, str] = {
    "spotted": "timeline ids of the aircraft its crew have spotted, comma-separated (SoP 09)",
    "initiative": "Initiative of the last Initiative phase, e.g. 5.37 (SoP 08)",
    "flight_class": "plot class / move class for the next game-turn, e.g. B/b (SoP 08)",
    "activity": "Activity Points left by crew seat, pilot first; - for one who cannot act",
    "radar_mode": "radar mode (Bo, Dog, SS, STT, Srch, TWS), or off (SoP 10)",
    "tracks": "timeline ids the radar or IRST tracks, comma-separated",
    "ir_lock": "timeline id the active IR missile seeker has acquired, or empty",
    "rwr": "timeline ids of the enemy radars the RWR warns of, comma-separated",
    "wing_position": "a swing wing's position (its name on the card), empty for a fixed wing",
}
"""Channel name → meaning."""


def text_channels(values: dict[str, str], ticks: int) -> dict[str, npt.NDArray[Any]]:
    """``ticks`` samples of each awareness channel, from ``values`` (blank where missing)."""
    return {
        name: np.full(ticks, values.get(name, ""), dtype="<U128") for name in AWARENESS_CHANNELS
    }
