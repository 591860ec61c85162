"""Intruders' mission special rules, played turn by turn (I-p.10–11): ground units that
move along a route (the Railroad mission's train, the SAR mission's infantry), bridges that
carry units across a river (River Crossing) and a downed crew that a helicopter picks up or
the enemy's infantry captures (SAR).

The scenario says what moves and how (``Site.move``, ``Site.crossing``, ``Site.capture``);
this module runs it inside the game turn (docs/rulings.md, "Phantoms: the Intruders
missions' special rules in play"):

- **Movement Segment** (:meth:`GroundEvents.move_units`): a routed unit moves a hex in each
  impulse the Impulse Chart moves an aircraft of its speed (§6.0), on its turns; a unit
  heavily damaged or destroyed stands (I-p.7: "may not be used"), and none enters a cut
  track, bridge or pontoon hex.  On a crossing turn's last impulse one unit crosses each
  bridge still standing.  A rescue helicopter low in the crew's hex picks them up
  (:meth:`GroundEvents.entered`).
- **The turn's end** (:meth:`GroundEvents.end_of_turn`): with enemy infantry in the crew's
  hex a d10 may capture them, which ends the game; a damaged rescue helicopter turns for
  home and another is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.hexmap import Hex
from engine.phantoms.dice import d10
from engine.phantoms.ground_war_units import DAMAGE_ORDER, Unit
from engine.phantoms.impulse_chart import moves_in_impulse
from engine.phantoms.state import PlaneState

if TYPE_CHECKING:
    from engine.phantoms.ground_war import GroundWar

PICKUP_MAX_LEVEL: Final = 1
"""A helicopter picks the crew up in their hex at level 0 or 1 (ours: no Phantoms aircraft
stops or hovers, so the pick-up is the pass low over the crew)."""
CUTTING_TYPES: Final = ("track", "bridge", "large-bridge", "pontoon")
"""Ground targets a moving unit cannot pass once destroyed: the line is cut."""
INFANTRY: Final = "infantry"


def _usable(unit: Unit) -> bool:
    """Not knocked out, not heavily damaged (I-p.7: heavy damage "may not be used")."""
    return not unit.out and DAMAGE_ORDER.index(unit.damage) < DAMAGE_ORDER.index("heavy")


def _facing_to(from_hex: Hex, to_hex: Hex) -> int:
    return round(from_hex.heading_to_deg(to_hex) / 60.0) % 6


def is_infantry(unit: Unit) -> bool:
    return unit.kind == INFANTRY or unit.site.type_id == INFANTRY


class GroundEvents:
    """The special rules' state and steps for one game's ground war."""

    def __init__(self, war: GroundWar) -> None:
        self.war = war
        self.turned_back: set[str] = set()
        """Rescue helicopters that were damaged and turned for home (I-p.11)."""

    # -- what is in play -------------------------------------------------------------------
    def _units(self) -> list[Unit]:
        return list(self.war.units.values())

    def crews(self) -> list[Unit]:
        return [unit for unit in self._units() if unit.kind == "crew"]

    @property
    def game_over(self) -> bool:
        """A crew was captured: "the air crew is captured and the game is over" (I-p.11)."""
        return any(crew.crew_status == "captured" for crew in self.crews())

    def _event(self, kind: str, unit: Unit, detail: str, **data: Any) -> None:
        self.war.game._event(kind, (unit.id,), detail, **data)

    # -- Movement Segment ------------------------------------------------------------------
    def move_units(self, turn: int, impulse: int) -> None:
        """Routed units step along their routes; on a crossing turn's last impulse each
        standing bridge carries one unit across."""
        five = self.war.game.scenario.options.five_impulse
        for unit in self._units():
            move = unit.site.move
            if move is None or (move.turns and turn not in move.turns):
                continue
            for _ in range(moves_in_impulse(move.hexes_per_turn, impulse, five)):
                if not self._step(unit):
                    break
        if impulse == self.war.game.impulses:
            for bridge in self._units():
                crossing = bridge.site.crossing
                if crossing is not None and turn in crossing.turns:
                    self._cross(bridge, turn)

    def _step(self, unit: Unit) -> bool:
        """One hex along the route; False when the unit cannot move on."""
        move = unit.site.move
        assert move is not None
        if not _usable(unit):
            return False
        if unit.route_done >= len(move.route):
            if move.leaves_mat:
                unit.left_mat = True
                unit.moves.append((self.war.tick(), unit.hex, unit.facing))
                self._event(
                    "phantoms.ground_exit",
                    unit,
                    f"{unit.id} leaves the mat from {unit.hex} (I-p.10)",
                    hex=str(unit.hex),
                )
            return False
        there = Hex.parse(move.route[unit.route_done])
        cut = next(
            (
                other
                for other in self._units()
                if other.hex == there
                and other.site.type_id in CUTTING_TYPES
                and other.kind == "target"
                and other.damage == "destroyed"
            ),
            None,
        )
        if cut is not None:
            if not unit.stopped:
                unit.stopped = f"{cut.id} destroyed"
                self._event(
                    "phantoms.ground_stops",
                    unit,
                    f"{unit.id} stops at {unit.hex}: {cut.id} ahead is cut (I-p.10)",
                    cut=cut.id,
                )
            return False
        unit.facing = _facing_to(unit.hex, there)
        unit.set_hex(there)
        unit.route_done += 1
        unit.moves.append((self.war.tick(), there, unit.facing))
        self._event("phantoms.ground_moves", unit, f"{unit.id} moves to {there}", hex=str(there))
        return True

    def _cross(self, bridge: Unit, turn: int) -> None:
        """I-p.11: one ground unit crosses on each pontoon bridge on turns 2, 5 and 8."""
        crossing = bridge.site.crossing
        assert crossing is not None
        near, far = Hex.parse(crossing.near), Hex.parse(crossing.far)
        if not _usable(bridge):
            self._event(
                "phantoms.crossing",
                bridge,
                f"{bridge.id} is {bridge.damage}: no one crosses, turn {turn} (I-p.11)",
                crossed=None,
            )
            return
        waiting = [
            unit
            for unit in self._units()
            if unit.hex == near
            and unit.side == bridge.side
            and unit.kind in ("target", INFANTRY)
            and unit.site.crossing is None
            and unit.site.move is None
            and not unit.crossed
            and _usable(unit)
        ]
        if not waiting:
            return
        unit = waiting[0]
        tick = self.war.tick()
        half = max(1, self.war.per_impulse_ticks() // 2)
        unit.facing = _facing_to(near, far)
        unit.moves.append((tick - half, bridge.hex, unit.facing))
        unit.moves.append((tick, far, unit.facing))
        unit.set_hex(far)
        unit.crossed = True
        bridge.carried.append(unit.id)
        self._event(
            "phantoms.crossing",
            unit,
            f"{unit.id} crosses {bridge.id} to {far} (I-p.11)",
            bridge=bridge.id,
            crossed=unit.id,
        )

    def entered(self, plane: PlaneState, hex_: Hex) -> None:
        """A rescue helicopter low in a downed crew's hex picks them up (I-p.11) and then
        leaves (its recon pass is done)."""
        if plane.card.role != "helicopter" or plane.id in self.turned_back:
            return
        for crew in self.crews():
            if crew.crew_status != "down" or crew.side != plane.side or crew.hex != hex_:
                continue
            if plane.level > PICKUP_MAX_LEVEL or plane.damage > 0:
                continue
            crew.crew_status = "rescued"
            crew.crew_by = plane.id
            self.war.game.overflights.add(plane.id)
            callsign = self.war.game.setups[plane.id].callsign
            self.war.game._event(
                "phantoms.crew",
                (plane.id, crew.id),
                f"{callsign} picks up the downed crew at {hex_} (I-p.11)",
                crew="rescued",
            )

    # -- the turn's end ----------------------------------------------------------------------
    def end_of_turn(self, turn: int) -> list[str]:
        """Capture rolls for crews with enemy infantry in their hex, then damaged rescue
        helicopters turn for home (I-p.11); the units whose state changed."""
        changed: list[str] = []
        for crew in self.crews():
            capture = crew.site.capture
            if capture is None or crew.crew_status != "down":
                continue
            takers = [
                unit
                for unit in self._units()
                if unit.side != crew.side and is_infantry(unit) and unit.hex == crew.hex
            ]
            takers = [unit for unit in takers if _usable(unit)]
            if not takers:
                continue
            taker = takers[0]
            roll = d10(
                self.war.game.dice,
                f"capture roll, {crew.id} with {taker.id} in its hex, turn {turn} (I-p.11)",
            )
            captured = roll <= capture.at_most
            sign = "≤" if captured else ">"
            if captured:
                crew.crew_status = "captured"
                crew.crew_by = taker.id
                changed.append(crew.id)
            words = "captured by" if captured else "evades"
            self.war.game._event(
                "phantoms.crew",
                (crew.id, taker.id),
                f"{crew.id} {words} {taker.id} (d10 {roll} {sign} {capture.at_most})",
                crew=crew.crew_status,
                roll=roll,
            )
        if not any(crew.crew_status == "down" for crew in self.crews()):
            return changed
        sides = {crew.side for crew in self.crews() if crew.crew_status == "down"}
        for plane in sorted(self.war.game.planes.values(), key=lambda p: p.id):
            if (
                plane.card.role == "helicopter"
                and plane.side in sides
                and plane.in_play
                and plane.damage > 0
                and plane.id not in self.turned_back
            ):
                self.turned_back.add(plane.id)
                self.war.game.overflights.add(plane.id)
                self.war.game._event(
                    "phantoms.crew",
                    (plane.id,),
                    "is damaged and turns for home; another rescue helicopter is called (I-p.11)",
                )
        return changed

    def replacement_due(self, plane_id: str) -> bool:
        """The aircraft was shot down or damaged (or turned back damaged): its replacement
        may enter (I-p.11); not once every downed crew is picked up or captured."""
        plane = self.war.game.planes.get(plane_id)
        crews = self.crews()
        if plane is None or (crews and all(c.crew_status != "down" for c in crews)):
            return False
        lost = plane.destroyed or plane.crashed or plane.damage > 0
        return lost or plane_id in self.turned_back

    # -- the result ----------------------------------------------------------------------------
    def results(self) -> dict[str, Any]:
        """The special rules' outcome: routed units, bridges crossed, crews."""
        moving = []
        for unit in self._units():
            move = unit.site.move
            if move is None:
                continue
            if unit.left_mat:
                state = "escaped"
            elif unit.damage == "destroyed":
                state = "destroyed"
            elif unit.stopped:
                state = "stopped"
            elif not _usable(unit):
                state = "halted"
            elif unit.route_done >= len(move.route):
                state = "arrived"
            else:
                state = "moving"
            moving.append(
                {
                    "id": unit.id,
                    "type": unit.site.type_id,
                    "state": state,
                    "hex": str(unit.hex),
                    "hexes_moved": unit.route_done,
                }
            )
        ahead = {
            Hex.parse(place)
            for unit in self._units()
            if unit.site.move is not None and not unit.out
            for place in unit.site.move.route[unit.route_done :]
        }
        cut = [
            unit.id
            for unit in self._units()
            if unit.kind == "target"
            and unit.site.type_id in CUTTING_TYPES
            and unit.damage == "destroyed"
            and unit.hex in ahead
        ]
        bridges = [
            {"id": unit.id, "damage": unit.damage, "carried": list(unit.carried)}
            for unit in self._units()
            if unit.site.crossing is not None
        ]
        crews = []
        for crew in self.crews():
            state = crew.crew_status
            carrier = self.war.game.planes.get(crew.crew_by)
            if state == "rescued" and carrier is not None and not carrier.in_play:
                state = "lost" if carrier.destroyed or carrier.crashed else state
            crews.append({"id": crew.id, "state": state, "by": crew.crew_by})
        found: dict[str, Any] = {}
        if moving:
            found["moving"] = moving
            found["cut_ahead"] = cut
        if bridges:
            found["bridges"] = bridges
            found["crossed"] = sum(len(b["carried"]) for b in bridges)
        if crews:
            found["crews"] = crews
        return found
