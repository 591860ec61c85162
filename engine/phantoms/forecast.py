"""Where a maneuver marker will take an aircraft, on paper: the AI pilot's look-ahead.

A marker placed now (§6.1) is reached after its placement distance in hexes; the aircraft
then turns (or slips, or reverses) and goes on.  The forecast flies that on paper — hexes,
facing, levels and speed, without dice — so the AI can score each marker it may place
against where the enemies will be.  It is a model for choosing, not the rules: the game
moves the aircraft by :mod:`engine.phantoms.movement`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hexmap import Hex
from engine.phantoms import hexgrid
from models.phantoms.card import ControlCard
from models.phantoms.common import MANEUVER_CLASS, TURN_HEXSIDES, Maneuver


@dataclass(frozen=True, slots=True)
class Forecast:
    """Where the aircraft is once its marker's maneuver is done."""

    hex: Hex
    facing: int
    level: int
    speed: int
    hexes: int
    """Hexes flown to get there (the marker's distance)."""
    path: tuple[Hex, ...]


def straight_on(hex_: Hex, facing: int, hexes: int) -> Hex:
    return hexgrid.ahead(hex_, facing, hexes) if hexes > 0 else hex_


def slip_hex(hex_: Hex, facing: int, maneuver: Maneuver) -> Hex:
    """A sideslip's end: the hex beside the marker hex on the slip side, half a row back
    (docs/rulings.md, Phantoms "Sideslip"): the neighbour at 120° (right) or 240° (left)
    off the facing."""
    turn = 2 if maneuver == "RS" else 4
    return hex_.neighbour(hexgrid.heading_deg(facing + turn))


def forecast(
    card: ControlCard,
    hex_: Hex,
    facing: int,
    level: int,
    speed: int,
    maneuver: Maneuver,
    levels: int,
    distance: int,
) -> Forecast:
    """The aircraft after flying ``distance`` hexes to its marker and doing the maneuver,
    climbing or diving ``levels`` on the way (a level each hex, §6.3)."""
    path = [hexgrid.ahead(hex_, facing, n) for n in range(1, distance + 1)]
    end = path[-1] if path else hex_
    new_level = max(0, level + levels)
    cost = card.maneuver_cost.points(MANEUVER_CLASS[maneuver])
    change = -card.climb_cost * levels if levels > 0 else card.dive_gain * -levels
    new_speed = speed - cost + change
    if levels < 0:
        new_speed = min(new_speed, card.max_dive_speed)
    new_facing = (facing + TURN_HEXSIDES[maneuver]) % 6
    if maneuver in ("LS", "RS"):
        end = slip_hex(end, facing, maneuver)
        path.append(end)
    return Forecast(end, new_facing, new_level, new_speed, distance, tuple(path))
