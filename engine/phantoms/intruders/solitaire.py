"""How the enemy flies when no one flies it, and where its hidden guns show themselves
(Intruders' solitaire rules, I-p.14).

Air to air, the enemy always closes: from the closing range out it comes at its best speed,
climbing or diving to the target's level, straight at the target when head-on or behind it
and on an intercept when the target is off to its side.  Inside the closing range it rolls
on the maneuver table for its situation each time a maneuver is finished.  Once it has lost
an aircraft and is outnumbered, it may break off, running for a random mat edge in a dive.

Air to ground, each time a strike aircraft moves toward the objective, each of its three
forward hexes may reveal a hidden AAA unit.

The tables themselves are data (``models/phantoms/data/solitaire.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.dice import d4, d10
from engine.phantoms.hexgrid import ahead, aspect, heading_deg
from models.phantoms.common import Maneuver
from models.phantoms.mission import LEFT_RIGHT, SolitaireTables, solitaire_tables

TableSituation = Literal["head_on", "tailed", "side"]
"""The maneuver table's three columns (I-p.14)."""
Situation = Literal["head_on", "tailed", "side", "tailing"]
"""A table column, or ``tailing``: the enemy sits behind its target and flies for the best
shot instead of rolling (I-p.14)."""

_HARD_TO_NORMAL: dict[Maneuver, Maneuver] = {"LHT": "LT", "RHT": "RT"}


def _tables(tables: SolitaireTables | None) -> SolitaireTables:
    return solitaire_tables() if tables is None else tables


def enemy_situation(
    enemy_hex: Hex, enemy_facing: int, target_hex: Hex, target_facing: int
) -> Situation:
    """The enemy's situation against its target (I-p.14), read from both aspects:

    - the target behind the enemy: ``tailed`` (the enemy is being tailed);
    - the target ahead of the enemy and the enemy ahead of the target: ``head_on``;
    - the target ahead of the enemy with the enemy behind it: ``tailing``;
    - otherwise, one off the other's beam: ``side``.

    Two aircraft in one hex count as ``tailed`` (:func:`hexgrid.aspect` reads the same hex
    as the rear).
    """
    target_from_enemy = aspect(enemy_hex, enemy_facing, target_hex)
    if target_from_enemy == "rear":
        return "tailed"
    if target_from_enemy == "side":
        return "side"
    enemy_from_target = aspect(target_hex, target_facing, enemy_hex)
    if enemy_from_target == "front":
        return "head_on"
    if enemy_from_target == "rear":
        return "tailing"
    return "side"


def within_maneuver_range(
    enemy_hex: Hex, target_hex: Hex, tables: SolitaireTables | None = None
) -> bool:
    """Under the closing range (5 hexes; a lost 5): the enemy rolls on the maneuver table;
    at it or beyond, it closes (I-p.14)."""
    return enemy_hex.distance_to(target_hex) < _tables(tables).closing_range_hexes


def enemy_maneuver(
    situation: TableSituation,
    dice: Dice,
    *,
    hard_turns: bool = True,
    who: str = "enemy",
    tables: SolitaireTables | None = None,
) -> Maneuver:
    """The enemy's next maneuver from the table for its situation (I-p.14).

    A "tight turn" is Phantoms' Hard Turn.  A sideslip-or-roll (and the head-on 5, ruled a
    turn either way) rolls a second d10 for its side: 1–5 left, 6–10 right.  When its speed
    will not let it make a Hard Turn (``hard_turns`` false) it makes a normal turn instead.
    """
    if situation not in ("head_on", "tailed", "side"):
        raise ValueError(
            f"a {situation!r} enemy does not roll on the maneuver table: a tailing enemy "
            "maneuvers for its best shot (I-p.14; best_shot_maneuver)"
        )
    table = _tables(tables)
    roll = d10(dice, f"solitaire maneuver, {situation.replace('_', '-')}, {who} (I-p.14)")
    cell = getattr(table.row(roll), situation)
    if cell in LEFT_RIGHT:
        left, right = LEFT_RIGHT[cell]
        side = d10(dice, f"solitaire maneuver, left or right, {who} (I-p.14)")
        maneuver: Maneuver = left if side <= table.left_at_most else right
    else:
        maneuver = cell
    if not hard_turns:
        maneuver = _HARD_TO_NORMAL.get(maneuver, maneuver)
    return maneuver


def _signed_off_deg(from_hex: Hex, facing: int, to_hex: Hex) -> float:
    """How far ``to_hex`` lies off the nose, −180…180, clockwise (right) positive."""
    bearing = from_hex.heading_to_deg(to_hex)
    return (bearing - heading_deg(facing) + 180.0) % 360.0 - 180.0


def steer_toward(from_hex: Hex, facing: int, to_hex: Hex) -> Maneuver:
    """The maneuver that brings the nose round to ``to_hex`` soonest (ours): straight when
    it lies within 30° of the nose, a turn to 90°, a Hard Turn beyond."""
    if from_hex == to_hex:
        return "S"
    off = _signed_off_deg(from_hex, facing, to_hex)
    if abs(off) <= 30.0:
        return "S"
    right = off > 0
    if abs(off) <= 90.0:
        return "RT" if right else "LT"
    return "RHT" if right else "LHT"


def best_shot_maneuver(enemy_hex: Hex, enemy_facing: int, target_hex: Hex) -> Maneuver:
    """A tailing enemy "maneuvers for the best shot" (I-p.14): ours, it keeps its nose on
    the target."""
    return steer_toward(enemy_hex, enemy_facing, target_hex)


@dataclass(frozen=True, slots=True)
class ClosingMove:
    """What a closing enemy does this maneuver (I-p.14)."""

    maneuver: Maneuver
    aim_hex: Hex
    """Where it steers: the target, or the intercept point ahead of it."""
    level_change: int
    """Levels to climb (+) or dive (−) to the target's level."""
    full_speed: bool = True
    """It flies at the fastest speed it can."""


def intercept_hex(
    enemy_hex: Hex, target_hex: Hex, target_facing: int, target_speed: int, enemy_speed: int
) -> Hex:
    """Where the target will be when the enemy gets there (ours): the target's hex run on
    along its facing by its speed times the enemy's time to cover the range."""
    distance = enemy_hex.distance_to(target_hex)
    lead = round(target_speed * distance / max(enemy_speed, 1))
    return ahead(target_hex, target_facing, min(lead, distance))


def closing_move(
    enemy_hex: Hex,
    enemy_facing: int,
    enemy_level: int,
    enemy_speed: int,
    target_hex: Hex,
    target_facing: int,
    target_level: int,
    target_speed: int,
) -> ClosingMove:
    """How an enemy at or beyond the closing range comes in (I-p.14): at full speed,
    matching the target's level; head-on or trailing, straight at the target; from the
    side, toward the intercept point."""
    situation = enemy_situation(enemy_hex, enemy_facing, target_hex, target_facing)
    aim = target_hex
    if situation == "side":
        aim = intercept_hex(enemy_hex, target_hex, target_facing, target_speed, enemy_speed)
    return ClosingMove(
        maneuver=steer_toward(enemy_hex, enemy_facing, aim),
        aim_hex=aim,
        level_change=target_level - enemy_level,
    )


def break_off_modifier(enemies: int, friends: int, tables: SolitaireTables | None = None) -> int:
    """+1 outnumbered 2:1, +2 at 3:1, +3 at 4:1 or more (I-p.14); a ratio between two steps
    takes the lower."""
    modifier = 0
    for step in _tables(tables).break_off_modifiers:
        if friends >= step.ratio * enemies:
            modifier = max(modifier, step.modifier)
    return modifier


def enemy_breaks_off(
    enemies: int,
    friends: int,
    dice: Dice,
    *,
    lost_aircraft: bool = True,
    who: str = "enemy",
    tables: SolitaireTables | None = None,
) -> bool:
    """The turn-start break-off roll (I-p.14): only once the enemy has lost an aircraft
    and is outnumbered (``friends`` — the player's aircraft — more than ``enemies``);
    then d10 plus the odds modifier, 8 or more breaks off.  No roll is made otherwise."""
    if not lost_aircraft or enemies <= 0 or friends <= enemies:
        return False
    table = _tables(tables)
    roll = d10(dice, f"solitaire break-off, {who} (I-p.14)")
    return roll + break_off_modifier(enemies, friends, table) >= table.break_off_at_least


MatEdge = Literal["north", "east", "south", "west"]
MAT_EDGES: tuple[MatEdge, ...] = ("north", "east", "south", "west")
"""The mat's edges, numbered 1–4 in this order."""


def break_off_edge(dice: Dice, who: str = "enemy") -> MatEdge:
    """A breaking enemy runs for a random mat edge (I-p.14)."""
    return MAT_EDGES[d4(dice, f"solitaire break-off edge, {who} (I-p.14)") - 1]


def break_off_level(level: int, tables: SolitaireTables | None = None) -> int:
    """The level a breaking enemy dives to: level 2, or where it is if already lower."""
    return min(level, _tables(tables).break_off_dive_to_level)


def forward_hexes(hex_: Hex, facing: int) -> tuple[Hex, Hex, Hex]:
    """The three hexes of a strike aircraft's forward arc: ahead, ahead-left, ahead-right."""
    return (
        ahead(hex_, facing),
        ahead(hex_, facing - 1),
        ahead(hex_, facing + 1),
    )


@dataclass(frozen=True, slots=True)
class Reveal:
    """A hidden AAA unit placed in view."""

    hex: Hex
    hidden_index: int
    """Which of the hidden units (0-based, in the list given) it is."""


def reveal_hidden_aaa(
    hex_: Hex,
    facing: int,
    hidden: int,
    dice: Dice,
    *,
    who: str = "strike aircraft",
    tables: SolitaireTables | None = None,
) -> tuple[Reveal, ...]:
    """Check a strike aircraft's three forward hexes (I-p.14): a d10 of 10 in one places a
    hidden AAA unit there, drawn at random from the ``hidden`` units still set aside.  No
    roll is made once none is left."""
    table = _tables(tables)
    remaining = list(range(hidden))
    reveals: list[Reveal] = []
    for place in forward_hexes(hex_, facing):
        if not remaining:
            break
        roll = d10(dice, f"solitaire hidden AAA check, hex {place}, {who} (I-p.14)")
        if roll >= table.reveal_on:
            drawn = dice.chit(len(remaining), f"solitaire hidden AAA drawn, hex {place} (I-p.14)")
            reveals.append(Reveal(place, remaining.pop(drawn - 1)))
    return tuple(reveals)
