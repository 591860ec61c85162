"""Damage from a hit, and the skill test it makes due (§Damage, §Skill Test Due to Damage).

For each hit, in the order the rules give: 2D6 on the target's hit-location chart, 2D6 on
its damage chart (the column for the weapons that hit), the damage on that one section,
a destroyed section's excess passing inward with 1D6 more, the weapon-loss roll for guns
in a section more than half gone, and then the pilot's skill test.  Failing it puts the
aircraft out of control by the Out of Control chart's row for the section and its column
for the number of the test (docs/rulings.md "The Out of Control chart").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.dice import Dice
from engine.fc.condition import MAX_DAMAGE_TESTS, Condition, Course, OutOfControl, section_title
from engine.fc.control import roll_test
from engine.fc.state import FcPlane
from models.fc.common import MOVEMENT_BONUS_LAWN_FT, Section
from models.fc.sheet import ControlSheet

RULE = "§Damage"
TEST_RULE = "§Skill Test Due to Damage"
WINGS: tuple[Section, Section] = ("left_wing", "right_wing")
GUN_DESTROYED_MAX = 4
"""1D6 of 1–4 destroys a gun in a section more than half gone; 5–6 jams it (§Damage)."""
BLACKOUT_TURNS_OFF = (2, 1, 0)
"""Cockpit: blackout for 1D6−2, 1D6−1, 1D6 turns on the first, second, third test."""
AVOID_FIRE: dict[str, tuple[int, int, int]] = {"engine": (2, 3, 4), "fuel": (3, 4, 5)}
"""The avoid-fire numbers by test: the die must reach them or 1D6 damage is taken."""
RECOVERY_MODIFIER = (0, -1, -2)
"""The chart's "−1 modifier" / "−2 modifier", taken on the regain-control test."""
TAIL_TURN_LIMIT_DEG = 20
"""The tail's result: turns limited to 20° at any yardstick (ours, of a garbled row)."""


def blackout_course(die: int) -> Course:
    """The blackout's 1D6: 1 climbs straight ahead, 2–3 dives left, 4–5 dives right, 6
    dives straight ahead (§Skill Test Due to Damage)."""
    if die == 1:
        return "climb_ahead"
    if die <= 3:
        return "dive_left"
    if die <= 5:
        return "dive_right"
    return "dive_ahead"


def gun_loss(die: int) -> str:
    """1–4 destroys the gun, 5–6 jams it (§Damage)."""
    return "destroyed" if die <= GUN_DESTROYED_MAX else "jammed"


@dataclass
class HitReport:
    """What one hit did, in words, and whether the aircraft falls."""

    lines: list[str] = field(default_factory=list)
    falls: bool = False
    damage: int = 0

    @property
    def text(self) -> str:
        return "; ".join(self.lines)


def chart_damage(
    sheet: ControlSheet,
    roll_2d6: int,
    hit_groups: tuple[str, ...],
    fired_guns: int,
    group_guns: int,
) -> int:
    """The damage chart's figure for the weapons that hit: the all-sets column when every
    roll group of the sheet's forward guns hit, else the one-set columns; scaled by the
    share of the hitting groups' guns that fired (a set destroyed or jammed does no
    damage; docs/rulings.md "Damage when only some guns hit")."""
    forward_groups = {g.roll_group for g in sheet.guns if g.arc == "forward"}
    every = set(hit_groups) == forward_groups
    base = sheet.damage.damage(roll_2d6, None if every else hit_groups)
    if fired_guns >= group_guns or group_guns == 0:
        return base
    scaled = base * fired_guns / group_guns
    return max(1, int(scaled + 0.5)) if base else 0


def pick_wing(condition: Condition, sheet: ControlSheet, section: Section, turn: int) -> Section:
    """A wing hit on a later turn than the last wing hit may go on the other wing: the
    pilot puts it on the one with more left (§Damage)."""
    if section not in WINGS or condition.wing_hit_turn is None or condition.wing_hit_turn >= turn:
        return section
    other = WINGS[1] if section == WINGS[0] else WINGS[0]

    def left(wing: Section) -> int:
        return sheet.section(wing).hits - condition.damage[wing]

    return other if left(other) > left(section) else section


def add_damage(
    dice: Dice,
    sheet: ControlSheet,
    condition: Condition,
    section: Section,
    amount: int,
    pid: str,
    report: HitReport,
) -> set[Section]:
    """Put ``amount`` on ``section``; a section whose damage reaches its hits is destroyed
    and the excess, with 1D6 more, goes inward along its arrow (§Damage).  Returns the
    sections that took damage."""
    touched: set[Section] = set()
    where: Section | None = section
    while where is not None and amount > 0:
        spec = sheet.section(where)
        condition.damage[where] += amount
        touched.add(where)
        if condition.damage[where] < spec.hits:
            break
        excess = condition.damage[where] - spec.hits
        condition.damage[where] = spec.hits
        if where not in condition.destroyed:
            condition.destroyed.add(where)
            report.falls = True
            report.lines.append(f"{section_title(where)} destroyed: the aircraft falls")
        if spec.inward is None:
            break
        extra = dice.d6(f"section blown off, 1D6 more inward, {pid} ({RULE})")
        report.lines.append(
            f"{excess} over and 1D6 {extra} pass inward to the {section_title(spec.inward)}"
        )
        where, amount = spec.inward, excess + extra
    return touched


def weapon_loss(
    dice: Dice,
    sheet: ControlSheet,
    condition: Condition,
    touched: set[Section],
    pid: str,
    report: HitReport,
) -> None:
    """Each gun not already destroyed in a section more than half gone rolls 1D6: 1–4
    destroyed, 5–6 jammed (§Damage; rolled each time such a section is hit)."""
    for gun in sheet.guns:
        state = condition.guns[gun.id]
        if gun.section not in touched or state.state == "destroyed":
            continue
        if condition.damage[gun.section] * 2 <= sheet.section(gun.section).hits:
            continue
        result = gun_loss(dice.d6(f"weapon loss, {gun.name}, {pid} ({RULE})"))
        state.state = "destroyed" if result == "destroyed" else "jammed"
        report.lines.append(f"{gun.name} {result}")


def resolve_hit(
    dice: Dice,
    plane: FcPlane,
    condition: Condition,
    *,
    weapons: ControlSheet,
    hit_groups: tuple[str, ...],
    fired_guns: int,
    group_guns: int,
    turn: int,
) -> HitReport:
    """One hit on ``plane`` by guns of the ``weapons`` sheet: location on the target's
    chart, damage on the shooter's ("refer to your control sheet ... the amount of damage
    each weapon inflicts", §Damage), destruction and transfer, weapon loss and the damage
    skill test."""
    sheet, pid = plane.sheet, plane.id
    report = HitReport()
    a = dice.d6(f"hit location 2D6, die 1, {pid} ({RULE})")
    b = dice.d6(f"hit location 2D6, die 2, {pid} ({RULE})")
    charted = sheet.hit_location[a + b - 2]
    section = pick_wing(condition, sheet, charted, turn)
    c = dice.d6(f"damage 2D6, die 1, {pid} ({RULE})")
    d = dice.d6(f"damage 2D6, die 2, {pid} ({RULE})")
    amount = chart_damage(weapons, c + d, hit_groups, fired_guns, group_guns)
    report.damage = amount
    moved = f" (put on the {section_title(section)})" if section != charted else ""
    report.lines.append(
        f"location {a}+{b}: {section_title(charted)}{moved}; damage {c}+{d}: {amount}"
    )
    if section in WINGS:
        condition.wing_hit_turn = turn
    touched = add_damage(dice, sheet, condition, section, amount, pid, report)
    weapon_loss(dice, sheet, condition, touched, pid, report)
    if amount > 0 and not report.falls:
        damage_test(dice, plane, condition, section, turn, report)
    return report


def damage_test(
    dice: Dice,
    plane: FcPlane,
    condition: Condition,
    section: Section,
    turn: int,
    report: HitReport,
) -> None:
    """The skill test a damaging hit makes due (§Skill Test Due to Damage): three at most;
    a pilot who has taken the third must leave by his own edge."""
    if len(condition.damage_tests) >= MAX_DAMAGE_TESTS:
        report.lines.append("no more damage tests (three taken)")
        return
    condition.damage_tests.append(section)
    number = len(condition.damage_tests)
    test = roll_test(dice, plane.skill, 0, f"damage skill test {number}, {plane.id} ({TEST_RULE})")
    report.lines.append(f"damage test {number}: {test.text}")
    if number == MAX_DAMAGE_TESTS:
        condition.must_leave = True
        report.lines.append("third damage test: he must leave the field")
    if not test.passed:
        out_of_control(dice, plane, condition, section, number, turn, report)


def out_of_control(
    dice: Dice,
    plane: FcPlane,
    condition: Condition,
    section: Section,
    number: int,
    turn: int,
    report: HitReport,
) -> None:
    """The Out of Control chart's result for ``section`` on test ``number`` (1–3)."""
    pid, index = plane.id, number - 1
    row = "wing" if section in WINGS else section
    course: Course = "hold"
    if row == "cockpit":
        turns = dice.d6(f"blackout turns 1D6-{BLACKOUT_TURNS_OFF[index]}, {pid} ({TEST_RULE})")
        turns -= BLACKOUT_TURNS_OFF[index]
        course = blackout_course(dice.d6(f"blackout direction 1D6, {pid} ({TEST_RULE})"))
        condition.blackout_turns = max(turns, 0)
        report.lines.append(
            f"out of control: pilot blacked out {max(turns, 0)} turn(s), {course.replace('_', ' ')}"
        )
    elif row in ("engine", "fuel"):
        course = "dive_ahead" if row == "engine" else "hold"
        need = AVOID_FIRE[row][index]
        bonus = MOVEMENT_BONUS_LAWN_FT[plane.skill]
        die = dice.d6(f"avoid fire {need}+, {pid} ({TEST_RULE})")
        report.lines.append(
            f"out of control: {row} hit, {'dives; ' if row == 'engine' else ''}"
            f"avoid fire {die}{f'+{bonus}' if bonus else ''} against {need}+"
        )
        if die + bonus < need:
            burn = dice.d6(f"fire damage 1D6, {pid} ({TEST_RULE})")
            condition.fire_damage += burn
            report.lines.append(f"on fire: {burn} damage to the {row}")
            fire_report = HitReport()
            add_damage(dice, plane.sheet, condition, row, burn, pid, fire_report)
            report.lines.extend(fire_report.lines)
            report.falls = report.falls or fire_report.falls
    elif row == "wing":
        side = dice.d6(f"wing spiral direction 1D6, {pid} ({TEST_RULE})")
        course = "dive_left" if side <= 3 else "dive_right"
        report.lines.append(
            f"out of control: spirals down to the {'left' if side <= 3 else 'right'}"
        )
    else:
        condition.turn_limit_deg = TAIL_TURN_LIMIT_DEG
        report.lines.append(f"out of control: tail hit, turns limited to {TAIL_TURN_LIMIT_DEG}°")
    condition.out_of_control = OutOfControl(
        section, number, course, RECOVERY_MODIFIER[index], since_turn=turn
    )
