"""One campaign strike as a Phantoms scenario, in the shape of the shipped Abu Sueir
mission (U-p.13–14): the target at the mat's centre with its Bofors either side and small
arms over it, the strikers coming in low from the west, their cover above, the defenders'
fighters up from the east.

At an airfield the first pair goes for the parked aircraft in one dispersal with its
rockets and the second for the hangars with its bombs (a flight of two or fewer goes for
the parked aircraft, or the hangars when none are left); at any other target every
striker attacks it with its rockets.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from models.phantoms.campaign import PhantomsCampaign, Squadron
from models.phantoms.scenario import PhantomsScenario

TARGET_HEX = "0,0"
HANGARS_HEX = "1,1"
BOFORS_HEXES = ("0,2", "1,-2")
STRIKER_HEXES = ("-10,2", "-10,3", "-11,3", "-11,4", "-12,4", "-12,5", "-13,5", "-13,6")
COVER_HEXES = ("-10,0", "-9,0", "-11,0", "-8,0")
FIGHTER_PAIRS = (("6,3", "7,3", 4, 3), ("5,-4", "6,-4", 5, 2))
"""Where each defending pair starts: its two hexes, facing and level (the Abu Sueir
mission's MiGs and Vampires)."""
CALLSIGNS = {"mig-15bis": "Nasr", "vampire-fb5": "Saqr"}
"""The defenders' callsigns by type; other types use their card id."""
WAVE_HOUR_UTC = {1: 5, 2: 12}
"""Dawn and afternoon (U-p.13), in UTC (Egypt was two hours ahead)."""


@dataclass(frozen=True, slots=True)
class StrikePlan:
    """What flies on one strike and against what."""

    day: int
    wave: int
    squadron: Squadron
    strikers: int
    target: str
    parked: int
    """Parked aircraft in the dispersal attacked (0 at a target that is no airfield)."""
    cover: Squadron | None
    cover_aircraft: int
    fighters: tuple[tuple[str, str], ...]
    """The defending pairs up: (type, pool)."""
    seed: int
    phase: int


@dataclass(frozen=True, slots=True)
class StrikeScenario:
    """The scenario, and which formation each aircraft flies for."""

    scenario: PhantomsScenario
    formation_of: dict[str, str] = field(default_factory=dict)
    """Aircraft id → formation (squadron or pool) id."""


def _aircraft(
    callsign: str,
    type_id: str,
    side: str,
    hex_: str,
    facing: int,
    level: int,
    speed: int,
    quality: str,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "callsign": callsign,
        "type": type_id,
        "side": side,
        "hex": hex_,
        "facing": facing,
        "level": level,
        "speed": speed,
        "quality": quality,
        **extra,
    }


def _aircraft_id(callsign: str) -> str:
    return callsign.lower().replace(" ", "-")


def strike_scenario(campaign: PhantomsCampaign, plan: StrikePlan) -> StrikeScenario:
    """The Phantoms scenario for one strike."""
    attackers, defenders = campaign.attackers, campaign.defenders
    airfield = campaign.airfield(plan.target)
    objective = campaign.objective(plan.target)
    name = campaign.target_name(plan.target)
    ground: list[dict[str, Any]] = []
    if airfield is not None:
        bofors, small_arms = airfield.bofors, airfield.small_arms
        if plan.parked > 0:
            ground.append(
                {
                    "id": "parked-aircraft",
                    "kind": "target",
                    "type": "parked-aircraft",
                    "hex": TARGET_HEX,
                    "count": plan.parked,
                    "side": defenders.side,
                }
            )
        ground.append(
            {
                "id": "hangars",
                "kind": "target",
                "type": airfield.hangars,
                "hex": HANGARS_HEX,
                "side": defenders.side,
            }
        )
    else:
        assert objective is not None
        bofors, small_arms = objective.bofors, objective.small_arms
        ground.append(
            {
                "id": plan.target,
                "kind": "target",
                "type": objective.type,
                "hex": TARGET_HEX,
                "count": objective.count,
                "side": defenders.side,
            }
        )
    for number, guns in enumerate((bofors - bofors // 2, bofors // 2)):
        if guns > 0:
            ground.append(
                {
                    "id": f"bofors-{number + 1}",
                    "kind": "aaa",
                    "type": "bofors-40",
                    "count": guns,
                    "hex": BOFORS_HEXES[number],
                    "side": defenders.side,
                }
            )
    if small_arms:
        ground.append(
            {
                "id": "small-arms",
                "kind": "aaa",
                "type": "small-arms",
                "hex": TARGET_HEX,
                "side": defenders.side,
            }
        )

    aircraft: list[dict[str, Any]] = []
    formation_of: dict[str, str] = {}
    countermeasures = {"radar": attackers.radar_countermeasures, "ir": 0}
    squadron = plan.squadron
    for number in range(1, plan.strikers + 1):
        callsign = f"Venom {number}" if squadron.type.startswith("venom") else f"Strike {number}"
        target, stores = _striker_task(plan, number, airfield is not None)
        extra: dict[str, Any] = {
            "stores": stores,
            "countermeasures": countermeasures,
            "ai": {"role": "striker", "target": target, "profile": attackers.strike_profile},
        }
        if number % 2 == 0:
            extra["wingman"] = _aircraft_id(aircraft[-1]["callsign"])
        aircraft.append(
            _aircraft(
                callsign,
                squadron.type,
                attackers.side,
                STRIKER_HEXES[number - 1],
                1,
                2,
                4,
                squadron.quality,
                **extra,
            )
        )
        formation_of[_aircraft_id(callsign)] = squadron.id
    fighters: list[str] = []
    for pair, (type_id, pool) in enumerate(plan.fighters):
        word = CALLSIGNS.get(type_id, type_id)
        first, second, facing, level = FIGHTER_PAIRS[pair % len(FIGHTER_PAIRS)]
        for place, hex_ in enumerate((first, second)):
            callsign = f"{word} {pair * 2 + place + 1}"
            extra = {} if place == 0 else {"wingman": _aircraft_id(aircraft[-1]["callsign"])}
            aircraft.append(
                _aircraft(
                    callsign,
                    type_id,
                    defenders.side,
                    hex_,
                    facing,
                    level,
                    4,
                    _quality(defenders.experienced_percent, place),
                    **extra,
                )
            )
            formation_of[_aircraft_id(callsign)] = pool
            fighters.append(_aircraft_id(callsign))
    if plan.cover is not None and plan.cover_aircraft > 0 and fighters:
        for number in range(1, plan.cover_aircraft + 1):
            callsign = (
                f"Hunter {number}" if plan.cover.type.startswith("hunter") else (f"Cover {number}")
            )
            extra = {
                "countermeasures": countermeasures,
                "ai": {"role": "fighter", "target": fighters[(number - 1) % len(fighters)]},
            }
            if number % 2 == 0:
                extra["wingman"] = _aircraft_id(aircraft[-1]["callsign"])
            aircraft.append(
                _aircraft(
                    callsign,
                    plan.cover.type,
                    attackers.side,
                    COVER_HEXES[number - 1],
                    1,
                    5,
                    5,
                    plan.cover.quality,
                    **extra,
                )
            )
            formation_of[_aircraft_id(callsign)] = plan.cover.id
    date = campaign.days[plan.day - 1].date
    time = datetime.datetime.combine(
        date, datetime.time(WAVE_HOUR_UTC.get(plan.wave, 9)), tzinfo=datetime.UTC
    )
    cover = "" if plan.cover is None or not fighters else f", {plan.cover.name} covering"
    data = {
        "format_version": 1,
        "rules": "phantoms",
        "name": f"{campaign.name}, day {plan.day}: {squadron.name} on {name}",
        "description": (
            f"{campaign.name}, {date.isoformat()}, strike {plan.wave} of the day "
            f"(phase {plan.phase}, {campaign.phases[plan.phase - 1].name}): "
            f"{plan.strikers} × {squadron.type} of {squadron.name} against {name}{cover}; "
            f"{len(plan.fighters) * 2} defending fighters up."
        ),
        "victory": "Attackers: damage the target; defenders: shoot down the attackers.",
        "year": campaign.year,
        "turns": campaign.mission_turns,
        "seed": plan.seed,
        "reference": {
            "lat_deg": campaign.reference_lat_deg,
            "lon_deg": campaign.reference_lon_deg,
            "time": time,
        },
        "ground": ground,
        "aircraft": aircraft,
    }
    return StrikeScenario(PhantomsScenario.model_validate(data, strict=False), formation_of)


def _striker_task(plan: StrikePlan, number: int, at_airfield: bool) -> tuple[str, dict[str, int]]:
    """(target id, stores) of the ``number``-th striker."""
    squadron = plan.squadron
    bombs = dict(squadron.bomb_stores or squadron.stores)
    if not at_airfield:
        return plan.target, dict(squadron.stores)
    if plan.parked == 0:
        return "hangars", bombs
    if number <= 2 or plan.strikers <= 2:
        return "parked-aircraft", dict(squadron.stores)
    return "hangars", bombs


def _quality(experienced_percent: int, place: int) -> str:
    """A pair's leader is Experienced and its wingman Average when half the crews are
    Experienced (U-p.13); all one or the other at 100% or 0%."""
    if experienced_percent >= 100:
        return "experienced"
    if experienced_percent <= 0:
        return "average"
    return "experienced" if place == 0 else "average"
