"""Guns and missiles (furball's completion: the seed stops before combat; docs/rulings.md
"H8. Fire" and "H9. Damage").

After its Action Step an aircraft may make one attack, with its gun or one missile, on one
enemy; the pilot takes the shot with the best chance.  Where the target is is read with the
seed's hemispheres and quadrants (§4.9):

* **Gun**: the target in the shooter's front quadrant, 0–2 hexes away, within a level.
  2d6 of at least 6 in the same hex, 7 at one hex, 8 at two hits, less the gun's bonus.
* **Missile**: the target in the shooter's front quadrant, within the missile's range in
  hexes and no more levels away than hexes (at least one).  A rear-aspect heat-seeker needs
  the shooter in the target's rear quadrant; an all-aspect one fired from outside the
  target's rear hemisphere needs two more.  2d6 of at least the missile's number hits.
* Either: one easier from the target's rear quadrant with a gun; one harder when the
  target turned two hexsides or more in its last Action Step.
* **Damage**: a hit does a d6 plus the weapon's damage; at the display's damage rating the
  aircraft is destroyed, at half of it crippled (:attr:`HexjetPlane.crippled`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from engine.dice import Dice
from engine.hexjet.arcs import hemispheres, quadrants
from engine.hexjet.state import HexjetPlane
from models.hexjet.display import Missile, missiles

GUN_HIT = {0: 6, 1: 7, 2: 8}
"""2d6 needed by hexes to the target (H8)."""
GUN_LEVELS = 1
HEAD_ON = 2
"""An all-aspect missile fired from outside the target's rear hemisphere needs this many more."""
HARD_TURN_HEXSIDES = 2
FIRE_RULE = "H8"
DAMAGE_RULE = "H9"


def chance_2d6(needed: int) -> float:
    """The chance that 2d6 make ``needed`` or more."""
    if needed <= 2:
        return 1.0
    if needed > 12:
        return 0.0
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= needed)
    return ways / 36.0


@dataclass(frozen=True, slots=True)
class Shot:
    """An attack the geometry allows: the weapon, the 2d6 needed and the damage it adds."""

    shooter: str
    target: str
    weapon: Literal["gun"] | str
    weapon_name: str
    needed: int
    damage_bonus: int
    hexes: int
    why: str

    @property
    def chance(self) -> float:
        return chance_2d6(self.needed)


def _facing_deg(plane: HexjetPlane) -> float:
    return float((plane.facing % 6) * 60)


def possible_shots(shooter: HexjetPlane, target: HexjetPlane) -> list[Shot]:
    """Every attack ``shooter`` may make on ``target`` from where both are now."""
    if not (shooter.in_play and target.in_play) or shooter.side == target.side:
        return []
    own = shooter.hex
    if target.hex != own and "front" not in quadrants(own, _facing_deg(shooter), target.hex):
        return []
    hexes = own.distance_to(target.hex)
    levels = abs(shooter.markers.altitude - target.markers.altitude)
    from_rear_quadrant = own != target.hex and "rear" in quadrants(
        target.hex, _facing_deg(target), own
    )
    from_rear_hemisphere = "rear" in hemispheres(target.hex, _facing_deg(target), own)
    hard = 1 if target.hexsides_last_move >= HARD_TURN_HEXSIDES else 0
    shots: list[Shot] = []
    gun = shooter.display.gun
    if gun is not None and shooter.gun_bursts > 0 and hexes in GUN_HIT and levels <= GUN_LEVELS:
        needed = GUN_HIT[hexes] - gun.hit_bonus - (1 if from_rear_quadrant else 0) + hard
        why = f"{hexes} hex{'es' if hexes != 1 else ''}, {levels} level{'s' if levels != 1 else ''}"
        shots.append(Shot(shooter.id, target.id, "gun", gun.name, needed, 0, hexes, why))
    for weapon_id, left in sorted(shooter.missiles.items()):
        if left <= 0:
            continue
        missile = missiles()[weapon_id]
        shot = _missile_shot(shooter, target, missile, hexes, levels, hard)
        if shot is not None and (missile.all_aspect or from_rear_quadrant):
            if missile.all_aspect and not from_rear_hemisphere:
                shot = replace(shot, needed=shot.needed + HEAD_ON, why=shot.why + ", head-on")
            shots.append(shot)
    return shots


def _missile_shot(
    shooter: HexjetPlane, target: HexjetPlane, missile: Missile, hexes: int, levels: int, hard: int
) -> Shot | None:
    if not missile.min_hexes <= hexes <= missile.max_hexes or levels > max(1, hexes):
        return None
    why = f"{hexes} hexes, {levels} level{'s' if levels != 1 else ''}"
    return Shot(
        shooter.id,
        target.id,
        missile.id,
        missile.name,
        missile.hit + hard,
        missile.damage,
        hexes,
        why,
    )


def best_shot(shooter: HexjetPlane, enemies: list[HexjetPlane]) -> Shot | None:
    """The attack with the best chance of a kill: chance × damage, the gun before a missile
    at equal odds, then the nearer target, then by id."""

    def value(shot: Shot) -> tuple[float, int, int, str]:
        target = next(e for e in enemies if e.id == shot.target)
        left = target.display.damage_rating - target.damage
        kill = sum(1 for d in range(1, 7) if d + shot.damage_bonus >= left) / 6.0
        return (
            -shot.chance * (0.5 + kill),
            0 if shot.weapon == "gun" else 1,
            shot.hexes,
            shot.target,
        )

    shots = [s for enemy in enemies for s in possible_shots(shooter, enemy)]
    return min(shots, key=value) if shots else None


@dataclass(frozen=True, slots=True)
class ShotResult:
    shot: Shot
    roll: int
    hit: bool
    damage: int
    destroyed: bool
    crippled: bool


def resolve(dice: Dice, shot: Shot, shooter: HexjetPlane, target: HexjetPlane) -> ShotResult:
    """Roll the attack (2d6) and, on a hit, the damage (d6 + the weapon's), spending the
    burst or the missile."""
    if shot.weapon == "gun":
        shooter.gun_bursts -= 1
    else:
        shooter.missiles[shot.weapon] -= 1
    what = f"{shooter.id} {shot.weapon_name} at {target.id}"
    roll = dice.d6(f"{what}, to hit die 1 ({FIRE_RULE})") + dice.d6(
        f"{what}, to hit die 2 ({FIRE_RULE})"
    )
    if roll < shot.needed:
        return ShotResult(shot, roll, False, 0, False, False)
    was_crippled = target.crippled
    damage = dice.d6(f"{what}, damage ({DAMAGE_RULE})") + shot.damage_bonus
    target.damage += damage
    destroyed = target.damage >= target.display.damage_rating
    if destroyed:
        target.status = "destroyed"
        shooter.kills += 1
    return ShotResult(
        shot, roll, True, damage, destroyed, target.crippled and not was_crippled and not destroyed
    )
