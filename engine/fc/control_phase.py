"""Who has his aircraft in hand, and what it flies when he does not (§Movement's
compulsory movement, §Skill Test Due to Damage, §Stalls and Overdive).

* A blacked-out pilot's aircraft flies its course (climb ahead, dive left, right or
  ahead) until he comes round; it moves in compulsory movement.
* A pilot out of control, and not blacked out, plots as normal; in compulsory movement he
  rolls his skill test (with the chart's −1 or −2): passing, he flies his plot; failing,
  his aircraft flies its course (the engine's dive, the wing's spiral, or last turn's plot
  again for the others) with the out-of-control aircraft.
* A stall puts the pin in the Dive box one speed slower and dives 1D6 bands; an overdive
  goes on at the last rate plus 1D6−3 until the pilot passes his test, with +2 when the
  Dive box he picks is safe for that rate.
* A falling aircraft (a section destroyed) dives :data:`FALL_BANDS` a turn until it hits
  the ground; anything that reaches band 0 crashes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.fc.combat_phase import falls
from engine.fc.condition import Condition, Course
from engine.fc.control import roll_test
from engine.fc.errors import IllegalPlot
from engine.fc.movement import Move
from engine.fc.state import FcPlane
from models.fc.common import Group
from models.fc.orders import MAX_PLOT_BANDS, FcPlot
from models.fc.sheet import Box, ControlSheet
from models.timeline import Event

if TYPE_CHECKING:
    from engine.fc.game import FcGame, TurnPlay

TEST_RULE = "§Skill Test Due to Damage"
STALL_RULE = "§Stalls and Overdive"
FALL_BANDS = 6
"""Bands a falling wreck drops a turn (ours: 432 ft in 1.25 s)."""
OVERDIVE_CANCELLED_BONUS = 2
""""If this cancels out the overdive, the pilot receives a +2" (§Stalls and Overdive)."""


def box_near(sheet: ControlSheet, group: Group, speed: int) -> Box:
    """The ``group`` box nearest ``speed`` (the slower on a tie); Level Flight when the
    sheet has none of that group."""
    boxes = [b for b in sheet.boxes if b.group == group] or [
        b for b in sheet.boxes if b.group == "level"
    ]
    return min(boxes, key=lambda b: (abs(b.speed - speed), b.speed))


def _turning(box: Box, direction: int) -> dict[str, object]:
    if direction == 0 or box.max_turn_deg == 0:
        return {}
    return {"turns_deg": (direction * box.max_turn_deg,), "every_yardstick": True}


def course_plot(plane: FcPlane, condition: Condition, course: Course) -> FcPlot:
    """What the aircraft flies on ``course`` this turn, from where its pins are."""
    sheet, speed = plane.sheet, plane.speed
    if course == "climb_ahead":
        box = box_near(sheet, "climb", speed)
        return FcPlot(group=box.group, speed=box.speed, bands=box.safe_climb_bands)
    if course.startswith("dive"):
        box = box_near(sheet, "dive", speed)
        direction = {"dive_left": -1, "dive_right": 1}.get(course, 0)
        return FcPlot(
            group=box.group,
            speed=box.speed,
            bands=-max(1, box.safe_dive_bands),
            **_turning(box, direction),  # type: ignore[arg-type]
        )
    return held_plot(plane, condition)


def held_plot(plane: FcPlane, condition: Condition) -> FcPlot:
    """Last turn's plot again ("continuing on its previous course"), kept within a tail
    hit's turn limit; the Immelmann and the Loop are not repeated (ours: level flight)."""
    last = plane.last_plot
    if last is None or last.group in ("immelmann", "loop"):
        box = box_near(plane.sheet, "level", plane.speed)
        return FcPlot(group=box.group, speed=box.speed)
    fields = last.model_dump(exclude={"kind", "tail"})
    limit = condition.turn_limit_deg
    if limit is not None and any(abs(t) > limit for t in last.turns_deg):
        fields["turns_deg"] = tuple(max(-limit, min(limit, t)) for t in last.turns_deg)
        if last.group in ("hard_turn", "hard_roll"):
            group: Group = "turning" if last.group == "hard_turn" else "roll_out"
            if plane.sheet.box(group, last.speed) is not None:
                fields["group"] = group
            else:
                fields.update(group="level", turns_deg=(), every_yardstick=False)
    return FcPlot(**fields)


def falling_plot(plane: FcPlane) -> FcPlot:
    """A wreck's turn: its nose down, straight, :data:`FALL_BANDS` bands (§Damage: "the
    aircraft plummets to earth")."""
    box = box_near(plane.sheet, "dive", plane.speed)
    return FcPlot(group=box.group, speed=box.speed, bands=-min(FALL_BANDS, max(plane.pose.band, 1)))


def stall_plot(game: FcGame, plane: FcPlane) -> FcPlot:
    """The stall's turn: the Dive box one speed slower, diving 1D6 bands (§Stalls and
    Overdive)."""
    box = box_near(plane.sheet, "dive", max(plane.speed - 1, 1))
    bands = game.dice.d6(f"stall, bands dived 1D6, {plane.id} ({STALL_RULE})")
    return FcPlot(group=box.group, speed=box.speed, bands=-bands)


def overdive_plot(game: FcGame, plane: FcPlane, condition: Condition) -> FcPlot:
    """An overdive's turn: last turn's rate plus 1D6−3 (at least a band), in the Dive box
    safest for it, which the pilot may pick from all of them (§Stalls and Overdive; ours:
    the pick is made for him)."""
    change = game.dice.d6(f"overdive, 1D6-3 added to the dive rate, {plane.id} ({STALL_RULE})") - 3
    bands = max(1, min(condition.overdive_bands + change, MAX_PLOT_BANDS))
    dives = [b for b in plane.sheet.boxes if b.group == "dive"]
    box = max(dives, key=lambda b: (b.safe_dive_bands, -abs(b.speed - plane.speed)))
    return FcPlot(group=box.group, speed=box.speed, bands=-bands)


def forced(game: FcGame, pid: str) -> tuple[FcPlot, str] | None:
    """The plot the rules make for an aircraft this turn, and why; None when the pilot
    plots his own (an out-of-control pilot does too, and tries to regain control in the
    compulsory movement)."""
    plane, condition = game.planes[pid], game.conditions[pid]
    if condition.blackout_turns > 0 and condition.out_of_control is not None:
        return course_plot(plane, condition, condition.out_of_control.course), "blackout"
    if condition.stall_due:
        condition.stall_due = False
        condition.stall_recovery = True
        return stall_plot(game, plane), "stall"
    if condition.overdive_bands > 0:
        condition.stall_recovery = True
        return overdive_plot(game, plane, condition), "overdive"
    return None


def check_turn_limit(plane: FcPlane, plot: FcPlot, condition: Condition, number: int) -> None:
    """A player's plot must keep within a tail hit's turn limit, or the box's least turn
    where that is more (docs/rulings.md "The Out of Control chart")."""
    limit = condition.turn_limit_deg
    if limit is None:
        return
    box = plane.sheet.box(plot.group, plot.speed)
    limit = max(limit, box.min_turn_deg if box is not None else 0)
    worst = max((abs(t) for t in plot.turns_deg), default=0)
    if worst > limit:
        raise IllegalPlot(
            TEST_RULE,
            f"{plot.text}: the tail is damaged; no turn of more than {limit}° at a yardstick "
            f"(this plot turns {worst}°)",
            aircraft=plane.id,
            turn=number,
        )


def regain_control(game: FcGame, plays: Mapping[str, TurnPlay], number: int) -> list[Event]:
    """In compulsory movement each out-of-control pilot who is not blacked out rolls his
    skill test, with the chart's modifier: passing, he flies his plot; failing, the
    aircraft flies its course with the compulsory movers (§Skill Test Due to Damage)."""
    events: list[Event] = []
    t_s = game.writer.turn_start_s(number)
    for pid in sorted(plays):
        play, condition = plays[pid], game.conditions[pid]
        trouble = condition.out_of_control
        if trouble is None or play.forced or trouble.since_turn >= number:
            continue
        if not game.sorties[pid].in_play:
            continue
        test = roll_test(
            game.dice,
            game.planes[pid].skill,
            trouble.recovery_modifier,
            f"regain control skill test, {pid} ({TEST_RULE})",
        )
        name = game.sorties[pid].callsign
        if test.passed:
            condition.out_of_control = None
            detail = f"{name} regains control: {test.text} ({TEST_RULE})"
        else:
            play.plot = course_plot(game.planes[pid], condition, trouble.course)
            play.forced, play.compulsory = "out of control", True
            detail = (
                f"{name} is still out of control: {test.text}; flies {play.plot.text} ({TEST_RULE})"
            )
        events.append(Event(t_s=t_s, kind="fc.control", entities=(pid,), detail=detail))
    return events


def move_tests(game: FcGame, pid: str, move: Move, number: int) -> list[Event]:
    """Roll the skill tests the move made due (a Hard Turn, a climb or dive past the safe
    rate, a Merlin pushed over) and an overdive's test; a failure stalls the aircraft next
    turn or keeps it in its overdive (§Flight Instructions, §Stalls and Overdive)."""
    plane, condition = game.planes[pid], game.conditions[pid]
    play = game.plays[pid]
    events: list[Event] = []
    t_s = game.writer.turn_end_s(number)
    name = game.sorties[pid].callsign
    in_overdive = play.forced == "overdive"
    for due in move.tests:
        if in_overdive and due.reason == "dive_over_safe":
            continue
        test = roll_test(game.dice, plane.skill, due.modifier, f"{due.purpose}, {pid}")
        outcome = "" if test.passed else _fail(condition, due.on_fail, move)
        events.append(
            Event(
                t_s=t_s,
                kind="fc.test",
                entities=(pid,),
                detail=f"{name}: {due.purpose}: {test.text}{outcome}",
            )
        )
    if in_overdive:
        events.append(_overdive_test(game, pid, move, t_s))
    return events


def _fail(condition: Condition, on_fail: str, move: Move) -> str:
    if on_fail == "overdive":
        condition.overdive_bands = max(1, -move.plot.bands)
        return f"; overdives at {condition.overdive_bands} bands a turn ({STALL_RULE})"
    condition.stall_due = True
    if on_fail == "engine_cut":
        return f"; the engine cuts and the aircraft stalls next turn ({STALL_RULE})"
    return f"; stalls next turn ({STALL_RULE})"


def _overdive_test(game: FcGame, pid: str, move: Move, t_s: float) -> Event:
    plane, condition = game.planes[pid], game.conditions[pid]
    box = plane.sheet.box(move.plot.group, move.plot.speed)
    safe = box.safe_dive_bands if box is not None else 0
    over = -move.plot.bands - safe
    modifier = -over if over > 0 else OVERDIVE_CANCELLED_BONUS
    test = roll_test(game.dice, plane.skill, modifier, f"overdive test, {pid} ({STALL_RULE})")
    if test.passed:
        condition.overdive_bands = 0
        outcome = "pulls out next turn"
    else:
        condition.overdive_bands = -move.plot.bands
        outcome = f"dives on at {condition.overdive_bands} bands and 1D6−3 more"
    return Event(
        t_s=t_s,
        kind="fc.test",
        entities=(pid,),
        detail=f"{game.sorties[pid].callsign}: overdive test: {test.text}; "
        f"{outcome} ({STALL_RULE})",
    )


def end_of_turn(game: FcGame, plays: Mapping[str, TurnPlay], number: int) -> list[Event]:
    """Aircraft at band 0 crash; blackouts count down; a stall's any-Dive-box freedom
    lapses once the pilot flies his own plot."""
    events: list[Event] = []
    t_s = game.writer.turn_end_s(number)
    for pid in sorted(plays):
        sortie, plane, condition = game.sorties[pid], game.planes[pid], game.conditions[pid]
        play = plays[pid]
        if sortie.status in ("flying", "falling") and plane.pose.band <= 0:
            if sortie.status == "flying":
                events.extend(falls(game, pid, number, t_s))
            sortie.status = "crashed"
            game.writer.snapshot(pid, t_s)
            events.append(
                Event(
                    t_s=t_s,
                    kind="fc.crash",
                    entities=(pid,),
                    detail=f"{sortie.callsign} hits the ground (§Damage)",
                )
            )
            continue
        if play.forced == "blackout":
            condition.blackout_turns -= 1
            if condition.blackout_turns <= 0:
                condition.blackout_turns = 0
                condition.out_of_control = None
                events.append(
                    Event(
                        t_s=t_s,
                        kind="fc.control",
                        entities=(pid,),
                        detail=f"{sortie.callsign}'s pilot comes round and has his aircraft "
                        f"back ({TEST_RULE})",
                    )
                )
        if play.forced not in ("stall", "overdive"):
            condition.stall_recovery = False
    return events
