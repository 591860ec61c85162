"""The ground war's units in play: each scenario ``Site`` with the rule objects it fights
with (AAA guns, SAM batteries, radars, a ship), its damage and what the record says of it.

One scenario entry is one :class:`Unit` and one entity of the replay.  A gun site of
``count`` guns is that many :class:`~engine.phantoms.intruders.aaa.AaaSite` (each fires,
docs/rulings.md (Phantoms) "Heavy AAA and several guns in a site"); a ship brings
its chart's radar, guns and SAM launchers (U-p.3).  Bombs and strafing damage a unit as
the Ground Target table's line for what it is (I-p.7): a gun in the open, a fortified SAM
site or radar, an infantry SA-7 team, or its own target type.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol

import numpy as np
import numpy.typing as npt

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.intruders.aaa import AaaSite
from engine.phantoms.intruders.bombing import TargetDamage
from engine.phantoms.intruders.naval import ShipState
from engine.phantoms.intruders.sam import RadarSite, SamBattery
from engine.phantoms.state import PlaneState
from models.phantoms.common import HEX_FT
from models.phantoms.ground import (
    GroundTargetType,
    aaa_weapons,
    ground_radars,
    ground_targets,
    sam_types,
    ship_charts,
)
from models.phantoms.scenario import PhantomsAircraft, PhantomsScenario, Site

SHIP_SAM_MAGAZINE: Final = 16
"""Missiles each of a ship's SAM launchers holds (the Kashin's ZIF-101 magazine; ours)."""
SHIP_BOX_FT: Final[dict[str, tuple[float, float, float]]] = {"kashin": (472.0, 52.0, 40.0)}
"""A ship's drawn hull: length, beam and height in feet (Project 61: 144 m by 15.8 m)."""
TARGET_TYPE_OF_KIND: Final[dict[str, str]] = {
    "aaa": "gun-open",
    "sam_battery": "fortified",
    "sam_radar": "fortified",
    "aaa_radar": "fortified",
    "sa7": "infantry",
    "crew": "infantry",
}
"""The Ground Target table's line a unit that is not itself a target is attacked as
(I-p.7): guns in the open, SAM sites and radars fortified, an SA-7 team as infantry."""
SHIP_TARGET_TYPE: Final = "barge"
"""A ship takes its hits from the attack total (U-p.2); only "hard" matters, read here."""
DAMAGE_ORDER: Final[tuple[TargetDamage, ...]] = ("none", "light", "heavy", "destroyed")


class TimelineWriterView(Protocol):
    """What the ground war reads of the game's timeline writer."""

    @property
    def xyz(self) -> dict[str, list[npt.NDArray[np.float64]]]: ...

    def tick_now(self) -> int: ...


class GroundGame(Protocol):
    """What the ground war reads of the game (``PhantomsGame`` or a test's stand-in)."""

    @property
    def planes(self) -> dict[str, PlaneState]: ...
    @property
    def setups(self) -> dict[str, PhantomsAircraft]: ...
    @property
    def scenario(self) -> PhantomsScenario: ...
    @property
    def dice(self) -> Dice: ...
    @property
    def turn(self) -> int: ...
    @property
    def impulse(self) -> int: ...
    @property
    def impulses(self) -> int: ...
    @property
    def visibility_hexes(self) -> int | None: ...
    @property
    def overflights(self) -> set[str]: ...
    @property
    def writer(self) -> TimelineWriterView: ...

    def _event(self, kind: str, entities: tuple[str, ...], detail: str, **data: Any) -> object: ...

    def _kill(self, plane: PlaneState, how: str, ejected: bool | None = None) -> None: ...

    def countermeasures_of(self, plane: PlaneState) -> tuple[int, int]: ...

    def spotted_by_side(self, target_id: str, side: str) -> bool: ...


@dataclass(slots=True)
class Unit:
    """One scenario ground or naval unit in play, with the rule objects it fights with."""

    site: Site
    hex: Hex
    facing: int
    target_type: GroundTargetType
    """How it stands up to bombs and strafing (I-p.7)."""
    guns: list[AaaSite] = field(default_factory=list)
    batteries: list[SamBattery] = field(default_factory=list)
    radar: RadarSite | None = None
    """Its own radar (a radar unit's, or a ship's)."""
    ship: ShipState | None = None
    mounts: dict[str, str] = field(default_factory=dict)
    """A ship's gun or launcher id → the chart's mount id (lost to Weapons criticals)."""
    damage: TargetDamage = "none"
    hidden: bool = False
    spots: set[str] = field(default_factory=set)
    """Aircraft the unit's own crews have spotted (§13.0, ruling "Ground spotting")."""
    moves: list[tuple[int, Hex, int]] = field(default_factory=list)
    """A ship's or a moving ground unit's moves: the tick, the hex it entered and its
    facing."""
    route_done: int = 0
    """Hexes of its route (``site.move``) it has moved (I-p.10–11)."""
    left_mat: bool = False
    """It ran off the mat at its route's end (the train got away)."""
    stopped: str = ""
    """Why it stands for good short of its route's end (the track ahead is cut)."""
    crossed: bool = False
    """It crossed a bridge to the far bank (River Crossing, I-p.11)."""
    carried: list[str] = field(default_factory=list)
    """A bridge's: the units it carried across, in order."""
    crew_status: Literal["down", "rescued", "captured"] = "down"
    """A downed crew's: waiting, picked up, or taken by the enemy (SAR, I-p.11)."""
    crew_by: str = ""
    """Who picked the crew up or captured it."""

    @property
    def id(self) -> str:
        return self.site.id

    @property
    def kind(self) -> str:
        return self.site.kind

    @property
    def side(self) -> str:
        return self.site.side

    @property
    def out(self) -> bool:
        """Knocked out: destroyed, sunk, or (a fighting unit) heavily damaged (I-p.7); off
        the mat; a crew picked up or captured."""
        if self.left_mat or (self.kind == "crew" and self.crew_status != "down"):
            return True
        if self.ship is not None:
            return self.ship.sunk
        if self.kind in ("target", "infantry"):
            return self.damage == "destroyed"
        return DAMAGE_ORDER.index(self.damage) >= DAMAGE_ORDER.index("heavy") or (
            self.radar is not None and self.radar.destroyed
        )

    def mount_lost(self, part_id: str) -> bool:
        """A ship's gun or launcher knocked out by a Weapons critical."""
        if self.ship is None or part_id not in self.mounts:
            return False
        return self.mounts[part_id] in self.ship.weapons_lost

    def working_guns(self) -> list[AaaSite]:
        if self.ship is not None and not self.ship.can_fire:
            return []
        return [g for g in self.guns if not g.destroyed and not self.mount_lost(g.id)]

    def working_batteries(self) -> list[SamBattery]:
        if self.ship is not None and not self.ship.can_fire:
            return []
        return [b for b in self.batteries if not b.destroyed and not self.mount_lost(b.id)]

    def set_hex(self, hex_: Hex) -> None:
        """Move the unit and everything it carries (a ship's radar, guns and launchers)."""
        self.hex = hex_
        for gun in self.guns:
            gun.hex = hex_
        for battery in self.batteries:
            battery.hex = hex_
        if self.radar is not None:
            self.radar.hex = hex_
        if self.ship is not None:
            self.ship.hex = hex_


def build_unit(site: Site) -> Unit:
    """A scenario entry's unit at the start of play (guns, launchers, radar, ship)."""
    hex_ = Hex.parse(site.hex)
    targets = ground_targets()
    kind = site.kind
    type_id = site.type_id
    target_type = (
        targets[TARGET_TYPE_OF_KIND.get(kind, type_id)]
        if kind != "ship"
        else (targets[SHIP_TARGET_TYPE])
    )
    unit = Unit(site, hex_, site.facing, target_type, hidden=site.hidden)
    if kind == "aaa":
        weapon = aaa_weapons()[type_id]
        for number in range(1, site.count + 1):
            gun_id = site.id if site.count == 1 else f"{site.id}-{number}"
            unit.guns.append(AaaSite(gun_id, weapon, hex_, radar_id=site.radar, hidden=site.hidden))
    elif kind in ("sam_battery", "sa7"):
        unit.batteries.append(
            SamBattery(
                site.id,
                sam_types()[type_id],
                hex_,
                site.count,
                radar_id=site.radar,
                hidden=site.hidden,
            )
        )
    elif kind in ("sam_radar", "aaa_radar"):
        unit.radar = RadarSite(site.id, ground_radars()[type_id], hex_, facing=site.facing)
    elif kind == "ship":
        chart = ship_charts()[type_id]
        radar = RadarSite(f"{site.id}-radar", ground_radars()[chart.radar], hex_, site.facing)
        unit.radar = radar
        unit.ship = ShipState(site.id, chart, hex_, site.facing, radar=radar)
        for mount in chart.weapons:
            part = f"{site.id}-{mount.id}"
            if mount.kind == "aaa" and mount.uses is not None:
                unit.guns.append(AaaSite(part, aaa_weapons()[mount.uses], hex_, radar_id=radar.id))
            elif mount.kind == "sam" and mount.uses is not None:
                unit.batteries.append(
                    SamBattery(
                        part, sam_types()[mount.uses], hex_, SHIP_SAM_MAGAZINE, radar_id=radar.id
                    )
                )
            else:
                continue
            unit.mounts[part] = mount.id
    return unit


# --- What the record says of a unit --------------------------------------------------------


def _words(type_id: str) -> str:
    return type_id.upper().replace("-", " ")


def unit_words(unit: Unit) -> str:
    """The counter's words in the rules' own short form: ``AAA ZPU-4``, ``SA-2``,
    ``FAN SONG``, ``BRIDGE``, ``KASHIN``; a site of several guns or targets adds ``×n``."""
    site = unit.site
    kind = site.kind
    if kind == "aaa":
        words = f"AAA {site.type_id.upper()}"
    elif kind in ("sam_battery", "sa7"):
        words = site.type_id.upper()
    elif kind in ("sam_radar", "aaa_radar", "target", "infantry", "ship"):
        words = _words(site.type_id)
    elif kind == "crew":
        words = "DOWNED CREW"
    else:
        words = site.type_id.upper()
    if site.count > 1 and kind in ("aaa", "target", "infantry"):
        words += f" ×{site.count}"
    return words


def radar_words(unit: Unit) -> str:
    """What a radar warning receiver names the unit's radar by: ``FAN SONG``, ``KASHIN``."""
    return _words(unit.site.type_id)


def unit_name(unit: Unit) -> str:
    """The long name, for the entity's callsign: the gun, missile, radar, target or ship."""
    site = unit.site
    if unit.guns and unit.ship is None:
        return unit.guns[0].weapon.name
    if unit.batteries and unit.ship is None:
        return unit.batteries[0].sam.name
    if unit.ship is not None:
        return unit.ship.chart.name
    if unit.radar is not None:
        return unit.radar.radar.name
    if unit.kind == "crew":
        return "Downed aircrew"
    return f"{unit.target_type.name}" + (f" ×{site.count}" if site.count > 1 else "")


def ring_ft(unit: Unit) -> float | None:
    """The engagement radius drawn round the counter: the longest gun's or SAM's reach."""
    reach = [g.weapon.range_hexes for g in unit.guns]
    if unit.ship is None:
        reach += [b.sam.max_range_hexes for b in unit.batteries]
    longest = max(reach, default=0)
    return longest * HEX_FT if longest > 0 else None


def acmi_type(unit: Unit) -> str:
    if unit.ship is not None:
        return "Sea+Watercraft"
    if unit.guns or unit.batteries:
        return "Ground+AntiAircraft"
    return "Ground+Static"


def state_text(unit: Unit) -> str:
    """``hidden``, ``DESTROYED``/``SUNK``, ``HEAVY DAMAGE``, ``LIGHT DAMAGE``, ``SHUT DOWN``
    or ``ok``."""
    if unit.hidden:
        return "hidden"
    if unit.kind == "crew":
        status = {"down": "DOWN", "rescued": "RESCUED", "captured": "CAPTURED"}
        return status[unit.crew_status] + (f" by {unit.crew_by}" if unit.crew_by else "")
    if unit.left_mat:
        return "LEFT THE MAT"
    if unit.ship is not None:
        if unit.ship.sunk:
            return "SUNK"
        words = [
            w
            for w, on in (
                ("DEAD IN WATER", unit.ship.dead_in_water),
                ("ON FIRE", bool(unit.ship.fires)),
            )
            if on
        ]
        return " ".join(words) or ("DAMAGED" if unit.ship.boxes_hit else "ok")
    if unit.damage == "destroyed" or (unit.radar is not None and unit.radar.destroyed):
        return "DESTROYED"
    if unit.damage == "heavy":
        return "HEAVY DAMAGE"
    if unit.radar is not None and unit.radar.shut_down:
        return "SHUT DOWN"
    if unit.damage == "light" or any(g.damaged for g in unit.guns):
        return "LIGHT DAMAGE"
    if unit.radar is not None and unit.radar.arm_damage != "none":
        return f"{unit.radar.arm_damage.upper()} DAMAGE"
    if unit.stopped:
        return "STOPPED"
    if unit.crossed:
        return "CROSSED"
    if unit.carried:
        return f"{len(unit.carried)} CROSSED"
    return "ok"


def damage_text(unit: Unit) -> str:
    """A ship's boxes crossed, a gun site's guns left, or the Ground Target damage."""
    if unit.ship is not None:
        return f"{unit.ship.boxes_hit}/{unit.ship.chart.total_boxes} boxes"
    if unit.kind == "aaa":
        return f"{sum(not g.destroyed for g in unit.guns)}/{len(unit.guns)} guns"
    return unit.damage


def crits_text(unit: Unit) -> str:
    """A ship's systems out and fires, a radar's ARM damage."""
    found: list[str] = []
    ship = unit.ship
    if ship is not None:
        found += [f"{f.upper()} FIRE" for f in ship.fires]
        if ship.flooding_boxes:
            found.append("FLOODING")
        if ship.sensors_crippled:
            found.append("SENSORS")
        found += sorted(m.upper() for m in ship.weapons_lost)
    elif unit.radar is not None and unit.radar.arm_damage != "none":
        found.append(f"ARM {unit.radar.arm_damage}")
    return ", ".join(found)


def missiles_text(unit: Unit) -> str:
    parts = [f"{b.sam.id.upper()} {b.missiles}" for b in unit.batteries if not b.destroyed]
    return " · ".join(parts)


def clock_bearing(plane: PlaneState, there: Hex) -> int:
    """The clock bearing (1–12) of ``there`` from the aircraft's nose; 12 in its own hex."""
    if there == plane.hex:
        return 12
    off = (plane.hex.heading_to_deg(there) - 60.0 * plane.facing) % 360.0
    hour = round(off / 30.0) % 12
    return 12 if hour == 0 else hour
