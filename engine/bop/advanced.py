"""The rulebook's advanced rules as a scenario's switches (``Scenario.advanced_rules``).

The rulebook marks seven rules "Advanced Rule": Inverted Flight, Negative Loads, Pointing,
Unloaded Flight, Barrel Rolls, G Onset and Crew Fatigue; the game without them is its basic
game. A rule left out of a scenario is not played at all: a plot that needs it is refused
(:func:`plot_problem`, here for pushes, voluntary unloads and barrel rolls) and its effects
are not applied where the rules apply them (Inverted Flight and Pointing while plotting,
G Onset and Crew Fatigue in their phases).
"""

from __future__ import annotations

from collections.abc import Collection

from engine.bop.errors import IllegalOrder
from models.orders import BarrelRollSegment, BopPlot, Segment, TurnSegment, UnloadSegment
from models.scenario import AdvancedRule

RULE_TITLES: dict[AdvancedRule, str] = {
    "inverted_flight": "Inverted Flight",
    "negative_loads": "Negative Loads",
    "pointing": "Pointing",
    "unloaded_flight": "Unloaded Flight",
    "barrel_rolls": "Barrel Rolls",
    "g_onset": "G Onset",
    "crew_fatigue": "Crew Fatigue",
    "odd_couple": "The Odd Couple",
}
"""Each advanced rule's section title in the rulebook."""


def segment_rule(segment: Segment) -> AdvancedRule | None:
    """The advanced rule a plotted segment flies by, or None for a basic one: a push is a
    Negative Loads turn, an unloaded segment a voluntary unload (Unloaded Flight), a barrel
    roll segment a Barrel Roll. Straight and pulling turn segments are the basic game's."""
    if isinstance(segment, BarrelRollSegment):
        return "barrel_rolls"
    if isinstance(segment, UnloadSegment):
        return "unloaded_flight"
    if isinstance(segment, TurnSegment) and segment.negative:
        return "negative_loads"
    return None


def not_played(rule: AdvancedRule) -> str:
    """Why a plot using ``rule`` is refused, for an :class:`IllegalOrder`."""
    return (
        f"this scenario does not play the advanced rule {RULE_TITLES[rule]} "
        f"({rule!r} is not in its advanced_rules): plot another kind of segment"
    )


def plot_problem(
    plot: BopPlot, played: Collection[AdvancedRule], imposed_segment: int | None = None
) -> IllegalOrder | None:
    """The refusal of the first segment of ``plot`` that needs an advanced rule the scenario
    does not play, or None. Only segments a pilot writes are judged so: the unloaded
    segment the departure and crew G rules impose (``imposed_segment``) belongs to those
    rules, not to voluntary unloading."""
    for index, segment in enumerate(plot.segments):
        if index == imposed_segment:
            continue
        rule = segment_rule(segment)
        if rule is not None and rule not in played:
            return IllegalOrder(
                f"{RULE_TITLES[rule]} (advanced rule)", not_played(rule), segment=index
            )
    return None
