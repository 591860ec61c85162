"""A game of Phantoms: ``PhantomsGame(scenario, seed)``, played a game turn at a time
(§3.0, the Sequence of Play chart p.14).

A game turn is the Set Phase, the Break-Off Check Phase and then the impulses (ten, or
five under §15.0), each running the segments of :data:`SEGMENTS` in the seed's order.
Whoever holds the Initiative marker (§4.0) declares its afterburners, fires its guns and
missiles and places its markers first.  Every decision comes from the aircraft's pilot
(:mod:`engine.phantoms.pilots`) at the moment the rules ask; every roll goes through the
game's seeded dice and is recorded.  Intruders' ground war (AAA, SAMs, bombs, ARMs, ships)
takes its turns in the same segments (:mod:`engine.phantoms.ground_war`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.dice import Dice, game_seed
from engine.errors import IllegalOrder
from engine.hexmap import Hex
from engine.phantoms import hexgrid
from engine.phantoms.ai import AiPilot
from engine.phantoms.ai_maneuver import Flak
from engine.phantoms.breakoff import break_off, can_try_break_off
from engine.phantoms.countermeasures import countermeasures
from engine.phantoms.damage import fire_check
from engine.phantoms.dice import d4, d6, d10
from engine.phantoms.guns import gun_attack, gun_problem
from engine.phantoms.initiative import roll_initiative
from engine.phantoms.launch_rolls import VIETNAM_LAUNCH_NUMBERS, launch_roll
from engine.phantoms.marking import jettison, marker_problems, marking_order, place_marker
from engine.phantoms.missile_fire import MissileInFlight, launch, launch_problem
from engine.phantoms.missile_impact import resolve_missile, sees_launch, sees_missile
from engine.phantoms.movement import move_impulse
from engine.phantoms.pilots import Pilot, ScriptPilot, Shot
from engine.phantoms.quality import quality_effects
from engine.phantoms.radar import break_lock, keep_locks, lock_attempt, lock_problem
from engine.phantoms.record import TimelineWriter, TurnRecord
from engine.phantoms.setup import check_setup, new_plane
from engine.phantoms.speed import (
    afterburner_problems,
    set_speed,
    set_speed_problems,
    speed_range,
    use_afterburner,
)
from engine.phantoms.spotting import lose_spots, radar_spot, share_wingman_spots, visual_spot
from engine.phantoms.state import MoveStep, PlaneState
from models.phantoms.card import control_cards
from models.phantoms.common import HEX_FT
from models.phantoms.missiles import MissileType, missile_types
from models.phantoms.orders import MarkerOrder, PhantomsTurn
from models.phantoms.scenario import PhantomsAircraft, PhantomsScenario, Reinforcement
from models.scenario_common import ScenarioCommon
from models.timeline import Timeline

SEGMENTS: tuple[tuple[str, str], ...] = (
    ("movement", "§6.0 Movement Segment"),
    ("fire_check", "§9.0 Fire-Check Segment"),
    ("afterburner", "§6.5 Afterburner Segment"),
    ("spotting", "§13.0 Spotting Segment (optional)"),
    ("missile_impact", "§7.1 Missile Impact Segment"),
    ("guns", "§7.2 Gun Segment"),
    ("launch", "§7.1.1c Break Lock / Missile Launch Segment"),
    ("radar_lock", "§7.1.1b Radar Lock Segment"),
    ("marking", "§6.1 Maneuver Marking Segment"),
)
"""An impulse's segments, top to bottom as the Sequence of Play chart lists them; each is
the method ``_<name>`` of :class:`PhantomsGame`."""
WRAP_UP_TURNS = 1
"""Turns played on once one side is left, so the last missile and wreck are seen."""
VIETNAM_LOW_SPEED = 5
"""Intruders' Vietnam rule: aircraft at levels 0–1 no faster than speed 5 (I-p.13)."""


@dataclass(slots=True)
class GameEvent:
    """Something the rules did, for the record: a kill, a lock, a launch, a hit."""

    kind: str
    entities: tuple[str, ...]
    detail: str
    data: dict[str, Any] = field(default_factory=dict)
    impulse: int = 0


@dataclass(slots=True)
class MissileTrack:
    """A missile from launch to its end, for the replay."""

    flight: MissileInFlight
    start_tick: int
    end_tick: int | None = None
    outcome: str = ""


class PhantomsGame:
    """A game of Phantoms in progress."""

    def __init__(
        self, scenario: ScenarioCommon, seed: int | None = None, tables: object = None
    ) -> None:
        if not isinstance(scenario, PhantomsScenario):
            raise TypeError("a Phantoms game needs a Phantoms scenario")
        check_setup(scenario)
        self.scenario = scenario
        chosen = game_seed(seed, scenario.seed)
        self.seed: int = chosen
        self.dice = Dice.seeded(chosen)
        self.options = scenario.options
        self.impulses = 5 if self.options.five_impulse else 10
        self.turn = 0
        self.impulse = 0
        self.cards = control_cards()
        self.missile_types = missile_types()
        self.setups: dict[str, PhantomsAircraft] = {}
        self.planes: dict[str, PlaneState] = {}
        self.pilots: dict[str, Pilot] = {}
        self.events: list[GameEvent] = []
        self.in_flight: list[MissileInFlight] = []
        self.missile_tracks: dict[str, MissileTrack] = {}
        self.steps: dict[str, list[MoveStep]] = {}
        self.entered: dict[str, int] = {}
        """When each aircraft entered its present hex, counted in impulses from the start (0
        at set-up): the same-hex gun rule's "last to enter" (§7.2)."""
        self.arrivals: dict[str, int] = {}
        """Turn in which each aircraft came onto the mat (0: at the start)."""
        self.reserve: dict[str, int] = {group.id: group.times for group in scenario.reinforcements}
        self.visibility_hexes = self.options.visibility_hexes
        self.wrap_up = 0
        self.overflights: set[str] = set()
        self.sams_seen: set[tuple[str, str]] = set()
        """(aircraft, SAM) pairs whose emergency-maneuver spot has succeeded."""
        for setup in scenario.aircraft:
            self._add(setup, 0)
        self._load_rolls()
        self._visibility_roll()
        controllers = {c.side for c in scenario.controllers}
        sides = {side: [p for p in self.planes.values() if p.side == side] for side in self.sides}
        self.initiative: str = roll_initiative(sides, controllers, self.dice)
        from engine.phantoms.ground_war import GroundWar

        self.ground = GroundWar(self)
        self.writer = TimelineWriter(self)
        self._opening_markers()

    # -- set-up ---------------------------------------------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        found = dict.fromkeys(p.side for p in self.planes.values())
        for unit in self.scenario.ground:
            found.setdefault(unit.side)
        return tuple(found)

    @property
    def aircraft(self) -> dict[str, PlaneState]:
        """The aircraft in the game (what the command line counts for a run's size)."""
        return self.planes

    def _add(self, setup: PhantomsAircraft, turn: int) -> PlaneState:
        plane = new_plane(setup, self.cards[setup.type])
        self.setups[plane.id] = setup
        self.planes[plane.id] = plane
        self.arrivals[plane.id] = turn
        ai = AiPilot(setup.ai)
        self.pilots[plane.id] = ScriptPilot(setup, ai) if setup.pilot == "script" else ai
        if setup.pilot == "solitaire":
            from engine.phantoms.solitaire_pilot import SolitairePilot

            self.pilots[plane.id] = SolitairePilot(ai)
        self.steps[plane.id] = []
        self.entered[plane.id] = 0
        if setup.marker is not None:
            marker = place_marker(plane, setup.marker.maneuver, setup.marker.levels)
            if setup.marker_hexes is not None:
                marker.hexes_to_go = setup.marker_hexes
        return plane

    def _load_rolls(self) -> None:
        """U-p.15: a die says how many of a group carry the listed missiles."""
        for roll in self.scenario.load_rolls:
            die = {"d4": d4, "d6": d6, "d10": d10}[roll.die]
            count = die(
                self.dice, f"set-up: aircraft armed ({roll.die}), {', '.join(roll.aircraft)}"
            )
            armed = roll.aircraft[:count]
            for pid in armed:
                for missile_id, number in roll.missiles.items():
                    plane = self.planes[pid]
                    plane.missiles[missile_id] = plane.missiles.get(missile_id, 0) + number
            self._event(
                "phantoms.setup",
                tuple(armed),
                f"{count} armed with " + ", ".join(f"{n} {m}" for m, n in roll.missiles.items()),
            )

    def _visibility_roll(self) -> None:
        """U-p.6: the weather limits how far anyone sees."""
        how = self.options.visibility_roll
        if how == "none":
            return
        if how == "d10":
            value = d10(self.dice, "set-up: weather, visual range (U-p.6)")
            fog = value == 1
            if fog:
                value = d10(self.dice, "set-up: visual range under cloud and fog (U-p.6)")
            weather = "cloud and fog" if fog else "rain and cumulus" if value <= 4 else "clear"
        else:
            a = d10(self.dice, "set-up: visual range, first d10 (U-p.7)")
            b = d10(self.dice, "set-up: visual range, second d10 (U-p.7)")
            value = -(-(a + b) // 2)
            weather = "mixed"
        self.visibility_hexes = value if weather != "clear" else self.visibility_hexes
        self._event("phantoms.weather", (), f"{weather}: visual range {value} hexes")

    def _opening_markers(self) -> None:
        """Every aircraft starts with a marker out: a Maneuver Marking Segment is held
        before the first impulse (docs/rulings.md, Phantoms "The first markers")."""
        self.impulse = 0
        self._marking()

    # -- what the pilots and the rules read ----------------------------------------------
    def callsign(self, plane: PlaneState) -> str:
        return self.setups[plane.id].callsign

    def flying(self) -> list[PlaneState]:
        return [p for p in self.planes.values() if p.in_play]

    def by_initiative(self, planes: Iterable[PlaneState]) -> list[PlaneState]:
        """The Initiative side first (§4.0), then the others; by id within a side."""
        return sorted(planes, key=lambda p: (p.side != self.initiative, p.side, p.id))

    def enemies_of(self, plane: PlaneState) -> list[PlaneState]:
        return [p for p in self.flying() if p.side != plane.side]

    def legal_speeds(self, plane: PlaneState) -> list[int]:
        return [s for s in range(1, 11) if not self._speed_problems(plane, s)]

    def _speed_problems(self, plane: PlaneState, speed: int) -> list[str]:
        found = list(set_speed_problems(plane, speed))
        if self.options.vietnam and plane.level <= 1:
            # An aircraft too fast to get down to 5 this turn slows as far as its chart
            # lets it (docs/rulings.md, Phantoms "The Intruders Vietnam rules").
            cap = max(VIETNAM_LOW_SPEED, speed_range(plane)[0])
            if speed > cap:
                found.append(f"Vietnam rules: no faster than speed {cap} at levels 0–1 (I-p.13)")
        return found

    def marker_problems(self, plane: PlaneState, order: MarkerOrder) -> list[str]:
        return list(marker_problems(plane, order.maneuver, order.levels))

    def marker_distance(self, plane: PlaneState, order: MarkerOrder) -> int:
        """Hexes to the marker a legal ``order`` would place (on a copy of the plane)."""
        return place_marker(replace(plane), order.maneuver, order.levels).hexes_to_go

    def radar_works(self, plane_id: str) -> bool:
        return self.setups[plane_id].radar_working and self.planes[plane_id].card.radar is not None

    def inbound(self, plane_id: str) -> list[MissileInFlight]:
        found = [m for m in self.in_flight if m.target_id == plane_id and not m.resolved]
        return found

    def inbound_count(self, plane_id: str) -> int:
        return len(self.inbound(plane_id)) + self.ground.sams_at(plane_id)

    def sam_threat_sites(self, plane: PlaneState) -> list[Hex]:
        """Where the SAMs in flight at ``plane``, or locked on it, come from (I-p.3)."""
        from engine.phantoms.ground_war_strike import sam_threat_sites

        return sam_threat_sites(self.ground, plane)

    def known_flak(self, plane: PlaneState) -> list[Flak]:
        """The enemy AAA guns ``plane``'s side knows of (not hidden), for its pilot."""
        from engine.phantoms.ground_war_strike import known_flak

        return known_flak(self.ground, plane)

    def heat_inbound(self, plane_id: str) -> bool:
        return any(self.missile_types[m.missile_id].heat for m in self.inbound(plane_id))

    def edge_margin(self, hex_: Hex) -> int | None:
        """Hexes from a static mat's nearest edge (None on a mat that shifts, §10.0)."""
        if not self.options.static_map:
            return None
        return self.mat_margin(hex_)

    def mat_margin(self, hex_: Hex) -> int:
        width, height = self.scenario.mat_hexes
        x, y = hexgrid.centre_ft(hex_)
        half_w = width / 2 * HEX_FT * 0.866
        half_h = height / 2 * HEX_FT
        return int(min(half_w - abs(x), half_h - abs(y)) // HEX_FT)

    def objective_hex(self, plane: PlaneState, target: str | None) -> Hex | None:
        return self.ground.objective_hex(plane, target)

    def overflown(self, plane_id: str) -> bool:
        return plane_id in self.overflights

    def profile_level(self, plane: PlaneState, profile: str) -> int:
        return self.ground.profile_level(plane, profile)

    def home_hex(self, plane: PlaneState) -> Hex:
        """Where a striker or recon aircraft leaves for: the exit edge, or back the way it
        came (its start hex's side of the mat)."""
        width, height = self.scenario.mat_hexes
        edge = self.scenario.exit_edge
        start = Hex.parse(self.setups[plane.id].hex)
        if edge is None:
            x, y = hexgrid.centre_ft(start)
            edge = (
                "south"
                if abs(y) >= abs(x) and y < 0
                else "north"
                if abs(y) >= abs(x)
                else ("west" if x < 0 else "east")
            )
        far = {
            "north": (0, height),
            "south": (0, -height),
            "east": (width, -width // 2),
            "west": (-width, width // 2),
        }[edge]
        return Hex(far[0], far[1])

    def missile_odds(
        self, plane: PlaneState, target: PlaneState, missile: MissileType
    ) -> tuple[int, int]:
        """The modifiers each side would add if ``missile`` hit now (§7.1), for the AI."""
        seen = hexgrid.aspect(target.hex, target.facing, plane.hex)
        attack = missile.hit
        if not missile.heat:
            attack += {"front": -3, "side": -2, "rear": 0}[seen]
        radar_cm, ir_cm = self.countermeasures_of(target)
        defence = (ir_cm if missile.heat else radar_cm) + quality_effects(
            target.quality
        ).missile_defence
        if target.in_hard_maneuver:
            defence += 3
        return attack, defence

    def countermeasures_of(self, plane: PlaneState) -> tuple[int, int]:
        setup = self.setups[plane.id]
        if setup.countermeasures is not None:
            own = setup.countermeasures
            return (own.radar + setup.ecm_pods, own.ir + setup.ir_jammers)
        return countermeasures(
            plane.card, self.scenario.year, ecm_pods=setup.ecm_pods, ir_jammers=setup.ir_jammers
        )

    # -- orders ---------------------------------------------------------------------------
    def scripted_orders(self) -> dict[str, PhantomsTurn]:
        """Next turn's orders from each script pilot's script, where it has one."""
        found = {}
        for pid, setup in self.setups.items():
            scripted = setup.pilot == "script" and self.turn < len(setup.script)
            if scripted and self.planes[pid].in_play:
                found[pid] = setup.script[self.turn]
        return found

    def legal(self, orders: dict[str, PhantomsTurn]) -> bool:
        """Whether every order names an aircraft still in play (the rest is judged as
        played)."""
        return all(pid in self.planes and self.planes[pid].in_play for pid in orders)

    @property
    def over(self) -> bool:
        """One side (or none) is left with aircraft or units fighting, and the last turn
        after that has been played."""
        return self.wrap_up > WRAP_UP_TURNS

    # -- one game turn --------------------------------------------------------------------
    def play_turn(self, orders: dict[str, PhantomsTurn]) -> TurnRecord:
        """Play one game turn with the given orders (pilots decide what they leave out);
        :class:`IllegalOrder` names the aircraft, the turn and the rule."""
        stray = sorted(pid for pid in orders if pid not in self.planes)
        if stray:
            raise IllegalOrder(
                "orders", f"no aircraft {stray[0]!r} in the scenario", turn=self.turn + 1
            )
        self.turn += 1
        rolls_before = len(self.dice.rolls)
        events_before = len(self.events)
        self.writer.begin_turn()
        self._reinforcements()
        for pid, order in orders.items():
            pilot = self.pilots[pid]
            if not isinstance(pilot, ScriptPilot):
                pilot = ScriptPilot(self.setups[pid].model_copy(update={"markers": ()}), pilot)
                self.pilots[pid] = pilot
            pilot.give(order)
        for pid, pilot in self.pilots.items():
            if pid not in orders and isinstance(pilot, ScriptPilot):
                pilot.give(PhantomsTurn())
        self.steps = {pid: [] for pid in self.planes}
        self._set_phase()
        self._break_off_phase()
        for impulse in range(1, self.impulses + 1):
            self.impulse = impulse
            for name, _rule in SEGMENTS:
                getattr(self, f"_{name}")()
            self.writer.impulse_done(impulse)
        self.ground.end_of_turn()
        self._exits()
        fighting = {p.side for p in self.flying()} | self.ground.fighting_sides()
        # A mission's special rule may end the game too (a crew captured, I-p.11).
        if not self.flying() or len(fighting) < 2 or self.ground.game_over:
            self.wrap_up += 1
        return self.writer.turn_done(self.turn, rolls_before, self.events[events_before:])

    def _event(self, kind: str, entities: tuple[str, ...], detail: str, **data: Any) -> GameEvent:
        """Record an event; one about an aircraft reads with its callsign first."""
        first = self.setups.get(entities[0]) if entities else None
        if first is not None and not detail.startswith((first.callsign, entities[0])):
            detail = f"{first.callsign} {detail}"
        event = GameEvent(kind, entities, detail, dict(data), self.impulse)
        self.events.append(event)
        return event

    def _reinforcements(self) -> None:
        """U-p.15, U-p.7: groups that may join at a turn's start on a d10."""
        for group in self.scenario.reinforcements:
            left = self.reserve[group.id]
            if left <= 0 or self.turn < group.from_turn:
                continue
            if group.replaces is not None:  # I-p.11: no roll; it comes once the aircraft is lost
                if not self.ground.events.replacement_due(group.replaces):
                    continue
                why = f"replacing {group.replaces}"
            else:
                roll = d10(self.dice, f"reinforcements {group.id}, turn {self.turn} (U-p.15)")
                if roll < group.roll_at_least:
                    continue
                why = f"d10 {roll}"
            arrival = group.times - left + 1
            self.reserve[group.id] = left - 1
            mirrored = False
            if group.either_edge:
                mirrored = d10(self.dice, f"reinforcements {group.id}: entry edge") >= 6
            added = [self._enter(group, setup, arrival, mirrored) for setup in group.aircraft]
            self._event("phantoms.arrive", tuple(p.id for p in added), f"{group.id} arrive ({why})")

    def _enter(
        self, group: Reinforcement, setup: PhantomsAircraft, arrival: int, mirrored: bool
    ) -> PlaneState:
        update: dict[str, Any] = {}
        if arrival > 1:
            update["id"] = f"{setup.entity_id}-{arrival}"
            update["callsign"] = f"{setup.callsign}/{arrival}"
        if mirrored:
            q, r = (int(v) for v in setup.hex.split(","))
            update["hex"] = f"{-q},{r + q}"
            update["facing"] = (6 - setup.facing) % 6
        plane = self._add(setup.model_copy(update=update), self.turn)
        self.writer.add_plane(plane)
        self.steps[plane.id] = []
        marker = self.pilots[plane.id].marker(self, plane)
        self._place(plane, marker)
        return plane

    # -- the Set Phase and the Break-Off Check Phase --------------------------------------
    def _set_phase(self) -> None:
        """§5.0: each aircraft sets its speed for the turn within its card's charts."""
        for plane in self.flying():
            if plane.out_of_control:
                continue
            wanted = self.pilots[plane.id].speed(self, plane)
            problems = self._speed_problems(plane, wanted)
            if problems:
                raise IllegalOrder(
                    "§5.0 Set Phase", "; ".join(problems), aircraft=plane.id, turn=self.turn
                )
            set_speed(plane, wanted)

    def _break_off_phase(self) -> None:
        """§10.0: an aircraft no enemy is tailing may try to leave the fight."""
        for plane in self.by_initiative(self.flying()):
            if not self.pilots[plane.id].break_off(self, plane):
                continue
            if not can_try_break_off(plane, self.enemies_of(plane)):
                continue
            if break_off(plane, self.turn, self.dice):
                plane.locks.clear()
                self._event("phantoms.break_off", (plane.id,), "broke off and left the fight")

    # -- the impulse's segments -----------------------------------------------------------
    def _movement(self) -> None:
        """§6.0: every aircraft the Impulse Chart moves this impulse moves; out-of-control
        aircraft roll to recover instead (§6.4)."""
        now = (self.turn - 1) * self.impulses + self.impulse
        for plane in sorted(self.planes.values(), key=lambda p: p.id):
            if not plane.in_play:
                self.steps[plane.id].append(self._still(plane))
                continue
            step = move_impulse(
                plane, self.turn, self.impulse, self.dice, self.options.five_impulse
            )
            self.steps[plane.id].append(step)
            if step.maneuver is not None and self.options.hidden_markers:
                self._event("phantoms.reveal", (plane.id,), f"flips its marker: {step.maneuver}")
            if step.path:
                self.entered[plane.id] = now
                for hex_ in step.path:
                    self.ground.entered(plane, hex_)
            if step.kind == "crash":
                self._event("kill", (plane.id,), "crashed out of control (§6.4)", cause="crash")
            elif step.kind == "recover":
                self._event("phantoms.recover", (plane.id,), "regained control (§6.4)")
            elif step.kind == "fall":
                self._event("phantoms.out_of_control", (plane.id,), "out of control, down a level")
        self.ground.move_ships(self.turn, self.impulse)

    def _still(self, plane: PlaneState) -> MoveStep:
        return MoveStep(
            plane_id=plane.id,
            turn=self.turn,
            impulse=self.impulse,
            kind="still",
            from_hex=plane.hex,
            from_facing=plane.facing,
            from_level=plane.level,
            to_hex=plane.hex,
            to_facing=plane.facing,
            to_level=plane.level,
            speed=plane.speed,
        )

    def _fire_check(self) -> None:
        """§9.0: each burning aircraft rolls."""
        for plane in self.flying():
            if plane.on_fire:
                result = fire_check(plane, self.dice)
                self._event("phantoms.fire", (plane.id,), f"fire check: {result}")
                if plane.destroyed:
                    self._kill(plane, "fire")

    def _afterburner(self) -> None:
        """§6.5: the Initiative side declares first; speed goes up at once."""
        for plane in self.by_initiative(self.flying()):
            if plane.out_of_control or afterburner_problems(plane):
                continue
            if self.pilots[plane.id].afterburner(self, plane):
                gain = use_afterburner(plane)
                self._event(
                    "phantoms.afterburner",
                    (plane.id,),
                    f"afterburner +{gain}",
                )

    def _spotting(self) -> None:
        """§13.0 (optional): radar spots in the cone, one visual spot attempt each."""
        if not self.options.spotting:
            return
        controllers = {c.side for c in self.scenario.controllers}
        for plane in self.by_initiative(self.flying()):
            lose_spots(plane, self.planes)
            if plane.out_of_control:
                continue
            enemies = self.enemies_of(plane)
            if self.radar_works(plane.id):
                for enemy in enemies:
                    if enemy.id in plane.radar_spots:
                        continue
                    if hexgrid.in_cone(plane.hex, plane.facing, enemy.hex):
                        roll = radar_spot(
                            plane,
                            enemy,
                            self.dice,
                            self.scenario.year,
                            ecm_pods=self.setups[enemy.id].ecm_pods,
                            stealth_rule=self.options.stealth,
                        )
                        if roll.won:
                            plane.radar_spots.add(enemy.id)
            limit = self.visibility_hexes or 10
            unseen = [
                e
                for e in enemies
                if e.id not in plane.visual_spots
                and hexgrid.combat_range(plane.hex, plane.level, e.hex, e.level) <= limit
            ]
            if unseen:
                enemy = min(
                    unseen,
                    key=lambda e: (
                        hexgrid.combat_range(plane.hex, plane.level, e.hex, e.level),
                        e.id,
                    ),
                )
                roll = visual_spot(
                    plane,
                    enemy,
                    self.dice,
                    controller=plane.side in controllers,
                    stealth_rule=self.options.stealth,
                    max_range=limit,
                )
                if roll.won:
                    plane.visual_spots.add(enemy.id)
                    self._event("phantoms.spot", (plane.id, enemy.id), f"spots {enemy.id}")
        for plane in self.flying():
            wingman = self.setups[plane.id].wingman
            if wingman is not None and wingman in self.planes:
                share_wingman_spots(plane, self.planes[wingman])

    def spotted_by_side(self, target_id: str, side: str) -> bool:
        return any(
            target_id in p.visual_spots or target_id in p.radar_spots
            for p in self.flying()
            if p.side == side
        )

    def _unspotted(self, firer: PlaneState, target: PlaneState) -> bool:
        """§13.0: a firer the target's side has not spotted gets +4."""
        return self.options.spotting and not self.spotted_by_side(firer.id, target.side)

    def _missile_impact(self) -> None:
        """§7.1: missiles due this impulse strike or miss; a kill checks for ejection."""
        for missile in list(self.in_flight):
            if missile.resolved or not missile.due(self.turn, self.impulse):
                continue
            kind = self.missile_types[missile.missile_id]
            target = self.planes[missile.target_id]
            firer = self.planes.get(missile.firer_id)
            if firer is not None and not firer.in_play and not firer.broke_off:
                firer = firer
            radar_cm, ir_cm = self.setups[target.id].ecm_pods, self.setups[target.id].ir_jammers
            result = resolve_missile(
                missile,
                kind,
                firer,
                target,
                self.dice,
                self.scenario.year,
                firer_unspotted=firer is not None and self._unspotted(firer, target),
                ecm_pods=radar_cm,
                ir_jammers=ir_cm,
                stealth_rule=self.options.stealth,
            )
            track = self.missile_tracks[missile.id]
            track.end_tick = self.writer.tick_now()
            if result.missed_because or result.roll is None:
                track.outcome = "miss"
                self._event(
                    "miss",
                    (missile.id, target.id),
                    f"{kind.name} misses {target.id}: {result.missed_because}",
                )
            elif not result.hit:
                track.outcome = "miss"
                self._event(
                    "miss",
                    (missile.id, target.id),
                    f"{kind.name} misses {target.id}: {result.roll.describe()}",
                )
            else:
                track.outcome = "hit"
                self._event(
                    "hit",
                    (missile.id, target.id),
                    f"{kind.name} hits {target.id}: {result.hits} hits, criticals "
                    f"{', '.join(result.criticals) or 'none'} ({result.roll.describe()})",
                    hits=result.hits,
                )
                if target.destroyed:
                    self._kill(target, kind.name, result.ejected)
            self.in_flight.remove(missile)
        self.ground.impact_segment(self.turn, self.impulse)

    def _guns(self) -> None:
        """§7.2: aircraft that moved this impulse and sit in a gun position fire; the
        Initiative side first, its effects at once.  Then the ground war's guns."""
        for plane in self.by_initiative(self.flying()):
            if not plane.in_play or plane.fired:
                continue
            targets = [
                t
                for t in self.enemies_of(plane)
                if gun_problem(plane, t, self.entered) is None and self._roe(plane, t)
            ]
            if not targets:
                continue
            target = self.pilots[plane.id].gun_target(self, plane, targets)
            if target is None:
                continue
            result = gun_attack(
                plane,
                target,
                self.dice,
                entered=self.entered,
                firer_unspotted=self._unspotted(plane, target),
            )
            kind = "hit" if result.hits else "miss"
            self._event(
                kind,
                (plane.id, target.id),
                f"gun on {target.id}: {result.hits} hits ({result.roll.describe()})",
                gun=True,
                fired=True,
                hits=result.hits,
            )
            if target.destroyed:
                self._kill(target, "gun", result.ejected)
        self.ground.gun_segment(self.turn, self.impulse)

    def _roe(self, plane: PlaneState, target: PlaneState) -> bool:
        """Intruders' rules of engagement: US aircraft fire only at spotted enemies (I-p.13)."""
        if not (self.options.vietnam and self.options.spotting):
            return True
        if plane.card.group != "us":
            return True
        return any(target.id in p.visual_spots for p in self.flying() if p.side == plane.side)

    def _launch(self) -> None:
        """§7.1.1c then §7.1: locked aircraft may try to break the locks on them, then
        eligible aircraft launch, the Initiative side first."""
        for plane in self.by_initiative(self.flying()):
            for locker in self.flying():
                hostile = plane.id in locker.locks and locker.side != plane.side
                if hostile and self.pilots[plane.id].break_lock(self, plane, locker):
                    result = break_lock(
                        plane,
                        locker,
                        self.dice,
                        self.scenario.year,
                        ecm_pods=self.setups[plane.id].ecm_pods,
                        stealth_rule=self.options.stealth,
                    )
                    if result.locked:
                        self._event(
                            "phantoms.lock_broken",
                            (plane.id, locker.id),
                            f"breaks {locker.id}'s lock",
                        )
        for plane in self.by_initiative(self.flying()):
            if plane.fired or plane.out_of_control or plane.recovered_this_impulse:
                continue
            shots = self._shots(plane)
            if not shots:
                continue
            chosen = self.pilots[plane.id].missile_shot(self, plane, shots)
            if chosen is None:
                continue
            self._fire(plane, *chosen)
        self.ground.launch_segment(self.turn, self.impulse)

    def _shots(self, plane: PlaneState) -> list[Shot]:
        found: list[Shot] = []
        for missile_id, count in sorted(plane.missiles.items()):
            if count <= 0:
                continue
            kind = self.missile_types[missile_id]
            if not kind.heat and not self.radar_works(plane.id):
                continue
            for target in self.enemies_of(plane):
                if self._roe(plane, target) and launch_problem(plane, target, kind) is None:
                    found.append((kind, target))
        return found

    def _fire(self, plane: PlaneState, kind: MissileType, target: PlaneState) -> None:
        if self.options.launch_rolls != "off":
            numbers = VIETNAM_LAUNCH_NUMBERS if self.options.launch_rolls == "vietnam" else None
            roll = launch_roll(
                plane, target.level, kind, self.scenario.year, self.dice, numbers=numbers
            )
            if not roll.launched:
                plane.missiles[kind.id] -= 1
                plane.fired = True
                self._event(
                    "launch",
                    (plane.id, target.id),
                    f"{kind.name} fails to launch (roll {roll.total} over {roll.launch_number})",
                    launched=False,
                )
                return
        flight = launch(plane, target, kind, self.turn, self.impulse)
        self.in_flight.append(flight)
        self.missile_tracks[flight.id] = MissileTrack(flight, self.writer.tick_now())
        self._event(
            "launch",
            (flight.id, plane.id, target.id),
            f"{plane.id} fires {kind.name} at {target.id} (range "
            f"{flight.range_at_launch}, impact in {flight.impulses_to_impact})",
            launched=True,
            missile=flight.id,
        )
        if self.options.emergency_maneuvers and sees_missile(
            target, flight, self.dice, turn=self.turn, impulse=self.impulse
        ):
            self._emergency(target, flight.id)

    def _emergency(self, target: PlaneState, missile_id: str = "the missile") -> None:
        """Optional emergency maneuver (Intruders I-p.13): a target that sees the missile
        swaps its marker for a Hard Turn (or a Loop) toward the same side.  A loaded
        aircraft may do neither (§11.0) and flies on."""
        if target.marker is None:
            return
        if target.loaded:
            self._event(
                "phantoms.emergency",
                (target.id,),
                f"sees {missile_id}, but loaded it may not Hard Turn or Loop (§11.0)",
                swapped=False,
            )
            return
        side = "L" if target.marker.maneuver.startswith("L") else "R"
        for maneuver in (f"{side}HT", "LOOP"):
            order = MarkerOrder(maneuver=maneuver, levels=0)  # type: ignore[arg-type]
            if not self.marker_problems(replace(target, marker=None), order):
                target.marker = None
                marker = place_marker(target, order.maneuver, 0)
                marker.emergency = True
                self._event(
                    "phantoms.emergency",
                    (target.id,),
                    f"sees {missile_id}: emergency {maneuver}",
                    swapped=True,
                )
                return

    def _radar_lock(self) -> None:
        """§7.1.1b: new lock attempts on enemies in the radar cone; locks the target left
        are lost.  Then the ground radars (Intruders)."""
        for plane in self.by_initiative(self.flying()):
            for dropped in keep_locks(plane, self.planes):
                self._event("phantoms.lock_lost", (plane.id, dropped), f"loses lock on {dropped}")
            if not self.radar_works(plane.id) or plane.out_of_control:
                continue
            candidates = [
                e
                for e in self.enemies_of(plane)
                if e.id not in plane.locks and lock_problem(plane, e) is None
            ]
            target = self.pilots[plane.id].lock_target(self, plane, candidates)
            if target is None:
                continue
            result = lock_attempt(
                plane,
                target,
                self.dice,
                self.scenario.year,
                ecm_pods=self.setups[target.id].ecm_pods,
                stealth_rule=self.options.stealth,
            )
            if result.locked:
                self._event(
                    "phantoms.lock",
                    (plane.id, target.id),
                    f"locks {target.id} ({result.roll.describe()})",
                )
        self.ground.radar_segment(self.turn, self.impulse)

    def _marking(self) -> None:
        """§6.1: every aircraft without a marker places one, the Initiative side first,
        then the other, then tailers.  First, with emergency maneuvers in play, aircraft
        with a marker out look for the SAMs coming at them (Intruders I-p.13)."""
        if self.options.emergency_maneuvers:
            self._sam_emergencies()
        waiting = [p for p in self.flying() if p.marker is None and not p.out_of_control]
        for plane in marking_order(waiting, self.initiative):
            order = self.pilots[plane.id].marker(self, plane)
            self._place(plane, order)

    def _sam_emergencies(self) -> None:
        """Intruders' optional emergency maneuvers "as in Phantoms" (I-p.13) against SAMs:
        each impulse a SAM flies at an aircraft with its marker out and within visual
        range, the target rolls to see it (+3, §7.1) until it does; seen, the marker may
        be swapped for a Hard Turn or Loop (ruling "Emergency maneuvers against SAMs")."""
        for plane in self.by_initiative(self.flying()):
            if plane.marker is None or plane.marker.emergency:
                continue
            for missile in self.ground.sams:
                if missile.target_id != plane.id or missile.lost or missile.arrived:
                    continue
                if (plane.id, missile.id) in self.sams_seen:
                    continue
                level = round(missile.level)
                if sees_launch(plane, missile.hex, level, missile.id, self.dice):
                    self.sams_seen.add((plane.id, missile.id))
                    self._emergency(plane, missile.id)
                    break

    def _place(self, plane: PlaneState, order: MarkerOrder) -> None:
        if order.jettison and plane.stores:
            jettison(plane)
            self._event("phantoms.jettison", (plane.id,), "jettisons its stores (§11.0)")
        problems = self.marker_problems(plane, order)
        if problems:
            raise IllegalOrder(
                "§6.1 Maneuver Marking",
                f"{order.text}: " + "; ".join(problems),
                aircraft=plane.id,
                turn=self.turn,
            )
        place_marker(plane, order.maneuver, order.levels)
        if self.options.hidden_markers:  # the face shows when the marker is reached
            self._event("phantoms.order", (plane.id,), "places a marker face down")
        else:
            self._event("phantoms.order", (plane.id,), f"marker {order.text}")

    # -- leaving the game -----------------------------------------------------------------
    def _kill(self, plane: PlaneState, how: str, ejected: bool | None = None) -> None:
        crew = "" if ejected is None else ", crew ejected" if ejected else ", crew lost"
        ejection = {} if ejected is None else {"ejected": ejected}
        self._event("kill", (plane.id,), f"destroyed ({how}){crew}", cause=how, **ejection)
        for other in self.planes.values():
            if plane.id in other.locks:
                other.locks.remove(plane.id)

    def _exits(self) -> None:
        """Aircraft past the mat's edge leave the game: off a static mat (§10.0), or by the
        scenario's exit edge; the rest of the mat is shifted and nothing changes."""
        edge = self.scenario.exit_edge
        for plane in self.flying():
            margin = self.mat_margin(plane.hex)
            if margin >= 0:
                continue
            x, y = hexgrid.centre_ft(plane.hex)
            side = (
                ("north" if y > 0 else "south")
                if abs(y) * 0.866 >= abs(x) * 0.5
                else ("east" if x > 0 else "west")
            )
            if self.options.static_map or side == edge:
                plane.broke_off = True
                plane.cause = f"left the mat by the {side} edge"
                plane.locks.clear()
                self._event("phantoms.exit", (plane.id,), plane.cause)

    # -- the whole game -------------------------------------------------------------------
    def run(
        self,
        turns: int | None = None,
        orders: Callable[[int], dict[str, PhantomsTurn]] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Timeline:
        """Play ``turns`` game turns (the scenario's by default, stopping early once the
        fight is over) and return the timeline."""
        count = self.scenario.turns if turns is None else turns
        for played in range(1, count + 1):
            given = orders(played) if orders is not None else self.scripted_orders()
            self.play_turn(given)
            if progress is not None:
                progress(played, count)
            if orders is None and self.over:
                break
        return self.writer.timeline()
