"""Control Cards, missiles and aircraft for the air-combat tests, built in Python.

The figures the worked examples fix are the examples' own (the MiG-21's cannon +6 and
"difference 1 → 2 hits", the F-4's defence 4, the F-16's radar 6, the AIM-7's Hit # 7);
everything else is a plausible test value, not a claim about the real cards.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.hexmap import Hex
from engine.phantoms.state import Marker, PlaneState
from models.phantoms.card import ControlCard
from models.phantoms.common import Maneuver, Quality
from models.phantoms.missiles import MissileType


def card(card_id: str, **fields: Any) -> ControlCard:
    """A valid Control Card with test values, overridden by ``fields``."""
    data: dict[str, Any] = {
        "id": card_id,
        "name": card_id.upper(),
        "country": "test",
        "group": "us",
        "year": 1970,
        "crew": 1,
        "max_level_speed": 8,
        "max_loaded_speed": 6,
        "max_dive_speed": 9,
        "speed_change": 2,
        "speed_change_damaged": 1,
        "climb_cost": 1,
        "dive_gain": 1,
        "maneuver_chart": tuple(
            {"speed": s, "turn": 2, "hard_turn": 3, "sideslip": 2, "loop": 4} for s in range(1, 10)
        ),
        "maneuver_cost": {"turn": 1, "hard_turn": 2, "sideslip": 1, "loop": 3},
        "defense": 4,
        "max_damage": 5,
        "length_ft": 50.0,
        "span_ft": 30.0,
        "height_ft": 15.0,
        "sources": ("test",),
        "derivation": "test values",
    }
    data.update(fields)
    return ControlCard.model_validate(data)


MIG_21 = card(
    "mig-21",
    group="russia",
    year=1967,
    gun_attack=6,
    gun_table=(2, 3, 4, 5, 6),
    gun_bursts=4,
    radar=2,
    missiles={"aa-2": 2},
)
"""Example 1: cannon rating +6; its Gun Combat Table gives 2 hits for a difference of 1 and
(the example implies) 3 for a difference of 2."""
F_4 = card("f-4", crew=2, defense=4, radar=5, gun_attack=5, gun_table=(1, 2, 3, 4), gun_bursts=5)
"""Example 1: "Defense vs. Guns: +4"."""
SEA_HARRIER = card("sea-harrier", group="nato", year=1982, radar=4, all_round_canopy=True)
SKYHAWK = card("a-4", group="third_world", year=1982, defense=5, gun_attack=4, gun_table=(1, 2))
"""Example 2: an Argentine Skyhawk, IR C/M 2 (3rd World, 1982)."""
F_15 = card("f-15", radar=7, year=1976)
MIG_23 = card("mig-23", group="warsaw_pact", year=1975, radar=3)
"""Example 3: a Syrian MiG-23 with C/M +3 (Warsaw Pact, 1982)."""
F_16 = card("f-16", radar=6, year=1979)
"""Example 4: radar value +6."""
SU_30 = card("su-30", group="russia", year=1996, radar=6)
"""Example 4: C/M +4 (Russia after 1990)."""
F_22 = card("f-22", radar=8, stealth=True, year=2005)
AWACS_LIKE = card("e-3", size="large", crew=4, role="aew", radar=9)
GNAT = card("gnat", size="small")
TWO_LOCKS = card("f-14", radar=7, radar_locks=2, crew=2)

AIM_9L = MissileType(id="aim-9l", name="AIM-9L", guidance="HA", hit=9)
AIM_9L_AS_EXAMPLE = MissileType(id="aim-9l", name="AIM-9L (Example 2's +7)", guidance="HA", hit=7)
AIM_9B = MissileType(id="aim-9b", name="AIM-9B", guidance="HN", hit=6)
AIM_9D = MissileType(id="aim-9d", name="AIM-9D", guidance="HW", hit=6)
AA_2 = MissileType(id="aa-2", name="AA-2 Atoll", guidance="HN", hit=5)
AIM_7E = MissileType(id="aim-7e", name="AIM-7E", guidance="RH", hit=7, min_range=2, max_range=12)
AIM_120 = MissileType(
    id="aim-120", name="AIM-120", guidance="ARH", hit=8, min_range=2, max_range=20, radar_value=7
)
AIM_54C = MissileType(
    id="aim-54c",
    name="AIM-54C",
    guidance="ARH",
    hit=7,
    min_range=4,
    max_range=40,
    radar_value=6,
    large_warhead=True,
)


def plane(
    plane_id: str,
    card_: ControlCard,
    hex_: Hex,
    facing: int,
    level: int,
    *,
    quality: Quality = "average",
    speed: int = 6,
    side: str = "",
    marker: Maneuver | None = None,
    **fields: Any,
) -> PlaneState:
    """An aircraft in play with its card's ammunition."""
    state = PlaneState(
        id=plane_id,
        side=side or plane_id,
        card=card_,
        quality=quality,
        hex=hex_,
        facing=facing,
        level=level,
        speed=speed,
        missiles=dict(card_.missiles),
        gun_bursts=card_.gun_bursts,
    )
    if marker is not None:
        state.marker = Marker(maneuver=marker, hexes_to_go=1)
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def dice(*d10s: int, d6s: tuple[int, ...] = ()) -> Dice:
    """Dice replaying these d10 readings (1–10) in order, then these d6s (use
    :func:`faces` to interleave)."""
    faces_ = [("d10", 0 if v == 10 else v) for v in d10s] + [("d6", v) for v in d6s]
    return Dice.seeded(0, recorded=faces_)  # type: ignore[arg-type]


def faces(*rolls: tuple[str, int]) -> Dice:
    """Dice replaying ``("d10", reading)`` / ``("d6", value)`` in this order."""
    recorded = [(kind, 0 if kind == "d10" and v == 10 else v) for kind, v in rolls]
    return Dice.seeded(0, recorded=recorded)  # type: ignore[arg-type]
