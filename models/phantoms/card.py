"""A Phantoms Aircraft Control Card as data (§5.0, §6.0–§6.5, §7.2, §8.0, §11.0, §14.0).

The seed refers to a Control Card for every type — speed charts, Maneuver Chart, gun
attack value and Gun Combat Table, defence factor, damage track, radar value, C/M and the
ammunition track — but prints none.  The cards in ``models/phantoms/data/cards`` are
furball's reconstruction from published figures, each naming its sources and derivation
(docs/phantoms-cards.md); every card says ``reconstruction = true``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.phantoms.common import TOP_SPEED, Group, ManeuverClass

CARDS_DIR = Path(__file__).resolve().parent / "data" / "cards"
"""The shipped Control Cards, one TOML file each, named by type id."""
CHART_CLASSES: tuple[ManeuverClass, ...] = ("turn", "hard_turn", "sideslip", "loop")
"""The Maneuver Chart's columns; a Straight marker always goes one hex ahead (§6.2)."""


class ManeuverRow(DataModel):
    """One row of the Maneuver Chart: the hexes ahead each marker goes at one speed (§6.1).

    ``None`` (left out of the file) means the type cannot fly that maneuver at that speed.
    """

    speed: int = Field(ge=1, le=TOP_SPEED)
    turn: int | None = Field(default=None, ge=1, le=12)
    hard_turn: int | None = Field(default=None, ge=1, le=12)
    sideslip: int | None = Field(default=None, ge=1, le=12)
    loop: int | None = Field(default=None, ge=1, le=12)

    def hexes(self, maneuver: ManeuverClass) -> int | None:
        """Hexes ahead for ``maneuver`` at this speed; a Straight is always 1 (§6.2)."""
        if maneuver == "straight":
            return 1
        value: int | None = getattr(self, maneuver)
        return value


class ManeuverCost(DataModel):
    """Speed points each maneuver costs on reaching its marker (§6.2)."""

    turn: int = Field(ge=0, le=6)
    hard_turn: int = Field(ge=0, le=6)
    sideslip: int = Field(ge=0, le=6)
    loop: int = Field(ge=0, le=6)

    def points(self, maneuver: ManeuverClass) -> int:
        return 0 if maneuver == "straight" else int(getattr(self, maneuver))


class Countermeasures(DataModel):
    """Radar and IR countermeasure ratings (§14.0)."""

    radar: int = Field(ge=0, le=12)
    ir: int = Field(ge=0, le=12)


class ControlCard(DataModel):
    """Everything one type's Aircraft Control Card holds, in the game's units: speed points
    (one hex a turn each), altitude levels, hexes."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    """File name without ``.toml``: ``f-4e``, ``mig-21pf``."""
    name: str = Field(min_length=1)
    country: str = Field(min_length=1)
    """Who flew it in the scenarios: ``US``, ``USSR``, ``UK``, ``North Vietnam``."""
    group: Group
    """Its countermeasure group on the C/M-by-era table (§14.0)."""
    year: int = Field(ge=1940, le=2030)
    """The year the card stands for (first service of this variant)."""
    reconstruction: Literal[True] = True
    """Every shipped card is furball's reconstruction, not a printed card."""
    crew: int = Field(ge=1, le=6)
    role: Literal["fighter", "striker", "bomber", "recon", "helicopter", "aew"] = "fighter"

    max_level_speed: int = Field(ge=1, le=TOP_SPEED)
    """Fastest speed the Set Phase may set (§5.0)."""
    max_loaded_speed: int = Field(ge=1, le=TOP_SPEED)
    """Fastest speed while loaded (§11.0)."""
    max_dive_speed: int = Field(ge=1, le=TOP_SPEED)
    """Diving never raises speed above this (§6.3)."""
    speed_change: int = Field(ge=1, le=6)
    """The Normal chart: speed points the Set Phase may add or take away (§5.0)."""
    speed_change_damaged: int = Field(ge=0, le=6)
    """The Damaged chart, for a damaged engine (§5.0, Critical Hit 7)."""
    climb_cost: int = Field(ge=0, le=4)
    """Speed points lost for each level climbed (§6.3)."""
    dive_gain: int = Field(ge=0, le=4)
    """Speed points gained for each level dived (§6.3)."""
    afterburner_gain: int = Field(default=0, ge=0, le=6)
    """Speed points one use of the afterburner adds (§6.5); 0 without one."""
    afterburner_uses: int = Field(default=0, ge=0, le=20)
    """Uses per game on the ammunition track (§6.5)."""
    maneuver_chart: tuple[ManeuverRow, ...] = Field(min_length=1)
    """One row for each speed from 1 to ``max_dive_speed``."""
    maneuver_cost: ManeuverCost

    gun_attack: int | None = Field(default=None, ge=0, le=12)
    """Gun Attack Value (§7.2); None for a type without guns."""
    gun_table: tuple[int, ...] = ()
    """Gun Combat Table: hits for a winning difference of 1, 2, …; a larger difference
    reads the last entry (§7.2)."""
    gun_bursts: int = Field(default=0, ge=0, le=30)
    """Bursts on the ammunition track (§7.2)."""
    defense: int = Field(ge=0, le=12)
    """Defence Factor against guns (§7.2) and AAA (Intruders)."""
    max_damage: int = Field(ge=1, le=30)
    """The damage track's last white box (§8.0)."""
    radar: int | None = Field(default=None, ge=0, le=12)
    """Radar value for locks and radar spots (§7.1.1b, §13.0); None without a radar."""
    radar_locks: int = Field(default=1, ge=1, le=6)
    """Locks the radar can hold at once (§7.1.1b)."""
    countermeasures: Countermeasures | None = None
    """The card's own C/M; None takes the §14.0 table by ``group`` and ``year``."""
    ecm_after_1969: Countermeasures | None = None
    """Intruders' later rating for types refitted after 1969 (I-p.13)."""

    missiles: dict[str, int] = Field(default_factory=dict)
    """Air-to-air missiles carried by default, by missile id (``aim-9b = 4``)."""
    missile_stations: int = Field(default=0, ge=0, le=12)
    """Air-to-air missiles it can carry at most."""
    stealth: bool = False
    all_round_canopy: bool = False
    """+2 to its visual spots (§13.0)."""
    size: Literal["small", "normal", "large"] = "normal"
    """Spotting: +2 to spot a large target, +1 to the target's roll if small (§13.0)."""
    bombsight: Literal["none", "manual", "advanced", "computer"] = "none"
    """Intruders' bombsight class (I-p.5)."""
    wild_weasel: bool = False
    """Can fire anti-radiation missiles at radars (I-p.12)."""
    points: int | None = Field(default=None, ge=0, le=1000)
    """Intruders' point cost (I-p.12), where the mission generator buys the type."""
    air_to_air_load: int = Field(default=0, ge=0, le=20)
    air_to_ground_load: int = Field(default=0, ge=0, le=200)

    length_ft: float = Field(gt=0.0, le=300.0)
    span_ft: float = Field(gt=0.0, le=300.0)
    height_ft: float = Field(gt=0.0, le=100.0)
    bop_card: str | None = None
    """The Birds of Prey card of the same type, which this card is kept consistent with."""
    sources: tuple[str, ...] = Field(min_length=1)
    derivation: str = Field(min_length=1)

    @model_validator(mode="after")
    def _rows_and_speeds(self) -> Self:
        problems: list[tuple[str, str]] = []
        speeds = [row.speed for row in self.maneuver_chart]
        if speeds != list(range(1, self.max_dive_speed + 1)):
            problems.append(
                ("maneuver_chart", f"needs one row per speed 1–{self.max_dive_speed}, in order")
            )
        if not self.max_loaded_speed <= self.max_level_speed <= self.max_dive_speed:
            problems.append(
                ("max_level_speed", "loaded ≤ level ≤ dive speed is required of every card")
            )
        if (self.gun_attack is None) != (not self.gun_table):
            problems.append(("gun_table", "a gun attack value and a gun table go together"))
        if any(b < a for a, b in zip(self.gun_table, self.gun_table[1:], strict=False)):
            problems.append(("gun_table", "hits must not fall as the difference grows"))
        if (self.afterburner_gain == 0) != (self.afterburner_uses == 0):
            problems.append(("afterburner_uses", "gain and uses go together (0 and 0 without)"))
        if problems:
            raise FieldProblems(problems)
        return self

    @property
    def box_ft(self) -> tuple[float, float, float]:
        return (self.length_ft, self.span_ft, self.height_ft)

    def row(self, speed: int) -> ManeuverRow:
        """The Maneuver Chart row for ``speed`` (below 1 reads 1, above the top reads the top)."""
        index = min(max(speed, 1), len(self.maneuver_chart)) - 1
        return self.maneuver_chart[index]

    def gun_hits(self, difference: int) -> int:
        """Hits for a gun roll won by ``difference`` (§7.2); 0 for no win."""
        if difference <= 0 or not self.gun_table:
            return 0
        return self.gun_table[min(difference, len(self.gun_table)) - 1]


@cache
def control_cards(folder: Path = CARDS_DIR) -> dict[str, ControlCard]:
    """Every Control Card in ``folder``, by id (the file name)."""
    from models.files import load_model

    cards = {}
    for path in sorted(folder.glob("*.toml")):
        card = load_model(ControlCard, path)
        cards[card.id] = card
    return cards
