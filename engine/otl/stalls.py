"""What happens at the start and the end of a plane's round, before and after it moves:
the engine switched off or restarted, the stall check and the Enter Spin roll, the Exit
Spin roll, a heavily wounded pilot's blackout, and the inverted engine check
(§Engine Off and Restarting, §Stalls and Spins, §Spins, §Inverted Movement,
§Critical Hits: Pilot Heavy Wound, Pilot Killed).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.errors import IllegalOrder
from engine.otl.power import engine_running, min_speed, stall_speed
from engine.otl.rolls import flying_crew, level_index
from engine.otl.state import PlaneState, is_inverted
from models.otl.orders import OtlRound

SUMMER_1916 = "1916-06"
"""Scenarios dated before this add 2 to the Exit Spin roll (§Spins; docs/rulings.md)."""
RESTART_ON = {"inline": 4, "rotary": 2}
"""A restart succeeds on a d6 of this or less (§Engine Off and Restarting)."""


def _two_dice(dice: Dice, purpose: str) -> int:
    return dice.d6(purpose) + dice.d6(purpose)


def start_of_round(
    plane: PlaneState, order: OtlRound, dice: Dice, round_no: int, date: str
) -> list[str]:
    """The start-of-round procedures in order: engine, blackout, stall and spin.  Mutates
    the plane; returns notes for the ticker."""
    notes: list[str] = []
    if not plane.flying:
        return notes
    notes += _engine(plane, order, dice, round_no)
    notes += _blackout(plane, dice, round_no)
    notes += _stall_or_spin(plane, order, dice, round_no, date)
    return notes


def _illegal(plane: PlaneState, round_no: int, rule: str, problem: str) -> IllegalOrder:
    return IllegalOrder(rule, problem, aircraft=plane.callsign, turn=round_no, turn_word="round")


def _engine(plane: PlaneState, order: OtlRound, dice: Dice, round_no: int) -> list[str]:
    """Switch off by choice, or try a restart when not inverted (§Engine Off and Restarting)."""
    who = plane.callsign
    if order.engine == "off":
        if plane.engine_on:
            plane.engine_on = False
            return ["engine switched off"]
        return []
    if order.engine != "restart" or engine_running(plane):
        return []
    if plane.engine_dead or plane.has("engine_out") or plane.has("fuel_line_cut"):
        return ["the engine cannot be restarted"]
    if is_inverted(plane.bank):
        raise _illegal(
            plane,
            round_no,
            "§Engine Off and Restarting",
            "a restart is tried only out of the inverted banks; "
            f"the plane is in {plane.bank_label}",
        )
    roll = dice.d6(f"restart engine, {who}, round {round_no}")
    if roll <= RESTART_ON[plane.chart.engine]:
        plane.engine_on = True
        return [f"engine restarted ({roll})"]
    return [f"engine fails to restart ({roll})"]


def _blackout(plane: PlaneState, dice: Dice, round_no: int) -> list[str]:
    """A heavily wounded pilot blacks out on a 1 and comes round on a 6 (§Critical Hits,
    Pilot Heavy Wound)."""
    pilot = plane.pilot
    if pilot.wound != "heavy":
        return []
    roll = dice.d6(f"blackout, {plane.callsign}, round {round_no}")
    if not pilot.blacked_out and roll == 1:
        pilot.blacked_out = True
        return ["pilot blacks out"]
    if pilot.blacked_out and roll == 6:
        pilot.blacked_out = False
        return ["pilot comes round"]
    return []


def _stall_or_spin(
    plane: PlaneState, order: OtlRound, dice: Dice, round_no: int, date: str
) -> list[str]:
    who = plane.callsign
    if plane.condition == "broken":
        return ["spinning out of control"]
    crew = flying_crew(plane)
    if plane.condition == "spin":
        if crew is None:
            return ["spinning: nobody at the controls"]
        return _exit_spin(plane, dice, round_no, date)
    stalled_now = plane.speed <= stall_speed(plane) and not plane.on_ground
    if order.spin:
        if not stalled_now:
            raise _illegal(
                plane, round_no, "§Stalls and Spins", "a voluntary spin is chosen only at the stall"
            )
        if level_index(plane) < 2:
            raise _illegal(
                plane,
                round_no,
                "§Pilot Capabilities",
                "only a Regular or better pilot may spin on purpose",
            )
        _enter_spin(plane)
        return ["spins on purpose"]
    if not stalled_now:
        if plane.condition == "stalled":
            plane.condition = "normal"
            return ["flying speed again"]
        return []
    green = 1 if level_index(plane) == 0 else 0
    roll = _two_dice(dice, f"enter spin, {who}, round {round_no}") + green
    if roll >= plane.chart.enter_spin:
        _enter_spin(plane)
        return [f"stalls and spins ({roll} against Enter Spin {plane.chart.enter_spin})"]
    plane.condition = "stalled"
    return [f"stalls ({roll} against Enter Spin {plane.chart.enter_spin})"]


def _enter_spin(plane: PlaneState) -> None:
    plane.condition = "spin"
    plane.template, plane.template_in = None, 0.0


def exit_spin_modifier(plane: PlaneState, date: str) -> int:
    """Green +1, Veteran −1, and +2 before summer 1916 (§Spins)."""
    level = level_index(plane)
    modifier = 1 if level == 0 else (-1 if level == 3 else 0)
    return modifier + (2 if date < SUMMER_1916 else 0)


def _exit_spin(plane: PlaneState, dice: Dice, round_no: int, date: str) -> list[str]:
    """2d6 plus the modifiers, made on Exit Spin or less: the plane flies this round from
    Minimum Speed, in Dive and UR as the spin left it, free to roll and pitch at once
    (docs/rulings.md)."""
    roll = _two_dice(dice, f"exit spin, {plane.callsign}, round {round_no}")
    total = roll + exit_spin_modifier(plane, date)
    if total > plane.chart.exit_spin:
        return [f"still spinning ({total} against Exit Spin {plane.chart.exit_spin})"]
    plane.condition = "normal"
    plane.speed = min_speed(plane)
    plane.bank, plane.pitch = 1, -1
    plane.template, plane.template_in = None, 0.0
    plane.mp_since_roll = plane.mp_since_pitch = 99
    return [f"recovers from the spin ({total} against Exit Spin {plane.chart.exit_spin})"]


def end_of_round(
    plane: PlaneState, inverted_whole_round: bool, dice: Dice, round_no: int
) -> list[str]:
    """After the move: a round spent wholly inverted stops a running engine on a 6
    (§Inverted Movement)."""
    if not (inverted_whole_round and engine_running(plane)):
        return []
    roll = dice.d6(f"inverted engine check, {plane.callsign}, round {round_no}")
    if roll == 6:
        plane.engine_on = False
        return ["engine stops after a round inverted"]
    return []
