"""Write the Phantoms Aircraft Control Cards and the missile chart from published figures.

    python -m tools.phantoms_cards            # rewrite models/phantoms/data/
    python -m tools.phantoms_cards --check    # exit 1 if a shipped file differs

The seed names a Control Card for every type but prints none, and the radar missiles' ranges
were lost with their columns.  This module is furball's one derivation: a table of public
figures per type (``FIGURES``) and per missile (``MISSILES``), and the arithmetic that turns
them into every number on a card (docs/phantoms-cards.md walks a player through it; the
rulings are in docs/rulings.md (Phantoms)).  Where furball already has a Birds of Prey
card for a type, the shared figures (dimensions, weights, engines, lift, g limit, published
speeds and turns, guns) are read from that card, so the two games agree.

The shipped TOML files are this module's output; a test fails when they differ from it.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing furball
    sys.path.insert(0, str(ROOT))

from models.aircraft import AircraftCard, card_path, load_card  # noqa: E402
from models.phantoms.card import CARDS_DIR  # noqa: E402
from models.phantoms.common import HEX_FT, LEVEL_FT, SPEED_POINT_KT, TOP_SPEED  # noqa: E402
from models.phantoms.missiles import MISSILES_PATH  # noqa: E402
from tools.generated import generator_main  # noqa: E402

G_FT_S2 = 32.174
FT_S_PER_KT = 1.687810
RHO_SL_SLUG_FT3 = 0.0023769
SOUND_SL_KT = 661.48
TURN_S = 25.0
"""One game turn (ours, docs/rulings.md "Scale")."""
SPEED_POINT_FT_S = SPEED_POINT_KT * FT_S_PER_KT
"""One speed point, 200 ft/s."""
CHART_MAX_HEXES = 12
"""The longest marker distance a Maneuver Chart cell may hold (models/phantoms/card.py)."""
GUN_ANCHOR_LETHALITY = 86.0
"""The MiG-21MF's GSh-23L (one gun x 56.7 rounds/s x (23/20)^3), which Example 1 rates 6."""
GUN_TABLE_LENGTH = 10
STORES_LIMIT_KT = 600.0
"""The usual carriage limit for external stores, about Mach 0.9 at low level."""
COMBAT_ALT_FT = 15_000.0
"""Level 3, where maneuver costs, climb costs and dive gains are worked out."""
THRUST_LAPSE = 0.7
"""Jet thrust falls as the density ratio to this power (a common turbojet rule of thumb)."""
COMBAT_FUEL_FRACTION = 0.25
"""The share of internal fuel a card allows for afterburner in the fight."""

Role = Literal["fighter", "striker", "bomber", "recon", "helicopter", "aew"]
Bombsight = Literal["none", "manual", "advanced", "computer"]


# ---------------------------------------------------------------------------------------------
# The figures table


@dataclass(frozen=True)
class GunFit:
    """One kind of fixed forward-firing gun: how many, rounds each, and the cyclic rate."""

    name: str
    calibre_mm: float
    count: int
    rounds_per_gun: int
    rate_rpm: float

    @property
    def lethality(self) -> float:
        """Weight of fire, as on the Birds of Prey gun tables: guns x rounds/s x (cal/20)^3."""
        return self.count * self.rate_rpm / 60.0 * (self.calibre_mm / 20.0) ** 3

    @property
    def firing_s(self) -> float:
        return self.rounds_per_gun / (self.rate_rpm / 60.0)


@dataclass(frozen=True)
class Figures:
    """Public figures for one type.  With a Birds of Prey card named in ``bop``, the figures
    it carries are read from it (see :func:`resolved`) and left ``None`` here; of the two top
    speeds, the card gives the one it publishes and this table the other."""

    id: str
    name: str
    country: str
    group: str
    year: int
    role: Role = "fighter"
    bop: str | None = None
    crew: int | None = None
    length_ft: float | None = None
    span_ft: float | None = None
    height_ft: float | None = None
    wing_area_ft2: float | None = None
    empty_lb: float | None = None
    combat_lb: float | None = None
    """Take-off weight for a fighter sweep: empty, crew, air-to-air stores, half the fuel."""
    fuel_lb: float | None = None
    engines: int | None = None
    dry_lbf: float | None = None
    """Sea-level static thrust of one engine without afterburner (turboprops and piston
    engines: the equivalent thrust near 200 kt)."""
    ab_lbf: float | None = None
    tsfc_ab_per_hr: float | None = None
    max_kt: float | None = None
    """Top level speed at the best altitude."""
    sl_kt: float | None = None
    """Top level speed at sea level."""
    limit_mach: float | None = None
    limit_keas: float | None = None
    ceiling_ft: float = 50_000.0
    n_max: float | None = None
    """Positive g limit at the combat weight."""
    cl_max: float | None = None
    cd0: float | None = None
    k: float | None = None
    sustained: tuple[float, float, float] | None = None
    """Published sustained turn (deg/s, kt, ft); else derived from thrust and weight."""
    corner_kt: float | None = None
    """Published corner speed; else derived from wing loading and lift."""
    guns: tuple[GunFit, ...] | None = None
    radar_generation: int = 0
    """0 none or ranging only; 1 1950s AI; 2 1960s pulse; 3 1970s; 4 compact pulse-Doppler;
    5 large pulse-Doppler (docs/rulings.md (Phantoms) "Radar value")."""
    missiles: Mapping[str, int] = field(default_factory=dict)
    missile_stations: int = 0
    bombsight: Bombsight = "none"
    points: int | None = None
    air_to_air_load: int = 0
    air_to_ground_load: int = 0
    ecm: tuple[int, int] | None = None
    ecm_after_1969: tuple[int, int] | None = None
    all_round_canopy: bool = False
    robustness: float = 1.0
    wild_weasel: bool = False
    sources: tuple[str, ...] = ()
    note: str = ""


def _hispano(count: int, rounds: int) -> GunFit:
    return GunFit("Hispano 20 mm", 20, count, rounds, 750)


def _aden(count: int, rounds: int) -> GunFit:
    return GunFit("ADEN 30 mm", 30, count, rounds, 1350)


def _m61(rounds: int) -> GunFit:
    return GunFit("M61 20 mm", 20, 1, rounds, 6000)


JANES = "Jane's All the World's Aircraft (year of the variant): dimensions, weights, engines"
STD = "Standard Aircraft Characteristics (US Navy NAVAIR 00-110 / USAF) charts as commonly quoted"
GUNSTON = "B. Gunston, The Osprey Encyclopedia of Russian Aircraft (speeds, weights, engines)"
BOP = "furball's Birds of Prey card for this type (shared figures)"
RAF = "RAF and Fleet Air Arm published figures (Air Publications), as quoted in standard histories"
INTRUDERS = "Intruders I-p.12-13: points, loads, ECM and bombsight class"

# fmt: off
FIGURES: tuple[Figures, ...] = (
    # --- (a) the required group ---------------------------------------------------------
    Figures(
        id="f-4b", name="F-4B Phantom II", country="US", group="us", year=1962, bop="f-4b",
        sl_kt=760, ceiling_ft=56_000, radar_generation=2,
        missiles={"aim-7e": 4, "aim-9b": 4}, missile_stations=8, bombsight="advanced",
        points=200, air_to_air_load=8, air_to_ground_load=20, ecm=(1, 0),
        ecm_after_1969=(3, 2), sources=(BOP, STD, INTRUDERS),
    ),
    Figures(
        id="f-4c", name="F-4C Phantom II", country="US", group="us", year=1963, bop="f-4b",
        sl_kt=760, ceiling_ft=56_000, radar_generation=2,
        missiles={"aim-7e": 4, "aim-9b": 4}, missile_stations=8, bombsight="advanced",
        points=200, air_to_air_load=8, air_to_ground_load=20, ecm=(1, 0),
        ecm_after_1969=(3, 2), sources=(BOP, STD, INTRUDERS),
        note="The USAF's F-4B: the Navy card's airframe and J79s (the -15 differs little).",
    ),
    Figures(
        id="f-4e", name="F-4E Phantom II", country="US", group="us", year=1967, bop="f-4e",
        sl_kt=790, ceiling_ft=58_000, radar_generation=3,
        missiles={"aim-7e": 4, "aim-9e": 4}, missile_stations=8, bombsight="advanced",
        points=225, air_to_air_load=8, air_to_ground_load=20, ecm=(1, 0),
        ecm_after_1969=(3, 2), sources=(BOP, STD, INTRUDERS),
    ),
    Figures(
        id="f-105d", name="F-105D Thunderchief", country="US", group="us", year=1960,
        crew=1, length_ft=64.4, span_ft=34.9, height_ft=19.7, wing_area_ft2=385,
        empty_lb=27_500, combat_lb=35_600, fuel_lb=7_500, engines=1, dry_lbf=16_100,
        ab_lbf=24_500, max_kt=1_208, sl_kt=726, limit_mach=2.1, limit_keas=780,
        ceiling_ft=48_500, n_max=8.67, cl_max=1.0, guns=(_m61(1_028),), radar_generation=1,
        missiles={"aim-9b": 2}, missile_stations=4, bombsight="advanced", points=140,
        air_to_air_load=2, air_to_ground_load=18, ecm=(1, 0), ecm_after_1969=(2, 1),
        robustness=1.2, sources=(JANES, STD, INTRUDERS),
        note="Robustness 1.2: the type was famous for bringing its pilots home.",
    ),
    Figures(
        id="a-4e", name="A-4E Skyhawk", country="US", group="us", year=1962, role="striker",
        crew=1, length_ft=41.3, span_ft=27.5, height_ft=15.0, wing_area_ft2=260,
        empty_lb=9_284, combat_lb=13_000, fuel_lb=5_440, engines=1, dry_lbf=8_500,
        max_kt=585, sl_kt=585, limit_mach=0.94, limit_keas=585, ceiling_ft=42_000,
        n_max=7.0, cl_max=1.2, guns=(GunFit("Mk 12 20 mm", 20, 2, 100, 1_050),),
        bombsight="manual", points=80, air_to_ground_load=12, ecm=(1, 1),
        ecm_after_1969=(3, 2), sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="a-6a", name="A-6A Intruder", country="US", group="us", year=1963, role="striker",
        crew=2, length_ft=54.7, span_ft=53.0, height_ft=16.2, wing_area_ft2=529,
        empty_lb=25_300, combat_lb=37_000, fuel_lb=15_900, engines=2, dry_lbf=9_300,
        max_kt=563, sl_kt=563, limit_mach=0.9, limit_keas=560, ceiling_ft=42_400,
        n_max=6.5, cl_max=1.2, cd0=0.024, bombsight="computer", points=150,
        air_to_ground_load=30, ecm=(3, 2), sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="f-8e", name="F-8E Crusader", country="US", group="us", year=1961, crew=1,
        length_ft=54.5, span_ft=35.7, height_ft=15.75, wing_area_ft2=375, empty_lb=17_541,
        combat_lb=25_000, fuel_lb=8_760, engines=1, dry_lbf=10_700, ab_lbf=18_000,
        max_kt=975, sl_kt=675, limit_mach=1.9, limit_keas=700, ceiling_ft=53_400,
        n_max=6.4, cl_max=1.2, guns=(GunFit("Mk 12 20 mm", 20, 4, 125, 1_050),),
        radar_generation=1, missiles={"aim-9d": 4}, missile_stations=4, bombsight="manual",
        points=120, air_to_air_load=2, air_to_ground_load=0, ecm=(1, 0),
        ecm_after_1969=(3, 0), sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="mig-17f", name="MiG-17F Fresco-C", country="USSR", group="russia", year=1953,
        bop="mig-17f", sl_kt=594, ceiling_ft=54_500, sources=(BOP, GUNSTON),
    ),
    Figures(
        id="mig-19", name="MiG-19S Farmer-C", country="USSR", group="russia", year=1955,
        crew=1, length_ft=41.2, span_ft=29.5, height_ft=12.8, wing_area_ft2=269,
        empty_lb=12_700, combat_lb=16_300, fuel_lb=3_730, engines=2, dry_lbf=5_730,
        ab_lbf=7_160, max_kt=784, sl_kt=620, limit_mach=1.4, limit_keas=620,
        ceiling_ft=57_400, n_max=8.0, cl_max=1.0,
        guns=(GunFit("NR-30 30 mm", 30, 3, 70, 850),), sources=(GUNSTON, JANES),
    ),
    Figures(
        id="mig-21pf", name="MiG-21PF Fishbed-D", country="USSR", group="russia", year=1962,
        crew=1, length_ft=46.9, span_ft=23.5, height_ft=13.5, wing_area_ft2=247.6,
        empty_lb=11_400, combat_lb=14_300, fuel_lb=4_730, engines=1, dry_lbf=8_600,
        ab_lbf=13_610, max_kt=1_161, sl_kt=700, limit_mach=2.05, limit_keas=650,
        ceiling_ft=62_300, n_max=7.0, cl_max=1.0, cd0=0.018, radar_generation=1,
        missiles={"aa-2": 2}, missile_stations=2, sources=(GUNSTON, JANES),
        note="No internal gun; the GP-9 pod was rare on the PF and is left off.",
    ),
    Figures(
        id="mig-21mf", name="MiG-21MF Fishbed-J", country="USSR", group="russia", year=1970,
        bop="mig-21mf", sl_kt=702, ceiling_ft=59_700, radar_generation=2,
        missiles={"aa-2": 2, "aa-2c": 2}, missile_stations=4, sources=(BOP, GUNSTON),
    ),
    Figures(
        id="mig-15bis", name="MiG-15bis Fagot-B", country="USSR", group="russia", year=1950,
        bop="mig-15bis", sl_kt=564, ceiling_ft=50_900, sources=(BOP, GUNSTON),
    ),
    Figures(
        id="f-86f", name="F-86F Sabre", country="US", group="us", year=1952, bop="f-86f",
        max_kt=597, ceiling_ft=48_000, all_round_canopy=True, bombsight="manual",
        sources=(BOP, STD),
    ),
    Figures(
        id="vampire-fb5", name="Vampire FB.5", country="UK", group="nato", year=1949,
        crew=1, length_ft=30.75, span_ft=38.0, height_ft=8.8, wing_area_ft2=262,
        empty_lb=7_283, combat_lb=9_700, fuel_lb=2_540, engines=1, dry_lbf=3_350,
        max_kt=476, sl_kt=460, limit_mach=0.78, limit_keas=450, ceiling_ft=42_800,
        n_max=7.0, cl_max=1.3, cd0=0.018, guns=(_hispano(4, 150),), bombsight="manual",
        sources=(RAF, JANES),
    ),
    Figures(
        id="canberra-b2", name="Canberra B.2", country="UK", group="nato", year=1951,
        role="bomber", crew=3, length_ft=65.5, span_ft=64.0, height_ft=15.7,
        wing_area_ft2=960, empty_lb=21_650, combat_lb=36_000, fuel_lb=11_000, engines=2,
        dry_lbf=6_500, max_kt=495, sl_kt=450, limit_mach=0.84, limit_keas=450,
        ceiling_ft=48_000, n_max=4.0, cl_max=1.3, bombsight="advanced",
        sources=(RAF, JANES),
        note="Advanced bombsight: the Age of the Vampire strike (U-p.7) rates it so.",
    ),
    Figures(
        id="canberra-pr7", name="Canberra PR.7", country="UK", group="nato", year=1954,
        role="recon", crew=2, length_ft=65.5, span_ft=64.0, height_ft=15.7,
        wing_area_ft2=960, empty_lb=23_000, combat_lb=38_000, fuel_lb=14_000, engines=2,
        dry_lbf=7_500, max_kt=505, sl_kt=455, limit_mach=0.84, limit_keas=450,
        ceiling_ft=48_000, n_max=4.0, cl_max=1.3, sources=(RAF, JANES),
    ),
    Figures(
        id="il-28", name="Il-28 Beagle", country="USSR", group="russia", year=1950,
        role="bomber", crew=3, length_ft=57.9, span_ft=70.4, height_ft=22.0,
        wing_area_ft2=654, empty_lb=28_400, combat_lb=40_500, fuel_lb=13_000, engines=2,
        dry_lbf=5_950, max_kt=487, sl_kt=430, limit_mach=0.8, limit_keas=430,
        ceiling_ft=41_000, n_max=4.0, cl_max=1.3, guns=(GunFit("NR-23 23 mm", 23, 2, 100, 850),),
        bombsight="manual", sources=(GUNSTON, JANES),
        note="Only the two fixed nose guns count; the tail turret is not a forward gun.",
    ),
    Figures(
        id="f-15c", name="F-15C Eagle", country="US", group="us", year=1979, bop="f-15c",
        max_kt=1_434, ceiling_ft=65_000, radar_generation=5,
        missiles={"aim-7f": 4, "aim-9l": 4}, missile_stations=8, all_round_canopy=True,
        sources=(BOP, STD),
    ),
    Figures(
        id="f-16c", name="F-16C Fighting Falcon", country="US", group="us", year=1984,
        bop="f-16c", sl_kt=795, ceiling_ft=50_000, radar_generation=4,
        missiles={"aim-9l": 4}, missile_stations=6, all_round_canopy=True,
        bombsight="computer", sources=(BOP, STD),
    ),
    Figures(
        id="mig-29", name="MiG-29 Fulcrum-A", country="USSR", group="russia", year=1983,
        bop="mig-29", max_kt=1_320, ceiling_ft=59_000, radar_generation=4,
        missiles={"aa-10a": 2, "aa-11": 4}, missile_stations=6, all_round_canopy=True,
        sources=(BOP, GUNSTON),
    ),
    Figures(
        id="f-5e", name="F-5E Tiger II", country="US", group="us", year=1973, bop="f-5e",
        sl_kt=660, ceiling_ft=51_800, radar_generation=2, missiles={"aim-9j": 2},
        missile_stations=2, bombsight="manual", sources=(BOP, STD),
    ),
    # --- (b) the seed's scenarios and examples -------------------------------------------
    Figures(
        id="venom-fb1", name="Venom FB.1", country="UK", group="nato", year=1952, crew=1,
        length_ft=31.8, span_ft=41.7, height_ft=6.2, wing_area_ft2=280, empty_lb=8_100,
        combat_lb=11_400, fuel_lb=3_200, engines=1, dry_lbf=4_850, max_kt=556, sl_kt=556,
        limit_mach=0.86, limit_keas=560, ceiling_ft=45_000, n_max=7.0, cl_max=1.3,
        cd0=0.018, guns=(_hispano(4, 150),), bombsight="manual", sources=(RAF, JANES),
    ),
    Figures(
        id="venom-fb4", name="Venom FB.4", country="UK", group="nato", year=1955, crew=1,
        length_ft=31.8, span_ft=41.7, height_ft=6.2, wing_area_ft2=280, empty_lb=8_400,
        combat_lb=11_700, fuel_lb=3_200, engines=1, dry_lbf=5_150, max_kt=556, sl_kt=556,
        limit_mach=0.86, limit_keas=560, ceiling_ft=45_000, n_max=7.0, cl_max=1.3,
        cd0=0.018, guns=(_hispano(4, 150),), bombsight="manual", sources=(RAF, JANES),
    ),
    Figures(
        id="hunter-f6", name="Hunter F.6", country="UK", group="nato", year=1956, crew=1,
        length_ft=45.9, span_ft=33.7, height_ft=13.2, wing_area_ft2=349, empty_lb=12_760,
        combat_lb=17_750, fuel_lb=3_100, engines=1, dry_lbf=10_150, max_kt=621, sl_kt=621,
        limit_mach=1.0, limit_keas=620, ceiling_ft=51_500, n_max=7.5, cl_max=1.1,
        guns=(_aden(4, 150),), all_round_canopy=True, sources=(RAF, JANES),
    ),
    Figures(
        id="hunter-fga9", name="Hunter FGA.9", country="UK", group="nato", year=1960,
        role="striker", crew=1, length_ft=45.9, span_ft=33.7, height_ft=13.2,
        wing_area_ft2=349, empty_lb=13_270, combat_lb=18_500, fuel_lb=3_100, engines=1,
        dry_lbf=10_150, max_kt=621, sl_kt=621, limit_mach=1.0, limit_keas=620,
        ceiling_ft=50_000, n_max=7.5, cl_max=1.1, guns=(_aden(4, 150),),
        all_round_canopy=True, bombsight="manual", sources=(RAF, JANES),
    ),
    Figures(
        id="sea-vixen", name="Sea Vixen FAW.1", country="UK", group="nato", year=1959,
        crew=2, length_ft=55.6, span_ft=51.0, height_ft=10.75, wing_area_ft2=648,
        empty_lb=27_950, combat_lb=35_000, fuel_lb=9_600, engines=2, dry_lbf=11_230,
        max_kt=600, sl_kt=600, limit_mach=0.95, limit_keas=600, ceiling_ft=48_000,
        n_max=6.0, cl_max=1.1, radar_generation=1, missiles={"firestreak": 4},
        missile_stations=4, sources=(RAF, JANES),
    ),
    Figures(
        id="gannet-aew3", name="Gannet AEW.3", country="UK", group="nato", year=1960,
        role="aew", crew=3, length_ft=44.0, span_ft=54.3, height_ft=16.8, wing_area_ft2=490,
        empty_lb=15_000, combat_lb=22_000, fuel_lb=5_000, engines=1, dry_lbf=5_000,
        max_kt=217, sl_kt=217, limit_mach=0.5, limit_keas=300, ceiling_ft=25_000,
        n_max=4.0, cl_max=1.6, cd0=0.035, radar_generation=2, sources=(RAF, JANES),
        note="Double Mamba turboprop: thrust is the equivalent of 3,875 ehp near 200 kt. "
        "Radar: the APS-20 search radar, rated as a 1960s set (it spots, it cannot guide).",
    ),
    Figures(
        id="meteor-nf13", name="Meteor NF.13", country="UK", group="nato", year=1953, crew=2,
        length_ft=48.5, span_ft=43.0, height_ft=13.9, wing_area_ft2=374, empty_lb=12_000,
        combat_lb=16_800, fuel_lb=3_000, engines=2, dry_lbf=3_600, max_kt=504, sl_kt=480,
        limit_mach=0.8, limit_keas=450, ceiling_ft=40_000, n_max=6.0, cl_max=1.4,
        guns=(_hispano(4, 160),), radar_generation=1, sources=(RAF, JANES),
    ),
    Figures(
        id="sea-harrier", name="Sea Harrier FRS.1", country="UK", group="nato", year=1980,
        crew=1, length_ft=47.6, span_ft=25.25, height_ft=12.2, wing_area_ft2=201,
        empty_lb=14_050, combat_lb=19_000, fuel_lb=5_060, engines=1, dry_lbf=21_500,
        max_kt=639, sl_kt=639, limit_mach=1.25, limit_keas=650, ceiling_ft=51_000,
        n_max=7.8, cl_max=1.3, guns=(_aden(2, 100),), radar_generation=2,
        missiles={"aim-9l": 2}, missile_stations=4, all_round_canopy=True,
        bombsight="manual", sources=(RAF, JANES),
    ),
    Figures(
        id="mig-23", name="MiG-23MLD Flogger-K", country="USSR", group="russia", year=1982,
        bop="mig-23mld", sl_kt=729, ceiling_ft=61_000, radar_generation=3,
        missiles={"aa-7a": 2, "aa-8": 4}, missile_stations=6, sources=(BOP, GUNSTON),
        note="Read with the wing at 72 degrees, the Birds of Prey card's start position.",
    ),
    Figures(
        id="su-27", name="Su-27 Flanker-B", country="USSR", group="russia", year=1985, crew=1,
        length_ft=71.9, span_ft=48.2, height_ft=19.5, wing_area_ft2=667, empty_lb=36_100,
        combat_lb=50_000, fuel_lb=20_700, engines=2, dry_lbf=16_900, ab_lbf=27_560,
        tsfc_ab_per_hr=2.0, max_kt=1_350, sl_kt=755, limit_mach=2.35, limit_keas=755,
        ceiling_ft=62_500, n_max=9.0, cl_max=1.8,
        guns=(GunFit("GSh-30-1 30 mm", 30, 1, 150, 1_650),),
        radar_generation=5, missiles={"aa-10a": 6, "aa-11": 4}, missile_stations=10,
        all_round_canopy=True, sources=(GUNSTON, JANES),
    ),
    Figures(
        id="f-105g", name="F-105G Thunderchief (Wild Weasel)", country="US", group="us",
        year=1970, role="striker", crew=2, length_ft=69.6, span_ft=34.9, height_ft=20.2,
        wing_area_ft2=385, empty_lb=28_400, combat_lb=38_000, fuel_lb=7_500, engines=1,
        dry_lbf=16_100, ab_lbf=24_500, max_kt=1_208, sl_kt=726, limit_mach=2.1,
        limit_keas=780, ceiling_ft=48_000, n_max=8.67, cl_max=1.0, guns=(_m61(1_028),),
        radar_generation=1, bombsight="advanced", points=200, air_to_ground_load=18,
        ecm=(4, 3), robustness=1.2, wild_weasel=True, sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="a-7e", name="A-7E Corsair II", country="US", group="us", year=1969,
        role="striker", crew=1, length_ft=46.1, span_ft=38.75, height_ft=16.0,
        wing_area_ft2=375, empty_lb=19_127, combat_lb=28_000, fuel_lb=9_260, engines=1,
        dry_lbf=14_500, max_kt=606, sl_kt=606, limit_mach=0.95, limit_keas=600,
        ceiling_ft=42_000, n_max=7.0, cl_max=1.2, guns=(_m61(1_000),),
        missiles={"aim-9b": 2}, missile_stations=2, bombsight="advanced", points=120,
        air_to_air_load=2, air_to_ground_load=24, ecm=(3, 2), wild_weasel=True,
        sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="a-6e", name="A-6E Intruder", country="US", group="us", year=1972, role="striker",
        crew=2, length_ft=54.7, span_ft=53.0, height_ft=16.2, wing_area_ft2=529,
        empty_lb=26_600, combat_lb=38_000, fuel_lb=15_900, engines=2, dry_lbf=9_300,
        max_kt=563, sl_kt=563, limit_mach=0.9, limit_keas=560, ceiling_ft=42_400,
        n_max=6.5, cl_max=1.2, cd0=0.024, bombsight="computer", points=150,
        air_to_ground_load=30, ecm=(4, 3), wild_weasel=True, sources=(JANES, STD, INTRUDERS),
    ),
    # --- (c) Intruders' mission-generator types ------------------------------------------
    Figures(
        id="a-1h", name="A-1H Skyraider", country="US", group="us", year=1953,
        role="striker", crew=1, length_ft=38.8, span_ft=50.0, height_ft=15.7,
        wing_area_ft2=400, empty_lb=11_968, combat_lb=18_000, fuel_lb=2_300, engines=1,
        dry_lbf=3_500, max_kt=280, sl_kt=260, limit_mach=0.6, limit_keas=350,
        ceiling_ft=28_500, n_max=7.0, cl_max=1.6, cd0=0.03,
        guns=(GunFit("M3 20 mm", 20, 4, 200, 800),), bombsight="manual", points=70,
        air_to_ground_load=13, ecm=(0, 0), robustness=1.3, sources=(JANES, STD, INTRUDERS),
        note="R-3350 piston engine: thrust is the equivalent of 2,700 hp near 200 kt.",
    ),
    Figures(
        id="f-100d", name="F-100D Super Sabre", country="US", group="us", year=1956, crew=1,
        length_ft=50.0, span_ft=38.8, height_ft=16.2, wing_area_ft2=400, empty_lb=21_000,
        combat_lb=29_800, fuel_lb=7_800, engines=1, dry_lbf=10_200, ab_lbf=16_000,
        max_kt=775, sl_kt=690, limit_mach=1.4, limit_keas=700, ceiling_ft=50_000,
        n_max=7.33, cl_max=1.0, guns=(GunFit("M39 20 mm", 20, 4, 200, 1_500),),
        missiles={"aim-9b": 2}, missile_stations=2, bombsight="manual", points=90,
        air_to_air_load=2, air_to_ground_load=12, ecm=(1, 0), sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="f-104c", name="F-104C Starfighter", country="US", group="us", year=1958, crew=1,
        length_ft=54.8, span_ft=21.9, height_ft=13.5, wing_area_ft2=196.1, empty_lb=12_760,
        combat_lb=17_800, fuel_lb=5_800, engines=1, dry_lbf=10_000, ab_lbf=15_800,
        max_kt=1_150, sl_kt=750, limit_mach=2.0, limit_keas=750, ceiling_ft=58_000,
        n_max=7.33, cl_max=0.9, guns=(_m61(725),), missiles={"aim-9b": 4}, missile_stations=4,
        bombsight="manual", points=90, air_to_air_load=4, air_to_ground_load=8, ecm=(0, 0),
        sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="f-111a", name="F-111A Aardvark", country="US", group="us", year=1967,
        role="striker", crew=2, length_ft=73.5, span_ft=63.0, height_ft=17.1,
        wing_area_ft2=525, empty_lb=46_170, combat_lb=70_000, fuel_lb=32_000, engines=2,
        dry_lbf=10_750, ab_lbf=18_500, max_kt=1_262, sl_kt=794, limit_mach=2.5,
        limit_keas=800, ceiling_ft=57_000, n_max=7.33, cl_max=1.2, bombsight="computer",
        points=275, air_to_ground_load=48, sources=(JANES, STD, INTRUDERS),
        note="Wing figures for the spread (16 degree) wing; the gun was rarely fitted.",
    ),
    Figures(
        id="a-37b", name="A-37B Dragonfly", country="US", group="us", year=1967,
        role="striker", crew=2, length_ft=29.3, span_ft=35.9, height_ft=8.9,
        wing_area_ft2=184, empty_lb=6_211, combat_lb=10_000, fuel_lb=3_100, engines=2,
        dry_lbf=2_850, max_kt=440, sl_kt=410, limit_mach=0.7, limit_keas=415,
        ceiling_ft=41_700, n_max=6.0, cl_max=1.4, cd0=0.025,
        guns=(GunFit("GAU-2B/A 7.62 mm", 7.62, 1, 1_500, 6_000),), bombsight="manual",
        points=60, air_to_ground_load=8, ecm=(0, 0), sources=(JANES, STD, INTRUDERS),
    ),
    Figures(
        id="b-52d", name="B-52D Stratofortress", country="US", group="us", year=1956,
        role="bomber", crew=6, length_ft=156.6, span_ft=185.0, height_ft=48.3,
        wing_area_ft2=4_000, empty_lb=177_800, combat_lb=400_000, fuel_lb=270_000,
        engines=8, dry_lbf=10_500, max_kt=546, sl_kt=450, limit_mach=0.9, limit_keas=390,
        ceiling_ft=46_000, n_max=2.0, cl_max=1.0, cd0=0.022, bombsight="advanced",
        points=350, air_to_ground_load=106, ecm=(3, 1), sources=(JANES, STD, INTRUDERS),
        note="The tail turret is not a forward gun and is not rated.",
    ),
    Figures(
        id="hh-3e", name="HH-3E Jolly Green Giant", country="US", group="us", year=1967,
        role="helicopter", crew=4, length_ft=73.0, span_ft=62.0, height_ft=18.1,
        wing_area_ft2=3_020, empty_lb=13_255, combat_lb=19_500, fuel_lb=4_300, engines=2,
        dry_lbf=2_000, max_kt=141, sl_kt=141, limit_mach=0.3, limit_keas=162,
        ceiling_ft=12_000, n_max=2.5, cl_max=0.5, cd0=0.01, corner_kt=60,
        sustained=(8.0, 100, 1_000),
        sources=(JANES, STD),
        note="Rotorcraft: the 'wing' is the rotor disc (62 ft), its lift coefficient on "
        "the disc; the turn figures are a 30-degree-bank rate turn at 100 kt.",
    ),
)


# ---------------------------------------------------------------------------------------------
# Reading the shared figures off a Birds of Prey card


def _bop_card(type_id: str) -> AircraftCard:
    return load_card(card_path(type_id))


def _calibration(card: AircraftCard, quantity: str) -> tuple[float, float, float | None]:
    for target in card.calibration:
        if target.quantity == quantity:
            return target.published, target.alt_ft, target.speed_kt
    raise KeyError(f"{card.type_id} has no {quantity} calibration target")


def resolved(figures: Figures) -> Figures:
    """``figures`` with every figure the Birds of Prey card carries read from that card."""
    if figures.bop is None:
        return figures
    card = _bop_card(figures.bop)
    slow = card.polar_row("Slow")
    combat_lb = card.weights.reference_combat_lb
    wing_load = combat_lb / card.wing_area_ft2
    limits = card.structure.safe_load
    n_max = next(
        (row.safe_load_g for row in limits if wing_load <= row.wing_load_psf_up_to),
        limits[-1].safe_load_g,
    )
    speed_kt, speed_alt_ft, _ = _calibration(card, "max_level_speed_kt")
    turn_dps, turn_alt_ft, turn_kt = _calibration(card, "sustained_turn_deg_s")
    corner_kt, _, _ = _calibration(card, "corner_keas_kt")
    at_altitude = speed_alt_ft >= 5_000
    guns = tuple(
        GunFit(gun.name, gun.caliber_mm, gun.count, gun.rounds, gun.rate_rpm)
        for gun in card.guns or ()
    )
    assert card.length_ft is not None and card.span_ft is not None
    assert card.height_ft is not None and turn_kt is not None
    return replace(
        figures,
        crew=card.crew,
        length_ft=card.length_ft,
        span_ft=card.span_ft,
        height_ft=card.height_ft,
        wing_area_ft2=card.wing_area_ft2,
        empty_lb=card.weights.empty_lb,
        combat_lb=combat_lb,
        fuel_lb=card.weights.internal_fuel_fp * 100.0,
        engines=card.engines.count,
        dry_lbf=card.engines.dry_thrust_lbf,
        ab_lbf=card.engines.ab_thrust_lbf,
        tsfc_ab_per_hr=card.engines.tsfc_ab_per_hr,
        max_kt=speed_kt if at_altitude else figures.max_kt,
        sl_kt=figures.sl_kt if at_altitude else speed_kt,
        limit_mach=card.structure.max_mach,
        limit_keas=card.structure.overspeed_keas_kt,
        n_max=n_max,
        cl_max=slow.cl_max,
        cd0=slow.cd0,
        k=slow.k,
        sustained=(turn_dps, turn_kt, turn_alt_ft),
        corner_kt=corner_kt,
        guns=guns,
    )


# ---------------------------------------------------------------------------------------------
# The derivation


def round_half_up(value: float) -> int:
    return math.floor(value + 0.5)


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def speed_points(kt: float) -> int:
    """Knots to speed points, 118.1 kt each, rounded, 1 to 10 (§6.0's chart stops at 10)."""
    return clamp(round_half_up(kt / SPEED_POINT_KT), 1, TOP_SPEED)


def density_ratio(alt_ft: float) -> float:
    """ISA density over sea-level density."""
    if alt_ft <= 36_089:
        return float((1 - 6.8756e-6 * alt_ft) ** 4.2559)
    return 0.2971 * math.exp(-(alt_ft - 36_089) / 20_806)


def sound_kt(alt_ft: float) -> float:
    if alt_ft <= 36_089:
        return SOUND_SL_KT * math.sqrt(1 - 6.8756e-6 * alt_ft)
    return 573.6


def dive_limit_kt(limit_keas: float, limit_mach: float, ceiling_ft: float) -> float:
    """The fastest true airspeed the airframe allows at any height up to its ceiling: the
    lower of its equivalent-airspeed limit (as true airspeed there) and its Mach limit."""
    return max(
        min(limit_keas / math.sqrt(density_ratio(alt)), limit_mach * sound_kt(alt))
        for alt in range(0, int(ceiling_ft) + 1, 500)
    )


@dataclass(frozen=True)
class Performance:
    """The figures the card's numbers follow from, in consistent units."""

    figures: Figures
    weight_lb: float
    wing_load_psf: float
    dry_thrust_lbf: float
    ab_thrust_lbf: float | None
    cd0: float
    k: float
    n_max: float
    corner_ft_s: float
    n_sustained: float

    def n_available(self, speed_ft_s: float) -> float:
        """Instantaneous load factor: lift-limited below the corner, the g limit above."""
        return min(self.n_max, self.n_max * (speed_ft_s / self.corner_ft_s) ** 2)

    def stall_ft_s(self) -> float:
        return self.corner_ft_s / math.sqrt(self.n_max)

    def radius_ft(self, speed_ft_s: float, sustained: bool) -> float:
        """Level turn radius at ``speed_ft_s``; below 1.3 x the 1 g stall speed the radius
        is that at 1.3 x stall (the game lets a card fly slower than its stall)."""
        speed = max(speed_ft_s, 1.3 * self.stall_ft_s())
        n = self.n_available(speed)
        if sustained:
            n = min(n, self.n_sustained)
        return speed**2 / (G_FT_S2 * math.sqrt(n * n - 1))

    def drag_over_weight(self, speed_ft_s: float, n: float, sigma: float = 1.0) -> float:
        q = 0.5 * RHO_SL_SLUG_FT3 * sigma * speed_ft_s**2
        cl = n * self.wing_load_psf / q
        return (self.cd0 + self.k * cl * cl) * q / self.wing_load_psf

    def excess_power_ft_s(self, speed_ft_s: float, n: float = 1.0) -> float:
        """Specific excess power at military (dry) thrust at the fight's height (true
        airspeed ``speed_ft_s``)."""
        sigma = density_ratio(COMBAT_ALT_FT)
        thrust = self.dry_thrust_lbf * float(sigma**THRUST_LAPSE)
        drag = self.drag_over_weight(speed_ft_s, n, sigma)
        return speed_ft_s * (thrust / self.weight_lb - drag)


def performance(figures: Figures) -> Performance:
    """Weights, thrust, polar and turn figures for ``figures`` (already resolved)."""
    f = figures
    assert f.combat_lb and f.wing_area_ft2 and f.engines and f.dry_lbf and f.n_max
    assert f.cl_max and f.span_ft
    wing_load = f.combat_lb / f.wing_area_ft2
    cd0 = f.cd0 if f.cd0 is not None else 0.02
    aspect = f.span_ft**2 / f.wing_area_ft2
    k = f.k if f.k is not None else 1.0 / (math.pi * 0.75 * aspect)
    if f.corner_kt is not None:
        corner = f.corner_kt * FT_S_PER_KT
    else:
        corner = math.sqrt(2 * f.n_max * wing_load / (RHO_SL_SLUG_FT3 * f.cl_max))
    dry = f.engines * f.dry_lbf
    ab = f.engines * f.ab_lbf if f.ab_lbf else None
    thrust = ab or dry

    def balanced_n(alt_ft: float, speed_ft_s: float) -> float:
        """Load factor at which thrust equals drag (the energy equation)."""
        sigma = density_ratio(alt_ft)
        q = 0.5 * RHO_SL_SLUG_FT3 * sigma * speed_ft_s**2
        spare = thrust * sigma**THRUST_LAPSE / f.combat_lb - cd0 * q / wing_load
        return math.sqrt(max(spare, 0.0) * q / (k * wing_load))

    if f.sustained is not None:
        # A published figure; one given above 5,000 ft is carried down to 5,000 ft at the
        # same true airspeed by the energy equation's ratio.
        rate_dps, at_kt, alt_ft = f.sustained
        speed = at_kt * FT_S_PER_KT
        n_sustained = math.hypot(1.0, math.radians(rate_dps) * speed / G_FT_S2)
        if alt_ft > 5_000 and balanced_n(alt_ft, speed) > 0:
            n_sustained *= balanced_n(5_000, speed) / balanced_n(alt_ft, speed)
    else:
        # Thrust equals drag at 5,000 ft and 0.8 of the top sea-level speed (at most 520 kt).
        assert f.sl_kt
        n_sustained = balanced_n(5_000, min(0.8 * f.sl_kt, 520.0) * FT_S_PER_KT)
    return Performance(
        figures=f,
        weight_lb=f.combat_lb,
        wing_load_psf=wing_load,
        dry_thrust_lbf=dry,
        ab_thrust_lbf=ab,
        cd0=cd0,
        k=k,
        n_max=f.n_max,
        corner_ft_s=corner,
        n_sustained=max(1.05, min(n_sustained, f.n_max)),
    )


ARC_DEG = {"turn": 60.0, "hard_turn": 120.0, "loop": 180.0}


def chart_hexes(perf: Performance, speed: int) -> dict[str, int]:
    """The Maneuver Chart row at ``speed``: hexes flown to turn each maneuver's angle at the
    turn radius of that speed (turn: sustained, hard turn and loop: instantaneous), rounded,
    at least 1; the sideslip between the turn and the hard turn (their mean)."""
    v = speed * SPEED_POINT_FT_S
    sustained_ft = perf.radius_ft(v, sustained=True)
    instantaneous_ft = perf.radius_ft(v, sustained=False)
    exact = {
        "turn": sustained_ft * math.radians(ARC_DEG["turn"]) / HEX_FT,
        "hard_turn": instantaneous_ft * math.radians(ARC_DEG["hard_turn"]) / HEX_FT,
        "loop": instantaneous_ft * math.radians(ARC_DEG["loop"]) / HEX_FT,
    }
    exact["sideslip"] = (exact["turn"] + exact["hard_turn"]) / 2
    return {name: clamp(round_half_up(value), 1, CHART_MAX_HEXES) for name, value in exact.items()}


def maneuver_costs(perf: Performance) -> dict[str, int]:
    """Speed points bled by each maneuver flown at the corner speed at level 3 on military
    thrust: the specific excess power at the maneuver's load factor times the time to turn
    its angle."""
    v = max(perf.corner_ft_s, 1.3 * perf.stall_ft_s()) / math.sqrt(density_ratio(COMBAT_ALT_FT))
    costs = {}
    for name, degrees, n in (
        ("turn", 60.0, perf.n_sustained),
        ("hard_turn", 120.0, perf.n_available(v)),
        ("loop", 180.0, perf.n_available(v)),
        ("sideslip", 90.0, (perf.n_sustained + perf.n_available(v)) / 2),
    ):
        rate = G_FT_S2 * math.sqrt(n * n - 1) / v
        seconds = math.radians(degrees) / rate
        bled_ft_s = -perf.excess_power_ft_s(v, n) / v * G_FT_S2 * seconds
        costs[name] = clamp(round_half_up(bled_ft_s / SPEED_POINT_FT_S), 0, 6)
    return costs


def climb_and_dive(perf: Performance, max_level: int) -> tuple[int, int]:
    """Speed points lost per level climbed and gained per level dived, at speed 5 (or the top
    level speed if lower): a level is 5,000 ft of energy height, less (climbing) or plus
    (diving) what the excess power adds over the 45-degree path.  A helicopter climbs on
    rotor power, not its speed: 1 and 1."""
    if perf.figures.role == "helicopter":
        return 1, 1
    v = min(5, max_level) * SPEED_POINT_FT_S
    seconds = LEVEL_FT * math.sqrt(2) / v
    added_ft = perf.excess_power_ft_s(v) * seconds
    climb = G_FT_S2 * (LEVEL_FT - added_ft) / v / SPEED_POINT_FT_S
    dive = G_FT_S2 * (LEVEL_FT + added_ft) / v / SPEED_POINT_FT_S
    return clamp(round_half_up(climb), 0, 4), clamp(round_half_up(dive), 0, 4)


def speed_changes(perf: Performance) -> tuple[int, int]:
    """The Normal and Damaged charts: what the dry thrust alone adds over one game turn, in
    speed points (at least 1); a damaged engine gives half (rounded down, at least 1)."""
    normal = clamp(
        round_half_up(G_FT_S2 * perf.dry_thrust_lbf / perf.weight_lb * TURN_S / SPEED_POINT_FT_S),
        1,
        6,
    )
    return normal, max(1, normal // 2)


def afterburner(perf: Performance) -> tuple[int, int]:
    """Gain: what the afterburner's extra thrust adds over one game turn (at least 1).
    Uses: a quarter of the internal fuel, burnt at the afterburner's flow for a turn each."""
    if perf.ab_thrust_lbf is None:
        return 0, 0
    f = perf.figures
    assert f.fuel_lb
    extra = perf.ab_thrust_lbf - perf.dry_thrust_lbf
    gain = round_half_up(G_FT_S2 * extra / perf.weight_lb * TURN_S / SPEED_POINT_FT_S)
    flow_lb_s = perf.ab_thrust_lbf * (f.tsfc_ab_per_hr or 2.0) / 3600.0
    uses = round_half_up(COMBAT_FUEL_FRACTION * f.fuel_lb / (flow_lb_s * TURN_S))
    return clamp(gain, 1, 6), clamp(uses, 1, 20)


def gun_rating(guns: Iterable[GunFit]) -> tuple[int | None, tuple[int, ...], int]:
    """Gun Attack Value, Gun Combat Table and bursts.

    Attack = 6 + 1.5 log2(L / 86), L the summed weight of fire (Example 1's MiG-21 is 6).
    Hits for a difference d = round(sqrt(L / 86) x (d + 1)), at least 1 (Example 1: the
    MiG-21's 1 gives 2, and 2 would give 3).  Bursts: the longest-firing gun's seconds of
    fire in bursts of 2 s."""
    guns = tuple(guns)
    if not guns:
        return None, (), 0
    lethality = sum(gun.lethality for gun in guns)
    attack = clamp(round_half_up(6 + 1.5 * math.log2(lethality / GUN_ANCHOR_LETHALITY)), 1, 12)
    weight = math.sqrt(lethality / GUN_ANCHOR_LETHALITY)
    table = tuple(max(1, round_half_up(weight * (d + 1))) for d in range(1, GUN_TABLE_LENGTH + 1))
    bursts = clamp(round_half_up(max(gun.firing_s for gun in guns) / 2.0), 1, 30)
    return attack, table, bursts


def instantaneous_dps(perf: Performance) -> float:
    v = perf.corner_ft_s
    n = perf.n_available(v)
    return math.degrees(G_FT_S2 * math.sqrt(n * n - 1) / v)


def size_ft(figures: Figures) -> float:
    assert figures.length_ft and figures.span_ft
    return math.sqrt(figures.length_ft * figures.span_ft)


def defence(perf: Performance) -> int:
    """Defence Factor: 4 for the F-4's agility and size (Example 1), +1 per 4 deg/s of
    instantaneous turn at the corner above the F-4's 19, -1 per 15 ft of size (the square
    root of length x span) above its 47 ft."""
    rate = instantaneous_dps(perf)
    value = 4 + (rate - 19.0) / 4.0 - (size_ft(perf.figures) - 47.0) / 15.0
    return clamp(round_half_up(value), 0, 12)


def size_class(figures: Figures) -> Literal["small", "normal", "large"]:
    """Small below 36 ft of size (sqrt(length x span)), large from 80 ft (§13.0)."""
    size = size_ft(figures)
    return "small" if size < 36.0 else "large" if size >= 80.0 else "normal"


def max_damage(figures: Figures) -> int:
    """sqrt(empty weight in thousands of lb) x robustness, rounded (BoP's rating / 3.3)."""
    assert figures.empty_lb
    return clamp(round_half_up(math.sqrt(figures.empty_lb / 1000.0) * figures.robustness), 1, 30)


def radar_value(generation: int) -> int | None:
    """Generation 1-5 reads 3-7 (the F-16's compact pulse-Doppler is 6, Example 4)."""
    return None if generation == 0 else 2 + generation


def card_data(figures: Figures) -> dict[str, object]:
    """Every field of the Control Card for ``figures``, in file order."""
    f = resolved(figures)
    perf = performance(f)
    assert f.max_kt and f.sl_kt and f.limit_keas and f.limit_mach and f.crew
    max_level = speed_points(f.max_kt)
    loaded = min(max_level, speed_points(min(0.9 * f.sl_kt, STORES_LIMIT_KT)))
    dive = max(max_level, speed_points(dive_limit_kt(f.limit_keas, f.limit_mach, f.ceiling_ft)))
    normal, damaged = speed_changes(perf)
    climb, dive_gain = climb_and_dive(perf, max_level)
    ab_gain, ab_uses = afterburner(perf)
    attack, table, bursts = gun_rating(f.guns or ())
    rows = [{"speed": s, **chart_hexes(perf, s)} for s in range(1, dive + 1)]
    data: dict[str, object] = {
        "id": f.id,
        "name": f.name,
        "country": f.country,
        "group": f.group,
        "year": f.year,
        "reconstruction": True,
        "crew": f.crew,
        "role": f.role,
        "max_level_speed": max_level,
        "max_loaded_speed": loaded,
        "max_dive_speed": dive,
        "speed_change": normal,
        "speed_change_damaged": damaged,
        "climb_cost": climb,
        "dive_gain": dive_gain,
        "afterburner_gain": ab_gain,
        "afterburner_uses": ab_uses,
    }
    if attack is not None:
        data |= {"gun_attack": attack, "gun_table": list(table), "gun_bursts": bursts}
    data["defense"] = defence(perf)
    data["max_damage"] = max_damage(f)
    radar = radar_value(f.radar_generation)
    if radar is not None:
        data["radar"] = radar
    data["radar_locks"] = 1
    if f.missiles:
        data["missiles"] = dict(f.missiles)
    data["missile_stations"] = f.missile_stations
    data |= {
        "all_round_canopy": f.all_round_canopy,
        "size": size_class(f),
        "bombsight": f.bombsight,
        "wild_weasel": f.wild_weasel,
    }
    if f.points is not None:
        data["points"] = f.points
    data |= {"air_to_air_load": f.air_to_air_load, "air_to_ground_load": f.air_to_ground_load}
    assert f.length_ft and f.span_ft and f.height_ft
    data |= {"length_ft": f.length_ft, "span_ft": f.span_ft, "height_ft": f.height_ft}
    if f.bop is not None:
        data["bop_card"] = f.bop
    data["sources"] = list(f.sources)
    data["derivation"] = derivation_text(f, perf, max_level, loaded, dive)
    data["maneuver_chart"] = rows
    data["maneuver_cost"] = maneuver_costs(perf)
    if f.ecm is not None:
        data["countermeasures"] = {"radar": f.ecm[0], "ir": f.ecm[1]}
    if f.ecm_after_1969 is not None:
        data["ecm_after_1969"] = {"radar": f.ecm_after_1969[0], "ir": f.ecm_after_1969[1]}
    return data


def derivation_text(f: Figures, perf: Performance, level: int, loaded: int, dive: int) -> str:
    assert f.max_kt and f.sl_kt and f.limit_keas and f.limit_mach and f.empty_lb
    shared = f" Shared figures from the Birds of Prey card {f.bop}." if f.bop else ""
    guns = ", ".join(f"{g.count} x {g.name} ({g.rounds_per_gun} rounds each)" for g in f.guns or ())
    parts = [
        "furball's reconstruction (tools/phantoms_cards.py; docs/phantoms-cards.md)." + shared,
        f"Speeds: {f.max_kt:.0f} kt at best altitude / 118.1 = {level}; loaded: the lower of "
        f"0.9 x the sea-level {f.sl_kt:.0f} kt and 600 kt = {loaded}; dive: the limits "
        f"{f.limit_keas:.0f} KEAS and Mach {f.limit_mach:.2f} up to {f.ceiling_ft:.0f} ft "
        f"= {dive}.",
        f"Turns at {perf.weight_lb:.0f} lb ({perf.wing_load_psf:.1f} psf): g limit "
        f"{perf.n_max:.2f}, corner {perf.corner_ft_s / FT_S_PER_KT:.0f} kt, sustained "
        f"{perf.n_sustained:.2f} g; instantaneous {instantaneous_dps(perf):.1f} deg/s.",
        f"Thrust {perf.dry_thrust_lbf:.0f} lbf dry"
        + (f", {perf.ab_thrust_lbf:.0f} lbf with afterburner" if perf.ab_thrust_lbf else "")
        + f"; drag polar CD0 {perf.cd0:.3f}, k {perf.k:.3f}.",
        f"Guns: {guns}." if guns else "No forward-firing gun.",
        f"Damage: sqrt({f.empty_lb:.0f} lb empty / 1000) x {f.robustness:.1f}.",
    ]
    if f.note:
        parts.append(f.note)
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------
# The missile chart


@dataclass(frozen=True)
class MissileFigures:
    """One missile: the chart's guidance and Hit # (heat-seekers: the seed's column), and
    for radar missiles the published head-on range at altitude, from which the game's
    ranges follow."""

    id: str
    name: str
    guidance: str
    country: str
    hit: int
    origin: Literal["seed", "restored-5", "ours"]
    range_km: float | None = None
    radar_value: int | None = None
    large_warhead: bool = False
    note: str = ""


# fmt: off
MISSILES: tuple[MissileFigures, ...] = (
    MissileFigures("aim-9b", "AIM-9B Sidewinder", "HN", "US", 6, "seed"),
    MissileFigures("aa-2", "AA-2 Atoll (K-13, R-3S)", "HN", "USSR", 5, "restored-5"),
    MissileFigures("aa-3b", "AA-3b Anab (IR)", "HN", "USSR", 6, "seed"),
    MissileFigures("aim-4b", "AIM-4B/C Falcon", "HN", "US", 5, "restored-5", note="USAF only"),
    MissileFigures("matra-530-ir", "Matra R.530 (IR)", "HN", "France", 6, "seed"),
    MissileFigures("firestreak", "Firestreak", "HN", "UK", 5, "restored-5"),
    MissileFigures("red-top-early", "Red Top (early)", "HN", "UK", 7, "seed"),
    MissileFigures("shafir", "Shafir", "HN", "Israel", 5, "restored-5"),
    MissileFigures("pl-2", "PL-2", "HN", "PRC", 5, "restored-5", note="Chinese copy of the AA-2"),
    MissileFigures("aim-9d", "AIM-9D Sidewinder", "HW", "US", 6, "seed"),
    MissileFigures("aim-9e", "AIM-9E Sidewinder", "HW", "US", 6, "seed"),
    MissileFigures("aim-9g", "AIM-9G Sidewinder", "HW", "US", 7, "seed"),
    MissileFigures("aim-9h", "AIM-9H Sidewinder", "HW", "US", 7, "seed"),
    MissileFigures("aim-9j", "AIM-9J Sidewinder", "HW", "US", 7, "seed"),
    MissileFigures("aim-4d", "AIM-4D Falcon", "HW", "US", 6, "seed", note="USAF only"),
    MissileFigures("r550-magic", "R.550 Magic", "HW", "France", 7, "seed"),
    MissileFigures("red-top-late", "Red Top (late)", "HW", "UK", 7, "seed"),
    MissileFigures("shafir-2", "Shafir 2", "HW", "Israel", 7, "seed"),
    MissileFigures("aa-6b", "AA-6b Acrid (IR)", "HW", "USSR", 7, "seed"),
    MissileFigures("aa-7", "AA-7 Apex (IR)", "HW", "USSR", 7, "seed"),
    MissileFigures("pl-7", "PL-7", "HW", "PRC", 6, "seed"),
    MissileFigures("aim-9l", "AIM-9L Sidewinder", "HA", "US", 9, "seed"),
    MissileFigures("aim-9m", "AIM-9M Sidewinder", "HA", "US", 10, "seed"),
    MissileFigures("magic-2", "Magic 2", "HA", "France", 9, "seed"),
    MissileFigures("python-3", "Python 3", "HA", "Israel", 9, "seed"),
    MissileFigures("aa-8", "AA-8a Aphid", "HA", "USSR", 7, "seed"),
    MissileFigures("aa-10b", "AA-10b Alamo (IR)", "HA", "USSR", 9, "seed"),
    MissileFigures("aa-11", "AA-11 Archer", "HA", "USSR", 10, "seed"),
    MissileFigures("sky-sword-1", "Sky Sword I", "HA", "ROC", 7, "seed"),
    # Radar missiles: ranges from the published head-on range at altitude; Hit # ours
    # except the AA-2c's surviving 7 (docs/rulings.md (Phantoms)).
    MissileFigures("aim-4f", "AIM-4F Super Falcon", "RH", "US", 6, "ours", 11.0, note="USAF only"),
    MissileFigures("aim-7e", "AIM-7E Sparrow", "RH", "US", 6, "ours", 30.0),
    MissileFigures(
        "aim-7f", "AIM-7F Sparrow", "RH", "US", 7, "ours", 50.0,
        note="Hit # 7 as Example 3 uses; min range 4 from the chart's surviving 4/[5]",
    ),
    MissileFigures(
        "aim-7m", "AIM-7M Sparrow", "RH", "US", 8, "ours", 70.0,
        note="min range [5] from the chart's surviving 4/[5]",
    ),
    MissileFigures("aim-120", "AIM-120 AMRAAM", "ARH", "US", 9, "ours", 75.0, radar_value=7),
    MissileFigures(
        "aim-54c", "AIM-54C Phoenix", "ARH", "US", 8, "ours", 150.0, radar_value=6,
        large_warhead=True,
    ),
    MissileFigures("matra-530-em", "Matra R.530 (radar)", "RH", "France", 6, "ours", 18.0),
    MissileFigures("skyflash", "Skyflash", "RH", "UK", 8, "ours", 45.0),
    MissileFigures(
        "aa-2c", "AA-2c Atoll (R-3R)", "RH", "USSR", 7, "seed", 8.0,
        note="the chart's surviving '3 7' read as min 3, max [5] (lost), Hit # 7",
    ),
    MissileFigures("aa-3a", "AA-3a Anab (radar)", "RH", "USSR", 5, "ours", 25.0),
    MissileFigures("aa-5", "AA-5 Ash (radar)", "RH", "USSR", 5, "ours", 30.0),
    MissileFigures(
        "aa-6a", "AA-6a Acrid (radar)", "RH", "USSR", 6, "ours", 50.0, large_warhead=True
    ),
    MissileFigures("aa-7a", "AA-7a Apex (radar)", "RH", "USSR", 7, "ours", 35.0),
    MissileFigures("aa-10a", "AA-10a Alamo (radar)", "RH", "USSR", 8, "ours", 70.0),
    MissileFigures("sky-sword-2", "Sky Sword II", "RH", "ROC", 8, "ours", 60.0),
)
# fmt: on

RADAR_MAX_RANGE = 60
"""The missile model's longest range."""
RADAR_MIN_RANGE = 3


def radar_ranges(range_km: float) -> tuple[int, int]:
    """Max range: the published range at the scale (1.524 km a hex), at most 60.  Min range:
    a ninth of the max, at least 3 (the AA-2c's 3, the AIM-7F's 4 and the AIM-7M's 5)."""
    max_range = clamp(round_half_up(range_km * 1000 / (HEX_FT * 0.3048)), 1, RADAR_MAX_RANGE)
    min_range = max(RADAR_MIN_RANGE, round_half_up(max_range / 9))
    return min(min_range, max_range), max_range


def missile_data(missile: MissileFigures) -> dict[str, object]:
    data: dict[str, object] = {
        "id": missile.id,
        "name": missile.name,
        "guidance": missile.guidance,
        "hit": missile.hit,
    }
    if missile.range_km is not None:
        data["min_range"], data["max_range"] = radar_ranges(missile.range_km)
    if missile.radar_value is not None:
        data["radar_value"] = missile.radar_value
    if missile.large_warhead:
        data["large_warhead"] = True
    data["country"] = missile.country
    data["origin"] = missile.origin
    note = missile.note
    if missile.range_km is not None:
        published = f"published range {missile.range_km:g} km"
        note = f"{note}; {published}" if note else published
    if note:
        data["note"] = note
    return data


# ---------------------------------------------------------------------------------------------
# TOML text


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def _key(key: str) -> str:
    return key if key.replace("_", "").replace("-", "").isalnum() else _value(key)


HEADER = (
    "# Phantoms Aircraft Control Card: furball's reconstruction, written by\n"
    "# tools/phantoms_cards.py from public figures (docs/phantoms-cards.md). Do not edit by\n"
    "# hand: change the figures table and rerun `python -m tools.phantoms_cards`.\n"
)


def card_toml(data: Mapping[str, object]) -> str:
    lines = [HEADER]
    tables: list[str] = []
    for key, value in data.items():
        if key == "maneuver_chart":
            assert isinstance(value, list)
            lines.append("maneuver_chart = [")
            lines.extend(f"    {_value(row)}," for row in value)
            lines.append("]")
        elif key == "sources":
            assert isinstance(value, list)
            lines.append("sources = [")
            lines.extend(f"    {_value(item)}," for item in value)
            lines.append("]")
        elif isinstance(value, dict) and key != "missiles":
            tables.append(f"\n[{key}]")
            tables.extend(f"{_key(k)} = {_value(v)}" for k, v in value.items())
        else:
            lines.append(f"{key} = {_value(value)}")
    return "\n".join(lines + tables) + "\n"


MISSILES_HEADER = (
    "# The Phantoms missile chart (p.17), written by tools/phantoms_cards.py. Heat-seekers'\n"
    '# Hit # from the seed (origin "restored-5" where the digit 5 was lost); radar missiles\'\n'
    "# ranges from published ranges at 5,000 ft a hex (docs/rulings.md (Phantoms)).\n"
)


def missiles_toml() -> str:
    blocks = [MISSILES_HEADER.rstrip("\n")]
    for missile in MISSILES:
        block = ["[[missile]]"]
        block.extend(f"{k} = {_value(v)}" for k, v in missile_data(missile).items())
        blocks.append("\n".join(block))
    return "\n\n".join(blocks) + "\n"


def outputs() -> dict[Path, str]:
    """Every file this tool writes, with its text."""
    files = {CARDS_DIR / f"{figures.id}.toml": card_toml(card_data(figures)) for figures in FIGURES}
    files[MISSILES_PATH] = missiles_toml()
    return files


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__.splitlines()[0], outputs, argv)


if __name__ == "__main__":
    raise SystemExit(main())
