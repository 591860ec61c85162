"""Phantoms missile data (§7.1, the missile data chart).

The heat-seekers' Hit numbers survive in the seed; the radar missiles' minimum and maximum
ranges and Hit numbers were lost in the extraction and are furball's reconstruction
(``models/phantoms/data/missiles.toml`` names each value's origin).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.phantoms.common import Guidance

MISSILES_PATH = Path(__file__).resolve().parent / "data" / "missiles.toml"


class MissileType(DataModel):
    """One air-to-air (or surface-to-air) missile's line on the missile chart."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]*$")
    name: str = Field(min_length=1)
    guidance: Guidance
    hit: int = Field(ge=0, le=15)
    """Hit # before the firing-position modifier (§7.1)."""
    min_range: int = Field(default=0, ge=0, le=30)
    """Radar missiles: shortest range (hexes + levels) it can hit at (§7.1.1b)."""
    max_range: int = Field(default=0, ge=0, le=60)
    """Radar missiles: longest range; heat-seekers: 0 (they hit on the next impulse)."""
    radar_value: int | None = Field(default=None, ge=0, le=12)
    """An active radar homer's own radar value, used to break its lock (§7.1.1c)."""
    large_warhead: bool = False
    """Rolls twice on the Critical Hit table for its automatic critical (§7.1)."""
    country: str = ""
    origin: Literal["seed", "restored-5", "ours"] = "seed"
    """Where ``hit`` came from: printed, a digit 5 restored, or furball's reconstruction."""
    note: str = ""

    @model_validator(mode="after")
    def _ranges(self) -> Self:
        radar = self.guidance in ("RH", "ARH")
        if radar and not 0 < self.min_range <= self.max_range:
            raise FieldProblems([("max_range", "a radar missile needs 0 < min ≤ max range")])
        if self.guidance == "ARH" and self.radar_value is None:
            raise FieldProblems([("radar_value", "an active radar homer needs its radar value")])
        return self

    @property
    def heat(self) -> bool:
        return self.guidance in ("HN", "HW", "HA")


class _MissileFile(DataModel):
    missile: tuple[MissileType, ...] = Field(min_length=1)


@cache
def missile_types(path: Path = MISSILES_PATH) -> dict[str, MissileType]:
    """Every missile on the chart, by id."""
    from models.files import load_model

    return {missile.id: missile for missile in load_model(_MissileFile, path).missile}
