"""furball's pilot for the hex jet game: it tries every decision the display allows, flies
each through the Action Step on paper, and keeps the one that leaves it best placed.

A decision's worth, against the nearest enemy where it stands now: the enemy in the nose
(the front quadrant, where every weapon points, §4.9.2) at a weapon's range; not being in
the enemy's front quadrant; not being out-turned from behind (the enemy's rear quadrant is
the place to be); a fighting speed of 6–10; level with the enemy or above; fuel kept for
later (afterburner costs two boxes, §6.2); and staying on the map.  Every candidate is a
legal decision (:func:`engine.hexjet.decision.decide` and the turn allowance), so the
pilot never has to decide again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.hexjet.action import Move, heading_deg, plan
from engine.hexjet.arcs import quadrants
from engine.hexjet.decision import Choice, Decision, DecisionRefused, Vertical, decide
from engine.hexjet.state import HexjetPlane
from models.hexjet.display import THROTTLES
from models.hexjet.orders import HexjetDecision
from models.hexjet.scenario import HexMap

LEVEL_OPTIONS: tuple[tuple[Vertical, int], ...] = (
    ("level", 0),
    ("climb", 1),
    ("climb", 2),
    ("climb", 4),
    ("dive", 1),
    ("dive", 2),
    ("dive", 4),
)


@dataclass(frozen=True, slots=True)
class Plan:
    choice: Choice
    decision: Decision
    move: Move
    score: float


def candidates(plane: HexjetPlane, seed_only: bool) -> Iterator[tuple[Choice, Decision]]:
    """Every legal choice of the options the pilot weighs."""
    for throttle in THROTTLES:
        for vertical, levels in LEVEL_OPTIONS:
            for direction in ("ahead", "left", "right"):
                choice = Choice(
                    throttle, direction, vertical, levels, 0 if direction == "ahead" else 1
                )
                try:
                    decision = decide(plane.display, plane.markers, choice, plane.id)
                except DecisionRefused:
                    continue
                speed = min(decision.markers.speed, plane.max_speed)
                most = (
                    0
                    if direction == "ahead"
                    else (1 if seed_only else min(plane.turn_allowance(speed), speed))
                )
                for hexsides in range(1 if direction != "ahead" else 0, most + 1):
                    yield Choice(throttle, direction, vertical, levels, hexsides), decision


def _score(
    plane: HexjetPlane, move: Move, decision: Decision, enemies: list[HexjetPlane], hex_map: HexMap
) -> float:
    end, facing = move.end, move.end_facing
    score = 0.0
    for step in move.steps:
        if not hex_map.contains(step.hex.q, step.hex.r):
            return -1000.0
    margin = min(
        end.q,
        hex_map.columns - 1 - end.q,
        end.r + end.q // 2,
        hex_map.rows - 1 - (end.r + end.q // 2),
    )
    if margin < 6:
        score -= (6 - margin) * 4.0
    speed = decision.markers.speed
    score -= 2.0 * max(0, 6 - speed) + 1.0 * max(0, speed - 11)
    if decision.markers.throttle == "AB":
        score -= 1.5 if decision.markers.fuel > 10 else 5.0
    if not enemies:
        return score
    target = min(enemies, key=lambda e: (end.distance_to(e.hex), e.id))
    hexes = end.distance_to(target.hex)
    own_q = quadrants(end, float(heading_deg(facing)), target.hex)
    their_q = quadrants(target.hex, float(heading_deg(target.facing)), end)
    if "front" in own_q:
        score += 30.0 - 1.5 * abs(hexes - 4)
    elif own_q & {"left", "right"}:
        score += 8.0 - 0.5 * hexes
    else:
        score -= 0.8 * hexes
    if "front" in their_q and hexes <= 10:
        score -= 12.0
    if "rear" in their_q:
        score += 10.0
    score -= 1.0 * hexes if hexes > 12 else 0.0
    levels = decision.markers.altitude - target.markers.altitude
    score -= 1.5 * max(0, abs(levels) - 1)
    if decision.markers.altitude <= 1:
        score -= 4.0
    return score


def choose(
    plane: HexjetPlane, enemies: list[HexjetPlane], hex_map: HexMap, *, seed_only: bool
) -> Plan | None:
    """The best legal decision for ``plane`` this turn; None when no decision is legal."""
    best: Plan | None = None
    for choice, decision in candidates(plane, seed_only):
        speed = min(decision.markers.speed, plane.max_speed)
        move = plan(
            plane.hex,
            plane.facing,
            speed,
            choice.direction,
            choice.hexsides,
            plane.markers.altitude,
            decision.markers.altitude,
        )
        score = _score(plane, move, decision, enemies, hex_map)
        if best is None or score > best.score + 1e-9:
            best = Plan(choice, decision, move, score)
    return best


def as_order(choice: Choice) -> HexjetDecision:
    """The choice written as a player writes it."""
    return HexjetDecision(
        throttle=choice.throttle,
        direction=choice.direction,
        vertical=choice.vertical,
        levels=choice.levels,
        hexsides=choice.hexsides,
    )
