"""The rates a plane flies by as its chart, its damage and its pilot leave them: Roll Rate,
Pitch Rate, Turn Rate, Climb Rate and dive feet (§Rolls, §Pitch and Altitude Changes,
§Turning, §Climb, §Diving, §Critical Hits, §Pilot Capabilities).
"""

from __future__ import annotations

from engine.otl.state import CrewState, PlaneState, is_inverted
from models.otl.chart import TURN_RATES

LEVELS = ("green", "inexperienced", "regular", "veteran")
TURN_RATE_WORSENING = {
    "rudder_cable_cut": 2,
    "rudder_hit": 1,
    "ailerons_damaged": 1,
}
"""Letters a critical hit adds to the Turn Rate (§Critical Hits; cumulative)."""
WOUND_WORSENING = {"none": 0, "light": 1, "heavy": 2, "killed": 0}
"""Letters the flying crewman's wound adds (Pilot Light / Heavy Wound)."""
MIN_VERTICAL_FT = 25
"""The least a vertical MP may climb or dive (§Climb, §Diving)."""
VERTICAL_DIVE_FT = 100
"""A Vertical Dive, a spin and a blacked-out dive drop the full 100 ft per vertical MP."""


def flying_crew(plane: PlaneState) -> CrewState | None:
    """Who has the controls: the pilot, or in a dual-control plane the observer when the
    pilot is killed or blacked out (§Critical Hits, Pilot Heavy Wound / Killed); None when
    nobody can fly."""
    pilot = plane.pilot
    if pilot.wound != "killed" and not pilot.blacked_out:
        return pilot
    observer = plane.observer
    if plane.chart.dual_control and observer is not None and observer.wound in ("none", "light"):
        return observer
    return None


def level_index(plane: PlaneState) -> int:
    """0 Green … 3 Veteran, of whoever flies (Green when nobody does)."""
    crew = flying_crew(plane)
    return LEVELS.index(crew.level) if crew is not None else 0


def may_bank_inverted(plane: PlaneState) -> bool:
    """Green and Inexperienced pilots may not use the inverted banks (§Pilot Capabilities)."""
    return level_index(plane) >= 2


def may_pitch_vertical(plane: PlaneState) -> bool:
    """Green pilots may not use the vertical pitches (§Pilot Capabilities)."""
    return level_index(plane) >= 1


def may_roll_and_pitch(plane: PlaneState) -> bool:
    """Veterans may roll and pitch in the same step (§Pilot Capabilities)."""
    return level_index(plane) >= 3


def roll_mp(plane: PlaneState, direction: int) -> int:
    """MP to fly per bank step rolling right (+1, clockwise) or left (−1): the chart's Roll
    Rate, per side for rotaries, doubled by Ailerons Damaged (1:2 → 1:4)."""
    chart = plane.chart
    mp = chart.roll_mp_right if direction > 0 else chart.roll_mp_left
    return mp * 2 if plane.has("ailerons_damaged") else mp


def is_negative_g(bank: int, direction: int) -> bool:
    """A pitch towards the wheels: down from an upright bank (UL, UE, UR and the knife-edge
    PL, PR), up from an inverted one (§Pitch and Altitude Changes; docs/rulings.md)."""
    return direction > 0 if is_inverted(bank) else direction < 0


def pitch_mp(plane: PlaneState, bank: int, direction: int) -> int:
    """MP to fly per pitch step: the chart's Pitch Rate, one step worse with Elevators Hit
    (1:2 → 1:3), then doubled in a negative-G change (1:3 → 1:6)."""
    mp = plane.chart.pitch_mp + (1 if plane.has("elevators_hit") else 0)
    return mp * 2 if is_negative_g(bank, direction) else mp


def turn_rate_index(plane: PlaneState) -> int:
    """The Turn Rate letter as an index, 0 AA … 7 G, worsened by the control hits and the
    flying crewman's wound, cumulatively, and no worse than G (§Critical Hits)."""
    index = TURN_RATES.index(plane.chart.turn_rate)
    index += sum(letters for crit, letters in TURN_RATE_WORSENING.items() if plane.has(crit))
    crew = flying_crew(plane)
    if crew is not None:
        index += WOUND_WORSENING[crew.wound]
    return min(index, len(TURN_RATES) - 1)


def turn_rate(plane: PlaneState) -> str:
    """The Turn Rate letter in effect."""
    return TURN_RATES[turn_rate_index(plane)]


def _halved(feet: int) -> int:
    return max(MIN_VERTICAL_FT, feet // 2)


def climb_ft_max(plane: PlaneState) -> int:
    """The most feet a vertical climbing MP may gain: the Climb Rate, halved (to 25 ft at
    least) by Elevators Hit, by Struts Hit and by a bomb load, each (§Critical Hits,
    §Bombing and Loaded Planes)."""
    feet = plane.chart.climb_ft
    for halving in (plane.has("elevators_hit"), plane.has("struts_hit"), plane.bombs):
        if halving:
            feet = _halved(feet)
    return feet


def dive_ft_max(plane: PlaneState) -> int:
    """The most feet a vertical MP in a Dive may lose: the chart's dive feet, halved (to
    25 ft at least) by Struts Hit (§Critical Hits)."""
    feet = plane.chart.dive_ft
    return _halved(feet) if plane.has("struts_hit") else feet


def vertical_dive_ft(plane: PlaneState) -> int:
    """Feet per MP in a Vertical Dive: 100, halved by Struts Hit (docs/rulings.md)."""
    return _halved(VERTICAL_DIVE_FT) if plane.has("struts_hit") else VERTICAL_DIVE_FT
