"""Scale, words and limits every part of the Fighter Command rule set shares.

The seed plays 1/72 models on wire stands over a lawn, measured with yardsticks, and never
states what a turn, a foot of lawn or an altitude band stands for (§Getting Started,
§Movement).  furball's rulings (docs/rulings.md, "Scale") fix them here:

* the lawn is at the models' scale, so one lawn foot is 72 real feet and one yardstick
  216 ft;
* a Spitfire Mk.Ia at top speed lays 3 yardsticks (§Movement), 648 ft, and the Mk.Ia's
  published top speed (about 355–362 mph, 520–531 ft/s) flies that in about 1.25 s, which
  is a turn;
* a climb costs one lawn foot of forward movement per band (§Flight Instructions, Climb),
  so a band is taken to be one lawn foot high, 72 ft;
* ten ticks of 0.125 s draw a turn.
"""

from __future__ import annotations

from typing import Final, Literal

MODEL_SCALE: Final = 72
"""The models' scale, 1/72 (§Getting Started); the lawn is taken to be at the same scale."""
WORLD_FT_PER_LAWN_FT: Final = 72.0
"""Real feet in one foot of lawn (ours, docs/rulings.md "Scale")."""
YARDSTICK_LAWN_FT: Final = 3.0
"""One yardstick, one segment of movement (§Movement)."""
YARDSTICK_WORLD_FT: Final = YARDSTICK_LAWN_FT * WORLD_FT_PER_LAWN_FT
"""216 ft."""
BAND_WORLD_FT: Final = 72.0
"""Height of one altitude band: one lawn foot at 1/72 (ours, "Scale"); band 0 is the
ground."""
TURN_S: Final = 1.25
"""Seconds one turn stands for (ours, "Scale"): 3 yardsticks at a Spitfire Mk.Ia's top
speed."""
TICKS_PER_TURN: Final = 10
"""Samples the replay draws per turn (ours)."""
TICK_S: Final = TURN_S / TICKS_PER_TURN
"""0.125 s."""
FT_S_PER_MPH: Final = 5280.0 / 3600.0
MPH_PER_SPEED: Final = YARDSTICK_WORLD_FT / TURN_S / FT_S_PER_MPH
"""True airspeed of one yardstick a turn, ≈117.8 mph (speed 3 ≈ 353 mph)."""
KT_PER_MPH: Final = 0.868976
MIN_SPEED: Final = 1
MAX_SPEED: Final = 5
"""Speeds run 1–5 yardsticks a turn: the target-maneuver table stops at 5 (§Weapons
Fire)."""
MAX_BANDS: Final = 200
"""The highest band a scenario may start at (14,400 ft); nothing in the seed bounds it."""

Group = Literal[
    "level",
    "turning",
    "hard_turn",
    "barrel_roll",
    "roll_out",
    "hard_roll",
    "climb",
    "dive",
    "immelmann",
    "loop",
    "jink",
]
"""The maneuver groups of §Flight Instructions, in the seed's order."""
GROUPS: Final[tuple[Group, ...]] = (
    "level",
    "turning",
    "hard_turn",
    "barrel_roll",
    "roll_out",
    "hard_roll",
    "climb",
    "dive",
    "immelmann",
    "loop",
    "jink",
)
GROUP_TITLES: Final[dict[Group, str]] = {
    "level": "Level Flight",
    "turning": "Turning",
    "hard_turn": "Hard Turn",
    "barrel_roll": "Barrel Roll",
    "roll_out": "Roll Out",
    "hard_roll": "Hard Roll",
    "climb": "Climb",
    "dive": "Dive",
    "immelmann": "Immelmann Turn",
    "loop": "Loop",
    "jink": "Jink",
}
RULE_TURN_DEG: Final[dict[Group, tuple[int, int]]] = {
    "level": (0, 10),
    "turning": (20, 45),
    "hard_turn": (45, 60),
    "barrel_roll": (0, 10),
    "roll_out": (20, 45),
    "hard_roll": (45, 60),
    "climb": (0, 10),
    "dive": (0, 10),
    "immelmann": (0, 0),
    "loop": (0, 0),
    "jink": (0, 10),
}
"""Degrees a group turns at each yardstick (§Flight Instructions).  A sheet's box may narrow
the maximum, never widen the range; Climb and Dive turn as Level Flight (ours), the
Immelmann and the Loop change facing instead (below)."""
ONE_WAY_GROUPS: Final[frozenset[Group]] = frozenset(
    {"turning", "hard_turn", "roll_out", "hard_roll"}
)
"""Groups that "must turn ... in the direction of the turn": every turn the same way."""
SKILL_TEST_GROUPS: Final[frozenset[Group]] = frozenset({"hard_turn", "hard_roll"})
""""Must pass a pilot skill test or the aircraft stalls" (§Flight Instructions)."""
ROLLING_GROUPS: Final[frozenset[Group]] = frozenset({"barrel_roll", "roll_out", "hard_roll"})
"""What the target-maneuver table calls a Roll or a Hard Roll (§Weapons Fire)."""
IMMELMANN_MIN_SPEED: Final = 3
""""Must have an aircraft with at least Speed 3" (§Flight Instructions, Immelmann)."""
IMMELMANN_CLIMB_BANDS: Final = 1
""""The altitude will raise also by one altitude level"."""
IMMELMANN_FACING_DEG: Final = 45
"""The reversed heading may differ by up to 45° (ours: from the reversed heading)."""
LOOP_FACING_DEG: Final = 20
"""A loop may end up to 20° off its original heading."""
SET_DOWN_LAWN_FT: Final = 1.0
"""The stand may be set down up to a foot left or right, at 90° (Immelmann and Loop)."""
CLIMB_LAWN_FT_PER_BAND: Final = 1.0
"""Forward movement lost per band climbed (§Flight Instructions, Climb)."""
DIVE_LAWN_FT_PER_BAND: Final = 1.0
"""Forward movement gained per band dived (ours: the climb rule mirrored)."""

PilotLevel = Literal["recruit", "veteran", "ace"]
PILOT_LEVELS: Final[tuple[PilotLevel, ...]] = ("recruit", "veteran", "ace")
SKILL_TEST_TARGET: Final[dict[PilotLevel, int]] = {"recruit": 5, "veteran": 4, "ace": 3}
"""The lowest 1D6 that passes a skill test (§Pilot Skill's table; ours: the table over the
"that number or lower" of §Skill Test Due to Damage, docs/rulings.md)."""
MOVEMENT_BONUS_LAWN_FT: Final[dict[PilotLevel, int]] = {"recruit": 0, "veteran": 1, "ace": 2}
"""Feet added to movement and to weapons reach (§Pilot Skill)."""

Section = Literal["engine", "cockpit", "fuel", "left_wing", "right_wing", "tail"]
"""The parts of an aircraft the damage rules name (§Damage, the Out of Control chart has
Cockpit, Engine, Fuel, Wing and Tail; the two wings are kept apart for the wing rule)."""
SECTIONS: Final[tuple[Section, ...]] = (
    "engine",
    "cockpit",
    "fuel",
    "left_wing",
    "right_wing",
    "tail",
)
HIT_ROLLS: Final = tuple(range(2, 13))
"""A 2D6 chart's rows, 2 to 12."""
