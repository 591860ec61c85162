"""Countermeasure ratings, radar and IR (§14.0; Intruders ECM, I-p.13; stealth, §14.0).

An aircraft's C/M is its card's own rating when the card gives one (Intruders lists them
by type, with a later rating for types refitted after 1969), else the §14.0 table for its
group and the scenario's year.  ECM pods add 1 to radar C/M each and IR jammers 1 to IR
(I-p.12).  A stealthy target adds 1d6 to its radar C/M each time it defends against a
radar lock, a radar spot or a radar missile, when the stealth rule is in play.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from engine.dice import Dice
from engine.phantoms.dice import d6
from engine.phantoms.state import PlaneState
from models.base import DataModel, FieldProblems
from models.phantoms.card import ControlCard
from models.phantoms.common import Group

CM_TABLE_PATH = Path(__file__).resolve().parents[2] / "models/phantoms/data/countermeasures.toml"
LAST_PRE_REFIT_YEAR = 1969
"""Intruders' "after '69" ratings apply from 1970 on (ours: "after 1969")."""


class GroupCm(DataModel):
    """One group's cell of one era's table."""

    radar: int = Field(ge=0, le=12)
    ir: int = Field(ge=0, le=12)
    origin: Literal["seed", "restored-5", "ours"] = "seed"


class CmEra(DataModel):
    """One of §14.0's era tables; the years are inclusive."""

    from_year: int = Field(ge=1900, le=2100)
    until_year: int = Field(ge=1900, le=2100)
    us: GroupCm
    russia: GroupCm
    nato: GroupCm
    warsaw_pact: GroupCm
    second_world: GroupCm
    third_world: GroupCm

    def cell(self, group: Group) -> GroupCm:
        value: GroupCm = getattr(self, group)
        return value


class CmTable(DataModel):
    """The whole §14.0 table, eras in order and without gaps."""

    version: Literal[1]
    era: tuple[CmEra, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _eras_in_order(self) -> Self:
        problems = []
        for index, (a, b) in enumerate(zip(self.era, self.era[1:], strict=False)):
            if b.from_year != a.until_year + 1:
                problems.append((f"era.{index + 1}.from_year", "must follow the last era"))
        if problems:
            raise FieldProblems(problems)
        return self

    def cell(self, group: Group, year: int) -> GroupCm:
        """The group's C/M in ``year``; a year outside the table reads its nearest era."""
        for era in self.era:
            if era.from_year <= year <= era.until_year:
                return era.cell(group)
        nearest = self.era[0] if year < self.era[0].from_year else self.era[-1]
        return nearest.cell(group)


@cache
def cm_table(path: Path = CM_TABLE_PATH) -> CmTable:
    """The C/M-by-era table in ``path`` (the shipped one by default)."""
    from models.files import load_model

    return load_model(CmTable, path)


def countermeasures(
    card: ControlCard, year: int, *, ecm_pods: int = 0, ir_jammers: int = 0
) -> tuple[int, int]:
    """``(radar, ir)`` C/M of a ``card`` type flying in ``year`` with its pods (§14.0)."""
    own = card.countermeasures
    if card.ecm_after_1969 is not None and year > LAST_PRE_REFIT_YEAR:
        own = card.ecm_after_1969
    if own is not None:
        radar, ir = own.radar, own.ir
    else:
        cell = cm_table().cell(card.group, year)
        radar, ir = cell.radar, cell.ir
    return radar + ecm_pods, ir + ir_jammers


def stealth_modifier(target: PlaneState, dice: Dice, purpose: str, *, stealth_rule: bool) -> int:
    """The 1d6 a stealthy target adds to its radar C/M (optional §14.0); 0 otherwise."""
    if not (stealth_rule and target.card.stealth):
        return 0
    return d6(dice, f"stealth, {target.id}, {purpose}")
