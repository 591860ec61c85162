"""Who can see (and so target or fire at) whom under the weather rules (§Clouds, §The Sun).

§Clouds: one thick layer between two altitudes; nothing is sighted or fired at into, inside
or through it.  A point is in the cloud when it lies strictly between the base and the top
(a plane flying exactly on the base or the top is at its surface, in the clear).  A line of
sight is blocked when any part of it lies strictly inside the layer.

§The Sun: on a cloudless day, or above the cloud layer, the sun stands in the east in the
morning, overhead at midday and in the west in the afternoon.  A plane whose direction from
the viewer lies within 60° of the sun's both in compass bearing and in elevation is "in the
sun": it cannot be targeted or fired at.  The morning and afternoon sun stands
:data:`SUN_ELEVATION_DEG` above the horizon (the seed gives no height); the midday sun has no
bearing, so only the elevation test applies.
"""

from __future__ import annotations

import math
from typing import Literal

from engine.otl.optional._geometry import FT_PER_IN, Xyz, horizontal_in, plane_xyz
from engine.otl.state import PlaneState
from models.otl.scenario import CloudLayer, OtlOptions

TimeOfDay = Literal["morning", "midday", "afternoon"]
SUN_CONE_DEG = 60.0
"""How close to the sun, in bearing and in elevation, a plane is lost in its glare."""
SUN_ELEVATION_DEG: dict[str, float] = {"morning": 30.0, "midday": 90.0, "afternoon": 30.0}
"""The sun's height above the horizon (furball's ruling for morning and afternoon)."""
SUN_BEARING_DEG: dict[str, float | None] = {"morning": 90.0, "midday": None, "afternoon": 270.0}
"""The sun's compass bearing: east, none (overhead), west."""


def in_cloud(alt_ft: float, clouds: CloudLayer | None) -> bool:
    """True when a point at ``alt_ft`` is inside the cloud layer (strictly between its base
    and its top)."""
    return clouds is not None and clouds.base_ft < alt_ft < clouds.top_ft


def cloud_blocks(a_alt_ft: float, b_alt_ft: float, clouds: CloudLayer | None) -> bool:
    """True when the straight line between two heights passes into, through or inside the
    layer (any part of it strictly between base and top)."""
    if clouds is None:
        return False
    low, high = sorted((a_alt_ft, b_alt_ft))
    return high > clouds.base_ft and low < clouds.top_ft


def sun_shines_on(viewer_alt_ft: float, clouds: CloudLayer | None) -> bool:
    """The sun can dazzle a viewer on a cloudless day, or one at or above the cloud's top."""
    return clouds is None or viewer_alt_ft >= clouds.top_ft


def _angle_between_deg(a_deg: float, b_deg: float) -> float:
    return abs((a_deg - b_deg + 180.0) % 360.0 - 180.0)


def in_the_sun(viewer: Xyz, other: Xyz, time_of_day: str) -> bool:
    """True when ``other``, seen from ``viewer``, lies within 60° of the sun both in compass
    bearing and in elevation (§The Sun).  A point on top of the viewer is not in the sun."""
    level_in = horizontal_in(viewer, other)
    rise_in = (other[2] - viewer[2]) / FT_PER_IN
    if level_in == 0.0 and rise_in == 0.0:
        return False
    elevation_deg = math.degrees(math.atan2(rise_in, level_in))
    if abs(elevation_deg - SUN_ELEVATION_DEG[time_of_day]) > SUN_CONE_DEG:
        return False
    sun_bearing = SUN_BEARING_DEG[time_of_day]
    if sun_bearing is None or level_in == 0.0:
        return True
    bearing_deg = math.degrees(math.atan2(other[0] - viewer[0], other[1] - viewer[1])) % 360.0
    return _angle_between_deg(bearing_deg, sun_bearing) <= SUN_CONE_DEG


def clear_line(viewer: Xyz, other: Xyz, options: OtlOptions, time_of_day: str) -> bool:
    """True when nothing the weather rules in play hides ``other`` from ``viewer`` (both as
    (x_in, y_in, alt_ft)); a gun on the ground looks from its own place at 0 ft."""
    if cloud_blocks(viewer[2], other[2], options.clouds):
        return False
    return not (
        options.sun
        and sun_shines_on(viewer[2], options.clouds)
        and in_the_sun(viewer, other, time_of_day)
    )


def can_see(
    viewer: PlaneState,
    other_xyz: tuple[float, float, float],
    options: OtlOptions,
    time_of_day: str,
) -> bool:
    """True when ``viewer`` may sight, target or fire at something at ``other_xyz``
    (x_in, y_in, alt_ft) under §Clouds and §The Sun, as far as the options switch them on."""
    return clear_line(plane_xyz(viewer), other_xyz, options, time_of_day)
