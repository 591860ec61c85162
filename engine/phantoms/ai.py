"""The AI pilot of Phantoms: it sets a fighting speed, places the marker that scores best
on paper (:mod:`engine.phantoms.ai_maneuver`), locks the nearest enemy in its cone, and
fires a missile or the gun when the chance of a hit is worth the round.

A striker (``ai.role = "striker"``) flies to its target at the level its profile wants and
leaves for home once its stores are gone; a recon aircraft overflies its target and leaves.
With a missile in flight at it any pilot prefers a hard turn or loop (+3 to its defence,
§7.1); with a SAM coming or a SAM radar's lock on it, the deck and the aspect that make the
SAM's shot hardest (Intruders I-p.3).  Every choice is judged by the rules by the game;
the AI only proposes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.phantoms import hexgrid
from engine.phantoms.ai_maneuver import Goal, Picture, all_orders, options, score
from engine.phantoms.forecast import forecast
from engine.phantoms.marking import tailed_enemy
from engine.phantoms.pilots import Shot
from engine.phantoms.quality import quality_effects
from engine.phantoms.state import PlaneState
from models.phantoms.common import MANEUVER_CLASS, Maneuver
from models.phantoms.missiles import missile_types
from models.phantoms.orders import MarkerOrder
from models.phantoms.scenario import AiSetup

if TYPE_CHECKING:
    from engine.phantoms.game import PhantomsGame

FAR_HEXES = 10
"""Beyond this an enemy is closed at full speed."""
STRAIGHT = MarkerOrder(maneuver="S")


def face_down_reading(maneuver: Maneuver, *, told: bool) -> Maneuver:
    """What an enemy's face-down marker is taken for (hidden markers, optional rule): its
    hex is on the mat, its face is not, so a Straight; a tailed aircraft must say left,
    right or straight, so a tailer reads a plain Turn to the side it was told
    (ruling "Hidden markers")."""
    if not told or maneuver in ("S", "LOOP"):
        return "S"
    return "LT" if maneuver.startswith("L") else "RT"


def win_chance(attack: int, defence: int) -> float:
    """The chance that d10 + ``attack`` beats d10 + ``defence`` (ties fail)."""
    wins = sum(1 for a in range(1, 11) for d in range(1, 11) if a + attack > d + defence)
    return wins / 100.0


class AiPilot:
    """One aircraft's AI pilot."""

    def __init__(self, setup: AiSetup) -> None:
        self.setup = setup

    # -- who and where ------------------------------------------------------------------
    def _enemies(self, game: PhantomsGame, plane: PlaneState) -> list[PlaneState]:
        return [p for p in game.planes.values() if p.side != plane.side and p.in_play]

    def _target(self, game: PhantomsGame, plane: PlaneState) -> PlaneState | None:
        enemies = self._enemies(game, plane)
        named = self.setup.target
        for enemy in enemies:
            if enemy.id == named:
                return enemy
        if not enemies:
            return None
        return min(
            enemies,
            key=lambda e: (hexgrid.combat_range(plane.hex, plane.level, e.hex, e.level), e.id),
        )

    def _goal(self, game: PhantomsGame, plane: PlaneState) -> Goal:
        role = self.setup.role
        if role in ("striker", "recon"):
            site = game.objective_hex(plane, self.setup.target)
            done = (role == "striker" and not plane.stores) or (
                role == "recon" and game.overflown(plane.id)
            )
            if site is not None and not done:
                level = game.profile_level(plane, self.setup.profile) if role == "striker" else None
                return Goal(strike_hex=site, strike_level=level)
            return Goal(home_hex=game.home_hex(plane))
        target = self._target(game, plane)
        return Goal(target=target.id if target is not None else None)

    def _picture(self, game: PhantomsGame, enemy: PlaneState) -> Picture:
        hex_, facing, level = enemy.hex, enemy.facing, enemy.level
        marker = enemy.marker
        if marker is not None:
            maneuver, levels = (
                marker.maneuver,
                marker.levels_left * (1 if marker.levels >= 0 else -1),
            )
            if game.scenario.options.hidden_markers:
                maneuver, levels = (
                    face_down_reading(marker.maneuver, told=self._tails(game, enemy)),
                    0,
                )
            end = forecast(
                enemy.card,
                enemy.hex,
                enemy.facing,
                enemy.level,
                enemy.speed,
                maneuver,
                levels,
                marker.hexes_to_go,
            )
            hex_, facing, level = end.hex, end.facing, end.level
        else:
            hex_ = hexgrid.ahead(enemy.hex, enemy.facing, max(1, enemy.speed // 3))
        types = missile_types()
        carried = [types[m] for m, n in enemy.missiles.items() if n > 0 and m in types]
        radar = [m for m in carried if not m.heat]
        radar_range = None
        if radar and enemy.card.radar is not None:
            radar_range = (min(m.min_range for m in radar), max(m.max_range for m in radar))
        return Picture(
            id=enemy.id,
            hex=hex_,
            facing=facing,
            level=level,
            guns=enemy.card.gun_attack is not None and enemy.gun_bursts > 0,
            heat=any(m.heat for m in carried),
            radar_range=radar_range,
        )

    def _tails(self, game: PhantomsGame, enemy: PlaneState) -> bool:
        """Whether an aircraft of this pilot's side is tailing ``enemy`` (§6.1)."""
        mine = [p for p in game.planes.values() if p.in_play and p.side != enemy.side]
        return any(tailed_enemy(p, [enemy]) is enemy for p in mine)

    # -- the Set Phase ------------------------------------------------------------------
    def _wanted_speed(self, game: PhantomsGame, plane: PlaneState) -> int:
        card = plane.card
        top = card.max_loaded_speed if plane.loaded else card.max_level_speed
        if self.setup.role in ("striker", "recon"):
            return top
        target = self._target(game, plane)
        if target is None:
            return top
        if hexgrid.combat_range(plane.hex, plane.level, target.hex, target.level) > FAR_HEXES:
            return top

        def agility(speed: int) -> tuple[int, int]:
            row = card.row(speed)
            turn = row.turn if row.turn is not None else 99
            hard = row.hard_turn if row.hard_turn is not None else 99
            return (turn + hard, -speed)

        choices = range(max(3, min(top, 4)), top + 1)
        return min(choices, key=agility) if choices else top

    def speed(self, game: PhantomsGame, plane: PlaneState) -> int:
        wanted = self._wanted_speed(game, plane)
        legal = game.legal_speeds(plane)
        return min(legal, key=lambda s: (abs(s - wanted), -s)) if legal else plane.speed

    def break_off(self, game: PhantomsGame, plane: PlaneState) -> bool:
        armed = any(n > 0 for n in plane.missiles.values()) or (
            plane.card.gun_attack is not None and plane.gun_bursts > 0
        )
        if self.setup.role in ("striker", "recon"):
            return False
        hurt = plane.damage > plane.card.max_damage or plane.on_fire or plane.structural
        return not armed or hurt

    def afterburner(self, game: PhantomsGame, plane: PlaneState) -> bool:
        if plane.ab_left <= 0 or game.heat_inbound(plane.id):
            return False
        wanted = self._wanted_speed(game, plane)
        return plane.speed <= wanted - 2 or (plane.speed <= 2 and plane.ab_left > 0)

    # -- the Maneuver Marking Segment -----------------------------------------------------
    def marker(self, game: PhantomsGame, plane: PlaneState) -> MarkerOrder:
        legal: list[tuple[MarkerOrder, int]] = []
        for order in all_orders(2):
            if game.marker_problems(plane, order):
                continue
            legal.append((order, game.marker_distance(plane, order)))
        if not legal:
            return STRAIGHT
        enemies = [self._picture(game, e) for e in self._enemies(game, plane)]
        goal = self._goal(game, plane)
        types = missile_types()
        carried = [types[m] for m, n in plane.missiles.items() if n > 0 and m in types]
        radar = [m for m in carried if not m.heat]
        radar_range = None
        if radar and plane.card.radar is not None and game.radar_works(plane.id):
            radar_range = (min(m.min_range for m in radar), max(m.max_range for m in radar))
        inbound = game.inbound_count(plane.id)
        effects = quality_effects(plane.quality)
        sam_sites = game.sam_threat_sites(plane)
        flak = game.known_flak(plane)
        flown = options(plane, legal)
        horizon = max(len(option.end.path) for option in flown)
        best: tuple[float, int] | None = None
        chosen = STRAIGHT
        for rank, option in enumerate(flown):
            klass = MANEUVER_CLASS[option.order.maneuver]
            risky = klass in effects.control_checks
            value = score(
                plane,
                option,
                enemies,
                goal,
                guns=plane.card.gun_attack is not None and plane.gun_bursts > 0,
                heat=any(m.heat for m in carried),
                radar_range=radar_range,
                inbound=inbound,
                loc_risk=0.45 if risky else 0.0,
                static_map_edge=game.edge_margin(option.end.hex),
                horizon_hexes=horizon,
                sam_sites=sam_sites,
                flak=flak,
                defence=plane.card.defense,
            )
            key = (value, -rank)
            if best is None or key > best:
                best = key
                chosen = option.order
        return chosen

    # -- fire and locks -----------------------------------------------------------------
    def gun_target(
        self, game: PhantomsGame, plane: PlaneState, targets: list[PlaneState]
    ) -> PlaneState | None:
        if not targets:
            return None
        return min(targets, key=lambda t: (t.card.defense, t.id))

    def missile_shot(self, game: PhantomsGame, plane: PlaneState, shots: list[Shot]) -> Shot | None:
        best: tuple[float, str] | None = None
        chosen: Shot | None = None
        for missile, target in shots:
            chance = win_chance(*game.missile_odds(plane, target, missile))
            needed = 0.45 - 0.25 * self.setup.aggression
            if chance < needed:
                continue
            key = (chance, f"{missile.id}>{target.id}")
            if best is None or key > best:
                best, chosen = key, (missile, target)
        return chosen

    def lock_target(
        self, game: PhantomsGame, plane: PlaneState, candidates: list[PlaneState]
    ) -> PlaneState | None:
        if not candidates or len(plane.locks) >= plane.card.radar_locks:
            return None
        preferred = self._target(game, plane)
        if preferred is not None and preferred in candidates:
            return preferred
        return min(
            candidates,
            key=lambda e: (hexgrid.combat_range(plane.hex, plane.level, e.hex, e.level), e.id),
        )

    def break_lock(self, game: PhantomsGame, plane: PlaneState, locker: PlaneState) -> bool:
        """Only a lock that can guide a missile is worth the roll: the locker carries
        radar missiles, or one is already in flight at this aircraft."""
        types = missile_types()
        armed = any(n > 0 and m in types and not types[m].heat for m, n in locker.missiles.items())
        guided = any(m.firer_id == locker.id for m in game.inbound(plane.id))
        return armed or guided
