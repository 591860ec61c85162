"""Birds of Prey's HUD keys and captions, read off its declared HUD
(:data:`models.bop_hud.BOP_HUD`), without Panda3D.

The HUD draws its tiles and rows from the spec (:mod:`sim.view.hud`), and ``furball
inspect`` prints a timeline's state under these keys and captions, so that what a reader
sees in one is what they find in the other.
"""

from __future__ import annotations

from typing import Final

from models.bop_hud import BOP_HUD

_PANELS = {panel.key: panel for panel in BOP_HUD.panels}
assert BOP_HUD.throttle is not None

GAUGE_CAPTIONS: Final[dict[str, str]] = {gauge.key: gauge.caption for gauge in BOP_HUD.gauges}
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
    "throttle": BOP_HUD.throttle.title,
    "engine_output": BOP_HUD.throttle.output_caption,
    "speedbrake": BOP_HUD.throttle.lamp_caption,
}
"""The throttle quadrant: its title, the engine output bar and the speedbrake light."""

SENSOR_ROWS: Final[tuple[tuple[str, str], ...]] = tuple(
    (row.key, row.caption) for row in _PANELS["sensors"].rows
)
"""The sensors panel's rows, (key, caption)."""

STATUS_ROWS: Final[tuple[tuple[str, str], ...]] = tuple(
    (row.key, row.caption) for row in _PANELS["status"].rows
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
    **{row.key: row.channel for panel in BOP_HUD.panels for row in panel.rows},
    "initiative": "bop.initiative",
    "flight_class": "bop.flight_class",
    "activity": "bop.activity",
}
"""Sensors and status panel key → the timeline channel it shows."""
