"""One aircraft of a hex jet game as the rules see it: its display and markers (§6.0–§6.6),
where it is on the map, and what furball's completion adds (damage, weapons left)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.hexjet.decision import Markers
from engine.hexmap import Hex
from models.hexjet.display import AircraftDisplay

Status = Literal["flying", "destroyed", "off map", "departed"]


@dataclass
class HexjetPlane:
    """An aircraft in play."""

    id: str
    callsign: str
    side: str
    display: AircraftDisplay
    markers: Markers
    hex: Hex
    facing: int
    """0–5, clockwise from the north hexside (§4.9.2: the counter's front is a hexside)."""
    pilot: str = "ai"
    status: Status = "flying"
    damage: int = 0
    """Damage points taken (furball's completion, H9)."""
    gun_bursts: int = 0
    missiles: dict[str, int] = field(default_factory=dict)
    hexsides_last_move: int = 0
    """Hexsides it turned in its last Action Step (a hard-turning target is harder to hit)."""
    kills: int = 0

    @property
    def in_play(self) -> bool:
        return self.status == "flying"

    @property
    def crippled(self) -> bool:
        """Half its damage rating or more: the top two speed boxes and a hexside of turn are
        lost (H9)."""
        return self.damage * 2 >= self.display.damage_rating

    @property
    def max_speed(self) -> int:
        return self.display.max_speed - (2 if self.crippled else 0)

    def turn_allowance(self, speed: int) -> int:
        allowance = self.display.turn_allowance(speed)
        return max(1, allowance - 1) if self.crippled else allowance
