"""The replay's cockpit-style HUD: the selected aircraft's PHAD, throttle quadrant, flight
gauges, sensors and status panels, with the game clock and an event ticker.

Each element takes its parent NodePath, updates from a Snapshot (changing text only when a
value changes, moving nodes rather than rebuilding them) and removes itself in ``destroy``.
:class:`Hud` composes them in a compact layout or the cockpit camera's prominent one.
"""

from sim.view.hud.clock import EventTicker, GameClock
from sim.view.hud.gauges import GaugeCluster
from sim.view.hud.hud import Header, Hud
from sim.view.hud.panels import RowsPanel, SensorsPanel, StatusPanel
from sim.view.hud.phad import PhadPanel
from sim.view.hud.throttle import ThrottleQuadrant

__all__ = [
    "EventTicker",
    "GameClock",
    "GaugeCluster",
    "Header",
    "Hud",
    "PhadPanel",
    "RowsPanel",
    "SensorsPanel",
    "StatusPanel",
    "ThrottleQuadrant",
]
