"""An enemy fighter flown by Intruders' solitaire behaviour tables (I-p.14).

The tables decide how it moves; its AI pilot (:class:`engine.phantoms.ai.AiPilot`) decides
everything else — fire, locks, afterburner, and the speed inside the closing range:

- from the closing range out (5 hexes or more from the nearest enemy) it closes at its
  fastest speed, matching the target's level, straight at the target when head-on or
  trailing and toward the intercept point from the side (:func:`closing_move`);
- inside it, each marker comes from the maneuver table for its situation against the
  nearest enemy (:func:`enemy_maneuver`), rolled each time a maneuver is finished; a
  tailing enemy maneuvers for the best shot instead (:func:`best_shot_maneuver`); its
  climbs and dives match the target's level;
- once its side has lost an aircraft and is outnumbered it rolls at each turn's start to
  break off (:func:`enemy_breaks_off`); once it breaks, the whole force runs for one random
  mat edge at its best speed, diving to level 2, and tries to leave the fight (§10.0).

Whatever the tables ask, the pilot only proposes markers the rules allow
(``game.marker_problems``).  A maneuver the aircraft may not fly becomes the nearest one it
may — a Hard Turn a Turn the same way ("if because of speed considerations they cannot make
hard or tight turns, then use normal turns", I-p.14), a Loop a Hard Turn toward the target,
and so on down to Straight — and a climb or dive the marker cannot hold is cut to what it
can (§6.3) and to what the speed can pay for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from engine.hexmap import Hex
from engine.phantoms import hexgrid
from engine.phantoms.intruders.solitaire import (
    MatEdge,
    best_shot_maneuver,
    break_off_edge,
    break_off_level,
    closing_move,
    enemy_breaks_off,
    enemy_maneuver,
    enemy_situation,
    steer_toward,
    within_maneuver_range,
)
from engine.phantoms.pilots import Pilot, Shot
from engine.phantoms.state import PlaneState
from models.phantoms.common import MANEUVER_CLASS, Maneuver
from models.phantoms.mission import SolitaireTables, solitaire_tables
from models.phantoms.orders import MAX_LEVELS, MarkerOrder

if TYPE_CHECKING:
    from engine.phantoms.game import PhantomsGame

Mode = Literal["closing", "table", "tailing", "breaking", "ai"]
"""Why the pilot chose its marker: closing from range, a maneuver-table roll, the best
shot of a tailer, a break-off run, or (no enemy left) its AI pilot's choice."""

EDGE_AIM_HEXES = 60
"""How far out along its edge's direction a breaking enemy aims (off any mat)."""

FALLBACKS: dict[Maneuver, tuple[Maneuver, ...]] = {
    "S": ("S", "LS", "RS", "LT", "RT"),
    "LT": ("LT", "LHT", "LS", "S"),
    "RT": ("RT", "RHT", "RS", "S"),
    "LHT": ("LHT", "LT", "LS", "S"),
    "RHT": ("RHT", "RT", "RS", "S"),
    "LS": ("LS", "LT", "S"),
    "RS": ("RS", "RT", "S"),
    "LOOP": ("LOOP", "LHT", "LT", "S"),
}
"""The maneuvers tried in turn when the one wanted may not be flown: the same way round,
turning a little less, then slipping, then straight (a Loop toward the target's side)."""
_MIRROR: dict[Maneuver, Maneuver] = {
    "LHT": "RHT",
    "LT": "RT",
    "LS": "RS",
    "RHT": "LHT",
    "RT": "LT",
    "RS": "LS",
    "S": "S",
    "LOOP": "LOOP",
}


@dataclass(frozen=True, slots=True)
class SolitaireChoice:
    """The last marker the pilot placed and why (for tests and the curious)."""

    mode: Mode
    wanted: MarkerOrder
    """What the tables asked for."""
    placed: MarkerOrder
    """What the rules allowed: ``wanted`` or the nearest legal marker."""
    target: str | None = None
    situation: str | None = None


def edge_aim(hex_: Hex, edge: MatEdge) -> Hex:
    """A hex far out toward ``edge`` from ``hex_``, along the mat's north–south or
    east–west line (east is 60 hexes on q and back 30 on r, flat-topped axial)."""
    far = EDGE_AIM_HEXES
    steps = {"north": (0, far), "south": (0, -far), "east": (far, -far // 2),
             "west": (-far, far // 2)}  # fmt: skip
    dq, dr = steps[edge]
    return Hex(hex_.q + dq, hex_.r + dr)


def _target_to_right(plane: PlaneState, target: Hex) -> bool:
    if plane.hex == target:
        return False
    off = (plane.hex.heading_to_deg(target) - hexgrid.heading_deg(plane.facing) + 180.0) % 360.0
    return off - 180.0 > 0.0


def fallbacks(maneuver: Maneuver, *, right: bool = False) -> tuple[Maneuver, ...]:
    """The maneuvers tried for ``maneuver``, nearest first (a Loop's to the ``right``)."""
    chain = FALLBACKS[maneuver]
    if maneuver == "LOOP" and right:
        return tuple(_MIRROR[m] for m in chain)
    return chain


def _level_steps(levels: int) -> list[int]:
    """``levels``, then each smaller climb or dive down to none."""
    sign = 1 if levels >= 0 else -1
    return [sign * n for n in range(abs(levels), -1, -1)]


class SolitairePilot:
    """Intruders' enemy behaviour tables (I-p.14) flying one aircraft; ``ai`` decides what
    the tables leave to the player (module doc)."""

    def __init__(self, ai: Pilot, tables: SolitaireTables | None = None) -> None:
        self.ai = ai
        self.tables = solitaire_tables() if tables is None else tables
        self.breaking: MatEdge | None = None
        """The edge the force runs for once it has broken off."""
        self.checked_turn: int | None = None
        """The turn whose break-off roll has been made (one roll a turn for the force)."""
        self.last: SolitaireChoice | None = None

    # -- who and where ---------------------------------------------------------------------
    @staticmethod
    def nearest_enemy(game: PhantomsGame, plane: PlaneState) -> PlaneState | None:
        """The enemy the tables fly against: the nearest in range (hexes plus levels)."""
        enemies = [p for p in game.planes.values() if p.side != plane.side and p.in_play]
        if not enemies:
            return None
        return min(
            enemies,
            key=lambda e: (hexgrid.combat_range(plane.hex, plane.level, e.hex, e.level), e.id),
        )

    def _force(self, game: PhantomsGame, plane: PlaneState) -> list[SolitairePilot]:
        """This pilot and the other solitaire pilots of its side (a script's orders may
        wrap one: its ``ai`` is the solitaire pilot)."""
        found: list[SolitairePilot] = [self]
        for pid, other in game.pilots.items():
            inner = getattr(other, "ai", None) if not isinstance(other, SolitairePilot) else other
            if (
                isinstance(inner, SolitairePilot)
                and inner is not self
                and game.planes[pid].side == plane.side
            ):
                found.append(inner)
        return found

    def _turn_start(self, game: PhantomsGame, plane: PlaneState) -> None:
        """The break-off roll at the start of each turn (I-p.14), once for the force."""
        if self.checked_turn == game.turn or game.turn < 1:
            return
        force = self._force(game, plane)
        for pilot in force:
            pilot.checked_turn = game.turn
        if self.breaking is not None:
            return
        side = [p for p in game.planes.values() if p.side == plane.side]
        lost = any(p.destroyed or p.crashed for p in side)
        enemies = sum(1 for p in side if p.in_play)
        friends = sum(1 for p in game.planes.values() if p.side != plane.side and p.in_play)
        who = f"{plane.side} force"
        if enemy_breaks_off(
            enemies, friends, game.dice, lost_aircraft=lost, who=who, tables=self.tables
        ):
            edge = break_off_edge(game.dice, who)
            for pilot in force:
                pilot.breaking = edge

    def _legal(self, game: PhantomsGame, plane: PlaneState, order: MarkerOrder) -> bool:
        return not game.marker_problems(plane, order)

    def _affordable_climb(self, plane: PlaneState, maneuver: Maneuver, levels: int) -> int:
        """A climb cut to what the speed pays for: never to speed 0 or below (§6.3–§6.4:
        that risks control)."""
        card = plane.card
        if levels <= 0 or card.climb_cost <= 0:
            return levels
        spare = plane.speed - card.maneuver_cost.points(MANEUVER_CLASS[maneuver]) - 1
        return max(0, min(levels, spare // card.climb_cost))

    def legal_marker(
        self, game: PhantomsGame, plane: PlaneState, wanted: MarkerOrder, toward: Hex | None
    ) -> MarkerOrder | None:
        """``wanted``, or the nearest marker the rules allow: its maneuver first with the
        climb or dive cut back step by step, then each fallback maneuver the same way."""
        right = toward is not None and _target_to_right(plane, toward)
        levels = max(-MAX_LEVELS, min(MAX_LEVELS, wanted.levels))
        for maneuver in fallbacks(wanted.maneuver, right=right):
            climb = self._affordable_climb(plane, maneuver, levels)
            for step in _level_steps(climb):
                order = MarkerOrder(maneuver=maneuver, levels=step)
                if self._legal(game, plane, order):
                    return order
        return None

    # -- the Set Phase and the Break-Off Check Phase --------------------------------------
    def speed(self, game: PhantomsGame, plane: PlaneState) -> int:
        self._turn_start(game, plane)
        target = self.nearest_enemy(game, plane)
        legal = game.legal_speeds(plane)
        closing = target is not None and not within_maneuver_range(
            plane.hex, target.hex, self.tables
        )
        if legal and (self.breaking is not None or closing):
            return max(legal)  # "the fastest speed possible" (I-p.14)
        return self.ai.speed(game, plane)

    def break_off(self, game: PhantomsGame, plane: PlaneState) -> bool:
        """A broken-off enemy also tries the §10.0 break-off each turn: on a mat that
        shifts, running for its edge alone would never take it out of the fight (ours)."""
        self._turn_start(game, plane)
        return self.breaking is not None

    def afterburner(self, game: PhantomsGame, plane: PlaneState) -> bool:
        return self.ai.afterburner(game, plane)

    # -- the Maneuver Marking Segment -------------------------------------------------------
    def wanted_marker(
        self, game: PhantomsGame, plane: PlaneState
    ) -> tuple[Mode, MarkerOrder, PlaneState | None, str | None, Hex | None]:
        """What the tables ask for now: (why, the marker, the target, its situation, the
        hex steered at)."""
        target = self.nearest_enemy(game, plane)
        if self.breaking is not None:
            aim = edge_aim(plane.hex, self.breaking)
            maneuver = steer_toward(plane.hex, plane.facing, aim)
            dive = break_off_level(plane.level, self.tables) - plane.level
            return "breaking", MarkerOrder(maneuver=maneuver, levels=dive), target, None, aim
        if target is None:
            return "ai", MarkerOrder(maneuver="S"), None, None, None
        if not within_maneuver_range(plane.hex, target.hex, self.tables):
            move = closing_move(
                plane.hex, plane.facing, plane.level, plane.speed,
                target.hex, target.facing, target.level, target.speed,
            )  # fmt: skip
            order = MarkerOrder(maneuver=move.maneuver, levels=_clamp(move.level_change))
            return "closing", order, target, None, move.aim_hex
        situation = enemy_situation(plane.hex, plane.facing, target.hex, target.facing)
        levels = _clamp(target.level - plane.level)
        if situation == "tailing":
            maneuver = best_shot_maneuver(plane.hex, plane.facing, target.hex)
            return (
                "tailing",
                MarkerOrder(maneuver=maneuver, levels=levels),
                target,
                situation,
                (target.hex),
            )
        hard = any(self._legal(game, plane, MarkerOrder(maneuver=m)) for m in ("LHT", "RHT"))
        maneuver = enemy_maneuver(
            situation, game.dice, hard_turns=hard, who=plane.id, tables=self.tables
        )
        return (
            "table",
            MarkerOrder(maneuver=maneuver, levels=levels),
            target,
            situation,
            (target.hex),
        )

    def marker(self, game: PhantomsGame, plane: PlaneState) -> MarkerOrder:
        mode, wanted, target, situation, toward = self.wanted_marker(game, plane)
        placed = None if mode == "ai" else self.legal_marker(game, plane, wanted, toward)
        if placed is None:
            mode, placed = "ai", self.ai.marker(game, plane)
        self.last = SolitaireChoice(
            mode=mode,
            wanted=wanted,
            placed=placed,
            target=None if target is None else target.id,
            situation=situation,
        )
        return placed

    # -- fire and locks: the AI pilot's ---------------------------------------------------
    def gun_target(
        self, game: PhantomsGame, plane: PlaneState, targets: list[PlaneState]
    ) -> PlaneState | None:
        return self.ai.gun_target(game, plane, targets)

    def missile_shot(self, game: PhantomsGame, plane: PlaneState, shots: list[Shot]) -> Shot | None:
        return self.ai.missile_shot(game, plane, shots)

    def lock_target(
        self, game: PhantomsGame, plane: PlaneState, candidates: list[PlaneState]
    ) -> PlaneState | None:
        return self.ai.lock_target(game, plane, candidates)

    def break_lock(self, game: PhantomsGame, plane: PlaneState, locker: PlaneState) -> bool:
        return self.ai.break_lock(game, plane, locker)


def _clamp(levels: int) -> int:
    return max(-MAX_LEVELS, min(MAX_LEVELS, levels))
