"""Intruders' ground war inside the game turn: AAA, SAMs and their radars, Wild Weasels'
ARMs, bombs and strafing, recon passes and the 2008 Update's ships (I-p.2–7, I-p.12–14,
U-p.2–3).

The rules live in :mod:`engine.phantoms.intruders`; this module runs them in the segments
of the Sequence of Play (:data:`engine.phantoms.game.SEGMENTS`) and keeps the state the
record draws.  Where it happens (docs/rulings.md (Phantoms)):

- **Movement** (:meth:`GroundWar.entered`, :meth:`GroundWar.move_ships`): bombs step a hex
  toward the target each time the dropper enters a hex (I-p.5), recon aircraft pass over
  their target, low strike aircraft may come upon hidden guns (I-p.14); then ships move
  (U-p.2), SAMs and ARMs fly their hexes and the radars they home on may see them (I-p.12).
- **Missile Impact** (:meth:`GroundWar.impact_segment`): SAMs, ARMs and bombs that have
  arrived strike.
- **Gun** (:meth:`GroundWar.gun_segment`): AAA (and ships' guns) fire at enemy aircraft that
  moved; low strikers strafe.
- **Launch** (:meth:`GroundWar.launch_segment`): SAM batteries and SA-7 teams fire, Weasels
  launch ARMs, strikers at their release point release their stores.
- **Radar Lock** (:meth:`GroundWar.radar_segment`): ground radars turn their cones and lock;
  Weasels lock radars and make their targeting fixes.

The missions' special rules (the moving train and infantry, the pontoon crossings, the
downed crew, I-p.10–11) are :mod:`engine.phantoms.ground_war_events`, called from the
Movement Segment and the turn's end.
"""

from __future__ import annotations

from itertools import count as counter
from typing import Any, Final

from engine.hexmap import Hex
from engine.phantoms import ground_war_flight as flight
from engine.phantoms import ground_war_sensors as sensors
from engine.phantoms import ground_war_strike as strike
from engine.phantoms.damage import DESTROYING, apply_hits, ejection
from engine.phantoms.dice import d10
from engine.phantoms.ground_war_events import GroundEvents
from engine.phantoms.ground_war_timeline import Snapshot, WeaponTrack, snapshot, timeline_rows
from engine.phantoms.ground_war_units import (
    DAMAGE_ORDER,
    GroundGame,
    Unit,
    build_unit,
    clock_bearing,
    radar_words,
)
from engine.phantoms.hexgrid import centre_ft, level_ft
from engine.phantoms.intruders import modifier_total
from engine.phantoms.intruders.aaa import (
    AaaAttack,
    AaaSite,
    aaa_modifiers,
    engagement_problem,
    fire_aaa,
    fire_heavy_aaa,
    reach_problem,
)
from engine.phantoms.intruders.arm import ArmInFlight, WeaselState
from engine.phantoms.intruders.bombing import BombsInFlight, TargetDamage, advance_bombs
from engine.phantoms.intruders.naval import TURNS_PER_MOVE, ShipEvent, move_ship
from engine.phantoms.intruders.naval import apply_hits as ship_hits
from engine.phantoms.intruders.naval import end_of_turn as ship_end_of_turn
from engine.phantoms.intruders.sam import RadarSite, SamBattery, SamInFlight
from engine.phantoms.intruders.solitaire import forward_hexes
from engine.phantoms.state import PlaneState
from engine.phantoms.ticks import TICKS_PER_TURN
from models.phantoms.common import IMPULSES_PER_TURN

FLAK_HIT_SHORT_FT: Final = 250.0
FLAK_MISS_SHORT_FT: Final = 1_200.0
"""A flak burst is drawn this far short of the aircraft along the line from the gun."""
RECON_MAX_LEVEL: Final = 3
"""A recon pass at level 3 or lower finds the target (Intruders' recon mission, I-p.10)."""
# Higher up, each pass finds it on the recon aircraft's ``ai.locate_on`` or more on a d10
# (Operation Vantage's 7–10, U-p.8, its "D20" read as a d10; the Weser's 6–10, U-p.6).
HIDDEN_REVEAL_ON: Final = 10
"""A d10 of 10 shows a hidden unit in a strike aircraft's forward hexes (I-p.14)."""


class GroundWar:
    """The ground and naval units of a Phantoms game and everything they fire.

    It reads from the game only: ``planes``, ``setups``, ``scenario`` (``ground``,
    ``options``), ``dice``, ``turn``, ``impulse``, ``impulses``, ``visibility_hexes``,
    ``overflights`` (it adds to it), ``writer.tick_now()`` and ``writer.xyz``; and it calls
    ``_event(kind, entities, detail, **data)``, ``_kill(plane, how, ejected)``,
    ``countermeasures_of(plane)`` and ``spotted_by_side(target_id, side)``
    (:class:`~engine.phantoms.ground_war_units.GroundGame`).
    """

    def __init__(self, game: GroundGame) -> None:
        self.game = game
        self.units: dict[str, Unit] = {}
        self.radars: dict[str, RadarSite] = {}
        self.radar_unit: dict[str, str] = {}
        """Radar id → the unit it belongs to."""
        for site in game.scenario.ground:
            unit = build_unit(site)
            self.units[unit.id] = unit
            if unit.radar is not None:
                self.radars[unit.radar.id] = unit.radar
                self.radar_unit[unit.radar.id] = unit.id
        self.part_unit: dict[str, str] = {}
        """A gun's or launcher's id → its unit."""
        for unit in self.units.values():
            for part_id in [g.id for g in unit.guns] + [b.id for b in unit.batteries]:
                self.part_unit[part_id] = unit.id
        self.sams: list[SamInFlight] = []
        self.arms: list[ArmInFlight] = []
        self.bombs: list[BombsInFlight] = []
        self.bomb_targets: dict[str, str] = {}
        """Release id → the unit it was aimed at."""
        self.tracks: dict[str, WeaponTrack] = {}
        self.weasels: dict[str, WeaselState] = {}
        self.arm_hit_radars: set[str] = set()
        self.snapshots: dict[tuple[int, int], dict[str, Snapshot]] = {
            (0, 0): {unit.id: snapshot(unit) for unit in self.units.values()}
        }
        self._numbers = counter(1)
        self._started: tuple[int, int] | None = None
        self.events = GroundEvents(self)
        """The missions' special rules (I-p.10–11)."""

    # -- shared ----------------------------------------------------------------------------
    def _begin(self, turn: int, impulse: int) -> None:
        """The first call of an impulse: radars' attempts and cone turns renew (I-p.3) and
        Weasels count another impulse of their locks (I-p.12)."""
        if self._started == (turn, impulse):
            return
        self._started = (turn, impulse)
        for radar in self.radars.values():
            radar.start_impulse()
        for weasel in self.weasels.values():
            weasel.start_impulse(self.radars)

    def next_id(self, prefix: str) -> str:
        """A fresh entity id for a SAM, ARM or release (``sa2-site-sam3``)."""
        return f"{prefix}{next(self._numbers)}"

    def tick(self) -> int:
        """The timeline tick at the end of the current impulse."""
        return self.game.writer.tick_now()

    def per_impulse_ticks(self) -> int:
        """Timeline ticks in one impulse."""
        return TICKS_PER_TURN // self.game.impulses

    @property
    def game_over(self) -> bool:
        """A mission's special rule ended the game (a downed crew captured, I-p.11)."""
        return self.events.game_over

    def enemies(self, side: str) -> list[PlaneState]:
        """Aircraft in play not of ``side``, by id."""
        return sorted(
            (p for p in self.game.planes.values() if p.in_play and p.side != side),
            key=lambda p: p.id,
        )

    def unit_of(self, part_id: str) -> Unit:
        """The unit a gun, launcher or radar belongs to (or a unit by its own id)."""
        return self.units[self.part_unit.get(part_id, self.radar_unit.get(part_id, part_id))]

    def reveal(self, unit: Unit, how: str) -> None:
        """A hidden unit shows itself: it fired, tried a lock, or was seen (I-p.9)."""
        if unit.hidden:
            unit.hidden = False
            for gun in unit.guns:
                gun.hidden = False
            for battery in unit.batteries:
                battery.hidden = False
            self.game._event("phantoms.reveal", (unit.id,), f"{unit.id} revealed: {how}")

    def damage_plane(self, plane: PlaneState, hits: int, auto_criticals: int, how: str) -> None:
        """Hits and criticals on an aircraft (§8.0); a kill checks ejection (§8.2)."""
        if hits <= 0 and auto_criticals <= 0:
            return
        outcomes = apply_hits(plane, hits, auto_criticals, self.game.dice)
        if plane.destroyed:
            cause = next((o for o in reversed(outcomes) if o in DESTROYING), "major")
            if plane.cause.startswith("destroyed ("):  # the critical's code: name the shooter
                plane.cause = f"shot down by {how}"
            self.game._kill(plane, how, ejection(plane, cause, self.game.dice))

    def damage_unit(self, unit: Unit, damage: TargetDamage) -> None:
        """Bombing or strafing damage to a unit (I-p.7): the worse damage stands.  Light
        damage costs guns −2 and a radar −1 to its locks; heavy damage or worse puts guns,
        launchers and radars out of action (heavy: "may not be used")."""
        worse = max(unit.damage, damage, key=DAMAGE_ORDER.index)
        unit.damage = worse
        if DAMAGE_ORDER.index(worse) >= DAMAGE_ORDER.index("heavy"):
            for gun in unit.guns:
                gun.destroyed = True
            for battery in unit.batteries:
                battery.destroyed = True
            if unit.radar is not None and not unit.radar.destroyed:
                unit.radar.destroyed = True
                unit.radar.locks.clear()
                flight.radar_gone(self, unit.radar, "destroyed")
        elif worse == "light":
            for gun in unit.guns:
                gun.damaged = True
            if unit.radar is not None and unit.radar.arm_damage == "none":
                unit.radar.arm_damage = "light"

    def ship_damage(self, unit: Unit, hits: int, events: list[ShipEvent] | None = None) -> None:
        """Hits on a ship's chart (U-p.2); a sunk ship's radar, guns and launchers go too."""
        ship = unit.ship
        assert ship is not None
        found = list(events or []) + (ship_hits(self.game.dice, ship, hits) if hits else [])
        if found:
            self.game._event(
                "phantoms.ship", (unit.id,), "; ".join(e.detail for e in found), hits=hits
            )
        if ship.sunk and unit.radar is not None and not unit.radar.destroyed:
            unit.radar.destroyed = True
            unit.radar.locks.clear()
            flight.radar_gone(self, unit.radar, "sunk")
            self.game._event("phantoms.sunk", (unit.id,), f"{unit.id} sinks")

    def burst(
        self,
        kind: str,
        entities: tuple[str, ...],
        detail: str,
        at: tuple[float, float, float],
        style: str,
    ) -> None:
        """A burst event at a point in world feet, drawn in ``style`` (flak or warhead)."""
        self.game._event(kind, entities, detail, x_ft=at[0], y_ft=at[1], z_ft=at[2], style=style)

    # -- Movement Segment ------------------------------------------------------------------
    def entered(self, plane: PlaneState, hex_: Hex) -> None:
        """``plane`` entered ``hex_`` in this Movement Segment: its bombs step toward their
        target (I-p.5), a recon aircraft may find its target, hidden units ahead may show."""
        self._begin(self.game.turn, self.game.impulse)
        for bombs in self.bombs:
            if bombs.attacker_id == plane.id and not bombs.arrived:
                advance_bombs(bombs)
        self._recon_pass(plane, hex_)
        self.events.entered(plane, hex_)
        self._hidden_check(plane, hex_)

    def _recon_pass(self, plane: PlaneState, hex_: Hex) -> None:
        setup = self.game.setups.get(plane.id)
        if setup is None or setup.ai.role != "recon" or plane.id in self.game.overflights:
            return
        unit = self.units.get(setup.ai.target or "")
        if unit is None or unit.hex != hex_ or unit.kind == "crew":  # a pick-up, not a pass
            return
        if plane.level <= RECON_MAX_LEVEL:
            found, how = True, f"over {unit.id} at level {plane.level}"
        else:
            roll = d10(self.game.dice, f"recon locating roll, {plane.id} over {unit.id} (U-p.8)")
            found = roll >= setup.ai.locate_on
            how = f"pass over {unit.id} at level {plane.level}: d10 {roll}"
        if found:
            self.game.overflights.add(plane.id)
        self.game._event(
            "phantoms.recon",
            (plane.id, unit.id),
            f"{how}: {'target found' if found else 'not found'}",
            found=found,
        )

    def _hidden_check(self, plane: PlaneState, hex_: Hex) -> None:
        """I-p.14: each of the three hexes ahead holding a hidden enemy unit, a d10 of 10."""
        ahead = forward_hexes(hex_, plane.facing)
        for unit in self.units.values():
            if unit.hidden and unit.side != plane.side and unit.hex in ahead and not unit.out:
                roll = d10(
                    self.game.dice, f"hidden unit check, {unit.id} ahead of {plane.id} (I-p.14)"
                )
                if roll >= HIDDEN_REVEAL_ON:
                    self.reveal(unit, f"seen by {plane.id}")

    def move_ships(self, turn: int, impulse: int) -> None:
        """The end of the Movement Segment: ships move on the last impulse of every third
        turn (U-p.2); then SAMs and ARMs fly, the radars they home on may see an ARM
        (I-p.12), and bombs whose dropper is gone fall on a hex (ruling "Weapons in flight").
        An impulse of the five-impulse option (§15.0) is two of these moves."""
        self._begin(turn, impulse)
        if impulse == self.game.impulses and turn % TURNS_PER_MOVE == 0:
            for unit in self.units.values():
                if unit.ship is not None and not unit.ship.sunk:
                    moved_to = move_ship(unit.ship)
                    if moved_to != unit.hex:
                        unit.set_hex(moved_to)
                        unit.moves.append((self.tick(), moved_to, unit.ship.facing))
                        self.game._event("phantoms.ship_moves", (unit.id,), f"steams to {moved_to}")
        self.events.move_units(turn, impulse)
        for _ in range(max(1, IMPULSES_PER_TURN // self.game.impulses)):
            flight.fly_sams(self)
            flight.fly_arms(self)
            for bombs in self.bombs:
                dropper = self.game.planes.get(bombs.attacker_id)
                if (dropper is None or not dropper.in_play) and not bombs.arrived:
                    advance_bombs(bombs)

    # -- Missile Impact Segment ------------------------------------------------------------
    def impact_segment(self, turn: int, impulse: int) -> None:
        """SAMs, ARMs and bombs that have reached their targets strike."""
        self._begin(turn, impulse)
        for missile in [m for m in self.sams if m.arrived]:
            flight.sam_strikes(self, missile)
        for arm in [a for a in self.arms if a.arrived]:
            flight.arm_strikes(self, arm)
        for bombs in [b for b in self.bombs if b.arrived]:
            strike.resolve_bombs(self, bombs)

    # -- Gun Segment -----------------------------------------------------------------------
    def gun_segment(self, turn: int, impulse: int) -> None:
        """AAA at enemy aircraft that moved this impulse (I-p.2), ships' guns (U-p.3), then
        strafing (I-p.6)."""
        self._begin(turn, impulse)
        now = (turn - 1) * self.game.impulses + impulse  # Heavy AAA's clock (I-p.2 rule 3)
        for unit in self.units.values():
            guns = unit.working_guns()
            if not guns:
                continue
            enemies = self.enemies(unit.side)
            reachable = [
                p for p in enemies if p.moved and any(reach_problem(g, p) is None for g in guns)
            ]
            sensors.ground_spot(self, unit, reachable)
            for gun in guns:
                targets = [p for p in enemies if engagement_problem(gun, p, now) is None]
                if targets:
                    self._fire_gun(unit, gun, self._gun_target(unit, gun, targets), now)
        strike.strafing(self)

    def _gun_target(self, unit: Unit, gun: AaaSite, targets: list[PlaneState]) -> PlaneState:
        """The aircraft the gun has the best odds against (its modifiers less the defence
        factor), then the nearest, then by id (ruling "Which aircraft AAA fires at")."""

        def odds(plane: PlaneState) -> tuple[int, int, str]:
            mods = aaa_modifiers(
                gun,
                plane,
                spotted=sensors.spotted(self, unit, plane),
                radar_locked=sensors.locked(self, gun.radar_id, plane),
            )
            value = modifier_total(mods) - plane.card.defense
            return (-value, gun.hex.distance_to(plane.hex), plane.id)

        return min(targets, key=odds)

    def _fire_gun(self, unit: Unit, gun: AaaSite, target: PlaneState, now: int) -> None:
        bonus = unit.ship.defence_bonus if unit.ship is not None else 0
        self.reveal(unit, "opens fire")
        if gun.weapon.weapon_class == "heavy":
            planes = sorted(self.game.planes.values(), key=lambda p: p.id)
            in_hex = [p for p in planes if p.in_play and p.hex == target.hex]
            attacks = fire_heavy_aaa(
                self.game.dice,
                gun,
                target,
                planes,
                now=now,
                spotted={p.id for p in in_hex if sensors.spotted(self, unit, p)},
                radar_locked={p.id for p in in_hex if sensors.locked(self, gun.radar_id, p)},
                defence_bonus=bonus,
            )
        else:
            attacks = (
                fire_aaa(
                    self.game.dice,
                    gun,
                    target,
                    now=now,
                    spotted=sensors.spotted(self, unit, target),
                    radar_locked=sensors.locked(self, gun.radar_id, target),
                    defence_bonus=bonus,
                ),
            )
        for attack in attacks:
            self._aaa_result(unit, gun, attack)

    def _aaa_result(self, unit: Unit, gun: AaaSite, attack: AaaAttack) -> None:
        plane = self.game.planes[attack.target_id]
        x_ft, y_ft = centre_ft(plane.hex)
        z_ft = level_ft(plane.level)
        short = FLAK_HIT_SHORT_FT if attack.hit else FLAK_MISS_SHORT_FT
        gx, gy = centre_ft(gun.hex)
        dx, dy, dz = gx - x_ft, gy - y_ft, -z_ft
        length = (dx * dx + dy * dy + dz * dz) ** 0.5 or 1.0
        at = (x_ft + dx / length * short, y_ft + dy / length * short, z_ft + dz / length * short)
        name = gun.weapon.name
        self.burst("phantoms.flak", (unit.id, plane.id), f"{name} fires at {plane.id}", at, "flak")
        mods = ", ".join(str(m) for m in attack.modifiers)
        detail = (
            f"{name} at {plane.id}: {attack.attack_total} (d10 {attack.roll}; {mods}) "
            f"against {attack.defence_total}: {attack.damage} damage"
        )
        kind = "hit" if attack.hit else "miss"
        self.game._event(kind, (unit.id, plane.id), detail, hits=attack.damage, aaa=True)
        if attack.hit:
            self.damage_plane(plane, attack.damage, 0, f"AAA {name}")

    # -- Launch Segment --------------------------------------------------------------------
    def launch_segment(self, turn: int, impulse: int) -> None:
        """After the aircraft's launches: SAMs (I-p.3), ARMs (I-p.12), then bomb and rocket
        releases by aircraft at their release point (I-p.4–5)."""
        self._begin(turn, impulse)
        strike.launch_sams(self, turn, impulse)
        strike.launch_arms(self, turn, impulse)
        strike.release_stores(self, turn, impulse)

    # -- Radar Lock Segment ----------------------------------------------------------------
    def radar_segment(self, turn: int, impulse: int) -> None:
        """Ground radars turn their cones to their best target and lock (two attempts an
        impulse for a SAM radar, I-p.3); then Weasels lock radars and fix them (I-p.12)."""
        self._begin(turn, impulse)
        sensors.radar_locks(self)
        sensors.weasel_locks(self)

    # -- the end of a turn -----------------------------------------------------------------
    def end_of_turn(self) -> None:
        """Ships fight their fires and flood (U-p.2–3); radars shut down against an ARM
        come back on (ruling "Detection and shut-down"); then the missions' capture rolls
        and rescue helicopters (I-p.11)."""
        turn = self.game.turn
        for unit in self.units.values():
            if unit.ship is not None and not unit.ship.sunk:
                self.ship_damage(unit, 0, ship_end_of_turn(self.game.dice, unit.ship, turn))
        for radar_id, radar in self.radars.items():
            was_off = radar.shut_down
            radar.start_turn()
            if was_off and radar.operating:
                unit = self.units[self.radar_unit[radar_id]]
                self.game._event("phantoms.radar_on", (unit.id,), f"{unit.id} back on the air")
        changed = self.events.end_of_turn(turn)
        last = self.snapshots.get((turn, self.game.impulses))
        if last is not None:  # a capture shows from the turn's end, not the next turn's
            for unit_id in changed:
                last[unit_id] = snapshot(self.units[unit_id], self._locks_of(self.units[unit_id]))

    def impulse_done(self, impulse: int) -> None:
        """What each unit shows at the end of the impulse, for the replay."""
        self.snapshots[(self.game.turn, impulse)] = {
            unit.id: snapshot(unit, self._locks_of(unit)) for unit in self.units.values()
        }

    def _locks_of(self, unit: Unit) -> tuple[str, ...]:
        """The locks a unit shows: its radar's, or the radar it is slaved to."""
        radar_ids = {unit.radar.id} if unit.radar is not None else set()
        radar_ids |= {g.radar_id for g in unit.guns if g.radar_id}
        radar_ids |= {b.radar_id for b in unit.batteries if b.radar_id}
        return tuple(
            sorted(
                {pid for rid in radar_ids if rid in self.radars for pid in self.radars[rid].locks}
            )
        )

    # -- what the game and the record ask ------------------------------------------------------
    def sams_at(self, plane_id: str) -> int:
        """SAMs in flight at the aircraft (ARMs fly at radars)."""
        return sum(1 for m in self.sams if m.target_id == plane_id and not m.lost)

    def rwr_text(self, plane: PlaneState) -> str:
        """The radars painting the aircraft, with their clock bearing from its nose:
        ground radars (``FAN SONG 9h``), then enemy fighters (``MIG-21PF 12h``)."""
        items: list[str] = []
        for radar_id, radar in sorted(self.radars.items()):
            unit = self.units[self.radar_unit[radar_id]]
            if radar.operating and plane.id in radar.locks and unit.side != plane.side:
                items.append(f"{radar_words(unit)} {clock_bearing(plane, radar.hex)}h")
        for other in sorted(self.game.planes.values(), key=lambda p: p.id):
            if other.in_play and other.side != plane.side and plane.id in other.locks:
                items.append(f"{other.card.id.upper()} {clock_bearing(plane, other.hex)}h")
        return " · ".join(items)

    def objective_hex(self, plane: PlaneState, target_id: str | None) -> Hex | None:
        """The hex of the ground unit ``target_id`` (None when there is none, when it is
        knocked out, or when it is hidden and so unknown to the attacker)."""
        unit = self.units.get(target_id or "")
        if unit is None or unit.out or (unit.hidden and unit.side != plane.side):
            return None
        return unit.hex

    def profile_level(self, plane: PlaneState, profile: str) -> int:
        """The level the attack profile wants (:func:`ground_war_strike.profile_level`)."""
        return strike.profile_level(self, plane, profile)

    def fighting_sides(self) -> set[str]:
        """Sides with ground units still able to fire: working guns, SAM launchers with
        missiles and (radar SAMs) a radar not destroyed, ships with either."""
        sides: set[str] = set()
        for unit in self.units.values():
            if unit.out:
                continue
            if unit.working_guns() or any(
                self._battery_can_fight(b) for b in unit.working_batteries()
            ):
                sides.add(unit.side)
        return sides

    def _battery_can_fight(self, battery: SamBattery) -> bool:
        if battery.missiles <= 0:
            return False
        if battery.sam.guidance != "radar":
            return True
        radar = self.radars.get(battery.radar_id or "")
        return radar is not None and not radar.destroyed

    def timeline_rows(self, count: int, first_row: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """Every unit, SAM, ARM and bomb release as timeline entities over ``count`` ticks
        (:func:`engine.phantoms.ground_war_timeline.timeline_rows`)."""
        return timeline_rows(self, count, first_row)

    def radar_locks(self, radar_id: str | None) -> list[str]:
        """The aircraft a radar holds locked in its cone now (none when it is off the air)."""
        planes = self.game.planes
        radar = self.radars.get(radar_id or "")
        if radar is None:
            return []
        return [pid for pid in radar.locks if sensors.locked(self, radar.id, planes[pid])]
