"""Observation balloons (§Balloons, §Incendiary Ammo).

A balloon starts 1d6 × 500 ft up (unless the scenario gives its height), is winched down
50 ft a round and is safe from fire once on the ground.  Gunfire treats it as Size +4 with
a deflection of +0.  Of the chits drawn against it only the engine, fuel tank, fuel line,
pilot and observer ones count: pilot and observer chits wound the two men in the basket,
the others set the gas alight and the balloon explodes.  With incendiary ammunition every
critical-hit chit explodes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from engine.dice import Dice
from engine.otl.optional.events import OptionalEvent
from engine.otl.state import Wound
from models.otl.scenario import GroundUnit

BALLOON_SIZE = 4
"""A balloon's Size Modifier on the Gunfire Chart."""
BALLOON_DEFLECTION = 0
"""The deflection modifier against a balloon, from any arc."""
SINK_FT_PER_ROUND = 50
HEIGHT_STEP_FT = 500
"""A balloon starts 1d6 of these up."""
ENGINE_CHITS = frozenset({"engine_fire", "engine_hit", "engine_out", "engine_smoking"})
FUEL_CHITS = frozenset({"gas_tank", "gas_tank_fire", "gas_tank_explodes", "fuel_line_cut"})
"""Fuel tank and fuel line chits."""
CREW_CHITS: dict[str, tuple[Literal["pilot", "observer"], Wound]] = {
    "pilot_light": ("pilot", "light"),
    "pilot_heavy": ("pilot", "heavy"),
    "pilot_killed": ("pilot", "killed"),
    "observer_light": ("observer", "light"),
    "observer_heavy": ("observer", "heavy"),
    "observer_killed": ("observer", "killed"),
}
"""Crew chits: which of the basket's two men each hits, and how badly."""
WOUND_ORDER: tuple[Wound, ...] = ("none", "light", "heavy", "killed")
BalloonStatus = Literal["aloft", "grounded", "exploded"]
BalloonEffect = Literal["ignored", "wounded", "exploded"]


def is_critical_chit(chit_key: str) -> bool:
    """Every chit but a Miss and the Wing and Fuselage Checks is a critical hit."""
    return chit_key != "miss" and not chit_key.startswith(("wing", "fuselage"))


def worse_wound(now: Wound, new: Wound) -> Wound:
    return max(now, new, key=WOUND_ORDER.index)


@dataclass
class BalloonState:
    """One balloon in the game."""

    id: str
    side: str
    x_in: float
    y_in: float
    alt_ft: float
    status: BalloonStatus = "aloft"
    wounds: dict[str, Wound] = field(default_factory=lambda: {"pilot": "none", "observer": "none"})
    """The basket's two occupants, hit by pilot and observer chits."""

    @property
    def targetable(self) -> bool:
        """Aloft: it may be fired at (on the ground it is safe, §Balloons)."""
        return self.status == "aloft"

    @property
    def xyz(self) -> tuple[float, float, float]:
        return (self.x_in, self.y_in, self.alt_ft)


def launch_balloon(unit: GroundUnit, dice: Dice) -> BalloonState:
    """The balloon a ``balloon`` ground unit stands for, at its given height or 1d6 × 500 ft."""
    if unit.kind != "balloon":
        raise ValueError(f"{unit.id} is {unit.kind}, not a balloon")
    alt_ft = unit.alt_ft
    if alt_ft is None:
        alt_ft = HEIGHT_STEP_FT * dice.d6(f"balloon height, {unit.id}")
    status: BalloonStatus = "aloft" if alt_ft > 0 else "grounded"
    return BalloonState(unit.id, unit.side, unit.x_in, unit.y_in, float(alt_ft), status)


def sink_balloon(balloon: BalloonState, round_no: int) -> OptionalEvent | None:
    """Winch the balloon down 50 ft (end of a round); the event when it reaches the ground."""
    if balloon.status != "aloft":
        return None
    balloon.alt_ft = max(0.0, balloon.alt_ft - SINK_FT_PER_ROUND)
    if balloon.alt_ft > 0:
        return None
    balloon.status = "grounded"
    return OptionalEvent(
        "otl.balloon",
        (balloon.id,),
        f"balloon {balloon.id} is on the ground, safe (round {round_no})",
        {"effect": "grounded", "round": round_no},
    )


def balloon_chit(balloon: BalloonState, chit_key: str, incendiary: bool) -> BalloonEffect:
    """Apply one chit drawn against the balloon and say what it did."""
    if balloon.status != "aloft":
        return "ignored"
    critical = is_critical_chit(chit_key)
    if (incendiary and critical) or chit_key in ENGINE_CHITS or chit_key in FUEL_CHITS:
        balloon.status = "exploded"
        return "exploded"
    if chit_key in CREW_CHITS:
        man, wound = CREW_CHITS[chit_key]
        balloon.wounds[man] = worse_wound(balloon.wounds[man], wound)
        return "wounded"
    return "ignored"


def balloon_damage(
    balloon: BalloonState,
    chit_keys: Iterable[str],
    incendiary: bool,
    *,
    attacker: str,
    round_no: int,
) -> OptionalEvent:
    """Apply a chit draw against the balloon, in the order drawn (chits after the explosion
    do nothing)."""
    keys = tuple(chit_keys)
    effects = [balloon_chit(balloon, key, incendiary) for key in keys]
    if balloon.status == "exploded":
        said = "explodes in flames"
    elif "wounded" in effects:
        said = "its crew is hit (" + ", ".join(f"{m} {w}" for m, w in balloon.wounds.items()) + ")"
    else:
        said = "no harm done"
    return OptionalEvent(
        "otl.balloon",
        (balloon.id, attacker),
        f"balloon {balloon.id}, {len(keys)} chits from {attacker}: {said}",
        {
            "chits": keys,
            "effects": tuple(effects),
            "status": balloon.status,
            "wounds": dict(balloon.wounds),
            "round": round_no,
        },
    )
