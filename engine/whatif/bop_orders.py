"""Birds of Prey's replacement orders, written at the start of the changed game-turn.

A maneuver is flown from its start (a fresh :class:`~engine.bop.maneuvers.base.ManeuverState`)
with the aircraft's own parameters when its scenario already flies that maneuver, else with
the nearest enemy as its target; the AI's choice is its pilot's own plot when the AI already
flies the aircraft (so it remembers what it chose), else the AI flying it from a fresh start.
"""

from __future__ import annotations

import math
from typing import Any

from engine.bop import ai
from engine.bop.maneuvers.registry import maneuver
from engine.bop.pilots import Replacement as PilotReplacement
from engine.bop.view import GameView
from engine.whatif.orders import Replacement, WhatIfError
from models.orders import BopPlot
from models.scenario import AircraftSetup


def nearest_enemy(game: GameView, entity: str) -> str | None:
    """The id of the enemy aircraft in play nearest ``entity`` (its bandit), or None."""
    me = game.aircraft[entity]
    enemies = [s for s in game.aircraft.values() if s.side != me.side and s.active]
    if not enemies:
        return None
    here = me.position_ft()
    return min(enemies, key=lambda s: math.dist(here, s.position_ft())).id


def _maneuver_plot(game: GameView, setup: AircraftSetup, name: str) -> BopPlot:
    flown = maneuver(name)
    entity = setup.entity_id
    params: dict[str, Any] = dict(setup.maneuver) if setup.pilot == f"script:{name}" else {}
    if "target" in flown.params.model_fields and "target" not in params:
        bandit = nearest_enemy(game, entity)
        if bandit is None:
            raise WhatIfError(
                f"--maneuver {name}: {setup.callsign} has no enemy in play to fly it at"
            )
        params["target"] = bandit
    return flown.step(game, entity, params, None).plot


def _ai_plot(game: GameView, setup: AircraftSetup, own: BopPlot) -> BopPlot:
    if setup.pilot == "ai" and setup.script is None:
        return own
    return ai.fly(game, setup.entity_id, ai.AiParams.model_validate(setup.ai), None).plot


def writer(
    replacement: Replacement, setup: AircraftSetup, flown: list[BopPlot]
) -> PilotReplacement:
    """The pilots' hook for the changed aircraft: writes the replacement, and keeps the plot
    it wrote and the one it replaced in ``flown`` (replaced first)."""

    def write(game: GameView, own: BopPlot) -> BopPlot:
        if replacement.form == "plot":
            plot: BopPlot = replacement.order
        elif replacement.form == "maneuver":
            plot = _maneuver_plot(game, setup, replacement.maneuver)
        else:
            plot = _ai_plot(game, setup, own)
        flown[:] = [own, plot]
        return plot

    return write
