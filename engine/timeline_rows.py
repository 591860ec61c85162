"""Per-tick rows of channel values, as the table-game rule sets (Over the Lines, Phantoms)
collect them, turned into a timeline's channel arrays."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt


def blank_row(first: dict[str, Any]) -> dict[str, Any]:
    """Every channel of ``first`` at its empty value: false, empty text, zero, and NaN for
    the throttle (which a thing without one does not have)."""
    blank: dict[str, Any] = {}
    for name, value in first.items():
        if isinstance(value, bool):
            blank[name] = False
        elif isinstance(value, str):
            blank[name] = ""
        elif isinstance(value, int):
            blank[name] = 0
        elif isinstance(value, float):
            blank[name] = float("nan") if name == "throttle" else 0.0
        else:
            blank[name] = value
    return blank


def channel_array(name: str, values: list[list[Any]]) -> npt.NDArray[Any]:
    """One channel's values, entity by entity and tick by tick, as an array of the right
    type: booleans for ``active``, text, 32-bit whole numbers or floats."""
    if name == "active":
        return np.array(values, dtype=bool)
    sample = values[0][0]
    if isinstance(sample, str):
        width = max(1, max((len(v) for row in values for v in row), default=1))
        return np.array(values, dtype=f"<U{width}")
    if isinstance(sample, int) and not isinstance(sample, bool):
        return np.array(values, dtype=np.int32)
    return np.array(values, dtype=np.float64)
