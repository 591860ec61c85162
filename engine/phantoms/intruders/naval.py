"""Ships as targets (2008 Update U-p.2–3), with the Kashin destroyer's chart.

A ship moves one hex on the last impulse of every third turn and may first turn one
hexside.  Air-to-ground attacks on it use their final attack total as hits, crossed off
its chart row by row: an orange box is a fire check, a yellow box a critical, the end of a
row one more critical, and crossing the last box sinks it.  Fires burn until contained
(a d10 at each turn's end) and do their damage at the end of even turns; both boxes of a
system hit bring its effect (flooding, the bridge, crippled sensors, dead in the water).
An ARM that hits a ship does a Radar/Sensors critical, 2 hits and a fire check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.dice import d6, d10
from engine.phantoms.hexgrid import ahead
from engine.phantoms.intruders import IntrudersRuleError
from engine.phantoms.intruders.sam import RadarSite
from models.phantoms.common import IMPULSES_PER_TURN
from models.phantoms.ground import ShipChart, ShipWeapon

FireKind = Literal["minor", "major"]
TURNS_PER_MOVE: Final = 3
SENSORS_DEFENCE: Final = 2
"""Crippled sensors: +2 to the aircraft's side of the ship's AAA and SAM rolls (ruling
"Crippled sensors")."""
ARM_HITS: Final = 2
FLOODING_BOXES: Final = 2
FLOODING_WORSE_BOXES: Final = 3


@dataclass(frozen=True, slots=True)
class ShipEvent:
    """One thing that happened to a ship, in order, for the record."""

    kind: Literal[
        "box", "fire_check", "fire", "critical", "weapon", "ammunition", "effect", "sunk", "contain"
    ]
    detail: str
    roll: int | None = None


@dataclass(slots=True)
class ShipState:
    """A ship in play."""

    id: str
    chart: ShipChart
    hex: Hex
    facing: int
    radar: RadarSite | None = None
    boxes_hit: int = 0
    system_hits: dict[str, int] = field(default_factory=dict)
    weapons_lost: set[str] = field(default_factory=set)
    fires: list[FireKind] = field(default_factory=list)
    flooding_boxes: int = 0
    """Boxes lost at the end of each odd turn to severe flooding (0: none)."""
    sensors_crippled: bool = False
    dead_in_water: bool = False
    out_of_control_turns: int = 0
    fire_control_lost_turns: int = 0
    sunk: bool = False

    @property
    def defence_bonus(self) -> int:
        """Added to an aircraft's roll against the ship's AAA and SAMs."""
        return SENSORS_DEFENCE if self.sensors_crippled else 0

    @property
    def can_fire(self) -> bool:
        return not self.sunk and self.fire_control_lost_turns == 0

    def working_weapons(self, kind: Literal["aaa", "sam", "torpedo", "asw"]) -> list[ShipWeapon]:
        """The mounts of ``kind`` still in action."""
        return [
            weapon
            for weapon in self.chart.weapons
            if weapon.kind == kind and weapon.id not in self.weapons_lost
        ]


# --- Movement -----------------------------------------------------------------------------


def ship_moves(turn: int, impulse: int) -> bool:
    """Ships move on the last impulse of every third turn (U-p.2)."""
    return impulse == IMPULSES_PER_TURN and turn % TURNS_PER_MOVE == 0


def move_ship(ship: ShipState, turn_hexsides: int = 0) -> Hex:
    """Turn up to one hexside (not while out of control) and steam one hex ahead; a ship
    dead in the water stays put."""
    if abs(turn_hexsides) > 1:
        raise IntrudersRuleError(f"{ship.id} may turn one hexside when it moves (U-p.2)")
    if ship.sunk or ship.dead_in_water:
        return ship.hex
    if turn_hexsides and ship.out_of_control_turns:
        raise IntrudersRuleError(f"{ship.id} is out of control and cannot turn (U-p.3)")
    ship.facing = (ship.facing + turn_hexsides) % 6
    ship.hex = ahead(ship.hex, ship.facing)
    return ship.hex


# --- Damage -------------------------------------------------------------------------------


def hits_from_attack(attack_total: float) -> int:
    """An air-to-ground attack's final total as hits on a ship (U-p.2), fractions dropped."""
    return max(0, int(attack_total))


def _box(ship: ShipState, index: int) -> tuple[int, int]:
    """Row and column of box ``index`` (0-based) on the chart."""
    for row_number, row in enumerate(ship.chart.rows):
        if index < len(row):
            return row_number, index
        index -= len(row)
    raise IndexError(index)


def apply_hits(dice: Dice, ship: ShipState, hits: int, *, checks: bool = True) -> list[ShipEvent]:
    """Cross ``hits`` boxes, in order (U-p.2).  Hits that fires, explosions and ammunition
    bring on follow the ones being applied.  ``checks=False`` crosses boxes without their
    fire checks and criticals (flooding)."""
    events: list[ShipEvent] = []
    pending = hits
    while pending > 0 and not ship.sunk:
        pending -= 1
        row, column = _box(ship, ship.boxes_hit)
        ship.boxes_hit += 1
        mark = ship.chart.marks[row][column]
        events.append(ShipEvent("box", f"box {ship.boxes_hit} (row {row + 1}, {mark})"))
        if checks and mark == "orange":
            pending += _fire_check(dice, ship, events, "orange box")
        if checks and mark == "yellow":
            pending += _critical(dice, ship, events, "yellow box")
        if ship.boxes_hit == ship.chart.total_boxes:
            ship.sunk = True
            events.append(ShipEvent("sunk", "the last box: the ship sinks"))
        elif checks and column == len(ship.chart.rows[row]) - 1:
            pending += _critical(dice, ship, events, "end of a row")
    return events


def _fire_check(dice: Dice, ship: ShipState, events: list[ShipEvent], why: str) -> int:
    """The Fire Check table (U-p.2); returns hits to apply at once (an explosion's 1d6)."""
    roll = d10(dice, f"fire check, {ship.id} ({why}, U-p.2)")
    events.append(ShipEvent("fire_check", why, roll))
    if roll <= 3:
        ship.fires.append("minor")
        events.append(ShipEvent("fire", "minor fire"))
    elif roll >= 10:
        ship.fires.append("major")
        extra = d6(dice, f"explosion hits, {ship.id} (U-p.2)")
        events.append(ShipEvent("fire", f"explosion: a major fire and {extra} hits", extra))
        return extra
    elif roll >= 7:
        ship.fires.append("major")
        events.append(ShipEvent("fire", "major fire"))
    return 0


def _critical(dice: Dice, ship: ShipState, events: list[ShipEvent], why: str) -> int:
    """A roll on the ship's Critical Hits table (U-p.3); returns follow-on hits."""
    roll = d10(dice, f"critical hit, {ship.id} ({why}, U-p.3)")
    system = ship.chart.system_for(roll)
    events.append(ShipEvent("critical", f"{system.name} ({why})", roll))
    return _hit_system(dice, ship, system.id, events)


def _hit_system(dice: Dice, ship: ShipState, system_id: str, events: list[ShipEvent]) -> int:
    system = next(s for s in ship.chart.systems if s.id == system_id)
    if system.effect == "weapons":
        return _weapons_hit(dice, ship, events)
    crossed = ship.system_hits.get(system.id, 0)
    if crossed >= system.boxes:
        events.append(ShipEvent("effect", f"{system.name} already out: no further effect"))
        return 0
    ship.system_hits[system.id] = crossed + 1
    if crossed + 1 < system.boxes:
        return 0
    if system.effect == "out_of_control":
        ship.out_of_control_turns = d6(dice, f"turns out of control, {ship.id} (U-p.3)")
        ship.fire_control_lost_turns = d6(dice, f"turns without fire control, {ship.id} (U-p.3)")
        events.append(
            ShipEvent(
                "effect",
                f"out of control {ship.out_of_control_turns} turns, "
                f"fire control lost {ship.fire_control_lost_turns} turns",
            )
        )
    elif system.effect == "flooding":
        ship.flooding_boxes = FLOODING_BOXES
        events.append(ShipEvent("effect", "severe flooding: 2 boxes each odd turn"))
    elif system.effect == "sensors":
        ship.sensors_crippled = True
        if ship.radar is not None:
            ship.radar.defence_bonus = SENSORS_DEFENCE
        events.append(ShipEvent("effect", "sensors crippled: +2 to aircraft against AAA/SAMs"))
    elif system.effect == "dead_in_water":
        ship.dead_in_water = True
        events.append(ShipEvent("effect", "dead in the water"))
    return 0


def _weapons_hit(dice: Dice, ship: ShipState, events: list[ShipEvent]) -> int:
    """The Weapons sub-table (10 rolls again), the ammunition roll (10: 1d10 more hits) and
    the extra fire check for the weapon hit (U-p.3)."""
    while True:
        roll = d10(dice, f"weapon hit, {ship.id} (U-p.3)")
        weapon = ship.chart.weapon_for(roll)
        if weapon is not None:
            break
    ship.weapons_lost.add(weapon.id)
    events.append(ShipEvent("weapon", weapon.name, roll))
    extra = 0
    ammunition = d10(dice, f"ammunition explosion, {ship.id} (U-p.3)")
    if ammunition == 10:
        extra = d10(dice, f"ammunition explosion hits, {ship.id} (U-p.3)")
        events.append(ShipEvent("ammunition", f"ammunition explodes: {extra} hits", ammunition))
    else:
        events.append(ShipEvent("ammunition", "no explosion", ammunition))
    return extra + _fire_check(dice, ship, events, f"{weapon.name} hit")


def arm_hits_ship(dice: Dice, ship: ShipState) -> list[ShipEvent]:
    """An ARM hit (U-p.2): a critical to Radar/Sensors, 2 hits and a fire check."""
    events: list[ShipEvent] = [ShipEvent("critical", "Radar/Sensors (ARM hit)")]
    events += apply_hits(dice, ship, ARM_HITS + _hit_system(dice, ship, "sensors", events))
    if not ship.sunk:
        events += apply_hits(dice, ship, _fire_check(dice, ship, events, "ARM hit"))
    return events


# --- The end of a turn --------------------------------------------------------------------


def end_of_turn(dice: Dice, ship: ShipState, turn: int) -> list[ShipEvent]:
    """Fight the fires, let them burn (even turns), flood (odd turns), and count down the
    bridge's effects (U-p.2–3)."""
    events: list[ShipEvent] = []
    if ship.sunk:
        return events
    burning: list[FireKind] = []
    for fire in ship.fires:
        roll = d10(dice, f"fire containment, {ship.id}'s {fire} fire (U-p.2)")
        if roll <= 5:
            events.append(ShipEvent("contain", f"{fire} fire contained", roll))
            continue
        if roll == 10 and fire == "minor":
            fire = "major"
        events.append(ShipEvent("contain", f"{fire} fire still raging", roll))
        burning.append(fire)
    ship.fires = burning
    if turn % 2 == 0:
        for fire in list(ship.fires):
            if ship.sunk:
                break
            if fire == "minor":
                hits = d6(dice, f"minor fire hits, {ship.id} (U-p.2)")
            else:
                hits = d10(dice, f"major fire hits, {ship.id} (U-p.2)")
            events.append(ShipEvent("fire", f"{fire} fire burns: {hits} hits", hits))
            events += apply_hits(dice, ship, hits)
    if turn % 2 == 1 and ship.flooding_boxes and not ship.sunk:
        events.append(ShipEvent("effect", f"flooding: {ship.flooding_boxes} boxes"))
        events += apply_hits(dice, ship, ship.flooding_boxes, checks=False)
        if not ship.sunk:
            roll = d10(dice, f"flooding, {ship.id} (U-p.3)")
            if roll <= 3:
                ship.flooding_boxes = 0
                ship.boxes_hit = max(0, ship.boxes_hit - 1)
                events.append(ShipEvent("effect", "flooding stopped; one box restored", roll))
            elif roll >= 9:
                ship.flooding_boxes = FLOODING_WORSE_BOXES
                events.append(ShipEvent("effect", "flooding rises to 3 boxes a turn", roll))
            else:
                events.append(ShipEvent("effect", "flooding continues", roll))
    ship.out_of_control_turns = max(0, ship.out_of_control_turns - 1)
    ship.fire_control_lost_turns = max(0, ship.fire_control_lost_turns - 1)
    return events
