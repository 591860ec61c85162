"""furball's Fighter Command pilot: plots a box, claims tailing and re-plots on the lead's
description (§Plot for the Turn, §Movement, §Weapons Fire).

The pilot tries every box he may pin this turn (``engine.fc.plotting``) with a few ways of
using the turn indicator and the altitude pin, flies each on paper
(``engine.fc.movement.fly_unchecked``) and scores where it leaves him:

* the best chance his guns have to reach an enemy from his flight line (``engine.fc.sight``,
  the altitude and skill modifiers, the weapons dice's odds);
* the danger of ending in an enemy's fire arc, and the worth of ending behind one;
* closing on the nearest enemy; staying on the field (off any edge but his own is lost)
  and off the ground; heading for his own edge when he must go home;
* the chance of failing a skill test the move makes due (a stall).

Enemies that have moved stand where they are; the rest are guessed to fly last turn's plot
again.  Every choice is a pure function of what he sees, so a game replays exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import product

from engine.fc.field_edges import first_exit
from engine.fc.fire import ALTITUDE_MODIFIER_FT
from engine.fc.indicator import turn_direction
from engine.fc.movement import Move, fly_unchecked
from engine.fc.odds import reach_chance
from engine.fc.plotting import legal_plots_boxes, plot_problems
from engine.fc.sight import FIRE_ARC_DEG, FIRE_BANDS, sight
from engine.fc.state import FcPlane, Pose
from engine.fc.tailing import angle_off_deg, bearing_deg, is_behind, may_tail
from models.fc.common import MOVEMENT_BONUS_LAWN_FT, SKILL_TEST_TARGET, YARDSTICK_LAWN_FT, Group
from models.fc.orders import FcPlot
from models.fc.scenario import FieldRect
from models.fc.sheet import Box

THREAT_REACH_LAWN_FT = 4 * YARDSTICK_LAWN_FT
"""How near an enemy's nose counts as in his guns (about the longest reach)."""
EDGE_MARGIN_LAWN_FT = 6.0
"""How near a foreign edge a pilot dislikes ending (two yardsticks)."""
LOW_BAND = 3
"""Below this band a pilot pulls up."""


@dataclass(frozen=True)
class AiView:
    """What the pilot sees when he plots."""

    planes: dict[str, FcPlane]
    """Every aircraft on the field and fighting, his own included."""
    side_of: dict[str, str]
    moved: frozenset[str]
    field: FieldRect
    home_edge: str
    go_home: bool
    any_dive_box: bool
    turn_limit_deg: int | None
    ready_reach_dice: int


def _turn_options(box: Box) -> list[tuple[int, ...]]:
    """Turns at every yardstick to try in ``box``: none, half and full, either way."""
    low, high = box.min_turn_deg, box.max_turn_deg
    degrees = sorted({d for d in (low, (low + high) // 2, high) if d >= 0})
    options: list[tuple[int, ...]] = []
    for d in degrees:
        options.extend([(0,)] if d == 0 else [(d,), (-d,)])
    return options


def _band_options(box: Box, band: int) -> list[int]:
    if box.group == "climb":
        return sorted({box.safe_climb_bands, max(box.safe_climb_bands - 1, 0)})
    if box.group == "dive":
        deepest = min(box.safe_dive_bands, max(band - 1, 0))
        return sorted({-max(deepest, 1), -1})
    options = [0]
    if box.safe_climb_bands >= 1:
        options.append(1)
    if box.safe_dive_bands >= 1 and band > LOW_BAND:
        options.append(-1)
    return options


def candidates(me: FcPlane, view: AiView) -> list[FcPlot]:
    """Every plot the pilot weighs this turn, all legal."""
    keys = list(legal_plots_boxes(me))
    if view.any_dive_box:
        keys.extend(b.key for b in me.sheet.boxes if b.group == "dive" and b.key not in keys)
    found: list[FcPlot] = []
    for group, speed in keys:
        box = me.sheet.box(group, speed)
        if box is None:
            continue
        for plot in _plots_in(box, me.pose.band, view.turn_limit_deg):
            if not plot_problems(me, plot, any_dive_box=view.any_dive_box):
                found.append(plot)
    return found


def _plots_in(box: Box, band: int, limit: int | None) -> list[FcPlot]:
    group: Group = box.group
    if group == "immelmann":
        return [FcPlot(group=group, speed=box.speed, facing_deg=f) for f in (0, -45, 45)]
    if group == "loop":
        return [FcPlot(group=group, speed=box.speed)]
    plots = []
    for turns, bands in product(_turn_options(box), _band_options(box, band)):
        if limit is not None and abs(turns[0]) > max(limit, box.min_turn_deg):
            continue
        try:
            plots.append(
                FcPlot(
                    group=group, speed=box.speed, bands=bands, turns_deg=turns, every_yardstick=True
                )
            )
        except ValueError:
            continue
    return plots


def predicted_pose(enemy: FcPlane, view: AiView) -> Pose:
    """Where an enemy will stand after this turn: where he is if he has moved, else at the
    end of last turn's plot flown again."""
    if enemy.id in view.moved or enemy.last_plot is None:
        return enemy.pose
    try:
        return fly_unchecked(enemy, enemy.last_plot).end
    except ValueError:
        return enemy.pose


def _shot_chance(me: FcPlane, move: Move, target: Pose, dice: int) -> float:
    if dice <= 0:
        return 0.0
    apart = abs(move.end.band - target.band)
    if apart > FIRE_BANDS:
        return 0.0
    point = sight(
        move.line_ft,
        move.headings_deg,
        move.start.heading_deg,
        move.end.heading_deg,
        (target.x_ft, target.y_ft),
    )
    if point is None:
        return 0.0
    modifier = ALTITUDE_MODIFIER_FT[apart] + MOVEMENT_BONUS_LAWN_FT[me.skill]
    tape = math.hypot(point.distance_ft, apart)
    return reach_chance(dice, modifier, tape)


def _threat(end: Pose, enemy: Pose) -> float:
    """How squarely ``end`` sits in the enemy's guns (0 … 1)."""
    if abs(end.band - enemy.band) > FIRE_BANDS:
        return 0.0
    distance = math.hypot(end.x_ft - enemy.x_ft, end.y_ft - enemy.y_ft)
    if distance > THREAT_REACH_LAWN_FT:
        return 0.0
    off = angle_off_deg(bearing_deg(enemy.x_ft, enemy.y_ft, end.x_ft, end.y_ft), enemy.heading_deg)
    if off > FIRE_ARC_DEG * 1.5:
        return 0.0
    return 1.0 - distance / THREAT_REACH_LAWN_FT


def _edge_distance(field: FieldRect, x: float, y: float) -> dict[str, float]:
    return {"west": x, "east": field.width_ft - x, "south": y, "north": field.depth_ft - y}


def ray_to_edge(field: FieldRect, pose: Pose) -> tuple[float, str]:
    """How far the stand's arrow runs before it crosses the field's edge, and which."""
    fx, fy = pose.forward()
    found: list[tuple[float, str]] = []
    if fx > 1e-9:
        found.append(((field.width_ft - pose.x_ft) / fx, "east"))
    if fx < -1e-9:
        found.append((-pose.x_ft / fx, "west"))
    if fy > 1e-9:
        found.append(((field.depth_ft - pose.y_ft) / fy, "north"))
    if fy < -1e-9:
        found.append((-pose.y_ft / fy, "south"))
    return min(found) if found else (math.inf, "")


def _test_risk(me: FcPlane, move: Move) -> float:
    risk = 0.0
    for due in move.tests:
        need = SKILL_TEST_TARGET[me.skill] - due.modifier
        risk += min(max((need - 1) / 6.0, 0.0), 1.0)
    return risk


def score(me: FcPlane, move: Move, view: AiView, enemies: dict[str, tuple[Pose, Pose]]) -> float:
    """How much the pilot likes ``move`` (higher is better)."""
    end = move.end
    value = -8.0 * _test_risk(me, move)
    exit_ = first_exit(view.field, move.line_ft)
    edges = _edge_distance(view.field, end.x_ft, end.y_ft)
    if view.go_home:
        if exit_ is not None:
            return value + (500.0 if exit_.edge == view.home_edge else -500.0)
        return (
            value
            - edges[view.home_edge]
            - 20.0 * sum(_threat(end, later) for _now, later in enemies.values())
        )
    if exit_ is not None:
        return value - 500.0
    for edge, gap in edges.items():
        if edge != view.home_edge and gap < EDGE_MARGIN_LAWN_FT:
            value -= 4.0 * (EDGE_MARGIN_LAWN_FT - gap)
    ahead, edge = ray_to_edge(view.field, end)
    room = 2.0 * YARDSTICK_LAWN_FT * max(move.plot.speed, 2)
    if ahead < room:
        value -= (8.0 if edge != view.home_edge else 2.0) * (room - ahead)
    if end.band < LOW_BAND:
        value -= 30.0 * (LOW_BAND - end.band)
    best_shot = 0.0
    nearest = math.inf
    for now, later in enemies.values():
        chance = 0.5 * (
            _shot_chance(me, move, now, view.ready_reach_dice)
            + _shot_chance(me, move, later, view.ready_reach_dice)
        )
        best_shot = max(best_shot, chance)
        value -= 6.0 * _threat(end, later)
        if is_behind(end, later):
            value += 2.0
        nearest = min(
            nearest,
            math.hypot(end.x_ft - later.x_ft, end.y_ft - later.y_ft)
            + 2.0 * abs(end.band - later.band),
        )
    value += 12.0 * best_shot
    if math.isfinite(nearest):
        value -= 0.15 * nearest
    return value


def _enemies(me: FcPlane, view: AiView) -> dict[str, tuple[Pose, Pose]]:
    side = view.side_of[me.id]
    return {
        pid: (plane.pose, predicted_pose(plane, view))
        for pid, plane in sorted(view.planes.items())
        if view.side_of.get(pid) != side
    }


def _fallback(me: FcPlane) -> FcPlot:
    """The pin where it is, flown straight: for a pilot with nothing legal to weigh."""
    return (
        FcPlot(group=me.group, speed=me.speed)
        if me.group not in ("turning", "hard_turn", "roll_out", "hard_roll")
        else FcPlot(group="level", speed=me.speed)
    )


class FcAi:
    """The AI pilot: every aircraft without a player or a script flies by it."""

    def plot(self, me: FcPlane, view: AiView) -> FcPlot:
        """The pilot's plot for the turn: the best-scoring legal candidate."""
        enemies = _enemies(me, view)
        best: tuple[float, FcPlot] | None = None
        for plot in candidates(me, view):
            value = score(me, fly_unchecked(me, plot), view, enemies)
            if best is None or value > best[0] + 1e-9:
                best = (value, plot)
        return best[1] if best is not None else _fallback(me)

    def replot_after_tail(self, me: FcPlane, target_id: str, said: str, view: AiView) -> FcPlot:
        """Re-plot on the lead's words: guess where he goes from what he said, count him
        as there, and plot again (§Movement)."""
        target = view.planes.get(target_id)
        if target is None:
            return self.plot(me, view)
        guess = replace(target, pose=guessed_pose(target, said))
        planes = {**view.planes, target_id: guess}
        return self.plot(me, replace(view, planes=planes, moved=view.moved | {target_id}))


def guessed_pose(target: FcPlane, said: str) -> Pose:
    """Where the lead will be if he does what his words suggest."""
    pose = target.pose
    way = -1 if "left" in said else 1 if "right" in said else 0
    swing = 0.0
    if "hard" in said or "flicks" in said:
        swing = 50.0
    elif "turning" in said or "turns" in said:
        swing = 30.0
    if "over the top" in said:
        heading, distance = pose.heading_deg + 180.0, 0.0
    elif "loop" in said:
        heading, distance = pose.heading_deg, 0.0
    else:
        heading = pose.heading_deg + way * swing * target.speed / 2.0
        distance = target.speed * YARDSTICK_LAWN_FT
    band = pose.band + (1 if "up" in said else -2 if "down" in said else 0)
    rad = math.radians(heading)
    return Pose(
        pose.x_ft + math.sin(rad) * distance,
        pose.y_ft + math.cos(rad) * distance,
        heading % 360.0,
        max(band, 0),
    )


PHRASES: dict[Group, str] = {
    "level": "the wings are level",
    "turning": "the rudder is turning to the {way}",
    "hard_turn": "she is pulling hard round to the {way}",
    "barrel_roll": "she is rolling right round",
    "roll_out": "she rolls and turns to the {way}",
    "hard_roll": "she flicks hard over to the {way}",
    "climb": "the nose is coming up",
    "dive": "the nose is going down",
    "immelmann": "she is pulling up and over the top",
    "loop": "she is pulling up into a loop",
    "jink": "she is skidding about",
}
"""What a lead says of each maneuver (ours: §Movement's example is "the rudder is
turning to the left"); no numbers, as the rule wants."""


def describe(plot: FcPlot) -> str:
    """The lead's loose description of what his aircraft appears to do (§Movement)."""
    way = "left" if turn_direction(plot) < 0 else "right"
    words = PHRASES[plot.group].format(way=way)
    if plot.group in ("level", "climb", "dive", "jink", "barrel_roll") and any(plot.turns_deg):
        words += f", drifting {way}"
    if plot.group not in ("climb", "dive", "immelmann", "loop") and plot.bands:
        words += ", nose coming up" if plot.bands > 0 else ", nose going down"
    return words


def wants_tail(me: FcPlane, view: AiView) -> str | None:
    """The nearest enemy the pilot sits behind, within a band, to claim tailing on; none
    when he is heading home."""
    if view.go_home:
        return None
    side = view.side_of[me.id]
    behind = [
        (math.hypot(p.pose.x_ft - me.pose.x_ft, p.pose.y_ft - me.pose.y_ft), pid)
        for pid, p in sorted(view.planes.items())
        if view.side_of.get(pid) != side and may_tail(me.pose, p.pose)
    ]
    return min(behind)[1] if behind else None
