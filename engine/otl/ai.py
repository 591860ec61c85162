"""The AI pilot of Over the Lines: it focuses on an enemy, turns for a shot and breaks when
shot at, deciding each thing when the rules let a pilot decide it.

* Phase 1: the enemy named in its set-up when in range, else the one it kept last round,
  else the one nearest its nose (§Phase 1: Targeting).
* Phase 2, when its turn to move comes: every move the movement rules offer it now
  (:func:`engine.otl.movement.candidate_moves`) is flown on paper and scored — how well the
  end of the move points at where its target will be, how close it ends behind the target,
  how far out of the guns of every enemy that threatens it, and the speed and height it
  keeps; the best one is flown.  Planes that have moved already are seen where they are;
  the rest are expected to fly straight on.
* Phase 3: each gun fires at the target that gives it the most chits, when it expects at
  least one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.errors import IllegalOrder
from engine.otl.gunfire import FireContext, Target, shot_options
from engine.otl.movement import MoveContext, MoveResult, candidate_moves, plan_move
from engine.otl.rolls import turn_rate_index
from engine.otl.state import PlaneState, low_wing
from engine.otl.targeting import targets_in_range
from engine.otl.templates import load_templates
from models.otl.orders import OtlRound
from models.otl.scenario import AiSetup

if TYPE_CHECKING:
    from engine.otl.game import OtlGame

INCH_FT = 50.0
THREAT_RANGE_IN = 20.0
"""Enemies nearer than this, nose on, make the AI think of breaking."""
GUN_LANE_IN = 1.0
"""Half the width of the forward guns' lane (§Gun Arcs)."""
MEAN_2D6 = 7.0
TURN_RUNS = (1, 2, 3, 4, 6, 8)
"""MP of turn tried before rolling level (and the whole move), to line up a shot."""


def shaped_moves(plane: PlaneState) -> list[str]:
    """Moves in the notation beyond the movement rules' own candidates: a turn of a few MP
    on each usable template, then level and straight (or straight first, then the turn), so
    that the end of the move can put the target in the guns' lane.  Unchecked: the rules
    judge each one."""
    if abs(plane.pitch) == 2 or plane.speed < 2:
        return []
    usable = [t.name for t in load_templates().usable(turn_rate_index(plane))]
    picks = list(dict.fromkeys([usable[0], usable[min(1, len(usable) - 1)],
                                usable[min(3, len(usable) - 1)], usable[-1]]))  # fmt: skip
    speed = plane.speed
    banked = low_wing(plane.bank)
    shapes: list[str] = []
    for side, roll, back in ((1, "R", "L"), (-1, "L", "R")):
        for name in picks:
            for run in (*TURN_RUNS, speed):
                if run > speed:
                    continue
                rest = speed - run
                if banked == side:
                    shapes.append(f"{name}:{run} {back} {rest}" if rest else f"{name}:{run}")
                elif banked == 0:
                    shapes.append(
                        f"{roll} {name}:{run} {back} {rest}" if rest else f"{roll} {name}:{run}"
                    )
                    if rest:
                        shapes.append(f"{run} {roll} {name}:{rest}")
    if plane.pitch == 0 and banked == 0:
        for run in (2, 3, 4, 6):
            if run < speed:
                for feet in ("", "@50 "):
                    shapes.append(f"D {feet}{run} U {speed - run}")
                shapes.append(f"U {run} D {speed - run}")
    return shapes


@dataclass(frozen=True, slots=True)
class _Point:
    x_in: float
    y_in: float
    z_in: float


def _forward(heading_deg: float, pitch_deg: float) -> tuple[float, float, float]:
    h, p = math.radians(heading_deg), math.radians(pitch_deg)
    return (math.sin(h) * math.cos(p), math.cos(h) * math.cos(p), math.sin(p))


def _angle_deg(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    na = math.sqrt(sum(c * c for c in a)) or 1.0
    nb = math.sqrt(sum(c * c for c in b)) or 1.0
    cos = sum(x * y for x, y in zip(a, b, strict=True)) / (na * nb)
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


TURN_IN_DEG = 45.0
"""How far an enemy that is after us is expected to swing its nose our way in a round."""


def _expected_place(plane: PlaneState, moved: bool, towards: PlaneState | None = None) -> _Point:
    """Where ``plane`` will be after its move: where it is when it has moved; else a run of
    its speed, straight on, or — when it is after ``towards`` — curving half of
    :data:`TURN_IN_DEG` towards it over the round (its mean heading)."""
    run = 0.0 if moved else float(plane.speed)
    heading = plane.heading_deg
    if towards is not None and not moved and plane.target == towards.id:
        bearing = math.degrees(math.atan2(towards.x_in - plane.x_in, towards.y_in - plane.y_in))
        off = (bearing - heading + 180.0) % 360.0 - 180.0
        heading += max(-TURN_IN_DEG, min(TURN_IN_DEG, off)) / 2.0
    fx, fy, fz = _forward(heading, 45.0 * plane.pitch)
    return _Point(
        plane.x_in + fx * run, plane.y_in + fy * run, plane.alt_ft / INCH_FT + fz * run * 0.5
    )


class OtlAi:
    """One plane's AI pilot."""

    def __init__(self, setup: AiSetup) -> None:
        self.setup = setup

    # -- Phase 1 ----------------------------------------------------------------------------
    def choose_target(self, game: OtlGame, plane: PlaneState) -> str | None:
        if not plane.flying or plane.condition != "normal" or not plane.pilot.able:
            return None
        choices = targets_in_range(plane, game.planes, game.can_see)
        if not choices:
            return None
        for preferred in (self.setup.target, plane.last_target):
            if preferred in choices:
                return preferred
        if self.setup.target in game.optional.shot_targets():
            # On a balloon or ground mission: focus only on a plane that is after us.
            hunters = [pid for pid in choices if game.planes[pid].target == plane.id]
            if not hunters:
                return None
            choices = hunters
        nose = _forward(plane.heading_deg, 45.0 * plane.pitch)

        def off_nose(pid: str) -> tuple[float, str]:
            other = game.planes[pid]
            los = (other.x_in - plane.x_in, other.y_in - plane.y_in,
                   (other.alt_ft - plane.alt_ft) / INCH_FT)  # fmt: skip
            return (_angle_deg(nose, los) + math.dist((0, 0, 0), los), pid)

        return min(choices, key=off_nose)

    # -- Phase 2 ----------------------------------------------------------------------------
    def choose_move(
        self, game: OtlGame, plane: PlaneState, ctx: MoveContext, target_id: str | None
    ) -> OtlRound:
        """The best-scoring move among those the rules allow now."""
        fallback = OtlRound(target=target_id)
        if plane.condition != "normal" or plane.pilot.blacked_out:
            return fallback
        moved = game.moved_this_round
        threats = [
            other
            for other in game.planes.values()
            if other.side != plane.side and other.flying and other.condition == "normal"
        ]
        target: PlaneState | None = game.planes.get(target_id) if target_id else None
        closing = 1.0
        aim: _Point | None = None
        objective = game.optional.shot_targets().get(self.setup.target or "")
        sight: Target | None = None
        if target is None and objective is not None:
            # The mission's balloon or ground target: dive on it.
            aim = _Point(objective.x_in, objective.y_in, objective.alt_ft / INCH_FT)
            sight = objective
        elif target is None and threats:
            # No one in range to focus on: close on the nearest enemy.
            target = min(threats, key=lambda o: (math.dist(
                (o.x_in, o.y_in, o.alt_ft / INCH_FT),
                (plane.x_in, plane.y_in, plane.alt_ft / INCH_FT)), o.id))  # fmt: skip
            closing = 0.5
        if target is not None:
            aim = _expected_place(target, target.id in moved, plane)
            sight = replace(target, x_in=aim.x_in, y_in=aim.y_in)
        shot_at_by = game.shot_at_by.get(plane.id, set())
        scored: list[tuple[float, int, OtlRound]] = []

        def judge(order: OtlRound) -> None:
            try:
                result = plan_move(plane, order, ctx)
            except IllegalOrder:
                return
            score = self._score(plane, result, aim, closing, threats, moved, shot_at_by)
            if sight is not None:
                score += 1.5 * self._shot_value(plane, result, sight, game.fire_context())
            scored.append((score, len(scored), order))

        for candidate in candidate_moves(plane, ctx):
            judge(candidate.model_copy(update={"target": target_id}))
        for text in shaped_moves(plane):
            try:
                judge(OtlRound.model_validate({"target": target_id, "moves": text}))
            except ValueError:
                continue
        if not scored:
            return fallback
        scored.sort(key=lambda item: (-item[0], item[1]))
        # The best few again with the throttle closed or braking, to keep behind a target.
        for _, _, order in scored[:4]:
            for power in (0, -1):
                judge(order.model_copy(update={"power": power}))
        return min(scored, key=lambda item: (-item[0], item[1]))[2]

    @staticmethod
    def _shot_value(
        plane: PlaneState, result: MoveResult, sight: Target, ctx: FireContext
    ) -> float:
        """The chits the best gun would expect at the end of this move, fired at the target
        where it is expected to be."""
        end = result.end
        ghost = replace(
            plane, x_in=end.x_in, y_in=end.y_in, alt_ft=end.alt_ft,
            heading_deg=end.heading_deg, bank=end.bank, pitch=end.pitch,
        )  # fmt: skip
        best = 0.0
        for option in shot_options(ghost, {sight.id: sight}, ctx):
            best = max(best, MEAN_2D6 + option.total)
        return best

    def _score(
        self,
        plane: PlaneState,
        result: MoveResult,
        aim: _Point | None,
        closing: float,
        threats: list[PlaneState],
        moved: set[str],
        shot_at_by: set[str],
    ) -> float:
        end = result.end
        here = _Point(end.x_in, end.y_in, end.alt_ft / INCH_FT)
        nose = _forward(end.heading_deg, 45.0 * end.pitch)
        score = 0.0
        if aim is not None:
            los = (aim.x_in - here.x_in, aim.y_in - here.y_in, aim.z_in - here.z_in)
            distance = math.dist((0.0, 0.0, 0.0), los)
            off = _angle_deg(nose, los)
            score -= closing * off / 25.0
            score -= closing * max(0.0, distance - 6.0) / 8.0
            ahead = sum(a * b for a, b in zip(nose, los, strict=True))
            lateral = math.sqrt(max(0.0, distance**2 - ahead**2))
            if ahead > 0 and lateral <= GUN_LANE_IN and distance < 15.0:
                score += 4.0 * closing
        pressing = self.setup.aggression
        for enemy in threats:
            at = _expected_place(enemy, enemy.id in moved, plane)
            los = (here.x_in - at.x_in, here.y_in - at.y_in, here.z_in - at.z_in)
            distance = math.dist((0.0, 0.0, 0.0), los)
            if distance > THREAT_RANGE_IN:
                continue
            their_nose = _forward(enemy.heading_deg, 45.0 * enemy.pitch)
            on_me = 1.0 - _angle_deg(their_nose, los) / 180.0
            danger = on_me**2 * (1.0 - distance / THREAT_RANGE_IN)
            weight = 3.0
            if enemy.target == plane.id:
                weight = 6.0
            if enemy.id in shot_at_by:
                weight = 9.0
            score -= weight * danger * (1.25 - pressing)
        band = plane.chart.band_at(end.alt_ft)
        fighting_speed = band.stall_speed + 3
        score -= 0.8 * max(0, fighting_speed - result.speed_next)
        score -= 0.15 * max(0, plane.speed - result.speed_next)
        if result.speed_next <= band.stall_speed:
            score -= 8.0  # a stall next round, and the Enter Spin roll
        if result.speed_next > band.max_level_speed + 2:
            score -= 1.0
        score -= 2.0 * result.overdive_chits
        if result.reached_ground or end.alt_ft < 500:
            score -= 50.0
        score += (end.alt_ft - plane.alt_ft) / 1000.0
        return score

    # -- Phase 3 ----------------------------------------------------------------------------
    def choose_fire(self, game: OtlGame, plane: PlaneState) -> dict[str, str]:
        """Gun id → target for each gun expecting at least one chit."""
        best: dict[str, tuple[float, str]] = {}
        ctx = game.fire_context()
        targets: dict[str, Target] = {**game.optional.shot_targets(), **game.planes}
        for option in shot_options(plane, targets, ctx):
            expected = MEAN_2D6 + option.total
            if expected < 1.0:
                continue
            gun = option.gun_id
            if gun not in best or expected > best[gun][0]:
                best[gun] = (expected, option.target_id)
        return {gun: target for gun, (_, target) in sorted(best.items())}
