"""The replacement order of a what-if branch, in one of three forms.

* a **plot**: one order in the rule set's own order schema, read from a TOML file with the
  strict reader (:func:`models.files.read_toml`) and validated by the rule set's orders model;
* a **maneuver** of the BFM library (:mod:`engine.bop.maneuvers`), flown from a fresh start
  at the game-turn's positions (Birds of Prey);
* the **AI** pilot's choice (:func:`engine.bop.ai.fly`) at the game-turn's positions (Birds of
  Prey).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.rulesets import Ruleset
from models.files import read_toml, validated
from models.timeline import ChangeForm


class WhatIfError(ValueError):
    """A what-if that cannot be flown as asked; the message names the argument and rule."""


@dataclass(frozen=True, slots=True)
class Replacement:
    """How the changed aircraft's order is given: ``order`` for a plot (the validated model
    of the rule set's orders), ``maneuver`` for a BFM maneuver, neither for the AI."""

    form: ChangeForm
    order: Any = None
    maneuver: str = ""

    def spec(self) -> dict[str, Any]:
        """The replacement as data, to seed a branch's fresh dice from."""
        if self.form == "plot":
            return {"form": "plot", "order": self.order.model_dump(mode="json")}
        return {"form": self.form, "maneuver": self.maneuver}


def plot_from_file(path: Path, rules: Ruleset) -> Replacement:
    """The order in the TOML file at ``path``, checked by ``rules``' orders model
    (:class:`models.files.DataFileError` naming the file and each field)."""
    model = rules.orders_type()
    return Replacement("plot", validated(model, read_toml(path), path))


def plot_from_data(data: dict[str, Any], rules: Ruleset, where: str) -> Replacement:
    """An order recorded as data (a branch's meta), checked by ``rules``' orders model."""
    return Replacement("plot", validated(rules.orders_type(), data, Path(where)))


def maneuver_named(name: str, rules: Ruleset) -> Replacement:
    """A BFM maneuver of the library (Birds of Prey only)."""
    if rules.name != "bop":
        raise WhatIfError(
            f"--maneuver: {rules.title} has no BFM maneuver library; give its order with --plot"
        )
    from engine.bop.maneuvers.registry import UnknownManeuver, maneuver

    try:
        found = maneuver(name)
    except UnknownManeuver as error:
        raise WhatIfError(f"--maneuver: {error.args[0]}") from None
    return Replacement("maneuver", maneuver=found.name)


def ai_choice(rules: Ruleset) -> Replacement:
    """The AI pilot's choice (Birds of Prey only)."""
    if rules.name != "bop":
        raise WhatIfError(
            f"--ai: the Birds of Prey AI pilot cannot fly {rules.title}; give its order with --plot"
        )
    return Replacement("ai")
