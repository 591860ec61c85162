"""Words and scale every part of the Phantoms rule set shares.

The seed gives no time or distance scale (§1.0); furball rules a hex and an altitude level
to be 5,000 ft each (so that range, counted in hexes plus levels, §7.1.1b, is the same in
every direction) and a game turn to be 25 s, ten impulses of 2.5 s (docs/rulings.md,
Phantoms "Scale").
"""

from __future__ import annotations

from typing import Final, Literal

HEX_FT: Final = 5_000.0
"""Across the flats of one hex, in feet (ours, docs/rulings.md "Scale")."""
LEVEL_FT: Final = 5_000.0
"""One altitude level, in feet (ours)."""
IMPULSES_PER_TURN: Final = 10
"""Impulses in a game turn (§3.0); the five-impulse option (§15.0) has five."""
TURN_S: Final = 25.0
"""Seconds in a game turn (ours)."""
SPEED_POINT_KT: Final = HEX_FT / TURN_S * 3600.0 / 6076.12
"""Knots in one speed point: a speed-s aircraft flies s hexes a turn (§6.0), ≈118 kt."""
TOP_SPEED: Final = 10
"""The Impulse Movement Chart's fastest column (§6.0): no speed may exceed it."""

Quality = Literal["green", "inexperienced", "average", "experienced", "ace"]
"""Pilot Quality Ratings (§12.0), worst to best."""
QUALITIES: Final[tuple[Quality, ...]] = ("green", "inexperienced", "average", "experienced", "ace")

Maneuver = Literal["S", "LT", "RT", "LHT", "RHT", "LS", "RS", "LOOP"]
"""The eight maneuver markers (§6.2): Straight, Left/Right Turn, Left/Right Hard Turn,
Left/Right Sideslip and Loop."""
MANEUVERS: Final[tuple[Maneuver, ...]] = ("S", "LT", "RT", "LHT", "RHT", "LS", "RS", "LOOP")
ManeuverClass = Literal["straight", "turn", "hard_turn", "sideslip", "loop"]
"""A maneuver without its direction, as the Maneuver Chart's columns are."""
MANEUVER_CLASS: Final[dict[Maneuver, ManeuverClass]] = {
    "S": "straight",
    "LT": "turn",
    "RT": "turn",
    "LHT": "hard_turn",
    "RHT": "hard_turn",
    "LS": "sideslip",
    "RS": "sideslip",
    "LOOP": "loop",
}
TURN_HEXSIDES: Final[dict[Maneuver, int]] = {
    "S": 0,
    "LT": -1,
    "RT": 1,
    "LHT": -2,
    "RHT": 2,
    "LS": 0,
    "RS": 0,
    "LOOP": 3,
}
"""Hexsides the facing turns on reaching the marker (§6.2), clockwise positive."""

Group = Literal["us", "russia", "nato", "warsaw_pact", "second_world", "third_world"]
"""The countermeasure groups of the C/M-by-era table (§14.0)."""
Guidance = Literal["HN", "HW", "HA", "RH", "ARH"]
"""Heat-seeker Narrow/Wide/All aspect (§7.1.1a), semi-active radar, active radar homing
(§7.1.1b)."""
