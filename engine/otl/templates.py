"""Over the Lines' turn and slip templates, as data (§Turning, §Slips).

The rulebook's printed markers are not in it; ``models/otl/data/templates.toml`` is
furball's reconstruction (radii from published WWI turn performance, derivation in the
file).  Each Turn Rate AA…G has one turn template, ``<rate>1``: a circle arc of
``radius_in`` and ``length_in`` with blue marks at whole inches, and one slip template.
A plane may fly its own rate's template or any wider (worse) letter's.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Self

from pydantic import Field, model_validator

from models.base import DataModel, FieldProblems
from models.otl.chart import TURN_RATES, TurnRate

TEMPLATES_PATH = Path(__file__).resolve().parents[2] / "models" / "otl" / "data" / "templates.toml"
"""The shipped templates."""


class TurnTemplate(DataModel):
    """One turn marker: a circle arc flown towards the low wing."""

    rate: TurnRate
    name: str = Field(pattern=r"^(AA|[A-G])\d$")
    radius_in: float = Field(gt=0.0, le=50.0)
    length_in: int = Field(ge=1, le=40)
    """The arc's length along the flight path, in whole inches (MP)."""
    blue_in: tuple[int, ...] = Field(min_length=1)
    """Inches along the arc where the marker is blue: only there may the plane change to
    another template or to a slip; the end is always blue (extending the turn)."""

    @model_validator(mode="after")
    def _marks_on_the_arc(self) -> Self:
        problems = []
        if not self.name.startswith(self.rate) or self.name[len(self.rate) :].isalpha():
            problems.append(("name", f"a template of rate {self.rate} is named {self.rate}<n>"))
        if any(not 1 <= mark <= self.length_in for mark in self.blue_in):
            problems.append(("blue_in", f"marks lie from 1 to the length, {self.length_in}"))
        if self.length_in not in self.blue_in:
            problems.append(("blue_in", "the end of the marker is always blue"))
        if problems:
            raise FieldProblems(problems)
        return self

    @property
    def letter_index(self) -> int:
        """0 for AA … 7 for G."""
        return TURN_RATES.index(self.rate)


class SlipTemplate(DataModel):
    """One rate's slip marker: 1 in forward and ``sideways_in`` towards the low wing per MP."""

    rate: TurnRate
    sideways_in: float = Field(gt=0.0, le=2.0)
    speed_per_mp: int = Field(default=1, ge=0, le=3)
    """Speed lost per MP slipped (printed in red on the marker)."""


class TemplateSet(DataModel):
    """Every rate's turn templates and slip template."""

    format_version: int = 1
    turn: tuple[TurnTemplate, ...] = Field(min_length=1)
    slip: tuple[SlipTemplate, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _every_rate(self) -> Self:
        problems = []
        names = [t.name for t in self.turn]
        if len(set(names)) != len(names):
            problems.append(("turn", "two templates share a name"))
        for rate in TURN_RATES:
            if not any(t.rate == rate for t in self.turn):
                problems.append(("turn", f"no turn template for rate {rate}"))
            if sum(s.rate == rate for s in self.slip) != 1:
                problems.append(("slip", f"rate {rate} needs exactly one slip template"))
        if problems:
            raise FieldProblems(problems)
        return self

    def template(self, name: str) -> TurnTemplate:
        """The turn template called ``name`` (KeyError when there is none)."""
        for template in self.turn:
            if template.name == name:
                return template
        raise KeyError(name)

    def slip_for(self, rate: str) -> SlipTemplate:
        return next(s for s in self.slip if s.rate == rate)

    def usable(self, rate_index: int) -> tuple[TurnTemplate, ...]:
        """The templates a plane of effective rate ``rate_index`` may fly: its own letter
        and every wider one (docs/rulings.md, templates of a better rate)."""
        return tuple(t for t in self.turn if t.letter_index >= rate_index)


@cache
def load_templates(path: Path = TEMPLATES_PATH) -> TemplateSet:
    """The templates in ``path`` (the shipped ones by default)."""
    from models.files import load_model

    return load_model(TemplateSet, path)


def turn_loss_per_in(template_index: int, rate_index: int) -> Fraction:
    """Speed lost per inch on a template ``template_index - rate_index`` letters wider than
    the plane's own rate: 1, then 2/3, 1/2, 1/3, 1/4 … (§Turning, the formula for players
    without the markers)."""
    wider = template_index - rate_index
    if wider < 0:
        raise ValueError("a plane cannot fly a template of a better rate than its own")
    if wider == 0:
        return Fraction(1)
    if wider == 1:
        return Fraction(2, 3)
    return Fraction(1, wider)


def rounded_loss(total: Fraction) -> int:
    """A round's summed turn loss as whole speed: a fraction above one half rounds up, a
    half or less down, as the rulebook rounds ranges (§Phase 3: Gunfire; docs/rulings.md)."""
    whole, rest = divmod(total, 1)
    return int(whole) + (1 if rest > Fraction(1, 2) else 0)
