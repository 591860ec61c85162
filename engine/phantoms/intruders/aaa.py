"""Anti-aircraft guns (Intruders I-p.2–3).

An AAA site fires at an aircraft that moved this impulse, within the gun's range and
altitude band, and within 1 hex of an aircraft at level 0 or 2 hexes of one at level 1.
Light and Medium guns fire every impulse, Heavy every other one; Heavy fire attacks every
aircraft in the hex it bursts in.  The roll is the flak value plus modifiers plus a d10
against the aircraft's d10 plus its defence factor, as a gun attack (§7.2): a win by ``n``
reads the gun's damage table, and every 3 damage points is a critical hit (§8.0).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.dice import d10
from engine.phantoms.hexgrid import points_at
from engine.phantoms.intruders import IntrudersRuleError, Modifier, modifier_total
from engine.phantoms.intruders.sam import attempt_lock as aaa_radar_lock
from engine.phantoms.state import PlaneState
from models.phantoms.common import IMPULSES_PER_TURN, MANEUVER_CLASS
from models.phantoms.ground import AaaWeapon

__all__ = [
    "AaaAttack",
    "AaaSite",
    "aaa_modifiers",
    "aaa_radar_lock",
    "engagement_problem",
    "fire_aaa",
    "fire_heavy_aaa",
    "impulse_index",
    "low_level_reach_hexes",
    "may_fire",
    "reach_problem",
    "resolve_aaa",
]

BARRAGE = -2
RADAR_DIRECTED = 2
PER_LEVEL_OFF_OPTIMUM = -2
STRAIGHT_AT_FRONT_OR_REAR = 1
SITE_DAMAGED = -2
JINKING = -1
HITS_PER_CRITICAL = 3
"""Every full 3 damage points in one attack is a critical hit (§8.0), as for guns."""


def impulse_index(turn: int, impulse: int) -> int:
    """Impulses since the game began (turn 1, impulse 1 is 1): Heavy AAA's clock."""
    return (turn - 1) * IMPULSES_PER_TURN + impulse


@dataclass(slots=True)
class AaaSite:
    """One AAA unit on the mat (a scenario's ``kind = "aaa"`` entry, one gun of it)."""

    id: str
    weapon: AaaWeapon
    hex: Hex
    radar_id: str | None = None
    """The radar it is slaved to, whose locks direct its fire."""
    damaged: bool = False
    destroyed: bool = False
    hidden: bool = False
    last_fired: int | None = None
    """:func:`impulse_index` of the impulse it last fired in."""


@dataclass(frozen=True, slots=True)
class AaaAttack:
    """One AAA attack on one aircraft, as the record shows it."""

    site_id: str
    target_id: str
    roll: int
    modifiers: tuple[Modifier, ...]
    """Every add to the gun's roll, the flak value first."""
    attack_total: int
    defence_roll: int
    defence_total: int
    damage: int
    """Damage points from the gun's damage table (0 for a miss)."""
    criticals: int

    @property
    def hit(self) -> bool:
        return self.damage > 0


def low_level_reach_hexes(level: int) -> int | None:
    """How far AAA reaches an aircraft at ``level``: 1 hex at level 0, 2 at level 1, no
    limit of its own higher up (I-p.2 rule 6)."""
    if level <= 0:
        return 1
    if level == 1:
        return 2
    return None


def may_fire(weapon: AaaWeapon, last_fired: int | None, now: int) -> bool:
    """Whether the gun may fire in impulse ``now``: Heavy guns skip the impulse after one
    they fired in (I-p.2 rule 3); Light and Medium guns and small arms fire every impulse,
    once."""
    if last_fired is None:
        return True
    if weapon.weapon_class == "heavy":
        return now - last_fired >= 2
    return now > last_fired


def engagement_problem(site: AaaSite, plane: PlaneState, now: int) -> str | None:
    """Why ``site`` may not fire at ``plane`` in impulse ``now``, or None if it may."""
    gun = site.weapon
    if site.destroyed:
        return f"{site.id} is destroyed"
    if not plane.in_play:
        return f"{plane.id} is out of play"
    if not plane.moved:
        return f"{plane.id} did not move this impulse (I-p.2 rule 4)"
    if not may_fire(gun, site.last_fired, now):
        return f"{site.id}'s {gun.name} fired last impulse; Heavy AAA fires every other (rule 3)"
    return reach_problem(site, plane)


def reach_problem(site: AaaSite, plane: PlaneState) -> str | None:
    """Why ``plane`` is out of the gun's range or altitude band (rule 6), or None."""
    gun = site.weapon
    hexes = site.hex.distance_to(plane.hex)
    if hexes > gun.range_hexes:
        return f"{plane.id} is {hexes} hexes out; the {gun.name} reaches {gun.range_hexes}"
    reach = low_level_reach_hexes(plane.level)
    if reach is not None and hexes > reach:
        return f"{plane.id} at level {plane.level} can be engaged only within {reach} (rule 6)"
    if not gun.lowest_level <= plane.level <= gun.highest_level:
        return (
            f"{plane.id} at level {plane.level} is outside the {gun.name}'s levels "
            f"{gun.lowest_level}–{gun.highest_level}"
        )
    return None


def _jinking(plane: PlaneState) -> bool:
    """Turning or sideslipping at level 1–2 (I-p.2: "jinking", evasive maneuvers)."""
    if plane.level not in (1, 2):
        return False
    held = plane.marker.maneuver if plane.marker is not None else None
    return any(
        m is not None and MANEUVER_CLASS[m] in ("turn", "hard_turn", "sideslip")
        for m in (held, plane.finished)
    )


def aaa_modifiers(
    site: AaaSite, plane: PlaneState, *, spotted: bool, radar_locked: bool
) -> tuple[Modifier, ...]:
    """The AAA Firing Modifiers for ``site`` at ``plane``, the flak value first (I-p.2).

    A gun whose radar holds a lock on the aircraft fires radar directed (+2); otherwise it
    needs a spot, and without one it fires a barrage (−2) (ruling "AAA without a spot").
    """
    gun = site.weapon
    found = [Modifier(f"{gun.name} flak value", gun.flak)]
    if radar_locked:
        found.append(Modifier("radar directed", RADAR_DIRECTED))
    elif not spotted:
        found.append(Modifier("barrage fire (not spotted)", BARRAGE))
    levels_off = abs(plane.level - gun.optimum_level)
    if levels_off:
        found.append(
            Modifier(f"{levels_off} level(s) off optimum", PER_LEVEL_OFF_OPTIMUM * levels_off)
        )
    at_nose = points_at(plane.hex, plane.facing, site.hex)
    at_tail = points_at(plane.hex, plane.facing + 3, site.hex)
    if at_nose or at_tail:
        found.append(Modifier(f"firing straight at the {'front' if at_nose else 'rear'}", 1))
    if site.damaged:
        found.append(Modifier("flak unit damaged", SITE_DAMAGED))
    if _jinking(plane):
        found.append(Modifier("jinking at level 1–2", JINKING))
    return tuple(found)


def resolve_aaa(
    dice: Dice,
    site: AaaSite,
    plane: PlaneState,
    *,
    spotted: bool,
    radar_locked: bool,
    defence_bonus: int = 0,
) -> AaaAttack:
    """Roll one AAA attack without the eligibility checks (the fast path for look-ahead).
    ``defence_bonus`` goes to the aircraft's side (a ship's crippled sensors, U-p.3)."""
    modifiers = aaa_modifiers(site, plane, spotted=spotted, radar_locked=radar_locked)
    roll = d10(dice, f"AAA attack, {site.id} at {plane.id} (I-p.2)")
    defence_roll = d10(dice, f"AAA defence, {plane.id} against {site.id} (I-p.2)")
    attack_total = roll + modifier_total(modifiers)
    defence_total = defence_roll + plane.card.defense + defence_bonus
    damage = site.weapon.damage(attack_total - defence_total)
    return AaaAttack(
        site_id=site.id,
        target_id=plane.id,
        roll=roll,
        modifiers=modifiers,
        attack_total=attack_total,
        defence_roll=defence_roll,
        defence_total=defence_total,
        damage=damage,
        criticals=damage // HITS_PER_CRITICAL,
    )


def fire_aaa(
    dice: Dice,
    site: AaaSite,
    plane: PlaneState,
    *,
    now: int,
    spotted: bool,
    radar_locked: bool = False,
    defence_bonus: int = 0,
) -> AaaAttack:
    """Fire a Light or Medium gun (or small arms) at ``plane`` in impulse ``now``.

    Raises :class:`IntrudersRuleError` when the rules forbid the shot; Heavy guns fire with
    :func:`fire_heavy_aaa`.
    """
    if site.weapon.weapon_class == "heavy":
        raise IntrudersRuleError(
            f"{site.id} is Heavy AAA: it attacks every aircraft in the hex (fire_heavy_aaa)"
        )
    problem = engagement_problem(site, plane, now)
    if problem is not None:
        raise IntrudersRuleError(f"AAA (I-p.2): {problem}")
    site.last_fired = now
    site.hidden = False
    return resolve_aaa(
        dice, site, plane, spotted=spotted, radar_locked=radar_locked, defence_bonus=defence_bonus
    )


def fire_heavy_aaa(
    dice: Dice,
    site: AaaSite,
    aimed_at: PlaneState,
    planes: list[PlaneState],
    *,
    now: int,
    spotted: Collection[str] = (),
    radar_locked: Collection[str] = (),
    defence_bonus: int = 0,
) -> tuple[AaaAttack, ...]:
    """Fire a Heavy gun at ``aimed_at``: a separate attack on every aircraft in its hex that
    the gun could reach (I-p.2 rule 5), each with its own spot and lock."""
    problem = engagement_problem(site, aimed_at, now)
    if problem is not None:
        raise IntrudersRuleError(f"Heavy AAA (I-p.2): {problem}")
    site.last_fired = now
    site.hidden = False
    in_hex = [
        plane
        for plane in planes
        if plane.in_play and plane.hex == aimed_at.hex and reach_problem(site, plane) is None
    ]
    return tuple(
        resolve_aaa(
            dice,
            site,
            plane,
            spotted=plane.id in spotted,
            radar_locked=plane.id in radar_locked,
            defence_bonus=defence_bonus,
        )
        for plane in in_hex
    )
