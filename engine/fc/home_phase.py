"""Leaving the field, and the turns at home: rearming, repairing and flying back in
(§Damage).

"To return to your airbase for repairs or to rearm your guns requires that you leave the
playing field on the same side you entered.  If ... you do not or are pushed outside the
boundaries, then you are considered lost."  Rearming takes one turn out; repairing rolls
2D6 a turn on the ground, spread over the damage as the player likes (docs/rulings.md
"Home"): furball's ground crew mends the worst-hit section first, and the aircraft flies
back in when its damage is mended, by the point it left, heading straight in, level at the
band it left at.  Jammed guns are cleared with the rearming; a destroyed gun stays lost.
A pilot who must leave after his third damage test ends his sortie when he is home.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.fc.condition import Condition
from engine.fc.field_edges import INWARD_HEADING_DEG, Exit
from engine.fc.state import FcPlane, Pose
from models.fc.common import SECTIONS
from models.timeline import Event

if TYPE_CHECKING:
    from engine.fc.game import FcGame

RULE = "§Damage"
REARM_TURNS = 1
"""Turns out to rearm (§Damage: "sit out one turn and then fly back into the fray")."""
RETURN_SPEED = 2
"""The speed an aircraft flies back in at (ours: the Level Flight box at speed 2)."""
RETURN_MIN_BAND = 4
"""The lowest band an aircraft flies back in at (ours: it climbs out of the circuit)."""
INSET_LAWN_FT = 0.5
"""How far inside the edge the stand is set down on its return."""


def wants_home(plane: FcPlane, condition: Condition) -> bool:
    """Whether the pilot heads home: he must leave (his third damage test), his guns are
    empty or lost, or a section is more than half gone (ours, for the AI pilot)."""
    if condition.must_leave:
        return True
    if not condition.guns_ready(plane.sheet):
        return True
    return any(
        condition.damage.get(section, 0) * 2 > plane.sheet.section(section).hits
        for section in SECTIONS
    )


def left_field(game: FcGame, pid: str, exit_: Exit, number: int) -> list[Event]:
    """The aircraft's line crossed the boundary at ``exit_``: home if by its entry edge,
    lost if by any other (§Damage)."""
    sortie = game.sorties[pid]
    plane = game.planes[pid]
    t_s = round(game.writer.turn_start_s(number) + exit_.fraction * 1.25, 6)
    plane.pose = Pose(exit_.x_ft, exit_.y_ft, plane.pose.heading_deg, plane.pose.band)
    if sortie.status == "falling":
        return []
    if exit_.edge == sortie.home_edge:
        condition = game.conditions[pid]
        condition.land()
        sortie.status = "home"
        sortie.ground_turns = 0
        sortie.left_at = (exit_.x_ft, exit_.y_ft, plane.pose.heading_deg, plane.pose.band)
        why = "to end his sortie" if condition.must_leave else "to rearm and repair"
        game.writer.snapshot(pid, t_s)
        return [
            Event(
                t_s=t_s,
                kind="fc.home",
                entities=(pid,),
                detail=f"{sortie.callsign} leaves by the {exit_.edge} edge, his own, "
                f"{why} ({RULE})",
            )
        ]
    sortie.status = "lost"
    game.writer.snapshot(pid, t_s)
    return [
        Event(
            t_s=t_s,
            kind="fc.lost",
            entities=(pid,),
            detail=f"{sortie.callsign} leaves by the {exit_.edge} edge, not his own "
            f"{sortie.home_edge}: lost ({RULE})",
        )
    ]


def ground_work(game: FcGame, number: int) -> list[Event]:
    """A turn at home for every aircraft there: rearm, repair 2D6, and fly back in when
    done (or stay down when the sortie is over)."""
    events: list[Event] = []
    t_s = game.writer.turn_start_s(number)
    for pid in sorted(game.planes):
        sortie = game.sorties[pid]
        if sortie.status != "home":
            continue
        condition = game.conditions[pid]
        plane = game.planes[pid]
        if condition.must_leave:
            sortie.status = "landed"
            events.append(
                Event(
                    t_s=t_s,
                    kind="fc.landed",
                    entities=(pid,),
                    detail=f"{sortie.callsign} is down at base: his sortie is over "
                    "(§Skill Test Due to Damage)",
                )
            )
            continue
        damaged = condition.repairable(plane.sheet)
        if sortie.ground_turns >= REARM_TURNS and not damaged:
            events.append(_fly_back_in(game, pid, t_s))
            continue
        sortie.ground_turns += 1
        if sortie.ground_turns == 1:
            condition.rearm(plane.sheet)
            events.append(
                Event(
                    t_s=t_s,
                    kind="fc.rearm",
                    entities=(pid,),
                    detail=f"{sortie.callsign} sits out the turn rearming: full ammunition, "
                    f"jams cleared ({RULE})",
                )
            )
        if damaged:
            first = game.dice.d6(f"repair 2D6, die 1, {pid} ({RULE})")
            second = game.dice.d6(f"repair 2D6, die 2, {pid} ({RULE})")
            mended = condition.repair(plane.sheet, first + second)
            events.append(
                Event(
                    t_s=t_s,
                    kind="fc.repair",
                    entities=(pid,),
                    detail=f"{sortie.callsign} repairs {first}+{second}: {mended} ({RULE})",
                )
            )
    return events


def _fly_back_in(game: FcGame, pid: str, t_s: float) -> Event:
    sortie = game.sorties[pid]
    plane = game.planes[pid]
    assert sortie.left_at is not None
    x, y, _heading, band = sortie.left_at
    field = game.scenario.field
    x = min(max(x, INSET_LAWN_FT), field.width_ft - INSET_LAWN_FT)
    y = min(max(y, INSET_LAWN_FT), field.depth_ft - INSET_LAWN_FT)
    heading = INWARD_HEADING_DEG[sortie.home_edge]
    band = max(band, RETURN_MIN_BAND)
    plane.pose = Pose(x, y, heading, band)
    plane.group, plane.speed = "level", min(RETURN_SPEED, plane.sheet.top_speed)
    plane.last_plot = None
    plane.bank_deg = plane.pitch_deg = 0.0
    sortie.status = "flying"
    game.writer.snapshot(pid, t_s)
    return Event(
        t_s=t_s,
        kind="fc.return",
        entities=(pid,),
        detail=f"{sortie.callsign} flies back in by the {sortie.home_edge} edge "
        f"at band {band} ({RULE})",
    )
