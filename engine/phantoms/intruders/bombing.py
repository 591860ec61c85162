"""Air-to-ground attacks (Intruders I-p.4–7).

An aircraft drops or fires its stores in one of five profiles (low level, stand-off, dive,
toss, level), at the release point its level gives.  Bombs then fly one hex toward the
target each time the aircraft moves (and on, if it is shot down); rockets strike at once.
On arrival the attacker rolls on the Standard Bombing Table — a d10 plus the modifiers
fixed at release, read in the release level's row — for a Direct Hit, On Target, Near
Miss or Scatter.  The weapon's attack value, multiplied for the number of weapons and
then for the accuracy, is set against the target's defence: Light, Heavy or destroyed.

Only the table's Scatter column survives; the other columns are furball's, built so that
Examples of Play 5–8 come out as printed (docs/rulings.md (Phantoms)).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.dice import d6, d10
from engine.phantoms.hexgrid import heading_deg, points_at
from engine.phantoms.intruders import (
    IntrudersRuleError,
    Modifier,
    modifier_total,
    step_toward,
    world_ft,
)
from engine.phantoms.state import PlaneState
from models.phantoms.common import MANEUVER_CLASS, Quality
from models.phantoms.ground import GroundTargetType, Weapon

Profile = Literal["low", "standoff", "dive", "toss_vertical", "toss_lateral", "level"]
Accuracy = Literal["direct_hit", "on_target", "near_miss", "scatter"]
TargetDamage = Literal["none", "light", "heavy", "destroyed"]
Bombsight = Literal["none", "manual", "advanced", "computer"]

RUN_IN_HEXES: Final[dict[Bombsight, int]] = {"none": 3, "manual": 3, "advanced": 2, "computer": 1}
"""Straight hexes (or levels dived) flown toward the release point before release (I-p.5);
an aircraft without a bombsight aims as with a manual one (ours)."""
BOMBSIGHT_MODIFIER: Final[dict[Bombsight, int]] = {
    "none": 0,
    "manual": 0,
    "advanced": 1,
    "computer": 2,
}
CREW_MODIFIER: Final[dict[Quality, int]] = {
    "ace": 1,
    "experienced": 1,
    "average": 0,
    "inexperienced": -2,
    "green": -2,
}
AIM_NOT_MET = -3
TOP_BOMBING_LEVEL = 7
"""The Bombing Table's last row is levels 6–7 (stand-off attacks from 1–7, I-p.4)."""


@dataclass(frozen=True, slots=True)
class BombingRow:
    """One row of the Standard Bombing Table: the modified d10 each result needs."""

    direct_hit_at_least: int
    on_target_at_least: int
    near_miss_at_least: int
    """A roll below this is a Scatter (the seed's column: "<2" is 2 or less)."""


BOMBING_TABLE: Final[dict[int, BombingRow]] = {
    0: BombingRow(10, 7, 3),
    1: BombingRow(10, 7, 3),
    2: BombingRow(11, 8, 3),
    3: BombingRow(11, 8, 4),
    4: BombingRow(12, 9, 4),
    5: BombingRow(12, 9, 5),
    6: BombingRow(13, 10, 6),
    7: BombingRow(13, 10, 6),
}
"""Levels 0–7.  Scatter (≤ 2, 2, 2, 3, 3, 5→4, 6–7→5) is the seed's, with its lost 5s
restored; the other columns are ours: Example 5 (3 at level 3 scatters), 6 (9 at level 4
is On Target), 7 (9 at level 2 On Target) and 8 (10 at level 1 a Direct Hit) hold."""

ACCURACY_FACTOR: Final[dict[Accuracy, float]] = {
    "direct_hit": 2.0,
    "on_target": 1.0,
    "near_miss": 0.75,
    "scatter": 0.5,
}
"""AV × accuracy (I-p.7).  A Scatter's ×0.5 falls on the hex the weapons land in, not the
target (Example 5: "no effect on the target")."""
PRIOR_DAMAGE_DEFENCE: Final[dict[TargetDamage, float]] = {
    "none": 1.0,
    "light": 0.8,
    "heavy": 0.5,
    "destroyed": 0.5,
}
_DAMAGE_ORDER: Final[tuple[TargetDamage, ...]] = ("none", "light", "heavy", "destroyed")
STRAFE_DEFENCE: Final = {False: 3, True: 6}
"""Strafing: a gun attack against defence 3 (soft) or 6 (hard) (I-p.6)."""
BLAST_ROLL_AT_LEAST = 8


def bombing_row(level: int) -> BombingRow:
    if level not in BOMBING_TABLE:
        raise IntrudersRuleError(f"the Bombing Table has no row for level {level} (0–7)")
    return BOMBING_TABLE[level]


def accuracy(level: int, modified_roll: int) -> Accuracy:
    """The Bombing Table's result for a modified roll from ``level`` (I-p.6)."""
    row = bombing_row(level)
    if modified_roll >= row.direct_hit_at_least:
        return "direct_hit"
    if modified_roll >= row.on_target_at_least:
        return "on_target"
    if modified_roll >= row.near_miss_at_least:
        return "near_miss"
    return "scatter"


def count_multiplier(count: int) -> float:
    """AV × the number of weapons at one target (I-p.7): 1 ×1, 2 ×1.5 (ours, the figure
    lost), 3–4 ×2 (the naval example, Example 7), 5 or more ×3 (Examples 6 and 8)."""
    if count <= 0:
        raise ValueError(f"at least one weapon, not {count}")
    if count == 1:
        return 1.0
    if count == 2:
        return 1.5
    if count <= 4:
        return 2.0
    return 3.0


def attack_value(weapon: Weapon, count: int, hard: bool) -> float:
    """The weapon's AV against a hard or soft target times the number-of-weapons factor."""
    return weapon.av(hard) * count_multiplier(count)


def damage_result(attack_total: float, defence: int, prior: TargetDamage = "none") -> TargetDamage:
    """The damage an attack total does against ``defence`` (I-p.7): below it none, from it
    Light, from twice it Heavy, from three times it destroyed; a damaged target defends at
    ×0.8 (Light) or ×0.5 (Heavy).  The worse of the old and new damage stands."""
    if prior == "destroyed":
        return "destroyed"
    effective = defence * PRIOR_DAMAGE_DEFENCE[prior]
    if attack_total >= 3 * effective:
        new: TargetDamage = "destroyed"
    elif attack_total >= 2 * effective:
        new = "heavy"
    elif attack_total >= effective:
        new = "light"
    else:
        new = "none"
    return max(prior, new, key=_DAMAGE_ORDER.index)


# --- Release ------------------------------------------------------------------------------


def toss_hexes(profile: Profile, level: int) -> int | None:
    """How far out a toss releases (I-p.4): vertical from level 1 one hex, 2–3 two, 4–5
    three; lateral from level 1 one hex, 2–3 two.  None where that toss is not allowed."""
    if profile == "toss_vertical":
        return {1: 1, 2: 2, 3: 2, 4: 3, 5: 3}.get(level)
    if profile == "toss_lateral":
        return {1: 1, 2: 2, 3: 2}.get(level)
    return None


def release_point_hexes(level: int, levels_dived: int = 0) -> int:
    """Hexes from the target a bomb is released at (I-p.5): levels 0–2 one hex (ours),
    3–5 two (the seed's), 6–7 three (ours); each level dived brings it a hex closer."""
    if level <= 2:
        base = 1
    elif level <= 5:
        base = 2
    else:
        base = 3
    return max(0, base - levels_dived)


def required_release_hexes(profile: Profile, plane: PlaneState, weapon: Weapon) -> int | None:
    """The release distance the profile demands, or None for a ranged weapon (rockets,
    the Walleye, missiles), which may fire anywhere within its range."""
    if profile in ("toss_vertical", "toss_lateral"):
        return toss_hexes(profile, plane.level)
    if weapon.type in ("rocket_pod", "arm", "tv"):
        return None
    return release_point_hexes(plane.level, plane.levels_dived_run if profile == "dive" else 0)


def profile_problem(
    profile: Profile,
    plane: PlaneState,
    weapon: Weapon,
    distance_hexes: int,
    *,
    designator: bool = False,
) -> str | None:
    """Why ``plane`` may not release ``weapon`` in ``profile`` at ``distance_hexes`` from the
    target, or None if it may (I-p.4–6)."""
    level = plane.level
    if not plane.in_play:
        return f"{plane.id} is out of play"
    if level > TOP_BOMBING_LEVEL and weapon.type != "arm":
        return f"no air-to-ground attack from above level {TOP_BOMBING_LEVEL}"
    if weapon.min_level is not None and level < weapon.min_level:
        return f"the {weapon.name} is released from level {weapon.min_level} or higher"
    if weapon.max_level is not None and level > weapon.max_level:
        return f"the {weapon.name} is fired from level {weapon.max_level} or lower"
    if weapon.type == "lgb" and not designator:
        return "a laser-guided bomb needs a designator in the element (I-p.4)"
    if profile == "low" and level > 1:
        return "a low-level attack is flown at level 0 or 1"
    if profile == "standoff":
        if weapon.type not in ("lgb", "tv", "rocket_pod", "arm"):
            return f"the {weapon.name} is no stand-off weapon"
        if weapon.type != "arm" and not 1 <= level <= TOP_BOMBING_LEVEL:
            return "a stand-off attack is made from levels 1–7"
    if weapon.type in ("rocket_pod", "tv", "arm") and profile != "standoff":
        return f"the {weapon.name} is fired in a stand-off attack"
    if profile == "dive" and not plane.dived:
        return "dive bombing: the aircraft must have dived this impulse"
    if profile == "toss_vertical" and not (plane.climbed or plane.finished == "LOOP"):
        return "a vertical toss needs a climb or a Loop finished this impulse"
    if profile == "toss_lateral" and (
        plane.finished is None or MANEUVER_CLASS[plane.finished] != "hard_turn"
    ):
        return "a lateral toss needs a Hard Turn finished in the release hex"
    if profile in ("toss_vertical", "toss_lateral") and toss_hexes(profile, level) is None:
        return f"no {profile.replace('_', ' ')} from level {level}"
    if profile == "level" and plane.finished != "S":
        return "level bombing needs a Straight maneuver finished this impulse"
    required = required_release_hexes(profile, plane, weapon)
    if required is not None and distance_hexes != required:
        return f"the release point is {required} hex(es) from the target, not {distance_hexes}"
    if required is None:
        lowest = 1 if weapon.type == "rocket_pod" else 0
        longest = weapon.range_hexes or 0
        if not lowest <= distance_hexes <= longest:
            return f"the {weapon.name} reaches {lowest}–{longest} hexes, not {distance_hexes}"
    return None


def run_in_met(bombsight: Bombsight, straight_hexes: int, levels_dived: int) -> bool:
    """Whether the bombsight's run-in is flown: straight hexes plus levels dived (I-p.5)."""
    return straight_hexes + levels_dived >= RUN_IN_HEXES[bombsight]


def bombing_modifiers(
    profile: Profile,
    plane: PlaneState,
    weapon: Weapon,
    distance_hexes: int,
    *,
    wso_wounded: bool = False,
    target: GroundTargetType | None = None,
) -> tuple[Modifier, ...]:
    """The Air to Ground Combat Modifiers for this release (I-p.6)."""
    bombsight: Bombsight = plane.card.bombsight
    found: list[Modifier] = []
    crew = CREW_MODIFIER[plane.quality]
    if crew:
        found.append(Modifier(f"{plane.quality} crew", crew))
    if plane.pilot_wounded:
        found.append(Modifier("pilot wounded", -1))
    if wso_wounded:
        found.append(Modifier("weapons officer wounded", -1))
    if BOMBSIGHT_MODIFIER[bombsight]:
        found.append(Modifier(f"{bombsight} bombsight", BOMBSIGHT_MODIFIER[bombsight]))
    if not run_in_met(bombsight, plane.straight_run, plane.levels_dived_run):
        found.append(Modifier("aiming requirement not met", AIM_NOT_MET))
    if plane.damage > 0:
        found.append(Modifier("aircraft damaged", -1))
    if plane.criticals:
        found.append(Modifier(f"{len(plane.criticals)} critical hit(s)", -2 * len(plane.criticals)))
    if profile == "dive" and plane.levels_dived_run > 0:
        found.append(
            Modifier(f"dove {plane.levels_dived_run}", 1 if plane.levels_dived_run <= 2 else 2)
        )
    if profile in ("toss_vertical", "toss_lateral"):
        found.append(Modifier(f"toss {distance_hexes} hex(es)", -1 - distance_hexes))
    if plane.level <= 1 and weapon.high_drag:
        found.append(Modifier("low level with high-drag weapons", 1))
    if weapon.guided:
        found.append(Modifier("laser or TV guided", 4))
    if weapon.type == "rocket_pod":
        found.append(Modifier(f"rockets at {distance_hexes} hex(es)", 1 - distance_hexes))
    if weapon.type == "napalm" and plane.level >= 2:
        found.append(Modifier("napalm from level 2 or higher", -2))
    if target is not None and target.to_hit_modifier:
        found.append(Modifier(f"{target.name}: hard to hit", target.to_hit_modifier))
    return tuple(m for m in found if m.value or m.name.startswith("rockets"))


@dataclass(slots=True)
class BombsInFlight:
    """Weapons released and falling toward their target, with where they are for the
    replay; they arrive whatever happens to the aircraft, and cannot be shot down."""

    id: str
    attacker_id: str
    weapon: Weapon
    count: int
    target_hex: Hex
    hex: Hex
    level: float
    release_level: int
    """The Bombing Table row the attack reads."""
    modifiers: tuple[Modifier, ...]
    """The modifiers fixed at release."""
    turn: int
    impulse: int
    path: list[tuple[Hex, float]] = field(default_factory=list)

    @property
    def world_ft(self) -> tuple[float, float, float]:
        """Where it is for the replay, in world feet."""
        return world_ft(self.hex, self.level)

    @property
    def arrived(self) -> bool:
        return self.hex == self.target_hex


@dataclass(frozen=True, slots=True)
class Release:
    """What a release did: the weapons in flight (or already on the target), and the
    low-level blast roll against the aircraft."""

    bombs: BombsInFlight
    blast_roll: int | None
    blast_damage: int
    """Damage points the aircraft takes from its own bombs' blast (I-p.4)."""


def release_weapons(
    dice: Dice,
    plane: PlaneState,
    weapon: Weapon,
    count: int,
    profile: Profile,
    target_hex: Hex,
    *,
    release_id: str,
    turn: int,
    impulse: int,
    designator: bool = False,
    wso_wounded: bool = False,
    target: GroundTargetType | None = None,
) -> Release:
    """Release ``count`` of ``weapon`` at ``target_hex`` (checked; raises
    :class:`IntrudersRuleError`).  A bomb dropped at level 0–1 without high drag rolls for
    the blast: 8–10 gives the aircraft 1d6 damage points (I-p.4)."""
    if plane.stores.get(weapon.id, 0) < count:
        raise IntrudersRuleError(f"{plane.id} carries {plane.stores.get(weapon.id, 0)} {weapon.id}")
    distance = plane.hex.distance_to(target_hex)
    problem = profile_problem(profile, plane, weapon, distance, designator=designator)
    if problem is not None:
        raise IntrudersRuleError(f"air-to-ground release (I-p.4): {problem}")
    plane.stores[weapon.id] -= count
    if plane.stores[weapon.id] == 0:
        del plane.stores[weapon.id]
    modifiers = bombing_modifiers(
        profile, plane, weapon, distance, wso_wounded=wso_wounded, target=target
    )
    bombs = BombsInFlight(
        id=release_id,
        attacker_id=plane.id,
        weapon=weapon,
        count=count,
        target_hex=target_hex,
        hex=plane.hex,
        level=float(plane.level),
        release_level=plane.level,
        modifiers=modifiers,
        turn=turn,
        impulse=impulse,
        path=[(plane.hex, float(plane.level))],
    )
    if weapon.type == "rocket_pod":
        _arrive(bombs)  # rockets are resolved in the impulse they are fired
    blast_roll: int | None = None
    blast_damage = 0
    if plane.level <= 1 and weapon.is_bomb and not weapon.high_drag:
        blast_roll = d10(dice, f"low-level blast, {plane.id}'s {weapon.id} (I-p.4)")
        if blast_roll >= BLAST_ROLL_AT_LEAST:
            blast_damage = d6(dice, f"blast damage to {plane.id} (I-p.4)")
    return Release(bombs, blast_roll, blast_damage)


def _arrive(bombs: BombsInFlight) -> None:
    bombs.hex = bombs.target_hex
    bombs.level = 0.0
    bombs.path.append((bombs.hex, 0.0))


def advance_bombs(bombs: BombsInFlight) -> bool:
    """Move the weapons one hex toward the target (each time the releasing aircraft moves,
    or every impulse once it is gone), falling evenly to the ground; True on arrival."""
    if bombs.arrived:
        return True
    before = bombs.hex.distance_to(bombs.target_hex)
    bombs.hex = step_toward(bombs.hex, bombs.target_hex)
    bombs.level *= bombs.hex.distance_to(bombs.target_hex) / before
    bombs.path.append((bombs.hex, bombs.level))
    return bombs.arrived


@dataclass(frozen=True, slots=True)
class BombingResult:
    release_id: str
    roll: int
    modifiers: tuple[Modifier, ...]
    modified_roll: int
    accuracy: Accuracy
    attack_value: float
    """AV × number of weapons."""
    attack_total: float
    """On the target: AV × accuracy (0 for a Scatter)."""
    damage: TargetDamage
    scatter_hex: Hex | None = None
    scatter_total: float = 0.0
    """A Scatter's AV × 0.5, for whatever stands in ``scatter_hex``."""


def resolve_bombing(
    dice: Dice,
    bombs: BombsInFlight,
    target: GroundTargetType,
    *,
    prior: TargetDamage = "none",
    entrenched: bool = False,
) -> BombingResult:
    """Roll the Bombing Table for weapons that have reached the target hex (I-p.6–7)."""
    if not bombs.arrived:
        raise IntrudersRuleError(f"{bombs.id} has not reached the target hex yet")
    roll = d10(dice, f"Bombing Table, {bombs.attacker_id}'s {bombs.weapon.id} (I-p.6)")
    modified = roll + modifier_total(bombs.modifiers)
    result = accuracy(bombs.release_level, modified)
    value = attack_value(bombs.weapon, bombs.count, target.hard)
    defence = (
        target.defense_entrenched if entrenched and target.defense_entrenched else target.defense
    )
    if result == "scatter":
        facing = d6(dice, f"scatter direction, {bombs.id} (I-p.6)") - 1
        return BombingResult(
            release_id=bombs.id,
            roll=roll,
            modifiers=bombs.modifiers,
            modified_roll=modified,
            accuracy=result,
            attack_value=value,
            attack_total=0.0,
            damage=prior,
            scatter_hex=bombs.target_hex.neighbour(heading_deg(facing)),
            scatter_total=value * ACCURACY_FACTOR["scatter"],
        )
    total = value * ACCURACY_FACTOR[result]
    return BombingResult(
        release_id=bombs.id,
        roll=roll,
        modifiers=bombs.modifiers,
        modified_roll=modified,
        accuracy=result,
        attack_value=value,
        attack_total=total,
        damage=damage_result(total, defence, prior),
    )


# --- Strafing -----------------------------------------------------------------------------

STRAFE_QUALITY: Final[dict[Quality, int]] = {
    "ace": 4,
    "experienced": 2,
    "average": 0,
    "inexperienced": 0,
    "green": -2,
}
"""The gun roll's pilot adds (§7.2)."""


@dataclass(frozen=True, slots=True)
class StrafeResult:
    attacker_id: str
    roll: int
    attack_total: int
    defence_roll: int
    defence_total: int
    hits: int
    damage: TargetDamage


def strafe(
    dice: Dice,
    plane: PlaneState,
    target_hex: Hex,
    target: GroundTargetType,
    *,
    prior: TargetDamage = "none",
    extra: tuple[Modifier, ...] = (),
) -> StrafeResult:
    """A strafing pass (I-p.6): from level 0–1, from the hex next to the target and
    pointing at it, a gun attack against defence 3 (soft) or 6 (hard).  The hits the gun
    table gives are the attack total on the damage table (ruling "Strafing damage")."""
    card = plane.card
    if card.gun_attack is None or plane.gun_bursts <= 0:
        raise IntrudersRuleError(f"{plane.id} has no gun or no bursts left")
    if plane.level > 1:
        raise IntrudersRuleError("strafing is flown at level 0 or 1 (I-p.6)")
    if plane.hex.distance_to(target_hex) != 1 or not points_at(plane.hex, plane.facing, target_hex):
        raise IntrudersRuleError("strafing fires from the next hex, pointing at the target (I-p.6)")
    plane.gun_bursts -= 1
    plane.fired = True
    adds = card.gun_attack + STRAFE_QUALITY[plane.quality] + modifier_total(extra)
    if plane.pilot_wounded:
        adds -= 1
    roll = d10(dice, f"strafing, {plane.id} (I-p.6)")
    defence_roll = d10(dice, f"strafing defence, {target.name} (I-p.6)")
    attack_total = roll + adds
    defence_total = defence_roll + STRAFE_DEFENCE[target.hard]
    hits = card.gun_hits(attack_total - defence_total)
    return StrafeResult(
        attacker_id=plane.id,
        roll=roll,
        attack_total=attack_total,
        defence_roll=defence_roll,
        defence_total=defence_total,
        hits=hits,
        damage=damage_result(hits, target.defense, prior) if hits else prior,
    )
