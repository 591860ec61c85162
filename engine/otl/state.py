"""The record sheet of one plane in Over the Lines, as the rules keep it between phases.

Banks are counted in 45° steps clockwise from upright: 0 UE, 1 UR, 2 PR, 3 IR, 4 I,
−3 IL, −2 PL, −1 UL (eight banks; docs/rulings.md, OtL banks).  Pitches run −2 VD, −1 D,
0 L, 1 C, 2 VC (§Pitch and Altitude Changes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from models.otl.chart import GunChart, PlaneChart
from models.otl.scenario import BANKS, PITCHES, Crew

BANK_STEP_DEG = 45
PITCH_STEP_DEG = 45
FlightCondition = Literal["normal", "stalled", "spin", "broken"]
"""``broken``: a failed Wing or Fuselage check, an irrecoverable spin (§Wing and Fuselage
Hits); ``spin`` may be left with an Exit Spin roll."""
Status = Literal["flying", "destroyed", "crashed", "landed", "home", "bailed_out"]
Wound = Literal["none", "light", "heavy", "killed"]


def bank_name(bank: int) -> str:
    """UE, UR, PR, IR, I, IL, PL, UL."""
    return BANKS[bank % 8]


def bank_of(name: str) -> int:
    """The step count of a bank name, −3…4."""
    step = BANKS.index(name)
    return step - 8 if step > 4 else step


def rolled(bank: int, direction: int) -> int:
    """The bank one step clockwise (+1) or counterclockwise (−1) on, kept in −3…4."""
    step = (bank + direction) % 8
    return step - 8 if step > 4 else step


def is_inverted(bank: int) -> bool:
    """IL, I, IR (§Inverted Movement)."""
    return abs(bank) >= 3


def low_wing(bank: int) -> int:
    """+1 when banked right (UR, PR, IR), −1 left, 0 in UE or I (§Forced Turns/Slips)."""
    return 0 if bank in (0, 4) else (1 if bank > 0 else -1)


def pitch_name(pitch: int) -> str:
    return PITCHES[pitch + 2]


def pitch_of(name: str) -> int:
    return PITCHES.index(name) - 2


@dataclass
class CrewState:
    """A pilot or observer: the record (level, kills) and wounds this mission."""

    record: Crew
    wound: Wound = "none"
    blacked_out: bool = False
    missions_this_game: int = 0
    """1 once this crewman fired with a chance to hit or was fired at."""

    @property
    def level(self) -> str:
        return self.record.level

    @property
    def kills(self) -> int:
        return self.record.kills

    @property
    def able(self) -> bool:
        """Can fire and fly (not heavily wounded, killed or blacked out)."""
        return self.wound in ("none", "light") and not self.blacked_out


@dataclass
class GunState:
    """One gun's ammo track and jam (§Jamming, §Ammo, §Reloads)."""

    chart: GunChart
    ammo: int
    """Boxes left on the belt or in the drum on the gun."""
    drums: int
    consecutive: int = 0
    """Rounds fired in a row, this one included once it fires."""
    jammed: Literal["no", "jammed", "stuck"] = "no"
    """``stuck``: a 1 on the clearing roll, jammed for the rest of the mission."""
    jammed_half: bool = False
    """Separately firing dual guns: one of the two is jammed (firepower halved)."""
    half_stuck: bool = False
    """Separately firing dual guns: one of the two is jammed for the rest of the mission
    (with ``jammed_half`` while its partner fires, with ``jammed`` while both are jammed)."""
    destroyed: bool = False
    halved: bool = False
    """A dual gun that lost one of its pair (Gun Destroyed)."""
    needs_reload: bool = False
    """A cannon after its shot, or an empty drum."""
    fired_this_round: bool = False

    @property
    def id(self) -> str:
        return self.chart.id


@dataclass
class PlaneState:
    """Everything the rules track for one plane between phases."""

    id: str
    callsign: str
    side: str
    chart: PlaneChart
    pilot: CrewState
    observer: CrewState | None
    x_in: float
    y_in: float
    alt_ft: float
    heading_deg: float
    """Compass heading, clockwise from north (+y)."""
    bank: int
    pitch: int
    speed: int
    engine_on: bool = True
    engine_dead: bool = False
    """Stopped by damage that no restart cures (Engine Out, Fuel Line Cut)."""
    condition: FlightCondition = "normal"
    status: Status = "flying"
    mp_since_roll: int = 99
    """MP flown since the last bank step (the roll-rate count carries across rounds)."""
    mp_since_pitch: int = 99
    template: str | None = None
    """The turn template the plane is on, if any, and how far along it it is."""
    template_in: float = 0.0
    wing_damage: int = 0
    fuselage_damage: int = 0
    crits: list[str] = field(default_factory=list)
    """Critical-hit chits in effect, by key (cumulative, §Critical Hits)."""
    guns: list[GunState] = field(default_factory=list)
    target: str | None = None
    last_target: str | None = None
    bombs: bool = False
    incendiary: bool = False
    rounds_inverted: int = 0
    """Rounds in a row spent wholly in the inverted banks."""
    on_ground: bool = False

    @property
    def flying(self) -> bool:
        return self.status == "flying"

    @property
    def bank_label(self) -> str:
        return bank_name(self.bank)

    @property
    def pitch_label(self) -> str:
        return pitch_name(self.pitch)

    def gun(self, gun_id: str) -> GunState:
        return next(g for g in self.guns if g.id == gun_id)

    def has(self, crit: str) -> bool:
        return crit in self.crits
