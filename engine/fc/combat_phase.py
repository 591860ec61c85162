"""The fire of a group that has just moved, and the control sheet as the HUD shows it
(§Weapons Fire, §Damage).

A group fires when it has moved, at the enemy where it stands: an enemy that has not moved
yet is where last turn left it, and the target-maneuver chart reads its pin, which is still
last turn's (§Movement: "attacks ... use its previous maneuver").  Each pilot fires each
roll group of guns once, at one target, from the best point of his flight line
(``engine.fc.sight``): furball's pilots fire a roll group when its chance to reach is at
least :data:`FIRE_MIN_CHANCE` (docs/rulings.md "Who fires").  A Bf 110's rear gunner fires
over the tail the same way.  Each aircraft hit takes one damage roll for the forward
guns that hit it, and one for the rear gun.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.fc.condition import SECTION_CODES, Condition
from engine.fc.damage import resolve_hit
from engine.fc.fire import RULE, Modifier, Shot, reach_modifiers, tape_ft
from engine.fc.movement import Move
from engine.fc.odds import reach_chance
from engine.fc.sight import Sight, bands_apart_ok, sight
from engine.fc.state import FcPlane
from models.fc.common import TURN_S
from models.fc.sheet import GunSet
from models.timeline import Event

if TYPE_CHECKING:
    from engine.fc.game import FcGame

FIRE_MIN_CHANCE = 1.0 / 6.0
"""The least chance of reaching for which a pilot spends a burst (ours)."""


def ready_reach_dice(plane: FcPlane, condition: Condition) -> int:
    """The weapons dice of the aircraft's biggest forward roll group still able to fire."""
    return max(
        (
            g.reach_dice
            for g in plane.sheet.guns
            if g.arc == "forward" and condition.guns[g.id].can_fire
        ),
        default=0,
    )


def choose_to_move_first(game: FcGame, winner: str) -> str:
    """The side the initiative's winner sends first: the other one.  A group fires when it
    has moved, at enemies where they stand, so moving second sees where the enemy went
    (docs/rulings.md "The initiative's choice")."""
    return next((side for side in game.sides if side != winner), winner)


@dataclass(frozen=True, slots=True)
class Aim:
    """A roll group's aim at one target: where from, the reach modifiers and the odds."""

    target: str
    sight: Sight
    shooter_band: int
    chance: float
    modifiers: tuple[Modifier, ...]
    tape_ft: float


def _band_at(move: Move, point: Sight) -> int:
    """The band at the firing point: the line's bands climb or dive evenly along it."""
    if move.shape != "yardsticks" or not move.yardsticks_ft:
        return move.start.band if point.leg < 0 else move.end.band
    before = sum(move.yardsticks_ft[: max(point.leg, 0)])
    if point.leg >= len(move.yardsticks_ft):
        return move.end.band
    if point.leg >= 0:
        sx, sy = move.line_ft[point.leg]
        before += ((point.x_ft - sx) ** 2 + (point.y_ft - sy) ** 2) ** 0.5
    fraction = before / (move.distance_ft or 1.0)
    return round(move.start.band + (move.end.band - move.start.band) * fraction)


def _fraction_along(move: Move, point: Sight) -> float:
    if point.leg < 0:
        return 0.0
    if point.leg >= len(move.headings_deg) or not move.yardsticks_ft:
        return 1.0
    before = sum(move.yardsticks_ft[: point.leg])
    sx, sy = move.line_ft[len(move.line_ft) - 1 - len(move.headings_deg) + point.leg]
    before += ((point.x_ft - sx) ** 2 + (point.y_ft - sy) ** 2) ** 0.5
    return float(min(1.0, before / (move.distance_ft or 1.0)))


def _aim(
    game: FcGame, shooter: FcPlane, move: Move, guns: Sequence[GunSet], target_id: str
) -> Aim | None:
    target = game.planes[target_id]
    point = sight(
        move.line_ft,
        move.headings_deg,
        move.start.heading_deg,
        move.end.heading_deg,
        (target.pose.x_ft, target.pose.y_ft),
        guns[0].arc,
    )
    if point is None:
        return None
    band = _band_at(move, point)
    if not bands_apart_ok(band, target.pose.band):
        return None
    modifiers = reach_modifiers(
        sheet=shooter.sheet,
        skill=shooter.skill,
        shooter_band=band,
        shooter_group=shooter.group,
        shooter_speed=shooter.speed,
        target_band=target.pose.band,
        target_group=target.group,
        target_speed=target.speed,
    )
    tape = tape_ft(point.distance_ft, band, target.pose.band)
    chance = reach_chance(guns[0].reach_dice, sum(m.feet for m in modifiers), tape)
    return Aim(target_id, point, band, chance, modifiers, tape)


def _roll_groups(plane: FcPlane, condition: Condition, arc: str) -> dict[str, list[GunSet]]:
    groups: dict[str, list[GunSet]] = {}
    for gun in plane.sheet.guns:
        if gun.arc == arc and condition.guns[gun.id].can_fire:
            groups.setdefault(gun.roll_group, []).append(gun)
    return groups


def fire(game: FcGame, movers: Sequence[str], moved: frozenset[str], number: int) -> list[Event]:
    """Every mover of the group fires what it will, and each hit is resolved at once."""
    events: list[Event] = []
    for pid in sorted(movers):
        play = game.plays.get(pid)
        if play is None or play.move is None or not game.sorties[pid].in_play:
            continue
        for arc in ("forward", "rear"):
            events.extend(_fire_arc(game, pid, play.move, arc, number))
    return events


def _fire_arc(game: FcGame, pid: str, move: Move, arc: str, number: int) -> list[Event]:
    plane, condition = game.planes[pid], game.conditions[pid]
    groups = _roll_groups(plane, condition, arc)
    if not groups:
        return []
    enemies = [e for e in game.enemies_of(pid) if game.sorties[e].in_play]
    best: tuple[float, str, dict[str, Aim]] | None = None
    for enemy in enemies:
        aims = {g: a for g, guns in groups.items() if (a := _aim(game, plane, move, guns, enemy))}
        worth = {g: a for g, a in aims.items() if a.chance >= FIRE_MIN_CHANCE}
        total = sum(a.chance for a in worth.values())
        if worth and (best is None or total > best[0] + 1e-12):
            best = (total, enemy, worth)
    if best is None:
        return []
    _, target_id, aims = best
    events: list[Event] = []
    hit_groups: list[str] = []
    fired_guns = group_guns = 0
    t_s = game.writer.turn_start_s(number)
    for group_id, aim in sorted(aims.items()):
        guns = groups[group_id]
        for gun in guns:
            condition.guns[gun.id].bursts_left -= 1
        gun_word = " + ".join(g.name for g in guns)
        faces = tuple(
            game.dice.d6(f"weapons dice, {group_id} die {k}, {pid} at {target_id} ({RULE})")
            for k in range(1, guns[0].reach_dice + 1)
        )
        shot = Shot(
            pid, target_id, group_id, tuple(g.id for g in guns), faces, aim.modifiers, aim.tape_ft
        )
        t_s = round(game.writer.turn_start_s(number) + _fraction_along(move, aim.sight) * TURN_S, 6)
        events.append(
            Event(
                t_s=t_s,
                kind="fc.fire",
                entities=(pid, target_id),
                detail=f"{game.sorties[pid].callsign} fires {gun_word} at "
                f"{game.sorties[target_id].callsign}: {shot.text} ({RULE})",
                data={
                    "reach_ft": shot.reach_ft,
                    "tape_ft": round(shot.tape_ft, 3),
                    "hit": shot.hit,
                },
            )
        )
        if shot.hit:
            hit_groups.append(group_id)
            fired_guns += sum(g.guns for g in guns)
            group_guns += sum(g.guns for g in plane.sheet.guns if g.roll_group == group_id)
    game.writer.snapshot(pid, t_s)
    if hit_groups:
        events.extend(
            _hit(game, pid, target_id, tuple(hit_groups), fired_guns, group_guns, number, t_s)
        )
    return events


def _hit(
    game: FcGame,
    shooter: str,
    target_id: str,
    hit_groups: tuple[str, ...],
    fired_guns: int,
    group_guns: int,
    number: int,
    t_s: float,
) -> list[Event]:
    target, condition = game.planes[target_id], game.conditions[target_id]
    sortie = game.sorties[target_id]
    report = resolve_hit(
        game.dice,
        target,
        condition,
        weapons=game.planes[shooter].sheet,
        hit_groups=hit_groups,
        fired_guns=fired_guns,
        group_guns=group_guns,
        turn=number,
    )
    if report.damage > 0:
        sortie.last_hit_by = shooter
    events = [
        Event(
            t_s=t_s,
            kind="fc.hit",
            entities=(target_id, shooter),
            detail=f"{sortie.callsign} is hit: {report.text} (§Damage)",
            data={"damage": report.damage},
        )
    ]
    if report.falls:
        events.extend(falls(game, target_id, number, t_s))
    game.writer.snapshot(target_id, t_s)
    return events


def falls(game: FcGame, pid: str, number: int, t_s: float) -> list[Event]:
    """A section destroyed: the aircraft plummets to earth, a kill for whoever last hit
    it (§Damage, §Pilot Skill)."""
    sortie = game.sorties[pid]
    if sortie.status == "falling":
        return []
    sortie.status = "falling"
    credit = ""
    if sortie.last_hit_by is not None:
        victor = game.sorties[sortie.last_hit_by]
        victor.kills += 1
        victor.kills_this_game += 1
        credit = f": a kill for {victor.callsign}"
        game.writer.snapshot(sortie.last_hit_by, t_s)
    return [
        Event(
            t_s=t_s,
            kind="fc.falls",
            entities=(pid,),
            detail=f"{sortie.callsign} plummets to earth{credit} (§Damage)",
        )
    ]


# -- the control sheet as the HUD reads it -------------------------------------------------
def _gun_text(plane: FcPlane, condition: Condition) -> str:
    parts = []
    for gun in plane.sheet.guns:
        state = condition.guns[gun.id]
        where = (
            "T"
            if gun.arc == "rear"
            else ("L" if gun.id.startswith("left") else "R" if gun.id.startswith("right") else "")
        )
        mark = {"ready": str(state.bursts_left), "jammed": "J", "destroyed": "X"}[state.state]
        parts.append(f"{where}{gun.calibre_mm:.3g}mm {mark}")
    return " ".join(parts)


def control_text(game: FcGame, pid: str) -> str:
    """The STATE row: whether the pilot has his aircraft in hand, and why not."""
    sortie, condition = game.sorties[pid], game.conditions[pid]
    if sortie.status == "falling":
        return "FALLING"
    if sortie.status == "home":
        return "HOME: rearm/repair"
    if sortie.status in ("landed", "crashed", "lost"):
        return sortie.status.upper()
    if condition.blackout_turns > 0 and condition.out_of_control is not None:
        course = condition.out_of_control.course.replace("_", " ")
        return f"BLACKOUT {condition.blackout_turns}: {course}"
    if condition.out_of_control is not None:
        return f"OUT OF CONTROL ({SECTION_CODES[condition.out_of_control.section]})"
    if condition.stall_due:
        return "STALL"
    if condition.overdive_bands:
        return f"OVERDIVE {condition.overdive_bands}"
    return "ok" + (" · LEAVE" if condition.must_leave else "")


def sheet_channels(game: FcGame, pid: str) -> dict[str, object]:
    """The control sheet's channels for the HUD: damage, guns, tests, control."""
    plane, condition = game.planes[pid], game.conditions[pid]
    damaged = [s for s in SECTION_CODES if condition.damage[s] > 0]
    damage = condition.damage_text(plane.sheet, damaged) if damaged else "none"
    for section in condition.destroyed:
        spec = plane.sheet.section(section)
        code = SECTION_CODES[section]
        damage = damage.replace(f"{code} {spec.hits}/{spec.hits}", f"{code} OFF", 1)
    tests = condition.damage_tests
    hits = f"{len(tests)}/3" + (" " + ",".join(SECTION_CODES[s] for s in tests) if tests else "")
    control = control_text(game, pid)
    return {
        "fc.damage": damage,
        "fc.guns": _gun_text(plane, condition),
        "fc.hits": hits,
        "fc.control": control,
        "fc.control_lamp": 0 if control.startswith("ok") else 1,
    }


def status_text(game: FcGame, pid: str) -> str:
    """The turn table's status column."""
    return control_text(game, pid)
