"""Shipped scenarios played once per test session for the debrief tests."""

from functools import cache

from models.timeline import Timeline
from sim.cli.scenario_cmds import play_source

OTHER_RULE_SETS = (
    ("otl/camel-vs-albatros", 1, 8),
    ("phantoms/coral-sea-1", 1, 3),
    ("fc/battle-of-britain", 1, 6),
    ("hexjet/duel", 1, 4),
)
"""One scenario of every other rule set, with a seed and enough turns for shots."""


@cache
def played(name: str, seed: int, turns: int | None = None) -> Timeline:
    return play_source(name, seed, turns)[2]
