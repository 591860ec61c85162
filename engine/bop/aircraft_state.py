"""One aircraft's state between game-turns: what its control card holds.

:class:`AircraftState` is what the Flight Phase and the end-of-turn phases read and change;
``CREW_NAMES`` names the crew seats, pilot first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine import performance as perf
from engine.bop.activity import ActivityLedger
from engine.bop.combat import Placement
from engine.bop.crew import CREW_NAMES, activity_text
from engine.bop.damage import DamageState
from engine.bop.damage_effects import DamageEffects, damage_effects
from engine.bop.departure import SpinState
from engine.bop.effects import CrewEquipment, CrewState, GEffect
from engine.bop.missile_play import Shooter, pilot_quality
from engine.bop.plotting import ImposedUnload
from engine.bop.sensors.suite import SensorSuite
from engine.hexmap import STEP_FT, Hex, Position
from engine.phad import Attitude, Cell
from models.aircraft import AircraftCard
from models.missile import missile_card
from models.orders import CrewOrders, Throttle

TICKS_PER_TURN = perf.TICKS_PER_TURN
NORMAL_OUTPUT_FRACTION = 0.5
"""A throttle at Normal gives at most half the Mil output ("Compressor Stall")."""


@dataclass
class AircraftState:
    """One aircraft's evolving state between game-turns (what its control card holds)."""

    id: str
    callsign: str
    side: str
    card: AircraftCard
    hex: Hex
    alt_steps: int
    speed_kt: int
    attitude: Attitude
    throttle: Throttle
    fuel_fp: int
    fuel_carry: perf.FuelCarry = field(default_factory=perf.FuelCarry)
    tp_carry: int = 0
    pitchdown_points: int = 0
    departure_points: int = 0
    active: bool = True
    damage: DamageState | None = None
    """The Damage track and box; None for a card without a damage section."""
    shots_left: dict[str, int] = field(default_factory=dict)
    """Gun shots left by gun type."""
    missiles_left: dict[str, int] = field(default_factory=dict)
    """Missiles left by type."""
    crew_quality: str = "average"
    bailout_over: Literal["friendly", "hostile"] = "friendly"
    greatest_load_g: float = 1.0
    """The greatest load of the last game-turn (for launch G)."""
    crew: list[CrewState] = field(default_factory=list)
    """Each crew member's G state, pilot first."""
    overstress_points: int = 0
    uncontrolled: bool = False
    """The crew member flying it is unconscious or killed: the aircraft flies itself
    ("Uncontrolled Aircraft")."""
    flyer_seat: int = 0
    """The crew seat flying the aircraft: the pilot's (0) unless another crew member has
    taken control ("Non-pilot flight")."""
    taking_control_seat: int | None = None
    """The seat that paid this game-turn to take control; it flies from the next one."""
    gun_shot_last_turn: bool = False
    """A normal or tracking gunshot was fired last game-turn (no Initial Shot this one)."""
    ledgers: list[ActivityLedger] = field(default_factory=list)
    """Each crew member's Activity Points this game-turn, pilot first (SoP 01)."""
    orders_crew: CrewOrders = field(default_factory=CrewOrders)
    """This game-turn's crew orders (what the crew spend their AP on)."""
    strain_ap: list[int] = field(default_factory=list)
    """AP each crew member strained with this game-turn, pilot first (Strain task)."""
    onset_effects: dict[int, GEffect] = field(default_factory=dict)
    """This game-turn's G Onset effects by crew seat, for the Flight Effects phase."""
    _effects_cache: tuple[DamageState | None, DamageEffects] | None = field(
        default=None, repr=False, compare=False
    )
    spin: SpinState | None = None
    """The aircraft is spinning (Departure, SoP 06) until a Spin Recovery takes it out."""
    imposed_unload: ImposedUnload | None = None
    """A High-Speed Departure's involuntary unloaded ticks, flown at the start of the next
    game-turn."""
    sensors: SensorSuite = field(default_factory=lambda: SensorSuite(None))
    """The sensor fit and what each sensor holds (SoP 10)."""
    listed: AircraftCard | None = None
    """The type's card as listed, once the wing has moved (``card`` is then the card as
    flown at the current wing position); see :attr:`listed_card`."""
    wing_position: str | None = None
    """A swing-wing aircraft's wing position (None for a fixed wing)."""
    wing_commanded: str | None = None
    """A manual wing position declared this game-turn (moves in SoP 11)."""
    decoys_left: dict[str, int] | None = None
    """Flares and chaff left in the Decoy Dispenser System; None without one."""
    dds_program: int = 0
    """Decoys of each kind the DDS program dispenses every game-turn (0: off)."""
    decoys_released: dict[str, int] = field(default_factory=lambda: {"flares": 0, "chaff": 0})
    """Decoys of each kind put out this game-turn."""
    bingo_fp: int | None = None
    """The scenario's Bingo limit in Fuel Points, if any."""
    gci: bool = False
    """A ground controller feeds this aircraft (GCI Datalink)."""
    selected_weapon: str | None = None
    """The missile type last selected (Select Weapon, SoP 02)."""
    snapshot: tuple[str, Cell] | None = None
    """This game-turn's declared missile snapshot: the target (callsign) and the Nose cell
    at the declaration (Declare a Missile Snapshot, SoP 02)."""
    spin_gyration_cells: int = 0
    """This game-turn's Spin Gyrations, in roll cells (negative to the left)."""
    throttle_step: int = 2
    """The Compressor Stall step the throttle reached last game-turn: 0 Idle, 1 Normal,
    2 Mil, 3 AB."""
    throttle_at_normal: bool = False
    """This game-turn a compressor-stall roll held the throttle at Normal (Mil at half
    output)."""
    stalled_engines: frozenset[int] = frozenset()
    """Engines (numbered from 1) stalled at Idle until they restart (Compressor Stall)."""
    departure_result: int | None = None
    """The Departure Result of this game-turn's departure check, if one was made."""
    max_lift_exceeded: bool = False
    """This game-turn's Lift Used went above Max-Lift ("Of Max Aero Load"): it departs in the
    Departure step whatever its Departure Points."""

    @property
    def listed_card(self) -> AircraftCard:
        """The type's card as listed, whatever the wing position."""
        return self.listed if self.listed is not None else self.card

    def involuntary_unload(self) -> ImposedUnload | None:
        """The unloaded flight the rules impose this game-turn: a High-Speed Departure's
        ticks, or a spinning aircraft's whole turn with its fall and gyrations."""
        if self.spin is not None:
            return ImposedUnload(
                TICKS_PER_TURN, 0.0, spin=True, gyration_roll_cells=self.spin_gyration_cells
            )
        return self.imposed_unload

    @property
    def flyer_ledger(self) -> ActivityLedger | None:
        """The Activity Points of the crew member flying the aircraft, who performs the
        pilot's tasks (None for a state without ledgers)."""
        return self.ledgers[self.flyer_seat] if self.flyer_seat < len(self.ledgers) else None

    @property
    def has_radio(self) -> bool:
        """The type has a radio (its card's sighting data says so; a card without sighting
        data is taken to have one)."""
        return self.card.sighting is None or self.card.sighting.radio

    @property
    def tactical_datalink(self) -> bool:
        """The type's fit has a tactical datalink, one that passes tracks between aircraft
        ("Integration"); a GCI datalink does not."""
        fit = self.sensors.fit
        return fit is not None and fit.datalink is not None and fit.datalink.kind == "tactical"

    @property
    def flyer_conscious(self) -> bool:
        """The crew member flying the aircraft is conscious (and so alive)."""
        return self.flyer_seat < len(self.crew) and self.crew[self.flyer_seat].conscious

    def may_fly(self, seat: int) -> bool:
        """Whether the crew member in ``seat`` is permitted to fly ("Non-pilot flight"): the
        pilot always, the back seat when the card gives it flight controls."""
        return seat == 0 or (seat == 1 and self.card.back_seat_controls)

    def crew_text(self) -> str:
        """``ok``, or each crew member whose state is not normal: ``pilot: loc``,
        ``back seat: wounded grey_out``, ``pilot: killed``."""
        names = CREW_NAMES[: len(self.crew)]
        odd = []
        for name, member in zip(names, self.crew, strict=True):
            if member.killed:
                odd.append(f"{name}: killed")
                continue
            marks = (["wounded"] if member.wounds else []) + (
                [member.g_state] if member.g_state != "normal" else []
            )
            if marks:
                odd.append(f"{name}: {' '.join(marks)}")
        return ", ".join(odd) or "ok"

    def activity_text(self) -> str:
        """AP left by seat (``-`` for a crew member who cannot act)."""
        return activity_text(self.ledgers)

    def placement(self) -> Placement:
        return Placement(self.hex, self.alt_steps, self.attitude)

    def weapons_text(self) -> str:
        """Gun shots and missiles left, short: ``M61A1 5, AIM-7E-2 x3``."""
        guns = [f"{name.split()[0]} {left}" for name, left in self.shots_left.items()]
        missiles = [f"{kind} x{left}" for kind, left in self.missiles_left.items() if left]
        return ", ".join(guns + missiles)

    def shooter(self) -> Shooter:
        return Shooter(
            self.id,
            self.callsign,
            self.side,
            Position(self.hex, max(0, self.alt_steps)),
            self.attitude,
            self.speed_kt,
            self.greatest_load_g,
            pilot_quality(self.crew_quality),
            self.active,
        )

    def damage_text(self) -> str:
        if self.damage is None:
            return ""
        if self.damage.destroyed:
            return f"destroyed ({self.damage.destroyed_by})"
        systems = ", ".join(self.damage.damaged_systems)
        return f"{self.damage.points}/{self.damage.capacity}" + (f" {systems}" if systems else "")

    @property
    def alt_ft(self) -> float:
        return self.alt_steps * STEP_FT

    @property
    def stores_lb(self) -> float:
        """The weight of the missiles still on their stations (Administrative, SoP 11)."""
        return sum(missile_card(kind).weight_lb * left for kind, left in self.missiles_left.items())

    @property
    def stores_points(self) -> float:
        """Stores points of the missiles still on their stations ("The Form + Stores Drag
        Table")."""
        return sum(
            missile_card(kind).stores_points * left for kind, left in self.missiles_left.items()
        )

    @property
    def stores_drag_points(self) -> int:
        """Drag points the stores add to every Form Drag value: one per full unit of the
        card's "Drag Pt. per Stores Pt." entry ("The Form + Stores Drag Table")."""
        return perf.stores_drag_points(
            self.stores_points, self.card.stores.stores_points_per_drag_point
        )

    @property
    def stores_cd0(self) -> float:
        """The stores' drag points as C_D0 (docs/rulings.md, "Stores drag points")."""
        return perf.drag_points_cd0(self.stores_drag_points)

    @property
    def weight_lb(self) -> float:
        """Empty, crew and fixed load, fuel, and the stores carried (SoP 11)."""
        return perf.weight_lb(self.card, self.fuel_fp, self.stores_lb)

    def position_ft(self) -> tuple[float, float, float]:
        x, y = self.hex.centre_ft()
        return (x, y, self.alt_ft)

    def crew_equipment(self) -> CrewEquipment:
        kit = self.card.crew_equipment
        return CrewEquipment(kit.g_suit, kit.reclined_seat, kit.pressure_mask, kit.g_training)

    def damage_effects(self) -> DamageEffects:
        """What the Damage box's critical hits do to this aircraft's flying (worked out
        again only when the Damage box changes)."""
        cached = self._effects_cache
        if cached is not None and cached[0] is self.damage:
            return cached[1]
        effects = damage_effects(self.damage, self.card.engines.count, len(self.crew))
        self._effects_cache = (self.damage, effects)
        return effects

    def engine_outputs(self, throttle: Throttle) -> list[tuple[Throttle, float]] | None:
        """Each engine's throttle and output factor when damage or a compressor stall has
        touched one, else None: an engine without its afterburner runs at Mil when the
        throttle is at AB, a stalled engine at Idle, and a throttle held at Normal gives
        half of Mil ("Compressor Stall")."""
        effects = self.damage_effects()
        if self.fuel_fp <= 0:  # flamed out ("Fuel")
            return [("idle", 0.0)] * len(effects.engines)
        if not (effects.engine_damaged or self.stalled_engines or self.throttle_at_normal):
            return None
        outputs: list[tuple[Throttle, float]] = []
        for number, engine in enumerate(effects.engines, start=1):
            if number in self.stalled_engines:
                outputs.append(("idle", engine.output_factor))
                continue
            setting: Throttle = "mil" if throttle == "ab" and not engine.afterburner else throttle
            factor = engine.output_factor
            if self.throttle_at_normal and setting == "mil":
                factor *= NORMAL_OUTPUT_FRACTION
            outputs.append((setting, factor))
        return outputs
