"""Write the Fighter Command control sheets from published figures.

    python -m tools.fc_sheets            # rewrite models/fc/data/sheets/
    python -m tools.fc_sheets --check    # exit 1 if a shipped sheet differs

The seed reads every per-aircraft number off a control sheet and prints none.  This module
is furball's one derivation of them: a table of public figures per type (``FIGURES``, each
with its source) and the arithmetic that turns them into every box, gun, section and chart
on a sheet (docs/fc-sheets.md walks through it; the rulings are in
docs/rulings.md).  The shipped TOML files are this module's output; a test
fails when they differ from it.

The scale (models/fc/common.py): a turn is 1.25 s, a yardstick 216 ft, so speed *s* is
*s* × 117.8 mph; a band is 72 ft, one lawn foot.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from itertools import product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing furball
    sys.path.insert(0, str(ROOT))

from models.fc.common import (  # noqa: E402
    MPH_PER_SPEED,
    RULE_TURN_DEG,
    TURN_S,
    WORLD_FT_PER_LAWN_FT,
    YARDSTICK_LAWN_FT,
)
from models.fc.sheet import SHEETS_DIR, ControlSheet  # noqa: E402
from tools.generated import generator_main  # noqa: E402

G_FT_S2 = 32.174
RHO_SL_SLUG_FT3 = 0.0023769
FT_S_PER_MPH = 5280.0 / 3600.0
DENSITY_15000_FT = 0.6295
"""ISA density ratio at 15,000 ft, the low end of the Battle of Britain's fighter fights."""
CL_MAX = 1.45
"""One clean-wing maximum lift coefficient for all four types (ours): a typical value for
the period's wings, so that wing loading alone separates them at low speed."""
REFERENCE_CLIMB_FT_MIN = 2500.0
"""The Spitfire Mk.Ia's initial climb: the climb rates scale against it."""
REFERENCE_DIVE_MPH = 450.0
"""The Spitfire Mk.Ia's diving limit: the dive limits scale against it."""
CLIMB_GROUP_DEG = 30.0
"""The safe flight-path angle of the Climb and Dive groups (ours): a zoom or a dive."""
OTHER_GROUP_DEG = 10.0
"""The safe flight-path angle of every other group (ours): a shallow climb or descent."""
HARD_Q = 0.5
"""A Hard Turn or Hard Roll box exists only where the type turns at least half as tight as
the best turner at its best speed (ours)."""
HARMONISED_FT = 750.0
"""RAF fighters' guns harmonised at 250 yards in 1940; the .303's reach."""
REFERENCE_MV_M_S = 745.0
"""The .303 Mk VII round's muzzle velocity; other guns' reach scales with theirs."""
REFERENCE_DAMAGE = 4.0
"""The Spitfire's eight-gun burst does 4 damage on an average 2D6 roll (ours)."""
HITS_PER_ROOT_FT2 = 1.5
"""Section hits are 1.5 × the square root of the section's plan area in ft² (ours)."""
ENGINE_NACELLE_FT2 = 27.0
"""Plan area of one engine installation, about 9 ft × 3 ft (a Merlin or DB 601)."""
TAILPLANE_FRACTION = 0.17
"""Tailplane and elevator area as a share of wing area, typical of the period (ours)."""
HE_FACTOR = 1.7
"""An explosive 20 mm shell counts 1.7 × its kinetic energy (ours: kinetic plus the
filler's chemical energy, after Williams and Gustin, Flying Guns: World War II)."""


@dataclass(frozen=True, slots=True)
class Gun:
    """One set of guns as published."""

    id: str
    name: str
    guns: int
    calibre_mm: float
    section: str
    rounds_per_gun: int
    rate_rpm: float
    muzzle_m_s: float
    projectile_g: float
    roll_group: str
    explosive: bool = False
    arc: str = "forward"


@dataclass(frozen=True, slots=True)
class Figures:
    """The published figures one sheet is derived from."""

    id: str
    name: str
    nation: str
    crew: int
    engines: int
    top_mph: float
    climb_ft_min: float
    dive_limit_mph_ias: float
    weight_lb: float
    wing_ft2: float
    span_ft: float
    length_ft: float
    height_ft: float
    fuselage_width_ft: float
    load_limit_g: float
    guns: tuple[Gun, ...]
    sources: tuple[str, ...]
    inward: dict[str, str | None]
    inward_why: str
    handling: tuple[dict[str, object], ...] = ()
    toughness: dict[str, float] | None = None
    cockpit_fraction: float = 0.15


def _browning(side: str, rounds: int) -> Gun:
    return Gun(
        id=f"{side}_brownings",
        name=f"4 × .303 in Browning, {side} wing",
        guns=4,
        calibre_mm=7.7,
        section=f"{side}_wing",
        rounds_per_gun=rounds,
        rate_rpm=1150.0,
        muzzle_m_s=745.0,
        projectile_g=11.3,
        roll_group="brownings",
    )


def _mg_ff(id_: str, name: str, count: int, section: str, rounds: int) -> Gun:
    return Gun(id_, name, count, 20.0, section, rounds, 520.0, 600.0, 134.0, "mg_ff", True)


def _mg_17(id_: str, name: str, count: int, section: str) -> Gun:
    return Gun(id_, name, count, 7.92, section, 1000, 1200.0, 755.0, 12.8, "mg_17")


BROWNING = (
    "the .303 in Browning Mk II: about 1,150 rounds a minute, 2,440 ft/s (745 m/s), 174 gr"
    " (11.3 g) Mk VII ball, as commonly published"
)
HARMONISATION = (
    "Wikipedia, Gun harmonisation; J. Holland, The Battle of Britain (2010): RAF guns"
    " harmonised at 250 yards"
)
MG_FF = (
    "the MG FF: about 520 rounds a minute, 600 m/s, 60-round drums (kanka.io MG FF page;"
    " J. Holland, The Battle of Britain: sixty rounds a cannon); 134 g shell as commonly"
    " published"
)
MG_17 = (
    "the MG 17: about 1,200 rounds a minute, 755 m/s, 12.8 g ball, as commonly published;"
    " 1,000 rounds a gun (J. Holland, The Battle of Britain)"
)
MERLIN_NOTE = {
    "kind": "dive_entry_test",
    "text": (
        "Float-carburettor Merlin: pushing straight over into a Dive box from Level"
        " Flight, Climb or Jink is a skill test (the engine cuts under negative g);"
        " rolling into the dive from a turn is not."
    ),
}
HEAVY_WING = ("left_wing", "right_wing")

FIGURES: tuple[Figures, ...] = (
    Figures(
        id="spitfire-ia",
        name="Supermarine Spitfire Mk.Ia",
        nation="Britain",
        crew=1,
        engines=1,
        top_mph=362.0,
        climb_ft_min=2500.0,
        dive_limit_mph_ias=450.0,
        weight_lb=24.0 * 242.1,
        wing_ft2=242.1,
        span_ft=36.83,
        length_ft=29.92,
        height_ft=11.42,
        fuselage_width_ft=3.0,
        load_limit_g=5.0,
        guns=(_browning("left", 300), _browning("right", 300)),
        sources=(
            "torontoaircrew.com, Spitfire: 362 mph, diving limit 450 mph, initial climb"
            " 2,500 ft/min, wing loading 24 lb/sq ft, eight Brownings with 300 rounds",
            "battleofbritain1940.com, Supermarine Spitfire: span 36 ft 10 in, length 29 ft 11 in",
            "wing area 242.1 sq ft and height 11 ft 5 in as commonly published",
            BROWNING,
            HARMONISATION,
        ),
        inward={
            "left_wing": "fuel",
            "right_wing": "fuel",
            "engine": "fuel",
            "fuel": "cockpit",
            "tail": "cockpit",
            "cockpit": None,
        },
        inward_why=(
            "the main tanks sit in the fuselage between the engine and the cockpit, where"
            " the wing roots meet it"
        ),
        handling=(MERLIN_NOTE,),
    ),
    Figures(
        id="hurricane-i",
        name="Hawker Hurricane Mk.I",
        nation="Britain",
        crew=1,
        engines=1,
        top_mph=328.0,
        climb_ft_min=2520.0,
        dive_limit_mph_ias=390.0,
        weight_lb=6447.0,
        wing_ft2=257.5,
        span_ft=40.0,
        length_ft=31.33,
        height_ft=13.12,
        fuselage_width_ft=3.3,
        load_limit_g=5.0,
        guns=(_browning("left", 333), _browning("right", 333)),
        sources=(
            "battleofbritain1940.com, Hawker Hurricane: 328 mph at 20,000 ft, span 40 ft,"
            " length 31 ft 4 in, eight Brownings with 333 rounds",
            "Military Factory figures (rideaureflections.blogspot.com, 2007): climb 2,520"
            " ft/min, maximum take-off weight 6,447 lb",
            "W. Green, Famous Fighters of the Second World War (1957), via everything2.com:"
            " wing area 257.5 sq ft",
            "fighterworld.com.au, Hawker Hurricane: height 13 ft 1½ in",
            "diving limit 390 mph IAS as commonly quoted",
            BROWNING,
            HARMONISATION,
        ),
        inward={
            "left_wing": "fuel",
            "right_wing": "fuel",
            "engine": "cockpit",
            "fuel": "cockpit",
            "tail": "cockpit",
            "cockpit": None,
        },
        inward_why="its main tanks are in the wing roots of the centre section",
        handling=(
            MERLIN_NOTE,
            {
                "kind": "reach_bonus",
                "text": (
                    "Thick wing, guns close together: a steady gun platform, +1 ft to the"
                    " weapons reach."
                ),
                "modifier": 1,
            },
        ),
        toughness={"tail": 1.25, "cockpit": 1.25},
    ),
    Figures(
        id="bf109e",
        name="Messerschmitt Bf 109E",
        nation="Germany",
        crew=1,
        engines=1,
        top_mph=354.0,
        climb_ft_min=14.0 * 196.85,
        dive_limit_mph_ias=750.0 / 1.609344,
        weight_lb=5740.0,
        wing_ft2=16.05 * 10.7639,
        span_ft=32.375,
        length_ft=28.67,
        height_ft=8.53,
        fuselage_width_ft=2.9,
        load_limit_g=5.0,
        guns=(
            _mg_17("mg_17", "2 × 7.92 mm MG 17 over the engine", 2, "engine"),
            _mg_ff("left_mg_ff", "20 mm MG FF, left wing", 1, "left_wing", 60),
            _mg_ff("right_mg_ff", "20 mm MG FF, right wing", 1, "right_wing", 60),
        ),
        sources=(
            "Flying Heritage & Combat Armor Museum, Bf 109 E-3: 354 mph at 19,700 ft,"
            " loaded 5,740 lb, span 32 ft 4½ in, length 28 ft 8 in",
            "famsch.net, Me-109 Emil: climb 14 m/s",
            "wing area 16.05 m², height 2.60 m and the diving limit of 750 km/h as commonly"
            " published",
            "battleofbritain1940.com, Bf 109E-4: two MG 17 over the engine, two MG FF in the wings",
            MG_17,
            MG_FF,
        ),
        inward={
            "left_wing": "fuel",
            "right_wing": "fuel",
            "engine": "cockpit",
            "fuel": "cockpit",
            "tail": "fuel",
            "cockpit": None,
        },
        inward_why="its one tank is under and behind the pilot's seat",
        handling=(
            {
                "kind": "hard_maneuver_modifier",
                "text": (
                    "Leading-edge slats open near the stall: +1 to the Hard Turn and Hard"
                    " Roll skill tests at speeds 1 and 2."
                ),
                "modifier": 1,
                "speeds": (1, 2),
            },
        ),
    ),
    Figures(
        id="bf110c",
        name="Messerschmitt Bf 110C",
        nation="Germany",
        crew=2,
        engines=2,
        top_mph=336.0,
        climb_ft_min=2165.0,
        dive_limit_mph_ias=700.0 / 1.609344,
        weight_lb=15873.0,
        wing_ft2=414.0,
        span_ft=53.14,
        length_ft=39.69,
        height_ft=13.54,
        fuselage_width_ft=4.0,
        load_limit_g=4.0,
        guns=(
            _mg_ff("mg_ff", "2 × 20 mm MG FF in the nose", 2, "cockpit", 180),
            _mg_17("mg_17", "4 × 7.92 mm MG 17 in the nose", 4, "cockpit"),
            Gun(
                "mg_15",
                "7.92 mm MG 15, rear cockpit",
                1,
                7.92,
                "cockpit",
                750,
                1000.0,
                755.0,
                12.8,
                "mg_15",
                arc="rear",
            ),
        ),
        sources=(
            "aeropedia.com.au, Messerschmitt Bf 110: 336 mph at 19,685 ft, initial climb"
            " 2,165 ft/min, loaded 15,873 lb, wing area 414 sq ft, span 16.20 m, length"
            " 12.10 m, height 4.13 m, two MG FF and four MG 17 forward, one MG 15 aft",
            "aviation-central.com, Bf 110: not manoeuvrable enough to dogfight a Spitfire or"
            " Hurricane",
            "180 rounds a cannon (three drums) and 750 rounds for the MG 15 as commonly"
            " quoted; the diving limit of 700 km/h as commonly quoted",
            MG_17,
            MG_FF,
        ),
        inward={
            "left_wing": "engine",
            "right_wing": "engine",
            "engine": "fuel",
            "fuel": "cockpit",
            "tail": "cockpit",
            "cockpit": None,
        },
        inward_why=(
            "its engines hang in the wings and its tanks sit beside them, inboard of the nacelles"
        ),
        handling=(
            {
                "kind": "rear_gunner",
                "text": "The radio operator's MG 15 covers the tail (the rear gun set).",
            },
        ),
        cockpit_fraction=0.30,
    ),
)


def round_half_up(value: float) -> int:
    """Halves up, after dropping floating-point dust (sin 30° is 0.49999999999999994)."""
    return math.floor(round(value, 9) + 0.5)


def round_to_5(value: float) -> int:
    return 5 * round_half_up(value / 5.0)


def speed_ft_s(speed: int) -> float:
    return speed * MPH_PER_SPEED * FT_S_PER_MPH


def stall_ft_s(f: Figures) -> float:
    """1 g stall, clean, at sea level: sqrt(2 W/S / (rho CLmax))."""
    return math.sqrt(2.0 * f.weight_lb / f.wing_ft2 / (RHO_SL_SLUG_FT3 * CL_MAX))


def load_g(f: Figures, speed: int) -> float:
    """The load the type can pull at ``speed``: lift-limited, (v / v_stall)², up to its
    load limit."""
    return min((speed_ft_s(speed) / stall_ft_s(f)) ** 2, f.load_limit_g)


def radius_ft(f: Figures, speed: int) -> float:
    """The tightest turn at ``speed``: v² / (g √(n² − 1)); infinite when n ≤ 1."""
    n = load_g(f, speed)
    if n <= 1.0:
        return math.inf
    return speed_ft_s(speed) ** 2 / (G_FT_S2 * math.sqrt(n * n - 1.0))


def top_speed(f: Figures) -> int:
    return max(1, round_half_up(f.top_mph / MPH_PER_SPEED))


def dive_speed(f: Figures) -> int:
    """The fastest Dive box: the diving limit as true airspeed at 15,000 ft."""
    tas = f.dive_limit_mph_ias / math.sqrt(DENSITY_15000_FT)
    return max(top_speed(f) + 1, min(5, round_half_up(tas / MPH_PER_SPEED)))


def best_radius_ft() -> float:
    return min(radius_ft(f, s) for f in FIGURES for s in range(1, top_speed(f) + 1))


def turn_quality(f: Figures, speed: int) -> float:
    """How tight the type turns at ``speed`` against the tightest turn of any of the four
    at any speed (1 = the best): degrees per yardstick go as 1 / radius."""
    return best_radius_ft() / radius_ft(f, speed)


def turn_limits(f: Figures, group: str, speed: int) -> tuple[int, int] | None:
    """(min, max) degrees a yardstick, or None when the type cannot fly the box."""
    low, high = RULE_TURN_DEG[group]  # type: ignore[index]
    if group in ("turning", "roll_out"):
        q = turn_quality(f, speed)
        return low, max(low, min(high, round_to_5(low + (high - low) * q)))
    if group in ("hard_turn", "hard_roll"):
        q = turn_quality(f, speed)
        if q < HARD_Q:
            return None
        return low, max(low, min(high, round_to_5(low + (high - low) * (q - HARD_Q) / HARD_Q)))
    return low, high


def safe_bands(speed: int, angle_deg: float, factor: float) -> int:
    """Bands climbed or dived in a turn at ``angle_deg``: the turn's 3 × speed lawn feet
    of flight times sin(angle), one band a lawn foot, scaled by the type's factor."""
    return round_half_up(YARDSTICK_LAWN_FT * speed * math.sin(math.radians(angle_deg)) * factor)


def box_speeds(f: Figures, group: str) -> range:
    top, dive = top_speed(f), dive_speed(f)
    if group == "dive":
        return range(1, dive + 1)
    if group in ("immelmann", "loop"):
        return range(top, dive + 1)
    return range(1, top + 1)


LAYOUT = (
    ("barrel_roll", "climb", "immelmann", "loop"),
    ("jink", "level", "dive", ""),
    ("roll_out", "turning", "hard_turn", "hard_roll"),
)
"""furball's arrangement of the groups on the sheet (docs/rulings.md,
"Adjacent boxes"): Level in the middle with Climb, Dive, Turning and Jink beside it; the
turns in a row below; Immelmann and Loop beside Dive and Climb."""


def boxes(f: Figures) -> list[dict[str, object]]:
    climb_factor = f.climb_ft_min / REFERENCE_CLIMB_FT_MIN
    dive_factor = f.dive_limit_mph_ias / REFERENCE_DIVE_MPH
    found = []
    for row in LAYOUT:
        for group in row:
            if not group:
                continue
            for speed in box_speeds(f, group):
                limits = turn_limits(f, group, speed)
                if limits is None:
                    continue
                vertical = group in ("immelmann", "loop")
                climb_deg = CLIMB_GROUP_DEG if group == "climb" else OTHER_GROUP_DEG
                dive_deg = CLIMB_GROUP_DEG if group == "dive" else OTHER_GROUP_DEG
                found.append(
                    {
                        "group": group,
                        "speed": speed,
                        "min_turn_deg": limits[0],
                        "max_turn_deg": limits[1],
                        "safe_climb_bands": 0
                        if vertical
                        else safe_bands(speed, climb_deg, climb_factor),
                        "safe_dive_bands": 0
                        if vertical
                        else safe_bands(speed, dive_deg, dive_factor),
                    }
                )
    return found


def layout(f: Figures) -> tuple[tuple[str, ...], ...]:
    present = {box["group"] for box in boxes(f)}
    return tuple(tuple(g if g in present else "" for g in row) for row in LAYOUT)


def burst_rounds(gun: Gun) -> float:
    return gun.guns * gun.rate_rpm / 60.0 * TURN_S


def burst_energy_kj(gun: Gun) -> float:
    """Kinetic energy of one turn's fire, explosive shells counted at HE_FACTOR."""
    per_round = 0.5 * gun.projectile_g / 1000.0 * gun.muzzle_m_s**2 / 1000.0
    return burst_rounds(gun) * per_round * (HE_FACTOR if gun.explosive else 1.0)


def reach_dice(gun: Gun) -> int:
    """D6 whose mean (3.5 each) is nearest the reach: 750 ft scaled by muzzle velocity."""
    reach_lawn_ft = HARMONISED_FT * gun.muzzle_m_s / REFERENCE_MV_M_S / WORLD_FT_PER_LAWN_FT
    return max(1, round_half_up(reach_lawn_ft / 3.5))


def ammo_bursts(gun: Gun) -> int:
    return max(1, math.floor(gun.rounds_per_gun / (gun.rate_rpm / 60.0 * TURN_S)))


REFERENCE_BURST_KJ = sum(burst_energy_kj(g) for g in FIGURES[0].guns if g.arc == "forward")


def damage_row(energy_kj: float) -> tuple[int, ...]:
    """Damage on 2D6 rolls 2–12: base × (roll − 1) / 6, base = 4 × energy / Spitfire's."""
    base = REFERENCE_DAMAGE * energy_kj / REFERENCE_BURST_KJ
    return tuple(round_half_up(base * (roll - 1) / 6.0) for roll in range(2, 13))


def section_areas_ft2(f: Figures) -> dict[str, float]:
    """Plan areas: each wing outside the fuselage (root chord 1.3 × mean chord), the
    engines, and the fuselage split front to back (fuel 15 %, cockpit, the rest aft)."""
    root_chord = 1.3 * f.wing_ft2 / f.span_ft
    fuselage = f.length_ft * f.fuselage_width_ft
    wing = (f.wing_ft2 - root_chord * f.fuselage_width_ft) / 2.0
    aft = 1.0 - 0.30 - 0.15 - f.cockpit_fraction
    return {
        "engine": ENGINE_NACELLE_FT2 * f.engines,
        "cockpit": fuselage * f.cockpit_fraction,
        "fuel": fuselage * 0.15,
        "left_wing": wing,
        "right_wing": wing,
        "tail": fuselage * aft + TAILPLANE_FRACTION * f.wing_ft2,
    }


def section_hits(f: Figures) -> dict[str, int]:
    tough = f.toughness or {}
    return {
        name: max(2, round_half_up(HITS_PER_ROOT_FT2 * math.sqrt(area) * tough.get(name, 1.0)))
        for name, area in section_areas_ft2(f).items()
    }


PAIRS = ((2, 12), (3, 11), (4, 10), (5, 9), (6, 8), (7,))
"""2D6 rolls of equal chance; a wing takes the low roll of a pair, the other wing the
high one, so the chart is the same for both wings."""


def chance(roll: int) -> float:
    return (6 - abs(roll - 7)) / 36.0


def hit_location(f: Figures) -> tuple[str, ...]:
    """The 2D6 chart whose chances come nearest each section's share of the plan area:
    every way of giving the six groups of rolls to the wings or a fuselage section, each
    section at least one, least squared error (first found on a tie)."""
    areas = section_areas_ft2(f)
    total = sum(areas.values())
    targets = {
        "wings": (areas["left_wing"] + areas["right_wing"]) / total,
        **{s: areas[s] / total for s in ("engine", "cockpit", "fuel", "tail")},
    }
    names = list(targets)
    best: tuple[float, tuple[str, ...]] | None = None
    for choice in product(names, repeat=len(PAIRS)):
        if set(choice) != set(names) or choice[-1] == "wings":
            continue
        got = dict.fromkeys(names, 0.0)
        for pair, name in zip(PAIRS, choice, strict=True):
            got[name] += sum(chance(r) for r in pair)
        error = sum((got[n] - targets[n]) ** 2 for n in names)
        if best is None or error < best[0] - 1e-12:
            best = (error, choice)
    assert best is not None
    chart: dict[int, str] = {}
    for pair, name in zip(PAIRS, best[1], strict=True):
        for roll in pair:
            chart[roll] = name if name != "wings" else ("left_wing" if roll < 7 else "right_wing")
    return tuple(chart[roll] for roll in range(2, 13))


def guns(f: Figures) -> list[dict[str, object]]:
    return [
        {
            "id": g.id,
            "name": g.name,
            "guns": g.guns,
            "calibre_mm": g.calibre_mm,
            "section": g.section,
            "arc": g.arc,
            "reach_dice": reach_dice(g),
            "roll_group": g.roll_group,
            "ammo_bursts": ammo_bursts(g),
        }
        for g in f.guns
    ]


def damage(f: Figures) -> dict[str, object]:
    forward = [g for g in f.guns if g.arc == "forward"]
    groups: dict[str, float] = {}
    for g in f.guns:
        groups[g.roll_group] = groups.get(g.roll_group, 0.0) + burst_energy_kj(g)
    return {
        "all_sets": damage_row(sum(burst_energy_kj(g) for g in forward)),
        "one_set": {name: damage_row(kj) for name, kj in groups.items()},
    }


def origins(f: Figures) -> dict[str, str]:
    top, dive = top_speed(f), dive_speed(f)
    dive_tas = f.dive_limit_mph_ias / math.sqrt(DENSITY_15000_FT)
    dive_factor = f.dive_limit_mph_ias / REFERENCE_DIVE_MPH
    vs_mph = stall_ft_s(f) / FT_S_PER_MPH
    q = ", ".join(
        f"speed {s} n {load_g(f, s):.2f} r {radius_ft(f, s):.0f} ft q {turn_quality(f, s):.2f}"
        for s in range(1, top + 1)
    )
    areas = section_areas_ft2(f)
    kj = ", ".join(f"{g.id} {burst_energy_kj(g):.0f} kJ" for g in f.guns)
    return {
        "scale": (
            f"Speed s is s × {MPH_PER_SPEED:.1f} mph (a 216 ft yardstick each 1.25 s turn)."
            f" Top speed {f.top_mph:.0f} mph / {MPH_PER_SPEED:.1f} = "
            f"{f.top_mph / MPH_PER_SPEED:.2f} -> {top}. Diving limit "
            f"{f.dive_limit_mph_ias:.0f} mph IAS is {dive_tas:.0f}"
            f" mph true at 15,000 ft -> fastest Dive box {dive}."
        ),
        "boxes": (
            f"Degrees a yardstick go as 1 / turn radius against the tightest turn of the four"
            f" types ({best_radius_ft():.0f} ft). Stall {vs_mph:.0f} mph (W/S"
            f" {f.weight_lb / f.wing_ft2:.1f} lb/sq ft, CLmax {CL_MAX}), load limit"
            f" {f.load_limit_g:.0f} g, radius v²/(g√(n²−1)) at sea level: {q}. Turning and"
            f" Roll Out max = 20 + 25q, Hard Turn and Hard Roll max = 45 + 15(q − 0.5)/0.5"
            f" (none below q 0.5), to the nearest 5°. Immelmann and Loop from top speed to"
            f" the fastest Dive box."
        ),
        "climb_dive": (
            f"Safe bands = 3 × speed × sin(angle) × factor, rounded: 30° in the Climb or"
            f" Dive group, 10° elsewhere; climb factor {f.climb_ft_min:.0f} / 2,500 ft/min ="
            f" {f.climb_ft_min / REFERENCE_CLIMB_FT_MIN:.2f}, dive factor"
            f" {f.dive_limit_mph_ias:.0f} / 450 mph = {dive_factor:.2f}."
        ),
        "handling": "Each note is ours, from the type's well-known traits (docs/fc-sheets.md).",
        "guns": (
            f"Weapons dice: the D6 whose mean is nearest 750 ft × muzzle velocity / 745 m/s"
            f" in lawn feet (72 ft each). Ammo bursts: rounds a gun / (rate × 1.25 s). Burst"
            f" energy (explosive × {HE_FACTOR}): {kj}."
        ),
        "sections": (
            "Hits = 1.5 × √(plan area in ft²)"
            + (f", × {f.toughness}" if f.toughness else "")
            + ": "
            + ", ".join(f"{k} {v:.0f} ft²" for k, v in areas.items())
            + f". Arrows point inward: {f.inward_why}."
        ),
        "hits": (
            "Each 2D6 roll group (2/12, 3/11, 4/10, 5/9, 6/8, 7) goes to the wings (low roll"
            " left, high right) or a fuselage section so the chances come nearest the plan"
            " area shares."
        ),
        "damage": (
            f"Damage on 2D6 = base × (roll − 1) / 6, base = 4 × burst energy /"
            f" {REFERENCE_BURST_KJ:.0f} kJ (the Spitfire's eight guns); one row per weapon"
            " for when only its shot hit."
        ),
    }


def sheet_data(f: Figures) -> dict[str, object]:
    hits = section_hits(f)
    return {
        "format_version": 1,
        "id": f.id,
        "name": f.name,
        "nation": f.nation,
        "crew": f.crew,
        "reconstruction": True,
        "length_ft": round(f.length_ft, 2),
        "span_ft": round(f.span_ft, 2),
        "height_ft": round(f.height_ft, 2),
        "top_speed": top_speed(f),
        "top_speed_only": ("immelmann", "loop"),
        "layout": layout(f),
        "handling": f.handling,
        "hit_location": hit_location(f),
        "sources": f.sources,
        "origins": origins(f),
        "boxes": boxes(f),
        "guns": guns(f),
        "sections": [
            {
                "id": name,
                "hits": hits[name],
                **({"inward": f.inward[name]} if f.inward[name] else {}),
            }
            for name in ("engine", "cockpit", "fuel", "left_wing", "right_wing", "tail")
        ],
        "damage": damage(f),
    }


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(type(value))


def toml_text(data: dict[str, object]) -> str:
    """The sheet as TOML: plain keys first, then the origins, boxes, guns, sections and
    damage tables."""
    lines = [
        f"# Fighter Command control sheet: {data['name']}. furball's reconstruction from",
        "# published figures (docs/fc-sheets.md), not the article's sheet. Written by",
        "# `python -m tools.fc_sheets`; edit the figures there, not this file.",
    ]
    tables = ("origins", "boxes", "guns", "sections", "damage")
    for key, value in data.items():
        if key in tables:
            continue
        if key in ("layout", "sources", "hit_location") and isinstance(value, tuple):
            lines.append(f"{key} = [")
            lines.extend(f"    {_value(item)}," for item in value)
            lines.append("]")
        elif key == "handling":
            lines.append("handling = [")
            lines.extend(f"    {_value(item)}," for item in value)  # type: ignore[attr-defined]
            lines.append("]")
        else:
            lines.append(f"{key} = {_value(value)}")
    lines.append("")
    lines.append("[origins]")
    for key, text in data["origins"].items():  # type: ignore[attr-defined]
        lines.append(f"{key} = {_value(text)}")
    for table in ("boxes", "guns", "sections"):
        for row in data[table]:  # type: ignore[attr-defined]
            lines.append("")
            lines.append(f"[[{table}]]")
            lines.extend(f"{k} = {_value(v)}" for k, v in row.items())
    dmg = data["damage"]
    lines.append("")
    lines.append("[damage]")
    lines.append(f"all_sets = {_value(dmg['all_sets'])}")  # type: ignore[index]
    lines.append("")
    lines.append("[damage.one_set]")
    for key, row in dmg["one_set"].items():  # type: ignore[index]
        lines.append(f"{key} = {_value(row)}")
    return "\n".join(lines) + "\n"


def outputs() -> dict[Path, str]:
    """Every file this module writes, with its text (checked against the model)."""
    found = {}
    for f in FIGURES:
        data = sheet_data(f)
        ControlSheet.model_validate(data)
        found[SHEETS_DIR / f"{f.id}.toml"] = toml_text(data)
    return found


def main(argv: list[str] | None = None) -> int:
    return generator_main((__doc__ or "").splitlines()[0], outputs, argv)


if __name__ == "__main__":
    raise SystemExit(main())
