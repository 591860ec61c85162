"""The HUD's keys and captions, and the timeline channel behind each, without Panda3D.

The HUD draws its tiles and rows from these (:mod:`sim.view.hud`), and ``furball inspect``
prints a timeline's state under the same keys and captions, so that what a reader sees in
one is what they find in the other.
"""

from __future__ import annotations

from typing import Final

GAUGE_CAPTIONS: Final[dict[str, str]] = {
    "speed": "SPEED kt",
    "keas": "KEAS kt",
    "mach": "MACH",
    "fuel": "FUEL FP",
    "alt": "ALT ft",
    "steps": "ALT steps",
    "load": "LOAD G",
    "avg_load": "AVG LOAD G",
}
"""The flight gauge tiles, key → caption, in reading order."""

MARK_CAPTIONS: Final[dict[str, str]] = {
    "nose": "NOSE",
    "canopy": "CANOPY",
    "wing": "WING",
    "velocity": "VEL",
    "lift": "LIFT",
}
"""The PHAD's marks (each one Birds of Prey's channel ``bop.<key>``), key → legend caption."""

THROTTLE_CAPTIONS: Final[dict[str, str]] = {
    "throttle": "THROTTLE",
    "engine_output": "ENG",
    "speedbrake": "SPD BRK",
}
"""The throttle quadrant: its title, the engine output bar and the speedbrake light."""

SENSOR_ROWS: Final[tuple[tuple[str, str], ...]] = (
    ("radar", "RADAR"),
    ("tracks", "TRACKS"),
    ("ir", "IR LOCK"),
    ("rwr", "RWR"),
)
"""The sensors panel's rows, (key, caption)."""

STATUS_ROWS: Final[tuple[tuple[str, str], ...]] = (
    ("weapons", "WEAPONS"),
    ("crew", "CREW"),
    ("damage", "DAMAGE"),
)
"""The stores and status panel's rows, (key, caption); below them the Initiative row."""

INITIATIVE_CAPTIONS: Final[dict[str, str]] = {
    "initiative": "INIT",
    "flight_class": "",
    "activity": "AP",
}
"""The status panel's last row, ``INIT 5.37   B/b   AP 4 6``: Initiative, the flight
class (shown without a caption) and the Activity Points left."""

PANEL_CHANNELS: Final[dict[str, str]] = {
    "radar": "bop.radar_mode",
    "tracks": "bop.tracks",
    "ir": "bop.ir_lock",
    "rwr": "bop.rwr",
    "weapons": "bop.weapons",
    "crew": "bop.crew_state",
    "damage": "bop.damage",
    "initiative": "bop.initiative",
    "flight_class": "bop.flight_class",
    "activity": "bop.activity",
}
"""Sensors and status panel key → the timeline channel it shows."""
