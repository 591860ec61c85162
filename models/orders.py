"""Orders: what a pilot decides each game-turn, as data.

Birds of Prey orders (``kind = "bop.plot"``) are the declarations of SoP 02 that flight needs
(throttle, speedbrake) and the plotted segments of the Flight Phase (SoP 03, Bp–Cp).  The
segments are a tagged union on ``kind`` so a bad field reads like
``aircraft.1.script.0.segments.2.load_g``.

Whether an order is legal depends on the aircraft's state; the engine checks that in one
place (``engine.bop.legality``).  These models check only the shape.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, field_validator, model_validator

from models.base import DataModel
from models.hexes import check_hex_text
from models.sensors import RadarMode

Throttle = Literal["idle", "mil", "ab"]
RollRate = Literal["safe", "normal", "boosted"]
TallyCue = Literal["radio", "datalink", "hud", "hmd"]
"""What may let a crew member tally an aircraft it did not see last phase (the Tally task's
requirements): a friend's radio call, a friendly datalink track, a sensor contact shown in
the pilot's HUD (in the Nose cell) or in a helmet-mounted display."""
TALLY_CUES: tuple[TallyCue, ...] = ("hud", "hmd", "datalink", "radio")
AircraftChoice = Annotated[str, Field(min_length=1)] | Literal[False] | None
"""An aircraft id the crew choose, ``false`` for none, or left out for the doctrine's pick."""


class _Segment(DataModel):
    """Fields every segment kind has: the movement choices a player may record (Fm–Im)."""

    end_hex: str | None = None
    """The hex the segment ends in, when the player chose one (2D move, Hm); by default the
    legal hex nearest the true direction."""
    alt_change_steps: int | None = Field(default=None, ge=-60, le=60)
    """The segment's altitude change in steps, when the player chose one (3D move, Fm)."""

    @field_validator("end_hex")
    @classmethod
    def _on_the_map(cls, value: str | None) -> str | None:
        return None if value is None else check_hex_text(value)


class StraightSegment(_Segment):
    """Straight flight ("Straight Flight"): no change of pitch or heading; may roll."""

    kind: Literal["straight"] = "straight"
    ticks: int = Field(ge=1, le=10)
    """Segment duration in ticks (Bp7)."""
    roll_cells: int = Field(default=0, ge=-14, le=14)
    """Cells to roll at the end of the segment: positive right, negative left (Rolling)."""
    roll_rate: RollRate = "normal"
    """Which roll rate column to use (Select the Type of Roll)."""
    snap: bool = False
    """A snap roll: the sustained rate from the first FP, 1 DP per extra roll point."""


class TurnSegment(_Segment):
    """A turning segment ("Turning Flight", "Multi-Turns"): the Nose moves along the path
    three cells from the Wing."""

    kind: Literal["turn"] = "turn"
    ticks: int = Field(ge=1, le=10)
    """Segment duration in ticks (Bp7)."""
    load_g: Annotated[float, Field(gt=0, le=15)] | Literal["max", "sustained"]
    """Load Used (Bp5), positive (``negative`` makes it a push).  ``"max"`` pulls the lesser
    of the aero load limit and the safe load; ``"sustained"`` the most load at which thrust
    still matches drag at the declared throttle (read off the card, as a player would)."""
    cells: int | None = Field(default=None, ge=1, le=14)
    """Cells the Nose moves (30° each); the turn must complete (or be a one-cell turn ending
    the game-turn, which may be incomplete)."""
    nose: str | None = Field(default=None, min_length=1, max_length=16)
    """Instead of ``cells``: the cell to pull the Nose toward; the segment turns as many
    cells toward it as its TP allow and stops there."""
    negative: bool = False
    """A negative-load turn: the Nose moves away from the Canopy ("Negative Loads")."""
    roll_cells: int = Field(default=0, ge=-2, le=2)
    """Cells rolled after the turn (Rolling While Turning allows 0, 1 or 2)."""

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        if (self.cells is None) == (self.nose is None):
            raise ValueError("give either cells (how far the Nose turns) or nose (where it ends)")
        if isinstance(self.load_g, float | int) and self.load_g % 0.5:
            raise ValueError("loads are written to the nearest 0.5 G (Rounding)")
        return self


class UnloadSegment(_Segment):
    """An unloaded segment ("Unloaded Flight"): zero load, the Nose pitches down by gravity."""

    kind: Literal["unload"] = "unload"
    ticks: int = Field(ge=1, le=10)
    """Segment duration in ticks (at least 5, or the ticks needed to pitch down)."""
    side: Literal["cw", "ccw"] | None = None
    """Border choice when a pitch-down cannot keep the Nose's heading (Pitching Down)."""


class BarrelRollSegment(_Segment):
    """A barrel roll ("Barrel Rolls"): a half or full roll while pulling at least 2.5 G."""

    kind: Literal["barrel_roll"] = "barrel_roll"
    ticks: int = Field(ge=1, le=10)
    load_g: float = Field(ge=2.5, le=15)
    direction: Literal["left", "right"]
    full: bool = False
    """A full (360°) roll; otherwise half (180°)."""


Segment = Annotated[
    StraightSegment | TurnSegment | UnloadSegment | BarrelRollSegment,
    Field(discriminator="kind"),
]


class GunOrder(DataModel):
    """Fire the guns at a target when the turn's geometry offers a shot (SoP 07)."""

    target: str = Field(min_length=1)
    """Id of the aircraft to fire at."""
    shot: Literal["best", "initial"] = "best"
    """``best``: a tracking shot if the geometry gives one, else a normal shot (both chosen
    after movement). ``initial``: an Initial Shot declared before movement at the start of
    turn geometry (SoP 02), which rules the other two out."""


class MissileOrder(DataModel):
    """Launch one missile at a target in this game-turn's Combat phase, if the rules allow."""

    type: str = Field(min_length=1)
    """Missile type id, one the aircraft still carries, e.g. ``AIM-7E-2``."""
    target: str = Field(min_length=1)
    """Id of the aircraft to launch at."""
    follow_on: bool = False
    """After a successful launch, fire a second of the same type (or its matched twin, as
    the selection passes) at the same target in the same Combat phase (Follow-on Missile
    Launch)."""
    pair: bool = False
    """Launch two at once at the same target, where the aircraft's card notes pair launches
    ("Pair Launches"); the second IR missile needs a slaved acquisition."""
    snapshot: bool = False
    """A snapshot, declared in the Declarations phase against a fixed target inside the
    missile's extended FoV and fired if its seeker locks on in the Combat phase (Declare a
    Missile Snapshot, Snapshot Launch)."""

    @model_validator(mode="after")
    def _one_way_to_launch(self) -> Self:
        if sum((self.follow_on, self.pair, self.snapshot)) > 1:
            raise ValueError(
                "a missile order is a follow-on, a pair or a snapshot, not more than one "
                "(Restrictions on Follow-on Launch)"
            )
        return self


class CrewOrders(DataModel):
    """How the crew spend their Activity Points this game-turn (the Aircrew Tasks). Left
    out, each choice follows the crew's standing doctrine (docs/rulings.md)."""

    strain_ap: int | None = Field(default=None, ge=0, le=2)
    """AP each crew member spends on the Strain task (SoP 04); by default as much as their
    G-training allows in a game-turn pulling 5 G or more."""
    control_ap: int | None = Field(default=None, ge=0, le=2)
    """AP the pilot spends on the Control task before a departure check (SoP 06); by
    default 2 whenever Departure Points are held."""
    missile_defense: bool = True
    """Defend against every missile the pilot is aware of (1 AP each, SoP 07)."""
    damage_control: bool = True
    """Crew members with 4 AP left treat damaged systems (SoP 11)."""
    padlock: AircraftChoice = None
    """Id of the aircraft each crew member padlocks first in Visual Sighting (2 AP, SoP 09
    "Padlock"), when it had it spotted last phase; ``false`` for no padlock. By default the
    doctrine's: the aircraft the crew fight, when its tally is doubtful."""
    eo_identify: AircraftChoice = None
    """Id of an aircraft the radar tracks for the sensor operator to identify with the EO
    sensor first in Visual Sighting (1 AP; that crew member's other sighting tasks cost
    double this game-turn, "EO Sensor"); ``false`` for none. By default the doctrine's: a
    tracked enemy nobody aboard has seen, when nothing is left to keep in sight."""
    tally_cues: tuple[TallyCue, ...] | None = None
    """The cues the crew may tally an unseen enemy by, instead of searching for it: any of
    ``radio``, ``datalink``, ``hud``, ``hmd`` (``[]`` for none). By default all of them."""
    datalink_cue: AircraftChoice = None
    """Id of an aircraft a friend's tactical datalink tracks, to hand to this aircraft's
    radar (Boresight or Supersearch) or IRST in the Sensor phase (a Sensor Handoff, SoP 10
    "Integration"); ``false`` for none. By default the doctrine's: the nearest such enemy
    its own sensors do not hold."""

    take_control: bool | None = None
    """The crew member permitted to fly who is not flying pays 4 AP to take control, and
    flies from the next game-turn ("Non-pilot flight"); by default only when the one flying
    is unconscious or killed. ``true`` also hands over from a pilot still flying, and does
    nothing once the back seat flies. ``false``: nobody takes control this game-turn."""
    eject: bool | None = None
    """The crew abandon the aircraft and eject in the Administrative phase (SoP 11,
    "Ejection"); by default only from an aircraft spinning below 10,000 ft above the ground
    or one nobody aboard can fly any more. ``false``: nobody ejects by choice this
    game-turn."""

    @field_validator("tally_cues")
    @classmethod
    def _each_cue_once(cls, value: tuple[TallyCue, ...] | None) -> tuple[TallyCue, ...] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError(f"name each cue once, from {', '.join(TALLY_CUES)}")
        return value

    @property
    def cues(self) -> tuple[TallyCue, ...]:
        """The cues allowed this game-turn, in the doctrine's order of preference."""
        allowed = TALLY_CUES if self.tally_cues is None else self.tally_cues
        return tuple(cue for cue in TALLY_CUES if cue in allowed)


class SensorOrders(DataModel):
    """Sensor declarations for this game-turn (SoP 02); each left out follows the crew's
    doctrine (docs/rulings.md, "Sensors in play")."""

    radar: RadarMode | None = None
    """Radar mode to switch to in the Declarations phase: ``Bo``, ``Dog``, ``SS``, ``STT``,
    ``Srch`` or ``TWS`` (the aircraft's radar must have it)."""
    radar_target: str | None = None
    """Id of the aircraft the radar works on: the contact a mode switch keeps and the one
    Search tries to convert to a track; by default the target of this turn's missile order."""
    ir_missile: str | None = None
    """The IR missile type to select so that its seeker works this game-turn (Select
    Weapon, SoP 02), when the plot names no ``weapon`` and no missile order."""
    decoy_program: int | None = Field(default=None, ge=0, le=8)
    """Set the Decoy Dispenser System to put out this many flares and this many chaff every
    game-turn from now on (0 switches it off; "Setting Decoy Program")."""


class BopPlot(DataModel):
    """One aircraft's orders for one Birds of Prey game-turn."""

    kind: Literal["bop.plot"] = "bop.plot"
    throttle: Throttle = "mil"
    """Throttle setting declared in SoP 02."""
    engine_dspeed_kt: int | None = Field(default=None, ge=0, le=500)
    """Engine ΔSpeed to take this game-turn, in knots (a multiple of 5), when the pilot
    wants less than the throttle gives, to moderate airspeed (Engine, Ep12). At most what
    the throttle gives at the start of the turn; at ``ab``, at least what ``mil`` gives.
    Left out: all the throttle gives."""
    speedbrake: bool = False
    """Speedbrakes extended this game-turn (Form Drag)."""
    segments: tuple[Segment, ...] = Field(min_length=1, max_length=10)
    """Plotted segments; their durations must total exactly 10 ticks (Bp7)."""
    weapon: str | None = Field(default=None, min_length=1)
    """The missile type selected in SoP 02 (Select Weapon): the only one that may be launched
    this game-turn and whose seeker works in the Sensors phase. Left out: the type of
    ``missile``, else ``sensors.ir_missile``, else last turn's selection stands."""
    missile: MissileOrder | None = None
    """A missile launch this game-turn (Missile Combat, "Launch and Boost"); the type is the
    selected weapon."""
    guns: GunOrder | None = None
    """Gun combat this game-turn: a normal or tracking shot at the target when one is open
    after movement (Gun Combat)."""
    swing_wing: str | None = Field(default=None, min_length=1, max_length=16)
    """A manual swing wing's new position, declared in SoP 02 and reached in SoP 11
    ("Manual Swing-Wing"), e.g. ``"72"``."""
    jettison: bool = False
    """Jettison every external store this game-turn: some segment must allow it (2 ticks or
    more, upright, at most 2.0 G; "Jettisoning External Stores")."""
    crew: CrewOrders = Field(default_factory=CrewOrders)
    """The crew's Activity Point choices; each left out follows the standing doctrine."""
    sensors: SensorOrders = Field(default_factory=SensorOrders)
    """Radar mode and IR missile selection; each left out follows the crew's doctrine."""

    @field_validator("engine_dspeed_kt")
    @classmethod
    def _whole_speed_steps(cls, value: int | None) -> int | None:
        if value is not None and value % 5:
            raise ValueError(
                f"Engine ΔSpeed {value} kt is not a multiple of 5 kt; speed changes are "
                "written to the nearest 5 kt (Rounding; Engine, Ep12)"
            )
        return value

    @model_validator(mode="after")
    def _ten_ticks(self) -> Self:
        total = sum(segment.ticks for segment in self.segments)
        if total != 10:
            raise ValueError(
                f"segment durations total {total} ticks; a game-turn's segments must total "
                "exactly 10 (Plotting, Bp7)"
            )
        return self
