"""The AI pilot's choice of maneuver marker (§6.1): every marker the rules allow it now is
flown on paper (:mod:`engine.phantoms.forecast`) and scored against where each enemy will
be when the maneuver is done, and the best is placed.

What a fighter wants, in order of weight:

* its target in its guns (adjacent, nose on, within a level) or in a missile's firing
  position (behind it for heat-seekers, in its radar cone within range for radar
  missiles);
* no enemy with the same on it;
* to close on its target and match its level, nose towards it;
* speed to keep flying (a speed of 2 or less invites a loss of control) and no hard turn
  or loop that its pilot may lose control in;
* with a missile in flight at it, a hard turn or loop out (+3 to its defence, §7.1).

A striker scores the distance to its target hex and the level its attack profile wants
instead, then, after release, the way home.  Markers are placed at different distances
(a dive marker may lie in the aircraft's own hex), so a striker's options are compared
over one horizon: the hexes a shorter option leaves unflown are flown straight on before
its distance is scored.  Otherwise the marker that flies
furthest always looks closest, and a striker never gives up a hex to dive to its
profile's level.

Known AAA (a gun that has fired or been seen) costs what its fire is expected to do: for
each hex of the maneuver inside a gun's reach and altitude band, the chance of its hit
(its flak value, less 2 a level off its optimum, against the aircraft's defence factor;
I-p.2), so a pilot keeps above the Bofors unless its strike takes it down there ("one pass
then away", U-p.13).

With a SAM in flight at it or a SAM radar's lock on it, a pilot also scores what its
defence will be at the end of the maneuver (Intruders I-p.3): the deck (+2; the radar's
lock −4 there too), and its aspect to the site, the SAM's own modifiers read as the
defender's gain (front −3, side −2 to the missile).  Enemies are expected to fly to their own
markers, which lie face up on the mat (with the hidden-markers option only the marker's
hex shows: a Straight to it, or for an enemy it tails the side the enemy must tell).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.hexmap import Hex
from engine.phantoms import hexgrid
from engine.phantoms.forecast import Forecast, forecast
from engine.phantoms.state import PlaneState
from models.phantoms.common import MANEUVER_CLASS, MANEUVERS, Maneuver
from models.phantoms.orders import MarkerOrder

GUN_SCORE = 60.0
HEAT_SCORE = 45.0
RADAR_SCORE = 30.0
THREAT_WEIGHT = 0.9
"""An enemy's shot on it counts this much against its own shot on the enemy."""
RANGE_WEIGHT = 2.0
LEVEL_WEIGHT = 3.0
SLOW_PENALTY = 12.0
HARD_WHEN_INBOUND = 35.0
FLAK_WEIGHT = 30.0
"""Score per expected AAA hit along a maneuver (a hit often destroys a light jet)."""
LEVEL_CHANGE_COST = 1.0
"""A level climbed or dived for no goal's sake costs this (a tie-break against diving)."""
SAM_DEFENCE_WEIGHT = 6.0
"""Score per point of SAM defence the maneuver's end gives (deck, aspect to the site)."""
SAM_DECK_DEFENCE = 2
"""At level 0 a SAM's target adds 2 (Intruders I-p.3)."""
SAM_ASPECT_DEFENCE = {"front": 3, "side": 2, "rear": 0}
"""The SAM's aspect penalties (front −3, side −2; I-p.3), read as the target's gain."""
STRAIGHT_PREFERENCE = 4.0
"""A Straight costs no speed and keeps every option open: a small prior for it."""
RUN_IN_HEXES = 6
RUN_IN_SCORE = 40.0
"""A striker lined up on its target within this many hexes flies straight at it: every
profile's release wants a straight run-in (Intruders I-p.5)."""
HEAT_RANGE = 4
"""Hexes plus levels a heat-seeker is taken to reach, for scoring (the rules' own limit is
read by the fire rules)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """Where one enemy is expected to be, and what it carries."""

    id: str
    hex: Hex
    facing: int
    level: int
    guns: bool
    heat: bool
    radar_range: tuple[int, int] | None
    """Its radar missiles' shortest and longest range when it can lock and fire them."""


@dataclass(frozen=True, slots=True)
class Flak:
    """A known AAA gun as a pilot sees it: where, how far and how high it reaches, and how
    hard it hits (I-p.2)."""

    hex: Hex
    range_hexes: int
    lowest_level: int
    highest_level: int
    optimum_level: int
    flak: int
    """Its flak value with the radar's +2 when one directs it."""


@dataclass(frozen=True, slots=True)
class Goal:
    """What the aircraft is after: an enemy, or for a striker a hex and a level."""

    target: str | None = None
    strike_hex: Hex | None = None
    strike_level: int | None = None
    home_hex: Hex | None = None
    """Where a striker goes once its stores are gone."""


@dataclass(frozen=True, slots=True)
class Option:
    order: MarkerOrder
    distance: int
    end: Forecast


def shots(
    from_hex: Hex,
    facing: int,
    level: int,
    enemy: Picture | PlaneInfo,
    *,
    guns: bool,
    heat: bool,
    radar_range: tuple[int, int] | None,
) -> float:
    """How good a shot an aircraft at ``from_hex``/``facing``/``level`` has on ``enemy``."""
    if from_hex == enemy.hex and level == enemy.level:
        return 0.0
    best = 0.0
    rng = hexgrid.combat_range(from_hex, level, enemy.hex, enemy.level)
    adjacent = from_hex.distance_to(enemy.hex) == 1
    near = abs(level - enemy.level) <= 1
    if guns and adjacent and near and hexgrid.points_at(from_hex, facing, enemy.hex):
        best = max(best, GUN_SCORE)
    cone = hexgrid.in_cone(from_hex, facing, enemy.hex)
    behind = hexgrid.in_rear_arc(enemy.hex, enemy.facing, from_hex, 180.0)
    if heat and cone and near and rng <= HEAT_RANGE and behind:
        best = max(best, HEAT_SCORE)
    if radar_range is not None and cone and radar_range[0] <= rng <= radar_range[1]:
        best = max(best, RADAR_SCORE)
    return best


@dataclass(frozen=True, slots=True)
class PlaneInfo:
    hex: Hex
    facing: int
    level: int


def options(
    plane: PlaneState,
    legal: Iterable[tuple[MarkerOrder, int]],
) -> list[Option]:
    """Each legal marker with its placement distance, flown on paper."""
    found = []
    for order, distance in legal:
        end = forecast(
            plane.card,
            plane.hex,
            plane.facing,
            plane.level,
            plane.speed,
            order.maneuver,
            order.levels,
            distance,
        )
        found.append(Option(order, distance, end))
    return found


def score(
    plane: PlaneState,
    option: Option,
    enemies: Sequence[Picture],
    goal: Goal,
    *,
    guns: bool,
    heat: bool,
    radar_range: tuple[int, int] | None,
    inbound: int,
    loc_risk: float,
    static_map_edge: int | None = None,
    horizon_hexes: int = 0,
    sam_sites: Sequence[Hex] = (),
    flak: Sequence[Flak] = (),
    defence: int = 0,
) -> float:
    """The option's worth to the pilot (see the module docstring).  ``horizon_hexes`` is
    the longest option's path; ``sam_sites`` the sites of the SAMs threatening it now."""
    end = option.end
    total = 0.0
    me = PlaneInfo(end.hex, end.facing, end.level)
    for enemy in enemies:
        total += shots(
            end.hex, end.facing, end.level, enemy, guns=guns, heat=heat, radar_range=radar_range
        )
        total -= THREAT_WEIGHT * shots(
            enemy.hex,
            enemy.facing,
            enemy.level,
            me,
            guns=enemy.guns,
            heat=enemy.heat,
            radar_range=enemy.radar_range,
        )
    target = next((e for e in enemies if e.id == goal.target), None)
    straight = option.order.maneuver == "S"
    if straight:
        total += STRAIGHT_PREFERENCE
    spare = max(0, horizon_hexes - len(end.path))
    if goal.strike_hex is not None:
        total -= RANGE_WEIGHT * 2 * _to_go(end, goal.strike_hex, spare)
        if goal.strike_level is not None:
            total -= LEVEL_WEIGHT * abs(end.level - goal.strike_level)
        else:  # a recon run: no reason to trade height
            total -= LEVEL_CHANGE_COST * abs(end.level - plane.level)
        total += _nose_on(end, goal.strike_hex)
        run_in = plane.hex.distance_to(goal.strike_hex) <= RUN_IN_HEXES
        lined_up = plane.hex != goal.strike_hex and hexgrid.in_cone(
            plane.hex, plane.facing, goal.strike_hex
        )
        if straight and run_in and lined_up:
            total += RUN_IN_SCORE
    elif goal.home_hex is not None:
        total -= RANGE_WEIGHT * _to_go(end, goal.home_hex, spare)
    elif target is not None:
        total -= RANGE_WEIGHT * end.hex.distance_to(target.hex)
        total -= LEVEL_WEIGHT * abs(end.level - target.level)
        total += _nose_on(end, target.hex)
    if end.speed <= 2:
        total -= SLOW_PENALTY * (3 - end.speed)
    if end.level <= 0:
        total -= 8.0
    total -= 40.0 * loc_risk
    hard = MANEUVER_CLASS[option.order.maneuver] in ("hard_turn", "loop")
    if inbound and hard:
        total += HARD_WHEN_INBOUND
    if static_map_edge is not None and static_map_edge < 2:
        total -= 30.0
    total += SAM_DEFENCE_WEIGHT * sam_defence(end, sam_sites)
    if flak:
        total -= FLAK_WEIGHT * flak_exposure(end, flak, defence)
    return total


def flak_exposure(end: Forecast, guns: Sequence[Flak], defence: int) -> float:
    """Expected AAA hits along the maneuver: for each hex flown (at the level it ends at)
    and each gun that reaches it, the chance the gun's roll beats the aircraft's (I-p.2:
    flak value −2 a level off its optimum, against d10 + the defence factor; level 0 is
    engaged only within 1 hex, level 1 within 2)."""
    level = end.level
    low = 1 if level <= 0 else 2 if level == 1 else None
    expected = 0.0
    for hex_ in end.path or (end.hex,):
        for gun in guns:
            hexes = gun.hex.distance_to(hex_)
            if hexes > gun.range_hexes or (low is not None and hexes > low):
                continue
            if not gun.lowest_level <= level <= gun.highest_level:
                continue
            attack = gun.flak - 2 * abs(level - gun.optimum_level)
            expected += _beats(attack, defence)
    return expected


def _beats(attack: int, defence: int) -> float:
    """The chance that d10 + ``attack`` beats d10 + ``defence`` (ties fail)."""
    return sum(1 for a in range(1, 11) for d in range(1, 11) if a + attack > d + defence) / 100


def _to_go(end: Forecast, goal: Hex, spare_hexes: int) -> int:
    """Hexes from the goal once the option's unflown ``spare_hexes`` are flown straight
    on: the nearest the goal comes along that line (only the goal hex itself counts 0)."""
    distance = end.hex.distance_to(goal)
    for flown in range(1, spare_hexes + 1):
        if distance == 0:
            break
        ahead = hexgrid.ahead(end.hex, end.facing, flown).distance_to(goal)
        distance = min(distance, max(1, ahead))
    return distance


def sam_defence(end: Forecast, sam_sites: Sequence[Hex]) -> int:
    """The SAM defence the maneuver's end gives against its worst-placed threatening site:
    +2 on the deck, and the aspect the site sees (front 3, side 2, rear 0; I-p.3)."""
    if not sam_sites:
        return 0
    deck = SAM_DECK_DEFENCE if end.level <= 0 else 0
    aspects = [SAM_ASPECT_DEFENCE[hexgrid.aspect(end.hex, end.facing, site)] for site in sam_sites]
    return deck + min(aspects)


def _nose_on(end: Forecast, hex_: Hex) -> float:
    if end.hex == hex_:
        return 0.0
    off = hexgrid.relative_bearing_deg(end.hex, end.facing, hex_)
    return (180.0 - off) / 20.0


def all_orders(max_levels: int) -> list[MarkerOrder]:
    """Every marker with every climb or dive up to ``max_levels`` (the rules prune them)."""
    found: list[MarkerOrder] = []
    for maneuver in MANEUVERS:
        for levels in range(-max_levels, max_levels + 1):
            found.append(MarkerOrder(maneuver=_m(maneuver), levels=levels))
    return found


def _m(maneuver: str) -> Maneuver:
    return maneuver  # type: ignore[return-value]
