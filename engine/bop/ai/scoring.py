"""How an AI pilot judges where a candidate plot leaves it (lower scores are better).

Every score reads the end of the game-turn: the pilot's own end position, Velocity and speed
against where it expects the bandit then (:mod:`.contacts`).  Angles are in degrees, so one
point of score is about one degree of angle-off; ranges and speeds are converted at the rates
below.  The aims are the usual BFM ones (reference: bfm.md): offensive — point at the bandit
(small ATA), sit at its tail (small AA) and close to gun range without overshooting; defensive
— deny the attacker's Nose (large ATA for it), turn across its path (large HCA) and extend when
far enough; at a merge — pass clear and turn the way the fight wanted.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.atmosphere import FT_PER_S_PER_KT
from engine.bop.maneuvers.geometry import (
    TURN_S,
    Vec,
    angle_deg,
    cross,
    dot,
    norm,
    scale,
    sub,
    unit,
)

WANTED_RANGE_FRACTION = 0.45
MIN_WANTED_RANGE_FT = 800.0
SCORE_PER_KFT = 30.0
"""Score per 1,000 ft beyond the wanted range (offensive)."""
CLOSURE_WEIGHT_PER_KT = 0.15
"""Score per knot of closure away from the wanted closure (offensive)."""
MAX_CLOSURE_KT = 150.0
NOSE_ON_RANGE_FACTOR = 1.5
"""Within this many gun ranges the attacker cares twice as much for its Nose (the shot)."""
GUN_SOLUTION_BONUS = 60.0
"""Ending the game-turn with the bandit on the Nose inside gun range."""
GUN_RANGE_MARGIN_FT = 300.0
"""Ranges are counted in whole hexes along the bearing: aim this far inside the gun's."""
GUN_CONE_DEG = 15.0
"""ATA within which the bandit sits in the Nose's PHAD cell (cells are 30° wide)."""
OVERSHOOT_PENALTY = 40.0
"""Ending in front of the bandit's 3/9 line, close, with it behind: an overshoot."""
COLLISION_RANGE_FT = 600.0
COLLISION_PENALTY = 150.0
DEPARTURE_PENALTY = 30.0
"""Per Departure Point the plot earns (SoP 05): the pilot avoids departure checks."""
SLOW_PENALTY_PER_KT = 0.5
"""Per knot below the pilot's slowest useful speed."""
FLOOR_PENALTY_PER_FT = 0.2
"""Per foot below the pilot's altitude floor (the training rules' hard deck)."""
SINK_LOOKAHEAD_S = 12.0
"""A dive is judged by where it would be two game-turns on: pull-outs take time."""
ALTITUDE_LOSS_PER_FT = 0.004
"""Per foot of altitude given away in the game-turn: 1,000 ft costs about 4° of angle."""
JINK_RANGE_FACTOR = 1.5
"""Within this many gun ranges of the attacker the defender jinks."""
EXTEND_RANGE_FT = 9_000.0
"""A defender this far from an attacker that points well away from it, and faster than it
by ``EXTEND_SPEED_MARGIN_KT``, extends (separation, bfm.md)."""
EXTEND_SPEED_MARGIN_KT = 50.0
WRONG_SENSE_PENALTY = 80.0
"""At the merge: a turn the other way from the one the fight wants."""
ONSET_FREE_G = 5.0
"""A rise of more than this within a game-turn calls for a G Onset check (SoP 04)."""
PENALTY_PER_ONSET_G = 10.0
OFF_PLANE_PER_FT = 0.01
"""Per foot the attacker ends out of the plane the bandit turns in, beyond
``OFF_PLANE_FREE_FT``: the gun's Nose cell is 30° wide, so 1,400 ft above the bandit's plane
at gun range is a cell off; a climb that eases closure (a yo-yo) must come back down."""
OFF_PLANE_FREE_FT = 400.0
STRAIGHT_SINE = 0.02
"""A bandit whose lead point lies within about a degree of its Velocity flies straight: it
turns in no plane."""
CRUISE_TURN_WEIGHT = 0.05
"""Searching with nobody seen yet: score per degree of heading given up (keep straight on)."""


@dataclass(frozen=True, slots=True)
class OwnEnd:
    """Where a candidate plot leaves the pilot's aircraft."""

    position_ft: Vec
    velocity: Vec
    """Unit vector of the Velocity at the end of the game-turn."""
    speed_kt: int
    departure_points: int
    sense: int
    """Which way the plot turned the heading: +1 left, −1 right, 0 neither."""
    greatest_load_g: float
    crew_g_cost: float
    """Expected cost of the pilot's Crew G check at the greatest load (:mod:`.g_risk`)."""
    onset_g: float
    """How far the greatest load rises above the load the game-turn starts at (G Onset)."""


@dataclass(frozen=True, slots=True)
class Bandit:
    """The bandit as expected at the end of the game-turn (and a game-turn later)."""

    position_ft: Vec
    velocity_ft_s: Vec
    later_ft: Vec
    """Where it would be a game-turn after that: the lead point."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The pilot's own numbers for this game-turn."""

    gun_range_ft: float
    slowest_kt: float
    floor_ft: float
    start_alt_ft: float = 0.0
    """Altitude at the start of the game-turn (altitude given away is energy lost)."""


def housekeeping(own: OwnEnd, limits: Limits) -> float:
    """What every posture pays: departure points, slow flight, the altitude floor."""
    score = DEPARTURE_PENALTY * own.departure_points
    score += SLOW_PENALTY_PER_KT * max(0.0, limits.slowest_kt - own.speed_kt)
    score += FLOOR_PENALTY_PER_FT * max(0.0, limits.floor_ft - own.position_ft[2])
    # where a dive would take it in the next game-turn: a pilot plans the pull-out
    sink_ft = -min(0.0, own.velocity[2]) * own.speed_kt * FT_PER_S_PER_KT * SINK_LOOKAHEAD_S
    score += FLOOR_PENALTY_PER_FT * max(0.0, limits.floor_ft - (own.position_ft[2] - sink_ft))
    score += ALTITUDE_LOSS_PER_FT * max(0.0, limits.start_alt_ft - own.position_ft[2])
    score += own.crew_g_cost
    score += PENALTY_PER_ONSET_G * max(0.0, own.onset_g - ONSET_FREE_G)
    return score


def cruise(own: OwnEnd, ahead: Vec, limits: Limits) -> float:
    """No enemy in sight, none ever seen: level flight (out of any dive or climb) on the
    heading ``ahead``, clear of the floor, nothing that costs the crew; the heading counts
    for little, only to keep straight on when level already."""
    level = (own.velocity[0], own.velocity[1], 0.0)
    pitch_deg = angle_deg(own.velocity, level) if norm(level) > 1e-9 else 90.0
    turned_deg = angle_deg(level, ahead) if norm(level) > 1e-9 else 0.0
    return pitch_deg + CRUISE_TURN_WEIGHT * turned_deg + housekeeping(own, limits)


def wanted_range_ft(limits: Limits) -> float:
    """Where an attacker wants to be: well inside gun range, clear of the debris."""
    return wanted_range_for(limits.gun_range_ft)


def wanted_range_for(gun_range_ft: float) -> float:
    return max(MIN_WANTED_RANGE_FT, WANTED_RANGE_FRACTION * gun_range_ft)


def wanted_closure_kt(range_ft: float, gun_range_ft: float) -> float:
    """The closure that would bring an attacker to gun range in about two game-turns: none
    inside it, no more than ``MAX_CLOSURE_KT``."""
    wanted_range = wanted_range_for(gun_range_ft)
    closing_kt = (range_ft - wanted_range) / (2 * TURN_S) / FT_PER_S_PER_KT
    return min(MAX_CLOSURE_KT, max(0.0, closing_kt))


def offensive(own: OwnEnd, bandit: Bandit, limits: Limits) -> float:
    """Point at the bandit (lead a little), get to its tail, close to gun range, in the plane
    it turns in."""
    los = sub(bandit.position_ft, own.position_ft)
    range_ft = norm(los)
    ata = angle_deg(own.velocity, los)
    lead_ata = angle_deg(own.velocity, sub(bandit.later_ft, own.position_ft))
    aa = angle_deg(bandit.velocity_ft_s, los)
    nose_weight = 2.0 if range_ft <= NOSE_ON_RANGE_FACTOR * limits.gun_range_ft else 1.0
    score = nose_weight * (0.6 * ata + 0.4 * lead_ata) + 0.5 * aa
    score += SCORE_PER_KFT * max(0.0, range_ft - wanted_range_ft(limits)) / 1_000.0
    own_velocity_ft_s = scale(own.velocity, own.speed_kt * FT_PER_S_PER_KT)
    closure_kt = -dot(sub(bandit.velocity_ft_s, own_velocity_ft_s), unit(los)) / FT_PER_S_PER_KT
    wanted = wanted_closure_kt(range_ft, limits.gun_range_ft)
    score += CLOSURE_WEIGHT_PER_KT * abs(closure_kt - wanted)
    if range_ft < COLLISION_RANGE_FT:
        score += COLLISION_PENALTY
    if ata > 90.0 and range_ft < 4_000.0:
        score += OVERSHOOT_PENALTY
    if ata <= GUN_CONE_DEG and range_ft <= limits.gun_range_ft - GUN_RANGE_MARGIN_FT:
        score -= GUN_SOLUTION_BONUS
    score += OFF_PLANE_PER_FT * max(0.0, off_plane_ft(own.position_ft, bandit) - OFF_PLANE_FREE_FT)
    return score + housekeeping(own, limits)


def off_plane_ft(position_ft: Vec, bandit: Bandit) -> float:
    """How far ``position_ft`` lies out of the plane the bandit turns in (its Velocity and
    its lead point; 0 when it flies straight and the plane is not defined)."""
    ahead = sub(bandit.later_ft, bandit.position_ft)
    normal = cross(bandit.velocity_ft_s, ahead)
    if norm(normal) <= STRAIGHT_SINE * norm(bandit.velocity_ft_s) * norm(ahead):
        return 0.0
    return abs(dot(sub(position_ft, bandit.position_ft), unit(normal)))


def defensive(own: OwnEnd, attacker: Bandit, limits: Limits) -> float:
    """Turn into the attacker (bring it toward the Nose), deny its Nose and cross its path
    (the break turn); inside its gun range, deny its Nose above all (the guns jink); extend
    once far, faster and unthreatened.  Outside gun range the attacker's own ATA counts for
    little: it will not keep the turn the prediction gives it, it will follow."""
    from_attacker = sub(own.position_ft, attacker.position_ft)
    range_ft = norm(from_attacker)
    its_ata = angle_deg(attacker.velocity_ft_s, from_attacker)
    my_ata = angle_deg(own.velocity, scale(from_attacker, -1.0))
    hca = angle_deg(own.velocity, attacker.velocity_ft_s)
    score = my_ata - 0.3 * its_ata - 0.3 * hca
    if range_ft <= JINK_RANGE_FACTOR * limits.gun_range_ft:
        score -= 0.7 * its_ata  # the guns jink: inside its gun range, spoil its solution first
    if its_ata <= GUN_CONE_DEG and range_ft <= limits.gun_range_ft:
        score += GUN_SOLUTION_BONUS
    if range_ft < COLLISION_RANGE_FT:
        score += COLLISION_PENALTY
    if (
        range_ft > EXTEND_RANGE_FT
        and its_ata > 90.0
        and own.speed_kt > attacker_speed_kt(attacker) + EXTEND_SPEED_MARGIN_KT
    ):
        score -= range_ft / 1_000.0 - 0.2 * angle_deg(own.velocity, from_attacker)
    return score + housekeeping(own, limits)


def attacker_speed_kt(attacker: Bandit) -> float:
    return norm(attacker.velocity_ft_s) / FT_PER_S_PER_KT


def merge(own: OwnEnd, bandit: Bandit, limits: Limits, sense: int) -> float:
    """At a high-aspect merge: turn the way the fight wants (``sense``, +1 left, −1 right,
    0 not yet), pass clear of the bandit, then point at it."""
    los = sub(bandit.position_ft, own.position_ft)
    score = 0.5 * angle_deg(own.velocity, los)
    if norm(los) < COLLISION_RANGE_FT * 2:
        score += COLLISION_PENALTY
    if sense and own.sense != sense:
        score += WRONG_SENSE_PENALTY
    return score + housekeeping(own, limits)
