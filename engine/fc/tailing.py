"""Who may claim tailing (§Movement).

"An aircraft that has positioned itself behind an opponent and is at the same altitude or
one altitude band higher or lower, may claim a tailing maneuver."  The seed does not say
what "behind" is; furball's reading (docs/rulings.md "Tailing") is that the tailer's stand
is in the lead's rear quarter (within 45° either side of the line back from its tail),
no further off than four yardsticks (about a good weapons roll), and flying the same way
as the lead (headings within 90°), at the lead's band or one either side.
"""

from __future__ import annotations

import math

from engine.fc.state import Pose

RULE = "§Movement"
TAIL_QUARTER_DEG = 45.0
"""Half the rear quarter the tailer must be in, about the lead's tail line (ours)."""
TAIL_REACH_LAWN_FT = 12.0
"""How far behind the lead the tailer may be: four yardsticks (ours)."""
TAIL_HEADING_DEG = 90.0
"""The most the two headings may differ: the tailer flies the lead's way (ours)."""
TAIL_BANDS = 1
""""The same altitude or one altitude band higher or lower" (§Movement)."""


def angle_off_deg(a_deg: float, b_deg: float) -> float:
    """The smaller angle between two headings, 0–180°."""
    return abs((a_deg - b_deg + 180.0) % 360.0 - 180.0)


def bearing_deg(from_x: float, from_y: float, to_x: float, to_y: float) -> float:
    """The heading (clockwise from north) of the line from one point to another."""
    return math.degrees(math.atan2(to_x - from_x, to_y - from_y)) % 360.0


def is_behind(tailer: Pose, lead: Pose) -> bool:
    """Whether ``tailer`` sits behind ``lead`` closely enough to tail it (bands aside)."""
    distance = math.hypot(tailer.x_ft - lead.x_ft, tailer.y_ft - lead.y_ft)
    if distance > TAIL_REACH_LAWN_FT or distance == 0.0:
        return False
    tail_line = (lead.heading_deg + 180.0) % 360.0
    from_lead = bearing_deg(lead.x_ft, lead.y_ft, tailer.x_ft, tailer.y_ft)
    if angle_off_deg(from_lead, tail_line) > TAIL_QUARTER_DEG:
        return False
    return angle_off_deg(tailer.heading_deg, lead.heading_deg) <= TAIL_HEADING_DEG


def may_tail(tailer: Pose, lead: Pose) -> bool:
    """Behind the lead and within a band of it: the claim stands (§Movement)."""
    return abs(tailer.band - lead.band) <= TAIL_BANDS and is_behind(tailer, lead)
