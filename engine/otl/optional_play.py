"""The optional rules in the round (§Advanced and Optional Rules): what the scenario's
options switch on, called by the game at the point of the round each rule belongs to.

* before the moves: written-ahead orders in cloud or before spotting, and the checks of a
  bombing or photo run from the plane's state at the round's start;
* a plane reaching the ground: a landing on the Landing Table (take-off and landing in
  play), a crash otherwise;
* the Gunfire Phase: archie, ground machine guns and troops fire first (§Ground Fire);
  balloons and ground units may be shot at, their chits drawn and read by their own rules;
* the round's end: bombs fall, photographs are taken, crews jump, balloons are winched
  down, and planes with nothing left to fight with go home once 24 in clear of every enemy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.dice import Dice
from engine.otl.damage import draw_chit
from engine.otl.gunfire import FireContext, FireResult, ShotTarget
from engine.otl.movement import MoveResult
from engine.otl.optional import visibility
from engine.otl.optional.archie import choose_aim, fire_archie, ground_unit_hit
from engine.otl.optional.balloons import BalloonState, balloon_damage, launch_balloon, sink_balloon
from engine.otl.optional.bombing import check_bombing_run, drop_bombs
from engine.otl.optional.events import OptionalEvent
from engine.otl.optional.ground_fire import StrafingTally, fire_ground_unit
from engine.otl.optional.landing import land
from engine.otl.optional.parachutes import bail_out
from engine.otl.optional.photography import check_photograph, take_photograph
from engine.otl.optional.plotting_ahead import PlottedAhead
from engine.otl.optional.table_edge import go_home, may_go_home
from engine.otl.state import PlaneState
from models.otl.orders import OtlRound
from models.otl.scenario import GroundUnit, OtlScenario

if TYPE_CHECKING:
    from engine.otl.game import RoundPlay

SHOOTING_UNITS = ("archie", "machine_gun", "troops")
"""Ground units that fire, and that a plane may strafe."""
UNIT_SIZE = {"archie": 0, "machine_gun": -1, "troops": 2}
"""furball's Size Modifier of a ground unit as a target (docs/rulings.md, OtL strafing)."""


class OptionalRules:
    """The optional rules the scenario plays with, and the state they keep."""

    def __init__(self, scenario: OtlScenario, dice: Dice) -> None:
        self.scenario = scenario
        self.options = scenario.options
        self.dice = dice
        self.time_of_day = scenario.time_of_day
        self.units: dict[str, GroundUnit] = {u.id: u for u in scenario.ground}
        self.balloons: dict[str, BalloonState] = {
            u.id: launch_balloon(u, dice) for u in scenario.ground if u.kind == "balloon"
        }
        self.silenced: set[str] = set()
        """Ground guns a critical chit has destroyed."""
        self.strafing = StrafingTally()
        self.plotted = (
            PlottedAhead(self.options, self.time_of_day)
            if self.options.clouds is not None or self.options.spotting
            else None
        )

    # -- sighting ----------------------------------------------------------------------------
    def can_see(self, viewer: PlaneState, other: PlaneState) -> bool:
        return visibility.can_see(
            viewer, (other.x_in, other.y_in, other.alt_ft), self.options, self.time_of_day
        )

    # -- before the moves --------------------------------------------------------------------
    def start_round(self, planes: Sequence[PlaneState], number: int) -> list[OptionalEvent]:
        """Settle who flies written-ahead orders this round; an event for each side that has
        just spotted the enemy (§Spotting)."""
        if self.plotted is None:
            return []
        return [
            OptionalEvent("otl.spotted", (), f"the {side} side spots the enemy", {"side": side})
            for side in self.plotted.start_round(list(planes))
        ]

    def locked(self, plane_id: str) -> bool:
        """The plane flies orders written five rounds ago (§Clouds, §Spotting)."""
        return self.plotted is not None and self.plotted.locked(plane_id)

    def order_to_fly(self, plane: PlaneState, fresh: OtlRound) -> OtlRound:
        return fresh if self.plotted is None else self.plotted.order_to_fly(plane, fresh)

    def check_runs(self, plane: PlaneState, order: OtlRound, number: int) -> None:
        """A bombing or photo run must be flown as the rules say, from the round's start."""
        if order.bomb is not None:
            check_bombing_run(plane, order, self.units.get(order.bomb), self.options, number)
        if order.photograph is not None:
            check_photograph(plane, order, self.units.get(order.photograph), self.options, number)

    # -- reaching the ground -----------------------------------------------------------------
    def touch_down(self, plane: PlaneState, result: MoveResult, number: int) -> list[OptionalEvent]:
        """The plane reached 0 ft: it lands (take-off and landing in play) or crashes."""
        if self.options.take_off_landing and plane.condition == "normal":
            return [land(plane, self.units.values(), self.dice, number)]
        plane.status = "crashed"
        return [
            OptionalEvent(
                "otl.landing",
                (plane.id,),
                f"{plane.callsign} hits the ground (round {number})",
                {"result": "crashed"},
            )
        ]

    # -- the Gunfire Phase -------------------------------------------------------------------
    def shot_targets(self) -> dict[str, ShotTarget]:
        """Balloons aloft and ground guns still firing, as things a plane may shoot at."""
        found = {
            b.id: ShotTarget(b.id, b.id, b.side, b.x_in, b.y_in, b.alt_ft)
            for b in self.balloons.values()
            if b.targetable
        }
        for unit in self.units.values():
            if unit.kind in SHOOTING_UNITS and unit.id not in self.silenced:
                found[unit.id] = ShotTarget(
                    unit.id, unit.id, unit.side, unit.x_in, unit.y_in, 0.0,
                    size=UNIT_SIZE[unit.kind], is_balloon=False,
                )  # fmt: skip
        return found

    def ground_fire(
        self, planes: Mapping[str, PlaneState], number: int
    ) -> tuple[dict[str, int], list[OptionalEvent]]:
        """Archie, machine guns and troops fire, after all movement (§Ground Fire)."""
        chits: dict[str, int] = {}
        events: list[OptionalEvent] = []
        if not self.options.ground_fire:
            return chits, events
        flying = [p for _, p in sorted(planes.items()) if p.flying]
        for unit in sorted(self.units.values(), key=lambda u: u.id):
            if unit.kind not in SHOOTING_UNITS or unit.id in self.silenced:
                continue
            if unit.kind == "archie":
                chosen = choose_aim(unit, flying, self.options, self.time_of_day)
                if chosen is None:
                    continue
                target, aim = chosen
                burst = fire_archie(
                    unit, aim, flying, self.dice, round_no=number, options=self.options,
                    time_of_day=self.time_of_day, target=target,
                )  # fmt: skip
                events.append(burst.event)
                for pid, count in burst.chits.items():
                    chits[pid] = chits.get(pid, 0) + count
                continue
            shot = fire_ground_unit(
                unit, flying, self.scenario.date, self.dice, round_no=number,
                options=self.options, time_of_day=self.time_of_day,
            )  # fmt: skip
            if shot.event is not None and "roll" in shot.event.data:
                events.append(shot.event)
            if shot.target is not None and shot.chits:
                chits[shot.target] = chits.get(shot.target, 0) + shot.chits
        return chits, events

    def hits_on_ground_units(
        self,
        chits: dict[str, int],
        fired: FireResult,
        ctx: FireContext,
        planes: Mapping[str, PlaneState],
        number: int,
    ) -> tuple[dict[str, int], list[OptionalEvent]]:
        """Draw the chits scored on balloons and ground units and apply them by their own
        rules; the planes' chits are returned for Damage Resolution."""
        events: list[OptionalEvent] = []
        planes_only: dict[str, int] = {}
        for target, count in sorted(chits.items()):
            if target not in self.balloons and target not in self.units:
                planes_only[target] = count
                continue
            attackers = fired.fired_by(target)
            attacker = attackers[0] if attackers else "?"
            keys = [
                draw_chit(self.dice, ctx, f"damage chit {k + 1} on {target}, round {number}").key
                for k in range(count)
            ]
            if target in self.balloons:
                incendiary = fired.incendiary_chits.get(target, 0) > 0
                events.append(
                    balloon_damage(
                        self.balloons[target], keys, incendiary, attacker=attacker, round_no=number
                    )
                )
                continue
            unit = self.units[target]
            critical = any(
                k not in ("miss",) and not k.startswith(("wing", "fuselage")) for k in keys
            )
            if unit.kind == "troops":
                side = planes[attacker].side if attacker in planes else attacker
                self.strafing.record(side, unit, keys)
            elif ground_unit_hit(unit, critical):
                self.silenced.add(unit.id)
            said = "destroyed" if unit.id in self.silenced else "still firing"
            events.append(
                OptionalEvent(
                    "otl.ground_fire",
                    (unit.id, attacker) if attacker != "?" else (unit.id,),
                    f"{unit.id} takes {count} chits from {attacker}: {said}",
                    {"chits": count, "destroyed": unit.id in self.silenced},
                )
            )
        return planes_only, events

    # -- the round's end ---------------------------------------------------------------------
    def end_of_round(
        self, planes: Mapping[str, PlaneState], plays: Mapping[str, RoundPlay], number: int
    ) -> list[OptionalEvent]:
        events: list[OptionalEvent] = []
        for pid, play in sorted(plays.items()):
            plane = planes[pid]
            if not plane.flying:
                continue
            order = play.order
            if order.bomb is not None and plane.bombs and order.bomb in self.units:
                events.append(drop_bombs(plane, self.units[order.bomb], self.dice,
                                         speed=play.speed_flown, round_no=number))  # fmt: skip
            if order.photograph is not None and order.photograph in self.units:
                events.append(take_photograph(plane, self.units[order.photograph], number))
            if order.bail_out:
                events.append(bail_out(plane, self.scenario.date, self.options, self.dice, number))
        for balloon in self.balloons.values():
            sunk = sink_balloon(balloon, number)
            if sunk is not None:
                events.append(sunk)
        for pid, plane in sorted(planes.items()):
            if plane.flying and plane.condition == "normal" and pid in plays and _spent(plane):
                enemies = [p for p in planes.values() if p.side != plane.side and p.flying]
                if may_go_home(plane, enemies):
                    events.append(go_home(plane, enemies, number))
        return events


def _spent(plane: PlaneState) -> bool:
    """Nothing left to fight with: every gun empty, stuck or lost, or the pilot hurt."""
    guns_done = all(
        g.destroyed or g.jammed == "stuck" or (g.ammo <= 0 and g.drums <= 0) for g in plane.guns
    )
    return guns_done or plane.pilot.wound in ("heavy", "killed") or plane.engine_dead
