"""One aircraft's state during a Phantoms game, as the rules and the HUD need it (§4 of
the reference reading: hex and facing, level, speed, the marker out, damage, locks...).

The game owns these objects and changes them only through the rule modules (movement,
combat, damage); every rule module reads and writes the fields named here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.hexmap import Hex
from models.phantoms.card import ControlCard
from models.phantoms.common import MANEUVER_CLASS, Maneuver, Quality


@dataclass(slots=True)
class Marker:
    """A maneuver marker on the mat with its climb or dive markers (§6.1–§6.3)."""

    maneuver: Maneuver
    hexes_to_go: int
    """Moves still to make before entering the marker's hex (0: the aircraft is in it)."""
    levels: int = 0
    """Levels announced for this maneuver: positive climbs, negative dives."""
    levels_left: int = 0
    """Climb/dive markers not yet reached (always ≥ 0; the sign is ``levels``')."""
    level_hexes: tuple[int, ...] = ()
    """Which of the moves (1 = the first after placing) carry a climb/dive marker."""
    moves_made: int = 0
    emergency: bool = False
    """Swapped in by an emergency maneuver (optional §15, Intruders I-p.13)."""

    @property
    def text(self) -> str:
        """``HT-L 2 +1``-style short form for the HUD: maneuver, hexes to go, levels still to
        climb (+) or dive (−)."""
        words = {
            "S": "S",
            "LT": "T-L",
            "RT": "T-R",
            "LHT": "HT-L",
            "RHT": "HT-R",
            "LS": "SS-L",
            "RS": "SS-R",
            "LOOP": "LOOP",
        }
        text = f"{words[self.maneuver]} {self.hexes_to_go}"
        if self.levels_left:
            text += f" {'+' if self.levels > 0 else '-'}{self.levels_left}"
        return text


@dataclass(slots=True)
class PlaneState:
    """An aircraft in play."""

    id: str
    side: str
    card: ControlCard
    quality: Quality
    hex: Hex
    facing: int
    """0–5; facing f crosses the hexside at heading 60·f (north is 0)."""
    level: int
    """Altitude level, 0 and up (level 0 is on the deck)."""
    speed: int
    """Current speed in points (may fall to 0 or below before a loss-of-control check)."""
    speed_set: int = 0
    """The speed set in this turn's Set Phase (§5.0)."""
    marker: Marker | None = None
    loaded: bool = False
    """Carrying air-to-ground stores or full tanks, or damaged past its maximum (§11.0)."""
    stores: dict[str, int] = field(default_factory=dict)
    """Air-to-ground stores by weapon id, while carried."""
    missiles: dict[str, int] = field(default_factory=dict)
    """Air-to-air missiles left, by missile id."""
    gun_bursts: int = 0
    ab_left: int = 0
    """Afterburner uses left (§6.5)."""

    # What happened this impulse (cleared at the start of each impulse).
    moved: bool = False
    climbed: bool = False
    dived: bool = False
    used_ab: bool = False
    finished: Maneuver | None = None
    """The maneuver completed on entering its marker hex this impulse."""
    fired: bool = False
    """Fired a gun or a missile this impulse (§7.0: not both)."""
    levels_dived_run: int = 0
    """Levels dived over the current maneuver (dive bombing, Intruders I-p.5)."""
    straight_run: int = 0
    """Hexes flown straight since the last turn (bombsight run-in, Intruders I-p.5)."""

    # Control (§6.4).
    out_of_control: bool = False
    recovered_this_impulse: bool = False

    # Damage (§8.0–§9.0).
    damage: int = 0
    criticals: list[str] = field(default_factory=list)
    """Every critical result suffered, in order (``minor``, ``pilot_wounded``, ``structural``,
    ``engine``, ``fire``, ``major``)."""
    pilot_wounded: bool = False
    structural: bool = False
    engine_damaged: bool = False
    on_fire: bool = False

    # Sensors (§7.1.1b, §13.0).
    locks: list[str] = field(default_factory=list)
    """Ids this aircraft's radar holds locked."""
    radar_spots: set[str] = field(default_factory=set)
    visual_spots: set[str] = field(default_factory=set)

    # Leaving the game.
    broke_off: bool = False
    destroyed: bool = False
    crashed: bool = False
    ejected: bool | None = None
    """None while flying or when no ejection was rolled; True/False once the crew tried."""
    cause: str = ""
    """Why it left the game: ``shot down by mig-21-1 (AA-2)``, ``crashed``, ``broke off``."""

    @property
    def in_play(self) -> bool:
        return not (self.destroyed or self.crashed or self.broke_off)

    @property
    def in_hard_maneuver(self) -> bool:
        """In, or just finished, a Hard Turn or Loop (+3 defence against missiles, §7.1)."""
        held = self.marker.maneuver if self.marker is not None else None
        return any(
            m is not None and MANEUVER_CLASS[m] in ("hard_turn", "loop")
            for m in (held, self.finished)
        )

    def clear_impulse(self) -> None:
        """Forget what the last impulse did (start of each impulse's Movement Segment)."""
        self.moved = False
        self.climbed = False
        self.dived = False
        self.used_ab = False
        self.finished = None
        self.fired = False
        self.recovered_this_impulse = False


MoveKind = Literal["move", "still", "recover", "fall", "crash"]
"""What an aircraft did in a Movement Segment: flew into the hex(es) ahead; did not move
this impulse; regained control (§6.4); stayed out of control and lost a level; fell below
level 0."""


@dataclass(frozen=True, slots=True)
class MoveStep:
    """What one aircraft did in one impulse's Movement Segment (§6.0), as the record and
    the replay read it: where it was and faced before and after, and why it changed."""

    plane_id: str
    turn: int
    impulse: int
    kind: MoveKind
    from_hex: Hex
    from_facing: int
    from_level: int
    to_hex: Hex
    to_facing: int
    to_level: int
    speed: int
    """Speed after the segment (maneuver costs, climbs and dives applied)."""
    path: tuple[Hex, ...] = ()
    """The hexes entered, in order (two in one impulse under the five-impulse option)."""
    maneuver: Maneuver | None = None
    """The maneuver completed on entering its marker hex, if any."""
    level_change: int = 0
    """Levels climbed (+) or dived (−) on entering climb/dive-marker hexes."""
