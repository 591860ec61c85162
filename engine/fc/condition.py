"""What the control sheet records of an aircraft's condition beyond its pins: damage by
section, each gun set's ammunition and state, the skill tests taken for damage, and whether
the pilot has his aircraft in hand (§Damage, §Skill Test Due to Damage, §Stalls and
Overdive).

A :class:`Condition` is plain bookkeeping: the phases (``engine.fc.damage``,
``engine.fc.control_phase``) decide what happens and write it here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from models.fc.common import SECTIONS, Section
from models.fc.sheet import ControlSheet

GunState = Literal["ready", "jammed", "destroyed"]
MAX_DAMAGE_TESTS = 3
""""There are a total of three hits that can be allocated" (§Skill Test Due to Damage)."""
Course = Literal["climb_ahead", "dive_left", "dive_right", "dive_ahead", "hold"]
"""What an aircraft out of the pilot's hands flies: a blackout's course (§Skill Test Due
to Damage), the wing's spiral, the engine's dive, or ``hold``: last turn's plot again."""


@dataclass(slots=True)
class Guns:
    """One gun set's state: bursts left and whether it works."""

    bursts_left: int
    state: GunState = "ready"

    @property
    def can_fire(self) -> bool:
        return self.state == "ready" and self.bursts_left > 0


@dataclass(slots=True)
class OutOfControl:
    """A failed damage test's result from the Out of Control chart."""

    section: Section
    hit: int
    """Which of the three damage tests it was (1–3): the chart's column."""
    course: Course
    recovery_modifier: int
    """The chart's "−1 modifier" / "−2 modifier", taken on the regain-control test
    (docs/rulings.md "The Out of Control chart")."""
    since_turn: int


@dataclass(slots=True)
class Condition:
    """The control sheet's record of one aircraft, beyond its pins and stand."""

    damage: dict[Section, int]
    guns: dict[str, Guns]
    destroyed: set[Section] = field(default_factory=set)
    damage_tests: list[Section] = field(default_factory=list)
    """The section of each damage skill test taken, in order (three at most)."""
    must_leave: bool = False
    """Survived the third damage test: he must leave by his own edge at once."""
    out_of_control: OutOfControl | None = None
    blackout_turns: int = 0
    """Turns left with the pilot blacked out (the aircraft flies its course)."""
    stall_due: bool = False
    """A failed test stalled the aircraft: next turn it dives by force (§Stalls and
    Overdive)."""
    stall_recovery: bool = False
    """After the first stall turn: the pin may go to any Dive box."""
    overdive_bands: int = 0
    """In an overdive: the dive rate (bands a turn) it goes on diving at, before this
    turn's 1D6−3 (0: not in an overdive)."""
    turn_limit_deg: int | None = None
    """The tail's "turns limited to 20°": most degrees at any yardstick, for the rest of
    the game (docs/rulings.md "The Out of Control chart")."""
    wing_hit_turn: int | None = None
    """The turn a wing was last hit: a wing hit on a later turn may go to the other wing
    (§Damage)."""
    fire_damage: int = 0
    """Damage taken from fires (the chart's "avoid fire … or take 1D6 damage")."""

    @classmethod
    def fresh(cls, sheet: ControlSheet) -> Condition:
        """An undamaged aircraft with full ammunition."""
        return cls(
            damage=dict.fromkeys(SECTIONS, 0),
            guns={gun.id: Guns(gun.ammo_bursts) for gun in sheet.guns},
        )

    # -- guns -------------------------------------------------------------------------------
    def guns_ready(self, sheet: ControlSheet) -> bool:
        """Whether any forward gun set can still fire (a pilot with none heads home)."""
        return any(self.guns[gun.id].can_fire for gun in sheet.guns if gun.arc == "forward")

    def rearm(self, sheet: ControlSheet) -> None:
        """Full ammunition and jams cleared (§Damage: "Weapons are rearmed in one turn";
        a jammed gun "may be repaired back at your airbase")."""
        for gun in sheet.guns:
            state = self.guns[gun.id]
            state.bursts_left = gun.ammo_bursts
            if state.state == "jammed":
                state.state = "ready"

    # -- damage and repair ----------------------------------------------------------------------
    def repairable(self, sheet: ControlSheet) -> bool:
        """Whether there is damage left to mend."""
        return any(self.damage[section] > 0 for section in SECTIONS)

    def repair(self, sheet: ControlSheet, points: int) -> str:
        """Spend ``points`` of repair on the damage, the worst-hit section (by share of its
        hits) first (§Damage: "allocating that score to any part of the plane you see fit";
        the ground crew's choice is ours), and say what was mended."""
        mended: list[str] = []
        left = points
        while left > 0:
            worst = max(
                (s for s in SECTIONS if self.damage[s] > 0),
                key=lambda s: (self.damage[s] / sheet.section(s).hits, -SECTIONS.index(s)),
                default=None,
            )
            if worst is None:
                break
            used = min(left, self.damage[worst])
            self.damage[worst] -= used
            left -= used
            mended.append(f"{section_title(worst)} {used}")
        if not mended:
            return "nothing to mend"
        still = [s for s in SECTIONS if self.damage[s] > 0]
        tail = "; all mended" if not still else f"; still {self.damage_text(sheet, still)}"
        return "mends " + ", ".join(mended) + tail

    def damage_text(
        self, sheet: ControlSheet, sections: tuple[Section, ...] | list[Section] = SECTIONS
    ) -> str:
        return " ".join(
            f"{SECTION_CODES[s]} {self.damage[s]}/{sheet.section(s).hits}" for s in sections
        )

    def land(self) -> None:
        """Down at base: whatever had the aircraft out of hand is over (the damage and
        the turn limit stay until mended; ours)."""
        self.out_of_control = None
        self.blackout_turns = 0
        self.stall_due = self.stall_recovery = False
        self.overdive_bands = 0

    @property
    def in_hand(self) -> bool:
        """Whether the pilot flies his own plot (no blackout, not out of control)."""
        return self.out_of_control is None and self.blackout_turns <= 0


SECTION_CODES: dict[Section, str] = {
    "engine": "ENG",
    "cockpit": "CKPT",
    "fuel": "FUEL",
    "left_wing": "LW",
    "right_wing": "RW",
    "tail": "TAIL",
}
"""Short names of the sections for the HUD's damage row."""


def section_title(section: Section) -> str:
    return section.replace("_", " ")
