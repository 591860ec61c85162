"""Write the hex jet game's aircraft displays and its missile list from the Birds of Prey cards.

    python -m tools.hexjet_displays            # rewrite models/hexjet/data/
    python -m tools.hexjet_displays --check    # exit 1 if a shipped file differs

The seed names each display's parts (the throttle and fuel tracks, the Maneuver Matrix, the
altitude-change, altitude and speed tracks, the Acceleration Chart) and prints none.  This
module is furball's one derivation of them (docs/hexjet.md "The displays"), at furball's
scale (a speed box 100 ft/s, a turn 10 s, a level 1,000 ft; docs/rulings.md H6):

* **Acceleration Chart.**  Each cell is the speed change over one turn at the block's
  reference speed (6 subsonic, 12 supersonic) and 10,000 ft: the Birds of Prey card's
  excess thrust at 1 g for the throttle over the turn (``engine.performance.speed``), then
  the climb or dive's exchange of speed for height at constant energy; in speed boxes,
  rounded.  A climb the aircraft has not the energy for is **P**.
* **Acceleration class.**  High when the afterburning thrust at the card's reference
  combat weight is at least that weight, Normal below.
* **Speed Track.**  Its last box is the top level speed at 15,000 ft (the basic game's
  ceiling), limited by the card's overspeed and Mach limits.
* **Turn allowance.**  Hexsides (60°) a turn of sustained turning at full throttle gives,
  by speed; never more than a hexside a hex moved.
* **Gun, missiles, damage.**  The card's gun and bursts; the era's missile load (public
  figures); a damage rating of half the card's damage capacity.

The Su-27 has no Birds of Prey card; its display reads the MiG-29's card (the same
aerodynamic family) with the Su-27's wing, weights and engines.  The shipped TOML files are
this module's output; a test fails when they differ from it.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing furball
    sys.path.insert(0, str(ROOT))

from engine import aero  # noqa: E402
from engine.atmosphere import FT_PER_S_PER_KT, G_FT_S2, isa  # noqa: E402
from engine.performance.speed import DSPEED_KT_PER_G, SECONDS_PER_TURN  # noqa: E402
from models.aircraft import AircraftCard, card_path, load_card  # noqa: E402
from models.hexjet.common import (  # noqa: E402
    FT_S_PER_SPEED,
    LEVEL_FT,
    MAX_LEVEL,
    MAX_LEVEL_CHANGE,
    STALL_SPEED,
    SUPERSONIC_SPEED,
    TURN_S,
)
from models.hexjet.display import DISPLAYS_DIR, WEAPONS_PATH  # noqa: E402
from tools.generated import generator_main  # noqa: E402

CHART_ALT_FT = 10_000.0
"""Where the chart is worked out: the middle of the basic game's 0–15 levels."""
TOP_SPEED_ALT_FT = MAX_LEVEL * LEVEL_FT
REFERENCE_SPEED = {"subsonic": 6, "supersonic": 12}
"""The speed box each block of the chart is worked out at."""
SPEED_SCALE = TURN_S / SECONDS_PER_TURN
"""A Birds of Prey ΔSpeed is over a 6 s game-turn; the hex game's turn is 10 s."""
THROTTLES = {"AB": "ab", "MIL": "mil", "IDLE": "idle"}

BOP = "furball's Birds of Prey card for this type (models/cards/)"
JANES = "Jane's All the World's Aircraft (year of the variant): weights, engines, armament"
GUNSTON = "B. Gunston, The Osprey Encyclopedia of Russian Aircraft (weights, engines, armament)"
MISSILES = "Published missile figures (Jane's Air-Launched Weapons): seeker, aspect, warhead"


@dataclass(frozen=True)
class Type:
    """One type: its display id, the Birds of Prey card it reads, and its air-to-air load."""

    id: str
    name: str
    card: str
    missiles: dict[str, int]
    sources: tuple[str, ...]


TYPES: tuple[Type, ...] = (
    Type("mig-21", "MiG-21MF Fishbed-J", "mig-21mf", {"r-13m": 4}, (BOP, GUNSTON)),
    Type("mig-23", "MiG-23MLD Flogger-K", "mig-23mld", {"r-24r": 2, "r-60": 4}, (BOP, GUNSTON)),
    Type("mig-29", "MiG-29 Fulcrum-A", "mig-29", {"r-27r": 2, "r-73": 4}, (BOP, GUNSTON)),
    Type(
        "su-27",
        "Su-27 Flanker-B",
        "mig-29",
        {"r-27r": 6, "r-73": 4},
        ("furball's Birds of Prey card for the MiG-29, with the Su-27's figures", GUNSTON, JANES),
    ),
    Type("f-4e", "F-4E Phantom II", "f-4e", {"aim-7m": 4, "aim-9l": 4}, (BOP, JANES)),
    Type("f-5e", "F-5E Tiger II", "f-5e", {"aim-9j": 2}, (BOP, JANES)),
    Type("f-15c", "F-15C Eagle", "f-15c", {"aim-7m": 4, "aim-9l": 4}, (BOP, JANES)),
    Type("f-16c", "F-16C Fighting Falcon", "f-16c", {"aim-7m": 2, "aim-9l": 4}, (BOP, JANES)),
)

SU27 = {
    "type_id": "Su-27",
    "name": "Su-27 Flanker-B",
    "length_ft": 71.9,
    "span_ft": 48.2,
    "height_ft": 19.5,
    "wing_area_ft2": 667.0,
    "empty_lb": 36_100.0,
    "reference_combat_lb": 50_000.0,
    "dry_thrust_lbf": 16_900.0,
    "ab_thrust_lbf": 27_560.0,
    "overspeed_keas_kt": 755.0,
    "max_mach": 2.35,
    "damage_capacity": 20,
}
"""The Su-27's public figures (Gunston; Jane's): AL-31F ×2, 667 sq ft wing, combat weight
with 50 % fuel and six missiles."""


@dataclass(frozen=True)
class MissileFigures:
    id: str
    name: str
    guidance: str
    all_aspect: bool
    min_hexes: int
    max_hexes: int
    hit: int
    damage: int


MISSILE_LIST: tuple[MissileFigures, ...] = (
    MissileFigures("aim-9j", "AIM-9J Sidewinder", "ir", False, 1, 5, 8, 2),
    MissileFigures("aim-9l", "AIM-9L Sidewinder", "ir", True, 1, 6, 8, 3),
    MissileFigures("aim-7m", "AIM-7M Sparrow", "radar", True, 3, 15, 9, 4),
    MissileFigures("r-13m", "R-13M (AA-2D Atoll)", "ir", False, 1, 5, 9, 2),
    MissileFigures("r-60", "R-60 (AA-8 Aphid)", "ir", False, 1, 4, 8, 1),
    MissileFigures("r-73", "R-73 (AA-11 Archer)", "ir", True, 1, 7, 7, 3),
    MissileFigures("r-24r", "R-24R (AA-7 Apex)", "radar", True, 3, 12, 9, 4),
    MissileFigures("r-27r", "R-27R (AA-10 Alamo)", "radar", True, 3, 15, 9, 4),
)
"""Ranges in 1,000 ft hexes for a manoeuvring fighter at low and medium level: the
envelope a pilot expects to hit in, well inside the published kinematic ranges; the hit
number is on 2d6; damage is added to a d6.  The rear-aspect heat-seekers (AIM-9J, R-13M,
R-60) need the shooter behind the target."""


def card_for(kind: Type) -> AircraftCard:
    """The Birds of Prey card a display reads (for the Su-27, the MiG-29's with its figures)."""
    card = load_card(card_path(kind.card))
    if kind.id != "su-27":
        return card
    f = SU27
    return card.model_copy(
        update={
            "type_id": f["type_id"],
            "name": f["name"],
            "length_ft": f["length_ft"],
            "span_ft": f["span_ft"],
            "height_ft": f["height_ft"],
            "wing_area_ft2": f["wing_area_ft2"],
            "weights": card.weights.model_copy(
                update={"empty_lb": f["empty_lb"], "reference_combat_lb": f["reference_combat_lb"]}
            ),
            "engines": card.engines.model_copy(
                update={"dry_thrust_lbf": f["dry_thrust_lbf"], "ab_thrust_lbf": f["ab_thrust_lbf"]}
            ),
            "structure": card.structure.model_copy(
                update={"overspeed_keas_kt": f["overspeed_keas_kt"], "max_mach": f["max_mach"]}
            ),
            "damage": card.damage.model_copy(update={"capacity": f["damage_capacity"]}),
        }
    )


def _kt(speed: float) -> float:
    return speed * FT_S_PER_SPEED / FT_PER_S_PER_KT


def excess_ft_s(card: AircraftCard, throttle: str, speed: float, alt_ft: float) -> float:
    """Speed gained in one 10 s turn at 1 g, ft/s (thrust less drag over weight)."""
    weight = card.weights.reference_combat_lb
    air = isa(alt_ft)
    kt = _kt(speed)
    keas, mach = kt * math.sqrt(air.sigma), kt / air.speed_of_sound_kt
    thrust = aero.thrust_lbf(card, throttle, alt_ft, mach)  # type: ignore[arg-type]
    drag = aero.drag_lbf(card, keas, mach, 1.0, weight)
    gained_kt = DSPEED_KT_PER_G * (thrust - drag) / weight * SPEED_SCALE
    return gained_kt * FT_PER_S_PER_KT


def chart_cell(card: AircraftCard, throttle: str, speed: int, change: int) -> int | str:
    """The speed change in boxes for a turn at ``speed`` with ``change`` levels (climb +), or
    P when the climb needs more energy than the aircraft has."""
    v0 = speed * FT_S_PER_SPEED
    v_flown = max(v0 + excess_ft_s(card, throttle, speed, CHART_ALT_FT), 0.0)
    squared = v_flown * v_flown - 2.0 * G_FT_S2 * change * LEVEL_FT
    if squared <= (STALL_SPEED * FT_S_PER_SPEED) ** 2 * 0.25:
        return "P"
    return round((math.sqrt(squared) - v0) / FT_S_PER_SPEED)


def top_speed(card: AircraftCard, afterburner: bool) -> int:
    """The last speed box: top level speed at 15,000 ft within the card's limits."""
    throttle = "ab" if afterburner else "mil"
    air = isa(TOP_SPEED_ALT_FT)
    limit_kt = min(
        card.structure.overspeed_keas_kt / math.sqrt(air.sigma),
        card.structure.max_mach * air.speed_of_sound_kt,
    )
    best = STALL_SPEED
    speed = STALL_SPEED
    while speed <= 30 and _kt(speed) <= limit_kt:
        if excess_ft_s(card, throttle, speed, TOP_SPEED_ALT_FT) < 0:
            break
        best = speed
        speed += 1
    return max(best, SUPERSONIC_SPEED if afterburner else best)


def turn_allowance(card: AircraftCard, afterburner: bool, speed: int) -> int:
    """Hexsides a turn of sustained turning gives at ``speed``, never more than ``speed``."""
    if speed < STALL_SPEED:
        return 0
    throttle = "ab" if afterburner else "mil"
    kt = _kt(speed)
    load = aero.sustained_load_g(card, throttle, CHART_ALT_FT, kt, card.weights.reference_combat_lb)
    limit = aero.safe_load_g(card, card.weights.reference_combat_lb)
    rate = aero.turn_rate_deg_s(min(load, limit), kt)
    return max(1, min(speed, int(rate * TURN_S / 60.0)))


def _cell_text(cell: int | str) -> str:
    return '"P"' if cell == "P" else str(cell)


def display_toml(kind: Type) -> str:
    card = card_for(kind)
    weight = card.weights.reference_combat_lb
    afterburner = card.engines.ab_thrust_lbf is not None
    wet = card.engines.count * (card.engines.ab_thrust_lbf or card.engines.dry_thrust_lbf)
    high = afterburner and wet >= weight
    acceleration = "high" if high else "normal"
    max_speed = top_speed(card, afterburner)
    allowances = [turn_allowance(card, afterburner, s) for s in range(max_speed + 1)]
    lines = [
        "# A hex jet game aircraft display: furball's reconstruction, written by",
        "# tools/hexjet_displays.py from the Birds of Prey card (docs/hexjet.md). Do not edit",
        "# by hand: change the figures and rerun `python -m tools.hexjet_displays`.",
        "",
        f'id = "{kind.id}"',
        f'name = "{kind.name}"',
        "reconstruction = true",
        f"afterburner = {'true' if afterburner else 'false'}",
        f'acceleration = "{acceleration}"',
        f"max_speed = {max_speed}",
        f"turns = [{', '.join(str(a) for a in allowances)}]",
        f"damage_rating = {max(1, round(card.damage.capacity / 2))}",
        f"length_ft = {card.length_ft:g}",
        f"span_ft = {card.span_ft:g}",
        f"height_ft = {card.height_ft:g}",
        "missiles = { " + ", ".join(f'"{k}" = {v}' for k, v in kind.missiles.items()) + " }",
        "sources = [",
        *(f'    "{s}",' for s in kind.sources),
        "]",
        f'derivation = "{_derivation(card, acceleration, wet, weight, max_speed)}"',
    ]
    if card.guns:
        gun = card.guns[0]
        lethality = gun.count * gun.rate_rpm / 60.0 * (gun.caliber_mm / 20.0) ** 3
        bonus = 1 if lethality >= 95 else (-1 if lethality < 40 else 0)
        lines += [
            "",
            "[gun]",
            f'name = "{gun.count} x {gun.name}"' if gun.count > 1 else f'name = "{gun.name}"',
            f"bursts = {gun.shots}",
            f"hit_bonus = {bonus}",
        ]
    lines += ["", "[chart]"]
    for speed_class, reference in REFERENCE_SPEED.items():
        speed = min(reference, max_speed)
        lines += [
            "[[chart.blocks]]",
            f'speed_class = "{speed_class}"',
            f'acceleration = "{acceleration}"',
            f"# worked out at speed {speed} ({speed * FT_S_PER_SPEED:.0f} ft/s) and "
            f"{CHART_ALT_FT:,.0f} ft; rows dive 6 … climb 6",
            "columns = [",
        ]
        for throttle, bop in THROTTLES.items():
            if throttle == "AB" and not afterburner:
                continue
            cells = [
                chart_cell(card, bop, speed, change)
                for change in range(-MAX_LEVEL_CHANGE, MAX_LEVEL_CHANGE + 1)
            ]
            text = ", ".join(_cell_text(c) for c in cells)
            lines.append(f'    {{ throttle = "{throttle}", results = [{text}] }},')
        lines.append("]")
    return "\n".join(lines) + "\n"


def _derivation(
    card: AircraftCard, acceleration: str, wet: float, weight: float, max_speed: int
) -> str:
    return (
        f"From the {card.name.replace(chr(34), '')} card: {wet:,.0f} lbf with afterburner at "
        f"{weight:,.0f} lb "
        f"(thrust/weight {wet / weight:.2f}: {acceleration} acceleration). Chart cells: excess "
        "thrust at 1 g over a 10 s turn at 10,000 ft, then the climb or dive at constant energy, "
        f"in 100 ft/s boxes; P where a climb exhausts the energy. Top speed box {max_speed}: "
        "level at 15,000 ft within the card's overspeed and Mach limits. Turn allowance: "
        "sustained turn at full throttle for 10 s, in hexsides. Damage rating: half the card's "
        f"capacity {card.damage.capacity}."
    )


def weapons_toml() -> str:
    lines = [
        "# The hex jet game's air-to-air missiles: furball's completion, written by",
        "# tools/hexjet_displays.py from published figures (docs/hexjet.md). Ranges in",
        "# 1,000 ft hexes; hit on 2d6; damage added to a d6.",
    ]
    for m in MISSILE_LIST:
        lines += [
            "",
            "[[missile]]",
            f'id = "{m.id}"',
            f'name = "{m.name}"',
            f'guidance = "{m.guidance}"',
            f"all_aspect = {'true' if m.all_aspect else 'false'}",
            f"min_hexes = {m.min_hexes}",
            f"max_hexes = {m.max_hexes}",
            f"hit = {m.hit}",
            f"damage = {m.damage}",
            f'sources = ["{MISSILES}"]',
        ]
    return "\n".join(lines) + "\n"


def outputs() -> dict[Path, str]:
    found = {DISPLAYS_DIR / f"{kind.id}.toml": display_toml(kind) for kind in TYPES}
    found[WEAPONS_PATH] = weapons_toml()
    return found


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__.splitlines()[0], outputs, argv)


if __name__ == "__main__":
    raise SystemExit(main())
